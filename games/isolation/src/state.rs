//! The game state, with the original's Python API and the [`Game`] implementation.

use crate::{Cells, Rules, Variant};
use ply_search::{Game, NotationError, Outcome, Player};
use std::hash::{Hash, Hasher};

use crate::variant::UNPLACED;

/// A move: the cell the mover's knight lands on (its opening cell, or a knight's move away).
///
/// The original names moves by an action integer (a cell while opening, an offset afterwards);
/// [`Game::format_move`] and [`Game::parse_move`] speak that notation. Naming the target cell
/// inside the engine keeps moves independent of where the knight stands, which the search's
/// move-ordering tables rely on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(pub u8);

impl Move {
    /// The target cell.
    #[inline]
    pub fn cell(self) -> u8 {
        self.0
    }
}

/// A knight Isolation state: the original's immutable `(board, ply_count, locs)` triple plus
/// its variant (board size and rules).
///
/// `Isolation::udacity()` is the Python `Isolation()`, and the methods named after the
/// original's (`actions`, `result`, `liberties`, `terminal_test`, `utility`, `player`) behave
/// exactly like them, quirks included (see [`Rules::Udacity`]):
///
/// ```
/// use ply_isolation::Isolation;
/// let state = Isolation::udacity();
/// assert_eq!(state.board(), 41523161203939122082683632224299007);
/// assert_eq!(state.liberties(Some(57)), vec![82, 68, 42, 30, 32, 46, 72, 84]);
/// let state = state.result(57).unwrap().result(0).unwrap();
/// assert_eq!(state.board(), 41523161203939121938568444148443134);
/// assert_eq!(state.locs(), [Some(57), Some(0)]);
/// // All eight knight moves from the centre (the seed's printout shows only the first five).
/// assert_eq!(state.actions(), vec![25, 11, -15, -27, -25, -11, 15, 27]);
/// assert_eq!(state.player(), 0);
/// assert!(!state.terminal_test());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Isolation {
    pub(crate) board: Cells,
    pub(crate) ply: u32,
    /// Both locations packed: player 0's cell in the low byte, player 1's in the high byte
    /// (an array indexed by the mover would go through memory on every move).
    pub(crate) locs: u16,
    pub(crate) variant: &'static Variant,
}

impl PartialEq for Isolation {
    fn eq(&self, other: &Isolation) -> bool {
        self.board == other.board
            && self.ply == other.ply
            && self.locs == other.locs
            && std::ptr::eq(self.variant, other.variant)
    }
}

impl Eq for Isolation {}

impl Hash for Isolation {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.board.hash(state);
        self.locs.hash(state);
        self.ply.hash(state);
    }
}

impl Isolation {
    /// The empty board of `variant`, player 0 to move, nobody placed.
    pub fn new(variant: &'static Variant) -> Isolation {
        Isolation {
            board: variant.blank,
            ply: 0,
            locs: pack([UNPLACED; 2]),
            variant,
        }
    }

    /// The Python `Isolation()`: Udacity's 11x9 board and rules.
    pub fn udacity() -> Isolation {
        Isolation::new(Variant::udacity())
    }

    /// A state from the original's fields, checked: `board` holds only cells of the board;
    /// each location is a blocked cell; nobody is placed at ply 0, only player 0 at ply 1, and
    /// both from ply 2 on.
    ///
    /// ```
    /// use ply_isolation::{Isolation, Variant};
    /// let v = Variant::udacity();
    /// let s = Isolation::from_parts(v, 41523161203939121938568444148443134, 2, [Some(57), Some(0)]);
    /// assert_eq!(s.unwrap(), Isolation::udacity().result(57).unwrap().result(0).unwrap());
    /// let open_cell = Isolation::from_parts(v, 41523161203939122082683632224299007, 1, [Some(57), None]);
    /// assert_eq!(open_cell.unwrap_err().to_string(),
    ///     "bad position `locs=(57, None)`: expected locations on blocked cells (cell 57 is open)");
    /// ```
    pub fn from_parts(
        variant: &'static Variant,
        board: u128,
        ply_count: u32,
        locs: [Option<u8>; 2],
    ) -> Result<Isolation, NotationError> {
        let show_locs = || {
            let show = |l: Option<u8>| l.map_or("None".to_string(), |c| c.to_string());
            format!("locs=({}, {})", show(locs[0]), show(locs[1]))
        };
        let board = Cells(board);
        let outside = board - variant.blank;
        if !outside.is_empty() {
            return Err(NotationError::new(
                "position",
                format!("board={}", board.0),
                format!(
                    "bits only on the {}x{} board's cells (bit {} is a border or beyond the board)",
                    variant.width,
                    variant.height,
                    outside.first().unwrap_or(0)
                ),
            ));
        }
        for loc in locs.into_iter().flatten() {
            if !variant.is_cell(loc) {
                return Err(NotationError::new(
                    "position",
                    show_locs(),
                    format!("locations that are cells of the board ({loc} is not)"),
                ));
            }
            if board.contains(loc) {
                return Err(NotationError::new(
                    "position",
                    show_locs(),
                    format!("locations on blocked cells (cell {loc} is open)"),
                ));
            }
        }
        let consistent = match locs {
            [None, None] => ply_count == 0,
            [Some(_), None] => ply_count == 1,
            [Some(a), Some(b)] => ply_count >= 2 && a != b,
            [None, Some(_)] => false,
        };
        if !consistent {
            return Err(NotationError::new(
                "position",
                format!("ply_count={ply_count}, {}", show_locs()),
                "nobody placed at ply 0, only player 0 at ply 1, both (on different cells) from ply 2",
            ));
        }
        Ok(Isolation {
            board,
            ply: ply_count,
            locs: pack(locs.map(|l| l.unwrap_or(UNPLACED))),
            variant,
        })
    }

