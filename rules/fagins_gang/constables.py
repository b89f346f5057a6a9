"""The constables: placed by a die roll at setup (§2) and patrolling in Phase 2 (§5)."""

from rules.events import Event
from rules.fagins_gang.board import BOARD
from rules.fagins_gang.movement import bump
from rules.fagins_gang.state import Constable, Facing, FaginState, occupant
from rules.words import Say, later, said

TOP = BOARD.levels.top
BOTTOM = BOARD.levels.bottom


def walk(level: int, facing: Facing, steps: int) -> Constable:
    """Move level by level in the facing, turning round on reaching the top or bottom."""
    for _ in range(steps):
        level += -1 if facing == "up" else 1
        if level == TOP:
            facing = "down"
        elif level == BOTTOM:
            facing = "up"
    return Constable(level=level, facing=facing)


def facing_said(facing: str) -> Say:
    """A constable's facing as a word in the reader's language."""
    return said("up") if facing == "up" else said("down")


def place_constables(state: FaginState) -> list[Event]:
    """The roll's parity picks the start level and facing (board data, §2.4 [ed]); then the
    constable walks the roll."""
    events: list[Event] = []
    for key in BOARD.ring:
        roll, state.rng = state.rng.die()
        placed = BOARD.constable_start.for_roll(roll)
        start, facing = placed.level, placed.facing
        constable = walk(start, facing, roll)
        state.constables[key] = constable
        events.append(
            Event(
                kind="constable_placed",
                say=said(
                    "Die roll {roll} for the {location} constable: it starts on level {start} "
                    "facing {facing} and walks to level {level}, facing {now}.",
                    roll=roll,
                    location=BOARD.location_term(key),
                    start=start,
                    facing=facing_said(facing),
                    level=constable.level,
                    now=facing_said(constable.facing),
                ),
                data={
                    "location": key,
                    "roll": roll,
                    "start_level": start,
                    "level": constable.level,
                    "facing": constable.facing,
                },
            )
        )
    return events


def patrol(state: FaginState) -> list[Event]:
    """Phase 2: each constable in ring order walks a die roll and bumps whoever it stops on."""
    events: list[Event] = []
    for key in BOARD.ring:
        roll, state.rng = state.rng.die()
        before = state.constables[key]
        after = walk(before.level, before.facing, roll)
        state.constables[key] = after
        events.append(
            Event(
                kind="constable_patrol",
                say=later(_patrol_said, roll, key, before.level, after),
                data={
                    "location": key,
                    "roll": roll,
                    "from": before.level,
                    "to": after.level,
                    "facing": after.facing,
                },
            )
        )
        caught = occupant(state, key, after.level)
        if caught is not None:
            events += bump(state, key, caught, "constable")
    return events


def _patrol_said(roll: int, key: str, start: int, after: Constable) -> Say:
    return said(
        "Die roll {roll}: the {location} constable walks from level {start} to "
        "level {level}, now facing {now}.",
        roll=roll,
        location=BOARD.location_term(key),
        start=start,
        level=after.level,
        now=facing_said(after.facing),
    )
