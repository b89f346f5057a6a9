"""Fantasy Business through Discord with a German-speaking player: German article and
special names in commands and autocomplete, answers in the player's language.

simcord sends every interaction with the locale en-US; the test makes one player's
client German by rewriting the locale of the interactions that player sends.
"""

from typing import Any

import pytest
import simcord.interactions

from bot.settings import Settings
from tests.discord.harness import refused
from tests.discord.test_fb_refusals import game_at, pricing


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
        assert cards[0]["name"].startswith("Dieb — Nimm einem anderen Spieler")

        no = refused(
            await bob.slash(w.channel, "play", card="Dieb", target=alice, article="Schwerter")
        )
        assert "hat keine Artikelkarten, die dein Dieb nehmen könnte." in no
