"""Action d: Smithfield Market — token holder first, then anticlockwise (§4d)."""

from rules.fagins_gang import RULES
from rules.fagins_gang.actions import Buy, MarketPass, Move, OpenMarket, Sell, Skip
from rules.fagins_gang.state import FaginState, price

from .builders import act, kinds, position, refused


def opened(players: int = 3, opener: int = 1, **kwargs: object) -> FaginState:
    """Seat `opener` has just opened the market (seats before it have skipped)."""
    state = position(players, turn=0, **kwargs)  # type: ignore[arg-type]
    for seat in range(opener):
        state, _ = act(state, seat, Skip())
    state, _ = act(state, opener, OpenMarket())
    return state


def test_opening_the_market_gives_the_token_and_the_first_trade_to_the_opener() -> None:
    state = opened(opener=1)
    assert state.phase == "market"
    assert state.market is not None
    assert state.market.token_holder == 1
    assert state.market.order == [1, 0, 2]  # anticlockwise: to the right
    assert RULES.waiting_on(state) == [1]


def test_trading_turns_go_anticlockwise_and_skip_those_who_passed() -> None:
    state = opened(4, opener=2)
    order = []
    for _ in range(4):
        seat = RULES.waiting_on(state)[0]
        order.append(seat)
        state, _ = act(state, seat, MarketPass() if seat == 1 else Buy(colours=["blue"]))
    assert order == [2, 1, 0, 3]
    assert RULES.waiting_on(state) == [2]  # 1 passed: after 3 comes 2 again, not 1


def test_buying_pays_the_wheel_price_and_takes_from_the_stall() -> None:
    state = opened(opener=0, rotation=2)
    cost = price(state, "red")
    assert cost == 10  # red is ring index 2: wheel[(2 + 2) % 6] of 2, 4, 6, 8, 10, 12
    after, events = act(state, 0, Buy(colours=["red"]))
    assert after.shillings[0] == state.shillings[0] - 10
    assert after.cubes[0]["red"] == state.cubes[0]["red"] + 1
    assert after.stalls["red"] == state.stalls["red"] - 1
    assert after.warehouses == state.warehouses  # never to or from the warehouses
    assert events[0].data == {"seat": 0, "colours": ["red"], "shillings": 10}


def test_selling_gets_the_wheel_price_and_fills_the_stall() -> None:
    state = opened(opener=0)
    after, _ = act(state, 0, Sell(colours=["purple"]))
    assert after.shillings[0] == state.shillings[0] + 12
    assert after.stalls["purple"] == state.stalls["purple"] + 1
    assert after.cubes[0]["purple"] == 0


def test_the_token_holder_may_trade_two_cubes_of_different_colours() -> None:
    state = opened(opener=0)
    after, _ = act(state, 0, Sell(colours=["blue", "green"]))
    assert after.shillings[0] == state.shillings[0] + 2 + 4
    after, _ = act(after, 2, MarketPass())
    after, _ = act(after, 1, MarketPass())
    after, _ = act(after, 0, Buy(colours=["red", "yellow"]))
    assert after.cubes[0]["red"] == 2


def test_the_token_holders_two_cubes_of_one_colour_are_refused() -> None:
    state = opened(opener=0, cubes={0: {"blue": 2}})
    refused(state, 0, Sell(colours=["blue", "blue"]), "you named blue twice")


def test_a_non_holder_trading_two_cubes_is_refused() -> None:
    state, _ = act(opened(opener=0), 0, MarketPass())
    assert RULES.waiting_on(state) == [2]
    refused(state, 2, Buy(colours=["blue", "green"]), "Only the Market token holder ({p0})")


def test_buying_from_an_empty_stall_is_refused() -> None:
    state = opened(opener=0, stalls={"blue": 0})
    refused(state, 0, Buy(colours=["blue"]), "The blue (books) stall is empty")


def test_buying_without_the_shillings_is_refused() -> None:
    state = opened(opener=0, shillings={0: 3})
    refused(state, 0, Buy(colours=["purple"]), "costs 12 shillings; you have 3")


def test_selling_to_a_full_stall_is_refused() -> None:
    state = opened(opener=0, stalls={"blue": 6})
    refused(state, 0, Sell(colours=["blue"]), "The blue (books) stall is full (6 cubes)")


def test_selling_a_cube_not_owned_is_refused() -> None:
    state = opened(opener=0, cubes={0: {}})
    refused(state, 0, Sell(colours=["blue"]), "You have no blue (books) cube to sell")


def test_trading_after_passing_is_refused() -> None:
    state, _ = act(opened(opener=0), 0, MarketPass())
    refused(state, 0, Buy(colours=["blue"]), "You have passed and left the market")


def test_trading_out_of_turn_is_refused() -> None:
    refused(opened(opener=0), 1, Buy(colours=["blue"]), "It is {p0}'s turn to trade, not yours.")


def test_trading_while_the_market_is_closed_is_refused() -> None:
    refused(position(), 0, Buy(colours=["blue"]), "The market is not open")


def test_other_actions_wait_while_the_market_is_open() -> None:
    refused(opened(opener=0), 1, Skip(), "The market is open: it is {p0}'s turn to trade")


def test_a_lone_trader_keeps_trading_until_they_pass() -> None:
    state = opened(opener=0)
    state, _ = act(state, 0, MarketPass())
    state, _ = act(state, 2, MarketPass())
    for _ in range(3):
        assert RULES.waiting_on(state) == [1]
        state, _ = act(state, 1, Buy(colours=["blue"]))
    state, events = act(state, 1, MarketPass())
    assert "market_closed" in kinds(events)


def test_after_the_market_phase_1_continues_left_of_the_token_holder() -> None:
    state = opened(4, opener=1)
    for seat in (1, 0, 3, 2):
        state, _ = act(state, seat, MarketPass())
    assert state.phase == "actions"
    assert state.market is None
    assert state.acted == [0, 1]  # opening the market was seat 1's action
    assert RULES.waiting_on(state) == [2]
    refused(state, 1, Skip(), "You have already taken your action this round")


def test_the_market_closing_on_the_last_action_ends_phase_1() -> None:
    state = opened(2, opener=1)
    state, _ = act(state, 1, MarketPass())
    state, events = act(state, 0, MarketPass())
    assert "constable_patrol" in kinds(events)
    assert state.round == 2


def test_a_move_cannot_be_made_while_trading() -> None:
    refused(opened(opener=0), 0, Move(steps=[]), "The market is open")
