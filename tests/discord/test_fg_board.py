"""The board picture: what must be where, read back from the PNG's pixels, the legend, the
sizes of what is drawn (it must read at phone width), and `/board`."""

import io

from PIL import Image, ImageFont

from bot.render.fg_board import (
    BACKGROUND,
    BADGES,
    CONSTABLE,
    CONSTABLE_DOWN,
    CONSTABLE_RADIUS,
    CONSTABLE_UP,
    FAGIN,
    FAGIN_RADIUS,
    FIRST_PLAYER,
    FREE_CHOICE,
    FREE_SPACE,
    GOODS,
    MARKET_TOKEN,
    PLAYER_COLOURS,
    TO_ACT,
    WHITE,
    WIDTH,
    WINNER,
    BoardDrawing,
    arrow,
    board_key,
    constable_centre,
    draw_board,
    fagin_centre,
    player_colour,
    render_board,
    seat_symbol,
    stall_space,
    urchin_centre,
)
from bot.settings import Settings
from rules.fagins_gang import BOARD, RULES, FaginState, OpenMarket
from rules.fagins_gang.ending import check_fagin_win
from rules.fagins_gang.state import Constable
from tests.discord.fg_support import set_state, start_game
from tests.discord.harness import public, world

NAMES = ["alice", "bob", "carol", "dave", "erin", "frank"]
LONG_NAMES = ["Alexandra_the_Great", "bob", "Carolina Herrera", "dave", "Ernestine", "frank99"]

PHONE = 400
"""The width, in px, the texts are checked at (a phone's chat)."""
SCALE = PHONE / WIDTH
SHOWN = 322
"""The width, in px, a 412 px phone shows a Discord picture at (the chat less the avatar's
gutter): where every mark must still be 11 px."""
MIN_TEXT = 6.0
"""The least height, at phone width, of a capital or digit in any text (px)."""
MIN_NUMBER = 7.5
"""The least height, at phone width, of the digits of a number a player decides by (px)."""
MIN_GLYPH = 11.0
"""The least width and height of a cube, disc, arrow or tag as a 412 px phone shows the
picture (px)."""


def position(players: int = 3) -> FaginState:
    state, _ = RULES.setup(players, {}, 7, 0)
    state.urchins["thames"][1] = 3
    state.urchins["covent"][2] = "fagin"
    state.constables["holborn"] = Constable(level=0, facing="down")
    state.constables["bow"] = Constable(level=6, facing="up")
    state.stalls["blue"] = 4
    return state


def busy(players: int = 6) -> FaginState:
    """A market in progress with every seat back at Fagin at the Thames and both facings."""
    state = position(players)
    for seat in range(players):
        state.urchins["thames"][seat] = "fagin"
        state.supply[seat] -= 1
    state, _ = RULES.apply(state, 0, OpenMarket())
    assert state.market is not None
    return state


def finished() -> FaginState:
    state = position(3)
    for key in BOARD.ring[1 : 1 + state.options.fagin_target]:
        state.urchins[key][2] = "fagin"
        state.supply[2] -= 1
    assert check_fagin_win(state, 2)
    return state


def drawing(state: FaginState, names: list[str] = NAMES) -> BoardDrawing:
    return draw_board(RULES.view(state, None), names[: state.players])


def picture(state: FaginState) -> Image.Image:
    png = render_board(RULES.view(state, None), NAMES[: state.players])
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def pixel(image: Image.Image, at: tuple[int, int], dx: int = 0, dy: int = 0) -> tuple[int, ...]:
    value = image.getpixel((at[0] + dx, at[1] + dy))
    assert isinstance(value, tuple)
    return value


def test_the_board_is_a_phone_friendly_png_growing_with_the_players() -> None:
    small, large = picture(position(2)), picture(position(6))
    assert small.width == large.width == WIDTH
    # Taller than wide, but not so tall that a chat shows it as a thin strip.
    assert WIDTH < small.height < large.height <= 1.4 * WIDTH


def test_the_same_position_gives_the_same_png() -> None:
    view = RULES.view(busy(), None)
    assert render_board(view, NAMES) == render_board(view, NAMES)


def test_an_urchin_is_drawn_in_its_players_colour_on_its_level() -> None:
    image = picture(position())
    # The disc's left part (the seat number sits in its middle).
    assert pixel(image, urchin_centre(0, 3), dx=-14) == player_colour(1)
    for level in (0, 2, 4, 5):
        assert pixel(image, urchin_centre(0, level), dx=-14) not in PLAYER_COLOURS


def test_an_urchin_at_fagin_sits_on_the_locations_fagin_space() -> None:
    image = picture(position())
    assert pixel(image, fagin_centre(1, 0, 1), dx=-14) == player_colour(2)
    assert pixel(image, fagin_centre(0, 0, 1), dx=-14) != player_colour(2)


def test_a_crowded_fagin_space_still_shows_every_seats_colour() -> None:
    image = picture(busy())
    for seat in range(6):
        # Above the number, in the part of the disc the next one leaves showing.
        at = fagin_centre(0, seat, 6)
        assert pixel(image, at, dx=-FAGIN_RADIUS // 2, dy=-FAGIN_RADIUS * 3 // 4) == (
            player_colour(seat)
        )


