"""What happened when an action was applied: die rolls, payouts, reveals.

Events are data, not Discord messages. `text` is plain English in the game's words with
`{p<n>}` standing for seat n (the Discord layer substitutes names or mentions). An event
with `seat` set is private to that seat (e.g. "you drew a Thief"); everything else is
public and must never contain a secret.
"""

import re
from typing import Any

from pydantic import BaseModel, ConfigDict

SEAT_TOKEN = re.compile(r"\{p(\d+)\}")


class Event(BaseModel):
    model_config = ConfigDict(frozen=True)

    kind: str
    text: str
    seat: int | None = None
    data: dict[str, Any] = {}

    @property
    def public(self) -> bool:
        return self.seat is None


def seat_ref(seat: int) -> str:
    """The placeholder for a seat inside event and error texts."""
    return "{p" + str(seat) + "}"


def fill_seats(text: str, names: list[str]) -> str:
    """Replace `{p<n>}` placeholders with the given names (used by renderers and tests)."""

    def sub(match: re.Match[str]) -> str:
        index = int(match.group(1))
        return names[index] if 0 <= index < len(names) else match.group(0)

    return SEAT_TOKEN.sub(sub, text)
