"""Running commands as transactions, and telling their players only what is true.

A command is acknowledged only after its transaction committed. What a command's work
returns is an `Outcome` it *would* have; it becomes the answer only once the COMMIT
succeeded (on SQLite, the COMMIT of the whole group it shared). When the database fails
instead, every command of that transaction is told so, truthfully:

- it did not store it (`NotSaved`: a failing disk, a damaged file, an error the server
  answered at COMMIT): the command runs once more on its own, then "nothing changed";
- it may have stored it (`OutcomeUnknown`: the COMMIT went out and its answer never came
  back): "I could not confirm it; `/game status` shows whether it counted";
- a lost race (a version conflict, a deadlock) runs the work again on fresh reads, a
  few times; a lock held too long, a full disk, an unreachable server: a clear refusal.

A command from Discord carries its interaction's id. The first acceptance records it
with the answer its actor got, in the same transaction; the same interaction arriving
again gets that answer, and is applied once. It is not looked up first (a read for every
command, for what is nearly never there): a copy the rules accept again breaks the
recording's unique key (`DuplicateInteraction`, on PostgreSQL at COMMIT, on SQLite at the
INSERT: nothing of it is kept, and it gets the first answer), and one they refuse looks
the first answer up then.

Why groups (SQLite only): commands that queued while the one writer was busy share one
transaction, each in a savepoint of its own (one that fails or loses a race is undone
alone), and one COMMIT: one fsync for the lot (see bot.service.runtime.writer).
"""

import contextvars
import logging
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime

from bot.messages import Outcome
from bot.service.requests import BUSY, FULL, NOT_SAVED, RACED, UNCONFIRMED, UNREACHABLE
from bot.service.runtime.cache import States
from bot.service.runtime.outbox import owe
from bot.service.runtime.transaction import Fresh, Tx
from bot.store import (
    DatabaseBusy,
    DatabaseUnavailable,
    DuplicateInteraction,
    NotSaved,
    OutcomeUnknown,
    StorageFull,
    Store,
    VersionConflict,
)
from rules.protocol import GameRules

log = logging.getLogger(__name__)

RACE_RETRIES = 3
"""How often a command whose transaction lost a race (a version conflict, a deadlock) is
run again on fresh reads before the player is told to try again."""
SAVE_RETRIES = 1
"""How often a command whose transaction the database failed to store is run again."""

Result = tuple[Outcome, bool]
"""A committed command's outcome, and whether it moved what the scheduler waits for."""


@dataclass
class Command:
    """One command's work, where it belongs and who asked, in the caller's context (the
    work speaks the caller's language)."""

    work: Callable[[Tx], Outcome]
    channel_id: int
    interaction_id: int | None = None
    part: str = ""
    """Which of the interaction's commands this is, when one interaction makes several."""
    context: contextvars.Context = field(default_factory=contextvars.copy_context)

    @property
    def name(self) -> str:
        work = getattr(self.work, "func", self.work)
        return str(getattr(work, "__qualname__", repr(work)))


