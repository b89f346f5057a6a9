"""The lobby's life: opening a table, sitting down, standing up, starting and aborting."""

import secrets
from collections.abc import Mapping
from functools import partial
from typing import Any

from bot.i18n import ENGLISH, _, listing, n_, say, speaking
from bot.messages import Outcome
from bot.records.fingerprint import fingerprint
from bot.replay import rules_options
from bot.service import autoplay, robots
from bot.service.engine import Engine
from bot.service.publish import publish
from bot.service.requests import GONE, NO_GAME, NO_TABLE_IN_DMS, Actor, Place
from bot.store import ChannelBusy, GameRow
from bot.table import Table
from bot.timing import deadline_changes
from rules.errors import RuleError
from rules.names import shown
from rules.protocol import GameRules


class Lobby:
    """`/game new`, `join`, `leave`, `start` and `abort`: a table before and at its start."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    async def new_game(
        self,
        place: Place,
        actor: Actor,
        kind: str,
        raw_options: Mapping[str, Any],
        language: str = ENGLISH,
        hints: bool = False,
    ) -> Outcome:
        """Open a lobby; `language` is the table's (every public message speaks it);
        `hints` lets its seated players ask `/hint` (bot.service.coach)."""
        if place.guild_id is None:
            # Nobody else could join a table in a DM, and it would shadow the player's
            # real games for the game commands they use in DMs.
            return Outcome.refusal(NO_TABLE_IN_DMS)
        rules = self.engine.games.get(kind)
        if rules is None:
            known = ", ".join(sorted(self.engine.games))
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
        seed = self.engine.seed if self.engine.seed is not None else secrets.randbits(48)
        return await self.engine.command(
            place.channel_id, partial(self._new_game, place, actor, rules, options, seed)
        )

    def _new_game(
        self, place: Place, actor: Actor, rules: GameRules, options: dict[str, Any], seed: int
    ) -> Outcome:
        existing = self.engine.store.open_game(place.channel_id, for_update=True)
        if existing is not None:
            return Outcome.refusal(self._busy(existing))
        now = self.engine.clock()
        try:
            game = self.engine.store.create_game(
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
            return Outcome.refusal(self._busy(self.engine.store.open_game(place.channel_id)))
        self.engine.store.add_seat(
            game.id, actor.user_id, actor.display_name, now, locale=actor.language
        )
        table = self.engine.table_for(game)
        with table.public_voice():
            line = _("🎲 {host} opened a **{game}** table: `/game join` to sit down.").format(
                host=f"<@{actor.user_id}>", game=rules.title
            )
        return publish(self.engine, table, Outcome(lines=[line]))

    def _busy(self, game: GameRow | None) -> str:
        if game is None:
            return _("This channel is busy; try again.")
        title = self.engine.games[game.kind].title
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
        return await self.engine.command(place.channel_id, partial(self._join, place, actor))

    def _join(self, place: Place, actor: Actor) -> Outcome:
        game = self.engine.store.open_game(place.channel_id, for_update=True)
        if game is None:
            return Outcome.refusal(NO_GAME)
        if game.status != "lobby":
            return Outcome.refusal(_("This game has already started; seats are fixed."))
        table = self.engine.table_for(game)
        if table.seat_of(actor.user_id) is not None:
            return Outcome.refusal(_("You are already seated at this table."))
        if len(table.seats) >= table.rules.max_players:
            return Outcome.refusal(
                _("The table is full: {game} takes at most {count} players.").format(
                    game=table.rules.title, count=table.rules.max_players
                )
            )
        now = self.engine.clock()
        self.engine.store.add_seat(
            game.id, actor.user_id, actor.display_name, now, locale=actor.language
        )
        game = self.engine.save(game, now=now)  # a new version: the lobby message is redrawn
        seated = len(table.seats) + 1
        table = self.engine.table_for(game)
        with table.public_voice():
            line = _("🪑 **{name}** joined the table ({count} seated).").format(
                name=actor.display_name, count=seated
            )
        return publish(self.engine, table, Outcome(lines=[line]))

    async def leave(self, place: Place, actor: Actor) -> Outcome:
        return await self.engine.command(place.channel_id, partial(self._leave, place, actor))

    def _leave(self, place: Place, actor: Actor) -> Outcome:
        game = self.engine.store.open_game(place.channel_id, for_update=True)
        if game is None:
            return Outcome.refusal(NO_GAME)
        table = self.engine.table_for(game)
        if table.seat_of(actor.user_id) is None:
            return Outcome.refusal(_("You are not seated at this table."))
        if game.status != "lobby":
            return Outcome.refusal(
                _(
                    "The game has started, so you cannot simply leave; "
                    "ask the host, or use `/game resign` to hand your seat to the autopilot."
                )
            )
        now = self.engine.clock()
        self.engine.store.remove_seat(game.id, actor.user_id)
        seats = self.engine.store.seats(game.id)
        with speaking(game.options.get("language", ENGLISH)):
            if not seats:
                game = self.engine.save(game, now=now, status="aborted")
                line = _("🚪 **{name}** left; the table is empty, so the lobby is closed.").format(
                    name=actor.display_name
                )
                return publish(
                    self.engine,
                    self.engine.table_for(game),
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
                game = self.engine.save(game, now=now, host_id=people[0].user_id)
                lines.append(_("**{name}** is now the host.").format(name=people[0].display_name))
            else:
                # With only AI players left, the host stays host without a seat: they can
                # start a game that plays itself, or close the table.
                game = self.engine.save(game, now=now)
                if game.host_id == actor.user_id:
                    lines.append(
                        _(
                            "Only AI players are seated: the host can still `/game start` a "
                            "game that plays itself, or `/game abort`."
                        )
                    )
        return publish(self.engine, self.engine.table_for(game), Outcome(lines=lines))

    async def start(self, place: Place, actor: Actor, first_user: int | None) -> Outcome:
        return await self.engine.command(
            place.channel_id, partial(self.starting, place, actor, first_user)
        )

    def starting(self, place: Place, actor: Actor, first_user: int | None) -> Outcome:
        """The work of `/game start` inside a command's transaction (also for a start
        that writes more first, as `bot.service.age_order` does)."""
        game = self.engine.store.open_game(place.channel_id, for_update=True)
        if game is None:
            return Outcome.refusal(NO_GAME)
        if game.status != "lobby":
            return Outcome.refusal(_("This game has already started."))
        if actor.user_id != game.host_id:
            return Outcome.refusal(
                _("Only the host ({host}) can start the game.").format(host=f"<@{game.host_id}>")
            )
        table = self.engine.table_for(game)
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
        now = self.engine.clock()
        stored = {**options, "first_seat": first, "ai_seed": robots.new_ai_seed(self.engine.seed)}
        stored.update({k: game.options[k] for k in ("language", "hints") if k in game.options})
        timing = deadline_changes(
            game, [], rules.waiting_on(state), self.engine.phase_of(game, rules, state), now
        )
        if all(seat.is_ai for seat in table.seats):
            timing = autoplay.paced(self.engine, now)
        game = self.engine.save(
            game,
            now=now,
            state=rules.dump_state(state),
            status="active",
            options=stored,
            started_at=now.isoformat(),
            **timing,
        )
        table = Table(game, table.seats, rules, state)
        self.engine.remember_after_commit(table)
        outcome = self.engine.presenter(game.kind).started(table, events)
        with table.public_voice():
            players = listing([f"**{name}**" for name in table.names])
            closing = _("✔️ Table closed: {players} sat down, and the game began.").format(
                players=players
            )
        outcome.ai_due = game.id if autoplay.runner_due(table) else None
        return publish(self.engine, table, outcome, closing=closing)

    async def abort(self, place: Place, actor: Actor, game_id: int | None = None) -> Outcome:
        """Abort the channel's table (`game_id`: only if it is still that game)."""
        return await self.engine.command(
            place.channel_id, partial(self._abort, place, actor, game_id)
        )

    def abortable(self, place: Place, actor: Actor, game_id: int | None = None) -> GameRow | str:
        """The table `actor` may abort here, or why not (locking it inside a command)."""
        game = self.engine.store.open_game(place.channel_id, for_update=True)
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
        game = self.engine.save(game, now=self.engine.clock(), status="aborted", deadline=None)
        title = self.engine.games[game.kind].title
        table = self.engine.table_for(game)
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
            closing = _("🛑 Table closed.") if lobby else _("🛑 Game aborted.")
        return publish(self.engine, table, Outcome(lines=[line]), closing=closing)
