"""Short rule summaries for `/rules` and the `/game new` option descriptions, for players.

The rules cores are the authority; these texts point players to the commands that carry
each rule out. Every number in them is read from the rules data (`board.json`,
`cards.json`), so a group that corrects an edition decision there gets a rulebook that
says the same. Used where a table is set up or running, a game's topics describe that
table: its turns, variants, Fagin target and round limit.

The texts speak the language being spoken (`bot.i18n`): each is a catalog sentence with
`{placeholders}` for the data's numbers, so the German rulebook follows an edited data
file as the English does. The slash commands they quote are shown by the names the
reader's Discord client lists (`commands_in`).
"""

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from bot.i18n import ENGLISH, N_, _, command_word, current, dash, n_, quoted, term
from rules.fagins_gang.board import BOARD, Board
from rules.fagins_gang.plan_words import in_language
from rules.fantasy_business import deck
from rules.fantasy_business.deck import CardData, SpecialData

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
    "overview": N_("Smithfield — how to play here"),
    FANTASY_BUSINESS: N_("Fantasy Business"),
    "auction": N_("Fantasy Business — auctions"),
    "prices": N_("Fantasy Business — prices and income"),
    "specials": N_("Fantasy Business — special cards"),
    FAGINS_GANG: N_("Fagin's Gang"),
    "moving": N_("Fagin's Gang — moving urchins"),
    "stealing": N_("Fagin's Gang — stealing"),
    "market": N_("Fagin's Gang — Smithfield Market"),
    "timers": N_("Long games — timers and absent players"),
}
"""Topic key -> title (English; `_()` where shown); fixed, because the `/rules topic`
choices are registered once (Discord shows their German names from the catalog)."""

GAME_TOPICS: dict[str, tuple[str, ...]] = {
    FANTASY_BUSINESS: (FANTASY_BUSINESS, "auction", "prices", "specials"),
    FAGINS_GANG: (FAGINS_GANG, "moving", "stealing", "market"),
}


def one_or_up_to(most: int) -> str:
    """ "1 or 2" for two, "1 to 4" for more, "1" for one."""
    if most == 1:
        return "1"
    return (_("1 or {most}") if most == 2 else _("1 to {most}")).format(most=most)


def _table(table: TableRules | None, kind: str) -> TableRules | None:
    return table if table is not None and table.kind == kind else None


# -- commands in the reader's language ------------------------------------------------------

OPTION_SPANS = frozenset(
    {"low_prices", "sole_lowest_bonus", "fagin_target", "round_limit", "price"}
)
"""Option names the texts quote on their own (`low_prices`): shown by their German names
too. Other code spans without a leading slash are plan words and stay as they are."""


def commands_in(text: str) -> str:
    """`text` with the slash commands it quotes (`/game new game:<…>`) and their option
    names in the reader's language, as their Discord client lists them (the names come
    from the catalog's `command name` entries); values stay as typed."""
    if current() == ENGLISH:
        return text
    return quoted.commands_in(text, command_word, OPTION_SPANS)


# -- Fantasy Business -----------------------------------------------------------------------


def _fb_turns(cards: CardData, table: TableRules | None) -> str:
    if table is not None:
        chosen = table.options.get("turns")
        if isinstance(chosen, int):
            return n_("{n} turn at this table", "{n} turns at this table", chosen).format(n=chosen)
        if table.players is not None:
            large = table.players >= cards.large_table_from
            turns = cards.large_table_turns if large else cards.turns
            return n_(
                "{n} turn at this table of {players}", "{n} turns at this table of {players}", turns
            ).format(n=turns, players=table.players)
    return _("{turns} turns ({large_turns} with {large_from}–{most} players)").format(
        turns=cards.turns,
        large_turns=cards.large_table_turns,
        large_from=cards.large_table_from,
        most=cards.max_players,
    )


