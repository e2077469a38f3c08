"""ply's games with dice against OpenSpiel's (Pig, EinStein würfelt nicht), move for move: random games played in both at
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


if __name__ == "__main__":
    unittest.main()
