"""Games written in Python, searched by ply: tic-tac-toe as a plain Python class agrees with
ply's own tic-tac-toe in perft, the solver and every search; the conformance kit runs on it;
a broken game gets a clear exception, never a crash."""

import signal
import time
import unittest
from fractions import Fraction

import ply_search

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class TicTacToe:
    """Tic-tac-toe as a student writes it: cells hold None, 0 or 1."""

    def __init__(self, cells=(None,) * 9):
        self.cells = cells

    def to_move(self):
        return sum(c is not None for c in self.cells) % 2

    def moves(self):
        return [i for i, c in enumerate(self.cells) if c is None]

    def play(self, move):
        cells = list(self.cells)
        cells[move] = self.to_move()
        return type(self)(tuple(cells))

    def outcome(self):
        for a, b, c in LINES:
            if self.cells[a] is not None and self.cells[a] == self.cells[b] == self.cells[c]:
                return self.cells[a]
        return "draw" if None not in self.cells else None

    def key(self):
        return sum((3 ** i) * (0 if c is None else c + 1) for i, c in enumerate(self.cells))


class Scored(TicTacToe):
    """The same game with a heuristic: a constant 7 for the player to move."""

    def evaluate(self):
        return 7


class Rust:
    """ply's own tic-tac-toe, for comparison."""

    @staticmethod
    def start():
        return ply_search.load_game("tictactoe").new_initial_state()


class AgreesWithPlysTicTacToe(unittest.TestCase):
    def test_perft_at_every_depth(self):
        for depth in range(1, 7):
            self.assertEqual(ply_search.perft(TicTacToe(), depth), ply_search.perft(Rust.start(), depth), depth)
        self.assertEqual(ply_search.perft(TicTacToe(), 9), 255_168)
        self.assertEqual(ply_search.perft(TicTacToe(), 6, count="strict"), ply_search.perft(Rust.start(), 6, count="strict"))

    def test_solved_a_draw_and_every_first_move_too(self):
        ours = ply_search.solve(TicTacToe(), all_replies=False)
        theirs = ply_search.solve(Rust.start())
        self.assertEqual(ours["value"], 0)
        self.assertEqual(ours["value"], theirs["value"])
        # Every first move draws: the moves are cells, the same notation in both.
        self.assertEqual(
            sorted((m["notation"], m["value"]) for m in ours["moves"]),
            sorted((m["notation"], m["value"]) for m in theirs["moves"]),
        )
        # After a corner and a side reply, the first player wins, in the same number of plies.
        ours = ply_search.solve(TicTacToe().play(0).play(1), distance=True)
        theirs = ply_search.solve(Rust.start().child(0).child(1), distance=True)
        self.assertGreater(ours["value"], 0)
        self.assertEqual(ours["value"], theirs["value"])

    def test_keys_of_any_size_tell_positions_apart(self):
        class HugeKey(TicTacToe):
            def key(self):
                return super().key() * 2**200 + 1

        class HighBitsOnly(TicTacToe):
            def key(self):
                return -(super().key() << 100)

        theirs = ply_search.solve(Rust.start().child(0).child(1), distance=True)
        for game in [HugeKey(), HighBitsOnly()]:
            ours = ply_search.solve(game.play(0).play(1), distance=True)
            self.assertEqual(ours["value"], theirs["value"], type(game).__name__)

    def test_every_search_sees_the_draw(self):
        for agent in ["minimax(depth=9)", "plain-alphabeta(depth=9)", "alphabeta(depth=9)"]:
            result = ply_search.search(TicTacToe(), agent)
            self.assertEqual(result["score"], 0, agent)
            self.assertIn(result["best_move"], [str(m) for m in range(9)])
            self.assertEqual(result["best_move"], str(result["best_action"]))
        # After a corner and a side reply, the first player wins: every search says so.
        position = TicTacToe().play(0).play(1)
        for agent in ["minimax(depth=7)", "alphabeta(depth=7)"]:
            result = ply_search.search(position, agent)
            self.assertGreater(result["score"], 900_000, agent)
            self.assertEqual(result["score_text"], ply_search.search(Rust.start().child(0).child(1), agent)["score_text"])
        mcts = ply_search.search(TicTacToe(), "mcts(iterations=3000,seed=2)")
        self.assertIn(mcts["best_move"], [str(m) for m in range(9)])

    def test_the_heuristic_is_the_classs_evaluate(self):
        self.assertEqual(ply_search.search(Scored(), "alphabeta(depth=1)")["score"], -7)
        self.assertEqual(ply_search.search(Scored(), "alphabeta(depth=1,eval=null)")["score"], 0)
        self.assertEqual(ply_search.search(TicTacToe(), "alphabeta(depth=1)")["score"], 0)

    def test_the_conformance_kit_passes(self):
        self.assertEqual(ply_search.check(TicTacToe(), games=40), 40)


