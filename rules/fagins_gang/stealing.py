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
from rules.fagins_gang.plan_words import quoted
from rules.fagins_gang.state import FAGIN, FaginState
from rules.names import shown
from rules.words import Param, Say, Seat, Term, later, said, said_n


def _in(part: Param, why: Say) -> RuleError:
    """A refusal naming the slot of the plan it is about."""
    return RuleError(
        'In "{part}": {why}', part=shown(part) if isinstance(part, str) else part, why=why
    )


def apply_steal(state: FaginState, seat: int, steal: Steal) -> list[Event]:
    slots = steal.slots
    if not slots:
        raise RuleError("A steal plan needs at least one location or exchange.")
    if len(slots) > BOARD.max_slots:
        raise RuleError(
            "A steal plan has at most {most} parts; yours has {count}.",
            most=BOARD.max_slots,
            count=len(slots),
        )
    events: list[Event] = []
    named: dict[str, Param] = {}
    for slot in slots:
        part = quoted(format_slot(slot))
        if isinstance(slot, ExchangeSlot):
            events.append(_exchange(state, seat, slot, part))
            continue
        location = BOARD.known_location(slot.location, part)
        if slot.location in named:
            raise _in(
                part,
                said(
                    '{location} is already named in "{other}"; '
                    "you steal at each location at most once.",
                    location=BOARD.location_term(location.key),
                    at=BOARD.location_at(location.key),
                    other=named[slot.location],
                ),
            )
        named[slot.location] = part
        events.append(_steal(state, seat, slot, part))
    return events


def urchin_on_track(state: FaginState, seat: int, location: str, part: Param) -> int:
    """The level of the seat's urchin at a location, refusing if it is not on the track."""
    name = BOARD.location_term(location)
    at = BOARD.location_at(location)
    spot = state.urchins[location].get(seat)
    if spot == FAGIN:
        raise _in(
            part,
            said(
                "your urchin {at} has gone back to Fagin; you may not use that location again.",
                location=name,
                at=at,
            ),
        )
    if not isinstance(spot, int):
        raise _in(part, said("you have no urchin {at}.", at=at))
    return spot


def _steal(state: FaginState, seat: int, slot: StealSlot, part: Param) -> Event:
    location = BOARD.location(slot.location)
    level = urchin_on_track(state, seat, slot.location, part)
    printed = BOARD.goods_at(slot.location, level)
    choices = printed.count(CHOICE)
    if len(slot.colours) != choices:
        raise _in(
            part,
            said_n(
                "level {level} {at} gives {offer}; name {n} colour of your choice, "
                "you named {named}.",
                "level {level} {at} gives {offer}; name {n} colours of your choice, "
                "you named {named}.",
                choices,
                level=level,
                location=BOARD.location_term(location.key),
                at=BOARD.location_at(location.key),
                offer=yield_said(printed),
                named=len(slot.colours),
            ),
        )
    taken: Counter[str] = Counter()
    lost: Counter[str] = Counter()
    for colour in slot.colours:
        BOARD.known_colour(colour, part)
        if state.warehouses[colour] > 0:
            _take(state, seat, colour)
            taken[colour] += 1
        elif any(state.warehouses.values()):
            raise _in(
                part,
                said(
                    "the {colour} warehouse is empty; name another colour.",
                    colour=BOARD.colour_said(colour),
                ),
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
    return Event(
        kind="goods_stolen",
        say=later(_stolen_said, seat, location.key, level, dict(taken), dict(lost)),
        data={
            "seat": seat,
            "location": slot.location,
            "level": level,
            "taken": dict(taken),
            "lost": dict(lost),
        },
    )


def _stolen_said(
    seat: int, location: str, level: int, taken: dict[str, int], lost: dict[str, int]
) -> Say:
    params: dict[str, Param] = {
        "who": Seat(seat=seat),
        "cubes": BOARD.cubes_said(taken),
        "location": BOARD.location_term(location),
        "at": BOARD.location_at(location),
        "level": level,
        "lost": BOARD.cubes_said(lost),
    }
    if lost:
        return said(
            "{who} steals {cubes} {at} (level {level}); the warehouses had no {lost} left.",
            **params,
        )
    return said("{who} steals {cubes} {at} (level {level}).", **params)


def _exchange(state: FaginState, seat: int, slot: ExchangeSlot, part: Param) -> Event:
    if len(slot.give) != BOARD.exchange_give:
        raise _in(
            part,
            said(
                "an exchange gives exactly {give} cubes for 1, not {count}.",
                give=BOARD.exchange_give,
                count=len(slot.give),
            ),
        )
    give = Counter(BOARD.known_colour(colour, part) for colour in slot.give)
    take = BOARD.known_colour(slot.take, part)
    for colour, need in give.items():
        have = state.cubes[seat][colour]
        if have < need:
            raise _in(
                part,
                said(
                    "exchanging needs {need} {colour}, you have {have}.",
                    need=need,
                    colour=Term(english=colour),
                    have=have,
                ),
            )
    for colour, n in give.items():
        state.cubes[seat][colour] -= n
        state.warehouses[colour] += n
    if state.warehouses[take] == 0:
        raise _in(
            part,
            said(
                "the {colour} warehouse is empty; take another colour.",
                colour=BOARD.colour_said(take),
            ),
        )
    _take(state, seat, take)
    return Event(
        kind="goods_exchanged",
        say=said(
            "{who} exchanges {cubes} for 1 {colour}.",
            who=Seat(seat=seat),
            cubes=BOARD.cubes_said(give),
            colour=Term(english=take),
        ),
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


def yield_said(printed: list[str]) -> Say:
    """`describe_yield` in the reader's language."""
    counts = Counter(c for c in printed if c != CHOICE)
    choices = printed.count(CHOICE)
    if counts and choices:
        return said("{cubes} and {n} of your choice", cubes=BOARD.cubes_said(counts), n=choices)
    if counts:
        return said("{cubes}", cubes=BOARD.cubes_said(counts))
    if choices:
        return said("{n} of your choice", n=choices)
    return said("no goods")
