"""Records through the real bot: `/game history`, `/game show`, `/game export` and
`python -m bot replay`, `/stats` and `/leaderboard`, and who may see which past game."""

import json
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord

from bot.__main__ import main
from bot.records import ratings
from bot.settings import Settings
from rules.fagins_gang import RULES as FG
from tests.discord.fg_support import greedy_action, play, start_game, state_of
from tests.discord.harness import World, public, refused, world
from tests.discord.test_fb_play import Driver


async def finish_fb(w: World, first: int = 0) -> int:
    """A one-turn Fantasy Business game of the world's players, played to the end."""
    driver = Driver(w)
    await driver.start(turns=1, first=first)
    await driver.play_game()
    return driver.game_id


async def finish_fg(w: World) -> int:
    """A one-round Fagin's Gang game of the world's players, played greedily to the end."""
    await start_game(w, round_limit=1)
    game = w.store.open_game(w.channel.id)
    assert game is not None
    while w.store.open_game(w.channel.id) is not None:
        state = state_of(w)
        seat = FG.waiting_on(state)[0]
        public(await play(w, seat, greedy_action(state, seat)))
    return game.id


def private(result: simcord.InteractionResult) -> str:
    assert result.ephemeral and result.response is not None, result
    content = result.response.content or ""
    assert not content.startswith("❌"), content
    return content


async def saved(result: simcord.InteractionResult, folder: Path) -> Path:
    """The file attached to a reply, written to `folder`."""
    assert result.response is not None
    (attachment,) = [a for a in result.response.attachments if a.filename.endswith(".json")]
    path = folder / attachment.filename
    path.write_bytes(await attachment.read())
    return path