class Broken:
    """Games with one thing wrong, built by overriding one method of TicTacToe."""

    @staticmethod
    def raising_play():
        class RaisingPlay(TicTacToe):
            def play(self, move):
                if move == 4:
                    raise ValueError("the centre is closed")
                return super().play(move)

        return RaisingPlay()


class BrokenGames(unittest.TestCase):
    def test_an_exception_in_the_game_is_raised_as_it_was(self):
        for call in [
            lambda: ply_search.perft(Broken.raising_play(), 2),
            lambda: ply_search.search(Broken.raising_play(), "alphabeta(depth=3)"),
            lambda: ply_search.solve(Broken.raising_play()),
        ]:
            with self.assertRaises(ValueError) as caught:
                call()
            self.assertEqual(str(caught.exception), "RaisingPlay.play(4): the centre is closed")

    def test_answers_out_of_form_are_type_errors_naming_the_method(self):
        class NoKey(TicTacToe):
            key = None

            def __eq__(self, other):
                return self.cells == other.cells

            __hash__ = None

        class TooManyPlayers(TicTacToe):
            def to_move(self):
                return 2

        class Winner(TicTacToe):
            def outcome(self):
                return "me"

        class NoMoves:
            def play(self, move):
                return self

        class TextKey(TicTacToe):
            def key(self):
                return "x" * 100

        cases = [
            (NoKey(), "expected a method key() or __hash__"),
            (TooManyPlayers(), "bad TooManyPlayers.to_move(): expected a player from 0 to 1"),
            (Winner(), "bad Winner.outcome() `'me'`: expected None (going on), a player from 0 to 1"),
            (NoMoves(), "expected a ply_search.State or a game written in Python"),
            (TextKey(), "bad TextKey.key() 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (102 characters): expected a whole number (an int of any size)"),
            ("tictactoe", "expected a ply_search.State or a game written in Python"),
        ]
        for game, needle in cases:
            with self.assertRaises(TypeError) as caught:
                ply_search.perft(game, 2)
            self.assertIn(needle, str(caught.exception))

    def test_a_rule_broken_is_named_by_the_conformance_kit(self):
        class Repeats(TicTacToe):
            """Lists its first move twice."""

            def moves(self):
                moves = super().moves()
                return moves + moves[:1]

        class Stuck(TicTacToe):
            """Forgets the full board: no move, and no outcome either."""

            def outcome(self):
                result = super().outcome()
                return None if result == "draw" else result

        for game, needle in [(Repeats(), "reads back as 0, not 9"), (Stuck(), "non-terminal state has no legal move")]:
            with self.assertRaises(AssertionError) as caught:
                ply_search.check(game, games=50)
            self.assertIn("conformance", str(caught.exception))
            self.assertIn(needle, str(caught.exception))

    def test_several_threads_are_refused(self):
        with self.assertRaises(ply_search.PlyError) as caught:
            ply_search.search(TicTacToe(), "mcts(iterations=100,threads=2)")
        self.assertIn("threads=1 for a game written in Python", str(caught.exception))
        with self.assertRaises(ply_search.PlyError):
            ply_search.solve(TicTacToe(), threads=2)

    def test_ctrl_c_stops_a_search_of_a_python_game(self):
        class Slow(TicTacToe):
            def moves(self):
                time.sleep(0.001)
                return super().moves()

        previous = signal.signal(signal.SIGALRM, signal.default_int_handler)
        try:
            signal.setitimer(signal.ITIMER_REAL, 0.3)
            started = time.monotonic()
            with self.assertRaises(KeyboardInterrupt):
                ply_search.perft(Slow(), 9)
            self.assertLess(time.monotonic() - started, 10.0)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)


