"""Whole games of Fantasy Business through the real bot: commands, buttons, modals, DMs.

The driver reads the stored state only to choose a move (whose turn, what is legal) and
then makes that move the way a player would: a slash command, an auction button, the
price modal behind the DM sheet's buttons, or `/sheet` in the channel when DMs are closed.
The tests assert on what players see.
"""

import re
from collections.abc import Awaitable
from dataclasses import dataclass, field
from typing import Any

import discord
import simcord

from bot.settings import Settings
from rules.fantasy_business import RULES, deck
from rules.fantasy_business.actions import PlaySpecial
from rules.fantasy_business.state import GameState
from tests.discord.calm import Calm
from tests.discord.harness import World, public, world

KIND = "fantasy-business"


def texts(message: Any) -> list[str]:
    """Every piece of text a player can read on a message: content and embeds."""
    found = [message.content or ""]
    for embed in message.embeds:
        found += [embed.title or "", embed.description or "", embed.footer.text or ""]
        for f in embed.fields:
            found += [f.name or "", f.value or ""]
    return found + labels(message)


def labels(message: Any) -> list[str]:
    """Button labels of a channel message or of an interaction response (raw dicts)."""
    found = []
    for row in message.components or []:
        if isinstance(row, dict):
            found += [item.get("label") or "" for item in row.get("components", [])]
        else:
            found += [
                item.label or ""
                for item in getattr(row, "children", [])
                if isinstance(item, discord.Button)
            ]
    return found


def modal_fields(result: simcord.InteractionResult) -> list[str]:
    assert result.modal is not None, result.response and result.response.content
    return [
        item["custom_id"]
        for row in result.modal["components"]
        for item in (row.get("components") or [row.get("component", {})])
    ]


def chosen_price(seat: int, key: str, turn: int) -> int:
    """A distinctive price above the base value, so a leak cannot hide behind it."""
    base = deck.article(key).base
    return min(2 * base, base + 1 + (seat + turn) % base)


