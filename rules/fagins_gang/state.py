"""The whole game at one moment, as one JSON-serialisable pydantic model.

`apply` works on a deep copy, so the rule modules may change the copy in place and raise
`RuleError` at any point without touching the caller's state.
"""

from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.events import seat_ref
from rules.fagins_gang.board import BOARD
from rules.fast_copy import rebuild
from rules.rng import Rng

Facing = Literal["up", "down"]
Phase = Literal["actions", "market", "discard", "over"]
Spot = int | Literal["fagin"]
"""Where a player's urchin is at a location: a track level, or that location's Fagin space."""

FAGIN: Literal["fagin"] = "fagin"


class Options(BaseModel):
    model_config = ConfigDict(frozen=True)

    round_limit: int | None = None
    fagin_target: int


class Constable(BaseModel):
    """Frozen: a patrol puts a new constable in place, so state copies can share them."""

    model_config = ConfigDict(frozen=True)

    level: int
    facing: Facing


class MarketState(BaseModel):
    """Smithfield Market while it is open: who holds the token and whose trading turn it is."""

    token_holder: int
    order: list[int]
    """Trading order: the token holder, then anticlockwise (to the right)."""
    current: int
    passed: list[int] = []


class Result(BaseModel):
    model_config = ConfigDict(frozen=True)

    winners: list[int]
    scores: dict[int, int]
    reason: str


class FaginState(BaseModel):
    players: int
    options: Options
    rng: Rng
    round: int = 1
    phase: Phase = "actions"
    first_player: int
    turn: int
    """Whose action turn it is in Phase 1 (also while the market they opened runs)."""
    acted: list[int] = []
    """Seats that have taken their Phase 1 action this round, in order."""
    warehouses: dict[str, int]
    stalls: dict[str, int]
    wheel_rotation: int = 0
    constables: dict[str, Constable]
    urchins: dict[str, dict[int, Spot]]
    """Location key -> seat -> level or "fagin"; a seat absent from a location has none there."""
    supply: list[int]
    removed: list[tuple[int, str]] = []
    """(seat, location) pairs whose urchin left or was pushed off this round."""
    shillings: list[int]
    cubes: list[dict[str, int]]
    market: MarketState | None = None
    pending_discards: dict[int, int] = {}
    """Phase 3: seat -> cubes it must still return for the hand limit."""
    result: Result | None = None

    def clone(self) -> "FaginState":
        """A copy `apply` may change freely, several times cheaper than re-validating a dump.

        Every list, dict and mutable model is copied; frozen models (options, rng,
        constables, the result) and tuples are shared. A field added to the state must be
        added here too; the property tests check that a clone equals its original.
        """
        market = self.market
        return rebuild(
            FaginState,
            {
                **self.__dict__,
                "acted": list(self.acted),
                "warehouses": dict(self.warehouses),
                "stalls": dict(self.stalls),
                "constables": dict(self.constables),
                "urchins": {key: dict(spots) for key, spots in self.urchins.items()},
                "supply": list(self.supply),
                "removed": list(self.removed),
                "shillings": list(self.shillings),
                "cubes": [dict(held) for held in self.cubes],
                "market": None
                if market is None
                else rebuild(
                    MarketState,
                    {
                        "token_holder": market.token_holder,
                        "order": list(market.order),
                        "current": market.current,
                        "passed": list(market.passed),
                    },
                ),
                "pending_discards": dict(self.pending_discards),
            },
        )


def p(seat: int) -> str:
    return seat_ref(seat)


def price(state: FaginState, colour: str) -> int:
    """Today's wheel price of a colour (for buying and selling alike)."""
    index = BOARD.colour_positions.get(colour)
    if index is None:
        index = BOARD.colour_ring.index(colour)  # not a colour: ValueError
    return BOARD.wheel[(index + state.wheel_rotation) % len(BOARD.wheel)]


def prices(state: FaginState) -> dict[str, int]:
    """Today's wheel price of every colour, in ring order."""
    wheel = BOARD.wheel
    rotation = state.wheel_rotation
    return {
        colour: wheel[(index + rotation) % len(wheel)]
        for index, colour in enumerate(BOARD.colour_ring)
    }


def track_level(state: FaginState, location: str, seat: int) -> int | None:
    """The level of the seat's urchin on the location's track, None if it has none there."""
    spot = state.urchins[location].get(seat)
    return spot if isinstance(spot, int) else None


def occupant(
    state: FaginState, location: str, level: int, besides: int | None = None
) -> int | None:
    """The seat whose urchin stands on a level (ignoring `besides`), if any."""
    for seat, spot in state.urchins[location].items():
        if spot == level and seat != besides:
            return seat
    return None


def at_fagin(state: FaginState, seat: int) -> int:
    return sum(1 for spots in state.urchins.values() if spots.get(seat) == FAGIN)


def was_removed(state: FaginState, seat: int, location: str) -> bool:
    return (seat, location) in state.removed


def mark_removed(state: FaginState, seat: int, location: str) -> None:
    if (seat, location) not in state.removed:
        state.removed.append((seat, location))
        state.removed.sort()


def cube_total(state: FaginState, seat: int) -> int:
    return sum(state.cubes[seat].values())


def wealth(state: FaginState, seat: int) -> int:
    """Shillings plus cubes at today's wheel prices (the round-limit tie-break)."""
    goods = sum(n * price(state, colour) for colour, n in state.cubes[seat].items())
    return state.shillings[seat] + goods


def left_of(state: FaginState, seat: int) -> int:
    return (seat + 1) % state.players


def right_of(state: FaginState, seat: int) -> int:
    return (seat - 1) % state.players
