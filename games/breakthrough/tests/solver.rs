//! The exact solver on Breakthrough against a brute force on the grid implementation: the
//! value of small boards' starts and of random positions, outcome and distance, and the
//! near-end shortcut.

mod common;

use common::{Memo, Naive};
use ply_breakthrough::{Breakthrough, Geometry};
use ply_search::score::{loss_in, win_in};
use ply_search::solver::{Solver, SolverOptions};
use ply_search::SearchHints;
use ply_search::{Game, Rng, Score};

fn board(width: u8, height: u8) -> Breakthrough {
    Breakthrough::new(Geometry::get(width, height).unwrap())
}

fn naive_of(state: &Breakthrough) -> Naive {
    let rows = state.rows();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    Naive::from_rows(&rows, state.to_move().index())
}

fn solve(state: &Breakthrough, distance: bool) -> Score {
    let options = SolverOptions {
        distance,
        tt_bytes: 16 << 20,
        ..SolverOptions::default()
    };
    Solver::new(options).value(state).expect("no limit set")
}

/// Who wins the start of the small boards, by the solver and by brute force.
#[test]
fn small_boards_starts_agree_with_brute_force() {
    for (width, height) in [(2, 3), (3, 3), (3, 4), (4, 3), (4, 4), (3, 5), (5, 3)] {
        let start = board(width, height);
        let mut memo = Memo::new();
        let naive_wins = naive_of(&start).wins(&mut memo);
        let value = solve(&start, false);
        assert_eq!(value > 0, naive_wins, "{width}x{height}");
    }
}

/// Random positions of `boards` (a size, the fewest random plies and how many more at most):
/// the outcome-only value has the brute force's sign, and the distance value is its exact
/// distance. Returns how many positions were checked.
fn check_random_positions(boards: &[(u8, u8, u64, u64)], per_board: usize, seed: u64) -> usize {
    let mut rng = Rng::new(seed);
    let mut checked = 0;
    for &(width, height, plies, more) in boards {
        let (mut wins, mut distances) = (Memo::new(), Memo::new());
        for _ in 0..per_board {
            let mut state = board(width, height);
            for _ in 0..plies + rng.below(more + 1) {
                match state.random_move(&mut rng) {
                    Some(mv) if !state.play(mv).is_terminal() => state = state.play(mv),
                    _ => break,
                }
            }
            let naive = naive_of(&state);
            let expected = naive.distance(&mut distances);
            let expected: Score = if expected > 0 {
                win_in(expected as u32)
            } else {
                loss_in((-expected) as u32)
            };
            assert_eq!(solve(&state, true), expected, "{}", state.position());
            assert_eq!(
                solve(&state, false) > 0,
                naive.wins(&mut wins),
                "{}",
                state.position()
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn random_positions_of_4x4_agree_with_brute_force() {
    assert_eq!(check_random_positions(&[(4, 4, 2, 4)], 50, 5), 50);
}

/// The bigger boards, too long for the README's test command.
mod slow {
    use super::*;

    #[test]
    #[ignore = "slow: .ci/run runs it"]
    fn random_positions_of_4x5_and_5x4_agree_with_brute_force() {
        assert_eq!(
            check_random_positions(&[(4, 5, 4, 6), (5, 4, 6, 6)], 50, 5),
            100
        );
    }

    /// 5x5, where the brute force takes a minute or more on one thread.
    #[test]
    #[ignore = "slow: .ci/run runs it"]
    fn five_by_five_positions_agree_with_brute_force() {
        assert_eq!(check_random_positions(&[(5, 5, 10, 8)], 50, 6), 50);
    }
}
