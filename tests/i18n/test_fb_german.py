"""Fantasy Business in German: names and parsing, events, refusals, embeds, buttons,
the DM sheet in the seat's language, and secrecy of German public messages.

Built on tables made directly from states (no Discord), in strict mode: a sentence
without a German translation raises instead of slipping through in English.
"""

from typing import Any

import discord
import pytest

from bot.i18n import speaking
from bot.messages import Message
from bot.render.fantasy_business import PRESENTER, event_text
from bot.render.fb_buttons import auction_buttons, sheet_buttons
from bot.render.fb_embeds import (
    auction_embed,
    hand_embed,
    pricing_embed,
    reveal_embeds,
    scoreboard_embed,
    sheet_embed,
)
from bot.store import GameRow, SeatRow
from bot.table import Table
from rules.errors import RuleError
from rules.events import Event
from rules.fantasy_business import RULES, deck, lookup
from rules.fantasy_business.actions import (
    Action,
    Auction,
    Bid,
    Give,
    Pass,
    PlaySpecial,
    SetPrice,
    Submit,
)
from rules.fantasy_business.state import AuctionState, GameState
from rules.fantasy_business.views import FantasyBusinessView
from tests.rules.fantasy_business.fb_builders import position

NAMES = ["Anna", "Bernd", "Clara", "Dieter"]


