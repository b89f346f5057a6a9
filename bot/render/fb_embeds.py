"""Fantasy Business embeds, each drawn from one rules view.

Public embeds take `rules.view(state, None)`; the sheet and hand embeds take the owner's
own view. Static card facts (names, base values, special texts) come from the data file
through `deck`, never from the game state, so nothing here can see a secret it was not
handed.
"""

from collections.abc import Iterable

import discord

from bot.render.generic import COLOUR, channel_link, clip
from bot.table import Table
from bot.timing import stamp
from rules.fantasy_business import deck
from rules.fantasy_business.state import ArticleIncome, Payout, Reveal
from rules.fantasy_business.views import FantasyBusinessView, OwnView, SeatView

FIELD_LIMIT = 1024
MAX_FIELDS = 25


def article_name(key: str) -> str:
    return deck.article(key).name


def in_list_order(keys: Iterable[str]) -> list[str]:
    """Article keys in the rulebook's list order (the order income is paid in)."""
    wanted = set(keys)
    return [key for key in deck.articles() if key in wanted]


def holdings(seat: SeatView) -> str:
    """A seat's public holdings: articles face up, specials only as a count."""
    parts = [f"{article_name(k)} ×{seat.articles[k]}" for k in in_list_order(seat.articles)]
    text = " · ".join(parts) if parts else "no articles"
    if seat.specials:
        text += f" · {seat.specials} special card{'s' if seat.specials > 1 else ''} (face down)"
    return text


def _seat_fields(embed: discord.Embed, table: Table, view: FantasyBusinessView) -> None:
    """Every player on one line each: gold, holdings and where they stand this step."""
    lines = []
    for seat in view.seats:
        marks = []
        if seat.seat == view.first_buyer and view.phase != "over":
            marks.append("🎩")
        if view.phase == "auction" and seat.acquired:
            marks.append("✔ bought")
        if view.phase == "pricing":
            # A player who gained an article after submitting owes a price: not "in".
            marks.append("⏳ pricing" if seat.seat in view.waiting_on else "✅ sheet in")
        if seat.guarded:
            marks.append("🛡️")
        lines.append(
            f"**{table.name(seat.seat)}** {seat.gold} gold · {holdings(seat)}"
            + (f" · {' '.join(marks)}" if marks else "")
        )
    embed.add_field(
        name="Players (🎩 First Buyer)", value=clip("\n".join(lines), FIELD_LIMIT), inline=False
    )


def due_field(embed: discord.Embed, table: Table) -> None:
    """The step's deadline, when the game has a timer."""
    game = table.game
    if game.deadline and not game.paused_at:
        embed.add_field(name="Due", value=stamp(game.deadline), inline=False)


def _title(view: FantasyBusinessView, what: str) -> str:
    return f"Fantasy Business — turn {view.turn} of {view.total_turns}: {what}"


def auction_embed(table: Table, view: FantasyBusinessView) -> discord.Embed:
    auction = view.auction
    lines = []
    for card in view.centre:
        mark = "▶ " if auction is not None and auction.index == card.index else ""
        if card.kind == "article":
            lines.append(f"{mark}`{card.label}` **{card.name}** — base value {card.base}")
        else:
            lines.append(
                f"{mark}`{card.label}` 🂠 *special card* (face down) — minimum {card.minimum}"
            )
    embed = discord.Embed(
        title=_title(view, "auctions"),
        description="\n".join(lines) or "No cards left in the centre.",
        colour=COLOUR,
    )
    fb = table.name(view.first_buyer)
    if auction is None:
        embed.add_field(
            name="Next",
            value=f"**{fb}** (First Buyer) designates a card: "
            "`/auction card:<number> [price]` (leave the price out to open with no price).",
            inline=False,
        )
    else:
        card = auction.card
        if auction.offer:
            state = (
                f"**{table.name(auction.to_act)}** is the only buyer left: take it for "
                f"{auction.minimum} gold or decline it."
            )
        elif auction.price is None or auction.high_bidder is None:
            state = f"No price yet (minimum {auction.minimum} gold)."
        else:
            state = f"**{auction.price} gold** — high bidder **{table.name(auction.high_bidder)}**"
        embed.add_field(
            name=f"Under the hammer: card {card.label}, {card.name}",
            value=f"{state}\nTo bid: **{table.name(auction.to_act)}**",
            inline=False,
        )
    _seat_fields(embed, table, view)
    due_field(embed, table)
    if auction is not None:
        embed.set_footer(
            text="Bid with the buttons or /bid amount, /pass to pass. "
            "A card goes to the high bidder after a full round without a raise."
        )
    return embed


