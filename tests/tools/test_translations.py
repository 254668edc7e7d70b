"""The translation tooling: the completeness check (on catalogues and on a small project of its
own, with Django's makemessages) and the pure-Python compile that `./dev setup` runs."""

import gettext
import shutil
import textwrap
from pathlib import Path

import polib
import pytest

from tools import translations
from tools.translations import Problem, catalogue_problems, check, compile_catalogues

HEADER = """\
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: nb\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"
"""


def catalogue(body: str, header: str = HEADER) -> polib.POFile:
    return polib.pofile(header + "\n" + textwrap.dedent(body))


# In the catalogue and in the code alike: one done, one empty, one fuzzy, one half done.
BOTH = """\
msgid "Hello"
msgstr "Hei"

msgid "Bye"
msgstr ""

#, fuzzy
msgid "Your turn"
msgstr "Din tur"

msgid "%(n)d die"
msgid_plural "%(n)d dice"
msgstr[0] "%(n)d terning"
msgstr[1] ""
"""
COMMITTED = catalogue(
    BOTH
    + """
msgid "Gone from the code"
msgstr "Borte"

#~ msgid "Old"
#~ msgstr "Gammel"
"""
)
FRESH = catalogue(BOTH + '\nmsgid "New in the code"\nmsgstr ""\n')


def test_the_check_names_missing_fuzzy_and_stale_entries():
    assert catalogue_problems("nb", COMMITTED, FRESH) == sorted(
        [
            Problem("nb", "no translation", "Bye"),
            Problem("nb", "fuzzy translation", "Your turn"),
            Problem("nb", "no translation", "%(n)d die"),  # one plural form is missing
            Problem("nb", "obsolete entry (run update)", "Old"),
            Problem("nb", "in the code, not in the catalogue (run update)", "New in the code"),
            Problem(
                "nb", "in the catalogue, no longer in the code (run update)", "Gone from the code"
            ),
        ]
    )


def test_a_complete_catalogue_has_no_problems():
    done = catalogue('msgid "Hello"\nmsgstr "Hei"\n')
    assert catalogue_problems("nb", done, done) == []


def test_a_catalogue_without_plural_forms_or_with_a_fuzzy_header_is_a_problem():
    no_plurals = catalogue(
        'msgid "Hello"\nmsgstr "Hei"\n',
        header=HEADER.replace(
            "nplurals=2; plural=(n != 1);", "nplurals=INTEGER; plural=EXPRESSION;"
        ),
    )
    assert [p.what for p in catalogue_problems("nb", no_plurals, no_plurals)] == [
        "no Plural-Forms in the header"
    ]
    fuzzy_header = catalogue('msgid "Hello"\nmsgstr "Hei"\n', header="#, fuzzy\n" + HEADER)
    assert [p.what for p in catalogue_problems("nb", fuzzy_header, fuzzy_header)] == [
        "fuzzy header"
    ]


# --- on a project of its own: makemessages, msgfmt and the compile -----------------------------

SETTINGS = """\
from pathlib import Path
BASE_DIR = Path(__file__).resolve().parent.parent
SECRET_KEY = "tiny"
INSTALLED_APPS = []
USE_I18N = True
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("nb", "Norsk bokmål")]
LOCALE_PATHS = [BASE_DIR / "locale"]
"""
CODE = """\
from django.utils.translation import gettext as _


def gettext_noop(message):
    return message


RULE = gettext_noop("that die is not yours")


def greet(name):
    return _("Hello, %(name)s!") % {"name": name}
"""
TEMPLATE = '{% load i18n %}<h1>{% translate "Your turn" %}</h1>\n'
TESTS = 'from django.utils.translation import gettext as _\nNOT_SHOWN = _("only a test")\n'
DONE = {
    "that die is not yours": "den terningen er ikke din",
    "Hello, %(name)s!": "Hei, %(name)s!",
    "Your turn": "Din tur",
}


@pytest.fixture
def project(tmp_path) -> Path:
    """A small Django project whose nb catalogue is complete."""
    root = tmp_path / "site"
    (root / "tiny").mkdir(parents=True)
    (root / "tiny" / "__init__.py").write_text("")
    (root / "tiny" / "settings.py").write_text(SETTINGS)
    (root / "tiny" / "play.py").write_text(CODE)
    (root / "templates").mkdir()
    (root / "templates" / "page.html").write_text(TEMPLATE)
    (root / "tests").mkdir()
    (root / "tests" / "test_x.py").write_text(TESTS)
    shutil.copy(translations.ROOT / "manage.py", root / "manage.py")
    (root / "locale" / "nb" / "LC_MESSAGES").mkdir(parents=True)
    translations.makemessages(root, "tiny.settings", ["nb"])
    po = polib.pofile(str(po_of(root)))
    po.metadata_is_fuzzy = False
    po.metadata["Plural-Forms"] = "nplurals=2; plural=(n != 1);"
    for entry in po:
        entry.msgstr = DONE[entry.msgid]
    po.save()
    return root