def _fb_ties(cards: CardData) -> str:
    """How a tie is broken, as the data file chooses (a house rule: the rulebook leaves
    ties open)."""
    if cards.tie_break == "age_order":
        return _(
            "A tie goes to the youngest tied player (a house rule): the host may give the "
            "age order with `/game start age_order:` (youngest first, by @mention or lobby "
            "number); who is left out is drawn at random, and the order is announced at "
            "the start."
        )
    return _(
        "A tie goes to the youngest player (the first First Buyer) if they are among the "
        "tied; otherwise the tied players share the win (a house rule)."
    )


def _fb_price_range(cards: CardData, low_prices: bool) -> str:
    factor = cards.price_ceiling_factor
    if low_prices:
        if factor == 2:
            text = _("from {floor} gold up to double its base value")
        elif factor == 3:
            text = _("from {floor} gold up to triple its base value")
        else:
            text = _("from {floor} gold up to {factor} times its base value")
        return text.format(floor=cards.low_prices_floor, factor=factor)
    if factor == 2:
        return _("between its base value and double that")
    if factor == 3:
        return _("between its base value and triple that")
    return _("between its base value and {factor} times that").format(factor=factor)


def _fb_income(cards: CardData, sole_lowest: bool) -> str:
    bonus = cards.lowest_price_bonus
    if sole_lowest:
        rest = _(
            "the +{bonus} goes only to a player alone at the lowest price (a shared lowest "
            "price earns price per card)."
        )
    else:
        rest = _("if all owners ask the same, all get the bonus.")
    return _(
        "For each article the lowest price earns price + {bonus} per card, the highest "
        "earns nothing, anyone between earns price per card; {rest}"
    ).format(bonus=bonus, rest=rest.format(bonus=bonus))


FESTIVAL_TIMES = {2: N_("doubled"), 3: N_("tripled")}


def _special_text(cards: CardData, special: SpecialData) -> str:
    """A special card's text in the reader's language, with the numbers of `cards`: the
    German text is the data file's German template (`de.text`) filled like the English."""
    if current() == ENGLISH:
        return special.text
    template = _TEMPLATES.get(special.key)
    german = term(template) if template is not None else special.text
    if template is None or german == template:
        return term(special.text)
    factor = cards.festival_factor
    times = _(FESTIVAL_TIMES[factor]) if factor in FESTIVAL_TIMES else None
    numbers = {
        "pickpocket_max": cards.pickpocket_max,
        "subsidy": cards.subsidy,
        "warrant_bonus": cards.warrant_bonus,
        "festival_times": times or _("multiplied by {factor}").format(factor=factor),
    }
    try:
        return german.format(**numbers)
    except (KeyError, IndexError, ValueError):
        return german


def _card_templates() -> dict[str, str]:
    """Each special's text template as the packaged data file writes it (numbers as
    `{placeholders}`): the key to its German template."""
    raw = json.loads(resources.files("rules.fantasy_business").joinpath("cards.json").read_text())
    return {s["key"]: s["text"] for s in raw.get("specials", []) if isinstance(s, dict)}


_TEMPLATES = _card_templates()


LOW_PRICES = N_("low prices")
SOLE_LOWEST = N_("sole lowest bonus")


