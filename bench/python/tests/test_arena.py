"""Tournaments from Python: ply's agents, Python functions and objects mixed; faults that lose
one game; records, resume and standings as data; Agent(spec).step."""

import json
import os
import random
import signal
import tempfile
import time
import unittest

import ply_search

GAME = "isolation(width=5,height=5)"


def first_move(state):
    """Plays the first legal move, by its notation."""
    return state.legal_moves()[0]


class Player:
    """An object agent: get_action(state) returns an action number."""

    name = "seeded"

    def __init__(self):
        self.rng = random.Random(4)

    def get_action(self, state):
        return self.rng.choice(state.legal_actions())


class Mixed(unittest.TestCase):
    def test_specs_functions_and_objects_play_one_tournament(self):
        standings = ply_search.arena(GAME, ["greedy", first_move, Player()], openings=3)
        self.assertEqual(standings.games, 3 * 3 * 2)
        rows = standings.rows()
        self.assertEqual([r["agent"] for r in rows], ["greedy", "first_move", "seeded"])
        self.assertEqual(list(rows[0])[:5], ["agent", "games", "wins", "draws", "losses"])
        for row in rows:
            self.assertEqual(row["games"], 12)
            self.assertEqual(row["wins"] + row["draws"] + row["losses"], 12)
            self.assertEqual(row["forfeits"], 0)
        for record in standings.records:
            self.assertEqual(record["reason"], "normal")
            # Records name games and agents in one canonical form: keys sorted.
            self.assertEqual(record["game"], "isolation(height=5,width=5)")
        table = str(standings)
        self.assertIn("first_move", table)
        self.assertIn("95% interval", table)
        self.assertIn("pairings", table)
        self.assertIn("18 games", repr(standings))
        self.assertEqual(standings.to_dict()["games"], 18)
        self.assertTrue(standings.to_csv().startswith("agent,games,wins"))

    def test_an_agent_given_twice_plays_under_two_names(self):
        standings = ply_search.arena(GAME, ["greedy", "greedy", first_move], openings=1)
        self.assertEqual([r["agent"] for r in standings.rows()], ["greedy", "greedy #2", "first_move"])
        self.assertEqual(standings.games, 6)

    def test_a_python_agent_plays_the_games_ply_plays(self):
        # The course minimax holds no state between moves, so the same agent called from Python
        # each move must play exactly the games the in-process agent plays.
        def minimax(state):
            return ply_search.Agent("minimax(depth=3)").step(state)

        direct = ply_search.arena(GAME, ["random(seed=9)", "minimax(depth=3)"], openings=3)
        through = ply_search.arena(GAME, ["random(seed=9)", minimax], openings=3)
        moves = lambda s: [(r["opening"], r["moves"], r["winner"]) for r in s.records]
        self.assertEqual(sorted(moves(direct)), sorted(moves(through)))


class Tables(unittest.TestCase):
    def test_a_python_agent_sits_at_a_table_of_three_in_every_seat(self):
        standings = ply_search.arena(
            "rolit(players=3,size=6)", ["maxn(depth=1)", first_move, Player()], openings=2
        )
        # One table of the three, in its six seat orders, for each opening.
        self.assertEqual(standings.games, 6 * 2)
        for record in standings.records:
            self.assertEqual(len(record["players"]), 3)
            self.assertAlmostEqual(sum(record["points"]), 1.0)
        rows = standings.rows()
        for row in rows:
            self.assertAlmostEqual(row["par"], 1 / 3)
            self.assertEqual(len(row["seats"]), 3)
        self.assertAlmostEqual(sum(r["score"] * r["games"] for r in rows), 12.0)
        self.assertIn("score by seat", str(standings))
        self.assertEqual(len(standings.to_dict()["tables"]), 1)

    def test_two_agents_at_three_seats_play_every_mix(self):
        standings = ply_search.arena("rolit(players=3,size=6)", ["greedy", first_move], openings=1)
        seatings = sorted(tuple(r["players"]) for r in standings.records)
        self.assertEqual(len(seatings), 6)
        self.assertNotIn(("greedy",) * 3, seatings)


