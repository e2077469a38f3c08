//! What front ends show of a position (the board drawing and the JSON fields of `ply replay
//! --json`), and which evaluators agent specs may name.

use crate::{Heuristic, Onitama};
use ply_search::describe::{Actions, Describe, NamedEvaluators};
use ply_search::picture::{BoardView, Mark};
use ply_search::{Game, NotationError, Player};
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

    fn move_format(&self) -> String {
        let example = self.legal_moves().first().map(|&mv| self.format_move(mv));
        format!(
            "card:FROM-TO with squares as on the board's edges, e.g. {}; pass:CARD when no piece can move",
            example.as_deref().unwrap_or("frog:B1-A2")
        )
    }

    fn end_reason(&self) -> Option<String> {
        if let Some(winner) = self.winner() {
            let loser = winner.other();
            return Some(if self.master(loser).is_none() {
                format!(
                    "player {} captured player {}'s master",
                    winner.index(),
                    loser.index()
                )
            } else {
                format!(
                    "player {}'s master reached the opposing temple arch",
                    winner.index()
                )
            });
        }
        self.drawn()
            .then(|| format!("a draw: the limit of {} plies was reached", self.ply()))
    }

    /// The board as drawn (rank 5 at the top): pawns and masters; and five 5x5 planes of
    /// the cards' moves drawn around the centre square as their holder moves on this board
    /// (own two cards, the opponent's two, then the side card, drawn for the player to move,
    /// who takes it next).
    fn board_view(&self, player: Player) -> Option<BoardView> {
        let mut cells = vec![Mark::Empty; 25];
        for owner in [Player::P0, Player::P1] {
            let pieces = self.pieces(owner);
            for (sq, cell) in cells.iter_mut().enumerate() {
                if pieces >> sq & 1 == 1 {
                    let kind = u8::from(self.master(owner) == Some(sq as u8));
                    *cell = Mark::Piece { owner, kind };
                }
            }
        }
        let pattern = |card: crate::Card, holder: Player| {
            let mut plane = vec![0.0f32; 25];
            for &(dx, dy) in card.def().offsets {
                let (row, col) = if holder == Player::P0 {
                    (2 - i32::from(dy), 2 + i32::from(dx))
                } else {
                    (2 + i32::from(dy), 2 - i32::from(dx))
                };
                if (0..5).contains(&row) && (0..5).contains(&col) {
                    plane[(row * 5 + col) as usize] = 1.0;
                }
            }
            plane
        };
        let opponent = player.other();
        let [own_a, own_b] = self.hand(player);
        let [opp_a, opp_b] = self.hand(opponent);
        let mut view = BoardView::new(5, 5, cells);
        view.kinds = 2;
        view.kind_names = vec!["pawn", "master"];
        view.extra = vec![
            (format!("own card {}", own_a.slug()), pattern(own_a, player)),
            (format!("own card {}", own_b.slug()), pattern(own_b, player)),
            (
                format!("opponent card {}", opp_a.slug()),
                pattern(opp_a, opponent),
            ),
            (
                format!("opponent card {}", opp_b.slug()),
                pattern(opp_b, opponent),
            ),
            (
                format!("side card {}", self.side_card().slug()),
                pattern(self.side_card(), self.to_move()),
            ),
        ];
        view.column_labels = ["A", "B", "C", "D", "E"].map(String::from).to_vec();
        view.row_labels = (1..=5).rev().map(|r| r.to_string()).collect();
        let hand = |p: Player| self.hand(p).map(|c| c.slug()).join(", ");
        view.caption = vec![
            format!("player 0 (W): {}", hand(Player::P0)),
            format!("player 1 (B): {}", hand(Player::P1)),
            format!("side: {}", self.side_card().slug()),
        ];
        let diagram = |card: crate::Card, holder: Player, owner: Option<Player>, note: String| {
            ply_search::picture::Diagram {
                title: card.slug(),
                owner,
                note,
                width: 5,
                height: 5,
                centre: 12,
                marked: pattern(card, holder).iter().map(|&v| v > 0.0).collect(),
            }
        };
        for owner in [Player::P0, Player::P1] {
            for card in self.hand(owner) {
                view.diagrams
                    .push(diagram(card, owner, Some(owner), String::new()));
            }
        }
        let next = self.to_move();
        view.diagrams.push(diagram(
            self.side_card(),
            next,
            None,
            format!("side card: player {} takes it next", next.index()),
        ));
        Some(view)
    }
}
