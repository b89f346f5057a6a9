"""The buttons of Fantasy Business and what their custom ids carry.

A button stays on its message for days, so its argument names the moment it was drawn
for: an auction by turn and cards left in the centre (that count falls with every sale,
so it tells one auction from the next), a price sheet by turn. A click on a stale button
is refused instead of bidding in a later auction or submitting a later sheet. Custom ids
are visible to every client, so they carry no card identities and no prices.
"""

from dataclasses import dataclass

from bot.i18n import N_, _, dash, slash, term
from bot.messages import ButtonSpec, SelectOption, SelectSpec
from bot.render.fb_embeds import in_list_order
from rules.fantasy_business import deck
from rules.fantasy_business.actions import Action, Auction, PlaySpecial
from rules.fantasy_business.views import CentreCard, FantasyBusinessView, OwnView
from rules.numbers import is_ascii_number

DESIGNATE = "fb-designate"
OPEN = "fb-open"
NAME_PRICE = "fb-name"
SPECIAL = "fb-special"
TARGET = "fb-target"
ARTICLE = "fb-article"
BID = "fb-bid"
PASS = "fb-pass"
PRICES = "fb-prices"
SUBMIT = "fb-submit"

MODAL_INPUTS = 5
"""Discord allows at most five text inputs in one modal."""

STALE_AUCTION = N_("That auction is over; use the buttons on the latest auction message.")
MOVED_ON = N_("The table moved on since this was shown; use the latest table message.")
STALE_SHEET = N_("That price sheet is from an earlier turn; use `/sheet` for the current one.")


def auction_key(view: FantasyBusinessView) -> str:
    return f"{view.turn}.{len(view.centre)}"


@dataclass(frozen=True)
class BidArg:
    key: str
    amount: int | None


def parse_bid_arg(arg: str) -> BidArg:
    """`turn.left[.amount]`; an unreadable id is treated as stale."""
    parts = arg.split(".")
    amount = (
        int(parts[2])
        if len(parts) == 3 and len(parts[2]) < 10 and is_ascii_number(parts[2])
        else None
    )
    return BidArg(".".join(parts[:2]), amount)


def auction_buttons(view: FantasyBusinessView, game_id: int) -> list[ButtonSpec]:
    auction = view.auction
    if auction is None or view.phase != "auction":
        return []
    key = auction_key(view)
    gold = view.seats[auction.to_act].gold
    if auction.offer:
        buttons = []
        if auction.minimum <= gold:
            buttons.append(
                ButtonSpec(
                    _("Take it for {amount}").format(amount=auction.minimum),
                    BID,
                    game_id,
                    f"{key}.{auction.minimum}",
                    "success",
                )
            )
        return [*buttons, ButtonSpec(_("Decline"), PASS, game_id, key, "danger")]
    low = auction.minimum if auction.price is None else max(auction.minimum, auction.price + 1)
    amounts = [a for a in (low, low + 2) if a <= gold]
    return [
        *(
            ButtonSpec(_("Bid {amount}").format(amount=a), BID, game_id, f"{key}.{a}", "primary")
            for a in amounts
        ),
        ButtonSpec(_("Pass"), PASS, game_id, key, "secondary"),
    ]


def priceable(view: FantasyBusinessView, own: OwnView) -> list[str]:
    """The articles the sheet's controls may still price, in list order."""
    if view.phase != "pricing":
        return []
    if own.submitted:
        return list(own.unpriced)
    return in_list_order(own.price_ranges)


def price_groups(view: FantasyBusinessView, own: OwnView) -> list[list[str]]:
    keys = priceable(view, own)
    return [keys[i : i + MODAL_INPUTS] for i in range(0, len(keys), MODAL_INPUTS)]


def sheet_buttons(view: FantasyBusinessView, own: OwnView, game_id: int) -> list[ButtonSpec]:
    groups = price_groups(view, own)
    buttons = []
    for index in range(len(groups)):
        label = (
            _("Set prices")
            if len(groups) == 1
            else _("Set prices ({part}/{parts})").format(part=index + 1, parts=len(groups))
        )
        buttons.append(ButtonSpec(label, PRICES, game_id, f"{view.turn}.{index}", "primary"))
    if view.phase == "pricing" and not own.submitted:
        buttons.append(ButtonSpec(_("Submit sheet"), SUBMIT, game_id, str(view.turn), "success"))
    return buttons


def centre_label(shown: CentreCard) -> str:
    """A centre card as a menu shows it: number, name and the lowest opening price."""
    name = term(shown.name) if shown.base is not None else _("special card")
    return _("{label}. {card} (minimum {minimum})").format(
        label=shown.label, card=name, minimum=shown.minimum
    )


def designate_select(
    view: FantasyBusinessView, legal: list[Action], game_id: int
) -> list[SelectSpec]:
    """The First Buyer's menu of the centre cards that may be put up now (the rules'
    legal moves), on the table message while no auction runs."""
    if view.phase != "auction" or view.auction is not None:
        return []
    allowed = {action.card for action in legal if isinstance(action, Auction)}
    options = tuple(
        SelectOption(centre_label(shown), str(shown.label))
        for shown in view.centre
        if shown.index in allowed
    )
    if not options:
        return []
    placeholder = _("First Buyer: choose the card to auction…")
    return [SelectSpec(DESIGNATE, game_id, options, auction_key(view), placeholder)]


def playable_specials(legal: list[Action]) -> dict[str, list[PlaySpecial]]:
    """The seat's specials it may play now, each with the plays the rules accept."""
    plays: dict[str, list[PlaySpecial]] = {}
    for action in legal:
        if isinstance(action, PlaySpecial):
            plays.setdefault(action.card, []).append(action)
    return plays


def special_select(
    view: FantasyBusinessView, legal: list[Action], game_id: int, language: str
) -> list[SelectSpec]:
    """A menu of the special cards the seat may play now (none when it may play none)."""
    plays = playable_specials(legal)
    if not plays:
        return []
    options = tuple(
        SelectOption(term(deck.special(key).name), key, deck.special(key).text_in(language))
        for key in sorted(plays)
    )
    placeholder = _("Play a special card…")
    return [SelectSpec(SPECIAL, game_id, options, str(view.turn), placeholder)]


def special_line(key: str, language: str) -> str:
    """A special card named with what it does, as its follow-up menus are headed."""
    card = deck.special(key)
    return f"**{term(card.name)}**{dash()}{card.text_in(language)}"


def prompt_line(names: list[str], view: FantasyBusinessView) -> str:
    """The table message's first line: who the table waits on and the one click (or
    command) that acts. Said without code spans: it is an embed's author line."""
    who = ", ".join(names)
    if view.phase == "pricing":
        return _(
            "⏳ {players}: set your prices and submit on your sheet in DMs (or {sheet})"
        ).format(players=who, sheet=slash("sheet"))
    if view.auction is None:
        return _("⏳ {player}: choose the card to auction in the menu below (or {auction})").format(
            player=who, auction=slash("auction")
        )
    if view.auction.offer:
        return _("⏳ {player}: take it or decline it with the buttons below").format(player=who)
    return _("⏳ {player}: bid or pass with the buttons below (or {bid}, {pass_})").format(
        player=who, bid=slash("bid"), pass_=slash("pass")
    )
