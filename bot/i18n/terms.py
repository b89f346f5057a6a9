"""German names of the things in the data files: locations, colours, goods, articles,
special cards.

The data files keep each thing's German words beside its English ones, in a `de` object
holding the same fields translated (`{"name": "River Thames", "de": {"name": "Themse",
"aliases": ["fluss"]}}`); `aliases` there are extra words the parsers accept. A rules
sentence names a thing by its English name (`rules.words.Term`), and this table turns
that into the German one.

A colour named in a sentence is a noun in German ("zahlt 1 Blau", "der Stand für Lila",
"Rot kaufen"): the data file's German colour key is the lower-case word a player types
in a plan ("themse rot blau"), so the table gives its capitalised form. Plans quoted
back keep the typed words (`rules.fagins_gang.plan_words`).
"""

import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[2] / "rules"


def _pairs(node: Any) -> Iterator[tuple[str, str]]:
    if isinstance(node, dict):
        german = node.get("de")
        if isinstance(german, dict):
            for field, value in german.items():
                english = node.get(field)
                if isinstance(value, str) and isinstance(english, str):
                    yield english, value
        for value in node.values():
            yield from _pairs(value)
    elif isinstance(node, list):
        for item in node:
            yield from _pairs(item)


def _colour_nouns(data: Any) -> Iterator[tuple[str, str]]:
    """(English colour key, German noun) for the colours of a data file that has them."""
    colours = data.get("colours") if isinstance(data, dict) else None
    for colour in colours if isinstance(colours, list) else []:
        german = colour.get("de", {}).get("key") if isinstance(colour, dict) else None
        if isinstance(german, str) and isinstance(colour.get("key"), str):
            yield colour["key"], german[:1].upper() + german[1:]


@cache
def german_terms() -> dict[str, str]:
    table: dict[str, str] = {}
    for path in sorted(DATA.glob("*/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for english, noun in _colour_nouns(data):
            table[english] = noun
        for english, german in _pairs(data):
            table.setdefault(english, german)
            table.setdefault(english.lower(), german.lower() if english.islower() else german)
    return table


def german_term(english: str) -> str:
    """The German name (the English one when the data give none)."""
    terms = german_terms()
    if english in terms:
        return terms[english]
    if english.lower() in terms:
        german = terms[english.lower()]
        return german[:1].upper() + german[1:] if english[:1].isupper() else german
    return english
