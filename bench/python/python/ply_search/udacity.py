"""Udacity's 11x9 knight Isolation, the state API of the AI Nanodegree's ``isolation.py``, bit
for bit, on ply's rules.

``Isolation`` is an immutable, hashable named tuple ``(board, ply_count, locs)`` as in the
course: ``actions()`` in the original's order (cells while opening, ``Action`` offsets after),
``result(action)``, ``terminal_test()`` with the original's cell-0 quirk, ``utility(player_id)``
with +-inf, ``liberties(loc)`` and ``player()``. A student's ``CustomPlayer`` runs on it
unchanged; ``to_state()`` hands a position to ply's searches.

>>> from ply_search.udacity import Isolation, Action
>>> state = Isolation().result(57).result(0)
>>> state.locs, state.ply_count
((57, 0), 2)
>>> state.actions()[:3]
[<Action.NNE: 25>, <Action.ENE: 11>, <Action.ESE: -15>]
>>> Isolation().liberties(57)
[82, 68, 42, 30, 32, 46, 72, 84]
>>> state.terminal_test(), state.utility(0)
(False, 0)
>>> import ply_search
>>> ply_search.search(state.to_state(), "alphabeta(depth=4)")["best_move"] in map(str, state.actions())
True
"""

from enum import IntEnum
from typing import List, NamedTuple, Optional, Tuple

from . import _native

# The 11x9 board: 11 cells and 2 border bits per row, 9 rows, the last 2 border bits dropped;
# the names are the original's, which students import.
_WIDTH, _HEIGHT = 11, 9
_SIZE = (_WIDTH + 2) * _HEIGHT - 2
_BLANK_BOARD = 41523161203939122082683632224299007

# The offsets of one step in each direction (a row is 13 bits; x grows west).
S, N, W, E = -_WIDTH - 2, _WIDTH + 2, 1, -1


class Action(IntEnum):
    """The eight knight steps, as offsets between cell indices (a row is 13 bits)."""

    NNE = 25
    ENE = 11
    ESE = -15
    SSE = -27
    SSW = -25
    WSW = -11
    WNW = 15
    NNW = 27


_ACTION_OF = {int(a): a for a in Action}
_ACTIONSET = set(Action)

Locs = Tuple[Optional[int], Optional[int]]


class Isolation(NamedTuple("Isolation", [("board", int), ("ply_count", int), ("locs", tuple)])):
    """A position of 11x9 knight Isolation: ``board`` (bit set = open cell), ``ply_count``
    (moves so far) and ``locs`` (each player's cell, ``None`` until placed)."""

    def __new__(cls, board: int = _BLANK_BOARD, ply_count: int = 0, locs: Locs = (None, None)):
        return super().__new__(cls, board, ply_count, locs)

    def player(self) -> int:
        """The player to move: 0 (first) or 1."""
        return self.ply_count % 2

    def actions(self) -> list:
        """The mover's legal actions in the original's order: open cells while the mover is
        unplaced, ``Action`` offsets afterwards."""
        actions = _native.udacity_actions(self.board, self.ply_count, _pair(self.locs))
        if self.locs[self.ply_count % 2] is None:
            return actions
        return [_ACTION_OF[a] for a in actions]

    def result(self, action: int) -> "Isolation":
        """The state after ``action``, with the original's errors: ``AssertionError`` for an
        offset that is no knight step, ``ValueError`` for a target below cell 0, and
        ``RuntimeError`` for a target that is no open cell."""
        loc = self.locs[self.ply_count % 2]
        if loc is not None and action not in _ACTION_OF:
            raise AssertionError("{} is not a valid action from the set {}".format(action, list(Action)))
        target = int(action) + (0 if loc is None else loc)
        if target < 0:
            raise ValueError("negative shift count")
        if not (self.board >> target) & 1:
            raise RuntimeError("Invalid move: target cell blocked")
        board, locs = _native.udacity_result(self.board, self.ply_count, _pair(self.locs), int(action))
        return Isolation(board=board, ply_count=self.ply_count + 1, locs=locs)

    def terminal_test(self) -> bool:
        """True as soon as either player has no liberty (a lone liberty on cell 0 does not
        count: the original's quirk)."""
        return _native.udacity_status(self.board, self.ply_count, _pair(self.locs))[0]

    def utility(self, player_id: int) -> float:
        """+inf if ``player_id`` has won, -inf if it has lost, 0 otherwise."""
        status = _native.udacity_status(self.board, self.ply_count, _pair(self.locs))
        if not status[0]:
            return 0
        return status[1] if player_id == 0 else status[2]

    def liberties(self, loc: Optional[int]) -> List[int]:
        """Open cells a knight's move from ``loc``, in action order (every open cell when
        ``loc`` is ``None``); from a spot off the board (a border bit, a negative index), the
        open cells among its offsets' targets, as the original."""
        if loc is not None and not _is_cell(loc):
            return [c for c in (loc + a for a in Action) if c >= 0 and self.board & (1 << c)]
        return _native.udacity_liberties(self.board, self.ply_count, _pair(self.locs), loc)

    def _has_liberties(self, player_id: int) -> bool:
        return _native.udacity_status(self.board, self.ply_count, _pair(self.locs))[3 + player_id]

    def to_state(self):
        """This position as a ``ply_search.State`` of ``isolation``, for ply's searches."""
        from . import load_game

        return load_game("isolation").state_from_position(_position(self))

    @classmethod
    def from_state(cls, state) -> "Isolation":
        """The position of a ``ply_search.State`` of ``isolation`` (the 11x9 board, Udacity's
        rules); ``TypeError`` for anything else."""
        _check_udacity_state(state)
        fields = state.fields()
        return cls(int(fields["board"]), fields["ply_count"], tuple(fields["locs"]))


