"""Every sensible action of a seat in Fagin's Gang, with what it would leave behind.

`rules.fagins_gang.legal` lists a deliberately small set (one fixed three-location plan);
search and heuristics need more, so this generator builds, for the seat on turn: every
move, entry and Fagin at every location, combined into plans across up to three
locations; the steal at the seat's best locations with its free choices spent on the
colours it needs, with exchanges of spare cubes; the shilling theft at its richest
levels; opening the market; and the skip. Each option carries the seat's `Standing`
after it (and any rival's it bumps), worked out with the rules' own landing and bumping
rules, so heuristics compare outcomes without applying every action. Everything built
here is legal by construction (the tests apply every option to a real state).
"""

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from ai.fagins_gang.race import (
    BOTTOM,
    COLOUR,
    COLOUR_INDEX,
    COLOURS,
    COST,
    JUNK,
    PLACES,
    RING,
    SLOTS,
    START,
    TOP,
    Race,
    Standing,
    StandingKey,
    finish_cost,
    give_cheapest,
    off_track_cost,
    on_track,
    printed,
    race_of,
    shillings_at,
    split_key,
    standing,
    stranded_distance,
)
from rules.fagins_gang.actions import (
    Action,
    ExchangeSlot,
    Move,
    MoveStep,
    Shillings,
    Steal,
    StealSlot,
)
from rules.fagins_gang.board import BOARD, CHOICE
from rules.fagins_gang.legal import can_enter
from rules.fagins_gang.movement import aim, bump_chain, landing_level, levels_paid
from rules.fagins_gang.state import FAGIN, FaginState


@dataclass
class Option:
    """An action and the standings it leads to (the seat's, and rivals' it changes)."""

    action: Action
    mine: Standing
    rivals: dict[int, Standing] = field(default_factory=dict)
    steps: tuple[MoveStep, ...] = ()


Plan = tuple[tuple[str, int], ...]
"""(colour, cubes it costs) of the locations a seat means to finish at, cheapest first."""
RING_INDEX = {key: index for index, key in enumerate(RING)}


@lru_cache(maxsize=1 << 14)
def cheapest_finish(target: int, key: StandingKey) -> Plan:
    """`Table.plan` of a standing by its `Race.key` (every option, trade and discard
    asks again for the same few standings)."""
    _, _, cubes, placed = split_key(key)
    costs = []
    for place, spot in zip(PLACES, placed, strict=True):
        if spot == FAGIN:
            continue
        need = finish_cost(place, spot)
        have = cubes[COLOUR_INDEX[COLOUR[place]]]
        costs.append((max(0, need - have), RING_INDEX[place], place, need))
    costs.sort()
    left = target - placed.count(FAGIN)
    return tuple((COLOUR[place], need) for _, _, place, need in costs[: max(0, left)])


class Table:
    """The position seen by one seat: its standing, every rival's, and the race facts."""

    def __init__(
        self, state: FaginState, seat: int, race: Race | None = None, ahead: bool = False
    ) -> None:
        self.state = state
        self.ahead = ahead
        """Whether a stranded seat counts its concrete ways back onto the track (see
        `Table.distance`)."""
        self.seat = seat
        self.race = race or race_of(state)
        self.me = standing(state, seat)
        self.stranded = not on_track(self.me.spots)

    @cached_property
    def others(self) -> dict[int, Standing]:
        """Every rival's standing, made when first asked: a trading or discarding turn
        reads only the seat's own."""
        state = self.state
        return {s: standing(state, s) for s in range(state.players) if s != self.seat}

    def distance(self, s: Standing, race: Race | None = None) -> float:
        """The race distance of one of the seat's own outcomes. A seat with no urchin on
        the track (it can steal nothing) also counts the actions it spends getting one
        back on, so entering, or buying or exchanging the cubes to enter with, is
        progress (by rule of thumb, or, looking `ahead`, way by way); a seat on the track
        is not held back from sending its last urchin to Fagin. `race`: the moment to
        judge it in, if not the table's (a trade's, with the stalls after it)."""
        race = race or self.race
        found = race.distance(s)
        if self.stranded and found > 0 and not on_track(s.spots):
            if self.ahead:
                return stranded_distance(race, s, self.state.warehouses)
            found += off_track_cost(s)
        return found

    def plan(self, s: Standing) -> Plan:
        """(colour, cubes it costs) of the cheapest locations left to finish at."""
        return cheapest_finish(self.race.target, self.race.key(s))

    def needs(self, s: Standing, plan: Plan | None = None) -> dict[str, int]:
        """Colour -> cubes still missing for the cheapest locations to finish at."""
        chosen = self.plan(s) if plan is None else plan
        return {c: need - s.cubes[c] for c, need in chosen if need > s.cubes[c]}

    def spare(self, s: Standing, plan: Plan | None = None) -> dict[str, int]:
        """Colour -> cubes the seat holds beyond what its cheapest finish needs."""
        reserved = dict(self.plan(s) if plan is None else plan)
        return {c: max(0, n - reserved.get(c, 0)) for c, n in s.cubes.items()}


