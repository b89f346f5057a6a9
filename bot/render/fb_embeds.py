"""Fantasy Business embeds, each drawn from one rules view.

Public embeds take `rules.view(state, None)`; the sheet and hand embeds take the owner's
own view. Static card facts (names, base values, special texts) come from the data file
through `deck`, never from the game state, so nothing here can see a secret it was not
handed.
"""

from collections.abc import Iterable

import discord

from bot.i18n import N_, _, current, dash, n_, slash, term
from bot.render.generic import COLOUR, channel_link, clip
from bot.table import Table
from bot.timing import stamp
from rules.fantasy_business import deck
from rules.fantasy_business.state import ArticleIncome, Payout, Reveal
from rules.fantasy_business.views import FantasyBusinessView, OwnView, SeatView

FIELD_LIMIT = 1024
MAX_FIELDS = 25


def article_name(key: str) -> str:
    """An article's name in the language being spoken."""
    return term(deck.article(key).name)


def special_name(key: str) -> str:
    """A special card's name in the language being spoken."""
    return term(deck.special(key).name)


def special_text(key: str) -> str:
    """A special card's rule text in the language being spoken."""
    return deck.special(key).text_in(current())


def suggested_price(own: OwnView, key: str) -> int:
    """What `/submit` would fill in for an article: this turn's price, else last turn's
    (within the range), else the base value."""
    low, high = own.price_ranges[key]
    if key in own.sheet:
        return own.sheet[key]
    wanted = own.last_prices.get(key, deck.article(key).base)
    return max(low, min(high, wanted))


def price_field(own: OwnView, key: str) -> tuple[str | None, str | None]:
    """The price form's field for an article, as (text in it, placeholder): the price the
    sheet has, or, while it has none, an empty field whose placeholder suggests one, so
    that what the player types is the price (never appended to a suggestion)."""
    if key in own.sheet:
        return str(own.sheet[key]), None
    return None, _("not set – e.g. {price}").format(price=suggested_price(own, key))


def in_list_order(keys: Iterable[str]) -> list[str]:
    """Article keys in the rulebook's list order (the order income is paid in)."""
    wanted = set(keys)
    return [key for key in deck.articles() if key in wanted]


def holdings(seat: SeatView) -> str:
    """A seat's public holdings: articles face up, specials only as a count."""
    parts = [f"{article_name(k)} ×{seat.articles[k]}" for k in in_list_order(seat.articles)]
    text = " · ".join(parts) if parts else _("no articles")
    if seat.specials:
        specials = n_(
            "{n} special card (face down)", "{n} special cards (face down)", seat.specials
        ).format(n=seat.specials)
        text += f" · {specials}"
    return text


def _seat_fields(embed: discord.Embed, table: Table, view: FantasyBusinessView) -> None:
    """Every player on one line each: gold, holdings and where they stand this step."""
    lines = []
    for seat in view.seats:
        marks = []
        if seat.seat == view.first_buyer and view.phase != "over":
            marks.append("🎩")
        if view.phase == "auction" and seat.acquired:
            marks.append(_("✔ bought"))
        if view.phase == "pricing":
            # A player who gained an article after submitting owes a price: not "in".
            marks.append(_("⏳ pricing") if seat.seat in view.waiting_on else _("✅ sheet in"))
        if seat.guarded:
            marks.append("🛡️")
        gold = _("{gold} gold").format(gold=seat.gold)
        lines.append(
            f"**{table.name(seat.seat)}** {gold} · {holdings(seat)}"
            + (f" · {' '.join(marks)}" if marks else "")
        )
    embed.add_field(
        name=_("Players (🎩 First Buyer)"), value=clip("\n".join(lines), FIELD_LIMIT), inline=False
    )


def due_field(embed: discord.Embed, table: Table) -> None:
    """The step's deadline, when the game has a timer."""
    game = table.game
    if game.deadline and not game.paused_at:
        embed.add_field(name=_("Due"), value=stamp(game.deadline), inline=False)


