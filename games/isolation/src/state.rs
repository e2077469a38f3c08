//! The game state, with the original's Python API and the [`Game`] implementation.

use crate::{Cells, Rules, Variant};
use ply_search::{Game, Images, MoveList, NotationError, Outcome, Player, Rng};
use std::hash::{Hash, Hasher};

/// "Not placed yet" in the `locs` array.
const UNPLACED: u8 = u8::MAX;

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
/// its variant (board size and rules) and an incrementally updated Zobrist key.
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
/// assert_eq!(state.actions(), vec![25, 11, -15, -27, -25]);
/// assert_eq!(state.player(), 0);
/// assert!(!state.terminal_test());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Isolation {
    board: Cells,
    key: u64,
    ply: u32,
    locs: [u8; 2],
    variant: &'static Variant,
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
        self.key.hash(state);
        self.ply.hash(state);
    }
}

impl Isolation {
    /// The empty board of `variant`, player 0 to move, nobody placed.
    pub fn new(variant: &'static Variant) -> Isolation {
        Isolation {
            board: variant.blank,
            key: 0,
            ply: 0,
            locs: [UNPLACED; 2],
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
        let mut state = Isolation {
            board,
            key: 0,
            ply: ply_count,
            locs: locs.map(|l| l.unwrap_or(UNPLACED)),
            variant,
        };
        state.key = state.key_from_scratch();
        Ok(state)
    }

    /// The Zobrist key computed from the fields (the incremental key must always equal it).
    pub fn key_from_scratch(&self) -> u64 {
        let v = self.variant;
        let mut key = 0;
        for cell in (v.blank - self.board).iter() {
            key ^= v.zobrist_blocked[cell as usize];
        }
        for p in 0..2 {
            if self.locs[p] != UNPLACED {
                key ^= v.zobrist_loc[p][self.locs[p] as usize];
            }
        }
        if self.ply % 2 == 1 {
            key ^= v.zobrist_p1_to_move;
        }
        key
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
        self.locs.map(|l| (l != UNPLACED).then_some(l))
    }

    /// A player's cell, `None` while not placed.
    #[inline]
    pub fn loc(&self, player: Player) -> Option<u8> {
        let l = self.locs[player.index()];
        (l != UNPLACED).then_some(l)
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
    fn player_liberties(&self, player: usize) -> Cells {
        let loc = self.locs[player];
        if loc == UNPLACED {
            self.board
        } else {
            self.variant.knight_moves(loc) & self.board
        }
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
    fn move_to(&self, target: u8) -> Isolation {
        let v = self.variant;
        let p = (self.ply & 1) as usize;
        let mut key = self.key ^ v.zobrist_blocked[target as usize] ^ v.zobrist_p1_to_move;
        let old = self.locs[p];
        if old != UNPLACED {
            key ^= v.zobrist_loc[p][old as usize];
        }
        key ^= v.zobrist_loc[p][target as usize];
        let mut locs = self.locs;
        locs[p] = target;
        Isolation {
            board: self.board - Cells::single(target),
            key,
            ply: self.ply + 1,
            locs,
            variant: v,
        }
    }

    /// The mover's legal targets if the game goes on, else nothing.
    #[inline]
    fn mover_targets(&self) -> Cells {
        if self.terminal_test() {
            Cells::EMPTY
        } else {
            self.player_liberties(self.player())
        }
    }

    /// Maps the state through a cell permutation of the board (a symmetry).
    fn mapped(&self, map: &[u8; 128]) -> Isolation {
        let v = self.variant;
        let mut blocked = Cells::EMPTY;
        for cell in (v.blank - self.board).iter() {
            blocked |= Cells::single(map[cell as usize]);
        }
        let mut image = Isolation {
            board: v.blank - blocked,
            key: 0,
            ply: self.ply,
            locs: self
                .locs
                .map(|l| if l == UNPLACED { l } else { map[l as usize] }),
            variant: v,
        };
        image.key = image.key_from_scratch();
        image
    }
}

impl Game for Isolation {
    type Move = Move;

    #[inline]
    fn to_move(&self) -> Player {
        Player::from_index(self.player())
    }

    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        let targets = self.mover_targets();
        if targets.is_empty() {
            return;
        }
        match (self.variant.rules, self.loc(self.to_move())) {
            // AIND lists (row, col) in lexicographic order: descending cell index.
            (Rules::Aind, _) => moves.extend(targets.iter().rev().map(Move)),
            (_, None) => moves.extend(targets.iter().map(Move)),
            (_, Some(from)) => {
                for off in self.variant.offsets {
                    let t = from as i32 + off as i32;
                    if (0..128).contains(&t) && targets.contains(t as u8) {
                        moves.push(Move(t as u8));
                    }
                }
            }
        }
    }

    #[inline]
    fn play(&self, mv: Move) -> Isolation {
        debug_assert!(self.board.contains(mv.0), "move to a blocked cell");
        self.move_to(mv.0)
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.terminal_test() {
            return None;
        }
        let mover = self.to_move();
        // The player to move wins iff it still has a liberty (rules' view).
        Some(if self.has_liberties(mover.index()) {
            Outcome::Win(mover)
        } else {
            Outcome::Win(mover.other())
        })
    }

    #[inline]
    fn is_terminal(&self) -> bool {
        self.terminal_test()
    }

    #[inline]
    fn move_count(&self) -> usize {
        self.mover_targets().len() as usize
    }

    #[inline]
    fn random_move(&self, rng: &mut Rng) -> Option<Move> {
        let targets = self.mover_targets();
        let n = targets.len();
        if n == 0 {
            return None;
        }
        if n > 16 {
            // Opening: rejection sampling over the cell indices is uniform and fast.
            let span = 128 - targets.0.leading_zeros() as u64;
            loop {
                let cell = rng.below(span) as u8;
                if targets.contains(cell) {
                    return Some(Move(cell));
                }
            }
        }
        Some(Move(targets.nth(rng.below(n as u64) as u32)))
    }

    #[inline]
    fn key(&self) -> u64 {
        self.key
    }

    #[inline]
    fn ply(&self) -> u32 {
        self.ply
    }

    fn format_move(&self, mv: Move) -> String {
        crate::notation::format_move(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        crate::notation::parse_move(self, text)
    }

    fn position(&self) -> String {
        crate::notation::format_position(self)
    }

    fn parse_position(&self, text: &str) -> Result<Isolation, NotationError> {
        crate::notation::parse_position(self.variant, text)
    }

    /// Rotations and reflections of the board. None under [`Rules::Udacity`], whose cell-0
    /// quirk makes one corner special (the images could have other values).
    fn symmetric_images(&self) -> Images<Isolation> {
        let mut images = Images::new();
        images.push(*self);
        if self.variant.rules != Rules::Udacity {
            for map in &self.variant.symmetries[1..] {
                images.push(self.mapped(map));
            }
        }
        images
    }

    fn max_game_length(&self) -> Option<u32> {
        Some(self.board.len())
    }
}
