"""A busy server in the simulated Discord: many `/give`s at once (`python -m bench bursts`).

Twenty Fantasy Business tables of five players each; every table gets 50 `/give 1 gold`
at once (1,000 interactions arriving together), then one table alone gets 50. The real
bot runs against simcord on a SQLite file, as `python -m bot` runs it. Printed: the
seconds until every interaction was answered and the bot had settled (its live edits
and channel messages sent), the accepted and refused counts, and the checks: every
accepted move is in its game's log, versions are consecutive, each log replays to the
stored state.
"""

import asyncio
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import simcord
from simcord.builders import ChannelHandle

from bot.edge.app import SmithfieldBot, create_bot, simulated_shard_count
from bot.settings import Settings
from rules.registry import GAMES
from tests.discord.bursts import Burst, Call, burst

TABLES = 20
PLAYERS = 5
PER_TABLE = 50
NAMES = ["alice", "bob", "carol", "dave", "erin"]


@dataclass
class Figures:
    commands: int
    seconds: float
    accepted: int
    refused: int


def gives(members: list[simcord.MemberActor], channel: ChannelHandle, count: int) -> list[Call]:
    """`count` gifts of one gold round the table: each player to the next."""
    calls = []
    for k in range(count):
        giver = members[k % len(members)]
        taker = members[(k + 1) % len(members)]
        calls.append(Call(giver, channel, "give", {"member": taker, "gold": 1}))
    return calls


def check(bot: SmithfieldBot, channels: list[ChannelHandle], done: Burst, before: int) -> Figures:
    """Every interaction answered; every accepted move in the log, once; versions
    consecutive; each log replaying to its stored state."""
    service, store = bot.service, bot.service.store
    unanswered = [r for r in done.results if not r.acknowledged]
    assert not unanswered, f"{len(unanswered)} interactions left unanswered"
    refused = sum(1 for r in done.results if _refusal(r))
    moves = 0
    for channel in channels:
        game = store.open_game(channel.id)
        assert game is not None
        log = store.actions(game.id)
        assert [row.seq for row in log] == list(range(1, len(log) + 1)), "log gaps"
        gifts = [row for row in log if row.action.get("type") == "give"]
        moves += len(gifts)
        assert GAMES[game.kind].dump_state(service.replay(game.id)) == game.state, "replay"
    accepted = moves - before
    assert accepted + refused == len(done.results), (accepted, refused, len(done.results))
    return Figures(len(done.results), done.seconds, accepted, refused)


def _refusal(result: simcord.InteractionResult) -> bool:
    texts = [m.content or "" for m in [result.response, *result.followups] if m is not None]
    return any(text.startswith("❌") for text in texts)


async def run(
    folder: Path, tables: int = TABLES, per_table: int = PER_TABLE
) -> tuple[Figures, Figures]:
    """The burst across `tables` channels, then `per_table` moves in one channel alone."""
    settings = Settings().model_copy(update={"database_path": folder / "burst.db", "seed": 3})
    bot = create_bot(settings)
    shards = simulated_shard_count(bot)
    async with simcord.run(bot, settle_timeout=600.0, shard_count=shards) as env:
        guild = env.create_guild(name="Smithfield")
        members = [guild.add_member(env.create_user(name)) for name in NAMES[:PLAYERS]]
        channels = [guild.create_text_channel(f"table-{n}") for n in range(tables)]
        for channel in channels:
            host = members[0]
            await host.slash(channel, "game new", game="fantasy-business")
            for member in members[1:]:
                await member.slash(channel, "game join")
            await host.slash(channel, "game start")
        versions = _versions(bot, channels)
        calls = [call for channel in channels for call in gives(members, channel, per_table)]
        many = check(bot, channels, await burst(env, calls), 0)
        _consecutive(bot, channels, versions, many.accepted)
        one = channels[:1]
        versions = _versions(bot, one)
        before = many.accepted
        done = await burst(env, gives(members, one[0], per_table))
        single = check(bot, channels, done, before)
        _consecutive(bot, one, versions, single.accepted)
    return many, single


def _versions(bot: SmithfieldBot, channels: list[ChannelHandle]) -> dict[int, int]:
    found = {}
    for channel in channels:
        game = bot.service.store.open_game(channel.id)
        assert game is not None
        found[channel.id] = game.version
    return found


def _consecutive(
    bot: SmithfieldBot, channels: list[ChannelHandle], versions: dict[int, int], accepted: int
) -> None:
    """One new version per accepted move, no more, no fewer (over the channels)."""
    store = bot.service.store
    grown = 0
    for channel in channels:
        game = store.open_game(channel.id)
        assert game is not None
        grown += game.version - versions[channel.id]
    assert grown == accepted, (grown, accepted)


def main() -> None:
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="smithfield-burst-") as folder:
        many, one = asyncio.run(run(Path(folder)))
    print(
        f"burst: {many.commands} simultaneous /give across {TABLES} channels answered in "
        f"{many.seconds:.1f} s ({many.accepted} accepted, {many.refused} refused); "
        f"{one.commands} in one channel in {one.seconds:.1f} s ({one.accepted} accepted); "
        f"every accepted move in the log, versions consecutive, replays equal "
        f"({time.perf_counter() - started:.0f} s with setup)"
    )
