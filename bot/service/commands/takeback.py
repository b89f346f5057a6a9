"""`/game undo`: taking a move back, in a way that cannot be used to cheat.

A player may take back their own last move while nobody else has moved since; the host
(or Manage Channels) may take back the last move of anyone, one at a time, after a
confirmation. Never a move that revealed something (the rules core says which:
`GameRules.reveals` — a die roll, a draw, a card turned face up, news for another
player): taking it back would let someone peek or re-roll. The log stays append-only:
the take-back is a row of its own (bot.replay), and since the generator's position is
part of the state, replaying or moving on after a take-back rolls exactly the same dice.
"""

from functools import partial

from bot.i18n import N_, _
from bot.messages import ButtonSpec, Message, Outcome
from bot.render import game_log
from bot.replay import Move, undo_record
from bot.service.commands.publish import publish
from bot.service.requests import GONE, NO_GAME, Actor, Place
from bot.service.runtime.engine import Engine
from bot.service.runtime.transaction import Tx
from bot.table import Table
from bot.timing import deadline_changes

UNDO_CONFIRM = "confirm"
"""Shares the confirmation route of bot.confirm (answered by cogs/lobby.py)."""

REVEALED = N_(
    "That move cannot be taken back: it rolled dice, drew or showed a card, or told "
    "someone something, and taking it back would let that be used."
)


async def undo(
    engine: Engine,
    place: Place,
    actor: Actor,
    confirmed_seq: int | None = None,
    *,
    interaction_id: int | None = None,
) -> Outcome:
    """Take back the last move, or (for the host, about someone else's move) ask first.
    `confirmed_seq`: the move the host confirmed; refused if the game moved on since."""
    return await engine.command(
        place.channel_id,
        partial(_undo, engine, place, actor, confirmed_seq),
        interaction_id=interaction_id,
    )


def _describe(engine: Engine, moves: list[Move], table: Table) -> str:
    return game_log.move_words(table, moves)


def _undo(engine: Engine, place: Place, actor: Actor, confirmed_seq: int | None, tx: Tx) -> Outcome:
    game = tx.store.open_game(place.channel_id, for_update=True)
    if game is None:
        return Outcome.refusal(_(NO_GAME) if confirmed_seq is None else _(GONE))
    if game.status != "active":
        return Outcome.refusal(_("The game has not started yet: there is nothing to take back."))
    table = tx.table_for(game)
    rules = table.rules
    replayed = engine.replayed(game)
    if rules.dump_state(replayed.state) != game.state:
        return Outcome.refusal(
            _(
                "This game's log does not lead to its position (it was set up by hand), so "
                "moves cannot be taken back in it."
            )
        )
    last = replayed.last_command()
    if not last:
        return Outcome.refusal(_("No move has been made yet: there is nothing to take back."))
    if confirmed_seq is not None and last[0].seq != confirmed_seq:
        return Outcome.refusal(_(GONE))
    if any(rules.reveals(m.before, m.seat, m.after, m.events) for m in last):
        return Outcome.refusal(_(REVEALED))
    mover = last[0].user_id
    own = mover is not None and mover == actor.user_id
    steer = actor.user_id == game.host_id or actor.may_manage
    what = _describe(engine, last, table)
    if not own and not steer:
        if mover is not None:
            refusal = _(
                "Only the player who made the last move can take it back (it was "
                "**{player}**'s: {move}); the host can take back others' moves."
            ).format(player=table.name(last[0].seat), move=what)
        else:
            refusal = _(
                "Only the player who made the last move can take it back (it was the bot's: "
                "{move}); the host can take back others' moves."
            ).format(move=what)
        return Outcome.refusal(refusal)
    if not own and confirmed_seq is None:
        if mover is not None:
            text = _("❓ Take back **{player}**'s last move ({move}) for everyone?").format(
                player=table.name(last[0].seat), move=what
            )
        else:
            text = _("❓ Take back **the bot**'s last move ({move}) for everyone?").format(
                move=what
            )
        arg = f"undo.{actor.user_id}.{last[0].seq}"
        buttons = [
            ButtonSpec(_("Take it back"), UNDO_CONFIRM, game.id, arg, "danger"),
            ButtonSpec(_("Cancel"), UNDO_CONFIRM, game.id, f"cancel.{actor.user_id}.0"),
        ]
        return Outcome(reply=Message(text, buttons=buttons))
    state = last[0].before
    now = tx.now
    changes = deadline_changes(
        game, [], rules.waiting_on(state), engine.phase_of(game, rules, state), now
    )
    game = tx.save(game, state=rules.dump_state(state), **changes)
    seat = table.seat_of(actor.user_id)
    tx.store.append_action(
        game.id,
        user_id=actor.user_id,
        seat=seat,
        action=undo_record(back_to=last[0].seq),
        now=now,
    )
    restored = Table(game, table.seats, rules, state)
    tx.remember(restored)
    with restored.public_voice():
        line = game_log.took_back(table, seat, last, actor.display_name)
        closing = _("↩️ Taken back; see below.")
    outcome = Outcome(lines=[line], live=engine.presenter(game.kind).kept(restored))
    return publish(engine, restored, outcome, quiet={actor.user_id}, closing=closing)
