"""`/rules`: private summaries by topic, naming the commands that carry the rules out,
with numbers from the data files and, where a table is set up, that table's options."""

import json
from importlib import resources
from typing import Any

import pytest
from discord import app_commands

from bot import rulebook
from bot.settings import Settings
from rules.fagins_gang.board import load_board
from rules.fantasy_business.deck import load_data
from tests.discord.fg_support import start_game
from tests.discord.harness import World, public, world
from tests.fakes import FAKE_GAMES


def edited_data() -> rulebook.RulesData:
    """Copies of both data files with different numbers, as a group might edit them."""
    board = json.loads(resources.files("rules.fagins_gang").joinpath("board.json").read_text())
    board |= {"fagin_price": 20, "start_shillings": 25, "max_slots": 4, "hand_limit": 30}
    board["fagin_target"] = {"default": 2, "min": 1, "max": 4}
    board["round_limit"] = {"min": 2, "max": 99}
    board["levels"]["start"] = 4
    board |= {"exchange_give": 4, "holder_trade_max": 3}
    cards = json.loads(resources.files("rules.fantasy_business").joinpath("cards.json").read_text())
    cards |= {"starting_gold": 12, "lowest_price_bonus": 3, "pickpocket_max": 5, "subsidy": 6}
    cards |= {"turns": 9, "large_table_turns": 7, "price_ceiling_factor": 3}
    cards |= {"tie_break": "youngest_or_shared"}
    return rulebook.RulesData(
        board=load_board(json.dumps(board)), cards=load_data(json.dumps(cards))
    )


def text_of(result: Any) -> str:
    assert result.ephemeral
    embed = result.response.embeds[0]
    return f"{embed.title}\n{embed.description}"


@pytest.mark.parametrize("topic", sorted(rulebook.TITLES))
async def test_each_topic_is_answered_privately(settings: Settings, topic: str) -> None:
    async with world(settings, 1, games=FAKE_GAMES) as w:
        result = await w.players[0].slash(w.channel, "rules", topic=topic)
        assert result.ephemeral
        embed = result.response.embeds[0]
        assert embed.title == rulebook.TITLES[topic]
        assert "/" in (embed.description or "")  # every summary points to commands


async def test_without_a_topic_or_a_table_the_overview_is_shown(settings: Settings) -> None:
    async with world(settings, 1, games=FAKE_GAMES) as w:
        result = await w.players[0].slash(w.channel, "rules")
        assert result.response.embeds[0].title == rulebook.TITLES["overview"]


def test_the_texts_say_the_numbers_of_edited_data_files() -> None:
    texts = {key: text for key, (_, text) in rulebook.topics(edited_data()).items()}
    fb = texts["fantasy-business"]
    assert "12 gold each, 9 turns (7 with 7–8 players)" in fb
    assert "10 gold" not in fb and "(prices from 1 gold)" in fb and "the +3 only" in fb
    assert "otherwise the tied players share the win (a house rule)" in fb
    shipped = {key: text for key, (_, text) in rulebook.topics(rulebook.rules_data()).items()}
    assert "A tie goes to the youngest tied player (a house rule)" in shipped["fantasy-business"]
    # No editorial marks or rule numbers of our edition reach a player.
    for text in [*texts.values(), *shipped.values()]:
        assert "[ed]" not in text and "§" not in text and "Rule 7" not in text, text
    assert "`/game start age_order:`" in shipped["fantasy-business"]
    assert "price + 3 per card" in texts["prices"] and "triple that" in texts["prices"]
    assert "Take up to 5 gold" in texts["specials"] and "Take 6 gold" in texts["specials"]
    assert "your price + 2" in texts["specials"]  # the warrant bonus was not edited
    fg = texts["fagins-gang"]
    assert "25 shillings" in fg and "more than 30 cubes" in fg
    assert "2 urchins at Fagin win (`fagin_target`: 1–4); `round_limit` (2–99)" in fg
    assert "up to 4 locations" in texts["moving"] and "start level (4)" in texts["moving"]
    assert "pays 20 shillings" in texts["moving"] and "15" not in texts["moving"]
    assert "exchange 4 cubes for 1" in texts["stealing"] and "up to 4 slots" in texts["stealing"]
    assert "may trade 1 to 3 of different colours" in texts["market"]


