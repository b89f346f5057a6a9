"""One button type for every game, routed by its custom id.

Buttons carry their route, game id and argument in the custom id
(`sf:<route>:<game>:<arg>`), and the item is a `DynamicItem` registered at startup, so a
button on a days-old message still works after any number of restarts. Cogs register a
handler per route; the bot layer never imports cogs.
"""

import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.failures import report_failure
from bot.messages import ButtonSpec

ButtonHandler = Callable[[discord.Interaction[Any], int, str], Awaitable[None]]

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def custom_id(spec: ButtonSpec) -> str:
    return f"sf:{spec.route}:{spec.game_id}:{spec.arg}"


class GameButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"sf:(?P<route>[a-z0-9-]+):(?P<game>[0-9]+):(?P<arg>\S*)",
):
    def __init__(self, spec: ButtonSpec) -> None:
        self.spec = spec
        super().__init__(
            discord.ui.Button(
                label=spec.label,
                style=STYLES[spec.style],
                custom_id=custom_id(spec),
                disabled=spec.disabled,
                row=spec.row,
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> "GameButton":
        spec = ButtonSpec(
            label=getattr(item, "label", None) or "",
            route=match["route"],
            game_id=int(match["game"]),
            arg=match["arg"],
        )
        return cls(spec)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        routes: dict[str, ButtonHandler] = getattr(interaction.client, "button_routes", {})
        handler = routes.get(self.spec.route)
        if handler is None:
            await interaction.response.send_message(
                "❌ This button belongs to a feature this bot no longer has.", ephemeral=True
            )
            return
        try:
            await handler(interaction, self.spec.game_id, self.spec.arg)
        except Exception as error:  # discord.py would only log it; the player needs an answer
            await report_failure(interaction, error)


def view_of(buttons: list[ButtonSpec]) -> discord.ui.View | None:
    if not buttons:
        return None
    view = discord.ui.View(timeout=None)
    for spec in buttons:
        view.add_item(GameButton(spec))
    return view
