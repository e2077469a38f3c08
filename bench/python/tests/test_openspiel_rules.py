"""ply's games against OpenSpiel's (Pig, EinStein würfelt nicht, backgammon, Othello), move for move: random games played in both at
once, the chance outcomes and their probabilities, the legal actions, the players and the
returns compared at every step. Needs pyspiel (`pip install open-spiel==2.0.2`, which .ci/run
installs into its virtualenv); skipped where it is not installed."""

import random
import unittest

import ply_search

try:
    import pyspiel
except ImportError:  # the plain python3 of `cargo test`
    pyspiel = None


def play_both(test, ours, theirs, rng, chance_string=None):
    """Plays one random game in ply and OpenSpiel at once, comparing at every step whether it
    is a roll, the player, the legal actions, the chance outcomes and their probabilities and
    the action strings (`chance_string` turns ply's string of a roll into OpenSpiel's; None
    leaves rolls' strings unchecked), and the returns at the end. Returns the steps played and
    the returns."""
    steps = 0
    while not theirs.is_terminal():
        test.assertFalse(ours.is_terminal())
        test.assertEqual(ours.is_chance_node(), theirs.is_chance_node())
        test.assertEqual(ours.current_player(), theirs.current_player())
        test.assertEqual(ours.legal_actions(), list(theirs.legal_actions()))
        if theirs.is_chance_node():
            expected = sorted(theirs.chance_outcomes())
            got = sorted(ours.chance_outcomes())
            test.assertEqual([a for a, _ in got], [a for a, _ in expected])
            for (_, p), (_, q) in zip(got, expected):
                test.assertAlmostEqual(p, q, places=12)
            action = rng.choice([a for a, _ in expected])
            if chance_string:
                face = theirs.action_to_string(pyspiel.PlayerId.CHANCE, action)
                test.assertEqual(chance_string(ours.action_to_string(action)), face)
        else:
            action = rng.choice(theirs.legal_actions())
            player = theirs.current_player()
            test.assertEqual(ours.action_to_string(action), theirs.action_to_string(player, action))
        ours.apply_action(action)
        theirs.apply_action(action)
        steps += 1
    test.assertTrue(ours.is_terminal())
    test.assertEqual(list(ours.returns()), list(theirs.returns()))
    return steps, tuple(theirs.returns())


@unittest.skipUnless(pyspiel, "pyspiel is not installed (pip install open-spiel==2.0.2)")
class PigAgainstOpenSpiel(unittest.TestCase):
    def test_random_games_agree_move_for_move(self):
        for goal, die, horizon in [(100, 6, 1000), (20, 3, 1000), (10, 2, 1000), (30, 6, 40)]:
            ours_game = ply_search.load_game(f"pig(goal={goal},die={die},horizon={horizon})")
            theirs_game = pyspiel.load_game(
                "pig", {"winscore": goal, "diceoutcomes": die, "horizon": horizon}
            )
            for seed in range(40):
                rng = random.Random(seed)
                steps, _ = play_both(
                    self,
                    ours_game.new_initial_state(),
                    theirs_game.new_initial_state(),
                    rng,
                    chance_string=lambda face: "Roll " + face,
                )
                self.assertGreater(steps, 0)


@unittest.skipUnless(pyspiel, "pyspiel is not installed (pip install open-spiel==2.0.2)")
class EinsteinAgainstOpenSpiel(unittest.TestCase):
    """Setups (720 orders a side), rolls, the cubes a roll allows, captures of either side's
    cubes and both ways to win, compared with OpenSpiel's einstein_wurfelt_nicht."""

    def test_random_games_agree_move_for_move(self):
        ours_game = ply_search.load_game("einstein-wurfelt-nicht")
        theirs_game = pyspiel.load_game("einstein_wurfelt_nicht")
        winners = set()
        for seed in range(200):
            rng = random.Random(seed)
            _, returns = play_both(
                self, ours_game.new_initial_state(), theirs_game.new_initial_state(), rng
            )
            winners.add(returns)
        self.assertEqual(len(winners), 2)  # both sides won some


def dice_of(text):
    """The dice in a roll's words, ply's (`6-3`, `x2-1`) or OpenSpiel's (`... (roll: 36)`)."""
    return tuple(sorted(int(c) for c in text.split("roll:")[-1] if c.isdigit()))


def board_of_observation(values):
    """x's and o's checkers on OpenSpiel's 24 points, the bar and off, from OpenSpiel's
    observation tensor for player 0 (Tesauro's four numbers a point)."""
    def counts(start):
        out = []
        for point in range(24):
            one, two, three, more = values[start + 4 * point : start + 4 * point + 4]
            out.append(int(one + 2 * two + 3 * three + (3 + more if more > 0 else 0)))
        return out
    x, o = counts(0), counts(96)
    return x, o, (int(values[192]), int(values[195])), (int(values[193]), int(values[196]))


def board_of_position(position):
    """The same from ply's position notation."""
    words = position.split()
    x = [int(w[1:]) if w.startswith("x") else 0 for w in words[:24]]
    o = [int(w[1:]) if w.startswith("o") else 0 for w in words[:24]]
    bar = tuple(int(n) for n in words[24].split(":"))
    off = tuple(int(n) for n in words[25].split(":"))
    return x, o, bar, off


