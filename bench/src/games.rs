//! The games the `ply` command knows, chosen by spec string, and what it prints about them.

use crate::error::CliError;
use ply_isolation::Isolation;
use ply_onitama::Onitama;
use ply_queen_isolation::QueenIsolation;
use ply_search::spec::split_top_level;
use ply_search::tree::Tree;
use ply_search::{Game, Spec};
use ply_tutorial::{Nim, TicTacToe};
use serde_json::{json, Map, Value};

/// The game names the command accepts, for error messages.
pub const GAME_NAMES: &str = "isolation, queen-isolation, onitama, tree, tictactoe, nim";

/// A game start chosen by spec; each variant holds the start state.
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// Knight Isolation (`isolation(...)`).
    Isolation(Isolation),
    /// Queen Isolation (`queen-isolation(...)`).
    QueenIsolation(QueenIsolation),
    /// Onitama (`onitama(...)`).
    Onitama(Onitama),
    /// An explicit game tree (`tree(shape=[[3,12,8],[2,4,6],[14,5,2]])`), for teaching.
    Tree(Tree),
    /// Tic-tac-toe, the tutorial's first game (`tictactoe`).
    TicTacToe(TicTacToe),
    /// Nim, the tutorial's second game (`nim(heaps=[3,4,5])`).
    Nim(Nim),
}

/// Runs `$body` with `$state` bound to the start state of whichever game `$game` holds, so that
/// generic code is written once for all games.
#[macro_export]
macro_rules! with_game {
    ($game:expr, $state:ident => $body:expr) => {
        match $game {
            $crate::games::AnyGame::Isolation($state) => $body,
            $crate::games::AnyGame::QueenIsolation($state) => $body,
            $crate::games::AnyGame::Onitama($state) => $body,
            $crate::games::AnyGame::Tree($state) => $body,
            $crate::games::AnyGame::TicTacToe($state) => $body,
            $crate::games::AnyGame::Nim($state) => $body,
        }
    };
}

impl AnyGame {
    /// The start of the game named by `spec` (`isolation`, `isolation(width=7,height=7)`...).
    pub fn from_spec(spec: &str) -> Result<AnyGame, CliError> {
        let parsed = Spec::parse(spec)?;
        match parsed.name.as_str() {
            "isolation" => Ok(AnyGame::Isolation(Isolation::from_parsed_spec(parsed)?)),
            "onitama" => Ok(AnyGame::Onitama(Onitama::from_parsed_spec(parsed)?)),
            "queen-isolation" => Ok(AnyGame::QueenIsolation(QueenIsolation::from_spec(spec)?)),
            "tree" => {
                let mut parsed = parsed;
                let shape = parsed.take("shape").ok_or_else(|| {
                    CliError::new("bad tree spec: expected tree(shape=NESTED LISTS), e.g. tree(shape=[[3,12,8],[2,4,6],[14,5,2]])")
                })?;
                parsed.finish(&["shape"])?;
                Ok(AnyGame::Tree(Tree::parse(&shape)?))
            }
            "tictactoe" => {
                parsed.finish(&[])?;
                Ok(AnyGame::TicTacToe(TicTacToe::new()))
            }
            "nim" => Ok(AnyGame::Nim(nim_from_spec(parsed)?)),
            other => Err(CliError::new(format!(
                "bad game `{other}`: expected one of {GAME_NAMES} (e.g. `isolation(width=7,height=7,rules=aind)`)"
            ))),
        }
    }
}

/// Nim from its spec: `nim` (heaps 3, 4 and 5) or `nim(heaps=[1,2,3,4])`.
fn nim_from_spec(mut spec: Spec) -> Result<Nim, CliError> {
    const FORM: &str =
        "heaps=[A,B,...] with at most 8 heaps of 0 to 15 stones, e.g. nim(heaps=[3,4,5])";
    let heaps = match spec.take("heaps") {
        None => vec![3, 4, 5],
        Some(text) => text
            .trim()
            .strip_prefix('[')
            .and_then(|t| t.strip_suffix(']'))
            .and_then(|t| {
                t.split(',')
                    .map(|h| h.trim().parse::<u8>().ok())
                    .collect::<Option<Vec<u8>>>()
            })
            .ok_or_else(|| CliError::new(format!("bad nim heaps `{text}`: expected {FORM}")))?,
    };
    spec.finish(&["heaps"])?;
    Nim::new(&heaps)
        .ok_or_else(|| CliError::new(format!("bad nim heaps {heaps:?}: expected {FORM}")))
}

