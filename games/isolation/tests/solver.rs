//! The exact solver on knight Isolation: checked against full minimax position by position on
//! the small boards (all three rule sets, so the Udacity cell-0 quirk too), and the published
//! second-player wins up to 5x5.

use ply_isolation::{Isolation, Rules, Variant};
use ply_search::solver::exhaustive::{check_solver, check_solver_hooks};
use ply_search::solver::{solve, SolverOptions};

fn board(width: u8, height: u8, rules: Rules) -> Isolation {
    Isolation::new(Variant::get(width, height, rules).unwrap())
}

#[test]
fn solver_agrees_with_full_minimax_on_every_position_of_small_boards() {
    for (w, h) in [(3, 3), (3, 4), (4, 3), (4, 4)] {
        for rules in Rules::ALL {
            let checked = check_solver(&board(w, h, rules), 1)
                .unwrap_or_else(|e| panic!("{w}x{h} {rules:?}: {e}"));
            assert!(checked > 100, "{w}x{h}: only {checked} positions");
        }
    }
}

#[test]
fn the_race_bounds_and_the_batched_order_keys_hold_on_every_position_of_small_boards() {
    for (w, h) in [(3, 4), (4, 4), (4, 5)] {
        for rules in Rules::ALL {
            let bounded = check_solver_hooks(&board(w, h, rules), 1)
                .unwrap_or_else(|e| panic!("{w}x{h} {rules:?}: {e}"));
            assert!(bounded > 100, "{w}x{h} {rules:?}: only {bounded} bounded");
        }
    }
}

#[test]
fn the_second_player_wins_every_square_board_from_3x3_to_5x5() {
    for n in 3..=5 {
        for rules in [Rules::Standard, Rules::Udacity] {
            let s = solve(&board(n, n, rules), &SolverOptions::default(), false).unwrap();
            assert!(s.value < 0, "{n}x{n} {rules:?}");
            assert_eq!(s.winning_moves().count(), 0);
        }
    }
}

#[test]
fn the_shortcut_settles_positions_and_the_colour_bound_keeps_them_exact() {
    let start = board(5, 5, Rules::Standard);
    let with = solve(&start, &SolverOptions::default(), true).unwrap();
    let without = SolverOptions {
        settle: false,
        ..SolverOptions::default()
    };
    let without = solve(&start, &without, true).unwrap();
    assert!(with.stats.settled > 0);
    assert!(with.stats.nodes < without.stats.nodes);
    assert_eq!(with.replies, without.replies);
}

#[test]
fn a_time_limit_bounds_the_whole_solve() {
    // 8x8 takes far longer: the limit stops it, once for all root moves together.
    let options = SolverOptions {
        max_time: Some(std::time::Duration::from_millis(300)),
        threads: 2,
        ..SolverOptions::default()
    };
    let start = std::time::Instant::now();
    let error = solve(&board(8, 8, Rules::Standard), &options, false).unwrap_err();
    assert_eq!(error.stopped_by, ply_search::StopReason::Time);
    assert!(error.nodes > 0);
    assert!(
        start.elapsed() < std::time::Duration::from_secs(5),
        "stopped late"
    );
}
