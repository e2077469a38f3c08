"""Tournaments on a Ray cluster: the shards of one tournament as Ray tasks, their games gathered
into one record file.

>>> import ply_search.ray                                         # doctest: +SKIP
>>> standings = ply_search.ray.arena(
...     "isolation", ["alphabeta(nodes=300000)", "mcts(iterations=30000)"],
...     openings=500, out="results/all.jsonl", address="auto")
>>> print(standings)

Each task plays one shard (``ply_search.arena(..., shard="K/N")``) through the Rust arena,
without the GIL, into its own file under ``<out>.shards/`` (the output directory is the only
thing the nodes must share), and returns its games; the driver appends the new ones to ``out``
as each task ends and prints the progress. Nothing is lost or counted twice:

- a killed worker: Ray runs its task again (``max_retries``), and the shard resumes its own
  file, playing only the games it lacks;
- a killed driver: run it again with the same arguments; it continues ``out`` (locked against a
  second driver), and shards already done return at once from their files;
- the record file only ever gets games whose ids it lacks.

Also from the shell: ``python -m ply_search.ray --game isolation --agent greedy --agent
"alphabeta(nodes=20000)" --openings 50 --out all.jsonl`` (``--help`` lists the flags).
"""

import argparse
import fcntl
import json
import os
import sys
import time

from . import _native

__all__ = ["arena", "solve", "main"]


def _connect(ray, address):
    """Joins the cluster at ``address`` (or the running one, or starts a local one). A driver
    joining a cluster on the loopback address stays on it too, instead of announcing the
    machine's outside address."""
    if ray.is_initialized():
        return
    host = str(address).split(":")[0] if address is not None else ""
    if host == "localhost" or host.startswith("127."):
        ray.init(address=address, log_to_driver=False, _node_ip_address=host.replace("localhost", "127.0.0.1"))
    else:
        ray.init(address=address, log_to_driver=False)


def _game_count(games, agents, openings, opening_list, gauntlet):
    n = len(agents)
    pairings = gauntlet * (n - gauntlet) if gauntlet else n * (n - 1) // 2
    per_pair = len(opening_list) if opening_list is not None else openings
    return len(games) * pairings * per_pair * 2


def _play_shard(shard, shard_file, games, agents, options):
    """One Ray task: plays shard ``K/N`` into its own file (resumed after a retry); returns its
    games as record dicts."""
    standings = _native.arena(games, agents, shard=shard, out=shard_file, resume=True, **options)
    return standings.records