def _fantasy_business(cards: CardData, table: TableRules | None) -> dict[str, str]:
    options = table.options if table is not None else {}
    low = bool(options.get("low_prices"))
    sole = bool(options.get("sole_lowest_bonus"))
    here = ""
    if table is not None:
        variants = [_(name) for name, on in ((LOW_PRICES, low), (SOLE_LOWEST, sole)) if on]
        here = " " + _("Variants at this table: {variants}.").format(
            variants=", ".join(variants) if variants else _("none")
        )
    else:
        here = " " + _(
            "Variants for `/game new`: `low_prices` (prices from {floor} gold) and "
            "`sole_lowest_bonus` (the +{bonus} only for a sole lowest price)."
        ).format(floor=cards.low_prices_floor, bonus=cards.lowest_price_bonus)
    specials = "\n".join(
        f"• **{term(s.name)}**{dash()}{_special_text(cards, s)}" for s in cards.specials
    )
    return {
        FANTASY_BUSINESS: _(
            "{least}–{most} merchants, {gold} gold each, {turns}. Each turn: the First Buyer "
            "auctions as many cards as there are players (`/auction`, `/bid`, `/pass`); then "
            "everyone secretly prices the articles they own (`/price`, `/submit`, special "
            "cards with `/play`); then sheets are revealed and income is paid; the First "
            "Buyer card passes left. Most gold plus article base values wins."
        ).format(
            least=cards.min_players,
            most=cards.max_players,
            gold=cards.starting_gold,
            turns=_fb_turns(cards, table),
        )
        + " "
        + _fb_ties(cards)
        + here,
        "auction": _(
            "The First Buyer designates a centre card with `/auction card:<n>` and may open "
            "with `price` (at least the base value, {special_bid} for a special). Bidding "
            "goes clockwise among players who have not bought a card this turn: `/bid amount` "
            "raises, `/pass` passes (you may raise when it comes round again). One full round "
            "with no raise sells the card. A card nobody bids on is discarded. The last "
            "player still buying may take a card at its minimum price or decline."
        ).format(special_bid=cards.special_minimum_bid),
        "prices": _(
            "For each article you own set one price {range} (`/price article amount`), then "
            "`/submit`. {income}"
        ).format(range=_fb_price_range(cards, low), income=_fb_income(cards, sole)),
        "specials": _(
            "Played with `/play` while setting prices, before you submit:\n{specials}\n"
            "`/hand` shows yours; `/give member card:<special>` hands one to another player "
            "face down (only they learn which)."
        ).format(specials=specials),
    }


# -- Fagin's Gang ---------------------------------------------------------------------------


def _fg_ending(board: Board, table: TableRules | None) -> str:
    options = table.options if table is not None else {}
    target = options.get("fagin_target")
    if not isinstance(target, int):
        target = board.fagin_target.default or board.fagin_target.max
    limit = options.get("round_limit")
    ending = n_("{n} urchin at Fagin wins", "{n} urchins at Fagin win", target).format(n=target)
    if table is None:
        ending += " " + _("(`fagin_target`: {least}–{most})").format(
            least=board.fagin_target.min, most=board.fagin_target.max
        )
    if isinstance(limit, int):
        ending += "; " + n_(
            "if nobody has won after {n} round, most urchins at Fagin wins",
            "if nobody has won after {n} rounds, most urchins at Fagin wins",
            limit,
        ).format(n=limit)
    elif table is None:
        ending += "; " + _(
            "`round_limit` ({least}–{most}) ends the game after that many rounds"
        ).format(least=board.round_limit.min, most=board.round_limit.max)
    ending = f"{ending[0].upper()}{ending[1:]}"
    ending = (
        _("{ending} at this table.").format(ending=ending) if table is not None else ending + "."
    )
    return ending + " " + _dead_end()


def _dead_end() -> str:
    """The house rule that ends a game nobody can move on (`rules.fagins_gang.dead_end`);
    its number in the data file is the editors', so players never see it."""
    return _(
        "Dead end (a house rule): if at the end of a round nobody can do anything any more "
        "(no urchin on a track, too few cubes to enter or exchange, nothing to sell, no "
        "money to buy), the game ends at once and is scored as at the round limit."
    )


