"""The lobby's life: opening a table, sitting down, standing up, starting and aborting
(`/game new`, `join`, `leave`, `start` and `abort`: a table before and at its start)."""

import secrets
from collections.abc import Mapping
from functools import partial
from typing import Any

from bot.i18n import ENGLISH, _, listing, n_, say, speaking
from bot.messages import Outcome
from bot.records.fingerprint import fingerprint
from bot.replay import rules_options
from bot.service.commands import autoplay, robots
from bot.service.commands.publish import publish
from bot.service.requests import GONE, NO_GAME, NO_TABLE_IN_DMS, Actor, Place
from bot.service.runtime.engine import Engine
from bot.service.runtime.transaction import Reads, Tx
from bot.store import ChannelBusy, GameRow
from bot.table import Table
from bot.timing import deadline_changes
from rules.errors import RuleError
from rules.names import shown
from rules.protocol import GameRules


async def new_game(
    engine: Engine,
    place: Place,
    actor: Actor,
    kind: str,
    raw_options: Mapping[str, Any],
    language: str = ENGLISH,
    hints: bool = False,
    *,
    interaction_id: int | None = None,
) -> Outcome:
    """Open a lobby; `language` is the table's (every public message speaks it);
    `hints` lets its seated players ask `/hint` (bot.service.commands.coach)."""
    if place.guild_id is None:
        # Nobody else could join a table in a DM, and it would shadow the player's
        # real games for the game commands they use in DMs.
        return Outcome.refusal(NO_TABLE_IN_DMS)
    rules = engine.games.get(kind)
    if rules is None:
        known = ", ".join(sorted(engine.games))
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
    if hints:
        options = {**options, "hints": True}
    # Drawn before the command: its work may run more than once, and must draw the
    # same game each time.
    seed = engine.seed if engine.seed is not None else secrets.randbits(48)
    outcome = await engine.command(
        place.channel_id,
        partial(_new_game, engine, place, actor, rules, options, seed),
        interaction_id=interaction_id,
    )
    return engine.search_ahead(outcome) if hints else outcome