def test_the_game_new_option_descriptions_say_the_numbers_of_edited_data_files() -> None:
    described = rulebook.new_game_descriptions(edited_data())
    assert described["turns"].endswith("the rulebook's 9 (7 with 7–8 players)")
    assert described["sole_lowest_bonus"].startswith("Fantasy Business variant: the +3 bonus")
    assert "(2–99;" in described["round_limit"]
    assert described["fagin_target"].endswith("(1–4, default 2)")
    assert all(len(text) <= 100 for text in described.values())


async def test_rules_reads_the_data_loader_when_asked(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rulebook, "rules_data", edited_data)
    async with world(settings, 1, games=FAKE_GAMES) as w:
        member = w.players[0]
        fg = text_of(await member.slash(w.channel, "rules", topic="moving"))
        assert "pays 20 shillings" in fg
        fb = text_of(await member.slash(w.channel, "rules", topic="fantasy-business"))
        assert "12 gold each" in fb


def _new_game_command(w: World) -> app_commands.Command[Any, Any, Any]:
    group = w.bot.tree.get_command("game")
    assert isinstance(group, app_commands.Group)
    command = group.get_command("new")
    assert isinstance(command, app_commands.Command)
    return command


async def test_the_registered_game_new_options_follow_the_data(settings: Settings) -> None:
    data = rulebook.rules_data()
    async with world(settings, 1) as w:
        params = {p.name: p for p in _new_game_command(w).parameters}
        for name, text in rulebook.new_game_descriptions(data).items():
            assert params[name].description == text
        assert (params["turns"].min_value, params["turns"].max_value) == (1, data.cards.turns)
        rounds, targets = data.board.round_limit, data.board.fagin_target
        assert (params["round_limit"].min_value, params["round_limit"].max_value) == (
            rounds.min,
            rounds.max,
        )
        assert (params["fagin_target"].min_value, params["fagin_target"].max_value) == (
            targets.min,
            targets.max,
        )


async def test_rules_at_a_fantasy_business_table_describe_its_turns_and_variants(
    settings: Settings,
) -> None:
    async with world(settings, 3) as w:
        alice = w.players[0]
        public(
            await alice.slash(
                w.channel, "game new", game="fantasy-business", turns=3, low_prices=True
            )
        )
        shown = text_of(await alice.slash(w.channel, "rules"))
        assert shown.startswith("Fantasy Business\n")
        assert "3 turns at this table" in shown
        assert "Variants at this table: low prices." in shown
        prices = text_of(await alice.slash(w.channel, "rules", topic="prices"))
        assert "from 1 gold up to double its base value" in prices
        assert "if all owners ask the same, all get the bonus" in prices


async def test_rules_at_a_running_fagins_gang_table_describe_its_target_and_round_limit(
    settings: Settings,
) -> None:
    async with world(settings, 2) as w:
        await start_game(w, fagin_target=2, round_limit=20)
        shown = text_of(await w.players[1].slash(w.channel, "rules"))
        assert shown.startswith("Fagin's Gang\n")
        assert (
            "2 urchins at Fagin win; if nobody has won after 20 rounds, most urchins at Fagin "
            "wins at this table." in shown
        )


async def test_rules_at_a_fantasy_business_table_with_the_sole_lowest_bonus(
    settings: Settings,
) -> None:
    async with world(settings, 3) as w:
        alice = w.players[0]
        public(
            await alice.slash(
                w.channel, "game new", game="fantasy-business", sole_lowest_bonus=True
            )
        )
        for other in w.players[1:]:
            public(await other.slash(w.channel, "game join"))
        public(await alice.slash(w.channel, "game start"))
        shown = text_of(await alice.slash(w.channel, "rules"))
        assert "10 turns at this table of 3" in shown
        assert "Variants at this table: sole lowest bonus." in shown
        prices = text_of(await alice.slash(w.channel, "rules", topic="prices"))
        assert "the +2 goes only to a player alone at the lowest price" in prices
        assert "between its base value and double that" in prices