/// Game-specific output of the command: extra JSON fields and a board drawing.
pub trait Describe: Game {
    /// Fields added to each `ply replay --json` record.
    fn fields(&self) -> Map<String, Value>;
    /// A drawing of the board for the terminal.
    fn drawing(&self) -> String;
}

impl Describe for Isolation {
    /// The original's fields: `board` (decimal string of the Python integer), `locs` (null
    /// while unplaced), `ply_count`, plus `actions` (the original's `actions()`, which lists
    /// the mover's actions even in a terminal state), `has_liberties` (quirk-aware) and
    /// `liberties` (each player's `liberties(loc)`, null while unplaced).
    fn fields(&self) -> Map<String, Value> {
        let locs = self.locs();
        let liberties: Vec<Value> = locs
            .iter()
            .map(|l| match l {
                Some(cell) => json!(self.liberties(Some(*cell))),
                None => Value::Null,
            })
            .collect();
        let mut map = Map::new();
        map.insert("board".into(), json!(self.board().to_string()));
        map.insert("locs".into(), json!(locs));
        map.insert("ply_count".into(), json!(self.ply_count()));
        map.insert("actions".into(), json!(self.actions()));
        map.insert(
            "has_liberties".into(),
            json!([self.has_liberties(0), self.has_liberties(1)]),
        );
        map.insert("liberties".into(), Value::Array(liberties));
        map
    }

    fn drawing(&self) -> String {
        self.debug_string()
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
        let (a, b, c, d) = ply_onitama::seed::boardzahlen(self);
        map.insert("boardzahlen".into(), json!([a, b, c, d]));
        map.insert(
            "seed_cards".into(),
            json!(ply_onitama::seed::card_ids(self)),
        );
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

impl Describe for Tree {
    /// `value`: a leaf's payoff for player 0 (null at inner nodes).
    fn fields(&self) -> Map<String, Value> {
        let mut map = Map::new();
        let value = self
            .is_terminal()
            .then(|| self.terminal_value(ply_search::Player::P0));
        map.insert("value".into(), json!(value));
        map
    }

    fn drawing(&self) -> String {
        format!("\ntree {} at node {}\n", self, self.position())
    }
}

impl Describe for TicTacToe {
    fn fields(&self) -> Map<String, Value> {
        Map::new()
    }

    fn drawing(&self) -> String {
        let cells: Vec<char> = self.position().chars().collect();
        let rows: Vec<String> = cells
            .chunks(3)
            .map(|row| format!("  {} {} {}", row[0], row[1], row[2]))
            .collect();
        format!("\n{}\n", rows.join("\n"))
    }
}

impl Describe for Nim {
    /// `heaps`: the heap sizes.
    fn fields(&self) -> Map<String, Value> {
        let mut map = Map::new();
        map.insert("heaps".into(), json!(self.heaps()));
        map
    }

    fn drawing(&self) -> String {
        let rows: Vec<String> = self
            .heaps()
            .iter()
            .enumerate()
            .map(|(i, &h)| format!("  heap {}: {}", i + 1, "o ".repeat(h as usize).trim_end()))
            .collect();
        format!("\n{}\n", rows.join("\n"))
    }
}

/// The position to work on: the start, or `--from`, then `--moves`.
pub fn position<G: Game>(
    start: &G,
    from: Option<&str>,
    moves: Option<&str>,
) -> Result<G, CliError> {
    let state = match from {
        Some(text) => start.parse_position(text)?,
        None => start.clone(),
    };
    let moves = split_moves(moves.unwrap_or(""))?;
    Ok(state.play_notation(moves.iter().map(String::as_str))?)
}

/// Splits a `--moves` list at commas outside parentheses (AIND moves are `(row,col)`).
pub fn split_moves(text: &str) -> Result<Vec<String>, CliError> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let parts = split_top_level(text).ok_or_else(|| {
        CliError::new(format!(
            "bad move list `{text}`: expected M1,M2,... with balanced parentheses"
        ))
    })?;
    parts
        .into_iter()
        .map(|m| {
            let m = m.trim();
            if m.is_empty() {
                Err(CliError::new(format!(
                    "bad move list `{text}`: expected M1,M2,... with no empty move"
                )))
            } else {
                Ok(m.to_string())
            }
        })
        .collect()
}
