"""The price-sheet modal: up to five articles' prices typed at once.

Discord allows five text inputs per modal, so the sheet has one "Set prices" button per
group of five owned articles. The modal is shown from a persistent button's handler and
answered in the same process, so it needs no registration at startup.
"""

from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.failures import report_failure
from bot.render.fb_embeds import article_name
from rules.fantasy_business import deck
from rules.fantasy_business.views import OwnView

PricesHandler = Callable[[discord.Interaction[Any], dict[str, str]], Awaitable[None]]

LABEL_LIMIT = 45


def suggested_price(own: OwnView, key: str) -> int:
    """What the field starts with: this turn's price, else what /submit would fill in."""
    low, high = own.price_ranges[key]
    if key in own.sheet:
        return own.sheet[key]
    wanted = own.last_prices.get(key, deck.article(key).base)
    return max(low, min(high, wanted))


class PriceModal(discord.ui.Modal):
    def __init__(self, title: str, own: OwnView, keys: list[str], handler: PricesHandler) -> None:
        super().__init__(title=title[:LABEL_LIMIT])
        self._handler = handler
        self._inputs: dict[str, discord.ui.TextInput[Any]] = {}
        for key in keys:
            low, high = own.price_ranges[key]
            field: discord.ui.TextInput[Any] = discord.ui.TextInput(
                label=f"{article_name(key)} ({low}–{high} gold)"[:LABEL_LIMIT],
                custom_id=key,
                default=str(suggested_price(own, key)),
                required=False,
                max_length=4,
            )
            self._inputs[key] = field
            self.add_item(field)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await self._handler(interaction, {key: field.value for key, field in self._inputs.items()})

    async def on_error(  # type: ignore[override]  # Modal narrows View's signature
        self, interaction: discord.Interaction[Any], error: Exception, /
    ) -> None:
        await report_failure(interaction, error)
