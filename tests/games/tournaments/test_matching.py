"""The matching step: as many pairs as possible, then the least cost, level by level."""

from games.tournaments.pairing.matching import min_cost_pairs


def test_as_many_pairs_as_possible_before_any_cost():
    # a-b is cheap but would leave c and d, who must never meet, unpaired
    costs = {("a", "b"): (0,), ("a", "c"): (9,), ("b", "d"): (9,), ("a", "d"): (9,)}
    assert min_cost_pairs("abcd", lambda x, y: costs.get((x, y))) == [("a", "c"), ("b", "d")]


def test_a_higher_level_outweighs_any_sum_of_lower_levels():
    def cost(x, y):
        if {x, y} in ({"a", "b"}, {"c", "d"}):
            return (1, 0)
        return (0, 10**6)

    pairs = min_cost_pairs("abcd", cost)
    assert {frozenset(pair) for pair in pairs} & {frozenset("ab"), frozenset("cd")} == set()


def test_the_lower_level_decides_between_pairings_equal_above():
    def cost(x, y):
        return (0, 0 if {x, y} in ({"a", "d"}, {"b", "c"}) else 1)

    assert min_cost_pairs("abcd", cost) == [("a", "d"), ("b", "c")]


def test_nothing_to_pair():
    assert min_cost_pairs([], lambda x, y: (0,)) == []
    assert min_cost_pairs("ab", lambda x, y: None) == []
