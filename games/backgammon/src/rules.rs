//! The state and the rules: entering from the bar, moving, hitting, bearing off, the forced
//! use of both dice (or the larger), doubles played as two halves, and the end.

use crate::board::{
    absolute, opening_starter, BAR_DIGIT, CHECKERS, HOME, LOW_FIRST, OUTCOMES, PASS_ACTION,
    PASS_DIGIT, POINTS,
};
use crate::board::{BAR_KEYS, OFF_KEYS, POINT_KEYS};
use ply_search::Player;
use smallvec::SmallVec;

/// How a finished game is scored (OpenSpiel's `scoring_type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// One point for any win (OpenSpiel's default, `winloss_scoring`).
    WinLoss,
    /// Two points for a gammon: the loser bore off no checker (`enable_gammons`).
    Gammons,
    /// Gammons, and three points for a backgammon: a gammoned loser with a checker still on
    /// the bar or in the winner's home board (`full_scoring`).
    Full,
}

/// What happens next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The opening roll: one die each, the higher starts with both (never a double).
    Opening,
    /// The dice are rolled for the player to move.
    Roll,
    /// The player to move plays the dice.
    Play,
}

/// A move of backgammon: a roll of the dice, or a play of the dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BgMove {
    /// The opening roll, by OpenSpiel's outcome number below 30: even numbers give x the first
    /// turn, and its two (different) dice are OpenSpiel's outcome table's.
    Opening(u8),
    /// A roll of two dice, low and high.
    Roll(u8, u8),
    /// A play of the dice: OpenSpiel's action number (below 1352), read with the dice rolled.
    /// It moves up to two checkers; a double is played as two such plays.
    Play(u16),
}

/// A checker's step: from where (a progress, or the bar) by which die.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Step {
    /// The progress the checker leaves, or [`BAR`].
    pub from: u8,
    /// The die's pips.
    pub die: u8,
}

/// `Step::from` for a checker entering from the bar.
pub(crate) const BAR: u8 = 24;

/// The actions legal at a position, as a set of bits (ascending order for free).
#[derive(Clone, Copy, Default)]
pub(crate) struct PlaySet([u64; 22]);

impl PlaySet {
    #[inline]
    fn insert(&mut self, action: u16) {
        self.0[action as usize >> 6] |= 1 << (action & 63);
    }

    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The actions in ascending order.
    pub fn for_each(&self, mut visit: impl FnMut(u16)) {
        for (index, &word) in self.0.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                visit((index as u16) << 6 | bits.trailing_zeros() as u16);
                bits &= bits - 1;
            }
        }
    }

    /// The `n`th action in ascending order (`n` below [`PlaySet::len`]).
    pub fn nth(&self, mut n: usize) -> u16 {
        for (index, &word) in self.0.iter().enumerate() {
            let count = word.count_ones() as usize;
            if n < count {
                let mut bits = word;
                for _ in 0..n {
                    bits &= bits - 1;
                }
                return (index as u16) << 6 | bits.trailing_zeros() as u16;
            }
            n -= count;
        }
        unreachable!("n is below the set's size")
    }
}

/// A backgammon position, with OpenSpiel's rules (its `backgammon` game): x is player 0, o
/// player 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Backgammon {
    /// Checkers of each side on each point, by the side's own progress (see [`crate::board`]).
    pub(crate) men: [[u8; POINTS]; 2],
    pub(crate) bar: [u8; 2],
    pub(crate) off: [u8; 2],
    /// The dice to play, low then high; zeros while they are not rolled.
    pub(crate) dice: [u8; 2],
    pub(crate) phase: Phase,
    /// The player to move, or the one the dice are rolled for (x before the opening roll).
    pub(crate) mover: Player,
    /// The second half of a double: the same dice again, the turn's last play.
    pub(crate) second_half: bool,
    /// Turns played since the opening roll (the second half of a double is the same turn).
    pub(crate) turns: u16,
    pub(crate) ply: u32,
    pub(crate) scoring: Scoring,
    pub(crate) max_turns: u16,
}

impl Default for Backgammon {
    fn default() -> Backgammon {
        Backgammon::new(Scoring::WinLoss, DEFAULT_MAX_TURNS)
    }
}