def _fagins_gang(board: Board, table: TableRules | None) -> dict[str, str]:
    levels = board.levels
    slots = board.max_slots
    colours = {key: in_language(key, current()) for key in ("red", "blue", "purple")}
    return {
        FAGINS_GANG: _(
            "{least}–{most} gang leaders send urchins into {locations} London locations to "
            "steal goods and shillings, trade at Smithfield Market and send urchins back to "
            "Fagin. Everyone starts with {shillings} shillings, {urchins} urchins and "
            "{cubes}. Each round everyone takes one action (`/move`, `/steal`, `/shillings`, "
            "`/market open` or `/skip`), then the constables patrol and the price wheel "
            "turns; whoever holds more than {hand_limit} cubes returns the excess "
            "(`/discard`). {ending} `/board` shows the board."
        ).format(
            least=board.players.min,
            most=board.players.max,
            locations=len(board.locations),
            shillings=board.start_shillings,
            urchins=board.urchins,
            cubes=n_(
                "{n} cube of each colour",
                "{n} cubes of each colour",
                board.start_cubes_per_colour,
            ).format(n=board.start_cubes_per_colour),
            hand_limit=board.hand_limit,
            ending=_fg_ending(board, table),
        ),
        "moving": _(
            '`/move plan:"thames up 2; stpauls enter up 1; bow fagin"` — {locations}. '
            "Each level costs the location's move cost in cubes of its colour, paid first. "
            "Levels run from {top} (top, nearest Fagin) to {bottom}. `enter` puts an urchin "
            "on the start level ({start}), `leave top`/`leave bottom` takes it off, `fagin` "
            "leaves at the top and pays {price} shillings to reach Fagin for good. Landing on "
            "a constable carries you one level on; landing on an urchin bumps it down."
        ).format(
            locations=n_("up to {n} location", "up to {n} locations", slots).format(n=slots),
            top=levels.top,
            bottom=levels.bottom,
            start=levels.start,
            price=board.fagin_price,
        ),
        "stealing": _(
            '`/steal plan:"thames {red} {blue}; exchange {red} {red} {blue} for {purple}"` — '
            "{slots}: steal the goods printed on your urchin's level (name a colour for "
            "each white hand) or exchange {give} cubes for 1. "
            '`/shillings locations:"thames, chertsey"` steals money instead.'
        ).format(
            slots=n_("up to {n} slot", "up to {n} slots", slots).format(n=slots),
            give=board.exchange_give,
            **colours,
        ),
        "market": _(
            "`/market open` opens the market for everyone. Trading turns go anticlockwise "
            "from the opener: `/market buy colours:{red}` or `/market sell colours:{red}` (one "
            "cube; the opener may trade {count} of different colours, all buys or all sells) "
            "at the price wheel's price, or `/market pass` to leave for good."
        ).format(count=one_or_up_to(board.holder_trade_max), **colours),
    }


# -- every topic ----------------------------------------------------------------------------

OVERVIEW = N_(
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

TIMERS = N_(
    "The host sets `/game timer hours:<n> [remind:<n>]`: each step (your turn, or a "
    "simultaneous step like price sheets) must be done within that time; a reminder "
    "pings only whoever is still missing; at the deadline the bot plays the default move "
    "(pass, skip, last turn's prices, returning cubes from your largest piles) and says "
    "so. `/game pause` "
    "and `/game resume` freeze the clocks. `/game kick member` (host or Manage Channels) "
    "or `/game resign` puts a seat on autopilot; `/game replace old new` hands a seat to "
    "someone else, who gets its private information by DM. `/games` lists your games."
)


def topics(data: RulesData, table: TableRules | None = None) -> dict[str, tuple[str, str]]:
    """Every topic's (title, text) in the language being spoken, from `data`, describing
    `table` where it is set up."""
    texts = {
        "overview": _(OVERVIEW),
        **_fantasy_business(data.cards, _table(table, FANTASY_BUSINESS)),
        **_fagins_gang(data.board, _table(table, FAGINS_GANG)),
        "timers": _(TIMERS),
    }
    return {key: (_(title), commands_in(texts[key])) for key, title in TITLES.items()}


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
        "hints": "Let seated players ask /hint for the strong AI's move (the game is not rated)",
    }
