"""Fagin's Gang played by clicking only: the table message's buttons open private
builders, and every action of a whole game — moves, steals with an exchange, shillings,
the hand limit's discards, the market — is made with buttons.

The clicking player chooses among the buttons a builder shows (seeded, so every run plays
the same game); the test never types a game command after `/game new`.
"""

import logging
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

import discord
import pytest
import simcord

from bot.settings import Settings
from rules.fagins_gang import RULES, FaginState
from rules.fagins_gang import builder as drafts
from tests.discord.faults import Faults
from tests.discord.fg_support import player, set_state, start_game, state_of
from tests.discord.german import german_clients, texts_of
from tests.discord.harness import World, public, refused, said, table_message, world
from tests.discord.test_delivery_faults import assert_no_traceback
from tests.discord.test_german_games import Table, assert_all_german, assert_calm_for_onlookers

ROUND_LIMIT = 3


@dataclass(frozen=True)
class Button:
    custom_id: str
    label: str


def buttons(message: Any) -> list[Button]:
    """The live buttons of a channel message or of an interaction's answer (raw rows)."""
    found: list[Button] = []
    for row in message.components:
        if isinstance(row, dict):
            found += [
                Button(item["custom_id"], item.get("label", ""))
                for item in row.get("components", [])
                if item.get("type") == 2 and not item.get("disabled")
            ]
            continue
        found += [
            Button(item.custom_id or "", item.label or "")
            for item in getattr(row, "children", [])
            if isinstance(item, discord.Button) and not item.disabled
        ]
    return found


def route(button: Button) -> str:
    return button.custom_id.split(":")[1]


def arg(button: Button) -> str:
    return button.custom_id.split(":", 3)[3]


def submitted(w: World, result: simcord.InteractionResult) -> str:
    """A builder's Submit that counted: the builder closed in place (no live buttons left
    on a spent plan), and the move's line posted in the channel; that line."""
    assert result.response is not None
    assert result.response.content.startswith("✅"), result.response.content
    assert buttons(result.response) == [], "a spent builder keeps no live buttons"
    return "\n".join(m.content for m in said(w.channel)[-3:])


def well_stocked(state: FaginState) -> None:
    """Everyone starts with five cubes of each colour (30, over the hand limit of 25), so
    the first round ends with discards, and moves are affordable from the start."""
    for seat in range(state.players):
        state.cubes[seat] = {colour: 5 for colour in state.cubes[seat]}


class Clicker:
    """Plays whoever is to act, by buttons only, and counts what it did."""

    def __init__(self, w: World, seed: int) -> None:
        self.w = w
        self.chooser = random.Random(seed)
        self.done: Counter[str] = Counter()
        self.turns = 0
        self.seen: list[str] = []
        """Every private answer's text and labels, for the German check."""

    async def click(self, who: simcord.MemberActor, message: Any, button: Button) -> Any:
        result = await who.click(message, custom_id=button.custom_id)
        if result.response is not None:
            self.seen += texts_of(result.response)
        return result

    async def build(self, who: simcord.MemberActor, opener: Button) -> None:
        """Open a builder from the table message and click it through to Submit."""
        opened = await self.click(who, table_message(self.w), opener)
        assert opened.ephemeral and opened.response is not None
        message: Any = opened.response
        now = drafts.parse(arg(opener))
        kind = now.kind
        wanted = self.chooser.choice([1, 1, 2])
        for _ in range(60):
            here = buttons(message)
            assert len(here) <= 25
            assert all(len(b.custom_id) <= 100 and len(b.label) <= 80 for b in here)
            steps = [b for b in here if route(b) == "fg-draft"]
            # Back and Undo are draft buttons too: they lead to the draft one click back
            forward = [b for b in steps if drafts.parse(arg(b)) != now.undone()]
            submit = [b for b in here if route(b) == "fg-submit"]
            draft = drafts.parse(arg(submit[0])) if submit else None
            if kind == "s" and not self.done["exchange"]:
                exchange = [b for b in forward if drafts.parse(arg(b)).focus.startswith("x")]
                forward = exchange or forward
            if submit and (not forward or (draft and len(draft.parts) >= wanted)):
                result = await self.click(who, message, submit[0])
                assert submitted(self.w, result)
                action = drafts.action_of(drafts.parse(arg(submit[0])))
                self.done[kind] += 1
                if any(p.startswith("x") for p in drafts.parse(arg(submit[0])).parts):
                    self.done["exchange"] += 1
                assert action is not None
                return
            assert forward, [b.label for b in here]
            chosen = self.chooser.choice(forward)
            clicked = await self.click(who, message, chosen)
            assert clicked.response is not None, "a builder's click redraws it"
            now = drafts.parse(arg(chosen))
            message = clicked.response
        raise AssertionError("the builder never offered Submit")

    async def turn(self) -> None:
        state = state_of(self.w)
        seat = RULES.waiting_on(state)[0]
        who = player(self.w, seat)
        table = table_message(self.w)
        offered = {route(b) + ":" + (b.label or ""): b for b in buttons(table)}
        if state.phase == "discard":
            await self.build(who, next(b for b in buttons(table) if route(b) == "fg-build"))
            return
        if state.market is not None:
            await self.trade(who, table)
            return
        self.turns += 1
        openers = [b for b in buttons(table) if route(b) == "fg-build"]
        market = [b for k, b in offered.items() if k.startswith("fg-open-market")]
        if self.turns % 5 == 0 and market:
            assert public(await self.click(who, table, market[0]))
            self.done["market"] += 1
            return
        if openers:
            # the kind of action done least so far, so the game shows each of them
            pick = min(openers, key=lambda b: self.done[drafts.parse(arg(b)).kind])
            await self.build(who, pick)
            return
        skip = next(b for k, b in offered.items() if k.startswith("fg-skip"))
        assert public(await self.click(who, table, skip))
        self.done["skip"] += 1

    async def trade(self, who: simcord.MemberActor, table: discord.Message) -> None:
        here = buttons(table)
        trades = [b for b in here if route(b) in ("fg-buy", "fg-sell")]
        if trades and self.chooser.random() < 0.6:
            button = self.chooser.choice(trades)
            self.done[route(button)] += 1
        else:
            button = next(b for b in here if route(b) == "fg-pass")
            self.done["fg-pass"] += 1
        assert public(await self.click(who, table, button))


