"""The Fagin's Gang board as a PNG, drawn with Pillow from the public view only.

Discord shows an attached picture at the width of the chat: on a 412 px phone, about
322 px once the avatar's gutter is taken off. So the 1000 px picture is drawn for being
read at a third of its size: every number a player decides by is set at 28 px or more,
every other word at 24 px or more, and every cube, disc, arrow and tag is at least 35 px
across, so at least 11 px on the phone. To make room, the board is a grid: one column per
location, with its Fagin space, its levels and, underneath, the market stall of its
colour; the level numbers, each level's shillings and the row names are written once, in
an axis on the left; the players' table names each seat's colour. The key to every other
mark is text in the picture's message (`board_key`), which a phone shows at the reader's
own size.

Pillow's built-in font (Aileron, scalable in Pillow 10.1+) is used so nothing has to be
shipped; it has no ★, ▲ or ▼, so those are drawn as shapes. Every number on the picture
comes from the view or the board's data file. `draw_board` also records what it drew
(texts with their sizes, glyphs with their symbol and size, the key's entries) so the
tests can check legibility and the key without reading pixels; the geometry helpers
are public so tests can sample the pixels where an urchin or a constable must be.

The words on the picture are drawn in the language passed to `draw_board` (the channel's
board in the table's language); the recorded symbols stay English, for the tests.

One module per part of the picture, from the top: `title`, `track` (the locations'
columns: header, Fagin space, levels, urchins and constables), `stalls` (the market under
them), `players` (the players' table); `legend` writes the key. They draw on a `canvas`
(the drawing primitives and the record), placed by `layout` (geometry, sizes, colours,
fonts), with `words` in letters the font has; `picture` puts the parts together.
"""

from bot.render.fg_board.canvas import (
    BADGES,
    CONSTABLE_DOWN,
    CONSTABLE_UP,
    FAGIN,
    FIRST_PLAYER,
    FREE_CHOICE,
    FREE_SPACE,
    MARKET_TOKEN,
    TO_ACT,
    WINNER,
    BoardDrawing,
    DrawnGlyph,
    DrawnText,
    LegendEntry,
    cube_symbol,
    seat_symbol,
)
from bot.render.fg_board.layout import (
    BACKGROUND,
    CONSTABLE,
    CONSTABLE_RADIUS,
    FAGIN_RADIUS,
    GOODS,
    PLAYER_COLOURS,
    URCHIN_RADIUS,
    WHITE,
    WIDTH,
    arrow,
    column_left,
    constable_centre,
    fagin_centre,
    level_top,
    player_colour,
    stall_space,
    urchin_centre,
)
from bot.render.fg_board.legend import board_key
from bot.render.fg_board.picture import (
    BOARD,
    board_picture,
    draw_board,
    draw_picture,
    render_board,
)

__all__ = [
    "BACKGROUND",
    "BADGES",
    "BOARD",
    "CONSTABLE",
    "CONSTABLE_DOWN",
    "CONSTABLE_RADIUS",
    "CONSTABLE_UP",
    "FAGIN",
    "FAGIN_RADIUS",
    "FIRST_PLAYER",
    "FREE_CHOICE",
    "FREE_SPACE",
    "GOODS",
    "MARKET_TOKEN",
    "PLAYER_COLOURS",
    "TO_ACT",
    "URCHIN_RADIUS",
    "WHITE",
    "WIDTH",
    "WINNER",
    "BoardDrawing",
    "DrawnGlyph",
    "DrawnText",
    "LegendEntry",
    "arrow",
    "board_key",
    "board_picture",
    "column_left",
    "constable_centre",
    "cube_symbol",
    "draw_board",
    "draw_picture",
    "fagin_centre",
    "level_top",
    "player_colour",
    "render_board",
    "seat_symbol",
    "stall_space",
    "urchin_centre",
]