@lru_cache(maxsize=4096)
def _step(location: str, kind: str, direction: str | None = None, levels: int = 0) -> MoveStep:
    """A step as an action part (frozen, so each is built once: every action turn lists
    every step at every location)."""
    if kind == "move" or (kind == "enter" and levels):
        return MoveStep(location=location, kind=kind, direction=direction, levels=levels)
    return MoveStep(location=location, kind=kind)


def location_steps(table: Table) -> Iterator[MoveStep]:
    """Every affordable single-location step (leaving without Fagin is never offered:
    it only pays to take an urchin back, which entering elsewhere does better)."""
    state, seat, me = table.state, table.seat, table.me
    for key in RING:
        spot = me.spots.get(key)
        if spot == FAGIN:
            continue
        budget = me.cubes[COLOUR[key]] // COST[key]
        if isinstance(spot, int):
            if budget >= spot - TOP + 1 and me.shillings >= BOARD.fagin_price:
                yield _step(key, "fagin")
            for n in range(1, min(spot - TOP, budget) + 1):
                yield _step(key, "move", "up", n)
            for n in range(1, min(BOTTOM - spot, budget) + 1):
                yield _step(key, "move", "down", n)
        elif me.supply > 0 and budget >= 1 and can_enter(state, seat, key):
            yield _step(key, "enter")
            for n in range(1, min(START - TOP, budget - 1) + 1):
                yield _step(key, "enter", "up", n)
            for n in range(1, min(BOTTOM - START, budget - 1) + 1):
                yield _step(key, "enter", "down", n)


def apply_step(table: Table, step: MoveStep, mine: Standing, rivals: dict[int, Standing]) -> None:
    """The step's effect on the standings (in place), by `rules.fagins_gang.movement`'s
    own arithmetic: pay, land past the constable, bump whoever stands there."""
    key = step.location
    spot = mine.spots.get(key)
    level = spot if isinstance(spot, int) else None
    mine.cubes[COLOUR[key]] -= levels_paid(step, level) * COST[key]
    if step.kind == "fagin":
        mine.shillings -= BOARD.fagin_price
        mine.spots[key] = FAGIN
        return
    if step.kind == "enter":
        mine.supply -= 1
    target, direction = aim(step, level)
    final = landing_level(table.state, key, target, direction)
    mine.spots[key] = final
    _bump(table, key, final, rivals)


def _bump(table: Table, key: str, level: int, rivals: dict[int, Standing]) -> None:
    """Rivals' standings after the seat's urchin lands on `level` (the state's urchins
    at `key` are as before the move: each location appears once in a plan)."""
    here = table.state.urchins[key]
    if level not in here.values():
        return
    spots = {s: spot for s, spot in here.items() if s != table.seat}
    bumped = next((s for s, spot in spots.items() if spot == level), None)
    if bumped is None:
        return
    constable = table.state.constables[key].level
    for seat, _, new in bump_chain(spots, constable, bumped):
        rival = rivals.setdefault(seat, table.others[seat].copy())
        if new is None:
            del rival.spots[key]
            rival.supply += 1
        else:
            rival.spots[key] = new


def move_option(table: Table, steps: list[MoveStep]) -> Option:
    mine = table.me.copy()
    rivals: dict[int, Standing] = {}
    for step in steps:
        apply_step(table, step, mine, rivals)
    return Option(Move(steps=list(steps)), mine, rivals, tuple(steps))


def steal_slot(
    table: Table, key: str, level: int, stock: dict[str, int], needs: dict[str, int]
) -> tuple[StealSlot, dict[str, int]]:
    """A steal here with each free choice on the most needed colour in stock (else the
    dearest); returns the slot and the cubes it brings. Updates `stock` and `needs`.

    As in the rules, the free choices are taken first and the printed colours after, as
    far as the warehouses still have them; a choice only ranks colours by what the
    printed ones will not already bring."""
    goods = printed(key, level)
    fixed = [c for c in goods if c != CHOICE]
    wanted = dict(needs)
    for colour in fixed:
        wanted[colour] = wanted.get(colour, 0) - 1
    taken: dict[str, int] = {}
    choices = []
    prices = table.race.prices
    for _ in range(len(goods) - len(fixed)):
        in_stock = [c for c in COLOURS if stock[c] > 0]
        if not in_stock:
            choices.append(COLOURS[0])  # every warehouse is empty: any colour is lost
            continue
        best = max(in_stock, key=lambda c: (wanted.get(c, 0) > 0, wanted.get(c, 0), prices[c]))
        choices.append(best)
        wanted[best] = wanted.get(best, 0) - 1
        stock[best] -= 1
        taken[best] = taken.get(best, 0) + 1
    for colour in fixed:
        if stock[colour] > 0:
            stock[colour] -= 1
            taken[colour] = taken.get(colour, 0) + 1
    for colour, count in taken.items():
        if needs.get(colour, 0) > 0:
            needs[colour] = max(0, needs[colour] - count)
    return StealSlot(location=key, colours=choices), taken


