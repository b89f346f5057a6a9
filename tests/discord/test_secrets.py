"""Secrets stay with their owner in the places a player can read without being told:
autocomplete lists, button custom ids (every client receives them) and `/game log`.
"""

import re
from typing import Any

from bot.settings import Settings
from rules.fantasy_business import deck
from rules.fantasy_business.state import GameState
from tests.discord.harness import public
from tests.discord.test_fb_refusals import game_at
from tests.rules.fantasy_business.fb_builders import position

SPECIAL_WORDS = {key for key in deck.specials()} | {
    deck.special(key).name.lower() for key in deck.specials()
}


def _pricing() -> GameState:
    """alice holds a Thief and a Festival, bob Guards, carol nothing."""
    return position(
        3,
        phase="pricing",
        articles={0: {"swords": 2}, 1: {"horses": 1}, 2: {"armour": 1}},
        specials={0: ["thief", "festival"], 1: ["guards"]},
    )


def values(choices: list[dict[str, Any]]) -> list[str]:
    return [str(choice["value"]) for choice in choices]


async def test_special_card_autocomplete_offers_only_the_callers_own_cards(
    settings: Settings,
) -> None:
    async with game_at(settings, _pricing()) as w:
        alice, bob, carol = w.players
        outsider = w.extra["outsider"]
        assert values(await alice.autocomplete(w.channel, "play", "card", "")) == [
            "thief",
            "festival",
        ]
        assert values(await bob.autocomplete(w.channel, "play", "card", "")) == ["guards"]
        assert values(await bob.user.autocomplete("play", "card", "")) == ["guards"]
        assert await carol.autocomplete(w.channel, "play", "card", "") == []
        assert await outsider.autocomplete(w.channel, "play", "card", "") == []


async def test_price_autocomplete_shows_only_the_callers_own_articles_and_ranges(
    settings: Settings,
) -> None:
    async with game_at(settings, _pricing()) as w:
        bob = w.players[1]
        mine = await bob.autocomplete(w.channel, "price", "article", "")
        assert values(mine) == ["horses"] and "gold)" in mine[0]["name"]
        # A member without a seat gets the plain list of names: no one's ranges.
        plain = await w.extra["outsider"].autocomplete(w.channel, "price", "article", "")
        assert len(plain) == len(deck.articles())
        assert not any("gold" in str(choice["name"]) for choice in plain)


async def test_button_custom_ids_carry_no_card_identity_or_price(settings: Settings) -> None:
    state = position(3, centre=["thief", "swords", "horses"])
    async with game_at(settings, state) as w:
        alice, bob, carol = w.players
        ids: list[str] = []

        def seen() -> None:
            messages = [*w.channel.history()]
            for member in w.players:
                messages += member.user.dm_channel.history()
            ids.extend(
                str(button.get("custom_id", ""))
                for message in messages
                for row in message.components
                for button in row.to_dict().get("components", [])
            )

        public(await alice.slash(w.channel, "auction", card=1, price=1))
        seen()
        public(await bob.slash(w.channel, "pass"))
        seen()
        public(await carol.slash(w.channel, "pass"))
        seen()
        assert ids, "the auction messages carry buttons"
        for custom_id in ids:
            assert re.fullmatch(r"sfs?:fb-[a-z]+:\d+:[\d.]*", custom_id), custom_id


async def test_the_log_does_not_name_a_special_card_won_at_auction(settings: Settings) -> None:
    state = position(3, centre=["thief", "swords", "horses"])
    async with game_at(settings, state) as w:
        alice, bob, carol = w.players
        public(await alice.slash(w.channel, "auction", card=1, price=1))
        public(await bob.slash(w.channel, "pass"))
        public(await carol.slash(w.channel, "pass"))
        log = await bob.slash(w.channel, "game log")
        text = (log.response.content or "").lower()
        assert "auction of a card at 1 gold" in text
        assert not any(word in text for word in SPECIAL_WORDS), text
