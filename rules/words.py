"""Sentences the rules core says, as a message key and parameters.

The rules core speaks no particular language: a refusal or an event carries a `Say` — an
English template (the key, which is also the English text) and its parameters — and the
Discord layer renders it in the reader's language from the message catalogs
(`bot.i18n`). Rendering in English needs no catalog, so tests and tools read `.english()`.

Parameters are numbers, plain text (a player's own words, quoted back), a plan's words in
each language (`Quoted`), seats (`Seat`, rendered as `{p<n>}` for the table to put names
in), names from the data files (`Term`, shown in the reader's language), lists of those,
or nested `Say`s.

These are plain frozen dataclasses, not pydantic models: a search plays thousands of moves
whose sentences nobody reads, and nothing here comes from outside to be validated.

The functions `said`, `said_n` and `RuleError` are the markers the catalog extractor
looks for, so every template written through them lands in the catalog.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Union


@dataclass(frozen=True, slots=True)
class Seat:
    seat: int


@dataclass(frozen=True, slots=True)
class Term:
    """A name from the data files (a location, colour, article, card), by its English
    name; renderers look up the reader's name for it."""

    english: str


@dataclass(frozen=True, slots=True)
class Quoted:
    """A text the rules already know in each language: a part of a player's plan quoted
    back in each language's plan words ("thames up 2" / "themse hoch 2"), so a German
    player reads the words they type; a special card's rule text from the data file."""

    english: str
    german: str


Param = Union[int, float, str, Seat, Term, Quoted, "Say", list["Param"]]


@dataclass(frozen=True, slots=True)
class Say:
    """One sentence (or fragment) to show a player, in any language."""

    key: str
    """The English template, with `{name}` placeholders: the catalog's message id."""
    params: dict[str, Any] = field(default_factory=dict)
    """Values of the placeholders (see `Param`)."""
    plural: str | None = None
    """The English plural template when the sentence depends on a count."""
    count: int | None = None
    """The number that picks singular or plural (also available as `{n}`)."""

    def english(self) -> str:
        """The sentence in English (seats left as `{p<n>}` placeholders)."""
        return render(self, lambda key, plural, count: key if count == 1 or not plural else plural)


@dataclass(frozen=True, slots=True)
class Later:
    """A sentence made only when someone reads it: a module-level function that builds
    the `Say` and the plain values it needs, taken when the thing it tells happened (so
    a later change to the game cannot change what it says)."""

    make: Callable[..., Say]
    args: tuple[Any, ...]

    def say(self) -> Say:
        return self.make(*self.args)


def later(make: Callable[..., Say], /, *args: Any) -> Later:
    """`make(*args)`, when the sentence is read."""
    return Later(make, args)


def said(key: str, /, **params: Param) -> Say:
    """A sentence by its English template."""
    return Say(key, params)


def said_n(singular: str, plural: str, count: int, /, **params: Param) -> Say:
    """A sentence whose wording depends on `count` ("1 cube", "3 cubes")."""
    return Say(singular, {"n": count, **params}, plural, count)


Lookup = Any
"""(key, plural, count) -> the template to use; the catalog's gettext/ngettext."""


def render(
    say: Say,
    template: Lookup,
    term: Any = None,
    number: Any = None,
    joiner: str = ", ",
    language: str = "en",
) -> str:
    """Fill a sentence: `template` picks the (translated) template, `term` names a data
    name in the reader's language (default: its English name), `number` formats numbers
    (default: `str`), `language` picks a `Quoted` plan's words."""

    def value(param: Param) -> str:
        if isinstance(param, Say):
            return render(param, template, term, number, joiner, language)
        if isinstance(param, Quoted):
            return param.german if language == "de" else param.english
        if isinstance(param, Seat):
            return "{p" + str(param.seat) + "}"
        if isinstance(param, Term):
            return term(param.english) if term is not None else param.english
        if isinstance(param, list):
            return joiner.join(value(item) for item in param)
        if isinstance(param, bool):
            return str(param)
        if isinstance(param, int | float):
            return number(param) if number is not None else str(param)
        return str(param)

    text: str = template(say.key, say.plural, say.count)
    if not say.params:
        return text
    try:
        return text.format_map(_Keep({name: value(p) for name, p in say.params.items()}))
    except (ValueError, IndexError, AttributeError):
        return text


class _Keep(dict[str, str]):
    """Placeholders without a value stay as they are (`{p2}` seat references)."""

    def __missing__(self, name: str) -> str:
        return "{" + name + "}"
