//! Your solutions go here. Each exercise is graded against ply's reference algorithms by
//! `cargo run -p ply-teaching --bin grade` (or `cargo test -p ply-teaching --test student --
//! --ignored`): the values, and exactly which leaves you evaluate, in order (`Node::value`
//! logs them), must match.

use crate::quiz::{Move, QuizState};
use crate::{ChanceNode, Node};
use ply_isolation::Isolation;
use ply_search::{Game, MoveList, NotationError, Outcome, Player};

/// Exercise 1: the minimax value of `node` for MAX. Visit the children left to right.
pub fn minimax(node: &Node) -> i32 {
    let _ = node;
    todo!("exercise 1: minimax")
}

/// Exercise 2: alpha-beta, returning the minimax value when it lies inside `(alpha, beta)`.
/// Children left to right. With `strict == false` prune as AIMA does, as soon as a value
/// reaches the bound (`v >= beta` at MAX, `v <= alpha` at MIN); with `strict == true` only
/// when it passes it (`v > beta`, `v < alpha`).
pub fn alpha_beta(node: &Node, alpha: i32, beta: i32, strict: bool) -> i32 {
    let _ = (node, alpha, beta, strict);
    todo!("exercise 2: alpha-beta")
}

/// Exercise 3: AIND's "improved" evaluator for knight Isolation: the number of moves `player`
/// would have minus the number its opponent would have (a player not yet placed may move to
/// any open cell). `state.locs()` gives both players' cells (`None` while unplaced) and
/// `state.liberties(loc)` the cells a knight at `loc` could move to.
pub fn improved_score(state: &Isolation, player: Player) -> i32 {
    let _ = (state, player);
    todo!("exercise 3: improved_score")
}

/// Exercise 4: Kayles, a new game. A row of `len` pins (1 to 20); a move knocks down one
/// standing pin, or two standing pins side by side; whoever knocks down the last pin wins.
/// Player 0 moves first.
///
/// Notation (the grader reads and compares it): pins are numbered from 1 at the left; a move
/// is `3` (pin 3) or `3-4` (pins 3 and 4); a position is the row, `I` for a standing pin and
/// `.` for a fallen one, a space, and the plies played: `II.II 1`. List moves in any order.
/// Keep the fields or change them: only the behaviour is graded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kayles {
    /// Bit i set: pin i + 1 stands.
    pub pins: u32,
    /// The length of the row.
    pub len: u8,
    /// Plies played.
    pub ply: u32,
}

impl Kayles {
    /// The full row of `len` pins, player 0 to move.
    pub fn new(len: u8) -> Kayles {
        let _ = len;
        todo!("exercise 4: Kayles::new")
    }
}

impl Game for Kayles {
    /// The first pin knocked down (from 0) and how many (1 or 2).
    type Move = (u8, u8);

    fn to_move(&self) -> Player {
        todo!("exercise 4: to_move")
    }
    fn generate_moves(&self, moves: &mut MoveList<(u8, u8)>) {
        let _ = moves;
        todo!("exercise 4: generate_moves")
    }
    fn play(&self, mv: (u8, u8)) -> Kayles {
        let _ = mv;
        todo!("exercise 4: play")
    }
    fn outcome(&self) -> Option<Outcome> {
        todo!("exercise 4: outcome")
    }
    fn key(&self) -> u64 {
        todo!("exercise 4: key")
    }
    fn ply(&self) -> u32 {
        todo!("exercise 4: ply")
    }
    fn format_move(&self, mv: (u8, u8)) -> String {
        let _ = mv;
        todo!("exercise 4: format_move")
    }
    fn parse_move(&self, text: &str) -> Result<(u8, u8), NotationError> {
        let _ = text;
        todo!("exercise 4: parse_move")
    }
    fn position(&self) -> String {
        todo!("exercise 4: position")
    }
    fn parse_position(&self, text: &str) -> Result<Kayles, NotationError> {
        let _ = text;
        todo!("exercise 4: parse_position")
    }
}

impl ply_search::solver::Solvable for Kayles {}

/// No speed-ups: every search takes the defaults, computed from the rules.
impl ply_search::SearchHints for Kayles {}

/// Exercise 5a: the GameState quiz's `minimax_decision(gameState, depth)`: the move with the
/// highest minimax value for player 0 (who is to move), looking `depth` plies ahead. Below the
/// root, `min_value` and `max_value` first call `state.terminal_test()` (a finished game is
/// worth `state.utility()`), then at the depth limit return `state.my_moves()`. Ties go to the
/// first move in `get_legal_moves()` order; `None` when there is no move. The grader counts
/// your `terminal_test()` calls: the quiz's answer is 5 at depth 1 on the empty board.
pub fn minimax_decision(state: &QuizState, depth: u32) -> Option<Move> {
    let _ = (state, depth);
    todo!("exercise 5: minimax_decision")
}

/// Exercise 5b: alpha-beta to the end of the game, as AIMA writes `ALPHA-BETA-SEARCH`: call
/// `max_value(state, -inf, +inf)` on the root (which tests the root with `terminal_test()`
/// first), prune as AIMA does (`v >= beta` at MAX, `v <= alpha` at MIN), and return the first
/// root move whose value is the best. The quiz counts 55 `terminal_test()` calls on the empty
/// board.
pub fn alpha_beta_search(state: &QuizState) -> Option<Move> {
    let _ = state;
    todo!("exercise 5: alpha_beta_search")
}

/// Exercise 6: expectimax (AIMA's expectiminimax) on a tree with chance nodes: the value of
/// `node` for MAX. A leaf's value is `node.value()`; MAX takes the largest child, MIN the
/// smallest, a chance node the average of its children weighted by `node.probabilities()`.
/// Expand each node once (`node.children()`) and visit the children left to right.
pub fn expectimax(node: &ChanceNode) -> f64 {
    let _ = node;
    todo!("exercise 6: expectimax")
}
