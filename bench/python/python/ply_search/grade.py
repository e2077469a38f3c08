"""Grades the teaching kit's Python exercises against ply's reference, on the very trees,
positions and games of the Rust kit (docs/teaching.md):

    python -m ply_search.grade EXERCISE FILE [--report text|json]

EXERCISE is ``minimax``, ``alphabeta``, ``improved``, ``kayles``, ``expectimax`` or ``all``; FILE is the
student's Python file (the skeleton is docs/teaching/python/student.py). The report prints
each check, passed or failed, with its points and its counterexample: a failing tree shrunk
to the smallest tree that still fails and drawn one node a line, with the turn at which you
and the reference evaluated each leaf. ``--report json`` prints the Gradescope autograder's
``results.json`` instead. The exit code is 0 when every check passed, 1 when one failed, 2 for
a bad command line.

1. ``minimax(node)``: the value and the leaves evaluated, in order, on AIMA's figure 5.2 and
   200 seeded random trees.
2. ``alpha_beta(node, alpha, beta, strict)``: the value and exactly which leaves are
   evaluated, in order, with AIMA's pruning on equality (``strict=False``) and the strict rule.
3. ``improved_score(game, player)`` over the AIND ``Board`` API: both players' scores on every
   position of 60 seeded random 7x7 games.
4. ``Kayles``, a game written as a Python class: the conformance kit, perft in both
   conventions, the notation, legal moves and outcomes along 300 random games, and the
   solver's value of every row from 1 to 14 pins, against the reference Kayles.
6. ``expectimax(node)`` on trees with chance nodes: the value and exactly which nodes are
   expanded and which leaves evaluated, in order, on CS188's example, a tree in the shape of
   AIMA's backgammon figure and 200 seeded random trees.
"""

import importlib.util
import json
import math
import random
import sys
from typing import Callable, List, Tuple

from . import _native

Check = Tuple[str, bool, str]  # what was checked, whether it passed, the first counterexample

# The points of each check, by name prefix, as the Rust kit gives them (docs/teaching.md).
POINTS = [
    ("minimax", 20.0),
    ("alpha-beta, AIMA's", 15.0),
    ("alpha-beta, the strict", 10.0),
    ("improved_score", 15.0),
    ("Kayles: the conformance kit", 5.0),
    ("Kayles: perft", 5.0),
    ("Kayles: notation", 10.0),
    ("Kayles: the solver", 5.0),
    ("expectimax: CS188's example", 5.0),
    ("expectimax: 200 random trees", 15.0),
]


def points(check_name: str) -> float:
    """The points a check is worth."""
    return next((p for prefix, p in POINTS if check_name.startswith(prefix)), 0.0)


class Node:
    """A node of an explicit game tree, as the exercises see it. MAX moves at the root."""

    def __init__(self, shape, depth: int = 0, path: str = "", log: list = None):
        self._shape = shape
        self._depth = depth
        self._path = path
        self._log = [] if log is None else log

    def is_max(self) -> bool:
        """Whether MAX moves here (the root and every second level below it)."""
        return self._depth % 2 == 0

    def is_leaf(self) -> bool:
        """Whether this is a leaf (the game is over)."""
        return not isinstance(self._shape, list)

    def children(self) -> List["Node"]:
        """The children, left to right."""
        if self.is_leaf():
            return []
        join = lambda i: str(i) if not self._path else "{}.{}".format(self._path, i)
        return [Node(child, self._depth + 1, join(i), self._log) for i, child in enumerate(self._shape)]

    def value(self) -> int:
        """A leaf's value for MAX (each call is one evaluation, and the grader counts it)."""
        self._log.append(self._path)
        return self._shape

    def __repr__(self):
        return "Node({})".format(json.dumps(self._shape, separators=(",", ":")))


