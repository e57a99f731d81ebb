"""Game records (the ``"history"`` of an observer view, :mod:`sheepdog.solver.agentdog.history`):
followed play by play, the turn checked as well as the pieces (A12, A14, A16, A17)."""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheepdog.solver.agentdog.advise import _unseen, advise_view
from sheepdog.solver.agentdog.cards import full_deck
from sheepdog.solver.agentdog.moves import legal_plays, play_by_words
from sheepdog.solver.agentdog.observer import (
    HistoryMismatch,
    RecordOutOfTime,
    colourings,
    view_from_json,
    view_of,
    view_to_json,
)
from sheepdog.solver.agentdog.position import AgentPosition, make_position
from sheepdog.solver.errors import FileFormatError, SheepdogError
from tests.agentdog.games import random_position, recorded_game


def test_a_record_must_follow_the_turn_order_and_the_hands() -> None:
    """Found by a helper: the record was checked against the pieces only, so a play by a seat
    not to move, or a final view still holding the card played, was accepted (A16)."""
    start, plays, end = recorded_game(7, 4)
    obj = view_to_json(view_of(end, end.to_move))
    obj["history"] = {"from": start, "plays": plays}
    assert colourings(view_from_json(obj))
    wrong_seat = [{**plays[0], "seat": (plays[0]["seat"] + 1) % 4}, *plays[1:]]
    with pytest.raises(HistoryMismatch, match=r"history play 1: seat \d plays, but seat \d is"):
        colourings(view_from_json({**obj, "history": {"from": start, "plays": wrong_seat}}))
    # the observer's own cards are known from the first view: she plays only what she holds
    mover = plays[0]["seat"]
    held = start["hands"][str(mover)]
    missing = next(c for c in ("13", "2", "3", "5") if c not in held)
    other_card = [{**plays[0], "card": missing}, *plays[1:]]
    with pytest.raises(HistoryMismatch, match=f"plays {missing}, but holds"):
        colourings(view_from_json({**obj, "history": {"from": start, "plays": other_card}}))
    # the view after the plays: the seat to move and the number of cards in each hand
    turned = {**obj, "to_move": (end.to_move + 1) % 4}
    with pytest.raises(HistoryMismatch, match="is to move, but the view says"):
        colourings(view_from_json(turned))
    seat = next(k for k in range(4) if end.hands[k] and k != end.to_move)
    more = {**obj, "hands": {**obj["hands"], str(seat): ["?", *obj["hands"][str(seat)]]}}
    was = len(end.hands[seat])
    with pytest.raises(HistoryMismatch, match=f"seat {seat} holds .* but the view shows") as told:
        colourings(view_from_json(more))
    # the count in words ("holds 1 card(s)" was the message)
    assert f"seat {seat} holds {was} card{'' if was == 1 else 's'}, but" in str(told.value)


def test_a_record_may_run_into_a_new_round() -> None:
    """When every hand is empty a new round is dealt (5 cards each after the passing, A16);
    its first player is whoever the record says, and her hand loses the card she plays."""
    rng = random.Random(5)
    pos = random_position(11, 6, 1)
    first = view_to_json(view_of(pos, pos.to_move))
    plays: list[dict[str, Any]] = []
    while pos.hands[pos.to_move]:
        play = rng.choice(legal_plays(pos))
        assert play.card is not None
        plays.append({"seat": pos.to_move, "card": play.card, "play": _words(play)})
        pos = play.position
    assert not any(pos.hands) and pos.last_card is not None
    deck = full_deck()
    rng.shuffle(deck)
    opener = (pos.to_move + 1) % 4
    hands = [[deck.pop() for _ in range(5)] for _ in range(4)]
    dealt = make_position(pos.pawns, hands, opener, None)  # A12: no last card in a new round
    # the view after the round: its end (no cards, the seat A16 names), or the next deal
    ended = {**view_to_json(view_of(pos, opener)), "history": {"from": first, "plays": plays}}
    assert colourings(view_from_json(ended))
    with pytest.raises(HistoryMismatch, match="is to move, but the view says"):
        colourings(view_from_json({**ended, "to_move": (pos.to_move + 1) % 4}))
    fresh = {**view_to_json(view_of(dealt, opener)), "history": ended["history"]}
    assert colourings(view_from_json(fresh))
    with pytest.raises(HistoryMismatch, match="the round is over: the view may show its end"):
        colourings(view_from_json({**fresh, "last_card": pos.last_card}))
    # a Copy cannot open the round (A12): found by a helper, it copied the last round's card
    copying = make_position(
        pos.pawns, [["copy"] if k == opener else [] for k in range(4)], opener, pos.last_card
    )
    copied = [p for p in legal_plays(copying) if p.card == "copy"]
    assert copied
    opening = {"seat": opener, "card": "copy", "play": _words(copied[0])}
    history = {"from": first, "plays": [*plays, opening]}
    end_copy = view_to_json(view_of(copied[0].position, opener))
    with pytest.raises(HistoryMismatch, match="history play .* copy"):
        colourings(view_from_json({**end_copy, "history": history}))
    play = rng.choice(legal_plays(dealt))
    assert play.card is not None
    plays.append({"seat": opener, "card": play.card, "play": _words(play)})
    end = play.position
    obj = view_to_json(view_of(end, opener))
    obj["history"] = {"from": first, "plays": plays}
    assert end.pawns in colourings(view_from_json(obj))
    # the new round's first player still loses the card she plays
    full = {**obj, "hands": {**obj["hands"], str(opener): [*obj["hands"][str(opener)], "2"]}}
    with pytest.raises(HistoryMismatch, match=f"seat {opener} holds 4 card"):
        colourings(view_from_json(full))


