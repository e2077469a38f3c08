"""The courses' own APIs: ply_search.udacity.Isolation replays every golden game of Udacity's
isolation.py field by field, and a student's sample players run on it unchanged;
ply_search.aind.Board replays the AIND 7x7 games, plays matches with the original's results,
and runs a tournament script unchanged through `python -m ply_search.aind`."""

import json
import math
import os
import pathlib
import random
import subprocess
import sys
import tempfile
import textwrap
import time
import unittest

import ply_search
from ply_search.aind import Board
from ply_search.udacity import Action, DebugState, Isolation

DATA = pathlib.Path(__file__).resolve().parents[3] / "games" / "isolation" / "tests" / "data"


def records(name):
    with open(DATA / name) as f:
        return [json.loads(line) for line in f]


def sign(x):
    return (x > 0) - (x < 0)


class UdacityGolden(unittest.TestCase):
    def replay(self, name):
        rows = records(name)
        games = 0
        for i, row in enumerate(rows):
            if row["ply"] == 0:
                state = Isolation()
                games += 1
            self.assertEqual(state.board, int(row["board"]), i)
            self.assertEqual(state.ply_count, row["ply_count"])
            self.assertEqual(state.locs, tuple(row["locs"]))
            self.assertEqual(state.player(), row["player"])
            self.assertEqual(state.actions(), row["actions"], i)
            self.assertEqual(state.terminal_test(), row["terminal"], i)
            self.assertEqual(sign(state.utility(0)), row["utility0"], i)
            self.assertEqual(sign(state.utility(1)), row["utility1"], i)
            self.assertEqual([state._has_liberties(0), state._has_liberties(1)], row["has_liberties"], i)
            for p in (0, 1):
                if state.locs[p] is not None:
                    self.assertEqual(state.liberties(state.locs[p]), row["liberties%d" % p], i)
            if row["action"] is not None:
                state = state.result(row["action"])
        return games

    def test_every_random_game_field_by_field(self):
        self.assertEqual(self.replay("random_games.jsonl"), 100)

    def test_every_game_decided_by_the_cell_0_quirk(self):
        self.assertEqual(self.replay("quirk_games.jsonl"), 14)

    def test_types_and_errors_are_the_originals(self):
        state = Isolation().result(57).result(0)
        self.assertIsInstance(state.actions()[0], Action)
        self.assertEqual(state.actions()[0].name, "NNE")
        self.assertEqual(Isolation().utility(0), 0)
        self.assertIsInstance(Isolation().utility(0), int)
        self.assertEqual(hash(state), hash(Isolation().result(57).result(0)))
        self.assertEqual(state, (state.board, 2, (57, 0)))
        with self.assertRaises(AssertionError):
            state.result(3)
        with self.assertRaises(RuntimeError) as caught:
            Isolation().result(57).result(57)
        self.assertEqual(str(caught.exception), "Invalid move: target cell blocked")

    def test_debug_views_print_as_the_original(self):
        for row in json.loads((DATA / "render.json").read_text())["states"]:
            state = DebugState(int(row["board"]), row["ply_count"], tuple(row["locs"]))
            self.assertEqual(str(state), row["str"])
            self.assertEqual(state.bitboard_string, row["bitboard_string"])
            for loc, xy in zip(row["locs"], row["ind2xy"]):
                if loc is not None:
                    self.assertEqual(list(DebugState.ind2xy(loc)), xy)

    def test_states_cross_to_ply_and_back(self):
        state = Isolation().result(57).result(0).result(Action.NNE)
        ply_state = state.to_state()
        self.assertEqual(Isolation.from_state(ply_state), state)
        self.assertEqual(sorted(ply_state.legal_moves(), key=int), sorted(str(int(a)) for a in state.actions()))
        best = ply_search.search(ply_state, "alphabeta(depth=5)")["best_move"]
        self.assertIn(int(best), [int(a) for a in state.actions()])


