"""Requests Discord would accept: every request of every test's world is checked at its
end (tests/discord/harness.py) against Discord's published request schemas, so the checks
themselves must be able to fail.

Real Discord refuses a message whose nonce is longer than 25 characters, or an embed
field of 1,025, with a 400, and the line is never seen; the simulated Discord holds a
message's length and its embeds' total, but not every field of the schema.
"""

import discord
import pytest

from bot.settings import Settings
from tests.discord.harness import world
from tests.discord.payloads import request_problems

CHANNEL = "/channels/1/messages"
ANSWER = "/interactions/1/token/callback"
FOLLOW_UP = "/webhooks/1/token"


def test_what_the_schema_refuses_is_found_in_messages_answers_and_follow_ups() -> None:
    field = {"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]}
    found = request_problems("POST", CHANNEL, field)
    assert any("embeds.0.fields.0.value" in line for line in found), found
    assert request_problems("POST", CHANNEL, {"content": "x", "nonce": "n" * 25}) == []
    long_nonce = {"content": "x", "nonce": "n" * 26}
    assert any("nonce" in line for line in request_problems("POST", CHANNEL, long_nonce))
    answer = {"type": 4, "data": {"content": "x", "flags": "ephemeral"}}
    assert any("data.flags" in line for line in request_problems("POST", ANSWER, answer))
    title = {"embeds": [{"title": "t" * 257}]}
    assert request_problems("POST", FOLLOW_UP, title) != []
    assert request_problems("PATCH", f"{FOLLOW_UP}/messages/@original", title) != []
    row = {"type": 1, "components": [{"type": 2, "style": 1, "label": "Go", "custom_id": "go"}]}
    assert request_problems("POST", CHANNEL, {"components": [row] * 5}) == []
    six = request_problems("POST", ANSWER, {"type": 4, "data": {"components": [row] * 6}})
    assert any("6 action rows (at most 5)" in line for line in six), six
    assert request_problems("GET", CHANNEL, None) == []


def test_ids_sent_as_numbers_are_as_good_as_strings() -> None:
    """discord.py sends ids as JSON numbers; Discord takes them, though its schema names
    strings."""
    body = {
        "content": "<@123> to act",
        "allowed_mentions": {"parse": [], "users": [123]},
        "attachments": [{"id": 0, "filename": "board.png"}],
    }
    assert request_problems("POST", CHANNEL, body) == []
    assert request_problems("POST", "/users/@me/channels", {"recipient_id": 123}) == []


async def test_a_world_fails_when_the_bot_sent_what_discord_would_refuse(
    settings: Settings,
) -> None:
    """The simulated Discord posts a message whose nonce is 26 characters; real Discord
    (and the world's end) says no. The courier sends every line with a nonce."""
    with pytest.raises(AssertionError, match="nonce"):
        async with world(settings, 1) as w:
            channel = w.bot.get_channel(w.channel.id)
            assert isinstance(channel, discord.TextChannel)
            await channel.send("hello", nonce="n" * 26)
