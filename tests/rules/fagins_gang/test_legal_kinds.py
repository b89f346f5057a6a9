"""Legal moves as asked (issue 34): `legal_actions(kinds=...)` builds only the action
types it is asked for (the coach asking what a move would cost lists no trades), and
gives exactly the full list's actions of those types, in its order, from every
reachable state."""

import pytest

from rules.fagins_gang import RULES, legal
from rules.fagins_gang.legal import ALL
from tests.rules.fagins_gang.test_arbitrary_actions import pool
from tests.rules.kinds import check_asked_kinds, refuse


def test_asking_for_some_kinds_gives_the_full_lists_actions_of_those_kinds() -> None:
    assert check_asked_kinds(RULES, pool(), ALL) > 1000


def test_a_kind_not_asked_for_is_not_built(monkeypatch: pytest.MonkeyPatch) -> None:
    """Asking for moves never lists steals, shilling thefts or trades."""
    for name in ("steal_plans", "shilling_plans", "trades"):
        monkeypatch.setattr(legal, name, refuse)
    moves = 0
    for state in pool():
        for seat in range(state.players):
            moves += len(RULES.legal_actions(state, seat, kinds=("move",)))
    assert moves > 0
