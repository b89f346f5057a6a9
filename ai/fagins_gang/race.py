"""How far a seat is from winning, in actions: the one measure every Fagin's Gang
heuristic minimises (its moves, trades and discards, and `strong`'s playout scores).

To win a seat must send `fagin_target` urchins to Fagin, each from a different
location: it pays (level + 1) x the location's move cost in cubes of the location's own
colour, plus the Fagin price in shillings (an urchin not yet on the track first enters,
one level more). Colours never share a location, so each location's shortfall is its own;
the estimate picks the cheapest locations still open, adds up the cubes and shillings
missing, lets spare cubes and spare shillings cover part of it at market rates, and turns
the rest into actions at the rates the seat's urchins steal at from where they stand
(cubes it needs, free choices, other cubes at a third; shillings). A Fagin still to make
and an urchin still to enter cost an action share each, and an urchin a constable may
bump in the next patrol costs what the level it would lose costs.
"""

from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import cast

from rules.fagins_gang.board import BOARD, CHOICE
from rules.fagins_gang.constables import walk
from rules.fagins_gang.state import FAGIN, Facing, FaginState, Spot, prices

TOP = BOARD.levels.top
BOTTOM = BOARD.levels.bottom
START = BOARD.levels.start
RING = BOARD.ring
COLOURS = BOARD.colour_ring
COLOUR = {loc.key: loc.colour for loc in BOARD.locations}
COST = {loc.key: loc.move_cost for loc in BOARD.locations}
SLOTS = BOARD.max_slots
COLOUR_INDEX = {colour: index for index, colour in enumerate(COLOURS)}
NEED_BIT = {colour: 1 << index for colour, index in COLOUR_INDEX.items()}
"""Each colour's bit in a set of needed colours held as an int (a plain value, so the
answers of `rates` are kept without the garbage collector tracking their keys)."""

FAGIN_STEP = 1.0
"""Actions a Fagin still to make costs by itself (the move that pays for it)."""
ENTER_STEP = 0.5
"""Actions an urchin still to enter costs (entries share a move action)."""
JUNK = 0.3
"""What a stolen cube of a colour the seat does not need is worth, in needed cubes."""
SELL = 0.8
"""Share of a spare cube's wheel price it is counted at (the wheel turns before the
seat's next market visit)."""
SALE_RATE = 12.0
"""Shillings one market visit turns spare cubes into: selling is an action like any other,
so a seat short of the Fagin fee sees every cube it sells bring it closer."""
BUY = 0.6
"""Share of spare shillings that turns into needed cubes at the market."""
STEAL_FLOOR = 1.5
"""Cubes an action brings in at worst (trading at the market)."""
SHILLING_FLOOR = 2.0
"""Shillings an action brings in at worst."""
RISK = 1.0
"""Weight of the cubes a bump in the next patrol would cost."""
STRANDED = 2.0
"""Extra actions of a seat with no urchin on the track and no way back on it can see."""
NO_WAY = 99.0
"""Distance of a seat that can no longer reach the target (no locations left)."""


@dataclass(slots=True)
class Standing:
    """One seat's resources and urchins, as a plain value heuristics can try moves on."""

    shillings: int
    cubes: dict[str, int]
    """Colour -> cubes held, every colour in the board's order (`Race.key` reads them
    in the order they are held)."""
    spots: dict[str, Spot] = field(default_factory=dict)
    """Location -> the seat's urchin there (a level or Fagin); absent: none there."""
    supply: int = 0

    def copy(self) -> "Standing":
        return Standing(self.shillings, dict(self.cubes), dict(self.spots), self.supply)

    def at_fagin(self) -> int:
        return list(self.spots.values()).count(FAGIN)


def standing(state: FaginState, seat: int) -> Standing:
    held = state.cubes[seat]
    return Standing(
        shillings=state.shillings[seat],
        cubes={colour: held[colour] for colour in COLOURS},
        spots={key: spots[seat] for key, spots in state.urchins.items() if seat in spots},
        supply=state.supply[seat],
    )


def split_key(key: "StandingKey") -> tuple[int, int, tuple[int, ...], "Placed"]:
    """A `Race.key`'s shillings, supply, cubes (by colour, in the board's order) and
    urchins."""
    shillings, supply = cast(tuple[int, int], key[:CUBES_AT])
    return shillings, supply, cast(tuple[int, ...], key[CUBES_AT:SPOTS_AT]), key[SPOTS_AT:]


