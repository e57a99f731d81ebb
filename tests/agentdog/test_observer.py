"""Observer views (spec section 3): colourings counted once, game records, advice risks."""

from __future__ import annotations

import json
import math
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheepdog.solver.agentdog.advise import _DEPENDS as DEPENDS
from sheepdog.solver.agentdog.advise import _card, advise_view
from sheepdog.solver.agentdog.moves import (
    legal_plays,
    play_by_words,
    said_after,
    without_face_up,
    without_seats,
)
from sheepdog.solver.agentdog.observer import (
    HistoryMismatch,
    colour_chances,
    colouring_count,
    colourings,
    view_from_json,
    view_of,
    view_to_json,
)
from sheepdog.solver.agentdog.position import (
    make_position,
    position_from_json,
    position_to_json,
)
from sheepdog.solver.agentdog.wording import submoves
from sheepdog.solver.errors import SheepdogError
from tests.agentdog.games import random_position, recorded_game
from tests.agentdog.reference import canonical, reference_successors

EXAMPLE: dict[str, Any] = {
    "variant": "agent-dog",
    "pawns": {
        "0": ["t8", "t21", "h3", "k"],
        "1": ["k", "k", "k", "t16"],
        "2": ["h3", "h2", "t44", "t5"],
        "3": ["t48", "k", "k", "k"],
    },
    "hands": {"0": ["copy", "partner"], "1": ["2", "swap"], "2": ["3"], "3": ["13"]},
    "to_move": 0,
    "last_card": "5",
}


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 60))
def test_colourings_are_the_distinct_ways_and_include_the_truth(seed: int, plies: int) -> None:
    pos = random_position(seed, plies, 3)
    view = view_from_json(view_to_json(view_of(pos, pos.to_move)))
    belief = colourings(view)
    # each colouring once: the multinomial number of ways to colour the undercover fields
    ways = math.factorial(len(view.undercover))
    for k in view.hidden:
        ways //= math.factorial(k)
    assert len(belief) == len(set(belief)) == ways == colouring_count(view)
    assert pos.pawns in belief
    for pawns in belief:
        assert view_of(view.completion(pawns, pos.hands), pos.to_move) == view
    chances = colour_chances(view, belief)
    for field, shares in chances.items():
        assert sum(shares.values()) == 1
        true_colour = next(c for c, locs in enumerate(pos.pawns) if field in locs)
        assert shares[true_colour] > 0


def test_too_many_colourings_are_refused_before_any_is_listed() -> None:
    """16 undercover pieces on a layout of holes allow 63,063,000 colourings: listing them took
    minutes and gigabytes before the limit was checked."""
    fields = [x for x in range(96) if x % 24 and x % 24 != 12]
    obj = {
        "variant": "agent-dog",
        "seats": 4,
        "layout": {
            "fields_per_seat": 24,
            "holes": [f"t{x}" for x in fields],
            "meeting_points": [f"t{24 * k + 12}" for k in range(4)],
        },
        "view": "observer",
        "pawns": {str(c): ["u"] * 4 for c in range(4)},
        "undercover": [f"t{x}" for x in fields[:16]],
        "hands": {"0": ["5", "2"], "1": ["?"], "2": ["?"], "3": ["?"]},
        "to_move": 0,
        "last_card": "9",
    }
    view = view_from_json(obj)
    assert colouring_count(view) == math.factorial(16) // math.factorial(4) ** 4 == 63_063_000
    with pytest.raises(SheepdogError, match=r"63,063,000 colourings .* \(at most 50,000 are"):
        colourings(view)
    recorded = view_from_json({**obj, "history": {"from": obj, "plays": []}})
    with pytest.raises(SheepdogError, match="the game record's first view .* start the record"):
        colourings(recorded)
    small = view_of(position_from_json(EXAMPLE), 0)  # 2 colourings
    assert len(colourings(small, limit=2)) == colouring_count(small) == 2
    with pytest.raises(SheepdogError, match=r"2 colourings .* \(at most 1 are followed\)"):
        colourings(small, limit=1)


