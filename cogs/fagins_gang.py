"""Fagin's Gang's commands and market buttons.

Each command turns its text into a rules action with the rules' own parsers (a plan that
does not parse is refused like any illegal action, naming the part that is wrong), hands
it to the game service and delivers what the presenter made of it. Commands work in the
game's channel and, for a player with one running game, in DMs; the announcements always
go to the game's channel.
"""

import logging
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.edge.app import SmithfieldBot
from bot.edge.delivery import deliver, replace
from bot.edge.sending import fields
from bot.i18n import _, current
from bot.messages import Message, Outcome
from bot.render.fagins_gang import PRESENTER
from bot.render.fg_builder import (
    ROUTE_CANCEL,
    ROUTE_DRAFT,
    ROUTE_MARKET,
    ROUTE_OPEN,
    ROUTE_SKIP,
    ROUTE_SUBMIT,
    ROUTE_TO_DM,
    builder_message,
)
from bot.render.fg_market import ROUTE_BUY, ROUTE_PASS, ROUTE_SELL
from bot.rulebook import one_or_up_to
from bot.service.requests import NOT_SEATED
from bot.table import Table
from cogs.context import actor_of, place_of, respond, speak_to
from rules.errors import RuleError
from rules.fagins_gang import (
    BOARD,
    Buy,
    Discard,
    FaginState,
    MarketPass,
    OpenMarket,
    Sell,
    Shillings,
    Skip,
    parse_colours,
    parse_cube_counts,
    parse_locations,
    parse_move_plan,
    parse_steal_plan,
    suggest_plan_completions,
)
from rules.fagins_gang import builder as drafts

KIND = "fagins-gang"
log = logging.getLogger(__name__)

Build = Callable[[Any, int], Any]
Choices = list[app_commands.Choice[str]]

# Descriptions are registered once, so their numbers are read from the board at import.
SLOTS = BOARD.max_slots
HOLDER_TRADES = one_or_up_to(BOARD.holder_trade_max)


QUOTES = "\"“”„'"


def unquoted(text: str) -> str:
    """A typed text without the quotes around it: the rulebook, the help and `/hint`
    write plans as `plan:"thames up 2"`, and a player may type them so."""
    stripped = text.strip()
    if len(stripped) >= 2 and stripped[0] in QUOTES and stripped[-1] in QUOTES:
        return stripped[1:-1]
    return stripped


