"""What `bot.sandbox.preview` relies on inside simcord's preview still holds.

Each test names the internal it guards; a failure here means simcord changed under the
sandbox (it was checked against `CHECKED_SIMCORD`): re-read the new version's preview and
adjust `bot/sandbox/preview.py` before trusting the sandbox's page again.
"""

import importlib
import inspect
import pkgutil
from typing import Any

import aiohttp
import pytest
import simcord.preview
from simcord.preview import _action_plans, _markdown, _pages, _queries, _snapshot

from bot.sandbox import Sandbox
from bot.sandbox.preview import (
    CHECKED_SIMCORD,
    INDEX_MESSAGES,
    MARKDOWN_CALLERS,
    REPUBLISHES_EVERY_PAGE,
    WINDOW_MESSAGES,
    channels_touched,
    events_so_far,
    memoised_markdown,
    speed_up_previews,
)
from bot.sandbox.scenes import long_table, started_fantasy_business
from bot.settings import Settings
from tests.sandbox.preview_client import PreviewPage, open_room

CHANGED = f"simcord's preview changed since {CHECKED_SIMCORD}: see bot/sandbox/preview.py"


def original(function: Any) -> Any:
    """simcord's own function behind one of the sandbox's wrappers."""
    return getattr(function, "_smithfield_sandbox", function)


def parameters(function: Any) -> list[tuple[str, Any, Any]]:
    return [(p.name, p.kind, p.default) for p in inspect.signature(function).parameters.values()]


def test_the_wrapped_functions_are_where_they_were_with_the_same_parameters() -> None:
    speed_up_previews()
    tokens = original(_markdown.markdown_tokens)
    assert tokens.__module__ == "simcord.preview._markdown", CHANGED
    assert parameters(tokens) == [
        ("value", inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.empty),
        ("profile", inspect.Parameter.POSITIONAL_OR_KEYWORD, "message"),
        ("context", inspect.Parameter.KEYWORD_ONLY, None),
    ], CHANGED
    navigation = original(_snapshot._message_navigation)
    assert navigation is _queries._message_navigation, CHANGED
    assert [name for name, _kind, _default in parameters(navigation)] == [
        "preview",
        "page",
        "visible",
    ], CHANGED
    assert "navigation_query" in _pages._Page.__dataclass_fields__, CHANGED


def test_every_module_that_renders_markdown_gets_the_memoised_one() -> None:
    speed_up_previews()
    package = simcord.preview
    callers = {
        module.__name__
        for info in pkgutil.iter_modules(package.__path__, f"{package.__name__}.")
        if hasattr(module := importlib.import_module(info.name), "markdown_tokens")
        and info.name != _markdown.__name__
    }
    assert callers == {module.__name__ for module in MARKDOWN_CALLERS}, CHANGED
    for module in MARKDOWN_CALLERS:
        assert module.markdown_tokens is _markdown.markdown_tokens


def test_memoised_markdown_answers_as_simcord_does_with_fresh_tokens_each_time() -> None:
    tokens = original(_markdown.markdown_tokens)
    memoised = memoised_markdown(tokens)
    context = {"users": {"42": "bob"}, "roles": {}, "channels": {}, "channel_ids": []}
    cases = [
        ("**carol** designates card 1 ➡️ <@42> to bid", "message", context),
        ("**carol** designates card 1 ➡️ <@42> to bid", "message", None),
        ("Centre cards\n▶️ `1` **Magic Potions** — base value 6", "embed_description", None),
        ("alice — 10 gold", "embed_field_name", {}),
        (None, "message", None),
        ("||secret|| and https://example.com", "text_display", context),
    ]
    for text, profile, references in cases:
        expected = tokens(text, profile, context=references)
        first = memoised(text, profile, context=references)
        assert first == expected, (text, profile)
        if first:
            first[0]["type"] = "changed by a caller"
        assert memoised(text, profile, context=references) == expected, CHANGED


def test_the_window_size_and_history_step_are_module_settings() -> None:
    speed_up_previews()
    assert _snapshot.HISTORY_WINDOW_SIZE == WINDOW_MESSAGES, CHANGED
    assert _action_plans.HISTORY_WINDOW_SIZE == WINDOW_MESSAGES, CHANGED
    assert _action_plans.HISTORY_STEP == WINDOW_MESSAGES // 2, CHANGED
    assert "target_index - 24" in inspect.getsource(_snapshot._history_window), CHANGED
    assert WINDOW_MESSAGES > 24


