"""What the store hands out: immutable rows, the same for every backend.

The store knows nothing about any game's rules: a state is an opaque JSON string and an
action an opaque JSON document.
"""

import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

Status = Literal["lobby", "active", "finished", "aborted"]


class GameRow(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: int
    guild_id: int | None
    channel_id: int
    kind: str
    status: Status
    host_id: int
    options: dict[str, Any]
    seed: int
    state: str | None
    version: int
    created_at: str
    updated_at: str
    deadline: str | None
    timer_hours: float = 0
    remind_hours: float | None = None
    reminded: bool = False
    paused_at: str | None = None
    autopilot_level: str = "standard"
    """The AI level that plays seats on autopilot (kicked or resigned players)."""
    rules_hash: str | None = None
    """The fingerprint of the rules data the game was created with (None: created before
    records kept it)."""
    started_at: str | None = None
    recorded: bool = False
    """Its results are in the results table (finished games only)."""


class SeatRow(BaseModel):
    model_config = ConfigDict(frozen=True)

    game_id: int
    position: int
    user_id: int
    display_name: str
    joined_at: str
    autopilot: bool = False
    ai_level: str | None = None
    """Set for a seat an AI plays from the start (`/game addbot`); its user_id is a
    negative stand-in."""
    locale: str = ""
    """The language ("en", "de") the player last used with the bot; "" before they act."""
    ai_seed: int | None = None
    """The seed of the AI that plays the seat, drawn when an AI took it over (added as
    one, or on autopilot); None while no AI has played it."""

    @property
    def is_ai(self) -> bool:
        return self.ai_level is not None


class ActionRow(BaseModel):
    model_config = ConfigDict(frozen=True)

    game_id: int
    seq: int
    user_id: int | None
    seat: int | None
    action: dict[str, Any]
    created_at: str
    command: int | None = None
    """The seq of the first row its command wrote (None in logs older than take-backs)."""
    cause: str | None = None
    """Why the bot made this move (`user_id` None): "deadline" or "autopilot"; None for a
    player's own move, and in logs older than records."""


class ResultRow(BaseModel):
    """One seat of a finished game, as it ended (the results table)."""

    model_config = ConfigDict(frozen=True)

    game_id: int
    position: int
    guild_id: int
    """0 for a game outside any server."""
    kind: str
    user_id: int
    display_name: str
    ai: bool
    players: int
    place: int
    """1 for the winners; the others by score, ties sharing a place."""
    score: int | None
    won: bool
    turns: int = 0
    """Waits on this seat that its player ended with their own move (timed ones)."""
    think_seconds: float = 0.0
    """The time those waits took, added up."""
    missed: int = 0
    """Moves the bot made for the seat because a deadline passed."""
    finished_at: str
    rated: bool = True
    """False for a game played with hints (the coach): it counts for no rating."""


class RatingRow(BaseModel):
    model_config = ConfigDict(frozen=True)

    guild_id: int
    kind: str
    user_id: int
    display_name: str
    mu: float
    sigma: float
    games: int


class LiveRow(BaseModel):
    """A message the bot keeps editing: a step's table message, or a player's sheet."""

    model_config = ConfigDict(frozen=True)

    game_id: int
    slot: str
    user_id: int
    channel_id: int
    message_id: int
    step: str
    version: int


OwedKind = Literal["line", "dm", "live"]


class Owed(BaseModel):
    """Something a committed command owes Discord, not yet delivered (migration 11)."""

    model_config = ConfigDict(frozen=True)

    kind: OwedKind
    channel_id: int = 0
    """Where a line goes, or the game's channel (a DM's fallback note goes there)."""
    user_id: int = 0
    """A DM's (or a DM live message's) recipient."""
    game_id: int | None = None
    body: dict[str, Any]

    @property
    def destination(self) -> str:
        """Whose rows go out one after the other: a channel's ("c:…"), or a user's DMs."""
        private = self.kind == "dm" or (self.kind == "live" and self.user_id != 0)
        return f"u:{self.user_id}" if private else f"c:{self.channel_id}"


class OwedRow(Owed):
    """An `Owed` as stored, with its place in the queue and its delivery so far."""

    id: int
    owner: str
    created_at: str
    held_until: str | None = None
    due_at: str | None = None
    tries: int = 0
    batch: int | None = None


def owed_row(row: dict[str, Any]) -> OwedRow:
    return OwedRow(**{**row, "body": json.loads(row["body"])})


def game_row(row: dict[str, Any]) -> GameRow:
    return GameRow(**{**row, "options": json.loads(row["options"])})


def action_row(row: dict[str, Any]) -> ActionRow:
    return ActionRow(**{**row, "action": json.loads(row["action"])})
