"""Fantasy Business by clicking: designating a centre card and playing a special.

The table message carries a menu of the centre cards while the First Buyer is to put one
up; choosing one answers the First Buyer privately with how to open (at the minimum, with
no price, or a price typed in a form). The price sheet and the hand carry a menu of the
specials the seat may play now; a card that needs a target or an article asks for them in
further private menus. Every menu offers only what the rules' legal moves allow, and
every path ends in the same move as `/auction` and `/play`, built from the state as it
is when the click arrives: a click on a state that is gone is refused ("the table moved
on"), never applied to a later one. A private menu is answered in place: its next
question replaces it, and so does the answer to the move it ends in, so a player is not
left a trail of menus whose choices are spent.
"""

from collections.abc import Callable
from typing import Any

import discord
from discord.ext import commands

from bot.edge.app import SmithfieldBot
from bot.edge.buttons import modal_custom_id
from bot.edge.delivery import deliver, replace
from bot.i18n import _, current
from bot.limits import clip
from bot.messages import ButtonSpec, Message, Outcome, SelectOption, SelectSpec
from bot.render.fb_buttons import (
    ARTICLE,
    DESIGNATE,
    MOVED_ON,
    NAME_PRICE,
    OPEN,
    SPECIAL,
    TARGET,
    auction_key,
    centre_label,
    playable_specials,
    special_line,
)
from bot.render.fb_embeds import article_name, in_list_order
from bot.service import NOT_SEATED
from bot.table import Table
from cogs.context import actor_of, respond, speak_to
from cogs.fb_sheet import MODAL_SECONDS
from rules.errors import RuleError
from rules.fantasy_business.actions import Action, Auction, PlaySpecial
from rules.fantasy_business.views import CentreCard, FantasyBusinessView
from rules.numbers import is_ascii_number

KIND = "fantasy-business"
Build = Callable[[Table, int], Action]
"""(table, actor's seat) -> the move; may raise RuleError."""
NO_TARGET = "-"
PRICE_FIELD = "price"
TITLE_LIMIT = 45


class NamePriceModal(discord.ui.Modal):
    """The form only: its submission is answered by the route in its custom id."""

    def __init__(self, title: str, custom_id: str, minimum: int) -> None:
        super().__init__(title=clip(title, TITLE_LIMIT), timeout=MODAL_SECONDS, custom_id=custom_id)
        field: discord.ui.TextInput[Any] = discord.ui.TextInput(
            custom_id=PRICE_FIELD, placeholder=str(minimum), required=True, max_length=4
        )
        self.add_item(
            discord.ui.Label(
                text=_("Opening price in gold"),
                description=_("At least {minimum}").format(minimum=minimum),
                component=field,
            )
        )


def _view(table: Table, seat: int | None = None) -> FantasyBusinessView:
    view = table.rules.view(table.state, seat)
    assert isinstance(view, FantasyBusinessView)
    return view


def _centre(view: FantasyBusinessView, label: str) -> CentreCard | None:
    return next((shown for shown in view.centre if str(shown.label) == label), None)


def _on_private_menu(interaction: discord.Interaction[Any]) -> bool:
    """Whether the click came from one of the private menus this cog asks with (an
    ephemeral answer), not from the table message, the price sheet or the hand, which
    stay as they are."""
    message = interaction.message
    return message is not None and message.flags.ephemeral


def _number(typed: str) -> int | None:
    typed = typed.strip()
    return int(typed) if len(typed) < 6 and is_ascii_number(typed) else None