/// OpenSpiel's default limit of turns, after which the game is a draw.
pub const DEFAULT_MAX_TURNS: u16 = 500;

impl Backgammon {
    /// The starting position before the opening roll: each side has two checkers on its 24
    /// point, five on its 13, three on its 8 and five on its 6.
    pub fn new(scoring: Scoring, max_turns: u16) -> Backgammon {
        let mut men = [[0; POINTS]; 2];
        for side in &mut men {
            side[0] = 2;
            side[11] = 5;
            side[16] = 3;
            side[18] = 5;
        }
        Backgammon {
            men,
            bar: [0; 2],
            off: [0; 2],
            dice: [0; 2],
            phase: Phase::Opening,
            mover: Player::P0,
            second_half: false,
            turns: 0,
            ply: 0,
            scoring,
            max_turns,
        }
    }

    /// What happens next.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The dice to play, low then high, while a player plays them.
    pub fn dice(&self) -> Option<(u8, u8)> {
        (self.phase == Phase::Play).then_some((self.dice[0], self.dice[1]))
    }

    /// Whether this is the second play of a double.
    pub fn second_half(&self) -> bool {
        self.second_half
    }

    /// The checkers `player` has on OpenSpiel's absolute point `point` (0 to 23).
    pub fn checkers_at(&self, player: Player, point: usize) -> u8 {
        self.men[player.index()][absolute(player, point)]
    }

    /// `player`'s checkers on the bar.
    pub fn bar(&self, player: Player) -> u8 {
        self.bar[player.index()]
    }

    /// `player`'s checkers borne off.
    pub fn borne_off(&self, player: Player) -> u8 {
        self.off[player.index()]
    }

    /// Turns played since the opening roll.
    pub fn turns(&self) -> u16 {
        self.turns
    }

    /// The scoring rule.
    pub fn scoring(&self) -> Scoring {
        self.scoring
    }

    /// The turns after which the game is a draw.
    pub fn max_turns(&self) -> u16 {
        self.max_turns
    }

    /// The pips `player` still has to move: each checker's distance to off, 25 from the bar.
    pub fn pips(&self, player: Player) -> u32 {
        let side = player.index();
        let board: u32 = (0..POINTS)
            .map(|i| self.men[side][i] as u32 * (POINTS - i) as u32)
            .sum();
        board + 25 * self.bar[side] as u32
    }

    /// The winner, once a side has borne off all fifteen.
    pub(crate) fn winner(&self) -> Option<Player> {
        Player::BOTH
            .into_iter()
            .find(|p| self.off[p.index()] == CHECKERS)
    }

    /// Over: a side has borne off, or the turns ran out (a draw).
    #[inline]
    pub(crate) fn over(&self) -> bool {
        self.off[0] == CHECKERS || self.off[1] == CHECKERS || self.turns > self.max_turns
    }

    /// The points the winner scores under the scoring rule: 1, 2 for a gammon, 3 for a
    /// backgammon.
    pub fn points_won(&self) -> u8 {
        let Some(winner) = self.winner() else {
            return 0;
        };
        let loser = winner.other().index();
        let gammon = self.off[loser] == 0;
        let backgammon =
            gammon && (self.bar[loser] > 0 || self.men[loser][..6].iter().any(|&n| n > 0));
        match self.scoring {
            Scoring::WinLoss => 1,
            Scoring::Gammons => 1 + gammon as u8,
            Scoring::Full => 1 + gammon as u8 + backgammon as u8,
        }
    }

    /// The opponent's checkers on `player`'s progress `progress`.
    #[inline]
    fn opponents_at(&self, player: Player, progress: usize) -> u8 {
        self.men[player.other().index()][POINTS - 1 - progress]
    }

