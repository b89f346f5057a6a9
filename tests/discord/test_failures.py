"""A bug or an outage while handling a command, button or modal still gets an answer.

Discord shows "The application did not respond" for an unanswered interaction, which a
player reads as a lost move. The answer is private, says something went wrong on the
bot's side (it is not a rule refusal, so it does not start with ❌) and where to check.
"""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, NoReturn

import pytest
import simcord

from bot.edge.failures import FAILURE_TEXT
from bot.settings import Settings
from rules.fantasy_business import RULES
from rules.fantasy_business.state import GameState
from tests.discord.harness import World, public, table_message, world
from tests.rules.fantasy_business.fb_builders import position


async def broken(*args: Any, **kwargs: Any) -> NoReturn:
    raise RuntimeError("kaboom")


def warned(result: simcord.InteractionResult) -> None:
    """The player was answered privately with the failure note, never a ❌ refusal."""
    assert result.acknowledged
    texts = [m.content for m in [result.response, *result.followups] if m is not None]
    assert texts[-1] == FAILURE_TEXT, texts
    assert not FAILURE_TEXT.startswith("❌")
    last = result.followups[-1] if result.followups else result.response
    assert last is not None and last.ephemeral


@asynccontextmanager
async def fantasy_business_at(settings: Settings, state: GameState) -> AsyncIterator[World]:
    async with world(settings, state.players) as w:
        alice = w.players[0]
        public(await alice.slash(w.channel, "game new", game="fantasy-business"))
        for member in w.players[1:]:
            public(await member.slash(w.channel, "game join"))
        public(await alice.slash(w.channel, "game start", first=alice))
        game = w.store.open_game(w.channel.id)
        assert game is not None
        w.store.update_game(game, now=w.clock(), state=RULES.dump_state(state))
        yield w


async def test_a_command_that_breaks_answers_privately_and_is_logged(
    settings: Settings, caplog: pytest.LogCaptureFixture
) -> None:
    async with world(settings, 2) as w:
        w.bot.service.status = broken  # type: ignore[method-assign]
        result = await w.players[0].slash(w.channel, "game status")
        warned(result)
        simcord.assert_error(w.env, RuntimeError, contains="kaboom")
        assert "kaboom" in caplog.text
        assert w.channel.history() == []


async def test_a_button_that_breaks_answers_privately(settings: Settings) -> None:
    async with fantasy_business_at(settings, position(3, centre=["swords", "horses"])) as w:
        alice, bob, _ = w.players
        public(await alice.slash(w.channel, "auction", card=1))
        w.bot.service.act_in_game = broken  # type: ignore[method-assign]
        warned(await bob.click(table_message(w), label="Pass"))


async def test_a_price_modal_that_breaks_answers_privately(
    settings: Settings, caplog: pytest.LogCaptureFixture
) -> None:
    state = position(3, phase="pricing", articles={1: {"swords": 2}})
    async with fantasy_business_at(settings, state) as w:
        bob = w.players[1]
        sheet = await bob.slash(w.channel, "sheet")
        shown = await bob.click(sheet.response, label="Set prices")
        w.bot.service.act_in_game = broken  # type: ignore[method-assign]
        warned(await bob.submit_modal(shown, {"swords": "7"}))
        assert "kaboom" in caplog.text


async def test_a_failure_after_the_answer_is_reported_in_a_followup(settings: Settings) -> None:
    """The bot cannot post in the game's channel: `/board share` from a DM was already
    answered, and the player learns the sharing failed."""
    async with world(settings, 2) as w:
        alice, bob = w.players
        public(await alice.slash(w.channel, "game new", game="fagins-gang"))
        public(await bob.slash(w.channel, "game join"))
        public(await alice.slash(w.channel, "game start", first=alice))
        w.env.inject_error(
            "POST",
            f"/channels/{w.channel.id}/messages",
            status=403,
            code=50013,
            message="Missing Permissions",
            times=None,
        )
        result = await alice.user.slash("board", share=True)
        assert result.response is not None and result.response.content.startswith("✅")
        warned(result)
        simcord.assert_error(w.env, Exception, contains="Missing Permissions")
