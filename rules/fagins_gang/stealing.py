"""Action b: steal goods at up to three locations, or exchange three cubes for one.

Slots run in the order given, so goods stolen in one slot may be exchanged in a later one.
Within a steal slot the player's ★ choices are taken first, then the printed colours as far
as their warehouses have them; a choice therefore never competes with a printed colour, and
the player sees exactly the stock they name from.
"""

from collections import Counter

from rules.errors import RuleError
from rules.events import Event
from rules.fagins_gang.actions import ExchangeSlot, Steal, StealSlot, format_slot
from rules.fagins_gang.board import BOARD, CHOICE
from rules.fagins_gang.state import FAGIN, FaginState, p
from rules.names import shown


def apply_steal(state: FaginState, seat: int, steal: Steal) -> list[Event]:
    slots = steal.slots
    if not slots:
        raise RuleError("A steal plan needs at least one location or exchange.")
    if len(slots) > BOARD.max_slots:
        raise RuleError(
            f"A steal plan has at most {BOARD.max_slots} parts; yours has {len(slots)}."
        )
    events: list[Event] = []
    named: dict[str, str] = {}
    for slot in slots:
        part = format_slot(slot)
        if isinstance(slot, ExchangeSlot):
            events.append(_exchange(state, seat, slot, part))
            continue
        location = BOARD.known_location(slot.location, part)
        if slot.location in named:
            raise RuleError(
                f'In "{shown(part)}": {location.name} is already named in '
                f'"{named[slot.location]}"; '
                "you steal at each location at most once."
            )
        named[slot.location] = part
        events.append(_steal(state, seat, slot, part))
    return events


def urchin_on_track(state: FaginState, seat: int, location: str, part: str) -> int:
    """The level of the seat's urchin at a location, refusing if it is not on the track."""
    name = BOARD.location(location).name
    spot = state.urchins[location].get(seat)
    if spot == FAGIN:
        raise RuleError(
            f'In "{shown(part)}": your urchin at {name} has gone back to Fagin; '
            f"you may not use {name} again."
        )
    if not isinstance(spot, int):
        raise RuleError(f'In "{shown(part)}": you have no urchin at {name}.')
    return spot


def _steal(state: FaginState, seat: int, slot: StealSlot, part: str) -> Event:
    location = BOARD.location(slot.location)
    level = urchin_on_track(state, seat, slot.location, part)
    printed = BOARD.goods_at(slot.location, level)
    choices = printed.count(CHOICE)
    if len(slot.colours) != choices:
        offer = describe_yield(printed)
        raise RuleError(
            f'In "{shown(part)}": level {level} at {location.name} gives {offer}; '
            f"name {choices} colour{'s' if choices != 1 else ''} of your choice, "
            f"you named {len(slot.colours)}."
        )
    taken: Counter[str] = Counter()
    lost: Counter[str] = Counter()
    for colour in slot.colours:
        BOARD.known_colour(colour, part)
        if state.warehouses[colour] > 0:
            _take(state, seat, colour)
            taken[colour] += 1
        elif any(state.warehouses.values()):
            raise RuleError(
                f'In "{shown(part)}": the {BOARD.colour_label(colour)} warehouse is empty; '
                "name another colour."
            )
        else:
            lost[colour] += 1
    for colour in printed:
        if colour == CHOICE:
            continue
        if state.warehouses[colour] > 0:
            _take(state, seat, colour)
            taken[colour] += 1
        else:
            lost[colour] += 1
    text = f"{p(seat)} steals {BOARD.describe_cubes(taken)} at {location.name} (level {level})"
    if lost:
        text += f"; the warehouses had no {BOARD.describe_cubes(lost)} left"
    return Event(
        kind="goods_stolen",
        text=text + ".",
        data={
            "seat": seat,
            "location": slot.location,
            "level": level,
            "taken": dict(taken),
            "lost": dict(lost),
        },
    )


def _exchange(state: FaginState, seat: int, slot: ExchangeSlot, part: str) -> Event:
    if len(slot.give) != BOARD.exchange_give:
        raise RuleError(
            f'In "{shown(part)}": an exchange gives exactly {BOARD.exchange_give} cubes for 1, '
            f"not {len(slot.give)}."
        )
    give = Counter(BOARD.known_colour(colour, part) for colour in slot.give)
    take = BOARD.known_colour(slot.take, part)
    for colour, need in give.items():
        have = state.cubes[seat][colour]
        if have < need:
            raise RuleError(
                f'In "{shown(part)}": exchanging needs {need} {colour}, you have {have}.'
            )
    for colour, n in give.items():
        state.cubes[seat][colour] -= n
        state.warehouses[colour] += n
    if state.warehouses[take] == 0:
        raise RuleError(
            f'In "{shown(part)}": the {BOARD.colour_label(take)} warehouse is empty; '
            "take another colour."
        )
    _take(state, seat, take)
    return Event(
        kind="goods_exchanged",
        text=f"{p(seat)} exchanges {BOARD.describe_cubes(give)} for 1 {take}.",
        data={"seat": seat, "gave": dict(give), "took": take},
    )


def _take(state: FaginState, seat: int, colour: str) -> None:
    state.warehouses[colour] -= 1
    state.cubes[seat][colour] += 1


def describe_yield(printed: list[str]) -> str:
    """What a level offers, in words: "2 black, 2 blue" or "1 red and 1 of your choice"."""
    counts = Counter(c for c in printed if c != CHOICE)
    parts = [BOARD.describe_cubes(counts)] if counts else []
    choices = printed.count(CHOICE)
    if choices:
        parts.append(f"{choices} of your choice")
    return " and ".join(parts) if parts else "no goods"
