"""The game service: load -> apply -> persist, one channel at a time.

Everything a command does to a game goes through here. A command's work is a plain
function run in a store worker thread (so a slow or locked database never freezes the
event loop) under the channel's lock (so one channel's moves keep their order), and it
is one database transaction: every read a command bases its checks on, and every write
it makes (game row, seats, log rows, deadline, autopilot moves), commits together or not
at all. The service is generic over games through `rules.protocol.GameRules` and returns
an `Outcome` (messages by audience) for the cogs to deliver.
"""

import asyncio
import contextvars
import logging
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial
from typing import Any, TypeVar

from pydantic import BaseModel

from bot import robots
from bot.clock import Clock, system_clock
from bot.i18n import ENGLISH, N_, _, n_, say, speaking
from bot.limits import newest_lines
from bot.live import Activity
from bot.messages import TABLE, Live, Message, Outcome, Private
from bot.presenters import PRESENTERS, Presenter
from bot.records import results
from bot.records.fingerprint import fingerprint
from bot.render.generic import LOBBY, EventPresenter, joined, language_line, lobby_embed
from bot.replay import Replayed, is_undo, replay, rules_options
from bot.store import (
    ActionRow,
    ChannelBusy,
    DatabaseBusy,
    DatabaseUnavailable,
    GameRow,
    Store,
    VersionConflict,
)
from bot.strong_worker import StrongWorker
from bot.table import Table
from bot.timing import UNTIMED_STEP_HOURS, deadline_changes, same_step, stamp, timer_line
from rules.errors import RuleError
from rules.events import Event
from rules.names import shown
from rules.protocol import GameRules
from rules.words import Seat

T = TypeVar("T")
log = logging.getLogger(__name__)

ActionBuilder = Callable[[Table, int], Any]
"""Turns the command's input into an action, given the table (with its current state)
and the actor's seat; may raise RuleError (e.g. a plan that does not parse)."""

STATE_CACHE_SIZE = 256
MAX_AUTOPILOT_STEPS = 500
"""A game where every seat is on autopilot still stops after this many moves per call."""
STORE_THREADS = 4
RACE_RETRIES = 3
"""How often a command whose transaction lost a race (a version conflict, a deadlock) is
run again on fresh reads before the player is told to try again."""
SCHEDULING_COLUMNS = frozenset({"deadline", "reminded", "remind_hours", "paused_at", "status"})


@dataclass(frozen=True)
class Step:
    seat: int
    user_id: int | None
    action: Any
    before: Any
    after: Any
    events: list[Event]


def _payload(action: Any) -> Any:
    return action.model_dump(mode="json") if isinstance(action, BaseModel) else action


@dataclass(frozen=True)
class Place:
    """Where a command was used: the game lives in `channel_id` (a channel or thread)."""

    channel_id: int
    guild_id: int | None


@dataclass(frozen=True)
class Actor:
    user_id: int
    display_name: str
    may_manage: bool = False
    """Has Manage Channels where the command was used (may abort others' games)."""
    language: str = ""
    """The language of their Discord client ("en", "de"; "" unknown): their replies
    speak it, and it is remembered on their seat for DMs sent later."""


NO_GAME = N_("There is no game in this channel. Start one with `/game new`.")
NOT_SEATED = N_("You are not seated in this game.")
NO_TABLE_IN_DMS = N_(
    "Tables are opened in a server channel or thread, where the other players can join."
)
BUSY = N_(
    "The table is busy: the database stayed locked by another process. Nothing changed; "
    "try again in a moment."
)
RACED = N_("Another move reached the game first; nothing changed, please try again.")
UNREACHABLE = N_(
    "The table is busy: the database could not be reached. Nothing changed; try again in a moment."
)
GONE = N_("That game has ended or changed since you asked; nothing was done.")
LEVEL_WORDS = (N_("random"), N_("standard"), N_("strong"))
"""The AI levels as players read them (translated where shown)."""
NOT_HERE = Outcome.refusal(NO_GAME)
"""`_act_here`'s answer when the channel has no game: look for the player's game instead."""


