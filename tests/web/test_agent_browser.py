"""Agent DOG at the table in a real browser: Debian's Chromium (``/usr/bin/chromium``), headless,
driven by Playwright on a phone-sized screen (360 x 740, touch) against a real ``sheepdog serve``
(the fixtures of :mod:`tests.web.test_browser`).  A few turns from the rulebook's setup, followed
from a second phone, with the tracker and the advice; and a game from a pasted observer view
where the page asks what the table saw.  They skip, saying why, only without that Chromium."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.web.test_agent import _two_under, seven_under
from tests.web.test_browser import (
    PHONE,
    api_post,
    browser,
    fits_the_phone,
    phone,
    pick,
    pytestmark,
    server,
    settled,
    tap,
    unseen,
)

__all__ = ["browser", "phone", "pytestmark", "server"]  # the fixtures and the skip, re-used


def start_game(
    page: Page, server: str, hand: list[str] | None = None, pasted: str = "", settle: bool = True
) -> None:
    """A new game from the home page's form (``settle``: wait until the page shows everything,
    plays and advice, as :func:`tap` does)."""
    page.goto(server + "/")
    form = page.locator("#new-agent")
    form.locator("select[name=me]").select_option("0")
    form.locator("select[name=starts]").select_option("0")
    for j, card in enumerate(hand or []):
        form.locator(f"select[name=hand{j}]").select_option(card)
    if pasted:
        form.locator("summary").tap()
        form.locator("textarea[name=position]").fill(pasted)
    if settle:
        tap(page, "Start the Agent DOG game")
    else:
        with page.expect_navigation():
            page.get_by_role("button", name="Start the Agent DOG game", exact=True).tap()
    assert "/agent/" in page.url


def test_a_few_agent_dog_turns_on_two_phones(server: str, browser: Browser, phone: Page) -> None:
    start_game(phone, server, hand=["1/11", "13", "5", "partner", "swap"])
    fits_the_phone(phone)
    expect(phone.locator("#status")).to_have_text("Your turn (seat 0).")
    expect(phone.locator("svg.board")).to_be_visible()
    expect(phone.locator("svg.board circle.hole")).to_have_count(12)
    expect(phone.locator("#tracker")).to_contain_text("No piece is undercover")
    # the advice on her turn: every play with its knock-out risk
    advice = phone.locator("#advice li")
    expect(advice.first).to_contain_text("knock-out risk 0.0%")
    assert advice.count() == 9 and unseen(phone, "swap") == 7

    other = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    try:
        other.goto(phone.url)
        expect(other.locator("#status")).to_have_text("Your turn (seat 0).")
        # her play: the card, then its move
        pick(phone, "5")
        expect(phone.locator("#enter h3")).to_have_text("The 5: 1 legal play")
        tap(phone, "5: t0→t5")
        expect(phone.locator("#status")).to_have_text("Seat 1 to move.")
        expect(other.locator("g.pawn[data-seat='0'][data-loc='t5']")).to_have_count(1)
        # seat 1 moves onto a hole: the piece goes under, the tracker knows its colour
        pick(phone, "8")
        tap(phone, "8: t16→t24")
        expect(phone.locator("g.undercover[data-loc='t24'][data-colour='1']")).to_have_count(1)
        expect(phone.locator("#tracker li[data-loc='t24']")).to_contain_text("colour 1")
        expect(other.locator("#tracker li[data-loc='t24']")).to_contain_text("colour 1")
        assert unseen(phone, "8") == 7
        # undo: the piece is back on its start, the 8 unseen again, the entry kept
        tap(phone, "Undo the last entry")
        expect(phone.locator("g.undercover")).to_have_count(0)
        expect(phone.locator("g.pawn[data-seat='1'][data-loc='t16']")).to_have_count(1)
        assert unseen(phone, "8") == 8
        expect(phone.locator(".history li.undone")).to_have_text("seat 1 plays 8: t16→t24 (undone)")
        expect(other.locator(".history li.undone")).to_have_count(1)
        tap(phone, "Seat 1 folds")
        expect(phone.locator("#status")).to_have_text("Seat 2 to move (your partner).")
        fits_the_phone(phone)
    finally:
        other.context.close()


def test_the_page_asks_what_the_table_saw(server: str, phone: Page) -> None:
    start_game(phone, server, pasted=json.dumps(_two_under()))
    expect(phone.locator("#tracker h2")).to_contain_text("2 colourings possible")
    expect(phone.locator("#tracker li[data-loc='t8']")).to_contain_text("1: 50.0%")
    expect(phone.locator("g.undercover[data-loc='t8'][data-colour='']")).to_have_count(1)
    settled(phone)
    expect(phone.locator("#advice li").first).to_contain_text("knock-out risk")
    pick(phone, "8")
    tap(phone, "8: t3→t11")
    pick(phone, "5")
    tap(phone, "5: t8→t13")
    expect(phone.locator("#status")).to_have_text("What did the table see?")
    tap(phone, "t13 shows colour 3")
    expect(phone.locator("#status")).to_have_text("Seat 2 to move (your partner).")
    expect(phone.locator("g.pawn[data-seat='3'][data-loc='t13']")).to_have_count(1)
    expect(phone.locator("#tracker li[data-loc='t24']")).to_contain_text("colour 1")
    fits_the_phone(phone)


def _fold_game(server: str, phone: Page) -> tuple[str, Locator, Locator, Locator]:
    """A 3-player game whose seat 0 (the phone's) must fold, holding a 2 and the last unseen 3,
    with an empty draw pile (the discarded card goes back into it): its entries' address, her
    fold form and its discard and draw lists."""
    view = {
        "variant": "agent-dog",
        "layout": "default",
        "view": "observer",
        "pawns": {"0": ["k"] * 4, "1": ["k", "k", "k", "t21"], "2": ["k", "k", "k", "t32"]},
        "undercover": [],
        "hands": {"0": ["2", "3"], "1": ["3"] * 5, "2": ["3", "3"]},
        "to_move": 0,
        "last_card": None,
        "players": [0, 1, 2],
    }
    game = api_post(
        server, "/api/dog/games", {"variant": "agent-dog", "me": 0, "position": view, "stock": 0}
    )
    phone.goto(server + game["url"])
    settled(phone)
    form = phone.locator("form:has(select[name=discard])")
    discard, drawn = form.locator("select[name=discard]"), form.locator("select[name=drawn]")
    entries = game["url"].replace("/agent/", "/api/dog/games/").split("?")[0]
    return entries, form, discard, drawn


def test_a_fold_offers_only_the_draws_its_discard_allows(server: str, phone: Page) -> None:
    """With the draw pile empty the discarded card goes back into it: the last unseen 3 is
    the one she discards, so "discard 3, draw 3" is a fold and "discard 2, draw 3" is not.
    The page offered the union of the two lists beside either discard; the draw now follows
    the discard (greyed out where it does not fit), and the pair sent is recorded."""
    entries, form, discard, drawn = _fold_game(server, phone)
    three = drawn.locator("option", has_text=re.compile(r"^3$"))
    expect(discard).to_have_value("2")
    expect(three).to_be_disabled()
    discard.select_option("3")
    expect(three).to_be_enabled()
    drawn.select_option("3")
    # her own draw no longer fits: it is not swapped for another (a helper found "draw 1/11"
    # recorded, which she never chose); the form says so and takes no tap
    discard.select_option("2")
    expect(drawn).to_have_value("3")
    expect(three).to_be_disabled()
    expect(form.locator(".stale-note")).to_have_text(
        "With this discard the 3 cannot be drawn: choose the draw again."
    )
    fold = phone.get_by_role("button", name="Fold: discard and draw", exact=True)
    settled(phone)
    fold.tap()
    phone.wait_for_timeout(500)
    expect(form.locator(".stale-note")).to_have_count(1)  # the tap was not taken
    expect(phone.locator(".history li.none")).to_have_count(1)  # nothing recorded
    # touching the list without choosing clears the note, but the greyed-out draw is still
    # not sent (the browser sent no draw at all, and the table asked for a typed line)
    drawn.focus()
    expect(form.locator(".stale-note")).to_have_count(0)
    fold.tap()
    phone.wait_for_timeout(500)
    expect(form.locator(".stale-note")).to_have_count(1)
    expect(phone.locator(".history li.none")).to_have_count(1)
    discard.select_option("3")
    expect(form.locator(".stale-note")).to_have_count(0)
    # another phone's entry brings a new page: her choices come back, and are still hers
    api_post(server, entries + "/entries", {"line": "seat 0 folds: discard 2, draw 5"})
    api_post(server, entries + "/undo", {})
    expect(phone.locator(".history li.undone")).to_have_count(1)
    expect(drawn).to_have_value("3")
    discard.select_option("2")
    expect(drawn).to_have_value("3")
    expect(form.locator(".stale-note")).to_have_count(1)
    # and while it waits for a new choice, another refresh keeps her choices and the note
    # (a helper found the list's defaults back, discard 2 and draw 1/11, a draw never chosen)
    api_post(server, entries + "/entries", {"line": "seat 0 folds: discard 2, draw 5"})
    api_post(server, entries + "/undo", {})
    expect(phone.locator(".history li.undone")).to_have_count(2)
    expect(discard).to_have_value("2")
    expect(drawn).to_have_value("3")
    expect(form.locator(".stale-note")).to_have_text(
        "With this discard the 3 cannot be drawn: choose the draw again."
    )
    discard.select_option("3")
    settled(phone)
    tap(phone, "Fold: discard and draw")
    expect(phone.locator(".history li").last).to_have_text("seat 0 folds: discard 3, draw 3")
    fits_the_phone(phone)


def test_a_fold_waiting_for_a_new_draw_keeps_it_across_an_entry_and_its_undo(
    server: str, phone: Page
) -> None:
    """The page showed another phone's entry (her fold form gone: seat 0 had folded) before
    its undo brought the form back: a form waiting for a new draw came back with the list's
    defaults and no note, her choices lost (a form she had only filled came back whole)."""
    entries, form, discard, drawn = _fold_game(server, phone)
    discard.select_option("3")
    drawn.select_option("3")
    discard.select_option("2")
    expect(form.locator(".stale-note")).to_have_count(1)
    api_post(server, entries + "/entries", {"line": "seat 0 folds: discard 2, draw 5"})
    expect(form).to_have_count(0)  # the page showed the entry: her form is gone
    api_post(server, entries + "/undo", {})
    expect(phone.locator(".history li.undone")).to_have_count(1)
    expect(discard).to_have_value("2")
    expect(drawn).to_have_value("3")
    expect(form.locator(".stale-note")).to_have_text(
        "With this discard the 3 cannot be drawn: choose the draw again."
    )
    # a filled form, not waiting: it too comes back whole
    discard.select_option("3")
    expect(form.locator(".stale-note")).to_have_count(0)
    api_post(server, entries + "/entries", {"line": "seat 0 folds: discard 2, draw 5"})
    expect(form).to_have_count(0)
    api_post(server, entries + "/undo", {})
    expect(phone.locator(".history li.undone")).to_have_count(2)
    expect(discard).to_have_value("3")
    expect(drawn).to_have_value("3")
    settled(phone)
    tap(phone, "Fold: discard and draw")
    expect(phone.locator(".history li").last).to_have_text("seat 0 folds: discard 3, draw 3")


def _stocked_fold(server: str, phone: Page, hand: list[str]) -> tuple[str, Locator]:
    """A 3-player game with a draw pile of 30 whose seat 0 (the phone's) must fold first,
    holding ``hand`` (no card of it can move): its entries' address and her fold form."""
    view = {
        "variant": "agent-dog",
        "layout": "default",
        "view": "observer",
        "pawns": {"0": ["k"] * 4, "1": ["k", "k", "k", "t17"], "2": ["k", "k", "k", "t33"]},
        "undercover": [],
        "hands": {"0": hand, "1": ["?"] * len(hand), "2": ["?"] * len(hand)},
        "to_move": 0,
        "last_card": None,
        "players": [0, 1, 2],
    }
    game = api_post(
        server, "/api/dog/games", {"variant": "agent-dog", "me": 0, "position": view, "stock": 30}
    )
    phone.goto(server + game["url"])
    settled(phone)
    entries = game["url"].replace("/agent/", "/api/dog/games/").split("?")[0]
    return entries, phone.locator("form:has(select[name=discard])")


@pytest.mark.parametrize("each_shown", [False, True])
def test_a_fold_filled_in_one_turn_is_not_put_back_in_a_later_one(
    server: str, phone: Page, each_shown: bool
) -> None:
    """Her fold form, filled and not sent, went when another phone entered her fold; when her
    next turn asked for a fold again, the page put her old choices back (the same form), and
    a tap recorded a draw from the earlier turn.  A form is put back only to the state it was
    taken from (an entry, then its undo).  The page may show each entry (her form gone, then
    another one) or only the last (her form there before and after)."""
    entries, form = _stocked_fold(server, phone, ["2", "2", "3"])
    discard, drawn = form.locator("select[name=discard]"), form.locator("select[name=drawn]")
    fresh = discard.input_value(), drawn.input_value()
    discard.select_option("3")
    drawn.select_option("6")
    for line in (
        "seat 0 folds: discard 2, draw 5",
        "seat 0 discards 5",
        "seat 1 plays 2: t17->t19",
        "seat 2 plays 2: t33->t35",
    ):
        api_post(server, entries + "/entries", {"line": line})
        if each_shown:
            shown = phone.locator(".history li", has_text=line.replace("->", "→"))
            expect(shown).to_have_count(1)
    expect(phone.locator(".history li")).to_have_count(4)
    expect(form).to_have_count(1)  # her turn again, to fold
    assert (discard.input_value(), drawn.input_value()) == fresh
    expect(form.locator(".stale-note")).to_have_count(0)


def test_her_own_undo_brings_her_fold_back_as_another_phone_s_does(
    server: str, phone: Page
) -> None:
    """Another phone entered her fold while her form was filled; the page kept it and put it
    back after that phone's undo, but her own tap on Undo loads a new page, which lost it."""
    entries, form = _stocked_fold(server, phone, ["2", "3", "5", "6", "9"])
    discard, drawn = form.locator("select[name=discard]"), form.locator("select[name=drawn]")
    discard.select_option("6")
    drawn.select_option("13")
    api_post(server, entries + "/entries", {"line": "seat 0 folds: discard 9, draw 8"})
    expect(form).to_have_count(0)
    settled(phone)
    tap(phone, "Undo the last entry")
    expect(phone.locator(".history li.undone")).to_have_count(1)
    expect(discard).to_have_value("6")
    expect(drawn).to_have_value("13")
    settled(phone)
    tap(phone, "Fold: discard and draw")
    expect(phone.locator(".history li").last).to_have_text("seat 0 folds: discard 6, draw 13")


def test_a_page_shows_how_far_its_plays_are_then_the_plays(
    server: str, browser: Browser, phone: Page
) -> None:
    """A pasted view of many colourings: the page shows the game at once, the plays of the
    cards other than the Partner, and how far the Partner's are, the line brought up to date
    in place, then the Partner's plays without a reload; without the script the page offers a
    reload (it refreshed itself every 3 s, and a line being typed was lost)."""
    start_game(phone, server, pasted=json.dumps(seven_under()), settle=False)
    pending = phone.locator("#plays-pending")
    expect(pending).to_contain_text("Listing the legal plays over the 630 colourings")
    expect(phone.locator("svg.board")).to_be_visible()
    expect(phone.locator("#tracker li")).to_have_count(7)
    # the other cards' plays come first: the Partner's take the time
    expect(phone.get_by_role("link", name="8", exact=True)).to_be_visible()
    expect(phone.locator("span.btn.waiting")).to_have_text("partner…")
    plain = browser.new_context(viewport=PHONE, java_script_enabled=False).new_page()
    try:
        plain.goto(phone.url)  # without the script, while the Partner's plays are listed
        reload = plain.get_by_role("button", name="Reload to see how far it is")
        expect(reload).to_be_visible()
        expect(phone.get_by_role("button", name="Reload to see how far it is")).to_be_hidden()
        phone.evaluate("document.getElementById('main').dataset.mark = 'first'")
        first = pending.inner_text()
        # how far: brought up to date where it is (no swap of <main>, which holds taps back)
        phone.wait_for_function(
            "t => { const p = document.getElementById('plays-pending');"
            " return !p || p.textContent !== t; }",
            arg=first,
        )
        assert pending.count() == 1  # (630 colourings take seconds: it was still listing)
        assert phone.evaluate("document.getElementById('main').dataset.mark") == "first"
        assert phone.locator("body[data-settling]").count() == 0
        # without the script the page does not refresh itself: a line being typed stays
        plain.locator("#controls summary").click()
        plain.locator("input[name=line]").fill("seat 0 plays 2: t3")
        plain.wait_for_timeout(4000)
        assert plain.locator("input[name=line]").input_value() == "seat 0 plays 2: t3"
        expect(phone.get_by_role("link", name="partner", exact=True)).to_be_visible(timeout=90_000)
        expect(pending).to_have_count(0)
        # the plays came by the script's swap of <main>: the page itself was not loaded again
        assert phone.evaluate("document.getElementById('main').dataset.mark") is None
        assert phone.evaluate("performance.getEntriesByType('navigation').length") == 1
        pick(phone, "8")
        expect(phone.locator("#enter h3")).to_contain_text("The 8:")
        # without the script: reloaded, the page has the plays
        reload.click()
        expect(plain.get_by_role("link", name="partner", exact=True)).to_be_visible()
        expect(plain.locator("#plays-pending")).to_have_count(0)
    finally:
        plain.context.close()
