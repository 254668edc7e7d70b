"""The translation catalogues (locale/<language>/LC_MESSAGES/django.po): update, check, compile.

    .venv/bin/python tools/translations.py update    # the catalogues from the code (makemessages)
    .venv/bin/python tools/translations.py update --language de   # start a new language
    .venv/bin/python tools/translations.py check     # exits 1 and says why when one is not done
    .venv/bin/python tools/translations.py compile   # .po -> .mo; `./dev setup` runs it
    .venv/bin/python tools/translations.py fill      # empty or fuzzy entries from the compendium

`update` and `check` run Django's makemessages, which needs GNU gettext (Debian's `gettext`;
`./dev test` installs it). `compile` is pure Python (polib), so a fresh clone's `./dev run`
speaks every language without it; the .mo files are built, never committed.

`check` fails when a catalogue has a string without a translation, a fuzzy translation (one
msgmerge guessed, or a translator was unsure of), an entry no longer in the code, a string of
the code it lacks (makemessages was not run), or a translation whose %(name)s placeholders or
plural forms msgfmt refuses. It regenerates the catalogues in a copy of the project, never in
the work tree.

`fill` takes translations from `locale/<language>/compendium.po` (the same msgctxt, msgid and
msgid_plural) for the entries of that language's catalogue that are empty or fuzzy: strings
translated ahead, on a branch not merged yet, arrive with `update` then `fill`.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = "config.settings"
DOMAIN = "django"
# What makemessages must not read: tests and benchmarks are not shown to anyone.
IGNORE = ["tests", "bench", "tools", "deploy", "static", "staticfiles", "test-artifacts", "locale"]
# Not copied for the check's regeneration (besides dotted names: .venv, .git, caches).
NOT_COPIED = ["__pycache__", "*.pyc", "staticfiles", "test-artifacts", "*.sqlite3*", "*.egg-info"]


@dataclass(frozen=True, order=True)
class Problem:
    catalogue: str
    what: str
    msgid: str

    def __str__(self) -> str:
        return f"{self.catalogue}: {self.what}: {self.msgid!r}"


def _key(entry: polib.POEntry) -> tuple[str | None, str, str]:
    return (entry.msgctxt, entry.msgid, entry.msgid_plural)


def _active(po: polib.POFile) -> list[polib.POEntry]:
    return [entry for entry in po if not entry.obsolete]


def catalogues(root: Path) -> list[Path]:
    """Every language's catalogue under root/locale."""
    return sorted((root / "locale").glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def catalogue_problems(name: str, committed: polib.POFile, fresh: polib.POFile) -> list[Problem]:
    """What keeps `committed` from being complete, given `fresh`: the same catalogue as
    makemessages makes it from the code now."""
    problems: list[Problem] = []
    if "nplurals=INTEGER" in committed.metadata.get("Plural-Forms", "nplurals=INTEGER"):
        problems.append(Problem(name, "no Plural-Forms in the header", ""))
    if committed.metadata_is_fuzzy:  # msgfmt would then leave the header (and plurals) out
        problems.append(Problem(name, "fuzzy header", ""))
    for entry in _active(committed):
        if entry.fuzzy:
            problems.append(Problem(name, "fuzzy translation", entry.msgid))
        elif not entry.translated():
            problems.append(Problem(name, "no translation", entry.msgid))
    for entry in committed.obsolete_entries():
        problems.append(Problem(name, "obsolete entry (run update)", entry.msgid))
    now, before = {_key(e) for e in _active(fresh)}, {_key(e) for e in _active(committed)}
    for key in sorted(now - before, key=str):
        problems.append(Problem(name, "in the code, not in the catalogue (run update)", key[1]))
    for key in sorted(before - now, key=str):
        problems.append(
            Problem(name, "in the catalogue, no longer in the code (run update)", key[1])
        )
    return sorted(problems)


def makemessages(root: Path, settings: str, languages: list[str]) -> None:
    """Django's makemessages over `root`, as `update` runs it (file names, no line numbers, so
    moving code does not touch the catalogues)."""
    command = [sys.executable, "manage.py", "makemessages", "--domain", DOMAIN, "--no-obsolete"]
    command += ["--add-location", "file", "--verbosity", "0"]
    for language in languages:
        command += ["--locale", language]
    for pattern in IGNORE:
        command += ["--ignore", pattern]
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": settings}
    subprocess.run(command, cwd=root, env=env, check=True)  # noqa: S603


def _languages(root: Path) -> list[str]:
    return [path.parent.parent.name for path in catalogues(root)]


def _msgfmt_refuses(path: Path) -> str:
    """msgfmt's complaints about placeholders and plural forms ("" when none)."""
    result = subprocess.run(  # noqa: S603
        ["msgfmt", "--check-format", "--check-header", "-o", os.devnull, str(path)],  # noqa: S607
        capture_output=True,
        text=True,
    )
    return result.stderr.strip() if result.returncode else ""


def check(root: Path = ROOT, settings: str = SETTINGS) -> list[Problem]:
    """Every problem of every catalogue under root (nothing in root is changed)."""
    languages = _languages(root)
    if not languages:
        return [Problem(str(root / "locale"), "no catalogue", "")]
    problems: list[Problem] = []
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "project"
        shutil.copytree(root, copy, ignore=shutil.ignore_patterns(".*", *NOT_COPIED))
        makemessages(copy, settings, languages)
        for path in catalogues(root):
            name = str(path.relative_to(root))
            fresh = polib.pofile(str(copy / path.relative_to(root)))
            problems += catalogue_problems(name, polib.pofile(str(path)), fresh)
            if refused := _msgfmt_refuses(path):
                problems.append(Problem(name, "msgfmt refuses it", refused))
    return problems


def fill_from_compendium(po: polib.POFile, compendium: polib.POFile) -> int:
    """Give `po`'s empty or fuzzy entries the compendium's translation of the same string;
    returns how many were filled (`po` is changed, not saved)."""
    done = {_key(e): e for e in _active(compendium) if e.translated()}
    filled = 0
    for entry in _active(po):
        source = done.get(_key(entry))
        if source is None or (entry.translated() and not entry.fuzzy):
            continue
        entry.msgstr, entry.msgstr_plural = source.msgstr, dict(source.msgstr_plural)
        if entry.fuzzy:
            entry.flags.remove("fuzzy")
        entry.previous_msgctxt = entry.previous_msgid = entry.previous_msgid_plural = None
        filled += 1
    return filled


def fill_catalogues(root: Path = ROOT) -> dict[str, int]:
    """Fill every catalogue that has a compendium beside it; how many entries each got."""
    counts = {}
    for path in catalogues(root):
        compendium = path.parent.parent / "compendium.po"
        if not compendium.exists():
            continue
        po = polib.pofile(str(path))
        counts[str(path.relative_to(root))] = fill_from_compendium(
            po, polib.pofile(str(compendium))
        )
        po.save()
    return counts


def compile_catalogues(root: Path = ROOT) -> list[Path]:
    """Write each catalogue's .mo where it is missing or older than its .po (fuzzy and empty
    translations left out, as msgfmt does); returns those written."""
    written = []
    for po in catalogues(root):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        polib.pofile(str(po)).save_as_mofile(str(mo))
        written.append(mo)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["update", "check", "compile", "fill"])
    parser.add_argument("--root", type=Path, default=ROOT, help="the project (default: this one)")
    parser.add_argument("--settings", default=SETTINGS, help="its settings module")
    parser.add_argument(
        "--language", action="append", default=[], help="update: also start this language"
    )
    args = parser.parse_args(argv)
    if args.command == "compile":
        for mo in compile_catalogues(args.root):
            print(f"compiled {mo.relative_to(args.root)}")
        return 0
    if args.command == "fill":
        for name, count in fill_catalogues(args.root).items():
            print(f"{name}: {count} filled from the compendium")
        compile_catalogues(args.root)
        return 0
    if args.command == "update":
        makemessages(args.root, args.settings, sorted({*_languages(args.root), *args.language}))
        compile_catalogues(args.root)
        return 0
    problems = check(args.root, args.settings)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} translation problems: see tools/translations.py", file=sys.stderr)
        return 1
    print(f"translations complete: {', '.join(_languages(args.root))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
