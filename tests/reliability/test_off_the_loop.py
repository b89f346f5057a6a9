"""A command's heavy work never runs on the event loop: the AI's decisions, replays of
the log, a chart's series and the ratings are computed in the writer (or reader)
threads, so one channel's finishing move never holds up every other channel.

Proved without timing: each of those functions is wrapped to note whether it was called
from the thread that runs the event loop, and real games of each kind are played through
the bot to the end, with AI seats deciding inside commands and the finishing move
replaying the log, drawing the chart's series and rating the players.
"""

import asyncio
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import wraps
from typing import Any

import pytest
import simcord

from bot.settings import Settings
from rules.fagins_gang import RULES as FG
from rules.fantasy_business import RULES as FB
from tests.discord.fg_support import greedy_action, play, state_of
from tests.discord.harness import public, world
from tests.discord.test_ai_players import fb_move, game_table, table_with_ais

HEAVY = {
    "the AI": [("bot.service.commands.robots", "decide")],
    "a replay of the log": [
        ("bot.service.runtime.engine", "replay"),
        ("bot.records.results", "replay"),
        ("bot.render.charts", "replay"),
    ],
    "a chart's series": [
        ("bot.render.charts", "business_series"),
        ("bot.render.charts", "gang_series"),
    ],
    "the ratings": [("bot.records.ratings", "update"), ("bot.records.ratings", "recompute")],
}


def on_the_loop() -> bool:
    """Whether the calling thread is running an event loop (the bot's, here)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


@dataclass
class Watch:
    calls: dict[str, int] = field(default_factory=dict)
    on_loop: list[str] = field(default_factory=list)

    def wrap(self, what: str, function: Callable[..., Any]) -> Callable[..., Any]:
        @wraps(function)
        def watched(*args: Any, **kwargs: Any) -> Any:
            self.calls[what] = self.calls.get(what, 0) + 1
            if on_the_loop():
                self.on_loop.append(f"{what} ({function.__module__}.{function.__name__})")
            return function(*args, **kwargs)

        return watched


@pytest.fixture
def watch(monkeypatch: pytest.MonkeyPatch) -> Iterator[Watch]:
    import importlib

    found = Watch()
    for what, places in HEAVY.items():
        for module_name, name in places:
            module = importlib.import_module(module_name)
            monkeypatch.setattr(module, name, found.wrap(what, getattr(module, name)))
    yield found


async def test_a_fantasy_business_game_with_ai_seats_does_its_heavy_work_off_the_loop(
    backend_settings: Settings, watch: Watch
) -> None:
    async with world(backend_settings, 1) as w:
        alice = w.players[0]
        await table_with_ais(w, "fantasy-business", ["standard", "random"], turns=1)
        public(await alice.slash(w.channel, "game start", first=alice))
        for _ in range(200):
            if w.store.open_game(w.channel.id) is None:
                break
            if 0 in FB.waiting_on(game_table(w).state):
                await fb_move(w, 0)
            else:
                await w.env.advance_time(1)
        assert len(w.store.games_with_status("finished")) == 1
        simcord.assert_no_errors(w.env)
    assert set(watch.calls) == set(HEAVY), watch.calls  # every probe was reached
    assert watch.on_loop == []


async def test_a_fagins_gang_game_with_ai_seats_does_its_heavy_work_off_the_loop(
    backend_settings: Settings, watch: Watch
) -> None:
    async with world(backend_settings, 1) as w:
        alice = w.players[0]
        await table_with_ais(w, "fagins-gang", ["standard", "random"], round_limit=2)
        public(await alice.slash(w.channel, "game start", first=alice))
        for _ in range(100):
            if w.store.open_game(w.channel.id) is None:
                break
            state = state_of(w)
            if 0 in FG.waiting_on(state):
                await play(w, 0, greedy_action(state, 0))
            else:
                await w.env.advance_time(1)
        assert len(w.store.games_with_status("finished")) == 1
        simcord.assert_no_errors(w.env)
    assert {"the AI", "a chart's series", "the ratings"} <= set(watch.calls), watch.calls
    assert watch.on_loop == []


def test_the_probe_notices_a_call_on_the_loop() -> None:
    """The check itself can fail: a watched function called from a running loop."""
    found = Watch()
    probe = found.wrap("the AI", lambda: 1)

    async def on_loop() -> None:
        probe()

    probe()  # no loop in this thread: fine
    assert found.on_loop == []
    asyncio.run(on_loop())
    assert found.on_loop and found.calls["the AI"] == 2
