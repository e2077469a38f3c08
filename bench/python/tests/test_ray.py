"""Tournaments and solves on a real Ray cluster on loopback: a head node on 127.0.0.2 and a
second worker node on 127.0.0.3, started with ``ray start``. (Ray rewrites 127.0.0.1 itself to
the machine's outward address, so the nodes take two other loopback addresses, which also tells
them apart.) The distributed run's games and standings are the local run's; a worker
killed part way and a driver killed part way lose nothing and count nothing twice.

Skipped where Ray is not installed (``cargo test``'s plain python3); CI installs it."""

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest

try:
    import ray  # noqa: F401

    HAVE_RAY = True
except ImportError:
    HAVE_RAY = False

import ply_search

GAME = "isolation(width=5,height=5)"
AGENTS = ["random(seed=4)", "alphabeta(nodes=3000)", "mcts(iterations=400,seed=2)"]
OPENINGS = 4  # 3 pairings x 4 openings x 2 colours = 24 games
RAY = os.path.join(os.path.dirname(sys.executable), "ray")
PORT = "6391"
HEAD, WORKER = "127.0.0.2", "127.0.0.3"
ADDRESS = f"{HEAD}:{PORT}"


def games(records):
    return sorted((r["id"], tuple(r["opening"]), tuple(r["moves"]), r["winner"]) for r in records)


def read(path):
    with open(path) as f:
        return [json.loads(line) for line in f]


def driver(out, openings=OPENINGS, agents=AGENTS):
    """The driver as a user starts it, in its own process."""
    command = [sys.executable, "-m", "ply_search.ray", "--game", GAME, "--openings", str(openings),
               "--out", out, "--address", ADDRESS, "--shards", "6", "--json"]
    for agent in agents:
        command += ["--agent", agent]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@unittest.skipUnless(HAVE_RAY, "Ray is not installed")