def arena(
    games,
    agents,
    *,
    out,
    shards=None,
    address=None,
    max_retries=3,
    progress=True,
    num_cpus=1,
    **options,
):
    """Plays a tournament as ``ply_search.arena`` does, its shards spread over a Ray cluster,
    and returns the standings of every game in ``out``.

    - ``games``, ``agents`` and ``options`` (``openings``, ``seed``, ``move_time``, ``sprt``...):
      as for ``ply_search.arena`` (agents written in Python must be picklable).
    - ``out``: the record file all games end up in; its shards' own files go to
      ``<out>.shards/``, on storage every node can write.
    - ``shards``: how many tasks (default: four per CPU of the cluster, at most one per colour
      pair).
    - ``address``: the cluster to join (``"auto"``, ``"127.0.0.1:6379"``); by default a running
      ``ray.init()`` is used, or a local one is started.
    - ``max_retries``: how often Ray runs a task again whose worker died.
    - ``num_cpus``: CPUs each task asks of Ray (and ``threads`` of its games, unless given).
    """
    import ray

    if isinstance(games, str):
        games = [games]
    sprt = options.pop("sprt", None)
    options.setdefault("threads", num_cpus)
    _connect(ray, address)
    total = _game_count(
        games, agents, options.get("openings", 4), options.get("opening_list"), options.get("gauntlet")
    )
    if shards is None:
        shards = max(1, min(4 * int(ray.cluster_resources().get("CPU", 1)), total // 2))
    folder = str(out) + ".shards"
    os.makedirs(folder, exist_ok=True)
    started = time.monotonic()
    with _native.RecordFile(out) as record_file:
        done = set(record_file.ids())
        task = ray.remote(num_cpus=num_cpus, max_retries=max_retries, retry_exceptions=False)(_play_shard)
        pending = {
            task.remote(f"{k}/{shards}", os.path.join(folder, f"shard-{k}-of-{shards}.jsonl"), games, agents, options): k
            for k in range(1, shards + 1)
        }
        from_file = len(done)
        finished = 0
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            shard = pending.pop(ready[0])
            records = ray.get(ready[0])
            new = [r for r in records if r["id"] not in done]
            for record in new:
                record_file.write(record)
                done.add(record["id"])
            finished += 1
            if progress:
                print(
                    f"shard {shard}/{shards} done ({len(records)} games, {len(new)} new): "
                    f"{len(done)}/{total} games, {finished}/{shards} shards, "
                    f"{time.monotonic() - started:.1f} s elapsed",
                    file=sys.stderr,
                    flush=True,
                )
        if progress:
            print(
                f"{len(done)} games ({len(done) - from_file} new, {from_file} from the file) "
                f"in {time.monotonic() - started:.1f} s; records in {out}",
                file=sys.stderr,
                flush=True,
            )
    names = [a if isinstance(a, str) else None for a in agents]
    return _native.standings([out], None if None in names else names, sprt=sprt)


def _solve_chunk(game, positions, distance, threads):
    """One Ray task: the exact value of each job position (without the GIL)."""
    state = _native.load_game(game).new_initial_state()
    values = _native.solve_positions(state, positions, distance=distance, threads=threads)
    return [(p, v, n) for p, (v, n) in zip(positions, values)]


def _read_checkpoint(handle, path, distance):
    """The values already in the checkpoint file, a last line cut short by a kill dropped."""
    handle.seek(0)
    text = handle.read()
    complete = text.rfind("\n") + 1
    if complete < len(text):
        handle.truncate(complete)
    values = {}
    for number, line in enumerate(text[:complete].splitlines(), 1):
        if not line.strip():
            continue
        try:
            result = json.loads(line)
            position, value, solved_with = result["position"], int(result["value"]), bool(result["distance"])
        except (ValueError, KeyError, TypeError) as error:
            raise _native.PlyError(
                f"bad result on line {number} of `{path}`: {error}; expected one solved job per line as written by ply_search.ray.solve"
            ) from None
        if solved_with != distance:
            raise _native.PlyError(
                f"bad out `{path}`: its jobs were solved {'with' if solved_with else 'without'} distance; expected distance={solved_with}, or a new file"
            )
        values[position] = value
    return values


def solve(
    game,
    *,
    out,
    position=None,
    split_depth=2,
    all_replies=False,
    distance=False,
    tasks=None,
    address=None,
    max_retries=3,
    progress=True,
    num_cpus=1,
):
    """Solves a position exactly with its jobs spread over a Ray cluster, and returns what
    ``ply_search.solve`` returns for it.

    - ``game``: a game spec; ``position``: a position of it (default: the start).
    - ``split_depth``: the solve is cut into the positions this many plies down (one of each
      symmetry class), as ``ply solve --split-depth``; ``all_replies`` needs 2 or more.
    - ``out``: the checkpoint file: each job's value is appended as its task ends, and a driver
      run again with the same arguments solves only the jobs it lacks.
    - ``tasks``: how many Ray tasks (default: four per CPU of the cluster); ``num_cpus``: CPUs
      (and solver threads) per task; ``max_retries``: how often Ray reruns a task whose worker
      died.
    """
    import ray

    loaded = _native.load_game(game)
    state = loaded.new_initial_state() if position is None else loaded.state_from_position(position)
    jobs = _native.split_jobs(state, split_depth)
    _connect(ray, address)
    started = time.monotonic()
    with open(out, "a+") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise _native.PlyError(f"bad out `{out}`: another driver is writing it; expected one per file") from None
        values = _read_checkpoint(handle, out, distance)
        pending = [job for job in jobs if job not in values]
        if tasks is None:
            tasks = 4 * int(ray.cluster_resources().get("CPU", 1))
        tasks = max(1, min(tasks, len(pending)))
        task = ray.remote(num_cpus=num_cpus, max_retries=max_retries, retry_exceptions=False)(_solve_chunk)
        running = [task.remote(game, pending[k::tasks], distance, num_cpus) for k in range(tasks) if pending[k::tasks]]
        while running:
            ready, running = ray.wait(running, num_returns=1)
            for job, value, nodes in ray.get(ready[0]):
                handle.write(json.dumps({"position": job, "value": value, "distance": distance, "nodes": nodes}) + "\n")
                values[job] = value
            handle.flush()
            if progress:
                print(
                    f"{len(values)}/{len(jobs)} jobs solved, {time.monotonic() - started:.1f} s elapsed",
                    file=sys.stderr,
                    flush=True,
                )
    return _native.split_combine(state, split_depth, values, all_replies=all_replies, distance=distance)


def main(argv=None):
    """``python -m ply_search.ray``: ``ply arena``'s main flags, on a Ray cluster."""
    parser = argparse.ArgumentParser(prog="python -m ply_search.ray", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", required=True, help="a game spec (repeat)")
    parser.add_argument("--agent", action="append", required=True, help="an agent spec (repeat)")
    parser.add_argument("--openings", type=int, default=4)
    parser.add_argument("--opening-plies", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--move-time", help="e.g. 150ms")
    parser.add_argument("--tolerance", help="e.g. 10ms")
    parser.add_argument("--out", required=True, help="the record file")
    parser.add_argument("--shards", type=int, help="tasks (default: 4 per CPU of the cluster)")
    parser.add_argument("--address", help="the Ray cluster (default: auto-detect or start one)")
    parser.add_argument("--json", action="store_true", help="the standings as JSON")
    args = parser.parse_args(argv)
    options = {"openings": args.openings, "opening_plies": args.opening_plies, "seed": args.seed}
    if args.move_time:
        options["move_time"] = args.move_time
    if args.tolerance:
        options["tolerance"] = args.tolerance
    try:
        standings = arena(args.game, args.agent, out=args.out, shards=args.shards, address=args.address, **options)
    except (_native.PlyError, ValueError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.json:
        import json

        print(json.dumps(standings.to_dict()))
    else:
        print(standings)
    return 0


if __name__ == "__main__":
    sys.exit(main())
