"""What the table is told of urchins moving (§4a): the sentences of `movement`'s events,
made only when someone reads them."""

from rules.fagins_gang.board import BOARD, Location
from rules.words import Param, Say, Seat, said

START = BOARD.levels.start


def moved_said(
    seat: int,
    location: Location,
    kind: str,
    way: str,
    start: int | None,
    final: int,
    target: int,
    paid: dict[str, int],
) -> Say:
    """ "{p0} moves up at Chertsey from level 5 to level 3 (…), paying 6 black." """
    params: dict[str, Param] = {
        "who": Seat(seat=seat),
        "location": BOARD.location_term(location.key),
        "at": BOARD.location_at(location.key),
        "start": start if start is not None else 0,
        "level": final,
        "target": target,
        "cubes": BOARD.cubes_said(paid),
    }
    carried = final != target
    if kind == "enter" and final == START:
        if carried:
            return said(
                "{who} enters an urchin {at} on the start level (the constable on "
                "level {target} moved it on), paying {cubes}.",
                **params,
            )
        return said("{who} enters an urchin {at} on the start level, paying {cubes}.", **params)
    if kind == "enter" and way == "up":
        if carried:
            return said(
                "{who} enters an urchin {at} and moves up to level {level} (the "
                "constable on level {target} moved it on), paying {cubes}.",
                **params,
            )
        return said(
            "{who} enters an urchin {at} and moves up to level {level}, paying {cubes}.",
            **params,
        )
    if kind == "enter":
        if carried:
            return said(
                "{who} enters an urchin {at} and moves down to level {level} (the "
                "constable on level {target} moved it on), paying {cubes}.",
                **params,
            )
        return said(
            "{who} enters an urchin {at} and moves down to level {level}, paying {cubes}.",
            **params,
        )
    if way == "up":
        if carried:
            return said(
                "{who} moves up {at} from level {start} to level {level} (the "
                "constable on level {target} moved it on), paying {cubes}.",
                **params,
            )
        return said(
            "{who} moves up {at} from level {start} to level {level}, paying {cubes}.",
            **params,
        )
    if carried:
        return said(
            "{who} moves down {at} from level {start} to level {level} (the "
            "constable on level {target} moved it on), paying {cubes}.",
            **params,
        )
    return said(
        "{who} moves down {at} from level {start} to level {level}, paying {cubes}.",
        **params,
    )


def bumped_off_said(seat: int, location: str) -> Say:
    return said(
        "{who}'s urchin is bumped off the bottom of the track {at} and returns to the supply.",
        who=Seat(seat=seat),
        location=BOARD.location_term(location),
        at=BOARD.location_at(location),
    )


def bumped_said(seat: int, location: str, start: int, level: int) -> Say:
    return said(
        "{who}'s urchin {at} is bumped from level {start} to level {level}.",
        who=Seat(seat=seat),
        location=BOARD.location_term(location),
        at=BOARD.location_at(location),
        start=start,
        level=level,
    )