@dataclass
class Driver:
    w: World
    closed: set[int] = field(default_factory=set)
    """Seats whose DMs are closed: they use the in-channel private path."""
    prices: dict[int, dict[int, dict[str, int]]] = field(default_factory=dict)
    """turn -> seat -> the prices set through Discord."""
    revealed: dict[int, list[dict[str, int]]] = field(default_factory=dict)
    """turn -> the sheets as the rules revealed them (a Thief may take a priced article)."""
    moves: int = 0
    game_id: int = 0
    calm: Calm | None = None
    """When set, checked after every accepted action (the calm-table tests)."""

    async def act(self, doing: Awaitable[simcord.InteractionResult]) -> simcord.InteractionResult:
        result = await doing
        texts = [result.response.content] if result.response is not None else []
        if self.calm is not None and not any((t or "").startswith("❌") for t in texts):
            self.calm.check()
        return result

    @property
    def state(self) -> GameState:
        table = self.w.bot.service.table(self.w.channel.id)
        assert table is not None
        state = table.state
        assert isinstance(state, GameState)
        return state

    def member(self, seat: int) -> simcord.MemberActor:
        return self.w.players[seat]

    async def start(self, turns: int, first: int = 0) -> None:
        host = self.w.players[0]
        public(await host.slash(self.w.channel, "game new", game=KIND, turns=turns))
        for p in self.w.players[1:]:
            public(await p.slash(self.w.channel, "game join"))
        for seat in self.closed:
            self.close_dms(seat)
        started = public(await host.slash(self.w.channel, "game start", first=self.member(first)))
        assert "begins" in started
        game = self.w.store.open_game(self.w.channel.id)
        assert game is not None
        self.game_id = game.id

    def close_dms(self, seat: int) -> None:
        dm = self.member(seat).user.dm_channel
        self.w.env.inject_error(
            "POST",
            f"/channels/{dm.id}/messages",
            status=403,
            code=50007,
            message="Cannot send messages to this user",
            times=None,
        )

    def auction_message(self) -> discord.Message:
        """The newest channel message carrying auction buttons."""
        for message in reversed(self.w.channel.history()):
            if any(
                label.startswith(("Bid", "Pass", "Take", "Decline")) for label in labels(message)
            ):
                return message
        raise AssertionError("no auction message with buttons")

    async def auction_step(self) -> None:
        s = self.state
        self.moves += 1
        if s.auction is None:
            fb = s.first_buyer
            minimum = deck.minimum_bid(s.centre[0])
            card = s.label(s.centre[0])  # the number the card keeps all turn
            if not s.acquired[fb] and minimum <= s.gold[fb]:
                result = await self.act(
                    self.member(fb).slash(self.w.channel, "auction", card=card, price=minimum)
                )
            else:
                result = await self.act(self.member(fb).slash(self.w.channel, "auction", card=card))
            public(result)
            return
        seat = s.auction.to_act
        actor = self.member(seat)
        minimum = deck.minimum_bid(s.auction.card)
        message = self.auction_message()
        if s.auction.offer:
            label = f"Take it for {minimum}" if minimum <= s.gold[seat] else "Decline"
            public(await self.act(actor.click(message, label=label)))
        elif s.auction.high_bidder is None and minimum <= s.gold[seat]:
            public(await self.act(actor.click(message, label=f"Bid {minimum}")))
        elif self.moves % 2:
            public(await self.act(actor.slash(self.w.channel, "pass")))
        else:
            public(await self.act(actor.click(message, label="Pass")))

    async def play_auctions(self) -> None:
        turn = self.state.turn
        while self.state.phase == "auction" and self.state.turn == turn:
            await self.auction_step()

    async def play_special(self, seat: int) -> None:
        plays = [a for a in RULES.legal_actions(self.state, seat) if isinstance(a, PlaySpecial)]
        if not plays:
            return
        play = plays[0]
        options: dict[str, Any] = {"card": play.card}
        if play.target is not None:
            options["target"] = self.member(play.target)
        if play.article is not None:
            options["article"] = play.article
        name = deck.special(play.card).name
        text = public(await self.act(self.member(seat).slash(self.w.channel, "play", **options)))
        assert name in text, text

    async def set_prices(self, seat: int, turn: int, way: int | None = None) -> None:
        state = self.state
        mine = {
            key: chosen_price(seat, key, turn)
            for key in deck.articles()
            if key in state.articles[seat]
        }
        self.prices.setdefault(turn, {})[seat] = mine
        actor = self.member(seat)
        way = (seat + turn) % 3 if way is None else way
        if seat in self.closed:
            sheet = await actor.slash(self.w.channel, "sheet")
            assert sheet.ephemeral and sheet.response is not None
            await self.fill_modals(actor, sheet.response, mine, in_dm=False)
            result = await self.act(actor.slash(self.w.channel, "submit"))
            assert "submitted" in public(result)
            return
        if way == 0:
            dm = self.sheet_dm(seat)
            await self.fill_modals(actor, dm, mine, in_dm=True)
            done = await self.act(actor.user.click(dm, label="Submit sheet"))
        elif way == 1:
            for key, price in mine.items():
                r = await self.act(
                    actor.user.slash("price", article=deck.article(key).name, amount=price)
                )
                assert r.ephemeral and "Your price for" in (r.response.content or "")
            done = await self.act(actor.user.slash("submit"))
        else:
            for key, price in mine.items():
                r = await self.act(actor.slash(self.w.channel, "price", article=key, amount=price))
                assert r.ephemeral and "Your price for" in (r.response.content or "")
            done = await self.act(actor.slash(self.w.channel, "submit"))
        assert done.acknowledged and not (done.response.content or "").startswith("❌")

    def sheet_dm(self, seat: int) -> discord.Message:
        dms = self.member(seat).user.dm_channel.history()
        for message in reversed(dms):
            if "Submit sheet" in labels(message):
                return message
        raise AssertionError(f"no price sheet DM for seat {seat}")

    async def fill_modals(
        self, actor: simcord.MemberActor, sheet: Any, mine: dict[str, int], *, in_dm: bool
    ) -> None:
        buttons = [label for label in labels(sheet) if label.startswith("Set prices")]
        assert len(buttons) == (len(mine) + 4) // 5, (buttons, mine)
        for label in buttons:
            if in_dm:
                shown = await actor.user.click(sheet, label=label)
            else:
                shown = await actor.click(sheet, label=label)
            keys = modal_fields(shown)
            assert len(keys) <= 5
            values = {key: str(mine[key]) for key in keys}
            if in_dm:
                done = await self.act(actor.user.submit_modal(shown, values))
            else:
                done = await self.act(actor.submit_modal(shown, values))
            assert done.ephemeral and "Prices on your sheet" in (done.response.content or "")

    async def play_pricing(self) -> None:
        turn = self.state.turn
        for seat in range(self.state.players):
            if turn % 2 == 0 and self.state.specials[seat]:
                await self.play_special(seat)
            await self.set_prices(seat, turn)
        self.check_reveal(turn)

    def check_reveal(self, turn: int) -> None:
        """The rules revealed exactly the prices set through Discord (minus stolen cards)."""
        stored = self.w.store.game(self.game_id).state
        assert stored is not None
        reveal = RULES.load_state(stored).last_reveal
        assert reveal is not None and reveal.turn == turn
        self.revealed[turn] = reveal.sheets
        for seat, sheet in enumerate(reveal.sheets):
            assert sheet.items() <= self.prices[turn][seat].items()

    async def play_game(self) -> None:
        while self.w.store.open_game(self.w.channel.id) is not None:
            await self.play_auctions()
            if self.w.store.open_game(self.w.channel.id) is None:
                break
            await self.play_pricing()