class ChanceNode:
    """A node of a tree with chance nodes (exercise 6). MAX moves at the root; a chance node's
    children come with their probabilities; after a roll the other player chooses. Each
    ``children()`` call is one expansion and each ``value()`` one evaluation: the grader
    checks both, in order."""

    def __init__(self, shape, path: str = "", expansions: list = None, log: list = None):
        self._shape = shape
        self._path = path
        self._expansions = [] if expansions is None else expansions
        self._log = [] if log is None else log

    def is_leaf(self) -> bool:
        """Whether this is a leaf (the game is over)."""
        return not isinstance(self._shape, dict)

    def is_chance(self) -> bool:
        """Whether the dice decide here: the value is the children's average, weighted by
        ``probabilities()``."""
        return not self.is_leaf() and self._shape["kind"] == "chance"

    def is_max(self) -> bool:
        """Whether MAX chooses here (at a player's node; MIN chooses at the others)."""
        return not self.is_leaf() and self._shape["kind"] == "max"

    def children(self) -> List["ChanceNode"]:
        """The children, left to right (one expansion of this node)."""
        self._expansions.append(self._path or "root")
        if self.is_leaf():
            return []
        join = lambda i: str(i) if not self._path else "{}.{}".format(self._path, i)
        return [ChanceNode(child, join(i), self._expansions, self._log) for i, child in enumerate(self._shape["children"])]

    def probabilities(self) -> List[float]:
        """At a chance node, each child's probability, left to right; empty elsewhere."""
        return list(self._shape.get("probabilities", [])) if self.is_chance() else []

    def value(self) -> float:
        """A leaf's value for MAX (each call is one evaluation, and the grader counts it)."""
        self._log.append(self._path or "root")
        return self._shape

    def __repr__(self):
        return "ChanceNode({})".format(self._path or "root")


def _failure(error: BaseException) -> str:
    """An exception as one line: its class and message."""
    return "{}: {}".format(type(error).__name__, error)


def _answer(shape, call: Callable[[Node], int]):
    """The submission's value and leaves on a tree, or the exception it raised."""
    root = Node(shape)
    try:
        return call(root), root._log, None
    except Exception as error:  # the student's bug, reported as the counterexample
        return None, root._log, error


def _simpler(shape, is_root: bool = True):
    """Every tree one step simpler than ``shape``: a child removed, a subtree replaced by a
    leaf 0 or by one of its children, a leaf moved toward 0. The root stays a list."""
    if not isinstance(shape, list):
        return [v for v in (0, int(shape / 2)) if v != shape]
    out = []
    if not is_root:
        out.append(0)
        out.extend(shape)
    if len(shape) > 1:
        out.extend(shape[:i] + shape[i + 1:] for i in range(len(shape)))
    for i, child in enumerate(shape):
        for replacement in _simpler(child, False):
            out.append(shape[:i] + [replacement] + shape[i + 1:])
    return out


def _size(shape) -> Tuple[int, int]:
    if not isinstance(shape, list):
        return (1, abs(shape))
    sizes = [_size(c) for c in shape]
    return (1 + sum(s[0] for s in sizes), sum(s[1] for s in sizes))


def _shrink(shape, fails: Callable[[list], bool], budget: int = 3000):
    """The smallest tree, reached one simpler step at a time, on which ``fails`` holds."""
    tried = 0
    while True:
        for candidate in _simpler(shape):
            if _size(candidate) >= _size(shape):
                continue
            tried += 1
            if tried > budget:
                return shape
            if fails(candidate):
                shape = candidate
                break
        else:
            return shape


def _draw(shape, yours: List[str], reference: List[str]) -> str:
    """The tree one node a line, each leaf with its path and its turn in both orders, an arrow
    at the first leaf where they part."""
    k = next((k for k in range(max(len(yours), len(reference)))
              if (yours[k:k + 1] or [None]) != (reference[k:k + 1] or [None])), None)
    marked = set() if k is None else set(yours[k:k + 1] + reference[k:k + 1])
    lines = []

    def turn(order, path):
        return _ordinal(order.index(path) + 1) if path in order else "never"

    def walk(node, path, depth):
        indent = "  " * depth
        name = path or "root"
        if isinstance(node, list):
            lines.append("{}{} [{}]".format(indent, "MAX" if depth % 2 == 0 else "MIN", name))
            for i, child in enumerate(node):
                walk(child, "{}.{}".format(path, i) if path else str(i), depth + 1)
        else:
            lines.append("{}{}  [{}]  you: {}, reference: {}{}".format(
                indent, node, name, turn(yours, name), turn(reference, name),
                "  <- first difference" if name in marked else ""))

    walk(shape, "", 0)
    return "\n".join(lines)


