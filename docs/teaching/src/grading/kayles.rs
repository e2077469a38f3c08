//! Exercise 4: Kayles behind the `Game` trait, graded by the conformance kit and against the
//! recorded behaviour of the reference game ([`crate::facts`]): perft, moves, notation and
//! outcomes along random games, and solved values. A failure shows the smallest failing case:
//! the shortest row, the earliest position.

use super::panicked;
use crate::caught::caught;
use crate::facts::{kayles, outcome_name, StepFact};
use crate::report::Check;
use ply_search::conformance::{check, Config};
use ply_search::perft::{perft, Count};
use ply_search::solver::{solve, Solvable, SolverOptions};
use ply_search::Game;
use ply_search::SearchHints;

/// Exercise 4 (25 points): the conformance kit on rows of 1 to 12 pins (5), perft in both
/// conventions to the end of rows of 1 to 9 pins (5), legal moves, position notation both ways
/// and outcomes move by move along recorded random games (10), and the solved value of rows of
/// 1 to 14 pins (5). `new(len)` makes the student's full row of `len` pins.
pub fn exercise_4<G: Game + Solvable>(new: &dyn Fn(u8) -> G) -> Vec<Check> {
    type Grader<G> = fn(&dyn Fn(u8) -> G) -> Result<String, String>;
    let checks: [(&str, f64, Grader<G>); 4] = [
        (
            "the conformance kit on rows of 1 to 12 pins",
            5.0,
            conformance,
        ),
        (
            "perft in both conventions, rows of 1 to 9 pins",
            5.0,
            perft_counts,
        ),
        (
            "moves, notation and outcomes along recorded games",
            10.0,
            games,
        ),
        ("solved values of rows of 1 to 14 pins", 5.0, solved),
    ];
    let not_done = match caught(|| new(1)) {
        Err(message) if message.starts_with("not yet implemented") => Some(panicked(&message)),
        _ => None,
    };
    checks
        .into_iter()
        .map(|(what, points, grade)| {
            let name = format!("exercise 4, Kayles: {what}");
            match &not_done {
                Some(message) => Check::fail(name, points, message.clone()),
                None => Check::from_result(name, points, grade(new)),
            }
        })
        .collect()
}

fn conformance<G: SearchHints>(new: &dyn Fn(u8) -> G) -> Result<String, String> {
    for len in 1..=12 {
        let start = caught(|| new(len)).map_err(|e| format!("row of {len}: {}", panicked(&e)))?;
        let config = Config {
            games: 100,
            seed: len as u64,
            max_plies: 0,
        };
        // The kit panics with the violation it found and the line of play that reached it.
        caught(|| check(&start, &config)).map_err(|e| {
            let e = if e.starts_with("not yet implemented") {
                panicked(&e)
            } else {
                e
            };
            format!("row of {len}, the conformance kit: {e}")
        })?;
    }
    Ok("rows of 1 to 12 pins, 100 random games each".into())
}

fn perft_counts<G: SearchHints>(new: &dyn Fn(u8) -> G) -> Result<String, String> {
    let facts = kayles().perft;
    for fact in &facts {
        let count = match fact.count.as_str() {
            "strict" => Count::Strict,
            _ => Count::Leaves,
        };
        let got = caught(|| perft(&new(fact.len), fact.depth, count))
            .map_err(|e| format!("row of {}: {}", fact.len, panicked(&e)))?;
        if got != fact.nodes {
            return Err(format!(
                "row of {} pins: perft {} ({}) is {got}, expected {}",
                fact.len, fact.depth, fact.count, fact.nodes
            ));
        }
    }
    Ok(format!("{} counts", facts.len()))
}

/// Plays each recorded game on the student's game; the failure with the shortest row and the
/// fewest moves played is the one reported.
fn games<G: Game>(new: &dyn Fn(u8) -> G) -> Result<String, String> {
    let facts = kayles().games;
    let mut smallest: Option<((u8, usize), String)> = None;
    for (number, game) in facts.iter().enumerate() {
        if let Err((step, text)) = replay(new, game.len, &game.steps) {
            let size = (game.len, step);
            if smallest.as_ref().is_none_or(|(s, _)| size < *s) {
                smallest = Some((
                    size,
                    format!("row of {} pins, game {number}, {text}", game.len),
                ));
            }
        }
    }
    match smallest {
        Some((_, text)) => Err(text),
        None => Ok(format!("{} games, every position", facts.len())),
    }
}

/// Replays one game; on a difference, the step and what differs.
fn replay<G: Game>(
    new: &dyn Fn(u8) -> G,
    len: u8,
    steps: &[StepFact],
) -> Result<(), (usize, String)> {
    let mut state = caught(|| new(len)).map_err(|e| (0, panicked(&e)))?;
    for (step, want) in steps.iter().enumerate() {
        let at = |what: String| {
            (
                step,
                format!(
                    "after {step} moves (expected position `{}`): {what}",
                    want.position
                ),
            )
        };
        let position = caught(|| state.position()).map_err(|e| at(panicked(&e)))?;
        if position != want.position {
            return Err(at(format!("position() is `{position}`")));
        }
        let parsed =
            caught(|| state.parse_position(&want.position)).map_err(|e| at(panicked(&e)))?;
        if parsed.as_ref().ok() != Some(&state) {
            return Err(at(
                "parse_position(position()) does not give the position back".into(),
            ));
        }
        let outcome = caught(|| outcome_name(state.outcome())).map_err(|e| at(panicked(&e)))?;
        if outcome != want.outcome {
            return Err(at(format!(
                "outcome() is {outcome:?}, expected {:?}",
                want.outcome
            )));
        }
        let mut legal: Vec<String> = caught(|| {
            state
                .legal_moves()
                .iter()
                .map(|&m| state.format_move(m))
                .collect()
        })
        .map_err(|e| at(panicked(&e)))?;
        legal.sort();
        if legal != want.legal {
            return Err(at(format!(
                "the legal moves are {legal:?}, expected {:?}",
                want.legal
            )));
        }
        let Some(text) = &want.next else { break };
        let mv = caught(|| state.parse_move(text))
            .map_err(|e| at(panicked(&e)))?
            .map_err(|e| at(format!("parse_move(`{text}`): {e}")))?;
        state = caught(|| state.play(mv)).map_err(|e| at(panicked(&e)))?;
    }
    Ok(())
}

fn solved<G: Game + Solvable>(new: &dyn Fn(u8) -> G) -> Result<String, String> {
    let facts = kayles().solved;
    for fact in &facts {
        let value = caught(|| solve(&new(fact.len), &SolverOptions::default(), false))
            .map_err(|e| format!("row of {}: {}", fact.len, panicked(&e)))?
            .map_err(|e| format!("row of {}: {e}", fact.len))?
            .value;
        let got = match value.signum() {
            1 => "win",
            -1 => "loss",
            _ => "draw",
        };
        if got != fact.value {
            return Err(format!(
                "row of {} pins: solved as a {got} for the first player, expected a {}",
                fact.len, fact.value
            ));
        }
    }
    Ok(format!("{} rows", facts.len()))
}
