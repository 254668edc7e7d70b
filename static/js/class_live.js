// The teacher's live page polls the list of matches and who is in the lobby every few seconds;
// this keeps the pairing lists' "in the lobby" labels in step with it, without touching what
// the teacher has selected.
document.addEventListener("htmx:afterSettle", () => {
  const live = document.getElementById("live");
  if (!live) return;
  const here = new Set((live.dataset.online || "").split(" ").filter(Boolean));
  document.querySelectorAll("option[data-here]").forEach((option) => {
    const label = here.has(option.value) ? option.dataset.here : option.dataset.away;
    if (option.textContent !== label) option.textContent = label;
  });
});

// Enter on a checkbox or a radio button (a variant, a level, the game) would submit the form with
// its first button, "Pair everyone present", starting matches for the whole class; Space ticks
// the box or picks the choice, Enter does nothing.
const CHOICES = ".start-form input[type=checkbox], .start-form input[type=radio]";
document.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && event.target.matches(CHOICES)) {
    event.preventDefault();
  }
});