def _run_on_trees(name: str, call: Callable[[Node], int], alphabeta: bool, strict: bool) -> Check:
    trees = _native.teaching_trees()
    text_of = lambda shape: json.dumps(shape, separators=(",", ":"))
    reference = lambda shape: _native.teaching_course(text_of(shape), alphabeta, strict)

    def fails(shape) -> bool:
        got, leaves, error = _answer(shape, call)
        return error is not None or (got, leaves) != tuple(reference(shape))

    for i, text in enumerate(trees):
        shape = json.loads(text)
        if not fails(shape):
            continue
        small = _shrink(shape, fails)
        want, want_leaves = reference(small)
        got, leaves, error = _answer(small, call)
        head = "tree {} fails; shrunk to the smallest tree that still fails: {}".format(i, text_of(small))
        if error is not None:
            return (name, False, "{}\non it: {}\n{}".format(head, _failure(error), _draw(small, leaves, want_leaves)))
        return (
            name,
            False,
            "{}\nvalue {} (expected {}); {}\n{}".format(head, got, want, _leaf_difference(leaves, want_leaves), _draw(small, leaves, want_leaves)),
        )
    return (name, True, "{} trees".format(len(trees)))


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return "{}{}".format(n, suffix)


def _leaf_difference(got: List[str], want: List[str]) -> str:
    """How the leaves evaluated differ from the reference's, at the first difference (leaves
    named by their path from the root: `0.2` is the root's first child's third child)."""
    counts = "{} leaves evaluated (expected {})".format(len(got), len(want))
    for k, (g, w) in enumerate(zip(got, want)):
        if g != w:
            return "{}, the {} is {} (expected {})".format(counts, _ordinal(k + 1), g, w)
    if len(got) > len(want):
        return "{}, the {} is {} (expected none: the reference stops there)".format(counts, _ordinal(len(want) + 1), got[len(want)])
    if len(got) < len(want):
        return "{}, the {} is missing (expected {})".format(counts, _ordinal(len(got) + 1), want[len(got)])
    return "the same leaves evaluated"


def grade_minimax(module) -> List[Check]:
    """Exercise 1."""
    minimax = getattr(module, "minimax")
    return [_run_on_trees("minimax: values and leaves evaluated", minimax, False, False)]


def grade_alphabeta(module) -> List[Check]:
    """Exercise 2, both pruning rules."""
    alpha_beta = getattr(module, "alpha_beta")
    checks = []
    for strict, rule in [(False, "AIMA's pruning on equality"), (True, "the strict pruning")]:
        call = lambda node, strict=strict: alpha_beta(node, -math.inf, math.inf, strict)
        checks.append(_run_on_trees("alpha-beta, {}: values and leaves evaluated".format(rule), call, True, strict))
    return checks


def grade_improved(module) -> List[Check]:
    """Exercise 3."""
    from . import load_game
    from .aind import Board

    improved = getattr(module, "improved_score")
    game = load_game("isolation(rules=aind)")
    positions = _native.teaching_isolation_positions()
    name = "improved_score: both players on every position of 60 random 7x7 games"
    for i, (text, p0, p1) in enumerate(positions):
        board = Board.from_state(game.state_from_position(text), "Player 1", "Player 2")
        for label, player, want in [("P0", "Player 1", p0), ("P1", "Player 2", p1)]:
            try:
                got = improved(board.copy(), player)
            except Exception as error:
                return [(name, False, "position {} ({}): {}".format(i, text, _failure(error)))]
            if not isinstance(got, (int, float)) or float(got) != want:
                return [(name, False, "position {} ({}), {}: {} (expected {})".format(i, text, label, got, want))]
    return [(name, True, "{} positions".format(len(positions)))]


