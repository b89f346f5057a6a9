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
from rules.fagins_gang.state import FaginState, MarketState, prices, right_of
from rules.words import Say, Seat, Term, later, said


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
    if len(colours) == 1:
        return  # one cube: anyone may trade it
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
    repeated = sorted({c for c in colours if colours.count(c) > 1})
    if repeated:
        raise RuleError(
            "The Market token holder's {count} cubes must be of different colours; "
            "you named {colour} twice.",
            count=len(colours),
            colour=Term(english=repeated[0]),
        )


def _known(colours: list[str]) -> list[str]:
    """The colours of a trade, refusing a name the board does not have."""
    for colour in colours:
        if colour not in BOARD.colour_set:
            BOARD.known_colour(colour, quoted(" ".join(colours)))
    return colours


def buy(state: FaginState, seat: int, action: Buy) -> list[Event]:
    market = _market(state)
    colours = _known(action.colours)
    _check_count(market, seat, colours, "buy")
    for colour in colours:
        if state.stalls[colour] == 0:
            raise RuleError(
                "The {colour} stall is empty; there is nothing to buy.",
                colour=BOARD.colour_said(colour),
            )
    today = prices(state)
    cost = sum(today[colour] for colour in colours)
    if state.shillings[seat] < cost:
        raise RuleError(
            "Buying {cubes} costs {cost} shillings; you have {have}.",
            cubes=BOARD.cubes_said(Counter(colours)),
            cost=cost,
            have=state.shillings[seat],
        )
    held = state.cubes[seat]
    for colour in colours:
        state.stalls[colour] -= 1
        held[colour] += 1
    state.shillings[seat] -= cost
    event = Event(
        kind="market_bought",
        say=later(_bought_said, seat, tuple(colours), cost),
        data={"seat": seat, "colours": colours, "shillings": cost},
    )
    return [event, *_next_trader(state)]


def _bought_said(seat: int, colours: tuple[str, ...], cost: int) -> Say:
    return said(
        "{who} buys {cubes} for {cost} shillings.",
        who=Seat(seat=seat),
        cubes=BOARD.cubes_said(Counter(colours)),
        cost=cost,
    )


def sell(state: FaginState, seat: int, action: Sell) -> list[Event]:
    market = _market(state)
    colours = _known(action.colours)
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
    today = prices(state)
    gain = sum(today[colour] for colour in colours)
    held = state.cubes[seat]
    for colour in colours:
        state.stalls[colour] += 1
        held[colour] -= 1
    state.shillings[seat] += gain
    event = Event(
        kind="market_sold",
        say=later(_sold_said, seat, tuple(colours), gain),
        data={"seat": seat, "colours": colours, "shillings": gain},
    )
    return [event, *_next_trader(state)]


def _sold_said(seat: int, colours: tuple[str, ...], gain: int) -> Say:
    return said(
        "{who} sells {cubes} for {gain} shillings.",
        who=Seat(seat=seat),
        cubes=BOARD.cubes_said(Counter(colours)),
        gain=gain,
    )


def market_pass(state: FaginState, seat: int) -> list[Event]:
    market = _market(state)
    market.passed.append(seat)
    event = Event(kind="market_passed", say=later(_passed_said, seat), data={"seat": seat})
    return [event, *_next_trader(state)]


def _passed_said(seat: int) -> Say:
    return said("{who} passes and leaves the market.", who=Seat(seat=seat))


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
