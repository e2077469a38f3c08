"""The 7x7 ``Board`` of Udacity's AIND-Isolation project (``isolation/isolation.py``), the same
API on the same ``_board_state`` list, with each cell's knight targets computed once:
``Board(player_1, player_2, width=7, height=7)``, moves as ``(row, col)``, knight moves listed
in the original's order and shuffled with Python's ``random`` as the original does, and
``play(time_limit)`` with the original's results and reasons.

The project's own ``sample_players.py``, ``tournament.py`` and tests run unchanged on it: run
them with ``python -m ply_search.aind tournament.py`` or ``python -m ply_search.aind -m
unittest agent_test``, which makes ``from isolation import Board`` resolve to this class.
``to_state()`` hands a position to ply's searches (the game
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

# Per board size: each cell's knight targets on the board as (move, index), and each index's
# (row, col).
_TABLES: Dict[Tuple[int, int], Tuple[List[List[Tuple[Move, int]]], List[Move]]] = {}


def _tables(width: int, height: int) -> Tuple[List[List[Tuple[Move, int]]], List[Move]]:
    table = _TABLES.get((width, height))
    if table is None:
        cells = [(idx % height, idx // height) for idx in range(width * height)]
        targets = [
            [
                ((r + dr, c + dc), r + dr + (c + dc) * height)
                for dr, dc in _STEPS
                if 0 <= r + dr < height and 0 <= c + dc < width
            ]
            for r, c in cells
        ]
        table = _TABLES[(width, height)] = (targets, cells)
    return table


class Board(object):
    """A game of knight Isolation between two player objects, each with a
    ``get_move(game, time_left)`` method. Cells are ``(row, col)``; cell index
    ``row + col * height``.

    The position is the original's ``_board_state`` list, a plain attribute as there: a cell
    per index (0 blank, 1 used), then the initiative (0 for player 1), player 2's and player
    1's cell index. Code that assigns it whole or writes one cell sees the original's results.
    """

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
        self._board_state: list = [Board.BLANK] * (width * height + 3)
        self._board_state[-1] = Board.NOT_MOVED
        self._board_state[-2] = Board.NOT_MOVED
        self._targets, self._cells = _tables(width, height)

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
        new._board_state = self._board_state[:]
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
        h = self.height
        return 0 <= r < h and 0 <= c < self.width and self._board_state[r + c * h] == 0

    def get_blank_spaces(self) -> List[Move]:
        """Every unused cell, column by column."""
        return [cell for cell, used in zip(self._cells, self._board_state) if used == 0]

    def _cell_of(self, player) -> Optional[int]:
        """The player's cell index, or ``None`` before its first move; ``RuntimeError`` for an
        object that does not play here (the original's message)."""
        if player == self._player_1:
            return self._board_state[-1]
        if player == self._player_2:
            return self._board_state[-2]
        raise RuntimeError("Invalid player in get_player_location: {}".format(player))

    def get_player_location(self, player) -> Optional[Move]:
        """The player's ``(row, col)``, or ``None`` before its first move."""
        if player == self._player_1:
            idx = self._board_state[-1]
        elif player == self._player_2:
            idx = self._board_state[-2]
        else:
            raise RuntimeError("Invalid player in get_player_location: {}".format(player))
        if idx is None:
            return Board.NOT_MOVED
        cells = self._cells
        return cells[idx] if 0 <= idx < len(cells) else (idx % self.height, idx // self.height)

    def get_legal_moves(self, player=None) -> List[Move]:
        """The player's legal moves (the active player's by default): every unused cell before
        its first move, afterwards its knight moves to unused cells, shuffled."""
        idx = self._cell_of(self._active_player if player is None else player)
        if idx is None:
            return self.get_blank_spaces()
        state = self._board_state
        if 0 <= idx < len(self._targets):
            moves = [move for move, target in self._targets[idx] if state[target] == 0]
            random.shuffle(moves)
            return moves
        return self.__get_moves((idx % self.height, idx // self.height))

    def __get_moves(self, loc: Optional[Move]) -> List[Move]:
        """The knight moves from ``loc`` (a ``(row, col)``) to unused cells, shuffled; every
        unused cell for ``None``. The original's private helper, which some students call as
        ``board._Board__get_moves(loc)``."""
        if loc == Board.NOT_MOVED:
            return self.get_blank_spaces()
        r, c = loc
        moves = [(r + dr, c + dc) for dr, dc in _STEPS if self.move_is_legal((r + dr, c + dc))]
        random.shuffle(moves)
        return moves

    def apply_move(self, move: Move) -> None:
        """The active player moves to ``move`` (not checked), and the turn passes."""
        idx = move[0] + move[1] * self.height
        state = self._board_state
        state[-2 if self._active_player == self._player_2 else -1] = idx
        state[idx] = 1
        state[-3] ^= 1
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
        """A hash of the position (the cells, the initiative and both locations): equal
        positions hash equal."""
        return hash(tuple(self._board_state))

    def to_string(self, symbols=("1", "2")) -> str:
        """The board as text: row numbers down the left, column numbers across the top, the
        players as ``symbols``, used cells as ``-`` (lines end in ``\\n\\r``, as the original's)."""
        state, h = self._board_state, self.height
        size = self.width * h
        chars = ["-" if used else " " for used in state[:size]]
        for idx, symbol in ((state[-2], symbols[1]), (state[-1], symbols[0])):
            if isinstance(idx, int) and 0 <= idx < size and state[idx]:
                chars[idx] = symbol
        margin = len(str(h - 1)) + 1
        lines = [" " * (margin + 3) + "   ".join(str(c) for c in range(self.width))]
        lines += [str(i).ljust(margin) + " | " + " | ".join(chars[i::h]) + " | " for i in range(h)]
        return "\n\r".join(lines) + "\n\r"

    def print_board(self) -> str:
        """The same as ``to_string()``."""
        return self.to_string()

    def __str__(self) -> str:
        return self.to_string()

    def to_state(self):
        """This position as a ``ply_search.State`` of ``isolation(width=W,height=H,rules=aind)``
        (boards with (W + 2) * H - 2 <= 127), for ply's searches."""
        from . import load_game

        game = load_game("isolation(width={},height={},rules=aind)".format(self.width, self.height))
        state = game.new_initial_state()
        # Replaying the moves is not possible (the board keeps no history), so the position is
        # written out: ply's notation for a variant is BOARD PLY LOC0 LOC1, BOARD's bits set on
        # open cells in ply's layout.
        open_bits = 0
        for i in range(self.height):
            for j in range(self.width):
                if self._board_state[i + j * self.height] == Board.BLANK:
                    open_bits |= 1 << _ply_cell(self, i, j)
        locs = ["-" if idx is None else str(_ply_cell(self, idx % self.height, idx // self.height)) for idx in (self._board_state[-1], self._board_state[-2])]
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
                    board._board_state[row + col * game_height] = 1
        locs = [None if loc is None else to_index(loc) for loc in fields["locs"]]
        board._board_state[-1], board._board_state[-2] = locs
        board.move_count = fields["ply_count"]
        board._board_state[-3] = board.move_count % 2
        if board.move_count % 2:
            board._active_player, board._inactive_player = player_2, player_1
        return board

    def play(self, time_limit: float = TIME_LIMIT_MILLIS):
        """Plays the game to its end, asking each player ``get_move(game_copy, time_left)``
        with ``time_left()`` in milliseconds. Returns ``(winner, move_history, reason)`` with
        the original's reasons (udacity/AIND-Isolation's ``isolation.py``, whose
        ``tournament.py`` counts them): ``"timeout"`` when the mover overran its time,
        ``"forfeit"`` when it gave anything but one of its legal moves (``None``, ``(-1, -1)``
        or an illegal move) while it had one, and ``"illegal move"`` when it had none left
        (the usual end of a game). A player with ``ignore_timeout = True`` (a person) has no
        clock."""
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
                    return self._inactive_player, move_history, "forfeit"
                return self._inactive_player, move_history, "illegal move"
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
    """``python -m ply_search.aind SCRIPT [ARGS...]`` or ``python -m ply_search.aind -m
    MODULE [ARGS...]``: runs the AIND project's ``tournament.py``, ``agent_test.py`` or
    ``-m unittest agent_test`` with ``from isolation import Board`` resolving to ply's
    ``Board`` (the project's own ``isolation`` package is not imported)."""
    import types

    from ply_search import _launch, aind

    shim = types.ModuleType("isolation", "ply's AIND Board, in place of the project's isolation package")
    shim.Board = aind.Board
    shim.isolation = shim
    shim.__path__ = []  # a package, as the project's, so `isolation.isolation` imports too
    usage = "usage: python -m ply_search.aind SCRIPT [ARGS...] | -m MODULE [ARGS...] (e.g. tournament.py, -m unittest agent_test)"
    _launch.run(argv, {"isolation": shim, "isolation.isolation": shim}, usage)


if __name__ == "__main__":
    _run(sys.argv[1:])
