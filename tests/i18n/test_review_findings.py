"""None of the second German review's findings is left in what the bot can say: not in
any German sentence of the catalog (the command tree's descriptions included), not in
the German `/rules` topics, not in German coach reasons, and not in the messages and
dialogs the whole games do not reach (timers, kicks, replacements, the statistics)."""

from bot.i18n import speaking
from bot.i18n.catalogs import read
from bot.render.coach.reasons import reason
from bot.rulebook import TableRules, rules_data, topics
from rules.fagins_gang import RULES as GANG
from rules.fagins_gang.actions import MarketPass, OpenMarket, Sell, Shillings, Skip
from rules.fantasy_business import RULES as BUSINESS
from rules.fantasy_business.actions import Auction, Pass, Submit
from tests.discord.german_review import findings_in
from tests.rules.fagins_gang import builders as fg
from tests.rules.fantasy_business.fb_builders import position


def test_no_german_sentence_of_the_catalog_has_a_finding() -> None:
    texts = []
    for message in read("de"):
        if not message.id or message.context:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        texts += [str(text) for text in strings if text]
    assert len(texts) > 900
    assert findings_in(texts) == []


def test_the_german_rules_topics_have_no_finding() -> None:
    data = rules_data()
    tables = [
        None,
        TableRules("fagins-gang", {"round_limit": 1}),
        TableRules("fagins-gang", {"round_limit": 5}, players=3),
        TableRules("fantasy-business", {"turns": 1}, players=3),
    ]
    for table in tables:
        with speaking("de"):
            shown = topics(data, table)
        texts = [f"{title}\n{text}" for title, text in shown.values()]
        assert findings_in(texts) == [], table
        assert not any("Hausregel" not in t and "Sackgasse" in t for t in texts)
    with speaking("de"):
        gang = topics(data, TableRules("fagins-gang", {"round_limit": 5}))["fagins-gang"][1]
    assert "An diesem Tisch gilt: " in gang and "Sackgasse (Hausregel): Kann am Ende" in gang


def test_german_coach_reasons_have_no_finding() -> None:
    gang = fg.position(urchins={"covent": {0: 5}}, cubes={0: {"black": 2, "purple": 1}})
    market, _ = GANG.apply(gang, 0, OpenMarket())
    business = position(3, centre=["swords", "thief"])
    cases = [
        (GANG.view(gang, 0), Skip()),
        (GANG.view(gang, 0), Shillings(locations=["covent"])),
        (GANG.view(gang, 0), OpenMarket()),
        (GANG.view(market, 0), Sell(colours=["black", "purple"])),
        (GANG.view(market, 0), MarketPass()),
        (BUSINESS.view(business, 0), Auction(card=0)),
        (BUSINESS.view(business, 0), Auction(card=1, price=1)),
        (BUSINESS.view(position(3, phase="pricing"), 0), Submit()),
    ]
    said = []
    with speaking("de"):
        for view, action in cases:
            said.append(reason(view, 0, action))
    assert findings_in(said) == [], said
    assert "Schwarz und Lila bringen beim aktuellen Preisrad zusammen" in said[3]


def test_pass_reason_has_no_finding() -> None:
    state = position(3, centre=["swords", "horses"])
    from rules.fantasy_business.state import AuctionState

    state.auction = AuctionState(card=state.centre[0], price=5, high_bidder=1, to_act=0)
    with speaking("de"):
        text = reason(BUSINESS.view(state, 0), 0, Pass())
    assert findings_in([text]) == [] and "Ein Gebot für Karte 1" in text
