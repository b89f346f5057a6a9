"""Matching what a player typed against a list of names.

The command contract accepts a full name or an unambiguous prefix, any case, for
locations, colours, articles and special cards. One function does it so every game
refuses a typo or an ambiguity with the same kind of message.
"""

from collections.abc import Mapping

from rules.errors import RuleError
from rules.graphemes import grapheme_cut
from rules.words import Param, Say, Term, said

QUOTED = 40
"""How much of a player's own text a refusal repeats: enough to recognise it."""


def shown(typed: str, limit: int = QUOTED) -> str:
    """A player's text as a refusal quotes it: one line, at most `limit` characters."""
    text = " ".join(typed.split())
    return text if len(text) <= limit else text[: grapheme_cut(text, limit - 1)] + "…"


def _norm(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def match_name(
    typed: str,
    names: Mapping[str, str],
    what: str,
    labels: Mapping[str, str] | None = None,
) -> str:
    """Return the key whose alias matches `typed`.

    `names` maps every accepted alias (full name, goods name, short name) to its key.
    An exact alias wins; otherwise every alias starting with the typed text is a
    candidate, and the candidates must all lead to one key. `labels` (key -> the name
    players read) names the candidates of an ambiguous text; keys are shown otherwise.
    """
    wanted = _norm(typed)
    a_what, not_what, noun = _nouns(what)
    if not wanted:
        raise RuleError("Name {what}.", what=a_what)
    exact = {key for alias, key in names.items() if _norm(alias) == wanted}
    if len(exact) == 1:
        return exact.pop()
    found = {key for alias, key in names.items() if _norm(alias).startswith(wanted)}
    if len(found) == 1:
        return found.pop()
    if not found:
        raise RuleError("“{typed}” is {not_what}.", typed=shown(typed), not_what=not_what)
    shown_as = labels or {}
    options: list[Param] = [
        Term(english=name) for name in sorted(shown_as.get(k, k) for k in found)
    ]
    raise RuleError(
        "“{typed}” could be more than one {what}: {options}.",
        typed=shown(typed),
        what=noun,
        options=options,
    )


def _nouns(what: str) -> tuple[Param, Param, Param]:
    """What a name was meant to be, three ways: "a colour", "not a colour", "colour"."""
    known: dict[str, tuple[Say, Say, Say]] = {
        "colour": (said("a colour"), said("not a colour"), said("colour")),
        "location": (said("a location"), said("not a location"), said("location")),
        "article": (said("an article"), said("not an article"), said("article")),
        "article you own": (
            said("an article you own"),
            said("not an article you own"),
            said("article you own"),
        ),
        "special card": (
            said("a special card"),
            said("not a special card"),
            said("special card"),
        ),
        "special card you hold": (
            said("a special card you hold"),
            said("not a special card you hold"),
            said("special card you hold"),
        ),
    }
    if what in known:
        return known[what]
    a_what = f"{'an' if what[:1] in 'aeiou' else 'a'} {what}"
    return a_what, f"not {a_what}", what
