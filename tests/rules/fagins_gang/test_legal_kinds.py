"""Legal moves as asked (issue 34): `legal_actions(kinds=...)` builds only the action
types it is asked for (the coach asking what a move would cost lists no trades), and
gives exactly the full list's actions of those types, in its order, from every
reachable state."""

from itertools import combinations

import pytest

from rules.fagins_gang import RULES, legal
from rules.fagins_gang.legal import ALL
from tests.rules.fagins_gang.test_arbitrary_actions import pool

ASKED = [frozenset({kind}) for kind in sorted(ALL)] + [
    frozenset(pair) for pair in combinations(sorted(ALL), 2)
]


def test_asking_for_some_kinds_gives_the_full_lists_actions_of_those_kinds() -> None:
    checked = 0
    for state in pool():
        for seat in range(state.players):
            full = list(RULES.legal_actions(state, seat))
            assert {a.type for a in full} <= ALL
            assert list(RULES.legal_actions(state, seat, kinds=ALL)) == full
            for kinds in ASKED:
                asked = list(RULES.legal_actions(state, seat, kinds=kinds))
                assert asked == [a for a in full if a.type in kinds], (kinds, state.phase)
                checked += bool(asked)
    assert checked > 1000


def test_a_kind_not_asked_for_is_not_built(monkeypatch: pytest.MonkeyPatch) -> None:
    """Asking for moves never lists steals, shilling thefts or trades."""

    def refuse(*_: object) -> object:
        raise AssertionError("built although not asked for")

    for name in ("steal_plans", "shilling_plans", "trades"):
        monkeypatch.setattr(legal, name, refuse)
    moves = 0
    for state in pool():
        for seat in range(state.players):
            moves += len(RULES.legal_actions(state, seat, kinds=("move",)))
    assert moves > 0
