"""A finite, representative list of actions a seat may take now.

The real action space is large (three-location plans, ★ choices, colour pairs), so this
lists every skip/pass, every affordable single-location move, every single steal and
shilling theft, every single trade, and a few multi-location plans. Every action listed is
accepted by `apply`; the tests check that. The same step lists feed plan autocomplete.
"""

from collections.abc import Collection
from functools import cache, lru_cache
from itertools import combinations

from rules.fagins_gang.actions import (
    Action,
    Buy,
    ExchangeSlot,
    Move,
    MoveStep,
    OpenMarket,
    Sell,
    Shillings,
    Steal,
    StealSlot,
)
from rules.fagins_gang.board import BOARD, CHOICE
from rules.fagins_gang.state import FaginState, prices, track_level, was_removed

ALL = frozenset(
    {"move", "steal", "shillings", "open_market", "buy", "sell", "market_pass", "skip", "discard"}
)
"""Every action type, for `legal_actions(kinds=...)`."""

TOP = BOARD.levels.top
BOTTOM = BOARD.levels.bottom
START = BOARD.levels.start


def legal_actions(
    state: FaginState, seat: int, default: Action, kinds: Collection[str] | None = None
) -> list[Action]:
    """The listed actions, the default first. With `kinds` (action types), only actions
    of those types, and nothing else is built: the coach asking what a move would cost
    lists no steals. The order is the full list's, so asking for every kind gives it."""
    if kinds is None:  # random play and search ask for everything, on every move
        if state.phase == "actions":
            return [
                default,
                _OPEN_MARKET,
                *move_plans(state, seat),
                *steal_plans(state, seat),
                *shilling_plans(state, seat),
            ]
        if state.phase == "market":
            return [default, *trades(state, seat)]
        return [default]
    want = frozenset(kinds)
    found: list[Action] = [default] if default.type in want else []
    if state.phase == "actions":
        if "open_market" in want:
            found.append(_OPEN_MARKET)
        if "move" in want:
            found += move_plans(state, seat)
        if "steal" in want:
            found += steal_plans(state, seat)
        if "shillings" in want:
            found += shilling_plans(state, seat)
    elif state.phase == "market" and want & {"buy", "sell"}:
        listed = trades(state, seat)
        found += listed if want >= {"buy", "sell"} else [a for a in listed if a.type in want]
    return found


def can_enter(state: FaginState, seat: int, key: str) -> bool:
    """Entering is open here (supply aside): no urchin or Fagin here, not removed this round."""
    return seat not in state.urchins[key] and not was_removed(state, seat, key)


def move_steps(state: FaginState, seat: int, supply: int | None = None) -> list[MoveStep]:
    """Every affordable single-location step for the seat, in ring order."""
    steps: list[MoveStep] = []
    supply = state.supply[seat] if supply is None else supply
    for key in BOARD.ring:
        location = BOARD.location(key)
        budget = state.cubes[seat][location.colour] // location.move_cost
        level = track_level(state, key, seat)
        if level is not None:
            for n in range(1, budget + 1):
                if level - n >= TOP:
                    steps.append(_step(key, "move", "up", n))
                if level + n <= BOTTOM:
                    steps.append(_step(key, "move", "down", n))
            if budget >= level - TOP + 1:
                steps.append(_step(key, "leave", side="top"))
                if state.shillings[seat] >= BOARD.fagin_price:
                    steps.append(_step(key, "fagin"))
            if budget >= BOTTOM - level + 1:
                steps.append(_step(key, "leave", side="bottom"))
        elif supply > 0 and budget >= 1 and can_enter(state, seat, key):
            steps.append(_step(key, "enter"))
            for n in range(1, budget):
                if START - n >= TOP:
                    steps.append(_step(key, "enter", "up", n))
                if START + n <= BOTTOM:
                    steps.append(_step(key, "enter", "down", n))
    return steps


def move_plans(state: FaginState, seat: int) -> list[Move]:
    singles = move_steps(state, seat)
    plans = [_move_alone(step) for step in singles]
    # A leave followed by entering elsewhere with the same urchin.
    after_leaving = move_steps(state, seat, supply=state.supply[seat] + 1)
    for leave in (s for s in singles if s.kind == "leave"):
        enter = next(
            (s for s in after_leaving if s.kind == "enter" and s.location != leave.location),
            None,
        )
        if enter is not None:
            plans.append(_move_of(leave, enter))
    # One plan using up to three locations: the first option at each.
    chosen: list[MoveStep] = []
    supply = state.supply[seat]
    for step in singles:
        if len(chosen) == BOARD.max_slots:
            break
        if step.kind == "fagin" or any(c.location == step.location for c in chosen):
            continue
        if step.kind == "enter":
            if supply == 0:
                continue
            supply -= 1
        chosen.append(step)
    if len(chosen) > 1:
        plans.append(_move_of(*chosen))
    return plans


