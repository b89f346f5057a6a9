"""DESIGN.md's Discord surface is a contract: its command paths and option names are fixed.

The test reads the command tree the real bot registers, so renaming a command or an
option (or dropping one) fails here before a player's muscle memory does.
"""

from discord import app_commands

from bot.settings import Settings
from tests.discord.harness import world

CONTRACT: dict[str, tuple[list[str], list[str]]] = {
    # path: (required options, optional options), as DESIGN.md writes them
    "game new": (
        ["game"],
        ["turns", "low_prices", "sole_lowest_bonus", "round_limit", "fagin_target", "language"],
    ),
    "game join": ([], []),
    "game leave": ([], []),
    "game start": ([], ["first", "age_order"]),
    "game status": ([], ["share"]),
    "game abort": ([], []),
    "game log": ([], ["count"]),
    "rules": ([], ["topic"]),
    "game timer": (["hours"], ["remind"]),
    "game kick": (["member"], []),
    "game resign": ([], []),
    "game replace": (["old", "new"], ["seat"]),
    "game addbot": ([], ["level"]),
    "game removebot": ([], ["seat"]),
    "game autopilot": (["level"], []),
    "game pause": ([], []),
    "game resume": ([], []),
    "games": ([], []),
    "game undo": ([], []),
    "game history": ([], ["count"]),
    "game show": (["game"], []),
    "game export": ([], ["game"]),
    "stats": ([], ["member", "game"]),
    "leaderboard": (["game"], []),
    "auction": (["card"], ["price"]),
    "bid": (["amount"], []),
    "pass": ([], []),
    "sheet": ([], []),
    "price": (["article", "amount"], []),
    "submit": ([], []),
    "play": (["card"], ["target", "article"]),
    "hand": ([], []),
    "give": (["member"], ["gold", "article", "card"]),
    "move": (["plan"], []),
    "steal": (["plan"], []),
    "shillings": (["locations"], []),
    "market open": ([], []),
    "market buy": (["colours"], []),
    "market sell": (["colours"], []),
    "market pass": ([], []),
    "skip": ([], []),
    "discard": (["cubes"], []),
    "board": ([], ["share"]),
}

FREE_TEXT_WITH_AUTOCOMPLETE = {
    # "Options naming articles, special cards, locations or colours are free text with
    # autocomplete (not fixed choices)."
    ("price", "article"),
    ("play", "card"),
    ("play", "article"),
    ("give", "article"),
    ("give", "card"),
    ("move", "plan"),
    ("steal", "plan"),
    ("shillings", "locations"),
    ("market buy", "colours"),
    ("market sell", "colours"),
    ("discard", "cubes"),
}


async def test_every_contract_command_and_option_exists_with_its_exact_name(
    settings: Settings,
) -> None:
    async with world(settings, 1) as w:
        commands = {
            command.qualified_name: command
            for command in w.bot.tree.walk_commands()
            if isinstance(command, app_commands.Command)
        }
        for path, (required, optional) in CONTRACT.items():
            assert path in commands, f"/{path} is missing from the command tree"
            params = {param.name: param for param in commands[path].parameters}
            for name in [*required, *optional]:
                assert name in params, f"/{path} has no option {name!r}: {sorted(params)}"
            assert [n for n in required if not params[n].required] == [], path
            assert [n for n in optional if params[n].required] == [], path
            extra_required = [n for n, p in params.items() if p.required and n not in required]
            assert extra_required == [], f"/{path} requires options the contract lacks"


async def test_the_game_choice_values_are_exactly_the_two_game_names(settings: Settings) -> None:
    async with world(settings, 1) as w:
        new = w.bot.tree.get_command("game")
        assert isinstance(new, app_commands.Group)
        command = new.get_command("new")
        assert isinstance(command, app_commands.Command)
        game = next(param for param in command.parameters if param.name == "game")
        assert sorted(choice.value for choice in game.choices) == [
            "fagins-gang",
            "fantasy-business",
        ]


async def test_names_of_articles_specials_places_and_colours_are_free_text_with_autocomplete(
    settings: Settings,
) -> None:
    async with world(settings, 1) as w:
        commands = {
            command.qualified_name: command
            for command in w.bot.tree.walk_commands()
            if isinstance(command, app_commands.Command)
        }
        for path, name in sorted(FREE_TEXT_WITH_AUTOCOMPLETE):
            param = next(p for p in commands[path].parameters if p.name == name)
            assert param.autocomplete, f"/{path} {name} has no autocomplete"
            assert not param.choices, f"/{path} {name} must be free text, not fixed choices"


async def test_the_contract_commands_are_what_discord_was_told(settings: Settings) -> None:
    """The synced registration (what a player's picker shows), not only the bot's tree."""
    async with world(settings, 1) as w:
        shown = set(w.players[0].available_commands(w.channel))
        assert sorted(set(CONTRACT) - shown) == []


GUILD_ONLY = {"stats", "leaderboard"}
"""Records are kept per server: in a DM these could only refuse."""


async def test_each_command_is_listed_only_where_it_can_work(settings: Settings) -> None:
    """Server commands are not listed in DMs; the ones that find the player's running
    game (moves, `/sheet`, `/hand`, `/games`, the archive under `/game`) are. Installed to
    servers only: nowhere else could a command reach a game."""
    async with world(settings, 1) as w:
        alice = w.players[0]
        in_server = {path.split()[0] for path in alice.available_commands(w.channel)}
        in_dms = {path.split()[0] for path in alice.user.available_commands()}
        assert {path.split()[0] for path in CONTRACT} <= in_server
        assert in_dms == in_server - GUILD_ONLY
        assert {"sheet", "hand", "games", "move", "game", "rules"} <= in_dms
        for command in w.bot.tree.get_commands():
            payload = command.to_dict(w.bot.tree)
            assert payload["integration_types"] == [0], command.name  # guild install
            expected = [0] if command.name in GUILD_ONLY else [0, 1]  # guild, bot DM
            assert sorted(payload["contexts"]) == expected, command.name


async def test_game_choices_show_the_games_name_not_its_key(settings: Settings) -> None:
    async with world(settings, 1) as w:
        for path in ("game new", "stats", "leaderboard"):
            command = w.bot.tree.get_command(path.split()[0])
            if isinstance(command, app_commands.Group):
                command = command.get_command(path.split()[1])
            assert isinstance(command, app_commands.Command)
            game = next(param for param in command.parameters if param.name == "game")
            assert {(c.name, c.value) for c in game.choices} == {
                ("Fagin's Gang", "fagins-gang"),
                ("Fantasy Business", "fantasy-business"),
            }, path
