"""Why the coach suggests a move: a few sentences, from the asker's own view.

Every sentence is worked out from the asker's view and the suggested move, and says only
what the player can check on their sheet or the board: what the move costs and brings,
what is left afterwards, and, for a move that does nothing (a pass, a skip, leaving the
market), what each other choice would cost or bring. No sentence is said where it would
not be true: each is picked by the position it describes (`business` for Fantasy
Business, `gang` for Fagin's Gang), never a stock phrase about the search.
"""

from typing import Any

from bot.render.coach.business import business_reason
from bot.render.coach.gang import gang_reason
from rules.fagins_gang.views import FaginView
from rules.fantasy_business.views import FantasyBusinessView


def reason(view: Any, seat: int, action: Any) -> str:
    """The sentences for `action`, in the language being spoken."""
    if isinstance(view, FantasyBusinessView):
        return business_reason(view, seat, action)
    assert isinstance(view, FaginView)
    return gang_reason(view, seat, action)
