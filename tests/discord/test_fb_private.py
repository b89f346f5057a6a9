"""Private information in Fantasy Business: DMs, the in-channel private path, restarts.

Sheets and specials go to their owner only; when DMs are closed the channel is told to
use `/sheet` (or `/hand`) without being told anything else, and the game goes on.
"""

import re

from bot.settings import Settings
from rules.fantasy_business import RULES, deck
from rules.fantasy_business.state import GameState
from tests.discord.harness import public, said, table_message, world
from tests.discord.test_fb_play import Driver, labels, modal_fields, texts
from tests.discord.test_fb_refusals import bidding, game_at
from tests.rules.fantasy_business.fb_builders import position

ALL_ARTICLES = {key: 1 for key in deck.articles()}


async def test_a_player_with_closed_dms_finishes_the_game_through_the_channel(
    settings: Settings,
) -> None:
    async with world(settings, 3) as w:
        bob = w.players[1]
        driver = Driver(w, closed={1})
        await driver.start(turns=3)
        await driver.play_game()

        assert w.store.game(driver.game_id).status == "finished"
        assert bob.user.dm_channel.history() == []
        notes = [
            m.content
            for m in w.channel.history()
            if m.content.startswith(f"{bob.mention}, I could not send you a direct message")
        ]
        assert len(notes) >= 3  # one sheet per turn at least
        assert all(re.search(r"Use `/(sheet|hand)` here", note) for note in notes)
        for note in notes:
            assert not any(a.name in note for a in deck.articles().values())
            assert not any(s.name in note for s in deck.specials().values())
        # The others still got their sheets by DM (closed once the sheets were revealed).
        dms = [m.content for m in w.players[0].user.dm_channel.history()]
        assert any("every sheet is revealed" in text for text in dms)


async def test_restart_in_the_middle_of_phase_two_loses_nothing_and_old_dm_buttons_work(
    settings: Settings,
) -> None:
    async with world(settings, 4) as w:
        driver = Driver(w)
        await driver.start(turns=2)
        await driver.play_auctions()
        assert driver.state.phase == "pricing"
        old_sheets = {seat: driver.sheet_dm(seat) for seat in (2, 3)}
        await driver.set_prices(0, 1, way=0)
        await driver.set_prices(1, 1, way=1)
        before = driver.state

        await w.restart()

        after = driver.state
        assert [s.submitted for s in after.sheets] == [True, True, False, False]
        assert after.sheets == before.sheets
        for seat, message in old_sheets.items():
            actor = w.players[seat]
            owned = [k for k in deck.articles() if k in after.articles[seat]]
            mine = {k: 4 + seat + deck.article(k).base for k in owned}
            mine = {k: min(p, 2 * deck.article(k).base) for k, p in mine.items()}
            for label in [x for x in labels(message) if x.startswith("Set prices")]:
                shown = await actor.user.click(message, label=label)
                done = await actor.user.submit_modal(
                    shown, {k: str(mine[k]) for k in modal_fields(shown)}
                )
                assert "Prices on your sheet" in (done.response.content or "")
            submitted = await actor.user.click(message, label="Submit sheet")
            assert submitted.acknowledged and submitted.ephemeral
            driver.prices.setdefault(1, {})[seat] = mine
        driver.check_reveal(1)
        assert driver.state.turn == 2 and driver.state.phase == "auction"
        assert any("every price sheet is revealed" in m.content for m in said(w.channel))


def _eight_articles_last_card() -> GameState:
    """alice is the last buyer of the turn; bob owns one card of every article."""
    return position(
        3,
        centre=["magic_potions"],
        acquired=[1, 2],
        articles={1: ALL_ARTICLES},
        specials={1: ["subsidy"]},
    )


