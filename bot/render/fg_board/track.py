"""The board's columns: each location's header, its Fagin space, and its track of levels
with what each level yields, the urchins on it and the constable walking it."""

import math

from bot.render.fg_board.canvas import FAGIN, Canvas
from bot.render.fg_board.layout import (
    AXIS,
    BIG_NUMBER,
    COLUMN,
    CONSTABLE_RADIUS,
    CUBE,
    CUBE_GAP,
    FAGIN_HEIGHT,
    FAGIN_RADIUS,
    FAGIN_SPACE,
    FAGIN_TOP,
    FAINT,
    GOODS,
    HEADER_HEIGHT,
    HEADER_TOP,
    INK,
    LINE,
    MARGIN,
    MOST_GOODS,
    NUMBER,
    PIECE,
    ROW,
    URCHIN_RADIUS,
    WHITE,
    WORDS,
    column_left,
    constable_centre,
    fagin_centre,
    level_top,
    mix,
    text_on,
    urchin_centre,
)
from bot.render.fg_board.words import _, fit, term, wrap
from rules.fagins_gang import BOARD
from rules.fagins_gang.views import LocationView


def draw_axis(canvas: Canvas) -> None:
    """The Fagin row's name, the level numbers and the shillings each level yields (the
    same at every location; the bottom level's purse is each location's own), once,
    left of the columns."""
    canvas.part = "board"
    middle = MARGIN + AXIS // 2 - 2
    number = MARGIN + 22
    canvas.text((middle, FAGIN_TOP + FAGIN_HEIGHT // 2), _("Fagin"), WORDS, FAINT, "mm")
    for level in range(BOARD.levels.top, BOARD.levels.bottom + 1):
        centre = level_top(level) + ROW // 2
        shillings = BOARD.shillings_at(BOARD.ring[0], level)
        if level == BOARD.levels.start:
            canvas.text((number, centre - 13), str(level), NUMBER, INK, "mm", bold=True)
            canvas.text((middle, centre + 17), _("start"), WORDS, FAINT, "mm")
        else:
            canvas.text((number, centre), str(level), BIG_NUMBER, FAINT, "mm", bold=True)
        if shillings and level != BOARD.levels.bottom:
            at = (MARGIN + AXIS - 6, centre - (13 if level == BOARD.levels.start else 0))
            canvas.text(at, f"{shillings}s", NUMBER, INK, "rm", bold=True)


def draw_location(canvas: Canvas, index: int, location: LocationView) -> None:
    """The column of the location at ring position `index`."""
    canvas.part = "board"
    draw = canvas.draw
    left = column_left(index)
    right = left + COLUMN
    centre = left + COLUMN // 2
    colour = GOODS[location.colour]
    tint = mix(colour, WHITE, 0.84)
    on_colour = text_on(colour)
    draw.rectangle((left + 2, HEADER_TOP, right - 2, HEADER_TOP + HEADER_HEIGHT), colour)
    lines = wrap(term(location.name), WORDS, COLUMN - 10)[:2]
    y = HEADER_TOP + (17 if len(lines) > 1 else 28)
    for line in lines:
        canvas.text((centre, y), fit(line, WORDS, COLUMN - 8), WORDS, on_colour, "mm", True)
        y += 26
    canvas.text(
        (centre, HEADER_TOP + HEADER_HEIGHT - 16),
        _("{cost} per level").format(cost=location.move_cost),
        NUMBER,
        on_colour,
        "mm",
    )
    # Fagin space.
    draw.rectangle(
        (left + 2, FAGIN_TOP, right - 2, FAGIN_TOP + FAGIN_HEIGHT),
        fill=FAGIN_SPACE,
        outline=LINE,
    )
    crowd = len(location.fagin)
    for slot, seat in enumerate(location.fagin):
        at = fagin_centre(index, slot, crowd)
        shown = fagin_centre(index, slot + 1, crowd)[0] - at[0] if slot < crowd - 1 else 0
        canvas.disc(at, FAGIN_RADIUS, seat, NUMBER, shown)
    if crowd:
        canvas.glyph(FAGIN, COLUMN, FAGIN_HEIGHT)
    # The track.
    for level in location.levels:
        top = level_top(level.level)
        fill = mix(colour, WHITE, 0.7) if level.level == BOARD.levels.start else tint
        draw.rectangle((left + 2, top, right - 2, top + ROW), fill=fill, outline=LINE)
        draw_yields(canvas, left, top, level.goods, level.shillings)
        both = level.urchin is not None and level.constable
        if level.constable:
            # Never both on one level by the rules; if a state had it, show both.
            x, y = constable_centre(index, level.level)
            canvas.constable((x + CONSTABLE_RADIUS if both else x, y), location.constable_facing)
        if level.urchin is not None:
            canvas.disc(urchin_centre(index, level.level), URCHIN_RADIUS, level.urchin, NUMBER)


def draw_yields(canvas: Canvas, left: int, top: int, goods: list[str], shillings: int) -> None:
    """The goods printed on a level (two to a row), right of the piece; the bottom level's
    purse (the other levels' shillings are on the axis)."""
    rows = max(1, math.ceil(MOST_GOODS / 2))
    side = min(CUBE, (ROW - 6 - (rows - 1) * CUBE_GAP) // rows)
    x = left + PIECE + URCHIN_RADIUS + 4
    y = top + (ROW - rows * side - (rows - 1) * CUBE_GAP) // 2
    for i, colour in enumerate(goods):
        row, col = divmod(i, 2)
        canvas.square((x + col * (side + CUBE_GAP), y + row * (side + CUBE_GAP)), side, colour)
    if shillings and not goods:
        at = (left + COLUMN - 8, top + ROW // 2)
        canvas.text(at, f"{shillings}s", NUMBER, INK, "rm", bold=not goods)
