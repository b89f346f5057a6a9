"""The coach: `/hint` at tables opened with `hints:true` (see `hint`).

`hint` asks the strong AI from the asking seat's view, `typed` writes its move as the
command to type, `reasons` says why. This package's top only says whether a table has
the coach on (the service's `/game status` line), so the service can import it.
"""

from bot.i18n import _
from bot.messages import ButtonSpec
from bot.table import Table

HINTS = "hints"
"""The game option that turns the coach on (a table option, not the rules')."""


def hints_on(options: object) -> bool:
    return isinstance(options, dict) and bool(options.get(HINTS))


HINT = "hint"
"""The 💡 button's route: the same answer as `/hint`, privately."""


def hint_buttons(table: Table) -> list[ButtonSpec]:
    """The 💡 button beside a step's actions, at a table with the coach on."""
    if not hints_on(table.game.options):
        return []
    return [ButtonSpec(_("💡 Hint"), HINT, table.game.id)]


def hints_line(table: Table) -> list[str]:
    """`/game status`'s line for a table with the coach on (none without)."""
    if not hints_on(table.game.options):
        return []
    return [_("💡 Hints on: seated players may ask `/hint`; this game is not rated.")]
