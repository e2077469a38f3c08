"""Games written in Python, searched by ply: tic-tac-toe as a plain Python class agrees with
ply's own tic-tac-toe in perft, the solver and every search; the conformance kit runs on it;
a broken game gets a clear exception, never a crash."""

import signal
import time
import unittest

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
            (TooManyPlayers(), "bad TooManyPlayers.to_move(): expected 0 or 1"),
            (Winner(), "bad Winner.outcome() `'me'`: expected None (going on), 0 or 1"),
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


if __name__ == "__main__":
    unittest.main()
