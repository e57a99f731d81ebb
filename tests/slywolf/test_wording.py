"""Wording of the explanations and of ``wolf solve``: no repeated item in a list, an item named
with its plural ("the wolves in green jackets"), and the warning for a wrong recorded culprit."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from sheepdog.cli.main import app
from sheepdog.solver.slywolf.explain import explain
from sheepdog.solver.slywolf.explain.notebook import Notebook
from sheepdog.solver.slywolf.explain.rules import _smallest_sets
from sheepdog.solver.slywolf.puzzle import load_puzzle, new_puzzle
from sheepdog.solver.slywolf.roster import load_roster
from sheepdog.solver.slywolf.worlds import Observation

runner = CliRunner()
CASES = Path(__file__).resolve().parent.parent.parent / "cases"
ITEM = r"(?:red|yellow|blue|green) (?:top hat|jacket|pants)"


def test_a_repeated_item_is_named_once_with_its_sheep() -> None:
    # Three sheep point at the pan flute; the drum set and the trumpet both name the yellow jacket.
    steps = explain(load_puzzle(CASES / "hard-100" / "hard-2-025.json")).to_dict()["steps"]
    text = next(s["text"] for s in steps if "at least 2 of them lie" in s["text"])
    assert "yellow jacket, red jacket and yellow jacket" not in text
    # the words count sheep, not items: the red jacket alone (named by 1 sheep) makes one
    # liar, so what the culprit wears is the yellow jacket (before, "the items named by at
    # least 2 of them, counted sheep by sheep (...)", which a player had to work out)
    assert "at least 2 of them lie, so the culprit wears a yellow jacket. Cleared:" in text


@settings(max_examples=300, deadline=None)
@given(
    items=st.lists(st.integers(0, 11), min_size=2, max_size=6),
    need=st.integers(1, 6),
)
def test_smallest_sets_name_exactly_the_wolves_with_enough_liars(
    items: list[int], need: int
) -> None:
    """The sets of items the words give ("a yellow jacket, or both ...") hold exactly the wolves
    that make at least ``need`` of the sheep liars, counted sheep by sheep (brute force over
    the box roster's wolves)."""
    roster = load_roster("default")
    said = list(range(len(items)))
    obs = Observation.from_puzzle(new_puzzle(roster, "easy"))
    obs = replace(obs, testimony=tuple(items + [None] * (obs.n - len(items))))
    nb = Notebook(roster, obs, True, [None] * obs.n, list(range(len(roster.wolves))))
    by_item: dict[int, list[int]] = {}
    for s in said:
        by_item.setdefault(items[s], []).append(s)
    sets = _smallest_sets(nb, by_item, need)
    for w in range(len(roster.wolves)):
        liars = sum(1 for i in items if i in obs.wears[w])
        in_a_set = any(all(i in obs.wears[w] for i in combo) for combo in sets)
        if len(sets) <= 4:
            assert in_a_set == (liars >= need), (w, sets)
    for combo in sets:  # each set makes enough liars, and holds no other set
        assert sum(len(by_item[i]) for i in combo) >= need
        assert not any(set(o) < set(combo) for o in sets)


def test_distinct_items_keep_the_short_list() -> None:
    for path in sorted((CASES / "hard-100").glob("*.json"))[:40]:
        for step in explain(load_puzzle(path)).to_dict()["steps"]:
            match = re.search(r"of these: (.*?)\. Cleared", step["text"])
            if match:
                items = re.findall(ITEM, match.group(1))
                assert len(items) == len(set(items)) >= 2, step["text"]


def test_a_contradiction_lists_what_each_interview_said(tmp_path: Path) -> None:
    # Four sheep pointed at (so honest, easy mode) clear every jacket colour: no culprit is left.
    interviews = [
        {"sheep": "harp", "points_to": "trumpet"},
        {"sheep": "trumpet", "points_to": "maraca", "testimony": "red jacket"},
        {"sheep": "maraca", "points_to": "guitar", "testimony": "yellow jacket"},
        {"sheep": "guitar", "points_to": "banjo", "testimony": "blue jacket"},
        {"sheep": "banjo", "points_to": "drum set", "testimony": "green jacket"},
    ]
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"roster": "default", "mode": "easy", "interviews": interviews}))
    result = runner.invoke(app, ["wolf", "solve", str(path)])
    assert result.exit_code == 0, result.output
    # each interview names its item: one of them is wrong, so none is said to clear anybody
    assert "#5 banjo, points at drum set, names the green jacket" in result.stdout
    assert "clears" not in result.stdout