def standing_of(key: "StandingKey") -> Standing:
    """The standing a `Race.key` was made of (memos keep keys: plain values, which the
    garbage collector stops tracking, where a `Standing` stays tracked)."""
    shillings, supply, cubes, placed = split_key(key)
    spots = {p: spot for p, spot in zip(PLACES, placed, strict=True) if spot is not None}
    return Standing(shillings, dict(zip(COLOURS, cubes, strict=True)), spots, supply)


@cache
def printed(location: str, level: int) -> tuple[str, ...]:
    return tuple(BOARD.goods_at(location, level))


@cache
def shillings_at(location: str, level: int) -> int:
    return BOARD.shillings_at(location, level)


@cache
def patrol_stops(level: int, facing: Facing) -> tuple[int, ...]:
    """Where a constable ends its patrol for each die roll 1..6 (the rules' own walk)."""
    return tuple(walk(level, facing, roll).level for roll in range(1, 7))


@cache
def needs_by_spot(cost: int, constable: int, facing: Facing) -> dict[Spot | None, int]:
    """Cubes still to pay from each level to Fagin, plus the expected cost of being
    bumped one level down by the coming patrol; none from Fagin or from no urchin, so
    a seat's dues can be read at every location alike (shared: not to be changed)."""
    stops = patrol_stops(constable, facing)
    dues: dict[Spot | None, int] = {
        level: (level - TOP + 1) * cost + round(RISK * stops.count(level) / 6 * cost)
        for level in range(TOP, BOTTOM + 1)
    }
    return dues | {FAGIN: 0, None: 0}


def finish_cost(location: str, spot: Spot | None) -> int:
    """Cubes of the location's colour still to pay to send an urchin from `spot` to Fagin
    (entering first when the seat has no urchin there)."""
    if spot is None:
        return (1 + START - TOP + 1) * COST[location]
    assert spot != FAGIN
    return (spot - TOP + 1) * COST[location]


Placed = tuple[Spot | None, ...]
"""A seat's urchin at each location, in the board's order (None: none there)."""
StandingKey = tuple[Spot | None, ...]
"""Everything of a standing an estimate reads (see `Race.key`)."""
PLACES = tuple(loc.key for loc in BOARD.locations)
CUBES_AT = 2
SPOTS_AT = CUBES_AT + len(COLOURS)
"""Where a `StandingKey`'s cubes and its `Placed` spots start."""

LOCATIONS = tuple((loc.key, loc.colour, loc.move_cost) for loc in BOARD.locations)
ENTRIES = tuple((key, colour, finish_cost(key, None)) for key, colour, _ in LOCATIONS)
"""Per location: its key, colour and the cubes to finish there from outside the track
(the need of a location where the seat has no urchin yet)."""
ENTER_RANK = ENTER_STEP * 3
"""An entry still to make, in cubes, when ranking locations to finish at."""


Shortfall = tuple[float, float, tuple[tuple[str, int], ...], float, float, float, float]
"""A distance that still depends on the stalls: the seat lacks cubes it could buy with
spare shillings, as far as the stalls hold them; everything else of it is the same under
any stalls, so it is worked out once for all of them. In order: the needed cubes still
to steal before buying, those the spare shillings would buy whatever the stalls hold,
(colour, cubes missing) of the colours it lacks, then the parts of `actions_left` (the
steps, the steal rate, the selling and the shilling steps). A plain tuple, not a class:
there are tens of thousands of them, and the garbage collector stops tracking (and
traversing) tuples of plain values."""


def shortfall_distance(shortfall: Shortfall, stalls: dict[str, int]) -> float:
    cubes_left, affordable, shorts, steps, steal, selling, shilling_steps = shortfall
    in_stalls = 0
    for colour, short in shorts:
        held = stalls[colour]
        in_stalls += short if short <= held else held
    left = cubes_left - min(affordable, float(in_stalls))
    return actions_left(steps, left, steal, selling, shilling_steps)


def actions_left(
    steps: float, cubes_left: float, steal: float, selling: float, shillings: float
) -> float:
    """A distance from its parts: the fixed steps, the cubes still to steal at `steal` an
    action, the selling and the shillings still to steal (in actions)."""
    if cubes_left > 0:
        steps += cubes_left / steal
    return steps + selling + shillings


Estimates = dict[tuple[StandingKey, tuple[int, ...]], float | Shortfall]
"""Standing and the cubes due at each location from its spot there -> its distance, or
what it waits on the stalls for: one target's and wheel's, shared by every moment with
them."""
_estimates: dict[tuple[object, ...], Estimates] = {}
_markets: dict[tuple[object, ...], dict[tuple[object, ...], object]] = {}