def test_constables_show_where_they_stand_and_which_way_they_face() -> None:
    image = picture(position())
    tip, base, _ = arrow(CONSTABLE_RADIUS)
    inside, behind = tip // 2, base + (CONSTABLE_RADIUS - base) // 2
    down = constable_centre(2, 0)  # Holborn Hill, level 0, facing down
    assert pixel(image, down, dx=-CONSTABLE_RADIUS + 6) == CONSTABLE
    assert pixel(image, down, dy=inside) == WHITE and pixel(image, down, dy=-behind) == CONSTABLE
    up = constable_centre(3, 6)  # Bow Street, level 6, facing up
    assert pixel(image, up, dy=-inside) == WHITE and pixel(image, up, dy=behind) == CONSTABLE
    assert pixel(image, constable_centre(2, 3), dx=-CONSTABLE_RADIUS + 6) != CONSTABLE


def test_an_urchin_never_hides_a_constable_on_its_level() -> None:
    # The rules never leave an urchin on the constable's level; a broken state still shows both.
    state = position()
    state.constables["thames"] = Constable(level=3, facing="up")
    image = picture(state)
    assert pixel(image, urchin_centre(0, 3), dx=-14) == player_colour(1)
    assert pixel(image, constable_centre(0, 3), dx=CONSTABLE_RADIUS + 16) == CONSTABLE


def test_market_stalls_show_their_cubes_and_free_spaces() -> None:
    image = picture(position())
    assert pixel(image, stall_space(0, 3)) == GOODS["blue"]  # the fourth blue cube
    assert pixel(image, stall_space(0, 4)) == BACKGROUND
    assert pixel(image, stall_space(1, 2)) == GOODS["green"]
    assert pixel(image, stall_space(1, 3)) == BACKGROUND


def test_the_key_names_every_seat_and_explains_every_mark_on_the_board() -> None:
    """The players' table names each seat's colour; every other mark drawn is explained
    by the key, which the board's message carries as text (a phone shows it at the
    reader's size, where words drawn on the picture would be too small)."""
    seen: set[str] = set()
    for state in (busy(), finished()):
        names = LONG_NAMES[: state.players]
        drawn = drawing(state, names)
        legend = {entry.symbols: entry.label for entry in drawn.legend}
        table = [t.text for t in drawn.texts if t.part == "players"]
        for seat, name in enumerate(names):
            assert legend[(seat_symbol(seat),)] == name
            assert any(
                text == name or (text.endswith("…") and name.startswith(text[:-1]))
                for text in table
            )
        explained = {symbol for symbols in legend for symbol in symbols}
        # Cubes of a colour are the colour they show; every other mark is explained.
        shown = {g.symbol for g in drawn.glyphs}
        marks = {symbol for symbol in shown if not symbol.endswith(" cube")}
        assert marks <= explained, marks - explained
        # The board's own shorthand is explained too.
        assert {"s", "per level", "store"} <= explained
        # Nothing is drawn as a legend on the picture: the key is the message's text.
        assert not any(t.part == "legend" for t in drawn.texts)
        key = board_key(RULES.view(state, None), names)
        assert all(
            label in key for symbols, label in legend.items() if not symbols[0].startswith("seat ")
        )
        seen |= marks
    # The two positions between them show every kind of mark.
    assert {
        CONSTABLE_UP,
        CONSTABLE_DOWN,
        FREE_CHOICE,
        FREE_SPACE,
        FAGIN,
        FIRST_PLAYER,
        TO_ACT,
        *(seat_symbol(seat) for seat in range(3)),
        WINNER,
        MARKET_TOKEN,
    } <= seen


def digit_height(size: int, bold: bool) -> int:
    """How tall a digit is in the font the picture uses, in px at full size."""
    _, top, _, bottom = ImageFont.load_default(size=size).getbbox("0")
    return bottom - top + (2 if bold else 0)


def test_text_and_glyphs_stay_readable_at_phone_width() -> None:
    badges = {label for label, _ in BADGES.values()}
    for state in (position(2), busy(), finished()):
        drawn = drawing(state, LONG_NAMES)
        for text in drawn.texts:
            height = digit_height(text.size, text.bold) * SCALE
            assert height >= MIN_TEXT, text
            # Numbers on the board and in the tables (the legend explains; tags are names).
            if any(c.isdigit() for c in text.text) and text.part != "legend":
                assert text.text in badges or height >= MIN_NUMBER, text
        for glyph in drawn.glyphs:
            assert min(glyph.width, glyph.height) * SHOWN / WIDTH >= MIN_GLYPH, glyph


async def test_board_command_shows_the_picture_privately_or_shares_it(settings: Settings) -> None:
    async with world(settings, 3) as w:
        alice, bob, carol = w.players
        await start_game(w)
        before = len(w.channel.history())
        mine = await bob.slash(w.channel, "board")
        assert mine.ephemeral
        png = mine.response.attachments[0]
        assert png.content_type == "image/png"
        assert Image.open(io.BytesIO(await png.read())).width == 1000
        # At full width: a plain attachment, not shrunk inside an embed.
        assert not mine.response.embeds and "alice" in mine.response.content
        assert len(w.channel.history()) == before

        shared = await carol.slash(w.channel, "board", share=True)
        assert not shared.ephemeral and shared.response.attachments
        # A spectator may look too; /game status shows the same card.
        spectator = w.guild.add_member(w.env.create_user("sam"))
        assert (await spectator.slash(w.channel, "board")).response.attachments
        status = await alice.slash(w.channel, "game status")
        assert status.response.attachments and status.response.embeds


async def test_board_follows_the_game_state(settings: Settings) -> None:
    async with world(settings, 2) as w:
        await start_game(w)
        set_state(w, lambda s: s.urchins["stpauls"].__setitem__(0, 2))
        result = await w.players[1].slash(w.channel, "board")
        image = Image.open(io.BytesIO(await result.response.attachments[0].read())).convert("RGB")
        assert pixel(image, urchin_centre(5, 2), dx=-14) == player_colour(0)
        assert public(await w.players[0].slash(w.channel, "skip"))
