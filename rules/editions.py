"""Editions: which generator (and, in Fagin's Gang, which price-wheel ring) a game plays
with, so that every stored game replays as it was played.

A game the bot starts carries `edition` among its options (`EDITION`, today's: the
counter-based generator, and the board's own wheel ring). A game without one was
started before editions existed and is of the first: the string-seeded generator and
the colours on the wheel in location order. `validate_options` of each game adds the
edition when a game starts (it is given the seat count) and keeps one it is given;
`setup` reads it from the options it is handed, a stored game's included.
"""

from collections.abc import Mapping
from typing import Any

from rules.rng import COUNTER_BASED, FIRST

FIRST_EDITION = 1
"""Games started before editions: string-seeded dice, the wheel in location order."""
EDITION = 2
"""Today's: counter-based dice, the board's wheel ring."""


def chosen_edition(raw: Mapping[str, Any], players: int | None) -> int | None:
    """The edition `validate_options` keeps: the one given, today's for a game starting
    now (`players` known), or none (a lobby's options)."""
    edition = raw.get("edition")
    if edition is not None:
        if edition not in (FIRST_EDITION, EDITION):
            # Editions come from the bot's stored options, never from a player.
            raise ValueError(f"This bot does not know edition {edition!r}.")
        return int(edition)
    return EDITION if players is not None else None


def edition_of(options: Mapping[str, Any]) -> int:
    """The edition of a game set up from `options` (the first without one)."""
    return int(options.get("edition", FIRST_EDITION))


def rng_version(edition: int) -> int:
    """The generator version a game of this edition draws with."""
    return COUNTER_BASED if edition >= EDITION else FIRST