def po_of(root: Path) -> Path:
    return root / "locale" / "nb" / "LC_MESSAGES" / "django.po"


def test_makemessages_takes_the_rules_gettext_noop_and_templates_but_not_tests(project):
    assert {entry.msgid for entry in polib.pofile(str(po_of(project)))} == set(DONE)


def test_a_complete_project_passes_and_a_new_string_in_the_code_fails(project):
    assert check(project, "tiny.settings") == []
    before = po_of(project).read_text()
    (project / "tiny" / "more.py").write_text(
        'from django.utils.translation import gettext as _\nMORE = _("Skip")\n'
    )
    assert check(project, "tiny.settings") == [
        Problem(
            "locale/nb/LC_MESSAGES/django.po",
            "in the code, not in the catalogue (run update)",
            "Skip",
        )
    ]
    assert po_of(project).read_text() == before  # checked in a copy, never in place


def test_a_translation_that_drops_a_placeholder_fails(project):
    po = polib.pofile(str(po_of(project)))
    po.find("Hello, %(name)s!").msgstr = "Hei, %(navn)s!"
    po.save()
    [problem] = check(project, "tiny.settings")
    assert problem.what == "msgfmt refuses it"
    assert "argument 'name' doesn't exist" in problem.msgid


def test_the_compiled_catalogue_holds_the_translations_and_leaves_fuzzy_ones_out(project):
    po = polib.pofile(str(po_of(project)))
    po.find("Your turn").flags.append("fuzzy")
    po.save()
    [mo] = compile_catalogues(project)
    with mo.open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    assert compiled.gettext("Hello, %(name)s!") == "Hei, %(name)s!"
    assert compiled.gettext("Your turn") == "Your turn"  # as msgfmt does: not trusted yet
    assert compile_catalogues(project) == []  # up to date: not written again


def test_this_projects_compiled_catalogues_match_their_sources():
    """What Django reads (.mo, built by `./dev setup`) is what the .po files say."""
    pos = translations.catalogues(translations.ROOT)
    assert pos, "no catalogue under locale/"
    for po_path in pos:
        mo_path = po_path.with_suffix(".mo")
        assert mo_path.exists(), f"{mo_path} is missing: run ./dev setup"
        with mo_path.open("rb") as handle:
            compiled = gettext.GNUTranslations(handle)
        for entry in polib.pofile(str(po_path)).translated_entries():
            if entry.msgid_plural:
                continue
            if entry.msgctxt:  # one msgid, two meanings ("Move": a button, a game's move)
                shown = compiled.pgettext(entry.msgctxt, entry.msgid)
            else:
                shown = compiled.gettext(entry.msgid)
            assert shown == entry.msgstr, "run ./dev setup"


def test_fill_takes_only_empty_or_fuzzy_entries_from_the_compendium():
    po = catalogue(BOTH)
    compendium = catalogue(
        """\
        msgid "Hello"
        msgstr "Hallo"

        msgid "Bye"
        msgstr "Ha det"

        msgid "Your turn"
        msgstr "Din tur nå"

        msgid "%(n)d die"
        msgid_plural "%(n)d dice"
        msgstr[0] "%(n)d terning"
        msgstr[1] "%(n)d terninger"

        msgctxt "a button"
        msgid "Bye"
        msgstr "Avslutt"
        """
    )
    assert translations.fill_from_compendium(po, compendium) == 3
    assert po.find("Hello").msgstr == "Hei"  # a translation already done stays
    assert po.find("Bye").msgstr == "Ha det"  # the context-free one, not the button's
    turn = po.find("Your turn")
    assert turn.msgstr == "Din tur nå" and not turn.fuzzy
    assert po.find("%(n)d die").msgstr_plural == {0: "%(n)d terning", 1: "%(n)d terninger"}


def test_fill_writes_the_catalogues_that_have_a_compendium(tmp_path):
    messages = tmp_path / "locale" / "nb" / "LC_MESSAGES"
    messages.mkdir(parents=True)
    catalogue(BOTH).save(str(messages / "django.po"))
    catalogue('msgid "Bye"\nmsgstr "Ha det"\n').save(str(tmp_path / "locale/nb/compendium.po"))
    assert translations.fill_catalogues(tmp_path) == {"locale/nb/LC_MESSAGES/django.po": 1}
    assert polib.pofile(str(messages / "django.po")).find("Bye").msgstr == "Ha det"