def _steal_slot(warehouses: dict[str, int], key: str, level: int) -> StealSlot:
    """A steal here with each ★ naming the best-stocked colour; updates `warehouses`."""
    printed = BOARD.goods_at(key, level)
    colours: list[str] = []
    for _ in range(printed.count(CHOICE)):
        best = max(BOARD.colour_ring, key=lambda c: warehouses[c])
        colours.append(best)
        warehouses[best] = max(0, warehouses[best] - 1)
    for colour in printed:
        if colour != CHOICE:
            warehouses[colour] = max(0, warehouses[colour] - 1)
    return _steal_slot_of(key, tuple(colours))


def steal_plans(state: FaginState, seat: int) -> list[Steal]:
    spots = [
        (key, level)
        for key in BOARD.ring
        if (level := track_level(state, key, seat)) is not None and level < BOTTOM
    ]
    singles = [_steal_slot(dict(state.warehouses), key, level) for key, level in spots]
    plans = [_steal_alone(slot.location, tuple(slot.colours)) for slot in singles]
    if len(spots) > 1:
        stock = dict(state.warehouses)
        slots = [_steal_slot(stock, key, lvl) for key, lvl in spots[: BOARD.max_slots]]
        plans.append(_steal_at(tuple((slot.location, tuple(slot.colours)) for slot in slots)))
    held = dict(state.cubes[seat])
    if sum(held.values()) >= 3:
        give: list[str] = []
        for _ in range(3):
            most = max(BOARD.colour_ring, key=lambda c: held[c])
            give.append(most)
            held[most] -= 1
        stock = dict(state.warehouses)
        for colour in give:
            stock[colour] += 1
        take = max(BOARD.colour_ring, key=lambda c: stock[c])
        plans.append(_exchange_plan(tuple(give), take))
    return plans


def shilling_plans(state: FaginState, seat: int) -> list[Shillings]:
    keys = [key for key in BOARD.ring if track_level(state, key, seat) is not None]
    plans = [_shillings_at(key) for key in keys]
    if len(keys) > 1:
        plans.append(_shillings_at(*keys[: BOARD.max_slots]))
    return plans


def trades(state: FaginState, seat: int) -> list[Buy | Sell]:
    assert state.market is not None
    today = prices(state)
    purse = state.shillings[seat]
    held = state.cubes[seat]
    stalls = state.stalls
    full = BOARD.stall_size
    buyable = [c for c in BOARD.colour_ring if stalls[c] > 0 and today[c] <= purse]
    sellable = [c for c in BOARD.colour_ring if held[c] > 0 and stalls[c] < full]
    result: list[Buy | Sell] = [_BUY[c] for c in buyable]
    result += [_SELL[c] for c in sellable]
    if seat == state.market.token_holder:
        for a, b in combinations(buyable, 2):
            if today[a] + today[b] <= purse:
                result.append(_buy(a, b))
        result += [_sell(a, b) for a, b in combinations(sellable, 2)]
    return result


@cache
def _buy(*colours: str) -> Buy:
    """Trades are listed on most turns of a game and are frozen values, so each is built
    once (building them dominated listing them)."""
    return Buy(colours=list(colours))


@cache
def _sell(*colours: str) -> Sell:
    return Sell(colours=list(colours))


_BUY = {colour: _buy(colour) for colour in BOARD.colour_ring}
_SELL = {colour: _sell(colour) for colour in BOARD.colour_ring}
"""Every single trade, built once: the market lists them on every trading turn."""

# Listed plans are frozen values rebuilt from the same few parts on every action turn, so
# each is built once and shared, from the same arguments as before (the same fields set).
_CACHED = 4096
_OPEN_MARKET = OpenMarket()


@lru_cache(maxsize=_CACHED)
def _step(
    location: str,
    kind: str,
    direction: str | None = None,
    levels: int | None = None,
    side: str | None = None,
) -> MoveStep:
    fields: dict[str, object] = {"location": location, "kind": kind}
    if direction is not None:
        fields["direction"] = direction
    if levels is not None:
        fields["levels"] = levels
    if side is not None:
        fields["side"] = side
    return MoveStep.model_validate(fields)


@lru_cache(maxsize=_CACHED)
def _move_alone(step: MoveStep) -> Move:
    return Move(steps=[step])


@lru_cache(maxsize=_CACHED)
def _move_of(*steps: MoveStep) -> Move:
    return Move(steps=list(steps))


@lru_cache(maxsize=_CACHED)
def _steal_slot_of(location: str, colours: tuple[str, ...]) -> StealSlot:
    return StealSlot(location=location, colours=list(colours))


@lru_cache(maxsize=_CACHED)
def _steal_alone(location: str, colours: tuple[str, ...]) -> Steal:
    return Steal(slots=[_steal_slot_of(location, colours)])


@lru_cache(maxsize=_CACHED)
def _steal_at(places: tuple[tuple[str, tuple[str, ...]], ...]) -> Steal:
    return Steal(slots=[_steal_slot_of(location, colours) for location, colours in places])


@lru_cache(maxsize=_CACHED)
def _exchange_plan(give: tuple[str, ...], take: str) -> Steal:
    return Steal(slots=[ExchangeSlot(give=list(give), take=take)])


@lru_cache(maxsize=_CACHED)
def _shillings_at(*locations: str) -> Shillings:
    return Shillings(locations=list(locations))