def test_the_spec_example_view() -> None:
    view = view_of(position_from_json(EXAMPLE), 0)
    out = view_to_json(view)
    assert out["view"] == "observer"
    assert out["undercover"] == ["t8", "t44"]
    assert out["pawns"]["0"].count("u") == 1 and out["pawns"]["2"].count("u") == 1
    assert out["hands"]["1"] == ["?", "?"] and out["hands"]["0"] == ["copy", "partner"]
    assert len(colourings(view)) == 2


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"undercover": ["t8"]}, "listed as 'u'"),
        ({"undercover": ["t8", "t45"]}, "not a hole"),
        ({"pawns": {**EXAMPLE["pawns"], "0": ["t8", "t21", "h3", "k"]}}, "undercover"),
        ({"view": "player"}, "observer"),
        ({"colours": {}}, "unknown key"),
        # a winner no side has earned (checked, not trusted: the game was over at once)
        ({"winner": 1}, "'winner' 1 is not a seat of a complete side"),
    ],
)
def test_bad_views_are_one_line_errors(change: dict[str, object], message: str) -> None:
    obj = {**view_to_json(view_of(position_from_json(EXAMPLE), 0)), **change}
    with pytest.raises(SheepdogError, match=message):
        view_from_json(obj)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 12))
def test_a_record_from_a_visible_start_leaves_one_colouring(seed: int, plies: int) -> None:
    start, plays, end = recorded_game(seed, plies)
    assert json.loads(json.dumps(start))["undercover"] == []
    obj = view_to_json(view_of(end, end.to_move))
    obj["history"] = {"from": start, "plays": plays}
    view = view_from_json(obj)
    # every piece was seen going under, and keeps its colour through moves, swaps and pulls
    assert colourings(view) == [end.pawns]


def test_a_swap_of_two_seen_pieces_keeps_their_colours() -> None:
    pos = make_position(
        [[4, -1, -1, -1], [24, -1, -1, -1], [], []], [["swap"], ["2"], [], []], 0, players=[0, 1]
    )
    after = play_by_words(pos, "swap", "t4 ↔ t24").position
    assert after.pawns == ((-1, -1, -1, 24), (-1, -1, -1, 4), (), ())
    start = view_to_json(view_of(pos, 0))
    obj = view_to_json(view_of(after, 1))
    # without the record both colourings fit; with it, only the true one
    assert len(colourings(view_from_json(obj))) == 2
    obj["history"] = {"from": start, "plays": [{"seat": 0, "card": "swap", "play": "t4 ↔ t24"}]}
    # the start view itself has two colourings: the record keeps both, swapped
    assert len(colourings(view_from_json(obj))) == 2
    start["undercover"] = ["t24"]
    start["pawns"] = {"0": ["k", "k", "k", "t4"], "1": ["k", "k", "k", "u"]}
    with pytest.raises(SheepdogError, match="undercover"):
        view_from_json(start)


def test_a_history_that_does_not_lead_here_is_an_error() -> None:
    start, plays, end = recorded_game(7, 4)
    obj = view_to_json(view_of(end, end.to_move))
    obj["history"] = {"from": start, "plays": plays[:-1]}
    with pytest.raises(HistoryMismatch, match="does not lead"):  # typed: readers name the file
        colourings(view_from_json(obj))
    # the last card played is the record's (a Copy copies it: advice on another is wrong)
    obj["history"] = {"from": start, "plays": plays}
    assert colourings(view_from_json(obj))
    other = "13" if obj["last_card"] != "13" else "2"
    with pytest.raises(
        HistoryMismatch, match=f"the last card played is .*, but the view says {other}"
    ):
        colourings(view_from_json({**obj, "last_card": other}))


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(10, 80))
def test_knock_out_risk_is_the_exact_share_of_colourings(seed: int, plies: int) -> None:
    """Checked against the independent reference generator: in each colouring, the engine's
    result of the play is one of the reference's successors, and the play puts her out of the
    round exactly when that successor has emptied her hand (she holds 3 cards)."""
    pos = random_position(seed, plies, 3)
    view = view_of(pos, pos.to_move)
    advice = advise_view(view, samples=0)
    belief = colourings(view)
    assert advice.colourings == len(belief)
    mover = pos.to_move
    for item in advice.plays:
        knocks = possible = 0
        for pawns in belief:
            completion = view.completion(pawns, pos.hands)
            try:
                result = play_by_words(
                    completion, _card(item.card), item.words, check=False
                ).position
            except SheepdogError:
                continue  # a play of some colourings only (a revealed piece not hers to move)
            possible += 1
            ref = {canonical(s) for s in reference_successors(position_to_json(completion))}
            assert canonical(position_to_json(result)) in ref
            knocks += not result.hands[mover] and item.card != "fold"  # a fold empties it too
        assert item.knocks == knocks
        assert item.possible == possible > 0
        # the words claim a knock-out only when it is certain (A18: colours are unseen)
        claims = "knocks out her side's piece" in item.description
        assert claims == (0 < knocks == possible) or "depends on the undercover" in item.description
        _said_in_every_colouring(view, pos, item)