def public_messages(w: World) -> list[discord.Message]:
    return list(w.channel.history())


def reveal_indexes(messages: list[discord.Message]) -> dict[int, int]:
    found = {}
    for index, message in enumerate(messages):
        match = re.search(r"Turn (\d+): every price sheet is revealed", message.content or "")
        if match:
            found[int(match.group(1))] = index
    return found


def assert_no_price_leaks(
    messages: list[discord.Message], prices: dict[int, Any], revealed: dict[int, Any]
) -> None:
    """Between one reveal and the next, no public text shows a sheet's price; the reveal
    shows them all."""
    reveals = reveal_indexes(messages)
    previous = -1
    for turn in sorted(prices):
        end = reveals[turn]
        for seat, sheet in prices[turn].items():
            for key, price in sheet.items():
                leak = re.compile(rf"{deck.article(key).name}[^\d\n]{{0,30}}\b{price}\b")
                for message in messages[previous + 1 : end]:
                    for text in texts(message):
                        assert not leak.search(text), (turn, seat, key, text)
        shown = "\n".join(texts(messages[end]))
        for sheet in revealed[turn]:
            for key, price in sheet.items():
                assert f"{deck.article(key).name} **{price}**" in shown
        previous = end


def assert_specials_hidden_until_played(messages: list[discord.Message]) -> int:
    """A special's name appears in public only from the message announcing its play."""
    checked = 0
    for special in deck.specials().values():
        name = re.compile(rf"\b{special.name}\b")
        played = re.compile(rf"plays (an? )?{special.name}\b")
        for message in messages:
            joined = "\n".join(texts(message))
            if played.search(joined):
                checked += 1
                break
            assert not name.search(joined), (special.name, joined)
    return checked


def assert_dms_only_for_their_owner(w: World) -> None:
    for player in w.players:
        for message in player.user.dm_channel.history():
            for embed in message.embeds:
                if (embed.title or "").startswith("Your price sheet"):
                    assert f"for **{player.user.name}**" in (embed.description or "")
                if (embed.title or "").startswith("Your special cards"):
                    assert (embed.title or "").endswith(player.user.name)


async def test_three_players_play_a_whole_game_to_the_final_scoreboard(
    settings: Settings,
) -> None:
    async with world(settings, 3) as w:
        driver = Driver(w)
        await driver.start(turns=4)
        game = w.store.open_game(w.channel.id)
        assert game is not None
        await driver.play_game()

        assert w.store.game(game.id).status == "finished"
        assert w.store.open_game(w.channel.id) is None
        last = w.channel.history()[-1]
        assert "Game over" in last.content and "/game status" in last.content
        board = last.embeds[0]
        assert board.title == "Fantasy Business — final scores after 4 turns"
        final = w.bot.service.replay(game.id)
        scores = RULES.outcome(final)
        assert scores is not None
        for seat, score in scores.scores.items():
            assert f"**{score}**" in (board.description or ""), (seat, score)
        winners = [m.user.name for m in w.players if w.players.index(m) in scores.winners]
        assert all(f"**{name}**" in last.content for name in winners)
        assert last.content.count(" wins") + last.content.count(" share the win") == 1
        assert "wins" not in (board.description or "")  # the winner is named once

        messages = public_messages(w)
        assert sorted(reveal_indexes(messages)) == [1, 2, 3, 4]
        assert_no_price_leaks(messages, driver.prices, driver.revealed)
        assert assert_specials_hidden_until_played(messages) >= 1
        assert_dms_only_for_their_owner(w)


async def test_eight_players_play_a_short_game_to_the_end(settings: Settings) -> None:
    async with world(settings, 8) as w:
        driver = Driver(w)
        await driver.start(turns=2, first=3)
        game = w.store.open_game(w.channel.id)
        assert game is not None
        await driver.play_game()
        assert w.store.game(game.id).status == "finished"
        board = w.channel.history()[-1].embeds[0]
        assert (board.description or "").count("gold +") == 8
        messages = public_messages(w)
        assert_no_price_leaks(messages, driver.prices, driver.revealed)
        assert_specials_hidden_until_played(messages)
        assert_dms_only_for_their_owner(w)
