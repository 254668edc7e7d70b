/* A form shows only what its current choices use: an element marked
   data-shown-when="format=swiss arena" is hidden unless the field `format` has one of those
   values. Without this script every part is shown, and the server ignores what does not apply. */
(function () {
  "use strict";
  var parts = document.querySelectorAll("[data-shown-when]");
  if (!parts.length) { return; }
  var form = parts[0].closest("form");

  function valueOf(name) {
    var field = form.elements[name];
    if (!field) { return null; }
    return field.value !== undefined ? field.value : null;   // a select, or a radio group
  }
  function update() {
    parts.forEach(function (part) {
      var rule = part.dataset.shownWhen.split("=");
      var value = valueOf(rule[0]);
      part.hidden = value !== null && rule[1].split(" ").indexOf(value) < 0;
    });
  }
  form.addEventListener("change", update);
  update();
})();
