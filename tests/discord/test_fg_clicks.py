"""Fagin's Gang played by clicking only: the table message's buttons open private
builders, and every action of a whole game — moves, steals with an exchange, shillings,
the hand limit's discards, the market — is made with buttons.

The clicking player chooses among the buttons a builder shows (seeded, so every run plays
the same game); the test never types a game command after `/game new`.
"""

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

import discord
import simcord

from bot.settings import Settings
from rules.fagins_gang import RULES, FaginState
from rules.fagins_gang import builder as drafts
from tests.discord.fg_support import player, set_state, start_game, state_of
from tests.discord.harness import World, public, refused, said, table_message, world

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

    async def build(self, who: simcord.MemberActor, opener: Button) -> None:
        """Open a builder from the table message and click it through to Submit."""
        opened = await who.click(table_message(self.w), custom_id=opener.custom_id)
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
                result = await who.click(message, custom_id=submit[0].custom_id)
                assert public(result), result.response
                action = drafts.action_of(drafts.parse(arg(submit[0])))
                self.done[kind] += 1
                if any(p.startswith("x") for p in drafts.parse(arg(submit[0])).parts):
                    self.done["exchange"] += 1
                assert action is not None
                return
            assert forward, [b.label for b in here]
            chosen = self.chooser.choice(forward)
            clicked = await who.click(message, custom_id=chosen.custom_id)
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
            assert public(await who.click(table, custom_id=market[0].custom_id))
            self.done["market"] += 1
            return
        if openers:
            # the kind of action done least so far, so the game shows each of them
            pick = min(openers, key=lambda b: self.done[drafts.parse(arg(b)).kind])
            await self.build(who, pick)
            return
        skip = next(b for k, b in offered.items() if k.startswith("fg-skip"))
        assert public(await who.click(table, custom_id=skip.custom_id))
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
        assert public(await who.click(table, custom_id=button.custom_id))


async def play_by_clicking(w: World, seed: int) -> Clicker:
    await start_game(w, round_limit=ROUND_LIMIT)
    set_state(w, well_stocked)
    await _redraw(w)
    clicker = Clicker(w, seed)
    for _ in range(200):
        if w.store.game(_game(w)).status == "finished":
            return clicker
        await clicker.turn()
        lines = said(w.channel)[-1].content.count("\n") + 1
        assert lines <= 4 or "End of round" in said(w.channel)[-1].content
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