def test_the_exact_risks_report_their_progress() -> None:
    """Found by a helper: with 8 undercover pieces (2,520 colourings) and 505 plays the exact
    risks took minutes (every play looked for by its words in every colouring) and showed a
    bar with no count.  Each colouring's plays are now found in its own list (the test above
    checks the risks against the words looked for one by one), and the work reports the
    colourings listed, then the plays found in them, to the end."""
    pos = make_position(
        [[-1, -1, 2, 12], [-1, -1, 35, 20], [-1, -1, 60, 28], [-1, -1, -1, 50]],
        [["8", "8", "partner"], ["2", "3", "5"], ["6", "9", "10"], ["12", "13", "2"]],
        0,
    )
    view = view_of(pos, 0)
    heard: list[tuple[int, int, str]] = []
    quiet = advise_view(view, samples=0)
    told = advise_view(view, samples=0, risk_progress=lambda *step: heard.append(step))
    assert told.plays == quiet.plays and told.colourings == quiet.colourings > 1
    listed = [(done, total) for done, total, what in heard if what == "colourings"]
    found = [(done, total) for done, total, what in heard if what == "plays"]
    assert listed[-1] == (quiet.colourings, quiet.colourings)
    assert found[-1][0] == found[-1][1] >= len(quiet.plays)
    assert [what for *_, what in heard] == sorted(what for *_, what in heard)  # then the plays


def test_a_knock_out_in_some_colourings_only_is_a_risk_not_a_claim() -> None:
    view = view_from_json(
        {
            "variant": "agent-dog",
            "seats": 4,
            "layout": "default",
            "view": "observer",
            "pawns": {
                "0": ["u", "u", "t2", "k"],
                "1": ["u", "t16", "k", "k"],
                "2": ["k", "k", "k", "k"],
                "3": ["k", "k", "k", "k"],
            },
            "undercover": ["t8", "t12", "t24"],
            "hands": {"0": ["6", "10"], "1": ["?"], "2": ["?"], "3": ["?"]},
            "to_move": 0,
            "last_card": "8",
        }
    )
    plays = {p.words: p for p in advise_view(view, samples=0).plays}
    assert (plays["t2→t8"].knocks, plays["t2→t8"].possible) == (2, 3)
    assert plays["t2→t8"].description == (  # the piece on t8 goes, whatever its colour
        "6: t2→t8 (knocks out t8); what follows depends on the undercover colours"
    )


def test_what_happens_in_every_colouring_is_said_when_the_rest_depends_on_them() -> None:
    """A Partner play knocks out the pieces on t8 and t12 and meets on t9 (pulling t4's piece
    to t8) in each of the 12 colourings; only the A6 knock-out of her side depends on them.
    The play read "partner: t7→t8, t11→t12, [seat 2] t30→t31, t8→t9; what follows depends on
    the undercover colours": the knock-outs and the meeting, sure, were not said."""
    pos = position_from_json(
        {
            "variant": "agent-dog",
            "seats": 4,
            "layout": "default",
            "pawns": {
                "0": ["t7", "t11", "t4", "t8"],
                "1": ["t12", "k", "k", "k"],
                "2": ["t30", "k", "k", "k"],
                "3": ["t20", "k", "k", "k"],
            },
            "hands": {"0": ["partner"], "1": ["2"], "2": ["2"], "3": ["2"]},
            "to_move": 0,
            "last_card": None,
        }
    )
    advice = advise_view(view_of(pos, 0), samples=0)
    plays = {p.words: p for p in advice.plays}
    play = plays["t7→t8, t11→t12, [seat 2] t30→t31, t8→t9"]
    assert play.description == (
        "partner: t7→t8 (knocks out t8), t11→t12 (knocks out t12), [seat 2] t30→t31, t8→t9;"
        " meeting t9: t4→t8; what else follows depends on the undercover colours"
    )
    assert (play.knocks, play.possible) == (10, 12)
    assert sum(_said_in_every_colouring(view_of(pos, 0), pos, p) for p in advice.plays) > 100


