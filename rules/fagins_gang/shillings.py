"""Action c: steal shillings from the bank at up to three locations."""

from rules.errors import RuleError
from rules.events import Event
from rules.fagins_gang.actions import Shillings
from rules.fagins_gang.board import BOARD
from rules.fagins_gang.state import FaginState, p
from rules.fagins_gang.stealing import urchin_on_track


def apply_shillings(state: FaginState, seat: int, action: Shillings) -> list[Event]:
    if not action.locations:
        raise RuleError("Name at least one location to steal shillings at.")
    if len(action.locations) > BOARD.max_slots:
        raise RuleError(
            f"You steal shillings at most at {BOARD.max_slots} locations; "
            f"you named {len(action.locations)}."
        )
    seen: set[str] = set()
    events: list[Event] = []
    for key in action.locations:
        location = BOARD.known_location(key, key)
        if key in seen:
            raise RuleError(
                f'In "{key}": {location.name} is named twice; '
                "steal shillings at each location at most once."
            )
        seen.add(key)
        level = urchin_on_track(state, seat, key, key)
        amount = BOARD.shillings_at(key, level)
        state.shillings[seat] += amount
        events.append(
            Event(
                kind="shillings_stolen",
                text=(
                    f"{p(seat)} steals {amount} shilling{'s' if amount != 1 else ''} "
                    f"at {location.name} (level {level})."
                ),
                data={"seat": seat, "location": key, "level": level, "amount": amount},
            )
        )
    return events