def test_solve_warns_when_the_recorded_culprit_is_not_the_deduced_one(tmp_path: Path) -> None:
    data = json.loads((CASES / "easy" / "easy-1-001.json").read_text())
    assert data["culprit"] == "Grimwald"
    data["culprit"] = "Wulfrik"
    path = tmp_path / "c.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["wolf", "solve", str(path), "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["culprit"] == "Grimwald"
    assert result.stderr == (
        f"Warning: {path}: the recorded culprit Wulfrik is not the deduced one: "
        "the interviews leave Grimwald\n"
    )
    fine = runner.invoke(app, ["wolf", "solve", str(CASES / "easy" / "easy-1-001.json")])
    assert fine.exit_code == 0 and fine.stderr == ""
    # hint reads the same file: it said nothing (found by a helper)
    for args in ([], ["--json"]):
        hinted = runner.invoke(app, ["wolf", "hint", str(path), *args])
        assert hinted.exit_code == 0 and hinted.stderr == result.stderr
    fine = runner.invoke(app, ["wolf", "hint", str(CASES / "easy" / "easy-1-001.json")])
    assert fine.exit_code == 0 and fine.stderr == ""


def test_solve_warns_when_the_recorded_culprit_is_cleared(tmp_path: Path) -> None:
    data = json.loads((CASES / "easy" / "easy-1-001.json").read_text())
    data["interviews"] = data["interviews"][:6]  # not settled yet, but Wulfrik is cleared
    data["culprit"] = "Wulfrik"
    path = tmp_path / "c.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["wolf", "solve", str(path), "--json"])
    out = json.loads(result.stdout)
    assert result.exit_code == 0 and out["culprit"] is None and "Wulfrik" not in out["suspects"]
    assert result.stderr == (
        f"Warning: {path}: the recorded culprit Wulfrik is cleared by the interviews\n"
    )


def _roster_file(tmp_path: Path, accomplices: int, wolves: dict[str, list[str]]) -> Path:
    path = tmp_path / "r.json"
    data = {
        "name": "r",
        "accomplices": accomplices,
        "colors": ["red", "blue", "green"],
        "garments": ["hat", "coat"],
        "wolves": [{"name": n, "wears": w} for n, w in wolves.items()],
        "sheep": [{"name": f"s{k}"} for k in range(4)],
    }
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_an_unknown_testimony_lists_the_items_a_sheep_can_name(tmp_path: Path) -> None:
    """Found by a helper: "unknown item 'purple hat'; valid items are: ..." offered every
    colour with every garment, and "green coat", taken from that list, was then refused: no
    wolf wears it.  The list is of the items worn."""
    roster = _roster_file(
        tmp_path,
        1,
        {"A": ["red hat", "blue coat"], "B": ["blue hat", "blue coat"], "C": ["green hat"]},
    )
    puzzle = tmp_path / "m.json"
    interviews = [{"sheep": "s0", "testimony": "purple hat"}]
    puzzle.write_text(json.dumps({"roster": str(roster), "mode": "easy", "interviews": interviews}))
    result = runner.invoke(app, ["wolf", "solve", str(puzzle)])
    assert result.exit_code == 1
    assert "valid items are: red hat, blue hat, green hat, blue coat" in result.stderr
    assert "green coat" not in result.stderr and "red coat" not in result.stderr


def test_a_single_interview_in_a_contradiction_is_named_alone(tmp_path: Path) -> None:
    """Found by a helper: one interview that no case admits was told "These interviews cannot
    all be right ... one of them was misread"."""
    roster = _roster_file(
        tmp_path, 0, {"A": ["red hat", "green coat"], "B": ["blue hat", "green coat"]}
    )
    puzzle = tmp_path / "c.json"
    interviews = [{"sheep": "s2", "testimony": "green coat"}]  # honest, yet names a worn item
    puzzle.write_text(json.dumps({"roster": str(roster), "mode": "easy", "interviews": interviews}))
    result = runner.invoke(app, ["wolf", "solve", str(puzzle)])
    assert result.exit_code == 0, result.output
    assert "This interview cannot be right with the roster" in result.stdout
    assert "Check it against the table: it was misread or mistyped." in result.stdout
    hint = runner.invoke(app, ["wolf", "hint", str(puzzle)])
    assert "#1 s2 cannot be right with the roster" in hint.stderr


def test_a_contradiction_with_printed_tiles_says_so(tmp_path: Path) -> None:
    """Found by a helper: with the known deck, the interviews named clash with the printed
    tiles, which the words did not say, so a player did not know what else to check."""
    chain = ["drum set", "guitar", "trumpet", "banjo", "saxophone", "pan flute"]
    interviews = [{"sheep": a, "points_to": b} for a, b in zip(chain, chain[1:], strict=False)]
    puzzle = tmp_path / "kd.json"
    puzzle.write_text(
        json.dumps({"roster": "known-deck", "mode": "easy", "interviews": interviews})
    )
    result = runner.invoke(app, ["wolf", "solve", str(puzzle)])
    assert "cannot all be right with the roster's printed tiles" in " ".join(result.stdout.split())
    hint = runner.invoke(app, ["wolf", "hint", str(puzzle)])
    assert "cannot all be right with the roster's printed tiles" in hint.stderr
