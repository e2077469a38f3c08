//! The rules as a [`Game`]: the chance of the opening roll and the dice, the plays in
//! OpenSpiel's order, the end, the notation's entry points and the playouts' fast paths.

use crate::board::{
    roll_weight, BAR_KEYS, NUM_ACTIONS, OFF_KEYS, OPENINGS, POINTS, POINT_KEYS, ROLLS,
};
use crate::rules::{Backgammon, BgMove, Phase, Scoring};
use ply_search::chance::{Chance, ChanceList};
use ply_search::score::WIN;
use ply_search::{Game, MoveList, NotationError, Outcome, Player, Rng, Score, SearchHints};

impl Game for Backgammon {
    type Move = BgMove;

    const HAS_CHANCE: bool = true;

    /// At a chance node, the player the roll is for (x before the opening roll, which decides
    /// who starts).
    fn to_move(&self) -> Player {
        self.mover
    }

    #[inline]
    fn is_chance_node(&self) -> bool {
        self.phase != Phase::Play && !self.over()
    }

    /// The opening: OpenSpiel's 30 outcomes, equally likely. A roll: the 21 distinct rolls,
    /// weighted 2 (a non-double, either die high) or 1 (a double) out of 36.
    fn chance_outcomes(&self, outcomes: &mut ChanceList<BgMove>) {
        if !self.is_chance_node() {
            return;
        }
        match self.phase {
            Phase::Opening => {
                outcomes.extend((0..OPENINGS as u8).map(|k| Chance::new(BgMove::Opening(k), 1)))
            }
            _ => {
                outcomes.extend(ROLLS.iter().map(|&(low, high)| {
                    Chance::new(BgMove::Roll(low, high), roll_weight(low, high))
                }))
            }
        }
    }

    fn generate_moves(&self, moves: &mut MoveList<BgMove>) {
        if self.over() {
            return;
        }
        match self.phase {
            Phase::Opening => moves.extend((0..OPENINGS as u8).map(BgMove::Opening)),
            Phase::Roll => moves.extend(ROLLS.iter().map(|&(low, high)| BgMove::Roll(low, high))),
            Phase::Play => self.legal_plays().for_each(|a| moves.push(BgMove::Play(a))),
        }
    }

    fn play(&self, mv: BgMove) -> Backgammon {
        let mut next = *self;
        next.apply(mv);
        next
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(winner) = self.winner() {
            return Some(Outcome::Win(winner));
        }
        (self.turns > self.max_turns).then_some(Outcome::Draw)
    }

    #[inline]
    fn is_terminal(&self) -> bool {
        self.over()
    }

    /// A win's score, shared out by the points won: with gammons (and backgammons) counted, a
    /// single game is half (a third) of the largest win, so that a search weighs the points.
    fn terminal_value(&self, player: Player) -> Score {
        let Some(winner) = self.winner() else {
            return 0;
        };
        let most = match self.scoring {
            Scoring::WinLoss => 1,
            Scoring::Gammons => 2,
            Scoring::Full => 3,
        };
        let value = (WIN as i64 * self.points_won() as i64 / most) as Score;
        if winner == player {
            value
        } else {
            -value
        }
    }

    fn key(&self) -> u64 {
        let mut key = 0;
        for side in 0..2 {
            for point in 0..POINTS {
                key ^= POINT_KEYS[side][point][self.men[side][point] as usize];
            }
            key ^=
                BAR_KEYS[side][self.bar[side] as usize] ^ OFF_KEYS[side][self.off[side] as usize];
        }
        let phase = match self.phase {
            Phase::Opening => 0u64,
            Phase::Roll => 1,
            Phase::Play => 2,
        };
        let extra = (self.turns as u64) << 16
            | (self.dice[0] as u64) << 8
            | (self.dice[1] as u64) << 4
            | phase << 2
            | (self.second_half as u64) << 1
            | self.mover.index() as u64;
        key ^ extra.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn format_move(&self, mv: BgMove) -> String {
        crate::notation::format_move(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<BgMove, NotationError> {
        crate::notation::parse_move(self, text)
    }

    fn position(&self) -> String {
        crate::notation::position(self)
    }

    fn parse_position(&self, text: &str) -> Result<Backgammon, NotationError> {
        crate::notation::parse_position(self, text)
    }

    /// The turns left before the draw, each at most a roll and two plays, and the opening roll.
    fn max_game_length(&self) -> Option<u32> {
        if self.over() {
            return Some(0);
        }
        let turns_left = (self.max_turns as u32 + 1).saturating_sub(self.turns as u32);
        Some(3 * turns_left + 1)
    }
}

impl SearchHints for Backgammon {
    /// OpenSpiel's action numbers for plays, then the 21 rolls, then the 30 openings.
    const MOVE_INDEX_SPACE: usize = NUM_ACTIONS + ROLLS.len() + OPENINGS;

    fn move_index(mv: BgMove) -> usize {
        match mv {
            BgMove::Play(action) => action as usize,
            BgMove::Roll(low, high) => {
                NUM_ACTIONS
                    + ROLLS
                        .iter()
                        .position(|&r| r == (low, high))
                        .expect("a roll of two dice")
            }
            BgMove::Opening(k) => NUM_ACTIONS + ROLLS.len() + k as usize,
        }
    }

    #[inline]
    fn move_count(&self) -> usize {
        match self.phase {
            _ if self.over() => 0,
            Phase::Opening => OPENINGS,
            Phase::Roll => ROLLS.len(),
            Phase::Play => self.legal_plays().len(),
        }
    }

    /// Draws the numbers the default draws (one of 36 for a roll, one of 30 for the opening, a
    /// play's index among the plays in order), without building a list.
    #[inline]
    fn random_move(&self, rng: &mut Rng) -> Option<BgMove> {
        if self.over() {
            return None;
        }
        Some(match self.phase {
            Phase::Opening => BgMove::Opening(rng.below(OPENINGS as u64) as u8),
            Phase::Roll => {
                let mut draw = rng.below(36) as u32;
                let mut chosen = ROLLS[0];
                for &(low, high) in &ROLLS {
                    let weight = roll_weight(low, high);
                    if draw < weight {
                        chosen = (low, high);
                        break;
                    }
                    draw -= weight;
                }
                BgMove::Roll(chosen.0, chosen.1)
            }
            Phase::Play => {
                let plays = self.legal_plays();
                BgMove::Play(plays.nth(rng.below(plays.len() as u64) as usize))
            }
        })
    }

    /// The default's games, one state changed in place instead of a copy a ply.
    fn random_playout(&self, rng: &mut Rng, max_plies: u32) -> (Backgammon, u32) {
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
}
