//! Pig solved: the winning chance under optimal play and the shape of the optimal policy, from
//! the solver's value iteration ([`ply_search::solver::chance`]).

use crate::Pig;
use ply_search::solver::chance::{
    value_iteration, ChanceSolution, IterationError, IterationOptions,
};
use ply_search::{Game, Player};

/// Pig solved from its start.
pub struct PigSolution {
    /// The start that was solved.
    pub start: Pig,
    /// Every reachable position's value.
    pub solution: ChanceSolution<Pig>,
}

/// Solves Pig from `start`'s variant (its goal and die; the horizon, which only draws games
/// that optimal play does not make, is left out: positions are identified by their scores,
/// turn total and player, as Neller and Presser's are).
pub fn solve(start: &Pig, options: &IterationOptions) -> Result<PigSolution, IterationError> {
    let start = Pig::new(start.goal(), start.faces(), None).expect("a valid variant");
    let solution = value_iteration(&start, options)?;
    Ok(PigSolution { start, solution })
}

impl PigSolution {
    /// The first player's chance of winning when both play to win.
    pub fn first_player_wins(&self) -> f64 {
        self.solution
            .win_chance(&self.start, Player::P0)
            .expect("Pig ends in a win or a loss")
    }

    /// The chance that the player to decide wins, with banked scores `own` and `opponent` and
    /// `turn_total` on the turn; `None` for scores the game cannot have.
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

    /// The turn total at which the optimal player first stops, rolling from 0, with banked
    /// scores `own` and `opponent` (Neller and Presser's "hold at" value, the policy's shape):
    /// `None` if no turn total short of the goal makes them stop.
    pub fn stops_at(&self, own: u32, opponent: u32) -> Option<u32> {
        (0..self.start.goal() + self.start.faces())
            .find(|&k| self.rolls(own, opponent, k) == Some(false))
    }

    /// The policy's shape: the stopping turn total at each pair of banked scores from 0 in
    /// steps of `step`, rows the player's own score, columns the opponent's.
    pub fn policy_table(&self, step: u32) -> String {
        let goal = self.start.goal();
        let scores: Vec<u32> = (0..goal).step_by(step.max(1) as usize).collect();
        let mut out = String::from("own\\opp");
        for &opp in &scores {
            out.push_str(&format!("{opp:>5}"));
        }
        out.push('\n');
        for &own in &scores {
            out.push_str(&format!("{own:>7}"));
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

    /// The number of positions reachable (decisions and rolls).
    pub fn positions(&self) -> usize {
        self.solution.positions()
    }

    /// Whether `state` has the solved variant's goal and die.
    pub fn fits(&self, state: &Pig) -> bool {
        state.goal() == self.start.goal()
            && state.faces() == self.start.faces()
            && !state.is_terminal()
    }
}
