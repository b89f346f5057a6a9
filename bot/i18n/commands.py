"""Slash commands in the client's language, through discord.py's `Translator`.

Discord shows a command's localised name and description to a client set to that
language and keeps accepting the command under its one internal (English) name, so the
command contract's English names keep working for everyone. Names come from the catalog
under the `command name` context (lower case, no spaces, unique), descriptions and
choice names from the ordinary catalog.
"""

import tempfile
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from bot.i18n import GERMAN
from bot.i18n.catalogs import COMMAND_NAME, translations

NAMES = {
    app_commands.TranslationContextLocation.command_name,
    app_commands.TranslationContextLocation.group_name,
    app_commands.TranslationContextLocation.parameter_name,
}


def context_of(location: app_commands.TranslationContextLocation) -> str | None:
    return COMMAND_NAME if location in NAMES else None


class CommandTranslator(app_commands.Translator):
    """German names and descriptions from the catalog; None (English) otherwise."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        # Discord has one German locale (`de`); every other locale gets the English.
        if locale is not discord.Locale.german:
            return None
        text = translations(GERMAN).lookup(
            string.message, None, None, context=context_of(context.location)
        )
        return text if text != string.message else None


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
    from bot.app import EXTENSIONS, create_bot
    from bot.settings import Settings

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
