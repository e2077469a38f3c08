//! Queen Isolation under the `Game` trait: the rules of the state in [`crate::state`], written in the
//! notation of [`crate::notation`]. Apart from both, so that neither imports the other.

use crate::state::Move;
use crate::{QueenIsolation, Rules};
use ply_search::{ErrorKind, Game, Images, MoveList, NotationError, Outcome, Player, SearchHints};

impl Game for QueenIsolation {
    type Move = Move;

    #[inline]
    fn to_move(&self) -> Player {
        Player::from_index(self.ply as usize)
    }

    /// The terminal test and the move list share the mover's liberties.
    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        let mover = self.to_move();
        let mine = self.liberty_cells(mover);
        let over = match self.variant.rules {
            Rules::Udacity => mine == 0 || self.liberty_cells(mover.other()) == 0,
            Rules::Standard => mine == 0,
        };
        if !over {
            self.moves_in_order(mover, mine, moves);
        }
    }

    #[inline]
    fn play(&self, mv: Move) -> Self {
        self.move_to(mv.0)
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.terminal_test() {
            return None;
        }
        let mover = self.to_move();
        Some(if self.liberty_cells(mover) != 0 {
            Outcome::Win(mover)
        } else {
            Outcome::Win(mover.other())
        })
    }

    fn is_terminal(&self) -> bool {
        self.terminal_test()
    }

    fn key(&self) -> u64 {
        let extra = self.locs as u64 | ((self.ply & 1) as u64) << 16;
        let x =
            (self.open ^ 0xA076_1D64_78BD_642F) as u128 * (extra ^ 0xE703_7ED1_A0B4_28DB) as u128;
        (x as u64) ^ ((x >> 64) as u64)
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn format_move(&self, mv: Move) -> String {
        let (x, y) = mv.xy();
        format!("({x},{y})")
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        let bad = || {
            NotationError::new(
                "move",
                text.trim(),
                format!(
                    "(x,y), one of {}",
                    self.get_legal_moves()
                        .iter()
                        .map(|(x, y)| format!("({x},{y})"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )
        };
        let inner = text
            .trim()
            .strip_prefix('(')
            .and_then(|t| t.strip_suffix(')'))
            .ok_or_else(bad)?;
        let (x, y) = inner.split_once(',').ok_or_else(bad)?;
        let (x, y): (u8, u8) = (
            x.trim().parse().map_err(|_| bad())?,
            y.trim().parse().map_err(|_| bad())?,
        );
        if x >= 8 || y >= 8 {
            return Err(bad());
        }
        let mv = Move(8 * y + x);
        if self.legal_moves().contains(&mv) {
            Ok(mv)
        } else {
            Err(bad().with_kind(ErrorKind::IllegalMove))
        }
    }

    fn position(&self) -> String {
        crate::notation::format_position(self)
    }

    fn parse_position(&self, text: &str) -> Result<Self, NotationError> {
        crate::notation::parse_position(self.variant, text)
    }

    /// The board's rotations and reflections (8 for a square, 4 for a rectangle).
    fn symmetric_images(&self) -> Images<Self> {
        let mut images = Images::new();
        images.push(*self);
        for map in &self.variant.symmetries[1..] {
            images.push(self.mapped(map));
        }
        images
    }

    fn max_game_length(&self) -> Option<u32> {
        Some(self.open.count_ones())
    }
}

impl SearchHints for QueenIsolation {
    fn move_count(&self) -> usize {
        if self.terminal_test() {
            0
        } else {
            self.liberty_cells(self.to_move()).count_ones() as usize
        }
    }

    const MOVE_INDEX_SPACE: usize = 64;

    fn move_index(mv: Move) -> usize {
        mv.0 as usize & 63
    }
}
