"""A game row together with who sits where: the context every renderer needs.

Rules texts speak of seats (`{p2}`); people read names and get pinged by mentions. The
table turns one into the other and is the only place that knows the mapping.
"""

from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from bot.i18n import ENGLISH, LANGUAGES, say, speaking
from bot.store import GameRow, SeatRow
from rules.events import fill_seats
from rules.protocol import GameRules
from rules.words import Say


@dataclass(frozen=True)
class Table:
    game: GameRow
    seats: list[SeatRow]
    rules: GameRules
    state: Any = None
    """The parsed game state (None in a lobby)."""
    memo: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """What is derived from `state` once and shared by every table of the same game
    version (the service keeps it with the parsed state)."""

    @property
    def public(self) -> BaseModel:
        """The public view (spectator's), built once per game version: every public
        message is drawn from it, and a move draws several."""
        view = self.memo.get("public")
        if view is None:
            view = self.memo["public"] = self.rules.view(self.state, None)
        assert isinstance(view, BaseModel)
        return view

    @property
    def names(self) -> list[str]:
        return [seat.display_name for seat in self.seats]

    @property
    def mentions(self) -> list[str]:
        return [f"<@{seat.user_id}>" for seat in self.seats]

    def name(self, seat: int) -> str:
        return self.seats[seat].display_name

    def mention(self, seat: int) -> str:
        return f"<@{self.seats[seat].user_id}>"

    def user_id(self, seat: int) -> int:
        return self.seats[seat].user_id

    def human(self, seat: int) -> bool:
        """A person plays this seat now (not an AI, not the autopilot of a player who
        left): only they are pinged or sent private messages."""
        row = self.seats[seat]
        return not row.autopilot and row.ai_level is None

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.position
        return None

    @property
    def language(self) -> str:
        """The table's language: every public message of the game speaks it."""
        language = self.game.options.get("language", ENGLISH)
        return language if language in LANGUAGES else ENGLISH

    def language_of(self, seat: int) -> str:
        """The language a seat's player reads (their Discord language, remembered from
        their last command; the table's before they have used one)."""
        locale = self.seats[seat].locale
        return locale if locale in LANGUAGES else self.language

    def public_voice(self) -> AbstractContextManager[str]:
        """`with table.public_voice():` builds a message for the channel."""
        return speaking(self.language)

    def voice_of(self, seat: int) -> AbstractContextManager[str]:
        """`with table.voice_of(seat):` builds a private message for that seat."""
        return speaking(self.language_of(seat))

    def said(self, sentence: Say) -> str:
        """A rules-core sentence in the language being spoken, seats as bold names."""
        return self.named(say(sentence))

    def named(self, text: str) -> str:
        """Rules text with seats as bold names (no pings)."""
        return fill_seats(text, [f"**{name}**" for name in self.names])
