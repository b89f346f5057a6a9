"""Action d: Smithfield Market, where every player trades (§4d).

The opener takes the Market token and trades first; trading turns then go anticlockwise
(to the right), skipping players who passed. The token holder may trade one or two cubes of
different colours per turn, everyone else one. Cubes move only between players and stalls.
"""

from collections import Counter

from rules.errors import RuleError
from rules.events import Event
from rules.fagins_gang.actions import Buy, Sell
from rules.fagins_gang.board import BOARD
from rules.fagins_gang.state import FaginState, MarketState, p, price, right_of


def open_market(state: FaginState, seat: int) -> Event:
    order = [seat]
    while len(order) < state.players:
        order.append(right_of(state, order[-1]))
    state.market = MarketState(token_holder=seat, order=order, current=seat)
    state.phase = "market"
    return Event(
        kind="market_opened",
        text=f"{p(seat)} takes the Market token: market open! {p(seat)} trades first.",
        data={"seat": seat, "order": order},
    )


def _check_count(market: MarketState, seat: int, colours: list[str], verb: str) -> None:
    most = BOARD.holder_trade_max
    if not colours:
        raise RuleError(f"Name the colour you want to {verb}.")
    if seat != market.token_holder and len(colours) > 1:
        raise RuleError(
            f"Only the Market token holder ({p(market.token_holder)}) may {verb} {most} cubes "
            f"at once; you may {verb} 1, not {len(colours)}."
        )
    if len(colours) > most:
        raise RuleError(
            f"The Market token holder may {verb} at most {most} cubes at once, not {len(colours)}."
        )
    repeated = sorted(c for c, n in Counter(colours).items() if n > 1)
    if repeated:
        raise RuleError(
            f"The Market token holder's {len(colours)} cubes must be of different colours; "
            f"you named {repeated[0]} twice."
        )


def buy(state: FaginState, seat: int, action: Buy) -> list[Event]:
    market = _market(state)
    colours = [BOARD.known_colour(c, " ".join(action.colours)) for c in action.colours]
    _check_count(market, seat, colours, "buy")
    for colour in colours:
        if state.stalls[colour] == 0:
            raise RuleError(
                f"The {BOARD.colour_label(colour)} stall is empty; there is nothing to buy."
            )
    cost = sum(price(state, colour) for colour in colours)
    if state.shillings[seat] < cost:
        raise RuleError(
            f"Buying {BOARD.describe_cubes(Counter(colours))} costs {cost} shillings; "
            f"you have {state.shillings[seat]}."
        )
    for colour in colours:
        state.stalls[colour] -= 1
        state.cubes[seat][colour] += 1
    state.shillings[seat] -= cost
    event = Event(
        kind="market_bought",
        text=f"{p(seat)} buys {BOARD.describe_cubes(Counter(colours))} for {cost} shillings.",
        data={"seat": seat, "colours": colours, "shillings": cost},
    )
    return [event, *_next_trader(state)]


def sell(state: FaginState, seat: int, action: Sell) -> list[Event]:
    market = _market(state)
    colours = [BOARD.known_colour(c, " ".join(action.colours)) for c in action.colours]
    _check_count(market, seat, colours, "sell")
    for colour in colours:
        if state.cubes[seat][colour] < 1:
            raise RuleError(f"You have no {BOARD.colour_label(colour)} cube to sell.")
        if state.stalls[colour] >= BOARD.stall_size:
            raise RuleError(
                f"The {BOARD.colour_label(colour)} stall is full ({BOARD.stall_size} cubes); "
                "it takes no more."
            )
    gain = sum(price(state, colour) for colour in colours)
    for colour in colours:
        state.stalls[colour] += 1
        state.cubes[seat][colour] -= 1
    state.shillings[seat] += gain
    event = Event(
        kind="market_sold",
        text=f"{p(seat)} sells {BOARD.describe_cubes(Counter(colours))} for {gain} shillings.",
        data={"seat": seat, "colours": colours, "shillings": gain},
    )
    return [event, *_next_trader(state)]


def market_pass(state: FaginState, seat: int) -> list[Event]:
    market = _market(state)
    market.passed.append(seat)
    event = Event(
        kind="market_passed",
        text=f"{p(seat)} passes and leaves the market.",
        data={"seat": seat},
    )
    return [event, *_next_trader(state)]


def _market(state: FaginState) -> MarketState:
    assert state.market is not None
    return state.market


def _next_trader(state: FaginState) -> list[Event]:
    """Hand the trading turn to the right, skipping passed players; close when all passed."""
    market = _market(state)
    order = market.order
    index = order.index(market.current)
    for step in range(1, len(order) + 1):
        candidate = order[(index + step) % len(order)]
        if candidate not in market.passed:
            market.current = candidate
            return []
    holder = market.token_holder
    state.market = None
    state.phase = "actions"
    return [
        Event(
            kind="market_closed",
            text="Everyone has passed: the market closes and the Market token goes back.",
            data={"token_holder": holder},
        )
    ]


def check_trader(state: FaginState, seat: int) -> None:
    """Refuse trading out of turn or after passing."""
    market = _market(state)
    if seat in market.passed:
        raise RuleError("You have passed and left the market; you may not return to it.")
    if seat != market.current:
        raise RuleError(f"It is {p(market.current)}'s turn to trade, not yours.")
