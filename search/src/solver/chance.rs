//! Solving games with dice: the exact expected value of every position reachable from a start,
//! by value iteration over the whole position graph.
//!
//! The alpha-beta solver proves wins and losses; with chance nodes a position's value is an
//! expectation, and in games whose positions recur (in Pig a roll of 1 hands the same scores
//! back and forth) no search reaches the end of every line. Value iteration does: it lists
//! every position reachable from the start (identified by [`Game::key`], as the tables do),
//! then sweeps over them, setting each to the best child for the player to move or the
//! probability-weighted average at a roll, until a sweep changes no value by more than the
//! tolerance. On a game without recurring positions the sweeps reach the values exactly (a
//! sweep that changes nothing), and the solution says so.
//!
//! Values are player 0's, as fractions of [`crate::SearchHints::value_bound`] (a win 1, a loss
//! -1, a draw 0 with the default bound), so in a game without draws player 0's winning
//! chance is `(1 + value) / 2`.
//!
//! ```
//! use ply_search::solver::chance::{value_iteration, IterationOptions};
//! use ply_search::tree::ChanceTree;
//! use ply_search::Game;
//! // MAX takes a sure 3 or a fair coin between 0 and 10.
//! let tree = ChanceTree::parse("[3,~[0,10]]").unwrap();
//! let solution = value_iteration(&tree, &IterationOptions::default()).unwrap();
//! assert!(solution.exact);
//! assert_eq!(solution.value_of(&tree).unwrap() * 10.0, 5.0);
//! assert_eq!(solution.best_move(&tree), Some(1));
//! ```

use crate::chance::ChanceList;
use crate::{Game, Limits, Player, SearchHints, StopReason};
use std::collections::HashMap;
use std::time::Instant;

/// How far value iteration goes.
#[derive(Clone, Debug)]
pub struct IterationOptions {
    /// Stop once a sweep changes no value by more than this (values are fractions of the
    /// game's value bound).
    pub tolerance: f64,
    /// Refuse a game with more reachable positions than this (the graph is held in memory,
    /// some 40 bytes a position).
    pub max_positions: usize,
    /// The time and stop-flag limits (depth, nodes and iterations are ignored).
    pub limits: Limits,
}

impl Default for IterationOptions {
    fn default() -> Self {
        IterationOptions {
            tolerance: 1e-12,
            max_positions: 50_000_000,
            limits: Limits::none(),
        }
    }
}

/// Why value iteration gave no answer.
#[derive(Clone, Debug, PartialEq)]
pub enum IterationError {
    /// More positions are reachable than [`IterationOptions::max_positions`].
    TooManyPositions(usize),
    /// A limit stopped it before the values settled.
    Stopped(StopReason),
}

impl std::fmt::Display for IterationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IterationError::TooManyPositions(n) => write!(
                f,
                "more than {n} positions are reachable: too many to hold for value iteration"
            ),
            IterationError::Stopped(reason) => {
                write!(f, "stopped ({reason:?}) before the values settled")
            }
        }
    }
}

impl std::error::Error for IterationError {}

/// A position of the graph: how its value is made from its children's.
#[derive(Clone, Copy, Debug)]
enum Rule {
    /// A finished game: its value never changes.
    End,
    /// Player 0 chooses: the largest child.
    Max,
    /// Player 1 chooses: the smallest child.
    Min,
    /// A roll: the weighted average.
    Average,
}

/// Every position reachable from a start with its exact (or converged) value.
#[derive(Clone, Debug)]
pub struct ChanceSolution<G: Game> {
    index: HashMap<u64, u32>,
    rules: Vec<Rule>,
    /// The children of position `i` are `edges[first[i]..first[i + 1]]`.
    first: Vec<u32>,
    edges: Vec<u32>,
    /// Each edge's probability (chance nodes) or 0 (choices).
    probability: Vec<f64>,
    values: Vec<f64>,
    moves: Vec<G::Move>,
    /// Sweeps made.
    pub sweeps: u32,
    /// The largest change in the last sweep.
    pub residual: f64,
    /// Whether the last sweep changed nothing: the values are exact.
    pub exact: bool,
    /// Whether every finished position reached is a win or a loss (no draw, no payoff between),
    /// so that a value is a winning chance: `(1 + value) / 2` for player 0.
    pub win_or_loss_only: bool,
    /// Time taken, building and sweeping.
    pub seconds: f64,
}

impl<G: SearchHints> ChanceSolution<G> {
    /// The number of positions reachable from the start.
    pub fn positions(&self) -> usize {
        self.rules.len()
    }

    /// Player 0's value of `state` (a fraction of the value bound), if it is reachable from
    /// the start.
    pub fn value_of(&self, state: &G) -> Option<f64> {
        self.index
            .get(&state.key())
            .map(|&i| self.values[i as usize])
    }

    /// `player`'s chance of winning from `state` with both sides playing to win, for games
    /// that end only in a win or a loss.
    pub fn win_chance(&self, state: &G, player: Player) -> Option<f64> {
        let value = self.value_of(state)?;
        let for_player = if player == Player::P0 { value } else { -value };
        self.win_or_loss_only.then_some((1.0 + for_player) / 2.0)
    }

