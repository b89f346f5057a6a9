"""Long-running play with a moved clock: timers, reminders, defaults, absent players.

These use the small counting game (tests/fakes.py) so that they speak only of the
table machinery; the real games' default moves are covered with the games' own tests.
Each runs on both backends (deadlines live in the database, and the scheduler leases
games there).
"""

from typing import Any

import pytest

from bot.service.commands import deadlines
from bot.settings import Settings
from tests import raw
from tests.discord.harness import World, confirmed, public, refused, world
from tests.fakes import FAKE_GAMES

HOUR = 3600.0


@pytest.fixture
def settings(backend_settings: Settings) -> Settings:
    """Every test here runs on SQLite and on PostgreSQL."""
    return backend_settings


async def running(w: World, players: int = 2, **options: Any) -> None:
    host = w.players[0]
    public(await host.slash(w.channel, "game new", game="fagins-gang", **options))
    for member in w.players[1:players]:
        public(await member.slash(w.channel, "game join"))
    public(await host.slash(w.channel, "game start", first=host))


def game_state(w: World) -> Any:
    table = w.bot.service.table(w.channel.id)
    assert table is not None
    return table.state


def contents(w: World) -> list[str]:
    return [m.content for m in w.channel.history()]


async def test_an_untimed_game_never_moves_on_its_own(settings: Settings) -> None:
    async with world(settings, 2, games=FAKE_GAMES) as w:
        await running(w)
        before = w.snapshot()
        count = len(contents(w))
        await w.env.advance_time(72 * HOUR)
        assert w.snapshot() == before
        assert len(contents(w)) == count