async def click_lobby(w: World, who: simcord.MemberActor, control: str) -> str:
    """A click on the lobby card's `control` (`lobby-join`, `lobby-start`); its public answer."""
    lobby = next(
        m for m in reversed(w.channel.history()) if any(route(b) == control for b in buttons(m))
    )
    chosen = next(b for b in buttons(lobby) if route(b) == control)
    return public(await who.click(lobby, custom_id=chosen.custom_id))


async def open_table(w: World, **options: Any) -> None:
    """`/game new` (any language), then the lobby card's buttons: everyone joins, and the
    host starts (the rules choose who acts first)."""
    host, *others = w.players
    public(await host.slash(w.channel, "game new", game="fagins-gang", **options))
    for member in others:
        await click_lobby(w, member, "lobby-join")
    assert "🎲" in await click_lobby(w, host, "lobby-start")


async def play_by_clicking(w: World, seed: int, **options: Any) -> Clicker:
    await open_table(w, round_limit=ROUND_LIMIT, **options)
    set_state(w, well_stocked)
    await _redraw(w)
    clicker = Clicker(w, seed)
    for _ in range(200):
        if w.store.game(_game(w)).status == "finished":
            return clicker
        newest = max(m.id for m in w.channel.history())
        await clicker.turn()
        # The calm table: a move is one message of at most four lines (a round's summary
        # with the board may follow it), and one message carries live buttons.
        told = [m for m in said(w.channel) if m.id > newest]
        assert told and told[0].content.count("\n") < 4, told[0].content
        if w.store.game(_game(w)).status != "finished":
            table_message(w)
    raise AssertionError("the game did not end")


def _game(w: World) -> int:
    return max(int(row["id"]) for row in w.store.rows("games"))


async def _redraw(w: World) -> None:
    table = w.bot.service.table(w.channel.id)
    assert table is not None
    await w.bot.courier.refresh(table.game.id)
    await w.bot.courier.idle()


async def test_a_whole_game_by_clicking_only(settings: Settings) -> None:
    async with world(settings, 3) as w:
        clicker = await play_by_clicking(w, seed=3)
        done = clicker.done
        assert done["m"] and done["s"] and done["c"] and done["exchange"], done
        assert done["d"] and done["market"] and done["fg-pass"], done
        assert "Game over" in said(w.channel)[-1].content
        # Every answer with buttons and every table message is checked against Discord's
        # published schemas as the world ends; the builders' answers are among them.
        sent = [entry.json for entry in w.env.http_requests if entry.path.endswith("/callback")]
        assert any("fg-draft" in str(body) for body in sent), "no builder answer was sent"


