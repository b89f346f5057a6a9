"""`/game ...`: the table — lobby, start, status, abort, log, timers and absent players."""

from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot import rulebook
from bot.edge.app import SmithfieldBot
from bot.edge.delivery import announce, deliver, replace
from bot.i18n import ENGLISH, LANGUAGE_NAMES, LANGUAGES, _, language_of
from bot.messages import Message, Outcome
from bot.render.generic import ADD_AI, AI_LEVELS, JOIN, LEAVE, START
from bot.service.commands import age_order as age_orders
from bot.service.commands import ai_seats, archive, chart, deadlines, seats, takeback
from bot.service.commands.confirm import CONFIRM, Question, ask, confirmed
from cogs.context import (
    IN_PLACE,
    actor_of,
    answer,
    in_time,
    place_of,
    respond,
    speak_to,
    viewer_of,
)
from rules.registry import GAMES

GAME_CHOICES = [app_commands.Choice(name=rules.title, value=key) for key, rules in GAMES.items()]
"""The `game` option's choices: the game's name (translated like any choice name) shown,
its key sent, so a player picks "Fagin's Gang", never the slug `fagins-gang`."""
AiLevel = Literal["random", "standard", "strong"]
MAX_SEATS = max(game.max_players for game in GAMES.values())

# Discord fixes option descriptions and ranges when the command is registered, so they
# are built here, at import, from the rules data (loaded at import too).
_DATA = rulebook.rules_data()
NEW_GAME_DESCRIPTIONS = rulebook.new_game_descriptions(_DATA)
MAX_TURNS = _DATA.cards.turns
ROUNDS = _DATA.board.round_limit
TARGETS = _DATA.board.fagin_target


