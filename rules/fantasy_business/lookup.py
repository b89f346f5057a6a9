"""Articles and special cards by what a player typed: full name or unambiguous prefix.

Keys, display names and the data file's aliases are all accepted, in any case, in
English and in German (the `de` names and aliases). The same tables feed the Discord
layer's autocomplete (`article_choices`, `special_choices`), which shows each name in
the reader's language.
"""

from collections.abc import Collection
from functools import cache

from rules.errors import RuleError
from rules.fantasy_business import deck
from rules.names import match_name


def _fold(text: str) -> str:
    """The same folding `match_name` uses, so autocomplete offers what it would accept."""
    return "".join(ch for ch in text.casefold() if ch.isalnum())


@cache
def _article_aliases() -> dict[str, str]:
    names: dict[str, str] = {}
    for a in deck.data().articles:
        german = (a.de.name, *a.de.aliases) if a.de is not None else ()
        for alias in (a.key, a.name, *a.aliases, *german):
            names[alias] = a.key
    return names


@cache
def _special_aliases() -> dict[str, str]:
    names: dict[str, str] = {}
    for s in deck.data().specials:
        names[s.key] = s.key
        names[s.name] = s.key
        if s.de is not None:
            for alias in (s.de.name, *s.de.aliases):
                names.setdefault(alias, s.key)
    return names


def article_key(typed: str, among: Collection[str] | None = None) -> str:
    """The article key for a typed name; RuleError for unknown or ambiguous text.

    With `among` (e.g. the articles a player owns) only those are matched, so "magic"
    means the player's one magic article instead of being ambiguous."""
    if among is None and typed in deck.articles():
        return typed
    names = {a.key: a.name for a in deck.data().articles}
    if among is None:
        return match_name(typed, _article_aliases(), "article", names)
    if typed in among:
        return typed
    mine = {alias: key for alias, key in _article_aliases().items() if key in among}
    try:
        return match_name(typed, mine, "article you own", names)
    except RuleError:
        # Not one of theirs: name what they meant, and let the rules say why not.
        return match_name(typed, _article_aliases(), "article", names)


def special_key(typed: str, among: Collection[str] | None = None) -> str:
    """The special card key for a typed name; with `among`, only those cards match."""
    if among is None and typed in deck.specials():
        return typed
    names = {s.key: s.name for s in deck.data().specials}
    if among is None:
        return match_name(typed, _special_aliases(), "special card", names)
    if typed in among:
        return typed
    mine = {alias: key for alias, key in _special_aliases().items() if key in among}
    try:
        return match_name(typed, mine, "special card you hold", names)
    except RuleError:
        return match_name(typed, _special_aliases(), "special card", names)


def _choices(typed: str, aliases: dict[str, str], names: dict[str, str]) -> list[tuple[str, str]]:
    wanted = _fold(typed)
    keys = {key for alias, key in aliases.items() if _fold(alias).startswith(wanted)}
    return [(name, key) for key, name in names.items() if key in keys]


def article_choices(typed: str = "", language: str = "en") -> list[tuple[str, str]]:
    """(display name, key) of the articles matching a partly typed name (in either
    language), in list order; names in `language` ("en" or "de")."""
    names = {
        a.key: a.de.name if language == "de" and a.de is not None else a.name
        for a in deck.data().articles
    }
    return _choices(typed, _article_aliases(), names)


def special_choices(typed: str = "", language: str = "en") -> list[tuple[str, str]]:
    names = {
        s.key: s.de.name if language == "de" and s.de is not None else s.name
        for s in deck.data().specials
    }
    return _choices(typed, _special_aliases(), names)
