"""Spec §3.2: special cards change hands with `/give member card:<special>`, face down.

The receiver learns the card privately; the table, the log and every public embed learn
only that a special card changed hands.
"""

from typing import Any

import discord

from bot.settings import Settings
from rules.fantasy_business import deck
from rules.fantasy_business.state import GameState
from tests.discord.harness import World, public, refused
from tests.discord.test_fb_refusals import game_at
from tests.rules.fantasy_business.fb_builders import position


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


def embed_texts(message: discord.Message) -> list[str]:
    found = [message.content or ""]
    for embed in message.embeds:
        found += [embed.title or "", embed.description or "", embed.footer.text or ""]
        found += [f"{field.name} {field.value}" for field in embed.fields]
    return found


def public_texts(w: World) -> str:
    """Everything the channel shows anyone: contents and embeds of every message."""
    return "\n".join(text for m in w.channel.history() for text in embed_texts(m)).lower()


def state_of(w: World) -> GameState:
    table = w.bot.service.table(w.channel.id)
    assert table is not None and isinstance(table.state, GameState)
    return table.state


async def test_give_card_autocomplete_offers_only_the_givers_own_specials(
    settings: Settings,
) -> None:
    async with game_at(settings, _pricing()) as w:
        alice, bob, carol = w.players
        assert values(await alice.autocomplete(w.channel, "give", "card", "")) == [
            "thief",
            "festival",
        ]
        assert values(await alice.autocomplete(w.channel, "give", "card", "fe")) == ["festival"]
        assert values(await bob.autocomplete(w.channel, "give", "card", "")) == ["guards"]
        assert values(await bob.user.autocomplete("give", "card", "")) == ["guards"]
        assert await carol.autocomplete(w.channel, "give", "card", "") == []
        assert await w.extra["outsider"].autocomplete(w.channel, "give", "card", "") == []


async def test_3_2_a_special_given_reaches_only_its_receiver_and_the_table_sees_a_special_card(
    settings: Settings,
) -> None:
    async with game_at(settings, _pricing()) as w:
        alice, bob, carol = w.players
        carol_dms = len(carol.user.dm_channel.history())
        result = await alice.slash(w.channel, "give", member=bob, card="thief")
        assert public(result).startswith("**alice** gives **bob** a special card.")
        replies = [m.content or "" for m in result.followups]
        assert any("You give **bob** your Thief card." in text for text in replies), replies
        assert all(m.flags.ephemeral for m in result.followups)

        state = state_of(w)
        assert [deck.card(c).key for c in state.specials[0]] == ["festival"]
        assert [deck.card(c).key for c in state.specials[1]] == ["guards", "thief"]
        dms = bob.user.dm_channel.history()
        assert any("gives you a Thief" in (m.content or "") for m in dms)  # notified
        hands = [m for m in dms if m.embeds and "special cards" in (m.embeds[0].title or "")]
        assert len(hands) == 1  # the hand is one DM, kept up to date
        assert "**Thief**" in "\n".join(embed_texts(hands[0]))
        assert len(carol.user.dm_channel.history()) == carol_dms

        # The public picture counts face-down specials: alice 1, bob 2.
        status = await carol.slash(w.channel, "game status")
        picture = "\n".join(embed_texts(status.response))
        assert "1 special card (face down)" in picture and "2 special cards" in picture


async def test_3_2_the_given_special_is_named_in_no_public_message_log_or_embed(
    settings: Settings,
) -> None:
    """Would catch a leak in the event text, its rendering, the log line or the embeds."""
    async with game_at(settings, _pricing()) as w:
        alice, bob, carol = w.players
        public(await alice.slash(w.channel, "give", member=bob, gold=2, card="Thief"))
        status = await carol.slash(w.channel, "game status")
        log = await carol.slash(w.channel, "game log")
        log_text = (log.response.content or "").lower()
        assert "gift of 2 gold and a special card to **bob**" in log_text
        status_texts = "\n".join(embed_texts(status.response)).lower()
        shown = "\n".join([public_texts(w), log_text, status_texts])
        assert "a special card" in shown
        for word in ("thief", deck.special("thief").text.lower()):
            assert word not in shown, word
        # Only the receiver's own view and hand name it.
        hand = await bob.slash(w.channel, "hand")
        assert hand.ephemeral and "thief" in "\n".join(embed_texts(hand.response)).lower()


async def test_giving_a_special_you_do_not_hold_is_refused_and_changes_nothing(
    settings: Settings,
) -> None:
    async with game_at(settings, _pricing()) as w:
        carol = w.players[2]
        before = w.snapshot()
        text = refused(await carol.slash(w.channel, "give", member=w.players[0], card="guards"))
        assert text == "❌ You hold no Guards card, so you cannot give one."
        assert refused(
            await carol.slash(w.channel, "give", member=w.players[0], card="dragon")
        ).startswith("❌ “dragon” is not a special card")
        assert w.snapshot() == before
