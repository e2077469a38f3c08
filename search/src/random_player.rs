//! The random baseline: a uniformly random legal move.

use crate::{Limits, Rng, SearchHints, SearchResult, Searcher, Stats};

/// Plays a uniformly random legal move (the `random` agent). Seeded, so games reproduce.
///
/// ```
/// use ply_search::{Limits, RandomPlayer, Searcher};
/// # use ply_search::{Game, MoveList, NotationError, Outcome, Player};
/// # #[derive(Clone, Debug, PartialEq, Eq, Hash)] struct Two;
/// # impl Game for Two { type Move = u8;
/// #   fn to_move(&self) -> Player { Player::P0 }
/// #   fn generate_moves(&self, m: &mut MoveList<u8>) { m.extend([1, 2]) }
/// #   fn play(&self, _: u8) -> Two { Two } fn outcome(&self) -> Option<Outcome> { None }
/// #   fn key(&self) -> u64 { 0 } fn ply(&self) -> u32 { 0 }
/// #   fn format_move(&self, m: u8) -> String { m.to_string() }
/// #   fn parse_move(&self, t: &str) -> Result<u8, NotationError> { t.parse().map_err(|_| NotationError::new("move", t, "1 or 2")) }
/// #   fn position(&self) -> String { String::new() }
/// #   fn parse_position(&self, _: &str) -> Result<Two, NotationError> { Ok(Two) } }
/// # impl ply_search::SearchHints for Two {}
/// let mut player = RandomPlayer::new(42);
/// let result = player.search(&Two, &Limits::none());
/// assert!(matches!(result.best_move, Some(1) | Some(2)));
/// ```
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: Rng,
}

impl RandomPlayer {
    /// A random player whose choices are fixed by `seed`.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: Rng::new(seed),
        }
    }
}

impl<G: SearchHints> Searcher<G> for RandomPlayer {
    fn search(&mut self, state: &G, _limits: &Limits) -> SearchResult<G::Move> {
        let best_move = state.random_move(&mut self.rng);
        SearchResult {
            best_move,
            score: 0,
            pv: best_move.into_iter().collect(),
            stats: Stats {
                algorithm: "random".into(),
                nodes: 1,
                stopped_by: crate::StopReason::None,
                ..Stats::default()
            },
        }
    }
}
