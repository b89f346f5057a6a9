"""Smithfield Market by the race measure: which trades bring a seat closer to winning.

A trade is worth making when the seat's distance (`race`) shrinks: buying a cube it is
short of with shillings it can spare, selling cubes it does not need when the wheel pays
well or it is short of shillings. Opening the market is worth it when the trades the seat
would make there beat its other actions; the return of cubes over the hand limit gives
back, one at a time, the cube whose loss costs least.
"""

from collections.abc import Iterator
from functools import cache
from itertools import combinations

from ai.fagins_gang.moves import Option, Table
from ai.fagins_gang.race import COLOURS, Standing, on_track, race_of, standing_of
from rules.fagins_gang.actions import Action, Buy, Discard, MarketPass, Sell
from rules.fagins_gang.board import BOARD

GAIN = 0.02
"""A trade must bring the seat this many actions closer to winning, or it passes."""
MARKET_TRADES = 6
_PASS = MarketPass()
"""Cubes a seat counts on trading when it opens the market."""


def trades(
    table: Table, mine: Standing, stalls: dict[str, int], pairs: bool, useful: bool = True
) -> Iterator[Option]:
    """Every single trade (and, for the token holder, every pair of one kind) open now;
    with `useful`, only buying colours the seat is short of (any colour while it has no
    urchin on the track: one to enter with) and selling spare ones (no other trade can
    bring it closer to winning)."""
    prices = table.race.prices
    buyable = [c for c in COLOURS if stalls[c] > 0 and prices[c] <= mine.shillings]
    sellable = [c for c in COLOURS if mine.cubes[c] > 0 and stalls[c] < BOARD.stall_size]
    if useful:
        plan = table.plan(mine)
        needs, spare = table.needs(mine, plan), table.spare(mine, plan)
        if on_track(mine.spots):
            buyable = [c for c in buyable if needs.get(c, 0) > 0]
        sellable = [c for c in sellable if spare[c] > 0]
    groups: list[tuple[bool, tuple[str, ...]]] = [(True, (c,)) for c in buyable]
    groups += [(False, (c,)) for c in sellable]
    if pairs:
        groups += [
            (True, pair)
            for pair in combinations(buyable, 2)
            if prices[pair[0]] + prices[pair[1]] <= mine.shillings
        ]
        groups += [(False, pair) for pair in combinations(sellable, 2)]
    for buying, colours in groups:
        after = mine.copy()
        for colour in colours:
            after.cubes[colour] += 1 if buying else -1
            after.shillings += -prices[colour] if buying else prices[colour]
        yield Option(_trade(buying, colours), after)


@cache
def _trade(buying: bool, colours: tuple[str, ...]) -> Buy | Sell:
    """A trade as an action (frozen, so each is built once: every trading turn lists
    them all)."""
    return Buy(colours=list(colours)) if buying else Sell(colours=list(colours))


def stalls_after(stalls: dict[str, int], trade: Action) -> dict[str, int]:
    """The stalls once a trade is made: a buy takes its cubes from them, a sale adds."""
    after = dict(stalls)
    if isinstance(trade, Buy | Sell):
        for colour in trade.colours:
            after[colour] += -1 if isinstance(trade, Buy) else 1
    return after


def traded_distance(table: Table, option: Option, stalls: dict[str, int]) -> float:
    """The seat's distance after a trade. A seat looking ahead (`Table.ahead`) counts on
    buying from the stalls, so its trades are judged in the moment each leaves (the
    stalls after it): judged against the stalls before, one sold and bought back one red
    cube forever. Others judge in the table's moment (a sixth cheaper in CPU)."""
    if not table.ahead:
        return table.distance(option.mine)
    return table.distance(option.mine, race_of(table.state, stalls_after(stalls, option.action)))


def market_distance(table: Table, mine: Standing, stalls: dict[str, int]) -> float:
    """The seat's distance with the stalls as they stand (the bar a trade must beat)."""
    if not table.ahead:
        return table.distance(mine)
    return table.distance(mine, race_of(table.state, stalls))


def best_trade(table: Table, mine: Standing, stalls: dict[str, int], pairs: bool) -> Option | None:
    """The trade that brings the seat closest to winning, if it gains enough."""
    best, best_distance = None, market_distance(table, mine, stalls) - GAIN
    for option in trades(table, mine, stalls, pairs):
        distance = traded_distance(table, option, stalls)
        if distance < best_distance:
            best, best_distance = option, distance
    return best


def after_market(table: Table) -> Standing:
    """The seat's standing after the trades it would make if it opened the market now
    (worked out once per standing and market, see `_memo`: every action turn of every
    playout asks)."""
    memo, key = _memo(table, "market")
    found = memo.get(key)
    if not isinstance(found, tuple):
        found = memo[key] = table.race.key(_after_market(table))
    return standing_of(found)


def _memo(
    table: Table, *what: object
) -> tuple[dict[tuple[object, ...], object], tuple[object, ...]]:
    """Where a market answer for the seat's standing is kept, and its key there. Trades
    leave its urchins where they are, so a seat judging them in its own moment reads the
    constables only through the cubes due where it stands: its answers hold for every
    moment with the same stalls and wheel. A seat looking ahead judges each trade in the
    moment it leaves (and its way back on the track in the warehouses): its own moment's."""
    race = table.race
    if table.ahead:
        return race.remembered, (*what, *race.key(table.me))
    key, due = race.due_key(table.me)
    return race.market, (*what, *key, *due)


def _after_market(table: Table) -> Standing:
    mine = table.me.copy()
    stalls = dict(table.state.stalls)
    for _ in range(MARKET_TRADES):
        trade = best_trade(table, mine, stalls, pairs=False)
        if trade is None:
            break
        stalls = stalls_after(stalls, trade.action)
        mine = trade.mine
    return mine


def trade_action(table: Table) -> Buy | Sell | MarketPass:
    """A trading turn: the best trade, or pass when none gains."""
    market = table.state.market
    assert market is not None
    holder = market.token_holder == table.seat
    memo, key = _memo(table, "trade", holder)
    found = memo.get(key)
    if not isinstance(found, Buy | Sell | MarketPass):
        trade = best_trade(table, table.me, dict(table.state.stalls), pairs=holder)
        found = _PASS if trade is None else trade.action
        assert isinstance(found, Buy | Sell | MarketPass)
        memo[key] = found
    return found


def discard_action(table: Table, owed: int) -> Discard:
    """Return `owed` cubes, each time the one whose loss hurts the race least."""
    mine = table.me.copy()
    returned: dict[str, int] = {}
    for _ in range(owed):
        best, best_distance = COLOURS[0], float("inf")
        for colour in COLOURS:
            if mine.cubes[colour] <= 0:
                continue
            mine.cubes[colour] -= 1
            distance = table.distance(mine)
            mine.cubes[colour] += 1
            if distance < best_distance:
                best, best_distance = colour, distance
        mine.cubes[best] -= 1
        returned[best] = returned.get(best, 0) + 1
    return Discard(cubes={c: returned[c] for c in COLOURS if c in returned})
