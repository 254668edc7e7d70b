"""The platform names no game: outside the kinds (and each game's own rules and evidence) no
file compares a game's key or imports a game's package. Checked for every registered kind, so a
game added later is held to it too (import-linter checks the imports of today's two in CI).

The files listed in REMAINING still name a game: the per-game option forms in front of the one
invitation mechanism (the card war's lobby and pairing forms, the tournament's options), the
demo data, and the practice catalogue. The list may only shrink.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from games.kinds import kind_for, registered

ROOT = Path(__file__).resolve().parents[3]
SCANNED = ("games", "classrooms", "config", "templates")
# A game's own places: its kind package, its rules, its evidence; migrations are history.
OWN = ("games/kinds/", "games/rules/", "games/evidence/")
# File → how many lines in it still name a game key (each to go with one invitation mechanism).
REMAINING = {
    "games/services/demo.py": 3,
    "games/progress/practice.py": 2,
    "games/tournaments/forms.py": 1,
}
# Module → the game package it may still import (the tournament form's Warriors variants).
REMAINING_IMPORTS = {
    "games/forms.py": "games.kinds.warriors.forms",
}


def platform_files(*suffixes: str) -> list[Path]:
    files = []
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*")):
            rel = path.relative_to(ROOT).as_posix()
            if path.suffix in suffixes and "/migrations/" not in rel and not rel.startswith(OWN):
                files.append(path)
    return files


def key_patterns(game: str) -> list[re.Pattern[str]]:
    """A key as a string literal ("cardwar", 'cardwar') or as a choice (Game.CARDWAR)."""
    return [
        re.compile(rf"""["']{re.escape(game)}["']"""),
        re.compile(rf"\bGame\.{re.escape(game.upper())}\b"),
    ]


def lines_naming_a_game() -> dict[str, int]:
    found: dict[str, int] = {}
    patterns = [p for game in registered() for p in key_patterns(game)]
    for path in platform_files(".py", ".html"):
        text = path.read_text(encoding="utf-8")
        count = sum(1 for line in text.splitlines() if any(p.search(line) for p in patterns))
        if count:
            found[path.relative_to(ROOT).as_posix()] = count
    return found


def game_packages() -> list[str]:
    packages = []
    for game in registered():
        module = type(kind_for(game)).__module__  # e.g. games.kinds.cardwar.kind
        package = module.rsplit(".", 1)[0]
        packages.append(package)
        if package.startswith("games.kinds."):
            name = package.removeprefix("games.kinds.")
            packages += [f"games.rules.{name}", f"games.evidence.{name}"]
    return packages


def imported_modules(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names += [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
    return names


def test_no_game_key_is_compared_outside_the_kinds_beyond_the_listed_remainder():
    found = lines_naming_a_game()
    grown = {f: n for f, n in found.items() if n > REMAINING.get(f, 0)}
    assert grown == {}, "a game's key is named outside its kind (compare kinds, not keys)"
    shrunk = {f: found.get(f, 0) for f, n in REMAINING.items() if found.get(f, 0) < n}
    assert shrunk == {}, "fewer names left: shrink REMAINING to match"


def test_no_platform_module_imports_a_game_package_beyond_the_listed_remainder():
    packages = game_packages()
    assert "games.kinds.warriors" in packages and "games.rules.cardwar" in packages
    offenders = {}
    for path in platform_files(".py"):
        rel = path.relative_to(ROOT).as_posix()
        bad = [
            name
            for name in imported_modules(path)
            if any(name == p or name.startswith(p + ".") for p in packages)
            and not name.startswith(REMAINING_IMPORTS.get(rel, "-"))
        ]
        if bad:
            offenders[rel] = bad
    assert offenders == {}


@pytest.mark.parametrize("game", ["warriors", "cardwar"])
def test_the_scan_sees_a_key_it_is_shown(tmp_path, game):
    """The patterns catch the ways a key was compared before (so the test can fail)."""
    lines = [f'if match.game == "{game}":', f"game=Match.Game.{game.upper()},", f"'{game}'"]
    assert all(any(p.search(line) for p in key_patterns(game)) for line in lines)
    assert not any(p.search("game=DEFAULT_GAME") for p in key_patterns(game))