    /// Calls `visit` with each step `player` may make with a die of `die` pips, one checker at
    /// a time (OpenSpiel's `LegalCheckerMoves` for one die).
    #[inline]
    pub(crate) fn for_each_step(&self, player: Player, die: u8, mut visit: impl FnMut(Step)) {
        let side = player.index();
        let d = die as usize;
        if self.bar[side] > 0 {
            if self.opponents_at(player, d - 1) <= 1 {
                visit(Step { from: BAR, die });
            }
            return;
        }
        let men = &self.men[side];
        let first = men.iter().position(|&n| n > 0).unwrap_or(POINTS);
        let all_home = first >= HOME;
        for (i, &count) in men.iter().enumerate().skip(first) {
            if count == 0 {
                continue;
            }
            let to = i + d;
            if to >= POINTS {
                // Off exactly, or with a larger die from the rearmost checker.
                if all_home && (to == POINTS || i == first) {
                    visit(Step { from: i as u8, die });
                }
            } else if self.opponents_at(player, to) <= 1 {
                visit(Step { from: i as u8, die });
            }
        }
    }

    /// Makes one step of the player to move, hitting a lone opponent where it lands.
    #[inline]
    pub(crate) fn apply_step(&mut self, step: Step) {
        let side = self.mover.index();
        let to = if step.from == BAR {
            self.bar[side] -= 1;
            step.die as usize - 1
        } else {
            self.men[side][step.from as usize] -= 1;
            step.from as usize + step.die as usize
        };
        if to >= POINTS {
            self.off[side] += 1;
            return;
        }
        self.men[side][to] += 1;
        let them = 1 - side;
        let theirs = &mut self.men[them][POINTS - 1 - to];
        if *theirs == 1 {
            *theirs = 0;
            self.bar[them] += 1;
        }
    }

    /// The action number of playing `first` then `second` (`None`: that die unused).
    fn encode(&self, first: Option<Step>, second: Option<Step>) -> u16 {
        let digit = |step: Option<Step>| match step {
            None => PASS_DIGIT as u16,
            Some(Step { from: BAR, .. }) => BAR_DIGIT as u16,
            Some(Step { from, .. }) => absolute(self.mover, from as usize) as u16,
        };
        let high_first = first.is_some_and(|s| s.die == self.dice[1]);
        digit(second) * 26 + digit(first) + if high_first { 0 } else { LOW_FIRST }
    }

    /// The checker steps of the action `action` with the dice rolled: a die left unused is
    /// `None`.
    pub(crate) fn decode(&self, action: u16) -> [Option<Step>; 2] {
        let (high_first, rest) = if action < LOW_FIRST {
            (true, action)
        } else {
            (false, action - LOW_FIRST)
        };
        let [low, high] = self.dice;
        let dice = if high_first { [high, low] } else { [low, high] };
        let digits = [(rest % 26) as u8, (rest / 26) as u8];
        let mut steps = [None; 2];
        for k in 0..2 {
            steps[k] = match digits[k] {
                PASS_DIGIT => None,
                BAR_DIGIT => Some(Step {
                    from: BAR,
                    die: dice[k],
                }),
                point => Some(Step {
                    from: absolute(self.mover, point as usize) as u8,
                    die: dice[k],
                }),
            };
        }
        steps
    }

    /// How a step changes the position's hash ([`ply_search::Game::key`]'s terms for the
    /// points, the bar and the checkers off that it changes).
    fn step_hash(&self, step: Step) -> u64 {
        let side = self.mover.index();
        let mut hash = if step.from == BAR {
            let n = self.bar[side] as usize;
            BAR_KEYS[side][n] ^ BAR_KEYS[side][n - 1]
        } else {
            let n = self.men[side][step.from as usize] as usize;
            POINT_KEYS[side][step.from as usize][n] ^ POINT_KEYS[side][step.from as usize][n - 1]
        };
        let to = if step.from == BAR {
            step.die as usize - 1
        } else {
            step.from as usize + step.die as usize
        };
        if to >= POINTS {
            let n = self.off[side] as usize;
            return hash ^ OFF_KEYS[side][n] ^ OFF_KEYS[side][n + 1];
        }
        let n = self.men[side][to] as usize;
        hash ^= POINT_KEYS[side][to][n] ^ POINT_KEYS[side][to][n + 1];
        let them = 1 - side;
        let their_point = POINTS - 1 - to;
        if self.men[them][their_point] == 1 {
            let b = self.bar[them] as usize;
            hash ^= POINT_KEYS[them][their_point][1] ^ BAR_KEYS[them][b] ^ BAR_KEYS[them][b + 1];
        }
        hash
    }

