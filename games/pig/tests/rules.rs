//! Pig's rules: the conformance kit, perft with rolls counted as plies, the spec's bad input,
//! and the solved game against an independent computation and Neller and Presser's figure.

use ply_pig::value_iteration::{solve, Policy};
use ply_pig::{Pig, PigMove};
use ply_search::conformance::{check, Config};
use ply_search::describe::FromSpec;
use ply_search::perft::{perft, Count};
use ply_search::solver::chance::IterationOptions;
use ply_search::{Game, Outcome, Player};

#[test]
fn every_variant_conforms() {
    for spec in [
        "pig",
        "pig(goal=10,die=3)",
        "pig(goal=20,horizon=30)",
        "pig(goal=1,die=2)",
    ] {
        let start = Pig::from_spec_text(spec).unwrap();
        check(&start, &Config::default());
    }
}

/// Perft counts each face as one ply: roll then six faces, or stop.
#[test]
fn perft_counts_rolls_as_plies() {
    let start = Pig::from_spec_text("pig").unwrap();
    assert_eq!(perft(&start, 1, Count::Leaves), 2); // roll, stop
    assert_eq!(perft(&start, 2, Count::Leaves), 6 + 2); // the faces; stop, then roll or stop
                                                        // After a roll: a 1 passes the turn (roll or stop), 2-6 continue (roll or stop); after
                                                        // stop then roll: six faces; after stop, stop: roll or stop.
    assert_eq!(perft(&start, 3, Count::Leaves), 6 * 2 + 6 + 2);
}

#[test]
fn a_one_loses_the_turn_and_stopping_banks_it() {
    let start = Pig::from_spec_text("pig(goal=10)").unwrap();
    let state = start.play_notation(["roll", "6", "roll", "5"]).unwrap();
    assert_eq!((state.turn_total(), state.to_move()), (11, Player::P0));
    // Reaching the goal leaves only stop, which wins.
    assert_eq!(state.legal_moves().as_slice(), &[PigMove::Stop]);
    let won = state.play(PigMove::Stop);
    assert_eq!(won.outcome(), Some(Outcome::Win(Player::P0)));
    let lost = start.play_notation(["roll", "4", "roll", "1"]).unwrap();
    assert_eq!(
        (lost.scores(), lost.turn_total(), lost.to_move()),
        ([0, 0], 0, Player::P1)
    );
    // OpenSpiel writes an outcome `Roll 3`; ply reads it too.
    assert!(start.play(PigMove::Roll).parse_move("Roll 3").is_ok());
}

#[test]
fn the_horizon_draws_the_game() {
    let start = Pig::from_spec_text("pig(horizon=3)").unwrap();
    let state = start.play_notation(["stop", "stop", "stop"]).unwrap();
    assert_eq!(state.outcome(), Some(Outcome::Draw));
}

#[test]
fn bad_specs_name_the_bad_part() {
    for (spec, part) in [
        ("pig(die=0)", "die=0"),
        ("pig(die=1)", "die=1"),
        ("pig(goal=1000000000)", "goal=1000000000"),
        ("pig(goal=0)", "goal=0"),
        ("pig(horizon=-1)", "horizon=-1"),
        ("pig(sides=6)", "sides"),
    ] {
        let err = Pig::from_spec_text(spec).unwrap_err().to_string();
        assert!(err.contains(part), "{spec}: {err}");
    }
    let start = Pig::from_spec_text("pig").unwrap();
    let rolling = start.play(PigMove::Roll);
    let err = rolling.parse_move("7").unwrap_err().to_string();
    assert!(err.contains("1 to 6"), "{err}");
    assert!(start.parse_move("3").is_err());
}

#[test]
fn positions_round_trip() {
    let start = Pig::from_spec_text("pig").unwrap();
    let state = start.play_notation(["roll", "5", "roll"]).unwrap();
    assert_eq!(state.position(), "0 0 5 0 roll 2 3");
    assert_eq!(start.parse_position(&state.position()).unwrap(), state);
    for bad in [
        "",
        "0 0 0 2 choose 0 0",
        "0 0 0 0 wait 0 0",
        "0 0 0 0 choose 5 1",
    ] {
        assert!(start.parse_position(bad).is_err(), "{bad}");
    }
}

/// Neller and Presser's recursion written directly over arrays: `p[i][j][k]` is the chance
/// that the player to decide wins with `i` banked, the opponent `j`, and `k` on the turn.
fn neller_presser(goal: usize, faces: usize) -> Vec<Vec<Vec<f64>>> {
    let turn_max = goal + faces;
    let mut p = vec![vec![vec![0.0; turn_max]; goal]; goal];
    loop {
        let mut change: f64 = 0.0;
        for i in (0..goal).rev() {
            for j in (0..goal).rev() {
                for k in (0..turn_max).rev() {
                    let value = if i + k >= goal {
                        1.0
                    } else {
                        let pass = 1.0 - p[j][i][0];
                        let mut roll = pass;
                        for face in 2..=faces {
                            roll += if i + k + face >= goal {
                                1.0
                            } else {
                                p[i][j][k + face]
                            };
                        }
                        let roll = roll / faces as f64;
                        let stop = if k == 0 { pass } else { 1.0 - p[j][i + k][0] };
                        roll.max(stop)
                    };
                    change = change.max((value - p[i][j][k]).abs());
                    p[i][j][k] = value;
                }
            }
        }
        if change < 1e-13 {
            return p;
        }
    }
}

