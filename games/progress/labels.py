"""What skills, mastery levels and suggestions are called on the pages (translatable)."""

from django.utils.translation import gettext_lazy as _

from games.evidence import skills
from games.progress import mastery

SKILL_LABELS = {
    skills.ADDITION: _("Addition"),
    skills.SUBTRACTION: _("Subtraction"),
    skills.MULTIPLICATION: _("Multiplication"),
    skills.DIVISION: _("Division"),
    skills.FRACTIONS: _("Fractions along the way"),
    skills.BRACKETS: _("Brackets and order"),
    skills.MIXED: _("Mixed operations"),
    skills.SQUARES: _("Squares"),
    skills.ROOTS: _("Square roots"),
    skills.BEST_CHOICE: _("Choosing the best"),
    skills.EXACT_TARGET: _("Hitting the target"),
}
# Column headers of the class overview, where eleven skills share one screen's width.
SKILL_SHORT = {
    **SKILL_LABELS,
    skills.MULTIPLICATION: _("Multipli­cation"),
    skills.FRACTIONS: _("Fractions"),
    skills.BRACKETS: _("Brackets"),
    skills.MIXED: _("Mixed"),
    skills.ROOTS: _("Roots"),
    skills.BEST_CHOICE: _("Best choice"),
    skills.EXACT_TARGET: _("Target hit"),
}
SKILL_DEFINITIONS = {
    skills.ADDITION: _(
        "A calculation with +: a Mind attack (applied or refused) or a card-war answer."
    ),
    skills.SUBTRACTION: _("A calculation with −."),
    skills.MULTIPLICATION: _("A calculation with ×."),
    skills.DIVISION: _("A calculation with ÷."),
    skills.FRACTIONS: _(
        "A calculation with a step that is not a whole number, like 5 ÷ 3 × 6 or 7 ÷ 2."
    ),
    skills.BRACKETS: _(
        "A Mind attack whose brackets change the order of operations, like "
        "(2 + 3) × 4. Brackets that change nothing, like 2 + (3 × 4), do not "
        "count."
    ),
    skills.MIXED: _("A calculation with two or more of + − × ÷."),
    skills.SQUARES: _("A calculation that squares a number (card war 6–7, Power Up)."),
    skills.ROOTS: _("A calculation with a square root (card war 7, Power Up)."),
    skills.BEST_CHOICE: _(
        "A card-war answer where the cards allowed more than one value; right "
        "when the choice was the best there was (ties count as best)."
    ),
    skills.EXACT_TARGET: _(
        "A Mind attack (right when it made the target), or a card-war answer "
        "at levels 5–7 when the target could be made exactly (right when the "
        "student made it and typed it right)."
    ),
}
LEVEL_LABELS = {
    mastery.NOT_ENOUGH: _("Not enough yet"),
    mastery.ATTEMPTED: _("Attempted"),
    mastery.FAMILIAR: _("Familiar"),
    mastery.PROFICIENT: _("Proficient"),
    mastery.MASTERED: _("Mastered"),
}
# What the student reads on their own page: encouraging, never a comparison.
LEVEL_CHEERS = {
    mastery.NOT_ENOUGH: _("Just started: play some more to see how you do."),
    mastery.ATTEMPTED: _("You are learning this. Keep going!"),
    mastery.FAMILIAR: _("You are getting the hang of it."),
    mastery.PROFICIENT: _("You are good at this."),
    mastery.MASTERED: _("You have mastered this. Brilliant!"),
}
REASON_LABELS = {
    "pinned": _("Chosen by your teacher"),
    "needs_work": _("Needs more practice"),
    "fading": _("Not practised for a while"),
}
