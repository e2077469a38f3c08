"""ply through OpenSpiel's API and beside OpenSpiel's own C++, side by side in one run.

    python3 bench/python/benchmarks/openspiel_bridge.py [--games 2000] [--rounds 3]
        [--iterations 20000] [--positions 8] [--match-openings 20] [--match-iterations 1000]

1. Random playouts written in Python, one loop for all three: ``state.legal_actions()``,
   ``random.choice``, ``state.apply_action(a)`` until the end, on Connect Four and Breakthrough:
   OpenSpiel's C++ games through pyspiel, ply's games through pyspiel
   (``ply_search.openspiel``'s ``ply_connect_four``, ``ply_breakthrough``), and ply's own
   Python API (``ply_search.load_game``). Games per second.
2. MCTS at equal iterations on the same Connect Four positions: OpenSpiel's C++ ``MCTSBot``
   (``uct_c=2``, one random rollout a leaf, its solver on) and ply's ``mcts`` with the same
   exploration (``c=1``: ply's rewards run from 0 to 1, OpenSpiel's from -1 to 1, so its
   ``uct_c=2`` is ply's ``c=1``), the solver on, no tree reuse. Iterations per second.
3. A match at those settings and equal iterations, in ply's arena: OpenSpiel's ``MCTSBot`` as
   a Python agent against ply's ``mcts``, every opening in both seat orders, with the score's
   95% interval.
4. Alpha-beta to the end on the same positions (tic-tac-toe's start, Connect Four positions
   with 9 to 12 empty cells): OpenSpiel's ``minimax.alpha_beta_search`` (Python) and ply's
   ``plain-alphabeta`` (the same algorithm: no table, no move ordering), searched to the
   end: the values must agree; the times are compared.

Each round times OpenSpiel's side, then ply's, and the ratio is taken round by round (the
machine's speed drifts between hours, not within a round). Needs pyspiel
(``pip install open-spiel==2.0.2``) and the package (``pip install ./bench/python``, a
release build).
"""

import argparse
import random
import statistics
import time

import ply_search
import ply_search.openspiel  # noqa: F401 (registers ply_connect_four, ply_breakthrough...)
import pyspiel
from open_spiel.python.algorithms import minimax


def loop(game, count, seed):
    """Games per second of a plain Python random-playout loop over `game`'s API."""
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(count):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
    return count / (time.perf_counter() - start)


def playouts(count, rounds):
    for os_name, spec in [("connect_four", "connect-four"), ("breakthrough", "breakthrough")]:
        games = [pyspiel.load_game(os_name), pyspiel.load_game("ply_" + os_name), ply_search.load_game(spec)]
        runs = [[loop(g, count, r) for g in games] for r in range(rounds)]
        cpp, bridge, own = (statistics.median(run[i] for run in runs) for i in range(3))
        print(
            f"{os_name}: {count} random games in a Python loop, {rounds} rounds\n"
            f"  OpenSpiel's C++ game through pyspiel: {cpp:,.0f} games/s\n"
            f"  ply through pyspiel (ply_{os_name}):  {bridge:,.0f} games/s "
            f"({', '.join(f'{r[1] / r[0]:.2f}x' for r in runs)})\n"
            f"  ply's own Python API:                 {own:,.0f} games/s "
            f"({', '.join(f'{r[2] / r[0]:.2f}x' for r in runs)})"
        )


def connect_four_positions(count, seed, low=6, high=16):
    """Positions `low` to `high` plies into random Connect Four games, still open, as move
    strings (Pons' notation: columns from 1)."""
    rng = random.Random(seed)
    found = []
    game = pyspiel.load_game("connect_four")
    while len(found) < count:
        state, moves = game.new_initial_state(), []
        for _ in range(rng.randrange(low, high + 1)):
            if state.is_terminal():
                break
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            moves.append(action)
        if not state.is_terminal():
            found.append("".join(str(m + 1) for m in moves))
    return found


def openspiel_state(game, moves):
    state = game.new_initial_state()
    for ch in moves:
        state.apply_action(int(ch) - 1)
    return state


