"""Fagin's Gang plans written the way a German player writes them."""

import re

from rules.fagins_gang import Move, Steal
from rules.fagins_gang.actions import format_move, format_steal

WORDS = {
    "thames": "themse",
    "stpauls": "kathedrale",
    "up": "hoch",
    "down": "runter",
    "enter": "einsetzen",
    "leave": "verlassen",
    "top": "oben",
    "bottom": "unten",
    "exchange": "tausche",
    "for": "gegen",
    "blue": "blau",
    "green": "grün",
    "red": "rot",
    "yellow": "gelb",
    "black": "schwarz",
    "purple": "lila",
}


def german(text: str) -> str:
    return re.sub(r"[a-z]+", lambda m: WORDS.get(m.group(0), m.group(0)), text)


def german_move(action: Move) -> str:
    return german(format_move(action))


def german_steal(action: Steal) -> str:
    return german(format_steal(action))


def german_colours(colours: list[str]) -> str:
    return " ".join(WORDS[colour] for colour in colours)


def german_cubes(cubes: dict[str, int]) -> str:
    return ", ".join(f"{count} {WORDS[colour]}" for colour, count in cubes.items())
