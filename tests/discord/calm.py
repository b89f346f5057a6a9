"""Reading a channel as a non-player does: what is new, what still has live buttons.

`Calm` is checked after every accepted action of the whole-game tests (issue: a calm
table): at most one message in the channel carries buttons that can still be pressed,
every message a newer step replaced carries none, and moves stay short.

A table message moved to the bottom (a screen up the channel, bot.edge.live) counts as
the one line its old copy shrank to: what the channel grew by, since the same table is
not new text to read.
"""

from dataclasses import dataclass, field
from typing import Any

import discord

from tests.discord.harness import World


def live_buttons(message: discord.Message) -> list[str]:
    """Labels of the buttons (placeholders of the menus) on a message that can still be
    used."""
    found = []
    for row in message.components:
        for item in getattr(row, "children", []):
            if isinstance(item, discord.Button) and not item.disabled:
                found.append(item.label or "")
            elif isinstance(item, discord.SelectMenu) and not item.disabled:
                found.append(item.placeholder or "")
    return found


def text_lines(message: discord.Message) -> int:
    """How many lines of text a reader goes through: content and every embed part."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or "", embed.footer.text or ""]
        for embed_field in embed.fields:
            parts += [embed_field.name or "", embed_field.value or ""]
    return sum(len(part.splitlines()) for part in parts if part)


@dataclass
class Calm:
    w: World
    channel: Any = None
    viewer: Any = None
    actions: int = 0
    new_lines: int = 0
    new_messages: int = 0
    seen: set[int] = field(default_factory=set)
    live_before: set[int] = field(default_factory=set)
    moved: int = 0
    worst: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.channel = self.channel or self.w.channel
        self.viewer = self.viewer or self.w.guild.add_member(self.w.env.create_user("onlooker"))
        self.seen = {m.id for m in self.history()}

    def history(self) -> list[discord.Message]:
        return list(self.channel.history(viewer=self.viewer))

    def check(self) -> None:
        """After one accepted action: one live message at most, short moves."""
        messages = self.history()
        live = [m for m in messages if live_buttons(m)]
        assert len(live) <= 1, [(m.content[:60], live_buttons(m)) for m in live]
        if live:
            # Only the newest table message may carry buttons: nothing after it replaced it.
            assert all(not live_buttons(m) for m in messages if m.id != live[0].id)
        fresh = [m for m in messages if m.id not in self.seen]
        self.seen |= {m.id for m in fresh}
        self.actions += 1
        self.new_messages += len(fresh)
        lines = sum(text_lines(m) for m in fresh)
        shrunk = [
            m
            for m in messages
            if m.id in self.live_before and not live_buttons(m) and m.content.startswith("⬇️")
        ]
        if shrunk and live and live[0] in fresh:
            self.moved += 1
            lines += 1 - text_lines(live[0])  # the old copy's one line, not the table again
        self.live_before = {m.id for m in live}
        self.new_lines += lines
        if lines > 12:
            self.worst.append("\n".join(m.content for m in fresh))

    @property
    def lines_per_action(self) -> float:
        return self.new_lines / max(1, self.actions)