def pricing_embed(table: Table, view: FantasyBusinessView) -> discord.Embed:
    done = len(view.seats) - len(view.waiting_on)
    embed = discord.Embed(
        title=_title(view, "setting prices"),
        description=(
            f"**Sheets in: {done} of {len(view.seats)}** — secret prices with the buttons in "
            "your DMs (or `/price`, `/submit`); `/play` specials before you submit."
        ),
        colour=COLOUR,
    )
    played = _played_lines(table, view)
    if played:
        embed.add_field(name="Special cards played this turn", value=played, inline=False)
    _seat_fields(embed, table, view)
    due_field(embed, table)
    return embed


def _played_lines(table: Table, view: FantasyBusinessView) -> str:
    lines = [f"**{table.name(p.seat)}** played {p.name}" for p in view.played]
    effects = [f"Embargo on {article_name(k)}" for k in view.embargoes]
    effects += [
        f"Royal Warrant: {table.name(w.seat)} on {article_name(w.article)}" for w in view.warrants
    ]
    effects += [f"Festival on {article_name(k)}" for k in view.festivals]
    if effects:
        lines.append("In force at income time: " + "; ".join(effects) + ".")
    return clip("\n".join(lines), FIELD_LIMIT)


def _payout_line(table: Table, payout: Payout, row: ArticleIncome) -> str:
    """One owner's income, compact enough for eight players in one message."""
    festivals = row.festivals
    if row.embargo:
        how = f"{payout.standing}, Embargo"
    elif payout.warrant:
        how = f"Royal Warrant +{deck.data().warrant_bonus}"
    elif payout.standing == "lowest":
        how = f"lowest +{deck.data().lowest_price_bonus}" if payout.bonus else "lowest, shared"
    else:
        how = payout.standing
    if festivals and payout.gold:
        how += f", Festival ×{deck.data().festival_factor ** festivals}"
    return (
        f"**{table.name(payout.seat)}** {payout.price} × {payout.cards} — {how} → **{payout.gold}**"
    )


INCOME_LEGEND = (
    "price × cards — standing → gold. The lowest price earns price + {bonus} per card, "
    "the highest nothing, any other price its price per card."
)


def reveal_embeds(table: Table, reveal: Reveal) -> list[discord.Embed]:
    """The reveal: every sheet, the income article by article, and the new gold."""
    sheets = discord.Embed(
        title=f"Turn {reveal.turn}: the price sheets", colour=COLOUR, description=None
    )
    for seat, sheet in enumerate(reveal.sheets):
        shown = " · ".join(f"{article_name(k)} **{sheet[k]}**" for k in in_list_order(sheet))
        sheets.add_field(name=table.name(seat), value=shown or "no articles", inline=False)
    income = discord.Embed(
        title=f"Turn {reveal.turn}: income",
        description=INCOME_LEGEND.format(bonus=deck.data().lowest_price_bonus),
        colour=COLOUR,
    )
    for row in reveal.income[: MAX_FIELDS - 1]:
        note = ""
        if row.embargo:
            note = " — Embargo: nobody is paid"
        elif row.festivals:
            note = " — Festival: income doubled" + (
                f" ×{row.festivals}" if row.festivals > 1 else ""
            )
        base = deck.article(row.article).base
        value = "\n".join(_payout_line(table, p, row) for p in row.payouts)
        income.add_field(
            name=f"{article_name(row.article)} (base {base}){note}",
            value=clip(value, FIELD_LIMIT),
            inline=False,
        )
    if not reveal.income:
        income.description = "Nobody owns any article, so nobody earns anything."
    gold = "\n".join(
        f"**{table.name(seat)}** +{reveal.totals[seat]} → {reveal.gold[seat]} gold"
        for seat in range(len(reveal.gold))
    )
    income.add_field(name="Gold now", value=clip(gold, FIELD_LIMIT), inline=False)
    return [sheets, income]


