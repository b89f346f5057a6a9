"""What the bot sends Discord, checked against Discord's own published request schemas.

The simulated Discord accepts payloads real Discord refuses (a German description of 104
characters, say, which makes Discord reject the whole command sync with a 400). So the
tests check every request body the bot made against `spec/openapi_subset.json` (Discord's
official OpenAPI spec, see spec/README.md), and the limits the schema leaves to the docs
(`command_problems`). A problem is said with the field it is in, e.g.
"/game new round_limit: description_localizations.de is 104 characters (at most 100)".
"""

import fnmatch
import json
import unicodedata
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

SPEC = Path(__file__).parent / "spec" / "openapi_subset.json"

NAME_LIMIT = 32
TEXT_LIMIT = 100
"""Descriptions and choice names, in every language."""
MENUS = (2, 3)
"""User and message context menus: top-level commands without a description."""
MOST_OPTIONS = 25
MOST_CHOICES = 25
COMMAND_CHARACTERS = 8000
"""Names, descriptions and choice values of a command and all it holds; of localised
fields only the longest spelling counts (Discord's developer docs)."""


@cache
def _spec() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(SPEC.read_text(encoding="utf-8"))
    return loaded


@cache
def _validator(operation: str) -> Draft202012Validator:
    spec = _spec()
    schema = dict(spec["operations"][operation]["schema"])
    schema["components"] = {"schemas": spec["schemas"]}
    return Draft202012Validator(schema)


def operation_of(method: str, path: str) -> str | None:
    """The spec's operation ("POST /channels/{channel_id}/messages") a request is, if the
    subset has it."""
    for operation in _spec()["operations"]:
        verb, template = operation.split(" ", 1)
        if verb != method:
            continue
        pattern = "/".join(
            "*" if part.startswith("{") and part.endswith("}") else part
            for part in template.split("/")
        )
        if fnmatch.fnmatchcase(path, pattern) and path.count("/") == template.count("/"):
            return operation
    return None


def _deepest(error: ValidationError) -> Iterator[ValidationError]:
    """The errors that say what is wrong (a `oneOf` over option kinds fails as a whole;
    the kind the payload meant says why)."""
    if not error.context:
        yield error
        return
    meant = [e for e in error.context if e.validator not in ("enum", "const", "type")]
    for inner in meant or error.context:
        yield from _deepest(inner)


def schema_problems(operation: str, body: Any) -> list[str]:
    """Where `body` breaks the operation's request schema, one line each."""
    found: list[str] = []
    for error in _validator(operation).iter_errors(body):
        for inner in _deepest(error):
            where = ".".join(str(part) for part in inner.absolute_path) or "(body)"
            found.append(f"{operation}: {where}: {inner.message[:200]}")
    return sorted(set(found))


def _valid_name(name: str) -> bool:
    """Discord's command-name rule: 1-32 of letters, digits, `-` and `_`, lower case where
    the letter has cases."""
    if not 1 <= len(name) <= NAME_LIMIT or name != name.lower():
        return False
    return all(c in "-_" or unicodedata.category(c)[0] in "LN" for c in name)


def _spellings(item: dict[str, Any], key: str) -> dict[str, str]:
    """A field's default and its localisations, by language ("" for the default)."""
    spelled = {"": str(item.get(key) or "")}
    spelled.update(
        (locale, str(text)) for locale, text in (item.get(f"{key}_localizations") or {}).items()
    )
    return spelled


def _longest(item: dict[str, Any], key: str) -> int:
    return max(len(text) for text in _spellings(item, key).values())


