"""What happened when an action was applied: die rolls, payouts, reveals.

Events are data, not Discord messages. `say` is the sentence (an English template and its
parameters, see `rules.words`) that the Discord layer renders in the reader's language;
`text` is that sentence in English with `{p<n>}` standing for seat n (the Discord layer
substitutes names or mentions). An event
with `seat` set is private to that seat (e.g. "you drew a Thief"); everything else is
public and must never contain a secret.
"""

import re
from functools import cached_property
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.words import Say

SEAT_TOKEN = re.compile(r"\{p(\d+)\}")


class Event(BaseModel):
    model_config = ConfigDict(frozen=True, populate_by_name=True)

    kind: str
    given_text: str = Field(default="", alias="text")
    """English text given instead of a sentence (older code, tests); read `text`."""
    say: Say | None = None
    seat: int | None = None
    data: dict[str, Any] = {}

    @model_validator(mode="before")
    @classmethod
    def _sentence(cls, values: Any) -> Any:
        """An event given as text only is its own sentence."""
        if isinstance(values, dict) and values.get("say") is None:
            text = values.get("text") or values.get("given_text")
            if text:
                values = {**values, "say": Say(key=text)}
        return values

    @cached_property
    def text(self) -> str:
        """The sentence in English, made when first read: a search plays thousands of
        moves whose events nobody reads."""
        if self.given_text:
            return self.given_text
        return self.say.english() if self.say is not None else ""

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
