"""The guided first game: fixed rolls, a patient computer, one prompt at a time.

This module holds the script and the prompts; the kind's `tutorial` sets the game up and
`games.services.guided` starts it.

Three Captures keeps it short. The student (seat A) goes first, so the lessons are, in order:
a Strength attack, the re-roll, a Mind attack, a skip, and the first-player penalty on the
winning capture, which is then made with a Mind attack that has a fraction in the middle.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.kinds.shown import Prompt

# Opening: A's D4..D20, then B's; A sorted 1,2,3,6,9,15 < B's 4,… so A goes first.
# Then: A's D12 re-rolls to 10; the 3 × 6 dice re-roll to 5 and 3 (either order fits);
# the last attack's three dice re-roll to 1s.
ROLLS = [1, 3, 6, 2, 9, 15, 4, 6, 7, 10, 11, 18, 10, 5, 3, 1, 1, 1]
VARIANTS = {"three_captures": True}

# What the student must do at each of their plies (the rules still judge legality first).
STEPS = {
    "0": {"kind": "strength", "target": "B-D8"},
    "2": {"kind": "mind", "target": "B-D20"},
    "4": {"kind": "skip"},
    "6": {"kind": "mind", "target": "B-D10"},
}


PROMPTS = {
    0: Prompt(
        _("1. Strength attack"),
        _(
            "Your D12 shows 9 and their D8 shows 7. 9 is the same or bigger, so you can take it: "
            "tap your D12, then their D8."
        ),
        _("Keys: 9, then Shift+7, then Enter"),
    ),
    2: Prompt(
        _("2. The re-roll, and a Mind attack"),
        _(
            "Your D12 rolled again after attacking: it shows 10 now. Their D20 shows 18: no die of "
            "yours is that big, but 3 × 6 = 18. Tap your 3, then ×, then your 6, then their D20."
        ),
        _("Keys: 3, x, 6, then Shift+1 Shift+8, then Enter"),
    ),
    4: Prompt(
        _("3. Skipping"),
        _(
            "You don't have to attack: you may skip your turn. Press Skip. (If you ever can't "
            "capture anything, your turn is skipped for you.)"
        ),
        _("Keys: S, then Enter"),
    ),
    6: Prompt(
        _("4. The first-player penalty, and a fraction"),
        _(
            "You went first, and one more capture wins. So a winning Strength attack must be "
            "bigger, not equal: try your D12 (10) on their D10 (10) and see. A Mind attack is "
            "fine: 2 ÷ 3 × 15 = 10. The 2 ÷ 3 in the middle is a fraction, and that's allowed."
        ),
        _("Keys: 2, :, 3, x, 1 5, then Shift+1 Shift+0, then Enter"),
    ),
}
WAITING = Prompt(_("The computer's turn"), _("The computer is thinking…"), "")
DONE = Prompt(
    _("You've got it!"),
    _("That's the whole game. Now challenge a classmate or play the computer."),
    "",
)


def prompt_for(snap: dict) -> Prompt | None:
    """The prompt for a match snapshot (None unless it is a guided game)."""
    if not snap["options"].get("guided"):
        return None
    if snap["status"] == "finished":
        return DONE
    return PROMPTS.get(snap["ply"], WAITING)