class Race:
    """The facts of one moment every estimate shares: target, prices, constables, and
    per location and level the cubes still to pay (with the bump risk added).

    A decision asks for the distance of the same standings again and again (every
    option is scored against the seat's and the rivals' standings, every trade against
    the one before), so each standing's distance is worked out once per `Race`. Moments
    differ mostly in their stalls (every trade a seat looking ahead weighs is judged
    with the stalls after it) and in constables far from the seat's urchins, neither of
    which most distances read: what a standing's distance takes from the target, the
    wheel and the cubes due where its urchins stand is shared by all such moments."""

    __slots__ = (
        "_estimates",
        "_known",
        "cheapest",
        "market",
        "need_at",
        "prices",
        "remembered",
        "stalls",
        "target",
    )

    def __init__(self, state: FaginState, stalls: dict[str, int] | None = None) -> None:
        self.target = state.options.fagin_target
        self.prices = prices(state)
        self.cheapest = tuple(sorted(COLOURS, key=self.prices.__getitem__))
        """The colours by price, the cheapest first (the order exchanges give them in)."""
        self.stalls = dict(state.stalls if stalls is None else stalls)
        self.need_at = dues_of(patrol_of(state))
        """Per location (in the board's order), the cubes due from each spot."""
        self._known: dict[StandingKey, float] = {}
        wheel = (self.target, state.wheel_ring, state.wheel_rotation)
        self._estimates = _estimates.setdefault(wheel, {})
        self.remembered: dict[tuple[object, ...], object] = {}
        """Other answers of this moment's heuristics, by what they depend on (a market
        visit's outcome for a standing, see `trading`)."""
        self.market = _markets.setdefault((*wheel, *map(self.stalls.__getitem__, COLOURS)), {})
        """Answers that read the constables only through the cubes due where the seat
        stands (see `due_key`): shared by every moment with these stalls and wheel."""

    @staticmethod
    def key(s: Standing) -> StandingKey:
        """Everything of a standing an estimate reads, as a dictionary key: shillings,
        supply, the cubes of each colour (in the board's order), then its `Placed` urchins.
        Flat and plain, so the garbage collector stops tracking a key the first time it
        sees it; nested, the keys memos keep lived on into its oldest generation and
        set off a full collection (tens of milliseconds) about once a decision."""
        return (s.shillings, s.supply, *s.cubes.values(), *map(s.spots.get, PLACES))

    def due_key(self, s: Standing) -> tuple[StandingKey, tuple[int, ...]]:
        """A standing's key and the cubes due from each of its spots: everything of the
        moment's constables its distance reads, and so any answer made of its distances
        and those of standings with the same urchins (its trades)."""
        key = self.key(s)
        return key, tuple(map(dict.__getitem__, self.need_at, key[SPOTS_AT:]))

    def distance(self, s: Standing) -> float:
        """Estimated actions the seat still needs to win (0 once it has won)."""
        key = self.key(s)
        found = self._known.get(key)
        if found is None:
            placed = key[SPOTS_AT:]
            due = tuple(map(dict.__getitem__, self.need_at, placed))
            estimate = self._estimates.get((key, due))
            if estimate is None:
                estimate = self._estimates[key, due] = self._estimate(s, placed)
            if isinstance(estimate, float):
                found = estimate
            else:
                found = shortfall_distance(estimate, self.stalls)
            self._known[key] = found
        return found

    def _estimate(self, s: Standing, placed: Placed) -> float | Shortfall:
        """The distance as far as it does not depend on the stalls (it reads only the
        target, the prices and the cubes due at `need_at` where the seat stands)."""
        cubes = s.cubes
        done = 0
        options: list[tuple[float, bool, str, str, int, int]] = []
        for (key, colour, entry_need), spot, row in zip(ENTRIES, placed, self.need_at, strict=True):
            if spot is None:
                have = cubes[colour]
                short = entry_need - have if entry_need > have else 0
                options.append((short + ENTER_RANK, True, key, colour, entry_need, short))
            elif spot == FAGIN:
                done += 1
            else:
                need = row[spot]
                have = cubes[colour]
                short = need - have if need > have else 0
                options.append((short, False, key, colour, need, short))
        left = self.target - done
        if left <= 0:
            return 0.0
        options.sort()
        prices = self.prices
        reserved: dict[str, int] = {}
        shorts: dict[str, int] = {}
        cube_short = wanted_prices = entries = needs = 0
        for _, entering, _, colour, need, short in options:
            if entering:
                if entries >= s.supply:
                    continue
                entries += 1
            reserved[colour] = need
            if short:
                cube_short += short
                shorts[colour] = short
                needs |= NEED_BIT[colour]
                wanted_prices += prices[colour]
            if len(reserved) == left:
                break
        if len(reserved) < left:
            return NO_WAY
        shilling_short = max(0, BOARD.fagin_price * left - s.shillings)
        spare_cubes = 0
        spare_value = 0.0
        for colour in COLOURS:
            spare = cubes[colour] - reserved.get(colour, 0)
            if spare > 0:
                spare_cubes += spare
                spare_value += spare * prices[colour] * SELL
        # Shillings are a need of their own: spare cubes pay the fee only once sold at
        # the market (a visit sells many), the rest must be stolen.
        sold = min(float(shilling_short), spare_value)
        shilling_gap = shilling_short - sold
        if spare_value > 0:
            cube_short_left = cube_short - spare_cubes * (1 - sold / spare_value) / 3
        else:
            cube_short_left = float(cube_short)
        steal, shill = rates(placed, needs)
        steps = FAGIN_STEP * left + ENTER_STEP * entries
        steal = max(STEAL_FLOOR, steal)
        selling = sold / SALE_RATE
        shilling_steps = shilling_gap / max(SHILLING_FLOOR, shill)
        spare_shillings = s.shillings - BOARD.fagin_price * left
        if cube_short_left > 0 and spare_shillings > 0 and shorts:
            # Shillings buy only what the stalls hold of the colours it needs.
            affordable = BUY * spare_shillings * len(shorts) / wanted_prices
            return (
                cube_short_left,
                affordable,
                tuple(shorts.items()),
                steps,
                steal,
                selling,
                shilling_steps,
            )
        return actions_left(steps, cube_short_left, steal, selling, shilling_steps)


