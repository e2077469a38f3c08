"""ply_search from Python: games and states in the OpenSpiel shape, errors by kind, search,
perft and solve, and Ctrl-C. Run by `cargo test --workspace` (tests/python.rs) against the
freshly built extension, and by .ci/run against the wheel pip installs."""

import random
import signal
import threading
import time
import unittest

import ply_search


def random_game(state, seed):
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


class Games(unittest.TestCase):
    def test_every_registered_game_loads_and_plays_to_the_end(self):
        names = [g["name"] for g in ply_search.registered_games()]
        self.assertEqual(names[:3], ["isolation", "queen-isolation", "onitama"])
        for info in ply_search.registered_games():
            game = ply_search.load_game(info["example"])
            self.assertEqual(game.name, info["name"])
            state = game.new_initial_state()
            for seed in range(3):
                s = state.clone()
                while not s.is_terminal():
                    actions = s.legal_actions()
                    moves = s.legal_moves()
                    self.assertEqual(len(actions), len(moves))
                    self.assertEqual(len(set(actions)), len(actions))
                    for a, m in zip(actions, moves):
                        self.assertLess(a, game.num_distinct_actions())
                        self.assertEqual(s.action_to_string(a), m)
                        self.assertEqual(s.string_to_action(m), a)
                    s.apply_action(random.Random(seed).choice(actions))
                self.assertEqual(s.current_player(), -4)
                returns = s.returns()
                if len(returns) == 2:
                    self.assertIn(sorted(returns), ([-1.0, 1.0], [0.0, 0.0]))
                else:  # more players: the winner's 1 shared as a loss by the others, or a draw
                    self.assertAlmostEqual(sum(returns), 0.0)
                    self.assertIn(max(returns), (0.0, 1.0))
                self.assertEqual(len(s.history()), s.move_number())

    def test_child_clone_and_positions(self):
        game = ply_search.load_game("isolation")
        state = game.new_initial_state()
        child = state.child(state.string_to_action("57"))
        self.assertEqual(state.move_number(), 0)
        self.assertEqual(child.move_number(), 1)
        self.assertEqual(child.current_player(), 1)
        again = game.state_from_position(child.position())
        self.assertEqual(again, child)
        self.assertEqual(again.position(), child.position())
        self.assertIn("|", str(child))
        self.assertIn("isolation", repr(child))
        self.assertEqual(repr(game), 'load_game("isolation")')
        fields = child.fields()
        self.assertEqual(fields["ply_count"], 1)
        self.assertEqual(fields["locs"], [57, None])

    def test_dice_are_chance_nodes_as_in_openspiel(self):
        state = ply_search.load_game("pig").new_initial_state()
        self.assertFalse(state.is_chance_node())
        self.assertEqual(state.chance_outcomes(), [])
        state.apply_action(state.string_to_action("roll"))
        self.assertTrue(state.is_chance_node())
        self.assertEqual(state.current_player(), -1)
        outcomes = state.chance_outcomes()
        self.assertEqual([a for a, _ in outcomes], state.legal_actions())
        self.assertAlmostEqual(sum(p for _, p in outcomes), 1.0)
        state.apply_action(4)  # the die shows 5
        self.assertEqual(state.fields()["turn_total"], 5)
        self.assertEqual(state.current_player(), 0)

    def test_returns_of_a_finished_game(self):
        state = random_game(ply_search.load_game("tictactoe").new_initial_state(), 3)
        r = state.returns()
        self.assertEqual(r[0], -r[1])


def as_lists(tensor):
    """The tensor as nested lists, from numpy or not."""
    return tensor.tolist() if hasattr(tensor, "tolist") else tensor


