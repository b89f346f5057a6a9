"""States are values: `apply` never changes the state it is given, and the fast copy it
works on is an exact copy."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.fantasy_business import RULES


@settings(max_examples=6, deadline=None)
@given(players=st.integers(min_value=3, max_value=8), seed=st.integers(0, 10_000))
def test_apply_leaves_its_input_untouched_and_clone_is_exact(players: int, seed: int) -> None:
    chooser = random.Random(seed)
    state, _ = RULES.setup(players, RULES.validate_options({"turns": 2}), seed, None)
    while RULES.outcome(state) is None:
        assert state.clone().model_dump() == state.model_dump()
        seat = chooser.choice(RULES.waiting_on(state))
        before = state.model_dump_json()
        after, _ = RULES.apply(state, seat, chooser.choice(RULES.legal_actions(state, seat)))
        assert state.model_dump_json() == before
        assert after is not state
        state = after