def test_a_four_player_fold_in_the_record_empties_her_hand() -> None:
    """A fold (A14) is a play of the record, written as ``moves`` prints it: her whole hand is
    discarded and the turn passes on; a fold of fewer cards than she holds is an error."""
    kennel = -1
    start = make_position(
        [[kennel] * 4, [16, kennel, kennel, kennel], [32] + [kennel] * 3, [48] + [kennel] * 3],
        [["2", "3"], ["5", "6"], ["2", "8"], ["3", "9"]],
        0,
    )
    (fold,) = legal_plays(start)
    assert fold.card is None and fold.description == "fold: discards 2, 3"
    play = play_by_words(fold.position, "5", "t16→t21")
    obj = view_to_json(view_of(play.position, 2))
    first = view_to_json(view_of(start, 1))  # seat 1 does not see seat 0's cards
    records = [
        {"seat": 0, "card": "2", "play": "fold: discards 2, 3"},
        {"seat": 1, "card": "5", "play": "t16→t21"},
    ]
    obj["history"] = {"from": first, "plays": records}
    assert colourings(view_from_json(obj)) == [play.position.pawns]
    # a fold's card is not read: null as `moves --json` writes it, "fold" as advice does
    for card in (None, "fold"):
        folded = [{**records[0], "card": card}, records[1]]
        again = {**obj, "history": {"from": first, "plays": folded}}
        assert colourings(view_from_json(again)) == [play.position.pawns]
        assert view_to_json(view_from_json(again))["history"]["plays"][0]["card"] == card
    with pytest.raises(FileFormatError, match="history play 2: 'card' must be a card name"):
        view_from_json(
            {**obj, "history": {"from": first, "plays": [records[0], {**records[1], "card": None}]}}
        )
    short = [{**records[0], "play": "fold: discards 2"}, records[1]]
    with pytest.raises(HistoryMismatch, match="a fold discards her whole hand"):
        colourings(view_from_json({**obj, "history": {"from": first, "plays": short}}))
    # without the fold in the record, seat 1's play comes out of turn
    with pytest.raises(HistoryMismatch, match="seat 1 plays, but seat 0 is to move"):
        colourings(view_from_json({**obj, "history": {"from": first, "plays": records[1:]}}))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 40), st.integers(1, 14), st.sampled_from([2, 3, 4]))
