"""Smithfield Market under the board: under each column, the stall of its colour with its
spaces and count, the price of its goods, and its warehouse."""

from bot.render.fg_board.canvas import Canvas
from bot.render.fg_board.layout import (
    AXIS,
    BIG_NUMBER,
    COLUMN,
    CUBE,
    FAINT,
    GOODS,
    LINE,
    MARGIN,
    MARKET_TOP,
    NUMBER,
    PRICE_HEIGHT,
    STALL_HEIGHT,
    STORE_HEIGHT,
    WHITE,
    WORDS,
    column_left,
    mix,
    stall_space,
)
from bot.render.fg_board.words import _
from rules.fagins_gang import FaginView


def draw_axis(canvas: Canvas) -> None:
    """The market's row names (stall, price, store), once, left of the columns."""
    canvas.part = "market"
    middle = MARGIN + AXIS // 2 - 2
    rows = (
        (_("stall"), MARKET_TOP, STALL_HEIGHT),
        (_("price"), MARKET_TOP + STALL_HEIGHT, PRICE_HEIGHT),
        (_("store"), MARKET_TOP + STALL_HEIGHT + PRICE_HEIGHT, STORE_HEIGHT),
    )
    for name, top, height in rows:
        canvas.text((middle, top + height // 2), name, WORDS, FAINT, "mm")


def draw_stalls(canvas: Canvas, view: FaginView) -> None:
    """Under each column, the stall of its colour: spaces, count, price, warehouse."""
    canvas.part = "market"
    for index, stall in enumerate(view.stalls):
        left = column_left(index)
        right = left + COLUMN
        centre = left + COLUMN // 2
        colour = GOODS[stall.colour]
        tint = mix(colour, WHITE, 0.84)
        bottom = MARKET_TOP + STALL_HEIGHT + PRICE_HEIGHT + STORE_HEIGHT
        canvas.draw.rectangle((left + 2, MARKET_TOP, right - 2, bottom), fill=tint, outline=LINE)
        canvas.draw.rectangle(
            (left + 2, MARKET_TOP + STALL_HEIGHT, right - 2, bottom - STORE_HEIGHT),
            fill=mix(colour, WHITE, 0.6),
        )
        for space in range(stall.capacity):
            x, y = stall_space(index, space)
            filled = stall.colour if space < stall.count else None
            canvas.square((x - CUBE // 2, y - CUBE // 2), CUBE, filled)
        canvas.text(
            (right - 8, MARKET_TOP + STALL_HEIGHT // 2),
            str(stall.count),
            BIG_NUMBER,
            anchor="rm",
            bold=True,
        )
        canvas.text(
            (centre, MARKET_TOP + STALL_HEIGHT + PRICE_HEIGHT // 2),
            f"{stall.price}s",
            BIG_NUMBER,
            anchor="mm",
            bold=True,
        )
        canvas.text((centre, bottom - STORE_HEIGHT // 2), str(stall.warehouse), NUMBER, anchor="mm")
