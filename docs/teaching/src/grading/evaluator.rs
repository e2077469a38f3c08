//! Exercise 3: AIND's "improved" evaluator for 7x7 knight Isolation, graded on every position
//! of 60 seeded random games, for both players; a failure shows the earliest failing position
//! drawn as a board.

use super::panicked;
use crate::caught::caught;
use crate::report::Check;
use ply_isolation::{Heuristic, Isolation};
use ply_search::SearchHints;
use ply_search::{Evaluator, Game, Player, Rng};

/// 7x7 knight Isolation positions (AIND's board) reached by seeded random play, from the empty
/// board to near the end, for grading evaluators.
pub fn isolation_positions() -> Vec<Isolation> {
    let start = Isolation::from_spec("isolation(rules=aind)").expect("the AIND board");
    let mut positions = Vec::new();
    for seed in 0..60 {
        let mut rng = Rng::new(seed);
        let mut state = start;
        while let Some(mv) = state.random_move(&mut rng) {
            positions.push(state);
            state = state.play(mv);
        }
    }
    positions
}

/// Exercise 3 (15 points): `f(state, player)` equals ply's `Heuristic::Improved` for both
/// players on every position of [`isolation_positions`].
pub fn exercise_3(f: &dyn Fn(&Isolation, Player) -> i32) -> Vec<Check> {
    let name = "exercise 3, improved_score: both players on every position of 60 games";
    vec![Check::from_result(name, 15.0, grade(f))]
}

fn grade(f: &dyn Fn(&Isolation, Player) -> i32) -> Result<String, String> {
    let positions = isolation_positions();
    // The earliest failing position (fewest plies played) is the easiest to check by hand.
    let mut failure: Option<(u32, String)> = None;
    for state in &positions {
        for player in [Player::P0, Player::P1] {
            let want = Heuristic::Improved.evaluate(state, player);
            let problem = match caught(|| f(state, player)) {
                Err(message) if message.starts_with("not yet implemented") => {
                    return Err(panicked(&message))
                }
                Err(message) => Some(panicked(&message)),
                Ok(got) if got != want => Some(format!(
                    "improved_score(state, {player:?}) is {got}, expected {want}"
                )),
                Ok(_) => None,
            };
            let Some(problem) = problem else { continue };
            if failure.as_ref().is_none_or(|(ply, _)| state.ply() < *ply) {
                let [mine, theirs] = [player.index(), player.other().index()];
                let locs = state.locs();
                let text = format!(
                    "{problem} on this position (player {} to move; ply {}):\n{}position `{}`; player {mine} at {}, {} moves; player {theirs} at {}, {} moves",
                    state.to_move().index(),
                    state.ply(),
                    state.labelled_drawing(),
                    state.position(),
                    where_is(state, locs[mine]),
                    state.liberties(locs[mine]).len(),
                    where_is(state, locs[theirs]),
                    state.liberties(locs[theirs]).len(),
                );
                failure = Some((state.ply(), text));
            }
        }
    }
    match failure {
        Some((_, text)) => Err(text),
        None => Ok(format!(
            "{} positions, both players: every value",
            positions.len()
        )),
    }
}

/// A player's cell as `(row,col)`, or "not placed".
fn where_is(state: &Isolation, loc: Option<u8>) -> String {
    loc.map_or("no cell yet (not placed)".into(), |cell| {
        let (row, col) = state.variant().row_col(cell);
        format!("({row},{col})")
    })
}
