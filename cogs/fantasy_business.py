"""Fantasy Business's commands, buttons and modals.

Thin glue: every action command builds one rules action and hands it to the game
service, which checks it, stores it and asks the presenter what to say. Commands work in
the game's channel and in DMs (the service finds the player's game there); private
answers are ephemeral, public ones go to the game's channel.
"""

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.edge.app import SmithfieldBot
from bot.edge.buttons import modal_custom_id
from bot.edge.delivery import deliver, handed_over
from bot.i18n import _, current, dash, term
from bot.limits import clip
from bot.messages import Message, Outcome
from bot.render.fantasy_business import hand_message, sheet_message
from bot.render.fb_buttons import (
    BID,
    PASS,
    PRICES,
    STALE_AUCTION,
    STALE_SHEET,
    SUBMIT,
    auction_key,
    parse_bid_arg,
    price_groups,
)
from bot.render.fb_embeds import article_name, in_list_order
from bot.service import NOT_SEATED
from bot.table import Table
from cogs.context import actor_of, place_of, respond, speak_to
from cogs.fb_sheet import PriceModal
from rules.errors import RuleError
from rules.fantasy_business import deck, lookup
from rules.fantasy_business.actions import (
    Action,
    Auction,
    Bid,
    Give,
    Pass,
    PlaySpecial,
    SetPrice,
    Submit,
)
from rules.fantasy_business.views import FantasyBusinessView
from rules.numbers import is_ascii_number
from rules.words import Param, Term, said

KIND = "fantasy-business"
CENTRE_MAX = deck.data().max_players
"""The centre holds one card per player (the range is registered once, at import)."""
CHOICES = 25
NAME_LIMIT = 100

Build = Callable[[Table, Any, int], Action]
"""(table, state, actor's seat) -> the action; may raise RuleError."""

User = discord.Member | discord.User
"""A USER option: a Member in the server, a User when the command is used in a DM."""


def seat_of(table: Table, user: discord.abc.User) -> int:
    seat = table.seat_of(user.id)
    if seat is None:
        raise RuleError("{player} is not seated in this game.", player=user.display_name)
    return seat


def view_of(table: Table, state: Any, seat: int | None = None) -> FantasyBusinessView:
    view = table.rules.view(state, seat)
    assert isinstance(view, FantasyBusinessView)
    return view


def _choice(name: str, value: str) -> app_commands.Choice[str]:
    return app_commands.Choice(name=clip(name, NAME_LIMIT), value=value)


