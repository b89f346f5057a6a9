"""The game service: every command, as one transaction, one channel at a time.

`GameService` is the one object the Discord edge, the scheduler and the tests hold; the
modules of this package hold its concerns, one each (see docs/architecture.md).
"""

from bot.service.game_service import (
    BUSY,
    FULL,
    GONE,
    NO_GAME,
    NOT_SAVED,
    NOT_SEATED,
    RACED,
    UNCONFIRMED,
    UNREACHABLE,
    Actor,
    GameService,
    Place,
)

__all__ = [
    "BUSY",
    "FULL",
    "GONE",
    "NOT_SAVED",
    "NOT_SEATED",
    "NO_GAME",
    "RACED",
    "UNCONFIRMED",
    "UNREACHABLE",
    "Actor",
    "GameService",
    "Place",
]
