//! The exact solver on Amazons against a brute force on the grid implementation: outcome and
//! distance of random positions of small boards, separated ones (settled without search)
//! among them.

mod common;

use common::Naive;
use ply_amazons::{Amazons, Geometry};
use ply_search::score::{loss_in, win_in};
use ply_search::solver::{Solvable, Solver, SolverOptions};
use ply_search::SearchHints;
use ply_search::{Game, Rng, Score};
use std::collections::HashMap;

fn board(width: u8, height: u8) -> Amazons {
    Amazons::new(Geometry::get(width, height).unwrap())
}

fn solve(state: &Amazons, distance: bool, settle: bool) -> Score {
    let options = SolverOptions {
        distance,
        settle,
        tt_bytes: 16 << 20,
        ..SolverOptions::default()
    };
    Solver::new(options).value(state).expect("no limit set")
}

fn naive_value(state: &Amazons, memo: &mut HashMap<Naive, i32>) -> Score {
    let v = Naive::from_rows(&state.rows(), state.to_move().index()).distance(memo);
    if v > 0 {
        win_in(v as u32)
    } else {
        loss_in((-v) as u32)
    }
}

/// Random positions of small boards, from a few plies in to near the end: the distance solve
/// equals the brute force's, with and without the separation shortcut, and the outcome-only
/// solve has its sign.
#[test]
fn random_positions_of_4x4_and_5x4_agree_with_brute_force() {
    let separated = check_random_positions(&[(4, 4, 4, 6), (5, 4, 8, 6)]);
    assert!(separated >= 5, "only {separated} separated positions");
}

/// The bigger boards, too long for the README's test command.
mod slow {
    #[test]
    #[ignore = "slow: .ci/run runs it"]
    fn random_positions_of_4x5_and_5x5_agree_with_brute_force() {
        let separated = super::check_random_positions(&[(4, 5, 8, 6), (5, 5, 12, 6)]);
        assert!(separated >= 10, "only {separated} separated positions");
    }
}

/// Checks 40 random positions of each board (width, height, plies played, up to this many more)
/// and returns how many were separated.
fn check_random_positions(boards: &[(u8, u8, u64, u64)]) -> usize {
    let mut rng = Rng::new(5);
    let (mut checked, mut separated) = (0, 0);
    for &(width, height, plies, more) in boards {
        let mut memo = HashMap::new();
        for _ in 0..40 {
            let mut state = board(width, height);
            for _ in 0..plies + rng.below(more + 1) {
                match state.random_move(&mut rng) {
                    Some(mv) if !state.play(mv).is_terminal() => state = state.play(mv),
                    _ => break,
                }
            }
            let expected = naive_value(&state, &mut memo);
            assert_eq!(solve(&state, true, true), expected, "{}", state.position());
            assert_eq!(solve(&state, true, false), expected, "{}", state.position());
            assert_eq!(
                solve(&state, false, true) > 0,
                expected > 0,
                "{}",
                state.position()
            );
            separated += usize::from(state.separated_value().is_some());
            checked += 1;
        }
    }
    assert_eq!(checked, 40 * boards.len());
    separated
}

/// The separation shortcut's value is the brute force's wherever it answers.
#[test]
fn separated_values_are_exact() {
    let mut rng = Rng::new(9);
    let mut memo = HashMap::new();
    let mut settled = 0;
    for _ in 0..300 {
        let mut state = board(5, 5);
        for _ in 0..12 + rng.below(8) {
            match state.random_move(&mut rng) {
                Some(mv) if !state.play(mv).is_terminal() => state = state.play(mv),
                _ => break,
            }
        }
        if let Some(value) = state.settled_value() {
            assert_eq!(
                value,
                naive_value(&state, &mut memo),
                "{}",
                state.position()
            );
            settled += 1;
        }
    }
    assert!(settled >= 30, "only {settled} settled");
}
