"""Where everything on the board picture goes, how big it is and in which colour.

The layout follows the board's data file: one column per location (and so per colour and
stall), one row per level. Sizes are set for a picture a phone shows 322 px wide (on a 412 px
screen, see the package's docstring): every cube, disc, arrow and tag is at least 35 px,
so 11 px there; every part's module places its marks with the helpers here, and the
tests use the same helpers to sample the pixels where an urchin or a constable must be.
"""

import math
from functools import lru_cache

from PIL import ImageFont

from rules.fagins_gang import BOARD

Point = tuple[int, int]
RGB = tuple[int, int, int]

LOCATIONS = len(BOARD.ring)
LEVELS = len(BOARD.yields)
MOST_GOODS = max(len(row.goods) for row in BOARD.yields)

WIDTH = 1000
MARGIN = 8
AXIS = 100
"""The left axis: level numbers, each level's shillings and row names, written once for
all columns."""
COLUMN = (WIDTH - 2 * MARGIN - AXIS) // LOCATIONS
BOARD_LEFT = MARGIN + AXIS

TITLE_HEIGHT = 52
HEADER_TOP = TITLE_HEIGHT
HEADER_HEIGHT = 84
FAGIN_TOP = HEADER_TOP + HEADER_HEIGHT + 2
FAGIN_HEIGHT = 52
TRACK_TOP = FAGIN_TOP + FAGIN_HEIGHT + 4
ROW = 80
MARKET_TOP = TRACK_TOP + LEVELS * ROW + 10
STALL_HEIGHT = 80
PRICE_HEIGHT = 44
STORE_HEIGHT = 40
PLAYERS_TOP = MARKET_TOP + STALL_HEIGHT + PRICE_HEIGHT + STORE_HEIGHT + 14
PLAYERS_HEADER = 38
PLAYER_ROW = 46

CUBE = 35
"""A goods cube, a stall space or a ★ on the board."""
CUBE_GAP = 3
PIECE = 32
"""Where a level's piece stands, from the column's left edge (urchin or constable)."""
URCHIN_RADIUS = 26
CONSTABLE_RADIUS = 29
"""Its arrow, what must be read, is then 38 px wide and 36 px tall."""
BADGE_HEIGHT = 36
"""A player's tag (First Player, Market token, winner)."""
FAGIN_RADIUS = 20
SEAT_RADIUS = 20
"""A seat's disc in the players' table and the legend."""

# The players' table, left to right.
NAME_LEFT = MARGIN + 2 * SEAT_RADIUS + 12
BADGES_RIGHT = 320
SHILLINGS_RIGHT = 410
CUBES_LEFT = 440
CUBES_STEP = 44
TOTAL_CENTRE = CUBES_LEFT + (LOCATIONS - 1) * CUBES_STEP + 72
SUPPLY_CENTRE = TOTAL_CENTRE + 100
AT_FAGIN_CENTRE = WIDTH - MARGIN - 52

# Text sizes: numbers a player decides by, the words around them, the legend's words and
# the players' tags (read once, then known), and the title.
NUMBER = 28
BIG_NUMBER = 32
WORDS = 26
SMALL = 24
TITLE = 30

BACKGROUND: RGB = (244, 236, 216)
INK: RGB = (33, 37, 41)
FAINT: RGB = (110, 98, 80)
LINE: RGB = (200, 185, 154)
FAGIN_SPACE: RGB = (233, 211, 150)
HIGHLIGHT: RGB = (255, 230, 128)
CONSTABLE: RGB = (27, 42, 74)
WHITE: RGB = (255, 255, 255)
STAR: RGB = (176, 120, 0)

GOODS: dict[str, RGB] = {
    "blue": (28, 126, 214),
    "green": (47, 158, 68),
    "red": (224, 49, 49),
    "yellow": (250, 176, 5),
    "black": (33, 37, 41),
    "purple": (112, 72, 232),
}

PLAYER_COLOURS: tuple[RGB, ...] = (
    (240, 140, 0),  # orange
    (21, 170, 191),  # cyan
    (240, 101, 149),  # pink
    (130, 201, 30),  # lime
    (248, 249, 250),  # white
    (160, 82, 45),  # brown
)


@lru_cache(maxsize=16)
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def player_colour(seat: int) -> RGB:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def mix(colour: RGB, other: RGB, amount: float) -> RGB:
    r, g, b = (round(c * (1 - amount) + o * amount) for c, o in zip(colour, other, strict=True))
    return r, g, b


def text_on(colour: RGB) -> RGB:
    """Black or white, whichever reads better on the colour."""
    r, g, b = colour
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else WHITE


def column_left(index: int) -> int:
    return BOARD_LEFT + index * COLUMN


def level_top(level: int) -> int:
    return TRACK_TOP + (level - BOARD.levels.top) * ROW


def urchin_centre(index: int, level: int) -> Point:
    """Where the urchin on a level of the location at ring position `index` is drawn."""
    return column_left(index) + PIECE, level_top(level) + ROW // 2


def constable_centre(index: int, level: int) -> Point:
    """The constable stands where an urchin would: the rules never let both share a level."""
    return urchin_centre(index, level)


def arrow(radius: int) -> tuple[int, int, int]:
    """A constable's arrow in a disc of `radius`: from the centre to the tip, from the
    centre back to the base, and half the base's width."""
    return round(radius * 0.72), round(radius * 0.5), round(radius * 0.64)


def fagin_centre(index: int, slot: int, crowd: int = 1) -> Point:
    """The `slot`-th of `crowd` urchins on a location's Fagin space (in seat order)."""
    room = COLUMN - 2 * FAGIN_RADIUS - 12
    step = min(2 * FAGIN_RADIUS + 4, room // max(1, crowd - 1))
    return column_left(index) + 6 + FAGIN_RADIUS + slot * step, FAGIN_TOP + FAGIN_HEIGHT // 2


def stall_space(index: int, space: int) -> Point:
    """The centre of one space of the stall under the column at ring position `index`."""
    per_row = math.ceil(BOARD.stall_size / 2)
    row, col = divmod(space, per_row)
    left = column_left(index) + 6
    top = MARKET_TOP + (STALL_HEIGHT - 2 * CUBE - CUBE_GAP) // 2
    return (
        left + col * (CUBE + CUBE_GAP) + CUBE // 2,
        top + row * (CUBE + CUBE_GAP) + CUBE // 2,
    )