def _said_in_every_colouring(view: Any, pos: Any, item: Any) -> bool:
    """Every part of a play's words (its sub-moves with what they knocked out, what followed)
    is said by the play in every colouring where it is made, the seat of a piece left out
    only; True when the words end in "... depends on the undercover colours"."""
    head, _, tail = item.description.partition("; what ")
    assert tail in ("", f"follows {DEPENDS}", f"else follows {DEPENDS}")
    moves, *after = head.split("; ")
    for pawns in colourings(view):
        try:
            done = play_by_words(
                view.completion(pawns, pos.hands), _card(item.card), item.words, check=False
            )
        except SheepdogError:
            continue
        first, *rest = done.description.split("; ")
        items = submoves(first)
        for said in submoves(moves):
            assert any(
                without_face_up(said) in (without_face_up(i), without_seats(without_face_up(i)))
                and all(
                    a in said_after(i) or a in [without_seats(b) for b in said_after(i)]
                    for a in said_after(said)
                )
                for i in items
            ), (said, first)
        assert all(a in rest or a in [without_seats(r) for r in rest] for a in after)
    return bool(tail)


def test_where_a_piece_turned_face_up_goes_is_not_told_when_it_depends_on_its_colour() -> None:
    """A 3 takes the undercover piece on t62 into her home: turned face up (A5), it goes to its
    own kennel or home in one colouring and stays in the other.  The play read "3: t62→h0 (face
    up: seat 1's piece goes to its h3)", one colouring's result given as the play's (A18: the
    choices name fields, never colours)."""
    view = view_from_json(
        {
            "variant": "agent-dog",
            "seats": 4,
            "view": "observer",
            "layout": {
                "fields_per_seat": 16,
                "holes": ["t4", "t8", "t62", "t24", "t40", "t56"],
                "meeting_points": ["t9", "t25", "t41", "t57"],
            },
            "pawns": {
                "0": ["t20", "u", "k", "k"],
                "1": ["u", "k", "k", "k"],
                "2": ["t33", "k", "k", "k"],
                "3": ["t50", "k", "k", "k"],
            },
            "undercover": ["t8", "t62"],
            "hands": {"0": ["partner", "3"], "1": ["?", "?"], "2": ["?"], "3": ["?"]},
            "to_move": 0,
            "last_card": None,
        }
    )
    advice = advise_view(view, samples=0)
    plays = {p.description.split(";")[0]: p for p in advice.plays}
    assert "3: t62→h0" in plays
    assert all("face up" not in p.description for p in advice.plays)
    assert plays["3: t62→h0"].description.endswith("what follows depends on the undercover colours")


def test_words_name_pieces_by_field_in_every_colouring() -> None:
    """A18: a Partner step after a reveal names the revealed piece by its field; the seat the
    engine adds for a visible piece is not needed to match the play in another colouring."""
    k = -1
    hands = [["partner"], ["2"], ["3"], ["5"]]
    a = make_position([[24, k, k, k], [37, k, k, k], [28, k, k, k], [25, k, k, k]], hands, 0)
    b = make_position([[28, k, k, k], [37, k, k, k], [24, k, k, k], [25, k, k, k]], hands, 0)
    words = "t24→t25, t25→t28"
    first = play_by_words(a, "partner", words, check=False)
    second = play_by_words(b, "partner", words, check=False)
    assert "[seat 2] t25→t28" in second.description  # the revealed piece, named with its seat
    assert first.out_of_round and second.out_of_round  # t28 holds her side's piece either way
    assert first.position.pawns != second.position.pawns


