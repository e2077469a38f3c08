"""ply's games in OpenSpiel, and OpenSpiel's games in ply.

``import ply_search.openspiel`` registers ply's games with ``pyspiel`` (OpenSpiel's Python
API, ``pip install open-spiel``), so that a pyspiel user changes one line:
``pyspiel.load_game("connect_four")`` becomes ``pyspiel.load_game("ply_connect_four")``, and
everything else (OpenSpiel's algorithms, bots, evaluation and training code) runs unchanged on
ply's rules.

- The games OpenSpiel also has come under OpenSpiel's own name with ``ply_`` in front, and
  speak OpenSpiel exactly: its parameters, action numbers, action strings, players, chance
  outcomes, returns, observation tensor and strings, game type and game info
  (``ply_connect_four``, ``ply_tic_tac_toe``, ``ply_nim``, ``ply_breakthrough``,
  ``ply_amazons`` with OpenSpiel's three actions a turn, ``ply_othello``, ``ply_pig``,
  ``ply_einstein_wurfelt_nicht``, ``ply_backgammon`` with OpenSpiel's 36 ordered rolls,
  ``ply_chinese_checkers`` a step or a hop an action).
- Every other game of ply's registry comes as ``ply_<its name>`` (dashes become
  underscores), with ply's own action numbers and strings and its spec keys as parameters
  (``ply_isolation(width=7,height=7,rules=aind)``, ``ply_onitama(seed=7)``; a list value is
  written with ``;`` for ``,``: ``ply_queen_isolation(blocked=[(0;0)])``). A number key left
  at 0 and a text key left empty take ply's default.

``wrap(game)`` goes the other way: any sequential OpenSpiel game of perfect information (2 to 6
players, dice included) becomes a game ply's searches, perft, the solver and the conformance kit
take, and ``tournament`` seats ply's agents and OpenSpiel's bots at it (see ``wrap``).

>>> import pyspiel, ply_search.openspiel
>>> game = pyspiel.load_game("ply_tic_tac_toe")
>>> state = game.new_initial_state()
>>> state.apply_action(4)
>>> state.action_to_string(1, 0), state.legal_actions()[:3]
('o(0,0)', [0, 1, 2])
"""

from __future__ import annotations

import itertools
import math
import random

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.observation import IIGObserverForPublicInfoGame
except ImportError as missing:  # pragma: no cover - the message is the point
    raise ImportError(
        f"ply_search.openspiel needs OpenSpiel ({missing.name} is missing): "
        'pip install "ply-search[openspiel]" or pip install open-spiel==2.0.2'
    ) from missing

import ply_search

__all__ = ["agent", "wrap", "tournament", "registered", "Wrapped", "WrappedDice"]

_GameType = pyspiel.GameType


# --------------------------------------------------------------------------------------------
# How each game speaks OpenSpiel.


class _Dialect:
    """One game as OpenSpiel has it: its name and parameters, how they make ply's spec, its
    action numbers and strings, its observation. The base speaks ply's numbers as they are,
    through the native `openspiel_*` methods (equal to ply's own for most games)."""

    name = ""
    long_name = ""
    parameters: dict = {}
    observation_shape = None  # OpenSpiel's tensor shape, or None without one
    players = (2, 2)  # the fewest and most players OpenSpiel's game takes
    has_tensor = True  # whether OpenSpiel's observation tensor is given

    def __init__(self, params):
        self.params = dict(params)
        self.game = None

    def bind(self, game):
        """Keeps the ply game these parameters made."""
        self.game = game

    def spec(self):
        """ply's spec for these parameters."""
        raise NotImplementedError

    def info(self, game):
        """OpenSpiel's game info: actions, chance outcomes, utilities, the longest game."""
        return {
            "num_distinct_actions": game.openspiel_num_actions(),
            "max_chance_outcomes": self.max_chance_outcomes(game),
            "num_players": game.num_players(),
            "min_utility": -1.0,
            "max_utility": 1.0,
            "utility_sum": 0.0,
            "max_game_length": self.max_game_length(game),
        }

    def max_chance_outcomes(self, game):
        return 0

    def returns(self, state):
        return state._ply.returns()

    def chance_outcomes(self, state):
        return state._ply.openspiel_chance_outcomes()

    def max_game_length(self, game):
        bound = game.max_game_length()
        return int(bound) if bound is not None else _NO_BOUND

    # A turn: most games play one action a turn.

    def legal(self, state):
        return state._ply.openspiel_legal_actions()

    def apply(self, state, action):
        state._ply.apply_openspiel_action(action)

    def action_string(self, state, player, action):
        return state._ply.action_to_string(action)

    # What a player sees.

    def text(self, state):
        return str(state._ply)

    def fill(self, planes, state, player):
        """Writes OpenSpiel's observation of `state` for `player` into `planes` (zeroed)."""
        raise NotImplementedError


def _refuse(state, action):
    """Raises the one-line error for an action `state` does not take."""
    if state._ply.is_terminal():
        raise ply_search.GameOverError(f"bad action `{action}`: expected no action (the game is over)")
    raise ply_search.IllegalMoveError(
        f"bad action `{action}`: expected one of the legal actions {state.legal_actions()}"
    )


# A game with no bound on its length (Onitama without max_plies) still needs a number here.
_NO_BOUND = 1_000_000


def _board(state, viewer=0):
    """ply's observation planes seen by `viewer` as a numpy array, by plane name."""
    tensor = np.asarray(state._ply.observation_tensor(viewer), dtype=np.float32)
    names = state._ply.observation_planes()
    return {name: tensor[i] for i, name in enumerate(names)}


def _own_other_empty(state, viewer=0):
    planes = _board(state, viewer)
    own = next(v for k, v in planes.items() if k.startswith("own"))
    other = next(v for k, v in planes.items() if k.startswith("opponent"))
    return own, other, planes["empty"], planes.get("blocked")


class _TicTacToe(_Dialect):
    name, long_name = "tic_tac_toe", "Tic Tac Toe"
    observation_shape = (3, 3, 3)

    def spec(self):
        return "tictactoe"

    def action_string(self, state, player, action):
        return f"{'xo'[player]}({action // 3},{action % 3})"

    def text(self, state):
        marks = _marks(state, "xo.")
        return "\n".join("".join(row) for row in marks)

    def fill(self, planes, state, player):
        x, o, empty, _ = _own_other_empty(state)
        planes[0], planes[1], planes[2] = empty, o, x


