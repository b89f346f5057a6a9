"""Play: finding the game a command means, applying a move (and the autopilot moves it
makes due), storing it with its log rows, and saying it."""

from contextlib import nullcontext
from functools import partial
from typing import Any

from pydantic import BaseModel

from bot.i18n import _
from bot.messages import Outcome, Private
from bot.records import results
from bot.service.commands import autoplay, robots
from bot.service.commands.autoplay import Step
from bot.service.commands.publish import publish
from bot.service.requests import NO_GAME, NOT_HERE, NOT_SEATED, ActionBuilder, Actor, Place
from bot.service.runtime.engine import Engine
from bot.service.runtime.transaction import Tx
from bot.store import GameRow
from bot.table import Table
from bot.timing import deadline_changes, same_step
from rules.errors import RuleError
from rules.words import Seat


def _payload(action: Any) -> Any:
    return action.model_dump(mode="json") if isinstance(action, BaseModel) else action


def find_game(engine: Engine, place: Place, actor: Actor, kind: str | None = None) -> GameRow | str:
    """The game a command means, or the reason there is none.

    In a game's channel that is the channel's game. Elsewhere (a DM, another channel)
    it is the player's only running game of `kind`, if they have exactly one.
    """
    game = engine.store.open_game(place.channel_id)
    if game is not None:
        return game
    if kind is None:
        return NO_GAME
    mine = games_of_user(engine, actor.user_id, kind)
    if len(mine) == 1:
        return mine[0]
    title = engine.games[kind].title
    if not mine:
        return _("You have no running {game} game.").format(game=title)
    return _("You are in {count} {game} games; use this command in the game's channel.").format(
        count=len(mine), game=title
    )


def seated_table(engine: Engine, place: Place, actor: Actor, kind: str) -> tuple[Table, int] | str:
    """For private read-only commands (`/sheet`, `/hand`): the table and the caller's
    seat, or the reason to refuse."""
    game = find_game(engine, place, actor, kind)
    if isinstance(game, str):
        return game
    if game.kind != kind:
        here, wanted = engine.games[game.kind].title, engine.games[kind].title
        return _("The game here is {here}; that command is for {wanted}.").format(
            here=here, wanted=wanted
        )
    if game.status != "active":
        return _("The game has not started yet.")
    table = engine.table_for(game)
    seat = table.seat_of(actor.user_id)
    if seat is None:
        return NOT_SEATED
    return table, seat


async def act(
    engine: Engine,
    place: Place,
    actor: Actor,
    build: ActionBuilder,
    kind: str | None = None,
    *,
    interaction_id: int | None = None,
) -> Outcome:
    """Apply one player's action to the game they mean (see `find_game`): in a game's
    channel in one step, elsewhere (a DM) in the game's channel once it is found."""
    here = await engine.command(
        place.channel_id,
        partial(_act_here, engine, place.channel_id, actor, build, kind),
        interaction_id=interaction_id,
    )
    if here is not NOT_HERE:
        return here
    game = await engine.read(find_game, engine, place, actor, kind)
    if isinstance(game, str):
        return Outcome.refusal(game)
    return await act_in_game(engine, game.id, actor, build, kind, interaction_id=interaction_id)


def _act_here(
    engine: Engine, channel_id: int, actor: Actor, build: ActionBuilder, kind: str | None, tx: Tx
) -> Outcome:
    game = tx.store.open_game(channel_id, for_update=True)
    if game is None:
        return NOT_HERE
    return _act_on(engine, tx, game, actor, build, kind)


def games_of_user(engine: Engine, user_id: int, kind: str | None = None) -> list[GameRow]:
    """The running games a user is seated in (for DMs and `/games`)."""
    games = engine.store.games_of_user(user_id)
    return [game for game in games if kind is None or game.kind == kind]


async def act_in_game(
    engine: Engine,
    game_id: int,
    actor: Actor,
    build: ActionBuilder,
    kind: str | None = None,
    *,
    interaction_id: int | None = None,
    part: str = "",
) -> Outcome:
    """Apply an action to a known game (buttons and DMs name their game). What can be
    refused on a read that cannot be out of date (a game that is gone or over, a
    command for another game: both final) is refused without queuing for the writer;
    everything else is checked again inside the command's transaction."""
    try:
        game = await engine.read(engine.store.game, game_id)
    except KeyError:
        return Outcome.refusal(_("That game no longer exists."))
    final = _final_refusal(engine, game, kind)
    if final is not None:
        return final
    return await engine.command(
        game.channel_id,
        partial(_act_in_game, engine, game_id, actor, build, kind),
        interaction_id=interaction_id,
        part=part,
    )


def _final_refusal(engine: Engine, game: GameRow, kind: str | None) -> Outcome | None:
    """A refusal no later command can make wrong: a game's kind never changes, and a
    finished or aborted game never runs again."""
    if kind is not None and game.kind != kind:
        here, wanted = engine.games[game.kind].title, engine.games[kind].title
        return Outcome.refusal(
            _("The game here is {here}; that command is for {wanted}.").format(
                here=here, wanted=wanted
            )
        )
    if game.status in ("finished", "aborted"):
        return Outcome.refusal(_("That game is over."))
    return None