def scoreboard_embed(table: Table, view: FantasyBusinessView) -> discord.Embed:
    ranked = sorted(view.seats, key=lambda s: (-s.score, s.seat))
    lines = []
    for place, seat in enumerate(ranked, start=1):
        held = seat.score - seat.gold
        crown = " 🏆" if seat.seat in view.winners else ""
        lines.append(
            f"{place}. **{table.name(seat.seat)}**{crown} — **{seat.score}** "
            f"({seat.gold} gold + {held} in articles)"
        )
    embed = discord.Embed(
        title=(
            f"Fantasy Business — final scores after {view.total_turns} "
            f"turn{'' if view.total_turns == 1 else 's'}"
        ),
        description="\n".join(lines),
        colour=COLOUR,
    )
    embed.set_footer(text="Score = gold + base values of article cards; specials count nothing.")
    return embed


def sheet_embed(table: Table, view: FantasyBusinessView, own: OwnView) -> discord.Embed:
    """One player's own price sheet: private to them."""
    seat = view.seats[own.seat]
    if view.phase == "auction":
        status = "The auctions are still running; prices are set once they are over."
    elif view.phase == "over":
        status = "The game is over."
    elif own.submitted and own.unpriced:
        late = " and ".join(article_name(k) for k in own.unpriced)
        status = f"🔒 Submitted, but you gained {late} afterwards: price it before the reveal."
    elif own.submitted:
        status = "🔒 Submitted — locked until every sheet is in."
    else:
        status = (
            "Set one price per article you own, then submit. Your prices stay secret "
            "until every sheet is in."
        )
    embed = discord.Embed(
        title=f"Your price sheet — turn {view.turn} of {view.total_turns}",
        description=f"Fantasy Business in {channel_link(table.game)}, for "
        f"**{table.name(own.seat)}**.\n{status}",
        colour=COLOUR,
    )
    for key in in_list_order(own.price_ranges):
        low, high = own.price_ranges[key]
        price = own.sheet.get(key)
        last = own.last_prices.get(key)
        embed.add_field(
            name=f"{article_name(key)} ×{seat.articles.get(key, 0)}",
            value=f"Range {low}–{high} gold\n"
            + (f"Price: **{price}**" if price is not None else "Price: *not set*")
            + f"\nLast turn: {last if last is not None else '—'}",
            inline=True,
        )
    if not own.price_ranges:
        embed.add_field(
            name="No articles",
            value="You own no articles, so your sheet is empty: just submit it.",
            inline=False,
        )
    embed.set_footer(
        text=f"You have {seat.gold} gold. Set prices with the buttons or /price article amount; "
        "lock the sheet with Submit or /submit."
    )
    return embed


def hand_embed(table: Table, own: OwnView) -> discord.Embed:
    """One player's face-down special cards: private to them."""
    counts: dict[str, int] = {}
    for key in own.specials:
        counts[key] = counts.get(key, 0) + 1
    lines = []
    for key, count in counts.items():
        special = deck.special(key)
        times = f" ×{count}" if count > 1 else ""
        lines.append(f"**{special.name}**{times} — {special.text}")
    embed = discord.Embed(
        title=f"Your special cards — {table.name(own.seat)}",
        description="\n".join(lines) if lines else "You hold no special cards.",
        colour=COLOUR,
    )
    embed.set_footer(
        text="Play one with /play while prices are being set, before you submit your sheet."
    )
    return embed