def _marks(state, symbols, viewer=0, flip=False):
    """The board as rows of `symbols` (player 0's, player 1's, empty), ply's top row first
    (bottom first with `flip`)."""
    own, other, _, _ = _own_other_empty(state, viewer)
    rows = []
    for r in range(own.shape[0]):
        rows.append(
            [symbols[0] if own[r][c] else symbols[1] if other[r][c] else symbols[2] for c in range(own.shape[1])]
        )
    return rows[::-1] if flip else rows


class _ConnectFour(_Dialect):
    name, long_name = "connect_four", "Connect Four"
    parameters = {"rows": 6, "columns": 7, "x_in_row": 4, "egocentric_obs_tensor": False}

    def spec(self):
        if self.params["x_in_row"] != 4:
            raise ValueError(
                f"bad parameter `x_in_row={self.params['x_in_row']}`: expected 4 (ply's Connect Four is four in a row)"
            )
        return f"connect-four(width={self.params['columns']},height={self.params['rows']})"

    @property
    def observation_shape(self):
        return (3, self.params["rows"], self.params["columns"])

    def action_string(self, state, player, action):
        return f"{'xo'[player]}{action}"

    def text(self, state):
        return "".join("".join(row) + "\n" for row in _marks(state, "xo."))

    def fill(self, planes, state, player):
        # OpenSpiel's rows count from the bottom. Its egocentric tensor puts the viewer's
        # opponent's stones first, then the viewer's; the plain one player 0's first.
        if self.params["egocentric_obs_tensor"]:
            own, other, empty, _ = _own_other_empty(state, player)
            own, other = other, own
        else:
            own, other, empty, _ = _own_other_empty(state, 0)
        planes[0], planes[1], planes[2] = own[::-1], other[::-1], empty[::-1]


