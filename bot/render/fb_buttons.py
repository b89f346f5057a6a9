"""The buttons of Fantasy Business and what their custom ids carry.

A button stays on its message for days, so its argument names the moment it was drawn
for: an auction by turn and cards left in the centre (that count falls with every sale,
so it tells one auction from the next), a price sheet by turn. A click on a stale button
is refused instead of bidding in a later auction or submitting a later sheet. Custom ids
are visible to every client, so they carry no card identities and no prices.
"""

from dataclasses import dataclass

from bot.i18n import N_, _
from bot.messages import ButtonSpec
from bot.render.fb_embeds import in_list_order
from rules.fantasy_business.views import FantasyBusinessView, OwnView
from rules.numbers import is_ascii_number

BID = "fb-bid"
PASS = "fb-pass"
PRICES = "fb-prices"
SUBMIT = "fb-submit"

MODAL_INPUTS = 5
"""Discord allows at most five text inputs in one modal."""

STALE_AUCTION = N_("That auction is over; use the buttons on the latest auction message.")
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
