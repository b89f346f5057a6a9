"""The command sync Discord would accept: the whole tree the bot uploads, in every
language, within Discord's published request schema and the limits of its docs.

Real Discord refuses the whole bulk update with a 400 when one localised description is
one character too long, and a new install then has no slash commands at all; the
simulated Discord does not check, so these tests do.
"""

import logging
from typing import Any

import pytest

from bot.edge.sync import refusal_line
from bot.settings import Settings
from tests.discord.faults import Faults
from tests.discord.harness import world
from tests.discord.payloads import command_problems, request_problems, schema_problems

BULK = "PUT /applications/{application_id}/commands"


async def _synced(settings: Settings) -> list[dict[str, Any]]:
    """The commands the real bot uploads at its first start, as Discord receives them."""
    async with world(settings, 1) as w:
        puts = [
            entry
            for entry in w.env.http_requests
            if entry.method == "PUT" and entry.path.endswith("/commands")
        ]
        assert len(puts) == 1, [entry.path for entry in puts]
        body: list[dict[str, Any]] = puts[0].json
        return body


async def test_every_command_in_every_language_fits_discords_limits(settings: Settings) -> None:
    commands = await _synced(settings)
    assert {command["name"] for command in commands} >= {"game", "bid", "move", "rules"}
    # The German names and descriptions are in it: this checks every localisation.
    game = next(command for command in commands if command["name"] == "game")
    assert game["name_localizations"] == {"de": "spiel"}
    problems = schema_problems(BULK, commands)
    for command in commands:
        problems += command_problems(command)
    assert problems == [], "\n".join(problems)


def test_the_checks_find_what_discord_would_refuse() -> None:
    """The checker itself can fail: the 104-character German description that once went
    out, a name with a capital and a space, too many choices, a choice name too long."""
    long_german = (
        "Fagin's Gang: Ende nach so vielen Runden (1–200; es gewinnt, wer die meisten "
        "Gassenjungen bei Fagin hat)"
    )
    assert len(long_german) == 104
    command = {
        "name": "game",
        "description": "Play a board game here",
        "type": 1,
        "options": [
            {
                "type": 1,
                "name": "new",
                "description": "Open a table",
                "options": [
                    {
                        "type": 4,
                        "name": "round_limit",
                        "description": "Fagin's Gang: end after this many rounds",
                        "description_localizations": {"de": long_german},
                    },
                    {
                        "type": 3,
                        "name": "Bad Name",
                        "description": "x",
                        "choices": [{"name": str(n), "value": str(n)} for n in range(26)],
                    },
                    {
                        "type": 3,
                        "name": "article",
                        "description": "x",
                        "choices": [{"name": "y" * 101, "value": "y"}],
                    },
                ],
            }
        ],
    }
    found = command_problems(command)
    assert (
        "/game new round_limit: description_localizations.de is 104 characters "
        "(1 to 100 allowed)" in found
    )
    assert "/game new Bad Name: name 'Bad Name' is not a valid command name" in found
    assert "/game new Bad Name: 26 choices (at most 25)" in found
    assert any(line.startswith("/game new article choice 'y': name is 101") for line in found)
    # The published schema says the same about the description and the choices.
    schema = schema_problems(BULK, [command])
    assert any("description_localizations.de" in line for line in schema), schema
    assert request_problems("PUT", "/applications/1/commands", [command]) != []
    assert request_problems("GET", "/applications/1/commands", None) == []


async def test_a_refused_sync_is_one_error_line_naming_the_field(
    settings: Settings, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord's 400 for a bulk update names the field by its place in the upload
    ("3.options.0.options.4.description_localizations.de"); the operator reads it as the
    command it is, in one ERROR line, and the bot still starts (with the commands Discord
    already had). Nothing is stored as synced, so the next start tries again."""
    faults = Faults(monkeypatch)
    errors = {
        "_errors": [],
        "0": {
            "options": {
                "0": {
                    "options": {
                        "4": {
                            "description_localizations": {
                                "de": {
                                    "_errors": [
                                        {
                                            "code": "BASE_TYPE_MAX_LENGTH",
                                            "message": "Must be 100 or fewer in length.",
                                        }
                                    ]
                                }
                            }
                        }
                    }
                }
            }
        },
    }
    del errors["_errors"]
    faults.fail(
        "PUT",
        "/applications/*/commands",
        status=400,
        code=50035,
        message="Invalid Form Body",
        errors=errors,
    )
    caplog.set_level(logging.INFO)
    async with world(settings, 1) as w:
        assert w.bot.sync_result == "refused"
        assert w.store.meta("command_tree_hash") is None
        refusals = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert len(refusals) == 1, [r.getMessage() for r in refusals]
        line = refusals[0].getMessage()
        assert "\n" not in line
        first = w.bot.tree.get_commands()[0]
        assert line.startswith(
            "Discord refused the slash command sync (HTTP 400, error code 50035)"
        )
        assert f"/{first.name} " in line and "description_localizations.de" in line
        assert "Must be 100 or fewer in length." in line
        assert refusals[0].exc_info is None  # no traceback: the line says it all
    # Without the fault the next start syncs.
    faults.clear()
    async with world(settings, 1) as w:
        assert w.bot.sync_result == "global"


def test_the_refusal_line_names_commands_options_and_plain_errors() -> None:
    payload = [
        {
            "name": "game",
            "options": [
                {"name": "new", "options": [{"name": "turns"}, {"name": "round_limit"}]},
            ],
        },
        {"name": "bid"},
    ]
    text = (
        "Invalid Form Body\n"
        "In 0.options.0.options.1.description_localizations.de: Must be 100 or fewer in length.\n"
        "In 1.name: Command name is invalid"
    )
    assert refusal_line(400, 50035, text, payload) == (
        "Discord refused the slash command sync (HTTP 400, error code 50035): "
        "/game new round_limit: description_localizations.de: Must be 100 or fewer in length.; "
        "/bid: name: Command name is invalid. No command changed on Discord; correct the "
        "field and restart the bot."
    )
    assert refusal_line(400, 30034, "Max number of daily application command creates", []) == (
        "Discord refused the slash command sync (HTTP 400, error code 30034): Max number of "
        "daily application command creates. No command changed on Discord; the next start "
        "tries again."
    )