def test_a_true_record_keeps_the_true_colouring(
    seed: int, plies: int, recorded: int, players: int
) -> None:
    """From a start with undercover pieces, a game really played (folds of 4 players and of
    2-3 with their draws, knock-outs of one's own side and new rounds included) and recorded
    as the table sees it keeps the true colouring, whoever watches."""
    rng = random.Random(seed)
    pos = random_position(seed, plies, rng.randint(1, 5), players)
    watcher = rng.choice(pos.players)
    first = view_to_json(view_of(pos, watcher))
    plays: list[dict[str, Any]] = []
    for _ in range(recorded):
        options = legal_plays(pos)
        if not options:
            if pos.winner is not None or any(p and min(p) >= 100 for p in pos.pawns):
                break
            deck = full_deck()
            rng.shuffle(deck)
            hands = [[deck.pop() for _ in range(5)] if k in pos.players else [] for k in range(4)]
            opener = rng.choice(pos.players)
            stock = tuple(deck) if len(pos.players) < 4 else ()
            # a new round: no last card (A12), the 2-3 player stock dealt anew
            dealt = make_position(pos.pawns, hands, opener, None, players=pos.players)
            pos = AgentPosition(
                dealt.pawns,
                dealt.hands,
                opener,
                None,
                dealt.layout,
                dealt.rules,
                dealt.players,
                stock,
            )
            continue
        play = rng.choice(options)
        fold = play.description.startswith("fold")
        card = play.card if play.card is not None else pos.hands[pos.to_move][0]
        words = play.description if fold else _words(play)
        plays.append({"seat": pos.to_move, "card": card, "play": words})
        pos = play.position
    obj = view_to_json(view_of(pos, watcher))
    obj["history"] = {"from": first, "plays": plays}
    assert pos.pawns in colourings(view_from_json(obj))


def _words(play: Any) -> str:
    label = f"copy as {play.position.last_card}" if play.card == "copy" else str(play.card)
    return str(play.description.split(";")[0][len(label) + 2 :])


def test_following_a_record_reports_each_play_and_keeps_to_its_deadline() -> None:
    """Every colouring is carried through every play (about 60 microseconds each, so 50,000
    colourings and a long record take minutes): the caller hears of each play followed, and
    past the deadline the replay stops, saying how far it got."""
    start, plays, end = recorded_game(11, 6)
    obj = view_to_json(view_of(end, end.to_move))
    obj["history"] = {"from": start, "plays": plays}
    view = view_from_json(obj)
    heard: list[tuple[int, int]] = []
    assert colourings(view, progress=lambda done, total: heard.append((done, total))) == [end.pawns]
    assert heard == [(i, len(plays)) for i in range(1, len(plays) + 1)]
    with pytest.raises(RecordOutOfTime, match=rf"at play 1 of {len(plays)}, with 1 colouring"):
        colourings(view, deadline=time.monotonic() - 1)
    with pytest.raises(RecordOutOfTime) as caught:
        advise_view(view, samples=0, record_seconds=0)
    assert (caught.value.play, caught.value.plays, caught.value.followed) == (1, len(plays), 1)
    assert advise_view(view, samples=0).colourings == 1  # the default budget: a minute
    with pytest.raises(SheepdogError, match="record_seconds must be 0 or more"):
        advise_view(view, samples=0, record_seconds=-1)
    # a view without a record has nothing to follow: no deadline applies
    assert colourings(view_from_json(start), deadline=time.monotonic() - 1)


def _swaps_view(swaps_after_eights: int) -> dict[str, Any]:
    """Seat 0 (her hand shown) and the others swap t4 and t8 round after round, within one
    round: 8 swaps in the record, or 9 with ``swaps_after_eights`` = 2 (the deck holds 8)."""
    pawns = {"1": ["k", "k", "t30", "u"], "2": ["k", "k", "t34", "u"], "3": ["k", "k", "t50", "u"]}
    holes = ["t4", "t8", "t12", "t20"]
    first = {
        "variant": "agent-dog", "seats": 4, "layout": "default", "view": "observer",
        "pawns": {"0": ["k", "k", "t2", "u"], **pawns}, "undercover": holes,
        "hands": {"0": ["2", "5", "8", "13", "swap"], **{s: ["?"] * 5 for s in "123"}},
        "to_move": 0, "last_card": None,
    }  # fmt: skip
    swap = "t4 ↔ t8"
    plays = [{"seat": s, "card": "swap", "play": swap} for s in range(4)]
    for seat0 in (("5", "t2→t7"), ("8", "t7→t15")):
        plays.append({"seat": 0, "card": seat0[0], "play": seat0[1]})
        plays += [{"seat": s, "card": "swap", "play": swap} for s in (1, 2, 3)]
    plays = plays[: len(plays) - 3 + swaps_after_eights]
    seat = (swaps_after_eights + 1) % 4
    hands: dict[str, list[str]] = {"0": ["?", "?"]}
    for s in "123":
        left = 5 - sum(p["seat"] == int(s) for p in plays)
        hands[s] = ["2", "3", "5"] if int(s) == seat else ["?"] * left
    now = {
        **first, "pawns": {"0": ["k", "k", "t15", "u"], **pawns}, "hands": hands,
        "to_move": seat, "last_card": "swap", "history": {"from": first, "plays": plays},
    }  # fmt: skip
    return now


