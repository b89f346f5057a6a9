"""Games played by AI seats through the public API, and the positions they pass through.

`play` drives a whole game the way the bot will: every decision comes from `ai.decide`
given the seat's view and the public events so far, and is applied to the real state,
so `apply` refuses anything illegal. `positions` keeps the states (with their public
history) where a given seat had to decide, for the honesty tests to perturb.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ai import Budget, Level, decide, decision_seed
from rules.events import Event
from rules.registry import GAMES

TINY = Budget(iterations=6)
"""Enough playouts to exercise the search, few enough for quick tests."""


@dataclass
class Position:
    state: Any
    seat: int
    history: list[Event]


@dataclass
class Played:
    final: Any
    decisions: int
    positions: list[Position] = field(default_factory=list)


def play(
    kind: str,
    levels: Sequence[Level],
    seed: int,
    options: Mapping[str, Any] | None = None,
    budget: Budget = TINY,
    keep: int | None = None,
    max_moves: int = 20_000,
) -> Played:
    """A whole game with one AI per seat; keeps the positions where seat `keep` decides."""
    rules = GAMES[kind]
    state, events = rules.setup(
        len(levels), rules.validate_options(dict(options or {})), seed, None
    )
    history = [event for event in events if event.public]
    result = Played(final=state, decisions=0)
    while rules.outcome(state) is None and result.decisions < max_moves:
        seat = rules.waiting_on(state)[0]
        if seat == keep:
            result.positions.append(Position(state, seat, list(history)))
        view = rules.view(state, seat)
        action = decide(
            kind, levels[seat], view, history, decision_seed(seed, result.decisions, seat), budget
        )
        state, events = rules.apply(state, seat, action)
        history += [event for event in events if event.public]
        result.decisions += 1
    result.final = state
    return result
