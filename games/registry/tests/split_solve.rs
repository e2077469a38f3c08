//! A solve cut into jobs and combined gives the one-machine solve's answer: every move's value
//! (exactly, with distances; in sign, for the outcome-only solve), the symmetric moves, and
//! every reply to every opening, on the quiz board, small and medium Isolation boards and
//! tic-tac-toe (draws, games that end above the cut).

use ply_registry::{with_game, AnyGame};
use ply_search::solver::split::{solve_each, Split};
use ply_search::solver::{solve, Solution, Solvable, SolverOptions};
use ply_search::StopFlag;
use std::sync::Mutex;

/// The split solve of `state`: jobs solved in a shuffled order (as scattered machines would),
/// then combined.
fn split_solve<G: Solvable>(
    state: &G,
    depth: u32,
    options: &SolverOptions,
    all_replies: bool,
) -> Solution<G::Move> {
    let split = Split::new(state, depth, options.symmetry).unwrap();
    let mut jobs: Vec<(usize, G)> = split.jobs().iter().cloned().enumerate().collect();
    jobs.reverse();
    let values = Mutex::new(vec![None; jobs.len()]);
    let stats = solve_each(&jobs, options, &StopFlag::new(), &|i, v, _| {
        values.lock().unwrap()[i] = Some(v);
    })
    .unwrap();
    let values: Vec<_> = values
        .into_inner()
        .unwrap()
        .into_iter()
        .map(Option::unwrap)
        .collect();
    split.combine(&values, options, all_replies, stats).unwrap()
}

/// The two solutions agree: exactly with distances, in sign without.
fn same<M: std::fmt::Debug + PartialEq>(split: &Solution<M>, whole: &Solution<M>, exact: bool) {
    let key = |s: &Solution<M>| {
        let value = |v: i32| if exact { v } else { v.signum() };
        let moves: Vec<_> = s
            .moves
            .iter()
            .map(|m| (m.notation.clone(), value(m.value), m.same_as.clone()))
            .collect();
        let replies: Vec<Vec<_>> = s
            .replies
            .iter()
            .map(|o| {
                o.replies
                    .iter()
                    .map(|r| (r.notation.clone(), value(r.value)))
                    .collect()
            })
            .collect();
        (value(s.value), moves, replies)
    };
    assert_eq!(key(split), key(whole));
}

/// Checks the split solves of `spec` at each depth against the whole solve, with and without
/// distances; with `all_replies` at depths of 2 or more (the replies are then jobs). The whole
/// solve is itself a split at depth 1 (2 with every reply), so that depth is skipped: it would
/// compare the code with itself.
fn check(spec: &str, depths: &[u32], all_replies: bool) {
    let game = AnyGame::from_spec(spec).unwrap();
    with_game!(game, start => {
        for distance in [false, true] {
            let options = SolverOptions { distance, threads: 2, ..SolverOptions::default() };
            for replies in [false, all_replies] {
                let whole = solve(&start, &options, replies).unwrap();
                let own = if replies { 2 } else { 1 };
                for &depth in depths.iter().filter(|&&d| d != own && (d >= 2 || !replies)) {
                    let split = split_solve(&start, depth, &options, replies);
                    same(&split, &whole, distance);
                }
            }
        }
    });
}

#[test]
fn the_quiz_board_with_every_reply() {
    check("queen-isolation(preset=quiz)", &[2, 3, 4], true);
}

#[test]
fn small_boards_at_every_depth() {
    check("queen-isolation(width=4,height=4)", &[1, 2, 3], true);
    check("isolation(width=5,height=5)", &[1, 2, 3], false);
    check("isolation(width=4,height=5,rules=aind)", &[2, 3], true);
}

#[test]
fn tic_tac_toe_draws_and_games_ending_above_the_cut() {
    check("tictactoe", &[1, 3, 6], true);
}

/// Knight 6x6 (outcome only): about 35 s in the test profile, run by `.ci/run` with the ignored
/// tests.
#[test]
#[ignore]
fn knight_6x6() {
    let game = AnyGame::from_spec("isolation(width=6,height=6)").unwrap();
    with_game!(game, start => {
        let options = SolverOptions { threads: 2, ..SolverOptions::default() };
        same(&split_solve(&start, 2, &options, false), &solve(&start, &options, false).unwrap(), false);
    });
}

/// Queen 5x5 with every reply, run by `.ci/run` with the ignored tests
/// (`cargo test -p ply-registry --test split_solve -- --ignored`).
#[test]
#[ignore]
fn queen_5x5_with_every_reply() {
    check_outcome("queen-isolation(width=5,height=5)", 3, true);
}

fn check_outcome(spec: &str, depth: u32, all_replies: bool) {
    let game = AnyGame::from_spec(spec).unwrap();
    with_game!(game, start => {
        let options = SolverOptions { threads: 2, ..SolverOptions::default() };
        let whole = solve(&start, &options, all_replies).unwrap();
        same(&split_solve(&start, depth, &options, all_replies), &whole, false);
    });
}
