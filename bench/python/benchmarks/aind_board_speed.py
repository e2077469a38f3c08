"""ply_search.aind.Board against udacity/AIND-Isolation's own Board, method by method and in
a student's alpha-beta search, side by side in one run.

    git clone https://github.com/udacity/AIND-Isolation /tmp/AIND-Isolation
    python3 bench/python/benchmarks/aind_board_speed.py --original /tmp/AIND-Isolation

Each method is timed on the same mid-game position on both boards (best of --repeat runs of
timeit, in microseconds a call). The search is the alpha-beta a student writes for the
project (``forecast_move`` at each node, ``improved_score`` at the leaves: own moves minus
the opponent's), to a fixed depth from several positions; both boards shuffle their moves with
Python's ``random`` from the same seed, so both searches must choose the same move, which the
script checks. Needs the package (``pip install ./bench/python``).
"""

import argparse
import importlib.util
import random
import sys
import time
import timeit

from ply_search.aind import Board as PlyBoard


def load_original(folder):
    """The original's Board class, from its isolation/isolation.py."""
    spec = importlib.util.spec_from_file_location("aind_original", folder.rstrip("/") + "/isolation/isolation.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Board


def position(board_class, seed, plies):
    """A game of `plies` random moves from the empty board (the same on both boards)."""
    rng = random.Random(seed)
    game = board_class("p1", "p2")
    for _ in range(plies):
        moves = sorted(game.get_legal_moves())
        if not moves:
            break
        game.apply_move(rng.choice(moves))
    return game


def improved_score(game, player):
    if game.is_loser(player):
        return float("-inf")
    if game.is_winner(player):
        return float("inf")
    return float(len(game.get_legal_moves(player)) - len(game.get_legal_moves(game.get_opponent(player))))


def alphabeta(game, depth, me):
    """A student's fixed-depth alpha-beta: the best move for the player to move, `me`."""

    def value(node, depth, alpha, beta, maximising):
        moves = node.get_legal_moves()
        if depth == 0 or not moves:
            return improved_score(node, me)
        if maximising:
            best = float("-inf")
            for move in moves:
                best = max(best, value(node.forecast_move(move), depth - 1, alpha, beta, False))
                if best >= beta:
                    return best
                alpha = max(alpha, best)
            return best
        best = float("inf")
        for move in moves:
            best = min(best, value(node.forecast_move(move), depth - 1, alpha, beta, True))
            if best <= alpha:
                return best
            beta = min(beta, best)
        return best

    best_move, alpha = (-1, -1), float("-inf")
    for move in game.get_legal_moves():
        v = value(game.forecast_move(move), depth - 1, alpha, float("inf"), False)
        if v > alpha or best_move == (-1, -1):
            best_move, alpha = move, v
    return best_move


CALLS = {
    "copy": lambda g: g.copy(),
    "forecast_move": lambda g: g.forecast_move(g.get_legal_moves()[0]),
    "get_legal_moves": lambda g: g.get_legal_moves(),
    "get_legal_moves(opponent)": lambda g: g.get_legal_moves(g.inactive_player),
    "get_blank_spaces": lambda g: g.get_blank_spaces(),
    "move_is_legal": lambda g: g.move_is_legal((3, 4)),
    "get_player_location": lambda g: g.get_player_location("p2"),
    "get_opponent": lambda g: g.get_opponent("p1"),
    "utility": lambda g: g.utility("p1"),
    "is_winner": lambda g: g.is_winner("p1"),
    "is_loser": lambda g: g.is_loser("p1"),
    "hash": lambda g: g.hash(),
    "to_string": lambda g: g.to_string(),
    "_board_state[i]": lambda g: g._board_state[10],
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--original", required=True, help="a checkout of udacity/AIND-Isolation")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--depth", type=int, default=7)
    parser.add_argument("--positions", type=int, default=4)
    args = parser.parse_args()
    Original = load_original(args.original)
    print("method                      original µs    ply µs   ratio")
    for name, call in CALLS.items():
        times = []
        for board_class in (Original, PlyBoard):
            game = position(board_class, 1, 12)
            number = 20000
            times.append(min(timeit.repeat(lambda: call(game), number=number, repeat=args.repeat)) / number * 1e6)
        print("{:<26} {:>10.3f} {:>9.3f} {:>6.2f}x".format(name, times[0], times[1], times[0] / times[1]))
    print("\nalpha-beta to depth {}, improved_score, {} positions".format(args.depth, args.positions))
    for seed in range(args.positions):
        took, chosen = [], []
        for board_class in (Original, PlyBoard):
            game = position(board_class, 100 + seed, 6)
            random.seed(seed)
            start = time.perf_counter()
            chosen.append(alphabeta(game, args.depth, game.active_player))
            took.append(time.perf_counter() - start)
        if chosen[0] != chosen[1]:
            sys.exit("position {}: the original chose {}, ply {}".format(seed, chosen[0], chosen[1]))
        print("position {}: original {:.3f} s, ply {:.3f} s, {:.2f}x, both chose {}".format(seed, took[0], took[1], took[0] / took[1], chosen[0]))


if __name__ == "__main__":
    main()