class Lobby(commands.GroupCog, group_name="game", group_description="Play a board game here"):
    def __init__(self, bot: SmithfieldBot) -> None:
        self.bot = bot
        bot.button_routes[CONFIRM] = self.confirm_button
        bot.button_routes[JOIN] = self.join_button
        bot.button_routes[LEAVE] = self.leave_button
        bot.button_routes[START] = self.start_button
        bot.select_routes[ADD_AI] = self.add_ai_chosen
        super().__init__()

    @app_commands.command(name="new", description="Open a table for a game in this channel")
    @app_commands.describe(**NEW_GAME_DESCRIPTIONS)
    @app_commands.choices(
        game=GAME_CHOICES,
        language=[app_commands.Choice(name=LANGUAGE_NAMES[code], value=code) for code in LANGUAGES],
    )
    async def new(
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Choice[str],
        turns: app_commands.Range[int, 1, MAX_TURNS] | None = None,
        low_prices: bool | None = None,
        sole_lowest_bonus: bool | None = None,
        round_limit: app_commands.Range[int, ROUNDS.min, ROUNDS.max] | None = None,
        fagin_target: app_commands.Range[int, TARGETS.min, TARGETS.max] | None = None,
        language: app_commands.Choice[str] | None = None,
        hints: bool = False,
    ) -> None:
        raw = {
            "turns": turns,
            "low_prices": low_prices,
            "sole_lowest_bonus": sole_lowest_bonus,
            "round_limit": round_limit,
            "fagin_target": fagin_target,
        }
        options = {key: value for key, value in raw.items() if value is not None}
        if language is not None:
            table_language = language.value
        elif interaction.guild is not None:
            # The server's language when it is German, else English.
            table_language = language_of(interaction.guild.preferred_locale)
        else:
            table_language = ENGLISH
        await respond(
            interaction,
            self.bot.service.new_game(
                place_of(interaction),
                actor_of(interaction),
                game.value,
                options,
                table_language,
                hints,
                interaction_id=interaction.id,
            ),
        )

    @app_commands.command(name="join", description="Sit down at this channel's table")
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        await self._join(interaction)

    async def _join(self, interaction: discord.Interaction[Any]) -> None:
        await respond(
            interaction,
            self.bot.service.join(
                place_of(interaction), actor_of(interaction), interaction_id=interaction.id
            ),
        )

    @app_commands.command(name="leave", description="Leave this channel's table before it starts")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await self._leave(interaction)

    async def _leave(self, interaction: discord.Interaction[Any]) -> None:
        await respond(
            interaction,
            self.bot.service.leave(
                place_of(interaction), actor_of(interaction), interaction_id=interaction.id
            ),
        )

    @app_commands.command(name="start", description="Start the game (host only)")
    @app_commands.describe(
        first="Who goes first (First Buyer / First Player); random if unset",
        age_order="Fantasy Business ties: players youngest first (@mentions or lobby numbers)",
    )
    async def start(
        self,
        interaction: discord.Interaction[Any],
        first: discord.User | None = None,
        age_order: app_commands.Range[str, 1, 400] | None = None,
    ) -> None:
        await self._start(interaction, first, age_order)

    async def _start(
        self,
        interaction: discord.Interaction[Any],
        first: discord.User | None,
        age_order: str | None,
    ) -> None:
        work = age_orders.start(
            self.bot.service.engine,
            place_of(interaction),
            actor_of(interaction),
            first.id if first else None,
            age_order,
            interaction_id=interaction.id,
        )
        await respond(interaction, work)

    # -- the lobby card's controls: each the same service call as its command -----------

    async def _lobby_still(self, interaction: discord.Interaction[Any], game_id: int) -> bool:
        """A click on a lobby card whose table started or closed meanwhile is refused
        (it must not act on a later table of the channel)."""
        service = self.bot.service
        try:
            game = await service.read(service.store.game, game_id)
        except KeyError:  # a custom id no message of ours carries
            game = None
        if (
            game is not None
            and game.status == "lobby"
            and game.channel_id == place_of(interaction).channel_id
        ):
            return True
        speak_to(interaction)
        await answer(interaction, Outcome.refusal(_("That lobby is closed: the table moved on.")))
        return False

    async def join_button(
        self, interaction: discord.Interaction[Any], game_id: int, arg: str
    ) -> None:
        if await self._lobby_still(interaction, game_id):
            await self._join(interaction)

    async def leave_button(
        self, interaction: discord.Interaction[Any], game_id: int, arg: str
    ) -> None:
        if await self._lobby_still(interaction, game_id):
            await self._leave(interaction)

    async def start_button(
        self, interaction: discord.Interaction[Any], game_id: int, arg: str
    ) -> None:
        if await self._lobby_still(interaction, game_id):
            await self._start(interaction, None, None)

    async def add_ai_chosen(
        self, interaction: discord.Interaction[Any], game_id: int, arg: str, values: list[str]
    ) -> None:
        level = values[0] if values else ""
        if level not in {key for key, _label, _about in AI_LEVELS}:
            speak_to(interaction)
            await answer(interaction, Outcome.refusal(_("That menu is not one of mine.")))
            return
        if await self._lobby_still(interaction, game_id):
            await self._addbot(interaction, level)

    @app_commands.command(name="status", description="Show this channel's lobby or game")
    @app_commands.describe(share="Post it for everyone in the channel (default: only you)")
    async def status(self, interaction: discord.Interaction[Any], share: bool = False) -> None:
        work = self.bot.service.status(place_of(interaction), actor_of(interaction), share)
        await respond(interaction, work)

    @app_commands.command(name="abort", description="End this channel's game without a winner")
    async def abort(self, interaction: discord.Interaction[Any]) -> None:
        await self._ask(interaction, "abort")

    async def _ask(
        self, interaction: discord.Interaction[Any], what: Question, target: int = 0
    ) -> None:
        """Irreversible commands ask first, privately (bot.confirm)."""
        service = self.bot.service
        place, actor = place_of(interaction), actor_of(interaction)
        await respond(interaction, service.call(ask, service.engine, place, actor, what, target))

    async def confirm_button(
        self, interaction: discord.Interaction[Any], game_id: int, arg: str
    ) -> None:
        speak_to(interaction)
        what, _dot, rest = arg.partition(".")
        asker, _dot, target = rest.partition(".")
        if str(interaction.user.id) != asker:
            await answer(interaction, Outcome.refusal(_("Only the person who asked can answer.")))
            return
        if what == "cancel":
            await replace(interaction, Message(content=_("Cancelled: nothing changed.")))
            return
        if (
            what not in ("abort", "resign", "kick", "undo")
            or not target.isascii()
            or not target.isdigit()
        ):
            await answer(interaction, Outcome.refusal(_("That button is not one of mine.")))
            return
        place, actor = place_of(interaction), actor_of(interaction)
        engine, known = self.bot.service.engine, interaction.id
        work = (
            takeback.undo(engine, place, actor, int(target), interaction_id=known)
            if what == "undo"
            else confirmed(engine, place, actor, game_id, what, int(target), interaction_id=known)
        )
        interaction.extras[IN_PLACE] = True  # a deferral promises an edit of the question
        outcome = await in_time(interaction, work)
        where = outcome.channel_id or place.channel_id
        if outcome.owed:
            # It counted: the question becomes its answer (tried again when Discord fails
            # it, never ⚠️ for a stored change) and the courier tells the channel.
            await deliver(interaction, outcome, where, in_place=True)
            return
        await replace(interaction, outcome.reply or Message(content=_("✔️ Done.")))
        outcome.reply = None
        await announce(self.bot, outcome, where)

    @app_commands.command(name="log", description="Show the latest moves of this channel's game")
    @app_commands.describe(count="How many moves to show (default 10)")
    async def log(
        self, interaction: discord.Interaction[Any], count: app_commands.Range[int, 1, 50] = 10
    ) -> None:
        await respond(interaction, self.bot.service.log(place_of(interaction), count))

    @app_commands.command(name="chart", description="Show a chart of how this channel's game went")
    @app_commands.describe(share="Post it for everyone in the channel (default: only you)")
    async def chart(self, interaction: discord.Interaction[Any], share: bool = False) -> None:
        await respond(
            interaction, chart.chart(self.bot.service.engine, place_of(interaction), share)
        )

    # -- past games --------------------------------------------------------------------

    @app_commands.command(name="history", description="List past games here (in DMs: yours)")
    @app_commands.describe(count="How many games to list, newest first (default 10)")
    async def history(
        self,
        interaction: discord.Interaction[Any],
        count: app_commands.Range[int, 1, archive.HISTORY_MAX] = 10,
    ) -> None:
        await respond(
            interaction, archive.history(self.bot.service.engine, viewer_of(interaction), count)
        )

    @app_commands.command(name="show", description="Show a past game's final table and its log")
    @app_commands.describe(game="The game's number (see /game history)")
    async def show(self, interaction: discord.Interaction[Any], game: int) -> None:
        await respond(
            interaction, archive.show(self.bot.service.engine, viewer_of(interaction), game)
        )

    @app_commands.command(name="export", description="Attach a game's replay file")
    @app_commands.describe(
        game="The game's number (default: this channel's running game, else its last one)"
    )
    async def export(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        engine = self.bot.service.engine
        work = archive.export_game(engine, viewer_of(interaction), game, engine.clock())
        await respond(interaction, work)

    @show.autocomplete("game")
    async def past_games(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        speak_to(interaction)
        found = await archive.choices(
            self.bot.service.engine, viewer_of(interaction), current, running=False
        )
        return [app_commands.Choice(name=label, value=game) for label, game in found]

    @export.autocomplete("game")
    async def exportable_games(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        speak_to(interaction)
        found = await archive.choices(
            self.bot.service.engine, viewer_of(interaction), current, running=True
        )
        return [app_commands.Choice(name=label, value=game) for label, game in found]

    # -- long-running play -------------------------------------------------------------

    @app_commands.command(name="timer", description="Set how long each step may take (host)")
    @app_commands.describe(
        hours="Hours a player (or everyone, for simultaneous steps) has; 0 = untimed",
        remind="Hours before the deadline to remind whoever is still missing",
    )
    async def timer(
        self,
        interaction: discord.Interaction[Any],
        hours: app_commands.Range[float, 0, 720],
        remind: app_commands.Range[float, 0, 720] | None = None,
    ) -> None:
        await respond(
            interaction,
            deadlines.set_timer(
                self.bot.service.engine,
                place_of(interaction),
                actor_of(interaction),
                hours,
                remind,
                interaction_id=interaction.id,
            ),
        )

    @app_commands.command(name="kick", description="Put an absent player's seat on autopilot")
    @app_commands.describe(member="The player whose seat plays default moves from now on")
    async def kick(self, interaction: discord.Interaction[Any], member: discord.User) -> None:
        await self._ask(interaction, "kick", member.id)

    @app_commands.command(name="resign", description="Leave a running game; your seat autoplays")
    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        await self._ask(interaction, "resign")

    @app_commands.command(name="undo", description="Take back the last move (your own; host: any)")
    async def undo(self, interaction: discord.Interaction[Any]) -> None:
        work = takeback.undo(
            self.bot.service.engine,
            place_of(interaction),
            actor_of(interaction),
            interaction_id=interaction.id,
        )
        await respond(interaction, work)

    @app_commands.command(name="replace", description="Hand a seat to another member (host)")
    @app_commands.describe(
        old="Who holds the seat now (this bot itself for an AI's seat)",
        new="Who takes it over",
        seat="For an AI's seat: its number, when several AIs play",
    )
    async def replace(
        self,
        interaction: discord.Interaction[Any],
        old: discord.User,
        new: discord.User,
        seat: app_commands.Range[int, 1, MAX_SEATS] | None = None,
    ) -> None:
        if new.bot:
            speak_to(interaction)
            await answer(interaction, Outcome.refusal(_("A bot cannot take a seat.")))
            return
        me = interaction.client.user
        old_id = None if me is not None and old.id == me.id else old.id
        work = seats.replace(
            self.bot.service.engine,
            place_of(interaction),
            actor_of(interaction),
            old_id,
            new.id,
            new.display_name,
            seat,
            interaction_id=interaction.id,
        )
        await respond(interaction, work)

    @app_commands.command(name="addbot", description="Seat an AI player at this table (host)")
    @app_commands.describe(level="How it plays (default standard)")
    async def addbot(
        self, interaction: discord.Interaction[Any], level: AiLevel = "standard"
    ) -> None:
        await self._addbot(interaction, level)

    async def _addbot(self, interaction: discord.Interaction[Any], level: str) -> None:
        work = ai_seats.add_bot(
            self.bot.service.engine,
            place_of(interaction),
            actor_of(interaction),
            level,
            interaction_id=interaction.id,
        )
        await respond(interaction, work)

    @app_commands.command(name="removebot", description="Remove an AI player from the lobby (host)")
    @app_commands.describe(seat="Its seat number in the lobby (default: the last AI seated)")
    async def removebot(
        self,
        interaction: discord.Interaction[Any],
        seat: app_commands.Range[int, 1, MAX_SEATS] | None = None,
    ) -> None:
        work = ai_seats.remove_bot(
            self.bot.service.engine,
            place_of(interaction),
            actor_of(interaction),
            seat,
            interaction_id=interaction.id,
        )
        await respond(interaction, work)

    @app_commands.command(
        name="autopilot", description="Choose the AI that plays kicked or resigned seats (host)"
    )
    @app_commands.describe(level="How the autopilot plays")
    async def autopilot(self, interaction: discord.Interaction[Any], level: AiLevel) -> None:
        work = ai_seats.set_autopilot(
            self.bot.service.engine,
            place_of(interaction),
            actor_of(interaction),
            level,
            interaction_id=interaction.id,
        )
        await respond(interaction, work)

    @app_commands.command(name="pause", description="Freeze all timers of this game (host)")
    async def pause(self, interaction: discord.Interaction[Any]) -> None:
        await respond(
            interaction,
            deadlines.pause(
                self.bot.service.engine,
                place_of(interaction),
                actor_of(interaction),
                interaction_id=interaction.id,
            ),
        )

    @app_commands.command(name="resume", description="Restart the timers of this game (host)")
    async def resume(self, interaction: discord.Interaction[Any]) -> None:
        await respond(
            interaction,
            deadlines.resume(
                self.bot.service.engine,
                place_of(interaction),
                actor_of(interaction),
                interaction_id=interaction.id,
            ),
        )


async def setup(bot: SmithfieldBot) -> None:
    await bot.add_cog(Lobby(bot))
