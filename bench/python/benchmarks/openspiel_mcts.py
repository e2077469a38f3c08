"""ply's MCTS and random playouts against OpenSpiel's C++ on games with dice, side by side in one run.

    python3 bench/python/benchmarks/openspiel_mcts.py [--iterations 20000] [--positions 8] [--rounds 3] [--playouts 2000]

MCTS: both search the same positions (random games of EinStein würfelt nicht, Pig and
backgammon, reached by the same action numbers in both) with the same number of iterations
(backgammon's playouts are a hundred times longer, so it takes a twentieth of them), the same kind of tree (closed
loop: chance nodes in the tree, each roll drawn by its probability), UCT with the same constant
(c = 2), one random playout per leaf and the solver on. Each round times OpenSpiel's bot, then
ply's search, on every position; the figure is iterations per second of wall time over all
positions, and the ratio is taken round by round (the machine's speed drifts between hours, not
within a round).

Random playouts: whole random games of backgammon from the start, OpenSpiel's played in C++ by
two uniformly random bots (`pyspiel.evaluate_bots`, one game a call), ply's by
`ply_search.playouts`; games per second. Needs pyspiel (`pip install open-spiel==2.0.2`) and the package (`pip install
./bench/python`, a release build).
"""

import argparse
import random
import statistics
import time

import ply_search
import pyspiel

GAMES = [
    # (name shown, ply's spec, OpenSpiel's name and parameters, share of the iterations)
    ("EinStein würfelt nicht", "einstein-wurfelt-nicht", "einstein_wurfelt_nicht", {}, 1),
    ("Pig to 100", "pig", "pig", {}, 1),
    ("backgammon", "backgammon", "backgammon", {}, 1 / 20),
]


def positions(ply_game, os_game, count, seed):
    """Pairs of equal positions where a player is to move, a few random moves into games."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        ours, theirs = ply_game.new_initial_state(), os_game.new_initial_state()
        plies = rng.randrange(4, 12)
        played = 0
        while not theirs.is_terminal() and (theirs.is_chance_node() or played < plies):
            if theirs.is_chance_node():
                action = rng.choice([a for a, _ in theirs.chance_outcomes()])
            else:
                action = rng.choice(theirs.legal_actions())
                played += 1
            ours.apply_action(action)
            theirs.apply_action(action)
        if not theirs.is_terminal() and len(theirs.legal_actions()) > 1:
            found.append((ours, theirs))
    return found


def time_openspiel(os_game, pairs, iterations, seed):
    start = time.perf_counter()
    for i, (_, theirs) in enumerate(pairs):
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed + i)
        bot = pyspiel.MCTSBot(os_game, evaluator, 2.0, iterations, 1000, True, seed + i, False)
        bot.step(theirs)
    return time.perf_counter() - start


def time_ply(pairs, iterations, seed):
    start = time.perf_counter()
    for i, (ours, _) in enumerate(pairs):
        spec = f"mcts(iterations={iterations},c=2,reuse=off,seed={seed + i})"
        ply_search.search(ours, spec)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--iterations", type=int, default=20000)
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--playouts", type=int, default=2000)
    args = parser.parse_args()
    for name, spec, os_name, params, share in GAMES:
        ply_game, os_game = ply_search.load_game(spec), pyspiel.load_game(os_name, params)
        pairs = positions(ply_game, os_game, args.positions, seed=7)
        iterations = max(1, int(args.iterations * share))
        total = iterations * len(pairs)
        ratios, theirs_rates, ours_rates = [], [], []
        for round_ in range(args.rounds):
            theirs = time_openspiel(os_game, pairs, iterations, seed=round_ * 1000)
            ours = time_ply(pairs, iterations, seed=round_ * 1000)
            theirs_rates.append(total / theirs)
            ours_rates.append(total / ours)
            ratios.append(theirs / ours)
        print(
            f"{name}: {len(pairs)} positions x {iterations} iterations, {args.rounds} rounds\n"
            f"  OpenSpiel MCTSBot (C++): {statistics.median(theirs_rates):,.0f} iterations/s\n"
            f"  ply mcts:                {statistics.median(ours_rates):,.0f} iterations/s\n"
            f"  ratio per round: {', '.join(f'{r:.1f}x' for r in ratios)}"
        )
    playouts(args.playouts, args.rounds)


def playouts(count, rounds):
    """Random backgammon games from the start: OpenSpiel's C++ rollouts against ply's."""
    ply_start = ply_search.load_game("backgammon").new_initial_state()
    os_start = pyspiel.load_game("backgammon").new_initial_state()
    ratios, theirs_rates, ours_rates = [], [], []
    for round_ in range(rounds):
        # Two uniformly random bots play each game inside C++ (chance sampled there too).
        bots = [pyspiel.make_uniform_random_bot(p, round_ * 2 + p) for p in (0, 1)]
        start = time.perf_counter()
        for i in range(count):
            pyspiel.evaluate_bots(os_start.clone(), bots, round_ * count + i)
        theirs = time.perf_counter() - start
        start = time.perf_counter()
        ply_search.playouts(ply_start, count, seed=round_)
        ours = time.perf_counter() - start
        theirs_rates.append(count / theirs)
        ours_rates.append(count / ours)
        ratios.append(theirs / ours)
    print(
        f"backgammon random playouts from the start: {count} games, {rounds} rounds\n"
        f"  OpenSpiel (C++ evaluate_bots, random bots): {statistics.median(theirs_rates):,.0f} games/s\n"
        f"  ply playouts:                               {statistics.median(ours_rates):,.0f} games/s\n"
        f"  ratio per round: {', '.join(f'{r:.1f}x' for r in ratios)}"
    )


if __name__ == "__main__":
    main()
