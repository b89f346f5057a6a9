"""Speaking the reader's language: English (the default) or German.

Every sentence the bot writes goes through the message catalogs (gettext, managed with
Babel: see `bot.i18n.catalogs`): in code it is written in English inside `_()` (or
`n_()` when it depends on a count), and the rules core's sentences arrive as
`rules.words.Say` values rendered by `say()`. Which language comes out is the one being
*spoken* at that moment, a context variable set where the audience is known:

* an interaction's private reply speaks the player's Discord language (the cogs set it
  from `interaction.locale`);
* public messages speak the table's language (`with speaking(table.language):`);
* DMs sent later speak the language the player last used with the bot (remembered on
  their seat).

A context variable follows the work into the store threads (`asyncio.to_thread` copies
the context), so the service needs no language parameter threaded through every call.
"""

import contextvars
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from babel.numbers import format_decimal

from bot.i18n import quoted
from bot.i18n.catalogs import COMMAND_NAME, Language, translations
from bot.i18n.terms import german_term
from rules.words import Say, Term, render

ENGLISH = "en"
GERMAN = "de"
LANGUAGES = (ENGLISH, GERMAN)
LANGUAGE_NAMES = {ENGLISH: "English", GERMAN: "Deutsch"}

_speaking: contextvars.ContextVar[str] = contextvars.ContextVar("speaking", default=ENGLISH)

STRICT = os.environ.get("SMITHFIELD_I18N_STRICT", "") == "1"
"""Tests set this: a sentence with no German translation raises instead of showing the
English, so a German game that says anything untranslated fails loudly."""


class Untranslated(LookupError):
    """A sentence missing from the German catalog (raised only in strict mode)."""


def language_of(locale: object) -> str:
    """Our language for a Discord locale (`discord.Locale` or its value): German for any
    `de`, English otherwise."""
    value = str(getattr(locale, "value", locale) or "")
    return GERMAN if value.lower().startswith("de") else ENGLISH


def current() -> str:
    return _speaking.get()


@contextmanager
def speaking(language: str) -> Iterator[str]:
    """Speak `language` inside the block."""
    token = _speaking.set(language if language in LANGUAGES else ENGLISH)
    try:
        yield _speaking.get()
    finally:
        _speaking.reset(token)


def _catalog() -> Language:
    return translations(current())


def _(message: str) -> str:
    """`message` (English) in the language being spoken."""
    if current() == ENGLISH:
        return message
    return _commands(_catalog().lookup(message, None, None, strict=STRICT))


def command_word(word: str) -> str:
    """A command, group or option name as the reader's Discord client lists it."""
    if current() == ENGLISH:
        return word
    return _catalog().lookup(word, None, None, context=COMMAND_NAME)


def slash(path: str) -> str:
    """A command path ("game log", "bid amount") as the reader's client lists it
    ("/spiel protokoll"): for texts that show no code spans (embed footers)."""
    return "/" + " ".join(command_word(word) for word in path.split())


def listing(items: list[str]) -> str:
    """Items as a sentence lists them: "a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def _commands(text: str) -> str:
    """Quoted slash commands by the names the reader's client lists (`bot.i18n.quoted`)."""
    return quoted.commands_in(text, command_word)


def n_(singular: str, plural: str, count: int) -> str:
    """The singular or plural form for `count`, in the language being spoken (fill in
    the count with `.format(n=...)`)."""
    if current() == ENGLISH:
        return singular if count == 1 else plural
    return _commands(_catalog().lookup(singular, plural, count, strict=STRICT))


def known(text: str) -> str:
    """`text` translated if it is one of the catalog's messages as it stands (a marked
    constant passed along as a reason), else unchanged (already translated or built)."""
    if current() == ENGLISH:
        return text
    return _commands(_catalog().lookup(text, None, None, strict=False))


def N_(message: str) -> str:
    """Marks `message` for the catalog without translating it now (module constants,
    translated with `_()` where they are shown)."""
    return message


def term(english: str) -> str:
    """A name from the data files (location, colour, goods, article, card) in the
    language being spoken; a name the data files do not have ("special card", what a
    face-down card is called) is looked up among the catalog's sentences."""
    if current() == ENGLISH:
        return english
    german = german_term(english)
    return german if german != english else known(english)


def number(value: float) -> str:
    """A number as the language writes it (1,000.5 / 1.000,5; German sets a minus sign,
    not a hyphen: −2,8)."""
    if isinstance(value, int) and abs(value) < 10000:
        shown = str(value)
    else:
        shown = format_decimal(value, locale=current())
    return minus(shown)


def minus(shown: str) -> str:
    """A written number's sign as the language sets it (German: "−", not "-")."""
    return shown.replace("-", "−") if current() == GERMAN else shown


def dash() -> str:
    """The spaced dash between two parts of a line: " — " in English, the spaced en
    dash German uses (" – ")."""
    return " – " if current() == GERMAN else " — "


ENUMERATED = frozenset({"{count} {colour}", "{label} {card}"})
"""The templates of the items of a list that enumerates things (cubes, cards): German
ends such a list with "und" ("2 Blau und 1 Rot"); a tabulation (prices, gold) keeps its
commas."""


def _enumerated(param: Any) -> Any:
    """`param` with its enumerations (see `ENUMERATED`) ending in "and", at any depth."""
    if isinstance(param, Say):
        return _with_and(param)
    if not isinstance(param, list):
        return param
    items = [_enumerated(item) for item in param]
    things = all(
        isinstance(item, Term)
        or (isinstance(item, Say) and (item.key in ENUMERATED or not item.params))
        for item in items
    )
    if len(items) < 2 or not things:
        return items
    return Say("{items} and {last}", {"items": items[:-1], "last": items[-1]})


def _with_and(sentence: Say) -> Say:
    if not sentence.params:
        return sentence
    params = {name: _enumerated(value) for name, value in sentence.params.items()}
    return Say(sentence.key, params, sentence.plural, sentence.count)


def say(sentence: Say) -> str:
    """A rules-core sentence in the language being spoken (seats stay `{p<n>}`); lists of
    things end with "und" in German."""
    if current() == ENGLISH:
        return sentence.english()
    catalog = _catalog()
    return render(
        _with_and(sentence),
        lambda key, plural, count: _commands(catalog.lookup(key, plural, count, strict=STRICT)),
        term=term,
        number=number,
        language=current(),
    )
