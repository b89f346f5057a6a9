"""Short rule summaries for `/rules`, written for players, by topic.

The authoritative rules are the rules cores; these texts point players to the commands
that carry each rule out. Numbers quoted here are the defaults of the data files.
"""

TOPICS: dict[str, tuple[str, str]] = {
    "overview": (
        "Smithfield — how to play here",
        "Open a table with `/game new game:<fagins-gang|fantasy-business>`, others sit down "
        "with `/game join`, the host starts with `/game start`. Every move is a slash "
        "command; the bot checks it against the rules, announces it here and pings whoever "
        "is next. Private information (price sheets, special cards) comes by DM — if your "
        "DMs are closed, use the private commands here (`/sheet`, `/hand`, `/game status`). "
        "`/game log` shows recent moves, `/game abort` ends a table (host or Manage "
        "Channels). Topics: `/rules topic:<name>`.",
    ),
    "fantasy-business": (
        "Fantasy Business",
        "3–8 merchants, 10 gold each, 10 turns (8 with 7–8 players). Each turn: the First "
        "Buyer auctions as many cards as there are players (`/auction`, `/bid`, `/pass`); "
        "then everyone secretly prices the articles they own (`/price`, `/submit`, special "
        "cards with `/play`); then sheets are revealed and income is paid; the First Buyer "
        "card passes left. Most gold plus article base values wins.",
    ),
    "auction": (
        "Fantasy Business — auctions",
        "The First Buyer designates a centre card with `/auction card:<n>` and may open with "
        "`price` (at least the base value, 1 for a special). Bidding goes clockwise among "
        "players who have not bought a card this turn: `/bid amount` raises, `/pass` passes "
        "(you may raise when it comes round again). One full round with no raise sells the "
        "card. A card nobody bids on is discarded. The last player still buying may take a "
        "card at its minimum price or decline.",
    ),
    "prices": (
        "Fantasy Business — prices and income",
        "For each article you own set one price between its base value and double "
        "(`/price article amount`), then `/submit`. For each article the lowest price earns "
        "price + 2 per card, the highest earns nothing, anyone between earns price per card; "
        "if all owners ask the same, all get the bonus.",
    ),
    "specials": (
        "Fantasy Business — special cards",
        "Played with `/play` while setting prices, before you submit: Thief (take an article "
        "card), Fire (a player discards one card of an article), Pickpocket (take up to 3 "
        "gold), Guards (safe from those three this turn), Embargo (nobody is paid for an "
        "article), Royal Warrant (you get price + 2 per card for an article you own), "
        "Festival (income for an article doubled), Subsidy (take 4 gold). `/hand` shows yours.",
    ),
    "fagins-gang": (
        "Fagin's Gang",
        "2–6 gang leaders send urchins into six London locations to steal goods and "
        "shillings, trade at Smithfield Market and send urchins back to Fagin. Each round "
        "everyone takes one action (`/move`, `/steal`, `/shillings`, `/market open` or "
        "`/skip`), then the constables patrol and the price wheel turns. Three urchins at "
        "Fagin wins. `/board` shows the board.",
    ),
    "moving": (
        "Fagin's Gang — moving urchins",
        '`/move plan:"thames up 2; stpauls enter up 1; bow fagin"` — up to 3 locations. '
        "Each level costs the location's move cost in cubes of its colour, paid first. "
        "`enter` puts an urchin on the start level (5), `leave top`/`leave bottom` takes it "
        "off, `fagin` leaves at the top and pays 15 shillings to reach Fagin for good. "
        "Landing on a constable carries you one level on; landing on an urchin bumps it down.",
    ),
    "stealing": (
        "Fagin's Gang — stealing",
        '`/steal plan:"thames red blue; exchange red red blue for purple"` — up to 3 slots: '
        "steal the goods printed on your urchin's level (name a colour for each white hand) "
        'or exchange 3 cubes for 1. `/shillings locations:"thames, chertsey"` steals money '
        "instead.",
    ),
    "market": (
        "Fagin's Gang — Smithfield Market",
        "`/market open` opens the market for everyone. Trading turns go anticlockwise from "
        "the opener: `/market buy colours:red` or `/market sell colours:red` (one cube; the "
        "opener may trade two of different colours, all buys or all sells) at the price "
        "wheel's price, or `/market pass` to leave for good.",
    ),
    "timers": (
        "Long games — timers and absent players",
        "The host sets `/game timer hours:<n> [remind:<n>]`: each step (your turn, or a "
        "simultaneous step like price sheets) must be done within that time; a reminder "
        "pings only whoever is still missing; at the deadline the bot plays the default "
        "(pass, skip, last turn's prices, the standard discard) and says so. `/game pause` "
        "and `/game resume` freeze the clocks. `/game kick member` (host or Manage Channels) "
        "or `/game resign` puts a seat on autopilot; `/game replace old new` hands a seat to "
        "someone else, who gets its private information by DM. `/games` lists your games.",
    ),
}