FACINGS: tuple[Facing, Facing] = ("down", "up")


def patrol_of(state: FaginState) -> tuple[int, ...]:
    """Each location's constable (in the board's order) as one number, twice its level
    plus 1 facing up: the constables as plain values, for keys."""
    constables = map(state.constables.__getitem__, PLACES)
    return tuple([c.level * 2 + (c.facing == "up") for c in constables])


@lru_cache(maxsize=1024)
def dues_of(patrol: tuple[int, ...]) -> tuple[dict[Spot | None, int], ...]:
    """`needs_by_spot` at each location under a `patrol_of` (moments share their
    constables far more often than their stalls)."""
    return tuple(
        needs_by_spot(COST[place], code // 2, FACINGS[code % 2])
        for place, code in zip(PLACES, patrol, strict=True)
    )


RACES = 4096
"""How many moments' facts (and their distances) are kept, across decisions."""
_races: dict[tuple[object, ...], Race] = {}


def race_of(state: FaginState, stalls: dict[str, int] | None = None) -> Race:
    """The `Race` of a state's moment, shared by every state with the same facts (target,
    wheel, stalls, constables): within a round they change only when someone trades, so
    every seat, option and playout of a round looks its standings up in one memo.

    With `stalls`, the moment as it would be with the stalls holding those cubes: a trade
    judged by the seat's distance after it *and* the stalls after it, so a seat whose
    sale makes a cube buyable cannot also see buying it back as progress. A seat looking
    ahead judges its trades so (see `trading.traded_distance`)."""
    held = state.stalls if stalls is None else stalls
    key = (
        state.options.fagin_target,
        state.wheel_ring,
        state.wheel_rotation,
        *map(held.__getitem__, COLOURS),
        *patrol_of(state),
    )
    found = _races.get(key)
    if found is None:
        if len(_races) >= RACES:
            _races.clear()
            _estimates.clear()
            _markets.clear()
        found = _races[key] = Race(state, held)
    return found


def on_track(spots: dict[str, Spot]) -> bool:
    """Whether the seat has an urchin it can steal with (on a level, not at Fagin)."""
    return any(spot != FAGIN for spot in spots.values())


def off_track_cost(s: Standing) -> float:
    """Actions a seat with no urchin on the track spends before it can steal again, by
    rule of thumb: none beyond the entry its plan counts when it holds the cubes to enter;
    one to exchange three cubes for one first; `STRANDED` short of even that. Most turns
    of a stranded seat are decided by this; `stranded_distance` looks further when no
    option beats skipping by it."""
    if s.supply <= 0:
        return STRANDED
    if any(key not in s.spots and s.cubes[colour] >= cost for key, colour, cost in LOCATIONS):
        return 0.0
    if sum(s.cubes.values()) >= BOARD.exchange_give:
        return 1.0
    return STRANDED


ENTER_NOW = 1.0
"""Actions a seat with no urchin on the track, holding the cubes to enter, spends
getting one on: the move that enters."""
EXCHANGE_FIRST = 2.0
"""... when it must first exchange three cubes for each one it lacks (one steal action
with up to three exchange slots), then enter."""
BUY_VISIT = 0.5
BUY_STEP = 0.5
"""... when it must buy what it lacks first: a share of a market visit, and a share per
cube (a visit buys one cube a turn, so each bought cube is progress of its own)."""
BUY_SHORT = 2
"""The most cubes a stranded seat counts on buying in one visit to enter with."""


def stranded_distance(race: Race, s: Standing, warehouses: dict[str, int]) -> float:
    """The distance of a seat with no urchin on the track, which can steal nothing until
    it enters one: the cheapest concrete way back on (enter where it holds the cubes;
    exchange spare cubes for the ones it lacks, then enter; buy them, then enter), each
    counted as the distance after entering plus the actions the way takes. Without this,
    every option of such a seat scored alike and it opened the market to trade nothing
    turn after turn (the race alone counts its cubes as if a steal could add to them).
    Only `Table`s that look ahead ask (see `standard_action`).
    Short of any way (no supply, nothing to buy with), `STRANDED` actions more."""
    memo = ("stranded", race.key(s), tuple(warehouses.values()))
    found = race.remembered.get(memo)
    if isinstance(found, float):
        return found
    best = race.distance(s) + STRANDED
    if s.supply > 0:
        total = sum(s.cubes.values())
        for key, colour, cost in LOCATIONS:
            if key in s.spots:
                continue
            short = cost - s.cubes[colour]
            entered = s.copy()
            entered.supply -= 1
            entered.spots[key] = START
            if short <= 0:
                entered.cubes[colour] -= cost
                best = min(best, race.distance(entered) + ENTER_NOW)
                continue
            entered.cubes[colour] = 0
            price = race.prices[colour] * short
            if short <= BUY_SHORT and race.stalls[colour] >= short and price <= s.shillings:
                entered.shillings -= price
                steps = ENTER_NOW + BUY_VISIT + BUY_STEP * short
                best = min(best, race.distance(entered) + steps)
                entered.shillings += price
            give = BOARD.exchange_give * short
            others = total - s.cubes[colour]
            if short <= SLOTS and others >= give and warehouses[colour] >= short:
                give_cheapest(race.cheapest, entered, colour, give)
                best = min(best, race.distance(entered) + EXCHANGE_FIRST)
    race.remembered[memo] = best
    return best


def give_cheapest(cheapest: tuple[str, ...], s: Standing, keep: str, count: int) -> list[str]:
    """Give up to `count` cubes of colours other than `keep`, the cheapest first (in
    `cheapest`'s order, in place); the colours given, in that order (an exchange's,
    three to a slot)."""
    given: list[str] = []
    for colour in cheapest:
        if colour == keep:
            continue
        taken = min(count - len(given), s.cubes[colour])
        s.cubes[colour] -= taken
        given += [colour] * taken
    return given


@lru_cache(maxsize=1 << 15)
def rates(placed: Placed, needs: int) -> tuple[float, float]:
    """Needed cubes and shillings one steal action brings from where the seat stands
    (`placed`: its spots, location by location; `needs`: the colours it needs, as
    `NEED_BIT`s). Seats stand in the same few places needing the same few colours,
    standing after standing, so each answer is kept."""
    goods: list[float] = []
    money: list[int] = []
    for key, spot in zip(PLACES, placed, strict=True):
        if spot is None or spot == FAGIN:
            continue
        choices, fixed, shillings = _yield(key, spot)
        money.append(shillings)
        if spot != BOTTOM:
            goods.append(choices + sum(1.0 if bit & needs else JUNK for bit in fixed))
    goods.sort(reverse=True)
    money.sort(reverse=True)
    return sum(goods[:SLOTS]), float(sum(money[:SLOTS]))


@cache
def _yield(location: str, level: int) -> tuple[int, tuple[int, ...], int]:
    """A level's free choices, printed colours (as `NEED_BIT`s) and shillings."""
    goods = printed(location, level)
    fixed = tuple(NEED_BIT[c] for c in goods if c != CHOICE)
    return len(goods) - len(fixed), fixed, shillings_at(location, level)
