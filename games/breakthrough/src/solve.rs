//! The solver's hooks: wins one or two plies away settled without search, and a move order
//! for proofs (captures, then the most advanced steps).

use crate::Breakthrough;
use crate::Move;
use ply_search::score::{loss_in, win_in};
use ply_search::solver::Solvable;
use ply_search::{Game, Score};

impl Breakthrough {
    /// The exact value for the side to move when one or two plies settle it, else `None`:
    /// - a piece of the side to move one row from its goal wins next move (one of its
    ///   diagonal steps always stays on the board and lands on an empty cell or a capture);
    /// - otherwise, opposing pieces one row from their goal win on the reply unless the side
    ///   to move takes them first: two of them, or one it cannot capture, lose in two.
    pub fn near_end_value(&self) -> Option<Score> {
        let me = self.to_move();
        let g = self.geometry();
        if self.pieces(me) & g.last_step[me.side()] != 0 {
            return Some(win_in(1));
        }
        let runners = self.pieces(me.other()) & g.last_step[me.other().index()];
        if runners == 0 {
            return None;
        }
        let stoppable = runners.count_ones() == 1 && self.attackers(me, runners) != 0;
        (!stoppable).then(|| loss_in(2))
    }
}

impl Solvable for Breakthrough {
    fn settled_value(&self) -> Option<Score> {
        self.near_end_value()
    }

    /// Captures first, then steps nearer the goal.
    fn order_key(&self, mv: Move) -> u32 {
        if self.is_capture(mv) {
            0
        } else {
            1 + self
                .geometry()
                .rows_to_goal(self.to_move().index(), mv.to / 8) as u32
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_runner_one_row_from_the_goal_wins_next_move() {
        let start = Breakthrough::from_spec("breakthrough(width=4,height=5)").unwrap();
        let position = start.parse_position("bbbb/3w/4/4/w3 w").unwrap();
        assert_eq!(position.near_end_value(), Some(win_in(1)));
        assert!(position
            .legal_moves()
            .iter()
            .any(|&mv| position.play(mv).is_terminal()));
    }

    #[test]
    fn an_uncapturable_runner_wins_on_the_reply() {
        let start = Breakthrough::from_spec("breakthrough(width=4,height=5)").unwrap();
        // Black's piece on b2 is one row from rank 1; White's piece on d1 cannot reach it.
        let position = start.parse_position("4/4/4/1b2/3w w").unwrap();
        assert_eq!(position.near_end_value(), Some(loss_in(2)));
        // With White on a1, a1xb2 stops it.
        let position = start.parse_position("4/4/4/1b2/w3 w").unwrap();
        assert_eq!(position.near_end_value(), None);
    }
}
