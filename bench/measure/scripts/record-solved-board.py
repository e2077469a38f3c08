#!/usr/bin/env python3
"""Writes a solved board's record for docs/solved/: every reply to every opening.

    python3 bench/measure/scripts/record-solved-board.py SPEC OUT.json [--threads N] [--tt SIZE] [--ply PATH]
    python3 bench/measure/scripts/record-solved-board.py SPEC OUT.json --split-depth D --results FILE... [--ply PATH]

The first form runs `ply solve SPEC --all-replies --json` in one process. The second combines
the results of a split solve (`ply solve SPEC --jobs JOBS --slice K/N --out FILE`, run over as
many sittings and machines as it took) with `ply solve SPEC --split-depth D --all-replies
--results FILE... --json`; every result must carry its time, so that the record's cost is whole.
Either way it writes what a reader needs to cite or re-check the result (docs/solved/README.md
describes the fields): the game, who wins, each opening's value with the second player's
winning replies, the nodes and time, the exact command and the commit it ran on. The test
`games/registry/tests/solved.rs` re-solves the records.
"""
import argparse
import datetime
import json
import os
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
    parser.add_argument("--split-depth", type=int,
                        help="combine a split solve's results instead of solving")
    parser.add_argument("--results", nargs="+", default=[],
                        help="the split solve's results files (with --split-depth)")
    args = parser.parse_args()
    if (args.split_depth is None) != (not args.results):
        sys.exit("bad arguments: --split-depth D and --results FILE... go together")
    if args.split_depth is None:
        command = ["ply", "solve", args.spec, "--all-replies", "--threads", str(args.threads),
                   "--tt", args.tt, "--json"]
    else:
        command = ["ply", "solve", args.spec, "--split-depth", str(args.split_depth),
                   "--all-replies", "--results", *args.results, "--json"]
    run = subprocess.run([args.ply] + command[1:], capture_output=True, text=True)
    # The record names the results files as a reader would find them beside the jobs, not by
    # where they lay on the machine that combined them.
    command = [os.path.basename(c) if c in args.results else c for c in command]
    if run.returncode:
        sys.exit(f"{shlex.join(command)} failed: {run.stderr.strip()}")
    solved = json.loads(run.stdout)
    # A combined solve (threads 0) costs its jobs' time, summed as one thread's; a result
    # without its time (written before ply timed jobs) leaves it unknown.
    if solved["stats"]["threads"] == 0 and solved["stats"]["time_us"] == 0:
        sys.exit("some results carry no time: solve those jobs again, so the record's cost is whole")
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
        # A split's jobs each ran on one thread: their time is summed as one thread's.
        "threads": solved["stats"]["threads"] or 1,
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
