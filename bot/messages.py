"""What the service asks to be said, by audience, before any Discord call is made.

Keeping messages as plain data lets the service and the renderers be tested without a
Discord connection, and lets one delivery function enforce the conventions: refusals are
ephemeral and start with ❌, public messages go to the game's channel, private ones to
their owner's DMs with an in-channel fallback that reveals nothing.
"""

import base64
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

import discord

from bot.i18n import known

REFUSAL_MARK = "❌"
UNCONFIRMED_MARK = "❔"
"""An answer that can say neither yes nor no: the bot could not confirm the outcome."""

ButtonStyle = Literal["primary", "secondary", "success", "danger"]


@dataclass(frozen=True)
class ButtonSpec:
    """A button whose custom id routes the click to a cog handler (see bot.buttons)."""

    label: str
    route: str
    game_id: int
    arg: str = ""
    style: ButtonStyle = "secondary"
    disabled: bool = False
    row: int | None = None


@dataclass(frozen=True)
class SelectOption:
    """One choice of a select menu: what it shows and the value its handler receives."""

    label: str
    value: str
    description: str = ""


@dataclass(frozen=True)
class SelectSpec:
    """A select menu routed like a button (custom id `sfs:<route>:<game>:<arg>`): the
    handler receives the values chosen. Plain data, so it is stored in the outbox with
    its message and drawn again after a restart."""

    route: str
    game_id: int
    options: tuple[SelectOption, ...]
    arg: str = ""
    placeholder: str = ""
    row: int | None = None
    min_values: int = 1
    max_values: int = 1
    disabled: bool = False

    def stored(self) -> dict[str, Any]:
        return {**asdict(self), "options": [asdict(option) for option in self.options]}

    @classmethod
    def from_stored(cls, stored: dict[str, Any]) -> "SelectSpec":
        options = tuple(SelectOption(**option) for option in stored.get("options", []))
        return cls(**{**stored, "options": options})


@dataclass(frozen=True)
class Picture:
    """How to draw a picture: the name of its drawer (bot.render.pictures) and the
    arguments it draws from, as JSON. Why not drawn bytes or a function: a message owed to
    Discord is stored with the command's transaction (the outbox) and may be sent later,
    by another process; drawing is slow and belongs after the commit, off the event loop."""

    drawer: str
    args: dict[str, Any]

    def stored(self) -> dict[str, Any]:
        """As JSON, without copying: `args` is JSON already, and a board's view is large
        enough that `asdict`'s deep copy cost more than the rest of storing a move."""
        return {"drawer": self.drawer, "args": self.args}


@dataclass(frozen=True)
class Attachment:
    """A file for a message: its bytes, or the picture to draw at delivery."""

    filename: str
    data: bytes = b""
    picture: Picture | None = None


@dataclass
class Message:
    content: str = ""
    embeds: list[discord.Embed] = field(default_factory=list)
    files: list[Attachment] = field(default_factory=list)
    buttons: list[ButtonSpec] = field(default_factory=list)
    selects: list[SelectSpec] = field(default_factory=list)
    """Select menus, each on a row of its own below the buttons."""
    mentions: list[int] = field(default_factory=list)
    """User ids this message may ping; every other mention is rendered silently."""

    def stored(self) -> dict[str, Any]:
        """The message as JSON, to be kept in the outbox until Discord has it."""
        files = [
            {"filename": f.filename, "picture": f.picture.stored()}
            if f.picture is not None
            else {"filename": f.filename, "data": base64.b64encode(f.data).decode()}
            for f in self.files
        ]
        return {
            "content": self.content,
            "embeds": [embed.to_dict() for embed in self.embeds],
            "files": files,
            "buttons": [asdict(button) for button in self.buttons],
            "selects": [select.stored() for select in self.selects],
            "mentions": list(self.mentions),
        }

    @classmethod
    def from_stored(cls, stored: dict[str, Any]) -> "Message":
        files = [
            Attachment(f["filename"], picture=Picture(**f["picture"]))
            if "picture" in f
            else Attachment(f["filename"], data=base64.b64decode(f["data"]))
            for f in stored.get("files", [])
        ]
        return cls(
            content=stored.get("content", ""),
            embeds=[discord.Embed.from_dict(embed) for embed in stored.get("embeds", [])],
            files=files,
            buttons=[ButtonSpec(**button) for button in stored.get("buttons", [])],
            selects=[SelectSpec.from_stored(select) for select in stored.get("selects", [])],
            mentions=[int(user) for user in stored.get("mentions", [])],
        )


@dataclass
class Private:
    """A message for one user's eyes, sent by DM."""

    user_id: int
    message: Message
    fallback: str = "`/game status`"
    """The in-channel private command to point to when the DM cannot be delivered."""


TABLE = "table"
"""The slot of a game step's table message in the game's channel."""


