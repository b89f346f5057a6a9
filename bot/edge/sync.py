"""Registering slash commands with Discord only when they changed.

Discord rate-limits command syncs, and a bot that restarts often (deploys, crashes)
would hit the limit if it synced every time. A hash of the command tree is kept in the
database; a dev guild gets an instant guild sync instead.

Discord refuses a bulk update whole when one field of one command breaks its limits (a
localised description one character too long), and names the field by its place in the
upload ("3.options.0.description_localizations.de"). The operator gets that as one
ERROR line naming the command and option, and the bot runs on with the commands Discord
already has; the hash is not stored, so the next start tries again.
"""

import hashlib
import json
import logging
import re
from collections.abc import Sequence
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
    try:
        await tree.sync()
    except discord.HTTPException as error:
        if error.status >= 500 or error.status == 429:
            raise  # Discord's trouble, not ours: the start fails loudly and is retried
        uploaded = await _uploaded(tree)
        log.error("%s", refusal_line(error.status, error.code, error.text, uploaded))
        return "refused"
    store.set_meta(HASH_KEY, digest)
    log.info("Synced global commands")
    return "global"


async def _uploaded(tree: app_commands.CommandTree[Any]) -> list[dict[str, Any]]:
    """The commands as the sync sent them (Discord's error names their places)."""
    translator = tree.translator
    return [
        dict(await command.get_translated_payload(tree, translator))
        if translator is not None
        else dict(command.to_dict(tree))
        for command in tree.get_commands()
    ]


_FIELD_ERROR = re.compile(r"^In (?P<path>[^:]+): (?P<why>.+)$")


def refusal_line(status: int, code: int, text: str, uploaded: Sequence[dict[str, Any]]) -> str:
    """Discord's refusal of a sync in one line: each refused field as the command and
    option it is in (`/game new round_limit: description_localizations.de: …`)."""
    fields: list[str] = []
    plain: list[str] = []
    for line in text.splitlines():
        found = _FIELD_ERROR.match(line.strip())
        if found is None:
            if line.strip() and line.strip() != "Invalid Form Body":
                plain.append(line.strip())
            continue
        fields.append(f"{_named(found['path'], uploaded)}: {found['why']}")
    said = ("; ".join(fields or plain) or "no reason given").rstrip(".")
    advice = "correct the field and restart the bot" if fields else "the next start tries again"
    return (
        f"Discord refused the slash command sync (HTTP {status}, error code {code}): {said}. "
        f"No command changed on Discord; {advice}."
    )


def _named(path: str, uploaded: Sequence[dict[str, Any]]) -> str:
    """ "0.options.1.description" as "/game new: description"."""
    parts = path.split(".")
    if not parts or not parts[0].isdigit() or int(parts[0]) >= len(uploaded):
        return path
    item: dict[str, Any] = uploaded[int(parts[0])]
    names = [str(item.get("name"))]
    rest = parts[1:]
    while len(rest) >= 2 and rest[0] == "options" and rest[1].isdigit():
        options = item.get("options") or []
        if int(rest[1]) >= len(options):
            break
        item = options[int(rest[1])]
        names.append(str(item.get("name")))
        rest = rest[2:]
    where = "/" + " ".join(names)
    return f"{where}: {'.'.join(rest)}" if rest else where
