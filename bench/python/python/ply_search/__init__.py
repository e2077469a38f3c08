"""ply from Python: the games, searches and solver of the ply workspace.

The shape is OpenSpiel's (``pyspiel``): ``load_game(spec)``, ``game.new_initial_state()``,
``state.legal_actions()``, ``state.apply_action(action)``, ``state.returns()``, with ply's own
extras: moves in each game's notation (``state.legal_moves()``, ``state.apply_move("57")``),
positions (``state.position()``, ``game.state_from_position(text)``), the board drawn by
``print(state)``, and ``search``, ``perft`` and ``solve`` over any state. Game and agent specs
are the ``ply`` command's (``ply games`` and ``ply agents`` list them).

>>> import ply_search
>>> game = ply_search.load_game("queen-isolation(preset=quiz)")
>>> state = game.new_initial_state()
>>> state.legal_moves()
['(0,0)', '(1,0)', '(2,0)', '(0,1)', '(1,1)']
>>> ply_search.perft(state, 2)
20
>>> ply_search.solve(state)["value"] > 0
True
"""

from ._native import (
    Agent,
    BadSpecError,
    Game,
    GameOverError,
    IllegalMoveError,
    MalformedNotationError,
    PlyError,
    RecordFile,
    Standings,
    State,
    arena,
    check,
    load_game,
    perft,
    playouts,
    registered_games,
    search,
    solve,
    solve_batch,
    solve_positions,
    solved_boards,
    split_combine,
    split_jobs,
    standings,
)

__all__ = [
    "Agent",
    "BadSpecError",
    "Game",
    "GameOverError",
    "IllegalMoveError",
    "MalformedNotationError",
    "PlyError",
    "RecordFile",
    "Standings",
    "State",
    "arena",
    "check",
    "load_game",
    "perft",
    "playouts",
    "registered_games",
    "search",
    "solve",
    "solve_batch",
    "solve_positions",
    "solved_boards",
    "split_combine",
    "split_jobs",
    "standings",
]
