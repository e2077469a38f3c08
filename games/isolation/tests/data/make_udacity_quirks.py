"""Golden data for ply_search.udacity: what the course's own isolation.py (udacity/
artificial-intelligence, Projects/3_Adversarial Search/isolation/isolation.py) does at the
edges a student's code reaches: its module names, liberties() of cells off the board, result()
of a bad opening, and a state whose locs are a list.

    PYTHONPATH="path/to/3_Adversarial Search" python3 make_udacity_quirks.py > udacity_quirks.json
"""
import json
import isolation.isolation as original
from isolation.isolation import Isolation

out = {"names": {n: getattr(original, n) for n in ("_WIDTH", "_HEIGHT", "_SIZE", "_BLANK_BOARD", "S", "N", "E", "W")}}
out["actionset"] = sorted(int(a) for a in original._ACTIONSET)
state = Isolation().result(57).result(30)
out["liberties"] = {str(loc): state.liberties(loc) for loc in (-30, -1, 0, 11, 12, 57, 113, 114, 115, 120, 140)}
errors = {}
for label, make in [("opening -27", lambda: Isolation().result(-27)),
                    ("opening 115", lambda: Isolation().result(115)),
                    ("opening 11", lambda: Isolation().result(11)),
                    ("step off the bottom", lambda: Isolation().result(3).result(49).result(-27)),
                    ("not a step", lambda: Isolation().result(57).result(30).result(3))]:
    try:
        make()
        errors[label] = None
    except Exception as e:
        errors[label] = [type(e).__name__, str(e)]
out["errors"] = errors
listed = Isolation(locs=[None, None])
out["list_locs"] = {"actions": listed.actions()[:5], "terminal": listed.terminal_test(),
                    "after": list(listed.result(57).result(30)), "player": listed.player()}
print(json.dumps(out, indent=1))
