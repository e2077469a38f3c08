//! The graders: a submission against ply's reference implementations. Search exercises are
//! graded value for value and leaf for leaf against the course algorithms (`ply_search::course`)
//! on AIMA's figure 5.2 and 200 seeded random trees; the evaluator against ply's own on
//! thousands of positions; the new game by the conformance kit, perft, notation, outcomes and
//! solved values against a reference game.

use crate::Node;
use ply_isolation::{Heuristic, Isolation};
use ply_search::conformance::{check, Config};
use ply_search::course::{alpha_beta_search, minimax_decision, Options};
use ply_search::perft::{perft, Count};
use ply_search::solver::{solve, SolverOptions};
use ply_search::tree::Tree;
use ply_search::{Evaluator, Game, Player, Rng, Zero};
use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// The trees every submission is graded on.
pub fn trees() -> Vec<Tree> {
    let mut trees = vec![Tree::parse("[[3,12,8],[2,4,6],[14,5,2]]").expect("AIMA figure 5.2")];
    trees.extend((0..200).map(|seed| Tree::random(seed, 5, 4, 9)));
    trees
}

/// Runs `f` on the root of `tree`, catching a panic (`todo!()` included) as a failure.
fn run(tree: &Tree, f: &dyn Fn(&Node) -> i32) -> Result<(i32, u64), String> {
    let evaluations = Cell::new(0);
    let root = Node::root(tree, &evaluations);
    let value = caught(|| f(&root))?;
    Ok((value, evaluations.get()))
}

/// Grades a minimax: the value and the number of leaves evaluated (all of them) on every tree.
/// `Ok` says how many trees passed; `Err` names the first failure.
pub fn grade_minimax(f: &dyn Fn(&Node) -> i32) -> Result<usize, String> {
    let all = trees();
    for (i, tree) in all.iter().enumerate() {
        let want = minimax_decision(tree, None, &Zero, &Options::recording());
        let leaves = want.visits.iter().filter(|v| v.leaf).count() as u64;
        let (value, evaluated) = run(tree, f).map_err(|e| format!("tree {i} ({tree}): {e}"))?;
        if value != want.value || evaluated != leaves {
            return Err(format!(
                "tree {i} ({tree}): value {value} (expected {}), {evaluated} leaves evaluated (expected {leaves})",
                want.value
            ));
        }
    }
    Ok(all.len())
}

/// Grades an alpha-beta with AIMA's pruning on equality (`strict == false`) or the strict form:
/// the value and exactly the leaves the reference evaluates.
pub fn grade_alpha_beta(
    f: &dyn Fn(&Node, i32, i32, bool) -> i32,
    strict: bool,
) -> Result<usize, String> {
    let all = trees();
    for (i, tree) in all.iter().enumerate() {
        let options = Options {
            strict_pruning: strict,
            test_root: true,
            ..Options::recording()
        };
        let want = alpha_beta_search(tree, None, &Zero, &options);
        let leaves = want.visits.iter().filter(|v| v.leaf).count() as u64;
        let (value, evaluated) = run(tree, &|n| f(n, i32::MIN, i32::MAX, strict))
            .map_err(|e| format!("tree {i} ({tree}): {e}"))?;
        if value != want.value || evaluated != leaves {
            return Err(format!(
                "tree {i} ({tree}), strict {strict}: value {value} (expected {}), {evaluated} leaves evaluated (expected {leaves})",
                want.value
            ));
        }
    }
    Ok(all.len())
}

/// Runs `f`, turning a panic (`todo!()` included) into its message.
fn caught<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|e| {
        e.downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "a panic".into())
    })
}

/// The legal moves of `state` in its notation, sorted (students may list them in any order).
fn sorted_moves<H: Game>(state: &H) -> Vec<String> {
    let mut text: Vec<String> = state
        .legal_moves()
        .iter()
        .map(|&m| state.format_move(m))
        .collect();
    text.sort();
    text
}

/// 7x7 knight Isolation positions (AIND's board) reached by seeded random play, from the empty
/// board to near the end, for grading evaluators.
pub fn isolation_positions() -> Vec<Isolation> {
    let start = Isolation::from_spec("isolation(rules=aind)").expect("the AIND board");
    let mut positions = Vec::new();
    for seed in 0..60 {
        let mut rng = Rng::new(seed);
        let mut state = start;
        while let Some(mv) = state.random_move(&mut rng) {
            positions.push(state);
            state = state.play(mv);
        }
    }
    positions
}

