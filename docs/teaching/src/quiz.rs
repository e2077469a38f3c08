//! The GameState quiz's board (Udacity's "mini Isolation": 3 columns, 2 rows, the lower-right
//! cell blocked, queen moves) as exercise 5 sees it: the quiz's own methods, with every
//! `terminal_test()` call counted, as the quiz counts nodes.

use ply_queen_isolation::{Heuristic, QueenIsolation};
use ply_search::describe::Describe;
use ply_search::{Evaluator, Game, Outcome, Player};
use std::cell::Cell;

/// The utility of a won game (see [`QuizState::utility`]).
pub const WIN: f64 = 1_000_000.0;

/// A cell as the quiz names it: `(x, y)`, column then row, `(0, 0)` at the top left.
pub type Move = (u8, u8);

/// A position of the quiz's game; `terminal_test()` calls are counted for the grader.
#[derive(Clone)]
pub struct QuizState<'a> {
    state: QueenIsolation,
    terminal_tests: &'a Cell<u64>,
}

impl<'a> QuizState<'a> {
    /// The quiz's empty board, player 0 to move, counting into `terminal_tests`.
    pub fn new(terminal_tests: &'a Cell<u64>) -> QuizState<'a> {
        QuizState::at(QueenIsolation::quiz(), terminal_tests)
    }

    /// `state` seen through the quiz's methods, counting into `terminal_tests`.
    pub fn at(state: QueenIsolation, terminal_tests: &'a Cell<u64>) -> QuizState<'a> {
        QuizState {
            state,
            terminal_tests,
        }
    }

    /// The quiz's `get_legal_moves()`: the moves of the player to move, in the quiz's order
    /// (listed, as the quiz does, even once the other player is stuck: test for the end first).
    pub fn get_legal_moves(&self) -> Vec<Move> {
        self.state.get_legal_moves()
    }

    /// The quiz's `forecast_move(move)`: the position after `mv`, this one unchanged.
    ///
    /// # Panics
    /// On a move that is not legal here (the quiz raises an error).
    pub fn forecast_move(&self, mv: Move) -> QuizState<'a> {
        let next = self
            .state
            .forecast_move(mv)
            .unwrap_or_else(|e| panic!("forecast_move({mv:?}): {e}"));
        QuizState::at(next, self.terminal_tests)
    }

    /// The quiz's `terminal_test()`: true when either player has no move left (counted).
    pub fn terminal_test(&self) -> bool {
        self.terminal_tests.set(self.terminal_tests.get() + 1);
        self.state.terminal_test()
    }

    /// The quiz's `utility()` of a finished game, for player 0: [`WIN`] if player 0 won, `-WIN`
    /// if it lost, 0 while the game goes on. The quiz writes `+inf` and `-inf`; a finite value
    /// keeps a lost position above the search's starting bound `-inf`, so that a MIN node does
    /// not stop at its first loss when alpha is still `-inf` (the quiz's count of 55 needs it).
    pub fn utility(&self) -> f64 {
        match self.state.outcome() {
            Some(Outcome::Win(Player::P0)) => WIN,
            Some(Outcome::Win(_)) => -WIN,
            _ => 0.0,
        }
    }

    /// The quiz's heuristic `my_moves()`: how many moves player 0 would have here (always
    /// player 0's, whoever is to move).
    pub fn my_moves(&self) -> f64 {
        f64::from(Heuristic::Open.evaluate(&self.state, Player::P0))
    }

    /// The player to move: 0 or 1.
    pub fn player(&self) -> usize {
        self.state.to_move().index()
    }

    /// The position underneath.
    pub fn state(&self) -> &QueenIsolation {
        &self.state
    }
}

impl std::fmt::Debug for QuizState<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.state.drawing())
    }
}