class Faults(unittest.TestCase):
    def test_exceptions_illegal_and_unreadable_moves_lose_one_game_each(self):
        def raises(state):
            raise RuntimeError("my bug")

        def illegal_action(state):
            return 10_000

        def illegal_move(state):
            return "nowhere"

        def nonsense(state):
            return [1, 2]

        cases = [
            (raises, "error", "raised RuntimeError: my bug"),
            (illegal_action, "illegal", "returned action 10000: expected one of"),
            (illegal_move, "illegal", "returned bad move `nowhere`"),
            (nonsense, "error", "returned [1, 2]: expected an action number or a move string"),
        ]
        for agent, reason, detail in cases:
            standings = ply_search.arena(GAME, ["random", agent], openings=2)
            self.assertEqual(standings.games, 4)
            faulty = standings.rows()[1]
            self.assertEqual((faulty["losses"], faulty["forfeits"]), (4, 4), agent.__name__)
            for record in standings.records:
                self.assertEqual(record["reason"], reason)
                self.assertIn(detail, record["detail"])

    def test_a_slow_python_agent_loses_on_time(self):
        def slow(state):
            time.sleep(0.06)
            return state.legal_actions()[0]

        standings = ply_search.arena(GAME, ["random", slow], openings=1, move_time="20ms", tolerance=0.005)
        self.assertEqual([r["reason"] for r in standings.records], ["timeout", "timeout"])
        self.assertEqual(standings.rows()[1]["timeouts"], 2)

    def test_an_agent_that_never_returns_is_stopped_at_its_move_time(self):
        def endless(state):
            while True:
                pass

        started = time.monotonic()
        standings = ply_search.arena(GAME, ["greedy", endless], openings=2, move_time="30ms")
        self.assertLess(time.monotonic() - started, 10.0)
        self.assertEqual(standings.games, 4)
        self.assertEqual(standings.rows()[1]["timeouts"], 4)
        for record in standings.records:
            self.assertEqual(record["reason"], "timeout")
            self.assertIn("did not return within 40 ms", record["detail"])
        # The exception stopped the agent and nothing else: the next tournament plays clean.
        again = ply_search.arena(GAME, ["greedy", first_move], openings=2, move_time="1s")
        self.assertEqual({r["reason"] for r in again.records}, {"normal"})

    def test_ctrl_c_stops_an_agent_that_never_returns(self):
        def stubborn(state):
            # Catches the timeout as a careless agent would; Ctrl-C is not an Exception.
            while True:
                try:
                    while True:
                        pass
                except Exception:
                    pass

        previous = signal.signal(signal.SIGALRM, signal.default_int_handler)
        try:
            for move_time in [None, "20ms"]:
                signal.setitimer(signal.ITIMER_REAL, 0.3)
                started = time.monotonic()
                with self.assertRaises(KeyboardInterrupt):
                    ply_search.arena(GAME, ["greedy", stubborn], openings=2, move_time=move_time)
                self.assertLess(time.monotonic() - started, 10.0)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
        again = ply_search.arena(GAME, ["greedy", first_move], openings=1)
        self.assertEqual({r["reason"] for r in again.records}, {"normal"})


class Records(unittest.TestCase):
    def test_records_are_written_and_a_tournament_resumes(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "games.jsonl")
            first = ply_search.arena(GAME, ["random", first_move], openings=2, out=path)
            with open(path) as f:
                lines = [json.loads(line) for line in f]
            self.assertEqual(len(lines), 4)
            by_id = lambda records: sorted(records, key=lambda r: r["id"])
            self.assertEqual(by_id(lines), by_id(first.records))
            with self.assertRaises(ply_search.PlyError) as caught:
                ply_search.arena(GAME, ["random", first_move], openings=2, out=path)
            self.assertIn("expected --resume", str(caught.exception))
            again = ply_search.arena(GAME, ["random", first_move], openings=3, out=path, resume=True)
            self.assertEqual((again.games, again.played_now), (6, 2))

    def test_shards_play_the_tournament_between_them(self):
        agents = ["random(seed=2)", "alphabeta(nodes=500)", first_move]
        whole = ply_search.arena(GAME, agents, openings=3)
        games = lambda records: sorted((r["id"], r["moves"], r["winner"]) for r in records)
        shards = [ply_search.arena(GAME, agents, openings=3, shard=f"{k}/3") for k in (1, 2, 3)]
        self.assertTrue(all(s.games > 0 for s in shards))
        self.assertEqual(games(r for s in shards for r in s.records), games(whole.records))
        with self.assertRaises(ply_search.PlyError) as caught:
            ply_search.arena(GAME, agents, shard="4/3")
        self.assertIn("bad --shard `4/3`", str(caught.exception))


