"""Engine throughput of every registered game (what `carthago bench GAME` shows, for all).

Run: ``.venv/bin/python benchmarks/throughput.py [--seconds 5]``; prints a Markdown table.
"""

from __future__ import annotations

import argparse
import os
import platform

import carthago
from carthago.arena.throughput import measure_throughput
from carthago.core.registry import game_class


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}"
    )
    print("| game | options | actions/s | games/s | clones/s |")
    print("|---|---|---:|---:|---:|")
    for game_id in carthago.games():
        for options in game_class(game_id).VARIANTS:
            result = measure_throughput(carthago.load(game_id, **options), seconds=args.seconds)
            shown = ", ".join(f"{k}={v}" for k, v in options.items()) or "default"
            print(
                f"| {game_id} | {shown} | {result.actions_per_second:,.0f} | "
                f"{result.games_per_second:,.1f} | {result.clones_per_second:,.0f} |"
            )


if __name__ == "__main__":
    main()