def _title(view: FantasyBusinessView, what: str) -> str:
    return _("Fantasy Business — turn {turn} of {turns}: {what}").format(
        turn=view.turn, turns=view.total_turns, what=what
    )


def auction_embed(table: Table, view: FantasyBusinessView) -> discord.Embed:
    auction = view.auction
    lines = []
    for card in view.centre:
        mark = "▶ " if auction is not None and auction.index == card.index else ""
        if card.kind == "article":
            line = _("`{label}` **{name}** — base value {base}").format(
                label=card.label, name=term(card.name), base=card.base
            )
        else:
            line = _("`{label}` 🂠 *special card* (face down) — minimum {minimum}").format(
                label=card.label, minimum=card.minimum
            )
        lines.append(f"{mark}{line}")
    embed = discord.Embed(
        title=_title(view, _("auctions")),
        description="\n".join(lines) or _("No cards left in the centre."),
        colour=COLOUR,
    )
    fb = table.name(view.first_buyer)
    if auction is None:
        embed.add_field(
            name=_("Next"),
            value=_(
                "**{first_buyer}** (First Buyer) picks a card in the menu below, or types "
                "`/auction card:<number> [price]` (leave the price out to open with no price)."
            ).format(first_buyer=fb),
            inline=False,
        )
    else:
        card = auction.card
        if auction.offer:
            state = _(
                "**{player}** is the only buyer left: take it for {minimum} gold or decline it."
            ).format(player=table.name(auction.to_act), minimum=auction.minimum)
        elif auction.price is None or auction.high_bidder is None:
            state = _("No price yet (minimum {minimum} gold).").format(minimum=auction.minimum)
        else:
            state = _("**{price} gold** — high bidder **{player}**").format(
                price=auction.price, player=table.name(auction.high_bidder)
            )
        name = term(card.name) if card.kind == "article" else _("special card")
        to_bid = _("To bid: **{player}**").format(player=table.name(auction.to_act))
        embed.add_field(
            name=_("Under the hammer: card {label}, {name}").format(label=card.label, name=name),
            value=f"{state}\n{to_bid}",
            inline=False,
        )
    _seat_fields(embed, table, view)
    due_field(embed, table)
    if auction is not None:
        embed.set_footer(
            text=_(
                "Bid with the buttons or {bid}, {pass_} to pass. "
                "A card goes to the high bidder after a full round without a raise."
            ).format(bid=slash("bid amount"), pass_=slash("pass"))
        )
    return embed


def pricing_embed(table: Table, view: FantasyBusinessView) -> discord.Embed:
    done = len(view.seats) - len(view.waiting_on)
    embed = discord.Embed(
        title=_title(view, _("setting prices")),
        description=_(
            "**Sheets in: {done} of {seats}** — secret prices with the buttons in "
            "your DMs (or `/price`, `/submit`); `/play` specials before you submit."
        ).format(done=done, seats=len(view.seats)),
        colour=COLOUR,
    )
    played = _played_lines(table, view)
    if played:
        embed.add_field(name=_("Special cards played this turn"), value=played, inline=False)
    _seat_fields(embed, table, view)
    due_field(embed, table)
    return embed


def _played_lines(table: Table, view: FantasyBusinessView) -> str:
    lines = [
        _("**{player}** played {card}").format(player=table.name(p.seat), card=term(p.name))
        for p in view.played
    ]
    effects = [_("Embargo on {article}").format(article=article_name(k)) for k in view.embargoes]
    effects += [
        _("Royal Warrant: {player} on {article}").format(
            player=table.name(w.seat), article=article_name(w.article)
        )
        for w in view.warrants
    ]
    effects += [_("Festival on {article}").format(article=article_name(k)) for k in view.festivals]
    if effects:
        lines.append(_("In force at income time: {effects}.").format(effects="; ".join(effects)))
    return clip("\n".join(lines), FIELD_LIMIT)


