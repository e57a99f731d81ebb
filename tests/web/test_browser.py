"""The table companion in a real browser: Debian's Chromium (``/usr/bin/chromium``), headless,
driven by Playwright, on a phone-sized screen (360 x 740, touch), against a real ``sheepdog
serve`` process.  A whole Sly Wolf game (the tiles, the calls, the draws, the interviews of a
shipped case until "Case solved", the walk to the final space and the guess) and a few DOG turns
(create, play, see the board and the unseen cards change, a second phone following, undo).

Playwright never downloads a browser here: it is told where the system's Chromium is.  The
tests skip, saying why, only when that Chromium is not installed (``.ci/run`` installs it).
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect, sync_playwright

from sheepdog.solver.slywolf.findings import solve_puzzle
from sheepdog.solver.slywolf.puzzle import Interview, Puzzle, new_puzzle
from sheepdog.solver.slywolf.roster import Roster, load_roster
from tests.web.lines import KNOWN_DECK_SETUP, KNOWN_DECK_UNEQUAL_STACKS, UNEQUAL_STACKS
from tests.web.test_serve import free_port, start

CHROMIUM = Path("/usr/bin/chromium")
PHONE: ViewportSize = {"width": 360, "height": 740}
CASE = Path(__file__).resolve().parents[2] / "cases" / "easy" / "easy-1-001.json"

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="no /usr/bin/chromium: install Debian's chromium (apt-get install chromium) "
    "for the browser tests",
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    data, port = tmp_path_factory.mktemp("serve") / "data", free_port()
    proc = start(data, port)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        yield page
    finally:
        context.close()


def settled(page: Page) -> None:
    """Wait until the page shows everything (the plan or the advice is worked out in the
    background; meanwhile the page's script swaps in the new page)."""
    page.wait_for_load_state()
    # the advice has a budget of a few seconds (agent.ADVICE_SECONDS), and a busy machine adds
    # its start-up: wait well past it (a test of what the page shows, not of its speed)
    expect(page.locator("#hint-pending")).to_have_count(0, timeout=20_000)
    expect(page.locator("#plays-pending")).to_have_count(0, timeout=60_000)
    # the page takes no tap for a moment after it changes (as a player first looks at it)
    expect(page.locator("body[data-settling]")).to_have_count(0)


def fits_the_phone(page: Page) -> None:
    """Nothing wider than the screen: no sideways scrolling on a 360-pixel phone."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide"


# -- Sly Wolf ------------------------------------------------------------------------------------


def test_a_game_stored_under_older_rules_opens_on_a_phone(tmp_path: Path, phone: Page) -> None:
    """A stored line today's rules refuse (a call after the turn's interviews began) is shown in
    the history as refused, with the reason, and the game plays on (it used to be a 500)."""
    from sheepdog.cli.web.store import Store
    from sheepdog.cli.web.wolf import check_setup

    data = tmp_path / "data"
    store = Store(data)
    row = store.create_game("wolf", check_setup({"mode": "easy", "side": "one_star"}))
    lines = ["top harp", "top trumpet", "top banjo", "top violin", "call harp", "found pumpkin"]
    lines += ["call banjo", "found cucumber", "interview harp, guitar, red jacket", "call violin"]
    for seq, line in enumerate(lines, start=1):
        store.add_entry(row.id, seq, line)
    store.close()
    port = free_port()
    proc = start(data, port)
    try:
        phone.goto(f"http://127.0.0.1:{port}/wolf/{row.id}?token={row.token}")
        settled(phone)
        refused = phone.locator("ol.history li", has_text="call violin")
        expect(refused).to_contain_text("refused by today's rules")
        expect(refused).to_contain_text("no more calls")
        expect(phone.locator("ol.history li.undone")).to_have_count(1)
        fits_the_phone(phone)
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=20)


def interview_order(roster: Roster, case: dict[str, Any]) -> list[dict[str, Any]]:
    """The case's interviews, greedily: each time the one that leaves the fewest suspects."""
    puzzle: Puzzle = new_puzzle(roster, "easy")
    order: list[dict[str, Any]] = []
    while solve_puzzle(puzzle).culprit is None:
        heard = {o["sheep"] for o in order}
        options = [
            (len(solve_puzzle(puzzle.with_interview(as_interview(roster, raw))).suspects), n)
            for n, raw in enumerate(case["interviews"])
            if raw["sheep"] not in heard
        ]
        best = case["interviews"][min(options)[1]]
        order.append(best)
        puzzle = puzzle.with_interview(as_interview(roster, best))
    return order


def as_interview(roster: Roster, raw: dict[str, Any]) -> Interview:
    return Interview(
        roster.sheep_index(raw["sheep"]),
        roster.sheep_index(raw["points_to"]),
        roster.parse_item(raw["testimony"]),
    )


def test_a_choice_not_yet_sent_survives_another_phones_entry(server: str, phone: Page) -> None:
    """The page swaps itself for the new one when another device enters something; a list the
    player set (then tapped elsewhere) and a line typed in the box must stay as they were, or
    the next tap records something else (it recorded the first sheep of the list)."""
    game = api_post(server, "/api/wolf/games", {"mode": "easy", "side": "one_star"})

    def other_phone(line: str) -> None:
        api_post(server, f"/api/wolf/games/{game['id']}/entries", {"line": line})

    phone.goto(server + game["url"])
    settled(phone)
    tile = phone.locator("select[aria-label='tile uncovered']")
    tile.select_option("guitar")
    phone.locator("summary", has_text="Type an entry").tap()
    box = phone.locator("input[name=line]")
    box.fill("interview harp, guitar, red jacket")
    phone.locator("h2", has_text="Suspects").tap()  # the box loses the focus
    other_phone("top harp")
    expect(phone.locator("ol.history li", has_text="top harp")).to_have_count(1)
    settled(phone)
    expect(tile).to_have_value("guitar")
    expect(box).to_have_value("interview harp, guitar, red jacket")
    expect(phone.locator("details", has=box)).to_have_attribute("open", "")
    tap(phone, "Is on top")
    expect(phone.locator("ol.history li").last).to_have_text("top guitar")


