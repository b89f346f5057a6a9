"""Legal moves as asked (issue 34): `legal_actions(kinds=...)` builds only the action
types it is asked for (a menu of specials asks for its specials, not for every price
and gift), and gives exactly the full list's actions of those types, in its order, from
every reachable state."""

import pytest
from test_fb_arbitrary_actions import pool

from rules.fantasy_business import RULES, legal
from rules.fantasy_business.legal import ALL
from tests.rules.kinds import check_asked_kinds, refuse


def test_asking_for_some_kinds_gives_the_full_lists_actions_of_those_kinds() -> None:
    assert check_asked_kinds(RULES, pool(), ALL) > 1000


def test_a_kind_not_asked_for_is_not_built(monkeypatch: pytest.MonkeyPatch) -> None:
    """The specials menu's question never builds gifts or sheet prices."""
    for name in ("_gifts", "_sheet_prices", "_late_prices"):
        monkeypatch.setattr(legal, name, refuse)
    played = 0
    for state in pool():
        if state.phase == "pricing":
            for seat in range(state.players):
                played += len(RULES.legal_actions(state, seat, kinds=("play",)))
    assert played > 0
