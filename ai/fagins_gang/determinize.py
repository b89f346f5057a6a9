"""A Fagin's Gang state rebuilt from a seat's view, with a generator of the AI's own.

Nothing about the present is hidden in Fagin's Gang: every urchin, cube, shilling,
constable and stall is on the view. What the view leaves out is the game's generator,
which would predict every later die roll; the rebuilt state gets a fresh one seeded from
the AI's seed instead, so a search over it samples the future rather than reading it.
"""

from rules.fagins_gang.board import BOARD
from rules.fagins_gang.state import (
    FAGIN,
    Constable,
    FaginState,
    MarketState,
    Options,
    Result,
    Spot,
)
from rules.fagins_gang.views import FaginView
from rules.rng import Rng


def wheel_rotation(view: FaginView) -> int:
    """The wheel's rotation, read back from today's prices (they are all different)."""
    first = view.prices[BOARD.colour_ring[0]]
    return BOARD.wheel.index(first)


def rebuild(view: FaginView, rng_seed: int) -> FaginState:
    """The state behind the view, whose future is drawn from `rng_seed`."""
    urchins: dict[str, dict[int, Spot]] = {}
    for location in view.locations:
        spots: dict[int, Spot] = {seat: level for seat, level in location.urchins.items()}
        for seat in location.fagin:
            spots[seat] = FAGIN
        urchins[location.key] = dict(sorted(spots.items()))
    acted_seats = {s.seat for s in view.seats if s.acted}
    order = [(view.first_player + i) % view.players for i in range(view.players)]
    market = None
    if view.market is not None:
        market = MarketState(
            token_holder=view.market.token_holder,
            order=list(view.market.order),
            current=view.market.current_trader,
            passed=list(view.market.passed),
        )
    return FaginState(
        players=view.players,
        options=Options(round_limit=view.round_limit, fagin_target=view.fagin_target),
        rng=Rng(seed=rng_seed),
        round=view.round,
        phase=view.phase,
        first_player=view.first_player,
        turn=view.turn if view.turn is not None else view.first_player,
        acted=[seat for seat in order if seat in acted_seats],
        warehouses=dict(view.warehouses),
        stalls={stall.colour: stall.count for stall in view.stalls},
        wheel_rotation=wheel_rotation(view),
        constables={
            location.key: Constable(
                level=location.constable_level, facing=location.constable_facing
            )
            for location in view.locations
        },
        urchins=urchins,
        supply=[s.supply for s in view.seats],
        removed=sorted((s.seat, key) for s in view.seats for key in s.removed_from),
        shillings=[s.shillings for s in view.seats],
        cubes=[dict(s.cubes) for s in view.seats],
        market=market,
        pending_discards=dict(view.pending_discards),
        result=None
        if view.result is None
        else Result(winners=list(view.winners), scores={}, reason=view.result),
    )