@dataclass
class Live:
    """A message kept up to date in place rather than posted again: the table message of
    the current step in the game's channel (`user_id` 0), or a player's price sheet or
    hand in their DMs.

    `step` names what the message shows; while it stays the same the message is edited,
    when it changes the old one is closed (its buttons removed, `closing` said) and a new
    one is posted. `step` None closes it with nothing after it (the game ended).
    """

    game_id: int
    slot: str
    version: int
    """The game version it was drawn from: a late, older update never wins."""
    step: str | None
    message: Message | None
    user_id: int = 0
    closing: str = ""
    fallback: str = "`/game status`"
    """For a DM: the private command to point to when it cannot be delivered."""
    draw: Callable[[], Message] | None = None
    """Draws `message` when it is left to be drawn at delivery (a step's table message):
    of a burst's states only the one shown is drawn, outside the command's transaction."""

    @property
    def closes(self) -> bool:
        """Nothing to show any more: the message is closed, nothing posted after it."""
        return self.step is None or (self.message is None and self.draw is None)

    def drawn(self) -> Message | None:
        """The message to show (drawn now, once, if it was left to be drawn)."""
        if self.message is None and self.draw is not None:
            self.message, self.draw = self.draw(), None
        return self.message


@dataclass
class Outcome:
    reply: Message | None = None
    """Ephemeral answer to the person who acted (refusals, private confirmations)."""
    lines: list[str] = field(default_factory=list)
    """Short lines telling what happened (a presenter's part; the service turns them into
    the one public message of a move, with whose turn it is)."""
    public: list[Message] = field(default_factory=list)
    """Messages for the game's channel, in order."""
    private: list[Private] = field(default_factory=list)
    live: list[Live] = field(default_factory=list)
    """Messages to bring up to date in place, after `public`."""
    accepted: bool = True
    channel_id: int | None = None
    """The game's channel, when the outcome belongs to a game (where `public` goes)."""
    ai_due: int | None = None
    """A game left waiting on an AI seat that the runner plays after this command."""
    owed: bool = False
    """What it owes Discord (`public`, `private`, `live`) is in the outbox, written with
    the command's transaction: the edge's courier delivers it (bot.edge.courier)."""
    held: int | None = None
    """The outbox row of the first public message, held for the interaction's answer
    (which carries it, or hands it back to the courier)."""

    def merge(self, other: "Outcome") -> None:
        """Append another outcome's messages (used when one call makes several moves)."""
        if other.reply is not None:
            self.reply = other.reply
        self.lines.extend(other.lines)
        self.public.extend(other.public)
        self.private.extend(other.private)
        self.live.extend(other.live)
        self.accepted = self.accepted and other.accepted
        if other.channel_id is not None:
            self.channel_id = other.channel_id
        if other.ai_due is not None:
            self.ai_due = other.ai_due

    @classmethod
    def refusal(cls, reason: str) -> "Outcome":
        """A refusal; `reason` may be a marked constant (`N_`), translated here."""
        return cls(reply=Message(content=f"{REFUSAL_MARK} {known(reason)}"), accepted=False)

    @classmethod
    def unconfirmed(cls, reason: str) -> "Outcome":
        """An outcome the bot could not confirm (not a refusal: it may have counted)."""
        return cls(reply=Message(content=f"{UNCONFIRMED_MARK} {known(reason)}"), accepted=False)

    @classmethod
    def again(cls, answer: str) -> "Outcome":
        """A command that already counted, arriving again: its actor is told what they
        were told the first time, and nothing is said or changed anew."""
        return cls(reply=Message(content=answer))

    @classmethod
    def say(cls, text: str, *, mentions: list[int] | None = None) -> "Outcome":
        return cls(public=[Message(content=text, mentions=mentions or [])])

    @classmethod
    def tell(cls, text: str) -> "Outcome":
        return cls(reply=Message(content=text))


class Activity:
    """How many messages each channel has seen since its table message was posted.

    Counted from gateway events (message ids grow with time, so a message counts when
    its id is above the table message's); after a restart a channel starts at zero.
    """

    def __init__(self) -> None:
        self._since: dict[int, tuple[int, int]] = {}

    def posted(self, channel_id: int, message_id: int) -> None:
        self._since[channel_id] = (message_id, 0)

    def seen(self, channel_id: int, message_id: int) -> None:
        known = self._since.get(channel_id)
        if known is not None and message_id > known[0]:
            self._since[channel_id] = (known[0], known[1] + 1)

    def reached(self, channel_id: int, count: int) -> int | None:
        """The channel's table message, when the message just seen was the `count`th
        below it (once: the next ones are past it)."""
        known = self._since.get(channel_id)
        return known[0] if known is not None and known[1] == count else None

    def count(self, channel_id: int, message_id: int) -> int:
        known = self._since.get(channel_id)
        return known[1] if known is not None and known[0] == message_id else 0
