"""Golden data for ply_search.aind: records what udacity/AIND-Isolation's own Board (master,
isolation/isolation.py) does in the cases ply's shim must match: play()'s reasons,
_board_state assigned whole and written cell by cell, and _Board__get_moves.

    PYTHONPATH=path/to/AIND-Isolation python3 make_aind_quirks.py > aind_quirks.jsonl
"""
import json, random, sys, time
from isolation import Board

class Fixed:
    def __init__(self, kind): self.kind = kind
    def get_move(self, game, time_left):
        legal = game.get_legal_moves()
        if self.kind == "first": return legal[0] if legal else (-1, -1)
        if self.kind == "none": return None
        if self.kind == "minus": return (-1, -1)
        if self.kind == "offboard": return (9, 9)
        if self.kind == "used": return game.get_player_location(self)
        if self.kind == "slow": time.sleep(0.03); return legal[0] if legal else (-1, -1)

out = []
# play(): reasons, with legal moves left and with none.
for kind in ["none", "minus", "offboard", "used", "slow"]:
    good, bad = Fixed("first"), Fixed(kind)
    g = Board(good, bad)
    g.apply_move((0, 0)); g.apply_move((3, 3)); g.apply_move((1, 2))
    winner, history, why = g.play(time_limit=10 if kind == "slow" else 150)
    out.append({"case": "play", "loser": kind, "stuck": False, "winner_is_good": winner is good, "history": history, "reason": why})
    # the same player when it has no legal move left: (3,3)'s knight cells all used.
    good, bad = Fixed("first"), Fixed(kind)
    g = Board(good, bad)
    g.apply_move((6, 6)); g.apply_move((3, 3))
    for cell in [(1, 2), (1, 4), (2, 1), (2, 5), (4, 1), (4, 5), (5, 2), (5, 4)]:
        g._board_state[cell[0] + cell[1] * 7] = 1
    g.apply_move((4, 4))
    winner, history, why = g.play(time_limit=10 if kind == "slow" else 150)
    out.append({"case": "play", "loser": kind, "stuck": True, "winner_is_good": winner is good, "history": history, "reason": why})

# _board_state assigned whole: random positions written as the list, then read back.
rng = random.Random(7)
for n in range(30):
    w, h = rng.choice([(7, 7), (5, 5), (8, 6), (4, 9)])
    g = Board("p1", "p2", width=w, height=h)
    state = [0] * (w * h + 3)
    for i in range(w * h):
        if rng.random() < 0.35: state[i] = 1
    locs = rng.sample(range(w * h), 2)
    for i in locs: state[i] = 1
    placed = rng.random() < 0.9
    state[-1] = locs[0] if placed else None
    state[-2] = locs[1]
    state[-3] = rng.randint(0, 1)
    g._board_state = list(state)
    move = None
    if rng.random() < 0.5:
        move = rng.choice(g.get_blank_spaces())
        g.apply_move(move)
    # a cell written on its own
    extra = rng.randrange(w * h)
    g._board_state[extra] = 1
    row = {"case": "board_state", "width": w, "height": h, "state": state, "after": g._board_state, "move": move, "extra": extra,
           "move_count": g.move_count, "active": g.active_player}
    row["legal"] = {p: sorted(g.get_legal_moves(p)) for p in ("p1", "p2")}
    row["location"] = {p: g.get_player_location(p) for p in ("p1", "p2")}
    row["blank"] = g.get_blank_spaces()
    row["string"] = g.to_string()
    row["utility"] = {p: max(-1, min(1, g.utility(p))) for p in ("p1", "p2")}
    row["extra_legal"] = g.move_is_legal((extra % h, extra // h))
    locs_to_ask = [None, (0, 0), (h - 1, w - 1), (h // 2, w // 2), (-1, 2), (h + 1, 0), (2, w)]
    row["get_moves"] = [[loc, sorted(g._Board__get_moves(loc))] for loc in locs_to_ask]
    out.append(row)
for r in out:
    print(json.dumps(r))
