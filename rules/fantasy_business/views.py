"""What each seat may see (DESIGN: views). Public messages are built only from `view(s, None)`.

Public: the centre (articles by name, specials only as "special card"), the auction
(with its run of passes), everyone's gold and articles, how many specials each holds, who
has submitted, the specials played this turn, the last reveal, and which article cards
lie in the discard pile. A seat's own view adds its specials, its
current sheet and last turn's prices. Never shown: another seat's specials or unrevealed
prices, the draw pile's order, or which specials were discarded face down.
"""

from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.fantasy_business import deck
from rules.fantasy_business.legal import waiting_on
from rules.fantasy_business.pricing import price_range, unpriced
from rules.fantasy_business.scoring import score, winners
from rules.fantasy_business.state import GameState, Options, Phase, Reveal, Warrant


class _View(BaseModel):
    model_config = ConfigDict(frozen=True)


class CentreCard(_View):
    index: int
    """0-based position in the centre now (what the Auction action names)."""
    label: int
    """The card's number for players, kept for the whole turn (see GameState.dealt)."""
    kind: Literal["article", "special"]
    article: str | None
    name: str
    base: int | None
    minimum: int


class AuctionView(_View):
    index: int
    card: CentreCard
    price: int | None
    high_bidder: int | None
    to_act: int
    offer: bool
    minimum: int
    quiet: int = 0
    """Bidding turns in a row without a raise since the last raise or the opening: public
    (everyone heard them), and what says when the card is sold or discarded."""


class SeatView(_View):
    seat: int
    gold: int
    articles: dict[str, int]
    specials: int
    """How many face-down specials the seat holds (never which)."""
    acquired: bool
    submitted: bool
    guarded: bool
    score: int
    """Gold plus base values of articles: what the seat would score now."""


class PlayedView(_View):
    seat: int
    special: str
    name: str


class OwnView(_View):
    """Private to one seat."""

    seat: int
    specials: list[str]
    """Keys of the seat's special cards, in the order they were bought."""
    sheet: dict[str, int]
    submitted: bool
    unpriced: list[str]
    last_prices: dict[str, int]
    price_ranges: dict[str, tuple[int, int]]
    """Allowed price range for each owned article."""


class FantasyBusinessView(_View):
    kind: Literal["fantasy-business"] = "fantasy-business"
    players: int
    options: Options
    turn: int
    total_turns: int
    phase: Phase
    first_buyer: int
    youngest: int
    centre: list[CentreCard]
    auction: AuctionView | None
    seats: list[SeatView]
    draw_pile: int
    discards: int
    discarded_articles: dict[str, int] = {}
    """Article cards in the discard pile, by article: every article is discarded face up
    (declined, unsold, left in the centre or burnt by Fire), so everyone has seen them.
    Specials in the pile are only in `discards` (some went there face down)."""
    played: list[PlayedView]
    embargoes: list[str]
    warrants: list[Warrant]
    festivals: list[str]
    waiting_on: list[int]
    last_reveal: Reveal | None
    winners: list[int]
    """Empty while the game runs."""
    you: OwnView | None


def _centre_card(state: GameState, index: int, card_id: int) -> CentreCard:
    card = deck.card(card_id)
    minimum = deck.minimum_bid(card_id)
    label = state.label(card_id)
    if card.kind == "article":
        base = deck.article(card.key).base
        return CentreCard(
            index=index,
            label=label,
            kind="article",
            article=card.key,
            name=card.name,
            base=base,
            minimum=minimum,
        )
    return CentreCard(
        index=index,
        label=label,
        kind="special",
        article=None,
        name="special card",
        base=None,
        minimum=minimum,
    )


def _auction(state: GameState) -> AuctionView | None:
    auction = state.auction
    if auction is None:
        return None
    index = state.centre.index(auction.card)
    return AuctionView(
        index=index,
        card=_centre_card(state, index, auction.card),
        price=auction.price,
        high_bidder=auction.high_bidder,
        to_act=auction.to_act,
        offer=auction.offer,
        minimum=deck.minimum_bid(auction.card),
        quiet=auction.quiet,
    )


def _discarded_articles(state: GameState) -> dict[str, int]:
    counts: dict[str, int] = {}
    for card_id in state.discards:
        card = deck.card(card_id)
        if card.kind == "article":
            counts[card.key] = counts.get(card.key, 0) + 1
    return {key: counts[key] for key in deck.articles() if key in counts}


def _own(state: GameState, seat: int) -> OwnView:
    sheet = state.sheets[seat]
    return OwnView(
        seat=seat,
        specials=[deck.card(c).key for c in state.specials[seat]],
        sheet=dict(sheet.prices),
        submitted=sheet.submitted,
        unpriced=unpriced(state, seat) if state.phase == "pricing" else [],
        last_prices=dict(state.last_sheets[seat]),
        price_ranges={key: price_range(state, key) for key in state.articles[seat]},
    )


def view(state: GameState, seat: int | None) -> FantasyBusinessView:
    specials = deck.specials()
    return FantasyBusinessView(
        players=state.players,
        options=state.options,
        turn=state.turn,
        total_turns=state.total_turns,
        phase=state.phase,
        first_buyer=state.first_buyer,
        youngest=state.youngest,
        centre=[_centre_card(state, i, c) for i, c in enumerate(state.centre)],
        auction=_auction(state),
        seats=[
            SeatView(
                seat=s,
                gold=state.gold[s],
                articles=dict(state.articles[s]),
                specials=len(state.specials[s]),
                acquired=state.acquired[s],
                submitted=state.sheets[s].submitted,
                guarded=s in state.played.guarded,
                score=score(state, s),
            )
            for s in state.seats()
        ],
        draw_pile=len(state.draw_pile),
        discards=len(state.discards),
        discarded_articles=_discarded_articles(state),
        played=[
            PlayedView(seat=s, special=k, name=specials[k].name) for s, k in state.played.cards
        ],
        embargoes=list(state.played.embargoes),
        warrants=list(state.played.warrants),
        festivals=list(state.played.festivals),
        waiting_on=waiting_on(state),
        last_reveal=state.last_reveal,
        winners=winners(state) if state.phase == "over" else [],
        you=_own(state, seat) if seat is not None and 0 <= seat < state.players else None,
    )