class Pig:
    """Pig to `goal` as a student writes it with dice: roll or stop; a roll of 1 loses the
    turn's total, a stop banks it; whose bank and total reach the goal may only stop."""

    def __init__(self, scores=(0, 0), total=0, player=0, rolling=False, goal=10):
        self.scores, self.total, self.player, self.rolling, self.goal = scores, total, player, rolling, goal

    def to_move(self):
        return self.player

    def is_chance_node(self):
        return self.rolling

    def chance_outcomes(self):
        return [(face, Fraction(1, 6)) for face in range(1, 7)]

    def moves(self):
        return ["stop"] if self.scores[self.player] + self.total >= self.goal else ["roll", "stop"]

    def play(self, move):
        scores, total, player, goal = self.scores, self.total, self.player, self.goal
        if self.rolling:
            if move == 1:
                return Pig(scores, 0, 1 - player, False, goal)
            return Pig(scores, total + move, player, False, goal)
        if move == "roll":
            return Pig(scores, total, player, True, goal)
        banked = list(scores)
        banked[player] += total
        return Pig(tuple(banked), 0, 1 - player, False, goal)

    def outcome(self):
        winners = [p for p in (0, 1) if self.scores[p] >= self.goal]
        return winners[0] if winners else None

    def key(self):
        return hash((self.scores, self.total, self.player, self.rolling))


class Race:
    """Three players in turn add 1 or 2 to a count; who brings it to `goal` or past wins. Its
    heuristic gives each player the count if it is theirs to move, else nothing."""

    def __init__(self, count=0, player=0, goal=7):
        self.count, self.player, self.goal = count, player, goal

    def players(self):
        return 3

    def to_move(self):
        return self.player

    def moves(self):
        return [1, 2]

    def play(self, move):
        return type(self)(self.count + move, (self.player + 1) % 3, self.goal)

    def outcome(self):
        return (self.player - 1) % 3 if self.count >= self.goal else None

    def key(self):
        return self.count * 3 + self.player

    def evaluate(self):
        return [self.count if p == self.player else 0 for p in range(3)]


def leaves(state, depth):
    """The leaves of `state`'s tree cut at `depth`, counted in plain Python."""
    if depth == 0 or state.outcome() is not None:
        return 1
    moves = [o for o, _ in state.chance_outcomes()] if getattr(state, "rolling", False) else state.moves()
    return sum(leaves(state.play(m), depth - 1) for m in moves)


