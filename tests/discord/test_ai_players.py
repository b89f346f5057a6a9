"""AI players at the table, through the real bot: seated with `/game addbot`, playing
a whole game with one person, taking over a resigned seat, a game with no human left
playing itself, and a strong AI's search surviving a restart."""

from typing import Any

import pytest
import simcord

from bot.service.runtime import strong_worker
from bot.settings import Settings
from rules.fagins_gang import RULES as FG
from rules.fantasy_business import RULES as FB
from rules.fantasy_business import deck
from tests.discord.fg_support import greedy_action, play, state_of
from tests.discord.harness import World, confirmed, public, refused, said, world

HOUR = 3600.0


def game_table(w: World) -> Any:
    table = w.bot.service.table(w.channel.id)
    assert table is not None
    return table


async def table_with_ais(w: World, kind: str, levels: list[str], **options: Any) -> None:
    alice = w.players[0]
    public(await alice.slash(w.channel, "game new", game=kind, **options))
    for level in levels:
        text = public(await alice.slash(w.channel, "game addbot", level=level))
        assert f"({level})" in text


async def fb_move(w: World, seat: int) -> None:
    """alice's move in Fantasy Business, with the game's commands."""
    state = game_table(w).state
    alice = w.players[0]
    if state.phase == "auction":
        if state.auction is None:
            public(await alice.slash(w.channel, "auction", card=state.label(state.centre[0])))
        elif state.auction.high_bidder is None and state.gold[seat] >= deck.minimum_bid(
            state.auction.card
        ):
            public(await alice.slash(w.channel, "bid", amount=deck.minimum_bid(state.auction.card)))
        else:
            public(await alice.slash(w.channel, "pass"))
        return
    for key in state.articles[seat]:
        assert await alice.slash(w.channel, "price", article=key, amount=deck.article(key).base)
    public(await alice.slash(w.channel, "submit"))


async def test_one_person_plays_fantasy_business_against_two_ais(settings: Settings) -> None:
    async with world(settings, 1) as w:
        alice = w.players[0]
        await table_with_ais(w, "fantasy-business", ["standard", "standard"], turns=2)
        lobby = game_table(w)
        assert [seat.display_name for seat in lobby.seats][1:] == [
            "🤖 Nancy (standard)",
            "🤖 Dodger (standard)",
        ]
        # Each AI seat's seed is drawn as it is seated and kept with it: its own, not
        # the game's (which predicts the game's future).
        seeds = [seat.ai_seed for seat in lobby.seats]
        assert seeds[0] is None and None not in seeds[1:] and seeds[1] != seeds[2]
        assert lobby.game.seed not in seeds
        public(await alice.slash(w.channel, "game start", first=alice))
        for _ in range(200):
            game = w.store.open_game(w.channel.id)
            if game is None:
                break
            table = game_table(w)
            assert FB.waiting_on(table.state) == [0] or 0 in FB.waiting_on(table.state)
            await fb_move(w, 0)
        finished = w.store.games_with_status("finished")
        assert len(finished) == 1
        log = w.store.actions(finished[0].id)
        ai_moves = [row for row in log if row.seat != 0]
        assert ai_moves and all(row.user_id is None for row in ai_moves)
        # The AIs bid and priced: not only the default moves (pass, default prices).
        kinds = {row.action["type"] for row in ai_moves}
        assert {"bid", "price"} & kinds or any(
            row.action["type"] == "auction" and row.action.get("price") for row in ai_moves
        )
        # Nobody was sent anything for the AIs, and the AIs were never pinged.
        simcord.assert_no_errors(w.env)
        assert all("<@-" not in m.content for m in said(w.channel))


async def test_one_person_plays_fagins_gang_against_two_ais(settings: Settings) -> None:
    async with world(settings, 1) as w:
        alice = w.players[0]
        await table_with_ais(w, "fagins-gang", ["standard", "random"], round_limit=3)
        public(await alice.slash(w.channel, "game start", first=alice))
        for _ in range(100):
            if w.store.open_game(w.channel.id) is None:
                break
            state = state_of(w)
            assert FG.waiting_on(state) == [0]  # the AIs have moved already
            await play(w, 0, greedy_action(state, 0))
        assert len(w.store.games_with_status("finished")) == 1
        simcord.assert_no_errors(w.env)


async def test_a_resigned_seat_is_played_by_an_ai_with_real_moves(settings: Settings) -> None:
    async with world(settings, 3) as w:
        alice, bob, carol = w.players
        public(await alice.slash(w.channel, "game new", game="fagins-gang", round_limit=4))
        public(await bob.slash(w.channel, "game join"))
        public(await carol.slash(w.channel, "game join"))
        public(await alice.slash(w.channel, "game start", first=alice))
        await play(w, 0, greedy_action(state_of(w), 0))
        assert game_table(w).seats[1].ai_seed is None
        text = await confirmed(bob, w.channel, "game resign")
        assert "standard AI plays" in text
        seats = game_table(w).seats
        assert seats[1].ai_seed not in (None, game_table(w).game.seed)
        assert seats[0].ai_seed is None  # only the seat an AI took over
        assert "\n🤖 **bob** " in text or "**bob**" in text  # bob's seat moved at once
        while w.store.open_game(w.channel.id) is not None:
            state = state_of(w)
            seat = FG.waiting_on(state)[0]
            assert seat != 1
            await play(w, seat, greedy_action(state, seat))
        game = w.store.games_with_status("finished")[0]
        bob_moves = [row.action["type"] for row in w.store.actions(game.id) if row.seat == 1]
        assert any(kind != "skip" for kind in bob_moves), bob_moves  # not the bare default


