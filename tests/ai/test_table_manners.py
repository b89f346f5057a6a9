"""Small versions of the bench's whole-game measures (`bench/behaviour.py`): AI seats
that finish their games and price like merchants, as people at the table see them."""

import statistics

from ai.fagins_gang.moves import Table
from ai.fagins_gang.standard import standard_action
from bench.behaviour import business_swings, fagin_stalls
from rules.fagins_gang import RULES
from rules.fagins_gang.actions import Buy, MarketPass, Move, OpenMarket, Skip, Steal
from rules.fagins_gang.board import BOARD
from rules.fagins_gang.state import FaginState


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


def test_six_standard_seats_do_not_sit_out_turns_at_the_market() -> None:
    """At six seats urchins are bumped off the track often; a seat left with none used
    to open the market and trade nothing, round after round (9.7 % of action turns)."""
    found = fagin_stalls(["standard"] * 6, 10, 600)
    assert found.unfinished == 0
    assert found.idle() <= 0.05, (found.skips, found.idle_openings, found.turns)


def stranded(shillings: int, cubes: dict[str, int]) -> FaginState:
    """Four players, round 2: seat 0 has no urchin on the track, everyone else has one."""
    state, _ = RULES.setup(4, RULES.validate_options({}), 7, None)
    state.round = 2
    state.shillings[0] = shillings
    state.cubes[0] = {c: cubes.get(c, 0) for c in state.cubes[0]}
    for seat in (1, 2, 3):
        state.urchins["thames"][seat] = BOARD.levels.start
        state.supply[seat] -= 1
    return state


def test_a_seat_with_no_urchin_buys_the_cube_it_needs_to_enter_then_enters() -> None:
    """One red short of Holborn (two red to enter), money to buy it, red in the stalls,
    no blue or green to be had: open the market, buy the red, enter."""
    state = stranded(44, {"red": 1})
    state.stalls.update(blue=0, green=0, red=2)
    state.warehouses.update(blue=0, green=0)
    assert isinstance(standard_action(Table(state, 0)), OpenMarket)
    state, _ = RULES.apply(state, 0, OpenMarket())
    assert standard_action(Table(state, 0)) == Buy(colours=["red"])
    state, _ = RULES.apply(state, 0, Buy(colours=["red"]))
    while state.market is not None:
        seat = RULES.waiting_on(state)[0]
        state, _ = RULES.apply(state, seat, MarketPass())
    while RULES.waiting_on(state)[0] != 0:
        seat = RULES.waiting_on(state)[0]
        state, _ = RULES.apply(state, seat, Skip())
    action = standard_action(Table(state, 0))
    assert isinstance(action, Move) and action.steps[0].kind == "enter", action
    assert action.steps[0].location == "holborn"


def test_a_seat_with_no_urchin_exchanges_for_the_cube_it_lacks() -> None:
    """No shillings, full stalls (nothing to sell), three cubes of no use and blue in the
    warehouse: exchange them for one cube, enough to enter at Thames or Covent Garden."""
    state = stranded(0, {"red": 1, "black": 1, "purple": 1})
    state.stalls = {c: BOARD.stall_size for c in state.stalls}
    action = standard_action(Table(state, 0))
    assert isinstance(action, Steal), action
    assert [slot.kind for slot in action.slots] == ["exchange"]
    assert action.slots[0].take in {"blue", "green"}
