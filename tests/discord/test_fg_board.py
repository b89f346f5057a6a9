"""The board picture: what must be where, read back from the PNG's pixels, and `/board`."""

import io

from PIL import Image

from bot.render.fg_board import (
    BACKGROUND,
    CONSTABLE,
    GOODS,
    PLAYER_COLOURS,
    WHITE,
    constable_centre,
    fagin_centre,
    player_colour,
    render_board,
    stall_space,
    urchin_centre,
)
from bot.settings import Settings
from rules.fagins_gang import RULES, FaginState
from rules.fagins_gang.state import Constable
from tests.discord.fg_support import set_state, start_game
from tests.discord.harness import public, world

NAMES = ["alice", "bob", "carol", "dave", "erin", "frank"]


def position(players: int = 3) -> FaginState:
    state, _ = RULES.setup(players, {}, 7, 0)
    state.urchins["thames"][1] = 3
    state.urchins["covent"][2] = "fagin"
    state.constables["holborn"] = Constable(level=0, facing="down")
    state.constables["bow"] = Constable(level=6, facing="up")
    state.stalls["blue"] = 4
    return state


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
    assert small.width == large.width == 1000
    assert 900 < small.height < large.height <= 1200


def test_an_urchin_is_drawn_in_its_players_colour_on_its_level() -> None:
    image = picture(position())
    # The disc's left part (the seat number sits in its middle).
    assert pixel(image, urchin_centre(0, 3), dx=-14) == player_colour(1)
    for level in (0, 2, 4, 5):
        assert pixel(image, urchin_centre(0, level), dx=-14) not in PLAYER_COLOURS


def test_an_urchin_at_fagin_sits_on_the_locations_fagin_space() -> None:
    image = picture(position())
    assert pixel(image, fagin_centre(1, 0, 1), dx=-9) == player_colour(2)
    assert pixel(image, fagin_centre(0, 0, 1), dx=-9) != player_colour(2)


def test_constables_show_where_they_stand_and_which_way_they_face() -> None:
    image = picture(position())
    down = constable_centre(2, 0)  # Holborn Hill, level 0, facing down
    assert pixel(image, down, dx=-13) == CONSTABLE
    assert pixel(image, down, dy=7) == WHITE and pixel(image, down, dy=-9) == CONSTABLE
    up = constable_centre(3, 6)  # Bow Street, level 6, facing up
    assert pixel(image, up, dy=-7) == WHITE and pixel(image, up, dy=9) == CONSTABLE
    assert pixel(image, constable_centre(2, 3), dx=-13) != CONSTABLE


def test_market_stalls_show_their_cubes_and_free_spaces() -> None:
    image = picture(position())
    assert pixel(image, stall_space(0, 3)) == GOODS["blue"]  # the fourth blue cube
    assert pixel(image, stall_space(0, 4)) == BACKGROUND
    assert pixel(image, stall_space(1, 2)) == GOODS["green"]
    assert pixel(image, stall_space(1, 3)) == BACKGROUND


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