def test_lines_typed_quickly_are_all_taken(server: str, phone: Page) -> None:
    """Found by a helper: each line sent reloads the page, and the plan comes in just after;
    both changes held taps back for a moment, so a second line typed at once was refused with
    "The page just changed" almost every time.  A typed line says what it is: it is taken.
    A typed "undo" still waits (it would undo another phone's entry just come in)."""
    game = api_post(server, "/api/wolf/games", {"mode": "easy", "side": "one_star"})
    phone.goto(server + game["url"])
    settled(phone)
    tops = ["top harp", "top guitar", "top drum set", "top banjo"]
    for line in tops:
        if not phone.locator("details[open] input[name=line]").count():
            phone.locator("summary", has_text="Type an entry").tap()
        box = phone.locator("input[name=line]")
        box.fill(line)
        with phone.expect_navigation():
            box.press("Enter")  # at once: the page has just loaded, the plan is on its way
        expect(phone.locator(".stale-note")).to_have_count(0)
    settled(phone)
    assert [li.inner_text() for li in phone.locator("ol.history li").all()] == tops
    phone.locator("summary", has_text="Type an entry").tap()
    api_post(server, f"/api/wolf/games/{game['id']}/entries", {"line": "call harp"})
    phone.wait_for_function("document.querySelectorAll('ol.history li').length >= 5")
    if phone.locator("body[data-settling]").count():  # caught in the moment after the change
        phone.locator("input[name=line]").fill("undo")
        phone.locator("input[name=line]").press("Enter")
        expect(phone.locator(".stale-note")).to_have_text(
            "The page just changed: look, then tap again."
        )
        assert phone.locator("ol.history li").last.inner_text() == "call harp"


def test_a_page_out_of_reach_says_so_and_catches_up(server: str, phone: Page) -> None:
    """The network gone, the page went on showing an old state without a word."""
    game = api_post(server, "/api/wolf/games", {"mode": "easy", "side": "one_star"})
    phone.goto(server + game["url"])
    settled(phone)
    phone.context.set_offline(True)
    api_post(server, f"/api/wolf/games/{game['id']}/entries", {"line": "top harp"})
    note = phone.locator("#offline")
    expect(note).to_have_text(re.compile(r"^Offline: this page is not following the game"))
    # a tap while offline stays on the page (the browser left for its own offline page)
    phone.locator("button", has_text="Is on top").tap()
    expect(phone.locator(".stale-note")).to_have_text(re.compile(r"^Not sent: the page is offline"))
    assert phone.url.endswith(game["url"])
    phone.context.set_offline(False)
    expect(note).to_have_count(0)
    expect(phone.locator("ol.history li", has_text="top harp")).to_have_count(1)


def test_a_list_left_with_the_focus_does_not_hold_the_page_back(server: str, phone: Page) -> None:
    """Found by a helper: after a phone's picker closes, the list keeps the focus, and the
    page took that for typing: other phones' entries (and the plan) never came in, and the
    next tap was refused as out of date.  The choice survives the refresh."""
    game = api_post(server, "/api/wolf/games", {"mode": "easy", "side": "one_star"})
    phone.goto(server + game["url"])
    settled(phone)
    tile = phone.locator("select[aria-label='tile uncovered']")
    tile.tap()
    tile.select_option("guitar")
    api_post(server, f"/api/wolf/games/{game['id']}/entries", {"line": "top harp"})
    expect(phone.locator("ol.history li", has_text="top harp")).to_have_count(1, timeout=15_000)
    settled(phone)
    expect(tile).to_have_value("guitar")
    tap(phone, "Is on top")
    expect(phone.locator("ol.history li").last).to_have_text("top guitar")


