/* Tournament screens: count down to the clock's deadline (the arena's close, or the round's
   last game clock). The server sends the deadline; this only draws the minutes left. */
(function () {
  "use strict";

  function draw() {
    document.querySelectorAll("[data-deadline]").forEach(function (el) {
      var left = Math.max(0, Math.round(Number(el.dataset.deadline) - Date.now() / 1000));
      var text = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
      if (el.textContent !== text) { el.textContent = text; }
    });
  }

  draw();
  setInterval(draw, 1000);
  document.body.addEventListener("htmx:oobAfterSwap", draw);
})();