def replay(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def edited(path: Path, change: Any) -> Path:
    """A copy of a replay file with its document changed by `change`."""
    document = json.loads(path.read_text())
    change(document)
    copy = path.with_name("edited-" + path.name)
    copy.write_text(json.dumps(document))
    return copy


async def test_a_finished_fantasy_business_game_is_listed_shown_exported_and_replayed(
    settings: Settings, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    async with world(settings, 3) as w:
        alice, bob, _carol = w.players
        game_id = await finish_fb(w)
        rows = w.store.results_of_games([game_id])
        winner = next(row for row in rows if row.won)

        listed = private(await bob.slash(w.channel, "game history"))
        assert f"**#{game_id}**" in listed and "Fantasy Business" in listed
        assert f"🏆 **{winner.display_name}** {winner.score}" in listed
        for row in rows:
            assert f"{row.display_name}{'**' if row.won else ''} {row.score}" in listed

        shown = await bob.slash(w.channel, "game show", game=game_id)
        text = private(shown)
        assert text.startswith(f"🗂️ **Fantasy Business #{game_id}**")
        assert "designates card 1, the" in text and "has submitted their price sheet" in text
        assert shown.response is not None
        assert shown.response.embeds[0].title == "Fantasy Business — final scores after 1 turn"
        (log,) = [a for a in shown.response.attachments if a.filename.endswith("-log.txt")]
        assert "has submitted their price sheet" in (await log.read()).decode()

        choices = await alice.autocomplete(w.channel, "game show", "game", "")
        day = w.store.game(game_id).updated_at[:10]
        label = f"#{game_id} Fantasy Business — {day} — alice, bob, carol"
        assert choices == [{"name": label, "value": game_id}]

        exported = await alice.slash(w.channel, "game export")  # the channel's last game
        assert "python -m bot replay" in private(exported)
        path = await saved(exported, tmp_path)
        document = json.loads(path.read_text())
        assert document["seed"] == 7 and document["game"]["status"] == "finished"
        assert [seat["name"] for seat in document["seats"]] == ["alice", "bob", "carol"]
        assert str(alice.id) not in path.read_text()  # names, never user ids
        assert document["rules_data"]["file"] == "rules/fantasy_business/cards.json"

        code, out, err = replay(path, capsys)
        assert code == 0, err
        assert "The replay reaches the recorded result." in out
        assert f"1. {winner.display_name} — {winner.score} 🏆" in out

        def raise_a_bid(document: dict[str, Any]) -> None:
            bid = next(row for row in document["log"] if row["action"]["type"] == "bid")
            bid["action"]["amount"] += 1

        code, _, err = replay(edited(path, raise_a_bid), capsys)
        assert code == 1
        assert "does not replay: the replay does not reach the recorded result" in err

        def out_of_turn(document: dict[str, Any]) -> None:
            document["log"][0]["seat"] = 1

        code, _, err = replay(edited(path, out_of_turn), capsys)
        assert code == 1 and "row 1 (bob: " in err and "is refused by the rules" in err

        def other_data(document: dict[str, Any]) -> None:
            document["rules_data"]["sha256"] = "0" * 64

        code, _, err = replay(edited(path, other_data), capsys)
        assert code == 1
        assert "the rules data differ: rules/fantasy_business/cards.json here" in err


async def test_a_finished_fagins_gang_game_round_trips_through_its_replay_file(
    settings: Settings, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    async with world(settings, 2) as w:
        alice, bob = w.players
        game_id = await finish_fg(w)
        listed = private(await alice.slash(w.channel, "game history", count=1))
        assert f"**#{game_id}**" in listed and "Fagin's Gang" in listed and "🏆" in listed

        shown = await alice.slash(w.channel, "game show", game=game_id)
        assert "final standings" in (shown.response.embeds[0].title or "")
        assert any(a.filename.endswith(".png") for a in shown.response.attachments)
        assert "Fagin's Gang #" in private(shown)

        exported = await bob.slash(w.channel, "game export", game=game_id)
        path = await saved(exported, tmp_path)
        code, out, err = replay(path, capsys)
        assert code == 0, err
        assert "Fagin's Gang #" in out and "The replay reaches the recorded result." in out
        assert json.loads(path.read_text())["rules_data"]["file"] == (
            "rules/fagins_gang/board.json"
        )


async def test_stats_and_leaderboard_after_several_finished_games(settings: Settings) -> None:
    async with world(settings, 3) as w:
        alice, bob, carol = w.players
        first = await finish_fb(w, first=0)
        second = await finish_fb(w, first=1)
        rows = w.store.results_of_games([first, second])
        mine = [row for row in rows if row.user_id == bob.id]
        won = sum(row.won for row in mine)
        place = sum(row.place for row in mine) / 2

        text = private(await alice.slash(w.channel, "stats", member=bob))
        assert text.startswith("📊 **bob** in this server")
        assert f"**Fantasy Business** — played 2, won {won} · average place {place:.1f}" in text
        assert "deadlines missed 0" in text and "time to act" in text
        assert "AI seats are left out" in text
        assert "Fagin's Gang" not in text

        board = private(await carol.slash(w.channel, "leaderboard", game="fantasy-business"))
        assert board.startswith("🏅 **Fantasy Business** ratings in this server")
        stored = w.store.ratings(w.guild.id, "fantasy-business")
        assert {rating.games for rating in stored} == {2}
        best = max(stored, key=ratings.shown)
        assert f"1. **{best.display_name}** — {ratings.shown(best):.1f}" in board
        assert "AI seats are left out" in board

        # Stored as games finished, and the same when recomputed from the results alone.
        recomputed = ratings.compute(w.store.results_in_order(w.guild.id, "fantasy-business"))
        assert sorted(recomputed.values(), key=lambda r: r.user_id) == stored

        empty = private(await alice.slash(w.channel, "leaderboard", game="fagins-gang"))
        assert "No rated Fagin's Gang games in this server yet" in empty
        alone = private(await alice.slash(w.channel, "stats", game="fagins-gang"))
        assert "has no finished games of Fagin's Gang in this server yet" in alone
        # Records are kept per server: in DMs the record commands are not even listed.
        listed = alice.user.available_commands()
        assert "leaderboard" not in listed and "stats" not in listed


async def test_past_games_are_shown_only_to_those_who_could_see_them(settings: Settings) -> None:
    async with world(settings, 4) as w:
        alice, bob, carol, dave = w.players
        hidden = w.guild.create_text_channel(
            "back-room", overwrites={dave: discord.PermissionOverwrite(view_channel=False)}
        )
        here = w.channel
        back_room = World(w.env, w.guild, hidden, [alice, bob, carol], w.settings, w.games, w.clock)
        game_id = await finish_fb(back_room)

        # Another channel of the same server: the members who can view the game's channel.
        assert f"#{game_id}" in private(await carol.slash(here, "game show", game=game_id))
        assert "no game #1 that you can see" in refused(
            await dave.slash(here, "game show", game=game_id)
        )
        assert await dave.autocomplete(here, "game show", "game", "") == []
        assert "no game #1 that you can see" in refused(
            await dave.slash(here, "game export", game=game_id)
        )

        # Another server: never, not even for the players.
        other = w.env.create_guild(name="Elsewhere")
        room = other.create_text_channel("lounge")
        visitor = other.add_member(alice.user)
        assert "no game #1 that you can see" in refused(
            await visitor.slash(room, "game show", game=game_id)
        )
        assert await visitor.autocomplete(room, "game export", "game", "") == []
        assert "No game in this channel has ended yet" in private(
            await visitor.slash(room, "game history")
        )

        # DMs: a player's own games only.
        mine = private(await bob.user.slash("game history"))
        assert "**Your past games**" in mine and f"**#{game_id}**" in mine
        assert f"#{game_id}" in private(await bob.user.slash("game show", game=game_id))
        assert "no game #1 that you can see" in refused(
            await dave.user.slash("game show", game=game_id)
        )
        assert "No game you have played has ended yet" in private(
            await dave.user.slash("game history")
        )
        assert "Name the game to export here" in refused(await bob.user.slash("game export"))
        exported = await bob.user.slash("game export", game=game_id)
        assert "replay file" in private(exported)


async def test_the_history_lists_a_fagins_gang_result_in_the_order_of_its_standings(
    settings: Settings,
) -> None:
    """Two seats with no urchin at Fagin share a place in the records, but the standings
    rank them by their money and goods: the history lists them the same way."""
    from rules.fagins_gang.actions import Move, MoveStep
    from tests.discord.fg_support import play, set_state, start_game

    async with world(settings, 3) as w:
        await start_game(w, first=2, fagin_target=1)

        def near(state: Any) -> None:
            state.urchins["thames"][2] = 0  # carol's urchin on the top level
            state.supply[2] -= 1
            state.shillings[0], state.shillings[1] = 5, 40  # bob is richer than alice

        set_state(w, near)
        await play(w, 2, Move(steps=[MoveStep(location="thames", kind="fagin")]))
        listed = private(await w.players[0].slash(w.channel, "game history"))
        assert "🏆 **carol** 1 · bob 0 · alice 0" in listed, listed
        standings = next(
            m
            for m in w.channel.history()
            if m.embeds and "final standings" in (m.embeds[0].title or "")
        )
        lines = (standings.embeds[0].description or "").splitlines()
        assert [line.split("**")[1] for line in lines] == ["carol", "bob", "alice"]
