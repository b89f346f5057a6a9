"""Fagin's Gang's small words: a coloured square per cube colour, an icon per event,
cube lists and the constables' walks, as every Fagin's Gang message writes them."""

from bot.i18n import say, term
from rules.events import Event
from rules.fagins_gang import BOARD
from rules.words import said

SQUARES = {
    "blue": "🟦",
    "green": "🟩",
    "red": "🟥",
    "yellow": "🟨",
    "black": "⬛",
    "purple": "🟪",
}

ICONS = {
    "setup": "🎲",
    "constable_placed": "👮",
    "first_player": "🎖️",
    "urchin_moved": "🚶",
    "urchin_bumped": "💥",
    "urchin_left": "↩️",
    "urchin_to_fagin": "🎩",
    "goods_stolen": "👜",
    "goods_exchanged": "🔄",
    "shillings_stolen": "🪙",
    "skipped": "⏭️",
    "market_opened": "🏪",
    "market_bought": "🛒",
    "market_sold": "💰",
    "market_passed": "🚪",
    "market_closed": "🏁",
    "constable_patrol": "👮",
    "wheel_turned": "🎡",
    "hand_limit": "✋",
    "cubes_discarded": "📦",
    "round_started": "🔔",
    "game_won": "🏆",
}


def cubes_text(cubes: dict[str, int]) -> str:
    """ "2 black, 1 blue" in the language being spoken."""
    return say(said("{cubes}", cubes=BOARD.cubes_said(cubes)))


FACING = {"up": "▲", "down": "▼"}


def constables_line(events: list[Event], what: str) -> str:
    """Six constables' walks on one line: "River Thames 🎲3 7→4▲ · …"."""
    walks = []
    for event in events:
        data = event.data
        start = data.get("from", data.get("start_level"))
        end = data.get("to", data.get("level"))
        name = term(BOARD.location(str(data["location"])).name)
        walks.append(f"{name} 🎲{data['roll']} {start}→{end}{FACING.get(str(data['facing']), '')}")
    return f"👮 {what}: " + " · ".join(walks)


def cubes_squares(cubes: dict[str, int]) -> str:
    """Cubes as coloured squares with counts, in the board's colour order."""
    return " ".join(f"{SQUARES.get(c, c)}{cubes[c]}" for c in BOARD.colour_ring if cubes.get(c))
