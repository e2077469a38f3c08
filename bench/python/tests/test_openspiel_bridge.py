"""ply's games as pyspiel games (`import ply_search.openspiel`), checked against OpenSpiel's own
games: random games played move for move through both, comparing at every step everything a
pyspiel user reads (players, legal actions, chance outcomes, action strings, the board's
strings, the observation tensors, returns, history); the game type and info; OpenSpiel's own
algorithms and tests run on the bridged games; and OpenSpiel's games searched by ply through
`wrap`. Needs pyspiel (`pip install open-spiel==2.0.2`, which .ci/run installs); skipped
where it is not installed."""

import math
import pickle
import random
import unittest

import ply_search

try:
    import numpy as np
    import pyspiel
    import ply_search.openspiel as bridge
except ImportError:  # the plain python3 of `cargo test`
    pyspiel = None

# Each shared game with the parameter sets compared, and the random games played for each.
SHARED = [
    ("tic_tac_toe", [{}], 300),
    ("connect_four", [{}, {"rows": 5, "columns": 4}, {"egocentric_obs_tensor": True}], 120),
    ("nim", [{}, {"pile_sizes": "3;4;5", "is_misere": False}, {"pile_sizes": "2;9"}], 150),
    ("breakthrough", [{}, {"rows": 6, "columns": 6}, {"rows": 5, "columns": 4}], 40),
    ("amazons", [{"board_size": 6}, {"board_size": 8}], 10),
    ("othello", [{}], 40),
    ("pig", [{}, {"winscore": 20, "diceoutcomes": 3}, {"horizon": 40}], 60),
    ("einstein_wurfelt_nicht", [{}], 60),
    ("backgammon", [{}, {"scoring_type": "full_scoring"}, {"max_player_turns": 40}], 6),
    (
        "chinese_checkers",
        [{}, {"players": 3, "max_moves": 150}, {"players": 4, "max_moves": 150}, {"players": 6, "max_moves": 120}],
        4,
    ),
]


def leaves(state, depth):
    """The leaves of a pyspiel state's tree cut at `depth` plies, rolls counted as plies."""
    if depth == 0 or state.is_terminal():
        return 1
    return sum(leaves(state.child(action), depth - 1) for action in state.legal_actions())


def play_both(test, ours, theirs, rng, game, choose=lambda state, legal, rng: rng.choice(legal)):
    """Plays one game in the bridge and in OpenSpiel at once, the actions drawn by `choose`
    (at random by default), comparing at every step; returns the positions compared."""
    kind = theirs.get_game().get_type()
    players = theirs.get_game().num_players()
    steps = 0
    while True:
        test.assertEqual(ours.is_terminal(), theirs.is_terminal())
        test.assertEqual(ours.current_player(), theirs.current_player())
        test.assertEqual(ours.move_number(), theirs.move_number())
        test.assertEqual(ours.history(), theirs.history())
        test.assertEqual(str(ours), str(theirs), game)
        for p in range(players):
            test.assertEqual(ours.observation_string(p), theirs.observation_string(p))
            if kind.provides_observation_tensor:
                test.assertEqual(list(ours.observation_tensor(p)), list(theirs.observation_tensor(p)), (game, p))
        test.assertEqual(list(ours.returns()), list(theirs.returns()))
        if theirs.is_terminal():
            return steps
        test.assertEqual(ours.is_chance_node(), theirs.is_chance_node())
        legal = list(theirs.legal_actions())
        test.assertEqual(ours.legal_actions(), legal)
        player = theirs.current_player()
        if theirs.is_chance_node():
            test.assertEqual(sorted(ours.chance_outcomes()), sorted(theirs.chance_outcomes()))
        else:
            test.assertEqual(ours.legal_actions(player), legal)
            for other in set(range(players)) - {player}:
                test.assertEqual(ours.legal_actions(other), [])
        for a in legal:
            test.assertEqual(ours.action_to_string(player, a), theirs.action_to_string(player, a))
        action = choose(theirs, legal, rng)
        ours.apply_action(action)
        theirs.apply_action(action)
        steps += 1


