"""The command list of a German sandbox's page in German, as a German Discord client
shows it.

Discord shows each person the command, option and choice names in their client's
language (`name_localizations`); simcord's page lists the names the bot registered,
which are the English ones. A German table then tells its players to type
`/spiel beitreten` while the page only offers `/game join`. While a German sandbox runs,
the page's catalog shows the German names and descriptions; what the page sends back
(the command's path and its options by name) is put back into the registered names
before simcord reads it, so the command that runs is exactly the one a German client's
interaction names.
"""

import contextlib
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from simcord.preview import _commands

LANGUAGE = "de"


def _local(item: Mapping[str, Any], key: str) -> str:
    names = item.get(f"{key}_localizations") or {}
    return str(names.get(LANGUAGE) or item.get(key, ""))


def _nodes(command: Mapping[str, Any], path: Sequence[str]) -> list[Mapping[str, Any]]:
    """The command, group and subcommand dicts along `path` (registered names)."""
    nodes = [command]
    for part in path[1:]:
        children = nodes[-1].get("options") or []
        nodes.append(next(o for o in children if o.get("name") == part))
    return nodes


def localized_entry(
    entry: dict[str, Any], command: Mapping[str, Any], leaf: Mapping[str, Any]
) -> dict[str, Any]:
    """A catalog entry as a German client lists it; `path`, the key and the fingerprint
    stay the registered ones (the page sends them back to name the command)."""
    nodes = _nodes(command, entry["path"])
    entry["invocation"] = " ".join(_local(node, "name") for node in nodes)
    entry["description"] = _local(leaf, "description")
    registered = {o.get("name"): o for o in leaf.get("options") or []}
    for option in entry["options"]:
        source = registered.get(option["name"], {})
        option["name"] = _local(source, "name")
        option["description"] = _local(source, "description")
        choices = {c.get("value"): c for c in source.get("choices") or []}
        for choice in option["choices"]:
            choice["name"] = _local(choices.get(choice["value"], choice), "name")
    return entry


def registered_options(leaf: Mapping[str, Any], body: dict[str, Any]) -> dict[str, Any]:
    """A page's command action with its option names (and the focused one) put back
    into the registered names."""
    english = {_local(o, "name"): str(o.get("name")) for o in leaf.get("options") or []}
    options = body.get("options")
    if isinstance(options, dict):
        body["options"] = {english.get(name, name): value for name, value in options.items()}
    focused = body.get("focused")
    if isinstance(focused, str):
        body["focused"] = english.get(focused, focused)
    return body


@contextlib.contextmanager
def german_command_names() -> Iterator[None]:
    """The page's catalog in German while the block runs (simcord's own module; only
    the catalog a page is shown, never the entries simcord dispatches with)."""
    original = _commands.build_catalog

    def build_catalog(preview: Any, page: Any) -> dict[str, Any]:
        catalog = original(preview, page)
        commands = preview.env.backend.visible_commands(
            user_id=page.viewer.id, channel_id=page.channel_id
        )
        for entry in catalog.get("entries", []):
            leaf = leaf_of(commands, {"command_id": entry["commandId"], "path": entry["path"]})
            command = next(c for c in commands if str(c.get("id")) == entry["commandId"])
            if leaf is not None:
                localized_entry(entry, command, leaf)
        return catalog

    _commands.build_catalog = build_catalog
    try:
        yield
    finally:
        _commands.build_catalog = original


def leaf_of(commands: Sequence[Mapping[str, Any]], body: Mapping[str, Any]) -> Any:
    """The registered subcommand a page's command action names (None: not one)."""
    command = next((c for c in commands if str(c.get("id")) == str(body.get("command_id"))), None)
    path = body.get("path")
    if command is None or not isinstance(path, list) or not path:
        return None
    try:
        return _nodes(command, path)[-1]
    except StopIteration:
        return None