def _new_game(
    engine: Engine,
    place: Place,
    actor: Actor,
    rules: GameRules,
    options: dict[str, Any],
    seed: int,
    tx: Tx,
) -> Outcome:
    existing = tx.store.open_game(place.channel_id, for_update=True)
    if existing is not None:
        return Outcome.refusal(_busy(engine, existing))
    now = tx.now
    try:
        game = tx.store.create_game(
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
        return Outcome.refusal(_busy(engine, tx.store.open_game(place.channel_id)))
    tx.store.add_seat(game.id, actor.user_id, actor.display_name, now, locale=actor.language)
    table = tx.table_for(game)
    with table.public_voice():
        line = _(
            "🎲 {host} opened a **{game}** table: Join below or `/game join` to sit down."
        ).format(host=f"<@{actor.user_id}>", game=rules.title)
    return publish(engine, table, Outcome(lines=[line]))


def _busy(engine: Engine, game: GameRow | None) -> str:
    if game is None:
        return _("This channel is busy; try again.")
    title = engine.games[game.kind].title
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


async def join(
    engine: Engine, place: Place, actor: Actor, *, interaction_id: int | None = None
) -> Outcome:
    return await engine.command(
        place.channel_id, partial(_join, engine, place, actor), interaction_id=interaction_id
    )


def _join(engine: Engine, place: Place, actor: Actor, tx: Tx) -> Outcome:
    game = tx.store.open_game(place.channel_id, for_update=True)
    if game is None:
        return Outcome.refusal(NO_GAME)
    if game.status != "lobby":
        return Outcome.refusal(_("This game has already started; seats are fixed."))
    table = tx.table_for(game)
    if table.seat_of(actor.user_id) is not None:
        return Outcome.refusal(_("You are already seated at this table."))
    if len(table.seats) >= table.rules.max_players:
        return Outcome.refusal(
            _("The table is full: {game} takes at most {count} players.").format(
                game=table.rules.title, count=table.rules.max_players
            )
        )
    now = tx.now
    tx.store.add_seat(game.id, actor.user_id, actor.display_name, now, locale=actor.language)
    game = tx.save(game)  # a new version: the lobby message is redrawn
    seated = len(table.seats) + 1
    table = tx.table_for(game)
    with table.public_voice():
        line = _("🪑 **{name}** joined the table ({count} seated).").format(
            name=actor.display_name, count=seated
        )
    return publish(engine, table, Outcome(lines=[line]))


async def leave(
    engine: Engine, place: Place, actor: Actor, *, interaction_id: int | None = None
) -> Outcome:
    return await engine.command(
        place.channel_id, partial(_leave, engine, place, actor), interaction_id=interaction_id
    )


def _leave(engine: Engine, place: Place, actor: Actor, tx: Tx) -> Outcome:
    game = tx.store.open_game(place.channel_id, for_update=True)
    if game is None:
        return Outcome.refusal(NO_GAME)
    table = tx.table_for(game)
    if table.seat_of(actor.user_id) is None:
        return Outcome.refusal(_("You are not seated at this table."))
    if game.status != "lobby":
        return Outcome.refusal(
            _(
                "The game has started, so you cannot simply leave; "
                "ask the host, or use `/game resign` to hand your seat to the autopilot."
            )
        )
    tx.store.remove_seat(game.id, actor.user_id)
    seats = tx.store.seats(game.id)
    with speaking(game.options.get("language", ENGLISH)):
        if not seats:
            game = tx.save(game, status="aborted")
            line = _("🚪 **{name}** left; the table is empty, so the lobby is closed.").format(
                name=actor.display_name
            )
            return publish(
                engine,
                tx.table_for(game),
                Outcome(lines=[line]),
                closing=_("🚪 Closed."),
            )
        lines = [
            _("🚪 **{name}** left the table ({count} seated).").format(
                name=actor.display_name, count=len(seats)
            )
        ]
        people = [seat for seat in seats if not seat.is_ai]
        if game.host_id == actor.user_id and people:
            game = tx.save(game, host_id=people[0].user_id)
            lines.append(_("**{name}** is now the host.").format(name=people[0].display_name))
        else:
            # With only AI players left, the host stays host without a seat: they can
            # start a game that plays itself, or close the table.
            game = tx.save(game)
            if game.host_id == actor.user_id:
                lines.append(
                    _(
                        "Only AI players are seated: the host can still `/game start` a "
                        "game that plays itself, or `/game abort`."
                    )
                )
    return publish(engine, tx.table_for(game), Outcome(lines=lines))


async def start(
    engine: Engine,
    place: Place,
    actor: Actor,
    first_user: int | None,
    *,
    interaction_id: int | None = None,
) -> Outcome:
    return await engine.command(
        place.channel_id,
        partial(starting, engine, place, actor, first_user),
        interaction_id=interaction_id,
    )


def starting(engine: Engine, place: Place, actor: Actor, first_user: int | None, tx: Tx) -> Outcome:
    """The work of `/game start` inside a command's transaction (also for a start
    that writes more first, as `bot.service.commands.age_order` does)."""
    game = tx.store.open_game(place.channel_id, for_update=True)
    if game is None:
        return Outcome.refusal(NO_GAME)
    if game.status != "lobby":
        return Outcome.refusal(_("This game has already started."))
    if actor.user_id != game.host_id:
        return Outcome.refusal(
            _("Only the host ({host}) can start the game.").format(host=f"<@{game.host_id}>")
        )
    table = tx.table_for(game)
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
    now = tx.now
    stored = {**options, "first_seat": first, "ai_seed": robots.new_ai_seed(tx.entropy)}
    stored.update({k: game.options[k] for k in ("language", "hints") if k in game.options})
    timing = deadline_changes(
        game, [], rules.waiting_on(state), engine.phase_of(game, rules, state), now
    )
    if all(seat.is_ai for seat in table.seats):
        timing = autoplay.paced(engine, now)
    game = tx.save(
        game,
        state=rules.dump_state(state),
        status="active",
        options=stored,
        started_at=now.isoformat(),
        **timing,
    )
    table = Table(game, table.seats, rules, state)
    tx.remember(table)
    outcome = engine.presenter(game.kind).started(table, events)
    with table.public_voice():
        players = listing([f"**{name}**" for name in table.names])
        closing = _("✔️ Table closed: {players} sat down, and the game began.").format(
            players=players
        )
    outcome.ai_due = game.id if autoplay.runner_due(table) else None
    return publish(engine, table, outcome, closing=closing)


async def abort(
    engine: Engine,
    place: Place,
    actor: Actor,
    game_id: int | None = None,
    *,
    interaction_id: int | None = None,
) -> Outcome:
    """Abort the channel's table (`game_id`: only if it is still that game)."""
    return await engine.command(
        place.channel_id,
        partial(_abort, engine, place, actor, game_id),
        interaction_id=interaction_id,
    )


def abortable(
    reads: Reads, place: Place, actor: Actor, game_id: int | None = None
) -> GameRow | str:
    """The table `actor` may abort here, or why not (locking it inside a command)."""
    game = reads.store.open_game(place.channel_id, for_update=True)
    if game is None or (game_id is not None and game.id != game_id):
        return NO_GAME if game_id is None else GONE
    if actor.user_id != game.host_id and not actor.may_manage:
        return _(
            "Only the host ({host}) or someone with Manage Channels can abort this game."
        ).format(host=f"<@{game.host_id}>")
    return game


def _abort(engine: Engine, place: Place, actor: Actor, game_id: int | None, tx: Tx) -> Outcome:
    game = abortable(tx, place, actor, game_id)
    if isinstance(game, str):
        return Outcome.refusal(game)
    lobby = game.status == "lobby"
    game = tx.save(game, status="aborted", deadline=None)
    title = engine.games[game.kind].title
    table = tx.table_for(game)
    with table.public_voice():
        line = (
            _("🛑 The {game} lobby was aborted by **{name}**. The channel is free for `/game new`.")
            if lobby
            else _(
                "🛑 The {game} game was aborted by **{name}**. The channel is free for `/game new`."
            )
        ).format(game=title, name=actor.display_name)
        closing = _("🛑 Table closed.") if lobby else _("🛑 Game aborted.")
    return publish(engine, table, Outcome(lines=[line]), closing=closing)
