"""The price-sheet modal: up to five articles' prices typed at once.

Discord allows five text inputs per modal, so the sheet has one "Set prices" button per
group of five owned articles. The modal's custom id names its route, game and sheet
group, and its submission is answered through the bot's modal routes (bot.buttons), so a
form opened before a restart and sent after it still sets the prices.
"""

from typing import Any

import discord

from bot.i18n import _
from bot.limits import clip
from bot.render.fb_embeds import article_name, price_field
from rules.fantasy_business.views import OwnView

LABEL_LIMIT = 45
DESCRIPTION_LIMIT = 100


MODAL_SECONDS = 900
"""How long discord.py keeps the form object; a later submission is still routed."""


class PriceModal(discord.ui.Modal):
    """The form only: what was typed is handled by the route in its custom id.

    Each field is a Label component holding its text input (the layout Discord documents
    now; a text input's own label is deprecated): the article's name as the label, its
    price range as the description below it."""

    def __init__(self, title: str, own: OwnView, keys: list[str], custom_id: str) -> None:
        super().__init__(title=clip(title, LABEL_LIMIT), timeout=MODAL_SECONDS, custom_id=custom_id)
        for key in keys:
            low, high = own.price_ranges[key]
            default, placeholder = price_field(own, key)
            field: discord.ui.TextInput[Any] = discord.ui.TextInput(
                custom_id=key,
                default=default,
                placeholder=placeholder,
                required=False,
                max_length=4,
            )
            range_text = _("{low}–{high} gold").format(low=low, high=high)
            self.add_item(
                discord.ui.Label(
                    text=clip(article_name(key), LABEL_LIMIT),
                    description=clip(range_text, DESCRIPTION_LIMIT),
                    component=field,
                )
            )