async def test_a_whole_game_by_clicking_in_german(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.i18n.STRICT", True)  # an untranslated sentence raises
    async with world(settings, 3) as w:
        with german_clients(monkeypatch, {p.id for p in w.players}):
            clicker = await play_by_clicking(w, seed=4, language="de")
            done = clicker.done
            assert done["m"] and done["s"] and done["c"] and done["exchange"], done
            assert done["d"] and done["market"] and done["fg-pass"], done
            assert "Spielende" in said(w.channel)[-1].content or "🏆" in said(w.channel)[-1].content
            table = Table(w)
            table.replies += clicker.seen
            assert any("Gassenjungen ziehen" in text for text in clicker.seen)
            assert_all_german(table, "fagins-gang-clicks")
            assert_calm_for_onlookers(w)


async def test_a_stale_builder_says_the_table_moved_on(settings: Settings) -> None:
    async with world(settings, 3) as w:
        alice, bob, _carol = w.players
        await start_game(w)
        table = table_message(w)
        opener = next(b for b in buttons(table) if route(b) == "fg-build")
        text = refused(await bob.click(table, custom_id=opener.custom_id))
        assert "not your turn" in text
        opened = await alice.click(table, custom_id=opener.custom_id)
        assert opened.ephemeral and opened.response is not None
        builder = opened.response
        skip = next(b for b in buttons(table_message(w)) if route(b) == "fg-skip")
        assert public(await alice.click(table_message(w), custom_id=skip.custom_id))
        step = next(b for b in buttons(builder) if route(b) == "fg-draft")
        text = refused(await alice.click(builder, custom_id=step.custom_id))
        assert "moved on" in text
        assert RULES.waiting_on(state_of(w)) == [1]  # nothing changed: bob is to act


async def first_builder(w: World, alice: simcord.MemberActor) -> tuple[Any, Button]:
    """A new table, and the first player's builder opened from its table message: the
    answer, and its first location button."""
    await open_table(w)
    table = table_message(w)
    opener = next(b for b in buttons(table) if route(b) == "fg-build")
    opened = await alice.click(table, custom_id=opener.custom_id)
    assert opened.response is not None
    location = next(b for b in buttons(opened.response) if route(b) == "fg-draft")
    return opened, location


async def test_a_builder_survives_a_restart(settings: Settings) -> None:
    """The draft is in the buttons: a builder opened before a restart goes on after it."""
    async with world(settings, 3) as w:
        alice = w.players[0]
        opened, location = await first_builder(w, alice)
        await w.restart()
        picked = await alice.click(opened.response, custom_id=location.custom_id)
        assert picked.response is not None and "choose a step" in picked.response.content
        step = next(b for b in buttons(picked.response) if route(b) == "fg-draft")
        chosen = await alice.click(picked.response, custom_id=step.custom_id)
        assert chosen.response is not None
        submit = next(b for b in buttons(chosen.response) if route(b) == "fg-submit")
        played = await alice.click(chosen.response, custom_id=submit.custom_id)
        assert "enters an urchin" in submitted(w, played)
        assert RULES.waiting_on(state_of(w)) == [1]


async def test_a_builder_moves_into_the_players_dms_and_plays_from_there(
    settings: Settings,
) -> None:
    """A plan can be worked out in one's DMs: the builder goes there with its draft, its
    buttons work there, and Submit plays the move in the game's channel."""
    async with world(settings, 3) as w:
        alice = w.players[0]
        opened, location = await first_builder(w, alice)
        picked = await alice.click(opened.response, custom_id=location.custom_id)
        assert picked.response is not None
        to_dm = next(b for b in buttons(picked.response) if route(b) == "fg-to-dm")

        moved = await alice.click(picked.response, custom_id=to_dm.custom_id)

        assert moved.response is not None and "in your DMs" in moved.response.content
        assert buttons(moved.response) == []  # the channel's copy is closed
        dm = alice.user.dm_channel.history()[-1]
        assert "choose a step" in dm.content  # the draft came along
        assert all(route(b) != "fg-to-dm" for b in buttons(dm))
        step = next(b for b in buttons(dm) if route(b) == "fg-draft")
        chosen = await alice.user.click(dm, custom_id=step.custom_id)
        assert chosen.response is not None
        submit = next(b for b in buttons(chosen.response) if route(b) == "fg-submit")
        played = await alice.user.click(chosen.response, custom_id=submit.custom_id)
        assert played.response is not None and buttons(played.response) == []
        await w.env.advance_time(15)  # the move's line, held for an answer in the channel
        assert RULES.waiting_on(state_of(w)) == [1]
        assert any("enters an urchin" in m.content for m in w.channel.history()[-4:])


async def test_a_builders_step_is_redrawn_through_discords_failures(
    settings: Settings, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Discord fails the answer to a builder's click twice (a 503): the step is redrawn in
    place all the same, tried again a moment later, with no traceback in the log."""
    faults = Faults(monkeypatch)
    caplog.set_level(logging.INFO)
    async with world(settings, 3) as w:
        alice = w.players[0]
        opened, location = await first_builder(w, alice)
        faults.fail("POST", "/interactions/*/callback", status=503, times=2)
        picked = await alice.click(opened.response, custom_id=location.custom_id)
        assert len(faults.failed) == 2, faults.failed
        assert picked.response is not None and picked.response.id == opened.response.id
        assert "choose a step" in picked.response.content
        # Failing every try: one WARNING line, nothing stored, the builder as it was.
        step = next(b for b in buttons(picked.response) if route(b) == "fg-draft")
        faults.fail("POST", "/interactions/*/callback", status=503, times=None)
        before = picked.response.content
        await alice.click(picked.response, custom_id=step.custom_id)
        faults.clear()
        warned = [r.getMessage() for r in caplog.records if "next question" in r.getMessage()]
        assert len(warned) == 1 and "nothing was stored" in warned[0], warned
        shown = next(m for m in w.channel.history(viewer=alice) if m.id == picked.response.id)
        assert shown.content == before
        assert RULES.waiting_on(state_of(w)) == [0]  # alice is still to act
    assert_no_traceback(caplog)
