"""Every string of the command tree, for the catalogs (`python -m bot catalogs update`).

The names, descriptions and choices of the slash commands live in the cogs' decorators;
the only complete list of them is the tree of a built bot, so this builds one offline
(never logged in) and records what its tree asks the translator for.
"""

import tempfile
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from bot.edge.app import EXTENSIONS, create_bot
from bot.edge.translator import context_of
from bot.settings import Settings


class _Recorder(app_commands.Translator):
    """Notes every string the tree asks to translate (for the catalog extractor)."""

    def __init__(self) -> None:
        self.seen: dict[tuple[str, str | None], None] = {}

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        self.seen[(string.message, context_of(context.location))] = None
        return None


async def command_messages() -> list[tuple[str, str | None]]:
    """(message, context) for every name, description and choice of the bot's commands,
    in the order the tree lists them, read from a bot built offline."""
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(SMITHFIELD_DB=str(Path(folder) / "extract.db"))
        bot = create_bot(settings)
        # Entered but never logged in: the cogs' background tasks wait for a ready that
        # never comes and are cancelled on the way out.
        async with bot:
            for extension in EXTENSIONS:
                await bot.load_extension(extension)
            recorder = _Recorder()
            for command in bot.tree.get_commands():
                payload: Any = await command.get_translated_payload(bot.tree, recorder)
                del payload
            return list(recorder.seen)