class FantasyBusiness(commands.Cog):
    def __init__(self, bot: SmithfieldBot) -> None:
        self.bot = bot
        bot.button_routes[BID] = self.bid_button
        bot.button_routes[PASS] = self.pass_button
        bot.button_routes[PRICES] = self.prices_button
        bot.button_routes[SUBMIT] = self.submit_button
        bot.modal_routes[PRICES] = self.prices_submitted

    # -- plumbing ------------------------------------------------------------------------

    async def _act(self, interaction: discord.Interaction[Any], build: Build) -> None:
        """A command: the game the caller means (channel, or their game from a DM)."""
        work = self.bot.service.act(
            place_of(interaction),
            actor_of(interaction),
            lambda table, seat: build(table, table.state, seat),
            kind=KIND,
            interaction_id=interaction.id,
        )
        await respond(interaction, work)

    async def _act_in_game(
        self, interaction: discord.Interaction[Any], game_id: int, build: Build
    ) -> None:
        """A button: the game named in its custom id."""
        work = self.bot.service.act_in_game(
            game_id,
            actor_of(interaction),
            lambda table, seat: build(table, table.state, seat),
            KIND,
            interaction_id=interaction.id,
        )
        await respond(interaction, work)

    async def _private(
        self, interaction: discord.Interaction[Any], make: Callable[[Table, int], Message]
    ) -> None:
        """A read-only private command: answered ephemerally, wherever it was used."""
        service = self.bot.service
        found = await service.read(
            service.seated_table, place_of(interaction), actor_of(interaction), KIND
        )
        if isinstance(found, str):
            await deliver(interaction, Outcome.refusal(found), None)
            return
        table, seat = found
        await deliver(interaction, Outcome(reply=make(table, seat)), table.game.channel_id)

    def _seated_in(
        self, interaction: discord.Interaction[Any], game_id: int
    ) -> tuple[Table, int] | str:
        game = self.bot.service.store.game(game_id)
        if game.status != "active":
            return (
                _("That game is over.")
                if game.status != "lobby"
                else _("The game has not started yet.")
            )
        table = self.bot.service.table_for(game)
        seat = table.seat_of(interaction.user.id)
        return _(NOT_SEATED) if seat is None else (table, seat)

    def _own(
        self, interaction: discord.Interaction[Any]
    ) -> tuple[Table, FantasyBusinessView] | None:
        """The caller's own view, for autocomplete (None when they have no such game)."""
        found = self.bot.service.seated_table(place_of(interaction), actor_of(interaction), KIND)
        if isinstance(found, str):
            return None
        table, seat = found
        return table, view_of(table, table.state, seat)

    # -- phase 1: auctions ---------------------------------------------------------------

    @app_commands.command(name="auction", description="First Buyer: put a centre card up for sale")
    @app_commands.describe(
        card="Which centre card, by its number (it keeps it all turn)",
        price="Your opening price; leave it out to open with no price",
    )
    async def auction(
        self,
        interaction: discord.Interaction[Any],
        card: app_commands.Range[int, 1, CENTRE_MAX],
        price: int | None = None,
    ) -> None:
        def build(table: Table, state: Any, seat: int) -> Action:
            centre = view_of(table, state).centre
            for shown in centre:
                if shown.label == card:
                    return Auction(card=shown.index, price=price)
            left: list[Param] = [
                said("{label} {card}", label=shown.label, card=Term(english=shown.name))
                for shown in centre
            ]
            raise RuleError(
                "There is no card {number} in the centre now (left: {left}).",
                number=card,
                left=left or said("none"),
            )

        await self._act(interaction, build)

    @auction.autocomplete("card")
    async def centre_cards(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        """The centre cards by number and name (specials face down)."""
        speak_to(interaction)
        table = await self.bot.service.read(
            self.bot.service.table, place_of(interaction).channel_id
        )
        if table is None or table.game.kind != KIND or table.state is None:
            return []
        typed = current.strip().casefold()
        choices = []
        for shown in view_of(table, table.state).centre:
            if shown.base is not None:
                text = _("{label} — {card} (base {base})").format(
                    label=shown.label, card=term(shown.name), base=shown.base
                )
            else:
                text = _("{label} — {card} (minimum {minimum})").format(
                    label=shown.label, card=_("special card"), minimum=shown.minimum
                )
            if typed in text.casefold():
                choices.append(app_commands.Choice(name=clip(text, NAME_LIMIT), value=shown.label))
        return choices[:CHOICES]

    @app_commands.command(name="bid", description="Raise the price of the card under the hammer")
    @app_commands.describe(amount="Your bid in gold (more than the current price)")
    async def bid(self, interaction: discord.Interaction[Any], amount: int) -> None:
        await self._act(interaction, lambda t, s, seat: Bid(amount=amount))

    @app_commands.command(
        name="pass", description="Pass your bidding turn (or decline a last offer)"
    )
    async def pass_(self, interaction: discord.Interaction[Any]) -> None:
        await self._act(interaction, lambda t, s, seat: Pass())

    async def bid_button(
        self, interaction: discord.Interaction[Any], game_id: int, arg: str
    ) -> None:
        wanted = parse_bid_arg(arg)

        def build(table: Table, state: Any, seat: int) -> Action:
            view = view_of(table, state)
            if view.auction is None or auction_key(view) != wanted.key or wanted.amount is None:
                raise RuleError(STALE_AUCTION)
            return Bid(amount=wanted.amount)

        await self._act_in_game(interaction, game_id, build)

    async def pass_button(
        self, interaction: discord.Interaction[Any], game_id: int, arg: str
    ) -> None:
        wanted = parse_bid_arg(arg)

        def build(table: Table, state: Any, seat: int) -> Action:
            view = view_of(table, state)
            if view.auction is None or auction_key(view) != wanted.key:
                raise RuleError(STALE_AUCTION)
            return Pass()

        await self._act_in_game(interaction, game_id, build)

    # -- phase 2: price sheets -----------------------------------------------------------

    @app_commands.command(
        name="sheet", description="See your price sheet and special cards (private)"
    )
    async def sheet(self, interaction: discord.Interaction[Any]) -> None:
        await self._private(interaction, lambda table, seat: sheet_message(table, seat))

    @app_commands.command(name="price", description="Set your secret selling price for an article")
    @app_commands.describe(article="One of your articles", amount="Price in gold per card")
    async def price(self, interaction: discord.Interaction[Any], article: str, amount: int) -> None:
        await self._act(
            interaction,
            lambda t, s, seat: SetPrice(
                article=lookup.article_key(article, among=view_of(t, s).seats[seat].articles),
                price=amount,
            ),
        )

    @price.autocomplete("article")
    async def price_article(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        language = speak_to(interaction)
        own = await self.bot.service.read(self._own, interaction)
        choices = lookup.article_choices(current, language)
        if own is None or own[1].you is None or not own[1].you.price_ranges:
            return [_choice(name, key) for name, key in choices][:CHOICES]
        ranges = own[1].you.price_ranges
        return [
            _choice(
                _("{article} ({low}–{high} gold)").format(
                    article=name, low=ranges[key][0], high=ranges[key][1]
                ),
                key,
            )
            for name, key in choices
            if key in ranges
        ][:CHOICES]

    @app_commands.command(name="submit", description="Lock your price sheet for this turn")
    async def submit(self, interaction: discord.Interaction[Any]) -> None:
        await self._act(interaction, lambda t, s, seat: Submit())

    async def submit_button(
        self, interaction: discord.Interaction[Any], game_id: int, arg: str
    ) -> None:
        def build(table: Table, state: Any, seat: int) -> Action:
            view = view_of(table, state)
            if str(view.turn) != arg:
                raise RuleError(STALE_SHEET)
            return Submit()

        await self._act_in_game(interaction, game_id, build)

    async def prices_button(
        self, interaction: discord.Interaction[Any], game_id: int, arg: str
    ) -> None:
        speak_to(interaction)
        found = await self.bot.service.read(self._seated_in, interaction, game_id)
        if isinstance(found, str):
            await deliver(interaction, Outcome.refusal(found), None)
            return
        table, seat = found
        view = view_of(table, table.state, seat)
        own = view.you
        assert own is not None
        turn, _dot, group = arg.partition(".")
        groups = price_groups(view, own)
        index = int(group) if len(group) < 4 and is_ascii_number(group) else -1
        problem = None
        if str(view.turn) != turn:
            problem = _(STALE_SHEET)
        elif view.phase != "pricing":
            problem = _("Prices are set after the auctions; the auctions are still running.")
        elif own.submitted and not own.unpriced:
            problem = _("Your price sheet is locked: you submitted it.")
        elif not 0 <= index < len(groups):
            problem = _(
                "Your articles changed since this sheet was sent; use `/sheet` for a fresh one."
            )
        if problem is not None:
            await deliver(interaction, Outcome.refusal(problem), None)
            return

        title = (
            _("Prices for turn {turn} ({part}/{parts})").format(
                turn=view.turn, part=index + 1, parts=len(groups)
            )
            if len(groups) > 1
            else _("Prices for turn {turn}").format(turn=view.turn)
        )
        form = modal_custom_id(PRICES, game_id, arg)
        await interaction.response.send_modal(PriceModal(title, own, groups[index], form))

    async def prices_submitted(
        self, interaction: discord.Interaction[Any], game_id: int, arg: str, values: dict[str, str]
    ) -> None:
        """Each filled-in field is its own SetPrice action: valid ones are kept, the
        refused ones are reported per article, and the reply shows the sheet as it is now."""
        speak_to(interaction)
        found = await self.bot.service.read(self._seated_in, interaction, game_id)
        if isinstance(found, str):
            await deliver(interaction, Outcome.refusal(found), None)
            return
        table, seat = found
        view = view_of(table, table.state, seat)
        own = view.you
        assert own is not None
        if arg.partition(".")[0] != str(view.turn):
            await deliver(interaction, Outcome.refusal(_(STALE_SHEET)), None)
            return
        actor = actor_of(interaction)
        done: list[str] = []
        problems: list[str] = []
        merged = Outcome()
        for key in in_list_order(values):
            typed = values[key].strip()
            name = article_name(key)
            if not typed:
                continue
            if not is_ascii_number(typed):
                problems.append(
                    _("{article}: “{typed}” is not a whole number of gold.").format(
                        article=name, typed=typed
                    )
                )
                continue
            amount = int(typed)
            if own.sheet.get(key) == amount:
                done.append(f"{name} {amount}")
                continue
            outcome = await self.bot.service.act_in_game(
                game_id,
                actor,
                _pricing(key, amount),
                KIND,
                interaction_id=interaction.id,
                part=key,  # one form sets several prices, each its own move
            )
            if outcome.accepted:
                done.append(f"{name} {amount}")
                handed_over(self.bot, outcome)  # the form's answer is the sheet below
                merged.owed = True
            else:
                reason = outcome.reply.content if outcome.reply else ""
                problems.append(reason.removeprefix("❌ "))
        service = self.bot.service
        now = await service.read(lambda: service.table_for(service.store.game(game_id)))
        if problems and not done:
            merged.reply = Message(content=f"❌ {' '.join(problems)}")
        else:
            lines = [
                _("Prices on your sheet: {prices}.").format(prices=", ".join(done))
                if done
                else _("No price changed.")
            ]
            lines += [_("⚠️ Not set — {problem}").format(problem=problem) for problem in problems]
            merged.reply = sheet_message(now, seat, "\n".join(lines))
        await deliver(interaction, merged, now.game.channel_id)

    # -- special cards and trades --------------------------------------------------------

    @app_commands.command(name="hand", description="See your face-down special cards (private)")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        await self._private(interaction, lambda table, seat: hand_message(table, seat))

    @app_commands.command(name="play", description="Play one of your special cards")
    @app_commands.describe(
        card="One of your special cards",
        target="The player it targets (Thief, Fire, Pickpocket)",
        article="The article it names (Thief, Fire, Embargo, Royal Warrant, Festival)",
    )
    async def play(
        self,
        interaction: discord.Interaction[Any],
        card: str,
        target: User | None = None,
        article: str | None = None,
    ) -> None:
        def build(table: Table, state: Any, seat: int) -> Action:
            return PlaySpecial(
                card=lookup.special_key(card, among=_own_specials(table, state, seat)),
                target=None if target is None else seat_of(table, target),
                article=None if article is None else lookup.article_key(article),
            )

        await self._act(interaction, build)

    @play.autocomplete("card")
    async def play_card(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        speak_to(interaction)
        return await self.bot.service.read(self._own_specials, interaction, current)

    @play.autocomplete("article")
    async def play_article(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The target's articles for Thief and Fire, your own for a Royal Warrant."""
        language = speak_to(interaction)
        own = await self.bot.service.read(self._own, interaction)
        choices = lookup.article_choices(current, language)
        if own is not None:
            table, view = own
            target = getattr(interaction.namespace, "target", None)
            seat = table.seat_of(target.id) if target is not None else None
            card = str(getattr(interaction.namespace, "card", "") or "")
            if seat is not None:
                choices = [(n, k) for n, k in choices if k in view.seats[seat].articles]
            elif card == "royal_warrant" and view.you is not None:
                choices = [(n, k) for n, k in choices if k in view.seats[view.you.seat].articles]
        return [_choice(name, key) for name, key in choices][:CHOICES]

    @app_commands.command(
        name="give", description="Hand gold, an article card and/or a special card to a player"
    )
    @app_commands.describe(
        member="Who receives it",
        gold="How much gold to give",
        article="One of your article cards to give",
        card="One of your special cards to give (only the receiver learns which)",
    )
    async def give(
        self,
        interaction: discord.Interaction[Any],
        member: User,
        gold: int | None = None,
        article: str | None = None,
        card: str | None = None,
    ) -> None:
        def build(table: Table, state: Any, seat: int) -> Action:
            return Give(
                to=seat_of(table, member),
                gold=gold or 0,
                article=None if article is None else lookup.article_key(article),
                card=None
                if card is None
                else lookup.special_key(card, among=_own_specials(table, state, seat)),
            )

        await self._act(interaction, build)

    @give.autocomplete("article")
    async def give_article(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        language = speak_to(interaction)
        own = await self.bot.service.read(self._own, interaction)
        choices = lookup.article_choices(current, language)
        if own is not None and own[1].you is not None:
            mine = own[1].seats[own[1].you.seat].articles
            choices = [
                (_("{article} (you have {count})").format(article=n, count=mine[k]), k)
                for n, k in choices
                if k in mine
            ]
        return [_choice(name, key) for name, key in choices][:CHOICES]

    @give.autocomplete("card")
    async def give_card(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """Only the caller's own specials: the list is shown to the caller alone."""
        speak_to(interaction)
        return await self.bot.service.read(self._own_specials, interaction, current)

    def _own_specials(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        own = self._own(interaction)
        held = set(own[1].you.specials) if own is not None and own[1].you is not None else set()
        language = current()
        return [
            _choice(f"{name}{dash()}{deck.special(key).text_in(language)}", key)
            for name, key in lookup.special_choices(typed, language)
            if key in held
        ][:CHOICES]


def _own_specials(table: Table, state: Any, seat: int) -> list[str]:
    own = view_of(table, state, seat).you
    return [] if own is None else list(own.specials)


def _pricing(key: str, amount: int) -> Callable[[Table, int], Action]:
    return lambda table, seat: SetPrice(article=key, price=amount)


async def setup(bot: SmithfieldBot) -> None:
    await bot.add_cog(FantasyBusiness(bot))
