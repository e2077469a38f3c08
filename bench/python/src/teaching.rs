//! The native half of `python -m ply_search.grade`: the Rust teaching kit's trees, positions
//! and reference Kayles (crate `ply-teaching`), and ply's course algorithms as the reference,
//! so that the Python exercises are graded on the very same cases as the Rust ones.

use ply_isolation::Heuristic;
use ply_search::course::{alpha_beta_search, minimax_decision, Options};
use ply_search::perft::{perft, Count};
use ply_search::score::is_decisive;
use ply_search::solver::{solve, SolverOptions};
use ply_search::tree::Tree;
use ply_search::SearchHints;
use ply_search::{Evaluator, Game, Outcome, Player, Rng, Zero};
use ply_teaching::grader_kayles::Kayles;
use ply_teaching::grading::{isolation_positions, trees};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The trees the search exercises are graded on (AIMA's figure 5.2, then 200 seeded random
/// trees), written as nested lists of leaf values for MAX.
#[pyfunction]
pub fn teaching_trees() -> Vec<String> {
    trees().iter().map(|t| t.to_string()).collect()
}

/// The reference run of the course minimax (or alpha-beta, with AIMA's or the strict pruning)
/// on `tree`: its value and the paths of the leaves it evaluates, in order (`"0.2"`: the
/// root's first child's third child).
#[pyfunction]
pub fn teaching_course(tree: &str, alphabeta: bool, strict: bool) -> PyResult<(i32, Vec<String>)> {
    let tree = Tree::parse(tree).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let result = if alphabeta {
        let options = Options {
            strict_pruning: strict,
            test_root: true,
            ..Options::recording()
        };
        alpha_beta_search(&tree, None, &Zero, &options)
    } else {
        minimax_decision(&tree, None, &Zero, &Options::recording())
    };
    let leaves = result
        .visits
        .iter()
        .filter(|v| v.leaf)
        .map(|v| v.path.clone())
        .collect();
    Ok((result.value, leaves))
}

/// The positions the evaluator exercise is graded on (7x7 knight Isolation, AIND's rules,
/// 60 seeded random games), in ply's position notation, with ply's "improved" score for
/// player 0 and player 1 (infinite for a decided position, as AIND's sample scores are).
#[pyfunction]
pub fn teaching_isolation_positions() -> Vec<(String, f64, f64)> {
    isolation_positions()
        .iter()
        .map(|state| {
            let score = |player: Player| match state.outcome() {
                Some(Outcome::Win(w)) if w == player => f64::INFINITY,
                Some(Outcome::Win(_)) => f64::NEG_INFINITY,
                _ => {
                    let value = Heuristic::Improved.evaluate(state, player);
                    if is_decisive(value) {
                        f64::from(value.signum()) * f64::INFINITY
                    } else {
                        f64::from(value)
                    }
                }
            };
            (state.position(), score(Player::P0), score(Player::P1))
        })
        .collect()
}

/// The reference Kayles' perft of a row of `len` pins (`strict`: only lines of exactly
/// `depth` plies).
#[pyfunction]
pub fn teaching_kayles_perft(len: u8, depth: u32, strict: bool) -> PyResult<u64> {
    let count = if strict { Count::Strict } else { Count::Leaves };
    Ok(perft(&kayles(len)?, depth, count))
}

/// One position of a Kayles game: its notation, its legal moves (sorted), its winner if it is
/// over, and the move played next.
type KaylesStep = (String, Vec<String>, Option<usize>, Option<String>);

/// A random game of the reference Kayles on a row of `len` pins, drawn from `seed`: for each
/// position, its notation, its legal moves (sorted), its winner if it is over, and the move
/// played next.
#[pyfunction]
pub fn teaching_kayles_game(len: u8, seed: u64) -> PyResult<Vec<KaylesStep>> {
    let mut rng = Rng::new(seed);
    let mut state = kayles(len)?;
    let mut walk = Vec::new();
    loop {
        let mut moves: Vec<String> = state
            .legal_moves()
            .iter()
            .map(|&m| state.format_move(m))
            .collect();
        moves.sort();
        let winner = match state.outcome() {
            Some(Outcome::Win(p)) => Some(p.index()),
            _ => None,
        };
        let next = state.random_move(&mut rng);
        walk.push((
            state.position(),
            moves,
            winner,
            next.map(|m| state.format_move(m)),
        ));
        match next {
            Some(mv) => state = state.play(mv),
            None => return Ok(walk),
        }
    }
}

/// The solver's value of the reference Kayles on a row of `len` pins, for the first player.
#[pyfunction]
pub fn teaching_kayles_value(len: u8) -> PyResult<i32> {
    solve(&kayles(len)?, &SolverOptions::default(), false)
        .map(|s| s.value)
        .map_err(|e| PyValueError::new_err(format!("{e:?}")))
}

/// The reference Kayles' full row of `len` pins (1 to 20).
fn kayles(len: u8) -> PyResult<Kayles> {
    if !(1..=20).contains(&len) {
        return Err(PyValueError::new_err(format!(
            "bad row `{len}`: expected 1 to 20 pins"
        )));
    }
    Ok(Kayles::new(len))
}