@unittest.skipUnless(pyspiel, "pyspiel is not installed (pip install open-spiel==2.0.2)")
class BackgammonAgainstOpenSpiel(unittest.TestCase):
    """The opening roll, the rolls and their probabilities, entering, hitting, bearing off, the
    forced use of the dice, doubles and the scoring, compared with OpenSpiel's backgammon. ply
    rolls the 21 distinct dice (OpenSpiel the 36 ordered ones) and lists each play once where
    OpenSpiel lists some under two numbers: so the rolls are compared by their dice and summed
    probabilities, and the plays by the positions they reach."""

    def play_both(self, ours, theirs, rng):
        while not theirs.is_terminal():
            self.assertFalse(ours.is_terminal())
            self.assertEqual(ours.is_chance_node(), theirs.is_chance_node())
            self.assertEqual(ours.current_player(), theirs.current_player())
            if theirs.is_chance_node():
                summed = {}
                for action, p in theirs.chance_outcomes():
                    words = theirs.action_to_string(pyspiel.PlayerId.CHANCE, action)
                    key = (dice_of(words), "O starts" in words)
                    summed[key] = summed.get(key, 0.0) + p
                    # Each of OpenSpiel's numbers plays ply's roll of the same dice.
                    self.assertEqual(dice_of(ours.action_to_string(action)), dice_of(words))
                ours_p = {}
                for action, p in ours.chance_outcomes():
                    words = ours.action_to_string(action)
                    ours_p[(dice_of(words), words.startswith("o"))] = p
                self.assertEqual(sorted(ours_p), sorted(summed))
                for key, p in ours_p.items():
                    self.assertAlmostEqual(p, summed[key], places=12)
                action = rng.choice([a for a, _ in theirs.chance_outcomes()])
            else:
                player = theirs.current_player()
                theirs_legal = list(theirs.legal_actions())
                ours_legal = ours.legal_actions()
                self.assertTrue(set(ours_legal) <= set(theirs_legal))
                reached = {}
                for a in theirs_legal:
                    child = theirs.clone()
                    child.apply_action(a)
                    reached.setdefault(str(child), a)
                self.assertEqual(len(ours_legal), len(reached))
                for a in ours_legal:
                    words = theirs.action_to_string(player, a)
                    # ply writes OpenSpiel's words with + for the blank (a play is one word).
                    self.assertEqual(ours.action_to_string(a).replace("+", " "), words.split(" - ", 1)[-1])
                action = rng.choice(theirs_legal)
            ours.apply_action(action)
            theirs.apply_action(action)
            self.assertEqual(
                board_of_position(ours.position()), board_of_observation(theirs.observation_tensor(0))
            )
        self.assertTrue(ours.is_terminal())
        self.assertEqual(list(ours.returns()), list(theirs.returns()))
        return tuple(theirs.returns())

    def test_random_games_agree_move_for_move(self):
        results = set()
        for ours_scoring, theirs_scoring, seeds in [
            ("winloss", "winloss_scoring", range(12)),
            ("gammons", "enable_gammons", range(100, 106)),
            ("full", "full_scoring", range(200, 206)),
        ]:
            ours_game = ply_search.load_game(f"backgammon(scoring={ours_scoring})")
            theirs_game = pyspiel.load_game("backgammon", {"scoring_type": theirs_scoring})
            for seed in seeds:
                results.add(
                    self.play_both(
                        ours_game.new_initial_state(), theirs_game.new_initial_state(), random.Random(seed)
                    )
                )
        self.assertTrue({(1.0, -1.0), (-1.0, 1.0)} <= results)  # both sides won some


if __name__ == "__main__":
    unittest.main()


def othello_board(theirs):
    """OpenSpiel's board, the rows from the top as strings of `x`, `o` and `-`."""
    rows = str(theirs).splitlines()[2:10]
    return "/".join("".join(row.split()[1:9]) for row in rows)


@unittest.skipUnless(pyspiel, "pyspiel is not installed (pip install open-spiel==2.0.2)")
class OthelloAgainstOpenSpiel(unittest.TestCase):
    """Captures in the eight directions, passes and the end when neither player can move,
    compared with OpenSpiel's othello: the board square for square at every step too."""

    def test_random_games_agree_move_for_move(self):
        ours_game = ply_search.load_game("othello")
        theirs_game = pyspiel.load_game("othello")
        results, passes = set(), 0
        for seed in range(300):
            rng = random.Random(seed)
            ours, theirs = ours_game.new_initial_state(), theirs_game.new_initial_state()
            while not theirs.is_terminal():
                self.assertEqual(ours.position().split(" ")[0], othello_board(theirs))
                self.assertEqual(ours.current_player(), theirs.current_player())
                legal = list(theirs.legal_actions())
                self.assertEqual(ours.legal_actions(), legal)
                passes += legal == [64]
                action = rng.choice(legal)
                player = theirs.current_player()
                self.assertEqual(ours.action_to_string(action), theirs.action_to_string(player, action))
                ours.apply_action(action)
                theirs.apply_action(action)
            self.assertTrue(ours.is_terminal())
            self.assertEqual(ours.position().split(" ")[0], othello_board(theirs))
            self.assertEqual(list(ours.returns()), list(theirs.returns()))
            results.add(tuple(theirs.returns()))
        self.assertGreater(passes, 0)  # passes were played and compared
        self.assertGreaterEqual(len(results), 2)


