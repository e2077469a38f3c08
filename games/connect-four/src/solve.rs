//! The exact solver's hooks for Connect Four: the forced endings Pons' solver settles without
//! search, his move order, and his score convention.

use crate::state::{four_makers, ConnectFour, Move};
use ply_search::score::{self, Score};
use ply_search::solver::Solvable;
use ply_search::{Game, MoveList};

impl ConnectFour {
    /// The cells the player to move can play without handing the opponent an immediate win:
    /// the one cell that blocks a single playable threat, else every playable cell that is not
    /// just below a threat of the opponent's. Empty when every move loses at once (and when the
    /// mover must block two threats: then the one cell is not enough, see
    /// [`Solvable::settled_value`]).
    #[inline]
    pub fn non_losing_moves(&self) -> u64 {
        let playable = self.playable();
        let theirs = self.threats(self.to_move().other());
        let forced = playable & theirs;
        if forced.count_ones() > 1 {
            return 0;
        }
        let candidates = if forced != 0 { forced } else { playable };
        candidates & !(theirs >> 1)
    }

    /// The forced ending of an unfinished position (a win in one, or a loss in two), or
    /// else its non-losing moves ([`ConnectFour::non_losing_moves`], not empty): what both
    /// [`Solvable::settled_value`] and [`Solvable::settled_value_or_moves`] ask.
    #[inline]
    fn forced_ending_or_safe_cells(&self) -> Result<u64, Score> {
        if self.can_win_now() {
            return Err(score::win_in(1));
        }
        match self.non_losing_moves() {
            0 => Err(score::loss_in(2)),
            cells => Ok(cells),
        }
    }

    /// Pascal Pons' score of an exact solver value for the side to move here (counted from
    /// here): a win with the mover's `k`-th stone from now scores the stones the mover has left
    /// unplayed after it, plus one; a loss is the negative of the opponent's score; a draw is 0.
    /// `None` for a value without a known distance.
    ///
    /// ```
    /// use ply_connect_four::ConnectFour;
    /// use ply_search::score;
    /// let start = ConnectFour::standard();
    /// assert_eq!(start.pons_score(score::win_in(1)), Some(21)); // a win with the first stone
    /// assert_eq!(start.pons_score(score::win_in(41)), Some(1)); // with the 21st, the last
    /// assert_eq!(start.pons_score(score::loss_in(2)), Some(-21));
    /// assert_eq!(start.pons_score(0), Some(0));
    /// ```
    pub fn pons_score(&self, value: Score) -> Option<i32> {
        if value == 0 {
            return Some(0);
        }
        let plies = score::plies_to_result(value)? as i32;
        let cells = self.geometry().board.count_ones() as i32;
        let left = (cells + 2 - self.stones_played() as i32 - plies) / 2;
        Some(if value > 0 { left } else { -left })
    }
}

impl Solvable for ConnectFour {
    /// A win with the next stone, or a loss the mover cannot stop: two threats to block, or
    /// every move hands the opponent four.
    fn settled_value(&self) -> Option<Score> {
        self.forced_ending_or_safe_cells().err()
    }

    /// Only the moves that do not hand the opponent four at once (Pons' "non-losing moves"),
    /// when there is one: the others lose in two plies, sooner than any of these.
    fn solver_moves(&self, moves: &mut MoveList<Move>) {
        if self.is_terminal() {
            return;
        }
        let cells = match self.non_losing_moves() {
            0 => self.playable(),
            some => some,
        };
        self.push_columns(cells, moves);
    }

    /// Pons' order: the moves that leave the mover the most cells that would complete a four
    /// first, then the centre columns first.
    #[inline]
    fn order_key(&self, mv: Move) -> u32 {
        let g = self.geometry();
        let cell = self.playable() & g.column_mask(mv.0);
        let mine = self.stones(self.to_move()) | cell;
        let threats = four_makers(mine, g.column_bits) & g.board & !(self.occupied() | cell);
        let off_centre = (2 * mv.0 as i32 - (g.width as i32 - 1)).unsigned_abs();
        (64 - threats.count_ones()) << 4 | off_centre
    }

    /// Positions recur often by other move orders down to a few plies from the end: the
    /// table pays down to 6 plies left (BENCHMARKS.md, Pons' classes).
    const TABLE_MIN_PLIES_LEFT: u32 = 6;

    /// A few bitboard operations settle a position: cheaper than a probe that misses.
    const SETTLE_BEFORE_TABLE: bool = true;

    /// A win, a loss or a draw, on a board of known size; many test positions end quickly.
    const DISTANCE_FROM_BOTH_ENDS: bool = true;

    /// At most seven moves, each a few bit operations.
    const PREFETCH_CHILDREN: bool = true;

    /// Unsettled, the mover cannot win at once, and plays only moves that do not hand the
    /// opponent four: its win is 3 plies away at the soonest, its loss 4.
    const EARLIEST_RESULTS_UNSETTLED: (u32, u32) = (3, 4);

    /// [`Solvable::settled_value`] and [`Solvable::solver_moves`] from one computation of
    /// the opponent's threats.
    #[inline]
    fn settled_value_or_moves(&self, moves: &mut MoveList<Move>) -> Option<Score> {
        if self.is_terminal() {
            return None;
        }
        match self.forced_ending_or_safe_cells() {
            Err(value) => Some(value),
            Ok(cells) => {
                self.push_columns(cells, moves);
                None
            }
        }
    }

    const SCORE_CONVENTION: &'static str = "Pons score";

    /// Pons' score ([`ConnectFour::pons_score`]) of a strong solve, and, as his weak solver
    /// answers, 1, 0 or -1 for a weak one.
    fn conventional_score(&self, value: Score, exact_distance: bool) -> Option<i32> {
        if exact_distance {
            self.pons_score(value)
        } else {
            Some(value.signum())
        }
    }
}
