"""What a renderer needs to draw the game; Fagin's Gang has no secrets.

Every seat and spectators get the same picture (`you` only says who is looking). The
random generator's state is left out so nobody can predict the next die roll; everything
else of the state is here, so `worlds.sample_world` can rebuild a state from a view.
"""

from functools import lru_cache

from pydantic import BaseModel, ConfigDict

from rules.fagins_gang.board import BOARD
from rules.fagins_gang.state import (
    FAGIN,
    Facing,
    FaginState,
    Phase,
    Spot,
    at_fagin,
    cube_total,
    prices,
    wealth,
)


class _View(BaseModel):
    model_config = ConfigDict(frozen=True)


class LevelView(_View):
    level: int
    goods: list[str]
    """Colour keys, and "★" for each cube of the thief's choice."""
    shillings: int
    urchin: int | None
    """The seat whose urchin stands here, if any."""
    constable: bool


class LocationView(_View):
    key: str
    name: str
    colour: str
    goods: str
    move_cost: int
    purse: int
    constable_level: int
    constable_facing: Facing
    urchins: dict[int, int]
    """Seat -> level of their urchin on this track."""
    levels: list[LevelView]
    fagin: list[int]
    """Seats with an urchin on this location's Fagin space."""


class StallView(_View):
    colour: str
    goods: str
    count: int
    capacity: int
    price: int
    warehouse: int


class SeatView(_View):
    seat: int
    shillings: int
    cubes: dict[str, int]
    cube_total: int
    supply: int
    at_fagin: int
    removed_from: list[str]
    """Locations this seat may not enter again this round."""
    acted: bool
    """Has taken their Phase 1 action this round."""
    worth: int
    """Shillings plus cubes at the wheel's prices now (the round-limit tie-break)."""


class MarketView(_View):
    token_holder: int
    current_trader: int
    order: list[int]
    passed: list[int]


class FaginView(_View):
    you: int | None
    players: int
    round: int
    round_limit: int | None
    fagin_target: int
    phase: Phase
    first_player: int
    turn: int | None
    """Whose Phase 1 action turn it is (also while the market they opened runs)."""
    waiting_on: list[int]
    locations: list[LocationView]
    stalls: list[StallView]
    stall_size: int
    prices: dict[str, int]
    wheel_rotation: int
    """How far the price wheel has turned from its printed position: public (it lies on
    the board), and what `prices` is read from."""
    warehouses: dict[str, int]
    seats: list[SeatView]
    market: MarketView | None
    pending_discards: dict[int, int]
    hand_limit: int
    fagin_price: int
    winners: list[int]
    result: str | None


def build_view(state: FaginState, seat: int | None, waiting_on: list[int]) -> FaginView:
    today = prices(state)
    return FaginView(
        you=seat,
        players=state.players,
        round=state.round,
        round_limit=state.options.round_limit,
        fagin_target=state.options.fagin_target,
        phase=state.phase,
        first_player=state.first_player,
        turn=state.turn if state.phase in ("actions", "market") else None,
        waiting_on=waiting_on,
        locations=[_location(state, key) for key in BOARD.ring],
        stalls=[
            StallView(
                colour=colour,
                goods=BOARD.colour(colour).goods,
                count=state.stalls[colour],
                capacity=BOARD.stall_size,
                price=today[colour],
                warehouse=state.warehouses[colour],
            )
            for colour in BOARD.colour_ring
        ],
        stall_size=BOARD.stall_size,
        prices={colour: today[colour] for colour in BOARD.colour_ring},
        wheel_rotation=state.wheel_rotation,
        warehouses=dict(state.warehouses),
        seats=[_seat(state, s) for s in range(state.players)],
        market=(
            MarketView(
                token_holder=state.market.token_holder,
                current_trader=state.market.current,
                order=list(state.market.order),
                passed=list(state.market.passed),
            )
            if state.market is not None
            else None
        ),
        pending_discards=dict(state.pending_discards),
        hand_limit=BOARD.hand_limit,
        fagin_price=BOARD.fagin_price,
        winners=list(state.result.winners) if state.result else [],
        result=state.result.reason if state.result else None,
    )


def _location(state: FaginState, key: str) -> LocationView:
    constable = state.constables[key]
    here = tuple(sorted(state.urchins[key].items()))
    return _location_view(key, constable.level, constable.facing, here)


@lru_cache(maxsize=4096)
def _location_view(
    key: str, constable_level: int, facing: Facing, here: tuple[tuple[int, Spot], ...]
) -> LocationView:
    """A location as drawn, from all that can change on it: most moves change one or two
    locations of the nine, so a view is mostly locations drawn before (the views are
    frozen, so they can be shared), and building views is a large part of a move's cost."""
    location = BOARD.location(key)
    on_track = {s: spot for s, spot in here if isinstance(spot, int)}
    by_level = {level: s for s, level in on_track.items()}
    return LocationView(
        key=key,
        name=location.name,
        colour=location.colour,
        goods=BOARD.colour(location.colour).goods,
        move_cost=location.move_cost,
        purse=location.purse,
        constable_level=constable_level,
        constable_facing=facing,
        urchins=on_track,
        levels=[
            LevelView(
                level=level,
                goods=BOARD.goods_at(key, level),
                shillings=BOARD.shillings_at(key, level),
                urchin=by_level.get(level),
                constable=constable_level == level,
            )
            for level in range(BOARD.levels.top, BOARD.levels.bottom + 1)
        ],
        fagin=[s for s, spot in here if spot == FAGIN],
    )


def _seat(state: FaginState, seat: int) -> SeatView:
    return SeatView(
        seat=seat,
        worth=wealth(state, seat),
        shillings=state.shillings[seat],
        cubes=dict(state.cubes[seat]),
        cube_total=cube_total(state, seat),
        supply=state.supply[seat],
        at_fagin=at_fagin(state, seat),
        removed_from=[key for s, key in state.removed if s == seat],
        acted=seat in state.acted,
    )