class FaginsGang(commands.Cog):
    market = app_commands.Group(
        name="market", description="Fagin's Gang: Smithfield Market — open it, buy, sell, pass"
    )

    def __init__(self, bot: SmithfieldBot) -> None:
        self.bot = bot
        bot.button_routes[ROUTE_BUY] = self.buy_button
        bot.button_routes[ROUTE_SELL] = self.sell_button
        bot.button_routes[ROUTE_PASS] = self.pass_button
        bot.button_routes[ROUTE_OPEN] = self.open_builder
        bot.button_routes[ROUTE_DRAFT] = self.draft_button
        bot.button_routes[ROUTE_SUBMIT] = self.submit_button
        bot.button_routes[ROUTE_CANCEL] = self.cancel_button
        bot.button_routes[ROUTE_TO_DM] = self.to_dm_button
        bot.button_routes[ROUTE_SKIP] = self.skip_button
        bot.button_routes[ROUTE_MARKET] = self.market_button

    # -- acting ------------------------------------------------------------------------------

    async def _act(self, interaction: discord.Interaction[Any], build: Build) -> None:
        """Apply an action to the game the caller means: this channel's, or from a DM
        their only running Fagin's Gang game."""
        work = self.bot.service.act(
            place_of(interaction),
            actor_of(interaction),
            lambda table, seat: build(table.state, seat),
            KIND,
            interaction_id=interaction.id,
        )
        await respond(interaction, work)

    async def _act_in_game(
        self, interaction: discord.Interaction[Any], game_id: int, build: Build
    ) -> None:
        work = self.bot.service.act_in_game(
            game_id,
            actor_of(interaction),
            lambda table, seat: build(table.state, seat),
            KIND,
            interaction_id=interaction.id,
        )
        await respond(interaction, work)

    @app_commands.command(
        name="move", description=f"Fagin's Gang: move urchins at up to {SLOTS} places"
    )
    @app_commands.describe(
        plan=f'Up to {SLOTS} parts split by ";", e.g. "thames up 2; stpauls enter up 1; bow fagin"'
    )
    async def move(self, interaction: discord.Interaction[Any], plan: str) -> None:
        await self._act(interaction, lambda state, seat: parse_move_plan(unquoted(plan)))

    @app_commands.command(name="steal", description="Fagin's Gang: steal or exchange goods")
    @app_commands.describe(
        plan=f'Up to {SLOTS} parts, e.g. "thames red blue; exchange red red blue for purple"'
    )
    async def steal(self, interaction: discord.Interaction[Any], plan: str) -> None:
        await self._act(interaction, lambda state, seat: parse_steal_plan(unquoted(plan)))

    @app_commands.command(
        name="shillings", description=f"Fagin's Gang: steal shillings at up to {SLOTS} locations"
    )
    @app_commands.describe(locations='Where your urchins are, e.g. "thames, chertsey"')
    async def shillings(self, interaction: discord.Interaction[Any], locations: str) -> None:
        await self._act(
            interaction,
            lambda state, seat: Shillings(locations=parse_locations(unquoted(locations))),
        )

    @market.command(name="open", description="Take the Market token: everyone trades")
    async def market_open(self, interaction: discord.Interaction[Any]) -> None:
        await self._act(interaction, lambda state, seat: OpenMarket())

    @market.command(
        name="buy", description=f"Buy a cube (the token holder: {HOLDER_TRADES} colours)"
    )
    @app_commands.describe(colours='A colour or goods name, e.g. "red" or "red blue"')
    async def market_buy(self, interaction: discord.Interaction[Any], colours: str) -> None:
        await self._act(
            interaction, lambda state, seat: Buy(colours=parse_colours(unquoted(colours)))
        )

    @market.command(
        name="sell", description=f"Sell a cube (the token holder: {HOLDER_TRADES} colours)"
    )
    @app_commands.describe(colours='A colour or goods name, e.g. "books" or "red blue"')
    async def market_sell(self, interaction: discord.Interaction[Any], colours: str) -> None:
        await self._act(
            interaction, lambda state, seat: Sell(colours=parse_colours(unquoted(colours)))
        )

    @market.command(name="pass", description="Leave the market for good")
    async def market_pass(self, interaction: discord.Interaction[Any]) -> None:
        await self._act(interaction, lambda state, seat: MarketPass())

    @app_commands.command(name="skip", description="Fagin's Gang: take no action this round")
    async def skip(self, interaction: discord.Interaction[Any]) -> None:
        await self._act(interaction, lambda state, seat: Skip())

    @app_commands.command(
        name="discard", description="Fagin's Gang: return cubes over the hand limit"
    )
    @app_commands.describe(cubes='Which cubes to return, e.g. "3 red, 2 blue" or "red red blue"')
    async def discard(self, interaction: discord.Interaction[Any], cubes: str) -> None:
        await self._act(
            interaction, lambda state, seat: Discard(cubes=parse_cube_counts(unquoted(cubes)))
        )

    @app_commands.command(name="board", description="Fagin's Gang: show the board")
    @app_commands.describe(share="Post it for everyone in the game's channel (default: only you)")
    async def board(self, interaction: discord.Interaction[Any], share: bool = False) -> None:
        service = self.bot.service
        game = await service.read(
            service.find_game, place_of(interaction), actor_of(interaction), KIND
        )
        if isinstance(game, str):
            await deliver(interaction, Outcome.refusal(game), None)
            return
        if game.kind != KIND:
            title = service.games[game.kind].title
            await deliver(
                interaction,
                Outcome.refusal(
                    _("The game here is {title}; `/board` is for Fagin's Gang.").format(title=title)
                ),
                None,
            )
            return
        if game.status == "lobby":
            await deliver(interaction, Outcome.refusal(_("The game has not started yet.")), None)
            return
        table = await service.read(service.table_for, game)
        if share:  # for the channel: in the table's language
            with table.public_voice():
                message = PRESENTER.board_message(table)
        else:
            message = PRESENTER.board_message(table)
        outcome = Outcome(public=[message]) if share else Outcome(reply=message)
        await deliver(interaction, outcome, game.channel_id)

    # -- buttons -----------------------------------------------------------------------------

    async def buy_button(
        self, interaction: discord.Interaction[Any], game_id: int, colour: str
    ) -> None:
        await self._act_in_game(interaction, game_id, lambda state, seat: Buy(colours=[colour]))

    async def sell_button(
        self, interaction: discord.Interaction[Any], game_id: int, colour: str
    ) -> None:
        await self._act_in_game(interaction, game_id, lambda state, seat: Sell(colours=[colour]))

    async def pass_button(
        self, interaction: discord.Interaction[Any], game_id: int, _: str
    ) -> None:
        await self._act_in_game(interaction, game_id, lambda state, seat: MarketPass())

    async def skip_button(
        self, interaction: discord.Interaction[Any], game_id: int, version: str
    ) -> None:
        await self._act_in_game_at(interaction, game_id, version, lambda state, seat: Skip())

    async def market_button(
        self, interaction: discord.Interaction[Any], game_id: int, version: str
    ) -> None:
        await self._act_in_game_at(interaction, game_id, version, lambda state, seat: OpenMarket())

    async def _act_in_game_at(
        self, interaction: discord.Interaction[Any], game_id: int, version: str, build: Build
    ) -> None:
        """A table message's button, made at a version: refused if the table moved on."""

        def current(table: Table, seat: int) -> Any:
            if str(table.game.version) != version:
                raise drafts.moved_on()
            return build(table.state, seat)

        work = self.bot.service.act_in_game(
            game_id, actor_of(interaction), current, KIND, interaction_id=interaction.id
        )
        await respond(interaction, work)

    # -- the builders (bot.render.fg_builder) -------------------------------------------------

    def _builder(self, game_id: int, user_id: int, text: str, in_dm: bool = False) -> Any:
        """The builder a click leads to, or the reason to refuse it (read only: the
        draft travels in the button, nothing is written until Submit)."""
        service = self.bot.service
        try:
            game = service.store.game(game_id)
        except KeyError:
            return _("That game no longer exists.")
        if game.kind != KIND or game.status != "active":
            return _("That game is over.")
        table = service.table_for(game)
        seat = table.seat_of(user_id)
        if seat is None:
            return NOT_SEATED
        try:
            draft = drafts.parse(text)
            drafts.check(table.state, seat, game.version, draft)
        except drafts.DraftError:
            return _("That button is not one of mine.")
        except RuleError as error:
            return table.said(error.say)
        return builder_message(table, seat, draft, in_dm=in_dm)

    async def _show(
        self, interaction: discord.Interaction[Any], game_id: int, text: str, *, fresh: bool
    ) -> None:
        speak_to(interaction)
        in_dm = interaction.guild_id is None
        found = await self.bot.service.read(
            self._builder, game_id, interaction.user.id, text, in_dm
        )
        if isinstance(found, str):
            await deliver(interaction, Outcome.refusal(found), None)
        elif fresh:
            await deliver(interaction, Outcome(reply=found), None)
        else:
            await replace(interaction, found)

    async def open_builder(
        self, interaction: discord.Interaction[Any], game_id: int, text: str
    ) -> None:
        """From the table message: a new private builder for the player to act."""
        await self._show(interaction, game_id, text, fresh=True)

    async def draft_button(
        self, interaction: discord.Interaction[Any], game_id: int, text: str
    ) -> None:
        """A click in a builder: the same private message, redrawn with its draft."""
        await self._show(interaction, game_id, text, fresh=False)

    async def to_dm_button(
        self, interaction: discord.Interaction[Any], game_id: int, text: str
    ) -> None:
        """The builder, with its draft, posted in the player's DMs: a plan can be worked
        out there at leisure (every button works the same there; Submit plays it in the
        game's channel)."""
        speak_to(interaction)
        found = await self.bot.service.read(self._builder, game_id, interaction.user.id, text, True)
        if isinstance(found, str):
            await deliver(interaction, Outcome.refusal(found), None)
            return
        try:
            await interaction.user.send(**await fields(found))
        except discord.HTTPException:
            await deliver(
                interaction,
                Outcome.refusal(
                    _("I could not send you a DM (are DMs from this server closed?); plan here.")
                ),
                None,
            )
            return
        await replace(
            interaction,
            Message(content=_("📨 The builder is in your DMs now, with your plan so far.")),
        )

    async def cancel_button(
        self, interaction: discord.Interaction[Any], game_id: int, _arg: str
    ) -> None:
        speak_to(interaction)
        await replace(interaction, Message(content=_("Cancelled: nothing changed.")))

    async def submit_button(
        self, interaction: discord.Interaction[Any], game_id: int, text: str
    ) -> None:
        """A builder's plan, played through the same service call as the typed command;
        the position is checked again inside the command's transaction."""
        try:
            draft = drafts.parse(text)
        except drafts.DraftError:
            speak_to(interaction)
            await deliver(interaction, Outcome.refusal(_("That button is not one of mine.")), None)
            return

        def submitted(table: Table, seat: int) -> Any:
            drafts.check(table.state, seat, table.game.version, draft)
            action = drafts.action_of(draft)
            if action is None:
                raise drafts.moved_on()
            return action

        work = self.bot.service.act_in_game(
            game_id, actor_of(interaction), submitted, KIND, interaction_id=interaction.id
        )
        await respond(interaction, work, in_place=True)

    # -- autocomplete ------------------------------------------------------------------------

    def _position(self, interaction: discord.Interaction[Any]) -> tuple[FaginState, int] | None:
        service = self.bot.service
        if interaction.channel_id is None:
            return None
        game = service.find_game(place_of(interaction), actor_of(interaction), KIND)
        if isinstance(game, str) or game.kind != KIND or game.status != "active":
            return None
        table: Table = service.table_for(game)
        seat = table.seat_of(interaction.user.id)
        if seat is None or not isinstance(table.state, FaginState):
            return None
        return table.state, seat

    def _suggest(self, interaction: discord.Interaction[Any], kind: str, typed: str) -> Choices:
        """Plans that fit the caller's position; never raises, as Discord shows no error."""
        try:
            position = self._position(interaction)
            if position is None:
                return []
            state, seat = position
            found = suggest_plan_completions(state, seat, kind, typed, current())
        except Exception:  # an autocomplete failure must not surface as an error
            log.exception("Fagin's Gang autocomplete failed for %r", typed)
            return []
        # Whole plans only (never cut): `suggest_plan_completions` keeps them within
        # Discord's 100 characters.
        return [app_commands.Choice(name=text, value=text) for text in found]

    @move.autocomplete("plan")
    async def move_plans(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        speak_to(interaction)
        return await self.bot.service.read(self._suggest, interaction, "move", current)

    @steal.autocomplete("plan")
    async def steal_plans(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        speak_to(interaction)
        return await self.bot.service.read(self._suggest, interaction, "steal", current)

    @shillings.autocomplete("locations")
    async def shilling_places(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        speak_to(interaction)
        return await self.bot.service.read(self._suggest, interaction, "shillings", current)

    @market_buy.autocomplete("colours")
    async def buyable(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        speak_to(interaction)
        return await self.bot.service.read(self._suggest, interaction, "buy", current)

    @market_sell.autocomplete("colours")
    async def sellable(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        speak_to(interaction)
        return await self.bot.service.read(self._suggest, interaction, "sell", current)

    @discard.autocomplete("cubes")
    async def returnable(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        speak_to(interaction)
        return await self.bot.service.read(self._suggest, interaction, "discard", current)


async def setup(bot: SmithfieldBot) -> None:
    await bot.add_cog(FaginsGang(bot))
