/* "Tick everyone" / "Untick everyone" for a list of checkboxes (a tournament's attendance).
   The buttons are shown only where this runs; without it the boxes are ticked one by one. */
(function () {
  "use strict";
  document.querySelectorAll("[data-ticks]").forEach(function (bar) {
    var boxes = bar.parentElement.querySelectorAll("input[type=checkbox][name=students]");
    bar.hidden = false;
    bar.addEventListener("click", function (evt) {
      var button = evt.target.closest("[data-tick]");
      if (!button) { return; }
      boxes.forEach(function (box) { box.checked = button.dataset.tick === "all"; });
    });
  });
})();