def test_a_record_playing_more_copies_of_a_card_than_the_deck_holds_is_refused() -> None:
    """Nine swaps in one round (the deck holds 8, A3) were answered with exact risks when
    nothing was sampled (only the sampler's deal counted the deck), and with sampling the error
    did not name the play."""
    eight = view_from_json(_swaps_view(1))
    assert advise_view(eight, samples=0).colourings >= 1
    nine = view_from_json(_swaps_view(2))
    refused = "history play 11: seat 2 plays swap, but the deck holds 8"
    for samples in (0, 3):
        with pytest.raises(HistoryMismatch, match=refused):
            advise_view(nine, samples=samples, seconds=1)
    with pytest.raises(HistoryMismatch, match=refused):  # a view pasted at the table too
        colourings(nine)
    # a ninth swap shown in a hand of the view, not played: samples=0 answered it
    shown = _swaps_view(1)
    shown["hands"][str(shown["to_move"])] = ["2", "3", "swap"]
    for samples in (0, 3):
        with pytest.raises(HistoryMismatch, match="seat 2's hand shows swap, but the deck holds 8"):
            advise_view(view_from_json(shown), samples=samples, seconds=1)


@pytest.mark.parametrize(
    ("play", "words"),
    [
        ({"card": "seven"}, "history play 3: unknown card 'seven'"),
        ({"pawns": {"0": ["t99"]}}, "history play 3: .*'t99' does not exist"),
        ({"undercover": ["t41"]}, "history play 3: .*t41 is not a hole"),
    ],
)
def test_a_bad_field_of_a_record_play_names_the_play(play: dict[str, Any], words: str) -> None:
    """A record play's unknown card, missing field or non-hole was told in the words of the
    view's own keys, so the record was not blamed."""
    view = _swaps_view(1)
    changed = view["history"]["plays"][2]
    changed.update(play)
    if "undercover" in play and "pawns" not in play:
        changed["pawns"] = view["history"]["from"]["pawns"]
    with pytest.raises(SheepdogError, match=words):
        view_from_json(view)


def test_a_one_card_fold_counts_the_card_it_discards_not_the_records_card() -> None:
    """A 4-player fold's 'card' is not read when the record is followed: the deck count took it
    as played (a 7th swap of 6 here), though the fold discarded a 5."""
    kennel = -1
    pawns = [[kennel] * 4, [16, kennel, kennel, kennel], [32] + [kennel] * 3, [48] + [kennel] * 3]
    start = make_position(pawns, [["5"], ["swap"] * 5, ["2", "8"], ["3", "9"]], 0, "swap")
    (fold,) = legal_plays(start)
    obj = view_to_json(view_of(fold.position, 1))
    first = view_to_json(view_of(start, 1))
    obj["rules"] = first["rules"] = {"deck": {"swap": 6}}
    obj["history"] = {
        "from": first,
        "plays": [{"seat": 0, "card": "swap", "play": fold.description}],
    }
    view = view_from_json(obj)
    assert colourings(view) == [fold.position.pawns]
    # the sampler's pool takes the discarded 5 off, not the record's swap (it did)
    pool = Counter(_unseen(view))
    deck = Counter(full_deck(view.rules.deck_counts()))
    assert pool["swap"] == deck["swap"] - 6 and pool["5"] == deck["5"] - 1