async def test_all_eight_articles_fit_in_two_price_modals(settings: Settings) -> None:
    async with game_at(settings, _eight_articles_last_card()) as w:
        alice, bob = w.players[0], w.players[1]
        text = public(await alice.slash(w.channel, "auction", card=1, price=6))
        assert "buys a Magic Potions card for 6 gold" in text
        sheet = bob.user.dm_channel.history()[-1]
        assert labels(sheet) == ["Set prices (1/2)", "Set prices (2/2)", "Submit sheet"]
        assert len(sheet.embeds[0].fields) == 8
        assert [e.title for e in sheet.embeds][1].startswith("Your special cards")
        prices = {k: 2 * a.base - 1 for k, a in deck.articles().items()}
        for label, size in (("Set prices (1/2)", 5), ("Set prices (2/2)", 3)):
            shown = await bob.user.click(sheet, label=label)
            keys = modal_fields(shown)
            assert len(keys) == size
            # Label components (Discord's current modal layout), not labelled text inputs.
            assert shown.modal is not None
            rows = shown.modal["components"]
            assert [row["type"] for row in rows] == [18] * size
            assert all(row["component"]["type"] == 4 for row in rows)
            assert all(row["component"].get("label") is None for row in rows)
            # Nothing is set yet: the fields are empty (typing is the price, never appended
            # to a pre-filled one) and suggest a price in their placeholder.
            assert all(not row["component"].get("value") for row in rows)
            assert all(
                row["component"]["placeholder"].startswith("not set – e.g. ") for row in rows
            )
            first = rows[0]
            assert first["label"] == "Medicinal Plants" if size == 5 else True
            assert first["description"].endswith(" gold") and "–" in first["description"]
            done = await bob.user.submit_modal(shown, {k: str(prices[k]) for k in keys})
            assert done.ephemeral and (done.response.content or "").startswith(
                "Prices on your sheet"
            )
        own = RULES.view(w.bot.service.table(w.channel.id).state, 1).you
        assert own is not None and own.sheet == prices
        again = await bob.user.click(sheet, label="Set prices (1/2)")
        assert again.modal is not None
        for row in again.modal["components"]:  # a price set is shown as it stands
            assert row["component"]["value"] == str(prices[row["component"]["custom_id"]])
        shown_sheet = "\n".join(texts(done.response))
        assert all(f"Price: **{p}**" in shown_sheet for p in prices.values())
        # Only what changed is applied; a refused field is reported beside the accepted ones.
        shown = await bob.user.click(sheet, label="Set prices (1/2)")
        values = {k: str(prices[k]) for k in modal_fields(shown)}
        values["medicinal_plants"] = "9"
        values["swords"] = "5"
        done = await bob.user.submit_modal(shown, values)
        reply = done.response.content or ""
        assert reply.startswith("Prices on your sheet") and "Swords 5" in reply
        assert (
            "⚠️ Not set — Medicinal Plants sell for 2 to 4 gold; 9 is outside that range." in reply
        )


async def test_a_won_special_is_named_only_in_its_owners_dm(settings: Settings) -> None:
    state = position(3, centre=["thief", "swords", "horses"])
    async with game_at(settings, state) as w:
        alice, bob, carol = w.players
        text = public(await alice.slash(w.channel, "auction", card=1, price=1))
        assert "special card" in text and "Thief" not in text
        public(await bob.slash(w.channel, "pass"))
        won = public(await carol.slash(w.channel, "pass"))
        assert "**alice** buys the special card for 1 gold." in won and "Thief" not in won
        dms = alice.user.dm_channel.history()
        assert any("Your special card is a Thief" in m.content for m in dms)  # notified
        assert dms[-1].embeds[0].title == "Your special cards — alice"  # the hand, kept in DMs
        assert bob.user.dm_channel.history() == [] and carol.user.dm_channel.history() == []
        assert not any("Thief" in t for m in w.channel.history() for t in texts(m))
        hand = await alice.slash(w.channel, "hand")
        assert (
            hand.ephemeral
            and "**Thief** — Take one article card" in hand.response.embeds[0].description
        )
        other = await bob.user.slash("hand")
        assert (
            other.ephemeral and other.response.embeds[0].description == "You hold no special cards."
        )


def _pricing_with_specials() -> GameState:
    return position(
        3,
        phase="pricing",
        articles={0: {"swords": 2}, 1: {"horses": 1, "swords": 1}, 2: {"armour": 1}},
        specials={0: ["thief", "festival"], 1: ["guards"]},
        last_prices={0: {"swords": 7}},
    )