def _pair(locs) -> Locs:
    """The locations as the tuple the native half takes (the original also takes a list)."""
    return locs if type(locs) is tuple else tuple(locs)


def _is_cell(loc) -> bool:
    """Whether ``loc`` is a cell of the board (not a border bit, not off the ends)."""
    return isinstance(loc, int) and 0 <= loc < _SIZE and loc % (_WIDTH + 2) < _WIDTH


def _check_udacity_state(state) -> None:
    """Refuses what is not a state of the 11x9 game with Udacity's rules."""
    import re

    from . import State, load_game

    if not isinstance(state, State):
        raise TypeError("bad state {!r}: expected a ply_search.State of isolation".format(state))
    rules = re.search(r"rules\s*=\s*([\w-]+)", state.game)
    same_board = load_game(state.game).name == "isolation" and state.num_distinct_actions() == load_game("isolation").num_distinct_actions()
    if not same_board or (rules and rules.group(1).lower() != "udacity"):
        raise TypeError("bad state of `{}`: expected a state of isolation (11x9, Udacity's rules)".format(state.game))


def _position(state: Isolation) -> str:
    """The position in ply's notation: ``BOARD PLY LOC0 LOC1``."""
    show = lambda loc: "-" if loc is None else str(loc)
    return "{} {} {} {}".format(state.board, state.ply_count, show(state.locs[0]), show(state.locs[1]))


class DebugState(Isolation):
    """``Isolation`` with the original's debugging views: ``print(DebugState.from_state(s))``
    draws the board; ``bitboard_string``; ``ind2xy(ind)``."""

    player_symbols = ["1", "2"]

    @staticmethod
    def from_state(gamestate) -> "DebugState":
        return DebugState(gamestate.board, gamestate.ply_count, gamestate.locs)

    @property
    def bitboard_string(self) -> str:
        return "{:b}".format(self.board)

    @classmethod
    def ind2xy(cls, ind: int) -> Tuple[int, int]:
        """Cell index to (x, y): x from the east edge, y from the bottom row."""
        return (ind % (_WIDTH + 2), ind // (_WIDTH + 2))

    def __str__(self) -> str:
        return _native.udacity_drawing(self.board, self.ply_count, _pair(self.locs))


def _run(argv: List[str]) -> None:
    """``python -m ply_search.udacity SCRIPT [ARGS...]`` or ``python -m ply_search.udacity -m
    MODULE [ARGS...]``: runs the course's ``run_match.py`` or its tests (``-m unittest
    tests.test_my_custom_player``) unchanged, the course's ``isolation`` package included, with
    ``isolation.isolation`` (the file that says DO NOT MODIFY) answered by this module.

    States and actions pickled meanwhile (an opening book in ``data.pickle``) name the
    original's module, ``isolation.isolation``, so the course's own grader loads them."""
    import types

    from ply_search import _launch

    shim = types.ModuleType("isolation.isolation", "ply's Isolation, in place of the course's isolation/isolation.py")
    for name in ("Isolation", "DebugState", "Action", "_WIDTH", "_HEIGHT", "_SIZE", "_BLANK_BOARD", "S", "N", "W", "E", "_ACTIONSET"):
        setattr(shim, name, globals()[name])
    for cls in (Isolation, DebugState, Action):
        cls.__module__ = "isolation.isolation"
    usage = "usage: python -m ply_search.udacity SCRIPT [ARGS...] | -m MODULE [ARGS...] (e.g. run_match.py, -m unittest tests.test_my_custom_player)"
    _launch.run(argv, {"isolation.isolation": shim}, usage)


if __name__ == "__main__":
    import sys

    from ply_search import udacity  # the package's module, not this `__main__` copy of it

    udacity._run(sys.argv[1:])
