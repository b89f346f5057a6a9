"""Asking `/hint` on Discord and playing what it says, through the real commands."""

from typing import Any

import simcord

from bot.render.coach.typed import SPAN, read_back
from tests.discord.harness import World

NUMBERS = {"amount", "card", "price", "gold"}


def hinted_command(reply: str) -> str:
    """The command a hint reply says to type (its first quoted slash command)."""
    found = SPAN.search(reply)
    assert found is not None, reply
    return found.group(1)


def as_slash(w: World, command: str) -> tuple[str, dict[str, Any]]:
    """The command's name and options as simcord takes them, typed values as written."""
    path, options = read_back(f"`{command}`")
    return path, {name: _value(w, name, value) for name, value in options.items()}


def _value(w: World, name: str, value: str) -> Any:
    if value.startswith("@"):
        return next(p for p in w.players if p.user.name == value[1:])
    if name in NUMBERS and value.isdigit():
        return int(value)
    return value


async def hint_and_play(
    w: World, member: simcord.MemberActor
) -> tuple[str, simcord.InteractionResult]:
    """`member` asks for a hint and types the command it gives; returns the command and
    the command's result (which must not be a refusal)."""
    asked = await member.slash(w.channel, "hint")
    assert asked.ephemeral, asked.response.content
    reply = asked.response.content or ""
    assert reply.startswith("💡"), reply
    command = hinted_command(reply)
    path, options = as_slash(w, command)
    done = await member.slash(w.channel, path, **options)
    content = done.response.content if done.response is not None else ""
    assert not (content or "").startswith("❌"), f"{command} was refused: {content}"
    return command, done
