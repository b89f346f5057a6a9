"""Short rule summaries for `/rules` and the `/game new` option descriptions, for players.

The rules cores are the authority; these texts point players to the commands that carry
each rule out. Every number in them is read from the rules data (`board.json`,
`cards.json`), so a group that corrects an edition decision there gets a rulebook that
says the same. Used where a table is set up or running, a game's topics describe that
table: its turns, variants, Fagin target and round limit.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.fagins_gang.board import BOARD, Board
from rules.fantasy_business import deck
from rules.fantasy_business.deck import CardData, times_word

FANTASY_BUSINESS = "fantasy-business"
FAGINS_GANG = "fagins-gang"


@dataclass(frozen=True)
class RulesData:
    """The two games' data files, as the texts read them."""

    board: Board
    cards: CardData


def rules_data() -> RulesData:
    """The packaged data files (tests put edited copies in its place)."""
    return RulesData(board=BOARD, cards=deck.data())


@dataclass(frozen=True)
class TableRules:
    """The game set up at a table, as far as the rules texts care."""

    kind: str
    options: Mapping[str, Any] = field(default_factory=dict)
    players: int | None = None
    """Seats of a running game; None in the lobby, where the count may still change."""


TITLES: dict[str, str] = {
    "overview": "Smithfield — how to play here",
    FANTASY_BUSINESS: "Fantasy Business",
    "auction": "Fantasy Business — auctions",
    "prices": "Fantasy Business — prices and income",
    "specials": "Fantasy Business — special cards",
    FAGINS_GANG: "Fagin's Gang",
    "moving": "Fagin's Gang — moving urchins",
    "stealing": "Fagin's Gang — stealing",
    "market": "Fagin's Gang — Smithfield Market",
    "timers": "Long games — timers and absent players",
}
"""Topic key -> title; fixed, because the `/rules topic` choices are registered once."""

GAME_TOPICS: dict[str, tuple[str, ...]] = {
    FANTASY_BUSINESS: (FANTASY_BUSINESS, "auction", "prices", "specials"),
    FAGINS_GANG: (FAGINS_GANG, "moving", "stealing", "market"),
}


def one_or_up_to(most: int) -> str:
    """ "1 or 2" for two, "1 to 4" for more, "1" for one."""
    if most == 1:
        return "1"
    return f"1 or {most}" if most == 2 else f"1 to {most}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _table(table: TableRules | None, kind: str) -> TableRules | None:
    return table if table is not None and table.kind == kind else None


# -- Fantasy Business -----------------------------------------------------------------------


def _fb_turns(cards: CardData, table: TableRules | None) -> str:
    if table is not None:
        chosen = table.options.get("turns")
        if isinstance(chosen, int):
            return f"{_plural(chosen, 'turn')} at this table"
        if table.players is not None:
            large = table.players >= cards.large_table_from
            turns = cards.large_table_turns if large else cards.turns
            return f"{_plural(turns, 'turn')} at this table of {table.players}"
    return (
        f"{cards.turns} turns ({cards.large_table_turns} with {cards.large_table_from}–"
        f"{cards.max_players} players)"
    )


def _fb_price_range(cards: CardData, low_prices: bool) -> str:
    ceiling = times_word(cards.price_ceiling_factor)
    if low_prices:
        return f"from {cards.low_prices_floor} gold up to {ceiling} its base value"
    return f"between its base value and {ceiling} that"


def _fb_income(cards: CardData, sole_lowest: bool) -> str:
    bonus = cards.lowest_price_bonus
    text = (
        f"For each article the lowest price earns price + {bonus} per card, the highest "
        "earns nothing, anyone between earns price per card; "
    )
    if sole_lowest:
        return text + (
            f"the +{bonus} goes only to a player alone at the lowest price (a shared lowest "
            "price earns price per card)."
        )
    return text + "if all owners ask the same, all get the bonus."