def _act_in_game(
    engine: Engine, game_id: int, actor: Actor, build: ActionBuilder, kind: str | None, tx: Tx
) -> Outcome:
    return _act_on(engine, tx, tx.store.game(game_id, for_update=True), actor, build, kind)


def _act_on(
    engine: Engine, tx: Tx, game: GameRow, actor: Actor, build: ActionBuilder, kind: str | None
) -> Outcome:
    final = _final_refusal(engine, game, kind)
    if final is not None:
        return final
    if game.status == "lobby":
        return Outcome.refusal(_("The game has not started yet."))
    if game.status != "active":
        return Outcome.refusal(_("That game is over."))
    table = tx.table_for(game)
    seat = table.seat_of(actor.user_id)
    if seat is None:
        return Outcome.refusal(NOT_SEATED)
    table = _remember_language(tx, table, seat, actor)
    return apply(engine, tx, table, seat, actor.user_id, build)


def _remember_language(tx: Tx, table: Table, seat: int, actor: Actor) -> Table:
    """Keep the language the player acts in on their seat, for DMs sent later."""
    row = table.seats[seat]
    if not actor.language or row.locale == actor.language:
        return table
    tx.store.update_seat(table.game.id, seat, locale=actor.language)
    seats = [*table.seats]
    seats[seat] = row.model_copy(update={"locale": actor.language})
    return Table(table.game, seats, table.rules, table.state, table.memo)


def apply(
    engine: Engine,
    tx: Tx,
    table: Table,
    seat: int,
    user_id: int | None,
    build: ActionBuilder,
    *,
    prefix: str = "",
    cause: str | None = None,
) -> Outcome:
    """Apply one action, then any autopilot seats' defaults, in the command's transaction
    (`tx`). `cause`: why the bot makes this move (`user_id` None), kept in the log for
    the records. A move that ends the game records its results in the same transaction
    (bot.records.results)."""
    rules, game, before = table.rules, table.game, table.state
    try:
        action = build(table, seat)
        state, events = rules.apply(before, seat, action)
    except RuleError as error:
        return Outcome.refusal(table.said(error.say))
    steps = [Step(seat, user_id, action, before, state, events)]
    history = autoplay.history_after(engine, table, steps[0])
    steps += autoplay.robot_steps(table, state, history)
    final = steps[-1].after
    finished = rules.outcome(final) is not None
    now = tx.now
    changes: dict[str, Any] = {"state": rules.dump_state(final)}
    if finished:
        changes.update(status="finished", deadline=None)
    elif robots.no_one_human(table):
        changes.update(autoplay.paced(engine, now))
    else:
        changes.update(
            deadline_changes(
                game,
                rules.waiting_on(before),
                rules.waiting_on(final),
                engine.phase_of(game, rules, final),
                now,
            )
        )
    game = tx.save(game, **changes)
    command: int | None = None
    for step in steps:
        seq = tx.store.append_action(
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
        results.record(tx.store, rules, game, table.seats, final, now)
    presenter = engine.presenter(game.kind)
    outcome = Outcome()
    after = table
    for index, step in enumerate(steps):
        after = Table(game, table.seats, rules, step.after)
        # A move the bot made speaks, privately, the seat's own language.
        with after.voice_of(step.seat) if step.user_id is None else nullcontext():
            part = presenter.after_action(after, step.before, step.seat, step.action, step.events)
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
    tx.remember(done)
    outcome.ai_due = game.id if autoplay.runner_due(done) else None
    closing = ""
    old_step = presenter.step(table)
    if old_step is not None and old_step != presenter.step(done):
        with done.public_voice():
            closing = presenter.closing_note(old_step, done)
    return publish(engine, done, outcome, quiet=quiet, lead=prefix, closing=closing)


def apply_as_bot(
    engine: Engine, tx: Tx, table: Table, seat: int, *, prefix: str, cause: str
) -> Outcome:
    """Play a move for a seat (`cause`: "deadline" when its time ran out: the rules'
    default move; "autopilot" for a kicked or resigned seat: its AI's move, or the
    runner's after this command if that AI searches); the caller runs in the writer,
    inside the transaction."""
    rules = table.rules
    level = robots.level_of(table, seat) if cause == results.AUTOPILOT else None
    if level is not None and robots.plays_later(table, seat):
        outcome = publish(engine, table, Outcome(lines=[prefix] if prefix else []))
        outcome.ai_due = table.game.id
        return outcome
    history = autoplay.known_history(engine, table) if level is not None else None

    def move(current: Table, seat: int) -> Any:
        if level is not None and history is not None:
            action = robots.choose(current, current.state, seat, level, history)
        else:
            action = rules.default_action(current.state, seat)
        if action is None:
            raise RuleError("{who} has nothing to do now.", who=Seat(seat=seat))
        return action

    return apply(engine, tx, table, seat, None, move, prefix=prefix, cause=cause)
