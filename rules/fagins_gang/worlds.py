"""The state behind a seat's view: the inverse of `views.build_view`, beside it.

Nothing about the present is hidden in Fagin's Gang: every urchin, cube, shilling,
constable, stall and the wheel are on the view. What the view leaves out is the game's
generator, which would predict every later die roll, so the caller hands in the one the
rebuilt state should carry (an AI seeds it from its own seed): a search over the rebuilt
state samples the future rather than reading it. The few fields the view does not show
are the ones it does not need: the turn outside Phase 1 (the last seat to act, as play
leaves it), the order of `acted` (turn order, as play fills it), the final scores
(each seat's urchins at Fagin, as the ending counts them) and the wheel's ring (the one
whose prices at the view's rotation are the prices the view shows).

A field added to `FaginState` must be rebuilt here too; the property tests check that
the rebuilt state shows every seat exactly the view it came from and holds every cube,
shilling and urchin of the real one.
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
    WheelRing,
)
from rules.fagins_gang.views import FaginView
from rules.rng import Rng


def sample_world(view: FaginView, future: Rng) -> FaginState:
    """A state showing `view` to its seat (and every other view alike), whose dice and
    wheel turns are drawn from `future`."""
    urchins: dict[str, dict[int, Spot]] = {}
    for location in view.locations:
        spots: dict[int, Spot] = dict(location.urchins)
        for seat in location.fagin:
            spots[seat] = FAGIN
        urchins[location.key] = dict(sorted(spots.items()))
    acted_seats = {s.seat for s in view.seats if s.acted}
    order = [(view.first_player + i) % view.players for i in range(view.players)]
    acted = [seat for seat in order if seat in acted_seats]
    turn = view.turn
    if turn is None:
        turn = acted[-1] if acted else view.first_player
    market = None
    if view.market is not None:
        market = MarketState(
            token_holder=view.market.token_holder,
            order=list(view.market.order),
            current=view.market.current_trader,
            passed=list(view.market.passed),
        )
    result = None
    if view.result is not None:
        scores = {s.seat: s.at_fagin for s in view.seats}
        result = Result(winners=list(view.winners), scores=scores, reason=view.result)
    ring: WheelRing = (
        "colours" if BOARD.prices_at("colours", view.wheel_rotation) == view.prices else "locations"
    )
    return FaginState(
        players=view.players,
        options=Options(round_limit=view.round_limit, fagin_target=view.fagin_target),
        rng=future,
        round=view.round,
        phase=view.phase,
        first_player=view.first_player,
        turn=turn,
        acted=acted,
        warehouses=dict(view.warehouses),
        stalls={stall.colour: stall.count for stall in view.stalls},
        wheel_rotation=view.wheel_rotation,
        wheel_ring=ring,
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
        result=result,
    )
