//! The rules: the state, its moves and how a move changes it.

use crate::board::{
    first_direction, movable, setup_order, Cell, CELLS, CUBES, CUBE_KEYS, NO_CELL, START_CELLS,
    STEPS, TARGET,
};
use ply_search::Player;

/// A move: a setup or a roll (chance outcomes) or a cube's step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EwnMove {
    /// The side to set up places its cubes in the order numbered so (0 to 719, OpenSpiel's
    /// numbering: lexicographic, 0 is 1 2 3 4 5 6 in the corner's cells row by row).
    Setup(u16),
    /// The die shows this face, 1 to 6.
    Roll(u8),
    /// The cube on `from` steps in direction `dir` (0 to 5, OpenSpiel's order: black's
    /// diagonal, down, right; white's up, diagonal, left).
    Step {
        /// The cell the cube leaves.
        from: Cell,
        /// The direction, an index into the six directions.
        dir: u8,
    },
}

/// What happens next in a game that is not over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Chance places the cubes of the player to move.
    Setup,
    /// The die is rolled for the player to move.
    Roll,
    /// The player to move steps a cube the die allows.
    Step,
}

/// A position of EinStein würfelt nicht.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Einstein {
    /// What stands on each cell: 0 empty, `v` black's cube `v`, `6 + v` white's cube `v`.
    pub(crate) cells: [u8; CELLS],
    /// The values each side still has on the board, bit `v - 1` for cube `v`.
    pub(crate) present: [u8; 2],
    /// The cell of each side's cube `v` at `[side][v - 1]`, [`NO_CELL`] once captured or before
    /// the setup: move generation finds the cubes a roll allows without scanning the board.
    pub(crate) place: [[Cell; CUBES]; 2],
    pub(crate) phase: Phase,
    pub(crate) mover: Player,
    /// The face rolled for the step to come; 0 outside [`Phase::Step`].
    pub(crate) die: u8,
    pub(crate) winner: Option<Player>,
    pub(crate) ply: u32,
    /// The cubes' hash; the phase, mover and die are mixed in by [`Game::key`].
    pub(crate) cube_key: u64,
}

impl Default for Einstein {
    fn default() -> Self {
        Einstein::new()
    }
}

impl Einstein {
    /// The start: an empty board, black's setup to be drawn.
    pub fn new() -> Einstein {
        Einstein {
            cells: [0; CELLS],
            present: [0; 2],
            place: [[NO_CELL; CUBES]; 2],
            phase: Phase::Setup,
            mover: Player::P0,
            die: 0,
            winner: None,
            ply: 0,
            cube_key: 0,
        }
    }

    /// The cube on `cell`: its owner and number, if one stands there.
    pub fn cube(&self, cell: Cell) -> Option<(Player, u8)> {
        match self.cells[cell as usize] {
            0 => None,
            v @ 1..=6 => Some((Player::P0, v)),
            v => Some((Player::P1, v - 6)),
        }
    }

    /// The numbers of the cubes `player` still has, bit `v - 1` for cube `v`.
    pub fn cubes_left(&self, player: Player) -> u8 {
        self.present[player.index()]
    }

    /// The cell of `player`'s cube numbered `value`, if it is still on the board.
    pub fn cell_of(&self, player: Player, value: u8) -> Option<Cell> {
        let cell = self.place[player.index()][value as usize - 1];
        (cell != NO_CELL).then_some(cell)
    }

    /// What comes next (meaningless once the game is over).
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The face rolled for the step to come.
    pub fn die(&self) -> Option<u8> {
        (self.die > 0).then_some(self.die)
    }