def api_post(server: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """What another device enters: a POST to the JSON API, its answer."""
    import urllib.request

    request = urllib.request.Request(
        server + path, data=json.dumps(body).encode(), headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request) as answer:
        out: dict[str, Any] = json.loads(answer.read())
        return out


def test_a_choice_another_device_takes_away_is_not_swapped_for_another(
    server: str, phone: Page
) -> None:
    """The tile chosen here goes on top from another phone: the list cannot keep it, so the
    form says so and takes no tap until a tile is chosen again (the refresh used to leave the
    list's first tile chosen, and the tap recorded it)."""
    game = api_post(server, "/api/wolf/games", {"mode": "easy", "side": "one_star"})
    entries = f"/api/wolf/games/{game['id']}/entries"
    phone.goto(server + game["url"])
    settled(phone)
    phone.locator("select[aria-label='tile uncovered']").select_option("violin")
    phone.locator("h2", has_text="Suspects").tap()
    api_post(server, entries, {"line": "top violin"})
    expect(phone.locator("ol.history li", has_text="top violin")).to_have_count(1)
    note = phone.locator(".stale-note")
    expect(note).to_have_text(STALE)
    before = phone.url
    phone.get_by_role("button", name="Is on top", exact=True).tap()
    phone.wait_for_timeout(800)
    assert phone.url == before
    expect(phone.locator("ol.history li")).to_have_count(1)  # nothing recorded
    phone.locator("select[aria-label='tile uncovered']").select_option("guitar")
    expect(note).to_have_count(0)
    tap(phone, "Is on top")
    expect(phone.locator("ol.history li").last).to_have_text("top guitar")
    fits_the_phone(phone)


def interview_chosen(
    server: str, phone: Page, chosen: dict[str, str]
) -> tuple[dict[str, Any], Locator]:
    """A new notebook game on the phone, its interview form filled in with ``chosen`` (not
    sent yet): the game and the form."""
    game = api_post(server, "/api/wolf/games", {"mode": "easy"})
    phone.goto(server + game["url"])
    settled(phone)
    form = phone.locator("form", has=phone.get_by_role("button", name="Record the interview"))
    for name, value in chosen.items():
        form.locator(f"select[name={name}]").select_option(value)
    return game, form


def test_a_refused_form_comes_back_as_it_was_sent(server: str, phone: Page) -> None:
    """A refusal shows its error with the form's choices kept (they were all reset); the error
    leaves the address, so the next refresh does not show it again."""
    chosen = {"sheep": "trumpet", "points_to": "trumpet", "testimony": "blue top hat"}
    game, form = interview_chosen(server, phone, chosen)
    tap(phone, "Record the interview")
    expect(phone.locator("p.error")).to_contain_text("points at itself")
    for name, value in chosen.items():
        expect(form.locator(f"select[name={name}]")).to_have_value(value)
    assert "error=" not in phone.url
    # another device's entry refreshes the page: the refusal stays until she acts
    api_post(server, f"/api/wolf/games/{game['id']}/entries", {"line": "interview harp, ?, ?"})
    expect(phone.locator("ol.history li", has_text="interview harp")).to_have_count(1)
    settled(phone)
    expect(phone.locator("p.error", has_text="points at itself")).to_have_count(1)
    # it says it was hers: it read as an error about the other phone's entry
    expect(phone.locator("p.error", has_text="points at itself")).to_contain_text(
        "(Your entry, not recorded; other entries have come in since.)"
    )
    for name, value in chosen.items():
        expect(form.locator(f"select[name={name}]")).to_have_value(value)
    form.locator("select[name=points_to]").select_option("guitar")
    tap(phone, "Record the interview")
    expect(phone.locator("ol.history li").last).to_have_text(
        "interview trumpet, guitar, blue top hat"
    )
    expect(phone.locator("p.error")).to_have_count(0)


def test_a_tap_as_the_page_changes_under_the_finger_is_not_taken(server: str, phone: Page) -> None:
    """Another device's entry swaps the page in; a tap in the next moment lands on whatever
    button is there now (it recorded "undo" or "wrong pumpkin"): it is not taken, and says so."""
    game = api_post(server, "/api/wolf/games", {"mode": "easy", "side": "one_star"})
    entries = f"/api/wolf/games/{game['id']}/entries"
    phone.goto(server + game["url"])
    settled(phone)
    tops = ["top harp", "top guitar", "top drum set", "top banjo"]
    for n, line in enumerate(tops, start=1):
        api_post(server, entries, {"line": line})
        phone.wait_for_function(f"document.querySelectorAll('ol.history li').length >= {n}")
        if phone.locator("body[data-settling]").count():
            phone.get_by_role("button", name="Undo the last entry").tap()
            break
    else:
        pytest.fail("never caught the page in the moment after a change")
    expect(phone.locator(".stale-note")).to_have_text(
        "The page just changed: look, then tap again."
    )
    phone.wait_for_timeout(800)
    lines = [li.inner_text() for li in phone.locator("ol.history li").all()]
    assert "undo" not in lines and lines == tops[: len(lines)]


#: The note on a form whose choices no longer fit (the page's script).
STALE = "This was already recorded, or changed on another device: check it and choose again."


def double_tap(page: Page, name: str) -> None:
    """Tap the button ``name`` twice: the first tap's form is sent and recorded, then the
    second one is sent on the same page (a finger faster than the page); wait for the page
    that brings."""
    settled(page)
    button = page.get_by_role("button", name=name, exact=True)
    with page.expect_navigation():
        button.evaluate(
            """button => button.dispatchEvent(new PointerEvent("pointerdown", {bubbles: true}))
                && fetch(button.form.getAttribute("action"), {
                method: "POST", body: new URLSearchParams(new FormData(button.form)),
            }).then(() => button.form.requestSubmit(button))"""
        )
    settled(page)


def test_a_double_tap_records_once_and_blames_no_other_device(server: str, phone: Page) -> None:
    """The second tap of "Record the interview" is refused (409) and the form cannot keep
    its sheep: the note said "This changed on another device" though it was this one."""
    chosen = {"sheep": "trumpet", "points_to": "guitar", "testimony": "blue top hat"}
    interview_chosen(server, phone, chosen)
    double_tap(phone, "Record the interview")
    expect(phone.locator("ol.history li")).to_have_text(["interview trumpet, guitar, blue top hat"])
    expect(phone.locator("p.error:not(.stale-note)")).to_contain_text("a second tap of this one")
    expect(phone.locator(".stale-note")).to_have_text(STALE)
    assert "This changed on another device" not in phone.inner_text("#main")
    fits_the_phone(phone)


def test_a_first_choice_left_as_shown_is_a_choice_too(server: str, phone: Page) -> None:
    """Answers set for the sheep the list showed first must not move to the next sheep when
    another device interviews that one (they were recorded under the next sheep's name)."""
    game = api_post(server, "/api/wolf/games", {"mode": "easy"})
    phone.goto(server + game["url"])
    settled(phone)
    form = phone.locator("form", has=phone.get_by_role("button", name="Record the interview"))
    first = form.locator("select[name=sheep]").input_value()
    form.locator("select[name=points_to]").select_option("trumpet")
    form.locator("select[name=testimony]").select_option("yellow top hat")
    phone.locator("h2", has_text="Suspects").tap()
    api_post(server, f"/api/wolf/games/{game['id']}/entries", {"line": f"interview {first}, ?, ?"})
    expect(phone.locator("ol.history li", has_text=f"interview {first}")).to_have_count(1)
    expect(phone.locator(".stale-note")).to_have_count(1)
    phone.get_by_role("button", name="Record the interview").tap()
    phone.wait_for_timeout(800)
    expect(phone.locator("ol.history li")).to_have_count(1)  # nothing recorded


def test_the_stack_a_tile_is_on_is_asked_on_a_phone(server: str, phone: Page) -> None:
    """Stacks of 3 (clarinet's) and 2 tiles (harp's) wait for their next tile: the page asks
    which stack the uncovered tile is on, fits the screen, and records the one chosen."""
    game = api_post(server, "/api/wolf/games", {"mode": "easy", "side": "one_star"})
    entries = f"/api/wolf/games/{game['id']}/entries"
    for line in UNEQUAL_STACKS:
        api_post(server, entries, {"line": line})
    phone.goto(server + game["url"])
    settled(phone)
    under = phone.locator("select[name=under]")
    expect(under.locator("option")).to_have_text(["clarinet", "harp"])
    fits_the_phone(phone)
    phone.select_option("select[aria-label='tile uncovered']", "violin")
    under.select_option("harp")
    tap(phone, "Is on top")
    expect(phone.locator("ol.history li").last).to_have_text("top violin under harp")
    expect(phone.locator("select[name=under]")).to_have_count(0)  # one stack waits now


def test_a_stack_never_uncovered_is_offered_on_a_phone(server: str, phone: Page) -> None:
    """A stack whose top was never typed beside one maraca left: the page offers "a stack not
    uncovered yet", and the tile chosen with it is recorded on that stack (`under nothing`)."""
    game = api_post(server, "/api/wolf/games", {"mode": "easy", "side": "one_star"})
    entries = f"/api/wolf/games/{game['id']}/entries"
    lines = ["top clarinet", "top maraca", "top drum set", "call maraca", "found cucumber"]
    for line in [*lines, "interview maraca, ?, ?"]:
        api_post(server, entries, {"line": line})
    phone.goto(server + game["url"])
    settled(phone)
    under = phone.locator("select[name=under]")
    expect(under.locator("option")).to_have_text(["a stack not uncovered yet", "maraca"])
    fits_the_phone(phone)
    phone.select_option("select[aria-label='tile uncovered']", "harp")
    under.select_option(label="a stack not uncovered yet")
    tap(phone, "Is on top")
    expect(phone.locator("ol.history li").last).to_have_text("top harp under nothing")
    expect(phone.locator("select[name=under]")).to_have_count(0)  # one stack waits now


#: The width of the longest option of a list, in the list's own font (pixels).
LONGEST_OPTION = """(select) => {
    const text = document.createElement("canvas").getContext("2d");
    text.font = getComputedStyle(select).font;
    return Math.max(...Array.from(select.options, (o) => text.measureText(o.text).width));
}"""


def test_the_tile_and_its_stack_are_both_readable_on_a_phone(server: str, phone: Page) -> None:
    """With "on the stack of [sheep]" beside it, the tile's list was squeezed to 18 px (its
    arrow only) on 360- and 412-pixel phones: each list is tall enough to tap and shows its
    longest name whole (or takes the whole line), and nothing is wider than the screen."""
    game = api_post(server, "/api/wolf/games", KNOWN_DECK_SETUP)
    for line in KNOWN_DECK_UNEQUAL_STACKS:
        api_post(server, f"/api/wolf/games/{game['id']}/entries", {"line": line})
    phone.goto(server + game["url"])
    settled(phone)
    tile = phone.locator("select[aria-label='tile uncovered']")
    under = phone.locator("select[name=under]")
    expect(under.locator("option")).to_have_count(2)
    form = phone.locator("form", has=under)
    for width in (PHONE["width"], 412):
        phone.set_viewport_size({"width": width, "height": PHONE["height"]})
        room = form.bounding_box()
        assert room is not None
        for select in (tile, under):
            box = select.bounding_box()
            assert box is not None
            assert box["height"] >= 40, f"{width} px: a list {box['height']} px tall"
            longest = select.evaluate(LONGEST_OPTION)
            # the text, its padding and the arrow; or the whole line of the form
            assert box["width"] >= min(longest + 40, room["width"]), (width, box, longest)
            assert box["x"] >= 0 and box["x"] + box["width"] <= width
        width_now = phone.evaluate("document.documentElement.scrollWidth")
        assert width_now <= width, f"the page is {width_now} px wide on a {width}-px phone"
    phone.set_viewport_size(PHONE)
    tile.select_option("tambourine")
    under.select_option(under.locator("option").last.inner_text())
    tap(phone, "Is on top")
    expect(phone.locator("ol.history li").last).to_have_text(re.compile(r"^top tambourine under "))


def test_a_forty_letter_wolf_name_leaves_the_chances_on_the_screen(
    server: str, phone: Page
) -> None:
    """Found by a helper: a 40-letter wolf name with no space (the most a roster takes) made the
    suspects' table 805 px wide on a 360-px phone, the chances off the screen.  It breaks now,
    while the box's names stay whole (not "Wulfri|k")."""
    import tomllib

    roster = tomllib.loads((CASE.parents[1] / "default.toml").read_text())
    long_name = "W" * 40
    roster["wolves"][0]["name"] = long_name
    game = api_post(
        server, "/api/wolf/games", {"mode": "easy", "side": "one_star", "roster": roster}
    )
    phone.goto(server + game["url"])
    settled(phone)
    fits_the_phone(phone)
    names = phone.locator("table.suspects td:first-child")
    expect(names).to_have_count(16)
    one_line = names.nth(1).bounding_box()
    assert one_line is not None
    for i in range(16):
        box = names.nth(i).bounding_box()
        assert box is not None and box["x"] + box["width"] <= PHONE["width"]
        text = names.nth(i).inner_text()
        if text != long_name:  # a name of the box is on one line, whole
            assert box["height"] <= one_line["height"] + 1, (text, box)
    chances = phone.locator("table.suspects td.num")
    for i in range(16):
        box = chances.nth(i).bounding_box()
        assert box is not None and box["x"] + box["width"] <= PHONE["width"]


def test_two_right_to_left_names_keep_their_own_chances(server: str, phone: Page) -> None:
    """Found by a helper: "כינור 38.5%, عود 42.5%" showed as "42.5 عود ,38.5%": two
    right-to-left names side by side made one right-to-left run, and a player read a chance
    beside the wrong name.  Each name is isolated now: on the line of open sheep every chance
    is to the right of its own name, and each name left of the next one."""
    import tomllib

    roster = tomllib.loads((CASE.parents[1] / "default.toml").read_text())
    roster["sheep"][0]["name"], roster["sheep"][1]["name"] = "כינור", "عود"
    game = api_post(server, "/api/wolf/games", {"mode": "easy", "roster": roster})
    phone.goto(server + game["url"])
    settled(phone)
    line = phone.locator("p", has_text="Still open")
    names = line.locator("bdi")
    expect(names).to_have_count(16)
    boxes = line.evaluate(
        """p => Array.from(p.querySelectorAll("bdi")).slice(0, 3).map(b => {
            const chance = document.createRange();
            chance.setStart(b.nextSibling, 1);  // the text after the name: " 25.0%, "
            chance.setEnd(b.nextSibling, b.nextSibling.textContent.indexOf("%") + 1);
            const n = b.getBoundingClientRect(), c = chance.getBoundingClientRect();
            return [[n.top, n.left, n.right], [c.top, c.left, c.right]];
        })"""
    )

    def after(first: list[float], then: list[float]) -> bool:
        """``then`` comes after ``first`` as an English line reads: right of it on the same
        line, or on a later line."""
        return then[0] > first[0] + 1 or (
            abs(then[0] - first[0]) <= 1 and then[1] >= first[2] - 0.5
        )

    for (name, chance), (following, _) in zip(boxes, boxes[1:], strict=False):
        assert after(name, chance) and after(chance, following), boxes
    assert boxes[0][1][2] > boxes[0][1][1]  # the chance has a width: it was found
    # a line of the history with both names (found by a helper: "interview כינור, עוד" showed
    # the second name first) keeps them in the order typed
    api_post(
        server,
        game["url"].split("?")[0].replace("/wolf/", "/api/wolf/games/") + "/interviews",
        {"sheep": "כינור", "points_to": "عود"},
    )
    line = phone.locator(".history li").last
    expect(line).to_have_text("interview כינור, عود, ?")
    first, second = (line.locator("bdi").nth(i).bounding_box() for i in (0, 1))
    assert first is not None and second is not None and first["x"] < second["x"]


def tap(page: Page, name: str) -> None:
    """Tap the button ``name`` and wait for the page it brings."""
    settled(page)
    with page.expect_navigation():
        page.get_by_role("button", name=name, exact=True).tap()
    settled(page)


def test_a_whole_sly_wolf_game_on_a_phone(server: str, phone: Page) -> None:
    roster = load_roster("default")
    likes = {s.name: s.likes for s in roster.sheep}
    kinds = [k for _, group in roster.bag.sizes for k in group]
    case = json.loads(CASE.read_text())
    order = interview_order(roster, case)
    assert 2 <= len(order) <= 8
    phone.goto(server + "/")
    fits_the_phone(phone)
    phone.select_option("select[name=mode]", "easy")
    phone.select_option("select[name=side]", "two_star")
    tap(phone, "Start the game")
    assert "/wolf/" in phone.url
    expect(phone.locator("h2", has_text="Suspects")).to_have_text("Suspects: 16 of 16")

    def put_on_top(name: str) -> None:
        phone.select_option("select[aria-label='tile uncovered']", name)
        tap(phone, "Is on top")

    def new_top() -> bool:
        return phone.get_by_role("button", name="Is on top").count() > 0

    def any_hidden() -> str:
        return phone.locator("select[aria-label='tile uncovered'] option").first.inner_text()

    # the tiles on top of the four stacks: the sheep to interview first
    placed = 0
    while new_top():
        put_on_top(order[placed]["sheep"] if placed < len(order) else any_hidden())
        placed += 1
    shown = [16]
    for n, raw in enumerate(order):
        sheep = raw["sheep"]
        tap(phone, f"Call {sheep}")
        for kind in likes[sheep]:  # a vegetable it wants, while the bag still has one ripe
            phone.select_option("select[name=kind]", kind)
            tap(phone, "Ripe, it wants it")
            if not phone.locator("p.error").count():
                break
        expect(phone.locator("p.error")).to_have_count(0)
        record = f"Record {sheep}’s interview"
        form = phone.locator("form", has=phone.get_by_role("button", name=record))
        form.locator("select[name=points_to]").select_option(raw["points_to"])
        form.locator("select[name=testimony]").select_option(raw["testimony"])
        tap(phone, record)
        heading = phone.locator("h2", has_text="Suspects").inner_text()
        suspects = int(heading.split()[1])
        assert suspects <= shown[-1]
        shown.append(suspects)
        if n < len(order) - 1:
            expect(phone.locator(".banner.solved")).to_have_count(0)
        while new_top():  # the tile under the interviewed sheep
            put_on_top(order[placed]["sheep"] if placed < len(order) else any_hidden())
            placed += 1
    # the moment one suspect remains
    expect(phone.locator(".banner.solved")).to_contain_text(
        f"Case solved: the culprit is {case['culprit']}. Open the interpreter (a printed case:"
        " its card’s flap) to check."
    )
    fits_the_phone(phone)
    # the game is over [Game End 1]: the only thing left to enter is an undo
    expect(phone.locator("section.actions")).to_contain_text("The game is over")
    expect(phone.locator("button", has_text=re.compile(r"[Cc]all "))).to_have_count(0)
    expect(phone.get_by_role("button", name=re.compile("^Record "))).to_have_count(0)
    tap(phone, "Undo the last entry")
    expect(phone.locator(".banner.solved")).to_have_count(0)
    # heard again without its words (as if they were lost): the case stays open
    tap(phone, f"Record {order[-1]['sheep']}’s interview")
    expect(phone.locator(".banner.solved")).to_have_count(0)
    # no guess before the final space: failed draws walk the wolf there
    guess = phone.get_by_role("button", name="Guess", exact=True)
    for _ in range(12):
        if guess.count():
            break
        if new_top():
            put_on_top(any_hidden())
        call = phone.locator("button", has_text=re.compile(r"^Call ")).first
        sheep = call.inner_text().removeprefix("Call ")
        tap(phone, f"Call {sheep}")
        unwanted = next(k for k in kinds if k not in likes[sheep])
        phone.select_option("select[name=kind]", unwanted)
        tap(phone, "Ripe, not wanted")
    assert guess.count() == 1
    phone.select_option("select[aria-label='wolf to guess']", case["culprit"])
    tap(phone, "Guess")
    expect(phone.locator(".banner.over")).to_contain_text(f"you guessed {case['culprit']}")
    # the game is closed: nothing more to enter but an undo of a guess tapped wrong
    expect(phone.locator("section.actions")).to_contain_text("The game is over")
    expect(phone.get_by_role("button", name="Guess", exact=True)).to_have_count(0)
    expect(phone.locator("button", has_text=re.compile(r"[Cc]all "))).to_have_count(0)
    expect(phone.get_by_role("button", name="Undo the last entry")).to_have_count(1)


# -- DOG -----------------------------------------------------------------------------------------


def pick(page: Page, card: str) -> None:
    """Tap a card: the page comes back with that card's legal plays."""
    settled(page)
    with page.expect_navigation():
        page.get_by_role("link", name=card, exact=True).tap()
    settled(page)


def unseen(page: Page, card: str) -> int:
    return int(page.locator(f"#unseen [data-card='{card}']").inner_text())


def test_a_double_tapped_dog_play_records_once(server: str, phone: Page) -> None:
    """The second tap of a play is refused (409), saying it may be a second tap of this one;
    the play is no longer offered, so no form is marked as changed on another device."""
    game = api_post(server, "/api/dog/games", {"seats": 4, "me": 0, "hand": ["1/11"] + ["2"] * 5})
    phone.goto(server + game["url"])
    pick(phone, "1/11")
    double_tap(phone, "1/11: out to t0")
    expect(phone.locator("ol.history li")).to_have_text(["seat 0 plays 1/11: out to t0"])
    expect(phone.locator("p.error:not(.stale-note)")).to_contain_text("a second tap of this one")
    expect(phone.locator(".stale-note")).to_have_count(0)
    assert "changed on another device" not in phone.inner_text("#main")
    fits_the_phone(phone)


def test_a_refusal_stays_when_the_game_moves_on_to_her_turn(server: str, phone: Page) -> None:
    """Another phone's play lands first: hers is refused, and the game moves on to her seat,
    whose advice then swaps the page in.  The refusal stays until she acts (it went with the
    swap, so she could not know her play was not recorded)."""
    hand = ["1/11", "13", "joker", "7", "4", "2"]
    game = api_post(server, "/api/dog/games", {"seats": 6, "me": 5, "starts": 4, "hand": hand})
    phone.goto(server + game["url"])
    pick(phone, "13")
    # the other phone's play lands, then her tap, before her page has polled
    other = {"seat": 4, "card": "1/11", "play": "1/11: out to t64"}
    with phone.expect_navigation():
        phone.get_by_role("button", name="13: out to t64", exact=True).evaluate(
            """(button, [url, body]) => fetch(url, {
                method: "POST", headers: {"Content-Type": "application/json"}, body: body,
            }).then(() => button.form.requestSubmit(button))""",
            [f"/api/dog/games/{game['id']}/plays", json.dumps(other)],
        )
    settled(phone)
    expect(phone.locator("ol.history li")).to_have_text(["seat 4 plays 1/11: out to t64"])
    expect(phone.locator("#status")).to_have_text("Your turn (seat 5).")
    refusal = phone.locator("p.error:not(.stale-note)")
    expect(refusal).to_contain_text("this was not recorded")
    expect(phone.locator("#advice li").first).to_contain_text("samples")
    phone.wait_for_timeout(1500)  # two polls: the page has nothing newer to swap in
    expect(refusal).to_contain_text("this was not recorded")
    pick(phone, "13")  # she acts: the refusal has been read
    expect(refusal).to_have_count(0)


def test_the_focus_stays_on_its_control_when_another_phone_enters(server: str, phone: Page) -> None:
    """A keyboard or screen reader keeps its place: another device's entry swaps the page in,
    and the control that had the focus has it again (it went to the page's body)."""
    hand = ["2", "3", "5", "6", "8", "9"]
    game = api_post(server, "/api/dog/games", {"seats": 4, "me": 0, "starts": 1, "hand": hand})
    phone.goto(server + game["url"])
    phone.wait_for_timeout(3000)  # the page as a player has it open: its advice came in
    phone.locator("summary", has_text="Position (notation)").focus()
    api_post(server, f"/api/dog/games/{game['id']}/entries", {"line": "seat 1 folds"})
    expect(phone.locator("ol.history li")).to_have_count(1)
    phone.wait_for_timeout(1500)
    assert phone.evaluate("document.activeElement.textContent.trim()") == "Position (notation)"


def test_a_refused_new_game_shows_its_error_on_the_screen(server: str, phone: Page) -> None:
    """The Agent DOG form is far down the home page: its error is scrolled to and focused
    (the page came back at its top, the error 1,400 pixels below)."""
    phone.goto(server + "/")
    with phone.expect_navigation():
        phone.locator("#new-agent button").tap()
    error = phone.locator("#new-agent p.error")
    expect(error).to_contain_text("give your hand")
    expect(error).to_be_in_viewport()
    expect(error).to_be_focused()


def test_text_follows_the_readers_own_size(server: str, phone: Page) -> None:
    """Sizes in rem and em: a reader's larger text setting applies (body text was 17 px
    whatever it was), and a game page then still fits the phone."""
    game = api_post(server, "/api/dog/games", {"seats": 4, "me": 0, "hand": ["2"] * 6})
    phone.goto(server + game["url"])
    settled(phone)
    size = "parseFloat(getComputedStyle(document.body).fontSize)"
    normal = phone.evaluate(size)
    phone.evaluate("document.documentElement.style.fontSize = '150%'")
    assert phone.evaluate(size) == pytest.approx(1.5 * normal)
    fits_the_phone(phone)


def test_a_few_dog_turns_on_two_phones(server: str, browser: Browser, phone: Page) -> None:
    phone.goto(server + "/")
    form = phone.locator("#new-dog")
    form.locator("select[name=me]").select_option("0")
    form.locator("select[name=starts]").select_option("0")
    for j, card in enumerate(["1/11", "13", "7", "joker", "5", "2"]):
        form.locator(f"select[name=hand{j}]").select_option(card)
    tap(phone, "Start the DOG game")
    assert "/dog/" in phone.url
    fits_the_phone(phone)
    expect(phone.locator("#status")).to_have_text("Your turn (seat 0).")
    expect(phone.locator("svg.board")).to_be_visible()
    # the advice on her turn: every play she has, with its share of wins and its samples
    advice = phone.locator("#advice li")
    expect(advice).to_have_count(3)
    expect(advice.first).to_contain_text("samples")
    # each advice button is named after its play (all were "Play it"), and the QR code is named
    expect(phone.get_by_role("button", name="Play 1/11: out to t0")).to_have_count(1)
    expect(phone.get_by_role("img", name=re.compile("^QR code of the address"))).to_have_count(1)
    assert unseen(phone, "13") == 7 and "Cards not yet seen: 104" in phone.inner_text("#unseen")

    # a second phone follows the game
    other = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    try:
        other.goto(phone.url)
        expect(other.locator("#status")).to_have_text("Your turn (seat 0).")

        # her play: the card, then its move
        pick(phone, "1/11")
        expect(phone.locator("#enter h3")).to_have_text("The 1/11: 1 legal play")
        tap(phone, "1/11: out to t0")
        expect(phone.locator("#status")).to_have_text("Seat 1 to move.")
        expect(phone.locator("g.pawn[data-seat='0'][data-loc='t0']")).to_have_count(1)
        expect(other.locator("g.pawn[data-seat='0'][data-loc='t0']")).to_have_count(1)
        expect(other.locator("#status")).to_have_text("Seat 1 to move.")

        # another seat's play: only cards that can move are offered, then their moves
        pick(phone, "13")
        tap(phone, "13: out to t16")
        expect(phone.locator("g.pawn[data-seat='1'][data-loc='t16']")).to_have_count(1)
        assert unseen(phone, "13") == 6
        expect(phone.locator("#seat-1")).to_contain_text("t16")
        expect(other.locator("#unseen [data-card='13']")).to_have_text("6")

        # undo: the pawn goes back to its kennel, the 13 is unseen again, the entry stays
        tap(phone, "Undo the last entry")
        expect(phone.locator("g.pawn[data-seat='1']")).to_have_count(0)
        assert unseen(phone, "13") == 7
        expect(phone.locator(".history li.undone")).to_have_text(
            "seat 1 plays 13: out to t16 (undone)"
        )
        expect(other.locator(".history li.undone")).to_have_count(1)

        # a fold, and the turn passes on
        tap(phone, "Seat 1 folds")
        expect(phone.locator("#status")).to_have_text("Seat 2 to move (your partner).")
        fits_the_phone(phone)
    finally:
        other.context.close()


NARROWEST: ViewportSize = {"width": 280, "height": 653}  # a folding phone's outer screen


@pytest.mark.parametrize(
    ("path", "setup"),
    [
        ("/", None),
        ("/api/wolf/games", {"mode": "easy", "side": "one_star"}),
        ("/api/dog/games", {"seats": 4, "me": 0, "hand": ["2", "3", "4", "5", "6", "7"]}),
        ("/api/dog/games", {"variant": "agent-dog", "hand": ["2", "3", "5", "6", "8"]}),
    ],
    ids=["start", "sly-wolf", "dog", "agent-dog"],
)
def test_every_page_fits_the_narrowest_phone(
    server: str, browser: Browser, path: str, setup: dict[str, Any] | None
) -> None:
    """At 280 px the seats tables (five and six columns of single words) were 9 and 15 px wider
    than the screen, so the whole page scrolled sideways."""
    url = path if setup is None else api_post(server, path, setup)["url"]
    context = browser.new_context(viewport=NARROWEST, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.set_default_timeout(20_000)
        page.goto(server + url)
        settled(page)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= NARROWEST["width"], f"the page is {width} px wide"
        if setup is not None and path.endswith("dog/games"):
            expect(page.locator("table.seats")).to_be_visible()
    finally:
        context.close()


@pytest.mark.parametrize(
    "setup",
    [
        {"seats": 4, "me": 0, "hand": ["2", "3", "4", "5", "6", "7"]},
        {"seats": 6, "me": 0, "hand": ["2", "3", "4", "5", "6", "7"]},
        {"variant": "agent-dog", "hand": ["2", "3", "5", "6", "8"]},
    ],
    ids=["dog-4", "dog-6", "agent-dog"],
)
def test_no_field_number_is_under_a_field(server: str, phone: Page, setup: dict[str, Any]) -> None:
    """Found by a helper: a start field's number sat under its seat's first home field
    ("t1●" for t16 on the phone); it goes outside the ring now."""
    phone.goto(server + api_post(server, "/api/dog/games", setup)["url"])
    settled(phone)
    covered = phone.evaluate(
        """() => {
          const boxes = s => [...document.querySelectorAll('svg.board ' + s)].map(e => [
            e.textContent.trim() || e.querySelector('title').textContent, e.getBBox()]);
          const hit = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width &&
                                a.y < b.y + b.height && b.y < a.y + a.height;
          const out = [];
          for (const [label, a] of boxes('text.label'))
            for (const [name, b] of boxes('circle.home-field, circle.kennel, g.pawn'))
              if (hit(a, b)) out.push(label + ' under ' + name);
          return out;
        }"""
    )
    assert covered == []


def two_sheep_called(server: str, phone: Page) -> tuple[str, str, dict[str, Any]]:
    """A game whose turn has two sheep called, each with its vegetable found (the first two of
    the tops that like one vegetable in common), open on ``phone``: the two sheep and the game."""
    likes = {s.name: s.likes for s in load_roster("default").sheep}
    tops = ["drum set", "harp", "clarinet", "trumpet"]
    first, second, kind = next(
        (a, b, k) for a in tops for b in tops if a != b for k in likes[a] if k in likes[b]
    )
    game = api_post(server, "/api/wolf/games", {"mode": "easy", "side": "one_star"})
    lines = [f"top {t}" for t in tops] + [f"call {first}", f"found {kind}", f"call {second}"]
    lines.append(f"found {next(k for k in likes[second] if k != kind)}")
    for line in lines:
        api_post(server, f"/api/wolf/games/{game['id']}/entries", {"line": line})
    phone.goto(server + game["url"])
    settled(phone)
    return first, second, game


def interview_form(phone: Page, sheep: str) -> Locator:
    """The form of ``sheep``'s interview, in a turn with sheep called (its button names it)."""
    return phone.locator(
        "form", has=phone.get_by_role("button", name=f"Record {sheep}’s interview", exact=True)
    )


def answer(form: Locator, points_to: str, testimony: str | None = None) -> None:
    """Choose in an interview form whom the sheep points at and, if given, what it says."""
    form.locator("select[name=points_to]").select_option(points_to)
    if testimony is not None:
        form.locator("select[name=testimony]").select_option(testimony)


def test_two_sheep_to_interview_have_a_form_each_on_a_phone(server: str, phone: Page) -> None:
    """Two sheep called in one turn: each has its own form, whose pointers leave that sheep
    out (one list of sheep offered each as its own pointer); the second is recorded first,
    and the first's form stays, now the only one."""
    first, second, game = two_sheep_called(server, phone)
    for sheep, other in ((first, second), (second, first)):
        pointers = interview_form(phone, sheep).locator("select[name=points_to] option")
        offered = pointers.all_inner_texts()
        assert sheep not in offered and other in offered
    fits_the_phone(phone)
    form = interview_form(phone, second)
    answer(form, first, "red pants")
    tap(phone, f"Record {second}’s interview")
    expect(phone.locator("ol.history li").last).to_have_text(
        f"interview {second}, {first}, red pants"
    )
    expect(phone.get_by_role("button", name=re.compile("^Record "))).to_have_count(1)
    expect(phone.get_by_role("button", name=f"Record {first}’s interview")).to_have_count(1)
    expect(phone.locator("input[name=sheep][type=hidden]")).to_have_value(first)
    fits_the_phone(phone)


def test_answers_chosen_for_one_sheep_stay_when_another_phone_records_the_other(
    server: str, phone: Page
) -> None:
    """Found by a helper: two sheep called in one turn, answers chosen on this phone for the
    first; another phone records the second's interview.  The first's button changed its
    label ("Record harp's interview" became "Record the interview"), so the page took it for
    another form: the answers were dropped and the form said they were "already recorded"."""
    first, second, game = two_sheep_called(server, phone)
    record = f"Record {first}’s interview"
    form = interview_form(phone, first)
    answer(form, second, "red pants")
    # the other sheep's answers chosen here too (a regression round: with both forms filled,
    # the recorded one's choices were taken for this form's, marked "already recorded")
    other = interview_form(phone, second)
    answer(other, first)
    phone.locator("h2", has_text="Suspects").tap()
    line = f"interview {second}, {first}, yellow top hat"
    api_post(server, f"/api/wolf/games/{game['id']}/entries", {"line": line})
    expect(phone.locator("ol.history li").last).to_have_text(line)
    settled(phone)
    expect(phone.locator(".stale-note")).to_have_count(0)
    expect(form.locator("select[name=points_to]")).to_have_value(second)
    expect(form.locator("select[name=testimony]")).to_have_value("red pants")
    tap(phone, record)
    expect(phone.locator("ol.history li").last).to_have_text(
        f"interview {first}, {second}, red pants"
    )


def test_the_other_sheep_s_form_is_not_marked_when_one_sheep_is_recorded_elsewhere(
    server: str, phone: Page
) -> None:
    """Found by a regression round: answers chosen for one of two sheep called, and another
    phone records that sheep's interview; the other sheep's form, untouched, was marked "This
    was already recorded, or changed on another device" (the two forms differ only in whose
    interview they are)."""
    first, second, game = two_sheep_called(server, phone)
    form = interview_form(phone, first)
    answer(form, second)
    phone.locator("h2", has_text="Suspects").tap()
    line = f"interview {first}, {second}, yellow top hat"
    api_post(server, f"/api/wolf/games/{game['id']}/entries", {"line": line})
    expect(phone.locator("ol.history li").last).to_have_text(line)
    settled(phone)
    expect(phone.locator(".stale-note")).to_have_count(0)
    tap(phone, f"Record {second}’s interview")
    expect(phone.locator("ol.history li").last).to_have_text(f"interview {second}, ?, ?")


def test_answers_chosen_for_both_sheep_stay_when_this_phone_records_one(
    server: str, phone: Page
) -> None:
    """Found by a regression round: both sheep's answers chosen on one phone, then one recorded
    there; the page that tap brought showed the other sheep's form blank, and its next tap
    recorded "interview harp, ?, ?"."""
    first, second, _ = two_sheep_called(server, phone)
    mine = interview_form(phone, first)
    answer(mine, second, "red pants")
    other = interview_form(phone, second)
    answer(other, first, "yellow top hat")
    tap(phone, f"Record {first}’s interview")
    expect(phone.locator("ol.history li").last).to_have_text(
        f"interview {first}, {second}, red pants"
    )
    expect(other.locator("select[name=points_to]")).to_have_value(first)
    expect(other.locator("select[name=testimony]")).to_have_value("yellow top hat")
    expect(phone.locator(".stale-note")).to_have_count(0)
    tap(phone, f"Record {second}’s interview")
    expect(phone.locator("ol.history li").last).to_have_text(
        f"interview {second}, {first}, yellow top hat"
    )
