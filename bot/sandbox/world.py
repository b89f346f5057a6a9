"""`python -m bot sandbox`: the real bot in a simulated Discord, played in a browser.

A newcomer without a Discord application gets the unmodified bot from `create_bot`
running against simcord (a simulated Discord for discord.py) in a server with a #table
channel and named players, and a local page (simcord's preview) where they act as any
player. Nothing leaves the machine: the pages are served on 127.0.0.1 only and each
needs a secret that is only in the printed URL.

Every run builds a new simulated world, so a game stored in the sandbox database must
find the same channel and players again. Snowflakes in simcord come from its virtual
clock and a per-millisecond counter, so the world is built *before* the clock is moved
and before the bot starts: the guild id is pinned and the channel and player ids depend
only on the order they are created in, which never changes (a test checks it).

The bot keeps its own clock (`discord.utils.utcnow`, virtual under simcord). After the
world is built the virtual clock is set to the real time, and a ticker keeps it in step
with the real clock, so message times are real, the scheduler's once-a-minute loop runs
every real minute, and deadlines stored before a restart fall due at the real moment.
"""

import asyncio
import contextlib
import logging
import signal
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import simcord
from simcord.builders import ChannelHandle, GuildHandle, WebhookHandle

from bot.edge.app import SmithfieldBot, create_bot, simulated_shard_count
from bot.i18n import _, listing, speaking
from bot.sandbox.command_names import german_command_names
from bot.sandbox.rooms import Room, RoomServer
from bot.settings import Settings
from rules.registry import GAMES

log = logging.getLogger(__name__)

PLAYER_NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi")
MAX_PLAYERS = len(PLAYER_NAMES)
DEFAULT_PLAYERS = 4
DEFAULT_PORT = 8765
# Pinned so games stored by an earlier run belong to this server again.
GUILD_ID = 1_300_000_000_000_000_000
TICK_SECONDS = 1.0
# One tick never moves the virtual clock further than this; a longer gap (a suspended
# laptop) is caught up over several ticks so each stays short.
MAX_STEP_SECONDS = 60.0


@dataclass
class SandboxWorld:
    """The simulated server: what a restart must find again with the same ids."""

    env: simcord.Env
    guild: GuildHandle
    table: ChannelHandle
    players: list[simcord.MemberActor]
    notes: WebhookHandle


def sandbox_settings(settings: Settings) -> Settings:
    """The same settings on the sandbox's own database.

    The simulated Discord forgets registered commands between runs, while the database
    remembers that they were synced; so the sandbox always syncs.
    """
    return settings.model_copy(
        update={
            "database_path": settings.sandbox_database_path,
            "force_sync": True,
            "dev_guild_id": None,
        }
    )


def build_world(env: simcord.Env, players: int, language: str = "en") -> SandboxWorld:
    """The server, #table and the players, in an order that gives the same ids each run.
    `language` is the server's preferred language (new tables default to it)."""
    if not 1 <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be between 1 and {MAX_PLAYERS}")
    env.backend.bot_user.name = "Smithfield"
    guild = env.create_guild(
        "Smithfield sandbox", id=GUILD_ID, preferred_locale="de" if language == "de" else None
    )
    table = guild.create_text_channel("table", topic="Play here: /game new, /game join, ...")
    # Players are created after the channel, so fewer or more players keep these ids.
    members = [guild.add_member(env.create_user(name)) for name in PLAYER_NAMES[:players]]
    notes = guild.create_webhook(table, "Sandbox")
    return SandboxWorld(env, guild, table, members, notes)


@contextlib.contextmanager
def german_clients() -> Iterator[None]:
    """Every simulated player's Discord client set to German: simcord sends each
    interaction with the locale `en-US`, a German client sends `de`."""
    from simcord import interactions

    original = interactions.base_payload

    def german(*args: Any, **kwargs: Any) -> Any:
        record, payload = original(*args, **kwargs)
        payload["locale"] = "de"
        if "guild_locale" in payload:
            payload["guild_locale"] = "de"
        return record, payload

    interactions.base_payload = german
    try:
        yield
    finally:
        interactions.base_payload = original


def real_now() -> datetime:
    return datetime.now(UTC)