def _payout_line(table: Table, payout: Payout, row: ArticleIncome) -> str:
    """One owner's income, compact enough for eight players in one message."""
    festivals = row.festivals
    standing = _(STANDINGS.get(payout.standing, payout.standing))
    if row.embargo:
        how = _("{standing}, Embargo").format(standing=standing)
    elif payout.warrant:
        how = _("Royal Warrant +{bonus}").format(bonus=deck.data().warrant_bonus)
    elif payout.standing == "lowest":
        how = (
            _("lowest +{bonus}").format(bonus=deck.data().lowest_price_bonus)
            if payout.bonus
            else _("lowest, shared")
        )
    else:
        how = standing
    if festivals and payout.gold:
        how += _(", Festival ×{factor}").format(factor=deck.data().festival_factor ** festivals)
    return (
        f"**{table.name(payout.seat)}** {payout.price} × {payout.cards}{dash()}{how} → "
        f"**{payout.gold}**"
    )


STANDINGS = {"lowest": N_("lowest"), "highest": N_("highest"), "middle": N_("middle")}
"""A payout's standing as the income table words it."""

INCOME_LEGEND = N_(
    "price × cards — standing → gold. The lowest price earns price + {bonus} per card, "
    "the highest nothing, any other price its price per card."
)


def reveal_embeds(table: Table, reveal: Reveal) -> list[discord.Embed]:
    """The reveal: every sheet, the income article by article, and the new gold."""
    sheets = discord.Embed(
        title=_("Turn {turn}: the price sheets").format(turn=reveal.turn),
        colour=COLOUR,
        description=None,
    )
    for seat, sheet in enumerate(reveal.sheets):
        shown = " · ".join(f"{article_name(k)} **{sheet[k]}**" for k in in_list_order(sheet))
        sheets.add_field(name=table.name(seat), value=shown or _("no articles"), inline=False)
    income = discord.Embed(
        title=_("Turn {turn}: income").format(turn=reveal.turn),
        description=_(INCOME_LEGEND).format(bonus=deck.data().lowest_price_bonus),
        colour=COLOUR,
    )
    for row in reveal.income[: MAX_FIELDS - 1]:
        note = ""
        if row.embargo:
            note = _(" — Embargo: nobody is paid")
        elif row.festivals:
            note = _(" — Festival: income doubled") + (
                f" ×{row.festivals}" if row.festivals > 1 else ""
            )
        base = deck.article(row.article).base
        value = "\n".join(_payout_line(table, p, row) for p in row.payouts)
        income.add_field(
            name=_("{article} (base {base}){note}").format(
                article=article_name(row.article), base=base, note=note
            ),
            value=clip(value, FIELD_LIMIT),
            inline=False,
        )
    if not reveal.income:
        income.description = _("Nobody owns any article, so nobody earns anything.")
    gold = "\n".join(
        _("**{player}** +{income} → {gold} gold").format(
            player=table.name(seat), income=reveal.totals[seat], gold=reveal.gold[seat]
        )
        for seat in range(len(reveal.gold))
    )
    income.add_field(name=_("Gold now"), value=clip(gold, FIELD_LIMIT), inline=False)
    return [sheets, income]


def finishing_order(view: FantasyBusinessView) -> list[int]:
    """The seats as the final scores list them: the winners (a tie goes to the youngest),
    then by score."""
    ranked = sorted(view.seats, key=lambda s: (s.seat not in view.winners, -s.score, s.seat))
    return [seat.seat for seat in ranked]


