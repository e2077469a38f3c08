"""Random games from the start, ply against OpenSpiel's C++, side by side in one run.

    python3 bench/python/benchmarks/openspiel_playouts.py [--games 4000] [--rounds 3]

For each game both play whole uniformly random games from the start (in Chinese Checkers
OpenSpiel's bots draw one action at a time, each hop of a chain and its end; ply draws a whole
turn uniformly among every turn open, which means finding every chain of hops of every piece): OpenSpiel's in C++ by
uniformly random bots (`pyspiel.evaluate_bots`, one game a call, so one Python call a game),
ply's by `ply_search.playouts` (one call for all, the games played by the game's own playout
loop). The figure is games per second of wall time; each round times OpenSpiel, then ply, and
the ratio is taken round by round (the machine's speed drifts between hours, not within a
round). Needs pyspiel (`pip install open-spiel==2.0.2`) and the package (`pip install
./bench/python`, a release build).
"""

import argparse
import statistics
import time

import ply_search
import pyspiel

GAMES = [
    # (name shown, ply's spec, OpenSpiel's name and parameters, share of --games: Chinese
    # Checkers' random games run to the 1,000-turn limit)
    ("Othello", "othello", "othello", {}, 1.0),
    ("Chinese Checkers, 2 players", "chinese-checkers", "chinese_checkers", {"players": 2}, 0.1),
    ("Chinese Checkers, 3 players", "chinese-checkers(players=3)", "chinese_checkers", {"players": 3}, 0.1),
]


def rates(spec, os_name, params, count, round_):
    """Games per second of OpenSpiel's random bots and of ply's playouts, in one round."""
    os_game = pyspiel.load_game(os_name, params)
    os_start = os_game.new_initial_state()
    players = os_game.num_players()
    bots = [pyspiel.make_uniform_random_bot(p, round_ * players + p) for p in range(players)]
    start = time.perf_counter()
    for i in range(count):
        pyspiel.evaluate_bots(os_start.clone(), bots, round_ * count + i)
    theirs = count / (time.perf_counter() - start)
    ply_start = ply_search.load_game(spec).new_initial_state()
    start = time.perf_counter()
    result = ply_search.playouts(ply_start, count, seed=round_)
    ours = count / (time.perf_counter() - start)
    assert sum(result["wins"]) + result["draws"] == count
    return theirs, ours


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    for name, spec, os_name, params, share in GAMES:
        count = max(1, int(args.games * share))
        rounds = [rates(spec, os_name, params, count, r) for r in range(args.rounds)]
        theirs = statistics.median(t for t, _ in rounds)
        ours = statistics.median(o for _, o in rounds)
        print(
            f"{name}: {count} random games from the start, {args.rounds} rounds\n"
            f"  OpenSpiel (C++ evaluate_bots, random bots): {theirs:,.0f} games/s\n"
            f"  ply playouts:                               {ours:,.0f} games/s\n"
            f"  ratio per round: {', '.join(f'{o / t:.1f}x' for t, o in rounds)}"
        )


if __name__ == "__main__":
    main()