class GameService:
    def __init__(
        self,
        store: Store,
        games: Mapping[str, GameRules],
        *,
        clock: Clock = system_clock,
        seed: int | None = None,
        presenters: Mapping[str, Presenter] = PRESENTERS,
    ) -> None:
        self.store = store
        self.games = games
        self.presenters = presenters
        self.clock = clock
        self.seed = seed
        self._locks: dict[int, asyncio.Lock] = {}
        self._live_locks: dict[tuple[int, str, int], asyncio.Lock] = {}
        self._channels: dict[int, int] = {}
        self.activity = Activity()
        """Messages seen in each channel since its table message (see bot.live)."""
        self.dm_refused: set[tuple[int, int, str]] = set()
        """(game, user, step) whose DM could not be delivered: the channel was told once."""
        self._states: OrderedDict[int, tuple[int, Any, dict[str, Any]]] = OrderedDict()
        self._states_guard = threading.Lock()
        self._executor = ThreadPoolExecutor(STORE_THREADS, thread_name_prefix="smithfield-store")
        self._committed = threading.local()
        self.on_deadlines_changed: Callable[[], None] | None = None
        """Called (on the event loop) after a command that may have moved a deadline."""
        self.on_ai_due: Callable[[int], None] | None = None
        """Called (on the event loop) with a game's id when a command leaves it waiting
        on an AI seat that the runner plays (cogs/robots.py)."""
        self.ai_seconds = 2.0
        """`strong`'s time budget per decision (the SMITHFIELD_AI_SECONDS setting)."""
        self.ai_pace = 5.0
        """Seconds between the moves of a game of AIs alone (SMITHFIELD_AI_PACE)."""
        self.strong_worker = StrongWorker()

    def presenter(self, kind: str) -> Presenter:
        return self.presenters.get(kind) or EventPresenter()

    def lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    def live_lock(self, key: tuple[int, str, int]) -> asyncio.Lock:
        """One update at a time per kept-up-to-date message (see bot.live)."""
        return self._live_locks.setdefault(key, asyncio.Lock())

    def close(self) -> None:
        self.strong_worker.close()
        self._executor.shutdown(wait=True)
        self.store.close()

    # -- running work off the event loop ---------------------------------------------------

    async def call(self, work: Callable[..., T], *args: Any) -> T:
        """Run `work` in a store thread: the event loop keeps serving other channels. The
        work runs in a copy of the caller's context, so it speaks the caller's language."""
        loop = asyncio.get_running_loop()
        context = contextvars.copy_context()
        return await loop.run_in_executor(self._executor, partial(context.run, work, *args))

    async def command(self, channel_id: int, work: Callable[[], Outcome]) -> Outcome:
        """A command's work: in a store thread, under the channel's lock, as one
        transaction. Its first read of the game locks the game's row (`for_update`), so
        a command in another process waits for this one instead of racing it; a race
        lost all the same (a version conflict, a deadlock) runs the work again on fresh
        reads, a few times. A database that stays locked or cannot be reached, or a race
        lost every time, is a clear refusal and nothing changed."""
        async with self.lock(channel_id):
            outcome, moved = await self.call(self._transaction, work)
        if moved and self.on_deadlines_changed is not None:
            self.on_deadlines_changed()
        if outcome.accepted and outcome.ai_due is not None and self.on_ai_due is not None:
            self.on_ai_due(outcome.ai_due)
        return outcome

    def _transaction(self, work: Callable[[], Outcome]) -> tuple[Outcome, bool]:
        for attempt in range(RACE_RETRIES + 1):
            try:
                return self._attempt(work)
            except VersionConflict:
                if attempt == RACE_RETRIES:
                    return Outcome.refusal(RACED), False
            except DatabaseBusy:
                return Outcome.refusal(BUSY), False
            except DatabaseUnavailable:
                return Outcome.refusal(UNREACHABLE), False
        raise AssertionError("unreachable")  # the loop always returns

    def _attempt(self, work: Callable[[], Outcome]) -> tuple[Outcome, bool]:
        """Run `work` once in one transaction (all of it commits, or none of it)."""
        committed = self._committed
        committed.states, committed.moved = [], False
        try:
            with self.store.transaction():
                outcome = work()
        finally:
            parsed, committed.states = committed.states, []
        # Only states that reached the database may be served from memory.
        for table in parsed:
            self._remember(table.game.id, table.game.version, table.state, table.memo)
        return outcome, bool(committed.moved)

    def save(self, game: GameRow, *, now: datetime, **changes: Any) -> GameRow:
        """Write a new version of a game inside the current command; a change to what the
        scheduler waits for (deadline, reminder, pause, end) wakes it after the commit."""
        if SCHEDULING_COLUMNS & changes.keys():
            self._committed.moved = True
        return self.store.update_game(game, now=now, **changes)

    # -- reading -------------------------------------------------------------------------

    def _parsed(self, game: GameRow) -> tuple[Any, dict[str, Any]]:
        """A stored state parsed once per version, with what is derived from it (its
        public view): hot games stay parsed in memory."""
        if game.state is None:
            return None, {}
        with self._states_guard:
            cached = self._states.get(game.id)
            if cached is not None and cached[0] == game.version:
                self._states.move_to_end(game.id)
                return cached[1], cached[2]
        state = self.games[game.kind].load_state(game.state)
        memo: dict[str, Any] = {}
        self._remember(game.id, game.version, state, memo)
        return state, memo

    def _remember(self, game_id: int, version: int, state: Any, memo: dict[str, Any]) -> None:
        with self._states_guard:
            self._states[game_id] = (version, state, memo)
            self._states.move_to_end(game_id)
            while len(self._states) > STATE_CACHE_SIZE:
                self._states.popitem(last=False)

    def remember_after_commit(self, table: Table) -> None:
        """Keep a table's parsed state (and what was derived from it) once the command's
        transaction commits: only states that reached the database are served."""
        pending: list[Table] | None = getattr(self._committed, "states", None)
        if pending is None:
            self._remember(table.game.id, table.game.version, table.state, table.memo)
        else:
            pending.append(table)

    def table_for(self, game: GameRow) -> Table:
        state, memo = self._parsed(game)
        return Table(game, self.store.seats(game.id), self.games[game.kind], state, memo)

    def table(self, channel_id: int) -> Table | None:
        """The channel's open game, for autocomplete and read-only views."""
        game = self.store.open_game(channel_id)
        return None if game is None else self.table_for(game)

    # -- lobby ---------------------------------------------------------------------------

    async def new_game(
        self,
        place: Place,
        actor: Actor,
        kind: str,
        raw_options: Mapping[str, Any],
        language: str = ENGLISH,
    ) -> Outcome:
        """Open a lobby; `language` is the table's (every public message speaks it)."""
        if place.guild_id is None:
            # Nobody else could join a table in a DM, and it would shadow the player's
            # real games for the game commands they use in DMs.
            return Outcome.refusal(NO_TABLE_IN_DMS)
        rules = self.games.get(kind)
        if rules is None:
            known = ", ".join(sorted(self.games))
            return Outcome.refusal(
                _("There is no game called “{kind}”. Choose one of: {known}.").format(
                    kind=shown(kind), known=known
                )
            )
        try:
            options = rules.validate_options(raw_options)
        except RuleError as error:
            return Outcome.refusal(say(error.say))
        if language != ENGLISH:
            options = {**options, "language": language}
        return await self.command(
            place.channel_id, partial(self._new_game, place, actor, rules, options)
        )

    def _new_game(
        self, place: Place, actor: Actor, rules: GameRules, options: dict[str, Any]
    ) -> Outcome:
        existing = self.store.open_game(place.channel_id, for_update=True)
        if existing is not None:
            return Outcome.refusal(self._busy(existing))
        seed = self.seed if self.seed is not None else secrets.randbits(48)
        now = self.clock()
        try:
            game = self.store.create_game(
                channel_id=place.channel_id,
                guild_id=place.guild_id,
                kind=rules.kind,
                host_id=actor.user_id,
                options=options,
                seed=seed,
                now=now,
                rules_hash=fingerprint(rules.kind),
            )
        except ChannelBusy:
            return Outcome.refusal(self._busy(self.store.open_game(place.channel_id)))
        self.store.add_seat(game.id, actor.user_id, actor.display_name, now, locale=actor.language)
        table = self.table_for(game)
        with table.public_voice():
            line = _("🎲 {host} opened a **{game}** table: `/game join` to sit down.").format(
                host=f"<@{actor.user_id}>", game=rules.title
            )
        return self.publish(table, Outcome(lines=[line]))

    def _busy(self, game: GameRow | None) -> str:
        if game is None:
            return _("This channel is busy; try again.")
        title = self.games[game.kind].title
        text = (
            _(
                "This channel already has a lobby of {game} (host {host}). "
                "Finish or `/game abort` it first, or play in another channel or a thread."
            )
            if game.status == "lobby"
            else _(
                "This channel already has a running game of {game} (host {host}). "
                "Finish or `/game abort` it first, or play in another channel or a thread."
            )
        )
        return text.format(game=title, host=f"<@{game.host_id}>")

    async def join(self, place: Place, actor: Actor) -> Outcome:
        return await self.command(place.channel_id, partial(self._join, place, actor))

    def _join(self, place: Place, actor: Actor) -> Outcome:
        game = self.store.open_game(place.channel_id, for_update=True)
        if game is None:
            return Outcome.refusal(NO_GAME)
        if game.status != "lobby":
            return Outcome.refusal(_("This game has already started; seats are fixed."))
        table = self.table_for(game)
        if table.seat_of(actor.user_id) is not None:
            return Outcome.refusal(_("You are already seated at this table."))
        if len(table.seats) >= table.rules.max_players:
            return Outcome.refusal(
                _("The table is full: {game} takes at most {count} players.").format(
                    game=table.rules.title, count=table.rules.max_players
                )
            )
        now = self.clock()
        self.store.add_seat(game.id, actor.user_id, actor.display_name, now, locale=actor.language)
        game = self.save(game, now=now)  # a new version: the lobby message is redrawn
        seated = len(table.seats) + 1
        table = self.table_for(game)
        with table.public_voice():
            line = _("🪑 **{name}** joined the table ({count} seated).").format(
                name=actor.display_name, count=seated
            )
        return self.publish(table, Outcome(lines=[line]))

    async def leave(self, place: Place, actor: Actor) -> Outcome:
        return await self.command(place.channel_id, partial(self._leave, place, actor))

    def _leave(self, place: Place, actor: Actor) -> Outcome:
        game = self.store.open_game(place.channel_id, for_update=True)
        if game is None:
            return Outcome.refusal(NO_GAME)
        table = self.table_for(game)
        if table.seat_of(actor.user_id) is None:
            return Outcome.refusal(_("You are not seated at this table."))
        if game.status != "lobby":
            return Outcome.refusal(
                _(
                    "The game has started, so you cannot simply leave; "
                    "ask the host, or use `/game resign` to hand your seat to the autopilot."
                )
            )
        now = self.clock()
        self.store.remove_seat(game.id, actor.user_id)
        seats = self.store.seats(game.id)
        with speaking(game.options.get("language", ENGLISH)):
            if not seats:
                game = self.save(game, now=now, status="aborted")
                line = _("🚪 **{name}** left; the table is empty, so the lobby is closed.").format(
                    name=actor.display_name
                )
                return self.publish(
                    self.table_for(game), Outcome(lines=[line]), closing=_("🚪 Closed.")
                )
            lines = [
                _("🚪 **{name}** left the table ({count} seated).").format(
                    name=actor.display_name, count=len(seats)
                )
            ]
            people = [seat for seat in seats if not seat.is_ai]
            if game.host_id == actor.user_id and people:
                game = self.save(game, now=now, host_id=people[0].user_id)
                lines.append(_("**{name}** is now the host.").format(name=people[0].display_name))
            else:
                # With only AI players left, the host stays host without a seat: they can
                # start a game that plays itself, or close the table.
                game = self.save(game, now=now)
                if game.host_id == actor.user_id:
                    lines.append(
                        _(
                            "Only AI players are seated: the host can still `/game start` a "
                            "game that plays itself, or `/game abort`."
                        )
                    )
        return self.publish(self.table_for(game), Outcome(lines=lines))

    async def start(self, place: Place, actor: Actor, first_user: int | None) -> Outcome:
        return await self.command(place.channel_id, partial(self._start, place, actor, first_user))

    def _start(self, place: Place, actor: Actor, first_user: int | None) -> Outcome:
        game = self.store.open_game(place.channel_id, for_update=True)
        if game is None:
            return Outcome.refusal(NO_GAME)
        if game.status != "lobby":
            return Outcome.refusal(_("This game has already started."))
        if actor.user_id != game.host_id:
            return Outcome.refusal(
                _("Only the host ({host}) can start the game.").format(host=f"<@{game.host_id}>")
            )
        table = self.table_for(game)
        rules = table.rules
        count = len(table.seats)
        if count < rules.min_players:
            return Outcome.refusal(
                n_(
                    "{game} needs at least {least} players; {n} is seated.",
                    "{game} needs at least {least} players; {n} are seated.",
                    count,
                ).format(game=rules.title, least=rules.min_players, n=count)
            )
        first: int | None = None
        if first_user is not None:
            first = table.seat_of(first_user)
            if first is None:
                return Outcome.refusal(
                    _("{who} is not seated at this table.").format(who=f"<@{first_user}>")
                )
        try:
            options = rules.validate_options(rules_options(game.options)[0], count)
            state, events = rules.setup(count, {**options}, game.seed, first)
        except RuleError as error:
            return Outcome.refusal(say(error.say))
        now = self.clock()
        stored = {**options, "first_seat": first, "ai_seed": robots.new_ai_seed(self.seed)}
        if "language" in game.options:
            stored["language"] = game.options["language"]
        timing = deadline_changes(
            game, [], rules.waiting_on(state), self.phase_of(game, rules, state), now
        )
        if all(seat.is_ai for seat in table.seats):
            timing = self._paced(now)
        game = self.save(
            game,
            now=now,
            state=rules.dump_state(state),
            status="active",
            options=stored,
            started_at=now.isoformat(),
            **timing,
        )
        table = Table(game, table.seats, rules, state)
        self.remember_after_commit(table)
        outcome = self.presenter(game.kind).started(table, events)
        players = ", ".join(f"**{name}**" for name in table.names)
        with table.public_voice():
            closing = _("✔️ The game started below with {players}.").format(players=players)
        outcome.ai_due = game.id if self._runner_due(table) else None
        return self.publish(table, outcome, closing=closing)

    async def abort(self, place: Place, actor: Actor, game_id: int | None = None) -> Outcome:
        """Abort the channel's table (`game_id`: only if it is still that game)."""
        return await self.command(place.channel_id, partial(self._abort, place, actor, game_id))

    def abortable(self, place: Place, actor: Actor, game_id: int | None = None) -> GameRow | str:
        """The table `actor` may abort here, or why not (locking it inside a command)."""
        game = self.store.open_game(place.channel_id, for_update=True)
        if game is None or (game_id is not None and game.id != game_id):
            return NO_GAME if game_id is None else GONE
        if actor.user_id != game.host_id and not actor.may_manage:
            return _(
                "Only the host ({host}) or someone with Manage Channels can abort this game."
            ).format(host=f"<@{game.host_id}>")
        return game

    def _abort(self, place: Place, actor: Actor, game_id: int | None) -> Outcome:
        game = self.abortable(place, actor, game_id)
        if isinstance(game, str):
            return Outcome.refusal(game)
        lobby = game.status == "lobby"
        game = self.save(game, now=self.clock(), status="aborted", deadline=None)
        title = self.games[game.kind].title
        table = self.table_for(game)
        with table.public_voice():
            line = (
                _(
                    "🛑 The {game} lobby was aborted by **{name}**. "
                    "The channel is free for `/game new`."
                )
                if lobby
                else _(
                    "🛑 The {game} game was aborted by **{name}**. "
                    "The channel is free for `/game new`."
                )
            ).format(game=title, name=actor.display_name)
            closing = _("🛑 Aborted.")
        return self.publish(table, Outcome(lines=[line]), closing=closing)

    async def status(self, place: Place, actor: Actor, share: bool = False) -> Outcome:
        return await self.call(self._status, place, actor, share)

    def _status(self, place: Place, actor: Actor, share: bool) -> Outcome:
        game = self.store.open_game(place.channel_id) or self.store.last_finished_game(
            place.channel_id
        )
        if game is None:
            return Outcome.refusal(NO_GAME)
        table = self.table_for(game)
        with table.public_voice() if share else nullcontext():
            shown = self._shown_status(table, actor)
        shown.channel_id = game.channel_id
        if share:
            return shown
        # Private by default: everything in one answer only the asker sees.
        parts = [*shown.public, *([shown.reply] if shown.reply else [])]
        return Outcome(reply=joined(parts), channel_id=game.channel_id)

    def _shown_status(self, table: Table, actor: Actor) -> Outcome:
        game = table.game
        presenter = self.presenter(game.kind)
        if game.status == "lobby":
            return Outcome(public=[Message(embeds=[lobby_embed(table)])])
        if game.status == "finished":
            ended = _("This game ended {when}; `/game new` opens the next one.").format(
                when=stamp(game.updated_at)
            )
            return Outcome(public=[*presenter.finished(table), Message(content=ended)])
        shown = presenter.status(table, table.seat_of(actor.user_id))
        level = game.autopilot_level
        away = [seat.display_name for seat in table.seats if seat.autopilot]
        extra = [timer_line(game), language_line(table)]
        if away:
            extra.append(
                _("🤖 On autopilot ({level} AI): {names}.").format(
                    level=_(level), names=", ".join(away)
                )
            )
        shown.public.append(Message(content="\n".join(extra)))
        return shown

    async def log(self, place: Place, count: int) -> Outcome:
        return await self.call(self._log, place, count)

    def _log(self, place: Place, count: int) -> Outcome:
        game = self.store.open_game(place.channel_id) or self.store.last_finished_game(
            place.channel_id
        )
        if game is None:
            return Outcome.refusal(NO_GAME)
        table = self.table_for(game)
        rows = self.store.actions(game.id, last=count)
        if not rows:
            return Outcome.tell(_("No moves have been made yet."))
        lines = self.log_lines(table, rows)
        if game.status == "finished":
            lines.insert(
                0,
                _("*The last game here ({game}), which has ended:*").format(game=table.rules.title),
            )
        return Outcome.tell(
            newest_lines(lines, note=_("*(older moves left out: they do not fit)*"))
        )

    def log_lines(self, table: Table, rows: list[ActionRow]) -> list[str]:
        """Log rows as `/game log` shows them: who did what, in the presenter's words
        (which never show a secret), taken-back moves struck through."""
        presenter = self.presenter(table.game.kind)
        undos = any(is_undo(row.action) for row in rows)
        taken_back = self._taken_back(table.game.id) if undos else set()
        lines = []
        for row in rows:
            who = table.name(row.seat) if row.seat is not None else _("bot")
            if is_undo(row.action):
                said = _("took back the moves from {seq} on").format(
                    seq=f"`{int(row.action['back_to']):>4}`"
                )
            else:
                said = presenter.describe(table, row.action)
                if row.seq in taken_back:
                    said = _("{move} (taken back)").format(move=f"~~{said}~~")
            lines.append(f"`{row.seq:>4}` **{who}** — {said}")
        return lines

    def _taken_back(self, game_id: int) -> set[int]:
        """The seqs of the log rows a take-back cancelled (from the undo rows alone)."""
        counting: list[int] = []
        cancelled: set[int] = set()
        for row in self.store.actions(game_id):
            if is_undo(row.action):
                back_to = int(row.action["back_to"])
                cancelled |= {seq for seq in counting if seq >= back_to}
                counting = [seq for seq in counting if seq < back_to]
            else:
                counting.append(row.seq)
        return cancelled

    # -- play ----------------------------------------------------------------------------

    def find_game(self, place: Place, actor: Actor, kind: str | None = None) -> GameRow | str:
        """The game a command means, or the reason there is none.

        In a game's channel that is the channel's game. Elsewhere (a DM, another channel)
        it is the player's only running game of `kind`, if they have exactly one.
        """
        game = self.store.open_game(place.channel_id)
        if game is not None:
            return game
        if kind is None:
            return NO_GAME
        mine = self.games_of_user(actor.user_id, kind)
        if len(mine) == 1:
            return mine[0]
        title = self.games[kind].title
        if not mine:
            return _("You have no running {game} game.").format(game=title)
        return _("You are in {count} {game} games; use this command in the game's channel.").format(
            count=len(mine), game=title
        )

    def seated_table(self, place: Place, actor: Actor, kind: str) -> tuple[Table, int] | str:
        """For private read-only commands (`/sheet`, `/hand`): the table and the caller's
        seat, or the reason to refuse."""
        game = self.find_game(place, actor, kind)
        if isinstance(game, str):
            return game
        if game.kind != kind:
            here, wanted = self.games[game.kind].title, self.games[kind].title
            return _("The game here is {here}; that command is for {wanted}.").format(
                here=here, wanted=wanted
            )
        if game.status != "active":
            return _("The game has not started yet.")
        table = self.table_for(game)
        seat = table.seat_of(actor.user_id)
        if seat is None:
            return NOT_SEATED
        return table, seat

    async def act(
        self, place: Place, actor: Actor, build: ActionBuilder, kind: str | None = None
    ) -> Outcome:
        """Apply one player's action to the game they mean (see `find_game`): in a game's
        channel in one step, elsewhere (a DM) in the game's channel once it is found."""
        here = await self.command(
            place.channel_id, partial(self._act_here, place.channel_id, actor, build, kind)
        )
        if here is not NOT_HERE:
            return here
        game = await self.call(self.find_game, place, actor, kind)
        if isinstance(game, str):
            return Outcome.refusal(game)
        return await self.act_in_game(game.id, actor, build, kind)

    def _act_here(
        self, channel_id: int, actor: Actor, build: ActionBuilder, kind: str | None
    ) -> Outcome:
        game = self.store.open_game(channel_id, for_update=True)
        if game is None:
            return NOT_HERE
        return self._act_on(game, actor, build, kind)

    def games_of_user(self, user_id: int, kind: str | None = None) -> list[GameRow]:
        """The running games a user is seated in (for DMs and `/games`)."""
        games = self.store.games_of_user(user_id)
        return [game for game in games if kind is None or game.kind == kind]

    async def act_in_game(
        self, game_id: int, actor: Actor, build: ActionBuilder, kind: str | None = None
    ) -> Outcome:
        """Apply an action to a known game (buttons and DMs name their game)."""
        channel_id = self._channels.get(game_id)
        if channel_id is None:
            try:
                channel_id = (await self.call(self.store.game, game_id)).channel_id
            except KeyError:
                return Outcome.refusal(_("That game no longer exists."))
            self._channels[game_id] = channel_id  # a game never moves to another channel
        return await self.command(
            channel_id, partial(self._act_in_game, game_id, actor, build, kind)
        )

    def _act_in_game(
        self, game_id: int, actor: Actor, build: ActionBuilder, kind: str | None
    ) -> Outcome:
        return self._act_on(self.store.game(game_id, for_update=True), actor, build, kind)

    def _act_on(
        self, game: GameRow, actor: Actor, build: ActionBuilder, kind: str | None
    ) -> Outcome:
        if kind is not None and game.kind != kind:
            here, wanted = self.games[game.kind].title, self.games[kind].title
            return Outcome.refusal(
                _("The game here is {here}; that command is for {wanted}.").format(
                    here=here, wanted=wanted
                )
            )
        if game.status == "lobby":
            return Outcome.refusal(_("The game has not started yet."))
        if game.status != "active":
            return Outcome.refusal(_("That game is over."))
        table = self.table_for(game)
        seat = table.seat_of(actor.user_id)
        if seat is None:
            return Outcome.refusal(NOT_SEATED)
        return self.apply(self._remember_language(table, seat, actor), seat, actor.user_id, build)

    def _remember_language(self, table: Table, seat: int, actor: Actor) -> Table:
        """Keep the language the player acts in on their seat, for DMs sent later."""
        row = table.seats[seat]
        if not actor.language or row.locale == actor.language:
            return table
        self.store.update_seat(table.game.id, seat, locale=actor.language)
        seats = [*table.seats]
        seats[seat] = row.model_copy(update={"locale": actor.language})
        return Table(table.game, seats, table.rules, table.state, table.memo)

    def apply(
        self,
        table: Table,
        seat: int,
        user_id: int | None,
        build: ActionBuilder,
        *,
        prefix: str = "",
        cause: str | None = None,
    ) -> Outcome:
        """Apply one action, then any autopilot seats' defaults; the caller holds the
        channel's lock and the transaction (see `command`). `cause`: why the bot makes
        this move (`user_id` None), kept in the log for the records. A move that ends the
        game records its results in the same transaction (bot.records.results)."""
        rules, game, before = table.rules, table.game, table.state
        try:
            action = build(table, seat)
            state, events = rules.apply(before, seat, action)
        except RuleError as error:
            return Outcome.refusal(table.said(error.say))
        steps = [Step(seat, user_id, action, before, state, events)]
        history = self._history(table, steps[0])
        steps += self._robots(table, state, history)
        final = steps[-1].after
        finished = rules.outcome(final) is not None
        now = self.clock()
        changes: dict[str, Any] = {"state": rules.dump_state(final)}
        if finished:
            changes.update(status="finished", deadline=None)
        elif robots.no_one_human(table):
            changes.update(self._paced(now))
        else:
            changes.update(
                deadline_changes(
                    game,
                    rules.waiting_on(before),
                    rules.waiting_on(final),
                    self.phase_of(game, rules, final),
                    now,
                )
            )
        game = self.save(game, now=now, **changes)
        command: int | None = None
        for step in steps:
            seq = self.store.append_action(
                game.id,
                user_id=step.user_id,
                seat=step.seat,
                action=_payload(step.action),
                now=now,
                command=command,
                cause=cause if command is None else results.AUTOPILOT,
            )
            command = seq if command is None else command
        if finished:
            results.record(self.store, rules, game, table.seats, final, now)
        presenter = self.presenter(game.kind)
        outcome = Outcome()
        after = table
        for index, step in enumerate(steps):
            after = Table(game, table.seats, rules, step.after)
            # A move the bot made speaks, privately, the seat's own language.
            with after.voice_of(step.seat) if step.user_id is None else nullcontext():
                part = presenter.after_action(
                    after, step.before, step.seat, step.action, step.events
                )
            if step.user_id is None and part.reply is not None:
                # A move the bot made for a seat (deadline, autopilot, AI): its private
                # answer belongs to that seat's player, never to whoever triggered it,
                # and an AI seat has nobody to tell.
                if table.human(step.seat):
                    owner = table.user_id(step.seat)
                    part.private.append(Private(owner, part.reply, fallback=presenter.fallback))
                part.reply = None
            if index > 0:  # an autopilot seat's move, folded into this one's message
                part.lines = [f"🤖 {line}" for line in part.lines]
            outcome.merge(part)
        before_waiting, after_waiting = rules.waiting_on(before), rules.waiting_on(final)
        quiet = {table.user_id(seat)} if user_id is not None else set()
        if same_step(before_waiting, after_waiting):
            quiet |= {table.user_id(s) for s in after_waiting}  # pinged when the step began
        done = after  # the last step's table: its view is drawn once, and kept for the next
        if history is not None:
            done.memo["history"] = history
        self.remember_after_commit(done)
        outcome.ai_due = game.id if self._runner_due(done) else None
        closing = ""
        old_step = presenter.step(table)
        if old_step is not None and old_step != presenter.step(done):
            with done.public_voice():
                closing = presenter.closing_note(old_step, done)
        return self.publish(done, outcome, quiet=quiet, lead=prefix, closing=closing)

    def publish(
        self,
        table: Table,
        outcome: Outcome,
        *,
        quiet: set[int] | None = None,
        lead: str = "",
        closing: str = "",
    ) -> Outcome:
        """Turn a presenter's lines into the move's one public message, end it with whose
        turn it is (pinging only who must act now), add the end of the game if it ended,
        and bring the step's table message up to date. `quiet`: users not to ping (None:
        nobody is pinged)."""
        with table.public_voice():
            return self._publish(table, outcome, quiet, lead, closing)

    def _publish(
        self, table: Table, outcome: Outcome, quiet: set[int] | None, lead: str, closing: str
    ) -> Outcome:
        game, state = table.game, table.state
        presenter = self.presenter(game.kind)
        lines = ([lead] if lead else []) + [line for line in outcome.lines if line]
        messages = ([Message(content="\n".join(lines))] if lines else []) + outcome.public
        if game.status == "finished":
            messages += presenter.finished(table)
        elif messages and game.status == "active" and state is not None:
            text, mentions = self.next_line(table, set() if quiet is None else quiet)
            if text:
                last = messages[-1]
                last.content = f"{last.content}\n{text}" if last.content else text
                last.mentions = [*last.mentions, *(mentions if quiet is not None else [])]
        outcome.lines = []
        outcome.public = messages
        outcome.channel_id = game.channel_id
        outcome.live.append(self.table_message(table, closing))
        return outcome

    def next_line(self, table: Table, quiet: set[int]) -> tuple[str, list[int]]:
        """“➡️ @x to bid or pass — due in 3 hours.” and who it pings: seats the game waits
        on, except autopilot seats (named, never pinged) and the `quiet` users."""
        waiting = table.rules.waiting_on(table.state)
        if not waiting:
            return "", []
        who: list[str] = []
        pinged: list[int] = []
        for seat in waiting:
            if not table.human(seat):
                away = table.seats[seat].autopilot
                who.append(
                    _("**{name}** (autopilot)").format(name=table.name(seat))
                    if away
                    else f"**{table.name(seat)}**"
                )
                continue
            who.append(table.mention(seat))
            if table.user_id(seat) not in quiet:
                pinged.append(table.user_id(seat))
        game = table.game
        verb = self.presenter(game.kind).waiting(table)
        if game.deadline and not game.paused_at:
            text = _("➡️ {who} {verb} — due {when}.").format(
                who=", ".join(who), verb=verb, when=stamp(game.deadline)
            )
        else:
            text = _("➡️ {who} {verb}.").format(who=", ".join(who), verb=verb)
        return text, pinged

    def table_message(self, table: Table, closing: str = "") -> Live:
        """The step's table message as the game stands (step None when none is open)."""
        game = table.game
        presenter = self.presenter(game.kind)
        step: str | None = None
        message: Message | None = None
        with table.public_voice():
            if game.status == "lobby":
                step, message = LOBBY, Message(embeds=[lobby_embed(table)])
            elif game.status == "active" and table.state is not None:
                step = presenter.step(table)
                message = None if step is None else presenter.live(table)
            note = closing or _("✔️ Over; the game goes on below.")
        return Live(game.id, TABLE, game.version, step, message, closing=note)

    def apply_as_bot(self, table: Table, seat: int, *, prefix: str, cause: str) -> Outcome:
        """Play a move for a seat (`cause`: "deadline" when its time ran out: the rules'
        default move; "autopilot" for a kicked or resigned seat: its AI's move, or the
        runner's after this command if that AI searches); the caller holds the channel's
        lock and the transaction."""
        rules = table.rules
        level = robots.level_of(table, seat) if cause == results.AUTOPILOT else None
        if level is not None and robots.plays_later(table, seat):
            outcome = self.publish(table, Outcome(lines=[prefix] if prefix else []))
            outcome.ai_due = table.game.id
            return outcome
        history = self._known_history(table) if level is not None else None

        def move(current: Table, seat: int) -> Any:
            if level is not None and history is not None:
                action = robots.choose(current, current.state, seat, level, history)
            else:
                action = rules.default_action(current.state, seat)
            if action is None:
                raise RuleError("{who} has nothing to do now.", who=Seat(seat=seat))
            return action

        return self.apply(table, seat, None, move, prefix=prefix, cause=cause)

    def _known_history(self, table: Table) -> list[Event]:
        """The public events up to `table`'s position (what an AI may know): kept with
        the parsed state, else rebuilt by replaying the log."""
        if not robots.history_needed(table.game.kind):
            return []
        known = table.memo.get("history")
        if known is None:
            known = table.memo["history"] = self.replayed(table.game).public_history()
        return list(known)

    def _history(self, table: Table, first: Step) -> list[Event] | None:
        """The public events up to after `first`, when an AI of a game that reads them
        may be asked (None: no seat is played by an AI)."""
        if not robots.history_needed(table.game.kind):
            return []
        if not any(robots.level_of(table, seat.position) for seat in table.seats):
            return None
        return [*self._known_history(table), *(e for e in first.events if e.public)]

    def _robots(self, table: Table, state: Any, history: list[Event] | None) -> list[Step]:
        """AI seats (added as AIs, or kicked and resigned players' seats) that can decide
        at once play now, each seeing only its own view and the public history; a seat
        the runner plays (a search, a game with no human) is left for it."""
        rules = table.rules
        steps: list[Step] = []
        while history is not None and len(steps) < MAX_AUTOPILOT_STEPS:
            if rules.outcome(state) is not None:
                break
            due = [s for s in rules.waiting_on(state) if robots.level_of(table, s) is not None]
            if not due or robots.plays_later(table, due[0]):
                break
            seat = due[0]
            level = robots.level_of(table, seat)
            assert level is not None
            action = robots.choose(table, state, seat, level, history)
            if action is None:
                break
            try:
                after, events = rules.apply(state, seat, action)
            except RuleError:
                break
            steps.append(Step(seat, None, action, state, after, events))
            history.extend(event for event in events if event.public)
            state = after
        return steps

    def robot_due(self, table: Table) -> int | None:
        """The AI seat the runner must play next in this position, if any."""
        if table.game.status != "active" or table.state is None:
            return None
        if table.rules.outcome(table.state) is not None:
            return None
        for seat in table.rules.waiting_on(table.state):
            if robots.level_of(table, seat) is not None:
                return seat
        return None

    def _runner_due(self, table: Table) -> bool:
        """The runner must play next now (a paced game of AIs waits for its deadline)."""
        return self.robot_due(table) is not None and not robots.no_one_human(table)

    def _paced(self, now: datetime) -> dict[str, Any]:
        """A game of AIs alone moves at `ai_pace` seconds a move: its next move is due
        then, and the scheduler wakes the AI runner for it (as for any deadline)."""
        return {"deadline": (now + timedelta(seconds=self.ai_pace)).isoformat(), "reminded": False}

    # -- the AI runner's moves ------------------------------------------------------------

    async def play_robot(self, game_id: int) -> Outcome | None:
        """One move of an AI seat the game waits on (None: none is due). The decision is
        made outside the transaction (a search in a worker process), then applied in
        one, if the game has not moved meanwhile."""
        found = await self.call(self._robot_question, game_id)
        if found is None:
            return None
        table, seat, level, history = found
        seed = robots.decision_seed(robots.ai_seed(table, seat), len(history), seat)
        view = table.rules.view(table.state, seat)
        action: Any = None
        if level == "strong":  # None when it failed or overran (logged): standard plays
            args = (table, seat, view, history, seed, self.ai_seconds)
            action = await self.strong_worker.decide(*args)
            level = "standard"
        if action is None:
            action = await self.call(robots.choose, table, table.state, seat, level, history)
        outcome = await self.command(
            table.game.channel_id,
            partial(self._robot_move, game_id, seat, table.game.version, action),
        )
        return outcome

    def _robot_question(self, game_id: int) -> tuple[Table, int, robots.Level, list[Event]] | None:
        table = self.table_for(self.store.game(game_id))
        seat = self.robot_due(table)
        if seat is None:
            return None
        level = robots.level_of(table, seat)
        assert level is not None
        return table, seat, level, self._known_history(table)

    def _robot_move(self, game_id: int, seat: int, version: int, action: Any) -> Outcome:
        game = self.store.game(game_id, for_update=True)
        if game.version != version or game.status != "active":
            return Outcome()  # the game moved on meanwhile: the runner asks again
        table = self.table_for(game)
        if self.robot_due(table) != seat:
            return Outcome()
        return self.apply(table, seat, None, lambda _t, _s: action, cause=results.AUTOPILOT)

    def games_waiting_on_robots(self) -> list[int]:
        """Running games whose next move is an AI seat's (the runner's work after a
        restart); only games with AI or autopilot seats are read."""
        due = []
        for game in self.store.games_with_robots():
            if self.robot_due(self.table_for(game)) is not None:
                due.append(game.id)
        return due

    def phase_of(self, game: GameRow, rules: GameRules, state: Any) -> str | None:
        """The step's name, for steps with their own deadline in untimed games."""
        if game.timer_hours > 0 or not any(kind == game.kind for kind, _ in UNTIMED_STEP_HOURS):
            return None
        phase = getattr(state, "phase", None)
        return phase if isinstance(phase, str) else None

    # -- replay --------------------------------------------------------------------------

    def replay(self, game_id: int) -> Any:
        """Rebuild a game's state from its seed, options and action log."""
        return self.replayed(self.store.game(game_id)).state

    def replayed(self, game: GameRow) -> Replayed:
        """The game's log replayed: the state and every move that still counts."""
        rules = self.games[game.kind]
        seats = len(self.store.seats(game.id))
        return replay(rules, seats, game.options, game.seed, self.store.actions(game.id))