class LoopbackCluster(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        env = dict(os.environ, RAY_USAGE_STATS_ENABLED="0")
        cls.env = env
        common = ["--num-cpus=1", "--disable-usage-stats"]
        subprocess.run([RAY, "stop", "--force"], env=env, capture_output=True)
        subprocess.run([RAY, "start", "--head", f"--node-ip-address={HEAD}", f"--port={PORT}",
                        "--include-dashboard=false", *common], env=env, check=True, capture_output=True)
        subprocess.run([RAY, "start", f"--address={ADDRESS}", f"--node-ip-address={WORKER}", *common],
                       env=env, check=True, capture_output=True)
        cls.folder = tempfile.mkdtemp()
        cls.local = ply_search.arena(GAME, AGENTS, openings=OPENINGS, threads=1)

    @classmethod
    def tearDownClass(cls):
        subprocess.run([RAY, "stop", "--force"], env=cls.env, capture_output=True)

    def path(self, name):
        return os.path.join(self.folder, name)

    def test_two_nodes_play_the_local_tournament(self):
        out = self.path("all.jsonl")
        run = driver(out)
        stdout, stderr = run.communicate(timeout=300)
        self.assertEqual(run.returncode, 0, stderr)
        self.assertIn("/24 games, 6/6 shards", stderr)
        self.assertEqual(games(read(out)), games(self.local.records))
        table = json.loads(stdout)
        self.assertEqual(table["games"], 24)
        local = self.local.to_dict()
        for a, b in zip(table["agents"], local["agents"]):
            self.assertEqual((a["agent"], a["record"]), (b["agent"], b["record"]))
        # The cluster the driver used: two nodes of one CPU each, both on loopback.
        self.assertEqual(sorted(ray_nodes(self.env)), [HEAD, WORKER])

    def test_a_killed_worker_and_a_killed_driver_lose_and_double_nothing(self):
        # Slower agents, so that the kills land while shards are being played.
        agents = ["random(seed=4)", "alphabeta(nodes=40000)", "mcts(iterations=5000,seed=2)"]
        local = ply_search.arena(GAME, agents, openings=OPENINGS, threads=1)
        out = self.path("killed.jsonl")
        run = driver(out, agents=agents)
        # A task's worker process is named after the task while it runs: kill one mid-shard.
        victim = wait_for(lambda: pids("ray::_play_shard"), 60)
        os.kill(victim[0], signal.SIGKILL)
        # Then the driver itself, once some games are in.
        wait_for(lambda: os.path.exists(out) and os.path.getsize(out) > 0, 120)
        run.send_signal(signal.SIGKILL)
        run.wait()
        run.stdout.close()
        run.stderr.close()
        self.assertLess(len(read(out)), 24, "the driver was killed part way")
        again = driver(out, agents=agents)
        stdout, stderr = again.communicate(timeout=300)
        self.assertEqual(again.returncode, 0, stderr)
        records = read(out)
        self.assertEqual(len(records), len({r["id"] for r in records}), "no game twice")
        self.assertEqual(games(records), games(local.records))


def signs(solution):
    """A solution's values by sign (an outcome-only solve knows nothing more), stats dropped."""
    moves = [(m["notation"], m["value"] > 0, m["value"] < 0, m["same_as"]) for m in solution["moves"]]
    replies = [[(r["notation"], r["value"] > 0, r["value"] < 0) for r in o["replies"]] for o in solution["replies"]]
    return solution["value"] > 0, moves, replies


@unittest.skipUnless(HAVE_RAY, "Ray is not installed")
class LoopbackSolve(unittest.TestCase):
    """Exact solves with their jobs on the cluster (it is started by LoopbackCluster's class
    set-up when run together; this class starts its own otherwise)."""

    @classmethod
    def setUpClass(cls):
        LoopbackCluster.setUpClass()
        import ray

        ray.init(address=ADDRESS, log_to_driver=False, _node_ip_address=HEAD)

    @classmethod
    def tearDownClass(cls):
        import ray

        ray.shutdown()
        LoopbackCluster.tearDownClass()

    def test_split_solves_equal_one_machine_solves_and_resume_from_their_checkpoint(self):
        import ply_search.ray

        folder = tempfile.mkdtemp()
        for game, all_replies, distance in [
            ("queen-isolation(width=4,height=4)", True, False),
            ("queen-isolation(preset=quiz)", True, True),
            ("isolation(width=5,height=5)", False, False),
        ]:
            state = ply_search.load_game(game).new_initial_state()
            whole = ply_search.solve(state, all_replies=all_replies, distance=distance)
            out = os.path.join(folder, f"{len(os.listdir(folder))}.jsonl")
            split = ply_search.ray.solve(game, out=out, split_depth=3, all_replies=all_replies, distance=distance, progress=False)
            if distance:
                for key in ("value", "moves", "replies"):
                    self.assertEqual(split[key], whole[key], game)
            else:
                self.assertEqual(signs(split), signs(whole), game)
            # Run again: every job comes from the checkpoint, none is solved again.
            with open(out) as f:
                solved = f.read()
            again = ply_search.ray.solve(game, out=out, split_depth=3, all_replies=all_replies, distance=distance, progress=False)
            self.assertEqual(again["value"], split["value"])
            with open(out) as f:
                self.assertEqual(f.read(), solved)


def ray_nodes(env):
    listing = subprocess.run([sys.executable, "-c",
                              "import ray, json; ray.init(address='%s', log_to_driver=False, _node_ip_address='%s'); "
                              "print(json.dumps([n['NodeManagerAddress'] for n in ray.nodes() if n['Alive']]))" % (ADDRESS, HEAD)],
                             env=env, capture_output=True, text=True, check=True)
    return json.loads(listing.stdout.strip().splitlines()[-1])


def pids(title):
    found = subprocess.run(["pgrep", "-f", title], capture_output=True, text=True)
    return [int(p) for p in found.stdout.split()]


def wait_for(condition, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("timed out")


if __name__ == "__main__":
    unittest.main()
