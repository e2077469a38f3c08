"""The building blocks of cluster runs, without a cluster: a record file locked and repaired,
standings of several files (``ply arena --from-records``), and a solve split into jobs whose
values combine into the one-machine solution."""

import json
import os
import tempfile
import unittest

import ply_search

GAME = "isolation(width=5,height=5)"


class RecordFiles(unittest.TestCase):
    def test_shards_gathered_in_one_locked_file_give_the_standings(self):
        agents = ["random(seed=3)", "alphabeta(nodes=500)"]
        with tempfile.TemporaryDirectory() as folder:
            shards = [os.path.join(folder, f"shard-{k}.jsonl") for k in (1, 2)]
            for k, path in enumerate(shards, 1):
                ply_search.arena(GAME, agents, openings=3, shard=f"{k}/2", out=path)
            merged = ply_search.standings(shards, agents)
            whole = ply_search.arena(GAME, agents, openings=3)
            self.assertEqual(merged.games, 6)  # 3 openings, both colours
            self.assertEqual([r["wins"] for r in merged.rows()], [r["wins"] for r in whole.rows()])
            out = os.path.join(folder, "all.jsonl")
            with ply_search.RecordFile(out) as f:
                for record in merged.records:
                    f.write(record)
                self.assertEqual(len(f.ids()), 6)
                # Locked: a second writer is refused while the first holds it.
                with self.assertRaises(ply_search.PlyError) as caught:
                    ply_search.RecordFile(out)
                self.assertIn("another ply is writing it", str(caught.exception))
            # A torn last write is cut when the file is opened again.
            with open(out, "a") as f:
                f.write('{"id": "torn')
            with ply_search.RecordFile(out) as f:
                self.assertEqual(len(f.records()), 6)
            with self.assertRaises(ply_search.PlyError):
                ply_search.standings([shards[0], shards[0]])


class SplitSolves(unittest.TestCase):
    def test_jobs_solved_anywhere_combine_into_the_solution(self):
        for game, depth, all_replies, distance in [
            ("queen-isolation(preset=quiz)", 2, True, True),
            ("queen-isolation(width=4,height=4)", 3, True, True),
            ("tictactoe", 4, False, True),
        ]:
            state = ply_search.load_game(game).new_initial_state()
            jobs = ply_search.split_jobs(state, depth)
            self.assertEqual(len(jobs), len(set(jobs)))
            solved = ply_search.solve_positions(state, list(reversed(jobs)), distance=distance, threads=2)
            values = {job: value for job, (value, _) in zip(reversed(jobs), solved)}
            combined = ply_search.split_combine(state, depth, values, all_replies=all_replies, distance=distance)
            whole = ply_search.solve(state, all_replies=all_replies, distance=distance)
            for key in ("value", "moves", "replies"):
                self.assertEqual(combined[key], whole[key], game)

    def test_missing_values_and_bad_depths_are_named(self):
        state = ply_search.load_game("tictactoe").new_initial_state()
        with self.assertRaises(ply_search.PlyError) as caught:
            ply_search.split_combine(state, 2, {})
        self.assertIn("has none", str(caught.exception))
        with self.assertRaises(ply_search.PlyError):
            ply_search.split_jobs(state, 9)

    def test_values_no_solve_gives_and_strangers_are_refused(self):
        state = ply_search.load_game("tictactoe").new_initial_state()
        jobs = ply_search.split_jobs(state, 2)
        values = {job: value for job, (value, _) in zip(jobs, ply_search.solve_positions(state, jobs))}
        forged = dict(values)
        forged[jobs[0]] = 123456789
        with self.assertRaises(ply_search.PlyError) as caught:
            ply_search.split_combine(state, 2, forged)
        self.assertIn("has the value 123456789", str(caught.exception))
        with self.assertRaises(ply_search.PlyError) as caught:
            ply_search.split_combine(state, 2, {**values, "xxxxxxxxx x": 0})
        self.assertIn("not jobs", str(caught.exception))


if __name__ == "__main__":
    unittest.main()
