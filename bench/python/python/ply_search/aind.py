"""The 7x7 ``Board`` of Udacity's AIND-Isolation project (``isolation/isolation.py``), the same
API with its cells in a bitmask: ``Board(player_1, player_2, width=7, height=7)``, moves as
``(row, col)``, knight moves listed in the original's order and shuffled with Python's
``random`` as the original does, and ``play(time_limit)`` with the original's results.

The project's own ``sample_players.py`` and ``tournament.py`` run unchanged on it: run them
with ``python -m ply_search.aind tournament.py``, which makes ``from isolation import Board``
resolve to this class. ``to_state()`` hands a position to ply's searches (the game
``isolation(width=7,height=7,rules=aind)``).

>>> from ply_search.aind import Board
>>> game = Board("me", "you")
>>> game.apply_move((2, 3)); game.apply_move((0, 0))
>>> sorted(game.get_legal_moves())
[(0, 2), (0, 4), (1, 1), (1, 5), (3, 1), (3, 5), (4, 2), (4, 4)]
>>> game.active_player, game.get_player_location("you")
('me', (0, 0))
>>> game.utility("me"), game.is_loser("you")
(0.0, False)
"""

import random
import sys
import timeit
from typing import Dict, List, Optional, Tuple

TIME_LIMIT_MILLIS = 150

Move = Tuple[int, int]

# The knight's steps as (row, col), in the order the original lists them before shuffling.
_STEPS = [(-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1)]

# Per board size, per cell: the knight targets on the board, as (move, bit).
_TARGETS: Dict[Tuple[int, int], List[List[Tuple[Move, int]]]] = {}


def _targets(width: int, height: int) -> List[List[Tuple[Move, int]]]:
    table = _TARGETS.get((width, height))
    if table is None:
        table = []
        for idx in range(width * height):
            r, c = idx % height, idx // height
            table.append(
                [
                    ((r + dr, c + dc), 1 << (r + dr + (c + dc) * height))
                    for dr, dc in _STEPS
                    if 0 <= r + dr < height and 0 <= c + dc < width
                ]
            )
        _TARGETS[(width, height)] = table
    return table


