"""Where the bot gets the time, so tests can move it.

The rules core never sees a clock; only the bot layer (timestamps, deadlines) does.
"""

from collections.abc import Callable
from datetime import UTC, datetime

Clock = Callable[[], datetime]


def system_clock() -> datetime:
    return datetime.now(UTC)
