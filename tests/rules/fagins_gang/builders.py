"""Small scenario builders: exactly the position a rule needs, nothing more."""

from typing import Any

import pytest

from rules.errors import RuleError
from rules.events import Event
from rules.fagins_gang import RULES, FaginState
from rules.fagins_gang.actions import Action
from rules.fagins_gang.board import BOARD
from rules.fagins_gang.state import Constable, Facing, Spot

COLOURS = BOARD.colour_ring


def new_game(players: int = 3, first: int | None = 0, seed: int = 7, **options: Any) -> FaginState:
    state, _ = RULES.setup(players, options, seed, first)
    return state


def position(
    players: int = 3,
    *,
    turn: int = 0,
    urchins: dict[str, dict[int, Spot]] | None = None,
    constables: dict[str, tuple[int, Facing]] | None = None,
    cubes: dict[int, dict[str, int]] | None = None,
    shillings: dict[int, int] | None = None,
    warehouses: dict[str, int] | None = None,
    stalls: dict[str, int] | None = None,
    rotation: int = 0,
    **options: Any,
) -> FaginState:
    """A game with seat `turn` to act, every constable parked on level 7 facing up unless
    given, and urchins, cubes (replacing the seat's stock), shillings and stock as given."""
    state = new_game(players, first=turn, **options)
    state.wheel_rotation = rotation
    for key in BOARD.ring:
        state.constables[key] = Constable(level=7, facing="up")
    for key, (level, facing) in (constables or {}).items():
        state.constables[key] = Constable(level=level, facing=facing)
    for key, spots in (urchins or {}).items():
        for seat, spot in spots.items():
            state.urchins[key][seat] = spot
            state.supply[seat] -= 1
    for seat, held in (cubes or {}).items():
        state.cubes[seat] = {c: held.get(c, 0) for c in COLOURS}
    for seat, amount in (shillings or {}).items():
        state.shillings[seat] = amount
    state.warehouses.update(warehouses or {})
    state.stalls.update(stalls or {})
    return state


def act(state: FaginState, seat: int, action: Action) -> tuple[FaginState, list[Event]]:
    return RULES.apply(state, seat, action)


def refused(state: FaginState, seat: int, action: Action, message: str) -> RuleError:
    """Assert the action is refused with a message containing `message`, changing nothing."""
    before = RULES.dump_state(state)
    with pytest.raises(RuleError) as caught:
        RULES.apply(state, seat, action)
    assert message in caught.value.message, caught.value.message
    assert RULES.dump_state(state) == before
    return caught.value


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def level(state: FaginState, key: str, seat: int) -> Spot | None:
    return state.urchins[key].get(seat)