def mcts(iterations, positions, rounds):
    os_game = pyspiel.load_game("connect_four")
    ply_game = ply_search.load_game("connect-four")
    found = connect_four_positions(positions, seed=11)
    total = iterations * len(found)
    rates = []
    for r in range(rounds):
        start = time.perf_counter()
        for i, moves in enumerate(found):
            evaluator = pyspiel.RandomRolloutEvaluator(1, r * 1000 + i)
            bot = pyspiel.MCTSBot(os_game, evaluator, 2.0, iterations, 1000, True, r * 1000 + i, False)
            bot.step(openspiel_state(os_game, moves))
        theirs = total / (time.perf_counter() - start)
        start = time.perf_counter()
        for i, moves in enumerate(found):
            spec = f"mcts(iterations={iterations},c=1,reuse=off,seed={r * 1000 + i})"
            ply_search.search(ply_game.state_from_position(moves), spec)
        ours = total / (time.perf_counter() - start)
        rates.append((theirs, ours))
    print(
        f"MCTS on Connect Four: {len(found)} positions x {iterations} iterations, {rounds} rounds\n"
        f"  OpenSpiel MCTSBot (C++, uct_c=2): {statistics.median(t for t, _ in rates):,.0f} iterations/s\n"
        f"  ply mcts (c=1):                   {statistics.median(o for _, o in rates):,.0f} iterations/s\n"
        f"  ratio per round: {', '.join(f'{o / t:.1f}x' for t, o in rates)}"
    )


class OpenSpielMcts:
    """OpenSpiel's C++ MCTSBot as an agent of ply's arena: it reads ply's state as the move
    string and answers with the column."""

    def __init__(self, iterations, seed):
        self.game = pyspiel.load_game("connect_four")
        self.evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        self.bot = pyspiel.MCTSBot(self.game, self.evaluator, 2.0, iterations, 1000, True, seed, False)
        self.__name__ = f"openspiel-mcts(iterations={iterations},uct_c=2)"

    def __call__(self, state):
        return self.bot.step(openspiel_state(self.game, state.position()))


def match(openings, iterations):
    agents = [f"mcts(iterations={iterations},c=1,seed=1)", OpenSpielMcts(iterations, seed=1)]
    standings = ply_search.arena(
        "connect-four", agents, openings=openings, opening_plies=2, seed=3, threads=1
    )
    print(f"A match on Connect Four, {iterations} iterations a move each, {openings} openings x 2 seats:")
    print(standings)


def alpha_beta(rounds):
    cases = [("tic_tac_toe", "tictactoe", [""])]
    cases.append(("connect_four", "connect-four", connect_four_positions(6, seed=5, low=30, high=33)))
    for os_name, spec, found in cases:
        os_game, ply_game = pyspiel.load_game(os_name), ply_search.load_game(spec)
        times = []
        for _ in range(rounds):
            start = time.perf_counter()
            theirs = []
            for moves in found:
                state = openspiel_state(os_game, moves) if os_name == "connect_four" else os_game.new_initial_state()
                value, _ = minimax.alpha_beta_search(os_game, state, maximum_depth=64, maximizing_player_id=state.current_player())
                theirs.append(value)
            t = time.perf_counter() - start
            start = time.perf_counter()
            ours = []
            for moves in found:
                state = ply_game.state_from_position(moves) if moves else ply_game.new_initial_state()
                score = ply_search.search(state, f"plain-alphabeta(depth={42 - len(moves) if moves else 9})")["score"]
                ours.append((score > 0) - (score < 0))
            o = time.perf_counter() - start
            assert ours == [int(v) for v in theirs], (os_name, ours, theirs)
            times.append((t, o))
        print(
            f"alpha-beta to the end, {os_name}: {len(found)} position(s), values equal ({ours})\n"
            f"  OpenSpiel alpha_beta_search (Python): {statistics.median(t for t, _ in times) * 1000:,.1f} ms\n"
            f"  ply plain-alphabeta:                  {statistics.median(o for _, o in times) * 1000:,.2f} ms\n"
            f"  ratio per round: {', '.join(f'{t / o:,.0f}x' for t, o in times)}"
        )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=20000)
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--match-openings", type=int, default=20)
    parser.add_argument("--match-iterations", type=int, default=1000)
    args = parser.parse_args()
    playouts(args.games, args.rounds)
    mcts(args.iterations, args.positions, args.rounds)
    alpha_beta(args.rounds)
    match(args.match_openings, args.match_iterations)


if __name__ == "__main__":
    main()
