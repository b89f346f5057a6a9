"""The state of one game of Fantasy Business: everything needed to continue or replay it.

The parts a move changes (the game, the auction, the sheets, the specials played) are
plain slotted dataclasses; the frozen records (options, warrants, the last reveal) stay
pydantic models, made a few times a game. `apply` works on a copy (`GameState.clone`) and
never touches the state it was given, so callers may treat states as values; search and
random play change one state in place (`apply_in_place`). Stored games are read and
written through pydantic (`load_state`, `dump_state`), field for field as before.
Secrets live here side by side with public facts (the draw pile order, face-down
specials, unrevealed price sheets); `views` decides who sees what.
"""

from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from rules.fast_copy import Stored
from rules.rng import FIRST, Rng

Phase = Literal["auction", "pricing", "over"]
Standing = Literal["lowest", "highest", "middle"]
"""Where an owner's price stands among the article's owners' prices."""


class Options(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    turns: int | None = None
    """Chosen number of turns; None means the rulebook's length for the table size."""
    low_prices: bool = False
    sole_lowest_bonus: bool = False


@dataclass(slots=True, kw_only=True)
class AuctionState(Stored):
    """The card under the hammer."""

    __pydantic_config__ = ConfigDict(extra="forbid")

    card: int
    """Card id (not centre position) of the designated card."""
    price: int | None = None
    high_bidder: int | None = None
    to_act: int
    """Whose bidding turn it is (or who has the last-buyer offer)."""
    quiet: int = 0
    """Bidding turns in a row without a raise, since the last raise or the opening."""
    offer: bool = False
    """True when only one eligible player remains: take at the minimum or decline."""


@dataclass(slots=True)
class Sheet(Stored):
    """One player's price sheet for the current turn; secret until the reveal."""

    __pydantic_config__ = ConfigDict(extra="forbid")

    prices: dict[str, int] = field(default_factory=dict)
    submitted: bool = False


class Warrant(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    seat: int
    article: str


@dataclass(slots=True)
class Played(Stored):
    """Specials played this turn whose effect lasts until the income is paid."""

    __pydantic_config__ = ConfigDict(extra="forbid")

    guarded: list[int] = field(default_factory=list)
    embargoes: list[str] = field(default_factory=list)
    warrants: list[Warrant] = field(default_factory=list)
    festivals: list[str] = field(default_factory=list)
    cards: list[tuple[int, str]] = field(default_factory=list)
    """(seat, special key) of every special played this turn, in order; public."""


class Payout(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    seat: int
    cards: int
    price: int
    gold: int
    standing: Standing
    bonus: bool
    """True when the lowest-price bonus (or a Royal Warrant) applied."""
    warrant: bool = False


class ArticleIncome(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    article: str
    embargo: bool = False
    festivals: int = 0
    payouts: list[Payout] = []


class Reveal(BaseModel):
    """The last reveal: sheets and income, public from the moment they are shown."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    turn: int
    sheets: list[dict[str, int]]
    income: list[ArticleIncome]
    """Articles somebody owned, in list order."""
    totals: list[int]
    gold: list[int]


@dataclass(slots=True, kw_only=True)
class GameState(Stored):
    __pydantic_config__ = ConfigDict(extra="forbid")

    players: int
    options: Options
    rng: Rng
    draw_pile: list[int]
    """Card ids, top of the pile first. Secret (only its size is public)."""
    discards: list[int] = field(default_factory=list)
    centre: list[int] = field(default_factory=list)
    dealt: tuple[int, ...] = ()
    """The centre as laid out at the start of the turn: a card keeps its number (its
    place here, from 1) while the cards before it are sold."""
    gold: list[int]
    articles: list[dict[str, int]]
    """Per seat: article key -> number of cards (no zero entries)."""
    specials: list[list[int]]
    """Per seat: special card ids, face down (secret to the owner)."""
    acquired: list[bool]
    turn: int = 1
    total_turns: int
    first_buyer: int
    youngest: int
    """The first First Buyer: the youngest player."""
    ages: tuple[int, ...] | None = None
    """Every seat, youngest first (§4 [ed]: the host's order at the start, the rest drawn
    at random): ties go to the youngest tied player. None in games started before the
    table knew it; they only know the youngest, and their stored states (without the
    field) stay byte for byte what they were."""
    phase: Phase = "auction"
    auction: AuctionState | None = None
    sheets: list[Sheet]
    last_sheets: list[dict[str, int]]
    """Per seat: the prices revealed last turn (defaults and the sheet's reminder)."""
    played: Played = field(default_factory=Played)
    last_reveal: Reveal | None = None

    def seats(self) -> range:
        return range(self.players)

    def clone(self, whole: bool = False) -> "GameState":
        """A copy `apply` may change freely (`whole`: a copy to play on for more than one
        move, see below).

        Every list, dict and mutable record that the next action may change is copied;
        frozen values (options, rng, warrants, the last reveal, which is only ever
        replaced) and tuples (`dealt`, `ages`) are shared. So are last turn's prices
        (replaced at each reveal, never changed) and, during the auctions, the draw
        pile, the price sheets and the specials played: nothing in phase 1 changes them
        (a turn's end replaces them), and an action that starts in phase 1 ends at the
        latest where phase 2 begins. A copy played on with `apply_in_place` for more than
        one move must be `whole`: every mutable part copied. A field added to the state
        must be added here too; the values test checks that a clone equals its original
        and that `apply` leaves its input as it was.
        """
        auction = self.auction
        pricing = whole or self.phase != "auction"
        played = self.played
        return GameState(
            players=self.players,
            options=self.options,
            rng=self.rng,
            draw_pile=list(self.draw_pile) if pricing else self.draw_pile,
            discards=list(self.discards),
            centre=list(self.centre),
            dealt=self.dealt,
            gold=list(self.gold),
            articles=[dict(held) for held in self.articles],
            specials=[list(held) for held in self.specials],
            acquired=list(self.acquired),
            turn=self.turn,
            total_turns=self.total_turns,
            first_buyer=self.first_buyer,
            youngest=self.youngest,
            ages=self.ages,
            phase=self.phase,
            auction=None
            if auction is None
            else AuctionState(
                card=auction.card,
                price=auction.price,
                high_bidder=auction.high_bidder,
                to_act=auction.to_act,
                quiet=auction.quiet,
                offer=auction.offer,
            ),
            sheets=[Sheet(dict(sheet.prices), sheet.submitted) for sheet in self.sheets]
            if pricing
            else self.sheets,
            last_sheets=self.last_sheets,
            played=Played(
                list(played.guarded),
                list(played.embargoes),
                list(played.warrants),
                list(played.festivals),
                list(played.cards),
            )
            if pricing
            else played,
            last_reveal=self.last_reveal,
        )

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.players

    def label(self, card_id: int) -> int:
        """The number a centre card is known by this turn."""
        if card_id in self.dealt:
            return self.dealt.index(card_id) + 1
        return self.centre.index(card_id) + 1


def dump_state(state: GameState) -> str:
    """The state as a stored game keeps it. Fields at the values games had before they
    existed are left out, so an older game's JSON is what it always was: the age order
    of a game started before it (None), the version of the first generator."""
    exclude: dict[str, Any] = {}
    if state.ages is None:
        exclude["ages"] = True
    if state.rng.version == FIRST:
        exclude["rng"] = {"version"}
    return state.model_dump_json(exclude=exclude or None)


def load_state(text: str) -> GameState:
    return GameState.model_validate_json(text)
