"""The teaching kit in Python: `python -m ply_search.grade` passes the reference solutions,
fails the skeletons with the exercise's name, and catches the classic mistakes with their
first counterexample: a leaf evaluated twice, the pruning rules swapped, an evaluator from the
wrong side, a Kayles whose last pin loses."""

import importlib.util
import io
import math
import pathlib
import json
import subprocess
import sys
import types
import unittest

from ply_search import grade

KIT = pathlib.Path(__file__).resolve().parents[3] / "docs" / "teaching" / "python"


def load(name):
    spec = importlib.util.spec_from_file_location(name, KIT / (name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


REFERENCE, SKELETON = load("reference"), load("student")


def submission(**functions):
    """The reference with some of its functions replaced."""
    module = types.ModuleType("submission")
    module.__dict__.update(REFERENCE.__dict__)
    module.__dict__.update(functions)
    return module


def quick_kayles(module):
    # The Rust kit's cases, cut to 10 conformance games a row, perft to rows of 5 pins and 40
    # games so the suite stays quick (a Python game is searched at Python's speed); the
    # command line runs them whole.
    return grade.grade_kayles(module, perft_rows=5, games=40, solved_rows=8, kit_games=10)


class References(unittest.TestCase):
    def test_the_solutions_pass_every_check(self):
        checks = grade.grade_minimax(REFERENCE) + grade.grade_alphabeta(REFERENCE) + grade.grade_improved(REFERENCE) + quick_kayles(REFERENCE)
        self.assertEqual([c for c in checks if not c[1]], [])
        self.assertEqual(len(checks), 8)
        self.assertIn("201 trees", checks[0][2])

    def test_the_skeletons_fail_with_the_exercises_name(self):
        checks = grade.grade_minimax(SKELETON) + grade.grade_alphabeta(SKELETON) + grade.grade_improved(SKELETON) + quick_kayles(SKELETON)
        self.assertFalse([c for c in checks if c[1]])
        for needle in ["exercise 1: minimax", "exercise 2: alpha-beta", "exercise 3: improved_score", "exercise 4: Kayles(length)"]:
            self.assertTrue(any(needle in c[2] for c in checks), needle)


class Mistakes(unittest.TestCase):
    def test_a_leaf_evaluated_twice_is_shown_leaf_by_leaf(self):
        def minimax(node):
            if node.is_leaf():
                node.value()
                return node.value()
            values = [minimax(c) for c in node.children()]
            return max(values) if node.is_max() else min(values)

        [(_, ok, detail)] = grade.grade_minimax(submission(minimax=minimax))
        self.assertFalse(ok)
        # AIMA's figure fails; shrunk, a root with one leaf shows the mistake.
        self.assertEqual(
            detail,
            "tree 0 fails; shrunk to the smallest tree that still fails: [0]\n"
            "value 0 (expected 0); 2 leaves evaluated (expected 1), the 2nd is 0 "
            "(expected none: the reference stops there)\n"
            "MAX [root]\n"
            "  0  [0]  you: 1st, reference: 1st  <- first difference",
        )

    def test_swapped_pruning_rules_fail_both_checks(self):
        def alpha_beta(node, alpha, beta, strict):
            return REFERENCE.alpha_beta(node, alpha, beta, not strict)

        checks = grade.grade_alphabeta(submission(alpha_beta=alpha_beta))
        self.assertEqual([ok for _, ok, _ in checks], [False, False])
        # Shrunk as the Rust kit shrinks it, to the same tree.
        self.assertTrue(checks[0][2].startswith("tree 2 fails; shrunk to the smallest tree that still fails: [[9,[9,0]]]"), checks[0][2])
        self.assertRegex(checks[0][2], r"leaves evaluated \(expected \d+\), the \d+(st|nd|rd|th) is [\d.]+ \(expected ([\d.]+|none: the reference stops there)\)")
        self.assertIn("<- first difference", checks[0][2])

    def test_an_evaluator_from_the_wrong_side_is_caught(self):
        def improved_score(game, player):
            return REFERENCE.improved_score(game, game.get_opponent(player))

        [(_, ok, detail)] = grade.grade_improved(submission(improved_score=improved_score))
        self.assertFalse(ok)
        self.assertRegex(detail, r"^position \d+ \(.*\), P[01]: -?[\d.]+ \(expected -?[\d.]+\)$")

    def test_a_kayles_whose_last_pin_loses_is_caught(self):
        class Misere(REFERENCE.Kayles):
            def outcome(self):
                result = super().outcome()
                return None if result is None else 1 - result

            def play(self, move):
                child = super().play(move)
                return Misere(child.length, child.pins, child.ply)

            def from_position(self, text):
                back = super().from_position(text)
                return Misere(back.length, back.pins, back.ply)

        checks = quick_kayles(submission(Kayles=Misere))
        passed = {name.split(": ")[1]: ok for name, ok, _ in checks}
        self.assertTrue(passed["the conformance kit on rows of 1 to 12 pins"])
        self.assertFalse(passed["notation, legal moves and outcomes along 40 random games"])
        self.assertFalse(passed["the solver's value of rows of 1 to 8 pins"])


class Expectimax(unittest.TestCase):
    def test_the_solution_passes_and_the_skeleton_fails(self):
        checks = grade.grade_expectimax(REFERENCE)
        self.assertEqual([c for c in checks if not c[1]], [])
        self.assertEqual([grade.points(c[0]) for c in checks], [5.0, 15.0])
        skeleton = grade.grade_expectimax(SKELETON)
        self.assertFalse(any(c[1] for c in skeleton))
        self.assertIn("exercise 6: expectimax", skeleton[0][2])

    def test_an_unweighted_average_and_a_second_expansion_are_caught(self):
        def unweighted(node):
            if node.is_leaf():
                return node.value()
            values = [unweighted(c) for c in node.children()]
            if node.is_chance():
                return sum(values) / len(values)
            return max(values) if node.is_max() else min(values)

        checks = grade.grade_expectimax(submission(expectimax=unweighted))
        self.assertFalse(checks[0][1])
        # The same tree and the same words as the Rust kit's report.
        self.assertTrue(checks[0][2].startswith("AIMA's backgammon shape: [~[1:[~[2,4],~[7,-1]]"), checks[0][2])
        self.assertIn("your value 3.0 (expected 2.333333333333333", checks[0][2])

        def twice(node):
            if not node.is_leaf():
                node.children()
            return REFERENCE.expectimax(node)

        checks = grade.grade_expectimax(submission(expectimax=twice))
        self.assertIn("your 2nd expansion was root, the reference's 0", checks[0][2])


class TeachingPage(unittest.TestCase):
    def test_the_page_shows_the_graders_real_output(self):
        def alpha_beta(node, alpha, beta, strict):
            return REFERENCE.alpha_beta(node, alpha, beta, not strict)

        out = io.StringIO()
        grade.grade("alphabeta", submission(alpha_beta=alpha_beta), "swapped.py", out=out)
        page = (KIT.parent.parent / "teaching.md").read_text()
        self.assertIn(out.getvalue(), page, "docs/teaching.md no longer shows the Python grader's output")


class CommandLine(unittest.TestCase):
    def run_grade(self, *args):
        return subprocess.run([sys.executable, "-m", "ply_search.grade", *args], capture_output=True, text=True, timeout=300)

    def test_reports_and_exit_codes(self):
        passed = self.run_grade("alphabeta", str(KIT / "reference.py"))
        self.assertEqual(passed.returncode, 0, passed.stderr)
        self.assertIn("score 25 of 25: 2 of 2 checks passed", passed.stdout)
        failed = self.run_grade("minimax", str(KIT / "student.py"))
        self.assertEqual(failed.returncode, 1)
        self.assertIn("FAIL     0 / 20   minimax: values and leaves evaluated: tree 0", failed.stdout)
        self.assertIn("score 0 of 20: 0 of 1 checks passed", failed.stdout)
        # The Gradescope format, for course platforms.
        report = self.run_grade("alphabeta", str(KIT / "reference.py"), "--report", "json")
        self.assertEqual(report.returncode, 0, report.stderr)
        results = json.loads(report.stdout)
        self.assertEqual(results["score"], 25.0)
        self.assertEqual([t["max_score"] for t in results["tests"]], [15.0, 10.0])
        self.assertEqual({t["status"] for t in results["tests"]}, {"passed"})
        for args, needle in [
            (("chess", "x.py"), "bad EXERCISE `chess`"),
            (("minimax", "/no/such/file.py"), "bad FILE `/no/such/file.py`"),
            (("minimax",), "usage: python -m ply_search.grade EXERCISE FILE"),
            (("minimax", "x.py", "--report", "xml"), "bad report format `xml`"),
        ]:
            bad = self.run_grade(*args)
            self.assertEqual(bad.returncode, 2)
            self.assertIn(needle, bad.stderr)
            self.assertEqual(len(bad.stderr.strip().splitlines()), 1)


if __name__ == "__main__":
    unittest.main()
