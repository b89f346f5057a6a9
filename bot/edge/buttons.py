"""One button type and one select type for every game, and one modal route, all routed
by custom id.

Buttons carry their route, game id and argument in the custom id
(`sf:<route>:<game>:<arg>`), and the item is a `DynamicItem` registered at startup, so a
button on a days-old message still works after any number of restarts. Modals carry the
same in theirs (`sfm:<route>:<game>:<arg>`) and every submission is routed by the bot's
`on_interaction`, not by the modal object that opened it: a form opened before a restart
and submitted after is answered like any other. Cogs register a handler per route; the
bot layer never imports cogs. Select menus work like buttons (`sfs:<route>:<game>:<arg>`,
handlers in `bot.select_routes`), their handler also given the values chosen.
"""

import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.edge.failures import report_failure
from bot.i18n import N_, _, language_of, speaking
from bot.messages import ButtonSpec, SelectSpec

ButtonHandler = Callable[[discord.Interaction[Any], int, str], Awaitable[None]]
SelectHandler = Callable[[discord.Interaction[Any], int, str, list[str]], Awaitable[None]]
ModalHandler = Callable[[discord.Interaction[Any], int, str, dict[str, str]], Awaitable[None]]
MODAL_ID = re.compile(r"sfm:(?P<route>[a-z0-9-]+):(?P<game>[0-9]+):(?P<arg>\S*)")

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
            await _gone(
                interaction, N_("❌ This button belongs to a feature this bot no longer has.")
            )
            return
        await _handled(interaction, handler(interaction, self.spec.game_id, self.spec.arg))


def select_custom_id(spec: SelectSpec) -> str:
    return f"sfs:{spec.route}:{spec.game_id}:{spec.arg}"


class GameSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"sfs:(?P<route>[a-z0-9-]+):(?P<game>[0-9]+):(?P<arg>\S*)",
):
    """A select menu on any message, days old or not: routed by its custom id alone."""

    def __init__(self, spec: SelectSpec) -> None:
        self.spec = spec
        super().__init__(
            discord.ui.Select(
                custom_id=select_custom_id(spec),
                placeholder=spec.placeholder or None,
                min_values=spec.min_values,
                max_values=spec.max_values,
                options=[
                    discord.SelectOption(
                        label=option.label,
                        value=option.value,
                        description=option.description or None,
                    )
                    for option in spec.options
                ],
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
    ) -> "GameSelect":
        return cls(SelectSpec(match["route"], int(match["game"]), (), match["arg"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        routes: dict[str, SelectHandler] = getattr(interaction.client, "select_routes", {})
        handler = routes.get(self.spec.route)
        if handler is None:
            await _gone(
                interaction, N_("❌ This menu belongs to a feature this bot no longer has.")
            )
            return
        data: Any = interaction.data or {}
        values = [str(value) for value in data.get("values") or []]
        await _handled(interaction, handler(interaction, self.spec.game_id, self.spec.arg, values))


async def _gone(interaction: discord.Interaction[Any], text: str) -> None:
    """The answer to a component whose route this bot no longer registers."""
    with speaking(language_of(interaction.locale)):
        said = _(text)
    await interaction.response.send_message(said, ephemeral=True)


async def _handled(interaction: discord.Interaction[Any], handling: Awaitable[None]) -> None:
    """A component's handler run; an error is answered (discord.py would only log it,
    and the player needs an answer)."""
    try:
        await handling
    except Exception as error:
        await report_failure(interaction, error)


def view_of(
    buttons: list[ButtonSpec], selects: list[SelectSpec] | None = None
) -> discord.ui.View | None:
    if not buttons and not selects:
        return None
    view = discord.ui.View(timeout=None)
    for spec in buttons:
        view.add_item(GameButton(spec))
    for select in selects or []:
        view.add_item(GameSelect(select))
    return view


def modal_custom_id(route: str, game_id: int, arg: str) -> str:
    return f"sfm:{route}:{game_id}:{arg}"


def submitted_values(components: Any) -> dict[str, str]:
    """custom_id -> typed value of every text input in a modal submission, however the
    inputs are nested (action rows or labels)."""
    found: dict[str, str] = {}
    stack = list(components) if isinstance(components, list) else [components]
    while stack:
        node = stack.pop()
        if not isinstance(node, dict):
            continue
        if "custom_id" in node and isinstance(node.get("value"), str):
            found[str(node["custom_id"])] = node["value"]
        stack.extend(node.get("components") or [])
        if isinstance(node.get("component"), dict):
            stack.append(node["component"])
    return found


async def route_modal(
    interaction: discord.Interaction[Any], routes: dict[str, ModalHandler]
) -> None:
    """Answer a submitted modal of ours through its route, whenever it was opened."""
    data: Any = interaction.data or {}
    match = MODAL_ID.fullmatch(str(data.get("custom_id", "")))
    if match is None:
        return
    handler = routes.get(match["route"])
    if handler is None:
        with speaking(language_of(interaction.locale)):
            text = _("❌ This form belongs to a feature this bot no longer has.")
        await interaction.response.send_message(text, ephemeral=True)
        return
    values = submitted_values(data.get("components") or [])
    try:
        await handler(interaction, int(match["game"]), match["arg"], values)
    except Exception as error:  # the player needs an answer, not a log line
        await report_failure(interaction, error)
