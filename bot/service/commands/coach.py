"""`/hint`: what the strong AI would do from the asking player's seat, and why.

Only at a table opened with `hints:true` (the table's option, kept with the game like its
language, shown on the lobby card and in `/game status`; such a game is marked in the
records and left out of ratings), only for a seated player, and only when the game
waits on them. The AI gets exactly what an AI seat gets: the seat's own view and the
public history (`ai.decide` never sees the state), so a hint cannot leak another seat's
secrets or the future. It searches as the AI runner does, in a worker process, one hint
at a time per player, but with a fixed number of playouts (`hint_budget`), so the hint
is a function of the position: asked twice, on an idle or a busy machine, it is the
same hint. The clock (`HINT_SECONDS`) is only a safety net; when it cuts a search
short, the log says so. A search that fails or overruns falls back to `standard`. The
answer is private: the move as the command to type and one or two sentences on why, in
the asker's language.
"""

import logging
import time
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from ai import Budget, decide
from ai.budget import Watch
from bot.i18n import N_, _, listing
from bot.messages import Message, Outcome
from bot.render.coach import hints_on
from bot.render.coach.reasons import reason
from bot.render.coach.typed import typed
from bot.service.commands import autoplay, robots
from bot.service.requests import NO_GAME, NOT_SEATED, Actor, Place
from bot.service.runtime.engine import Engine
from bot.service.runtime.strong_worker import StrongWorker, limit_for
from bot.store import GameRow
from bot.table import Table
from rules.errors import RuleError
from rules.events import Event
from rules.fantasy_business.actions import SetPrice, Submit
from rules.fantasy_business.pricing import default_price, unpriced
from rules.fantasy_business.state import GameState

log = logging.getLogger(__name__)

HINT_SECONDS: float | None = 5.0
"""The safety net per hint, in seconds of the worker's own CPU time: far above what the
playouts take (`python -m bench hints` prints the p95), so it cuts only a search that
is itself far costlier than planned, and says so in the log. CPU time, not the wall
clock: a busy host slows the hint down but does not change it. (The worker is still
stopped after `limit_for` seconds of the wall clock, if it hangs.) None: bounded by
playouts alone."""
HINT_PLAYOUTS = {"fantasy-business": 48, "fagins-gang": 96}
"""A hint's playouts at `HINT_REFERENCE_PLAYERS`: `strong`'s own (`ai.STRONG_PLAYOUTS`)
until Fantasy Business's grew to 80, kept at 48 there so a hint at six players stays
within a second of CPU (`python -m bench hints`)."""
HINT_REFERENCE_PLAYERS = 3
"""The table size at which a hint searches `HINT_PLAYOUTS`; bigger tables make every
playout longer, so they get proportionally fewer."""
HINT_MIN_PLAYOUTS = 16
OFF = N_(
    "Hints are off at this table. The host can open the next one with `/game new "
    "hints:true` to let seated players ask `/hint`."
)

_busy: set[tuple[int, int]] = set()
"""(game, user) whose hint is being worked out: one at a time per player."""


@dataclass(frozen=True)
class Fallback:
    """A hint's move that `standard` chose because the strong search failed or overran:
    the reply says so instead of crediting the strong AI with it."""

    action: Any


@dataclass(frozen=True)
class Question:
    table: Table
    seat: int
    view: Any
    history: list[Event]
    seed: int


def hint_budget(kind: str, players: int, seconds: float | None) -> Budget:
    """The playouts a hint searches: `strong`'s at three players, fewer in proportion at
    bigger tables (a playout there is longer), so a hint at six players costs about what
    one at three does. A function of the game and the table size only."""
    playouts = HINT_PLAYOUTS[kind] * HINT_REFERENCE_PLAYERS // max(1, players)
    return Budget(iterations=max(HINT_MIN_PLAYOUTS, playouts), seconds=seconds)


def suggestion(
    kind: str, view: Any, history: list[Event], seed: int, seconds: float | None
) -> tuple[Any, bool]:
    """The strong AI's move for the seat whose view this is (what the worker runs), and
    whether the `seconds` safety net cut its search short (else the move is the one the
    playouts alone give: the same answer for the same inputs, however busy the host)."""
    budget = hint_budget(kind, int(view.players), seconds)
    if seconds is None:
        return decide(kind, "strong", view, history, seed, budget), False
    watch = Watch(time.process_time, seconds)
    return decide(kind, "strong", view, history, seed, budget, watch), watch.cut


