#!/bin/sh
# The arena's clock on a loaded machine (BENCHMARKS.md, "The arena's clock under load"): a
# 2-thread tournament of 50 ms agents under --move-time 50ms --tolerance 5ms, beside two busy
# processes (or none with LOAD=0), on a 2-core machine. Prints the games lost on time and the
# charged time per move (median, 99th percentile, max).
# Usage: bench/measure/scripts/arena-clock-under-load.sh [PLY_BINARY] (default target/release/ply)
set -eu
ply=${1:-target/release/ply}
out=$(mktemp -u /tmp/arena-clock-XXXXXX.jsonl)
load=${LOAD:-2}
pids=""
i=0
while [ "$i" -lt "$load" ]; do
    sh -c 'while :; do :; done' &
    pids="$pids $!"
    i=$((i + 1))
done
trap 'kill $pids 2>/dev/null || true; rm -f "$out"' EXIT
"$ply" arena --game isolation --game onitama \
    --agent "alphabeta(time=50ms)" --agent "mcts(time=50ms)" \
    --move-time 50ms --tolerance 5ms --openings 10 --threads 2 --quiet --json --out "$out" > /dev/null
python3 - "$out" "$load" <<'PY'
import json, sys
records = [json.loads(line) for line in open(sys.argv[1])]
times = sorted(t for r in records for t in r["times_ms"])
lost = sum(r["reason"] == "timeout" for r in records)
print(f"{sys.argv[2]} busy processes: {len(records)} games, {len(times)} moves, {lost} lost on time; "
      f"per move median {times[len(times) // 2]:.2f} ms, p99 {times[int(len(times) * 0.99)]:.2f}, "
      f"max {times[-1]:.2f}")
PY
