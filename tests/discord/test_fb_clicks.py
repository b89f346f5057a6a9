"""Fantasy Business played by clicking only, after `/game new`: the lobby card's buttons,
the centre-card menu and its opening choices (the price form too), the bid buttons, the
price sheet's forms and buttons, and specials played from the sheet's menu, to the final
scoreboard, in English and in German.

The driver reads the stored state only to decide what a player would click; every move is
a click, a menu choice or a form, found by its route (`sf:`/`sfs:` custom ids), so the
same driver plays a German table. What players see is checked: every answer is accepted,
the channel stays calm, every message fits Discord's schema.
"""

from dataclasses import dataclass, field
from typing import Any

import discord
import simcord

from bot.settings import Settings
from rules.fantasy_business import RULES, deck
from rules.fantasy_business.actions import Auction, PlaySpecial
from rules.fantasy_business.state import GameState
from tests.discord.calm import Calm
from tests.discord.harness import World, refused, table_message, world
from tests.discord.payloads import component_problems

KIND = "fantasy-business"


def components(message: Any) -> list[dict[str, Any]]:
    """Every component of a message (a channel message or an interaction's answer), as
    Discord's raw dicts."""
    found: list[dict[str, Any]] = []
    for row in message.components or []:
        raw = row if isinstance(row, dict) else row.to_dict()
        found += list(raw.get("components", []))
    return found


def routed(message: Any, route: str) -> list[dict[str, Any]]:
    """The message's live components of one route (`sf:<route>:` or `sfs:<route>:`)."""
    return [
        item
        for item in components(message)
        if not item.get("disabled") and str(item.get("custom_id", "")).split(":")[1:2] == [route]
    ]


def newest_with(channel: Any, route: str) -> discord.Message:
    for message in reversed(channel.history()):
        if routed(message, route):
            return message
    raise AssertionError(f"no message with a live {route} control")


def closed_in_place(result: simcord.InteractionResult, menu: Any) -> None:
    """The move a private menu ended in counted, and its answer replaced that menu: the
    same message, with no control left to click."""
    assert result.response is not None and result.response.id == menu.id, (result, menu.id)
    assert components(result.response) == [], components(result.response)


def accepted(result: simcord.InteractionResult) -> str:
    """An answer that is no refusal."""
    assert result.acknowledged
    content = (result.response.content if result.response is not None else "") or ""
    assert not content.startswith("❌"), content
    return content


