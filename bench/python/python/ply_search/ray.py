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
import os
import sys
import time

from . import _native

__all__ = ["arena", "main"]


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
    if not ray.is_initialized():
        ray.init(address=address, log_to_driver=False)
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
