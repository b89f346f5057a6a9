"""Every kind of move, written as the coach writes it, is the move its command makes.

Fagin's Gang and the read-back are checked without Discord: the typed text goes through
the parsers the commands use (quotes and all) in English and German. Fantasy Business's
specials and prices are typed back through the real commands: the coach is made to
suggest each one (`_search` replaced), and the player types what the reply says.
"""

from typing import Any

import pytest

from bot.i18n import speaking
from bot.render.coach.typed import read_back, typed
from bot.service.commands import coach as hint
from bot.settings import Settings
from bot.table import Table
from cogs.fagins_gang import unquoted
from rules.fagins_gang import (
    Buy,
    Discard,
    MarketPass,
    OpenMarket,
    Sell,
    Shillings,
    Skip,
    parse_colours,
    parse_cube_counts,
    parse_locations,
    parse_move_plan,
    parse_steal_plan,
)
from rules.fagins_gang.actions import (
    ExchangeSlot,
    Move,
    MoveStep,
    Steal,
    StealSlot,
)
from rules.fantasy_business import RULES, deck
from rules.fantasy_business.actions import PlaySpecial, SetPrice, Submit
from tests.coach.support import hint_and_play
from tests.discord.harness import public, world
from tests.rules.fantasy_business.fb_builders import position

FAGIN_MOVES: list[Any] = [
    Move(
        steps=[
            MoveStep(location="thames", kind="move", direction="up", levels=2),
            MoveStep(location="stpauls", kind="enter", direction="up", levels=1),
            MoveStep(location="bow", kind="fagin"),
        ]
    ),
    Move(steps=[MoveStep(location="covent", kind="leave", side="bottom")]),
    Steal(
        slots=[
            StealSlot(location="thames", colours=["red", "blue"]),
            ExchangeSlot(give=["red", "red", "blue"], take="purple"),
        ]
    ),
    Shillings(locations=["thames", "chertsey"]),
    OpenMarket(),
    Buy(colours=["red", "blue"]),
    Sell(colours=["purple"]),
    MarketPass(),
    Skip(),
    Discard(cubes={"red": 3, "blue": 2}),
]
SIMPLE = {"market open": OpenMarket(), "market pass": MarketPass(), "skip": Skip()}


def _parsed(path: str, options: dict[str, str]) -> Any:
    """What the Fagin's Gang command makes of these options (as cogs/fagins_gang.py)."""
    if path == "move":
        return parse_move_plan(unquoted(options["plan"]))
    if path == "steal":
        return parse_steal_plan(unquoted(options["plan"]))
    if path == "shillings":
        return Shillings(locations=parse_locations(unquoted(options["locations"])))
    if path == "market buy":
        return Buy(colours=parse_colours(unquoted(options["colours"])))
    if path == "market sell":
        return Sell(colours=parse_colours(unquoted(options["colours"])))
    if path == "discard":
        return Discard(cubes=parse_cube_counts(unquoted(options["cubes"])))
    return SIMPLE[path]


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("action", FAGIN_MOVES, ids=lambda a: a.type)
def test_a_fagins_gang_move_typed_as_the_coach_writes_it_parses_back(
    action: Any, language: str
) -> None:
    table: Table = None  # type: ignore[assignment]  # Fagin's Gang never reads the table
    with speaking(language):
        command = typed(table, action)
    assert command.startswith("`/") and command.endswith("`")
    path, options = read_back(command)
    if language == "de":
        english_path = " ".join(_english_command(word) for word in path.split())
        assert path != english_path or path == "skip"  # the command as a German client lists it
        options = {_english_option(name): value for name, value in options.items()}
        path = " ".join(_english_command(word) for word in path.split())
    assert _parsed(path, options) == action


GERMAN_NAMES: dict[str, str] = {}


def _english_command(word: str) -> str:
    return _reverse().get(word, word)


def _english_option(word: str) -> str:
    return _reverse().get(word, word)


def _reverse() -> dict[str, str]:
    if not GERMAN_NAMES:
        from bot.i18n import command_word

        words = ["move", "steal", "shillings", "market", "open", "buy", "sell", "pass"]
        words += ["skip", "discard", "plan", "locations", "colours", "cubes"]
        with speaking("de"):
            GERMAN_NAMES.update({command_word(word): word for word in words})
    return GERMAN_NAMES


async def test_specials_and_prices_typed_as_the_coach_writes_them_are_accepted(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = position(
        3,
        phase="pricing",
        gold=[30, 30, 30],
        articles={0: {"magic_potions": 1}, 1: {"swords": 2}, 2: {"horses": 1}},
        specials={0: ["thief", "royal_warrant"]},
    )
    low = RULES.view(state, 0).you.price_ranges["magic_potions"][0]  # type: ignore[union-attr]
    suggested = [
        PlaySpecial(card="thief", target=1, article="swords"),
        PlaySpecial(card="royal_warrant", article="magic_potions"),
        SetPrice(article="magic_potions", price=low + 1),
        Submit(),  # the Thief's Swords still want a price: the default one is suggested
        Submit(),
    ]

    swords = deck.article("swords").base  # the default price: no price last turn

    async def coach(service: Any, asked: Any) -> Any:
        return suggested.pop(0)

    monkeypatch.setattr(hint, "_search", coach)
    async with world(settings, 3) as w:
        alice = w.players[0]
        public(await alice.slash(w.channel, "game new", game="fantasy-business", hints=True))
        for member in w.players[1:]:
            public(await member.slash(w.channel, "game join"))
        public(await alice.slash(w.channel, "game start", first=alice))
        game = w.store.open_game(w.channel.id)
        assert game is not None
        w.store.update_game(game, now=w.clock(), state=RULES.dump_state(state))
        typed_commands = []
        while suggested:
            command, _ = await hint_and_play(w, alice)
            typed_commands.append(command)
        assert typed_commands == [
            "/play card:Thief target:@bob article:Swords",
            "/play card:Royal Warrant article:Magic Potions",
            f"/price article:Magic Potions amount:{low + 1}",
            f"/price article:Swords amount:{swords}",
            "/submit",
        ]
        table = w.bot.service.table(w.channel.id)
        assert table is not None and table.state.sheets[0].submitted