@unittest.skipUnless(pyspiel, "pyspiel is not installed (pip install open-spiel==2.0.2)")
class TheSharedGamesSpeakOpenSpiel(unittest.TestCase):
    def test_random_games_agree_step_for_step(self):
        for game, param_sets, games in SHARED:
            for params in param_sets:
                ours_game = pyspiel.load_game("ply_" + game, params)
                theirs_game = pyspiel.load_game(game, params)
                rng = random.Random(7)
                steps = sum(
                    play_both(self, ours_game.new_initial_state(), theirs_game.new_initial_state(), rng, game)
                    for _ in range(games)
                )
                self.assertGreater(steps, 500, (game, params))

    def test_chinese_checkers_races_agree_to_the_win(self):
        """Hop chains played an action at a time to a win: two players each racing (mostly the
        action that gains the most rows, sometimes any), every step compared."""
        rows = (1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1)
        row_of = [row for row, length in enumerate(rows) for _ in range(length)]

        def race(state, legal, rng):
            if rng.random() < 0.15:
                return rng.choice(legal)
            sign = 1 if state.current_player() == 0 else -1
            player = state.current_player()

            def gain(action):  # the action's string names its landing: "14->26", "3=>14"
                text = state.action_to_string(player, action)
                return 0 if text == "Pass" else sign * (row_of[int(text.split(">")[1])] - row_of[action // 6])

            best = max(map(gain, legal))
            return rng.choice([a for a in legal if gain(a) == best])

        winners = set()
        for seed in range(6):
            ours = pyspiel.load_game("ply_chinese_checkers", {"max_moves": 400}).new_initial_state()
            theirs = pyspiel.load_game("chinese_checkers", {"max_moves": 400}).new_initial_state()
            play_both(self, ours, theirs, random.Random(seed), "chinese_checkers", race)
            winners.update(p for p, r in enumerate(theirs.returns()) if r > 0)
        self.assertEqual(winners, {0, 1})

    def test_the_game_type_and_info_are_openspiels(self):
        for game, param_sets, _ in SHARED:
            for params in param_sets:
                ours, theirs = pyspiel.load_game("ply_" + game, params), pyspiel.load_game(game, params)
                self.assertEqual(ours.get_parameters(), theirs.get_parameters())
                for method in [
                    "num_distinct_actions",
                    "max_game_length",
                    "max_chance_outcomes",
                    "num_players",
                    "min_utility",
                    "max_utility",
                    "utility_sum",
                ]:
                    self.assertEqual(getattr(ours, method)(), getattr(theirs, method)(), (game, params, method))
                a, b = ours.get_type(), theirs.get_type()
                for field in ["dynamics", "chance_mode", "information", "utility", "reward_model"]:
                    self.assertEqual(getattr(a, field), getattr(b, field), (game, field))
                if b.provides_observation_tensor and a.provides_observation_tensor:
                    self.assertEqual(ours.observation_tensor_shape(), theirs.observation_tensor_shape())

    def test_clones_children_and_serialized_states_carry_on_the_same(self):
        game = pyspiel.load_game("ply_breakthrough(rows=6,columns=6)")
        state = game.new_initial_state()
        rng = random.Random(3)
        for _ in range(9):
            state.apply_action(rng.choice(state.legal_actions()))
        copy = state.clone()
        again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
        restored = pickle.loads(pickle.dumps(state.ply_state))
        self.assertEqual(restored.position(), state.ply_state.position())
        for other in (copy, again):
            self.assertEqual((str(other), other.history()), (str(state), state.history()))
        action = state.legal_actions()[0]
        child = state.child(action)
        state.apply_action(action)
        self.assertEqual((str(child), child.history()), (str(state), state.history()))
        self.assertNotEqual(str(copy), str(state))

    def test_bad_parameters_and_actions_are_one_line_errors(self):
        with self.assertRaisesRegex(Exception, r"bad parameter `x_in_row=5`: expected 4"):
            pyspiel.load_game("ply_connect_four(x_in_row=5)")
        with self.assertRaisesRegex(Exception, r"bad parameter `pile_sizes=3;x`"):
            pyspiel.load_game("ply_nim(pile_sizes=3;x)")
        state = pyspiel.load_game("ply_amazons(board_size=6)").new_initial_state()
        with self.assertRaisesRegex(ply_search.IllegalMoveError, r"bad action `0`: expected one of the legal actions \[24, 29, 31, 34\]"):
            state.apply_action(0)
        with self.assertRaisesRegex(Exception, r"bad parameter hyper_backgammon=true: expected false"):
            pyspiel.load_game("ply_backgammon(hyper_backgammon=True)")
        with self.assertRaisesRegex(ply_search.BadSpecError, r"bad chinese-checkers value `players=5`: expected players= 2, 3, 4 or 6"):
            pyspiel.load_game("ply_chinese_checkers(players=5)")
        # In the middle of a hop chain only the chain's hops and 726 (stop) are taken.
        state, rng = pyspiel.load_game("ply_chinese_checkers").new_initial_state(), random.Random(1)
        while "hopping from" not in str(state):
            state.apply_action(rng.choice(state.legal_actions()))
        with self.assertRaisesRegex(ply_search.IllegalMoveError, r"bad action `0`: expected one of the legal actions \[.*, 726\]$"):
            state.apply_action(0)
        state = pyspiel.load_game("ply_breakthrough").new_initial_state()
        with self.assertRaisesRegex(ply_search.IllegalMoveError, r"bad action `0`: expected one of the legal actions in OpenSpiel's numbering \[98, 100"):
            state.apply_action(0)


@unittest.skipUnless(pyspiel, "pyspiel is not installed (pip install open-spiel==2.0.2)")
class OpenSpielsAlgorithmsRunOnPlysGames(unittest.TestCase):
    def test_openspiels_random_simulation_test_passes(self):
        for name in [
            "ply_tic_tac_toe",
            "ply_connect_four",
            "ply_nim",
            "ply_breakthrough(rows=6,columns=6)",
            "ply_amazons(board_size=6)",
            "ply_othello",
            "ply_pig(winscore=20)",
            "ply_einstein_wurfelt_nicht",
            "ply_backgammon(max_player_turns=60)",
            "ply_chinese_checkers(players=3,max_moves=60)",
            "ply_isolation(width=5,height=5)",
            "ply_queen_isolation",
            "ply_onitama",
            "ply_rolit(players=3,size=6)",
            "ply_isolation(players=3,width=6,height=6)",
        ]:
            pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=3, serialize=True, verbose=False)

    def test_alpha_beta_search_finds_openspiels_values(self):
        from open_spiel.python.algorithms import minimax

        for ours, theirs, depth in [
            ("ply_tic_tac_toe", "tic_tac_toe", None),
            ("ply_nim(pile_sizes=2;3;4)", "nim(pile_sizes=2;3;4)", None),
        ]:
            values = []
            for name in (ours, theirs):
                game = pyspiel.load_game(name)
                state = game.new_initial_state()
                value, action = minimax.alpha_beta_search(game, state, maximum_depth=depth or 30, maximizing_player_id=0)
                values.append((value, action))
            self.assertEqual(values[0], values[1], ours)
        # The solver agrees: tic-tac-toe is a draw, this Nim a first-player win.
        self.assertEqual(values[0][0], 1.0)

    def test_mcts_bots_play_through_evaluate_bots(self):
        # OpenSpiel's Python MCTSBot (its C++ MCTSBot crashes on every Python-implemented game
        # in open-spiel 2.0.2, its own python_tic_tac_toe included: docs/python.md).
        from open_spiel.python.algorithms import evaluate_bots, mcts

        game = pyspiel.load_game("ply_connect_four")
        rng = np.random.RandomState(2)
        searcher = mcts.MCTSBot(game, 1.4, 200, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
        random_bot = pyspiel.make_uniform_random_bot(1, 5)
        wins = 0
        for _ in range(4):
            returns = evaluate_bots.evaluate_bots(game.new_initial_state(), [searcher, random_bot], rng)
            self.assertIn(list(returns), [[1.0, -1.0], [-1.0, 1.0], [0.0, 0.0]])
            wins += returns[0] > 0
        self.assertGreaterEqual(wins, 3)  # the search beats a random player


    def test_openspiels_bots_play_in_plys_arena(self):
        from open_spiel.python.algorithms import mcts

        game = pyspiel.load_game("ply_breakthrough(rows=5,columns=4)")
        rng = np.random.RandomState(4)
        bot = mcts.MCTSBot(game, 1.4, 100, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
        standings = ply_search.arena(
            "breakthrough(width=4,height=5)",
            ["random(seed=3)", bridge.agent(bot, game, "openspiel-mcts")],
            openings=3,
            threads=1,
        )
        rows = {row["agent"]: row for row in standings.rows()}
        self.assertEqual(rows["openspiel-mcts"]["games"], 6)
        self.assertGreaterEqual(rows["openspiel-mcts"]["wins"], 5)  # MCTS beats random play
        with self.assertRaisesRegex(ply_search.BadSpecError, "expected a game of ply_search.openspiel with one action a turn"):
            bridge.agent(bot, pyspiel.load_game("ply_amazons(board_size=6)"))


@unittest.skipUnless(pyspiel, "pyspiel is not installed (pip install open-spiel==2.0.2)")
class PlysOwnGamesComeUnderPlyNames(unittest.TestCase):
    def test_every_registered_game_is_registered_with_pyspiel(self):
        names = set(pyspiel.registered_names())
        for entry in ply_search.registered_games():
            self.assertIn("ply_" + entry["name"].replace("-", "_"), names)
        self.assertTrue(set(bridge.registered) <= names)

    def test_spec_keys_are_parameters_with_plys_defaults(self):
        game = pyspiel.load_game("ply_isolation(width=7,height=7,rules=aind)")
        self.assertEqual(game.ply_game.spec, "isolation(width=7,height=7,rules=aind)")
        self.assertEqual(pyspiel.load_game("ply_isolation").ply_game.spec, "isolation")
        game = pyspiel.load_game("ply_queen_isolation(preset=quiz)")
        state = game.new_initial_state()
        self.assertEqual(state.legal_actions(), state.ply_state.legal_actions())
        self.assertEqual(state.action_to_string(0, state.legal_actions()[0]), "(0,0)")
        blocked = pyspiel.load_game("ply_queen_isolation(blocked=[(0;0)])").ply_game.spec
        self.assertEqual(blocked, "queen-isolation(blocked=[(0,0)])")
        rolit = pyspiel.load_game("ply_rolit(players=3)")
        self.assertEqual((rolit.num_players(), len(rolit.new_initial_state().returns())), (3, 3))
        with self.assertRaisesRegex(ply_search.BadSpecError, "bad board size `13x6`: expected width 1 to 9"):
            pyspiel.load_game("ply_connect_four(columns=13)")


@unittest.skipUnless(pyspiel, "pyspiel is not installed (pip install open-spiel==2.0.2)")
class OpenSpielsGamesInPly(unittest.TestCase):
    def test_plys_searches_perft_and_solver_run_on_openspiels_games(self):
        tic_tac_toe = bridge.wrap("tic_tac_toe")
        self.assertEqual(ply_search.perft(tic_tac_toe, 9), 255168)
        self.assertEqual(ply_search.solve(tic_tac_toe)["value"], 0)
        self.assertEqual(ply_search.check(tic_tac_toe, games=20), 20)
        # A Connect Four threat found in OpenSpiel's own game: x plays the winning column.
        state = pyspiel.load_game("connect_four").new_initial_state()
        for column in [0, 6, 1, 6, 2]:
            state.apply_action(column)
        result = ply_search.search(bridge.Wrapped(state), "alphabeta(depth=4)")
        self.assertEqual(state.legal_actions()[result["best_action"]], 3)
        # Hex, which ply does not have, solved on a 2x2 board: the first player wins.
        self.assertGreater(ply_search.solve(bridge.wrap(pyspiel.load_game("hex(board_size=2)")))["value"], 0)

    def test_a_tournament_on_an_openspiel_game_seats_plys_agents_and_openspiels_bots(self):
        from open_spiel.python.algorithms import mcts
        from open_spiel.python.bots.uniform_random import UniformRandomBot

        game = pyspiel.load_game("tic_tac_toe")
        rng = np.random.RandomState(5)
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
        agents = [
            "alphabeta(depth=9)",
            ("openspiel-mcts", mcts.MCTSBot(game, 2, 100, evaluator, random_state=np.random.RandomState(0))),
            ("openspiel-random", lambda seat: UniformRandomBot(seat, rng)),
        ]
        result = bridge.tournament(game, agents, games=2)
        # Three pairs, two games in each seat order.
        self.assertEqual(len(result["games"]), 12)
        rows = {row["name"]: row for row in result["standings"]}
        self.assertEqual(sum(row["games"] for row in rows.values()), 24)
        self.assertEqual(sum(row["wins"] for row in rows.values()), sum(row["losses"] for row in rows.values()))
        # Perfect play never loses tic-tac-toe, and each game replays to its recorded result.
        self.assertEqual(rows["alphabeta(depth=9)"]["losses"], 0)
        for played in result["games"]:
            state = game.new_initial_state()
            for action in played["actions"]:
                state.apply_action(action)
            returns = state.returns()
            self.assertEqual(played["result"], "draw" if returns[0] == 0 else (0 if returns[0] > 0 else 1))
        low, high = rows["openspiel-random"]["interval"]
        self.assertLessEqual(low, rows["openspiel-random"]["score"] / 8)
        self.assertLessEqual(rows["openspiel-random"]["score"] / 8, high)
        with self.assertRaisesRegex(ply_search.BadSpecError, r"^bad agent 7: expected a ply agent spec"):
            bridge.tournament(game, ["alphabeta(depth=2)", 7])
        with self.assertRaisesRegex(ply_search.BadSpecError, r"expected distinct names"):
            bridge.tournament(game, ["random", "random"])

    def test_openspiels_pig_wrapped_is_solved_and_counted_as_plys_own_pig(self):
        own = ply_search.load_game("pig(goal=10)").new_initial_state()
        wrapped, native = ply_search.solve(bridge.wrap("pig(winscore=10)", key="text")), ply_search.solve(own)
        self.assertEqual(wrapped["positions"], native["positions"])
        self.assertAlmostEqual(wrapped["win_chance"][0], native["win_chance"][0], places=12)
        for depth in range(1, 6):
            self.assertEqual(ply_search.perft(bridge.wrap("pig(winscore=10)"), depth), ply_search.perft(own, depth))
        self.assertEqual(ply_search.check(bridge.wrap("pig(winscore=10)"), games=10), 10)

    def test_backgammon_wrapped_takes_the_agents_for_dice(self):
        start = bridge.wrap("backgammon")
        self.assertTrue(start.is_chance_node())
        self.assertEqual(ply_search.perft(start, 2), leaves(start.state, 2))
        self.assertEqual(ply_search.check(start, games=1, max_plies=20), 1)
        rolled = start.play(start.chance_outcomes()[0][0])
        for spec in ["expectimax(depth=1)", "mcts(iterations=10)"]:
            action = rolled.moves()[ply_search.search(rolled, spec)["best_action"]]
            self.assertIn(action, rolled.state.legal_actions())
        with self.assertRaisesRegex(ply_search.BadSpecError, r"^bad agent `alphabeta`: expected an agent for games with dice"):
            ply_search.search(rolled, "alphabeta(depth=2)")

    def test_chinese_checkers_for_three_wrapped_takes_the_n_player_searches(self):
        # Games of 8 turns keep the Python playouts short.
        start = bridge.wrap("chinese_checkers(players=3,max_moves=8)")
        self.assertEqual(start.players(), 3)
        self.assertEqual(ply_search.perft(start, 3), leaves(start.state, 3))
        self.assertEqual(ply_search.check(start, games=2), 2)
        for spec in ["maxn(depth=2)", "paranoid(depth=2)", "brs(depth=2)", "mcts(iterations=100)"]:
            action = start.moves()[ply_search.search(start, spec)["best_action"]]
            self.assertIn(action, start.state.legal_actions())
        with self.assertRaisesRegex(ply_search.BadSpecError, r"^bad agent `alphabeta`: expected an agent for games of more than two players"):
            ply_search.search(start, "alphabeta(depth=2)")
        with self.assertRaisesRegex(ply_search.PlyError, r"^bad game for solve: expected a game of two players \(this one has 3"):
            ply_search.solve(start)

    def test_tournaments_roll_the_dice_and_seat_three_at_a_table(self):
        from open_spiel.python.bots.uniform_random import UniformRandomBot

        rng = np.random.RandomState(2)
        rival = ("openspiel-random", lambda seat: UniformRandomBot(seat, rng))
        cases = [
            ("pig(winscore=15)", ["expectimax(depth=3)", "random", rival], 2),
            ("chinese_checkers(players=3,max_moves=12)", ["maxn(depth=1)", "paranoid(depth=1)", "random", rival], 3),
        ]
        for name, agents, players in cases:
            game = pyspiel.load_game(name)
            result = bridge.tournament(game, agents, games=1, seed=4)
            # Every set of `players` entries in every rotation of its seats, once.
            tables = math.comb(len(agents), players) * players
            self.assertEqual(len(result["games"]), tables, name)
            rows = {row["name"]: row for row in result["standings"]}
            self.assertEqual(sum(row["games"] for row in rows.values()), tables * players)
            for played in result["games"]:
                self.assertEqual(len(played["seats"]), players)
                state = game.new_initial_state()
                for action in played["actions"]:
                    self.assertIn(action, state.legal_actions())
                    state.apply_action(action)
                self.assertTrue(state.is_terminal())
                self.assertEqual(played["returns"], state.returns())
                best = max(state.returns())
                winners = [seat for seat, r in enumerate(state.returns()) if r == best]
                self.assertEqual(played["result"], winners[0] if len(winners) == 1 else "draw")
            for row in rows.values():
                mine = [g["returns"][g["seats"].index(row["name"])] for g in result["games"] if row["name"] in g["seats"]]
                self.assertAlmostEqual(row["mean_return"], sum(mine) / len(mine))
        again = bridge.tournament("pig(winscore=15)", ["expectimax(depth=3)", "random"], games=1, seed=4)
        self.assertEqual(again["games"], bridge.tournament("pig(winscore=15)", ["expectimax(depth=3)", "random"], games=1, seed=4)["games"])
        with self.assertRaisesRegex(ply_search.BadSpecError, r"expected at least 3 for a game of 3 players"):
            bridge.tournament("chinese_checkers(players=3)", ["random", "maxn"])

    def test_games_outside_the_protocol_are_refused_in_one_line(self):
        with self.assertRaisesRegex(ply_search.BadSpecError, r"bad game `kuhn_poker`: expected a sequential game of 2 to 6 players with perfect information and explicit chance, if any \(this one has hidden information\)"):
            bridge.wrap("kuhn_poker")
        with self.assertRaisesRegex(ply_search.BadSpecError, r"bad game `catch`: .* \(this one has 1 player\)"):
            bridge.wrap("catch")
        with self.assertRaisesRegex(ply_search.BadSpecError, r"^bad key `board`: expected history or text$"):
            bridge.wrap("pig", key="board")


@unittest.skipUnless(pyspiel, "pyspiel is not installed (pip install open-spiel==2.0.2)")
class Docs(unittest.TestCase):
    def test_the_modules_docstring_examples_run(self):
        import doctest

        failures, tried = doctest.testmod(bridge)
        self.assertGreater(tried, 5)
        self.assertEqual(failures, 0)

    def test_the_guides_examples_run(self):
        import pathlib

        page = pathlib.Path(__file__).resolve().parents[3] / "docs" / "python.md"
        section = page.read_text().split("## OpenSpiel both ways")[1].split("\n## ")[0]
        blocks = [block.split("```")[0] for block in section.split("```python\n")[1:]]
        self.assertEqual(len(blocks), 3)
        namespace = {"ply_search": ply_search}
        for block in blocks:
            exec(compile(block, str(page), "exec"), namespace)
        self.assertEqual(namespace["state"].action_to_string(1, 3), "o3")
        self.assertEqual(namespace["result"]["standings"][0]["losses"], 0)


if __name__ == "__main__":
    unittest.main()
