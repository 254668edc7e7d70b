"""How the reports' figures are made, and the CSV columns: a page teachers (and anyone) read."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.evidence.skills import SKILLS
from games.progress import csv_exports
from games.progress.facts import FACT_MIN_ATTEMPTS
from games.progress.labels import LEVEL_LABELS, SKILL_DEFINITIONS, SKILL_LABELS
from games.progress.mastery import MIN_ATTEMPTS, RULES


def help_page(request: HttpRequest) -> HttpResponse:
    """Public: it describes the method, and holds nothing personal."""
    context = {
        "skills": [(SKILL_LABELS[s], s, SKILL_DEFINITIONS[s]) for s in SKILLS],
        "rules": [
            (LEVEL_LABELS[level], round(least * 100), attempts, days)
            for level, least, attempts, days in RULES
        ],
        "min_attempts": MIN_ATTEMPTS,
        "fact_min": FACT_MIN_ATTEMPTS,
        "exports": csv_exports.DOCUMENTED,
    }
    return render(request, "progress/help.html", context)