    /// The variant (board size and rules).
    #[inline]
    pub fn variant(&self) -> &'static Variant {
        self.variant
    }

    /// The original's `board`: bit set = open cell.
    #[inline]
    pub fn board(&self) -> u128 {
        self.board.0
    }

    /// The open cells.
    #[inline]
    pub fn open_cells(&self) -> Cells {
        self.board
    }

    /// The original's `ply_count`.
    #[inline]
    pub fn ply_count(&self) -> u32 {
        self.ply
    }

    /// The original's `locs`: each player's cell, `None` while not placed.
    #[inline]
    pub fn locs(&self) -> [Option<u8>; 2] {
        [self.raw_loc(0), self.raw_loc(1)].map(|l| (l != UNPLACED).then_some(l))
    }

    /// A player's cell, `None` while not placed.
    #[inline]
    pub fn loc(&self, player: Player) -> Option<u8> {
        let l = self.raw_loc(player.index());
        (l != UNPLACED).then_some(l)
    }

    /// A player's cell, or [`UNPLACED`].
    #[inline]
    pub(crate) fn raw_loc(&self, player: usize) -> u8 {
        (self.locs >> (player * 8)) as u8
    }

    /// The original's `player()`: `ply_count % 2`.
    #[inline]
    pub fn player(&self) -> usize {
        (self.ply % 2) as usize
    }

    /// The open cells a knight at `loc` could move to; all open cells when `loc` is `None`
    /// (a player not yet placed may open anywhere).
    #[inline]
    pub fn liberty_cells(&self, loc: Option<u8>) -> Cells {
        match loc {
            None => self.board,
            Some(cell) => self.variant.knight_moves(cell) & self.board,
        }
    }

    /// A player's liberties as a set.
    #[inline]
    pub(crate) fn player_liberties(&self, player: usize) -> Cells {
        self.variant.knight[self.raw_loc(player) as usize & 127] & self.board
    }

    /// The original's `liberties(loc)`: open cells a knight's move from `loc`, in action order
    /// (all open cells, ascending, when `loc` is `None`).
    pub fn liberties(&self, loc: Option<u8>) -> Vec<u8> {
        match loc {
            None => self.board.iter().collect(),
            Some(cell) => self
                .variant
                .offsets
                .iter()
                .map(|&off| cell as i32 + off as i32)
                .filter(|&t| (0..128).contains(&t) && self.board.contains(t as u8))
                .map(|t| t as u8)
                .collect(),
        }
    }

    /// Whether `player` "has liberties" as the rules' terminal test sees it. Under
    /// [`Rules::Udacity`] a liberty on cell 0 does not count (the original's `any()` quirk);
    /// under the other rules it does.
    #[inline]
    pub fn has_liberties(&self, player: usize) -> bool {
        let libs = self.player_liberties(player);
        match self.variant.rules {
            Rules::Udacity => !(libs - Cells::single(0)).is_empty(),
            Rules::Standard | Rules::Aind => !libs.is_empty(),
        }
    }

    /// The original's `actions()`: the mover's legal action integers in the original's order
    /// (cells while opening, knight offsets afterwards). Like the original, it lists the moves
    /// even in a terminal state (when only the other player is stuck); [`Game::generate_moves`]
    /// lists none there.
    pub fn actions(&self) -> Vec<i32> {
        let loc = self.loc(Player::from_index(self.player()));
        let cells = self.liberties(loc);
        match loc {
            None => cells.into_iter().map(i32::from).collect(),
            Some(from) => cells.into_iter().map(|c| c as i32 - from as i32).collect(),
        }
    }

    /// The original's `result(action)`: the state after the action, or an error if it is not
    /// one of [`Isolation::actions`].
    pub fn result(&self, action: i32) -> Result<Isolation, NotationError> {
        let target = match self.loc(Player::from_index(self.player())) {
            None => action,
            Some(from) => {
                if !self.variant.offsets.iter().any(|&off| off as i32 == action) {
                    return Err(NotationError::new(
                        "action",
                        action.to_string(),
                        format!("one of the knight offsets {:?}", self.variant.offsets),
                    ));
                }
                from as i32 + action
            }
        };
        if !(0..128).contains(&target) || !self.board.contains(target as u8) {
            return Err(NotationError::new(
                "action",
                action.to_string(),
                format!(
                    "an action whose target cell is open: one of {:?}",
                    self.actions()
                ),
            ));
        }
        Ok(self.move_to(target as u8))
    }

    /// The original's `terminal_test()`: under [`Rules::Udacity`], true as soon as EITHER
    /// player has no liberties; under the other rules, when the player to move has none.
    #[inline]
    pub fn terminal_test(&self) -> bool {
        match self.variant.rules {
            Rules::Udacity => !(self.has_liberties(0) && self.has_liberties(1)),
            Rules::Standard | Rules::Aind => !self.has_liberties(self.player()),
        }
    }

    /// The original's `utility(player_id)`: `+inf` if the player has won, `-inf` if it has
    /// lost, 0 while the game goes on.
    pub fn utility(&self, player_id: usize) -> f64 {
        match self.outcome() {
            None | Some(Outcome::Draw) => 0.0,
            Some(Outcome::Win(w)) if w.index() == player_id => f64::INFINITY,
            Some(Outcome::Win(_)) => f64::NEG_INFINITY,
        }
    }

    /// The mover's knight goes to `target` (which must be open): copy-make.
    #[inline]
    pub(crate) fn move_to(&self, target: u8) -> Isolation {
        let shift = (self.ply & 1) * 8;
        let locs = (self.locs & !(0xFF << shift)) | (target as u16) << shift;
        Isolation {
            board: self.board - Cells::single(target),
            ply: self.ply + 1,
            locs,
            variant: self.variant,
        }
    }

    /// The mover's legal targets if the game goes on, else nothing: the terminal test and
    /// move generation share the liberty masks.
    #[inline]
    pub(crate) fn mover_targets(&self) -> Cells {
        let p = (self.ply & 1) as usize;
        let mine = self.player_liberties(p);
        let stuck = match self.variant.rules {
            Rules::Udacity => {
                let theirs = self.player_liberties(p ^ 1);
                let not_zero = !1u128;
                (mine.0 & not_zero == 0) | (theirs.0 & not_zero == 0)
            }
            Rules::Standard | Rules::Aind => mine.is_empty(),
        };
        if stuck {
            Cells::EMPTY
        } else {
            mine
        }
    }

    /// The open cells a knight's move from `from`, in action order, without branches: each of
    /// the eight candidates is written and the count advances only if it is open.
    #[inline]
    pub(crate) fn knight_targets_in_order(&self, from: u8) -> ([Move; 8], usize) {
        let words = [self.board.0 as u64, (self.board.0 >> 64) as u64];
        let mut out = [Move(0); 8];
        let mut n = 0;
        for &t in &self.variant.knight_ordered[from as usize & 127] {
            out[n] = Move(t);
            n += (words[(t >> 6) as usize] >> (t & 63)) as usize & 1;
        }
        (out, n)
    }

    /// Maps the state through a cell permutation of the board (a symmetry).
    pub(crate) fn mapped(&self, map: &[u8; 128]) -> Isolation {
        let v = self.variant;
        let mut blocked = Cells::EMPTY;
        for cell in (v.blank - self.board).iter() {
            blocked |= Cells::single(map[cell as usize]);
        }
        Isolation {
            board: v.blank - blocked,
            ply: self.ply,
            locs: pack([self.raw_loc(0), self.raw_loc(1)].map(|l| {
                if l == UNPLACED {
                    l
                } else {
                    map[l as usize]
                }
            })),
            variant: v,
        }
    }
}

/// wyhash's 64x64->128 multiply-fold: one multiplication that mixes both inputs into every bit.
#[inline]
pub(crate) fn mix(a: u64, b: u64) -> u64 {
    let product = (a as u128) * (b as u128);
    (product as u64) ^ ((product >> 64) as u64)
}

/// Packs two locations into the `locs` field.
#[inline]
fn pack(locs: [u8; 2]) -> u16 {
    locs[0] as u16 | (locs[1] as u16) << 8
}
