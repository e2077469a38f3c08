"""The Python package's speed figures, measured in one run beside what they are compared with.

    python3 bench/python/benchmarks/speed.py --ply target/release/ply [--original PATH/isolation.py]

1. perft called from Python against `ply perft` (the same Rust count; the command's own timing);
2. a search called from Python against `ply search` at the same depth (nodes per second);
3. a random-playout loop written in Python over `legal_actions`/`apply_action`, against the same
   loop over Udacity's original `isolation.py` (`actions`/`result`/`terminal_test`), if given,
   and over `ply_search.udacity.Isolation` (the course API on ply's rules).

Each figure is the median of several runs. Install the package first (`pip install ./bench/python`,
a release build).
"""

import argparse
import importlib.util
import json
import random
import re
import statistics
import subprocess
import time

import ply_search


def median_time(call, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def perft_figures(ply, runs):
    rows = []
    for spec, moves, depth in [("isolation", [], 8), ("onitama", [], 8)]:
        state = ply_search.load_game(spec).new_initial_state()
        leaves = ply_search.perft(state, depth)
        python_s = median_time(lambda: ply_search.perft(state, depth), runs)
        command_s = []
        for _ in range(runs):
            out = subprocess.run([ply, "perft", spec, "--depth", str(depth)], capture_output=True, text=True, check=True).stdout
            line = [l for l in out.splitlines() if l.startswith("depth %d:" % depth)][0]
            count, ms = re.match(r"depth \d+: (\d+) \(([\d.]+) ms", line).groups()
            assert int(count) == leaves, (count, leaves)
            command_s.append(float(ms) / 1e3)
        rows.append((f"perft {spec} depth {depth} ({leaves:,} leaves)", python_s, statistics.median(command_s)))
    return rows


def search_figures(ply, runs):
    rows = []
    for spec, moves, agent in [
        ("isolation", ["57", "0"], "alphabeta(depth=16)"),
        ("onitama", [], "alphabeta(depth=10)"),
    ]:
        state = ply_search.load_game(spec).new_initial_state()
        for m in moves:
            state.apply_move(m)
        nodes = ply_search.search(state, agent)["stats"]["nodes"]
        python_s = median_time(lambda: ply_search.search(state, agent), runs)
        command_rate = []
        for _ in range(runs):
            args = [ply, "search", spec, agent, "--json"] + (["--moves", ",".join(moves)] if moves else [])
            stats = json.loads(subprocess.run(args, capture_output=True, text=True, check=True).stdout)["stats"]
            assert stats["nodes"] == nodes
            command_rate.append(stats["nodes_per_second"] if "nodes_per_second" in stats else stats["nodes"] / (stats["time_us"] / 1e6))
        rows.append((f"search {spec} {agent} ({nodes:,} nodes)", nodes / python_s, statistics.median(command_rate)))
    return rows


def playouts(games, seed, new_state, moves, play, over):
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(games):
        state = new_state()
        while not over(state):
            state = play(state, rng.choice(moves(state)))
    return games / (time.perf_counter() - start)


def playout_figures(original, games, runs):
    rows = []

    def ply_play(state, action):
        state.apply_action(action)
        return state

    game = ply_search.load_game("isolation")
    rate = statistics.median(
        playouts(games, r, game.new_initial_state, lambda s: s.legal_actions(), ply_play, lambda s: s.is_terminal())
        for r in range(runs)
    )
    rows.append(("ply_search: legal_actions / apply_action / is_terminal", rate))
    from ply_search.udacity import Isolation as Compatible

    rate = statistics.median(
        playouts(games, r, Compatible, lambda s: s.actions(), lambda s, a: s.result(a), lambda s: s.terminal_test())
        for r in range(runs)
    )
    rows.append(("ply_search.udacity.Isolation: actions / result / terminal_test", rate))
    if original:
        spec = importlib.util.spec_from_file_location("original_isolation", original)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        rate = statistics.median(
            playouts(games, r, module.Isolation, lambda s: s.actions(), lambda s, a: s.result(a), lambda s: s.terminal_test())
            for r in range(runs)
        )
        rows.append(("original isolation.py: actions / result / terminal_test", rate))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ply", default="target/release/ply", help="the ply command to compare with")
    parser.add_argument("--original", help="Udacity's isolation.py, for the playout comparison")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()

    print("| perft | from Python | `ply perft` | Python / command |")
    print("|---|---|---|---|")
    for name, python_s, command_s in perft_figures(args.ply, args.runs):
        print(f"| {name} | {python_s * 1e3:.1f} ms | {command_s * 1e3:.1f} ms | {python_s / command_s:.3f} |")
    print()
    print("| search | from Python | `ply search` | Python / command |")
    print("|---|---|---|---|")
    for name, python_rate, command_rate in search_figures(args.ply, args.runs):
        print(f"| {name} | {python_rate / 1e6:.2f} M nodes/s | {command_rate / 1e6:.2f} M nodes/s | {python_rate / command_rate:.3f} |")
    print()
    print(f"| random playouts from the 11x9 start, a Python loop ({args.games} games, median of {args.runs}) | games/s |")
    print("|---|---|")
    rows = playout_figures(args.original, args.games, args.runs)
    for name, rate in rows:
        print(f"| {name} | {rate:,.0f} |")
    if args.original:
        print()
        print(f"ply_search loop / original loop: {rows[0][1] / rows[-1][1]:.1f}x")


if __name__ == "__main__":
    main()
