//! Solved values against a brute force written from the rules alone, in Pons' score
//! convention: random positions near the end of 7x6 games, and whole small boards.

mod common;

use common::Naive;
use ply_connect_four::{ConnectFour, Geometry};
use ply_search::solver::{solve, Solver, SolverOptions};
use ply_search::SearchHints;
use ply_search::{Game, Rng};
use std::collections::HashMap;

fn strong() -> SolverOptions {
    SolverOptions {
        distance: true,
        tt_bytes: 4 << 20,
        ..SolverOptions::default()
    }
}

fn weak() -> SolverOptions {
    SolverOptions {
        tt_bytes: 4 << 20,
        ..SolverOptions::default()
    }
}

/// A random unfinished position of `start` with `empty` cells left (or fewer, if a game ended
/// early and was replayed), and its move sequence.
fn random_position(start: &ConnectFour, empty: u32, rng: &mut Rng) -> ConnectFour {
    let cells = start.geometry().board.count_ones();
    loop {
        let mut state = *start;
        while state.ply() < cells - empty {
            let Some(mv) = state.random_move(rng) else {
                break;
            };
            state = state.play(mv);
        }
        if !state.is_terminal() {
            return state;
        }
    }
}

/// 300 positions with 6 to 14 cells left: the strong solve gives the brute force's Pons score,
/// the weak one its sign, and the weak solve of every position agrees with the strong.
#[test]
fn scores_near_the_end_match_the_brute_force() {
    let start = ConnectFour::standard();
    let mut rng = Rng::new(42);
    let mut memo = HashMap::new();
    let (mut strong_solver, mut weak_solver) = (Solver::new(strong()), Solver::new(weak()));
    let mut seen = [0usize; 3];
    for i in 0..300 {
        let position = random_position(&start, 6 + i % 9, &mut rng);
        let text = position.position();
        let expected = Naive::new(7, 6).play_sequence(&text).pons_score(&mut memo);
        let value = strong_solver.value(&position).expect("no limit");
        assert_eq!(position.pons_score(value), Some(expected), "{text}");
        let sign = weak_solver.value(&position).expect("no limit").signum();
        assert_eq!(sign, expected.signum(), "{text}");
        seen[(expected.signum() + 1) as usize] += 1;
    }
    assert!(
        seen.iter().all(|&n| n >= 5),
        "losses, draws and wins all tested: {seen:?}"
    );
}

/// Whole small boards: every move's Pons score from the empty board, against the brute force.
#[test]
fn the_4x4_board_matches_the_brute_force() {
    board_matches_the_brute_force(4, 4);
}

/// The bigger board, too long for the README's test command.
mod slow {
    #[test]
    #[ignore = "slow: .ci/run runs it"]
    fn the_4x5_board_matches_the_brute_force() {
        super::board_matches_the_brute_force(4, 5);
    }
}

/// Every move's Pons score from the empty `width` x `height` board, against the brute force.
fn board_matches_the_brute_force(width: u8, height: u8) {
    let start = ConnectFour::new(Geometry::get(width, height).unwrap());
    let naive = Naive::new(width as usize, height as usize);
    let mut memo = HashMap::new();
    let solution = solve(&start, &strong(), false).unwrap();
    assert_eq!(solution.score, Some(naive.pons_score(&mut memo)));
    for m in &solution.moves {
        let after = naive.play_sequence(&m.notation);
        assert_eq!(
            m.score,
            Some(-after.pons_score(&mut memo)),
            "{width}x{height} {}",
            m.notation
        );
    }
}

/// Allis (1988): with an even number of rows and at most six columns, the second player can
/// always at least draw (by following up in the same column).
#[test]
fn the_first_player_cannot_win_even_heights_up_to_six_columns() {
    for (width, height) in [(4, 4), (5, 4), (6, 4), (4, 6)] {
        let start = ConnectFour::new(Geometry::get(width, height).unwrap());
        let value = Solver::new(weak()).value(&start).unwrap();
        assert!(value <= 0, "{width}x{height}");
    }
}

/// The standard board (Allen 1988, Allis 1988; Tromp): the first player wins, and only in the
/// centre column. Long even in release (`cargo test --release -- --ignored`): Pons' solver
/// takes 151 s for the value of the empty board alone.
#[test]
#[ignore = "a long solve: more than 15 minutes in release on 2 threads"]
fn the_first_player_wins_7x6_only_in_the_centre() {
    let options = SolverOptions {
        tt_bytes: 1 << 30,
        threads: 2,
        ..SolverOptions::default()
    };
    let solution = solve(&ConnectFour::standard(), &options, false).unwrap();
    assert!(solution.value > 0);
    let winning: Vec<&str> = solution
        .winning_moves()
        .map(|m| m.notation.as_str())
        .collect();
    assert_eq!(winning, ["4"]);
}
