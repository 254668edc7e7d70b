"""The bounded map of what a process made lately (games.recent)."""

from games.recent import Recent


def test_it_keeps_at_most_its_size_and_drops_the_least_recently_used():
    recent: Recent[str, int] = Recent(size=2)
    recent.put("a", 1)
    recent.put("b", 2)
    assert recent.get("a") == 1  # "a" is now the most recent
    recent.put("c", 3)
    assert len(recent) == 2
    assert "b" not in recent and recent.get("a") == 1 and recent.get("c") == 3


def test_get_or_make_makes_a_missing_entry_once():
    recent: Recent[str, str] = Recent(size=4)
    made = []
    for _ in range(3):
        assert recent.get_or_make("k", lambda: made.append(1) or "v") == "v"
    assert made == [1]
    recent.clear()
    assert recent.get("k") is None