@dataclass
class Clicker:
    w: World
    calm: Calm | None = None
    specials_played: int = 0
    from_hand: int = 0
    asked_in_place: int = 0
    """Specials whose second question (the article) replaced the first (the target)."""
    designations: dict[str, int] = field(default_factory=dict)
    lobby_labels: list[str] = field(default_factory=list)

    @property
    def state(self) -> GameState:
        table = self.w.bot.service.table(self.w.channel.id)
        assert table is not None and isinstance(table.state, GameState)
        return table.state

    def member(self, seat: int) -> simcord.MemberActor:
        table = self.w.bot.service.table(self.w.channel.id)
        assert table is not None
        user = table.user_id(seat)
        return next(p for p in self.w.players if p.id == user)

    async def click(
        self, actor: Any, message: Any, route: str, index: int = 0
    ) -> simcord.InteractionResult:
        item = routed(message, route)[index]
        result: simcord.InteractionResult = await actor.click(message, custom_id=item["custom_id"])
        return result

    async def choose(
        self, actor: Any, message: Any, route: str, value: str
    ) -> simcord.InteractionResult:
        item = routed(message, route)[0]
        assert value in [o["value"] for o in item["options"]], (value, item["options"])
        result: simcord.InteractionResult = await actor.select(
            message, [value], custom_id=item["custom_id"]
        )
        return result

    def checked(self) -> None:
        if self.calm is not None:
            self.calm.check()

    async def open_table(self, language: str | None = None) -> None:
        host, second, third = self.w.players[:3]
        options: dict[str, Any] = {"game": KIND, "turns": 2}
        if language:
            options["language"] = language
        accepted(await host.slash(self.w.channel, "game new", **options))
        for player in (second, third):
            accepted(
                await self.click(player, newest_with(self.w.channel, "lobby-join"), "lobby-join")
            )
        # Start is the host's: anyone else is refused privately, and nothing starts.
        lobby = newest_with(self.w.channel, "lobby-start")
        self.lobby_labels = [
            str(item.get("label") or item.get("placeholder")) for item in components(lobby)
        ]
        refused(await self.click(second, lobby, "lobby-start"))
        assert self.w.store.open_game(self.w.channel.id).status == "lobby"  # type: ignore[union-attr]
        accepted(await self.click(host, lobby, "lobby-start"))
        assert self.w.store.open_game(self.w.channel.id).status == "active"  # type: ignore[union-attr]
        self.checked()

    async def designate(self) -> None:
        s = self.state
        seat = s.first_buyer
        actor = self.member(seat)
        card = s.label(s.centre[-1])
        menu = table_message(self.w)
        shown = await self.choose(actor, menu, "fb-designate", str(card))
        assert shown.ephemeral and shown.response is not None
        answer = shown.response
        legal = [a for a in RULES.legal_actions(s, seat) if isinstance(a, Auction)]
        priced = [a.price for a in legal if a.card == len(s.centre) - 1 and a.price is not None]
        possible = ["none"]
        if len(routed(answer, "fb-open")) == 2:
            possible.append("minimum")
        if priced and routed(answer, "fb-name"):
            possible.append("named")
        assert bool(priced) == bool(routed(answer, "fb-name"))  # offered exactly when legal
        # Each way in turn: the one used least so far that this designation allows.
        kind = min(reversed(possible), key=lambda way: self.designations.get(way, 0))
        if kind == "named":
            form = await self.click(actor, answer, "fb-name")
            assert form.modal is not None
            price = max(priced)
            opened = await actor.submit_modal(form, {"price": str(price)})
            assert self.state.auction is not None and self.state.auction.price == price
        elif kind == "minimum":
            opened = await self.click(actor, answer, "fb-open", 0)
        else:
            opened = await self.click(actor, answer, "fb-open", len(routed(answer, "fb-open")) - 1)
        accepted(opened)
        closed_in_place(opened, answer)
        self.designations[kind] = self.designations.get(kind, 0) + 1
        self.checked()

    async def bid_step(self) -> None:
        s = self.state
        assert s.auction is not None
        actor = self.member(s.auction.to_act)
        message = table_message(self.w)
        bids = routed(message, "fb-bid")
        if bids and (s.auction.offer or s.auction.high_bidder is None):
            accepted(await self.click(actor, message, "fb-bid"))
        else:
            accepted(await self.click(actor, message, "fb-pass"))
        self.checked()

    async def play_auctions(self) -> None:
        turn = self.state.turn
        while self.state.phase == "auction" and self.state.turn == turn:
            if self.state.auction is None:
                await self.designate()
            else:
                await self.bid_step()

    def sheet_dm(self, seat: int) -> discord.Message:
        return newest_with(self.member(seat).user.dm_channel, "fb-submit")

    async def play_special(self, seat: int) -> None:
        """From the sheet's menu: the card, then its target and article menus."""
        user = self.member(seat).user
        sheet = self.sheet_dm(seat)
        hands = [
            message
            for message in user.dm_channel.history()
            if routed(message, "fb-special") and not routed(message, "fb-submit")
        ]
        if hands and self.specials_played % 2:
            sheet = hands[-1]  # the hand DM offers the same cards as the sheet
            self.from_hand += 1
        menu = routed(sheet, "fb-special")
        plays = [a for a in RULES.legal_actions(self.state, seat) if isinstance(a, PlaySpecial)]
        if not plays:
            assert not menu, menu
            return
        kinds = {o["value"] for o in menu[0]["options"]}
        assert kinds == {play.card for play in plays}
        play = plays[-1]
        held = len(self.state.specials[seat])
        result = await self.choose(user, sheet, "fb-special", play.card)
        menu: Any = None  # the private menu the sheet's choice opened, if any
        if play.target is not None:
            assert result.ephemeral and result.response is not None
            menu = result.response
            result = await self.choose(user, menu, "fb-target", str(play.target))
        if play.article is not None:
            assert result.response is not None
            if menu is None:
                assert result.ephemeral
                menu = result.response
            else:  # the article's question replaced the target's
                assert result.response.id == menu.id
                assert not routed(result.response, "fb-target")
                self.asked_in_place += 1
            result = await self.choose(user, result.response, "fb-article", play.article)
        accepted(result)
        if menu is not None:
            closed_in_place(result, menu)
        assert len(self.state.specials[seat]) == held - 1  # played, from the menus alone
        self.specials_played += 1
        self.checked()

    async def price_sheet(self, seat: int) -> None:
        user = self.member(seat).user
        sheet = self.sheet_dm(seat)
        for index in range(len(routed(sheet, "fb-prices"))):
            form = await self.click(user, sheet, "fb-prices", index)
            assert form.modal is not None
            keys = [
                item["custom_id"]
                for row in form.modal["components"]
                for item in (row.get("components") or [row.get("component", {})])
            ]
            prices = {key: str(deck.article(key).base) for key in keys}
            accepted(await user.submit_modal(form, prices))
        accepted(await self.click(user, self.sheet_dm(seat), "fb-submit"))
        self.checked()

    async def play_pricing(self) -> None:
        for seat in range(self.state.players):
            if self.state.phase != "pricing":
                break
            if not self.state.sheets[seat].submitted:
                await self.play_special(seat)
                await self.price_sheet(seat)

    async def play_game(self) -> None:
        while self.w.store.open_game(self.w.channel.id) is not None:
            if self.state.phase == "auction":
                await self.play_auctions()
            elif self.state.phase == "pricing":
                await self.play_pricing()


