"""`/hint` in Fagin's Gang: actions, the market and the hand limit, typed back as written."""

import pytest

from bot.service.commands import coach as hint
from bot.settings import Settings
from rules.fagins_gang import RULES, FaginState
from tests.coach.support import hint_and_play
from tests.discord.fg_support import player, set_state, start_game, state_of
from tests.discord.harness import world


@pytest.fixture(autouse=True)
def quick_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hint, "HINT_SECONDS", 0.05)


def over_the_limit(state: FaginState) -> None:
    state.cubes[0] = {c: 5 for c in state.cubes[0]}


async def test_hints_for_actions_the_market_and_discards_are_accepted(settings: Settings) -> None:
    async with world(settings, 3) as w:
        await start_game(w, hints=True)
        commands: list[str] = []
        for _ in range(9):  # three rounds of actions (and any market a hint opens)
            seat = RULES.waiting_on(state_of(w))[0]
            command, _ = await hint_and_play(w, player(w, seat))
            commands.append(command)
        assert any(c.startswith(("/move", "/steal", "/shillings", "/skip")) for c in commands)

        # The market: the token holder's turn to trade.
        state = state_of(w)
        if state.market is None and state.phase == "actions":
            seat = RULES.waiting_on(state)[0]
            await player(w, seat).slash(w.channel, "market open")
        while state_of(w).market is not None:
            seat = RULES.waiting_on(state_of(w))[0]
            command, _ = await hint_and_play(w, player(w, seat))
            commands.append(command)
        assert any(c.startswith("/market") for c in commands), commands

        # The hand limit: alice must return cubes at the round's end.
        set_state(w, over_the_limit)
        while state_of(w).phase == "actions":
            seat = RULES.waiting_on(state_of(w))[0]
            await player(w, seat).slash(w.channel, "skip")
        assert state_of(w).phase == "discard"
        command, _ = await hint_and_play(w, player(w, 0))
        assert command.startswith('/discard cubes:"'), command