def _fantasy_business(cards: CardData, table: TableRules | None) -> dict[str, str]:
    options = table.options if table is not None else {}
    low = bool(options.get("low_prices"))
    sole = bool(options.get("sole_lowest_bonus"))
    here = ""
    if table is not None:
        variants = [name for name, on in (("low prices", low), ("sole lowest bonus", sole)) if on]
        here = f" Variants at this table: {', '.join(variants) if variants else 'none'}."
    else:
        here = (
            f" Variants for `/game new`: `low_prices` (prices from {cards.low_prices_floor} "
            f"gold) and `sole_lowest_bonus` (the +{cards.lowest_price_bonus} only for a sole "
            "lowest price)."
        )
    specials = "\n".join(f"• **{s.name}** — {s.text}" for s in cards.specials)
    return {
        FANTASY_BUSINESS: (
            f"{cards.min_players}–{cards.max_players} merchants, {cards.starting_gold} gold "
            f"each, {_fb_turns(cards, table)}. Each turn: the First Buyer auctions as many "
            "cards as there are players (`/auction`, `/bid`, `/pass`); then everyone secretly "
            "prices the articles they own (`/price`, `/submit`, special cards with `/play`); "
            "then sheets are revealed and income is paid; the First Buyer card passes left. "
            "Most gold plus article base values wins." + here
        ),
        "auction": (
            "The First Buyer designates a centre card with `/auction card:<n>` and may open "
            "with `price` (at least the base value, "
            f"{cards.special_minimum_bid} for a special). Bidding goes clockwise among players "
            "who have not bought a card this turn: `/bid amount` raises, `/pass` passes (you "
            "may raise when it comes round again). One full round with no raise sells the "
            "card. A card nobody bids on is discarded. The last player still buying may take "
            "a card at its minimum price or decline."
        ),
        "prices": (
            f"For each article you own set one price {_fb_price_range(cards, low)} "
            f"(`/price article amount`), then `/submit`. {_fb_income(cards, sole)}"
        ),
        "specials": (
            f"Played with `/play` while setting prices, before you submit:\n{specials}\n"
            "`/hand` shows yours; `/give member card:<special>` hands one to another player "
            "face down (only they learn which)."
        ),
    }


# -- Fagin's Gang ---------------------------------------------------------------------------


def _fagins_gang(board: Board, table: TableRules | None) -> dict[str, str]:
    options = table.options if table is not None else {}
    target = options.get("fagin_target")
    if not isinstance(target, int):
        target = board.fagin_target.default or board.fagin_target.max
    limit = options.get("round_limit")
    ending = f"{_plural(target, 'urchin')} at Fagin {'wins' if target == 1 else 'win'}"
    if table is None:
        ending += f" (`fagin_target`: {board.fagin_target.min}–{board.fagin_target.max})"
    if isinstance(limit, int):
        ending += f"; if nobody has won after {_plural(limit, 'round')}, most urchins at Fagin wins"
    elif table is None:
        ending += (
            f"; `round_limit` ({board.round_limit.min}–{board.round_limit.max}) ends the game "
            "after that many rounds"
        )
    levels = board.levels
    slots = board.max_slots
    return {
        FAGINS_GANG: (
            f"{board.players.min}–{board.players.max} gang leaders send urchins into "
            f"{len(board.locations)} London locations to steal goods and shillings, trade at "
            "Smithfield Market and send urchins back to Fagin. Everyone starts with "
            f"{board.start_shillings} shillings, {board.urchins} urchins and "
            f"{_plural(board.start_cubes_per_colour, 'cube')} of each colour. Each round "
            "everyone takes one action (`/move`, `/steal`, `/shillings`, `/market open` or "
            "`/skip`), then the constables patrol and the price wheel turns; whoever holds "
            f"more than {board.hand_limit} cubes returns the excess (`/discard`). "
            f"{ending[0].upper()}{ending[1:]}"
            + (" at this table." if table is not None else ".")
            + " `/board` shows the board."
        ),
        "moving": (
            '`/move plan:"thames up 2; stpauls enter up 1; bow fagin"` — up to '
            f"{_plural(slots, 'location')}. Each level costs the location's move cost in "
            f"cubes of its colour, paid first. Levels run from {levels.top} (top, nearest "
            f"Fagin) to {levels.bottom}. `enter` puts an urchin on the start level "
            f"({levels.start}), `leave top`/`leave bottom` takes it off, `fagin` leaves at "
            f"the top and pays {board.fagin_price} shillings to reach Fagin for good. Landing "
            "on a constable carries you one level on; landing on an urchin bumps it down."
        ),
        "stealing": (
            f'`/steal plan:"thames red blue; exchange red red blue for purple"` — up to '
            f"{_plural(slots, 'slot')}: steal the goods printed on your urchin's level (name "
            f"a colour for each white hand) or exchange {board.exchange_give} cubes for 1. "
            '`/shillings locations:"thames, chertsey"` steals money instead.'
        ),
        "market": (
            "`/market open` opens the market for everyone. Trading turns go anticlockwise "
            "from the opener: `/market buy colours:red` or `/market sell colours:red` (one "
            f"cube; the opener may trade {one_or_up_to(board.holder_trade_max)} of different "
            "colours, all buys or all sells) at the price wheel's price, or `/market pass` to "
            "leave for good."
        ),
    }