def test_a_two_player_fold_of_a_seen_hand_is_checked_as_the_table_checks_it() -> None:
    """A 2-3 player fold in a record was never checked: a hand that could move folded, a card
    drawn that could move was discarded (L2), and a fold drew nothing from a stock of cards."""
    k = -1
    pawns = [[k] * 4, [], [32, k, k, k], []]

    def record(hand: list[str], stock: list[str], words: list[str]) -> list[str]:
        """What following a record that folds in ``words`` says, per words ("" if it fits)."""
        start = make_position(pawns, [hand, [], ["5"], []], 0, players=[0, 2], stock=stock)
        end = next(p.position for p in legal_plays(start) if p.description.startswith("fold"))
        first = view_to_json(view_of(start, 0))
        out = []
        for said in words:
            obj = view_to_json(view_of(end, 0))
            obj["history"] = {"from": first, "plays": [{"seat": 0, "card": None, "play": said}]}
            try:
                colourings(view_from_json(obj))
                out.append("")
            except SheepdogError as exc:
                out.append(str(exc))
        return out

    # nothing can leave the kennel with a 2 and a 3: she folds and draws a 5, which cannot either
    fits, no_draw = record(
        ["2", "3"], ["5", "6"], ["fold: discard 2, draw 5, discard 3", "fold: discard 2, discard 3"]
    )
    assert fits == ""
    assert "the stock holds 2 cards: a fold draws one (A17)" in no_draw
    # a 13 drawn can bring a piece out: she plays it (L2)
    (discarded,) = record(["2", "3"], ["13", "6"], ["fold: discard 2, draw 13, discard 3"])
    assert "with the 13 drawn a card of her hand can move, so she plays one (L2)" in discarded
    # a 13 in hand: no fold at all
    start = make_position(pawns, [["13", "3"], [], ["5"], []], 0, players=[0, 2], stock=["5"])
    played = legal_plays(start)[0].position
    obj = view_to_json(view_of(played, 0))
    said = "fold: discard 13, draw 5, discard 3"
    obj["history"] = {
        "from": view_to_json(view_of(start, 0)),
        "plays": [{"seat": 0, "card": None, "play": said}],
    }
    with pytest.raises(SheepdogError, match="she holds 3, 13, and a card of it can move: no fold"):
        colourings(view_from_json(obj))


def test_a_record_fold_may_be_written_in_capitals() -> None:
    """'Fold: discards swap' with "card": null was refused: 'card' must be a card name."""
    kennel = -1
    pawns = [[kennel] * 4, [16, kennel, kennel, kennel], [32] + [kennel] * 3, [48] + [kennel] * 3]
    start = make_position(pawns, [["5"], ["swap"] * 5, ["2", "8"], ["3", "9"]], 0, "swap")
    (fold,) = legal_plays(start)
    obj = view_to_json(view_of(fold.position, 1))
    obj["history"] = {
        "from": view_to_json(view_of(start, 1)),
        "plays": [{"seat": 0, "card": None, "play": fold.description.upper()}],
    }
    assert colourings(view_from_json(obj)) == [fold.position.pawns]


def _partner_reveal(said: str) -> dict[str, Any]:
    """Seat 3 plays a Partner: seat 0's undercover piece on t36 steps to t37 (a normal field:
    face up, A2) and on into the hole t40; seat 2's piece waits undercover on t24."""
    pawns = {"0": ["k", "k", "k", "u"], "1": ["h0", "h1", "h2", "h3"]} | {
        "2": ["k", "k", "k", "u"],
        "3": ["k", "k", "k", "t61"],
    }
    start = {
        "variant": "agent-dog",
        "seats": 4,
        "layout": "default",
        "pawns": pawns,
        "hands": {"0": ["2"], "1": ["?"], "2": ["?"], "3": ["?", "?"]},
        "to_move": 3,
        "last_card": None,
        "view": "observer",
        "undercover": ["t24", "t36"],
    }
    play = {"seat": 3, "card": "partner", "play": said}
    return start | {
        "hands": {"0": ["2"], "1": ["?"], "2": ["?"], "3": ["?"]},
        "to_move": 0,
        "last_card": "partner",
        "undercover": ["t24", "t40"],
        "history": {"from": start, "plays": [play]},
    }


def test_a_colour_seen_halfway_through_a_partner_play_is_kept() -> None:
    """Found by a helper: a piece turned face up on t37 by a Partner step showed its colour
    (the record says "[seat 0] t37→t40"), but the words were matched without seats and both
    colourings were kept: t40 colour 0 or 2, 1/2 each, where everyone saw colour 0."""
    from sheepdog.solver.agentdog.observer import view_from_json

    seen = colourings(view_from_json(_partner_reveal("t36→t37, [seat 0] t37→t40")))
    assert len(seen) == 1 and 40 in seen[0][0] and 24 in seen[0][2]
    unsaid = colourings(view_from_json(_partner_reveal("t36→t37, t37→t40")))
    assert len(unsaid) == 2  # nothing said of the colour: both stay
    with pytest.raises(SheepdogError, match=r"'\[seat 1\] t37' is not what this play does"):
        colourings(view_from_json(_partner_reveal("t36→t37, [seat 1] t37→t40")))


