"""Action c: steal shillings from the bank at up to three locations."""

from rules.errors import RuleError
from rules.events import Event
from rules.fagins_gang.actions import Shillings
from rules.fagins_gang.board import BOARD
from rules.fagins_gang.plan_words import quoted
from rules.fagins_gang.state import FaginState
from rules.fagins_gang.stealing import urchin_on_track
from rules.words import Say, Seat, later, said, said_n


def apply_shillings(state: FaginState, seat: int, action: Shillings) -> list[Event]:
    if not action.locations:
        raise RuleError("Name at least one location to steal shillings at.")
    if len(action.locations) > BOARD.max_slots:
        raise RuleError(
            "You steal shillings at most at {most} locations; you named {count}.",
            most=BOARD.max_slots,
            count=len(action.locations),
        )
    seen: set[str] = set()
    events: list[Event] = []
    for key in action.locations:
        if key not in BOARD.ring:
            BOARD.known_location(key, quoted(key))
        if key in seen:
            raise RuleError(
                'In "{part}": {why}',
                part=quoted(key),
                why=said(
                    "{location} is named twice; steal shillings at each location at most once.",
                    location=BOARD.location_term(key),
                    at=BOARD.location_at(key),
                ),
            )
        seen.add(key)
        level = urchin_on_track(state, seat, key, quoted(key))
        amount = BOARD.shillings_at(key, level)
        state.shillings[seat] += amount
        events.append(
            Event(
                kind="shillings_stolen",
                say=later(_stolen_said, seat, key, level, amount),
                data={"seat": seat, "location": key, "level": level, "amount": amount},
            )
        )
    return events


def _stolen_said(seat: int, key: str, level: int, amount: int) -> Say:
    return said_n(
        "{who} steals {n} shilling {at} (level {level}).",
        "{who} steals {n} shillings {at} (level {level}).",
        amount,
        who=Seat(seat=seat),
        location=BOARD.location_term(key),
        at=BOARD.location_at(key),
        level=level,
    )