async def hint(engine: Engine, place: Place, actor: Actor) -> Outcome:
    asked = await engine.read(_question, engine, place, actor)
    if isinstance(asked, str):
        return Outcome.refusal(asked)
    key = (asked.table.game.id, actor.user_id)
    if key in _busy:
        return Outcome.refusal(
            _("Your last hint is still being worked out; it will answer in a moment.")
        )
    _busy.add(key)
    try:
        action = await _search(engine, asked)
    finally:
        _busy.discard(key)
    return await engine.read(_answer, engine, asked, action)


def _find(engine: Engine, place: Place, actor: Actor) -> GameRow | str:
    """The channel's game; elsewhere (a DM) the player's one running game."""
    game = engine.store.open_game(place.channel_id)
    if game is not None:
        return game
    mine = engine.store.games_of_user(actor.user_id)
    if len(mine) == 1:
        return mine[0]
    if not mine:
        return _(NO_GAME)
    return _("You are in several games; ask for a hint in the game's channel.")


def _question(engine: Engine, place: Place, actor: Actor) -> Question | str:
    game = _find(engine, place, actor)
    if isinstance(game, str):
        return game
    if game.status != "active":
        return _("The game has not started yet.")
    if not hints_on(game.options):
        return _(OFF)
    table = engine.table_for(game)
    seat = table.seat_of(actor.user_id)
    if seat is None:
        return _(NOT_SEATED)
    rules = table.rules
    waiting = rules.waiting_on(table.state)
    if seat not in waiting:
        names = listing([f"**{table.name(s)}**" for s in waiting]) or _("nobody")
        return _("It is not your decision now: the game waits on {names}.").format(names=names)
    history: list[Event] = []
    try:  # kept with the parsed state, as for an AI seat
        history = autoplay.known_history(engine, table)
    except RuleError:  # a position set up by hand: its log does not lead to it
        log.warning("Game %s's log does not replay; hinting without its history", game.id)
    seed = robots.decision_seed(robots.ai_seed(table, seat), len(history), seat)
    return Question(table, seat, rules.view(table.state, seat), history, seed)


WORKER = StrongWorker()
"""The hints' own worker process (a hint never queues behind an AI seat's search), stopped
and replaced when a search overruns its limit or the process dies."""


async def _search(engine: Engine, asked: Question) -> Any:
    """The strong AI's move, searched in a worker process within the time budget; the
    `standard` AI's if that fails."""
    table, seat = asked.table, asked.seat
    try:
        limit = limit_for(HINT_SECONDS or 60.0)
        args = (table.game.kind, asked.view, asked.history, asked.seed, HINT_SECONDS)
        action, cut = await WORKER.run(limit, suggestion, *args)
        if cut:
            log.warning(
                "A hint's search in game %s was cut short by its safety net of %s s of "
                "CPU time: the hint may differ from the playouts' own",
                table.game.id,
                HINT_SECONDS,
            )
        table.rules.apply(table.state, seat, action)
        return action
    except TimeoutError:
        log.warning("A hint's search in game %s overran; its worker was replaced", table.game.id)
    except BrokenProcessPool:
        log.exception("The hint worker died; a new one starts with the next hint")
        WORKER.replace()
    except Exception:
        log.exception("The strong AI failed a hint in game %s; asking standard", table.game.id)
    chosen = await engine.read(robots.choose, table, table.state, seat, "standard", asked.history)
    return Fallback(chosen)


def _typeable(table: Table, seat: int, action: Any) -> Any:
    """The move as a command can make it: "submit, filling in the missing prices" (the
    rules' default when time runs out) is no command, so it becomes the first missing
    price at its default (the sheet's own suggestion), one `/price` at a time."""
    state = table.state
    if isinstance(action, Submit) and action.defaults and isinstance(state, GameState):
        missing = unpriced(state, seat)
        if missing:
            return SetPrice(article=missing[0], price=default_price(state, seat, missing[0]))
    return action


def _answer(engine: Engine, asked: Question, action: Any) -> Outcome:
    """The private reply: the command to type and why, in the asker's language (or, if
    the game moved on during the search, a request to ask again)."""
    table, seat = asked.table, asked.seat
    if engine.store.game(table.game.id).version != table.game.version:
        return Outcome.refusal(
            _("The game moved on while your hint was being worked out; ask again.")
        )
    by_standard = isinstance(action, Fallback)
    if isinstance(action, Fallback):
        action = action.action
    try:
        table.rules.apply(table.state, seat, action)
    except RuleError:
        action = table.rules.default_action(table.state, seat)
    action = _typeable(table, seat, action)
    said = (
        _("💡 The strong AI did not finish; the standard AI would play: {command}")
        if by_standard
        else _("💡 The strong AI would play: {command}")
    )
    text = said.format(command=typed(table, action))
    why = table.named(reason(asked.view, seat, action))
    return Outcome(reply=Message(content=f"{text}\n{why}"), channel_id=table.game.channel_id)
