"""The whole board picture: its height from the legend's lines, then its parts in order."""

from typing import Any

from bot.i18n import ENGLISH, speaking
from bot.messages import Picture
from bot.render.fg_board.canvas import BoardDrawing, Canvas
from bot.render.fg_board.legend import (
    draw_legend,
    flow,
    legend_height,
    legend_items,
    legend_top,
)
from bot.render.fg_board.players import draw_players
from bot.render.fg_board.stalls import draw_axis as draw_market_axis
from bot.render.fg_board.stalls import draw_stalls
from bot.render.fg_board.title import draw_title
from bot.render.fg_board.track import draw_axis as draw_track_axis
from bot.render.fg_board.track import draw_location
from rules.fagins_gang import FaginView


def draw_board(view: FaginView, names: list[str], language: str = ENGLISH) -> BoardDrawing:
    """The board drawn, with a record of its texts, glyphs and legend; its words in
    `language`."""
    with speaking(language):
        rows = flow(legend_items(view, names))
        top = legend_top(view)
        canvas = Canvas(top + legend_height(rows))
        draw_title(canvas, view, names)
        draw_track_axis(canvas)
        draw_market_axis(canvas)
        for index, location in enumerate(view.locations):
            draw_location(canvas, index, location)
        draw_stalls(canvas, view)
        draw_players(canvas, view, names)
        draw_legend(canvas, rows, top)
        return canvas.drawing


def render_board(view: FaginView, names: list[str], language: str = ENGLISH) -> bytes:
    """The board as PNG bytes; `names` are the seats' display names in seat order."""
    return draw_board(view, names, language).png()


BOARD = "fagins-gang-board"
"""The drawer of the board's picture (bot.render.pictures)."""


def board_picture(view: FaginView, names: list[str], language: str) -> Picture:
    """The board as a recipe: drawn at delivery from this public view (bot.messages)."""
    return Picture(
        BOARD, {"view": view.model_dump(mode="json"), "names": names, "language": language}
    )


def draw_picture(args: dict[str, Any]) -> bytes:
    """The board drawn from its recipe (see `board_picture`)."""
    view = FaginView.model_validate(args["view"])
    return render_board(view, list(args["names"]), str(args["language"]))
