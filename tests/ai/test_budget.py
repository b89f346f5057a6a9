"""Budgets, deadlines and seeds: how long an AI thinks and where its randomness comes from.

No test here reads a clock: time budgets are checked with a clock that ticks on demand.
"""

import pytest
from pydantic import ValidationError

from ai import Budget, decide, decision_seed
from ai.budget import Deadline, Watch
from ai.search import sequential_halving
from ai.seeds import derive
from rules.fantasy_business import RULES


class Ticking:
    """A clock that moves one second each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_a_budget_is_a_frozen_value_with_sane_limits() -> None:
    budget = Budget(iterations=10, seconds=1.5)
    with pytest.raises(ValidationError):
        budget.iterations = 3  # type: ignore[misc]
    with pytest.raises(ValidationError):
        Budget(iterations=0)
    with pytest.raises(ValidationError):
        Budget(seconds=0)


def test_iterations_bound_a_search_without_a_clock() -> None:
    deadline = Deadline(Budget(iterations=5, seconds=0.001), None)
    assert not deadline.over(4)
    assert deadline.over(5)


def test_seconds_bound_a_search_when_a_clock_is_given() -> None:
    deadline = Deadline(Budget(iterations=1000, seconds=3), Ticking())
    assert [deadline.over(0) for _ in range(4)] == [False, False, True, True]


def test_a_search_stops_when_its_time_is_up() -> None:
    played: list[int] = []

    def playout(world: int, move: str) -> float:
        played.append(world)
        return 1.0 if move == "b" else 0.0

    chosen = sequential_halving(
        ["a", "b", "c", "d"],
        lambda i: i,
        playout,
        Deadline(Budget(iterations=10_000, seconds=5), Ticking()),
    )
    assert len(played) < 40
    assert chosen == "b"


def test_the_default_stays_unless_another_move_is_surely_better() -> None:
    def noisy(world: int, move: str) -> float:
        return 0.5 + (0.01 if move == "b" and world % 2 else -0.01 if move == "b" else 0.0)

    deadline = Deadline(Budget(iterations=60), None)
    assert sequential_halving(["a", "b"], lambda i: i, noisy, deadline) == "a"


def test_seeds_are_derived_the_same_way_in_every_process() -> None:
    assert derive(7, "deal") == 9135499537371792803  # a hash of the text, not hash()
    assert derive(7, "deal") != derive(7, "future")
    assert decision_seed(1, 2, 3) != decision_seed(1, 3, 2)


def test_a_clock_cuts_strong_short_and_it_still_answers() -> None:
    state, events = RULES.setup(3, {}, 2, 0)
    view = RULES.view(state, 0)
    action = decide(
        "fantasy-business",
        "strong",
        view,
        events,
        1,
        Budget(iterations=10_000, seconds=4),
        Ticking(),
    )
    RULES.apply(state, 0, action)


def test_a_watched_clock_reports_when_it_cut_a_search() -> None:
    """The caller's clock, watched, says whether time (not the playouts) ended a search:
    the coach logs such a hint, since it may differ from the playouts' own."""
    state, _ = RULES.setup(3, RULES.validate_options({}), 7, None)
    view = RULES.view(state, RULES.waiting_on(state)[0])
    cut = Watch(Ticking(), 3)
    decide("fantasy-business", "strong", view, [], 1, Budget(iterations=64, seconds=3), cut)
    assert cut.cut
    roomy = Watch(Ticking(), 10_000)
    decide("fantasy-business", "strong", view, [], 1, Budget(iterations=8, seconds=10_000), roomy)
    assert not roomy.cut
