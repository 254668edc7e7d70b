"""The teacher's live page with a class of 30 and 15 games at 1366x768: who is here comes
first and fits the first screen, nothing sticks out of its column, and each row says which game
(and level) is played in that game's words, naming computers as their boards do."""

import pytest
from django.utils import timezone

from games.models import Presence
from games.services import match_create
from tests.browser.conftest import assert_accessible, screenshot
from tests.browser.test_classrooms_big_class import NAMES

pytestmark = pytest.mark.browser

OVERFLOW = """() => {
  const panel = document.querySelector('#live').getBoundingClientRect();
  const out = [];
  document.querySelectorAll('#live *').forEach(el => {
    const r = el.getBoundingClientRect();
    if (r.width && r.right > panel.right + 0.5) {
      out.push(el.tagName + ' ' + el.textContent.slice(0, 30));
    }
  });
  document.querySelectorAll('#live td, #live th').forEach(el => {
    if (el.scrollWidth > el.clientWidth + 1) { out.push('clipped ' + el.textContent.slice(0, 30)); }
  });
  return out;
}"""


def test_thirty_pupils_and_fifteen_games_fit_and_say_what_is_played(
    live, login_page, make_student, teacher, classroom
):
    pupils = [make_student(name) for name in NAMES]
    now = timezone.now()
    Presence.objects.bulk_create(
        Presence(user=p.user, classroom=classroom, channel_name=f"c{i}", seen_at=now)
        for i, p in enumerate(pupils)
    )
    for a, b in zip(pupils[0:28:2], pupils[1:28:2], strict=True):  # 14 games of Warriors
        match_create(classroom=classroom, players=[a.user, b.user], clock_seconds=600)
    table = match_create(  # a card war at a table of four: two pupils, two computers
        game="cardwar",
        classroom=classroom,
        players=[pupils[28].user, "beginner", pupils[29].user, "beginner"],
        variants={"level": 3, "clock_minutes": 10},
        clock_seconds=None,
    )
    desk = login_page(teacher)
    desk.set_viewport_size({"width": 1366, "height": 768})
    desk.goto(f"{live}/play/class/{classroom.pk}/live/")
    desk.wait_for_selector("#live .live-matches")
    screenshot(desk, "teacher-live-30-pupils-15-games")
    assert desk.locator("#live .here-list li").count() == 30
    here = desk.locator("#live .here-list").bounding_box()
    playing = desk.locator("#live .live-matches").bounding_box()
    assert here["y"] < playing["y"]  # who is here first ...
    assert here["y"] + here["height"] <= 768  # ... on the first screen, whole
    assert desk.evaluate("document.documentElement.scrollWidth") <= 1366
    assert desk.evaluate(OVERFLOW) == []
    rows = desk.locator("#live .live-matches tbody tr")
    assert rows.count() == 15
    cardwar = desk.locator(f"#live tr:has(#watch-{table.pk})").inner_text()
    assert "Card war" in cardwar and "level 3" in cardwar and "cards" in cardwar
    assert "Computer 2" in cardwar and "Computer 4" in cardwar  # as its board names them
    assert "captures" not in cardwar.lower() and "to move" not in cardwar
    warriors = rows.last.inner_text()  # the newest first: the card war, then Warriors
    assert "Maths Warriors" in warriors and "captures 0 – 0" in warriors
    # Names do not wrap: a game of two is two lines (players, who moves); a table of four names
    # four people twice (players, who has not answered), in at most four lines.
    heights = desk.evaluate(
        "[...document.querySelectorAll('#live .live-matches tbody tr')].map(r => r.offsetHeight)"
    )
    assert heights[0] <= 120 and max(heights[1:]) <= 60, heights
    assert_accessible(desk, "live page with a full class")