class Sandbox:
    """The bot in a simulated server with its page; `async with` runs it."""

    def __init__(
        self,
        settings: Settings,
        *,
        players: int = DEFAULT_PLAYERS,
        port: int = DEFAULT_PORT,
        tick: bool = True,
        clock: Callable[[], datetime] = real_now,
        language: str = "en",
    ) -> None:
        self.settings = sandbox_settings(settings)
        self.player_count = players
        self.language = language
        """"de": a German server whose players' Discord is set to German."""
        self.port = port
        self.tick = tick
        self.real_clock = clock
        self._world: SandboxWorld | None = None
        self._rooms: RoomServer | None = None
        self._stack = contextlib.AsyncExitStack()
        self._ticker: asyncio.Task[None] | None = None

    @property
    def world(self) -> SandboxWorld:
        assert self._world is not None, "the sandbox is not running"
        return self._world

    @property
    def env(self) -> simcord.Env:
        return self.world.env

    @property
    def bot(self) -> SmithfieldBot:
        bot = self.env.bot
        assert isinstance(bot, SmithfieldBot)
        return bot

    @property
    def rooms(self) -> RoomServer:
        assert self._rooms is not None, "the sandbox is not running"
        return self._rooms

    @property
    def url(self) -> str:
        """The room list: loopback address plus the secret in the fragment."""
        return self.rooms.url

    async def __aenter__(self) -> "Sandbox":
        try:
            await self._start()
        except BaseException:
            await self._stack.aclose()
            raise
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self._stack.aclose()

    async def _start(self) -> None:
        bot = create_bot(self.settings)
        self._stack.callback(bot.service.close)
        # The sandbox runs until stopped; bot errors are logged by discord.py as on
        # Discord instead of being collected for a test to inspect.
        env = simcord.Env(bot, check_errors=False, shard_count=simulated_shard_count(bot))
        self._world = build_world(env, self.player_count, self.language)
        if self.language == "de":
            self._stack.enter_context(german_clients())
            self._stack.enter_context(german_command_names())
        lag = (self.real_clock() - env.now()).total_seconds()
        env.backend.clock.advance(max(0.0, lag))
        await env.start()
        self._stack.push_async_callback(env.shutdown)
        self._stack.enter_context(env.time_context())
        await self._post_welcome()
        self._rooms = RoomServer(env, self._room_list(), self.port, self.language)
        await self._rooms.start()
        self._stack.push_async_callback(self._rooms.close)
        if self.tick:
            self._ticker = asyncio.create_task(self._tick_forever(), name="sandbox-ticker")
            self._stack.push_async_callback(self._stop_ticker)

    def _room_list(self) -> list[Room]:
        world = self.world
        with speaking(self.language):
            table = Room(
                key="table",
                label="#table",
                hint=_("the game channel; act as any player with the viewer switch"),
                channel=world.table,
                viewers=tuple(world.players),
            )
            direct = [
                Room(
                    key=f"dm-{player.user.name}",
                    label=_("{name}'s DMs").format(name=player.user.name),
                    hint=_("what the bot sent privately: price sheets, hands"),
                    channel=None,
                    viewers=(player.user,),
                )
                for player in world.players
            ]
        return [table, *direct]

    async def _post_welcome(self) -> None:
        """A short note in #table: a new world has no old messages, the database has the
        game. It speaks the sandbox's language and names the commands as its players'
        clients list them (a German sandbox's players type `/spiel neu`)."""
        with speaking(self.language):
            text = self._welcome()
        await self.world.notes.send(text, username="Sandbox")

    def _welcome(self) -> str:
        world = self.world
        store = self.bot.service.store
        game = store.open_game(world.table.id)
        if game is None:
            return _(
                "Welcome to the Smithfield sandbox. Start a table with "
                "`/game new game:fantasy-business` (or `fagins-gang`), switch player at the top "
                "to `/game join` as the others, then `/game start`. `/rules` explains the games."
            )
        title = GAMES[game.kind].title if game.kind in GAMES else game.kind
        if game.status == "lobby":
            text = _(
                "The sandbox restarted: earlier messages are gone, but the {game} lobby at "
                "this table goes on. `/game status` shows it."
            ).format(game=title)
        else:
            text = _(
                "The sandbox restarted: earlier messages are gone, but the {game} game at "
                "this table goes on. `/game status` shows it."
            ).format(game=title)
        present = {player.id for player in world.players}
        missing = [
            seat.display_name for seat in store.seats(game.id) if seat.user_id not in present
        ]
        if missing:
            text += " " + _(
                "Not in this run: {names} (start the sandbox with more `--players`)."
            ).format(names=listing(missing))
        return text

    async def _tick_forever(self) -> None:
        while True:
            await asyncio.sleep(TICK_SECONDS)
            await self.tick_once()

    async def tick_once(self) -> None:
        """Bring the virtual clock up to the real one, then show what the bot did.

        A tick never waits for a page action (the rooms' lock): it would then refresh the
        rooms just as the page reads what its action did. It is skipped instead; the next
        one catches the clock up. Ticks and page actions never overlap, because simcord
        refuses an action while a tick runs, and the page then stops acting until reloaded.
        """
        rooms = self.rooms
        if rooms.lock.locked():
            return
        env = self.env
        async with rooms.lock:
            lag = (self.real_clock() - env.now()).total_seconds()
            try:
                if lag > 0:
                    await env.advance_time(min(lag, MAX_STEP_SECONDS))
                await rooms.publish_changes()
            except simcord.SetupError as error:
                # Python code driving the world directly (a test's actors) owns it now.
                log.debug("tick skipped: %s", error)
            except TimeoutError:
                log.warning("the bot did not settle within a tick; trying again")

    async def _stop_ticker(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._ticker


def ready_line(url: str) -> str:
    return (
        f"Smithfield sandbox: open {url} — pick #table or a player's DMs, act as any player "
        "with the viewer switch; Ctrl-C stops."
    )


async def run_sandbox(settings: Settings, *, players: int, port: int, language: str = "en") -> None:
    """Run until Ctrl-C (SIGINT) or SIGTERM."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    async with Sandbox(settings, players=players, port=port, language=language) as sandbox:
        print(ready_line(sandbox.url), flush=True)
        await stop.wait()
