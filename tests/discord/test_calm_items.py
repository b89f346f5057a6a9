"""The calm-table issue's findings, one test each: what a player tried and what went
wrong before (pings for an autopilot seat, stale DM sheets, "3 of 3" while the reveal
waits, irreversible commands at once, renumbered centre cards, an end with one line,
deadlines nowhere in the move lines, a table message lost far up the channel)."""

from typing import Any

from bot.edge.live import REPOST_AFTER
from bot.settings import Settings
from rules.fantasy_business import RULES as FB
from rules.fantasy_business.state import GameState
from tests.discord.calm import live_buttons
from tests.discord.fg_support import greedy_action, play, start_game, state_of
from tests.discord.harness import (
    World,
    confirm,
    confirmed,
    pinged,
    public,
    refused,
    said,
    table_message,
    world,
)
from tests.discord.test_fb_refusals import game_at, pricing
from tests.rules.fantasy_business.fb_builders import position


def fb_state(w: World) -> GameState:
    table = w.bot.service.table(w.channel.id)
    assert table is not None and isinstance(table.state, GameState)
    return table.state


async def fb_table(w: World, **options: Any) -> None:
    host, *others = w.players[:3]
    public(await host.slash(w.channel, "game new", game="fantasy-business", **options))
    for member in others:
        public(await member.slash(w.channel, "game join"))
    public(await host.slash(w.channel, "game start", first=host))


async def test_1_an_autopilot_seat_is_never_pinged_and_its_move_joins_the_line_before(
    settings: Settings,
) -> None:
    async with world(settings, 3) as w:
        alice, bob, carol = w.players
        await fb_table(w)
        await confirmed(alice, w.channel, "game kick", member=bob)
        before = {m.id for m in w.channel.history()}
        # alice opens with no price: bob's seat (autopilot: an AI) moves at once.
        text = public(await alice.slash(w.channel, "auction", card=1))
        new = [m for m in w.channel.history() if m.id not in before and m.content]
        assert len(new) == 1  # the autopilot's pass is folded into alice's message
        assert "\n🤖 **bob** " in text  # bob's AI moved, on the line after alice's
        assert bob.mention not in text and bob.id not in pinged(w, new[0])
        assert pinged(w, new[0]) <= {carol.id, alice.id}
        # Every message since the kick: bob is never pinged.
        assert all(bob.id not in pinged(w, m) for m in said(w.channel) if m.id not in before)


async def test_2_the_price_sheet_dm_is_edited_in_place(settings: Settings) -> None:
    async with game_at(settings, pricing()) as w:
        bob = w.players[1]
        sheet = await bob.slash(w.channel, "sheet")  # a fresh copy, privately
        assert sheet.ephemeral
        priced = await bob.slash(w.channel, "price", article="swords", amount=5)
        assert priced.ephemeral
        dms = [m for m in bob.user.dm_channel.history() if m.embeds]
        assert len(dms) == 1  # one sheet in the DMs, however often it changes
        sheet_dm = dms[0]
        assert "Price: **5**" in (sheet_dm.embeds[0].fields[0].value or "")
        shown = await bob.user.click(sheet_dm, label="Submit sheet")
        assert shown.ephemeral
        dms = [m for m in bob.user.dm_channel.history() if m.embeds]
        assert [m.id for m in dms] == [sheet_dm.id]
        assert "Submit sheet" not in live_buttons(dms[0])  # submitted: nothing to press
        assert "🔒 Submitted" in (dms[0].embeds[0].description or "")


async def test_3_a_player_who_must_price_a_new_article_is_not_counted_as_in(
    settings: Settings,
) -> None:
    state = position(
        3,
        phase="pricing",
        articles={0: {"swords": 1}, 1: {"horses": 1}},
        prices={0: {"swords": 6}, 1: {"horses": 7}},
        submitted=[0, 1],
    )
    async with game_at(settings, state) as w:
        alice, bob, carol = w.players
        public(await carol.slash(w.channel, "give", member=alice, gold=1))  # nothing new
        public(await bob.slash(w.channel, "give", member=alice, article="horses"))
        # alice submitted but now owns Horses without a price: the reveal waits on her.
        assert FB.waiting_on(fb_state(w)) == [0, 2]
        table = next(m for m in reversed(w.channel.history()) if m.embeds and not m.content)
        text = "\n".join(
            [table.embeds[0].description or ""] + [f.value or "" for f in table.embeds[0].fields]
        )
        assert "Sheets in: 1 of 3" in text
        rows = {line.split("**")[1]: line for line in text.splitlines() if line.startswith("**")}
        assert "⏳ pricing" in rows["alice"] and "✅ sheet in" in rows["bob"]


async def test_4_abort_resign_and_kick_ask_first_and_only_the_asker_answers(
    settings: Settings,
) -> None:
    async with world(settings, 3) as w:
        alice, bob, _carol = w.players
        await fb_table(w)
        before = w.snapshot()
        asked = await alice.slash(w.channel, "game abort")
        assert w.snapshot() == before  # nothing happens on the command itself
        cancelled = await confirm(alice, asked, "No, keep playing")
        assert cancelled.response is not None
        assert "nothing changed" in cancelled.response.content
        assert w.snapshot() == before
        asked = await bob.slash(w.channel, "game resign")
        assert "Resign from this" in (asked.response.content or "")
        asked = await alice.slash(w.channel, "game kick", member=bob)
        assert "on autopilot?" in (asked.response.content or "")
        assert asked.ephemeral  # only alice sees the question and its buttons
        assert w.snapshot() == before
        done = await confirm(alice, asked, "Put on autopilot")
        assert done.response is not None and not done.response.components
        game = w.store.open_game(w.channel.id)
        assert game is not None and w.store.seats(game.id)[1].autopilot


