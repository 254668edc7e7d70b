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


def test_every_process_cache_is_a_named_recent_listed_in_one_place():
    import ast
    from pathlib import Path

    import games.kinds.cardwar.templatetags.cardwar_screen
    import games.live.render
    import games.selectors.matches
    import games.tournaments.consumer  # noqa: F401
    from games.recent import CACHES

    assert set(CACHES) == {
        "live views",
        "replays",
        "row facts",
        "card war cards",
        "card war drawn parts",
        "warriors capture facts",
        "tournament views",
    }
    assert all(isinstance(cache, Recent) for cache in CACHES.values())
    # Outside the pure rules (memoised by value), no module keeps a cache of its own.
    root = Path(__file__).resolve().parents[2] / "games"
    own = []
    for path in root.rglob("*.py"):
        if "rules" in path.parts or "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Name | ast.Attribute) and getattr(
                node, "id", getattr(node, "attr", "")
            ) in ("lru_cache", "OrderedDict"):
                own.append(path.name)
    assert sorted(set(own)) == ["recent.py"]


def test_what_comes_from_a_match_is_keyed_by_its_pk_creation_time_and_ply():
    from games.recent import match_key

    assert match_key(7, 1700000000.5, 3) == (7, 1700000000.5, 3)
    assert match_key(7, 1700000000.5, 3) != match_key(7, 1700000099.0, 3)  # a reused pk
