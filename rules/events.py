"""What happened when an action was applied: die rolls, payouts, reveals.

Events are data, not Discord messages. `say` is the sentence (an English template and its
parameters, see `rules.words`) that the Discord layer renders in the reader's language;
`text` is that sentence in English with `{p<n>}` standing for seat n (the Discord layer
substitutes names or mentions). An event
with `seat` set is private to that seat (e.g. "you drew a Thief"); everything else is
public and must never contain a secret.
"""

import re
from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator

from rules.words import Say

SEAT_TOKEN = re.compile(r"\{p(\d+)\}")


class Event(BaseModel):
    model_config = ConfigDict(frozen=True)

    kind: str
    text: str = ""
    say: Say | None = None
    seat: int | None = None
    data: dict[str, Any] = {}

    @model_validator(mode="before")
    @classmethod
    def _english(cls, values: Any) -> Any:
        """An event given as a sentence gets its English text; one given as text only
        (older code, tests) is its own sentence."""
        if isinstance(values, dict):
            say, text = values.get("say"), values.get("text")
            if isinstance(say, Say) and not text:
                values = {**values, "text": say.english()}
            elif say is None and text:
                values = {**values, "say": Say(key=text)}
        return values

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
