//! Pig solved: the winning chance under optimal play and the shape of the optimal policy, from
//! the solver's value iteration ([`ply_search::solver::chance`]).
//!
//! Positions are identified by their key (the scores, the turn total, the player and the
//! phase), as Neller and Presser's are: the horizon, which only draws games that optimal play
//! does not make, is left out.

use crate::Pig;
use ply_search::solver::chance::{
    value_iteration, ChanceSolution, IterationError, IterationOptions,
};
use ply_search::{Game, Player};

/// Solves Pig from `start`'s variant (its goal and die) without the horizon.
pub fn solve(
    start: &Pig,
    options: &IterationOptions,
) -> Result<ChanceSolution<Pig>, IterationError> {
    value_iteration(&without_horizon(start), options)
}

fn without_horizon(state: &Pig) -> Pig {
    Pig::new(state.goal(), state.faces(), None).expect("a valid variant")
}

/// The optimal policy of a solved Pig variant, read as Neller and Presser present it.
pub struct Policy<'a> {
    start: Pig,
    solution: &'a ChanceSolution<Pig>,
}

impl<'a> Policy<'a> {
    /// The policy of `solution`, a solve of `variant`'s goal and die.
    pub fn of(solution: &'a ChanceSolution<Pig>, variant: &Pig) -> Policy<'a> {
        Policy {
            start: without_horizon(variant),
            solution,
        }
    }

    /// The first player's chance of winning when both play to win.
    pub fn first_player_wins(&self) -> Option<f64> {
        self.solution.win_chance(&self.start, Player::P0)
    }

    /// The chance that the player to decide wins, with banked scores `own` and `opponent` and
    /// `turn_total` on the turn; `None` for positions not reached from the start.
    pub fn win_chance(&self, own: u32, opponent: u32, turn_total: u32) -> Option<f64> {
        let state = self
            .start
            .with_scores([own, opponent], turn_total, Player::P0)?;
        self.solution.win_chance(&state, Player::P0)
    }

    /// Whether the optimal player rolls at these scores and turn total.
    pub fn rolls(&self, own: u32, opponent: u32, turn_total: u32) -> Option<bool> {
        let state = self
            .start
            .with_scores([own, opponent], turn_total, Player::P0)?;
        let best = self.solution.best_move(&state)?;
        Some(best == crate::PigMove::Roll)
    }

    /// The smallest turn total at which the optimal player stops with banked scores `own` and
    /// `opponent` (Neller and Presser's "hold at" boundary): `None` if no turn total short of
    /// the goal makes them stop.
    pub fn stops_at(&self, own: u32, opponent: u32) -> Option<u32> {
        (0..self.start.goal() + self.start.faces())
            .find(|&k| self.rolls(own, opponent, k) == Some(false))
    }

    /// The policy's shape: the stopping turn total at pairs of banked scores from 0 in steps
    /// of `step`, rows the player's own score, columns the opponent's.
    pub fn table(&self, step: u32) -> String {
        let goal = self.start.goal();
        let scores: Vec<u32> = (0..goal).step_by(step.max(1) as usize).collect();
        let mut out =
            String::from("stop at a turn total of (rows: own score, columns: opponent's)\n     ");
        for &opp in &scores {
            out.push_str(&format!("{opp:>5}"));
        }
        out.push('\n');
        for &own in &scores {
            out.push_str(&format!("{own:>5}"));
            for &opp in &scores {
                match self.stops_at(own, opp) {
                    Some(k) => out.push_str(&format!("{k:>5}")),
                    None => out.push_str("    -"),
                }
            }
            out.push('\n');
        }
        out
    }
}

/// What `ply solve` prints of a solved Pig beyond the values: the policy's shape.
pub fn policy_shape(solution: &ChanceSolution<Pig>, variant: &Pig) -> String {
    if variant.is_terminal() {
        return String::new();
    }
    let policy = Policy::of(solution, variant);
    let step = (variant.goal() / 10).max(1);
    let mut text = policy.table(step);
    if let Some(p) = policy.first_player_wins() {
        text.push_str(&format!(
            "from the start, the first player wins {p:.4} of games under optimal play\n"
        ));
    }
    text
}