class UdacityEdges(unittest.TestCase):
    """What students' code reaches beyond the rules, against the course's own isolation.py
    (udacity_quirks.json, recorded from it)."""

    golden = json.loads((DATA / "udacity_quirks.json").read_text())

    def test_the_modules_names_are_the_originals(self):
        from ply_search import udacity

        for name, value in self.golden["names"].items():
            self.assertEqual(getattr(udacity, name), value, name)
        self.assertEqual(sorted(int(a) for a in udacity._ACTIONSET), self.golden["actionset"])
        self.assertIn(Action.NNE, udacity._ACTIONSET)

    def test_liberties_of_spots_off_the_board_are_the_originals(self):
        state = Isolation().result(57).result(30)
        for loc, cells in self.golden["liberties"].items():
            self.assertEqual(state.liberties(int(loc)), cells, loc)

    def test_bad_actions_raise_the_originals_errors(self):
        cases = {
            "opening -27": lambda: Isolation().result(-27),
            "opening 115": lambda: Isolation().result(115),
            "opening 11": lambda: Isolation().result(11),
            "step off the bottom": lambda: Isolation().result(3).result(49).result(-27),
            "not a step": lambda: Isolation().result(57).result(30).result(3),
        }
        self.assertEqual(set(cases), set(self.golden["errors"]))
        for label, make in cases.items():
            kind, message = self.golden["errors"][label]
            with self.assertRaises(Exception, msg=label) as caught:
                make()
            self.assertEqual((type(caught.exception).__name__, str(caught.exception)), (kind, message), label)

    def test_a_state_whose_locations_are_a_list_plays(self):
        listed = Isolation(locs=[None, None])
        expected = self.golden["list_locs"]
        self.assertEqual(listed.actions()[:5], expected["actions"])
        self.assertEqual((listed.terminal_test(), listed.player()), (expected["terminal"], expected["player"]))
        after = listed.result(57).result(30)
        self.assertEqual([after.board, after.ply_count, list(after.locs)], expected["after"])


COURSE_PACKAGE = """
# The course's isolation/__init__.py as a student has it: its own code, importing the file
# ply stands in for.
from .isolation import Isolation, DebugState
COURSE_INIT_RAN = True
"""

RUN_MATCH = """
import pickle, random
import isolation
from isolation import Isolation, COURSE_INIT_RAN
from isolation.isolation import Action, _ACTIONSET, _SIZE, S, N, E, W

random.seed(3)
state, book = Isolation(), {}
while not state.terminal_test():
    action = random.choice(state.actions())
    book[state] = action
    state = state.result(action)
blob = pickle.dumps(book)
again = pickle.loads(blob)
print(Isolation.__module__, isolation.isolation.__name__, COURSE_INIT_RAN, b"isolation.isolation" in blob,
      b"ply_search" in blob, again == book, type(next(iter(again))) is Isolation)
"""