async def _whole_game(settings: Settings, language: str | None) -> World:
    async with world(settings, 3) as w:
        clicker = Clicker(w)
        await clicker.open_table(language)
        clicker.calm = Calm(w)
        await clicker.play_game()
        final = w.channel.history()
        assert any("🏆" in (m.content or "") for m in final)
        assert clicker.designations, clicker.designations
        # What the bot sent, its buttons and menus included, is checked as the world ends.
        w.extra["clicker"] = clicker
        return w


def test_the_component_check_finds_what_discord_would_refuse() -> None:
    """The check itself can fail: 26 options, a long custom id, six rows."""
    menu = {
        "type": 3,
        "custom_id": "sfs:" + "x" * 100,
        "options": [{"label": str(n), "value": str(n)} for n in range(26)],
    }
    body = {"components": [{"type": 1, "components": [menu]}] * 6}
    found = component_problems("POST", "/channels/1/messages", body)
    assert any("6 action rows" in line for line in found), found
    assert any("custom_id" in line for line in found), found
    assert any("options" in line for line in found), found


async def test_a_whole_game_is_played_by_clicking_only(settings: Settings) -> None:
    w = await _whole_game(settings, None)
    clicker: Clicker = w.extra["clicker"]
    assert set(clicker.designations) == {"none", "minimum", "named"}, clicker.designations
    assert clicker.specials_played >= 2 and clicker.from_hand >= 1, clicker
    assert clicker.asked_in_place >= 1, "a special's two questions asked in one private menu"
    assert clicker.lobby_labels == ["Join", "Leave", "Start", "Add an AI player…"]


async def test_a_german_table_is_played_by_clicking_only(settings: Settings) -> None:
    w = await _whole_game(settings, "de")
    clicker: Clicker = w.extra["clicker"]
    assert clicker.designations
    assert clicker.lobby_labels == ["Mitspielen", "Aufstehen", "Starten", "KI-Spieler dazusetzen …"]
