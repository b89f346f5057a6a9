"""The cards of Fantasy Business and every number of its rules, loaded from cards.json.

The engine never writes a rule number itself: base values, card counts, starting gold,
turn counts, the lowest-price bonus and the specials' amounts all come from the data
file, checked on load so a typo there fails loudly instead of skewing a game.

Cards have ids 0..71: the article cards first, in list order and six per article, then
the specials, three per kind in table order. Article cards of one article are
interchangeable, so holdings keep only counts; specials keep their ids.
"""

import json
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.words import Say, Term, said

DATA_FILE = Path(__file__).with_name("cards.json")


class GermanArticle(BaseModel):
    """An article's German words (`de` in the data file)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    aliases: list[str] = []


class GermanSpecial(BaseModel):
    """A special card's German words and rule text (`de` in the data file)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    a_name: str
    aliases: list[str] = []
    text: str


class ArticleData(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    name: str
    base: int = Field(ge=1)
    cards: int = Field(ge=1)
    aliases: list[str] = []
    de: GermanArticle | None = None


class SpecialData(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    name: str
    a_name: str
    copies: int = Field(ge=1)
    needs_target: bool
    needs_article: bool
    text: str
    de: GermanSpecial | None = None

    def text_in(self, language: str) -> str:
        """The card's rule text in `language` ("de" or English)."""
        return self.de.text if language == "de" and self.de is not None else self.text


def times_word(factor: int, *, verb: bool = False) -> str:
    """2 -> "double" ("doubled"), 3 -> "triple" ("tripled"), else "4 times" ("multiplied by 4")."""
    words = {2: ("double", "doubled"), 3: ("triple", "tripled")}
    if factor in words:
        return words[factor][verb]
    return f"multiplied by {factor}" if verb else f"{factor} times"


def german_times_word(factor: int) -> str:
    """2 -> "verdoppelt", 3 -> "verdreifacht", else "mit 4 multipliziert"."""
    words = {2: "verdoppelt", 3: "verdreifacht"}
    return words.get(factor, f"mit {factor} multipliziert")


class CardData(BaseModel):
    """The whole data file; the validator checks the deck adds up.

    Special card texts may name the file's numbers as `{pickpocket_max}`, `{subsidy}`,
    `{warrant_bonus}` and `{festival_times}` ("doubled"), so a changed number changes
    the card's text too.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    starting_gold: int = Field(ge=0)
    min_players: int = Field(ge=2)
    max_players: int
    turns: int = Field(ge=1)
    large_table_from: int
    large_table_turns: int = Field(ge=1)
    lowest_price_bonus: int = Field(ge=0)
    price_ceiling_factor: int = Field(ge=1)
    low_prices_floor: int = Field(ge=1)
    special_minimum_bid: int = Field(ge=1)
    pickpocket_max: int = Field(ge=1)
    subsidy: int = Field(ge=1)
    warrant_bonus: int = Field(ge=0)
    festival_factor: int = Field(ge=1)
    article_cards: int
    special_cards: int
    tie_break: Literal["age_order", "youngest_or_shared"] = "age_order"
    """§4 [ed]: "age_order" gives a tie to the youngest tied player by the table's age
    order (the host's at the start, the rest drawn at random and announced);
    "youngest_or_shared" only knows the youngest player and shares any other tie."""
    articles: list[ArticleData]
    specials: list[SpecialData]

    @model_validator(mode="before")
    @classmethod
    def _fill_special_texts(cls, raw: Any) -> Any:
        if not isinstance(raw, dict) or not isinstance(raw.get("specials"), list):
            return raw
        numbers = {key: raw.get(key) for key in ("pickpocket_max", "subsidy", "warrant_bonus")}
        factor = raw.get("festival_factor")
        numbers["festival_times"] = (
            times_word(factor, verb=True) if isinstance(factor, int) else factor
        )
        german = {
            **numbers,
            "festival_times": german_times_word(factor) if isinstance(factor, int) else factor,
        }

        def filled(special: Any) -> Any:
            if not isinstance(special, dict) or not isinstance(special.get("text"), str):
                return special
            special = {**special, "text": special["text"].format(**numbers)}
            de = special.get("de")
            if isinstance(de, dict) and isinstance(de.get("text"), str):
                special["de"] = {**de, "text": de["text"].format(**german)}
            return special

        return {**raw, "specials": [filled(s) for s in raw["specials"]]}

    @model_validator(mode="after")
    def _deck_adds_up(self) -> "CardData":
        if sum(a.cards for a in self.articles) != self.article_cards:
            raise ValueError("article card counts do not add up to article_cards")
        if sum(s.copies for s in self.specials) != self.special_cards:
            raise ValueError("special copies do not add up to special_cards")
        keys = [a.key for a in self.articles] + [s.key for s in self.specials]
        if len(set(keys)) != len(keys):
            raise ValueError("article and special keys must be unique")
        if not self.min_players <= self.large_table_from <= self.max_players:
            raise ValueError("large_table_from must be a possible player count")
        if self.large_table_turns > self.turns:
            raise ValueError("a large table cannot play more turns than the default")
        if self.low_prices_floor > min(a.base for a in self.articles):
            raise ValueError("the low-prices floor must not exceed any base value")
        return self


class Card(BaseModel):
    """One physical card of the deck."""

    model_config = ConfigDict(frozen=True)

    id: int
    kind: Literal["article", "special"]
    key: str
    name: str


def load_data(text: str | None = None) -> CardData:
    """The card data from JSON text, or from the packaged `cards.json`."""
    if text is None:
        text = DATA_FILE.read_text(encoding="utf-8")
    return CardData.model_validate(json.loads(text))


@cache
def data() -> CardData:
    """The validated data file (read once)."""
    return load_data()


@cache
def cards() -> tuple[Card, ...]:
    """Every card of the deck, indexed by id."""
    result: list[Card] = []
    for article in data().articles:
        for _ in range(article.cards):
            result.append(Card(id=len(result), kind="article", key=article.key, name=article.name))
    for special in data().specials:
        for _ in range(special.copies):
            result.append(Card(id=len(result), kind="special", key=special.key, name=special.name))
    return tuple(result)


def deck_size() -> int:
    return len(cards())


def card(card_id: int) -> Card:
    return cards()[card_id]


@cache
def articles() -> dict[str, ArticleData]:
    """Articles by key, in list order (the order income is distributed in)."""
    return {a.key: a for a in data().articles}


@cache
def specials() -> dict[str, SpecialData]:
    return {s.key: s for s in data().specials}


@cache
def article_keys() -> tuple[str, ...]:
    """Article keys in list order."""
    return tuple(articles())


def article(key: str) -> ArticleData:
    return articles()[key]


def special(key: str) -> SpecialData:
    return specials()[key]


@cache
def article_card_ids(key: str) -> tuple[int, ...]:
    """The ids of one article's cards (interchangeable; used to track discards)."""
    return tuple(c.id for c in cards() if c.kind == "article" and c.key == key)


def minimum_bid(card_id: int) -> int:
    """The lowest opening bid: the base value of an article, 1 gold for a special."""
    c = card(card_id)
    if c.kind == "article":
        return article(c.key).base
    return data().special_minimum_bid


def default_turns(players: int) -> int:
    """10 turns, or 8 with 7-8 players."""
    d = data()
    return d.large_table_turns if players >= d.large_table_from else d.turns


def public_term(card_id: int) -> Term | Say:
    """A centre card as a sentence names it: the article's name, or a special face down."""
    c = card(card_id)
    return Term(english=c.name) if c.kind == "article" else said("special card")


def public_card(card_id: int) -> dict[str, object]:
    """A centre card as event data, without the face of a special."""
    c = card(card_id)
    if c.kind == "article":
        return {"kind": "article", "article": c.key, "name": c.name, "base": article(c.key).base}
    return {"kind": "special", "name": "special card"}


def one_card(key: str) -> Say:
    """ "a Swords card", "an Armour card" as a sentence part, in any language."""
    name = Term(english=article(key).name)
    if article(key).name[0] in "AEIOU":
        return said("an {article} card", article=name)
    return said("a {article} card", article=name)


def article_term(key: str) -> Term:
    """An article's name, shown in the reader's language."""
    return Term(english=article(key).name)
