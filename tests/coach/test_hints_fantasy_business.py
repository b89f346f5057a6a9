"""`/hint` through a whole Fantasy Business game: every hint is typed back as written.

Three people at a `hints:true` table play a one-turn game by asking the coach at every
decision and typing exactly the command it gives (auction, bid or pass, prices, the
sheet's submission); each is accepted. The finished game carries its chart with the
standings and is left out of the ratings. A prepared position covers a special card.
"""

import asyncio
import json
import threading
from typing import Any

import pytest

from bot.render import charts
from bot.service.commands import coach as hint
from bot.settings import Settings
from rules.fantasy_business import RULES
from rules.fantasy_business.state import GameState
from tests.coach.support import hint_and_play, hinted_command
from tests.discord.harness import World, public, refused, world
from tests.rules.fantasy_business.fb_builders import position


@pytest.fixture(autouse=True)
def quick_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hint, "HINT_SECONDS", 0.05)


def state_of(w: World) -> GameState:
    table = w.bot.service.table(w.channel.id)
    assert table is not None and isinstance(table.state, GameState)
    return table.state


async def open_table(w: World, **options: Any) -> None:
    alice = w.players[0]
    public(await alice.slash(w.channel, "game new", game="fantasy-business", **options))
    for member in w.players[1:]:
        public(await member.slash(w.channel, "game join"))
    public(await alice.slash(w.channel, "game start", first=alice))


async def test_every_hint_of_a_game_is_a_command_the_game_accepts(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[tuple[str, bool]] = []
    real = charts.draw

    def watched(*args: Any) -> bytes:
        try:
            import asyncio

            asyncio.get_running_loop()
            on_loop = True
        except RuntimeError:
            on_loop = False
        drawn.append((threading.current_thread().name, on_loop))
        return real(*args)

    monkeypatch.setattr(charts, "draw", watched)
    async with world(settings, 3) as w:
        await open_table(w, turns=1, hints=True)
        commands: list[str] = []
        game = w.store.open_game(w.channel.id)
        assert game is not None and game.options["hints"] is True
        while w.store.game(game.id).status == "active":
            seat = RULES.waiting_on(state_of(w))[0]
            command, _ = await hint_and_play(w, w.players[seat])
            commands.append(command.split()[0])
        assert {"/auction", "/submit"} <= set(commands), commands
        assert {"/bid", "/pass"} & set(commands), commands

        standings = [m for m in w.channel.history() if "Game over" in (m.content or "")]
        assert standings and [a.filename for a in standings[-1].attachments] == [
            "smithfield-chart.png"
        ]
        assert standings[-1].attachments[0].size < 1_000_000
        assert drawn and not any(on_loop for _, on_loop in drawn)

        results = w.store.results_of_games([game.id])
        assert len(results) == 3 and not any(row.rated for row in results)
        assert w.store.ratings(w.guild.id, "fantasy-business") == []

        shown = await w.players[0].slash(w.channel, "game history")
        assert "with hints, unrated" in shown.response.content
        exported = await w.players[0].slash(w.channel, "game export", game=game.id)
        document = json.loads(await exported.response.attachments[0].read())
        assert document["game"]["hints"] is True and document["options"]["hints"] is True
        show = await w.players[0].slash(w.channel, "game show", game=game.id)
        assert "Played with hints" in show.response.content
        assert "smithfield-chart.png" in [a.filename for a in show.response.attachments]


async def test_a_hint_with_a_special_card_in_hand_is_accepted(settings: Settings) -> None:
    state = position(
        3,
        phase="pricing",
        gold=[30, 30, 30],
        articles={0: {"swords": 2}, 1: {"swords": 1, "horses": 1}, 2: {"armour": 1}},
        specials={0: ["thief", "subsidy", "embargo"]},
        last_prices={1: {"swords": 6}},
    )
    async with world(settings, 3) as w:
        await open_table(w, hints=True)
        game = w.store.open_game(w.channel.id)
        assert game is not None
        w.store.update_game(game, now=w.clock(), state=RULES.dump_state(state))
        seen = []
        for _ in range(4):  # plays, prices and the submission, as the coach says
            if 0 not in RULES.waiting_on(state_of(w)):
                break
            command, _ = await hint_and_play(w, w.players[0])
            seen.append(command)
        assert seen


async def test_hints_are_refused_clearly(settings: Settings) -> None:
    async with world(settings, 3) as w:
        alice, bob, _carol = w.players
        await open_table(w)
        before = w.snapshot()
        assert "Hints are off" in refused(await alice.slash(w.channel, "hint"))
        assert w.snapshot() == before
        status = await alice.slash(w.channel, "game status")
        assert "Hints on" not in status.response.content

        coached = w.thread("coached")
        public(await alice.slash(coached, "game new", game="fantasy-business", hints=True))
        lobby = await alice.slash(coached, "game status")
        assert "coach hints" in str(lobby.response.embeds[0].to_dict())
        for member in (bob, _carol):
            public(await member.slash(coached, "game join"))
        public(await alice.slash(coached, "game start", first=alice))
        outsider = w.guild.add_member(w.env.create_user("mallory"))
        assert "not seated" in refused(await outsider.slash(coached, "hint"))
        assert "not your decision" in refused(await bob.slash(coached, "hint"))
        status = await alice.slash(coached, "game status")
        assert "Hints on" in status.response.content

        game = w.store.open_game(coached.id)
        assert game is not None
        hint._busy.add((game.id, alice.id))  # a hint of alice's is being searched
        try:
            assert "still being worked out" in refused(await alice.slash(coached, "hint"))
        finally:
            hint._busy.discard((game.id, alice.id))
        assert (await alice.slash(coached, "hint")).response.content.startswith("💡")


def test_a_hint_command_is_read_back_with_its_typed_values() -> None:
    assert hinted_command("💡 … `/price article:Magic Potions amount:5`\nwhy") == (
        "/price article:Magic Potions amount:5"
    )


async def test_a_hint_overtaken_by_a_move_asks_to_be_asked_again(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with world(settings, 3) as w:
        alice = w.players[0]
        await open_table(w, hints=True)
        real = hint._search

        async def slow_search(service: Any, asked: Any) -> Any:
            action = await real(service, asked)
            game = w.store.open_game(w.channel.id)
            assert game is not None
            w.store.update_game(game, now=w.clock())  # a move lands during the search
            return action

        monkeypatch.setattr(hint, "_search", slow_search)
        assert "moved on" in refused(await alice.slash(w.channel, "hint"))


async def test_a_dead_hint_worker_is_replaced(settings: Settings) -> None:
    """The worker process dies: that hint comes from `standard`, the next from a new one."""
    async with world(settings, 3) as w:
        alice = w.players[0]
        await open_table(w, hints=True)
        pool = hint.WORKER.pool()
        await asyncio.wrap_future(pool.submit(int))  # the worker is up
        for process in list(pool._processes.values()):  # and is killed
            process.kill()
            process.join()
        first = await alice.slash(w.channel, "hint")
        # The standard AI's answer, said as its own: it used to be credited to the strong AI.
        assert first.response.content.startswith("💡 The strong AI did not finish;")
        assert hint.WORKER.pool() is not pool
        second = await alice.slash(w.channel, "hint")
        assert second.response.content.startswith("💡 The strong AI would play:")
        assert not hint.WORKER.pool()._broken
