//! Plain expectiminimax, as AIMA writes EXPECTIMINIMAX and CS188 writes expectimax: the course
//! reference for games with dice, slow on purpose and exact, with every visit logged.
//!
//! ```
//! use ply_search::course::{expectiminimax_decision, NodeKind, Options};
//! use ply_search::tree::ChanceTree;
//! use ply_search::Zero;
//! // MAX chooses a sure 3 or a fair coin between 0 and 10 (`~` marks a chance node).
//! let tree = ChanceTree::parse("[3,~[0,10]]").unwrap();
//! let result = expectiminimax_decision(&tree, None, &Zero, &Options::recording());
//! assert_eq!(result.value, 5.0);
//! assert_eq!(result.root_values, vec![3.0, 5.0]);
//! let coin = &result.visits[3]; // the leaves 3, 0 and 10, then the coin, then the root
//! assert_eq!((coin.path.as_str(), coin.kind, coin.value), ("1", NodeKind::Chance, 5.0));
//! ```

use super::{Common, Counters, Options};
use crate::chance::ChanceList;
use crate::{Evaluator, Game};
use serde::Serialize;

/// What kind of node a visit was: whose choice, or the dice's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum NodeKind {
    /// The root player chooses: the largest child.
    Max,
    /// The opponent chooses: the smallest child.
    Min,
    /// The dice: the children's average, weighted by their probabilities.
    Chance,
}

/// One visited node of expectiminimax, in visit order (each node logged as it returns).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChanceVisit {
    /// The path from the root: child indices joined by `.` (`""` is the root).
    pub path: String,
    /// The moves (and rolls) of the path, in the game's notation.
    pub moves: Vec<String>,
    /// Whose node it is.
    pub kind: NodeKind,
    /// Its value for the root player, as returned to its parent.
    pub value: f64,
    /// The probability of reaching it from its parent, where the parent is a chance node.
    pub probability: Option<f64>,
    /// Whether it was scored without expanding it (terminal, or at the depth limit).
    pub leaf: bool,
}

/// The answer of [`expectiminimax_decision`].
#[derive(Clone, Debug)]
pub struct ExpectimaxResult<M> {
    /// The chosen move (the first best one); `None` when the root has no move or is a roll.
    pub best_move: Option<M>,
    /// The root's expected value, for the root player.
    pub value: f64,
    /// The value of each of the root's children, in move order.
    pub root_values: Vec<f64>,
    /// The courses' counters.
    pub counters: Counters,
    /// The visited nodes in the order they returned, with [`Options::record_visits`].
    pub visits: Vec<ChanceVisit>,
    /// Why the search was abandoned, if a limit of [`Options::limits`] was reached: then only
    /// the counters are meaningful.
    pub stopped: Option<crate::StopReason>,
}

/// Chooses the move with the highest expected value for the player to move, looking `depth`
/// of the players' moves ahead (`None`: to the end; a roll does not count). A chance node's
/// value is its children's average weighted by their probabilities; MAX (the root player)
/// takes the largest child, MIN the smallest. Ties go to the first move. At the depth limit
/// states are scored by `evaluator`, terminal states by their utility, both for the root
/// player. Every node, the root included, is tested for the end first, as AIMA's pseudocode
/// does. A limit of [`Options::limits`] abandons the search (see
/// [`ExpectimaxResult::stopped`]).
///
/// This is AIMA's `EXPECTIMINIMAX` (figure 5.11's backgammon tree) and, on trees whose only
/// other player is chance, CS188's expectimax.
pub fn expectiminimax_decision<G: Game, E: Evaluator<G>>(
    state: &G,
    depth: Option<u32>,
    evaluator: &E,
    options: &Options,
) -> ExpectimaxResult<G::Move> {
    super::abandoned_as(
        || search_expectimax(state, depth, evaluator, options),
        |reason, counters| ExpectimaxResult {
            best_move: None,
            value: 0.0,
            root_values: Vec::new(),
            counters,
            visits: Vec::new(),
            stopped: Some(reason),
        },
    )
}

/// The search itself, which [`Common::result`] abandons when a limit is reached.
fn search_expectimax<G: Game, E: Evaluator<G>>(
    state: &G,
    depth: Option<u32>,
    evaluator: &E,
    options: &Options,
) -> ExpectimaxResult<G::Move> {
    let mut search = Walk {
        common: Common::new(state, evaluator, options),
        probabilities: Vec::new(),
        visits: Vec::new(),
    };
    let depth = depth.unwrap_or(u32::MAX);
    let mut root_values = Vec::new();
    let value = search.value(state, depth, Some(&mut root_values));
    let best_move = (!state.is_chance_node() && !root_values.is_empty())
        .then(|| {
            let best = root_values.iter().enumerate().fold(0, |best, (i, &v)| {
                if v > root_values[best] {
                    i
                } else {
                    best
                }
            });
            state.legal_moves().get(best).copied()
        })
        .flatten();
    ExpectimaxResult {
        best_move,
        value,
        root_values,
        counters: search.common.counters,
        visits: search.visits,
        stopped: None,
    }
}

/// The search's state: the shared counters and log, and each logged node's probability.
struct Walk<'a, G: Game, E> {
    common: Common<'a, G, E>,
    /// The probability of each node on the current path, where its parent is a chance node.
    probabilities: Vec<Option<f64>>,
    /// The visited nodes, as they return.
    visits: Vec<ChanceVisit>,
}

impl<G: Game, E: Evaluator<G>> Walk<'_, G, E> {
    /// The value of `state` for the root player; the root's children's values go to
    /// `root_values`.
    fn value(&mut self, state: &G, depth: u32, root_values: Option<&mut Vec<f64>>) -> f64 {
        if self.common.terminal_test(state) {
            let value = self.common.utility(state) as f64;
            return self.log(state, value, true);
        }
        let chance = state.is_chance_node();
        if depth == 0 && !chance {
            let value = self.common.score(state) as f64;
            return self.log(state, value, true);
        }
        let mut weights = ChanceList::new();
        state.chance_outcomes(&mut weights);
        let total: f64 = weights.iter().map(|c| c.weight as f64).sum();
        let mut values = Vec::new();
        for (i, mv) in state.legal_moves().into_iter().enumerate() {
            let child = self.common.result(state, mv);
            self.common.enter(i, state, mv);
            self.probabilities
                .push(chance.then(|| weights[i].weight as f64 / total));
            let below = if chance { depth } else { depth - 1 };
            values.push(self.value(&child, below, None));
            self.probabilities.pop();
            self.common.leave();
        }
        let value = if chance {
            weights
                .iter()
                .zip(&values)
                .map(|(c, v)| c.weight as f64 / total * v)
                .sum()
        } else if state.to_move() == self.common.root_player {
            values.iter().copied().fold(f64::NEG_INFINITY, f64::max)
        } else {
            values.iter().copied().fold(f64::INFINITY, f64::min)
        };
        if let Some(root_values) = root_values {
            *root_values = values;
        }
        self.log(state, value, false)
    }

    /// Logs the current node (when recording) and returns its value.
    fn log(&mut self, state: &G, value: f64, leaf: bool) -> f64 {
        if self.common.options.record_visits {
            let kind = if state.is_chance_node() && !leaf {
                NodeKind::Chance
            } else if state.to_move() == self.common.root_player {
                NodeKind::Max
            } else {
                NodeKind::Min
            };
            let (path, moves) = self.common.current_path();
            self.visits.push(ChanceVisit {
                path,
                moves,
                kind,
                value,
                probability: self.probabilities.last().copied().flatten(),
                leaf,
            });
        }
        value
    }
}
