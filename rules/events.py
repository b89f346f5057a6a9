"""What happened when an action was applied: die rolls, payouts, reveals.

Events are data, not Discord messages: a kind, the seat it is private to (None: public)
and its data. `say` is the sentence (an English template and its parameters, see
`rules.words`) that the Discord layer renders in the reader's language; `text` is that
sentence in English with `{p<n>}` standing for seat n (the Discord layer substitutes
names or mentions). An event with `seat` set is private to that seat (e.g. "you drew a
Thief"); everything else is public and must never contain a secret.

Sentences are made when first read: a search plays thousands of moves whose events
nobody reads, so a rule may hand over its sentence as a `Later` (a function and the
plain values it needs), and only a reader pays for the words. Events are plain slotted
objects, not pydantic models, for the same reason; pickled (to an AI worker process)
they carry their sentence already made.
"""

import re
from typing import Any

from rules.words import Later, Say

SEAT_TOKEN = re.compile(r"\{p(\d+)\}")


class Event:
    """One thing that happened; its sentence is built from `say` when first read."""

    __slots__ = ("_say", "_text", "data", "given_text", "kind", "seat")

    def __init__(
        self,
        kind: str,
        *,
        text: str = "",
        say: Say | Later | None = None,
        seat: int | None = None,
        data: dict[str, Any] | None = None,
    ) -> None:
        self.kind = kind
        self.given_text = text
        """English text given instead of a sentence (older code, tests); read `text`."""
        self.seat = seat
        self.data: dict[str, Any] = {} if data is None else data
        self._say: Say | Later | None = say if say is not None or not text else Say(key=text)
        self._text: str | None = None

    @property
    def say(self) -> Say | None:
        """The sentence, made (once) when first asked for."""
        found = self._say
        if isinstance(found, Later):
            found = self._say = found.say()
        return found

    @property
    def text(self) -> str:
        """The sentence in English, made when first read."""
        if self._text is None:
            if self.given_text:
                self._text = self.given_text
            else:
                say = self.say
                self._text = say.english() if say is not None else ""
        return self._text

    @property
    def public(self) -> bool:
        return self.seat is None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.kind, self.seat, self.data, self.say, self.given_text) == (
            other.kind,
            other.seat,
            other.data,
            other.say,
            other.given_text,
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Event(kind={self.kind!r}, seat={self.seat!r}, text={self.text!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_made, (self.kind, self.given_text, self.say, self.seat, self.data))


def _made(kind: str, text: str, say: Say | None, seat: int | None, data: dict[str, Any]) -> Event:
    """An event as it was pickled, its sentence already made."""
    return Event(kind, text=text, say=say, seat=seat, data=data)


def seat_ref(seat: int) -> str:
    """The placeholder for a seat inside event and error texts."""
    return "{p" + str(seat) + "}"


def fill_seats(text: str, names: list[str]) -> str:
    """Replace `{p<n>}` placeholders with the given names (used by renderers and tests)."""

    def sub(match: re.Match[str]) -> str:
        index = int(match.group(1))
        return names[index] if 0 <= index < len(names) else match.group(0)

    return SEAT_TOKEN.sub(sub, text)
