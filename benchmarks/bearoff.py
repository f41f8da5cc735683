"""Time to build the bear-off tables with the vectorised builders, beside GNU Backgammon's own builder.

Targets on the 2-core machine: the one-sided database (54,264 positions) within 5 times gnubg's C builder
(1.4 s there, so 7 s), the exact two-sided 6x6 table (853,776 pairs) within twice gnubg's 11 s (22 s), and the
two-sided tables with the cubeful equities (cubeless and three cube states) faster than gnubg's
``makebearoff -t 6x6`` in the same run, which builds the same cubeless and cubeful 6x6 database. gnubg's
builder is found as ``$GNUBG_MAKEBEAROFF`` or ``makebearoff`` on the PATH (Debian's gnubg package installs it
in /usr/games).
Run: ``python benchmarks/bearoff.py``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from trainer.authoring.bearoff_build import build_cubeful_array, build_one_sided_arrays, build_two_sided_array

ONE_SIDED_TARGET, TWO_SIDED_TARGET = 7.0, 22.0


def find_makebearoff() -> str | None:
    """gnubg's ``makebearoff``: ``$GNUBG_MAKEBEAROFF``, else on the PATH or in /usr/games."""
    named = os.environ.get("GNUBG_MAKEBEAROFF")
    if named:
        return named if Path(named).is_file() else None
    return shutil.which("makebearoff") or shutil.which("makebearoff", path="/usr/games")


def time_gnubg(program: str) -> float | None:
    """Seconds for ``makebearoff -t 6x6`` (cubeless and cubeful), or ``None`` if it fails."""
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        done = subprocess.run(
            [program, "-t", "6x6", "-f", str(Path(folder) / "ts66.bd")], capture_output=True, check=False
        )
        elapsed = time.perf_counter() - started
    return elapsed if done.returncode == 0 else None


def main() -> None:
    started = time.perf_counter()
    means, _ = build_one_sided_arrays()
    one = time.perf_counter() - started
    started = time.perf_counter()
    table = build_two_sided_array()
    two = time.perf_counter() - started
    started = time.perf_counter()
    cubeful = build_cubeful_array()
    cube = time.perf_counter() - started
    print(
        f"one-sided: {len(means):,} positions in {one:.2f} s (target {ONE_SIDED_TARGET:.0f} s: "
        f"{'met' if one <= ONE_SIDED_TARGET else 'NOT met'})"
    )
    print(
        f"two-sided: {table.size:,} pairs in {two:.2f} s (target {TWO_SIDED_TARGET:.0f} s: "
        f"{'met' if two <= TWO_SIDED_TARGET else 'NOT met'})"
    )
    print(f"cubeful: {cubeful.size:,} equities (3 cube states) in {cube:.2f} s")
    ours = two + cube
    print(f"two-sided cubeless + cubeful: {ours:.2f} s")
    program = find_makebearoff()
    if program is None:
        print("gnubg makebearoff -t 6x6: not found (set GNUBG_MAKEBEAROFF or put makebearoff on the PATH)")
        return
    theirs = time_gnubg(program)
    if theirs is None:
        print(f"gnubg makebearoff -t 6x6 ({program}): failed to run")
        return
    verdict = "met" if ours < theirs else "NOT met"
    print(
        f"gnubg makebearoff -t 6x6 (cubeless + cubeful): {theirs:.2f} s; "
        f"ours {ours:.2f} s, {theirs / ours:.1f} times faster (target faster: {verdict})"
    )


if __name__ == "__main__":
    main()
