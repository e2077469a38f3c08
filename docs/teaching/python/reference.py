"""Solutions of the Python exercises (keep them out of the handout). The kit's tests grade them
and must see every check pass."""

import math


def minimax(node):
    if node.is_leaf():
        return node.value()
    values = [minimax(child) for child in node.children()]
    return max(values) if node.is_max() else min(values)


def alpha_beta(node, alpha, beta, strict):
    if node.is_leaf():
        return node.value()
    if node.is_max():
        v = -math.inf
        for child in node.children():
            v = max(v, alpha_beta(child, alpha, beta, strict))
            if v > beta or (not strict and v == beta):
                return v
            alpha = max(alpha, v)
        return v
    v = math.inf
    for child in node.children():
        v = min(v, alpha_beta(child, alpha, beta, strict))
        if v < alpha or (not strict and v == alpha):
            return v
        beta = min(beta, v)
    return v


def improved_score(game, player):
    if game.is_loser(player):
        return float("-inf")
    if game.is_winner(player):
        return float("inf")
    own = len(game.get_legal_moves(player))
    theirs = len(game.get_legal_moves(game.get_opponent(player)))
    return float(own - theirs)


class Kayles:
    def __init__(self, length, pins=None, ply=0):
        self.length = length
        self.pins = tuple([True] * length) if pins is None else pins
        self.ply = ply

    def to_move(self):
        return self.ply % 2

    def moves(self):
        if not any(self.pins):
            return []
        singles = [str(i + 1) for i, up in enumerate(self.pins) if up]
        pairs = ["{}-{}".format(i + 1, i + 2) for i in range(self.length - 1) if self.pins[i] and self.pins[i + 1]]
        return singles + pairs

    def play(self, move):
        pins = list(self.pins)
        for pin in move.split("-"):
            pins[int(pin) - 1] = False
        return Kayles(self.length, tuple(pins), self.ply + 1)

    def outcome(self):
        return None if any(self.pins) else 1 - self.to_move()

    def key(self):
        return sum(1 << i for i, up in enumerate(self.pins) if up) * 2 + self.ply % 2

    def position(self):
        return "{} {}".format("".join("I" if up else "." for up in self.pins), self.ply)

    def from_position(self, text):
        row, ply = text.split()
        return Kayles(len(row), tuple(c == "I" for c in row), int(ply))


def expectimax(node):
    if node.is_leaf():
        return node.value()
    children = node.children()
    values = [expectimax(child) for child in children]
    if node.is_chance():
        return sum(p * v for p, v in zip(node.probabilities(), values))
    return max(values) if node.is_max() else min(values)