@pytest.fixture(autouse=True)
def strict(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.i18n.STRICT", True)


def table_of(
    state: GameState, language: str = "de", locales: dict[int, str] | None = None
) -> Table:
    now = "2026-12-01T00:00:00+00:00"
    game = GameRow(
        id=7,
        guild_id=1,
        channel_id=2,
        kind="fantasy-business",
        status="active",
        host_id=100,
        options={"language": language},
        seed=1,
        state=RULES.dump_state(state),
        version=3,
        created_at=now,
        updated_at=now,
        deadline=None,
    )
    seats = [
        SeatRow(
            game_id=7,
            position=i,
            user_id=100 + i,
            display_name=NAMES[i],
            joined_at=now,
            locale=(locales or {}).get(i, ""),
        )
        for i in range(state.players)
    ]
    return Table(game=game, seats=seats, rules=RULES, state=state)


def applied(state: GameState, seat: int, action: Action) -> tuple[Table, GameState, list[Event]]:
    after, events = RULES.apply(state, seat, action)
    return table_of(after), after, events


def embed_text(embed: discord.Embed) -> str:
    parts = [embed.title or "", embed.description or "", embed.footer.text or ""]
    for field in embed.fields:
        parts += [field.name or "", field.value or ""]
    return "\n".join(parts)


def message_text(message: Message | None) -> str:
    if message is None:
        return ""
    parts = [message.content or ""]
    parts += [embed_text(e) for e in message.embeds]
    parts += [b.label for b in message.buttons]
    return "\n".join(parts)


def german(text: str, *english: str) -> None:
    for sentence in english:
        assert sentence not in text, text


# -- names and parsing ----------------------------------------------------------------


def test_german_article_and_special_names_parse_like_the_english_ones() -> None:
    assert lookup.article_key("Schwerter") == "swords"
    assert lookup.article_key("schwert") == "swords"
    assert lookup.article_key("Zaubertränke") == "magic_potions"
    assert lookup.article_key("traenke") == "magic_potions"
    assert lookup.article_key("Heilkräuter") == "medicinal_plants"
    assert lookup.article_key("Bögen und Pfeile") == "bows_and_arrows"
    assert lookup.article_key("Swords") == "swords"  # English still works
    assert lookup.special_key("Hoflieferant") == "royal_warrant"
    assert lookup.special_key("dieb") == "thief"
    assert lookup.special_key("Taschendieb") == "pickpocket"
    assert lookup.special_key("Royal Warrant") == "royal_warrant"
    assert lookup.article_key("schwerter", among={"swords": 1}) == "swords"
    with pytest.raises(RuleError):
        lookup.article_key("Drachen")


def test_autocomplete_shows_names_in_the_players_language() -> None:
    assert lookup.article_choices("sch", "de") == [
        ("Schwerter", "swords"),
        ("Schriftrollen", "spell_scrolls"),
    ]
    assert ("Swords", "swords") in lookup.article_choices("schw", "en")
    assert ("Hoflieferant", "royal_warrant") in lookup.special_choices("hof", "de")
    assert lookup.special_choices("royal", "de") == [("Hoflieferant", "royal_warrant")]


def test_special_texts_are_in_german_with_the_data_files_numbers() -> None:
    assert deck.special("subsidy").text_in("de") == "Nimm 4 Gold aus der Bank."
    assert "verdoppelt" in deck.special("festival").text_in("de")
    assert deck.special("subsidy").text_in("en") == "Take 4 gold from the bank."


# -- events and refusals -----------------------------------------------------------------


def test_an_auction_reads_in_german() -> None:
    state = position(4, centre=["swords", "horses", "thief", "armour"])
    table, state, events = applied(state, 0, Auction(card=0, price=5))
    with speaking("de"):
        line = " ".join(event_text(table, e) for e in events)
    assert "**Anna** bringt Karte 1 (Schwerter) unter den Hammer und bietet 5 Gold." in line
    table, state, events = applied(state, 1, Bid(amount=6))
    with speaking("de"):
        assert event_text(table, events[0]) == "**Bernd** bietet 6 Gold für die Schwerter."
    table, state, events = applied(state, 2, Pass())
    table, state, events = applied(state, 3, Pass())
    table, state, events = applied(state, 0, Pass())
    with speaking("de"):
        text = " ".join(event_text(table, e) for e in events)
    assert "**Bernd** kauft eine Karte Schwerter für 6 Gold." in text
    german(text, "buys", "designate")


def test_a_special_bought_is_told_privately_in_german_with_its_text() -> None:
    state = position(4, centre=["thief", "horses"], acquired=(1, 2))
    table, state, events = applied(state, 0, Auction(card=0, price=2))
    table, state, events = applied(state, 3, Pass())
    private = [e for e in events if e.seat is not None]
    assert [e.kind for e in private] == ["special_received"]
    with speaking("de"):
        text = event_text(table, private[0])
    assert text.startswith("Deine Sonderkarte ist ein Dieb: Nimm einem anderen Spieler")
    public = [e for e in events if e.public]
    with speaking("de"):
        shown = " ".join(event_text(table, e) for e in public)
    assert "Dieb" not in shown and "Thief" not in shown
    assert "**Anna** kauft die Sonderkarte für 2 Gold." in shown


def test_specials_played_and_the_reveal_read_in_german() -> None:
    state = position(
        4,
        phase="pricing",
        articles={0: {"swords": 1}, 1: {"swords": 2}, 2: {"horses": 1}},
        specials={1: ["thief", "festival"]},
        gold=[10, 10, 10, 10],
    )
    table, state, events = applied(
        state, 1, PlaySpecial(card="Dieb", target=0, article="Schwerter")
    )
    with speaking("de"):
        assert event_text(table, events[0]) == (
            "**Bernd** spielt einen Dieb und stiehlt **Anna** eine Karte Schwerter."
        )
    table, state, events = applied(state, 1, PlaySpecial(card="Volksfest", article="Pferde"))
    with speaking("de"):
        assert "Alle Einnahmen dafür werden in dieser Runde verdoppelt." in event_text(
            table, events[0]
        )
    table, state, events = applied(state, 1, SetPrice(article="schwerter", price=5))
    with speaking("de"):
        assert event_text(table, events[0]) == "Dein Preis für Schwerter in dieser Runde: 5 Gold."
    for seat in (0, 1, 3):
        table, state, events = applied(state, seat, Submit())
    table, state, events = applied(state, 2, Submit(defaults=True))
    with speaking("de"):
        text = "\n".join(event_text(table, e) for e in events)
    assert "Runde 1: Alle Preisblätter werden aufgedeckt." in text
    assert "Einnahmen in Runde 1: Schwerter: **Bernd** 21; Pferde (Volksfest): **Clara** 14." in (
        text
    )
    assert "Die Erstkäufer-Karte geht an **Bernd**." in text
    german(text, "Income for turn", "revealed", "passes to")


@pytest.mark.parametrize(
    ("state", "seat", "action", "wanted"),
    [
        (
            position(4, centre=["swords", "horses"]),
            1,
            Auction(card=0),
            "Nur der Erstkäufer (**Anna**) bestimmt die nächste Karte.",
        ),
        (
            position(4, centre=["swords", "thief"]),
            0,
            Auction(card=0, price=3),
            "Das Eröffnungsgebot für die Schwerter muss mindestens 4 Gold betragen; "
            "3 ist zu wenig.",
        ),
        (
            position(4, phase="pricing", articles={1: {"swords": 1}}),
            1,
            SetPrice(article="Schwerter", price=20),
            "Für Schwerter sind 4 bis 8 Gold erlaubt; 20 geht nicht.",
        ),
        (
            position(4, phase="pricing", articles={1: {"swords": 1}}),
            1,
            SetPrice(article="Pferde", price=5),
            "Du besitzt keine Pferde, also kannst du keinen Preis dafür festlegen.",
        ),
        (
            position(4, phase="pricing", specials={1: ["thief"]}),
            1,
            PlaySpecial(card="Taschendieb", target=0),
            "Die Sonderkarte „Taschendieb“ hast du nicht.",
        ),
        (
            position(4, phase="pricing", articles={1: {"swords": 1}}),
            1,
            Submit(),
            "Lege vor der Abgabe einen Preis für Schwerter fest.",
        ),
        (
            position(4, phase="pricing"),
            1,
            Give(to=1, gold=1),
            "Du kannst dir nicht selbst etwas geben.",
        ),
    ],
)
def test_refusals_read_in_german(state: GameState, seat: int, action: Action, wanted: str) -> None:
    table = table_of(state)
    with pytest.raises(RuleError) as refused:
        RULES.apply(state, seat, action)
    with speaking("de"):
        assert table.said(refused.value.say) == wanted


def test_bidding_turn_refusal_names_the_player() -> None:
    state = position(4, centre=["swords", "horses"])
    state.auction = AuctionState(card=state.centre[0], to_act=2)
    with pytest.raises(RuleError) as refused:
        RULES.apply(state, 3, Bid(amount=9))
    with speaking("de"):
        assert table_of(state).said(refused.value.say) == "**Clara** ist mit Bieten dran, nicht du."


# -- embeds and buttons ------------------------------------------------------------------


def view_of(table: Table, seat: int | None = None) -> FantasyBusinessView:
    view = RULES.view(table.state, seat)
    assert isinstance(view, FantasyBusinessView)
    return view


def test_the_auction_embed_and_buttons_are_german() -> None:
    state = position(4, centre=["swords", "thief"], gold=[10, 10, 10, 10])
    state.auction = AuctionState(card=state.centre[0], price=5, high_bidder=0, to_act=1)
    table = table_of(state)
    with speaking("de"):
        text = embed_text(auction_embed(table, view_of(table)))
        labels = [b.label for b in auction_buttons(view_of(table), 7)]
    assert "Fantasy Business – Runde 1 von 10: Auktionen" in text
    assert "**Schwerter** – Grundwert 4" in text
    assert "*Sonderkarte* (verdeckt) – Mindestpreis 1" in text
    assert "Unter dem Hammer: Karte 1, Schwerter" in text
    assert "Höchstbietender **Anna**" in text
    german(text, "base value", "high bidder", "Players")
    assert labels == ["6 bieten", "8 bieten", "Passen"]


def test_the_pricing_embed_sheet_hand_and_buttons_are_german() -> None:
    state = position(
        4,
        phase="pricing",
        articles={1: {"swords": 2, "horses": 1}},
        specials={1: ["royal_warrant"]},
        prices={1: {"swords": 6}},
        submitted=(2,),
    )
    table = table_of(state)
    own = view_of(table, 1)
    assert own.you is not None
    with speaking("de"):
        public = embed_text(pricing_embed(table, view_of(table)))
        sheet = embed_text(sheet_embed(table, own, own.you))
        hand = embed_text(hand_embed(table, own.you))
        buttons = [b.label for b in sheet_buttons(own, own.you, 7)]
    assert "**Abgegeben: 1 von 4**" in public
    assert "1 Sonderkarte (verdeckt)" in public
    german(public, "Sheets in", "special card")
    assert "Dein Preisblatt – Runde 1 von 10" in sheet
    assert "Preis: **6**" in sheet and "Preis: *nicht festgelegt*" in sheet
    assert "Spanne 4–8 Gold" in sheet
    german(sheet, "Your price sheet", "Range", "not set")
    assert "**Hoflieferant** – Wähle einen Artikel, den du besitzt" in hand
    german(hand, "Royal Warrant", "Choose an article")
    assert buttons == ["Preise festlegen", "Preisblatt abgeben"]


def test_the_reveal_and_scoreboard_are_german() -> None:
    state = position(
        3,
        phase="pricing",
        articles={0: {"swords": 1}, 1: {"swords": 1}},
        total_turns=1,
    )
    for seat, price in ((0, 4), (1, 6)):
        state, _events = RULES.apply(state, seat, SetPrice(article="swords", price=price))
    for seat in range(3):
        state, _events = RULES.apply(state, seat, Submit())
    table = table_of(state)
    assert state.last_reveal is not None
    with speaking("de"):
        sheets, income = (embed_text(e) for e in reveal_embeds(table, state.last_reveal))
        final = embed_text(scoreboard_embed(table, view_of(table)))
    assert "Runde 1: die Preisblätter" in sheets and "keine Artikel" in sheets
    assert "Schwerter (Grundwert 4)" in income and "Tiefstpreis +2" in income
    assert "Höchstpreis" in income and "Neuer Goldstand" in income
    german(income, "lowest", "highest", "Gold now")
    assert "Fantasy Business – Endstand nach Runde 1" in final
    german(final, "final scores", "in articles")


# -- voices: public in the table's language, the DM sheet in the seat's ----------------


def test_the_dm_sheet_speaks_the_seats_language_and_the_channel_the_tables() -> None:
    state = position(4, centre=["swords"], acquired=(1, 2, 3), articles={1: {"horses": 1}})
    table = table_of(state, language="en", locales={1: "de"})
    after, events = RULES.apply(state, 0, Auction(card=0, price=4))
    table = table_of(after, language="en", locales={1: "de"})
    with speaking("en"):
        outcome = PRESENTER.after_action(table, state, 0, Auction(card=0, price=4), events)
    public = "\n".join(outcome.lines)
    assert "The auctions are over." in public
    sheets = {live.user_id: message_text(live.drawn()) for live in outcome.live}
    assert "Dein Preisblatt" in sheets[101] and "Pferde" in sheets[101]
    assert "Your price sheet" in sheets[100]
    notes = {p.user_id: message_text(p.message) for p in outcome.private}
    assert "Lege deine Verkaufspreise fest" in notes[101]
    assert "set your selling prices" in notes[100]


def test_the_actors_reply_speaks_the_actors_language() -> None:
    state = position(4, phase="pricing", articles={1: {"swords": 1}})
    after, events = RULES.apply(state, 1, SetPrice(article="Schwerter", price=5))
    table = table_of(after, language="en")
    with speaking("de"):
        outcome = PRESENTER.after_action(
            table, state, 1, SetPrice(article="swords", price=5), events
        )
    assert outcome.reply is not None
    assert outcome.reply.content == "Dein Preis für Schwerter in dieser Runde: 5 Gold."


# -- secrecy in German -------------------------------------------------------------------


def all_names() -> list[str]:
    names: list[str] = []
    for special in deck.specials().values():
        names.append(special.name)
        if special.de is not None:
            names.append(special.de.name)
    return names


def public_texts(outcome: Any) -> str:
    parts = list(outcome.lines)
    parts += [message_text(m) for m in outcome.public]
    return "\n".join(parts)


def test_german_public_messages_hold_no_other_seats_prices_or_specials() -> None:
    """Prices set in German and specials bought and given: the public lines, the table
    message and the log lines built in German name neither the prices (before the
    reveal) nor which specials anyone holds."""
    state = position(
        4,
        phase="pricing",
        articles={0: {"swords": 1}, 1: {"horses": 1}, 2: {"armour": 1}},
        specials={0: ["royal_warrant"], 1: ["subsidy"]},
    )
    secret_prices = {0: ("swords", 7), 1: ("horses", 9), 2: ("armour", 8)}
    table = table_of(state)
    shown: list[str] = []
    for seat, (article, price) in secret_prices.items():
        with speaking("de"):
            action: Action = SetPrice(article=deck.article(article).de.name, price=price)  # type: ignore[union-attr]
        after, events = RULES.apply(state, seat, action)
        table = table_of(after)
        with speaking("de"):
            outcome = PRESENTER.after_action(table, state, seat, action, events)
            shown.append(public_texts(outcome))
            shown.append(message_text(PRESENTER.live(table)))
            shown.append(PRESENTER.describe(table, {"type": "price", "article": article}))
        state = after
    # A special handed over: only the receiver learns which.
    give = Give(to=2, card="Subvention")
    after, events = RULES.apply(state, 1, give)
    table = table_of(after)
    with speaking("de"):
        outcome = PRESENTER.after_action(table, state, 1, give, events)
        shown.append(public_texts(outcome))
        shown.append(message_text(PRESENTER.live(table)))
        shown.append(PRESENTER.describe(table, {"type": "give", "to": 2, "card": "subsidy"}))
        received = [p for p in outcome.private if p.user_id == 102]
    assert any("Subvention" in message_text(p.message) for p in received)
    text = "\n".join(shown)
    assert "Preis für" in text  # German log lines were built
    assert "eine Sonderkarte" in text
    for name in all_names():
        assert name not in text, name
    for _article, price in secret_prices.values():
        assert (
            f" {price} " not in text and f"**{price}**" not in text and f" {price}." not in (text)
        )


def test_a_special_card_received_is_explained_in_german() -> None:
    """The rule text of a special won or given comes from the data file in the reader's
    language, never the English one."""
    from bot.i18n import say as said_in
    from rules.fantasy_business.actions import Give

    state = position(specials={0: ["guards", "pickpocket"]}, centre=["swords"])
    for card in ("guards", "pickpocket"):
        _, events = RULES.apply(state, 0, Give(to=1, card=card))
        received = next(e for e in events if e.kind == "special_received")
        assert received.say is not None
        with speaking("de"):
            text = said_in(received.say)
        assert deck.special(card).text_in("de") in text, text
        assert deck.special(card).text not in text
        assert deck.special(card).text in received.text  # English for an English reader