class _Nim(_Dialect):
    name, long_name = "nim", "Nim"
    parameters = {"pile_sizes": "1;3;5;7", "is_misere": True}

    def piles(self):
        text = self.params["pile_sizes"]
        try:
            piles = [int(p) for p in text.split(";")]
        except ValueError:
            piles = None
        if not piles or any(p < 0 or p > 15 for p in piles) or len(piles) > 8:
            raise ValueError(
                f"bad parameter `pile_sizes={text}`: expected at most 8 pile sizes from 0 to 15 separated by `;`, e.g. 3;4;5"
            )
        return piles

    def spec(self):
        misere = "on" if self.params["is_misere"] else "off"
        return f"nim(heaps=[{','.join(map(str, self.piles()))}],misere={misere})"

    @property
    def observation_shape(self):
        piles = self.piles()
        return (2 + 1 + len(piles) + len(piles) * (max(piles) + 1),)

    def info(self, game):
        piles = self.piles()
        return dict(super().info(game), num_distinct_actions=len(piles) * max(piles) + 1, max_game_length=sum(piles))

    def legal(self, state):
        count = len(self.piles())
        # ply numbers a take `16 * pile + stones - 1`; OpenSpiel `(stones - 1) * piles + pile`.
        return sorted((a % 16) * count + a // 16 for a in state._ply.legal_actions())

    def apply(self, state, action):
        if action not in self.legal(state):
            _refuse(state, action)
        stones, pile = divmod(action, len(self.piles()))
        state._ply.apply_action(16 * pile + stones)

    def action_string(self, state, player, action):
        stones, pile = divmod(action, len(self.piles()))
        return f"pile:{pile + 1}, take:{stones + 1};"

    def heaps(self, state):
        return [int(h) for h in state._ply.fields()["heaps"]]

    def text(self, state):
        player = state.move_number() % 2
        return f"({player}): " + " ".join(map(str, self.heaps(state)))

    def fill(self, planes, state, player):
        piles = self.piles()
        width = max(piles) + 1
        planes[state.move_number() % 2] = 1
        planes[2] = state.is_terminal()
        planes[2 + len(piles)] = 1
        for i, heap in enumerate(self.heaps(state)):
            planes[3 + len(piles) + i * width + heap] = 1


class _Breakthrough(_Dialect):
    name, long_name = "breakthrough", "Breakthrough"
    parameters = {"rows": 8, "columns": 8}

    def spec(self):
        return f"breakthrough(width={self.params['columns']},height={self.params['rows']})"

    @property
    def observation_shape(self):
        return (3, self.params["rows"], self.params["columns"])

    def info(self, game):
        rows, columns = self.params["rows"], self.params["columns"]
        return dict(super().info(game), max_game_length=2 * (2 * rows - 3) * columns + 1)

    def action_string(self, state, player, action):
        rest, captures = divmod(action, 2)
        cell, direction = divmod(rest, 6)
        row, column = divmod(cell, self.params["columns"])
        to_row = row + (1 if direction < 3 else -1)
        to_column = column + direction % 3 - 1
        rows = self.params["rows"]
        square = lambda r, c: f"{chr(97 + c)}{rows - r}"
        return square(row, column) + square(to_row, to_column) + ("*" if captures else "")

    def text(self, state):
        # OpenSpiel's first player (b) starts at the top: ply's board upside down.
        rows = self.params["rows"]
        marks = _marks(state, "bw.", flip=True)
        lines = [f"{rows - r}{''.join(row)}" for r, row in enumerate(marks)]
        return "\n".join(lines) + "\n " + "".join(chr(97 + c) for c in range(self.params["columns"])) + "\n"

    def fill(self, planes, state, player):
        first, second, empty, _ = _own_other_empty(state)
        planes[0], planes[1], planes[2] = first[::-1], second[::-1], empty[::-1]


class _Amazons(_Dialect):
    """OpenSpiel plays an Amazons turn as three actions by the same player: the amazon's
    cell, its landing cell and the arrow's cell, each numbered `row * size + column` with
    rows from the top. ply's move is the whole turn, written `b1-b3/d3`."""

    name, long_name = "amazons", "Amazons"
    parameters = {"board_size": 10}

    def spec(self):
        size = self.params["board_size"]
        return f"amazons(width={size},height={size})"

    @property
    def observation_shape(self):
        size = self.params["board_size"]
        return (4, size, size)

    def info(self, game):
        size = self.params["board_size"]
        return dict(super().info(game), num_distinct_actions=size * size, max_game_length=3 * size * size)

    def cell(self, square):
        size = self.params["board_size"]
        return (size - int(square[1:])) * size + ord(square[0]) - 97

    def turns(self, state):
        """The legal turns as (cells, ply's action) pairs, cells in OpenSpiel's numbers."""
        turns = []
        for action, move in zip(state._ply.legal_actions(), state._ply.legal_moves()):
            origin, rest = move.split("-")
            landing, arrow = rest.split("/")
            turns.append(((self.cell(origin), self.cell(landing), self.cell(arrow)), action))
        return turns

    def legal(self, state):
        if state._ply.is_terminal():
            return []
        chosen = state._pending
        step = len(chosen)
        return sorted({cells[step] for cells, _ in self.turns(state) if cells[:step] == chosen})

    def apply(self, state, action):
        chosen = state._pending + (action,)
        matches = [a for cells, a in self.turns(state) if cells[: len(chosen)] == chosen]
        if not matches or state._ply.is_terminal():
            _refuse(state, action)
        if len(chosen) == 3:
            state._ply.apply_action(matches[0])
            chosen = ()
        state._pending = chosen

    def action_string(self, state, player, action):
        size = self.params["board_size"]
        row, column = divmod(action, size)
        step = ("From", "To", "Shoot:")[len(state._pending)]
        return f"{'XO'[player]} {step} ({row + 1}, {column + 1})"

    def text(self, state):
        own, other, empty, blocked = _own_other_empty(state)
        size = self.params["board_size"]
        rows = []
        for r in range(size):
            rows.append(
                "".join(
                    "X" if own[r][c] else "O" if other[r][c] else "." if empty[r][c] else "#" for c in range(size)
                )
            )
        # The amazon lifted off its cell is shown gone until the turn ends, as OpenSpiel does.
        if state._pending:
            origin = state._pending[0]
            r, c = divmod(origin, size)
            rows[r] = rows[r][:c] + "." + rows[r][c + 1 :]
            if len(state._pending) == 2:
                r, c = divmod(state._pending[1], size)
                rows[r] = rows[r][:c] + "XO"[state._ply.current_player()] + rows[r][c + 1 :]
        return "\n".join(rows)

    def fill(self, planes, state, player):
        marks = self.text(state).split("\n")
        for r, row in enumerate(marks):
            for c, mark in enumerate(row):
                planes[".OX#".index(mark), r, c] = 1


class _Othello(_Dialect):
    name, long_name = "othello", "Othello"
    observation_shape = (3, 8, 8)

    def info(self, game):
        # OpenSpiel counts the passes too: at most 128 actions.
        return dict(super().info(game), max_game_length=128)

    def spec(self):
        return "othello"

    def text(self, state):
        board = state._ply.position().split(" ")[0].split("/")
        if state._ply.is_terminal():
            head = "Terminal State:"
        else:
            head = ["Black (x) to play:", "White (o) to play:"][state._ply.current_player()]
        files = "  a b c d e f g h  "
        lines = [head, files]
        lines += [f"{r + 1} {' '.join(row)} {r + 1}" for r, row in enumerate(board)]
        return "\n".join(lines + [files])

    def fill(self, planes, state, player):
        own, other, empty, _ = _own_other_empty(state, player)
        planes[0], planes[1], planes[2] = empty, own, other


class _Pig(_Dialect):
    name, long_name = "pig", "Pig"

    @property
    def observation_shape(self):
        return (3, self.params["winscore"] + 1)

    def fill(self, planes, state, player):
        # The turn total, then each player's score, one-hot up to the score that wins.
        first, second, total = (int(n) for n in state._ply.position().split(" ")[:3])
        top = self.params["winscore"]
        for row, value in enumerate((total, first, second)):
            planes[row, min(value, top)] = 1
    parameters = {"players": 2, "horizon": 1000, "winscore": 100, "diceoutcomes": 6, "piglet": False}

    def spec(self):
        if self.params["players"] != 2 or self.params["piglet"]:
            raise ValueError("bad parameters: expected players=2 and piglet=false (ply's Pig is the two-player game)")
        p = self.params
        return f"pig(goal={p['winscore']},die={p['diceoutcomes']},horizon={p['horizon']})"

    def max_chance_outcomes(self, game):
        return self.params["diceoutcomes"]

    def info(self, game):
        # OpenSpiel counts the players' actions (roll, stop) apart from the die's faces.
        return dict(super().info(game), num_distinct_actions=2, max_game_length=self.params["horizon"])

    def action_string(self, state, player, action):
        words = state._ply.action_to_string(action)
        return "Roll " + words if player == pyspiel.PlayerId.CHANCE else words

    def text(self, state):
        # ply's position: scores, turn total, the player whose turn it is, then the phase.
        first, second, total, player = state._ply.position().split(" ")[:4]
        # OpenSpiel is rolling after a roll, also when that roll met the horizon and ended it.
        last = state._history[-1] if state._history else (None, None)
        rolled = state._ply.is_terminal() and last[0] is not None and last[0] >= 0 and last[1] == 0
        rolling = " (rolling)" if state._ply.is_chance_node() or rolled else ""
        return f"Scores: {first} {second}, Turn total: {total}\nCurrent player: {player}{rolling}\n"


class _Einstein(_Dialect):
    name, long_name = "einstein_wurfelt_nicht", "einstein_wurfelt_nicht"
    observation_shape = (300,)

    def spec(self):
        return "einstein-wurfelt-nicht"

    def max_chance_outcomes(self, game):
        return 720

    def info(self, game):
        # ply numbers the setups among its actions; OpenSpiel counts the moves only.
        return dict(super().info(game), num_distinct_actions=300, max_game_length=112)

    def action_string(self, state, player, action):
        if player != pyspiel.PlayerId.CHANCE:
            return state._ply.action_to_string(action)
        fields = state._ply.fields()
        if fields["phase"] == "setup":
            colour = "white" if any(fields["cubes"]) else "black"
            return f"Placing {colour} cubes on the board - action {action}"
        return f"roll {action + 1}"

    @staticmethod
    def cells(state):
        """The board's rows of cells, each a cube (`b3`, `w1`) or None."""
        rows = []
        for row in state._ply.position().split(" ")[0].split("/"):
            cells, i = [], 0
            while i < len(row):
                if row[i] == ".":
                    cells.append(None)
                    i += 1
                else:
                    cells.append(row[i:i + 2])
                    i += 2
            rows.append(cells)
        return rows

    def text(self, state):
        return "".join("".join(f"|{c or '__'}|" for c in row) + "\n" for row in self.cells(state))

    def fill(self, planes, state, player):
        # A 5x5 plane for each cube number and colour (cube 1 black, cube 1 white, cube 2
        # black...), each plane transposed: OpenSpiel reads its board as board(x, y) with x
        # running along a row, so the cube on row r, column c sits at c * 5 + r.
        for r, row in enumerate(self.cells(state)):
            for c, cube in enumerate(row):
                if cube:
                    plane = (int(cube[1]) - 1) * 2 + (0 if cube[0] == "b" else 1)
                    planes[plane * 25 + c * 5 + r] = 1


class _Backgammon(_Dialect):
    """OpenSpiel's backgammon: its 30 opening rolls and then 36 ordered rolls (ply rolls the
    21 distinct ones), every number under which it lists a play (ply keeps one per position
    reached), doubles as two actions, `"24/23 13/11"` strings after the number, Tesauro's
    observation and OpenSpiel's board drawing."""

    name, long_name = "backgammon", "Backgammon"
    parameters = {"hyper_backgammon": False, "max_player_turns": 500, "scoring_type": "winloss_scoring"}
    observation_shape = (200,)
    _SCORING = {"winloss_scoring": ("winloss", 1), "enable_gammons": ("gammons", 2), "full_scoring": ("full", 3)}
    # OpenSpiel's 36 rolls in its order: the 15 pairs of different dice each way round, then
    # the doubles. The opening's 30 are the first 30, the even ones X's start.
    _ROLLS = [pair for low in range(1, 7) for high in range(low + 1, 7) for pair in ((low, high), (high, low))]
    _ROLLS += [(d, d) for d in range(1, 7)]

    def spec(self):
        p = self.params
        if p["hyper_backgammon"]:
            raise ValueError("bad parameter hyper_backgammon=true: expected false (ply plays the 15-checker game)")
        if p["scoring_type"] not in self._SCORING:
            raise ValueError(f"bad scoring_type `{p['scoring_type']}`: expected one of {', '.join(self._SCORING)}")
        return f"backgammon(scoring={self._SCORING[p['scoring_type']][0]},max_turns={p['max_player_turns']})"

    def max_chance_outcomes(self, game):
        return len(self._ROLLS)

    def info(self, game):
        points = self._SCORING[self.params["scoring_type"]][1]
        return dict(
            super().info(game),
            min_utility=-float(points),
            max_utility=float(points),
            max_game_length=3 * self.params["max_player_turns"],
        )

    def action_string(self, state, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            first, second = self._ROLLS[action]
            if state._ply.fields()["phase"] == "opening":
                starts = "X" if action % 2 == 0 else "O"
                return f"chance outcome {action} {starts} starts, (roll: {first}{second})"
            return f"chance outcome {action} (roll: {first}{second})"
        words = state._ply.openspiel_action_to_string(action).replace("+", " ")
        # A play is written after its number; the pass alone.
        return words if words == "Pass" else f"{action} - {words}"

    @staticmethod
    def dice(fields):
        """The dice OpenSpiel shows (`fields` is the native state's): the roll of this turn,
        low die first; none at a roll."""
        return sorted(fields["dice"]) if fields["phase"] == "play" else []

    def mover(self, state, fields):
        """The player OpenSpiel's board says is to move, -1 for the dice: once a turn ends,
        the dice, also when the game is won; a game stopped by the turn limit in the middle of
        a double keeps the player who was playing it."""
        if fields["phase"] != "play":
            return -1
        return self.previous_player(state) if state._ply.is_terminal() else state._ply.current_player()

    def previous_player(self, state):
        """The last player who played (not the dice), -1 before anyone has."""
        players = [player for player, _ in state._history if player >= 0]
        return players[-1] if players else -1

    def text(self, state):
        fields = state._ply.fields()
        rows = [list(r) for r in (["+------|------+"] + ["|......|......|"] * 5 + ["|      |      |"]
                                  + ["|......|......|"] * 5 + ["+------|------+"])]
        for pos, signed in enumerate(fields["points"]):
            if signed == 0:
                continue
            count, piece = abs(signed), "x" if signed > 0 else "o"
            start, step = (11, -1) if pos < 12 else (1, 1)
            col = (12 - pos if pos >= 6 else 13 - pos) if pos < 12 else (pos - 11 if pos < 18 else pos - 10)
            for i in range(min(count, 5)):
                rows[start + i * step][col] = piece
            if count >= 10:
                top, bottom = ("1", str(count % 10)) if pos >= 12 else (str(count % 10), "1")
                rows[start][col], rows[start + step][col] = top, bottom
            elif count > 5:
                rows[start][col] = str(count)
        board = "\n".join("".join(r) for r in rows) + "\n"
        mover = self.mover(state, fields)
        turn = "*" if mover < 0 else "xo"[mover]
        bar = "".join("x" * fields["bar"][0] + "o" * fields["bar"][1])
        return (
            board
            + f"Turn: {turn}\n"
            + f"Previous player: {self.previous_player(state)}\n"
            + f"Extra turn: {1 if fields['second_half'] else 0}\n"
            + f"Dice: {''.join(map(str, self.dice(fields)))}\n"
            + f"Bar:{' ' + bar if bar else ''}\n"
            + f"Scores, X: {fields['off'][0]}, O: {fields['off'][1]}\n"
        )

    def fill(self, planes, state, player):
        # Tesauro's encoding: four numbers a point for the viewer's checkers, then the
        # opponent's; then each side's bar, checkers off and whether it is to move; the dice.
        fields = state._ply.fields()
        mover = self.mover(state, fields)
        for side, start in ((player, 0), (1 - player, 96)):
            sign = 1 if side == 0 else -1
            for point, signed in enumerate(fields["points"]):
                count = max(0, sign * signed)
                at = start + 4 * point
                planes[at : at + 4] = (count == 1, count == 2, count == 3, max(count - 3, 0))
        for i, side in enumerate((player, 1 - player)):
            planes[192 + 3 * i : 195 + 3 * i] = (fields["bar"][side], fields["off"][side], mover == side)
        dice = self.dice(fields)
        planes[198 : 198 + len(dice)] = dice


# Chinese Checkers' star in OpenSpiel's cells, which are ply's: 121 cells row by row from the
# top point, each at a doubled column (a row of n cells starts at column 13 - n), and the six
# directions in OpenSpiel's order.
_CC_ROWS = (1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1)
_CC_CELLS = [(row, 13 - n + 2 * i) for row, n in enumerate(_CC_ROWS) for i in range(n)]
_CC_DIRECTIONS = (("UL", -1, -1), ("UR", -1, 1), ("L", 0, -2), ("R", 0, 2), ("DL", 1, -1), ("DR", 1, 1))
_CC_INDEX = {cell: i for i, cell in enumerate(_CC_CELLS)}
# The neighbour and the hop's landing of each cell in each direction (-1 off the star).
_CC_STEP = [[_CC_INDEX.get((r + dr, c + dc), -1) for _, dr, dc in _CC_DIRECTIONS] for r, c in _CC_CELLS]
_CC_HOP = [[_CC_INDEX.get((r + 2 * dr, c + 2 * dc), -1) for _, dr, dc in _CC_DIRECTIONS] for r, c in _CC_CELLS]
_CC_STOP = 121 * 6  # OpenSpiel's action that ends a hop chain, or passes when blocked
_CC_PLY_PASS = 121 * 121  # ply's pass


class _ChineseCheckers(_Dialect):
    """OpenSpiel plays a Chinese Checkers turn a step or a hop at a time, `cell * 6 +
    direction`: after a hop the same player moves again while another hop is open (to a cell
    the chain has not visited), and 726 ends the chain, or passes when no piece can move. ply's
    move is the whole turn, `from * 121 + to`, on the same cells. Between the hops of a chain
    the bridge keeps the chain (`_pending`: origin, the cell reached, the cells visited) over
    the position before the turn. OpenSpiel scores the winner players - 1 and the others -1
    (ply 1 and -1/(players - 1))."""

    name, long_name = "chinese_checkers", "Chinese Checkers"
    parameters = {"max_moves": 1000, "players": 2}
    players = (2, 6)

    def spec(self):
        return f"chinese-checkers(players={self.params['players']},max_turns={self.params['max_moves']})"

    @property
    def observation_shape(self):
        n = self.params["players"]
        return ((n + 1) * 121 + n,)

    def info(self, game):
        n = self.params["players"]
        return dict(
            super().info(game),
            num_distinct_actions=_CC_STOP + 1,
            max_utility=float(n - 1),
            max_game_length=self.params["max_moves"] * (10 * n + 2),
        )

    def returns(self, state):
        n = self.params["players"]
        return [round(r * (n - 1)) * 1.0 for r in state._ply.returns()]

    def board(self, state):
        """The 121 cells (`.` or the seat) as OpenSpiel has them: mid-chain, the piece on the
        cell the chain reached."""
        cells = list(state._ply.position().split(" ")[0].replace("/", ""))
        if state._pending:
            origin, at, _ = state._pending
            cells[at], cells[origin] = cells[origin], "."
        return cells

    @staticmethod
    def hops(board, cell, visited):
        """The hops open from `cell`: over a piece, to an empty cell the chain has not visited."""
        return [
            cell * 6 + d
            for d in range(6)
            if _CC_STEP[cell][d] >= 0
            and board[_CC_STEP[cell][d]] != "."
            and _CC_HOP[cell][d] >= 0
            and board[_CC_HOP[cell][d]] == "."
            and _CC_HOP[cell][d] not in visited
        ]

    def legal(self, state):
        if state._ply.is_terminal():
            return []
        board = self.board(state)
        if state._pending:
            _, at, visited = state._pending
            return self.hops(board, at, visited) + [_CC_STOP]
        me = str(state._ply.current_player())
        actions = []
        for cell, mark in enumerate(board):
            if mark == me:
                for d, (step, hop) in enumerate(zip(_CC_STEP[cell], _CC_HOP[cell])):
                    if step >= 0 and (board[step] == "." or (hop >= 0 and board[hop] == ".")):
                        actions.append(cell * 6 + d)
        return actions or [_CC_STOP]

    def apply(self, state, action):
        if action not in self.legal(state):
            _refuse(state, action)
        if action == _CC_STOP:
            origin, at, _ = state._pending or (None, None, None)
            self.finish(state, _CC_PLY_PASS if origin is None else origin * 121 + at)
            return
        board = self.board(state)
        cell, d = divmod(action, 6)
        step = _CC_STEP[cell][d]
        if not state._pending and board[step] == ".":
            self.finish(state, cell * 121 + step)
            return
        landing = _CC_HOP[cell][d]
        origin, _, visited = state._pending or (cell, None, frozenset([cell]))
        visited = visited | {landing}
        board[landing], board[cell] = board[cell], "."
        if self.hops(board, landing, visited):
            state._pending = (origin, landing, visited)
        else:
            self.finish(state, origin * 121 + landing)

    @staticmethod
    def finish(state, move):
        """Plays the turn the actions made as ply's move."""
        state._ply.apply_action(move)
        state._pending = ()

    def action_string(self, state, player, action):
        if action == _CC_STOP:
            return "Pass"
        cell, d = divmod(action, 6)
        step, hop = _CC_STEP[cell][d], _CC_HOP[cell][d]
        if step >= 0 and self.board(state)[step] == ".":
            return f"{cell}->{step}"
        return f"{cell}=>{hop}" if hop >= 0 else f"{cell}-{_CC_DIRECTIONS[d][0]}"

    def seat_to_move(self, state):
        """The player OpenSpiel's board names: at the end, the one after the last mover."""
        if not state._ply.is_terminal():
            return state._ply.current_player()
        return (state._history[-1][0] + 1) % self.params["players"] if state._history else 0

    def text(self, state):
        board = self.board(state)
        lines = [[" "] * 25 for _ in _CC_ROWS]
        for (row, column), mark in zip(_CC_CELLS, board):
            lines[row][column] = mark if mark == "." else str(int(mark) + 1)
        drawing = "".join("".join(line).rstrip() + "\n" for line in lines)
        chain = f" (hopping from {state._pending[1]})" if state._pending else ""
        return f"{drawing}Player: {self.seat_to_move(state)}{chain}"

    def fill(self, planes, state, player):
        # A plane per seat counted from the viewer's, then the empty cells; then the player to
        # move, counted from the viewer too.
        n = self.params["players"]
        for cell, mark in enumerate(self.board(state)):
            plane = n if mark == "." else (int(mark) - player) % n
            planes[plane * 121 + cell] = 1
        planes[(n + 1) * 121 + (self.seat_to_move(state) - player) % n] = 1


_OPENSPIEL_FORMS = [
    _TicTacToe, _ConnectFour, _Nim, _Breakthrough, _Amazons, _Othello, _Pig, _Einstein, _Backgammon,
    _ChineseCheckers,
]



class _PlyForm(_Dialect):
    """A game of ply's registry as ply has it: ply's numbers and strings, its spec keys as
    parameters (a number left at 0 and a text left empty take ply's default)."""

    registered: dict = {}
    keys: dict = {}

    def spec(self):
        given = []
        for key, default in self.keys.items():
            value = self.params[key]
            if value != default:
                text = str(value).lower() if isinstance(value, bool) else str(value)
                given.append(f"{key}={text.replace(';', ',')}")
        base = self.registered["name"]
        return f"{base}({','.join(given)})" if given else base

    @property
    def observation_shape(self):
        if self.game is None or not self.has_tensor:
            return None
        return tuple(self.game.new_initial_state().observation_shape())

    def text(self, state):
        return str(state._ply)

    def fill(self, planes, state, player):
        planes[...] = np.asarray(state._ply.observation_tensor(player), dtype=np.float32)


def _ply_keys(entries):
    """The OpenSpiel parameters of a registered game's keys: a number where ply's default is
    one (0 where it depends on other keys), else text (empty for ply's default)."""
    keys = {}
    for entry in entries:
        for k in entry["keys"]:
            default = k["default"]
            first = default.split(" ")[0]
            if first.isdigit():
                keys[k["key"]] = int(first) if "(" not in default else 0
            else:
                keys[k["key"]] = ""
    return keys


# --------------------------------------------------------------------------------------------
# The pyspiel classes.


class _Observer:
    """OpenSpiel's observer of a bridged game: the tensor in `tensor`, shaped in `dict`."""

    def __init__(self, dialect, params):
        if params:
            raise ValueError(f"bad observation parameters {params}: expected none")
        self._dialect = dialect
        shape = dialect.observation_shape
        if shape is None:
            self.tensor, self.dict = None, {}
        else:
            self.tensor = np.zeros(int(np.prod(shape)), np.float32)
            self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state, player):
        if self.tensor is not None:
            self.tensor.fill(0)
            self._dialect.fill(self.dict["observation"], state, player)

    def string_from(self, state, player):
        return self._dialect.text(state)


class _BridgeGame(pyspiel.Game):
    """A ply game as a pyspiel game (made per registered name by `_register`)."""

    _form = _Dialect
    _game_type: _GameType

    def __init__(self, params=None):
        params = dict(params or {})
        self._dialect = self._form(params)
        self._ply_game = ply_search.load_game(self._dialect.spec())
        self._dialect.bind(self._ply_game)
        info = self._dialect.info(self._ply_game)
        super().__init__(self._game_type, pyspiel.GameInfo(**info), params)
        # Each game has its own state class, which knows the game for Python-side clones;
        # a game that plays OpenSpiel's numbers as one action a turn takes the short way.
        direct = type(self._dialect).legal is _Dialect.legal and type(self._dialect).apply is _Dialect.apply
        base = _DirectState if direct else _BridgeState
        self._state_class = type("State", (base,), {"_bridge": self})

    def new_initial_state(self, *args):
        return self._state_class(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return _Observer(self._dialect, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)

    @property
    def ply_game(self):
        """The ply game behind this one (`ply_search.Game`)."""
        return self._ply_game


class _BridgeState(pyspiel.State):
    """A ply state as a pyspiel state.

    The methods a Python loop calls most (``legal_actions``, ``apply_action``,
    ``current_player``, ``is_terminal``, ``returns``, ``clone``) answer in Python without the
    round trip through OpenSpiel's C++; the history is kept here too, so ``history()`` and
    ``move_number()`` are right whichever side played the actions.
    """

    _bridge: _BridgeGame

    def __init__(self, game):
        super().__init__(game)
        self._ply = game.ply_game.new_initial_state()
        self._pending = ()
        self._history = []

    # The fast path, called from Python.

    def current_player(self):
        return self._ply.current_player()

    def is_terminal(self):
        return self._ply.is_terminal()

    def is_chance_node(self):
        return self._ply.is_chance_node()

    def legal_actions(self, player=None):
        if player is not None and player != self.current_player():
            return []
        return self._bridge._dialect.legal(self)

    def apply_action(self, action):
        player = self._ply.current_player()
        self._bridge._dialect.apply(self, action)
        self._history.append((player, action))

    def returns(self):
        return self._bridge._dialect.returns(self)

    def rewards(self):
        return self.returns() if self._ply.is_terminal() else [0.0] * self._ply.num_players()

    def chance_outcomes(self):
        return self._bridge._dialect.chance_outcomes(self)

    def history(self):
        return [action for _, action in self._history]

    def full_history(self):
        return [pyspiel.PlayerAction(player, action) for player, action in self._history]

    def history_str(self):
        return ", ".join(str(action) for _, action in self._history)

    def move_number(self):
        return len(self._history)

    def is_initial_state(self):
        return not self._history

    def clone(self):
        other = type(self)(self._bridge)
        other._ply = self._ply.clone()
        other._pending = self._pending
        other._history = list(self._history)
        return other

    def child(self, action):
        other = self.clone()
        other.apply_action(action)
        return other

    def action_to_string(self, player, action=None):
        if action is None:
            player, action = self.current_player(), player
        return self._bridge._dialect.action_string(self, player, action)

    def __str__(self):
        return self._bridge._dialect.text(self)

    @property
    def ply_state(self):
        """The ply state behind this one (`ply_search.State`; in the middle of a turn of
        several actions, an Amazons turn or a Chinese Checkers hop chain, the position before
        the turn)."""
        return self._ply

    # The hooks OpenSpiel's C++ calls (its algorithms, its ApplyAction).

    def _legal_actions(self, player):
        return self._bridge._dialect.legal(self)

    def _apply_action(self, action):
        self.apply_action(action)

    def _action_to_string(self, player, action):
        return self._bridge._dialect.action_string(self, player, action)


class _DirectState(_BridgeState):
    """The state of a game whose turns are one action in OpenSpiel's numbers, which the
    native state lists and plays itself: the loop's two calls go straight to it."""

    def legal_actions(self, player=None):
        if player is not None and player != self._ply.current_player():
            return []
        return self._ply.openspiel_legal_actions()

    def apply_action(self, action):
        player = self._ply.current_player()
        self._ply.apply_openspiel_action(action)
        self._history.append((player, action))


def _game_type(dialect, name, long_name, players, chance, observation):
    chance_mode = _GameType.ChanceMode.EXPLICIT_STOCHASTIC if chance else _GameType.ChanceMode.DETERMINISTIC
    return pyspiel.GameType(
        short_name=name,
        long_name=long_name,
        dynamics=_GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance_mode,
        information=_GameType.Information.PERFECT_INFORMATION,
        utility=_GameType.Utility.ZERO_SUM,
        reward_model=_GameType.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=observation,
        parameter_specification=dialect.parameters,
    )


def _register(form, name, long_name, players, chance, observation):
    game_type = _game_type(form, name, long_name, players, chance, observation)
    game_class = type(f"Ply_{name}", (_BridgeGame,), {"_form": form, "_game_type": game_type})
    pyspiel.register_game(game_type, game_class)
    return name


def _register_all():
    names = []
    for form in _OPENSPIEL_FORMS:
        start = ply_search.load_game(form(form.parameters).spec())
        names.append(
            _register(
                form,
                "ply_" + form.name,
                "ply " + form.long_name,
                form.players,
                start.has_chance_nodes(),
                form.has_tensor,
            )
        )
    taken = set(names)
    by_name = {}
    for entry in ply_search.registered_games():
        by_name.setdefault(entry["name"], []).append(entry)
    for base, entries in by_name.items():
        name = "ply_" + base.replace("-", "_")
        if name in taken:
            continue
        keys = _ply_keys(entries)
        example = ply_search.load_game(entries[0]["example"])
        state = example.new_initial_state()
        try:
            shape = tuple(state.observation_shape())
        except ply_search.PlyError:
            shape = None
        form = type(
            f"_PlyForm_{base}",
            (_PlyForm,),
            {"registered": entries[0], "keys": keys, "parameters": keys, "has_tensor": shape is not None},
        )
        players = (2, 6) if "players" in keys else (2, 2)
        names.append(_register(form, name, "ply " + base, players, example.has_chance_nodes(), form.has_tensor))
    return names


registered = _register_all()
"""The names this module registered with pyspiel."""


def agent(bot, game, name=None):
    """OpenSpiel's `bot` (anything with ``step(state)``: ``mcts.MCTSBot``, a uniform random
    bot...) as an agent of ply's arena, playing `game`, a game this module registered
    (``pyspiel.load_game("ply_connect_four")``): at each move it sees the arena's position as
    the pyspiel state of `game` and its answer, in OpenSpiel's numbers, is played as ply's
    move. `name` names it in the standings. Games of one action a turn only (not Amazons).
    The bot must be one of OpenSpiel's Python bots: its C++ bots crash on games written in
    Python (its own ``python_tic_tac_toe`` too) in open-spiel 2.0.2.

    >>> import numpy, pyspiel
    >>> from open_spiel.python.bots.uniform_random import UniformRandomBot
    >>> game = pyspiel.load_game("ply_connect_four")
    >>> bot = UniformRandomBot(0, numpy.random.RandomState(1))
    >>> rival = agent(bot, game, "openspiel-random")
    >>> ply_search.arena("connect-four", ["random(seed=2)", rival], openings=1).games
    2
    """
    if not isinstance(game, _BridgeGame) or not issubclass(game._state_class, _DirectState):
        raise ply_search.BadSpecError(
            f"bad game `{game}`: expected a game of ply_search.openspiel with one action a turn"
        )

    def act(state):
        seen = game.new_initial_state()
        seen._ply = state.clone()
        action = bot.step(seen)
        probe = state.clone()
        probe.apply_openspiel_action(action)
        return probe.history()[-1]

    act.__name__ = name or f"openspiel-{type(bot).__name__}"
    return act


# --------------------------------------------------------------------------------------------
# OpenSpiel's games in ply.


class Wrapped:
    """An OpenSpiel state as a game ply's searches take (ply's Python-game protocol:
    ``to_move``, ``moves``, ``play``, ``outcome``, ``key``, ``players`` and ``returns``):
    ``ply_search.perft``, ``search``, ``solve`` and ``check`` run on it. Moves are OpenSpiel's
    action numbers. Made by ``wrap``; a game with chance nodes is a ``WrappedDice``."""

    __slots__ = ("state", "_next", "_players", "_scale", "_by_text")

    def __init__(self, state, after=None, players=2, scale=1.0, by_text=False):
        self.state = state
        self._players, self._scale, self._by_text = players, scale, by_text
        mover = state.current_player()
        if mover >= 0:
            self._next = mover
        elif state.is_terminal():
            # At the end OpenSpiel has no player to move; ply's searches score an end for the
            # player who would move next, the one after the last mover.
            self._next = 0 if after is None else (after + 1) % players
        else:
            # A roll belongs to the turn of the player who moved last (the first, at the start).
            self._next = 0 if after is None else after

    def to_move(self):
        return self._next

    def players(self):
        return self._players

    def moves(self):
        return self.state.legal_actions()

    def play(self, move):
        return type(self)(self.state.child(move), self._next, self._players, self._scale, self._by_text)

    def outcome(self):
        if not self.state.is_terminal():
            return None
        returns = self.state.returns()
        best = max(returns)
        winners = [p for p, r in enumerate(returns) if r == best]
        return winners[0] if len(winners) == 1 else "draw"

    def returns(self):
        """Each player's OpenSpiel return over the game's largest, from -1 to 1."""
        return [r / self._scale for r in self.state.returns()]

    def key(self):
        if self._by_text:
            return hash((str(self.state), self.state.current_player())) & (2**64 - 1)
        return hash(self.state.serialize()) & (2**64 - 1)

    def position(self):
        return self.state.serialize()

    def __str__(self):
        return str(self.state)


class WrappedDice(Wrapped):
    """A ``Wrapped`` state of a game with chance nodes: ``is_chance_node`` and
    ``chance_outcomes`` (OpenSpiel's ``(action, probability)`` pairs) make the dice ply's."""

    __slots__ = ()

    def is_chance_node(self):
        return self.state.is_chance_node()

    def chance_outcomes(self):
        return self.state.chance_outcomes()


_KEYS = ("history", "text")


def wrap(game, key="history"):
    """OpenSpiel's `game` (a `pyspiel.Game`, or its name) at its start, as a game for ply's
    searches: ``ply_search.perft(wrap("tic_tac_toe"), 9)``. Any sequential game of perfect
    information, for 2 to 6 players, with or without chance nodes; ply's searches refuse the
    agents that cannot play it (alpha-beta for dice or more players). Returns are scaled to
    ply's -1 to 1 by the game's largest.

    `key` is how positions are known: ``"history"`` (the default) by the actions played, always
    right but blind to transpositions; ``"text"`` by ``str(state)`` and the player to move,
    which finds transpositions and lets value iteration solve a game with cycles
    (``solve(wrap("pig(winscore=10)", key="text"))``), right when the game's drawing shows
    everything its future depends on. Other games are refused in one line."""
    if isinstance(game, str):
        game = pyspiel.load_game(game)
    if key not in _KEYS:
        raise ply_search.BadSpecError(f"bad key `{key}`: expected history or text")
    kind = game.get_type()
    problems = []
    players = game.num_players()
    if not 2 <= players <= 6:
        problems.append(f"{players} player" + ("" if players == 1 else "s"))
    if kind.chance_mode == _GameType.ChanceMode.SAMPLED_STOCHASTIC:
        problems.append("sampled chance")
    if kind.information != _GameType.Information.PERFECT_INFORMATION:
        problems.append("hidden information")
    if kind.dynamics != _GameType.Dynamics.SEQUENTIAL:
        problems.append("simultaneous moves")
    if problems:
        raise ply_search.BadSpecError(
            f"bad game `{kind.short_name}`: expected a sequential game of 2 to 6 players with perfect "
            f"information and explicit chance, if any (this one has {', '.join(problems)})"
        )
    dice = kind.chance_mode == _GameType.ChanceMode.EXPLICIT_STOCHASTIC
    scale = max(abs(game.max_utility()), abs(game.min_utility())) or 1.0
    wrapper = WrappedDice if dice else Wrapped
    return wrapper(game.new_initial_state(), None, players, scale, key == "text")


def _seat(entry, game):
    """A tournament entry as ``(name, start)``: ``start(seat)`` is called before each game and
    returns ``move(wrapped)``, which answers an OpenSpiel action."""
    if isinstance(entry, tuple):
        name, entry = entry
    else:
        name = entry if isinstance(entry, str) else f"openspiel-{getattr(entry, '__name__', type(entry).__name__)}"
    if isinstance(entry, str):
        ply_search.search(_first_choice(wrap(game)), entry)  # a bad spec is refused before any game

        def start(seat):
            return lambda wrapped: wrapped.moves()[ply_search.search(wrapped, entry)["best_action"]]

    elif hasattr(entry, "step") or callable(entry):

        def start(seat):
            bot = entry if hasattr(entry, "step") else entry(seat)
            if hasattr(bot, "restart"):
                bot.restart()
            return lambda wrapped: bot.step(wrapped.state.clone())

    else:
        raise ply_search.BadSpecError(
            f"bad agent {entry!r}: expected a ply agent spec, an OpenSpiel bot (with step), "
            "a function of the seat that makes one, or (name, any of these)"
        )
    return name, start


def _wilson(score, games):
    """The 95% Wilson interval of a share of points `score` out of `games`."""
    if games == 0:
        return (0.0, 1.0)
    z, p = 1.959964, score / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _first_choice(wrapped):
    """The first position of `wrapped`'s game where a player chooses (the first roll of each
    chance node played)."""
    while isinstance(wrapped, WrappedDice) and wrapped.is_chance_node():
        wrapped = wrapped.play(wrapped.chance_outcomes()[0][0])
    return wrapped


def _tables(count, players, games):
    """The tables of a round robin: every set of `players` entries out of `count`, each in
    every rotation of its seats, `games` times."""
    for group in itertools.combinations(range(count), players):
        for _ in range(games):
            for rotation in range(players):
                yield group[rotation:] + group[:rotation]


def tournament(game, agents, games=2, seed=0):
    """A round robin on OpenSpiel's `game` (a `pyspiel.Game` or its name; what ``wrap``
    takes) between ply's agents (spec strings: ``"alphabeta(depth=4)"``, ``"mcts(iterations=500)"``)
    and OpenSpiel's bots (anything with ``step(state)``, restarted before each game; a bot that
    must know its seat, such as ``UniformRandomBot(player_id, rng)``, as a function of the seat
    that makes one), each entry optionally ``(name, agent)``. Every set of as many entries as
    the game has players plays `games` games in each rotation of its seats (a pair: both seat
    orders); the dice are rolled by their probabilities from the random stream `seed`.

    Returns ``{"games": [...], "standings": [...]}``: each game's seats, actions (rolls
    included), result (the seat of the one player with the best return, or "draw") and
    returns; each agent's wins, draws, losses, score (a draw half a point), the 95% Wilson
    interval of its share and its mean return, best first. Bad entries are refused before the
    first game.

    >>> import numpy
    >>> from open_spiel.python.bots.uniform_random import UniformRandomBot
    >>> rng = numpy.random.RandomState(3)
    >>> rival = ("openspiel-random", lambda seat: UniformRandomBot(seat, rng))
    >>> result = tournament("tic_tac_toe", ["alphabeta(depth=9)", rival], games=2)
    >>> [(row["name"], row["games"], row["losses"]) for row in result["standings"]][0]
    ('alphabeta(depth=9)', 4, 0)
    """
    if isinstance(game, str):
        game = pyspiel.load_game(game)
    wrap(game)  # the same refusals as wrap
    players = game.num_players()
    seats = [_seat(entry, game) for entry in agents]
    names = [name for name, _ in seats]
    if len(set(names)) != len(names):
        raise ply_search.BadSpecError(f"bad agents {names}: expected distinct names (give (name, agent) pairs)")
    if len(seats) < players:
        raise ply_search.BadSpecError(
            f"bad agents {names}: expected at least {players} for a game of {players} players"
        )
    dice = random.Random(seed)
    tally = {name: {"name": name, "games": 0, "wins": 0, "draws": 0, "losses": 0, "returns": 0.0} for name in names}
    played = []
    for order in _tables(len(seats), players, games):
        table = [seats[k] for k in order]
        movers = [start(seat) for seat, (_, start) in enumerate(table)]
        wrapped, actions = wrap(game), []
        while wrapped.outcome() is None:
            if isinstance(wrapped, WrappedDice) and wrapped.is_chance_node():
                rolls, odds = zip(*wrapped.chance_outcomes())
                action = dice.choices(rolls, weights=odds)[0]
            else:
                action = movers[wrapped.to_move()](wrapped)
            actions.append(action)
            wrapped = wrapped.play(action)
        result, returns = wrapped.outcome(), wrapped.state.returns()
        played.append({"seats": [name for name, _ in table], "actions": actions, "result": result, "returns": returns})
        for seat, (name, _) in enumerate(table):
            row = tally[name]
            row["games"] += 1
            row["returns"] += returns[seat]
            key = "draws" if result == "draw" else ("wins" if result == seat else "losses")
            row[key] += 1
    standings = []
    for row in tally.values():
        row["score"] = row["wins"] + row["draws"] / 2
        row["interval"] = _wilson(row["score"], row["games"])
        row["mean_return"] = row.pop("returns") / max(row["games"], 1)
        standings.append(row)
    standings.sort(key=lambda r: -r["score"] / max(r["games"], 1))
    return {"games": played, "standings": standings}
