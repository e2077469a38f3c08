//! What front ends show of a position (the board drawing and the JSON fields of `ply replay
//! --json`), and which evaluators agent specs may name.

use crate::{Heuristic, QueenIsolation};
use ply_search::describe::{Actions, Describe, NamedEvaluators};
use ply_search::{Game, NotationError};
use serde_json::{json, Map, Value};

/// Action numbers are the game's dense move index.
impl Actions for QueenIsolation {}

impl NamedEvaluators for QueenIsolation {
    type Eval = Heuristic;
    const DEFAULT_EVAL: &'static str = "improved";
    const EVALUATORS: &'static [&'static str] = &Heuristic::NAMES;
    fn evaluator(name: &str) -> Result<Heuristic, NotationError> {
        Heuristic::from_name(name)
    }
}

impl Describe for QueenIsolation {
    /// `board` (the rows of the position notation) and `locs` (each player's `[x, y]`, null
    /// while unplaced).
    fn fields(&self) -> Map<String, Value> {
        use ply_search::Player;
        let mut map = Map::new();
        let position = self.position();
        map.insert(
            "board".into(),
            json!(position.split(' ').next().unwrap_or("")),
        );
        map.insert(
            "locs".into(),
            json!([self.loc(Player::P0), self.loc(Player::P1)]),
        );
        map
    }

    fn drawing(&self) -> String {
        let position = self.position();
        let rows = position.split(' ').next().unwrap_or("");
        let mut out = String::from("\n");
        for row in rows.split('/') {
            out.push_str("  ");
            for c in row.chars() {
                out.push(c);
                out.push(' ');
            }
            out.push('\n');
        }
        out
    }
}
