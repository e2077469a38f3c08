//! Evaluators: heuristic scores, kept apart from the rules so a researcher can swap them.

use crate::{Game, NotationError, Player, Score};

/// A heuristic that scores a non-terminal state from one player's point of view.
///
/// The view is explicit because course heuristics need not be symmetric: Udacity's `open`
/// heuristic counts only the evaluated player's moves, so "good for P0" is not "bad for P1".
/// Searches ask for the root player's view at every leaf, which makes a negamax search agree
/// with textbook minimax for any heuristic. For a symmetric (zero-sum) heuristic the two views
/// are negatives of each other.
///
/// Values must lie within `±score::MAX_EVAL` (use [`crate::score::clamp_eval`]); terminal states
/// are scored by the search from the game's outcome, never by an evaluator. Any
/// `Fn(&G, Player) -> Score` closure is an evaluator too.
///
/// ```
/// use ply_search::{Evaluator, Game, Player, Score};
/// // A closure works as an evaluator: here, "the player to move is better off".
/// fn tempo<G: Game>(state: &G, player: Player) -> Score {
///     if state.to_move() == player { 1 } else { -1 }
/// }
/// # fn use_it<G: Game>(state: &G) -> Score { tempo.evaluate(state, Player::P0) }
/// ```
pub trait Evaluator<G: Game>: Send + Sync {
    /// The value of `state` for `player`; higher is better for `player`.
    fn evaluate(&self, state: &G, player: Player) -> Score;

    /// A short name for tables and logs (the name used in agent specs).
    fn name(&self) -> &str {
        "custom"
    }
}

impl<G: Game, F: Fn(&G, Player) -> Score + Send + Sync> Evaluator<G> for F {
    #[inline]
    fn evaluate(&self, state: &G, player: Player) -> Score {
        self(state, player)
    }
}

/// The null heuristic: every non-terminal state is worth 0 (AIND's `null_score`). With it, a
/// search sees only wins and losses.
#[derive(Clone, Copy, Debug, Default)]
pub struct Zero;

impl<G: Game> Evaluator<G> for Zero {
    #[inline]
    fn evaluate(&self, _state: &G, _player: Player) -> Score {
        0
    }

    fn name(&self) -> &str {
        "null"
    }
}

/// The entry of `all` whose name in `names` (same order) is `name`, ignoring case: how games
/// look up their named evaluators, with the error listing the accepted names.
///
/// ```
/// use ply_search::eval::by_name;
/// assert_eq!(by_name("B", &["a", "b"], &[1, 2]).unwrap(), 2);
/// assert_eq!(by_name("c", &["a", "b"], &[1, 2]).unwrap_err().to_string(),
///     "bad evaluator `c`: expected one of a, b");
/// ```
pub fn by_name<T: Copy>(name: &str, names: &[&str], all: &[T]) -> Result<T, NotationError> {
    names
        .iter()
        .position(|n| n.eq_ignore_ascii_case(name.trim()))
        .map(|i| all[i])
        .ok_or_else(|| {
            NotationError::new("evaluator", name, format!("one of {}", names.join(", ")))
                .with_kind(crate::ErrorKind::UnknownName)
        })
}
