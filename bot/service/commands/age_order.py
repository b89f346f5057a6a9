"""`/game start age_order:…`: the host tells the table who is youngest, for ties.

Fantasy Business gives a tie to the youngest tied player (§4 [ed], see
`rules.fantasy_business.setup`). The host may list the players youngest first when
starting, by mention (`@bob`), by their number in the lobby card, or by name, all of them
or only the first few; the rest are drawn at random by the rules and announced.

The order is kept with the game's options (as seats), so a replay from the seed and the
log sets the same game up. Writing it and starting are one transaction: a start that is
refused (not the host, too few players, a bad order) leaves the lobby as it was.
"""

import re
from functools import partial

from bot.i18n import _
from bot.messages import Outcome
from bot.service.commands import lobby
from bot.service.requests import NO_GAME, Actor, Place
from bot.service.runtime.engine import Engine
from bot.service.runtime.transaction import Tx
from bot.table import Table

KIND = "fantasy-business"
OPTION = "age_order"
MENTION = re.compile(r"^<@!?(\d+)>$")


class _Refused(Exception):
    """Ends the transaction without a trace: the lobby's options are rolled back."""

    def __init__(self, outcome: Outcome) -> None:
        super().__init__("start refused")
        self.outcome = outcome


async def start(
    engine: Engine,
    place: Place,
    actor: Actor,
    first_user: int | None,
    typed: str | None,
    *,
    interaction_id: int | None = None,
) -> Outcome:
    """Start this channel's game; with `typed`, under the age order it names."""
    if typed is None or not typed.strip():
        return await lobby.start(engine, place, actor, first_user, interaction_id=interaction_id)
    work = partial(_start, engine, place, actor, first_user, typed)
    try:
        return await engine.command(place.channel_id, work, interaction_id=interaction_id)
    except _Refused as refused:
        return refused.outcome


def _start(
    engine: Engine, place: Place, actor: Actor, first_user: int | None, typed: str, tx: Tx
) -> Outcome:
    game = tx.store.open_game(place.channel_id, for_update=True)
    if game is None:
        return Outcome.refusal(NO_GAME)
    if game.status != "lobby" or actor.user_id != game.host_id:
        return lobby.starting(engine, place, actor, first_user, tx)  # its refusal says why
    table = tx.table_for(game)
    if game.kind != KIND:
        return Outcome.refusal(
            _("Only Fantasy Business breaks ties by age; start {game} without `age_order`.").format(
                game=table.rules.title
            )
        )
    seats = seats_named(table, typed)
    if isinstance(seats, str):
        return Outcome.refusal(seats)
    first = table.seat_of(first_user) if first_user is not None else None
    if first is not None and first != seats[0]:
        return Outcome.refusal(
            _(
                "The age order starts with {youngest}, but `/game start first:` names {first}: the "
                "youngest takes the First Buyer card, so they must be the same player."
            ).format(youngest=f"**{table.name(seats[0])}**", first=f"**{table.name(first)}**")
        )
    tx.save(game, options={**game.options, OPTION: seats})
    outcome = lobby.starting(engine, place, actor, first_user, tx)
    if not outcome.accepted:
        raise _Refused(outcome)
    return outcome


def _tokens(typed: str) -> list[str]:
    """The names typed, split at commas (names may hold spaces) or else at spaces."""
    parts = typed.split(",") if "," in typed else typed.split()
    tokens = []
    for part in parts:
        # A mention typed between names may come without a separating comma.
        tokens += re.findall(r"<@!?\d+>|[^<]+", part.strip())
    return [token.strip() for token in tokens if token.strip()]


def seats_named(table: Table, typed: str) -> list[int] | str:
    """The seats `typed` names, in its order, or the reason it cannot be read."""
    found: list[int] = []
    for token in _tokens(typed):
        seat = _seat(table, token)
        if seat is None:
            return _(
                "“{typed}” is not a player at this table. Name the players youngest first: by "
                "mention (@name), by their number in the lobby or by name."
            ).format(typed=token[:60])
        if seat in found:
            return _("{who} is named twice in the age order.").format(who=f"**{table.name(seat)}**")
        found.append(seat)
    if not found:
        return _("Name the players youngest first: by mention (@name), by number or by name.")
    return found


def _seat(table: Table, token: str) -> int | None:
    mention = MENTION.match(token)
    if mention is not None:
        return table.seat_of(int(mention.group(1)))
    if token.isdigit():
        number = int(token)
        return number - 1 if 1 <= number <= len(table.seats) else None
    wanted = token.removeprefix("@").casefold()
    named = [i for i, name in enumerate(table.names) if name.casefold() == wanted]
    return named[0] if len(named) == 1 else None
