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
from rules.fagins_gang.plan_words import quoted
from rules.fagins_gang.state import FaginState, MarketState, price, right_of
from rules.words import Seat, Term, said


def open_market(state: FaginState, seat: int) -> Event:
    order = [seat]
    while len(order) < state.players:
        order.append(right_of(state, order[-1]))
    state.market = MarketState(token_holder=seat, order=order, current=seat)
    state.phase = "market"
    return Event(
        kind="market_opened",
        say=said(
            "{who} takes the Market token: market open! {who} trades first.", who=Seat(seat=seat)
        ),
        data={"seat": seat, "order": order},
    )


def _check_count(market: MarketState, seat: int, colours: list[str], verb: str) -> None:
    most = BOARD.holder_trade_max
    buying = verb == "buy"
    if not colours:
        if buying:
            raise RuleError("Name the colour you want to buy.")
        raise RuleError("Name the colour you want to sell.")
    holder = Seat(seat=market.token_holder)
    if seat != market.token_holder and len(colours) > 1:
        if buying:
            raise RuleError(
                "Only the Market token holder ({holder}) may buy {most} cubes at once; "
                "you may buy 1, not {count}.",
                holder=holder,
                most=most,
                count=len(colours),
            )
        raise RuleError(
            "Only the Market token holder ({holder}) may sell {most} cubes at once; "
            "you may sell 1, not {count}.",
            holder=holder,
            most=most,
            count=len(colours),
        )
    if len(colours) > most:
        if buying:
            raise RuleError(
                "The Market token holder may buy at most {most} cubes at once, not {count}.",
                most=most,
                count=len(colours),
            )
        raise RuleError(
            "The Market token holder may sell at most {most} cubes at once, not {count}.",
            most=most,
            count=len(colours),
        )
    repeated = sorted(c for c, n in Counter(colours).items() if n > 1)
    if repeated:
        raise RuleError(
            "The Market token holder's {count} cubes must be of different colours; "
            "you named {colour} twice.",
            count=len(colours),
            colour=Term(english=repeated[0]),
        )


def buy(state: FaginState, seat: int, action: Buy) -> list[Event]:
    market = _market(state)
    colours = [BOARD.known_colour(c, quoted(" ".join(action.colours))) for c in action.colours]
    _check_count(market, seat, colours, "buy")
    for colour in colours:
        if state.stalls[colour] == 0:
            raise RuleError(
                "The {colour} stall is empty; there is nothing to buy.",
                colour=BOARD.colour_said(colour),
            )
    cost = sum(price(state, colour) for colour in colours)
    if state.shillings[seat] < cost:
        raise RuleError(
            "Buying {cubes} costs {cost} shillings; you have {have}.",
            cubes=BOARD.cubes_said(Counter(colours)),
            cost=cost,
            have=state.shillings[seat],
        )
    for colour in colours:
        state.stalls[colour] -= 1
        state.cubes[seat][colour] += 1
    state.shillings[seat] -= cost
    event = Event(
        kind="market_bought",
        say=said(
            "{who} buys {cubes} for {cost} shillings.",
            who=Seat(seat=seat),
            cubes=BOARD.cubes_said(Counter(colours)),
            cost=cost,
        ),
        data={"seat": seat, "colours": colours, "shillings": cost},
    )
    return [event, *_next_trader(state)]


def sell(state: FaginState, seat: int, action: Sell) -> list[Event]:
    market = _market(state)
    colours = [BOARD.known_colour(c, quoted(" ".join(action.colours))) for c in action.colours]
    _check_count(market, seat, colours, "sell")
    for colour in colours:
        if state.cubes[seat][colour] < 1:
            raise RuleError("You have no {colour} cube to sell.", colour=BOARD.colour_said(colour))
        if state.stalls[colour] >= BOARD.stall_size:
            raise RuleError(
                "The {colour} stall is full ({size} cubes); it takes no more.",
                colour=BOARD.colour_said(colour),
                size=BOARD.stall_size,
            )
    gain = sum(price(state, colour) for colour in colours)
    for colour in colours:
        state.stalls[colour] += 1
        state.cubes[seat][colour] -= 1
    state.shillings[seat] += gain
    event = Event(
        kind="market_sold",
        say=said(
            "{who} sells {cubes} for {gain} shillings.",
            who=Seat(seat=seat),
            cubes=BOARD.cubes_said(Counter(colours)),
            gain=gain,
        ),
        data={"seat": seat, "colours": colours, "shillings": gain},
    )
    return [event, *_next_trader(state)]


def market_pass(state: FaginState, seat: int) -> list[Event]:
    market = _market(state)
    market.passed.append(seat)
    event = Event(
        kind="market_passed",
        say=said("{who} passes and leaves the market.", who=Seat(seat=seat)),
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
            say=said("Everyone has passed: the market closes and the Market token goes back."),
            data={"token_holder": holder},
        )
    ]


def check_trader(state: FaginState, seat: int) -> None:
    """Refuse trading out of turn or after passing."""
    market = _market(state)
    if seat in market.passed:
        raise RuleError("You have passed and left the market; you may not return to it.")
    if seat != market.current:
        raise RuleError("It is {who}'s turn to trade, not yours.", who=Seat(seat=market.current))
