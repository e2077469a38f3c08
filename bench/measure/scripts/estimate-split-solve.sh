#!/usr/bin/env bash
# Estimates what an exact solve out of one machine's reach would cost on a cluster, by solving
# an evenly spread sample of its split jobs (docs/solver.md, "Boards out of reach").
#
#   bench/measure/scripts/estimate-split-solve.sh SPEC DEPTH EVERY SECONDS [PLY]
#
# lists the jobs of SPEC at --split-depth DEPTH, solves slice 1/EVERY of them (jobs 1,
# 1 + EVERY, 1 + 2 EVERY...: an even spread over the list) on 2 threads for at most SECONDS,
# and prints the jobs, the sample's nodes and time, and the whole split's estimate: jobs x mean
# nodes per sampled job, in core-hours at the sample's own speed, with the sample's spread. Jobs the time limit cut off
# count with the nodes they reached, so with any cut off the estimate is a lower bound, and it says so.
set -euo pipefail
spec="$1"; depth="$2"; every="$3"; seconds="$4"
ply="${5:-target/release/ply}"
work="$(mktemp -d)"
"$ply" solve "$spec" --split-depth "$depth" --write-jobs "$work/jobs.txt" >/dev/null
# Every line after the four-line header is a job (a queen Isolation position may itself
# start with `#`, a blocked cell, so the header is skipped by count, not by its marks).
jobs=$(tail -n +5 "$work/jobs.txt" | grep -c .)
sampled=$(( (jobs + every - 1) / every ))
start=$(date +%s.%N)
"$ply" solve "$spec" --jobs "$work/jobs.txt" --slice "1/$every" --out "$work/sample.jsonl" \
  --threads 2 --tt 2GiB --time "${seconds}s" >"$work/solve.log" 2>&1 || true
end=$(date +%s.%N)
python3 - "$spec" "$depth" "$jobs" "$sampled" "$work/sample.jsonl" "$start" "$end" "$seconds" "$work/solve.log" <<'EOF'
import json, os, re, sys
spec, depth, jobs, sampled, path, start, end, seconds, log = sys.argv[1:]
jobs, sampled = int(jobs), int(sampled)
rows = [json.loads(l) for l in open(path) if l.strip()] if os.path.exists(path) else []
wall = float(end) - float(start)
nodes = sum(r["nodes"] for r in rows)
print(f"{spec} at depth {depth}: {jobs} jobs; sampled {len(rows)} of {sampled} in {wall:.0f} s on 2 threads, {nodes:,} nodes")
if rows and len(rows) == sampled:
    mean = nodes / len(rows)
    total = mean * jobs
    speed = nodes / (2 * wall)  # nodes per core-second in this run
    line = (f"  mean {mean:,.0f} nodes per job (largest {max(r['nodes'] for r in rows):,}); whole split: "
            f"{total:.3g} nodes, {total / speed / 3600:.3g} core-hours at {speed / 1e6:.2f} M nodes per core-second")
    if len(rows) >= 2:
        # The spread of the sample: the mean give or take two standard errors.
        sd = (sum((r["nodes"] - mean) ** 2 for r in rows) / (len(rows) - 1)) ** 0.5
        low, high = (max(0.0, mean - 2 * sd / len(rows) ** 0.5), mean + 2 * sd / len(rows) ** 0.5)
        line += f" (mean +- 2 standard errors: {low * jobs / speed / 3600:.3g} to {high * jobs / speed / 3600:.3g} core-hours)"
    print(line)
stopped = re.search(r"stopped the solver after (\d+) nodes", open(log).read())
if stopped and len(rows) < sampled:
    # The slice's count covers the finished jobs and the ones under way when the limit struck
    # (one a thread); the jobs never started say nothing. A cut-off job counts with the nodes
    # it reached, so the mean is a lower bound of the sample's.
    cut_off = min(2, sampled - len(rows))
    reached = int(stopped.group(1)) - nodes
    speed = int(stopped.group(1)) / (2 * wall)
    mean = (nodes + reached) / (len(rows) + cut_off)
    print(f"  {cut_off} jobs cut off with {reached:,} nodes between them, {sampled - len(rows) - cut_off} never started: "
          f"at least {mean:,.0f} nodes per job, so at least {mean * jobs:.3g} nodes for the whole split, "
          f"{mean * jobs / speed / 3600:.3g} core-hours at {speed / 1e6:.2f} M nodes per core-second")
    print(f"  {sampled - len(rows)} sampled jobs were not finished within {seconds} s: the estimate is a lower bound")
EOF
rm -rf "$work"