    /// An optimal move for the player to move in `state` (the first of the best, in the
    /// game's order); `None` at a roll, at the end, or for a position not reached.
    pub fn best_move(&self, state: &G) -> Option<G::Move> {
        let &i = self.index.get(&state.key())?;
        let i = i as usize;
        let sign = match self.rules[i] {
            Rule::Max => 1.0,
            Rule::Min => -1.0,
            Rule::End | Rule::Average => return None,
        };
        let range = self.first[i] as usize..self.first[i + 1] as usize;
        let mut best: Option<(f64, G::Move)> = None;
        for e in range {
            let value = sign * self.values[self.edges[e] as usize];
            if best.is_none_or(|(b, _)| value > b + 1e-12) {
                best = Some((value, self.moves[e]));
            }
        }
        best.map(|(_, mv)| mv)
    }
}

/// Lists every position reachable from `start` and iterates their values to the fixpoint.
pub fn value_iteration<G: SearchHints>(
    start: &G,
    options: &IterationOptions,
) -> Result<ChanceSolution<G>, IterationError> {
    let started = Instant::now();
    let bound = start.value_bound().max(1) as f64;
    let budget = crate::Budget::new(&options.limits, started);
    let mut solution = build_graph(start, bound, options.max_positions, &budget)?;
    loop {
        let residual = sweep(&mut solution);
        solution.sweeps += 1;
        solution.residual = residual;
        if residual == 0.0 {
            solution.exact = true;
            break;
        }
        if residual <= options.tolerance {
            break;
        }
        if let Some(reason) = budget.clock_or_flag() {
            return Err(IterationError::Stopped(reason));
        }
    }
    solution.seconds = started.elapsed().as_secs_f64();
    Ok(solution)
}

/// The reachable positions, breadth first from the start, with their rules and edges; stopped
/// by the clock or the stop flag as the sweeps are (listing a big game takes long too).
fn build_graph<G: SearchHints>(
    start: &G,
    bound: f64,
    max_positions: usize,
    budget: &crate::Budget,
) -> Result<ChanceSolution<G>, IterationError> {
    let mut index: HashMap<u64, u32> = HashMap::new();
    let mut queue: Vec<G> = vec![start.clone()];
    index.insert(start.key(), 0);
    let mut solution = ChanceSolution {
        index: HashMap::new(),
        rules: Vec::new(),
        first: vec![0],
        edges: Vec::new(),
        probability: Vec::new(),
        values: Vec::new(),
        moves: Vec::new(),
        sweeps: 0,
        residual: f64::INFINITY,
        exact: false,
        win_or_loss_only: true,
        seconds: 0.0,
    };
    let mut outcomes = ChanceList::new();
    let mut next = 0;
    while next < queue.len() {
        let state = queue[next].clone();
        next += 1;
        if next % 4096 == 0 {
            if let Some(reason) = budget.clock_or_flag() {
                return Err(IterationError::Stopped(reason));
            }
        }
        if state.is_terminal() {
            let value = (state.terminal_value(Player::P0) as f64 / bound).clamp(-1.0, 1.0);
            solution.win_or_loss_only &= value.abs() == 1.0;
            solution.rules.push(Rule::End);
            solution.values.push(value);
            solution.first.push(solution.edges.len() as u32);
            continue;
        }
        let moves = state.legal_moves();
        let chance = G::HAS_CHANCE && state.is_chance_node();
        let mut weights = vec![0.0; moves.len()];
        if chance {
            outcomes.clear();
            state.chance_outcomes(&mut outcomes);
            let total = crate::chance::total_weight(&outcomes) as f64;
            weights = outcomes.iter().map(|c| c.weight as f64 / total).collect();
        }
        solution.rules.push(match (chance, state.to_move()) {
            (true, _) => Rule::Average,
            (false, Player::P0) => Rule::Max,
            (false, _) => Rule::Min,
        });
        solution.values.push(0.0);
        for (&mv, p) in moves.iter().zip(weights) {
            let child = state.play(mv);
            let id = match index.get(&child.key()) {
                Some(&id) => id,
                None => {
                    if queue.len() >= max_positions {
                        return Err(IterationError::TooManyPositions(max_positions));
                    }
                    let id = queue.len() as u32;
                    index.insert(child.key(), id);
                    queue.push(child);
                    id
                }
            };
            solution.edges.push(id);
            solution.probability.push(p);
            solution.moves.push(mv);
        }
        solution.first.push(solution.edges.len() as u32);
    }
    solution.index = index;
    Ok(solution)
}

/// One Gauss-Seidel sweep, deepest positions first (they settle first); returns the largest
/// change.
fn sweep<G: Game>(solution: &mut ChanceSolution<G>) -> f64 {
    let mut residual: f64 = 0.0;
    for i in (0..solution.rules.len()).rev() {
        let range = solution.first[i] as usize..solution.first[i + 1] as usize;
        let children = range.map(|e| {
            (
                solution.values[solution.edges[e] as usize],
                solution.probability[e],
            )
        });
        let value = match solution.rules[i] {
            Rule::End => continue,
            Rule::Max => children.map(|(v, _)| v).fold(f64::NEG_INFINITY, f64::max),
            Rule::Min => children.map(|(v, _)| v).fold(f64::INFINITY, f64::min),
            Rule::Average => children.map(|(v, p)| v * p).sum(),
        };
        residual = residual.max((value - solution.values[i]).abs());
        solution.values[i] = value;
    }
    residual
}
