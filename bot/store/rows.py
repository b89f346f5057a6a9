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


def game_row(row: dict[str, Any]) -> GameRow:
    return GameRow(**{**row, "options": json.loads(row["options"])})


def action_row(row: dict[str, Any]) -> ActionRow:
    return ActionRow(**{**row, "action": json.loads(row["action"])})