class DiceAndMorePlayers(unittest.TestCase):
    def test_pig_written_in_python_is_solved_and_counted_as_plys_own_pig(self):
        own = ply_search.load_game("pig(goal=10)").new_initial_state()
        python, native = ply_search.solve(Pig()), ply_search.solve(own)
        self.assertEqual(python["positions"], native["positions"])
        self.assertAlmostEqual(python["win_chance"][0], native["win_chance"][0], places=12)
        self.assertEqual(python["best_move"], native["best_move"])
        for depth in range(1, 7):
            self.assertEqual(ply_search.perft(Pig(), depth), ply_search.perft(own, depth))
            self.assertEqual(ply_search.perft(Pig(), depth), leaves(Pig(), depth))
        self.assertEqual(ply_search.check(Pig(), games=20), 20)

    def test_a_game_with_dice_takes_the_agents_for_dice_and_refuses_the_others(self):
        for spec in ["expectimax(depth=4)", "mcts(iterations=200)", "greedy", "random"]:
            self.assertIn(ply_search.search(Pig(), spec)["best_move"], ["roll", "stop"])
        with self.assertRaisesRegex(ply_search.BadSpecError, r"^bad agent `alphabeta`: expected an agent for games with dice"):
            ply_search.search(Pig(), "alphabeta(depth=4)")
        with self.assertRaisesRegex(ply_search.PlyError, r"^bad distance for a game with dice: expected solve\(state\)"):
            ply_search.solve(Pig(), distance=True)
        with self.assertRaisesRegex(ply_search.PlyError, r"^bad all_replies for a game with dice"):
            ply_search.solve(ply_search.load_game("pig(goal=10)").new_initial_state(), all_replies=True)

    def test_a_game_of_three_players_takes_the_n_player_searches(self):
        for depth in range(1, 8):
            self.assertEqual(ply_search.perft(Race(), depth), leaves(Race(), depth))
        self.assertEqual(ply_search.check(Race(), games=20), 20)
        # With 5 to go, the player to move cannot win at once; max^n sees every line to the end.
        for spec in ["maxn(depth=8)", "paranoid(depth=8)", "brs(depth=8)", "mcts(iterations=300)", "random"]:
            self.assertIn(ply_search.search(Race(2), spec)["best_action"], [0, 1])
        # A count of 5: adding 2 wins at once.
        self.assertEqual(ply_search.search(Race(5), "maxn(depth=3)")["best_move"], "2")
        with self.assertRaisesRegex(ply_search.BadSpecError, r"^bad agent `alphabeta`: expected an agent for games of more than two players"):
            ply_search.search(Race(), "alphabeta")
        with self.assertRaisesRegex(ply_search.PlyError, r"^bad game for solve: expected a game of two players \(this one has 3"):
            ply_search.solve(Race())

    def test_answers_out_of_form_name_the_method_and_the_accepted_form(self):
        class Lopsided(Pig):
            def chance_outcomes(self):
                return [(1, 0.5), (2, 0.25)]

        class NoOdds(Race):
            def is_chance_node(self):
                return False

        class Crowded(Race):
            def players(self):
                return 9

        class Overpaid(Race):
            def returns(self):
                return [2, -1, -1]

        class FourthSeat(Race):
            def to_move(self):
                return 3

        class ShortList(Race):
            def evaluate(self):
                return [1, 2]

        cases = [
            (NoOdds(), "bad game NoOdds: expected a method chance_outcomes() beside is_chance_node()", ply_search.perft, 1),
            (Lopsided(rolling=True), "bad Lopsided.chance_outcomes() [(1, 0.5), (2, 0.25)]: expected (outcome, probability) pairs, the probabilities summing to 1", ply_search.perft, 1),
            (Crowded(), "bad Crowded.players() 9: expected a number of players from 2 to 6", ply_search.perft, 1),
            (Overpaid(6), "bad Overpaid.returns() [2, -1, -1]: expected 3 numbers from -1 to 1", ply_search.perft, 2),
            (FourthSeat(), "bad FourthSeat.to_move(): expected a player from 0 to 2", ply_search.perft, 1),
            (ShortList(), "bad ShortList.evaluate(): expected a number for the player to move, or a list of 3 numbers", ply_search.search, "maxn(depth=1)"),
        ]
        for game, needle, run, argument in cases:
            with self.assertRaises(TypeError, msg=needle) as caught:
                run(game, argument)
            self.assertIn(needle, str(caught.exception))


class Documented(unittest.TestCase):
    def test_the_guides_example_runs_as_shown(self):
        import pathlib

        page = pathlib.Path(__file__).resolve().parents[3] / "docs" / "python.md"
        section = page.read_text().split("## Games written in Python")[1]
        code = section.split("```python\n")[1].split("```")[0]
        namespace = {}
        exec(compile(code, str(page), "exec"), namespace)
        game = namespace["TicTacToe"]()
        self.assertEqual(ply_search.check(game, games=5), 5)
        self.assertEqual(ply_search.perft(game, 4), ply_search.perft(Rust.start(), 4))

    def test_the_guides_game_with_dice_is_solved_as_plys_pig(self):
        import pathlib

        page = pathlib.Path(__file__).resolve().parents[3] / "docs" / "python.md"
        section = page.read_text().split("## Games written in Python")[1].split("\n## ")[0]
        code = section.split("```python\n")[2].split("```")[0]
        namespace = {"ply_search": ply_search}
        exec(compile(code, str(page), "exec"), namespace)
        solved = ply_search.solve(namespace["Pig"]())
        own = ply_search.solve(ply_search.load_game("pig(goal=10)").new_initial_state())
        self.assertEqual(solved["positions"], own["positions"])
        self.assertAlmostEqual(solved["win_chance"][0], own["win_chance"][0], places=12)
        self.assertIn(f"over the same {own['positions']:,} positions", page.read_text())


if __name__ == "__main__":
    unittest.main()
