"""Benchmark: pages and seconds of the print-and-play PDF (``sheepdog wolf print``) per case set.

For each set and paper: the cases, the pages (and pages per part), the PDF size, the seconds to
check the cases (complete, valid, regraded) and to lay out the PDF.  In-process.

    python benchmarks/wolf_print.py [SET ...] [--paper a4 --paper letter]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.common import Parser, fail, progress, progress_done, run_main  # noqa: E402
from sheepdog.generators.print_and_play import PAPERS, load_print_set, print_set_pdf  # noqa: E402

SETS = ("cases/easy", "cases/hard", "cases/known-deck")


def main() -> None:
    parser = Parser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="*", default=list(SETS), help="folders of case files")
    parser.add_argument(
        "--paper", action="append", choices=sorted(PAPERS), help="paper (repeat for several)"
    )
    args = parser.parse_args()
    papers = args.paper or ["a4", "letter"]
    for folder in args.sets:  # every folder is there before the first is measured
        if not (Path(folder).is_dir() or (ROOT / folder).is_dir()):
            fail(f"no folder {folder} (here or in {ROOT})")
    loaded = []
    for folder in args.sets:  # every set is read and checked before the first is laid out
        path = Path(folder) if Path(folder).is_dir() else ROOT / folder
        progress(f"checking {folder}")
        start = time.perf_counter()
        loaded.append((folder, load_print_set(path), time.perf_counter() - start))
    progress_done()
    print(
        f"{'set':<18} {'paper':<7} {'cases':>5} {'pages':>5} {'KiB':>6} {'check s':>8} "
        f"{'layout s':>8}  parts"
    )
    for folder, pset, checked in loaded:
        known_deck = pset.roster.known_deck
        for name in papers:
            progress(f"laying out {folder} on {name}")
            start = time.perf_counter()
            result = print_set_pdf(pset, PAPERS[name], roster_sheets=not known_deck)
            laid = time.perf_counter() - start
            progress_done()
            parts = ", ".join(f"{part} {n}" for part, n in result.parts if n)
            print(
                f"{folder:<18} {name:<7} {len(pset.cases):>5} {result.pages:>5} "
                f"{len(result.data) / 1024:>6.0f} {checked:>8.2f} {laid:>8.2f}  {parts}"
            )


if __name__ == "__main__":
    run_main(main)