def _usefulness(table: Table, key: str, level: int, needs: dict[str, int]) -> float:
    return sum(1.0 if c == CHOICE or needs.get(c, 0) > 0 else JUNK for c in printed(key, level))


def steal_options(table: Table) -> Iterator[Option]:
    me = table.me
    needs = table.needs(me)
    spots = sorted(
        (
            (-_usefulness(table, key, spot, needs), RING_INDEX[key], key, spot)
            for key, spot in me.spots.items()
            if isinstance(spot, int) and spot < BOTTOM
        ),
    )
    best = [(key, spot) for _, _, key, spot in spots[:SLOTS]]
    for count in range(len(best), -1, -1):
        stock = dict(table.state.warehouses)
        wanted = dict(needs)
        mine = me.copy()
        slots: list[StealSlot | ExchangeSlot] = []
        for key, spot in best[:count]:
            slot, taken = steal_slot(table, key, spot, stock, wanted)
            slots.append(slot)
            for colour, n in taken.items():
                mine.cubes[colour] += n
        while len(slots) < SLOTS:
            exchange = _exchange(table, mine, stock, wanted)
            if exchange is None:
                break
            slots.append(exchange)
        if slots:
            trim_to_hand(table, mine)
            yield Option(Steal(slots=slots), mine)
    if table.stranded and table.ahead:
        yield from entry_exchanges(table)


def entry_exchanges(table: Table) -> Iterator[Option]:
    """For a seat with no urchin on the track: at each location it could enter but for
    a few cubes of its colour, the exchange of other cubes (the cheapest) for them."""
    me, stock = table.me, table.state.warehouses
    if me.supply <= 0:
        return
    give_count = BOARD.exchange_give
    total = sum(me.cubes.values())
    for key in RING:
        colour = COLOUR[key]
        short = COST[key] - me.cubes[colour]
        if key in me.spots or not 0 < short <= SLOTS or stock[colour] < short:
            continue
        if total - me.cubes[colour] < give_count * short:
            continue
        mine = me.copy()
        given = give_cheapest(table.race.cheapest, mine, colour, give_count * short)
        mine.cubes[colour] += short
        slots: list[StealSlot | ExchangeSlot] = [
            ExchangeSlot(give=given[i : i + give_count], take=colour)
            for i in range(0, len(given), give_count)
        ]
        yield Option(Steal(slots=slots), mine)


def _exchange(
    table: Table, mine: Standing, stock: dict[str, int], needs: dict[str, int]
) -> ExchangeSlot | None:
    """Three spare cubes for one needed cube in stock, if the seat has both."""
    wanted = [c for c in COLOURS if needs.get(c, 0) > 0 and stock[c] > 0]
    if not wanted:
        return None
    spare = table.spare(mine)
    give: list[str] = []
    for _ in range(3):
        colour = max(COLOURS, key=lambda c: (spare[c], -table.race.prices[c]))
        if spare[colour] <= 0:
            return None
        spare[colour] -= 1
        give.append(colour)
    take = max(wanted, key=lambda c: (needs[c], table.race.prices[c]))
    for colour in give:
        mine.cubes[colour] -= 1
        stock[colour] += 1
    mine.cubes[take] += 1
    stock[take] -= 1
    needs[take] -= 1
    return ExchangeSlot(give=give, take=take)


def trim_to_hand(table: Table, mine: Standing) -> None:
    """Cubes over the hand limit go back at the end of the round: drop the least useful."""
    excess = sum(mine.cubes.values()) - BOARD.hand_limit
    if excess <= 0:
        return
    needs = table.needs(mine)
    for _ in range(excess):
        colour = min(
            (c for c in COLOURS if mine.cubes[c] > 0),
            key=lambda c: (needs.get(c, 0) > 0, table.race.prices[c], -mine.cubes[c]),
        )
        mine.cubes[colour] -= 1


def shilling_options(table: Table) -> Iterator[Option]:
    spots = sorted(
        (
            (-shillings_at(key, spot), RING_INDEX[key], key, spot)
            for key, spot in table.me.spots.items()
            if isinstance(spot, int)
        )
    )
    chosen = [(key, spot) for gain, _, key, spot in spots[:SLOTS] if gain < 0]
    if chosen:
        mine = table.me.copy()
        mine.shillings += sum(shillings_at(key, spot) for key, spot in chosen)
        yield Option(Shillings(locations=[key for key, _ in chosen]), mine)
