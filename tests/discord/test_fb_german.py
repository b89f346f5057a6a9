"""Fantasy Business through Discord with a German-speaking player: German article and
special names in commands and autocomplete, answers in the player's language.

simcord sends every interaction with the locale en-US; the test makes one player's
client German by rewriting the locale of the interactions that player sends.
"""

from typing import Any

import pytest
import simcord.interactions

from bot.settings import Settings
from rules.fantasy_business import RULES
from tests.discord.harness import public, redraw, refused, table_message, world
from tests.discord.test_fb_play import labels
from tests.discord.test_fb_refusals import game_at, pricing
from tests.rules.fantasy_business.fb_builders import position


def german_client(monkeypatch: pytest.MonkeyPatch, user_id: int) -> None:
    original = simcord.interactions.base_payload

    def payload(*args: Any, **kwargs: Any) -> Any:
        record, data = original(*args, **kwargs)
        if kwargs.get("user_id") == user_id:
            data["locale"] = "de"
        return record, data

    monkeypatch.setattr(simcord.interactions, "base_payload", payload)


async def test_a_german_player_prices_plays_and_autocompletes_in_german(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with game_at(settings, pricing()) as w:
        alice, bob = w.players[0], w.players[1]
        german_client(monkeypatch, bob.user.id)

        choices = await bob.autocomplete(w.channel, "price", "article", "sch")
        assert [(c["name"], c["value"]) for c in choices] == [("Schwerter (4–8 Gold)", "swords")]
        choices = await alice.autocomplete(w.channel, "price", "article", "sch")
        assert [(c["name"], c["value"]) for c in choices] == [
            ("Swords", "swords"),
            ("Spell Scrolls", "spell_scrolls"),
        ]  # alice owns nothing: every article, in English

        done = await bob.slash(w.channel, "price", article="Schwerter", amount=5)
        assert done.ephemeral
        assert done.response.content == "Dein Preis für Schwerter in dieser Runde: 5 Gold."

        no = refused(await bob.slash(w.channel, "price", article="Pferde", amount=5))
        assert "Du besitzt keine Pferde" in no
        # German names work for an English speaker too, who is answered in English.
        no = refused(await alice.slash(w.channel, "price", article="Schwerter", amount=5))
        assert "You own no Swords, so you cannot price them." in no

        cards = await bob.autocomplete(w.channel, "play", "card", "")
        assert [c["value"] for c in cards] == ["thief"]
        assert cards[0]["name"].startswith("Dieb – Nimm einem anderen Spieler")

        no = refused(
            await bob.slash(w.channel, "play", card="Dieb", target=alice, article="Schwerter")
        )
        assert "hat keine Artikelkarten, die dein Dieb nehmen könnte." in no


async def test_a_german_table_auctions_in_german_and_keeps_secrets(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table opened in German: the channel hears German whatever the players' clients
    speak, the buttons are German, and the channel never learns a special's face."""
    state = position(4, centre=["swords", "thief", "horses", "armour"])
    async with world(settings, 4) as w:
        alice, bob, carol, dan = w.players
        public(await alice.slash(w.channel, "game new", game="fantasy-business", language="de"))
        for p in w.players[1:]:
            public(await p.slash(w.channel, "game join"))
        public(await alice.slash(w.channel, "game start", first=alice))
        game = w.store.open_game(w.channel.id)
        assert game is not None and game.options.get("language") == "de"
        w.store.update_game(game, now=w.clock(), state=RULES.dump_state(state))
        await redraw(w)
        titles = [e.title or "" for m in w.channel.history() for e in m.embeds]
        assert "Fantasy Business – Runde 1 von 10: Auktionen" in titles

        text = public(await alice.slash(w.channel, "auction", card=2, price=1))
        assert "bringt Karte 2 (Sonderkarte) unter den Hammer und bietet 1 Gold." in text
        live = table_message(w)
        assert labels(live)[:1] == ["2 bieten"]
        for p in (bob, carol, dan):
            public(await p.slash(w.channel, "pass"))
        channel = "\n".join(
            [m.content for m in w.channel.history()]
            + [str(e.to_dict()) for m in w.channel.history() for e in m.embeds]
        )
        assert "kauft die Sonderkarte für 1 Gold." in channel
        for name in ("Thief", "Dieb"):
            assert name not in channel
        dms = "\n".join(m.content for m in alice.user.dm_channel.history())
        assert "Deine Sonderkarte ist ein Dieb" not in dms  # alice's client is English
        assert "Your special card is a Thief" in dms
