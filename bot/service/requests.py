"""Who asks and where: the `Place` and `Actor` of every command, and the refusals any
command may give (one wording each, so the catalog holds each sentence once)."""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.i18n import N_
from bot.messages import Outcome
from bot.table import Table

ActionBuilder = Callable[[Table, int], Any]
"""Turns the command's input into an action, given the table (with its current state)
and the actor's seat; may raise RuleError (e.g. a plan that does not parse)."""


@dataclass(frozen=True)
class Place:
    """Where a command was used: the game lives in `channel_id` (a channel or thread)."""

    channel_id: int
    guild_id: int | None


@dataclass(frozen=True)
class Actor:
    user_id: int
    display_name: str
    may_manage: bool = False
    """Has Manage Channels where the command was used (may abort others' games)."""
    language: str = ""
    """The language of their Discord client ("en", "de"; "" unknown): their replies
    speak it, and it is remembered on their seat for DMs sent later."""


NO_GAME = N_("There is no game in this channel. Start one with `/game new`.")
NOT_SEATED = N_("You are not seated in this game.")
NO_TABLE_IN_DMS = N_(
    "Tables are opened in a server channel or thread, where the other players can join."
)
BUSY = N_(
    "The table is busy: the database stayed locked by another process. Nothing changed; "
    "try again in a moment."
)
RACED = N_("Another move reached the game first; nothing changed, please try again.")
UNREACHABLE = N_(
    "The table is busy: the database could not be reached. Nothing changed; try again in a moment."
)
FULL = N_(
    "The bot's storage is full, so nothing changed. The bot's operator needs to free some "
    "space; then try again."
)
NOT_SAVED = N_(
    "The database failed to store that, so it did not count. Nothing changed; try again "
    "in a moment."
)
UNCONFIRMED = N_(
    "I could not confirm that it counted: the connection to the database broke while it "
    "was being stored, so it may or may not have. `/game status` shows whether it did; "
    "check there before you try again."
)
GONE = N_("That game has ended or changed since you asked; nothing was done.")
LEVEL_WORDS = (N_("random"), N_("standard"), N_("strong"))
"""The AI levels as players read them (translated where shown)."""
NOT_HERE = Outcome.refusal(NO_GAME)
"""`_act_here`'s answer when the channel has no game: look for the player's game instead."""
