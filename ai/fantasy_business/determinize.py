"""A whole game state consistent with one seat's view: the cards it cannot see dealt at
random from the cards it has not seen, and a generator of the AI's own.

Everything public and everything the seat owns is copied from its view; only the hidden
parts are invented: the other players' specials (their counts are public), the face-down
specials in the centre and in the discard pile, and the draw pile. They are dealt from
the cards the seat cannot place (the deck minus every article held, shown in the centre
or discarded, minus its own specials and the specials played face up since the last
reshuffle), so a dealt state could be the real one. The other players' unrevealed prices
are not known either: a dealt state gets them from a price model passed in (the search
samples them, `ai.fantasy_business.rivals`), or else gives a submitted sheet last
turn's prices so that the sheets still say who has submitted.

Card ids say nothing a seat could use: article cards of one kind are interchangeable and
actions name centre cards by position and specials by kind, so an action chosen on a
dealt state means the same on the real one.
"""

import random
from collections.abc import Callable

from ai.fantasy_business.knowledge import Record
from rules.fantasy_business import deck
from rules.fantasy_business.pricing import default_price
from rules.fantasy_business.state import AuctionState, GameState, Played, Sheet
from rules.fantasy_business.views import FantasyBusinessView
from rules.rng import Rng

PriceModel = Callable[[GameState, int, str, random.Random], int]
"""A rival's price for an article in a dealt state: (state, rival, article, generator)."""


class Dealer:
    """Deals the unseen cards of one seat's information set, again and again."""

    def __init__(self, view: FantasyBusinessView, record: Record) -> None:
        if view.you is None:
            raise ValueError("An AI decides for a seat: pass the seat's own view.")
        self.seat = view.you.seat
        self.view = view
        articles = {key: list(deck.article_card_ids(key)) for key in deck.articles()}
        specials: dict[str, list[int]] = {key: [] for key in deck.specials()}
        for physical in deck.cards():
            if physical.kind == "special":
                specials[physical.key].append(physical.id)
        held = {key: sum(s.articles.get(key, 0) for s in view.seats) for key in articles}
        for key, count in held.items():
            del articles[key][:count]
        self.centre: list[int | None] = []
        for card in view.centre:
            self.centre.append(articles[card.article].pop(0) if card.article else None)
        self.discards = [
            articles[key].pop(0) for key, n in view.discarded_articles.items() for _ in range(n)
        ]
        self.own = [specials[kind].pop(0) for kind in view.you.specials]
        special_discards = view.discards - len(self.discards)
        for kind, count in record.played.items():
            for _ in range(count):
                if specials[kind] and special_discards > 0:
                    self.discards.append(specials[kind].pop(0))
                    special_discards -= 1
        self.face_down_discards = special_discards
        self.unseen_articles = sorted(i for ids in articles.values() for i in ids)
        self.unseen_specials = sorted(i for ids in specials.values() for i in ids)
        self.hands = {s.seat: s.specials for s in view.seats if s.seat != self.seat}
        slots = sum(self.hands.values()) + self.centre.count(None) + self.face_down_discards
        spare = len(self.unseen_specials) - slots
        if spare < 0 or spare + len(self.unseen_articles) != view.draw_pile:
            raise ValueError("The view and the history do not add up to the deck.")

    def deal(
        self, chooser: random.Random | None, rng_seed: int, prices: PriceModel | None = None
    ) -> GameState:
        """One state the seat cannot tell from the real one; `rng_seed` seeds its future
        and `prices` writes the rivals' sheets (only the submitted ones without it).
        Without a generator the unseen cards are dealt in order, not shuffled: enough for
        a player that reads only what its seat sees, and cheaper."""
        view = self.view
        you = view.you
        assert you is not None
        hidden = list(self.unseen_specials)
        if chooser is not None:
            chooser.shuffle(hidden)
        specials = [
            list(self.own) if s.seat == self.seat else [hidden.pop() for _ in range(s.specials)]
            for s in view.seats
        ]
        centre = [hidden.pop() if card is None else card for card in self.centre]
        discards = self.discards + [hidden.pop() for _ in range(self.face_down_discards)]
        pile = hidden + self.unseen_articles
        if chooser is not None:
            chooser.shuffle(pile)
        auction = None
        if view.auction is not None:
            a = view.auction
            auction = AuctionState(
                card=centre[a.index],
                price=a.price,
                high_bidder=a.high_bidder,
                to_act=a.to_act,
                quiet=a.quiet,
                offer=a.offer,
            )
        last = view.last_reveal
        # The numbers centre cards keep all turn: the sold ones' places hold no card.
        numbered = {card.label: centre[card.index] for card in view.centre}
        dealt = tuple(numbered.get(n, -1) for n in range(1, max(numbered, default=0) + 1))
        state = GameState(
            players=view.players,
            options=view.options,
            rng=Rng(seed=rng_seed),
            draw_pile=pile,
            discards=discards,
            centre=centre,
            dealt=dealt,
            gold=[s.gold for s in view.seats],
            articles=[dict(s.articles) for s in view.seats],
            specials=specials,
            acquired=[s.acquired for s in view.seats],
            turn=view.turn,
            total_turns=view.total_turns,
            first_buyer=view.first_buyer,
            youngest=view.youngest,
            phase=view.phase,
            auction=auction,
            sheets=[
                Sheet(prices=dict(you.sheet), submitted=you.submitted)
                if s.seat == self.seat
                else Sheet(submitted=s.submitted)
                for s in view.seats
            ],
            last_sheets=[dict(last.sheets[s.seat]) if last is not None else {} for s in view.seats],
            played=Played(
                guarded=[s.seat for s in view.seats if s.guarded],
                embargoes=list(view.embargoes),
                warrants=list(view.warrants),
                festivals=list(view.festivals),
                cards=[(p.seat, p.special) for p in view.played],
            ),
            last_reveal=last,
        )
        self._write_sheets(state, chooser, prices)
        return state

    def _write_sheets(
        self, state: GameState, chooser: random.Random | None, prices: PriceModel | None
    ) -> None:
        """Rivals' prices from the model; a sheet handed in is complete, except that a
        rival still owing a price (an article gained after submitting: the view says it
        is waiting) keeps its last article unpriced."""
        for seat in state.seats():
            sheet = state.sheets[seat]
            if seat == self.seat or (prices is None and not sheet.submitted):
                continue
            owned = [key for key in deck.articles() if key in state.articles[seat]]
            if sheet.submitted and seat in self.view.waiting_on and owned:
                owned.pop()
            if prices is None or chooser is None:
                sheet.prices = {key: default_price(state, seat, key) for key in owned}
            else:
                sheet.prices = {key: prices(state, seat, key, chooser) for key in owned}
