"""Asking first: abort, resign and kick end weeks of play with one click.

The command only checks that it would be allowed and answers privately with a question
and two buttons; the action happens on Confirm, for the person who asked only (the
buttons carry their id), and only if the game is still the one they asked about (the
buttons carry its id too). Cancel changes nothing.
"""

from typing import Literal

from bot.i18n import _
from bot.messages import ButtonSpec, Message, Outcome
from bot.service.commands import lobby, seats
from bot.service.requests import Actor, Place
from bot.service.runtime.engine import Engine

CONFIRM = "confirm"
"""The button route (cogs/lobby.py answers it)."""

Question = Literal["abort", "resign", "kick"]


def _buttons(
    game_id: int, what: Question, actor: Actor, target: int, yes: str, no: str = ""
) -> list[ButtonSpec]:
    arg = f"{what}.{actor.user_id}.{target}"
    return [
        ButtonSpec(yes, CONFIRM, game_id, arg, "danger"),
        ButtonSpec(no or _("Cancel"), CONFIRM, game_id, f"cancel.{actor.user_id}.0", "secondary"),
    ]


def ask(engine: Engine, place: Place, actor: Actor, what: Question, target: int = 0) -> Outcome:
    """The question with its Confirm / Cancel buttons, or the refusal the command would
    give anyway (a store-thread function: it reads the game), in the asker's language."""
    if what == "abort":
        game = lobby.abortable(engine, place, actor)
        if isinstance(game, str):
            return Outcome.refusal(game)
        title = engine.games[game.kind].title
        if game.status == "lobby":
            text = _("❓ Close this open **{title}** table? Every seat is freed.")
            yes, no = _("Yes, close the table"), _("No, go back")
        else:
            text = _(
                "❓ Abort this **{title}** game? It ends for everyone, with no winner, and "
                "cannot be undone."
            )
            yes, no = _("Yes, abort the game"), _("No, keep playing")
        buttons = _buttons(game.id, what, actor, 0, yes, no)
        return Outcome(reply=Message(text.format(title=title), buttons=buttons))
    if what == "resign":
        found = seats.resignable(engine, place, actor)
        if isinstance(found, str):
            return Outcome.refusal(found)
        table, _seat = found
        text = _(
            "❓ Resign from this **{title}** game? Your seat is played by the "
            "autopilot from then on; only the host can hand it to someone with `/game replace`."
        ).format(title=table.rules.title)
        buttons = _buttons(table.game.id, what, actor, 0, _("Resign"))
        return Outcome(reply=Message(text, buttons=buttons))
    found = seats.kickable(engine, place, actor, target)
    if isinstance(found, str):
        return Outcome.refusal(found)
    table, seat = found
    text = _(
        "❓ Put **{player}**'s seat on autopilot? An AI then plays it, until "
        "`/game replace` hands it to someone."
    ).format(player=table.name(seat))
    buttons = _buttons(table.game.id, what, actor, target, _("Put on autopilot"))
    return Outcome(reply=Message(text, buttons=buttons))


async def confirmed(
    engine: Engine,
    place: Place,
    actor: Actor,
    game_id: int,
    what: str,
    target: int,
    *,
    interaction_id: int | None = None,
) -> Outcome:
    """Do what was asked, if it is still allowed and still the same game."""
    if what == "abort":
        return await lobby.abort(engine, place, actor, game_id, interaction_id=interaction_id)
    if what == "resign":
        return await seats.resign(engine, place, actor, game_id, interaction_id=interaction_id)
    return await seats.kick(engine, place, actor, target, game_id, interaction_id=interaction_id)