def grade_kayles(module, perft_rows: int = 9, games: int = 300, solved_rows: int = 14, kit_games: int = 100) -> List[Check]:
    """Exercise 4, on the Rust kit's cases (the keywords shrink them, for quick checks)."""
    from . import check, perft, solve

    kayles = getattr(module, "Kayles")
    checks = []

    name = "Kayles: the conformance kit on rows of 1 to 12 pins"
    checks.append((name, True, "{:,} random games".format(12 * kit_games)))
    for length in range(1, 13):
        try:
            check(kayles(length), games=kit_games, seed=length)
        except Exception as error:
            checks[-1] = (name, False, "row of {}: {}".format(length, _failure(error)))
            break

    name = "Kayles: perft in both conventions to the end of rows of 1 to {} pins".format(perft_rows)
    checks.append((name, True, "{} counts".format(perft_rows * (perft_rows + 1))))
    try:
        for length in range(1, perft_rows + 1):
            for strict in (False, True):
                for depth in range(1, length + 1):
                    got = perft(kayles(length), depth, count="strict" if strict else "leaves")
                    want = _native.teaching_kayles_perft(length, depth, strict)
                    if got != want:
                        convention = "strict" if strict else "leaves"
                        raise AssertionError("row of {}: perft {} ({}) is {}, expected {}".format(length, depth, convention, got, want))
    except Exception as error:
        checks[-1] = (name, False, _failure(error))

    name = "Kayles: notation, legal moves and outcomes along {} random games".format(games)
    checks.append((name, True, "{} games".format(games)))
    rng = random.Random(5)
    try:
        for game in range(games):
            length = 1 + rng.randrange(20)
            state = kayles(length)
            for position, moves, winner, played in _native.teaching_kayles_game(length, game):
                here = "row of {}, game {}, at {}".format(length, game, position)
                if state.position() != position:
                    raise AssertionError("{}: position() is `{}`".format(here, state.position()))
                back = state.from_position(position)
                if back.position() != position or back.key() != state.key():
                    raise AssertionError("{}: from_position(position()) does not give the position back".format(here))
                outcome = state.outcome()
                if outcome != winner:
                    raise AssertionError("{}: outcome() is {!r}, expected {!r}".format(here, outcome, winner))
                listed = sorted(str(m) for m in state.moves()) if outcome is None else []
                if listed != moves:
                    raise AssertionError("{}: legal moves {}, expected {}".format(here, listed, moves))
                if played is None:
                    break
                state = state.play(next(m for m in state.moves() if str(m) == played))
    except Exception as error:
        checks[-1] = (name, False, _failure(error))

    name = "Kayles: the solver's value of rows of 1 to {} pins".format(solved_rows)
    checks.append((name, True, "{} rows".format(solved_rows)))
    try:
        for length in range(1, solved_rows + 1):
            got = solve(kayles(length))["value"]
            want = _native.teaching_kayles_value(length)
            if (got > 0) - (got < 0) != (want > 0) - (want < 0):
                raise AssertionError("row of {}: solved value {}, expected {}".format(length, got, want))
    except Exception as error:
        checks[-1] = (name, False, _failure(error))
    return checks


def _first_difference(what: str, got: List[str], want: List[str]):
    """Where two lists of node paths part, in words; None when they are equal."""
    for k in range(max(len(got), len(want))):
        g = got[k] if k < len(got) else None
        w = want[k] if k < len(want) else None
        if g != w:
            if g is not None and w is not None:
                return "your {} {} was {}, the reference's {}".format(_ordinal(k + 1), what, g, w)
            if g is not None:
                return "you went on to {} after the reference had finished".format(g)
            return "you stopped before {}".format(w)
    return None


def grade_expectimax(module) -> List[Check]:
    """Exercise 6, on the Rust kit's trees, against the course expectiminimax."""
    expectimax = getattr(module, "expectimax")
    textbook, random_trees = _native.teaching_chance_trees()
    checks = []
    for name, trees in [("expectimax: CS188's example and AIMA's backgammon shape", textbook),
                        ("expectimax: 200 random trees with chance nodes", random_trees)]:
        checks.append((name, True, "{} trees: every value, every expansion and every leaf, in order".format(len(trees))))
        for tree_name, text in trees:
            want, want_expanded, want_leaves = _native.teaching_expectimax(text)
            root = ChanceNode(json.loads(_native.teaching_chance_tree(text)))
            try:
                got = expectimax(root)
            except Exception as error:
                checks[-1] = (name, False, "{}: {}\non it: {}".format(tree_name, text, _failure(error)))
                break
            problems = []
            if not isinstance(got, (int, float)) or math.isnan(got) or abs(got - want) > 1e-9:
                problems.append("your value {} (expected {})".format(got, want))
            expanded = _first_difference("expansion", root._expansions, want_expanded)
            if expanded:
                problems.append("you expanded {} nodes (expected {}): {}".format(len(root._expansions), len(want_expanded), expanded))
            evaluated = _first_difference("leaf evaluation", root._log, want_leaves)
            if evaluated:
                problems.append("you evaluated {} leaves (expected {}): {}".format(len(root._log), len(want_leaves), evaluated))
            if problems:
                depth = max(len(p.split(".")) for p in want_expanded + want_leaves)
                replay = 'replay it: ply search "chance-tree(shape={})" "expectimax(depth={},eval=null,pruning=none)"'.format(text, depth)
                checks[-1] = (name, False, "{}: {}\n{}\n{}".format(tree_name, text, "\n".join(problems), replay))
                break
    return checks