class UdacityLauncher(unittest.TestCase):
    def test_the_courses_scripts_run_unchanged_with_ply_in_place_of_its_isolation_file(self):
        """``python -m ply_search.udacity run_match.py``: the course's package runs its own
        ``__init__.py``; its ``isolation/isolation.py`` (DO NOT MODIFY) is ply's module, and
        states pickled meanwhile name the original's module."""
        with tempfile.TemporaryDirectory() as folder:
            os.mkdir(os.path.join(folder, "isolation"))
            with open(os.path.join(folder, "isolation", "__init__.py"), "w") as f:
                f.write(COURSE_PACKAGE)
            with open(os.path.join(folder, "isolation", "isolation.py"), "w") as f:
                f.write("raise ImportError('the course copy of isolation.py was imported')\n")
            with open(os.path.join(folder, "run_match.py"), "w") as f:
                f.write(RUN_MATCH)
            env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
            run = subprocess.run([sys.executable, "-m", "ply_search.udacity", "run_match.py"], capture_output=True, text=True, env=env, timeout=120, cwd=folder)
            self.assertEqual(run.returncode, 0, run.stderr)
            self.assertEqual(run.stdout.split(), ["isolation.isolation", "isolation.isolation", "True", "True", "False", "True", "True"])
            test = "import unittest\nfrom isolation import Isolation\nclass T(unittest.TestCase):\n    def test_open(self):\n        self.assertEqual(len(Isolation().actions()), 99)\n"
            with open(os.path.join(folder, "test_course.py"), "w") as f:
                f.write(test)
            run = subprocess.run([sys.executable, "-m", "ply_search.udacity", "-m", "unittest", "test_course"], capture_output=True, text=True, env=env, timeout=120, cwd=folder)
            self.assertEqual(run.returncode, 0, run.stderr)
            self.assertIn("Ran 1 test", run.stderr)
            bare = subprocess.run([sys.executable, "-m", "ply_search.udacity"], capture_output=True, text=True, env=env, timeout=120, cwd=folder)
            self.assertEqual((bare.returncode, bare.stderr.count("\n")), (2, 1), bare.stderr)
            self.assertTrue(bare.stderr.startswith("usage: python -m ply_search.udacity SCRIPT"))


class ForeignStates(unittest.TestCase):
    def test_a_state_of_another_game_is_refused_by_name(self):
        onitama = ply_search.load_game("onitama").new_initial_state()
        queen = ply_search.load_game("queen-isolation").new_initial_state()
        standard = ply_search.load_game("isolation(rules=standard)").new_initial_state()
        aind = ply_search.load_game("isolation(rules=aind)").new_initial_state()
        for state, needle in [
            (onitama, "expected a state of isolation (11x9, Udacity's rules)"),
            (standard, "expected a state of isolation (11x9, Udacity's rules)"),
            (aind, "expected a state of isolation (11x9, Udacity's rules)"),
            ("41523161203939122082683632224299007", "expected a ply_search.State of isolation"),
        ]:
            with self.assertRaises(TypeError) as caught:
                Isolation.from_state(state)
            self.assertIn(needle, str(caught.exception))
        for state in [onitama, queen, Isolation().to_state()]:
            with self.assertRaises(TypeError):
                Board.from_state(state)
        # A state of one game given to another game's search is searched as its own game.
        self.assertIn(ply_search.search(onitama, "alphabeta(depth=2)")["best_move"], onitama.legal_moves())
        self.assertNotEqual(onitama, queen)


class StudentPlayers(unittest.TestCase):
    """Sample players written against the course API, as a student writes them, make the
    original's choices on every golden position."""

    @staticmethod
    def greedy(state):
        def score(action):
            after = state.result(action)
            return len(after.liberties(after.locs[state.player()]))

        return max(state.actions(), key=score), [score(a) for a in state.actions()]

    @staticmethod
    def minimax(state, depth):
        player_id = state.player()
        calls = [0]

        def result(s, a):
            calls[0] += 1
            return s.result(a)

        def score(s):
            own = len(s.liberties(s.locs[player_id]))
            opp = len(s.liberties(s.locs[1 - player_id]))
            return own - opp

        def value(s, d, maximizing):
            if s.terminal_test():
                return s.utility(player_id)
            if d <= 0:
                return score(s)
            values = [value(result(s, a), d - 1, not maximizing) for a in s.actions()]
            return max(values) if maximizing else min(values)

        roots = [value(result(state, a), depth - 1, False) for a in state.actions()]
        choice = state.actions()[roots.index(max(roots))]
        return choice, roots, calls[0]

    def test_greedy_and_minimax_choose_as_the_originals(self):
        for row in records("sample_agents.jsonl"):
            state = Isolation(int(row["board"]), row["ply_count"], tuple(row["locs"]))
            choice, scores = self.greedy(state)
            self.assertEqual(choice, row["greedy_choice"])
            self.assertEqual(scores, row["greedy_scores"])
            for depth in ("1", "2", "3"):
                choice, roots, calls = self.minimax(state, int(depth))
                expected = row["minimax"][depth]
                self.assertEqual(choice, expected["choice"])
                clipped = [max(-1_000_000, min(1_000_000, v)) for v in roots]
                self.assertEqual(clipped, expected["root_values"])
                self.assertEqual(calls, expected["result_calls"])