    /// The position built from its parts, checked: `None` if the cubes break the rules (a
    /// value twice, a setup with cubes of the side to set up already placed...). Used by the
    /// notation.
    pub(crate) fn from_parts(
        cells: [u8; CELLS],
        phase: Phase,
        mover: Player,
        die: u8,
        ply: u32,
    ) -> Option<Einstein> {
        let mut present = [0u8; 2];
        let mut place = [[NO_CELL; CUBES]; 2];
        let mut cube_key = 0;
        for (cell, &code) in cells.iter().enumerate() {
            if code == 0 {
                continue;
            }
            let side = usize::from(code > 6);
            let value = code - 6 * side as u8;
            if present[side] & 1 << (value - 1) != 0 {
                return None;
            }
            present[side] |= 1 << (value - 1);
            place[side][value as usize - 1] = cell as Cell;
            cube_key ^= CUBE_KEYS[side][value as usize - 1][cell];
        }
        let set_up = |side: usize| present[side] != 0;
        let corner_full = |side: usize| {
            START_CELLS[side]
                .iter()
                .all(|&c| cells[c as usize] != 0 && usize::from(cells[c as usize] > 6) == side)
        };
        match phase {
            // Black is set up first, on an empty board; then white, beside black's full corner.
            Phase::Setup if mover == Player::P0 && (set_up(0) || set_up(1)) => return None,
            Phase::Setup if mover == Player::P1 && (set_up(1) || !corner_full(0)) => return None,
            Phase::Roll | Phase::Step if !set_up(0) && !set_up(1) => return None,
            _ => {}
        }
        let die_fits = match phase {
            Phase::Step => (1..=6).contains(&die),
            _ => die == 0,
        };
        if !die_fits {
            return None;
        }
        let mut state = Einstein {
            cells,
            present,
            place,
            phase,
            mover,
            die,
            winner: None,
            ply,
            cube_key,
        };
        if phase != Phase::Setup {
            let black_home = cells[TARGET[0] as usize];
            let white_home = cells[TARGET[1] as usize];
            let black_won = (1..=6).contains(&black_home) || present[1] == 0;
            let white_won = white_home > 6 || present[0] == 0;
            state.winner = match (black_won, white_won) {
                (true, true) => return None,
                (true, false) => Some(Player::P0),
                (false, true) => Some(Player::P1),
                (false, false) => None,
            };
            // A finished game waits for no step.
            if state.winner.is_some() && phase == Phase::Step {
                return None;
            }
        }
        Some(state)
    }

    /// Plays `mv` in place (what [`Game::play`] does to its copy, and the playouts to their
    /// one state).
    #[inline]
    pub(crate) fn apply(&mut self, mv: EwnMove) {
        self.ply += 1;
        let side = self.mover.index();
        match mv {
            EwnMove::Setup(index) => {
                let order = setup_order(index);
                for (cell, value) in START_CELLS[side].into_iter().zip(order) {
                    self.put(cell, value + 6 * side as u8);
                }
                // Black's setup is followed by white's; white's by the first roll, white's.
                self.mover = Player::P1;
                self.phase = if side == 0 { Phase::Setup } else { Phase::Roll };
            }
            EwnMove::Roll(face) => {
                self.die = face;
                self.phase = Phase::Step;
            }
            EwnMove::Step { from, dir } => {
                let to = STEPS[from as usize][dir as usize];
                debug_assert!(to != NO_CELL, "a legal step stays on the board");
                let code = self.cells[from as usize];
                self.put(from, 0);
                self.put(to, code);
                let opponent = self.mover.other();
                if to == TARGET[side] || self.present[opponent.index()] == 0 {
                    self.winner = Some(self.mover);
                }
                self.die = 0;
                self.phase = Phase::Roll;
                self.mover = opponent;
            }
        }
    }

    fn put(&mut self, cell: Cell, code: u8) {
        let old = self.cells[cell as usize];
        if old != 0 {
            let side = usize::from(old > 6);
            let value = old - 6 * side as u8;
            self.present[side] &= !(1 << (value - 1));
            self.place[side][value as usize - 1] = NO_CELL;
            self.cube_key ^= CUBE_KEYS[side][value as usize - 1][cell as usize];
        }
        self.cells[cell as usize] = code;
        if code != 0 {
            let side = usize::from(code > 6);
            let value = code - 6 * side as u8;
            self.present[side] |= 1 << (value - 1);
            self.place[side][value as usize - 1] = cell;
            self.cube_key ^= CUBE_KEYS[side][value as usize - 1][cell as usize];
        }
    }

    /// The cells of the (one or two) cubes the die lets the player to move step, in cell
    /// order (OpenSpiel's order), and how many there are.
    #[inline]
    fn movable_cells(&self) -> ([Cell; 2], usize) {
        let side = self.mover.index();
        let mut values = movable(self.present[side], self.die);
        let mut cells = [NO_CELL; 2];
        let mut count = 0;
        while values != 0 {
            cells[count] = self.place[side][values.trailing_zeros() as usize];
            count += 1;
            values &= values - 1;
        }
        if count == 2 && cells[1] < cells[0] {
            cells.swap(0, 1);
        }
        (cells, count)
    }

    /// The steps of the player to move, in OpenSpiel's order, each passed to `visit`.
    #[inline]
    pub(crate) fn for_each_step(&self, mut visit: impl FnMut(EwnMove)) {
        let first = first_direction(self.mover);
        let (cells, count) = self.movable_cells();
        for &from in &cells[..count] {
            for dir in first..first + 3 {
                if STEPS[from as usize][dir as usize] != NO_CELL {
                    visit(EwnMove::Step { from, dir });
                }
            }
        }
    }
}
