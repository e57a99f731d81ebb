"""Terminal text of ``wolf hint`` and ``wolf play``: the advice, the help, the replies to entries.

The library returns :class:`~sheepdog.solver.slywolf.advice.Advice` and
:class:`~sheepdog.solver.slywolf.session.Game` objects; this module words them.  The advice is
printed from :meth:`Advice.to_dict`, the very object ``--json`` prints, so the two never disagree.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len

from sheepdog.solver.percent import percent
from sheepdog.solver.slywolf.entries import (
    AskHint,
    Call,
    Corrected,
    Empty,
    End,
    Entry,
    FinalGuess,
    Found,
    Heard,
    Spoiled,
    Top,
    Undo,
    Wrong,
)
from sheepdog.solver.slywolf.puzzle import Interview
from sheepdog.solver.slywolf.session import (
    Game,
    callable_sheep,
    plain_top_choice,
    solved,
    waiting_stacks,
)
from sheepdog.solver.slywolf.turn import track_length, wanted_kinds
from sheepdog.solver.words import counted, listed

HELP = """Entries (names are case-insensitive):
  top SHEEP                      the sheep uncovered on a stack
  top SHEEP under OTHER          ... on the stack OTHER was taken off (asked when stacks of
                                 different sizes wait for their top)
  top SHEEP under nothing        ... on a stack whose top was never typed (asked likewise)
  top nothing [under OTHER]      a stack counted out shows no tile (an uneven deal)
  call SHEEP                     call a visible sheep (2nd/3rd: must like the vegetables found)
  call SHEEP for VEGETABLE       Special Treats: the call and the vegetable announced
  found VEGETABLE                a ripe vegetable the called sheep wants (the one announced)
  wrong VEGETABLE                a ripe vegetable it does not want, or with Special Treats
                                 any other than the one announced (the turn ends)
  spoiled VEGETABLE              a spoiled one (it leaves the bag; the turn ends)
  interview SHEEP, TARGET, ITEM  what a called sheep said (TARGET or ITEM may be ?)
  correct SHEEP, TARGET, ITEM    an interview typed wrong, in any turn or session
  end                            (a turn ends by itself after its interviews or a failed draw)
  guess WOLF                     the last chance on the final space (closes the game)
  hint                           advice for this moment
  undo                           take back the last entry (kept in the file's log)
  quit"""

#: added to the library's contradiction error: where to see which interviews conflict
CONTRADICTION_HINT = "(see `sheepdog wolf solve`)"


def render_advice(data: dict[str, Any]) -> str:
    """Human output of :meth:`Advice.to_dict` (a few lines)."""
    lines: list[str] = []
    if data["culprit"] is not None:
        return f"Solved: the culprit is {data['culprit']}."
    lines.append(f"{len(data['suspects'])} suspects.")
    if data.get("model_note"):
        lines.append(f"Counting every case, not only valid ones: {data['model_note']}.")
    turn = data.get("turn")
    if turn is not None and turn.get("guessed") is not None:
        lines.append(f"The game is over: {turn['guessed']} was guessed.")
        return "\n".join(lines)
    if turn is not None:
        lines.append(track_line(turn))
        if turn["guess"] is not None:
            lines.extend(guess_lines(turn["guess"], data["probabilities"], data["ranking"]))
        plan = turn["plan"]
        if plan is not None:
            lines.append(render_plan(plan, turn["called"], turn["to_interview"]))
        untyped = turn.get("untyped_tops", 0)
        maybe = turn.get("maybe_tops", 0)
        if (untyped or maybe) and plan is None and turn["guess"] is None:
            lines.append(
                "Type the stack tops (top SHEEP) to plan the turn; meanwhile, every sheep left:"
            )
        elif untyped and turn["guess"] is None:
            lines.append(f"{counted(untyped, 'stack top')} not typed yet (top SHEEP).")
        if maybe and turn["guess"] is None:
            lines.append(_counted_out_line(turn.get("counted_out") or [None] * maybe))
    if turn is not None and turn["guess"] is not None:
        return "\n".join(lines)  # only the guess is left: no interview can come (--json ranks)
    # the sheep on top of the stacks; with none known, every sheep left
    shown = [h for h in data["ranking"] if h["on_top"] is not False] or data["ranking"]
    if not shown:  # every sheep heard, and still more than one suspect
        lines.extend(best_guess_lines(data["probabilities"]))
    if shown:
        if turn is not None and turn["turns_left"] == 1 and turn["plan"] is not None:
            # the plan above values an interview by the guess's chance, the ranking by the
            # interviews still needed: they may name different sheep
            lines.append(
                "Best interviews to solve the case (score: lower is better; the plan above is"
                " for the guess that comes next):"
            )
        else:
            lines.append("Best interviews (score: lower is better):")
        for n, h in enumerate(shown, start=1):
            # padded to the width it takes on screen: a Chinese or Japanese letter takes two
            # columns (a sheep named 三味線 pushed its score 3 columns right)
            name = h["sheep"] + " " * max(0, 12 - cell_len(h["sheep"]))
            lines.append(f"{n:2}. {name} {h['score']:5.2f}  {h['reason']}")
    return "\n".join(lines)


def chances_line(probabilities: dict[str, float]) -> str:
    """Each suspect's chance, likeliest first."""
    ranked = sorted(probabilities.items(), key=lambda kv: -kv[1])
    return f"Chances: {', '.join(f'{wolf} {percent(p)}' for wolf, p in ranked)}."


def guess_sentence(wolf: str, top: float, probabilities: dict[str, float], chance: str) -> str:
    """The guess of ``wolf`` (right with probability ``top``, written ``chance``), naming the
    suspects as likely: the advice names one, any of them is as good a guess (``wolf hint``
    and the phones' plan alike)."""
    tied = [w for w, p in probabilities.items() if p == top and w != wolf]
    if len(tied) + 1 == len(probabilities) > 3:  # nothing tells them apart: no list of all
        return (
            f"Guess {wolf} (any of the {len(probabilities)} suspects is as likely): right with"
            f" probability {chance}."
        )
    if tied:
        return (
            f"Guess {wolf} (or {listed(tied, 'or')}, as likely): each is right with"
            f" probability {chance}."
        )
    return f"Guess {wolf}: right with probability {chance}."


def guess_lines(
    guess: dict[str, Any], probabilities: dict[str, float], ranking: list[Any]
) -> list[str]:
    """The guess on the final space (:func:`guess_sentence`), after each suspect's chance when
    every sheep is heard (``ranking`` empty)."""
    top = guess["probability"]
    text = guess_sentence(guess["wolf"], top, probabilities, percent(top))
    return [text] if ranking else [chances_line(probabilities), text]


def best_guess_lines(probabilities: dict[str, float]) -> list[str]:
    """With every sheep heard and several suspects left, their chances and the best guess
    (the likeliest suspects, all of them when they tie)."""
    top = max(probabilities.values())
    best = [wolf for wolf, p in probabilities.items() if p == top]
    each = "each right" if len(best) > 1 else "right"
    return [
        "Every sheep has been heard: no interview is left to narrow it down.",
        chances_line(probabilities),
        f"Best guess: {listed(best, 'or')}, {each} with probability {percent(top)}.",
    ]


def track_line(turn: dict[str, Any]) -> str:
    """The track in a hint: the turns with interviews left, or why none is (Picky Eaters can
    send every sheep left away before the wolf reaches the final space)."""
    side = turn["side"].replace("_", "-")
    if turn["turns_left"] == 0 and turn["position"] < turn["track_length"]:
        return (
            f"Track ({side}): the wolf on space {turn['position']} of {turn['track_length']},"
            " but no sheep is left to call: only the guess is left."
        )
    return f"Track ({side}): {counted(turn['turns_left'], 'turn')} with interviews left."


def render_plan(plan: dict[str, Any], called: list[str], to_interview: list[str]) -> str:
    """One sentence for the plan of a turn: the call, then after each vegetable found the next
    call or stop (``to_interview``: the sheep called and not yet interviewed)."""
    if plan["call"] is None:
        return "Stop now and interview " + ", ".join(to_interview) + "." if called else "No call."
    verb = "Push your luck: call" if called else "Call"
    chance = percent(plan["p_success"])
    if plan.get("drawing") and plan["announce"]:  # Special Treats: announced with the call
        text = f"Draw for {plan['call']} ({plan['announce']} announced; {chance} to find it)."
    elif plan.get("drawing"):
        text = f"Draw for {plan['call']} (wants {', '.join(plan['wants'])}; {chance} to find one)."
    elif plan["announce"]:  # Special Treats: the call names the vegetable announced
        text = (
            f"{verb} {plan['call']} for {plan['announce']} (wants {', '.join(plan['wants'])};"
            f" {chance} to find {plan['announce']})."
        )
    else:
        text = f"{verb} {plan['call']} (wants {', '.join(plan['wants'])}; {chance} to find one)."
    pushes, stops = _pushes(plan)
    if pushes:
        text += " Then " + "; ".join(pushes)
        if stops:
            text += "; after " + " or ".join(stops) + ": stop"
        text += "."
    elif stops:
        text += " Then stop and interview."
    return text


def _pushes(plan: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The plan's next calls after each vegetable found ("after pumpkin: call harp (75%)"), a
    third sheep in brackets after the second's (a tester found the third call left out of the
    text), and the vegetables after which to stop."""
    pushes, stops = [], []
    for kind, sub in plan.get("if_found", {}).items():
        if sub["call"] is None:
            stops.append(kind)
            continue
        head = f"after {kind}: call {sub['call']}" + (
            f" for {sub['announce']}" if sub.get("announce") else ""
        )
        chance = percent(sub["p_success"])
        deeper, deeper_stops = _pushes(sub)
        if deeper:
            then = "; ".join(deeper)
            if deeper_stops:
                then += f"; after {' or '.join(deeper_stops)}: stop"
            pushes.append(f"{head} ({chance}; then {then})")
        else:
            pushes.append(f"{head} ({chance})")
    return pushes, stops


def _counted_out_line(stacks: list[str | None]) -> str:
    """What to type for the stacks counted out that may still hold a tile, each named by the
    sheep last taken off it (None: never uncovered): one waiting takes a plain `top nothing`;
    of several, the line names which (found by a tester: a plain one was advised, and refused)."""
    if len(stacks) == 1:
        return (
            "1 stack counted out may still hold a tile (the deal was uneven): type its top if it"
            " shows one, `top nothing` if not."
        )
    named = listed(["nothing" if s is None else s for s in stacks], "or")
    return (
        f"{len(stacks)} stacks counted out may still hold a tile (the deal was uneven): type the"
        " top of one that shows a tile; for one that shows none, `top nothing under SHEEP`"
        f" (SHEEP: {named}, the sheep last taken off it)."
    )


def reply(before: Game, entry: Entry, after: Game) -> str:
    """The short answer to an entry the game took (``hint`` is answered with the advice)."""
    roster = before.roster
    match entry:
        case Top(sheep) if sheep in before.puzzle.interviewed():
            return (
                f"{roster.sheep[sheep].name} was heard before the game: its tile is set aside"
                " (type the tile under it)"
            )
        case Top(sheep, under) if under is None and (
            choice := plain_top_choice(before.table, after.table)
        ):
            name, other = roster.sheep[sheep].name, roster.sheep[choice[1]].name
            went = (
                "the stack never uncovered"
                if choice[0] is None
                else f"the stack {roster.sheep[choice[0]].name} was taken off"
            )
            return (
                f"{name} is on top of {went}; if it lay on the stack {other} was taken off,"
                f" `undo` and type `top {name} under {other}`"
            )
        case Top(sheep):
            return f"{roster.sheep[sheep].name} is on top of a stack"
        case Empty():
            maybe = sum(st.maybe_more for st in after.table.stacks)
            return "that stack holds no tile: it was one of the shorter" + (
                f"; {counted(maybe, 'stack')} may still hold one more (the deal was uneven)"
                if maybe
                else "; every tile left is counted now"
            )
        case Call(sheep, treat) if treat is not None:
            return f"called {roster.sheep[sheep].name} for {treat}: only {treat} counts"
        case Call(sheep):
            wants = wanted_kinds(roster, sheep, before.turn.found)
            return f"called {roster.sheep[sheep].name}: it wants " + ", ".join(wants)
        case Found(kind):
            if callable_sheep(after):
                return f"{kind} found: interview, or push your luck"
            waiting = ", ".join(roster.sheep[s].name for s in after.turn.called)
            return f"{kind} found: interview {waiting} (no sheep on top can join)"
        case Spoiled() if len(after.table.discarded) > len(before.table.discarded):
            gone = roster.sheep[after.table.discarded[-1]].name
            return f"the turn ends with no interview; {gone} leaves the valley (Picky Eaters)"
        case Wrong() | Spoiled():
            return "the turn ends with no interview"
        case Heard():
            if after.turn.called:
                return "interview recorded"
            if solved(after) is not None or not waiting_stacks(after.table):
                return "interviews recorded; the turn is over"  # no tile to type
            return "interviews recorded; the turn is over (type `top SHEEP` for new tiles)"
        case Corrected(Interview(sheep)):
            return f"{roster.sheep[sheep].name}'s interview corrected"
        case FinalGuess(wolf):
            return (
                f"guessed {roster.wolves[wolf].name}: open the interpreter (a printed case: its"
                " card's flap) to check; game over"
            )
        case AskHint() | End():  # an `end` is never taken: it always changes nothing
            return ""
        case Undo():
            return "undone"


def chances_words(asked: str | None, used: str) -> str:
    """Which cases a session's chances count (``used``, the model the findings took) and how
    to count the others; ``asked`` is the model the game file keeps (``--model``, given when
    the game began or was opened again; None: never given)."""
    if used == "valid":
        if asked is None:
            return (
                "chances over the valid cases only (the default; --model uniform counts every case)"
            )
        return "chances over the valid cases only (--model valid, kept in the game file)"
    if asked == "uniform":
        return (
            "chances over every case (--model uniform, kept in the game file; --model valid"
            " counts the valid cases only)"
        )
    return "chances over every case (the valid cases do not apply here; `hint` says why)"


def resume_line(game: Game, chances: str | None = None) -> str:
    """Where a game stands when its file is opened again: interviews, track, the turn, and
    (``chances``, from :func:`chances_words`) the cases its chances count."""
    roster, table, turn = game.roster, game.table, game.turn
    heard = len(game.puzzle.interviews)
    # during a turn the figurine has moved already: the wolf moves first [Turn 1]
    space = table.position + 1 if turn.called else table.position
    parts = [
        f"{counted(heard, 'interview')} heard",
        f"the wolf on space {space} of {track_length(roster, table.side)}"
        f" ({table.side.replace('_', '-')} side)",
    ]
    if game.guessed is not None:
        parts.append(f"{roster.wolves[game.guessed].name} was guessed: the game is over")
    elif turn.called:
        called = []
        for n, s in enumerate(turn.called):
            words = roster.sheep[s].name
            if n < len(turn.treats):
                words += f" for {turn.treats[n]}"
            if n < len(turn.found):
                words += f" (found {turn.found[n]})"
            called.append(words)
        parts.append(f"this turn: called {', '.join(called)}")
    if game.guessed is None and (culprit := solved(game)) is not None:
        parts.append(f"the case is solved: the culprit is {culprit}")
    if chances is not None:
        parts.append(chances)
    return "Game resumed: " + "; ".join(parts) + ". `hint` advises, `help` lists the lines."


def status_lines(findings: dict[str, Any]) -> list[str]:
    """What the table knows after an interview, from :meth:`Findings.to_dict`: the solved
    notice, or the suspects and the sheep surely honest or lying."""
    if not findings["consistent"]:
        clash = findings.get("contradiction", {}).get("interviews", [])
        sheep = ", ".join(iv["sheep"] for iv in clash)
        return [
            f"The interviews contradict each other ({sheep}); `undo` takes the last line back,"
            " `correct` fixes an interview."
        ]
    if findings["culprit"] is not None:
        culprit = findings["culprit"]
        return [
            f"Case solved: the culprit is {culprit}. Open the interpreter (a printed case: its"
            " card's flap) to check."
        ]
    probs = findings["probabilities"]
    suspects = ", ".join(f"{w} {percent(probs[w])}" for w in findings["suspects"])
    lines = [f"Suspects ({len(findings['suspects'])}): {suspects}"]
    lines.append("Honest for sure: " + (", ".join(findings["honest"]) or "none yet"))
    lines.append("Accomplices for sure: " + (", ".join(findings["accomplices"]) or "none yet"))
    return lines