async def test_game_status_is_public_with_the_callers_own_sheet_and_hand_in_private(
    settings: Settings,
) -> None:
    async with game_at(settings, _pricing_with_specials()) as w:
        alice = w.players[0]
        priced = await alice.slash(w.channel, "price", article="swords", amount=6)
        assert priced.ephemeral and "Your price for Swords this turn: 6 gold." in "\n".join(
            texts(priced.response)
        )
        dm_sheet = alice.user.dm_channel.history()[-1]  # the sheet in DMs, edited in place
        assert "Price: **6**" in dm_sheet.embeds[0].fields[0].value
        # /game status answers privately by default: the table, then one's own sheet and hand.
        status = await alice.slash(w.channel, "game status")
        assert status.ephemeral and not status.followups
        titles = [e.title or "" for e in status.response.embeds]
        assert "setting prices" in titles[0]
        assert titles[1].startswith("Your price sheet") and titles[2].startswith("Your special")
        assert "Price: **6**" in status.response.embeds[1].fields[0].value
        assert "Last turn: 7" in status.response.embeds[1].fields[0].value
        # share:true posts the public part for everyone; the own part stays private.
        shared = await alice.slash(w.channel, "game status", share=True)
        shown = "\n".join(texts(shared.response))
        assert not shared.ephemeral and "Sheets in: 0 of 3" in shown
        assert "Thief" not in shown and "Festival" not in shown and "2 special cards" in shown
        private = shared.followups[0]
        assert private.ephemeral and "Your price sheet" in (private.embeds[0].title or "")


async def test_play_announces_the_card_and_its_effect_and_give_moves_gold(
    settings: Settings,
) -> None:
    async with game_at(settings, _pricing_with_specials()) as w:
        alice, bob, carol = w.players
        choices = await alice.autocomplete(w.channel, "play", "card", "")
        assert [c["value"] for c in choices] == ["thief", "festival"]
        choices = await alice.autocomplete(
            w.channel, "play", "article", "", card="thief", target=bob
        )
        assert [c["value"] for c in choices] == ["swords", "horses"]
        text = public(
            await alice.slash(w.channel, "play", card="thief", target=bob, article="horses")
        )
        assert "**alice** plays a Thief and steals a Horses card from **bob**." in text
        from_dm = await bob.user.slash("play", card="guards")
        assert from_dm.ephemeral and "Done" in (from_dm.response.content or "")
        text = w.channel.history()[-1].content
        assert "**bob** plays Guards" in text
        text = public(await carol.slash(w.channel, "give", member=alice, gold=3))
        assert "**carol** gives **alice** 3 gold." in text
        state = w.bot.service.table(w.channel.id).state
        assert state.gold == [13, 10, 7] and state.articles[0] == {"swords": 2, "horses": 1}
        choices = await alice.autocomplete(w.channel, "price", "article", "")
        assert [c["value"] for c in choices] == ["swords", "horses"]


async def test_the_move_log_never_shows_a_price_before_the_reveal(settings: Settings) -> None:
    async with game_at(settings, _pricing_with_specials()) as w:
        alice, bob = w.players[0], w.players[1]
        await alice.slash(w.channel, "price", article="swords", amount=7)
        log = await bob.slash(w.channel, "game log")
        text = log.response.content or ""
        assert "**alice**: price for Swords" in text and "7" not in text.split("**alice**")[-1]


async def test_auction_buttons_on_an_old_message_work_after_a_restart(settings: Settings) -> None:
    async with game_at(settings, bidding(to_act=1, quiet=1)) as w:
        old = w.extra["status"]
        await w.restart()
        text = public(await w.players[1].click(old, label="Bid 4"))
        assert table_message(w).id == old.id  # edited in place after the restart too
        assert "**bob** bids 4 gold for the Swords." in text
        assert f"➡️ {w.players[2].mention} to bid or pass." in text
        assert w.players[2].mention in text


async def test_a_price_form_opened_before_a_restart_is_answered_after_it(
    settings: Settings,
) -> None:
    async with world(settings, 3) as w:
        driver = Driver(w)
        await driver.start(turns=2)
        await driver.play_auctions()
        assert driver.state.phase == "pricing"
        seat = next(s for s in range(3) if driver.state.articles[s])
        actor = w.players[seat]
        sheet = driver.sheet_dm(seat)
        shown = await actor.user.click(sheet, label=labels(sheet)[0])
        fields = modal_fields(shown)

        await w.restart()

        prices = {k: str(deck.article(k).base + 1) for k in fields}
        done = await actor.user.submit_modal(shown, prices)
        assert done.response is not None and done.ephemeral
        assert "Prices on your sheet" in done.response.content
        stored = driver.state.sheets[seat].prices
        assert {k: str(v) for k, v in stored.items() if k in fields} == prices