async def test_a_game_of_ais_alone_plays_itself_to_the_end_at_a_pace(settings: Settings) -> None:
    paced = settings.model_copy(update={"ai_pace_seconds": 10.0})
    async with world(paced, 1) as w:
        alice = w.players[0]
        await table_with_ais(w, "fagins-gang", ["standard", "standard"], round_limit=2)
        text = public(await alice.slash(w.channel, "game leave"))
        assert "Only AI players are seated" in text
        public(await alice.slash(w.channel, "game addbot"))
        public(await alice.slash(w.channel, "game start"))
        game = w.store.games_with_status("active")[0]
        assert len(w.store.actions(game.id)) == 0  # nothing yet: a move every 10 s
        await w.env.advance_time(9)
        assert len(w.store.actions(game.id)) == 0
        await w.env.advance_time(3)  # the scheduler wakes just after the move is due
        assert len(w.store.actions(game.id)) == 1
        await w.env.advance_time(2 * HOUR)
        assert w.store.game(game.id).status == "finished"
        assert "Game over" in said(w.channel)[-1].content
        # An AI's pace is not a deadline: no move line says when an AI is "due" (it would
        # read "due 1 second ago" a moment later).
        moves = [m.content for m in said(w.channel) if "➡️" in m.content]
        assert moves and not any("— due" in line for line in moves), moves[:3]


async def alice_plays_until_the_end(w: World) -> None:
    """Alice (seat 0) moves whenever the game waits on her; the AIs move in between."""
    for _ in range(100):
        if w.store.open_game(w.channel.id) is None:
            break
        if 0 in FB.waiting_on(game_table(w).state):
            await fb_move(w, 0)
        else:
            await w.env.advance_time(1)


async def test_a_strong_ais_search_survives_a_restart(settings: Settings) -> None:
    quick = settings.model_copy(update={"ai_seconds": 0.5})
    async with world(quick, 1) as w:
        alice = w.players[0]
        await table_with_ais(w, "fantasy-business", ["strong", "standard"], turns=1)
        public(await alice.slash(w.channel, "game start", first=alice))
        await fb_move(w, 0)  # alice designates: the strong AI is to act, and searches
        await w.restart()  # a redeploy while it thinks: the new bot picks the move up
        await alice_plays_until_the_end(w)
        assert len(w.store.games_with_status("finished")) == 1
        simcord.assert_no_errors(w.env)


async def test_seating_ais_is_the_hosts_and_only_in_the_lobby(settings: Settings) -> None:
    async with world(settings, 2) as w:
        alice, bob = w.players
        public(await alice.slash(w.channel, "game new", game="fantasy-business"))
        public(await bob.slash(w.channel, "game join"))
        assert "Only the host" in refused(await bob.slash(w.channel, "game addbot"))
        public(await alice.slash(w.channel, "game addbot", level="random"))
        public(await alice.slash(w.channel, "game addbot"))
        assert "a person's" in refused(await alice.slash(w.channel, "game removebot", seat=2))
        text = public(await alice.slash(w.channel, "game removebot", seat=3))
        assert "Nancy" in text
        public(await alice.slash(w.channel, "game addbot", level="strong"))
        text = public(await alice.slash(w.channel, "game autopilot", level="random"))
        assert "random" in text
        public(await alice.slash(w.channel, "game start", first=alice))
        assert "seats are fixed" in refused(await alice.slash(w.channel, "game addbot"))
        # An AI's seat goes to a person: the bot itself names the seat in `old`.
        dave = w.guild.add_member(w.env.create_user("dave"))
        me = w.env.bot.user
        assert me is not None
        the_bot = simcord.UserHandle(w.env, w.env.backend.get_user(me.id))
        assert "Say which AI seat" in refused(
            await alice.slash(w.channel, "game replace", old=the_bot, new=dave)
        )
        text = public(await alice.slash(w.channel, "game replace", old=the_bot, new=dave, seat=3))
        assert dave.mention in text
        seats = [(s.display_name, s.ai_level) for s in game_table(w).seats]
        assert ("dave", None) in seats and len([s for s in seats if s[1]]) == 1


async def test_an_overrunning_strong_search_gives_way_to_standard(
    settings: Settings, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The worker overruns its limit (`tests/bot/test_strong_worker.py` times a real one;
    the simulated clock here does not run while a worker thinks): the move is made by
    `standard`, the log says what happened, and the game goes on."""

    async def overrun(self: strong_worker.StrongWorker, limit: float, *args: Any) -> Any:
        raise TimeoutError

    monkeypatch.setattr(strong_worker.StrongWorker, "run", overrun)
    quick = settings.model_copy(update={"ai_seconds": 0.5})
    async with world(quick, 1) as w:
        alice = w.players[0]
        await table_with_ais(w, "fantasy-business", ["strong", "standard"], turns=1)
        public(await alice.slash(w.channel, "game start", first=alice))
        await fb_move(w, 0)  # alice designates: the strong AI is to act
        await alice_plays_until_the_end(w)
        assert len(w.store.games_with_status("finished")) == 1
        overran = [r.getMessage() for r in caplog.records if "still searching" in r.getMessage()]
        assert overran and all("seat 1 " in line for line in overran)
        assert all("worker was stopped and replaced; playing standard" in m for m in overran)
        simcord.assert_no_errors(w.env)