class Pictures(unittest.TestCase):
    def test_observation_planes_of_every_board_game(self):
        for info in ply_search.registered_games():
            state = ply_search.load_game(info["example"]).new_initial_state()
            for _ in range(3):
                if not state.is_terminal():
                    state.apply_action(state.legal_actions()[0])
            try:
                planes, rows, columns = state.observation_shape()
            except ply_search.PlyError as error:
                # Games without a board (trees, Pig) say so, for the tensor too.
                self.assertIn("no board", str(error))
                with self.assertRaises(ply_search.PlyError):
                    state.observation_tensor()
                continue
            names = state.observation_planes()
            self.assertEqual(len(names), planes)
            mine, theirs = as_lists(state.observation_tensor(0)), as_lists(state.observation_tensor(1))
            self.assertEqual((len(mine), len(mine[0]), len(mine[0][0])), (planes, rows, columns))
            # The board planes (all but the game's extra ones) mark each cell exactly once.
            board = names.index("empty") + 1
            for r in range(rows):
                for c in range(columns):
                    self.assertEqual(sum(mine[p][r][c] for p in range(board)), 1.0, info["name"])
            # Own and opponent planes swap with the point of view (with two players: with more,
            # the opponents' planes hold every other player's pieces).
            kinds = sum(1 for n in names if n.startswith("own ") and "card" not in n)
            if len(state.returns()) == 2:
                self.assertEqual(mine[:kinds], theirs[kinds : 2 * kinds], info["name"])
            self.assertEqual(as_lists(state.observation_tensor()), as_lists(state.observation_tensor(state.current_player())))
        with self.assertRaises(ply_search.PlyError):
            ply_search.load_game("isolation").new_initial_state().observation_tensor(2)

    def test_knight_isolation_planes_show_the_knights(self):
        state = ply_search.load_game("isolation(width=7,height=7,rules=aind)").new_initial_state()
        state.apply_move("(2,3)")
        state.apply_move("(0,0)")
        own, opponent, blocked, empty = as_lists(state.observation_tensor())
        self.assertEqual(own[2][3], 1.0)  # player 0, to move, stands at row 2, column 3
        self.assertEqual(opponent[0][0], 1.0)
        self.assertEqual(sum(map(sum, empty)), 47)
        self.assertEqual(sum(map(sum, blocked)), 0)

    def test_every_board_draws_as_svg(self):
        import xml.etree.ElementTree as ElementTree

        for spec in ["isolation", "queen-isolation(preset=quiz)", "onitama", "tictactoe", "nim"]:
            state = ply_search.load_game(spec).new_initial_state()
            picture = ElementTree.fromstring(state._repr_svg_())
            self.assertTrue(picture.tag.endswith("svg"))
            _, rows, columns = state.observation_shape()
            cells = [e for e in picture.iter() if e.tag.endswith("rect")]
            self.assertEqual(len(cells), rows * columns, spec)


class Errors(unittest.TestCase):
    def test_each_kind_is_its_own_value_error(self):
        state = ply_search.load_game("isolation").new_initial_state()
        cases = [
            (lambda: ply_search.load_game("chess"), ply_search.BadSpecError, "bad game `chess`"),
            (lambda: ply_search.load_game("isolation(colour=red)"), ply_search.BadSpecError, "colour"),
            (lambda: state.apply_move("banana"), ply_search.MalformedNotationError, "bad move"),
            (lambda: state.apply_action(500), ply_search.IllegalMoveError, "bad action `500`"),
            (lambda: state.apply_action(-1), ply_search.IllegalMoveError, "bad action `-1`"),
            (lambda: ply_search.search(state, "alphabeta(depth=0)"), ply_search.BadSpecError, "depth="),
            (lambda: ply_search.perft(state, 2, count="all"), ply_search.PlyError, "leaves or strict"),
            (lambda: ply_search.solve(state, tt="lots"), ply_search.PlyError, "bad tt"),
        ]
        for call, kind, needle in cases:
            with self.assertRaises(kind) as caught:
                call()
            self.assertIsInstance(caught.exception, ValueError)
            self.assertIn(needle, str(caught.exception))
            self.assertNotIn("\n", str(caught.exception))

    def test_game_over_wrong_types_and_huge_numbers(self):
        over = random_game(ply_search.load_game("tictactoe").new_initial_state(), 1)
        with self.assertRaises(ply_search.GameOverError):
            over.apply_action(0)
        with self.assertRaises(ply_search.GameOverError):
            over.string_to_action("4")
        state = ply_search.load_game("tictactoe").new_initial_state()
        with self.assertRaises(TypeError):
            state.apply_action("four")
        with self.assertRaises(TypeError):
            ply_search.perft("not a state", 2)
        with self.assertRaises((OverflowError, ply_search.IllegalMoveError)):
            state.apply_action(10**30)
        with self.assertRaises(ply_search.PlyError):
            ply_search.perft(state, 10**6)
        with self.assertRaises(ply_search.PlyError):
            ply_search.search(over, "random")