def scoreboard_embed(table: Table, view: FantasyBusinessView) -> discord.Embed:
    ranked = [view.seats[seat] for seat in finishing_order(view)]
    lines = []
    for place, seat in enumerate(ranked, start=1):
        held = seat.score - seat.gold
        crown = " 🏆" if seat.seat in view.winners else ""
        score = _("**{score}** ({gold} gold + {held} in articles)").format(
            score=seat.score, gold=seat.gold, held=held
        )
        lines.append(f"{place}. **{table.name(seat.seat)}**{crown}{dash()}{score}")
    embed = discord.Embed(
        title=n_(
            "Fantasy Business — final scores after {n} turn",
            "Fantasy Business — final scores after {n} turns",
            view.total_turns,
        ).format(n=view.total_turns),
        description="\n".join(lines),
        colour=COLOUR,
    )
    embed.set_footer(text=_("Score = gold + base values of article cards; specials count nothing."))
    return embed


def sheet_embed(table: Table, view: FantasyBusinessView, own: OwnView) -> discord.Embed:
    """One player's own price sheet: private to them."""
    seat = view.seats[own.seat]
    if view.phase == "auction":
        status = _("The auctions are still running; prices are set once they are over.")
    elif view.phase == "over":
        status = _("The game is over.")
    elif own.submitted and own.unpriced:
        late = _(" and ").join(article_name(k) for k in own.unpriced)
        status = _(
            "🔒 Submitted, but you gained {articles} afterwards: price it before the reveal."
        ).format(articles=late)
    elif own.submitted:
        status = _("🔒 Submitted — locked until every sheet is in.")
    else:
        status = _(
            "Set one price per article you own, then submit. Your prices stay secret "
            "until every sheet is in."
        )
    intro = _("Fantasy Business in {channel}, for **{player}**.").format(
        channel=channel_link(table.game), player=table.name(own.seat)
    )
    embed = discord.Embed(
        title=_("Your price sheet — turn {turn} of {turns}").format(
            turn=view.turn, turns=view.total_turns
        ),
        description=f"{intro}\n{status}",
        colour=COLOUR,
    )
    for key in in_list_order(own.price_ranges):
        low, high = own.price_ranges[key]
        price = own.sheet.get(key)
        last = own.last_prices.get(key)
        shown_price = (
            _("Price: **{price}**").format(price=price)
            if price is not None
            else _("Price: *not set*")
        )
        shown_last = (
            _("Last turn: {price}").format(price=last)
            if last is not None
            else _("Last turn: not priced")
        )
        embed.add_field(
            name=f"{article_name(key)} ×{seat.articles.get(key, 0)}",
            value=_("Range {low}–{high} gold").format(low=low, high=high)
            + f"\n{shown_price}\n{shown_last}",
            inline=True,
        )
    if not own.price_ranges:
        empty = (
            _("You own no articles: nothing to price.")
            if own.submitted
            else _("You own no articles, so your sheet is empty: just submit it.")
        )
        embed.add_field(name=_("No articles"), value=empty, inline=False)
    if own.submitted and not own.unpriced:
        footer = _("You have {gold} gold. Submitted: waiting for the others.")
    else:
        footer = _(
            "You have {gold} gold. Set prices with the buttons or {price}; "
            "lock the sheet with “Submit sheet” or {submit}."
        )
    embed.set_footer(
        text=footer.format(
            gold=seat.gold, price=slash("price article amount"), submit=slash("submit")
        )
    )
    return embed


def hand_embed(table: Table, own: OwnView) -> discord.Embed:
    """One player's face-down special cards: private to them."""
    counts: dict[str, int] = {}
    for key in own.specials:
        counts[key] = counts.get(key, 0) + 1
    lines = []
    for key, count in counts.items():
        times = f" ×{count}" if count > 1 else ""
        lines.append(f"**{special_name(key)}**{times}{dash()}{special_text(key)}")
    embed = discord.Embed(
        title=_("Your special cards — {player}").format(player=table.name(own.seat)),
        description="\n".join(lines) if lines else _("You hold no special cards."),
        colour=COLOUR,
    )
    embed.set_footer(
        text=_(
            "Play one with {play} while prices are being set, before you submit your sheet."
        ).format(play=slash("play"))
    )
    return embed
