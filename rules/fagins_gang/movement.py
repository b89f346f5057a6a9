"""Action a: moving urchins at up to three locations, with landing and bumping.

Each location has its own goods colour, so a plan's payments never share a colour: checking
every step in turn on the working copy is the same as checking the whole plan up front, and
a refusal anywhere leaves the caller's state untouched.
"""

from collections.abc import Mapping

from rules.errors import RuleError
from rules.events import Event
from rules.fagins_gang.actions import Move, MoveStep, format_step
from rules.fagins_gang.board import BOARD, Location
from rules.fagins_gang.ending import check_fagin_win
from rules.fagins_gang.move_words import bumped_off_said, bumped_said, moved_said
from rules.fagins_gang.plan_words import quoted
from rules.fagins_gang.state import FAGIN, FaginState, Spot, mark_removed, occupant, was_removed
from rules.names import shown
from rules.words import Param, Say, Seat, Term, later, said, said_n


def _in(part: Param, why: Say) -> RuleError:
    """A refusal naming the step of the plan it is about."""
    return RuleError(
        'In "{part}": {why}', part=shown(part) if isinstance(part, str) else part, why=why
    )


TOP = BOARD.levels.top
BOTTOM = BOARD.levels.bottom
START = BOARD.levels.start


def delta(direction: str | None) -> int:
    """Up is towards level 0 (Fagin); down is towards the bottom."""
    return -1 if direction == "up" else 1


def levels_paid(step: MoveStep, level: int | None) -> int:
    """How many times the location's move cost a step pays, from the urchin's `level`
    (None when entering): each level moved, one more to enter, and to leave or go back
    to Fagin every level to the edge and one past it."""
    if step.kind == "enter":
        return 1 + step.levels
    assert level is not None
    if step.kind == "move":
        return step.levels
    if step.kind == "leave" and step.side == "bottom":
        return BOTTOM - level + 1
    return level - TOP + 1


def aim(step: MoveStep, level: int | None) -> tuple[int, int]:
    """(level, direction) a move or entry heads for before the constable has a say
    (`landing_level`): an entry starts from the start level, and one that stays there
    counts as carried one level down past a constable standing on it."""
    if step.kind == "enter":
        return START + delta(step.direction) * step.levels, (
            delta(step.direction) if step.levels else 1
        )
    assert level is not None
    return level + delta(step.direction) * step.levels, delta(step.direction)


def apply_move(state: FaginState, seat: int, move: Move) -> list[Event]:
    steps = move.steps
    if not steps:
        raise RuleError("A move plan needs at least one location.")
    if len(steps) > BOARD.max_slots:
        raise RuleError(
            "A move plan has at most {most} locations; yours has {count}.",
            most=BOARD.max_slots,
            count=len(steps),
        )
    named: dict[str, Param] = {}
    parts = [quoted(format_step(step)) for step in steps]
    for step, part in zip(steps, parts, strict=True):
        location = BOARD.known_location(step.location, part)
        if step.location in named:
            raise _in(
                part,
                said(
                    '{location} is already named in "{other}"; '
                    "a plan uses each location at most once.",
                    location=BOARD.location_term(location.key),
                    at=BOARD.location_at(location.key),
                    other=named[step.location],
                ),
            )
        named[step.location] = part
        check_step_shape(step, part)
    events: list[Event] = []
    for step, part in zip(steps, parts, strict=True):
        events += _apply_step(state, seat, step, part)
    events += check_fagin_win(state, seat)
    return events


def _apply_step(state: FaginState, seat: int, step: MoveStep, part: Param) -> list[Event]:
    location = BOARD.location(step.location)
    if step.kind == "enter":
        return _enter(state, seat, step, location, part)
    level = _own_level(state, seat, location, part)
    if step.kind == "move":
        return _move(state, seat, step, location, level, part)
    if step.kind == "leave":
        return _leave(state, seat, step, location, level, part)
    return _fagin(state, seat, step, location, level, part)