/// Grades an evaluator for knight Isolation against AIND's improved score (ply's
/// `Heuristic::Improved`) on every position of [`isolation_positions`], for both players.
pub fn grade_improved(f: &dyn Fn(&Isolation, Player) -> i32) -> Result<usize, String> {
    let positions = isolation_positions();
    for (i, state) in positions.iter().enumerate() {
        for player in [Player::P0, Player::P1] {
            let want = Heuristic::Improved.evaluate(state, player);
            let got = caught(|| f(state, player))
                .map_err(|e| format!("position {i} ({}): {e}", state.position()))?;
            if got != want {
                return Err(format!(
                    "position {i} ({}), {player:?}: {got} (expected {want})",
                    state.position()
                ));
            }
        }
    }
    Ok(positions.len())
}

/// Grades a game against the reference Kayles: the conformance kit on rows of 1 to 12 pins;
/// perft (both conventions) to the end of rows of 1 to 9 pins; on 300 random games, the
/// legal moves in notation, each position's notation and outcome, move by move; and the
/// solver's value of rows of 1 to 14 pins. `new(len)` makes the student's full row.
pub fn grade_kayles<G: Game + ply_search::solver::Solvable>(
    new: &dyn Fn(u8) -> G,
) -> Result<String, String> {
    use crate::grader_kayles::Kayles;
    for len in 1..=12 {
        let start = caught(|| new(len)).map_err(|e| format!("row of {len}: {e}"))?;
        caught(|| {
            check(
                &start,
                &Config {
                    games: 100,
                    seed: len as u64,
                    max_plies: 0,
                },
            )
        })
        .map_err(|e| format!("row of {len}, conformance kit: {e}"))?;
    }
    for len in 1..=9u8 {
        let (got, want) = (new(len), Kayles::new(len));
        for count in [Count::Leaves, Count::Strict] {
            for depth in 1..=len as u32 {
                let (g, w) = (perft(&got, depth, count), perft(&want, depth, count));
                if g != w {
                    return Err(format!(
                        "row of {len}: perft {depth} ({}) is {g}, expected {w}",
                        count.name()
                    ));
                }
            }
        }
    }
    let mut rng = Rng::new(5);
    for game in 0..300 {
        let len = 1 + rng.below(20) as u8;
        let (mut got, mut want) = (new(len), Kayles::new(len));
        loop {
            let here = format!("row of {len}, game {game}, at {}", want.position());
            if got.position() != want.position() {
                return Err(format!("{here}: position() is `{}`", got.position()));
            }
            let parsed = caught(|| got.parse_position(&want.position()))
                .map_err(|e| format!("{here}: parse_position: {e}"))?;
            if parsed.as_ref().ok() != Some(&got) {
                return Err(format!(
                    "{here}: parse_position(position()) does not give the position back"
                ));
            }
            if got.outcome() != want.outcome() {
                return Err(format!(
                    "{here}: outcome {:?}, expected {:?}",
                    got.outcome(),
                    want.outcome()
                ));
            }
            let (g, w) = (sorted_moves(&got), sorted_moves(&want));
            if g != w {
                return Err(format!("{here}: legal moves {g:?}, expected {w:?}"));
            }
            let Some(mv) = want.random_move(&mut rng) else {
                break;
            };
            let text = want.format_move(mv);
            let theirs = got
                .parse_move(&text)
                .map_err(|e| format!("{here}: parse_move(`{text}`): {e}"))?;
            got = got.play(theirs);
            want = want.play(mv);
        }
    }
    for len in 1..=14 {
        let options = SolverOptions::default();
        let got = solve(&new(len), &options, false)
            .map_err(|e| format!("{e:?}"))?
            .value;
        let want = solve(&Kayles::new(len), &options, false)
            .map_err(|e| format!("{e:?}"))?
            .value;
        if got.signum() != want.signum() {
            return Err(format!("row of {len}: solved value {got}, expected {want}"));
        }
    }
    Ok("conformance, perft, notation, outcomes and solved values all match".into())
}