def test_legal_plays_say_which_put_the_mover_out_of_the_round() -> None:
    """Found by a helper: `out_of_round` was False on every play of `legal_plays`, though
    its words said "out of the round (A6)"; `play_by_words` set it."""
    knocked = 0
    for seed in range(60):
        pos = random_position(seed, 40 + seed % 30, 3)
        for play in legal_plays(pos):
            knocked += play.out_of_round
            assert play.out_of_round == play.description.endswith("out of the round (A6)")
            if play.card is not None and not play.description.startswith("fold"):
                choice = play.description.split(": ", 1)[1].split(";")[0]
                again = play_by_words(pos, play.card, choice)
                if again.position == play.position:
                    assert again.out_of_round == play.out_of_round
    assert knocked  # some play of these positions does put the mover out


def test_the_advice_s_words_give_no_seat_its_description_leaves_unsaid() -> None:
    """Found by a helper: a Partner play's `play` words in `advise --json` named "[seat 1]
    t45→t46" from one colouring, where in others that piece was seat 3's (its description,
    rightly, said "t45→t46"): every seat the words give, the description gives too."""
    import re

    from sheepdog.solver.agentdog.advise import plays_of

    p3v = {  # the helper's view: seat 3 holds a Partner, four pieces undercover
        "variant": "agent-dog",
        "seats": 4,
        "layout": "default",
        "pawns": {"0": ["t15", "h0", "h1", "h3"], "1": ["k", "t47", "u", "u"]}
        | {"2": ["t16", "t45", "t48", "u"], "3": ["t10", "t41", "t43", "u"]},
        "hands": {"0": ["?"], "1": ["?", "?", "?"], "2": ["?", "?"], "3": ["2", "partner"]},
        "to_move": 3,
        "last_card": "2",
        "view": "observer",
        "undercover": ["t24", "t28", "t44", "t56"],
    }
    views = [view_from_json(p3v)]
    for seed in range(30):
        pos = random_position(seed, 30 + seed % 40, 3)
        views.append(view_of(pos, pos.to_move))
    checked = 0
    for view in views:
        for advice in plays_of(view, colourings(view)):
            if advice.card == "fold":
                continue
            checked += 1
            for label in re.findall(r"\[seat \d\] t\d+", advice.words):
                assert label in advice.description, (advice.words, advice.description)
    assert checked


def _knock_record(said: str, partner_on_t20: bool) -> dict[str, Any]:
    """Seat 0 plays a 3 from t17 onto t20, a hole where seat 1's or seat 2's piece waits
    undercover (the other on t4): the record's words ``said``, the view after it from seat 0."""
    under = [[20, -1, -1, -1], [4, -1, -1, -1]]
    pawns = [[17, -1, -1, -1], *(under if not partner_on_t20 else under[::-1]), [-1] * 4]
    hands = [["3", "2", "5", "6", "8"], ["9"] * 5, ["10"] * 5, ["12"] * 5]
    start = make_position(pawns, hands, 0)
    end = play_by_words(start, "3", "t17→t20").position
    obj = view_to_json(view_of(end, 1))
    first = view_to_json(view_of(start, 1))
    obj["history"] = {"from": first, "plays": [{"seat": 0, "card": "3", "play": said}]}
    return obj


def test_what_a_record_s_play_says_of_itself_must_be_so() -> None:
    """Found by a helper: a record's play was checked for its meetings alone, so a knock-out
    it does not make, or A6 where it does not happen, was taken.  What its words say must
    hold; a colouring where it does not is not what happened (A6 is seen: she is out)."""
    for partner in (False, True):
        assert colourings(view_from_json(_knock_record("t17→t20 (knocks out t20)", partner)))
        with pytest.raises(HistoryMismatch, match=r"'\(knocks out t4\)' is not what this play"):
            colourings(view_from_json(_knock_record("t17→t20 (knocks out t4)", partner)))
        with pytest.raises(HistoryMismatch, match=r"^history play 1 \(seat 0, 3\): 'blah' is"):
            colourings(view_from_json(_knock_record("t17→t20; blah", partner)))
    out = "t17→t20; out of the round (A6)"
    assert len(colourings(view_from_json(_knock_record(out, True)))) == 1
    with pytest.raises(HistoryMismatch):  # her partner's piece was not the one knocked out
        colourings(view_from_json(_knock_record(out, False)))