def _own_level(state: FaginState, seat: int, location: Location, part: Param) -> int:
    spot = state.urchins[location.key].get(seat)
    if spot == FAGIN:
        raise _in(part, gone_to_fagin(location.key))
    if not isinstance(spot, int):
        raise _in(
            part,
            said("you have no urchin {at}.", at=BOARD.location_at(location.key)),
        )
    return spot


def gone_to_fagin(key: str) -> Say:
    name = BOARD.location_term(key)
    at = BOARD.location_at(key)
    return said(
        "your urchin {at} has gone back to Fagin; you may not use that location again.",
        location=name,
        at=at,
    )


def _afford(state: FaginState, seat: int, location: Location, levels: int, part: Param) -> int:
    need = levels * location.move_cost
    have = state.cubes[seat][location.colour]
    if have < need:
        raise _in(
            part,
            said(
                "that needs {need} {colour}, you have {have}.",
                need=need,
                colour=Term(english=location.colour),
                have=have,
            ),
        )
    return need


def _pay(
    state: FaginState, seat: int, location: Location, levels: int, part: Param
) -> dict[str, int]:
    """Pay the whole movement at once, to the warehouses, before the urchin moves."""
    need = _afford(state, seat, location, levels, part)
    state.cubes[seat][location.colour] -= need
    state.warehouses[location.colour] += need
    return {location.colour: need}


def check_step_shape(step: MoveStep, part: Param) -> None:
    """Each kind of step takes exactly its own fields, with levels that make sense.

    "move": up or down and at least 1 level; "enter": nothing more, or up or down and at
    least 1 more level; "leave": top or bottom; "fagin": nothing. The plan parser never
    builds anything else, but stored logs, imports and AI players build steps directly.
    """
    if step.kind in ("move", "enter") and step.side is not None:
        raise _in(
            part,
            said(
                '"{side}" belongs to leaving; a {kind} says up or down and how many levels.',
                side=step.side,
                kind=step.kind,
            ),
        )
    if step.kind == "move" and (step.direction is None or step.levels < 1):
        raise _in(
            part,
            said(
                "say up or down and how many levels (at least 1), not {tried}.",
                tried=_levels_shown(step),
            ),
        )
    if step.kind == "enter" and (
        (step.direction is None and step.levels != 0)
        or (step.direction is not None and step.levels < 1)
    ):
        raise _in(
            part,
            said(
                "after entering, say up or down and how many more levels (at least 1), or "
                "nothing to stay on the start level, not {tried}.",
                tried=_levels_shown(step),
            ),
        )
    if step.kind in ("leave", "fagin") and (step.direction is not None or step.levels != 0):
        raise _in(
            part,
            said(
                "leaving takes no direction or levels; the urchin goes off the top or bottom "
                "of the track."
            )
            if step.kind == "leave"
            else said(
                "going back to Fagin takes no direction or levels; the urchin goes off the "
                "top of the track."
            ),
        )
    if step.kind == "fagin" and step.side is not None:
        raise _in(part, said("going back to Fagin always leaves at the top."))
    if step.kind == "leave" and step.side is None:
        raise _in(
            part,
            said(
                "urchins leave only at the top (past level {top}) or the bottom "
                "(past level {bottom}); say which.",
                top=TOP,
                bottom=BOTTOM,
            ),
        )


def _levels_shown(step: MoveStep) -> Say:
    if step.direction == "up":
        return said_n("up {n} level", "up {n} levels", step.levels)
    if step.direction == "down":
        return said_n("down {n} level", "down {n} levels", step.levels)
    return said_n("no direction {n} level", "no direction {n} levels", step.levels)