    /// Calls `visit` with OpenSpiel's legal plays (its `LegalActions`) and how each changes
    /// the position's hash: every two steps that use both dice, in both orders, where that is
    /// possible; else the single steps with the larger die that can be played; else the pass.
    fn for_each_openspiel_play(&self, mut visit: impl FnMut(u16, u64)) {
        let player = self.mover;
        let [low, high] = self.dice;
        let orders: &[(u8, u8)] = if low == high {
            &[(high, high)]
        } else {
            &[(high, low), (low, high)]
        };
        let mut two_steps = false;
        for &(d1, d2) in orders {
            self.for_each_step(player, d1, |first| {
                let mut after = *self;
                after.apply_step(first);
                let hash = self.step_hash(first);
                after.for_each_step(player, d2, |second| {
                    two_steps = true;
                    visit(
                        self.encode(Some(first), Some(second)),
                        hash ^ after.step_hash(second),
                    );
                });
            });
        }
        if two_steps {
            return;
        }
        // One die only: the larger, where it can be played.
        for die in [high, low] {
            let mut any = false;
            self.for_each_step(player, die, |step| {
                any = true;
                visit(self.encode(Some(step), None), self.step_hash(step));
            });
            if any {
                return;
            }
        }
        visit(PASS_ACTION, 0);
    }

    /// The legal plays: OpenSpiel's, each position they lead to once. OpenSpiel lists some
    /// plays under two or more numbers (the same two steps in either order, or two checkers
    /// borne off with the dice either way round); ply keeps the lowest number of each, so that
    /// the notation names each play once and a search weighs no play twice.
    pub(crate) fn legal_plays(&self) -> PlaySet {
        let mut found: SmallVec<[(u64, u16); 128]> = SmallVec::new();
        self.for_each_openspiel_play(|action, hash| found.push((hash, action)));
        found.sort_unstable();
        let mut set = PlaySet::default();
        let mut last = None;
        for (hash, action) in found {
            if last != Some(hash) {
                set.insert(action);
                last = Some(hash);
            }
        }
        set
    }

    /// OpenSpiel's legal plays as it lists them: ascending, every number of each play.
    pub(crate) fn openspiel_plays(&self) -> Vec<u16> {
        let mut actions = Vec::new();
        self.for_each_openspiel_play(|action, _| actions.push(action));
        actions.sort_unstable();
        actions.dedup();
        actions
    }

    /// The legal play that leads where OpenSpiel's play `action` leads, if `action` is one of
    /// OpenSpiel's legal plays here.
    pub(crate) fn play_of_openspiel_action(&self, action: u16) -> Option<u16> {
        let mut wanted = None;
        self.for_each_openspiel_play(|a, hash| {
            if a == action {
                wanted = Some(hash);
            }
        });
        let wanted = wanted?;
        let mut found = None;
        self.for_each_openspiel_play(|a, hash| {
            if hash == wanted && found.is_none_or(|f| a < f) {
                found = Some(a);
            }
        });
        found
    }

    /// Plays `mv`, which must be legal here.
    pub(crate) fn apply(&mut self, mv: BgMove) {
        self.ply += 1;
        match mv {
            BgMove::Opening(outcome) => {
                let [a, b] = OUTCOMES[outcome as usize];
                self.dice = [a.min(b), a.max(b)];
                self.mover = opening_starter(outcome);
                self.phase = Phase::Play;
            }
            BgMove::Roll(low, high) => {
                self.dice = [low, high];
                self.phase = Phase::Play;
            }
            BgMove::Play(action) => {
                let steps = self.decode(action);
                for step in steps.into_iter().flatten() {
                    self.apply_step(step);
                }
                let both_used = steps.iter().all(Option::is_some);
                if self.second_half {
                    self.second_half = false;
                    self.end_turn();
                } else {
                    self.turns += 1;
                    if self.dice[0] == self.dice[1] && both_used {
                        self.second_half = true;
                    } else {
                        self.end_turn();
                    }
                }
            }
        }
    }

    fn end_turn(&mut self) {
        self.dice = [0; 2];
        self.phase = Phase::Roll;
        self.mover = self.mover.other();
    }
}