class Searching(unittest.TestCase):
    def test_perft_matches_the_published_counts(self):
        self.assertEqual(ply_search.perft(ply_search.load_game("tictactoe").new_initial_state(), 9), 255168)
        isolation = ply_search.load_game("isolation").new_initial_state()
        self.assertEqual(ply_search.perft(isolation, 2), 99 * 98)

    def test_solve_the_quiz_and_tictactoe(self):
        quiz = ply_search.load_game("queen-isolation(preset=quiz)").new_initial_state()
        solution = ply_search.solve(quiz)
        self.assertGreater(solution["value"], 0)
        self.assertEqual(ply_search.solve(ply_search.load_game("tictactoe").new_initial_state())["value"], 0)

    def test_the_solved_boards_records_are_what_solve_finds(self):
        boards = {b["game"]: b for b in ply_search.solved_boards()}
        self.assertEqual(boards["isolation(width=7,height=7,rules=standard)"]["result"], "second player wins")
        record = boards["isolation(width=5,height=5,rules=standard)"]
        solution = ply_search.solve(ply_search.load_game(record["game"]).new_initial_state(), all_replies=True)
        self.assertEqual([o["move"] for o in record["openings"]], [m["notation"] for m in solution["moves"]])
        for opening, replies in zip(record["openings"], solution["replies"]):
            winning = [r["notation"] for r in replies["replies"] if r["value"] > 0]
            self.assertEqual(opening["winning_replies"], winning, opening["move"])

    def test_a_batch_answers_each_position_as_solve_does_in_order(self):
        # Every tic-tac-toe position two moves in, then a bad line and a finished game.
        game = ply_search.load_game("tictactoe")
        start = game.new_initial_state()
        positions = []
        for first in start.legal_actions():
            after = start.clone()
            after.apply_action(first)
            for second in after.legal_actions():
                two = after.clone()
                two.apply_action(second)
                positions.append(two.position())
        over = start.clone()
        for action in [0, 3, 1, 4, 2]:
            over.apply_action(action)
        lines = positions + ["not a position", over.position()]
        for threads in [1, 2]:
            answers = ply_search.solve_batch(start, lines, distance=True, threads=threads)
            self.assertEqual([a["position"] for a in answers], lines)
            for position, answer in zip(positions, answers):
                alone = ply_search.solve(game.state_from_position(position), distance=True)
                self.assertEqual(answer["value"], alone["value"], position)
                self.assertEqual(answer["outcome"], {1: "win", 0: "draw", -1: "loss"}[(alone["value"] > 0) - (alone["value"] < 0)])
            self.assertIn("bad position", answers[-2]["error"])
            self.assertIn("already over", answers[-1]["error"])
        with self.assertRaisesRegex(ply_search.PlyError, "bad threads `0`"):
            ply_search.solve_batch(start, positions, threads=0)

    def test_search_answers_like_ply_search_json(self):
        state = ply_search.load_game("isolation").new_initial_state()
        state.apply_move("57")
        state.apply_move("0")
        result = ply_search.search(state, "alphabeta(depth=6)")
        for key in ["agent", "position", "best_move", "score", "score_text", "pv", "stats", "best_action"]:
            self.assertIn(key, result)
        self.assertEqual(result["stats"]["stopped_by"], "depth")
        self.assertEqual(result["best_move"], state.action_to_string(result["best_action"]))
        again = ply_search.search(state, "alphabeta(depth=6)")
        self.assertEqual(again["stats"]["nodes"], result["stats"]["nodes"])
        mcts = ply_search.search(state, "mcts(iterations=2000,seed=3)")
        self.assertIn(mcts["best_move"], state.legal_moves())

    def test_searches_run_in_python_threads_at_once(self):
        state = ply_search.load_game("isolation").new_initial_state()
        results = []
        threads = [
            threading.Thread(target=lambda: results.append(ply_search.search(state, "alphabeta(depth=5)")))
            for _ in range(2)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(len(results), 2)
        self.assertEqual(results[0]["stats"]["nodes"], results[1]["stats"]["nodes"])

    def test_ctrl_c_stops_a_long_call(self):
        state = ply_search.load_game("isolation").new_initial_state()
        previous = signal.signal(signal.SIGALRM, signal.default_int_handler)
        try:
            for call in [lambda: ply_search.perft(state, 12), lambda: ply_search.search(state, "alphabeta(depth=60)")]:
                signal.setitimer(signal.ITIMER_REAL, 0.3)
                started = time.monotonic()
                with self.assertRaises(KeyboardInterrupt):
                    call()
                # Generous: the call returns soon after the interrupt instead of running on.
                self.assertLess(time.monotonic() - started, 10.0)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)


class Docs(unittest.TestCase):
    def test_the_package_docstring_examples_run(self):
        import doctest

        import ply_search.aind
        import ply_search.udacity

        for module in [ply_search, ply_search.udacity, ply_search.aind]:
            failures, tried = doctest.testmod(module)
            self.assertGreater(tried, 0, module.__name__)
            self.assertEqual(failures, 0, module.__name__)


if __name__ == "__main__":
    unittest.main()