def test_advice_when_nothing_is_playable_is_the_fold() -> None:
    k = -1
    pos = make_position(
        [[k, k, k, k], [k, k, k, k], [k, k, k, k], [k, k, k, k]],
        [["8", "8", "swap"], ["2"], ["3"], ["5"]],
        0,
    )
    advice = advise_view(view_of(pos, 0), samples=1)
    assert [(p.card, p.knocks) for p in advice.plays] == [("fold", 0)]
    assert advice.plays[0].draws + advice.plays[0].losses + advice.plays[0].wins == 1


@pytest.mark.parametrize("players", [[0, 2], [0, 1, 2]])
def test_advice_with_2_3_players_and_nothing_playable_lists_the_discards(
    players: list[int],
) -> None:
    """A17: she discards one card and draws the stock's top, which a view does not show: the
    advice was an error; it lists each discard (what follows is chosen once the card is seen;
    no piece moves before it)."""
    k = -1
    pawns = [[k, k, k, k] if seat in players else [] for seat in range(4)]
    hands = [
        ["8", "8", "swap"] if seat == 0 else (["2"] if seat in players else []) for seat in range(4)
    ]
    pos = make_position(pawns, hands, 0, players=players, stock=["5", "9", "13"])
    view = view_of(pos, 0)
    assert view.stock == ("?", "?", "?")
    advice = advise_view(view, samples=0)
    assert [(p.card, p.words, p.knocks) for p in advice.plays] == [
        ("fold", "fold: discard 8, draw a card not seen yet", 0),
        ("fold", "fold: discard swap, draw a card not seen yet", 0),
    ]
    # each made in every colouring (found by a helper: ``possible`` was 0, "of" in --json 1)
    for play in advice.plays:
        assert play.possible == advice.colourings == play.to_dict(1)["knocks_own_side"]["of"]
    # with the stock known, the same hand's folds go on to the card drawn
    assert all(p.description.startswith("fold: discard") for p in legal_plays(pos))


def test_play_by_words_reads_card_names_as_the_command_line_does() -> None:
    pos = make_position(
        [[2, -1, -1, -1], [8, -1, -1, -1], [], []],
        [["5", "partner"], ["2"], [], []],
        0,
        players=[0, 1],
    )
    assert play_by_words(pos, " 5", "t2->t7").description == "5: t2→t7"
    assert play_by_words(pos, "Partner", "t2→t6").description == "partner: t2→t6"
    with pytest.raises(SheepdogError, match="unknown card 'joker'; valid cards are: 1/11, 2, 3"):
        play_by_words(pos, "joker", "t2→t7")
    with pytest.raises(SheepdogError, match="seat 0 holds no '2' card"):
        play_by_words(pos, "2", "t2→t4")


def test_a_view_with_its_record_writes_back_whole() -> None:
    """``view_to_json`` keeps the record (``"history"``): read back, the view is equal and
    narrows the colourings as the original does."""
    example = json.loads(json.dumps(EXAMPLE))
    example["pawns"]["0"] = ["t7", "t21", "h3", "k"]
    example["pawns"]["2"] = ["h3", "h2", "t42", "t5"]
    start = position_from_json(example)
    words = "t7→t8, t21→t22, [seat 2] t42→t44"
    child = play_by_words(start, "partner", words).position
    data = view_to_json(view_of(child, child.to_move))
    seen = {"pawns": data["pawns"], "undercover": data["undercover"]}
    data["history"] = {
        "from": view_to_json(view_of(start, 0)),
        "plays": [{"seat": 0, "card": "partner", "play": words, **seen}],
    }
    view = view_from_json(data)
    assert len(colourings(view)) == 1
    written = view_to_json(view)
    assert written == data
    back = view_from_json(json.loads(json.dumps(written)))
    assert back == view and colourings(back) == colourings(view)
    assert back.history == view.history and back.history_from == view.history_from


def test_a_fold_not_made_here_lists_the_folds_there_are() -> None:
    """Two players, nothing playable: the folds (discard, draw, play the card drawn) are the
    only plays; words that are none of them get the list."""
    perft = Path(__file__).resolve().parent.parent.parent / "cases" / "agentdog" / "perft.txt"
    line = next(x for x in perft.read_text().splitlines() if '"players":[0,2]' in x)
    pos = position_from_json(json.loads(line[len("position ") :]))
    folds = [p.description for p in legal_plays(pos)]
    assert folds and all(f.startswith("fold: ") for f in folds)
    with pytest.raises(SheepdogError) as refused:
        play_by_words(pos, None, "discard 2")
    assert str(refused.value).startswith("no fold 'discard 2' here; the folds here are '")
    assert all(f"'{f}'" in str(refused.value) for f in folds[:6])
    assert play_by_words(pos, None, folds[0]).description == folds[0]