def test_the_stock_a_record_leaves_is_the_view_s() -> None:
    """Found by a helper: a record's last view could show any number of cards in the stock
    (4 after a play from a stock of 3 that drew none).  Within a round the stock loses one
    card per fold's draw: a view that shows it must show that many."""
    k = -1
    pawns = [[k] * 4, [], [32, k, k, k], []]
    start = make_position(pawns, [["2", "3"], [], ["5"], []], 0, players=[0, 2], stock=["5", "6"])
    end = next(p.position for p in legal_plays(start) if p.description.startswith("fold"))
    assert len(end.stock) == 1
    first = view_to_json(view_of(start, 0))

    def follow(stock: list[str] | None, begin: dict[str, Any] = first) -> str:
        obj = view_to_json(view_of(end, 0))
        if stock is None:
            obj.pop("stock", None)
        else:
            obj["stock"] = stock
        said = "fold: discard 2, draw 5, discard 3"
        obj["history"] = {"from": begin, "plays": [{"seat": 0, "card": None, "play": said}]}
        try:
            return "" if colourings(view_from_json(obj)) else "none"
        except SheepdogError as exc:
            return str(exc)

    assert follow(["?"]) == "" and follow(["6"]) == ""
    assert "the stock holds 1 card, but the view shows 2" in follow(["?", "?"])
    assert "the stock holds 1 card, but the view shows 3" in follow(["?", "?", "?"])
    known = {**first, "stock": ["5", "6"]}  # a first view that knows the stock's cards
    assert follow(["6"], known) == "" and follow(["?"], known) == ""
    assert "card 1 of the stock is 6, but the view shows 9" in follow(["9"], known)
    assert follow(None) == ""  # a view may leave the stock out
    # the round's last play: the view may show the next deal, with a stock dealt anew
    pawns = [[0, k, k, k], [], [32, k, k, k], []]
    last = make_position(pawns, [["5"], [], [], []], 0, players=[0, 2], stock=["2", "3", "6"])
    (out,) = [p.position for p in legal_plays(last) if p.description == "5: t0→t5"]
    dealt = view_to_json(view_of(out, 0))
    dealt |= {"hands": {"0": ["2", "3", "5", "6", "8"], "1": [], "2": ["?"] * 5, "3": []}}
    dealt |= {"last_card": None, "to_move": 2, "stock": ["?"] * 10}
    dealt["history"] = {
        "from": view_to_json(view_of(last, 0)),
        "plays": [{"seat": 0, "card": "5", "play": "t0→t5"}],
    }
    assert colourings(view_from_json(dealt))
    # from a first view that gives no stock, the fold draws nothing known (L1): not counted
    bare = {key: value for key, value in first.items() if key != "stock"}
    assert follow(["?", "?", "?"], bare) == ""


def test_a_record_fold_s_card_is_a_card_name_or_none() -> None:
    """Found by a helper: a fold's ``"card": "7"`` was taken (Agent DOG has no 7).  A fold's
    card is not read, but it is null, "fold" or a card's name, as L9 says."""
    kennel = -1
    pawns = [[kennel] * 4, [16, kennel, kennel, kennel], [32] + [kennel] * 3, [48] + [kennel] * 3]
    start = make_position(pawns, [["5"], ["swap"] * 5, ["2", "8"], ["3", "9"]], 0, "swap")
    (fold,) = legal_plays(start)
    obj = view_to_json(view_of(fold.position, 1))
    for card in (None, "fold", "Fold", "5", "swap", "copy as 5"):
        play = {"seat": 0, "card": card, "play": fold.description}
        obj["history"] = {"from": view_to_json(view_of(start, 1)), "plays": [play]}
        assert colourings(view_from_json(obj)) == [fold.position.pawns], card
    for card in ("7", "zz", ""):
        play = {"seat": 0, "card": card, "play": fold.description}
        obj["history"] = {"from": view_to_json(view_of(start, 1)), "plays": [play]}
        with pytest.raises(FileFormatError, match="history play 1: "):
            view_from_json(obj)