async def test_the_scheduler_sleeps_until_something_is_due(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Days of simulated time cost a few wake-ups an hour, not one a minute: a slow host
    cannot fall behind, and a real bot idles."""
    wakes: list[object] = []
    real_tick = deadlines.tick

    async def counted(service: Any, now: Any) -> Any:
        wakes.append(now)
        return await real_tick(service, now)

    monkeypatch.setattr(deadlines, "tick", counted)
    async with world(settings, 2, games=FAKE_GAMES) as w:
        await running(w)
        await w.env.advance_time(72 * HOUR)
        assert len(wakes) <= 72 * 4 + 2  # at most every 15 minutes with nothing due
        public(await w.players[0].slash(w.channel, "game timer", hours=10))
        wakes.clear()
        await w.env.advance_time(10.01 * HOUR)  # one deadline: woken for it, on time
        assert game_state(w).total == 1
        assert len(wakes) <= 10 * 4 + 2


async def test_defaults_at_each_deadline_finish_a_game_nobody_plays(
    settings: Settings,
) -> None:
    async with world(settings, 2, games=FAKE_GAMES) as w:
        await running(w)
        text = public(await w.players[0].slash(w.channel, "game timer", hours=2))
        assert "2 hours per step" in text
        await w.env.advance_time(1.9 * HOUR)
        assert game_state(w).total == 0  # not yet
        await w.env.advance_time(0.2 * HOUR)
        assert game_state(w).total == 1
        assert any(m.startswith("⏰ Time is up for **alice**") for m in contents(w))
        await w.env.advance_time(30 * HOUR)
        game = w.store.games_with_status("finished")
        assert len(game) == 1
        assert any("Game over" in m for m in contents(w))


async def test_a_reminder_is_sent_once_and_only_to_the_missing_player(
    settings: Settings,
) -> None:
    async with world(settings, 2, games=FAKE_GAMES) as w:
        alice, bob = w.players
        await running(w)
        public(await alice.slash(w.channel, "game timer", hours=10, remind=2))
        await w.env.advance_time(8.5 * HOUR)
        reminders = [m for m in w.channel.history() if m.content.startswith("⏳")]
        assert len(reminders) == 1
        assert alice.mention in reminders[0].content and bob.mention not in reminders[0].content
        assert [u.id for u in reminders[0].mentions] == [alice.id]
        await w.env.advance_time(1 * HOUR)
        assert len([m for m in contents(w) if m.startswith("⏳")]) == 1


async def test_a_deadline_that_passed_while_down_is_applied_once_after_restart(
    settings: Settings,
) -> None:
    async with world(settings, 2, games=FAKE_GAMES) as w:
        await running(w)
        public(await w.players[0].slash(w.channel, "game timer", hours=1))
        game = w.store.open_game(w.channel.id)
        assert game is not None
        # The bot is down across the deadline: move the stored deadline into the past.
        raw.execute(
            str(w.settings.database_path), "UPDATE games SET deadline = '2000-01-01T00:00:00+00:00'"
        )
        await w.restart()
        await w.env.advance_time(1)
        assert game_state(w).total == 1
        assert len(w.store.actions(game.id)) == 1
        await w.restart()
        await w.env.advance_time(1)
        assert len(w.store.actions(game.id)) == 1


async def test_pause_freezes_the_clock_and_resume_restarts_it(settings: Settings) -> None:
    async with world(settings, 2, games=FAKE_GAMES) as w:
        alice, bob = w.players
        await running(w)
        public(await alice.slash(w.channel, "game timer", hours=2))
        assert "Only the host" in refused(await bob.slash(w.channel, "game pause"))
        assert "paused" in public(await alice.slash(w.channel, "game pause"))
        assert "already paused" in refused(await alice.slash(w.channel, "game pause"))
        await w.env.advance_time(10 * HOUR)
        assert game_state(w).total == 0
        status = await bob.slash(w.channel, "game status")
        assert any("paused" in (m.content or "") for m in [status.response, *status.followups])
        assert "Only the host" in refused(await bob.slash(w.channel, "game resume"))
        assert "resumed" in public(await alice.slash(w.channel, "game resume"))
        await w.env.advance_time(1.5 * HOUR)
        assert game_state(w).total == 0  # 1.5 of the 2 hours: the paused time did not count
        await w.env.advance_time(1 * HOUR)
        assert game_state(w).total == 1


async def test_kick_puts_a_seat_on_autopilot_which_plays_at_once(
    settings: Settings,
) -> None:
    async with world(settings, 3, games=FAKE_GAMES) as w:
        alice, bob, carol = w.players
        await running(w, players=2)
        before = w.snapshot()
        assert "Only the host" in refused(await bob.slash(w.channel, "game kick", member=alice))
        assert w.snapshot() == before
        text = await confirmed(alice, w.channel, "game kick", member=bob)
        assert "autopilot" in text
        public(await alice.slash(w.channel, "game timer", hours=1))
        await w.env.advance_time(1.01 * HOUR)
        # Alice's default at her deadline, then Bob's autopilot at once, in one go.
        assert game_state(w).total == 2 and game_state(w).turn == 0
        game = w.store.open_game(w.channel.id)
        assert game is not None
        log = [(row.seat, row.user_id) for row in w.store.actions(game.id)]
        assert log == [(0, None), (1, None)]
        folded = [m for m in contents(w) if "🤖 **bob** adds 1." in m]
        assert folded and "Time is up for **alice**" in folded[0]  # one message for both
        mod = w.member_with_manage_channels()
        assert "already on autopilot" in refused(
            await mod.slash(w.channel, "game kick", member=bob)
        )
        assert "not seated" in refused(await alice.slash(w.channel, "game kick", member=carol))


async def test_resign_and_replace_hand_the_seat_over(settings: Settings) -> None:
    async with world(settings, 3, games=FAKE_GAMES) as w:
        alice, bob, carol = w.players
        await running(w, players=2)
        public(await w.players[0].slash(w.channel, "game timer", hours=1))
        assert "resigned" in await confirmed(bob, w.channel, "game resign")
        assert "Only the host" in refused(
            await bob.slash(w.channel, "game replace", old=bob, new=carol)
        )
        text = public(await alice.slash(w.channel, "game replace", old=bob, new=carol))
        assert carol.mention in text
        game = w.store.open_game(w.channel.id)
        assert game is not None
        seats = w.store.seats(game.id)
        assert [(s.user_id, s.autopilot) for s in seats] == [(alice.id, False), (carol.id, False)]
        dms = [m.content for m in carol.user.dm_channel.history()]
        assert any("You now play **bob**'s seat" in m for m in dms)
        assert "not seated" in refused(await bob.slash(w.channel, "game resign"))
        assert "already has a seat" in refused(
            await alice.slash(w.channel, "game replace", old=carol, new=alice)
        )


async def test_my_games_lists_running_games_and_who_they_wait_on(
    settings: Settings,
) -> None:
    async with world(settings, 2, games=FAKE_GAMES) as w:
        alice, bob = w.players
        await running(w)
        other = w.thread("second table")
        public(await bob.slash(other, "game new", game="fagins-gang"))
        public(await alice.slash(other, "game join"))
        public(await bob.slash(other, "game start", first=bob))
        listing = await alice.slash(w.channel, "games")
        assert listing.ephemeral
        lines = (listing.response.content or "").splitlines()[1:]
        assert len(lines) == 2
        assert f"<#{w.channel.id}> — 🔔 **waiting on you**" in lines[0]
        assert f"<#{other.id}> — waiting on others" in lines[1]
        nobody = w.guild.add_member(w.env.create_user("zed"))
        assert "not playing" in ((await nobody.slash(w.channel, "games")).response.content or "")
