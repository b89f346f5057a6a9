"""The whole board picture: its height from the players' table, then its parts in order."""

from typing import Any

from bot.i18n import ENGLISH, speaking
from bot.messages import Picture
from bot.render.fg_board.canvas import BoardDrawing, Canvas
from bot.render.fg_board.layout import PLAYER_ROW, PLAYERS_HEADER, PLAYERS_TOP
from bot.render.fg_board.legend import legend_items
from bot.render.fg_board.players import draw_players
from bot.render.fg_board.stalls import draw_axis as draw_market_axis
from bot.render.fg_board.stalls import draw_stalls
from bot.render.fg_board.title import draw_title
from bot.render.fg_board.track import draw_axis as draw_track_axis
from bot.render.fg_board.track import draw_location
from rules.fagins_gang import FaginView

BOTTOM_MARGIN = 12


def draw_board(view: FaginView, names: list[str], language: str = ENGLISH) -> BoardDrawing:
    """The board drawn, with a record of its texts, glyphs and key; its words in
    `language`."""
    with speaking(language):
        height = PLAYERS_TOP + PLAYERS_HEADER + view.players * PLAYER_ROW + BOTTOM_MARGIN
        canvas = Canvas(height)
        draw_title(canvas, view, names)
        draw_track_axis(canvas)
        draw_market_axis(canvas)
        for index, location in enumerate(view.locations):
            draw_location(canvas, index, location)
        draw_stalls(canvas, view)
        draw_players(canvas, view, names)
        canvas.drawing.legend = [entry for entry, _mark in legend_items(view, names)]
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