EXERCISES = {
    "minimax": ("exercise 1, minimax", grade_minimax),
    "alphabeta": ("exercise 2, alpha-beta", grade_alphabeta),
    "improved": ("exercise 3, the improved evaluator", grade_improved),
    "kayles": ("exercise 4, Kayles", grade_kayles),
    "expectimax": ("exercise 6, expectimax", grade_expectimax),
}


def load(path: str):
    """The student's file as a module."""
    spec = importlib.util.spec_from_file_location("student_submission", path)
    if spec is None or spec.loader is None:
        raise ValueError("bad FILE `{}`: expected a Python file".format(path))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_checks(exercise: str, module) -> List[Check]:
    """The checks of ``exercise`` (or ``all``) on ``module``."""
    names = list(EXERCISES) if exercise == "all" else [exercise]
    checks: List[Check] = []
    for name in names:
        title, grader = EXERCISES[name]
        try:
            checks.extend(grader(module))
        except AttributeError as error:
            checks.append((title, False, _failure(error)))
    return checks


def gradescope(checks: List[Check]) -> dict:
    """The checks in the Gradescope autograder's ``results.json`` format."""
    tests = [
        {
            "name": what,
            "score": points(what) if ok else 0.0,
            "max_score": points(what),
            "status": "passed" if ok else "failed",
            "output": detail,
        }
        for what, ok, detail in checks
    ]
    return {"score": sum(t["score"] for t in tests), "tests": tests}


def grade(exercise: str, module, path: str, out=sys.stdout, report: str = "text") -> bool:
    """Grades ``exercise`` (or ``all``) of ``module``, loaded from ``path``, printing the
    report (``text``, or ``json`` in the Gradescope format); whether every check passed."""
    checks = run_checks(exercise, module)
    if report == "json":
        print(json.dumps(gradescope(checks)), file=out)
        return all(ok for _, ok, _ in checks)
    print("{} ({})".format(exercise, path), file=out)
    for what, ok, detail in checks:
        worth = points(what)
        print("  {}  {:>4g} / {:<4g} {}: {}".format(
            "PASS" if ok else "FAIL", worth if ok else 0, worth, what, detail.replace("\n", "\n        ")), file=out)
    passed = sum(ok for _, ok, _ in checks)
    score = sum(points(w) for w, ok, _ in checks if ok)
    total = sum(points(w) for w, _, _ in checks)
    print("score {:g} of {:g}: {} of {} checks passed".format(score, total, passed, len(checks)), file=out)
    return passed == len(checks)


def main(argv: List[str]) -> int:
    usage = "usage: python -m ply_search.grade EXERCISE FILE [--report text|json] (EXERCISE: {} or all)".format(", ".join(EXERCISES))
    report = "text"
    if len(argv) == 4 and argv[2] == "--report":
        report = argv[3]
        argv = argv[:2]
        if report not in ("text", "json"):
            print("error: bad report format `{}`: expected text or json".format(report[:40]), file=sys.stderr)
            return 2
    if len(argv) != 2:
        print("error: " + usage, file=sys.stderr)
        return 2
    exercise, path = argv
    if exercise not in EXERCISES and exercise != "all":
        print("error: bad EXERCISE `{}`: expected one of {}, all".format(exercise, ", ".join(EXERCISES)), file=sys.stderr)
        return 2
    try:
        module = load(path)
    except Exception as error:  # a file that does not load is bad input, named in one line
        print("error: bad FILE `{}`: {}".format(path, _failure(error).splitlines()[0]), file=sys.stderr)
        return 2
    return 0 if grade(exercise, module, path, report=report) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
