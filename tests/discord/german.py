"""Playing in German in the simulated server: German clients, German command names, and
a check that nothing English reaches a German reader.

simcord sends every interaction with the locale `en-US`; a German client sends `de`.
`german_clients` makes the chosen members' interactions carry `de` (and the server's
`guild_locale` German). Discord clients show a command under its German name and send
the command's one internal name; `german_path` does what the client does, from the
German names the bot synced (so it fails when a German name is missing or ambiguous).
"""

import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

import discord
import pytest
import simcord
from simcord import interactions

from bot.i18n import GERMAN
from bot.i18n.catalogs import read
from tests.discord.harness import World


@contextmanager
def german_clients(monkeypatch: pytest.MonkeyPatch, user_ids: set[int]) -> Iterator[None]:
    original = interactions.base_payload

    def payload(*args: Any, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        record, data = original(*args, **kwargs)
        if kwargs.get("user_id") in user_ids:
            data["locale"] = "de"
            if "guild_locale" in data:
                data["guild_locale"] = "de"
        return record, data

    monkeypatch.setattr(interactions, "base_payload", payload)
    yield


def german_path(w: World, member: simcord.MemberActor, path: str) -> str:
    """The internal path of the command a German client shows as `path` (German words)."""
    commands = w.env.backend.visible_commands(user_id=member.id, channel_id=w.channel.id)
    words = path.split()
    for command in commands:
        found = _walk(command, words)
        if found is not None:
            return " ".join(found)
    raise AssertionError(f"no command is called /{path} in German")


def _walk(node: Any, words: list[str]) -> list[str] | None:
    localized = (_get(node, "name_localizations") or {}).get("de")
    name = _get(node, "name")
    if words[0] not in {localized, name}:
        return None
    if len(words) == 1:
        return [str(name)]
    for option in _get(node, "options") or []:
        if _get(option, "type") in (1, 2):  # a subcommand or a group
            below = _walk(option, words[1:])
            if below is not None:
                return [str(name), *below]
    return None


def _get(node: Any, key: str) -> Any:
    return node.get(key) if isinstance(node, dict) else getattr(node, key, None)


# -- no English for a German reader ---------------------------------------------------------

ENGLISH_WORDS = re.compile(
    r"\b(the|you|your|is|are|and|to|of|with|has|have|this|that|turn|players?|game|"
    r"wins?|cannot|it|for|from|now|here)\b",
    re.IGNORECASE,
)
"""English function words (and a few game words) that German never uses as words."""
ALLOWED = re.compile(r"<[@#:][^>]*>|https?://\S+|`[^`]*`|\*\*[^*]*\*\*")
"""Mentions, stamps, links, code (commands are typed as the bot names them) and bold
names (players' names are theirs)."""


PROPER_NAMES = r"\{[^}]*\}|[*_`]+|Fantasy Business|Fagin's Gang|Smithfield Market|Fagin"
"""Split sentences at placeholders, markup and the games' proper names (German keeps
them), so a fragment is English words only."""


@cache
def english_fragments() -> tuple[str, ...]:
    """Literal pieces of the English catalog's sentences, long enough to be telling."""
    pieces: set[str] = set()
    for message in read(GERMAN):
        if not message.id or message.context:
            continue
        texts = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if set(texts) & set(strings):
            continue  # the same in German (a name, an emoji line)
        for text in texts:
            for piece in re.split(PROPER_NAMES, str(text)):
                piece = piece.strip(" .,:;!?()—-\n")
                if len(piece.split()) >= 3:
                    pieces.add(piece)
    return tuple(sorted(pieces, key=len, reverse=True))


def english_in(text: str, names: list[str] = ()) -> list[str]:  # type: ignore[assignment]
    """English found in a German text: catalog sentences, or English function words."""
    found = [piece for piece in english_fragments() if piece in text]
    bare = ALLOWED.sub(" ", text)
    for name in names:
        bare = bare.replace(name, " ")
    found += [match.group(0) for match in ENGLISH_WORDS.finditer(bare)]
    return found


def texts_of(message: discord.Message) -> list[str]:
    """Every text a reader sees in a message: content, embeds, buttons."""
    found = [message.content or ""]
    for embed in message.embeds:
        found += [embed.title or "", embed.description or "", embed.footer.text or ""]
        found += [f"{item.name}\n{item.value}" for item in embed.fields]
        if embed.author and embed.author.name:
            found.append(embed.author.name)
    found += button_labels(message)
    return [text for text in found if text]


def button_labels(message: Any) -> list[str]:
    """The labels (and select placeholders) of a message's components: a channel
    message's component objects, or a private answer's component dicts."""
    found = []
    for row in message.components:
        items = row.get("components", []) if isinstance(row, dict) else getattr(row, "children", [])
        for item in items:
            if isinstance(item, dict):
                label = item.get("label") or item.get("placeholder")
            else:
                label = getattr(item, "label", None) or getattr(item, "placeholder", None)
            if label:
                found.append(str(label))
    return found
