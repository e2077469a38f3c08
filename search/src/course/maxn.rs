//! Plain max^n (Luckhardt and Irani, 1986), as a lecture on games of three players and more
//! writes it: every node is worth a vector, one value a player; the player to move takes the
//! child whose vector is best for itself, the first such child on ties.

use super::{Common, Counters, Options};
use crate::{Evaluator, Game, Player, Score};

/// A node max^n visited, for pictures and the web page's stepper.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MaxnVisit {
    /// The path from the root: child indices joined by `.` (`""` is the root).
    pub path: String,
    /// The moves of the path, in the game's notation.
    pub moves: Vec<String>,
    /// The player to move at the node.
    pub player: usize,
    /// The node's vector: one value a player, as returned to its parent.
    pub values: Vec<Score>,
    /// Whether the node was scored without expanding it (terminal or at the depth limit).
    pub leaf: bool,
}

/// The answer of [`maxn_decision`].
#[derive(Clone, Debug)]
pub struct MaxnResult<M> {
    /// The chosen move (the first best for the player to move); `None` when the root has
    /// no move.
    pub best_move: Option<M>,
    /// The root's vector.
    pub values: Vec<Score>,
    /// The courses' counters.
    pub counters: Counters,
    /// The visited nodes in visit order, with [`Options::record_visits`].
    pub visits: Vec<MaxnVisit>,
    /// Why the search was abandoned, if a limit of [`Options::limits`] was reached.
    pub stopped: Option<crate::StopReason>,
}

/// Chooses a move by max^n, looking `depth` plies ahead (`None`: to the end). A terminal
/// state is worth each player's utility; at the depth limit `evaluator` scores the state for
/// each player. No pruning: every node is visited, as the lecture's figures count them.
///
/// ```
/// use ply_search::course::{maxn_decision, Options};
/// use ply_search::multi::MultiTree;
/// use ply_search::Zero;
/// let tree = MultiTree::parse("[[(3,3,3),(1,4,4)],[(4,2,2),(2,5,1)]]").unwrap();
/// let r = maxn_decision(&tree, None, &Zero, &Options::recording());
/// // Player 1 takes (1,4,4) on the left and (2,5,1) on the right: player 0 goes right.
/// assert_eq!((r.best_move, r.values), (Some(1), vec![2, 5, 1]));
/// assert_eq!(r.counters.result_calls, 6);
/// ```
pub fn maxn_decision<G: Game, E: Evaluator<G>>(
    state: &G,
    depth: Option<u32>,
    evaluator: &E,
    options: &Options,
) -> MaxnResult<G::Move> {
    super::abandoned_as(
        || {
            let mut walk = Walk {
                common: Common::new(state, evaluator, options),
                visits: Vec::new(),
            };
            let mut best_move = None;
            let values = walk.value(state, depth.unwrap_or(u32::MAX), Some(&mut best_move));
            MaxnResult {
                best_move,
                values,
                counters: walk.common.counters,
                visits: walk.visits,
                stopped: None,
            }
        },
        |reason, counters| MaxnResult {
            best_move: None,
            values: Vec::new(),
            counters,
            visits: Vec::new(),
            stopped: Some(reason),
        },
    )
}

/// The search's state: the shared counters and path, and its own log of vectors.
struct Walk<'a, G: Game, E> {
    common: Common<'a, G, E>,
    visits: Vec<MaxnVisit>,
}

impl<G: Game, E: Evaluator<G>> Walk<'_, G, E> {
    /// The vector of `state`, `depth` plies left; at the root, the best move too.
    fn value(&mut self, state: &G, depth: u32, best: Option<&mut Option<G::Move>>) -> Vec<Score> {
        let players = state.player_count();
        let mover = state.to_move().index();
        let root = best.is_some();
        if (!root || self.common.options.test_root) && self.common.terminal_test(state) {
            let values = Player::first(players)
                .iter()
                .map(|&p| state.terminal_value(p))
                .collect();
            return self.log(mover, values, true);
        }
        if depth == 0 {
            self.common.counters.evaluations += 1;
            let values = Player::first(players)
                .iter()
                .map(|&p| self.common.evaluator.evaluate(state, p))
                .collect();
            return self.log(mover, values, true);
        }
        let mut chosen: Option<(G::Move, Vec<Score>)> = None;
        for (i, action) in state.legal_moves().into_iter().enumerate() {
            let child = self.common.result(state, action);
            self.common.enter(i, state, action);
            let values = self.value(&child, depth - 1, None);
            self.common.leave();
            if chosen
                .as_ref()
                .is_none_or(|(_, best)| values[mover] > best[mover])
            {
                chosen = Some((action, values));
            }
        }
        let values = match chosen {
            Some((action, values)) => {
                if let Some(best) = best {
                    *best = Some(action);
                }
                values
            }
            // No move at a non-terminal root: worth its utilities.
            None => Player::first(players)
                .iter()
                .map(|&p| state.terminal_value(p))
                .collect(),
        };
        self.log(mover, values, false)
    }

    fn log(&mut self, player: usize, values: Vec<Score>, leaf: bool) -> Vec<Score> {
        if self.common.options.record_visits {
            let (path, moves) = self.common.current_path();
            self.visits.push(MaxnVisit {
                path,
                moves,
                player,
                values: values.clone(),
                leaf,
            });
        }
        values
    }
}