#[test]
fn the_solver_agrees_with_an_independent_computation() {
    for (goal, faces) in [(10, 6), (20, 6), (15, 3)] {
        let start = Pig::new(goal, faces, None).unwrap();
        let solution = solve(&start, &IterationOptions::default()).unwrap();
        let solved = Policy::of(&solution, &start);
        let p = neller_presser(goal as usize, faces as usize);
        for i in 0..goal {
            for j in 0..goal {
                for k in [0, 2, 5] {
                    if i + k >= goal {
                        continue;
                    }
                    let Some(chance) = solved.win_chance(i, j, k) else {
                        continue; // not reachable from the start
                    };
                    let (iu, ju, ku) = (i as usize, j as usize, k as usize);
                    let independent = p[iu][ju][ku];
                    assert!(
                        (chance - independent).abs() < 1e-9,
                        "goal {goal} die {faces} at {i} {j} {k}: {chance} vs {independent}"
                    );
                    // The policy too, wherever one choice is strictly better.
                    let pass = 1.0 - p[ju][iu][0];
                    let stop = if k == 0 {
                        pass
                    } else {
                        1.0 - p[ju][iu + ku][0]
                    };
                    let roll = (pass
                        + (2..=faces as usize)
                            .map(|f| {
                                if iu + ku + f >= goal as usize {
                                    1.0
                                } else {
                                    p[iu][ju][ku + f]
                                }
                            })
                            .sum::<f64>())
                        / faces as f64;
                    if (roll - stop).abs() > 1e-9 {
                        assert_eq!(
                            solved.rolls(i, j, k),
                            Some(roll > stop),
                            "{goal} {faces} {i} {j} {k}"
                        );
                    }
                }
            }
        }
    }
}

/// Too long for the README's test command: value iteration over every position of Pig to 100.
mod slow {
    use super::*;

    /// Neller and Presser (2004): the first player wins 0.5306 of games to 100 under optimal
    /// play, and at 0-0 stops at a turn total of 25.
    #[test]
    #[ignore = "slow: .ci/run runs it"]
    fn pig_to_100_is_won_by_the_first_player_53_percent_of_the_time() {
        let start = Pig::from_spec_text("pig").unwrap();
        let solution = solve(&start, &IterationOptions::default()).unwrap();
        let solved = Policy::of(&solution, &start);
        let chance = solved.first_player_wins().unwrap();
        assert!((chance - 0.5306).abs() < 5e-5, "{chance}");
        // Roll and stop are worth the same nowhere near the start's boundary; it stops at 21.
        assert_eq!(solved.stops_at(0, 0), Some(21));
    }
}

/// Every MCTS variant and expectimax play whole games of Pig (to 30) with legal moves, the
/// dice rolled between their moves, and are refused none of it; the deterministic searches
/// are refused in one line.
#[test]
fn the_agents_for_dice_play_whole_games() {
    use ply_search::agents::build_agent;
    use ply_search::chance::{sample, ChanceList};
    use ply_search::Rng;
    let start = Pig::from_spec_text("pig(goal=30)").unwrap();
    for spec in [
        "mcts(iterations=300)",
        "mcts(iterations=300,solver=off,select=ucb1-tuned)",
        "mcts(iterations=300,playout=eval,eps=0.2)",
        "mcts(iterations=300,playout=none)",
        "mcts(iterations=300,imb=0.3)",
        "mcts(iterations=300,threads=2,parallel=tree)",
        "mcts(iterations=300,threads=2,parallel=root)",
        "mcts(iterations=300,loop=open)",
        "mcts(iterations=300,loop=open,threads=2,parallel=tree,imb=0.3)",
        "expectimax(depth=3)",
        "expectimax(depth=2,pruning=star2)",
        "expectimax(depth=2,pruning=none,tt=off)",
    ] {
        let mut agent = build_agent::<Pig>(spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
        let mut rng = Rng::new(5);
        let mut state = start;
        let mut outcomes = ChanceList::new();
        while !state.is_terminal() {
            let mv = if state.is_chance_node() {
                outcomes.clear();
                state.chance_outcomes(&mut outcomes);
                sample(&outcomes, &mut rng)
            } else if state.to_move() == Player::P0 {
                agent.select_move(&state).best_move.expect("a move")
            } else {
                state.legal_moves()[rng.below(state.legal_moves().len() as u64) as usize]
            };
            assert!(
                state.legal_moves().contains(&mv),
                "{spec}: {mv:?} in {}",
                state.position()
            );
            state = state.play(mv);
        }
    }
    for spec in ["alphabeta", "minimax(depth=2)", "plain-alphabeta"] {
        let err = build_agent::<Pig>(spec).err().expect("refused").to_string();
        assert!(
            err.contains("expectimax") && err.contains("mcts"),
            "{spec}: {err}"
        );
    }
}
