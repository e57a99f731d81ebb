"""CI: build the wheel and check that its only top-level name is ``sheepdog``.

Usage: ``python .ci/wheel_check.py DIST_DIR`` after ``pip wheel --no-deps -w DIST_DIR .``.
"""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path


def main() -> int:
    wheels = sorted(Path(sys.argv[1]).glob("sheepdog-*.whl"))
    if len(wheels) != 1:
        print(f"wheel check: expected one sheepdog wheel in {sys.argv[1]}, found {len(wheels)}")
        return 1
    with zipfile.ZipFile(wheels[0]) as wheel:
        names = {name.split("/", 1)[0] for name in wheel.namelist()}
    top = sorted(n for n in names if not n.endswith(".dist-info"))
    print(f"wheel check: {wheels[0].name} top-level names: {', '.join(top)}")
    if top != ["sheepdog"]:
        print("wheel check: FAILED, the only top-level name must be 'sheepdog'")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
