"""A plan's words in the player's language: the standard English form of a step
(`format_step`: "thames up 2") as a German plan writes it ("themse hoch 2").

Autocomplete offers plans this way, and a refusal quotes the step of the plan it is
about this way (`quoted`), so a German player reads the words they typed, not the
English ones.
"""

from functools import lru_cache

from rules.fagins_gang.board import BOARD
from rules.words import Quoted

GERMAN_WORDS = {
    "up": "hoch",
    "down": "runter",
    "enter": "einsetzen",
    "leave": "verlassen",
    "top": "oben",
    "bottom": "unten",
    "exchange": "tausche",
    "for": "gegen",
}
"""The German plan words autocomplete offers (the parser knows more, see `plans`)."""


def german_word(word: str) -> str:
    """A word of an English plan as a German plan writes it: location keys become a
    German name the parser reads as one word, colours their German name."""
    if word in GERMAN_WORDS:
        return GERMAN_WORDS[word]
    if word in BOARD.ring:
        german = BOARD.location(word).de
        name = (german.name or "").casefold()
        if name and " " not in name and len(name) <= 12:
            return name
        return next((w for w in german.aliases if " " not in w), word)
    if word in BOARD.colour_ring:
        return BOARD.colour(word).de.key or word
    return word


def in_language(plan: str, language: str) -> str:
    """An English plan text (as `format_step` writes it) in the player's language."""
    if language != "de":
        return plan
    words = [(word.rstrip(";"), word[len(word.rstrip(";")) :]) for word in plan.split(" ")]
    return " ".join(german_word(word) + end for word, end in words)


@lru_cache(maxsize=4096)
def quoted(plan: str) -> Quoted:
    """A step of a plan (in its standard English form) to quote in a refusal; the same
    few steps come back again and again, so each is translated once."""
    return Quoted(english=plan, german=in_language(plan, "de"))