class BadArguments(unittest.TestCase):
    def test_each_bad_argument_is_named(self):
        cases = [
            (lambda: ply_search.arena(GAME, ["random", 42]), TypeError, "bad agent 42"),
            (lambda: ply_search.arena(GAME, ["random"]), ply_search.PlyError, "two agents"),
            (lambda: ply_search.arena(GAME, ["random", "chess-engine"]), ply_search.BadSpecError, "chess-engine"),
            (lambda: ply_search.arena("chess", ["random", "greedy"]), ply_search.BadSpecError, "bad game `chess`"),
            (lambda: ply_search.arena(GAME, ["random", "greedy"], move_time="soon"), ply_search.PlyError, "bad move_time `soon`"),
            (lambda: ply_search.arena(GAME, ["random", "greedy"], gauntlet=2), ply_search.PlyError, "bad gauntlet `2`"),
            (lambda: ply_search.arena(GAME, ["random", "greedy"], openings=0), ply_search.PlyError, "bad openings"),
            (lambda: ply_search.arena(GAME, ["random", "greedy"], openings=10**12), ply_search.PlyError, "bad openings `1000000000000`"),
            (lambda: ply_search.arena([GAME] * 20, ["random"] * 40, openings=1_000_000), ply_search.PlyError, "games; expected at most 10000000"),
            (lambda: ply_search.arena(GAME, ["random", "greedy"], openings=2**70), OverflowError, ""),
            (lambda: ply_search.arena(GAME, ["random", "greedy"], opening_list=["99"]), ply_search.PlyError, "bad opening"),
            (lambda: ply_search.arena(3, ["random", "greedy"]), TypeError, "bad games"),
        ]
        for call, kind, needle in cases:
            with self.assertRaises(kind) as caught:
                call()
            self.assertIn(needle, str(caught.exception))
            self.assertNotIn("\n", str(caught.exception))

    def test_ctrl_c_stops_a_tournament(self):
        previous = signal.signal(signal.SIGALRM, signal.default_int_handler)
        try:
            signal.setitimer(signal.ITIMER_REAL, 0.3)
            started = time.monotonic()
            with self.assertRaises(KeyboardInterrupt):
                ply_search.arena(GAME, ["alphabeta(time=20ms)", first_move], openings=200)
            self.assertLess(time.monotonic() - started, 10.0)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)


class Agents(unittest.TestCase):
    def test_step_plays_a_legal_action_in_any_game(self):
        agent = ply_search.Agent("alphabeta(depth=3)")
        self.assertEqual(repr(agent), 'Agent("alphabeta(depth=3)")')
        for spec in ["isolation", "onitama", "tictactoe"]:
            state = ply_search.load_game(spec).new_initial_state()
            for _ in range(4):
                action = agent.step(state)
                self.assertIn(action, state.legal_actions())
                state.apply_action(action)
        agent.reset()
        with self.assertRaises(ply_search.BadSpecError):
            ply_search.Agent("nonsense(").step
        over = ply_search.load_game("tictactoe").new_initial_state()
        for move in ["0", "3", "1", "4", "2"]:
            over.apply_move(move)
        with self.assertRaises(ply_search.PlyError):
            agent.step(over)
        with self.assertRaises(ply_search.BadSpecError):
            ply_search.Agent("alphabeta(eval=nonsense)").step(ply_search.load_game("isolation").new_initial_state())


if __name__ == "__main__":
    unittest.main()
