"""The states behind one seat's view: the inverse of `views.view`, beside it.

Everything public and everything the seat owns is copied from its view; only the hidden
parts are invented: the other players' specials (their counts are public), the face-down
specials in the centre and in the discard pile, the draw pile, the other players'
unrevealed prices and the game's generator. The cards are dealt from the cards the seat
cannot place (the deck minus every article held, shown in the centre or discarded, minus
its own specials and the specials known to lie face up in the discard pile), so a
sampled state could be the real one.

Card ids say nothing a seat could use: article cards of one kind are interchangeable and
actions name centre cards by position and specials by kind, so an action chosen on a
sampled state means the same on the real one.

A field added to `GameState` must be rebuilt here too; the property tests check that a
sampled state shows its seat exactly the view it came from and holds every card once.
"""

from collections.abc import Callable, Mapping

from rules.fantasy_business import deck
from rules.fantasy_business.pricing import default_price
from rules.fantasy_business.state import AuctionState, GameState, Played, Sheet
from rules.fantasy_business.views import FantasyBusinessView
from rules.rng import Rng, Shuffler

HiddenPrice = Callable[[GameState, int, str], int]
"""A rival's price for an article on a sheet the seat cannot see: (state, rival, article)."""


class Worlds:
    """The information set of one seat: the cards it can place are counted once, so
    that sampling again and again costs only the dealing."""

    def __init__(self, view: FantasyBusinessView, face_up: Mapping[str, int] | None = None):
        """`face_up`: special kind -> copies played face up since the draw pile was last
        reshuffled (the public history says so; the view does not), which therefore lie
        in the discard pile. Without it every special in the pile is dealt at random."""
        if view.you is None:
            raise ValueError("A world is sampled for a seat: pass the seat's own view.")
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
        for kind, count in (face_up or {}).items():
            for _ in range(count):
                if specials[kind] and special_discards > 0:
                    self.discards.append(specials[kind].pop(0))
                    special_discards -= 1
        self.face_down_discards = special_discards
        self.unseen_articles = sorted(i for ids in articles.values() for i in ids)
        self.unseen_specials = sorted(i for ids in specials.values() for i in ids)
        hands = sum(s.specials for s in view.seats if s.seat != self.seat)
        slots = hands + self.centre.count(None) + self.face_down_discards
        spare = len(self.unseen_specials) - slots
        if spare < 0 or spare + len(self.unseen_articles) != view.draw_pile:
            raise ValueError("The view and the history do not add up to the deck.")

    def sample(
        self, generator: Shuffler | None, future: Rng, prices: HiddenPrice | None = None
    ) -> GameState:
        """One state the seat cannot tell from the real one, carrying `future` as its
        generator. `generator` deals the unseen cards; without one they are dealt in a
        fixed order (enough for a player that reads only what its seat sees, and
        cheaper). `prices` writes every rival's sheet, one not yet handed in too (as the
        prices it will hand in); without it a handed-in sheet gets the default prices
        and one not handed in stays empty."""
        view = self.view
        you = view.you
        assert you is not None
        hidden = list(self.unseen_specials)
        if generator is not None:
            generator.shuffle(hidden)
        specials = [
            list(self.own) if s.seat == self.seat else [hidden.pop() for _ in range(s.specials)]
            for s in view.seats
        ]
        centre = [hidden.pop() if card is None else card for card in self.centre]
        discards = self.discards + [hidden.pop() for _ in range(self.face_down_discards)]
        pile = hidden + self.unseen_articles
        if generator is not None:
            generator.shuffle(pile)
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
            rng=future,
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
        self._write_sheets(state, prices)
        return state

    def _write_sheets(self, state: GameState, prices: HiddenPrice | None) -> None:
        """A sheet handed in is complete, except that a rival still owing a price (an
        article gained after submitting: the view says it is waiting) keeps its last
        article unpriced."""
        for seat in state.seats():
            sheet = state.sheets[seat]
            if seat == self.seat or (prices is None and not sheet.submitted):
                continue
            owned = [key for key in deck.articles() if key in state.articles[seat]]
            if sheet.submitted and seat in self.view.waiting_on and owned:
                owned.pop()
            if prices is None:
                sheet.prices = {key: default_price(state, seat, key) for key in owned}
            else:
                sheet.prices = {key: prices(state, seat, key) for key in owned}


def sample_world(
    view: FantasyBusinessView,
    generator: Shuffler | None,
    future: Rng,
    face_up: Mapping[str, int] | None = None,
    prices: HiddenPrice | None = None,
) -> GameState:
    """One state consistent with `view` (see `Worlds`; build one `Worlds` to sample a
    seat's information set many times)."""
    return Worlds(view, face_up).sample(generator, future, prices)
