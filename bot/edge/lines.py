"""Public lines, batched: the lines a channel is owed go out in as few messages as fit.

Discord lets a bot post about five messages per channel in five seconds; a burst of
moves that each posted its line would fall further and further behind. So the courier
(bot.edge.courier) joins the lines owed to a channel into as few messages as Discord's
limits allow (2,000 characters of text, ten embeds, 6,000 characters of embeds), in
order, each move still its own line, every ping kept. A rich message (embeds, files or
buttons: a reveal, a summary with its picture) goes alone.

After a long outage the lines owed are many and old: they go out as one catch-up
message, the newest lines that fit, pinging only whom the newest line pings (who must
act now), instead of a flood.
"""

from bot.i18n import _, n_
from bot.limits import CONTENT, EMBED_TOTAL, EMBEDS, fit
from bot.messages import Message


def _embed_size(message: Message) -> int:
    return sum(len(embed) for embed in message.embeds)


def _joinable(message: Message) -> bool:
    """Plain lines only: a message with embeds (a reveal, a summary), files or buttons is
    a message of its own."""
    return not message.files and not message.buttons and not message.selects and not message.embeds


def joined(messages: list[Message]) -> list[list[int]]:
    """The messages (by index) that go out together, in order: consecutive messages
    without files or buttons, as many as fit in one message (each fitted to Discord's
    limits first)."""
    messages = [fit(message) for message in messages]
    groups: list[list[int]] = []
    text = embeds = size = 0
    for index, message in enumerate(messages):
        length = len(message.content or "")
        count, weight = len(message.embeds), _embed_size(message)
        last = groups[-1] if groups else None
        fits = (
            last is not None
            and _joinable(messages[last[-1]])
            and _joinable(message)
            and text + 1 + length <= CONTENT
            and embeds + count <= EMBEDS
            and size + weight <= EMBED_TOTAL
        )
        if fits and last is not None:
            last.append(index)
            text += (1 if text and length else 0) + length
            embeds += count
            size += weight
        else:
            groups.append([index])
            text, embeds, size = length, count, weight
    return groups


def combined(messages: list[Message]) -> Message:
    """One message saying `messages` in order: their lines, embeds and pings."""
    if len(messages) == 1:
        return fit(messages[0])
    content = "\n".join(m.content for m in messages if m.content)
    mentions: list[int] = []
    for message in messages:
        mentions += [user for user in message.mentions if user not in mentions]
    return fit(
        Message(
            content=content,
            embeds=[embed for m in messages for embed in m.embeds],
            mentions=mentions,
        )
    )


def catch_up(messages: list[Message]) -> Message:
    """Many old lines as one message (in the language being spoken): the newest that fit
    under a heading, the rest pointed to; only the newest line's pings ring."""
    lines = [line for message in messages for line in (message.content or "").splitlines()]
    heading = _("📬 Catching up — Discord kept these from me for a while:")
    kept: list[str] = []
    room = CONTENT - len(heading) - 80
    for line in reversed(lines):
        if len(line) + 1 > room:
            break
        kept.insert(0, line)
        room -= len(line) + 1
    left = len(lines) - len(kept)
    parts = [heading]
    if left:
        parts.append(
            n_(
                "*(1 earlier line left out: `/game log` has it)*",
                "*({count} earlier lines left out: `/game log` has them)*",
                left,
            ).format(count=left)
        )
    parts += kept
    return fit(Message(content="\n".join(parts), mentions=list(messages[-1].mentions)))
