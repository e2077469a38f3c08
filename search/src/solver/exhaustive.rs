//! Every position's exact value by full minimax over the game graph: no pruning, no ordering,
//! no shortcut, no symmetry, only a memo so that each position is valued once. It is the
//! independent computation the solver is checked against on boards small enough for it.

use crate::score::{relative_to_root, Score};
use crate::Game;
use ahash::AHashMap;

/// The value of every position reachable from `start` (start included) for its side to move,
/// counted from that position: wins and losses with their distance (the winner hurrying, the
/// loser delaying), as [`Solver`](super::Solver) computes with
/// [`SolverOptions::distance`](super::SolverOptions::distance).
///
/// ```
/// use ply_search::solver::exhaustive::all_values;
/// use ply_search::tree::Tree;
/// let tree = Tree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
/// let values = all_values(&tree);
/// assert_eq!(values[&tree], 3);
/// assert_eq!(values.len(), 13); // the root, 3 inner nodes, 9 leaves
/// ```
pub fn all_values<G: Game>(start: &G) -> AHashMap<G, Score> {
    let mut values = AHashMap::new();
    value_of(start, &mut values);
    values
}

fn value_of<G: Game>(state: &G, values: &mut AHashMap<G, Score>) -> Score {
    if let Some(&known) = values.get(state) {
        return known;
    }
    let moves = state.legal_moves();
    let value = if moves.is_empty() {
        state.terminal_value(state.to_move())
    } else {
        moves
            .into_iter()
            .map(|mv| relative_to_root(-value_of(&state.play(mv), values), 1))
            .max()
            .expect("a move")
    };
    values.insert(state.clone(), value);
    value
}

/// Checks the solver against [`all_values`] position by position: every `stride`-th reachable
/// position (in a fixed order; 1 = all of them) is solved (the tables are shared from one position to the next), with
/// the distance (must equal minimax exactly) and without (must agree in sign, with enhanced
/// transposition cutoffs), with every speed-up on, with the distance after an outcome by
/// proof-number search with tiny leaf solves (every fourth position), and with the distance again with the game's bounds
/// ([`SolverOptions::race_bounds`](super::SolverOptions::race_bounds)). Returns how many positions were checked, or the first disagreement. Game
/// crates call it on their small boards, as they call the conformance kit.
///
/// ```
/// use ply_search::solver::exhaustive::check_solver;
/// use ply_search::tree::Tree;
/// let tree = Tree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
/// assert_eq!(check_solver(&tree, 1), Ok(13));
/// ```
pub fn check_solver<G: super::Solvable>(start: &G, stride: usize) -> Result<usize, String> {
    let values = all_values(start);
    let mut positions: Vec<(&G, Score)> = values.iter().map(|(g, &v)| (g, v)).collect();
    positions.sort_by_key(|(g, _)| (g.ply(), g.key()));
    let exact = super::SolverOptions {
        distance: true,
        tt_bytes: 8 << 20,
        tt_min_plies_left: Some(0),
        ..super::SolverOptions::default()
    };
    let outcome = super::SolverOptions {
        distance: false,
        etc: true,
        ..exact.clone()
    };
    let bounded = super::SolverOptions {
        race_bounds: true,
        ..exact.clone()
    };
    let proof_numbers = super::SolverOptions {
        proof_numbers: Some(4),
        ..exact.clone()
    };
    let mut exact_solver = super::Solver::new(exact);
    let mut proof_number_solver = super::Solver::new(proof_numbers);
    let mut outcome_solver = super::Solver::new(outcome);
    let mut bounded_solver = super::Solver::new(bounded);
    let mut checked = 0;
    for (state, want) in positions.into_iter().step_by(stride.max(1)) {
        let got = exact_solver.value(state).expect("no limit");
        let sign = outcome_solver.value(state).expect("no limit");
        let with_bounds = bounded_solver.value(state).expect("no limit");
        // Proof numbers on every fourth position: the slowest of the five (a tree per position).
        let proved = if checked % 4 == 0 {
            proof_number_solver.value(state).expect("no limit")
        } else {
            want
        };
        if got != want || sign.signum() != want.signum() || with_bounds != want || proved != want {
            return Err(format!(
                "position `{}`: minimax {want}, solver {got} (outcome-only solver with cutoffs {sign}, \
                 with the game's bounds {with_bounds}, by proof numbers {proved})",
                state.position()
            ));
        }
        checked += 1;
    }
    Ok(checked)
}

/// Checks a game's solver hooks against [`all_values`] on every `stride`-th non-terminal
/// reachable position: [`Solvable::value_bounds`](super::Solvable::value_bounds) and
/// [`Solvable::strategy_bounds`](super::Solvable::strategy_bounds) hold the exact value
/// between their bounds (and equal bounds are the value itself), and
/// [`Solvable::order_keys`](super::Solvable::order_keys) gives every move its
/// [`order_key`](super::Solvable::order_key). Returns how many positions were bounded (a
/// game whose bounds never bound anything is told so by a zero), or the first position that
/// breaks a promise.
///
/// ```
/// use ply_search::solver::exhaustive::check_solver_hooks;
/// use ply_search::tree::Tree;
/// let tree = Tree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
/// assert_eq!(check_solver_hooks(&tree, 1), Ok(0)); // trees have no bounds
/// ```
pub fn check_solver_hooks<G: super::Solvable>(start: &G, stride: usize) -> Result<usize, String> {
    let values = all_values(start);
    let mut positions: Vec<(&G, Score)> = values.iter().map(|(g, &v)| (g, v)).collect();
    positions.sort_by_key(|(g, _)| (g.ply(), g.key()));
    let mut bounded = 0;
    let mut keys = Vec::new();
    for (state, value) in positions.into_iter().step_by(stride.max(1)) {
        let moves = state.legal_moves();
        if moves.is_empty() {
            continue;
        }
        let at = || state.position();
        let hooks = [
            ("bounds", state.value_bounds()),
            ("strategy bounds", state.strategy_bounds()),
        ];
        for (hook, bounds) in hooks {
            if let Some((lower, upper)) = bounds {
                if !(lower <= value && value <= upper) {
                    return Err(format!(
                        "position `{}`: minimax {value}, {hook} [{lower}, {upper}]",
                        at()
                    ));
                }
            }
        }
        if hooks.iter().any(|(_, bounds)| bounds.is_some()) {
            bounded += 1;
        }
        state.order_keys(&moves, &mut keys);
        let each: Vec<u32> = moves.iter().map(|&mv| state.order_key(mv)).collect();
        if keys != each {
            return Err(format!(
                "position `{}`: order_keys {keys:?}, order_key of each move {each:?}",
                at()
            ));
        }
    }
    Ok(bounded)
}