class Transactions:
    """Commands run as transactions on one store (see the module docstring); the writer
    threads call this, never the event loop."""

    def __init__(
        self,
        store: Store,
        games: Mapping[str, GameRules],
        states: States,
        clock: Callable[[], datetime],
        seed: int | None,
        owner: str,
    ) -> None:
        self.store = store
        self.games = games
        self.states = states
        self.clock = clock
        self.seed = seed
        self.owner = owner
        """Who delivers what the commands owe Discord (this process: see the outbox)."""

    def _tx(self, command: Command, fresh: Fresh | None = None) -> Tx:
        """The command's transaction, with its time and entropy drawn before its work (in
        the command's context: a test's simulated clock is the caller's)."""
        entropy = self.seed if self.seed is not None else secrets.randbits(48)
        return Tx(
            self.store,
            self.games,
            self.states,
            now=self.clock(),
            entropy=entropy,
            interaction_id=command.interaction_id,
            fresh=fresh,
        )

    # -- one command, one transaction -------------------------------------------------------

    def alone(self, command: Command) -> Result:
        """A command as a transaction of its own, retried on a lost race."""
        saves = 0
        reconnected = False
        for attempt in range(RACE_RETRIES + 1):
            try:
                tx = command.context.run(self._tx, command)
                with self.store.transaction():
                    outcome = self._decide(tx, command)
                tx.keep_committed()
                return outcome, tx.moved
            except VersionConflict:
                if attempt == RACE_RETRIES:
                    return Outcome.refusal(RACED), False
            except NotSaved as error:
                if saves == SAVE_RETRIES:
                    log.error("Could not store %s, so it was refused: %s", command.name, error)
                    return Outcome.refusal(NOT_SAVED), False
                saves += 1
                log.warning("Could not store %s; trying it once more: %s", command.name, error)
            except OutcomeUnknown as error:
                log.warning(
                    "The answer to the COMMIT of %s was lost; it may have counted: %s",
                    command.name,
                    error,
                )
                return Outcome.unconfirmed(UNCONFIRMED), False
            except DuplicateInteraction:
                return self._recorded(command), False
            except DatabaseUnavailable as error:
                # Lost before its COMMIT went out, so nothing was stored: once more, on a
                # new connection (a server restart drops every kept one at once).
                if reconnected:
                    return refused(error), False
                reconnected = True
            except (DatabaseBusy, StorageFull) as error:
                return refused(error), False
        return Outcome.refusal(RACED), False  # every attempt lost the race

    def _recorded(self, command: Command) -> Outcome:
        """The answer a duplicate interaction gets once the first one has committed."""
        assert command.interaction_id is not None
        answer = self.store.interaction_answer(command.interaction_id, command.part)
        return Outcome.again(answer or "") if answer is not None else Outcome.refusal(RACED)

    def _decide(self, tx: Tx, command: Command) -> Outcome:
        """Inside the transaction: the work's outcome, or the first answer of an
        interaction that already counted; what the outcome owes live messages, and the
        interaction recorded, in the same transaction."""
        known, part = command.interaction_id, command.part
        outcome = command.context.run(command.work, tx)
        if known is not None:
            if outcome.accepted:
                answer = answer_of(outcome)
                self.store.record_interaction(known, part, command.channel_id, answer, tx.now)
            else:
                # A copy of this interaction may have committed (before, or in another
                # process while this one waited for the game's lock), and the rules now
                # refuse it.
                first = self.store.interaction_answer(known, part)
                if first is not None:
                    return Outcome.again(first)
        owe(self.store, outcome, answered=known is not None, now=tx.now, owner=self.owner)
        tx.settle()
        return outcome

    # -- several commands, one transaction (SQLite) -----------------------------------------

    def group(self, commands: list[Command]) -> list[Result | BaseException]:
        """Commands sharing one transaction and its COMMIT, each in a savepoint of its own.
        Their outcomes are answered only once the COMMIT succeeded: a COMMIT the
        database fails runs every one of them again on its own; a lock held too long, a
        lost connection or a full disk refuses them all (nothing of the group is kept)."""
        fresh: Fresh = {}
        results: list[Result | BaseException] = []
        try:
            with self.store.transaction():
                for command in commands:
                    results.append(self._in_savepoint(command, fresh))
        except NotSaved as error:
            log.warning(
                "Could not store a group of %d commands; each runs once more alone: %s",
                len(commands),
                error,
            )
            return [self.alone(command) for command in commands]
        except (DatabaseBusy, VersionConflict, DatabaseUnavailable, StorageFull) as error:
            refusal = RACED if isinstance(error, VersionConflict) else None
            return [
                (Outcome.refusal(refusal) if refusal else refused(error, len(commands)), False)
                for _ in commands
            ]
        for game_id, (version, state, memo) in fresh.items():
            self.states.keep(game_id, version, state, memo)
        return results

    def _in_savepoint(self, command: Command, fresh: Fresh) -> Result | BaseException:
        """One command of a group, undone alone if it fails or loses a race; a failure
        of the database itself is raised, and fails the whole group."""
        for attempt in range(RACE_RETRIES + 1):
            before = dict(fresh)
            tx = command.context.run(self._tx, command, fresh)
            try:
                with self.store.savepoint():
                    outcome = self._decide(tx, command)
            except VersionConflict:
                fresh.clear()
                fresh.update(before)
                if attempt == RACE_RETRIES:
                    return Outcome.refusal(RACED), False
                continue
            except DatabaseBusy:
                fresh.clear()
                fresh.update(before)
                return Outcome.refusal(BUSY), False
            except DuplicateInteraction:  # its savepoint is undone: the first one counted
                fresh.clear()
                fresh.update(before)
                return self._recorded(command), False
            except (DatabaseUnavailable, StorageFull, NotSaved):
                raise  # SQLite may have rolled the whole group back
            except Exception as error:  # the command's own failure: it alone is undone
                fresh.clear()
                fresh.update(before)
                return error
            return outcome, tx.moved
        return Outcome.refusal(RACED), False


def answer_of(outcome: Outcome) -> str:
    """What the actor of an accepted command is told: its private reply, else its first
    public message (the answer to a command used in the game's channel)."""
    if outcome.reply is not None and outcome.reply.content:
        return outcome.reply.content
    return outcome.public[0].content if outcome.public else ""


def refused(error: Exception, count: int = 1) -> Outcome:
    """The player's answer when the database refused a command (or `count` of them)."""
    if isinstance(error, StorageFull):
        log.error("The database's storage is full; %d command(s) were refused: %s", count, error)
        return Outcome.refusal(FULL)
    return Outcome.refusal(UNREACHABLE if isinstance(error, DatabaseUnavailable) else BUSY)
