#!/usr/bin/env python3
"""Solves a board with every reply to every opening and writes its record for docs/solved/.

    python3 bench/measure/scripts/record-solved-board.py SPEC OUT.json [--threads N] [--tt SIZE] [--ply PATH]

runs `ply solve SPEC --all-replies --json` and writes what a reader needs to cite or re-check
the result (docs/solved/README.md describes the fields): the game, who wins, each opening's
value with the second player's winning replies, the nodes and time, the exact command and the
commit it ran on. The test `games/registry/tests/solved.rs` re-solves the records.
"""
import argparse
import datetime
import json
import shlex
import subprocess
import sys


def outcome(value):
    """A solver value (from the mover's view, distance-scaled) as -1, 0 or 1."""
    return (value > 0) - (value < 0)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("spec")
    parser.add_argument("out")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--tt", default="2GiB")
    parser.add_argument("--ply", default="target/release/ply")
    args = parser.parse_args()
    command = ["ply", "solve", args.spec, "--all-replies", "--threads", str(args.threads),
               "--tt", args.tt, "--json"]
    solved = json.loads(subprocess.run([args.ply] + command[1:], check=True,
                                       capture_output=True, text=True).stdout)
    # The record names the commit of the solver's code: the search crate, the command and the
    # two Isolation games must be as committed.
    solver_code = ["search", "bench/cli", "games/isolation", "games/queen-isolation"]
    if subprocess.run(["git", "diff", "--quiet", "HEAD", "--"] + solver_code).returncode:
        sys.exit("commit the solver's code first: a record names the commit it was solved on")
    commit = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"],
                            check=True, capture_output=True, text=True).stdout.strip()
    replies = {r["opening"]["notation"]: r["replies"] for r in solved["replies"]}
    openings = []
    for move in solved["moves"]:
        # After the opening the second player moves: its winning replies are those whose
        # value, from the second player's view, is a win.
        after = replies.get(move["notation"], [])
        openings.append({
            "move": move["notation"],
            "value": outcome(move["value"]),
            "replies": len(after),
            "winning_replies": [r["notation"] for r in after if outcome(r["value"]) > 0],
        })
    value = outcome(solved["value"])
    record = {
        "game": args.spec,
        "result": {1: "first player wins", -1: "second player wins", 0: "draw"}[value],
        "value": value,
        "openings": openings,
        "nodes": solved["stats"]["nodes"],
        "seconds": round(solved["stats"]["time_us"] / 1e6, 2),
        "threads": solved["stats"]["threads"],
        "command": shlex.join(command),
        "commit": commit,
        "date": datetime.date.today().isoformat(),
    }
    with open(args.out, "w") as f:
        json.dump(record, f, indent=1)
        f.write("\n")
    print(f"{args.spec}: {record['result']}, {record['nodes']:,} nodes, {record['seconds']} s")


if __name__ == "__main__":
    main()
