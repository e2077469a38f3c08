//! The rules as a [`Game`]: the chance of the setups and the die, the moves in OpenSpiel's
//! order, the end, the notation's entry points and the playouts' fast paths.

use crate::board::{Cell, CELLS, SETUPS, START_CELLS, TARGET};
use crate::rules::{Einstein, EwnMove, Phase};
use ply_search::chance::{Chance, ChanceList};
use ply_search::{Game, MoveList, NotationError, Outcome, Player};

impl Game for Einstein {
    type Move = EwnMove;

    const HAS_CHANCE: bool = true;

    /// At a chance node, the player the setup or the roll is for.
    fn to_move(&self) -> Player {
        self.mover
    }

    #[inline]
    fn is_chance_node(&self) -> bool {
        self.phase != Phase::Step && self.winner.is_none()
    }

    fn chance_outcomes(&self, outcomes: &mut ChanceList<EwnMove>) {
        if !self.is_chance_node() {
            return;
        }
        match self.phase {
            Phase::Setup => {
                outcomes.extend((0..SETUPS as u16).map(|i| Chance::new(EwnMove::Setup(i), 1)))
            }
            _ => outcomes.extend((1..=6).map(|face| Chance::new(EwnMove::Roll(face), 1))),
        }
    }

    fn generate_moves(&self, moves: &mut MoveList<EwnMove>) {
        if self.winner.is_some() {
            return;
        }
        match self.phase {
            Phase::Setup => moves.extend((0..SETUPS as u16).map(EwnMove::Setup)),
            Phase::Roll => moves.extend((1..=6).map(EwnMove::Roll)),
            Phase::Step => self.for_each_step(|mv| moves.push(mv)),
        }
    }

    fn play(&self, mv: EwnMove) -> Einstein {
        let mut next = *self;
        next.apply(mv);
        next
    }

    fn outcome(&self) -> Option<Outcome> {
        self.winner.map(Outcome::Win)
    }

    fn key(&self) -> u64 {
        let phase = match self.phase {
            Phase::Setup => 0u64,
            Phase::Roll => 1,
            Phase::Step => 2,
        };
        let extra = (self.die as u64) << 3 | phase << 1 | self.mover.index() as u64;
        self.cube_key ^ extra.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn format_move(&self, mv: EwnMove) -> String {
        crate::notation::format_move(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<EwnMove, NotationError> {
        crate::notation::parse_move(self, text)
    }

    fn position(&self) -> String {
        crate::notation::position(self)
    }

    fn parse_position(&self, text: &str) -> Result<Einstein, NotationError> {
        crate::notation::parse_position(text)
    }

    /// Each step brings a cube at least one row or column nearer its corner, and captures
    /// only shorten the race: the cubes' distances bound the steps left, each step comes after
    /// its roll, and an unplaced side counts the distance of its start.
    fn max_game_length(&self) -> Option<u32> {
        if self.winner.is_some() {
            return Some(0);
        }
        let mut steps = 0u32;
        let mut setups = 0;
        for player in Player::BOTH {
            let side = player.index();
            let target = TARGET[side];
            let manhattan = |cell: Cell| {
                (crate::board::row(cell) - crate::board::row(target)).unsigned_abs() as u32
                    + (crate::board::column(cell) - crate::board::column(target)).unsigned_abs()
                        as u32
            };
            if self.present[side] == 0 {
                setups += 1;
                steps += START_CELLS[side].iter().map(|&c| manhattan(c)).sum::<u32>();
            } else {
                steps += (0..CELLS as Cell)
                    .filter(|&c| matches!(self.cube(c), Some((p, _)) if p == player))
                    .map(manhattan)
                    .sum::<u32>();
            }
        }
        Some(setups + 2 * steps)
    }
}

impl ply_search::SearchHints for Einstein {
    /// Steps by OpenSpiel's action numbers without the capture bit, then rolls, then setups.
    const MOVE_INDEX_SPACE: usize = CELLS * 6 + 6 + SETUPS;

    /// Draws the numbers the default draws (a face, a setup, a step's index among the steps in
    /// order), without building the outcome list.
    #[inline]
    fn random_move(&self, rng: &mut ply_search::Rng) -> Option<EwnMove> {
        if self.winner.is_some() {
            return None;
        }
        Some(match self.phase {
            Phase::Roll => EwnMove::Roll(rng.below(6) as u8 + 1),
            Phase::Setup => EwnMove::Setup(rng.below(SETUPS as u64) as u16),
            Phase::Step => {
                let mut steps = [EwnMove::Roll(0); 6];
                let mut count = 0;
                self.for_each_step(|mv| {
                    steps[count] = mv;
                    count += 1;
                });
                steps[rng.below(count as u64) as usize]
            }
        })
    }

    /// The default's games, one state changed in place instead of a copy a ply.
    fn random_playout(&self, rng: &mut ply_search::Rng, max_plies: u32) -> (Einstein, u32) {
        let mut state = *self;
        let mut plies = 0;
        while plies < max_plies {
            match state.random_move(rng) {
                Some(mv) => state.apply(mv),
                None => break,
            }
            plies += 1;
        }
        (state, plies)
    }

    fn move_index(mv: EwnMove) -> usize {
        match mv {
            EwnMove::Step { from, dir } => from as usize * 6 + dir as usize,
            EwnMove::Roll(face) => CELLS * 6 + face as usize - 1,
            EwnMove::Setup(index) => CELLS * 6 + 6 + index as usize,
        }
    }
}
