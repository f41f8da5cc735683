"""Time to build the bear-off tables with the vectorised builders.

Targets on the 2-core machine: the one-sided database (54,264 positions) within 5 times gnubg's C builder
(1.4 s there, so 7 s), and the exact two-sided 6x6 table (853,776 pairs) within twice gnubg's 11 s (22 s).
Run: ``python benchmarks/bearoff.py``.
"""

from __future__ import annotations

import time

from trainer.bearoff_build import build_one_sided_arrays, build_two_sided_array

ONE_SIDED_TARGET, TWO_SIDED_TARGET = 7.0, 22.0


def main() -> None:
    started = time.perf_counter()
    means, _ = build_one_sided_arrays()
    one = time.perf_counter() - started
    started = time.perf_counter()
    table = build_two_sided_array()
    two = time.perf_counter() - started
    print(f"one-sided: {len(means):,} positions in {one:.2f} s (target {ONE_SIDED_TARGET:.0f} s: "
          f"{'met' if one <= ONE_SIDED_TARGET else 'NOT met'})")
    print(f"two-sided: {table.size:,} pairs in {two:.2f} s (target {TWO_SIDED_TARGET:.0f} s: "
          f"{'met' if two <= TWO_SIDED_TARGET else 'NOT met'})")


if __name__ == "__main__":
    main()