def test_a_solve_the_deadline_stops_drops_its_sample(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each solve in a sample runs under the time budget; the one it stops drops the sample,
    so every play keeps the same samples."""
    from sheepdog.solver.agentdog import advise as advise_module
    from sheepdog.solver.dog.graph import PROGRESS_EVERY

    real = advise_module.solve_position  # type: ignore[attr-defined]
    budgets: list[Any] = []

    def third_runs_long(pos: Any, *, max_nodes: int, progress: Any = None) -> Any:
        budgets.append(progress)
        if len(budgets) == 3:  # as the deadline has passed: the first report stops it
            monkeypatch.setattr(time, "monotonic", lambda: math.inf)
            progress(PROGRESS_EVERY)
        return real(pos, max_nodes=max_nodes)

    monkeypatch.setattr(advise_module, "solve_position", third_runs_long)
    k = -1
    pos = make_position(
        [[6, k, k, 101], [8, k, k, k], [32, k, k, k], [24, k, k, 48]],
        [["1/11", "partner"], ["2", "3"], ["9", "10"], ["13", "swap"]],
        0,
    )
    advice = advise_view(view_of(pos, 0), samples=4, seconds=3600)
    assert len(advice.plays) >= 3 and all(callable(b) for b in budgets)
    assert advice.stopped == "time" and len(budgets) == 3
    assert all(p.wins + p.draws + p.losses + p.unresolved == 0 for p in advice.plays)
    out = advice.to_dict()
    assert out["solve_stopped"] is True and out["seconds"] >= 0 and out["samples"] == 0
    from sheepdog.cli.dog_endgame import agent_advice_lines

    assert "the limit stopped one of its exact solves" in agent_advice_lines(out)[-1]


@pytest.mark.parametrize("players", [[0, 2], [1, 2, 3]])
def test_seats_not_in_play_are_written_with_empty_lists(players: list[int]) -> None:
    """Spec section 3: a 2-3 player position lists every seat, those not in play with ``[]``
    pieces and cards; position and observer view alike, and both read back equal."""
    pawns = [[-1, -1, -1, -1] if k in players else [] for k in range(4)]
    hands = [["5"] if k in players else [] for k in range(4)]
    pos = make_position(pawns, hands, players[0], players=players)
    data = position_to_json(pos)
    for key in ("pawns", "hands"):
        assert sorted(data[key]) == ["0", "1", "2", "3"]
        assert all(data[key][str(k)] == [] for k in range(4) if k not in players)
    assert position_from_json(json.loads(json.dumps(data))) == pos
    view = view_to_json(view_of(pos, players[0]))
    assert all(
        view["pawns"][str(k)] == [] and view["hands"][str(k)] == []
        for k in range(4)
        if k not in players
    )
    assert view_to_json(view_from_json(json.loads(json.dumps(view)))) == view


def test_a_piece_whose_seat_depends_on_the_colours_is_named_by_its_field() -> None:
    """t44 is undercover: in one of 3 colourings its piece is seat 0's and the step of the
    piece on t45 after it is hers, "t45→t46", in the others seat 2's, "[seat 2] t45→t46".  The
    words said "[seat 2]" (one colouring's words, a colour she cannot see, A18) and left out
    the knock-out of [seat 1] t45, which happens in all three."""
    obj = {
        "variant": "agent-dog",
        "seats": 4,
        "layout": "default",
        "view": "observer",
        "pawns": {
            "0": ["k", "t21", "h3", "u"],
            "1": ["k", "k", "t45", "t16"],
            "2": ["k", "h2", "u", "u"],
            "3": ["k", "k", "k", "t48"],
        },
        "undercover": ["t8", "t44", "t60"],
        "hands": {"0": ["partner"], "1": ["?", "?"], "2": ["?"], "3": ["?"]},
        "to_move": 0,
        "last_card": "5",
    }
    view = view_from_json(obj)
    advice = advise_view(view, samples=0)
    described = {p.description for p in advice.plays}
    assert "partner: t21→t23, t44→t45 (knocks out [seat 1] t45), t45→t46" in described
    assert not any("[seat 2] t45→t46" in d for d in described)
    # the choice itself (`play` in --json, what a page offers) names no such seat either
    words = {p.words for p in advice.plays}
    assert "t21→t23, t44→t45, t45→t46" in words
    assert not any("[seat 2] t45→t46" in w for w in words)


def test_a_views_repr_reads_as_the_positions_notation() -> None:
    """Found by a helper: it showed the internal codes (``visible=((-1, 21, 103), ...)``)."""
    view = view_of(position_from_json(EXAMPLE), 0)
    assert repr(view) == (
        "<ObserverView k,t21,h3,u/k,k,k,t16/t5,h2,h3,u/k,k,k,t48 undercover=t8,t44"
        " copy,partner/?,?/?/? 0 last=5>"
    )


def test_a_view_without_its_view_key_is_told_what_it_lacks() -> None:
    """Found by a helper: a view whose "view": "observer" was left out was read as a whole
    position and refused for "unknown key 'undercover'", as if that key were the mistake."""
    from sheepdog.solver.variants import parse_any

    obj = view_to_json(view_of(position_from_json(EXAMPLE), 0))
    del obj["view"]
    with pytest.raises(SheepdogError) as told:
        parse_any(json.dumps(obj))
    assert str(told.value).endswith(
        '(\'undercover\' belongs to an observer view, which says "view": "observer")'
    )
    with pytest.raises(SheepdogError, match="unknown key 'colours'; valid keys are: [^(]*$"):
        position_from_json({**EXAMPLE, "colours": {}})
    # the view reader: it sent such a file to load_agent_position, which refused it (a
    # regression round)
    from sheepdog.solver.agentdog.observer import parse_view

    with pytest.raises(SheepdogError) as told:
        parse_view(json.dumps(obj), "v.json")
    assert str(told.value) == 'v.json: an observer view has "view": "observer"'


def test_a_view_without_view_or_undercover_keys_is_sent_to_no_other_reader() -> None:
    """Found by a regression round: a view with no undercover piece on a hole and no "view"
    key (its "?" cards or "u" pieces are a view's alone) was sent by the view reader to
    load_agent_position, which sent it back."""
    from sheepdog.solver.agentdog.observer import parse_view

    obj = view_to_json(view_of(position_from_json(EXAMPLE), 0))
    del obj["view"]
    del obj["undercover"]
    with pytest.raises(SheepdogError) as told:
        parse_view(json.dumps(obj), "v.json")
    assert str(told.value) == 'v.json: an observer view has "view": "observer"'
    with pytest.raises(SheepdogError) as told:
        position_from_json(obj)
    assert "load_view" not in str(told.value) and "observer view" in str(told.value)
    # "?" cards alone (every piece off the holes) make a view too
    hidden = {**EXAMPLE, "hands": {"0": ["2"], "1": ["?"], "2": [], "3": []}}
    with pytest.raises(SheepdogError) as told:
        parse_view(json.dumps(hidden), "v.json")
    assert str(told.value) == 'v.json: an observer view has "view": "observer"'


def test_a_view_key_that_is_not_observer_is_quoted() -> None:
    """Found by a regression round: ``"view": null`` was called an unknown key while the
    same message asked for "view": "observer"."""
    from sheepdog.solver.agentdog.observer import parse_view

    obj = view_to_json(view_of(position_from_json(EXAMPLE), 0))
    for value, shown in ((None, "null"), ("Observer", '"Observer"'), (1, "1")):
        bad = {**obj, "view": value}
        with pytest.raises(SheepdogError) as told:
            parse_view(json.dumps(bad), "v.json")
        assert (
            str(told.value)
            == f'v.json: \'view\' is {shown}: an observer view has "view": "observer"'
        )
        with pytest.raises(SheepdogError) as told:
            position_from_json(bad)
        assert str(told.value).startswith(f"'view' is {shown}: an observer view says")
        assert "unknown key" not in str(told.value)
