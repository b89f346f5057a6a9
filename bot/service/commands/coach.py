"""`/hint`: what the strong AI would do from the asking player's seat, and why.

Only at a table opened with `hints:true` (the table's option, kept with the game like its
language, shown on the lobby card and in `/game status`; such a game is marked in the
records and left out of ratings), only for a seated player, and only when the game
waits on them. The AI gets exactly what an AI seat gets: the seat's own view and the
public history (`ai.decide` never sees the state), so a hint cannot leak another seat's
secrets or the future. It searches as the AI runner does — in a worker process, with a
time budget (`HINT_SECONDS`) — one hint at a time per player; a search that fails or
overruns falls back to `standard`. The answer is private: the move as the command to
type and one or two sentences on why, in the asker's language.
"""

import logging
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

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

HINT_SECONDS: float | None = 0.8
"""The search's time budget per hint: with the worker's overhead a hint stays within a
second at three players (`make bench` prints its p95). None: bounded by playouts alone,
so the same position always gets the same hint (the no-cheating test)."""
OFF = N_(
    "Hints are off at this table. The host can open the next one with `/game new "
    "hints:true` to let seated players ask `/hint`."
)

_busy: set[tuple[int, int]] = set()
"""(game, user) whose hint is being worked out: one at a time per player."""


@dataclass(frozen=True)
class Question:
    table: Table
    seat: int
    view: Any
    history: list[Event]
    seed: int


def suggestion(kind: str, view: Any, history: list[Event], seed: int, seconds: float | None) -> Any:
    """The strong AI's move for the seat whose view this is (what the worker runs).
    `seconds` None: bounded by playouts alone, the same answer for the same inputs."""
    if seconds is None:
        from ai import decide, strong_budget

        return decide(kind, "strong", view, history, seed, strong_budget(kind))
    return robots.decide_in_worker(kind, "strong", view, history, seed, seconds)


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
        action = await WORKER.run(limit, suggestion, *args)
        table.rules.apply(table.state, seat, action)
        return action
    except TimeoutError:
        log.warning("A hint's search in game %s overran; its worker was replaced", table.game.id)
    except BrokenProcessPool:
        log.exception("The hint worker died; a new one starts with the next hint")
        WORKER.replace()
    except Exception:
        log.exception("The strong AI failed a hint in game %s; asking standard", table.game.id)
    return await engine.read(robots.choose, table, table.state, seat, "standard", asked.history)


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
    try:
        table.rules.apply(table.state, seat, action)
    except RuleError:
        action = table.rules.default_action(table.state, seat)
    action = _typeable(table, seat, action)
    text = _("💡 The strong AI would play: {command}").format(command=typed(table, action))
    why = table.named(reason(asked.view, seat, action))
    return Outcome(reply=Message(content=f"{text}\n{why}"), channel_id=table.game.channel_id)