# Chinese Checkers: OpenSpiel makes each hop an action (`cell * 6 + direction`) and ends a
# chain with 726; ply makes the whole turn one move (`from * 121 + to`). The tests compare the
# turns: every way OpenSpiel's actions can end a turn against ply's moves.
CC_PASS, CC_END_CHAIN = 121 * 121, 726
CC_ROWS = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]
CC_ROW_OF = [row for row, length in enumerate(CC_ROWS) for _ in range(length)]


def cc_board(theirs):
    """OpenSpiel's board as ply writes it: the 121 cells in order, `.` or the seat 0 to 5."""
    lines = str(theirs).splitlines()[:-1]
    return "".join(str(int(c) - 1) if c.isdigit() else c for line in lines for c in line if c != " ")


def cc_turns(theirs):
    """Every turn open to OpenSpiel's player to move, as {(from, to): actions}, found by
    walking its actions depth first until the turn passes on; a blocked player's pass is
    (None, None)."""
    player = theirs.current_player()
    before = cc_board(theirs)
    turns = {}

    def walk(state, actions):
        for action in state.legal_actions():
            child = state.child(action)
            path = actions + [action]
            if action == CC_END_CHAIN or child.is_terminal() or child.current_player() != player:
                after = cc_board(child)
                mine = str(player)
                origin = [i for i, (a, b) in enumerate(zip(before, after)) if a == mine and b != mine]
                landing = [i for i, (a, b) in enumerate(zip(before, after)) if a != mine and b == mine]
                key = (origin[0], landing[0]) if origin else (None, None)
                turns.setdefault(key, path)
            else:
                walk(child, path)

    walk(theirs, [])
    return turns


def cc_move(action):
    return (None, None) if action == CC_PASS else divmod(action, 121)


@unittest.skipUnless(pyspiel, "pyspiel is not installed (pip install open-spiel==2.0.2)")
class ChineseCheckersAgainstOpenSpiel(unittest.TestCase):
    """Steps, hops and chains of hops on the star, the seats of 2, 3, 4 and 6 players, the win
    and the turn limit, against OpenSpiel's chinese_checkers: at every turn the set of turns
    (every way its actions can end one) equals ply's moves, and the board, the player and the
    returns agree."""

    def play(self, players, max_turns, seed, choose):
        ours = ply_search.load_game(f"chinese-checkers(players={players},max_turns={max_turns})")
        theirs = pyspiel.load_game("chinese_checkers", {"players": players, "max_moves": max_turns})
        ours, theirs = ours.new_initial_state(), theirs.new_initial_state()
        rng = random.Random(seed)
        turns = 0
        while not theirs.is_terminal():
            self.assertFalse(ours.is_terminal())
            self.assertEqual(ours.position().split(" ")[0].replace("/", ""), cc_board(theirs))
            self.assertEqual(ours.current_player(), theirs.current_player())
            open_spiel_turns = cc_turns(theirs)
            legal = ours.legal_actions()
            self.assertEqual(sorted(map(cc_move, legal), key=str), sorted(open_spiel_turns, key=str))
            action = choose(ours, legal, rng)
            for step in open_spiel_turns[cc_move(action)]:
                theirs.apply_action(step)
            ours.apply_action(action)
            turns += 1
        self.assertTrue(ours.is_terminal())
        self.assertEqual(ours.position().split(" ")[0].replace("/", ""), cc_board(theirs))
        # OpenSpiel gives the winner players - 1 and the others -1; ply 1 and -1/(players - 1).
        self.assertEqual([r * (players - 1) for r in ours.returns()], list(theirs.returns()))
        return turns, tuple(theirs.returns())

    def test_random_games_agree_turn_for_turn_for_every_number_of_players(self):
        for players in (2, 3, 4, 6):
            for seed in range(4):
                turns, returns = self.play(players, 30, seed, lambda ours, legal, rng: rng.choice(legal))
                self.assertEqual((turns, returns), (30, (0.0,) * players))  # drawn at the limit

    def test_races_to_the_far_point_agree_to_the_win(self):
        """Two players racing (mostly the move that gains the most rows, sometimes any): the
        games end in a win, compared turn for turn."""

        def race(ours, legal, rng):
            if rng.random() < 0.15:
                return rng.choice(legal)
            sign = 1 if ours.current_player() == 0 else -1
            gain = lambda a: sign * (CC_ROW_OF[a % 121] - CC_ROW_OF[a // 121]) if a != CC_PASS else 0
            best = max(map(gain, legal))
            return rng.choice([a for a in legal if gain(a) == best])

        winners = set()
        for seed in range(12):
            _, returns = self.play(2, 400, seed, race)
            winners.update(p for p, r in enumerate(returns) if r > 0)
        self.assertEqual(winners, {0, 1})
