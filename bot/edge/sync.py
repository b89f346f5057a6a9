"""Registering slash commands with Discord only when they changed.

Discord rate-limits command syncs, and a bot that restarts often (deploys, crashes)
would hit the limit if it synced every time. A hash of the command tree is kept in the
database; a dev guild gets an instant guild sync instead.
"""

import hashlib
import json
import logging
from typing import Any

import discord
from discord import app_commands

from bot.store import Store

log = logging.getLogger(__name__)
HASH_KEY = "command_tree_hash"


async def tree_hash(tree: app_commands.CommandTree[Any]) -> str:
    """A digest of what a sync would send, localisations included: a changed German
    description must reach Discord as surely as a new command."""
    translator = tree.translator
    commands = [
        await command.get_translated_payload(tree, translator)
        if translator is not None
        else command.to_dict(tree)
        for command in tree.get_commands()
    ]
    payload = sorted(commands, key=lambda c: str(c["name"]))
    return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()


async def sync_commands(
    tree: app_commands.CommandTree[Any], store: Store, *, dev_guild: int | None, force: bool
) -> str:
    """Sync if needed; returns what was done ("guild", "global" or "unchanged")."""
    if dev_guild is not None:
        guild = discord.Object(dev_guild)
        tree.copy_global_to(guild=guild)
        await tree.sync(guild=guild)
        log.info("Synced commands to dev guild %s", dev_guild)
        return "guild"
    digest = await tree_hash(tree)
    if not force and store.meta(HASH_KEY) == digest:
        log.info("Command tree unchanged; not syncing")
        return "unchanged"
    await tree.sync()
    store.set_meta(HASH_KEY, digest)
    log.info("Synced global commands")
    return "global"
