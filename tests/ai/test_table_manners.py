"""Small versions of the bench's whole-game measures (`bench/behaviour.py`): AI seats
that finish their games and price like merchants, as people at the table see them."""

import statistics

from bench.behaviour import business_swings, fagin_stalls


def test_standard_fagins_gang_seats_finish_soon_without_stalling_or_churning() -> None:
    found = fagin_stalls(["standard"] * 3, 16, 500)
    assert found.unfinished == 0
    assert statistics.median(found.rounds) <= 22 and max(found.rounds) <= 45
    assert found.wasted() <= 0.05, (found.skips, found.churn, found.turns)


def test_a_standard_seat_among_random_ones_finishes_the_game() -> None:
    found = fagin_stalls(["standard", "random", "random"], 12, 1010, max_rounds=120)
    assert found.unfinished == 0, found.rounds


def test_standard_fantasy_business_owners_settle_their_prices() -> None:
    found = business_swings(["standard"] * 4, 6, 700)
    assert found.shared >= 100 and found.owner_turns >= 100
    assert found.nothing <= 0.03 * found.shared, (found.nothing, found.shared)
    assert found.flips <= 0.02 * found.owner_turns, (found.flips, found.owner_turns)
