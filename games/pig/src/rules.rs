//! Pig's rules: the state, its moves and its dice.

use ply_search::chance::{Chance, ChanceList};
use ply_search::{Game, MoveList, NotationError, Outcome, Player};

/// The largest goal: a bigger one would make games (and the solver's table) grow without
/// teaching anything new.
pub const MAX_GOAL: u32 = 1000;
/// The most faces a die may have.
pub const MAX_FACES: u32 = 100;

/// A move: a decision of the player to move, or a face of the die at a roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PigMove {
    /// Roll the die (OpenSpiel's action 0).
    Roll,
    /// Stop and bank the turn's total (OpenSpiel's action 1, "stop"; also called hold).
    Stop,
    /// The die shows this face (1 to the number of faces): a chance outcome.
    Face(u8),
}

/// A position of Pig: the banked scores, the turn's total, whose turn it is, whether the die
/// is in the air, and the decisions made so far (for the horizon).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pig {
    scores: [u16; 2],
    turn_total: u16,
    mover: Player,
    rolling: bool,
    decisions: u32,
    ply: u32,
    goal: u16,
    faces: u8,
    /// Decisions after which the game is a draw; 0 for none.
    horizon: u32,
}

impl Pig {
    /// The start of a game to `goal` points with a die of `faces` faces, drawn after
    /// `horizon` decisions (`None`: never). `None` unless the goal is 1 to 1000 and the die has
    /// 2 to 100 faces.
    pub fn new(goal: u32, faces: u32, horizon: Option<u32>) -> Option<Pig> {
        if !(1..=MAX_GOAL).contains(&goal) || !(2..=MAX_FACES).contains(&faces) {
            return None;
        }
        Some(Pig {
            scores: [0, 0],
            turn_total: 0,
            mover: Player::P0,
            rolling: false,
            decisions: 0,
            ply: 0,
            goal: goal as u16,
            faces: faces as u8,
            horizon: horizon.unwrap_or(0),
        })
    }

    /// The banked scores of players 0 and 1.
    pub fn scores(&self) -> [u32; 2] {
        self.scores.map(u32::from)
    }

    /// The points of the turn so far, lost on a 1.
    pub fn turn_total(&self) -> u32 {
        self.turn_total as u32
    }

    /// The points that win.
    pub fn goal(&self) -> u32 {
        self.goal as u32
    }

    /// The die's faces.
    pub fn faces(&self) -> u32 {
        self.faces as u32
    }

    /// The decisions after which the game is drawn, if any.
    pub fn horizon(&self) -> Option<u32> {
        (self.horizon > 0).then_some(self.horizon)
    }

    /// Decisions (rolls and stops) made so far.
    pub fn decisions(&self) -> u32 {
        self.decisions
    }

    /// The position with these scores and turn total, `mover` to decide (not rolling), in
    /// this game's variant; `None` if a score is not below the goal.
    pub fn with_scores(&self, scores: [u32; 2], turn_total: u32, mover: Player) -> Option<Pig> {
        let goal = self.goal as u32;
        if scores.iter().any(|&s| s >= goal) || turn_total >= goal + self.faces as u32 {
            return None;
        }
        Some(Pig {
            scores: scores.map(|s| s as u16),
            turn_total: turn_total as u16,
            mover,
            rolling: false,
            decisions: 0,
            ply: 0,
            ..*self
        })
    }

    fn over_horizon(&self) -> bool {
        self.horizon > 0 && self.decisions >= self.horizon
    }

    fn pass_turn(&mut self) {
        self.turn_total = 0;
        self.mover = self.mover.other();
    }
}

impl Game for Pig {
    type Move = PigMove;

    const HAS_CHANCE: bool = true;

    fn to_move(&self) -> Player {
        self.mover
    }

    #[inline]
    fn is_chance_node(&self) -> bool {
        self.rolling
    }

    fn chance_outcomes(&self, outcomes: &mut ChanceList<PigMove>) {
        if self.rolling {
            outcomes.extend((1..=self.faces).map(|face| Chance::new(PigMove::Face(face), 1)));
        }
    }

    fn generate_moves(&self, moves: &mut MoveList<PigMove>) {
        if self.is_terminal() {
            return;
        }
        if self.rolling {
            moves.extend((1..=self.faces).map(PigMove::Face));
        } else if self.scores[self.mover.index()] + self.turn_total >= self.goal {
            moves.push(PigMove::Stop);
        } else {
            moves.extend([PigMove::Roll, PigMove::Stop]);
        }
    }

    fn play(&self, mv: PigMove) -> Pig {
        let mut next = *self;
        next.ply += 1;
        match mv {
            PigMove::Roll => {
                next.decisions += 1;
                // A roll that reaches the horizon ends the game before the die lands, as in
                // OpenSpiel: a finished game is never a chance node.
                next.rolling = !next.over_horizon();
            }
            PigMove::Stop => {
                next.scores[self.mover.index()] += self.turn_total;
                next.decisions += 1;
                next.pass_turn();
            }
            PigMove::Face(face) => {
                next.rolling = false;
                if face == 1 {
                    next.pass_turn();
                } else {
                    next.turn_total += face as u16;
                }
            }
        }
        next
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(winner) = Player::BOTH
            .into_iter()
            .find(|p| self.scores[p.index()] >= self.goal)
        {
            return Some(Outcome::Win(winner));
        }
        self.over_horizon().then_some(Outcome::Draw)
    }

