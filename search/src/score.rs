//! Scores: heuristic values and exact game results on one integer scale.
//!
//! A [`Score`] is an `i32` seen from one player. Heuristic values live strictly inside
//! `±MAX_EVAL`; exact results sit above it: a win `n` plies from the root scores `WIN - n`, a
//! loss `-(WIN - n)`. So a search that maximises the score takes the fastest win and the slowest
//! loss, and a win always beats any heuristic value (the seeds' `+inf` and `-inf`).
//!
//! ```
//! use ply_search::score::{self, WIN};
//! assert!(score::win_in(3) > score::win_in(5));   // a quicker win is better
//! assert!(score::loss_in(5) > score::loss_in(3)); // a slower loss is better
//! assert_eq!(score::plies_to_result(score::win_in(7)), Some(7));
//! assert_eq!(score::describe(score::loss_in(4)), "-W4");
//! assert_eq!(score::describe(-12), "-12");
//! assert!(score::is_decisive(WIN - 100));
//! // A proven win whose distance the search does not know says only "win":
//! assert_eq!(score::describe(score::WIN_UNKNOWN_DISTANCE), "win");
//! assert_eq!(score::plies_to_result(score::WIN_UNKNOWN_DISTANCE), None);
//! ```

/// A value from one player's point of view; higher is better for that player.
pub type Score = i32;

/// The score of a win at the root itself (distance 0).
pub const WIN: Score = 1_000_000;

/// The greatest distance (in plies) a decisive score can carry.
pub const MAX_DISTANCE: Score = 100_000;

/// A win whose distance is not known: MCTS's proven root, the course algorithms' infinite
/// utility, greedy's finished game. It sits at the greatest distance, so a win of known
/// distance ranks above it, and it prints as `win` ([`describe`]), never as `+Wn`.
pub const WIN_UNKNOWN_DISTANCE: Score = WIN - MAX_DISTANCE;

/// Heuristic values must lie within `-MAX_EVAL..=MAX_EVAL`; larger ones are clamped by
/// [`clamp_eval`].
pub const MAX_EVAL: Score = WIN - MAX_DISTANCE - 1;

/// A score greater than any value a search can return: the initial alpha-beta window bound.
pub const INFINITY: Score = WIN + 1;

/// The score of a draw.
pub const DRAW: Score = 0;

/// The score of winning `plies` plies from now.
#[inline]
pub fn win_in(plies: u32) -> Score {
    WIN - (plies as Score).min(MAX_DISTANCE)
}

/// The score of losing `plies` plies from now.
#[inline]
pub fn loss_in(plies: u32) -> Score {
    -win_in(plies)
}

/// True for exact wins and losses (not heuristic values).
#[inline]
pub fn is_decisive(score: Score) -> bool {
    score.abs() > MAX_EVAL
}

/// For a decisive score, the number of plies to the end of the game; `None` for heuristic values
/// and for a result whose distance is not known ([`WIN_UNKNOWN_DISTANCE`]).
#[inline]
pub fn plies_to_result(score: Score) -> Option<u32> {
    (is_decisive(score) && score.abs() > WIN_UNKNOWN_DISTANCE).then(|| (WIN - score.abs()) as u32)
}

/// Whether `score` is a win or loss whose distance is known exactly (what `+Wn` promises).
///
/// ```
/// use ply_search::score::{distance_exact, win_in, WIN_UNKNOWN_DISTANCE};
/// assert!(distance_exact(win_in(9)));
/// assert!(!distance_exact(-WIN_UNKNOWN_DISTANCE));
/// assert!(!distance_exact(12));
/// ```
#[inline]
pub fn distance_exact(score: Score) -> bool {
    plies_to_result(score).is_some()
}

/// `score` with the distance of a decisive result forgotten (win or loss at
/// [`WIN_UNKNOWN_DISTANCE`]); heuristic values and draws unchanged. For searches whose wins
/// carry no true distance, such as the courses' `+inf`.
#[inline]
pub fn without_distance(score: Score) -> Score {
    if is_decisive(score) {
        score.signum() * WIN_UNKNOWN_DISTANCE
    } else {
        score
    }
}

/// Keeps a heuristic value inside the heuristic range, so it never reads as a win.
#[inline]
pub fn clamp_eval(value: i64) -> Score {
    value.clamp(-(MAX_EVAL as i64), MAX_EVAL as i64) as Score
}

/// A decisive score seen one ply further from the root (a child's value, negated by the
/// caller): keeps "win in n" meaning n plies from wherever the score is read.
#[inline]
pub fn one_ply_later(score: Score) -> Score {
    if score > MAX_EVAL {
        score - 1
    } else if score < -MAX_EVAL {
        score + 1
    } else {
        score
    }
}

/// Text for a score: the number for heuristic values, `+Wn` / `-Wn` for a win / loss in n plies,
/// `win` / `loss` for a result whose distance is not known, `no result` for a search stopped
/// before its first iteration (`±INFINITY`).
///
/// ```
/// use ply_search::score::{describe, INFINITY};
/// assert_eq!(describe(-INFINITY), "no result");
/// ```
pub fn describe(score: Score) -> String {
    if score.abs() >= INFINITY {
        // A search stopped before it finished its first iteration has no score.
        return "no result".into();
    }
    match plies_to_result(score) {
        Some(n) if score > 0 => format!("+W{n}"),
        Some(n) => format!("-W{n}"),
        None if is_decisive(score) && score > 0 => "win".into(),
        None if is_decisive(score) => "loss".into(),
        None => score.to_string(),
    }
}

/// A root-relative score ("win at ply n of the search") re-counted from the node `ply` plies
/// below the root ("win in n - ply from here"), so a stored result is right wherever the
/// position recurs. Non-decisive scores are unchanged.
///
/// ```
/// use ply_search::score::{relative_to_node, relative_to_root, win_in};
/// assert_eq!(relative_to_node(win_in(7), 3), win_in(4));
/// assert_eq!(relative_to_root(win_in(4), 3), win_in(7));
/// assert_eq!(relative_to_node(12, 3), 12);
/// ```
#[inline]
pub fn relative_to_node(score: Score, ply: u32) -> Score {
    if score > MAX_EVAL {
        score + ply as Score
    } else if score < -MAX_EVAL {
        score - ply as Score
    } else {
        score
    }
}

/// The inverse of [`relative_to_node`]: a score counted from a node `ply` plies below the root,
/// re-counted from the root.
#[inline]
pub fn relative_to_root(score: Score, ply: u32) -> Score {
    if score > MAX_EVAL {
        score - ply as Score
    } else if score < -MAX_EVAL {
        score + ply as Score
    } else {
        score
    }
}
