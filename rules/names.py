"""Matching what a player typed against a list of names.

The command contract accepts a full name or an unambiguous prefix, any case, for
locations, colours, articles and special cards. One function does it so every game
refuses a typo or an ambiguity with the same kind of message.
"""

from collections.abc import Mapping

from rules.errors import RuleError

QUOTED = 40
"""How much of a player's own text a refusal repeats: enough to recognise it."""


def shown(typed: str, limit: int = QUOTED) -> str:
    """A player's text as a refusal quotes it: one line, at most `limit` characters."""
    text = " ".join(typed.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _norm(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def match_name(
    typed: str, names: Mapping[str, str], what: str, labels: Mapping[str, str] | None = None
) -> str:
    """Return the key whose alias matches `typed`.

    `names` maps every accepted alias (full name, goods name, short name) to its key.
    An exact alias wins; otherwise every alias starting with the typed text is a
    candidate, and the candidates must all lead to one key. `labels` (key -> the name
    players read) names the candidates of an ambiguous text; keys are shown otherwise.
    """
    wanted = _norm(typed)
    if not wanted:
        raise RuleError(f"Name {_a(what)}.")
    exact = {key for alias, key in names.items() if _norm(alias) == wanted}
    if len(exact) == 1:
        return exact.pop()
    found = {key for alias, key in names.items() if _norm(alias).startswith(wanted)}
    if len(found) == 1:
        return found.pop()
    if not found:
        raise RuleError(f"“{shown(typed)}” is not {_a(what)}.")
    shown_as = labels or {}
    options = ", ".join(sorted(shown_as.get(key, key) for key in found))
    raise RuleError(f"“{shown(typed)}” could be more than one {what}: {options}.")


def _a(what: str) -> str:
    """ "a colour", "an article"."""
    return f"{'an' if what[:1] in 'aeiou' else 'a'} {what}"
