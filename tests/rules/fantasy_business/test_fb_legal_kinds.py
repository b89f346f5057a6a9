"""Legal moves as asked (issue 34): `legal_actions(kinds=...)` builds only the action
types it is asked for (a menu of specials asks for its specials, not for every price
and gift), and gives exactly the full list's actions of those types, in its order, from
every reachable state."""

from itertools import combinations

import pytest
from test_fb_arbitrary_actions import pool

from rules.fantasy_business import RULES, legal
from rules.fantasy_business.legal import ALL

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
    """The specials menu's question never builds gifts or sheet prices."""

    def refuse(*_: object) -> object:
        raise AssertionError("built although not asked for")

    monkeypatch.setattr(legal, "_gifts", refuse)
    monkeypatch.setattr(legal, "_sheet_prices", refuse)
    monkeypatch.setattr(legal, "_late_prices", refuse)
    played = 0
    for state in pool():
        if state.phase == "pricing":
            for seat in range(state.players):
                played += len(RULES.legal_actions(state, seat, kinds=("play",)))
    assert played > 0
