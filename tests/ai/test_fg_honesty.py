"""Fagin's Gang AIs do not cheat: the future (the game's generator) never changes what
they do. The real generator predicts every die roll of the patrol and the wheel; two
states that differ only in it look the same to every seat, and `standard` (on the full
states), `strong` (given either as its root) and `ai.decide` must all act the same."""

import random

import pytest

from ai import Budget, decide
from ai.budget import Deadline
from ai.fagins_gang import strong
from ai.fagins_gang.moves import Table
from ai.fagins_gang.standard import standard_action
from rules.fagins_gang import RULES

from .secrets import fagin_twin
from .tables import Position, play

SEARCH = Budget(iterations=8)


@pytest.fixture(scope="module")
def positions() -> list[Position]:
    played = play("fagins-gang", ["standard"] * 3, 7, keep=2)
    return played.positions[::3]


def test_standard_does_the_same_whatever_the_dice_will_say(positions: list[Position]) -> None:
    chooser = random.Random(4)
    for position in positions:
        state, seat = position.state, position.seat
        chosen = standard_action(Table(state, seat))
        twin = fagin_twin(state, chooser)
        assert RULES.view(twin, seat) == RULES.view(state, seat)
        assert standard_action(Table(twin, seat)) == chosen
        assert decide("fagins-gang", "standard", RULES.view(twin, seat), [], 3) == chosen


def test_strong_search_never_reads_the_generator_of_its_root(positions: list[Position]) -> None:
    chooser = random.Random(5)
    for position in positions[::4]:
        state, seat = position.state, position.seat
        honest = strong.search(state, seat, 31, Deadline(SEARCH, None))
        poisoned = fagin_twin(state, chooser)
        assert strong.search(poisoned, seat, 31, Deadline(SEARCH, None)) == honest
        view, twin_view = RULES.view(state, seat), RULES.view(poisoned, seat)
        assert decide("fagins-gang", "strong", twin_view, [], 31, SEARCH) == (
            decide("fagins-gang", "strong", view, [], 31, SEARCH)
        )
