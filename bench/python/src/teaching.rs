//! The native half of `python -m ply_search.grade`: the Rust teaching kit's trees, positions
//! and reference Kayles (crate `ply-teaching`), and ply's course algorithms as the reference,
//! so that the Python exercises are graded on the very same cases as the Rust ones.

use ply_isolation::Heuristic;
use ply_search::course::{alpha_beta_search, minimax_decision, Options};
use ply_search::perft::{perft, Count};
use ply_search::score::is_decisive;
use ply_search::solver::{solve, SolverOptions};
use ply_search::tree::ChanceTree;
use ply_search::tree::Tree;
use ply_search::SearchHints;
use ply_search::{Evaluator, Game, Outcome, Player, Rng, Zero};
use ply_teaching::grader_kayles::Kayles;
use ply_teaching::grading::{expectimax_answer, isolation_positions, named_chance_trees, trees};
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

/// Trees with their names, in `chance-tree` notation.
type NamedTexts = Vec<(String, String)>;

/// The trees the expectimax exercise is graded on, with their names: CS188's example and AIMA's
/// backgammon shape, then 200 seeded random trees with chance nodes, in `chance-tree` notation.
#[pyfunction]
pub fn teaching_chance_trees() -> (NamedTexts, NamedTexts) {
    let text = |trees: Vec<(String, ChanceTree)>| {
        trees
            .into_iter()
            .map(|(name, tree)| (name, tree.to_string()))
            .collect()
    };
    let (textbook, random) = named_chance_trees();
    (text(textbook), text(random))
}

/// A tree with chance nodes as nested JSON, for the exercise's node: a leaf is its value for
/// MAX; an inner node `{"kind": "max" | "min" | "chance", "children": [...]}` with, at a chance
/// node, `"probabilities"`.
#[pyfunction]
pub fn teaching_chance_tree(tree: &str) -> PyResult<String> {
    fn node(state: &ChanceTree) -> serde_json::Value {
        if state.is_terminal() {
            return serde_json::json!(state.terminal_value(Player::P0));
        }
        let mut outcomes = ply_search::chance::ChanceList::new();
        state.chance_outcomes(&mut outcomes);
        let children: Vec<serde_json::Value> = state
            .legal_moves()
            .into_iter()
            .map(|m| node(&state.play(m)))
            .collect();
        let kind = if state.is_chance_node() {
            "chance"
        } else if state.to_move() == Player::P0 {
            "max"
        } else {
            "min"
        };
        let mut object = serde_json::json!({"kind": kind, "children": children});
        if state.is_chance_node() {
            object["probabilities"] =
                serde_json::json!(ply_search::chance::probabilities(&outcomes));
        }
        object
    }
    let tree = ChanceTree::parse(tree).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(node(&tree).to_string())
}

/// The course expectiminimax's answer on `tree`: its value, the nodes it expands (parents
/// before children, children left to right) and the leaves it evaluates, in order, named by
/// their paths (`root`, `0.2`).
#[pyfunction]
pub fn teaching_expectimax(tree: &str) -> PyResult<(f64, Vec<String>, Vec<String>)> {
    let tree = ChanceTree::parse(tree).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(expectimax_answer(&tree))
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
