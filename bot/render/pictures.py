"""Drawing a message's pictures at delivery, from their recipes.

A message a command owes Discord is stored with the command's transaction (the outbox)
and sent when Discord takes it, maybe minutes later, maybe by the next process after a
restart. So a picture travels as a `Picture` (bot.messages): the name of its drawer and
the JSON it is drawn from — the public view and names for the Fagin's Gang board
(bot.render.fg_board), a game's public series for its chart (bot.render.charts) — and is
drawn here, off the event loop, at delivery, never inside the transaction.
"""

from collections.abc import Callable
from typing import Any

from bot.messages import Attachment
from bot.render import charts, fg_board

DRAWERS: dict[str, Callable[[dict[str, Any]], bytes]] = {
    charts.CHART: charts.draw_picture,
    fg_board.BOARD: fg_board.draw_picture,
}


def contents(attachment: Attachment) -> bytes:
    """The file's bytes: its data, or its picture drawn now (slow: call it off the loop)."""
    if attachment.picture is None:
        return attachment.data
    return DRAWERS[attachment.picture.drawer](attachment.picture.args)