class FantasyBusinessClicks(commands.Cog):
    def __init__(self, bot: SmithfieldBot) -> None:
        self.bot = bot
        bot.select_routes[DESIGNATE] = self.designate_chosen
        bot.button_routes[OPEN] = self.open_button
        bot.button_routes[NAME_PRICE] = self.name_button
        bot.modal_routes[NAME_PRICE] = self.name_submitted
        bot.select_routes[SPECIAL] = self.special_chosen
        bot.select_routes[TARGET] = self.target_chosen
        bot.select_routes[ARTICLE] = self.article_chosen

    # -- plumbing ------------------------------------------------------------------------

    def _seated(self, user_id: int, game_id: int) -> tuple[Table, int] | str:
        try:
            game = self.bot.service.store.game(game_id)
        except KeyError:  # a custom id no message of ours carries
            return _(MOVED_ON)
        if game.status != "active" or game.kind != KIND:
            return _(MOVED_ON)
        table = self.bot.service.table_for(game)
        seat = table.seat_of(user_id)
        return _(NOT_SEATED) if seat is None else (table, seat)

    async def _found(
        self, interaction: discord.Interaction[Any], game_id: int
    ) -> tuple[Table, int] | None:
        """The caller's seat in the game (None: refused, and told why)."""
        speak_to(interaction)
        found = await self.bot.service.read(self._seated, interaction.user.id, game_id)
        if isinstance(found, str):
            await deliver(interaction, Outcome.refusal(found), None)
            return None
        return found

    async def _tell(
        self, interaction: discord.Interaction[Any], table: Table, message: Message
    ) -> None:
        """The next question, privately: in place of the private menu it follows."""
        if _on_private_menu(interaction):
            await replace(interaction, message)
            return
        await deliver(interaction, Outcome(reply=message), table.game.channel_id)

    async def _move(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        build: Build,
    ) -> None:
        """The move, as a button's: the same service call the typed command ends in (from
        a private menu, its answer replaces the menu once the move counted)."""
        work = self.bot.service.act_in_game(
            game_id,
            actor_of(interaction),
            build,
            KIND,
            interaction_id=interaction.id,
        )
        await respond(interaction, work, in_place=_on_private_menu(interaction))

    # -- designating ---------------------------------------------------------------------

    async def designate_chosen(
        self, interaction: discord.Interaction[Any], game_id: int, arg: str, values: list[str]
    ) -> None:
        found = await self._found(interaction, game_id)
        if found is None:
            return
        table, seat = found
        view = _view(table)
        shown = _centre(view, values[0] if values else "")
        if view.auction is not None or auction_key(view) != arg or shown is None:
            await deliver(interaction, Outcome.refusal(MOVED_ON), None)
            return
        if seat != view.first_buyer:
            text = _("Only the First Buyer, {name}, puts a card up for auction now.").format(
                name=table.name(view.first_buyer)
            )
            await deliver(interaction, Outcome.refusal(text), None)
            return
        prices = {
            action.price
            for action in table.rules.legal_actions(table.state, seat)
            if isinstance(action, Auction) and action.card == shown.index
        }
        key = f"{arg}.{shown.label}"
        buttons = []
        if shown.minimum in prices:
            buttons.append(
                ButtonSpec(
                    _("Open at {minimum}").format(minimum=shown.minimum),
                    OPEN,
                    game_id,
                    f"{key}.{shown.minimum}",
                    "success",
                )
            )
        buttons.append(ButtonSpec(_("No price"), OPEN, game_id, key, "primary"))
        if prices - {None}:
            buttons.append(ButtonSpec(_("Name a price…"), NAME_PRICE, game_id, key))
        text = _("{card}: how do you open the bidding?").format(card=centre_label(shown))
        await self._tell(interaction, table, Message(content=text, buttons=buttons))

    def _designation(self, arg: str, price: int | None) -> Build:
        """The `/auction` move for a designation chosen on state `arg` names."""
        parts = arg.split(".")
        key, label = ".".join(parts[:2]), parts[2] if len(parts) > 2 else ""

        def build(table: Table, seat: int) -> Action:
            view = _view(table)
            shown = _centre(view, label)
            if view.auction is not None or auction_key(view) != key or shown is None:
                raise RuleError(MOVED_ON)
            return Auction(card=shown.index, price=price)

        return build

    async def open_button(
        self, interaction: discord.Interaction[Any], game_id: int, arg: str
    ) -> None:
        parts = arg.split(".")
        price = _number(parts[3]) if len(parts) > 3 else None
        await self._move(interaction, game_id, self._designation(".".join(parts[:3]), price))

    async def name_button(
        self, interaction: discord.Interaction[Any], game_id: int, arg: str
    ) -> None:
        found = await self._found(interaction, game_id)
        if found is None:
            return
        table, _seat = found
        view = _view(table)
        parts = arg.split(".")
        shown = _centre(view, parts[2] if len(parts) > 2 else "")
        if view.auction is not None or auction_key(view) != ".".join(parts[:2]) or shown is None:
            await deliver(interaction, Outcome.refusal(MOVED_ON), None)
            return
        title = _("Open {card}").format(card=centre_label(shown))
        form = NamePriceModal(title, modal_custom_id(NAME_PRICE, game_id, arg), shown.minimum)
        await interaction.response.send_modal(form)

    async def name_submitted(
        self, interaction: discord.Interaction[Any], game_id: int, arg: str, values: dict[str, str]
    ) -> None:
        typed = values.get(PRICE_FIELD, "")
        price = _number(typed)
        if price is None:
            speak_to(interaction)
            text = _("“{typed}” is not a whole number of gold.").format(typed=clip(typed, 20))
            await deliver(interaction, Outcome.refusal(text), None)
            return
        await self._move(interaction, game_id, self._designation(arg, price))

    # -- specials ------------------------------------------------------------------------

    def _plays(self, table: Table, seat: int, turn: str, kind: str) -> list[PlaySpecial]:
        """The plays of `kind` the rules accept now (none: the state moved on)."""
        if str(_view(table).turn) != turn:
            return []
        legal = list(table.rules.legal_actions(table.state, seat))
        return playable_specials(legal).get(kind, [])

    async def special_chosen(
        self, interaction: discord.Interaction[Any], game_id: int, arg: str, values: list[str]
    ) -> None:
        await self._special_step(interaction, game_id, f"{arg}.{values[0] if values else ''}")

    async def target_chosen(
        self, interaction: discord.Interaction[Any], game_id: int, arg: str, values: list[str]
    ) -> None:
        await self._special_step(interaction, game_id, f"{arg}.{values[0] if values else ''}")

    async def article_chosen(
        self, interaction: discord.Interaction[Any], game_id: int, arg: str, values: list[str]
    ) -> None:
        await self._special_step(interaction, game_id, arg, values[0] if values else "")

    async def _special_step(
        self, interaction: discord.Interaction[Any], game_id: int, arg: str, article: str = ""
    ) -> None:
        """The next question for a special being played (`turn.kind[.target]`), or the
        move once nothing is left to ask."""
        found = await self._found(interaction, game_id)
        if found is None:
            return
        table, seat = found
        turn, _dot, rest = arg.partition(".")
        kind, _dot, target_text = rest.partition(".")
        plays = self._plays(table, seat, turn, kind)
        target: int | None = None
        if target_text not in ("", NO_TARGET):
            target = _number(target_text)
            plays = [play for play in plays if target is not None and play.target == target]
        if article:
            plays = [play for play in plays if play.article == article]
        if not plays:
            await deliver(interaction, Outcome.refusal(MOVED_ON), None)
            return
        head = special_line(kind, current())
        if not target_text and any(play.target is not None for play in plays):
            targets = sorted({play.target for play in plays if play.target is not None})
            options = tuple(SelectOption(table.name(t), str(t)) for t in targets)
            menu = SelectSpec(TARGET, game_id, options, f"{turn}.{kind}", _("Whom it targets…"))
            await self._tell(interaction, table, Message(content=head, selects=[menu]))
            return
        if not article and any(play.article is not None for play in plays):
            keys = in_list_order({play.article: 1 for play in plays if play.article is not None})
            options = tuple(SelectOption(article_name(key), key) for key in keys)
            where = f"{turn}.{kind}.{NO_TARGET if target is None else target}"
            menu = SelectSpec(ARTICLE, game_id, options, where, _("Which article…"))
            await self._tell(interaction, table, Message(content=head, selects=[menu]))
            return
        chosen = plays[0]

        def build(now: Table, now_seat: int) -> Action:
            if str(_view(now).turn) != turn:
                raise RuleError(MOVED_ON)
            return PlaySpecial(card=chosen.card, target=chosen.target, article=chosen.article)

        await self._move(interaction, game_id, build)


async def setup(bot: SmithfieldBot) -> None:
    await bot.add_cog(FantasyBusinessClicks(bot))