def _move(
    state: FaginState, seat: int, step: MoveStep, location: Location, level: int, part: Param
) -> list[Event]:
    target, direction = aim(step, level)
    if not TOP <= target <= BOTTOM:
        side = "top" if target < TOP else "bottom"
        edge = TOP if target < TOP else BOTTOM
        plan = " ".join((location.key, "leave", side))
        raise _in(
            part,
            said(
                "your urchin is on level {level}, so that would go off the track. "
                'Urchins leave only past level {edge}: write "{plan}".',
                level=level,
                edge=edge,
                plan=plan,
            ),
        )
    paid = _pay(state, seat, location, levels_paid(step, level), part)
    return _arrive(state, seat, location, level, target, direction, paid, "move")


def _enter(
    state: FaginState, seat: int, step: MoveStep, location: Location, part: Param
) -> list[Event]:
    spot = state.urchins[location.key].get(seat)
    name = BOARD.location_term(location.key)
    at = BOARD.location_at(location.key)
    if spot == FAGIN:
        raise _in(part, gone_to_fagin(location.key))
    if spot is not None:
        raise _in(
            part,
            said(
                "you already have an urchin {at} (level {level}); "
                "a player has at most one urchin at a location.",
                location=name,
                at=at,
                level=spot,
            ),
        )
    if was_removed(state, seat, location.key):
        raise _in(
            part,
            said(
                "your urchin left the track {at} this round (or was bumped off it); "
                "you may enter there again next round.",
                location=name,
                at=at,
            ),
        )
    if state.supply[seat] < 1:
        raise _in(part, said("you have no urchin in your supply to enter with."))
    target, direction = aim(step, None)
    if not TOP <= target <= BOTTOM:
        raise _in(
            part,
            said(
                "from the start level {start} that would go off the track; "
                "an urchin cannot enter and leave in one step.",
                start=START,
            ),
        )
    paid = _pay(state, seat, location, levels_paid(step, None), part)
    state.supply[seat] -= 1
    return _arrive(state, seat, location, None, target, direction, paid, "enter")


def _leave(
    state: FaginState, seat: int, step: MoveStep, location: Location, level: int, part: Param
) -> list[Event]:
    paid = _pay(state, seat, location, levels_paid(step, level), part)
    _take_off(state, seat, location)
    return [
        Event(
            kind="urchin_left",
            say=(
                said(
                    "{who}'s urchin goes off the top of the track {at} from level {level}, "
                    "paying {cubes}, and returns to the supply.",
                    who=Seat(seat=seat),
                    location=BOARD.location_term(location.key),
                    at=BOARD.location_at(location.key),
                    level=level,
                    cubes=BOARD.cubes_said(paid),
                )
                if step.side == "top"
                else said(
                    "{who}'s urchin goes off the bottom of the track {at} from level {level}, "
                    "paying {cubes}, and returns to the supply.",
                    who=Seat(seat=seat),
                    location=BOARD.location_term(location.key),
                    at=BOARD.location_at(location.key),
                    level=level,
                    cubes=BOARD.cubes_said(paid),
                )
            ),
            data={
                "seat": seat,
                "location": location.key,
                "from": level,
                "side": step.side,
                "paid": paid,
            },
        )
    ]


def _fagin(
    state: FaginState, seat: int, step: MoveStep, location: Location, level: int, part: Param
) -> list[Event]:
    levels = levels_paid(step, level)
    _afford(state, seat, location, levels, part)
    price = BOARD.fagin_price
    if state.shillings[seat] < price:
        plan = " ".join((location.key, "leave", "top"))
        raise _in(
            part,
            said(
                "going back to Fagin costs {price} shillings and you have {have}; "
                'write "{plan}" to take the urchin back to your supply instead.',
                price=price,
                have=state.shillings[seat],
                plan=plan,
            ),
        )
    paid = _pay(state, seat, location, levels, part)
    state.shillings[seat] -= price
    state.urchins[location.key][seat] = FAGIN
    count = sum(1 for spots in state.urchins.values() if spots.get(seat) == FAGIN)
    return [
        Event(
            kind="urchin_to_fagin",
            say=said(
                "{who}'s urchin goes off the top of the track {at}, paying {cubes} and {price} "
                "shillings, and returns to Fagin ({count} at Fagin).",
                who=Seat(seat=seat),
                location=BOARD.location_term(location.key),
                at=BOARD.location_at(location.key),
                cubes=BOARD.cubes_said(paid),
                price=price,
                count=count,
            ),
            data={
                "seat": seat,
                "location": location.key,
                "from": level,
                "paid": paid,
                "shillings": price,
                "at_fagin": count,
            },
        )
    ]