# -- every topic ----------------------------------------------------------------------------

OVERVIEW = (
    "Open a table with `/game new game:<fagins-gang|fantasy-business>`, others sit down "
    "with `/game join`, the host starts with `/game start`. Every move is a slash "
    "command; the bot checks it against the rules, announces it here and pings whoever "
    "is next. Private information (price sheets, special cards) comes by DM — if your "
    "DMs are closed, use the private commands here (`/sheet`, `/hand`, `/game status`). "
    "`/game log` shows recent moves, `/game undo` takes your last move back, `/game abort` "
    "ends a table (host or Manage Channels). Past games: `/game history`, `/game show`, "
    "`/game export` (a replay file); this server's records: `/stats`, `/leaderboard`. "
    "Topics: `/rules topic:<name>`; used where a game is set up, they describe that game."
)

TIMERS = (
    "The host sets `/game timer hours:<n> [remind:<n>]`: each step (your turn, or a "
    "simultaneous step like price sheets) must be done within that time; a reminder "
    "pings only whoever is still missing; at the deadline the bot plays the default "
    "(pass, skip, last turn's prices, the standard discard) and says so. `/game pause` "
    "and `/game resume` freeze the clocks. `/game kick member` (host or Manage Channels) "
    "or `/game resign` puts a seat on autopilot; `/game replace old new` hands a seat to "
    "someone else, who gets its private information by DM. `/games` lists your games."
)


def topics(data: RulesData, table: TableRules | None = None) -> dict[str, tuple[str, str]]:
    """Every topic's (title, text), from `data`, describing `table` where it is set up."""
    texts = {
        "overview": OVERVIEW,
        **_fantasy_business(data.cards, _table(table, FANTASY_BUSINESS)),
        **_fagins_gang(data.board, _table(table, FAGINS_GANG)),
        "timers": TIMERS,
    }
    return {key: (title, texts[key]) for key, title in TITLES.items()}


def default_topic(table: TableRules | None) -> str:
    """Without a topic: the table's own game, else the overview."""
    return table.kind if table is not None and table.kind in GAME_TOPICS else "overview"


def new_game_descriptions(data: RulesData) -> dict[str, str]:
    """The `/game new` option descriptions (Discord allows 100 characters each)."""
    cards, board = data.cards, data.board
    return {
        "game": "Which game to play",
        "turns": (
            f"Fantasy Business: play fewer turns than the rulebook's {cards.turns} "
            f"({cards.large_table_turns} with {cards.large_table_from}–{cards.max_players} "
            "players)"
        ),
        "low_prices": (
            f"Fantasy Business variant: prices may go down to {cards.low_prices_floor} gold"
        ),
        "sole_lowest_bonus": (
            f"Fantasy Business variant: the +{cards.lowest_price_bonus} bonus only for a sole "
            "lowest price"
        ),
        "round_limit": (
            f"Fagin's Gang: end after this many rounds ({board.round_limit.min}–"
            f"{board.round_limit.max}; most urchins at Fagin wins)"
        ),
        "fagin_target": (
            f"Fagin's Gang: urchins at Fagin needed to win ({board.fagin_target.min}–"
            f"{board.fagin_target.max}, default {board.fagin_target.default})"
        ),
        "language": "The table's language for public messages (default: the server's)",
    }