    /// The scores, the turn total, the player and the phase; not the decisions made, so that
    /// positions recur as the rules make them (the horizon aside).
    fn key(&self) -> u64 {
        let mut key = self.scores[0] as u64;
        key = key << 16 | self.scores[1] as u64;
        key = key << 16 | self.turn_total as u64;
        key = key << 1 | self.mover.index() as u64;
        key = key << 1 | self.rolling as u64;
        key.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn format_move(&self, mv: PigMove) -> String {
        match mv {
            PigMove::Roll => "roll".into(),
            PigMove::Stop => "stop".into(),
            PigMove::Face(face) => face.to_string(),
        }
    }

    fn parse_move(&self, text: &str) -> Result<PigMove, NotationError> {
        let word = text.trim().to_ascii_lowercase();
        let mv = if self.rolling {
            // OpenSpiel writes a chance outcome `Roll 3`.
            let face = word.strip_prefix("roll").unwrap_or(&word).trim();
            face.parse::<u8>().ok().map(PigMove::Face)
        } else {
            match word.as_str() {
                "roll" | "r" => Some(PigMove::Roll),
                "stop" | "hold" | "s" | "h" => Some(PigMove::Stop),
                _ => None,
            }
        };
        let expected = if self.is_terminal() {
            "no move: the game is over".to_string()
        } else if self.rolling {
            format!("the die's face, 1 to {} (the die is rolling)", self.faces)
        } else if self.legal_moves().len() == 1 {
            "stop (the turn's total reaches the goal)".to_string()
        } else {
            "roll or stop (also hold)".to_string()
        };
        mv.filter(|m| self.legal_moves().contains(m))
            .ok_or_else(|| NotationError::new("move", text, expected))
    }

    /// `SCORE0 SCORE1 TURN_TOTAL PLAYER PHASE DECISIONS PLY`, the phase `choose` or `roll`:
    /// the start is `0 0 0 0 choose 0 0`.
    fn position(&self) -> String {
        format!(
            "{} {} {} {} {} {} {}",
            self.scores[0],
            self.scores[1],
            self.turn_total,
            self.mover.index(),
            if self.rolling { "roll" } else { "choose" },
            self.decisions,
            self.ply
        )
    }

    fn parse_position(&self, text: &str) -> Result<Pig, NotationError> {
        let bad = || {
            NotationError::new(
                "position",
                text,
                format!(
                    "SCORE0 SCORE1 TURN_TOTAL PLAYER PHASE DECISIONS PLY, e.g. `0 0 0 0 choose 0 0` \
                     (scores up to the goal {}, player 0 or 1, phase choose or roll)",
                    self.goal
                ),
            )
        };
        let parts: Vec<&str> = text.split_whitespace().collect();
        let [s0, s1, turn, player, phase, decisions, ply] = parts[..] else {
            return Err(bad());
        };
        let number = |t: &str| t.parse::<u32>().map_err(|_| bad());
        let (s0, s1, turn) = (number(s0)?, number(s1)?, number(turn)?);
        let goal = self.goal as u32;
        let max_score = 2 * goal + self.faces as u32;
        if s0 > max_score || s1 > max_score || turn > goal + self.faces as u32 {
            return Err(bad());
        }
        let mover = match player {
            "0" => Player::P0,
            "1" => Player::P1,
            _ => return Err(bad()),
        };
        let rolling = match phase {
            "choose" => false,
            "roll" => true,
            _ => return Err(bad()),
        };
        let (decisions, ply) = (number(decisions)?, number(ply)?);
        if ply > ply_search::game::MAX_POSITION_PLY || decisions > ply {
            return Err(bad());
        }
        let state = Pig {
            scores: [s0 as u16, s1 as u16],
            turn_total: turn as u16,
            mover,
            rolling,
            decisions,
            ply,
            ..*self
        };
        if state.is_terminal() && rolling {
            return Err(bad()); // a finished game has no die in the air
        }
        if s0 >= goal && s1 >= goal {
            return Err(bad()); // the game ended when the first reached the goal
        }
        Ok(state)
    }

    fn max_game_length(&self) -> Option<u32> {
        // Every decision may be followed by one roll.
        (self.horizon > 0).then(|| 2 * self.horizon.saturating_sub(self.decisions) + 1)
    }
}

impl ply_search::SearchHints for Pig {
    const MOVE_INDEX_SPACE: usize = 2 + MAX_FACES as usize;

    /// Draws the numbers the default draws (a face; the index of roll or stop among the
    /// legal decisions), without building a list.
    #[inline]
    fn random_move(&self, rng: &mut ply_search::Rng) -> Option<PigMove> {
        if self.is_terminal() {
            None
        } else if self.rolling {
            Some(PigMove::Face(rng.below(self.faces as u64) as u8 + 1))
        } else if self.scores[self.mover.index()] + self.turn_total >= self.goal {
            rng.below(1);
            Some(PigMove::Stop)
        } else {
            Some([PigMove::Roll, PigMove::Stop][rng.below(2) as usize])
        }
    }

    fn move_index(mv: PigMove) -> usize {
        match mv {
            PigMove::Roll => 0,
            PigMove::Stop => 1,
            PigMove::Face(face) => 1 + face as usize,
        }
    }
}
