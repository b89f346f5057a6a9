"""Where the bot gets the time, so tests can move it.

The rules core never sees a clock; only the bot layer (timestamps, deadlines) does.
The default reads `discord.utils.utcnow()`, which a simulated Discord (simcord) moves
with its virtual time; tests may also pass any callable.
"""

from collections.abc import Callable
from datetime import datetime

import discord

Clock = Callable[[], datetime]


def system_clock() -> datetime:
    return discord.utils.utcnow()