class Sentinel:
    """A player object that only has a name."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


def center(game, player):
    if game.is_loser(player):
        return float("-inf")
    if game.is_winner(player):
        return float("inf")
    w, h = game.width / 2.0, game.height / 2.0
    y, x = game.get_player_location(player)
    return float((h - y) ** 2 + (w - x) ** 2)


class AindGolden(unittest.TestCase):
    def test_every_7x7_game_replays_with_its_moves_and_scores(self):
        p1, p2 = Sentinel("P1"), Sentinel("P2")
        names = {"P1": p1, "P2": p2}
        for i, row in enumerate(records("aind7x7_random_games.jsonl")):
            if row["move_count"] == 0:
                game = Board(p1, p2)
            self.assertEqual(game.move_count, row["move_count"])
            self.assertIs(game.active_player, names[row["active"]])
            self.assertEqual(game.get_player_location(p1), None if row["loc_p1"] is None else tuple(row["loc_p1"]))
            self.assertEqual(game.get_player_location(p2), None if row["loc_p2"] is None else tuple(row["loc_p2"]))
            blocked = sorted(set((r, c) for r in range(7) for c in range(7)) - set(game.get_blank_spaces()))
            self.assertEqual(blocked, sorted(tuple(b) for b in row["blocked"]), i)
            self.assertEqual(sorted(game.get_legal_moves(p1)), sorted(tuple(m) for m in row["legal_p1"]), i)
            self.assertEqual(sorted(game.get_legal_moves(p2)), sorted(tuple(m) for m in row["legal_p2"]), i)
            for name, player in names.items():
                scores = row["scores"][name]
                clip = lambda v: max(-1_000_000, min(1_000_000, v))
                self.assertEqual(clip(game.utility(player)), scores["utility"], i)
                self.assertEqual(game.is_winner(player), scores["is_winner"], i)
                self.assertEqual(game.is_loser(player), scores["is_loser"], i)
                if "center" in scores:
                    self.assertEqual(clip(center(game, player)), scores["center"], i)
                opp = game.get_opponent(player)
                if not (game.is_winner(player) or game.is_loser(player)):
                    own, theirs = len(game.get_legal_moves(player)), len(game.get_legal_moves(opp))
                    self.assertEqual(own, scores["open"], i)
                    self.assertEqual(own - theirs, scores["improved"], i)
            # ply's own 7x7 AIND game agrees on the mover's moves.
            ply_state = game.to_state()
            legal = sorted(game.get_legal_moves())
            self.assertEqual(sorted(tuple(json.loads("[%s]" % m.strip("()"))) for m in ply_state.legal_moves()), legal, i)
            if row["move"] is not None:
                copy = game.forecast_move(tuple(row["move"]))
                self.assertEqual(copy.move_count, game.move_count + 1)
                game.apply_move(tuple(row["move"]))

    def test_legal_moves_are_shuffled_with_pythons_random(self):
        game = Board("a", "b")
        game.apply_move((3, 3))
        game.apply_move((0, 0))
        random.seed(5)
        first = game.get_legal_moves()
        random.seed(5)
        self.assertEqual(game.get_legal_moves(), first)
        orders = {tuple(game.get_legal_moves()) for _ in range(20)}
        self.assertGreater(len(orders), 1)
        self.assertEqual(len(first), 8)


class Agent:
    """An AIND player: get_move(game, time_left), answering as its kind says (the kinds of
    the golden file, recorded from the original)."""

    def __init__(self, kind):
        self.kind = kind

    def get_move(self, game, time_left):
        legal = game.get_legal_moves()
        if self.kind == "first":
            return legal[0] if legal else (-1, -1)
        if self.kind == "none":
            return None
        if self.kind == "minus":
            return (-1, -1)
        if self.kind == "offboard":
            return (9, 9)
        if self.kind == "used":
            return game.get_player_location(self)
        if self.kind == "slow":
            time.sleep(0.03)
            return legal[0] if legal else (-1, -1)
        if self.kind == "ply":
            return tuple(json.loads("[%s]" % ply_search.search(game.to_state(), "alphabeta(depth=4)")["best_move"].strip("()")))
        raise ValueError(self.kind)


class AindPlay(unittest.TestCase):
    def test_play_ends_with_the_originals_reasons(self):
        """udacity/AIND-Isolation's play() (master, whose tournament.py counts "forfeit"):
        anything but a legal move while one exists is a forfeit; none left is "illegal move"."""
        cases = [r for r in records("aind_quirks.jsonl") if r["case"] == "play"]
        self.assertEqual(len(cases), 10)
        for case in cases:
            good, bad = Agent("first"), Agent(case["loser"])
            game = Board(good, bad)
            if case["stuck"]:
                game.apply_move((6, 6))
                game.apply_move((3, 3))
                for r, c in [(1, 2), (1, 4), (2, 1), (2, 5), (4, 1), (4, 5), (5, 2), (5, 4)]:
                    game._board_state[r + c * 7] = 1
                game.apply_move((4, 4))
            else:
                for move in [(0, 0), (3, 3), (1, 2)]:
                    game.apply_move(move)
            winner, history, why = game.play(time_limit=10 if case["loser"] == "slow" else 150)
            self.assertEqual((winner is good, history, why), (case["winner_is_good"], case["history"], case["reason"]), case)

    def test_a_whole_game_ends_as_the_originals_do(self):
        first, engine = Agent("first"), Agent("ply")
        winner, history, why = Board(first, engine).play()
        self.assertEqual(why, "illegal move")
        self.assertIs(winner, engine)
        self.assertTrue(all(isinstance(m, list) and len(m) == 2 for m in history))


class AindBoardState(unittest.TestCase):
    def test_positions_written_into_the_board_state_read_as_in_the_original(self):
        """A student's test builds positions by assigning ``_board_state`` whole and writing
        single cells; every read afterwards gives what the original gave (golden data)."""
        rows = [r for r in records("aind_quirks.jsonl") if r["case"] == "board_state"]
        self.assertEqual(len(rows), 30)
        for row in rows:
            w, h = row["width"], row["height"]
            game = Board("p1", "p2", width=w, height=h)
            game._board_state = list(row["state"])
            if row["move"] is not None:
                game.apply_move(tuple(row["move"]))
            self.assertEqual(game.move_count, row["move_count"])
            game._board_state[row["extra"]] = 1
            self.assertEqual(game._board_state, row["after"])
            self.assertEqual(game.active_player, row["active"])
            self.assertEqual(game.move_is_legal((row["extra"] % h, row["extra"] // h)), row["extra_legal"])
            for p in ("p1", "p2"):
                self.assertEqual(sorted(game.get_legal_moves(p)), [tuple(m) for m in row["legal"][p]], row)
                location = row["location"][p]
                self.assertEqual(game.get_player_location(p), None if location is None else tuple(location))
                self.assertEqual(max(-1, min(1, game.utility(p))), row["utility"][p])
            self.assertEqual(game.get_blank_spaces(), [tuple(c) for c in row["blank"]])
            self.assertEqual(game.to_string(), row["string"])
            for loc, moves in row["get_moves"]:
                asked = None if loc is None else tuple(loc)
                self.assertEqual(sorted(game._Board__get_moves(asked)), [tuple(m) for m in moves], (row, loc))
            copy = game.copy()
            copy._board_state[0] = 1
            self.assertEqual(game._board_state, row["after"], "a copy writes its own list")
            self.assertEqual(game.hash(), Board.copy(game).hash())


    def test_an_aind_tournament_script_runs_unchanged_through_the_shim(self):
        script = textwrap.dedent(
            """
            import random
            from isolation import Board

            class RandomPlayer:
                def get_move(self, game, time_left):
                    legal = game.get_legal_moves()
                    return random.choice(legal) if legal else (-1, -1)

            class OpenMovePlayer:
                def get_move(self, game, time_left):
                    legal = game.get_legal_moves()
                    if not legal:
                        return (-1, -1)
                    return max(legal, key=lambda m: len(game.forecast_move(m).get_legal_moves(self)))

            random.seed(1)
            wins = {"random": 0, "open": 0}
            for _ in range(4):
                a, b = RandomPlayer(), OpenMovePlayer()
                for game in [Board(a, b), Board(b, a)]:
                    for _ in range(2):
                        game.apply_move(random.choice(game.get_legal_moves()))
                    winner, history, reason = game.play(time_limit=150)
                    wins["random" if winner is a else "open"] += 1
            print(Board.__module__, sum(wins.values()), wins["open"] > 0)
            """
        )
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "tournament.py")
            with open(path, "w") as f:
                f.write(script)
            # A local `isolation` package like the project's own must not be the one used.
            os.mkdir(os.path.join(folder, "isolation"))
            with open(os.path.join(folder, "isolation", "__init__.py"), "w") as f:
                f.write("raise ImportError('the project copy was imported')\n")
            env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
            run = subprocess.run([sys.executable, "-m", "ply_search.aind", path], capture_output=True, text=True, env=env, timeout=120)
            self.assertEqual(run.returncode, 0, run.stderr)
            self.assertEqual(run.stdout.split(), ["ply_search.aind", "8", "True"])

    def test_a_students_unittest_module_runs_through_the_shim_with_dash_m(self):
        """``python -m ply_search.aind -m unittest agent_test``: the students' own tests, which
        build positions through ``_board_state`` and call ``_Board__get_moves``."""
        tests = textwrap.dedent(
            """
            import unittest
            from isolation import Board

            class BoardTest(unittest.TestCase):
                def test_a_position_written_into_the_board(self):
                    game = Board("a", "b")
                    state = [0] * 52
                    state[-1], state[-2] = 0, 10
                    state[0] = state[10] = 1
                    game._board_state = state
                    self.assertEqual(sorted(game.get_legal_moves()), [(1, 2), (2, 1)])
                    game._board_state[9] = 1
                    self.assertEqual(game.get_legal_moves(), [(1, 2)])
                    self.assertEqual(sorted(game._Board__get_moves((3, 1))), [(1, 0), (1, 2), (2, 3), (4, 3), (5, 0), (5, 2)])
                    self.assertEqual(Board.__module__, "ply_search.aind")
            """
        )
        with tempfile.TemporaryDirectory() as folder:
            with open(os.path.join(folder, "agent_test.py"), "w") as f:
                f.write(tests)
            env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
            command = [sys.executable, "-m", "ply_search.aind", "-m", "unittest", "-v", "agent_test"]
            run = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120, cwd=folder)
            self.assertEqual(run.returncode, 0, run.stderr)
            self.assertRegex(run.stderr, r"test_a_position_written_into_the_board .*\.\.\. ok")
            self.assertIn("Ran 1 test", run.stderr)
            bad = subprocess.run([sys.executable, "-m", "ply_search.aind", "nowhere.py"], capture_output=True, text=True, env=env, timeout=120, cwd=folder)
            self.assertEqual(bad.returncode, 2)
            self.assertEqual(bad.stderr.strip(), "bad script `nowhere.py`: no such file; expected SCRIPT [ARGS...] or -m MODULE [ARGS...]")


if __name__ == "__main__":
    unittest.main()