def _take_off(state: FaginState, seat: int, location: Location) -> None:
    del state.urchins[location.key][seat]
    state.supply[seat] += 1
    mark_removed(state, seat, location.key)


def landing_level(state: FaginState, location: str, level: int, direction: int) -> int:
    """Where a move that ends on `level` really stops, given the constable.

    Ending on the constable's level carries the urchin one further in its direction; if
    that is off the track it stops on the level just before the constable instead.
    """
    constable = state.constables[location].level
    if level != constable:
        return level
    beyond = level + direction
    if TOP <= beyond <= BOTTOM:
        return beyond
    return level - direction


def _arrive(
    state: FaginState,
    seat: int,
    location: Location,
    start: int | None,
    target: int,
    direction: int,
    paid: dict[str, int],
    kind: str,
) -> list[Event]:
    final = landing_level(state, location.key, target, direction)
    bumped = occupant(state, location.key, final, besides=seat)
    state.urchins[location.key][seat] = final
    way = "up" if direction < 0 else "down"
    events = [
        Event(
            kind="urchin_moved",
            say=later(moved_said, seat, location, kind, way, start, final, target, paid),
            data={
                "seat": seat,
                "location": location.key,
                "kind": kind,
                "from": start,
                "to": final,
                "direction": way,
                "paid": paid,
                "carried": final != target,
            },
        )
    ]
    if bumped is not None:
        events += bump(state, location.key, bumped, "urchin")
    return events


def bump_chain(
    spots: Mapping[int, Spot], constable: int, seat: int
) -> list[tuple[int, int, int | None]]:
    """(seat, from, to) of each urchin a bump of `seat`'s urchin moves, in order, at a
    location whose urchins stand on `spots` (seat -> spot) with the constable on level
    `constable`: one level down, skipping the constable's level, pushing on whoever
    stands there; `to` is None for an urchin pushed off the bottom, which ends the chain.
    Pure, so players can foresee a bump without applying a move."""
    at = dict(spots)
    chain: list[tuple[int, int, int | None]] = []
    mover: int | None = seat
    while mover is not None:
        start = at[mover]
        assert isinstance(start, int)
        new = start + 1
        if new == constable:
            new += 1
        if new > BOTTOM:
            chain.append((mover, start, None))
            return chain
        after = next((s for s, spot in at.items() if spot == new and s != mover), None)
        at[mover] = new
        chain.append((mover, start, new))
        mover = after
    return chain


def bump(state: FaginState, location: str, seat: int, cause: str) -> list[Event]:
    """Bump an urchin one level down, skipping the constable's level, and chain onwards
    (`bump_chain`).

    An urchin pushed below the bottom level returns to its owner's supply and counts as
    removed from the location this round. `cause` ("urchin" or "constable") starts the
    chain; later links are always bumped by an urchin.
    """
    constable = state.constables[location].level
    events: list[Event] = []
    for mover, start, new in bump_chain(state.urchins[location], constable, seat):
        if new is None:
            del state.urchins[location][mover]
            state.supply[mover] += 1
            mark_removed(state, mover, location)
            events.append(
                Event(
                    kind="urchin_bumped",
                    say=later(bumped_off_said, mover, location),
                    data={
                        "seat": mover,
                        "location": location,
                        "from": start,
                        "to": None,
                        "by": cause,
                    },
                )
            )
            return events
        state.urchins[location][mover] = new
        events.append(
            Event(
                kind="urchin_bumped",
                say=later(bumped_said, mover, location, start, new),
                data={"seat": mover, "location": location, "from": start, "to": new, "by": cause},
            )
        )
        cause = "urchin"
    return events
