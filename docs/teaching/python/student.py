"""The teaching kit's exercises in Python. Write your solutions here, then grade them:

    python -m ply_search.grade minimax student.py      # or alphabeta, improved, kayles, expectimax, all

Each exercise is graded against ply's reference on the same cases as the Rust kit
(docs/teaching.md): values, exactly which leaves you evaluate, evaluator scores, and for
Kayles the rules, notation and solved values.
"""

import math


def minimax(node):
    """Exercise 1: the minimax value of `node` for MAX.

    A node has `is_leaf()`, `value()` (a leaf's value for MAX; each call is counted),
    `is_max()` (MAX moves at the root and every second level) and `children()` (left to
    right). Visit the children left to right and evaluate every leaf once."""
    raise NotImplementedError("exercise 1: minimax")


def alpha_beta(node, alpha, beta, strict):
    """Exercise 2: alpha-beta, returning the minimax value when it lies inside (alpha, beta).

    Children left to right. With `strict == False` prune as AIMA does, as soon as a value
    reaches the bound (`v >= beta` at MAX, `v <= alpha` at MIN); with `strict == True` only
    when it passes it (`v > beta`, `v < alpha`). The grader calls
    `alpha_beta(root, -math.inf, math.inf, strict)` and checks which leaves you evaluate."""
    raise NotImplementedError("exercise 2: alpha-beta")


def improved_score(game, player):
    """Exercise 3: AIND's "improved" evaluator for knight Isolation, over the AIND `Board` API
    (ply_search.aind.Board): the number of moves `player` has minus the number its opponent has
    (`game.get_legal_moves(p)`, `game.get_opponent(p)`); `-inf` if `player` has lost
    (`game.is_loser`), `inf` if it has won (`game.is_winner`)."""
    raise NotImplementedError("exercise 3: improved_score")


class Kayles:
    """Exercise 4: Kayles, a new game, as a Python class ply can search.

    A row of `length` pins (1 to 20); a move knocks down one standing pin, or two standing pins
    side by side; whoever knocks down the last pin wins. Player 0 moves first.

    Notation (the grader reads and compares it): pins are numbered from 1 at the left; a move is
    the string `"3"` (pin 3) or `"3-4"` (pins 3 and 4); a position is the row, `I` for a
    standing pin and `.` for a fallen one, a space, and the plies played: `"II.II 1"`. List
    moves in any order. Keep the fields you like: only the behaviour is graded.
    """

    def __init__(self, length):
        """The full row of `length` pins, player 0 to move."""
        raise NotImplementedError("exercise 4: Kayles(length)")

    def to_move(self):
        """The player to move: 0 or 1."""
        raise NotImplementedError("exercise 4: to_move")

    def moves(self):
        """The legal moves, as notation strings (none once the game is over)."""
        raise NotImplementedError("exercise 4: moves")

    def play(self, move):
        """The position after `move` (a new object; this one unchanged)."""
        raise NotImplementedError("exercise 4: play")

    def outcome(self):
        """None while pins stand, else the winner (0 or 1): who knocked down the last pin."""
        raise NotImplementedError("exercise 4: outcome")

    def key(self):
        """A whole number, the same for equal positions (the pins standing and the mover)."""
        raise NotImplementedError("exercise 4: key")

    def position(self):
        """The position's notation, e.g. `"II.II 1"`."""
        raise NotImplementedError("exercise 4: position")

    def from_position(self, text):
        """The position written `text` (a row of the same length)."""
        raise NotImplementedError("exercise 4: from_position")


def expectimax(node):
    """Exercise 6: expectimax (AIMA's expectiminimax) on a tree with chance nodes: the value
    of `node` for MAX.

    A node has `is_leaf()`, `value()` (a leaf's value for MAX; each call is counted),
    `is_chance()`, `is_max()`, `children()` (left to right; each call is counted as one
    expansion) and `probabilities()` (a chance node's children's, left to right). MAX takes
    the largest child, MIN the smallest, a chance node the probability-weighted average.
    Expand each node once and visit the children left to right."""
    raise NotImplementedError("exercise 6: expectimax")
