"""Whole games of Fagin's Gang played through the real bot: commands, buttons, announcements.

Moves are chosen by a greedy player reading the stored state, and made the way a person
makes them: `/move`, `/steal`, `/shillings`, `/skip`, `/discard`, `/market ...` and the
market message's buttons.
"""

import discord
import simcord

from bot.settings import Settings
from rules.fagins_gang import RULES, Buy, FaginState, Sell, Skip
from tests.discord.fg_support import (
    game_id,
    greedy_action,
    market_message,
    play,
    player,
    set_state,
    start_game,
    state_of,
)
from tests.discord.harness import World, pinged, public, said, table_message, world


def mentioned(message: discord.Message) -> set[int]:
    return {user.id for user in message.mentions}


def has_board(message: discord.Message) -> bool:
    return any(
        a.filename.endswith(".png") and a.content_type == "image/png" for a in message.attachments
    )


async def play_to_the_end(w: World, limit: int) -> None:
    """Greedy moves until the game is over, checking every announcement on the way."""
    for _ in range(limit):
        before = state_of(w)
        if before.result is not None:
            return
        seat = RULES.waiting_on(before)[0]
        result = await play(w, seat, greedy_action(before, seat))
        assert public(result), "an accepted action is announced publicly"
        last = said(w.channel)[-1]
        after = w.store.game(game_id_any(w))
        if after.status == "finished":
            return
        waited = RULES.waiting_on(state_of(w))
        assert mentioned(last) == {player(w, s).id for s in waited}, last.content
        assert "➡️" in last.content
        # Pinged: whoever is waited on, except the one who just acted and anyone already
        # pinged for a hand-limit step that is still going on.
        expected = {player(w, s).id for s in waited} - {player(w, seat).id}
        if set(waited) < set(RULES.waiting_on(before)):
            expected = set()
        assert pinged(w, last) == expected, last.content
    raise AssertionError(f"no winner after {limit} moves")


def game_id_any(w: World) -> int:
    return max(int(row["id"]) for row in w.store.rows("games"))


async def run_market_round(w: World) -> None:
    """Alice opens the market; trades go anticlockwise with buttons and a 2-cube trade."""
    alice, bob = w.players
    opened = await alice.slash(w.channel, "market open")
    text = public(opened)
    assert "market open" in text and "/market buy" in text
    assert mentioned(opened.response.message) == {alice.id}
    labels = [c.label for row in table_message(w).components for c in row.children]
    assert "Pass (leave the market)" in labels
    assert any(label.startswith("Buy green · ") for label in labels)

    prices = RULES.view(state_of(w), None).prices
    cheap = sorted(prices, key=prices.__getitem__)[:2]
    two = await play(w, 0, Buy(colours=cheap))
    assert "alice** buys" in public(two) and mentioned(two.response.message) == {bob.id}

    # Bob (the only other trader, to alice's right) sells one cube with a button.
    sold = await play(w, 1, Sell(colours=["red"]))
    assert "bob** sells 1 red" in public(sold)
    # Alice presses Pass; bob buys, then passes and the market closes.
    gid = game_id(w)
    await alice.click(market_message(w), custom_id=f"sf:fg-pass:{gid}:")
    await bob.click(market_message(w), custom_id=f"sf:fg-buy:{gid}:{cheap[0]}")
    closed = await bob.click(market_message(w), custom_id=f"sf:fg-pass:{gid}:")
    text = public(closed)
    assert "market closes" in text
    # Alice's action was the market; bob acts next in Phase 1.
    assert mentioned(said(w.channel)[-1]) == {bob.id}


async def test_a_two_player_game_is_played_to_a_win(settings: Settings) -> None:
    async with world(settings, 2) as w:
        alice, bob = w.players
        await start_game(w, fagin_target=1)
        begins, board = said(w.channel)[-2:]
        assert "begins" in begins.content and has_board(board)
        assert mentioned(board) == {alice.id}  # the ➡️ line ends the start's last message

        await run_market_round(w)
        log = (await bob.slash(w.channel, "game log", count=7)).response
        assert log is not None
        assert "takes the Market token" in log.content
        assert "passes and leaves the market" in log.content
        prices = RULES.view(state_of(w), None).prices  # the market round's wheel
        cheap = sorted(prices, key=prices.__getitem__)[:2]
        assert f"buys 1 {cheap[0]} for" in log.content and "sells 1 red for" in log.content
        await play_to_the_end(w, limit=80)

        messages = w.channel.history()
        summaries = [m for m in messages if "End of round" in m.content]
        assert summaries and all(has_board(m) for m in summaries)
        assert all(
            "constables patrol" in m.content and "price wheel" in m.content for m in summaries
        )
        final = messages[-1]
        assert "🏆 **Game over**" in final.content
        winner = state_of_finished(w)
        assert f"**{player(w, winner).user.name}** wins" in final.content
        assert pinged(w, final) == set()  # nobody has to act any more
        assert has_board(final) or has_board(messages[-2])
        game = w.store.game(game_id_any(w))
        assert game.status == "finished"
        assert w.store.open_game(w.channel.id) is None
        # The channel is free again, and /board now says there is no game.
        refusal = await bob.slash(w.channel, "board")
        assert refusal.ephemeral and "no running" in (refusal.response.content or "")


def state_of_finished(w: World) -> int:
    game = w.store.game(game_id_any(w))
    assert game.state is not None
    state = RULES.load_state(game.state)
    assert state.result is not None and len(state.result.winners) == 1
    return state.result.winners[0]


async def test_a_six_player_game_runs_to_the_round_limit(settings: Settings) -> None:
    async with world(settings, 6) as w:
        await start_game(w, first=2, round_limit=3)
        carol = w.players[2]
        opened = await carol.slash(w.channel, "market open")
        assert "market open" in public(opened)
        # Trading goes anticlockwise from carol: bob, alice, frank, erin, dave.
        order = [p.id for p in _trading_order(w)]
        assert order == [w.players[i].id for i in (2, 1, 0, 5, 4, 3)]
        await play_to_the_end(w, limit=200)
        final = w.channel.history()[-1]
        assert "round limit (3) is reached" in final.content
        assert "🏆 **Game over**" in final.content
        assert w.store.game(game_id_any(w)).status == "finished"


def _trading_order(w: World) -> list[simcord.MemberActor]:
    state = state_of(w)
    assert state.market is not None
    return [player(w, seat) for seat in state.market.order]


async def test_a_dead_end_is_announced_and_ends_the_game(settings: Settings) -> None:
    """The dead end (a house rule): when nobody can change anything any more, the round's
    end says so, calls it a house rule and scores the game as at the round limit."""
    async with world(settings, 3) as w:
        await start_game(w, first=0)

        def strand(state: FaginState) -> None:
            for seat in range(3):
                state.cubes[seat] = dict.fromkeys(state.cubes[seat], 0)
            state.stalls = dict.fromkeys(state.stalls, 0)
            state.urchins["thames"][1] = "fagin"
            state.supply[1] -= 1

        set_state(w, strand)
        for seat in (0, 1, 2):
            await play(w, seat, Skip())
        final = w.channel.history()[-1]
        assert "Nobody can move the game on any more (a house rule)" in final.content
        assert "rule 7" not in final.content and "[ed]" not in final.content
        assert "🏆 **Game over**" in final.content
        assert w.store.game(game_id_any(w)).status == "finished"
