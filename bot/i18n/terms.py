"""German names of the things in the data files: locations, colours, goods, articles,
special cards.

The data files keep each thing's German words beside its English ones, in a `de` object
holding the same fields translated (`{"name": "River Thames", "de": {"name": "Themse",
"aliases": ["fluss"]}}`); `aliases` there are extra words the parsers accept. A rules
sentence names a thing by its English name (`rules.words.Term`), and this table turns
that into the German one.
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


@cache
def german_terms() -> dict[str, str]:
    table: dict[str, str] = {}
    for path in sorted(DATA.glob("*/*.json")):
        for english, german in _pairs(json.loads(path.read_text(encoding="utf-8"))):
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
