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
from bot.store import GameRow
from bot.table import Table
from bot.timing import deadline_changes, same_step
from rules.errors import RuleError
from rules.words import Seat


def _payload(action: Any) -> Any:
    return action.model_dump(mode="json") if isinstance(action, BaseModel) else action


class Play:
    """Moves: the game a command means, the move applied and stored, and what it says."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def find_game(self, place: Place, actor: Actor, kind: str | None = None) -> GameRow | str:
        """The game a command means, or the reason there is none.

        In a game's channel that is the channel's game. Elsewhere (a DM, another channel)
        it is the player's only running game of `kind`, if they have exactly one.
        """
        game = self.engine.store.open_game(place.channel_id)
        if game is not None:
            return game
        if kind is None:
            return NO_GAME
        mine = self.games_of_user(actor.user_id, kind)
        if len(mine) == 1:
            return mine[0]
        title = self.engine.games[kind].title
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
            here, wanted = self.engine.games[game.kind].title, self.engine.games[kind].title
            return _("The game here is {here}; that command is for {wanted}.").format(
                here=here, wanted=wanted
            )
        if game.status != "active":
            return _("The game has not started yet.")
        table = self.engine.table_for(game)
        seat = table.seat_of(actor.user_id)
        if seat is None:
            return NOT_SEATED
        return table, seat

    async def act(
        self, place: Place, actor: Actor, build: ActionBuilder, kind: str | None = None
    ) -> Outcome:
        """Apply one player's action to the game they mean (see `find_game`): in a game's
        channel in one step, elsewhere (a DM) in the game's channel once it is found."""
        here = await self.engine.command(
            place.channel_id, partial(self._act_here, place.channel_id, actor, build, kind)
        )
        if here is not NOT_HERE:
            return here
        game = await self.engine.read(self.find_game, place, actor, kind)
        if isinstance(game, str):
            return Outcome.refusal(game)
        return await self.act_in_game(game.id, actor, build, kind)

    def _act_here(
        self, channel_id: int, actor: Actor, build: ActionBuilder, kind: str | None
    ) -> Outcome:
        game = self.engine.store.open_game(channel_id, for_update=True)
        if game is None:
            return NOT_HERE
        return self._act_on(game, actor, build, kind)

    def games_of_user(self, user_id: int, kind: str | None = None) -> list[GameRow]:
        """The running games a user is seated in (for DMs and `/games`)."""
        games = self.engine.store.games_of_user(user_id)
        return [game for game in games if kind is None or game.kind == kind]

    async def act_in_game(
        self, game_id: int, actor: Actor, build: ActionBuilder, kind: str | None = None
    ) -> Outcome:
        """Apply an action to a known game (buttons and DMs name their game). What can be
        refused on a read that cannot be out of date (a game that is gone or over, a
        command for another game: both final) is refused without queuing for the writer;
        everything else is checked again inside the command's transaction."""
        try:
            game = await self.engine.read(self.engine.store.game, game_id)
        except KeyError:
            return Outcome.refusal(_("That game no longer exists."))
        final = self._final_refusal(game, kind)
        if final is not None:
            return final
        return await self.engine.command(
            game.channel_id, partial(self._act_in_game, game_id, actor, build, kind)
        )

    def _final_refusal(self, game: GameRow, kind: str | None) -> Outcome | None:
        """A refusal no later command can make wrong: a game's kind never changes, and a
        finished or aborted game never runs again."""
        if kind is not None and game.kind != kind:
            here, wanted = self.engine.games[game.kind].title, self.engine.games[kind].title
            return Outcome.refusal(
                _("The game here is {here}; that command is for {wanted}.").format(
                    here=here, wanted=wanted
                )
            )
        if game.status in ("finished", "aborted"):
            return Outcome.refusal(_("That game is over."))
        return None

    def _act_in_game(
        self, game_id: int, actor: Actor, build: ActionBuilder, kind: str | None
    ) -> Outcome:
        return self._act_on(self.engine.store.game(game_id, for_update=True), actor, build, kind)

    def _act_on(
        self, game: GameRow, actor: Actor, build: ActionBuilder, kind: str | None
    ) -> Outcome:
        final = self._final_refusal(game, kind)
        if final is not None:
            return final
        if game.status == "lobby":
            return Outcome.refusal(_("The game has not started yet."))
        if game.status != "active":
            return Outcome.refusal(_("That game is over."))
        table = self.engine.table_for(game)
        seat = table.seat_of(actor.user_id)
        if seat is None:
            return Outcome.refusal(NOT_SEATED)
        return self.apply(self._remember_language(table, seat, actor), seat, actor.user_id, build)

    def _remember_language(self, table: Table, seat: int, actor: Actor) -> Table:
        """Keep the language the player acts in on their seat, for DMs sent later."""
        row = table.seats[seat]
        if not actor.language or row.locale == actor.language:
            return table
        self.engine.store.update_seat(table.game.id, seat, locale=actor.language)
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
        """Apply one action, then any autopilot seats' defaults; the caller runs in the
        writer, inside the transaction (see `Engine.command`). `cause`: why the bot makes
        this move (`user_id` None), kept in the log for the records. A move that ends the
        game records its results in the same transaction (bot.records.results)."""
        rules, game, before = table.rules, table.game, table.state
        try:
            action = build(table, seat)
            state, events = rules.apply(before, seat, action)
        except RuleError as error:
            return Outcome.refusal(table.said(error.say))
        steps = [Step(seat, user_id, action, before, state, events)]
        history = autoplay.history_after(self.engine, table, steps[0])
        steps += autoplay.robot_steps(table, state, history)
        final = steps[-1].after
        finished = rules.outcome(final) is not None
        now = self.engine.clock()
        changes: dict[str, Any] = {"state": rules.dump_state(final)}
        if finished:
            changes.update(status="finished", deadline=None)
        elif robots.no_one_human(table):
            changes.update(autoplay.paced(self.engine, now))
        else:
            changes.update(
                deadline_changes(
                    game,
                    rules.waiting_on(before),
                    rules.waiting_on(final),
                    self.engine.phase_of(game, rules, final),
                    now,
                )
            )
        game = self.engine.save(game, now=now, **changes)
        command: int | None = None
        for step in steps:
            seq = self.engine.store.append_action(
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
            results.record(self.engine.store, rules, game, table.seats, final, now)
        presenter = self.engine.presenter(game.kind)
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
        self.engine.remember_after_commit(done)
        outcome.ai_due = game.id if autoplay.runner_due(done) else None
        closing = ""
        old_step = presenter.step(table)
        if old_step is not None and old_step != presenter.step(done):
            with done.public_voice():
                closing = presenter.closing_note(old_step, done)
        return publish(self.engine, done, outcome, quiet=quiet, lead=prefix, closing=closing)

    def apply_as_bot(self, table: Table, seat: int, *, prefix: str, cause: str) -> Outcome:
        """Play a move for a seat (`cause`: "deadline" when its time ran out: the rules'
        default move; "autopilot" for a kicked or resigned seat: its AI's move, or the
        runner's after this command if that AI searches); the caller runs in the writer,
        inside the transaction."""
        rules = table.rules
        level = robots.level_of(table, seat) if cause == results.AUTOPILOT else None
        if level is not None and robots.plays_later(table, seat):
            outcome = publish(self.engine, table, Outcome(lines=[prefix] if prefix else []))
            outcome.ai_due = table.game.id
            return outcome
        history = autoplay.known_history(self.engine, table) if level is not None else None

        def move(current: Table, seat: int) -> Any:
            if level is not None and history is not None:
                action = robots.choose(current, current.state, seat, level, history)
            else:
                action = rules.default_action(current.state, seat)
            if action is None:
                raise RuleError("{who} has nothing to do now.", who=Seat(seat=seat))
            return action

        return self.apply(table, seat, None, move, prefix=prefix, cause=cause)