async def test_6_centre_cards_keep_their_numbers_and_autocomplete_names_them(
    settings: Settings,
) -> None:
    state = position(3, centre=["swords", "thief", "horses"])
    async with game_at(settings, state) as w:
        alice, bob, carol = w.players
        choices = await alice.autocomplete(w.channel, "auction", "card", "")
        assert [(c["value"], c["name"]) for c in choices] == [
            (1, "1 — Swords (base 4)"),
            (2, "2 — special card (minimum 1)"),
            (3, "3 — Horses (base 5)"),
        ]
        public(await alice.slash(w.channel, "auction", card=1, price=4))
        public(await bob.slash(w.channel, "pass"))
        public(await carol.slash(w.channel, "pass"))  # alice buys the Swords
        choices = await alice.autocomplete(w.channel, "auction", "card", "hor")
        assert [(c["value"], c["name"]) for c in choices] == [(3, "3 — Horses (base 5)")]
        text = public(await alice.slash(w.channel, "auction", card=3))
        assert "designates card 3, the Horses" in text
        assert "There is no card 1 in the centre now" in refused(
            await alice.slash(w.channel, "auction", card=1)
        )


async def test_7_fagins_gang_ends_with_standings_that_stay_findable(settings: Settings) -> None:
    async with world(settings, 2) as w:
        alice, bob = w.players
        await start_game(w, round_limit=1)
        while w.store.open_game(w.channel.id) is not None:
            state = state_of(w)
            seat = state.turn if state.phase == "actions" else 0
            await play(w, seat, greedy_action(state, seat))
        final = w.channel.history()[-1]
        standings = final.embeds[0]
        assert standings.title == "Fagin's Gang — final standings after round 1"
        rows = (standings.description or "").splitlines()
        assert len(rows) == 2 and all("at Fagin" in row and "shillings +" in row for row in rows)
        assert rows[0].startswith("1. **") and "🏆" in rows[0]
        # After the end, status and log still show this game, until a new table opens.
        status = await bob.slash(w.channel, "game status")
        assert status.ephemeral and "final standings" in (status.response.embeds[0].title or "")
        log = await bob.slash(w.channel, "game log")
        assert "which has ended" in (log.response.content or "")
        public(await alice.slash(w.channel, "game new", game="fagins-gang"))
        status = await bob.slash(w.channel, "game status")
        assert "table open" in (status.response.embeds[0].title or "")


async def test_8_with_a_timer_every_move_line_says_when_the_step_is_due(
    settings: Settings,
) -> None:
    async with world(settings, 3) as w:
        alice, bob, _carol = w.players
        await fb_table(w)
        public(await alice.slash(w.channel, "game timer", hours=24))
        text = public(await alice.slash(w.channel, "auction", card=1))
        assert f"➡️ {bob.mention} to bid or pass — due <t:" in text and ":R>." in text
        table = table_message(w)
        assert any(f.name == "Due" and "<t:" in (f.value or "") for f in table.embeds[0].fields)


async def test_10_texts_name_things_and_link_the_channel_from_dms(settings: Settings) -> None:
    async with game_at(settings, pricing()) as w:
        bob = w.players[1]
        assert (await bob.slash(w.channel, "price", article="swords", amount=5)).ephemeral
        sheet = next(m for m in bob.user.dm_channel.history() if m.embeds)
        # A channel mention, shown as "#table" by a client (also in DMs), not a raw URL.
        assert f"<#{w.channel.id}>" in (sheet.embeds[0].description or "")
        dms = [
            m.content + "".join(e.description or "" for e in m.embeds)
            for m in bob.user.dm_channel.history()
        ]
        assert dms and not any("https://" in text for text in dms), dms
        text = refused(await bob.slash(w.channel, "price", article="magic", amount=3))
        assert "Magic Components, Magic Potions" in text and "magic_" not in text


async def test_a_table_message_a_screen_up_the_channel_is_posted_again_below(
    settings: Settings,
) -> None:
    async with world(settings, 3) as w:
        alice, bob, carol = w.players
        await fb_table(w)
        public(await alice.slash(w.channel, "auction", card=1))
        first = table_message(w)
        index = 0
        while sum(1 for m in w.channel.history() if m.id > first.id) < REPOST_AFTER - 1:
            await carol.send(w.channel, f"chatting while we wait ({index})")
            index += 1
        assert table_message(w).id == first.id  # still within a screen
        await carol.send(w.channel, "one line more")
        # Chat alone moved it: a screen up, the state is posted again at the bottom.
        moved = table_message(w)  # exactly one message with buttons, now at the bottom
        assert moved.id != first.id and w.channel.history()[-1].id == moved.id
        old = next(m for m in w.channel.history() if m.id == first.id)
        assert not old.components and not old.embeds and "moved" in old.content
        public(await bob.slash(w.channel, "pass"))
        assert table_message(w).id == moved.id  # the next move edits it where it is
