"""The shared check of `legal_actions(kinds=...)` (issue 34), for both games' pools of
reachable states."""

from collections.abc import Iterable
from itertools import combinations
from typing import Any


def check_asked_kinds(rules: Any, states: Iterable[Any], every: frozenset[str]) -> int:
    """Every kind and pair of kinds asked for, from every state and seat, gives exactly
    the full list's actions of those kinds, in its order; asking for every kind gives
    the full list. Returns how many of those answers were not empty."""
    asked = [frozenset({kind}) for kind in sorted(every)]
    asked += [frozenset(pair) for pair in combinations(sorted(every), 2)]
    answered = 0
    for state in states:
        for seat in range(state.players):
            full = list(rules.legal_actions(state, seat))
            assert {a.type for a in full} <= every
            assert list(rules.legal_actions(state, seat, kinds=every)) == full
            for kinds in asked:
                found = list(rules.legal_actions(state, seat, kinds=kinds))
                assert found == [a for a in full if a.type in kinds], (kinds, state.phase)
                answered += bool(found)
    return answered


def refuse(*_: object) -> object:
    """Stands in for a generator that must not run."""
    raise AssertionError("built although not asked for")
