"""Every option of every command, with hostile values, from anyone, anywhere: no ⚠️.

Hypothesis draws sequences of slash commands through simcord against a server with a
Fantasy Business game, a Fagin's Gang game and an empty channel: any command the bot
registers, any member (seated or not), in any of those channels or in a DM, with option
values that include 2,001-character strings, digits that are not ASCII, names of real
articles, places and colours, negative and huge numbers. Every answer must be a real
answer — a refusal (❌) or an accepted move — never the ⚠️ of an unexpected error, and
the bot must record no error.
"""

import asyncio
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import simcord
from discord import AppCommandOptionType, app_commands
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from bot.edge.failures import FAILURE_TEXT
from bot.settings import Settings
from rules.fagins_gang import BOARD
from rules.fantasy_business import deck
from tests.discord.harness import World, world

COMMANDS_PER_EXAMPLE = 45
EXAMPLES = int(os.environ.get("SMITHFIELD_FUZZ_EXAMPLES", "8"))
"""`make bench` runs many more (bench/faults.py)."""

NASTY = [
    "x" * 2001,
    "²",
    "thames up ²",
    "² red",
    "٣ blue",
    "stpauls enter up -1",
    "thames up 99999999999999999999",
    "",
    " ",
    "\u200b",
    "@everyone",
    "<@1> <#2>",
    "**bold** `code`",
    "a" * 101,
    "🟥🟦",
    "-5",
    "9" * 30,
    "exchange red red blue for purple",
    "thames red blue; exchange red red blue for purple",
    "bow fagin",
    "3 red, 2 blue",
    ";;;",
]


def useful_words() -> list[str]:
    words = [article.name for article in deck.articles().values()]
    words += [special.name for special in deck.specials().values()]
    words += [place.name for place in BOARD.locations] + list(BOARD.ring + BOARD.colour_ring)
    return words


TEXT = st.one_of(
    st.sampled_from(NASTY),
    st.sampled_from(useful_words()),
    st.text(max_size=40),
    st.from_regex(
        r"[a-z]{2,8}( (up|down|enter|leave|fagin|top|bottom|[0-9²³٣]{1,3}))*", fullmatch=True
    ),
)


@dataclass(frozen=True)
class Leaf:
    name: str
    parameters: list[app_commands.Parameter]
    in_dms: bool


def leaves(w: World) -> list[Leaf]:
    found = []
    for command in w.bot.tree.walk_commands():
        if isinstance(command, app_commands.Command):
            # Discord lists a command in DMs only where its contexts allow (else the
            # tree's default, which includes DMs): a player cannot use it anywhere else.
            contexts = (command.root_parent or command).allowed_contexts
            in_dms = contexts is None or contexts.dm_channel
            found.append(Leaf(command.qualified_name, list(command.parameters), in_dms))
    return sorted(found, key=lambda leaf: leaf.name)


def value_for(data: st.DataObject, parameter: app_commands.Parameter, people: list[Any]) -> Any:
    if parameter.choices:
        return data.draw(st.sampled_from([choice.value for choice in parameter.choices]))
    kind = parameter.type
    if kind is AppCommandOptionType.string:
        # Within the option's declared lengths: the client sends nothing else.
        shortest = int(parameter.min_value or 0)  # a string option's lengths
        longest = int(parameter.max_value or 6000)
        text = data.draw(TEXT)
        return (text + "x" * shortest)[: max(shortest, min(len(text), longest))]
    if kind is AppCommandOptionType.integer:
        low = int(parameter.min_value) if parameter.min_value is not None else -(2**53 - 1)
        high = int(parameter.max_value) if parameter.max_value is not None else 2**53 - 1
        return data.draw(st.one_of(st.integers(low, high), st.sampled_from([low, high])))
    if kind is AppCommandOptionType.number:
        low = float(parameter.min_value) if parameter.min_value is not None else -1e9
        high = float(parameter.max_value) if parameter.max_value is not None else 1e9
        return data.draw(st.floats(low, high, allow_nan=False))
    if kind is AppCommandOptionType.boolean:
        return data.draw(st.booleans())
    if kind is AppCommandOptionType.user:
        return data.draw(st.sampled_from(people))
    raise AssertionError(f"the fuzz test does not know option type {kind}")


async def set_the_table(w: World) -> dict[str, Any]:
    alice, bob, carol, dave, erin = w.players
    fg = w.guild.create_text_channel("fagins-table")
    empty = w.guild.create_text_channel("empty")
    await alice.slash(w.channel, "game new", game="fantasy-business")
    for member in (bob, carol):
        await member.slash(w.channel, "game join")
    await alice.slash(w.channel, "game start", first=bob)
    await dave.slash(fg, "game new", game="fagins-gang")
    await erin.slash(fg, "game join")
    await dave.slash(fg, "game start", first=dave)
    return {"table": w.channel, "fagins-table": fg, "empty": empty}


def answers(result: simcord.InteractionResult) -> list[str]:
    said = [result.response.content] if result.response is not None else []
    return said + [message.content for message in result.followups]


async def play(data: st.DataObject, config: Settings) -> int:
    with tempfile.TemporaryDirectory() as folder:
        fresh = config.model_copy(update={"database_path": Path(folder) / "fuzz.db"})
        return await play_in(data, fresh)


async def play_in(data: st.DataObject, config: Settings) -> int:
    async with world(config, 5) as w:
        places = await set_the_table(w)
        outsider = w.guild.add_member(w.env.create_user("mallory"))
        people = [*w.players, outsider]
        commands = leaves(w)
        ran = 0
        for _ in range(COMMANDS_PER_EXAMPLE):
            leaf = data.draw(st.sampled_from(commands))
            actor = data.draw(st.sampled_from(people))
            where = data.draw(st.sampled_from([*places, *(["dm"] if leaf.in_dms else [])]))
            options = {}
            for parameter in leaf.parameters:
                if parameter.required or data.draw(st.booleans()):
                    options[parameter.name] = value_for(data, parameter, people)
            if where == "dm":
                result = await actor.user.slash(leaf.name, **options)
            else:
                result = await actor.slash(places[where], leaf.name, **options)
            ran += 1
            for text in answers(result):
                assert not text.startswith("⚠️") and FAILURE_TEXT not in text, (
                    f"/{leaf.name} {options} by {actor.user.name} in {where}: {text}"
                )
        simcord.assert_no_errors(w.env)
        return ran


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    # A failing sequence is printed as it is: shrinking whole games costs minutes.
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_no_command_option_or_place_makes_the_bot_fail(
    settings: Settings, data: st.DataObject
) -> None:
    assert asyncio.run(play(data, settings)) == COMMANDS_PER_EXAMPLE
