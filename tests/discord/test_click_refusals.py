"""The clickable paths' edges: the lobby card's Leave and Add AI, a click on a table that
moved on, a menu used by someone whose turn it is not, and the 💡 button. A refused click
is answered privately and changes nothing."""

import simcord

from bot.settings import Settings
from rules.fantasy_business.state import GameState
from tests.discord.harness import World, public, refused, table_message, world
from tests.discord.test_fb_clicks import routed

KIND = "fantasy-business"


def state_of(w: World) -> GameState:
    table = w.bot.service.table(w.channel.id)
    assert table is not None and isinstance(table.state, GameState)
    return table.state


async def click(
    actor: simcord.MemberActor, message: object, route: str
) -> simcord.InteractionResult:
    item = routed(message, route)[0]
    result: simcord.InteractionResult = await actor.click(message, custom_id=item["custom_id"])
    return result


async def test_the_lobby_card_seats_and_unseats_players_and_ais(settings: Settings) -> None:
    async with world(settings, 3) as w:
        alice, bob, _carol = w.players
        public(await alice.slash(w.channel, "game new", game=KIND))
        lobby = table_message(w)
        public(await click(bob, lobby, "lobby-join"))
        assert [seat.user_id for seat in w.store.seats(w.store.open_game(w.channel.id).id)] == [  # type: ignore[union-attr]
            alice.id,
            bob.id,
        ]
        public(await click(bob, table_message(w), "lobby-leave"))
        menu = routed(table_message(w), "lobby-ai")[0]
        assert [o["value"] for o in menu["options"]] == ["random", "standard", "strong"]
        # Seating an AI is the host's, as `/game addbot` is.
        before = w.snapshot()
        refused(await bob.select(table_message(w), ["random"], custom_id=menu["custom_id"]))
        assert w.snapshot() == before
        public(await alice.select(table_message(w), ["random"], custom_id=menu["custom_id"]))
        public(await click(bob, table_message(w), "lobby-join"))
        game = w.store.open_game(w.channel.id)
        assert game is not None
        assert len(w.store.seats(game.id)) == 3  # alice, an AI, bob
        old_lobby = table_message(w)
        public(await click(alice, old_lobby, "lobby-start"))
        # The lobby card closed: no control is left on it; the table message is the game's.
        assert not routed(
            next(m for m in w.channel.history() if m.id == old_lobby.id), "lobby-join"
        )


async def test_a_click_on_a_state_that_is_gone_is_refused(settings: Settings) -> None:
    async with world(settings, 3) as w:
        alice, bob, carol = w.players
        public(await alice.slash(w.channel, "game new", game=KIND, turns=2))
        for member in (bob, carol):
            public(await member.slash(w.channel, "game join"))
        public(await alice.slash(w.channel, "game start", first=alice))
        menu = table_message(w)
        item = routed(menu, "fb-designate")[0]
        # Not the First Buyer: refused, privately, and nothing changes.
        before = w.snapshot()
        text = refused(
            await bob.select(menu, [item["options"][0]["value"]], custom_id=item["custom_id"])
        )
        assert "First Buyer" in text and "alice" in text
        assert w.snapshot() == before
        shown = await alice.select(menu, [item["options"][0]["value"]], custom_id=item["custom_id"])
        assert shown.ephemeral and shown.response is not None
        answer = shown.response
        # A price typed in the form that is no number, or below the minimum: refused
        # privately, nothing changes.
        before = w.snapshot()
        form = await click(alice, answer, "fb-name")
        assert form.modal is not None
        assert "not a whole number" in refused(await alice.submit_modal(form, {"price": "lots"}))
        form = await click(alice, answer, "fb-name")
        assert "at least" in refused(await alice.submit_modal(form, {"price": "0"}))
        assert w.snapshot() == before
        # Meanwhile the card is put up by the typed command; the old choices are stale.
        public(await alice.slash(w.channel, "auction", card=int(item["options"][-1]["value"])))
        before = w.snapshot()
        assert "moved on" in refused(await click(alice, answer, "fb-open"))
        assert w.snapshot() == before
        assert state_of(w).auction is not None


async def test_the_hint_button_answers_like_hint(settings: Settings) -> None:
    async with world(settings, 3) as w:
        alice, bob, carol = w.players
        public(await alice.slash(w.channel, "game new", game=KIND, turns=2, hints=True))
        for member in (bob, carol):
            public(await member.slash(w.channel, "game join"))
        public(await alice.slash(w.channel, "game start", first=alice))
        table = table_message(w)
        assert routed(table, "hint")
        assert "not your decision" in refused(await click(bob, table, "hint"))
        asked = await click(alice, table, "hint")
        assert asked.ephemeral and (asked.response.content or "").startswith("💡")


async def test_no_hint_button_without_hints(settings: Settings) -> None:
    async with world(settings, 3) as w:
        alice, bob, carol = w.players
        public(await alice.slash(w.channel, "game new", game=KIND, turns=2))
        for member in (bob, carol):
            public(await member.slash(w.channel, "game join"))
        public(await alice.slash(w.channel, "game start", first=alice))
        assert not routed(table_message(w), "hint")
        assert routed(table_message(w), "fb-designate")
