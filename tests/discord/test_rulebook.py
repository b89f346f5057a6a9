"""`/rules`: private summaries by topic, naming the commands that carry the rules out."""

import pytest

from bot.rulebook import TOPICS
from bot.settings import Settings
from tests.discord.harness import world
from tests.fakes import FAKE_GAMES


@pytest.mark.parametrize("topic", sorted(TOPICS))
async def test_each_topic_is_answered_privately(settings: Settings, topic: str) -> None:
    async with world(settings, 1, games=FAKE_GAMES) as w:
        result = await w.players[0].slash(w.channel, "rules", topic=topic)
        assert result.ephemeral
        embed = result.response.embeds[0]
        assert embed.title == TOPICS[topic][0]
        assert "/" in (embed.description or "")  # every summary points to commands


async def test_without_a_topic_the_overview_is_shown(settings: Settings) -> None:
    async with world(settings, 1, games=FAKE_GAMES) as w:
        result = await w.players[0].slash(w.channel, "rules")
        assert result.response.embeds[0].title == TOPICS["overview"][0]
