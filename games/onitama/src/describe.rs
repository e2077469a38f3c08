//! What front ends show of a position (the board drawing and the JSON fields of `ply replay
//! --json`), and which evaluators agent specs may name.

use crate::{Heuristic, Onitama};
use ply_search::describe::{Actions, Describe, NamedEvaluators};
use ply_search::{Game, NotationError};
use serde_json::{json, Map, Value};

/// Action numbers are the game's dense move index.
impl Actions for Onitama {}

impl NamedEvaluators for Onitama {
    type Eval = Heuristic;
    const DEFAULT_EVAL: &'static str = "balanced";
    const EVALUATORS: &'static [&'static str] = &Heuristic::NAMES;
    fn evaluator(name: &str) -> Result<Heuristic, NotationError> {
        Heuristic::from_name(name)
    }
}

impl Describe for Onitama {
    /// `board` (25 characters, rank 5 first), `hands` (two lists of card names), `side`,
    /// `ply`, and the seed notebook's `boardzahlen` and card numbers (null for expansion cards).
    fn fields(&self) -> Map<String, Value> {
        use ply_search::Player;
        let mut map = Map::new();
        let position = self.position();
        map.insert(
            "board".into(),
            json!(position.split(' ').next().unwrap_or("")),
        );
        let hand = |p: Player| self.hand(p).map(|c| c.slug());
        map.insert("hands".into(), json!([hand(Player::P0), hand(Player::P1)]));
        map.insert("side".into(), json!(self.side_card().slug()));
        let (a, b, c, d) = crate::seed::boardzahlen(self);
        map.insert("boardzahlen".into(), json!([a, b, c, d]));
        map.insert("seed_cards".into(), json!(crate::seed::card_ids(self)));
        map
    }

    fn drawing(&self) -> String {
        use ply_search::Player;
        let board: Vec<char> = self.position().chars().take(25).collect();
        let mut out = String::from("\n");
        for row in 0..5 {
            out.push_str(&format!("  {} ", 5 - row));
            for col in 0..5 {
                out.push(' ');
                out.push(board[row * 5 + col]);
            }
            out.push('\n');
        }
        out.push_str("     A B C D E\n");
        let hand = |p: Player| self.hand(p).map(|c| c.slug()).join(", ");
        out.push_str(&format!(
            "  player 0 (W): {}\n  player 1 (B): {}\n  side: {}\n",
            hand(Player::P0),
            hand(Player::P1),
            self.side_card().slug()
        ));
        out
    }
}
