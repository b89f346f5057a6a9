"""Slash commands in the client's language, through discord.py's `Translator`.

Discord shows a command's localised name and description to a client set to that
language and keeps accepting the command under its one internal (English) name, so the
command contract's English names keep working for everyone. Names come from the catalog
under the `command name` context (lower case, no spaces, unique), descriptions and
choice names from the ordinary catalog.
"""

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