class Board(object):
    """A game of knight Isolation between two player objects, each with a
    ``get_move(game, time_left)`` method. Cells are ``(row, col)``; cell index
    ``row + col * height``."""

    BLANK = 0
    NOT_MOVED = None

    def __init__(self, player_1, player_2, width: int = 7, height: int = 7):
        self.width = width
        self.height = height
        self.move_count = 0
        self._player_1 = player_1
        self._player_2 = player_2
        self._active_player = player_1
        self._inactive_player = player_2
        self._used = 0  # bit idx set: the cell has been visited
        self._locs: List[Optional[int]] = [None, None]  # player 1's and player 2's cell index
        self._targets = _targets(width, height)

    @property
    def active_player(self):
        """The player to move."""
        return self._active_player

    @property
    def inactive_player(self):
        """The player waiting."""
        return self._inactive_player

    def get_opponent(self, player):
        """The other player; ``RuntimeError`` for an object that does not play here."""
        if player == self._active_player:
            return self._inactive_player
        elif player == self._inactive_player:
            return self._active_player
        raise RuntimeError("`player` must be an object registered as a player in the current game.")

    def copy(self) -> "Board":
        """An independent copy of the game."""
        new = Board.__new__(Board)
        new.__dict__.update(self.__dict__)
        new._locs = list(self._locs)
        return new

    def forecast_move(self, move: Move) -> "Board":
        """A copy of the game with ``move`` played by the active player."""
        new = self.copy()
        new.apply_move(move)
        return new

    def move_is_legal(self, move: Move) -> bool:
        """Whether ``move`` is on the board and its cell unused (any such cell: the knight's
        reach is not checked, as in the original)."""
        r, c = move[0], move[1]
        return 0 <= r < self.height and 0 <= c < self.width and not (self._used >> (r + c * self.height)) & 1

    def get_blank_spaces(self) -> List[Move]:
        """Every unused cell, column by column."""
        used, h = self._used, self.height
        return [(i, j) for j in range(self.width) for i in range(h) if not (used >> (i + j * h)) & 1]

    def _cell_of(self, player) -> Optional[int]:
        """The player's cell index, or ``None`` before its first move; ``RuntimeError`` for an
        object that does not play here (the original's message)."""
        if player == self._player_1:
            return self._locs[0]
        if player == self._player_2:
            return self._locs[1]
        raise RuntimeError("Invalid player in get_player_location: {}".format(player))

    def get_player_location(self, player) -> Optional[Move]:
        """The player's ``(row, col)``, or ``None`` before its first move."""
        idx = self._cell_of(player)
        if idx is None:
            return Board.NOT_MOVED
        return (idx % self.height, idx // self.height)

    def get_legal_moves(self, player=None) -> List[Move]:
        """The player's legal moves (the active player's by default): every unused cell before
        its first move, afterwards its knight moves to unused cells, shuffled."""
        idx = self._cell_of(self._active_player if player is None else player)
        if idx is None:
            return self.get_blank_spaces()
        used = self._used
        moves = [move for move, bit in self._targets[idx] if not used & bit]
        random.shuffle(moves)
        return moves

    def apply_move(self, move: Move) -> None:
        """The active player moves to ``move`` (not checked), and the turn passes."""
        idx = move[0] + move[1] * self.height
        self._locs[1 if self._active_player == self._player_2 else 0] = idx
        self._used |= 1 << idx
        self._active_player, self._inactive_player = self._inactive_player, self._active_player
        self.move_count += 1

    def is_winner(self, player) -> bool:
        """Whether ``player`` has won: the player to move has no legal move, and it is not
        ``player``."""
        return player == self._inactive_player and not self.get_legal_moves(self._active_player)

    def is_loser(self, player) -> bool:
        """Whether ``player`` has lost: it is to move and has no legal move."""
        return player == self._active_player and not self.get_legal_moves(self._active_player)

    def utility(self, player) -> float:
        """+inf if ``player`` has won, -inf if it has lost, 0.0 otherwise."""
        if not self.get_legal_moves(self._active_player):
            if player == self._inactive_player:
                return float("inf")
            if player == self._active_player:
                return float("-inf")
        return 0.0

    def hash(self) -> int:
        """A hash of the position (used cells, both locations, the player to move): equal
        positions hash equal."""
        return hash((self._used, self._locs[0], self._locs[1], self.move_count & 1))

    @property
    def _board_state(self) -> list:
        """The original's internal list, for code that reads it: a cell per index (0 blank, 1
        used), then the initiative (0 for player 1), player 2's and player 1's cell index."""
        state = [(self._used >> i) & 1 for i in range(self.width * self.height)]
        return state + [self.move_count & 1, self._locs[1], self._locs[0]]

    def to_string(self, symbols=("1", "2")) -> str:
        """The board as text: row numbers down the left, column numbers across the top, the
        players as ``symbols``, used cells as ``-`` (lines end in ``\\n\\r``, as the original's)."""
        margin = len(str(self.height - 1)) + 1
        out = " " * (margin + 3) + "   ".join(str(c) for c in range(self.width)) + "\n\r"
        for i in range(self.height):
            out += str(i).ljust(margin) + " | "
            for j in range(self.width):
                idx = i + j * self.height
                if not (self._used >> idx) & 1:
                    out += " "
                elif self._locs[0] == idx:
                    out += symbols[0]
                elif self._locs[1] == idx:
                    out += symbols[1]
                else:
                    out += "-"
                out += " | "
            out += "\n\r"
        return out

    def print_board(self) -> str:
        """The same as ``to_string()``."""
        return self.to_string()

    def __str__(self) -> str:
        return self.to_string()

    def to_state(self):
        """This position as a ``ply_search.State`` of ``isolation(width=W,height=H,rules=aind)``
        (boards of up to 128 cells), for ply's searches."""
        from . import load_game

        game = load_game("isolation(width={},height={},rules=aind)".format(self.width, self.height))
        state = game.new_initial_state()
        # Replaying the moves is not possible (the board keeps no history), so the position is
        # written out: ply's notation for a variant is BOARD PLY LOC0 LOC1, BOARD's bits set on
        # open cells in ply's layout.
        open_bits = 0
        for i in range(self.height):
            for j in range(self.width):
                if not (self._used >> (i + j * self.height)) & 1:
                    open_bits |= 1 << _ply_cell(self, i, j)
        locs = ["-" if idx is None else str(_ply_cell(self, idx % self.height, idx // self.height)) for idx in self._locs]
        return game.state_from_position("{} {} {} {}".format(open_bits, self.move_count, *locs))

    @classmethod
    def from_state(cls, state, player_1="Player 1", player_2="Player 2") -> "Board":
        """The board of a ``ply_search.State`` of ``isolation(...,rules=aind)``, between
        ``player_1`` (who moved first) and ``player_2``."""
        from . import State, load_game

        if not isinstance(state, State) or load_game(state.game).name != "isolation":
            raise TypeError("bad state {!r}: expected a ply_search.State of isolation(...,rules=aind)".format(state))
        spec = state.game
        game_width, game_height = _size(spec)
        board = cls(player_1, player_2, width=game_width, height=game_height)
        fields = state.fields()
        open_bits = int(fields["board"])
        stride = game_width + 2
        to_index = lambda cell: (game_height - 1 - cell // stride) + (game_width - 1 - cell % stride) * game_height
        for row in range(game_height):
            for col in range(game_width):
                if not (open_bits >> _ply_cell(board, row, col)) & 1:
                    board._used |= 1 << (row + col * game_height)
        board._locs = [None if loc is None else to_index(loc) for loc in fields["locs"]]
        board.move_count = fields["ply_count"]
        if board.move_count % 2:
            board._active_player, board._inactive_player = player_2, player_1
        return board

    def play(self, time_limit: float = TIME_LIMIT_MILLIS):
        """Plays the game to its end, asking each player ``get_move(game_copy, time_left)``
        with ``time_left()`` in milliseconds. Returns ``(winner, move_history, reason)``, the
        reason why the loser lost: ``"timeout"``, ``"illegal move"``, ``"forfeit"`` (no move
        given, or ``(-1, -1)``, while a legal move existed) or ``"loss"`` (no legal move)."""
        move_history = []
        time_millis = lambda: 1000 * timeit.default_timer()
        while True:
            legal_player_moves = self.get_legal_moves()
            game_copy = self.copy()
            move_start = time_millis()
            time_left = lambda: time_limit - (time_millis() - move_start)
            curr_move = self._active_player.get_move(game_copy, time_left)
            move_end = time_left()
            if curr_move is None:
                curr_move = Board.NOT_MOVED
            if move_end < 0 and not getattr(self._active_player, "ignore_timeout", False):
                return self._inactive_player, move_history, "timeout"
            if curr_move not in legal_player_moves:
                if len(legal_player_moves) > 0:
                    if curr_move is None or curr_move == (-1, -1):
                        return self._inactive_player, move_history, "forfeit"
                    return self._inactive_player, move_history, "illegal move"
                return self._inactive_player, move_history, "loss"
            move_history.append(list(curr_move))
            self.apply_move(curr_move)


def _ply_cell(board: Board, row: int, col: int) -> int:
    """The cell index in ply's layout of the variant: rows of ``width + 2`` bits, x from the
    east edge, y from the bottom row; AIND's row 0 is the top row and col 0 the west edge."""
    x = board.width - 1 - col
    y = board.height - 1 - row
    return y * (board.width + 2) + x


def _size(spec: str) -> Tuple[int, int]:
    """The width and height of an ``isolation(...)`` spec with AIND's rules."""
    import re

    if "aind" not in spec:
        raise TypeError("bad state of `{}`: expected a state of isolation(...,rules=aind)".format(spec))
    width = re.search(r"width\s*=\s*(\d+)", spec)
    height = re.search(r"height\s*=\s*(\d+)", spec)
    return (int(width.group(1)) if width else 7, int(height.group(1)) if height else 7)


def _run(argv: List[str]) -> None:
    """``python -m ply_search.aind SCRIPT [ARGS...]``: runs SCRIPT (the AIND project's
    ``tournament.py``, ``agent_test.py``...) with ``from isolation import Board`` resolving to
    ply's ``Board``."""
    import os
    import runpy
    import types

    if not argv:
        sys.exit("usage: python -m ply_search.aind SCRIPT [ARGS...] (e.g. tournament.py)")
    from ply_search import aind

    shim = types.ModuleType("isolation", "ply's AIND Board, in place of the project's isolation package")
    shim.Board = aind.Board
    shim.isolation = shim
    sys.modules["isolation"] = shim
    sys.modules["isolation.isolation"] = shim
    script = argv[0]
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
    sys.argv = list(argv)
    runpy.run_path(script, run_name="__main__")


if __name__ == "__main__":
    _run(sys.argv[1:])
