"""Fagin's Gang plans written the way a German player writes them (the words German
autocomplete offers: `rules.fagins_gang.completions.german_word`)."""

import re

from rules.fagins_gang import Move, Steal
from rules.fagins_gang.actions import format_move, format_steal
from rules.fagins_gang.plan_words import german_word


def german(text: str) -> str:
    return re.sub(r"[a-z]+", lambda m: german_word(m.group(0)), text)


def german_move(action: Move) -> str:
    return german(format_move(action))


def german_steal(action: Steal) -> str:
    return german(format_steal(action))


def german_colours(colours: list[str]) -> str:
    return " ".join(german_word(colour) for colour in colours)


def german_cubes(cubes: dict[str, int]) -> str:
    return ", ".join(f"{count} {german_word(colour)}" for colour, count in cubes.items())