def command_problems(command: dict[str, Any]) -> list[str]:
    """The limits of Discord's developer docs that the schema does not hold, for one
    command as the bulk sync sends it, with the command, option or choice they are in."""
    found: list[str] = []
    total = 0

    def walk(item: dict[str, Any], where: str, *, top: bool = False) -> None:
        nonlocal total
        for language, name in _spellings(item, "name").items():
            if not _valid_name(name):
                field = f"name_localizations.{language}" if language else "name"
                found.append(f"{where}: {field} {name!r} is not a valid command name")
        for language, text in _spellings(item, "description").items():
            field = f"description_localizations.{language}" if language else "description"
            if not 1 <= len(text) <= TEXT_LIMIT and not (top and item.get("type") in MENUS):
                found.append(
                    f"{where}: {field} is {len(text)} characters (1 to {TEXT_LIMIT} allowed)"
                )
        total += _longest(item, "name") + _longest(item, "description")
        options = item.get("options") or []
        if len(options) > MOST_OPTIONS:
            found.append(f"{where}: {len(options)} options (at most {MOST_OPTIONS})")
        choices = item.get("choices") or []
        if len(choices) > MOST_CHOICES:
            found.append(f"{where}: {len(choices)} choices (at most {MOST_CHOICES})")
        for choice in choices:
            for language, text in _spellings(choice, "name").items():
                field = f"name_localizations.{language}" if language else "name"
                if not 1 <= len(text) <= TEXT_LIMIT:
                    found.append(
                        f"{where} choice {choice.get('value')!r}: {field} is {len(text)} "
                        f"characters (1 to {TEXT_LIMIT} allowed)"
                    )
            total += _longest(choice, "name") + len(str(choice.get("value", "")))
        for option in options:
            walk(option, f"{where} {option.get('name')}")

    walk(command, f"/{command.get('name')}", top=True)
    if total > COMMAND_CHARACTERS:
        found.append(f"/{command.get('name')}: {total} characters (at most {COMMAND_CHARACTERS})")
    return found


SNOWFLAKE_FIELDS = frozenset(
    {"id", "users", "roles", "message_id", "channel_id", "guild_id", "recipient_id"}
)
"""Fields whose numbers are Discord ids. discord.py sends an id as a JSON number
(allowed mentions, attachments, replies, a DM's recipient), which Discord takes as well
as the string its schema names."""


def as_sent(value: Any, key: str = "") -> Any:
    """A request body with its ids as the schema's strings (see SNOWFLAKE_FIELDS)."""
    if isinstance(value, dict):
        return {name: as_sent(item, name) for name, item in value.items()}
    if isinstance(value, list):
        return [as_sent(item, key) for item in value]
    if key in SNOWFLAKE_FIELDS and isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value


def request_problems(method: str, path: str, body: Any) -> list[str]:
    """Every problem of one request the bot made (none for an operation the subset
    does not describe): against the operation's published schema, its buttons and menus
    row by row (`component_problems`, which also holds the five rows), and for commands
    the limits the docs add. (The limits of a message's text and embeds, which the schema
    leaves to the docs, the simulated Discord holds itself.)"""
    operation = operation_of(method, path)
    if operation is None or body is None:
        return []
    sent = as_sent(body)
    found = schema_problems(operation, sent) + component_problems(method, path, sent)
    if operation.startswith("PUT /applications/"):
        for command in sent or []:
            found += command_problems(command)
    return found


ROWS = 5
"""Action rows a message may have (Discord's docs; the schema does not say)."""


@cache
def _component_validator() -> Draft202012Validator:
    spec = _spec()
    schema = {
        "$ref": "#/components/schemas/ActionRowComponentForMessageRequest",
        "components": {"schemas": spec["schemas"]},
    }
    return Draft202012Validator(schema)


def component_problems(method: str, path: str, body: Any) -> list[str]:
    """Every problem of the buttons and select menus of one request (a message, an
    edit, an interaction's answer), against the published schema of an action row,
    and the five rows a message may have."""
    if operation_of(method, path) is None or not isinstance(body, dict) or body.get("type") == 9:
        return []  # a modal's components are labels and text inputs, not action rows
    data = body.get("data") if isinstance(body.get("data"), dict) else body
    rows = data.get("components") or [] if isinstance(data, dict) else []
    found = []
    if len(rows) > ROWS:
        found.append(f"{method} {path}: {len(rows)} action rows (at most {ROWS})")
    for index, row in enumerate(rows):
        for error in _component_validator().iter_errors(row):
            for deepest in _deepest(error):
                where = ".".join(str(part) for part in deepest.absolute_path)
                found.append(f"{method} {path}: components.{index}.{where}: {deepest.message}")
    return found
