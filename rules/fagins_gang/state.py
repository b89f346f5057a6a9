"""The whole game at one moment: plain slotted dataclasses, JSON at the boundary.

The rule modules change a state in place: `apply` hands them a copy (`FaginState.clone`),
so they may raise `RuleError` at any point without touching the caller's state, while
search and random play let them change one state move after move (`apply_in_place`).
Stored games are read and written through pydantic (`load`, `dump`), field for field as
before, so every stored game replays byte for byte.
"""

from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from rules.events import seat_ref
from rules.fagins_gang.board import BOARD
from rules.fast_copy import Stored
from rules.rng import FIRST, Rng

Facing = Literal["up", "down"]
Phase = Literal["actions", "market", "discard", "over"]
Spot = int | Literal["fagin"]
"""Where a player's urchin is at a location: a track level, or that location's Fagin space."""
WheelRing = Literal["locations", "colours"]
"""The order the colours sit in on the price wheel: "colours" is the board's own wheel ring
(`Board.wheel_ring`, the spec's); "locations" is the order of their locations, the ring of
games started before the wheel had one of its own, which they keep."""

FAGIN: Literal["fagin"] = "fagin"


class Options(BaseModel):
    model_config = ConfigDict(frozen=True)

    round_limit: int | None = None
    fagin_target: int


@dataclass(frozen=True, slots=True)
class Constable:
    """Frozen: a patrol puts a new constable in place, so state copies can share them."""

    level: int
    facing: Facing


@dataclass(slots=True)
class MarketState(Stored):
    """Smithfield Market while it is open: who holds the token and whose trading turn it is."""

    token_holder: int
    order: list[int]
    """Trading order: the token holder, then anticlockwise (to the right)."""
    current: int
    passed: list[int] = field(default_factory=list)


class Result(BaseModel):
    model_config = ConfigDict(frozen=True)

    winners: list[int]
    scores: dict[int, int]
    reason: str


@dataclass(slots=True, kw_only=True)
class FaginState(Stored):
    players: int
    options: Options
    rng: Rng
    round: int = 1
    phase: Phase = "actions"
    first_player: int
    turn: int
    """Whose action turn it is in Phase 1 (also while the market they opened runs)."""
    acted: list[int] = field(default_factory=list)
    """Seats that have taken their Phase 1 action this round, in order."""
    warehouses: dict[str, int]
    stalls: dict[str, int]
    wheel_rotation: int = 0
    wheel_ring: WheelRing = "locations"
    """Which order the colours sit in on the price wheel (stored only for "colours")."""
    constables: dict[str, Constable]
    urchins: dict[str, dict[int, Spot]]
    """Location key -> seat -> level or "fagin"; a seat absent from a location has none there."""
    supply: list[int]
    removed: list[tuple[int, str]] = field(default_factory=list)
    """(seat, location) pairs whose urchin left or was pushed off this round."""
    shillings: list[int]
    cubes: list[dict[str, int]]
    market: MarketState | None = None
    pending_discards: dict[int, int] = field(default_factory=dict)
    """Phase 3: seat -> cubes it must still return for the hand limit."""
    result: Result | None = None

    def clone(self) -> "FaginState":
        """A copy `apply` may change freely: every list, dict and the market are copied;
        frozen values (options, rng, constables, the result) are shared. A field added
        to the state must be added here too; the property tests check that a clone
        equals its original."""
        market = self.market
        return FaginState(
            players=self.players,
            options=self.options,
            rng=self.rng,
            round=self.round,
            phase=self.phase,
            first_player=self.first_player,
            turn=self.turn,
            acted=list(self.acted),
            warehouses=dict(self.warehouses),
            stalls=dict(self.stalls),
            wheel_rotation=self.wheel_rotation,
            wheel_ring=self.wheel_ring,
            constables=dict(self.constables),
            urchins={key: dict(spots) for key, spots in self.urchins.items()},
            supply=list(self.supply),
            removed=list(self.removed),
            shillings=list(self.shillings),
            cubes=[dict(held) for held in self.cubes],
            market=None
            if market is None
            else MarketState(
                market.token_holder, list(market.order), market.current, list(market.passed)
            ),
            pending_discards=dict(self.pending_discards),
            result=self.result,
        )


def dump(state: FaginState) -> str:
    """The state as a stored game keeps it; fields at the values games had before they
    existed (the first generator, the location-order wheel) are left out, so an older
    game's JSON is what it always was."""
    exclude: dict[str, Any] = {}
    if state.rng.version == FIRST:
        exclude["rng"] = {"version"}
    if state.wheel_ring == "locations":
        exclude["wheel_ring"] = True
    return state.model_dump_json(exclude=exclude or None)


def load(text: str) -> FaginState:
    return FaginState.model_validate_json(text)


def p(seat: int) -> str:
    return seat_ref(seat)


def price(state: FaginState, colour: str) -> int:
    """Today's wheel price of a colour (for buying and selling alike): the colour at
    index i of the state's wheel ring costs `wheel[(i + rotation) mod 6]`."""
    return BOARD.prices_at(state.wheel_ring, state.wheel_rotation)[colour]


def prices(state: FaginState) -> dict[str, int]:
    """Today's wheel price of every colour, colours in the board's order (blue first).
    Shared and read-only: copy it before changing it."""
    return BOARD.prices_at(state.wheel_ring, state.wheel_rotation)


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
    today = prices(state)
    goods = sum(n * today[colour] for colour, n in state.cubes[seat].items())
    return state.shillings[seat] + goods


def left_of(state: FaginState, seat: int) -> int:
    return (seat + 1) % state.players


def right_of(state: FaginState, seat: int) -> int:
    return (seat - 1) % state.players
