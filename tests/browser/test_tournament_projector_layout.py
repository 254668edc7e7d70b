"""The projector with a Swiss of 30 in play: everything on one screen at 1366x768 and
1920x1080 (no scrolling, no clipped text), tie-breaks in plain words."""

import pytest

from games.tournaments import services
from games.tournaments.models import Tournament
from tests.browser.conftest import assert_accessible, screenshot
from tests.browser.test_classrooms_big_class import NAMES

pytestmark = pytest.mark.browser

CLIPPED = """() => {
  const out = [];
  document.querySelectorAll('main *').forEach(el => {
    const seen = !el.closest('.visually-hidden') && getComputedStyle(el).overflowX !== 'auto';
    if (seen && el.scrollWidth > el.clientWidth + 1) {
      out.push(el.tagName + '.' + el.className + ' ' + el.textContent.trim().slice(0, 30));
    }
  });
  return out;
}"""


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (1920, 1080)])
def test_a_swiss_of_thirty_fits_the_projected_screen(
    live, login_page, make_student, teacher, classroom, width, height
):
    pupils = [make_student(name) for name in NAMES]
    t = services.tournament_create(
        teacher=teacher,
        classroom=classroom,
        name="Friday cup",
        students=pupils,
        format=Tournament.Format.SWISS,
        rounds=4,
    )
    services.round_pair(teacher=teacher, tournament=t)
    services.round_start(teacher=teacher, tournament=t)
    wall = login_page(teacher)
    wall.set_viewport_size({"width": width, "height": height})
    wall.goto(f"{live}/teach/tournaments/{t.pk}/projector/")
    wall.wait_for_selector("#boards >> text=playing")
    screenshot(wall, f"tournament-projector-30-{width}")
    assert wall.locator("#standings tbody tr").count() == 30
    assert wall.locator("#boards .board-row").count() == 15
    assert wall.evaluate("document.documentElement.scrollWidth") <= width
    assert wall.evaluate("document.documentElement.scrollHeight") <= height
    assert wall.evaluate(CLIPPED) == []
    text = wall.inner_text("#standings")
    assert "Opponents’ points" in text and "Buch." not in text and "SB" not in text.split()
    assert "Buchholz" in text  # the chess name, explained once
    if width == 1366:
        assert_accessible(wall, "projector with 30")