async def test_a_page_holds_a_short_window_that_older_and_focus_move(
    settings: Settings,
) -> None:
    async with (
        Sandbox(settings, players=3, port=0, tick=False) as sandbox,
        aiohttp.ClientSession() as http,
    ):
        world = sandbox.world
        await long_table(sandbox, 2 * WINDOW_MESSAGES)
        alice = world.players[0]
        ids = [str(m.id) for m in world.table.history(viewer=alice)]
        page = await PreviewPage(http, await open_room(http, sandbox, "table")).open(alice.id)

        state = await page.state()
        assert state["timeline"] == ids[-WINDOW_MESSAGES:], CHANGED
        assert state["history"]["hasBefore"], CHANGED
        assert [row["id"] for row in state["messageIndex"]] == ids[-INDEX_MESSAGES:], CHANGED

        await page.act("history", direction="older")
        step = WINDOW_MESSAGES // 2
        assert (await page.state())["timeline"] == ids[-WINDOW_MESSAGES - step : -step], CHANGED

        await page.act("focus", target_id=ids[3])
        assert ids[3] in (await page.state())["timeline"], CHANGED

        # A search still reads the whole channel.
        await page.act("browse_messages", query="coffee", filter="all", cursor=None)
        found = [row["id"] for row in (await page.state())["messageIndex"]]
        assert found and any(row not in ids[-INDEX_MESSAGES:] for row in found), CHANGED


async def test_the_python_presentation_shows_one_message(settings: Settings) -> None:
    async with Sandbox(settings, players=3, port=0, tick=False) as sandbox:
        await started_fantasy_business(sandbox)
        await sandbox.rooms.open("table")
        shown = await sandbox.rooms.preview("table").snapshot()
        assert len(shown["timeline"]) == 1, CHANGED


async def test_previews_side_by_side_each_report_their_own_actions(settings: Settings) -> None:
    """`Env._preview` holds the group; a plain message is reported dispatched in each room."""
    async with (
        Sandbox(settings, players=2, port=0, tick=False) as sandbox,
        aiohttp.ClientSession() as http,
    ):
        alice = sandbox.world.players[0]
        table = await PreviewPage(http, await open_room(http, sandbox, "table")).open(alice.id)
        dm = await PreviewPage(http, await open_room(http, sandbox, "dm-alice")).open()
        for page in (table, dm, table):
            result = await page.act("send_message", content="hello")
            assert result["settlement"] == "settled" and result["dispatch"] == "dispatched", CHANGED


@pytest.mark.parametrize("kind", sorted(REPUBLISHES_EVERY_PAGE))
async def test_after_these_actions_simcord_has_republished_every_page(
    settings: Settings, kind: str
) -> None:
    async with (
        Sandbox(settings, players=2, port=0, tick=False) as sandbox,
        aiohttp.ClientSession() as http,
    ):
        world = sandbox.world
        alice = world.players[0]
        url = await open_room(http, sandbox, "table")
        acting = await PreviewPage(http, url).open(alice.id)
        other = await PreviewPage(http, url).open(alice.id)
        own = await alice.send(world.table, "a line to edit or delete")
        # The room server refreshes nothing for these: what the other page shows, simcord
        # published when the action ended.
        before = (await other.state())["publishedRevision"]
        if kind == "run_command":
            await acting.run("rules")
        elif kind == "send_message":
            await acting.act(kind, content="hello")
        elif kind == "edit_message":
            await acting.act(kind, target_id=str(own.id), content="edited")
        else:
            await acting.act(kind, target_id=str(own.id), confirmed=True)
        after = await other.state()
        assert after["publishedRevision"] > before, CHANGED
        newest = world.table.history(viewer=alice)[-1]
        assert after["timeline"][-1] == str(newest.id), CHANGED
        if kind == "edit_message":
            assert after["messages"][str(own.id)]["content"] == "edited", CHANGED


async def test_recorded_events_name_the_channels_a_command_touched(settings: Settings) -> None:
    async with Sandbox(settings, players=4, port=0, tick=False) as sandbox:
        world, env = sandbox.world, sandbox.env
        alice, _bob, carol, dave = world.players
        await started_fantasy_business(sandbox)

        since = events_so_far(env)
        await alice.slash(world.table, "game replace", old=carol, new=dave)
        touched = channels_touched(env, since, events_so_far(env))
        assert touched == {world.table.id, dave.user.dm_channel.id}, CHANGED

        since = events_so_far(env)
        await alice.slash(world.table, "rules")  # answered to alice only
        assert channels_touched(env, since, events_so_far(env)) == {world.table.id}, CHANGED
        assert channels_touched(env, since, since) == set()
