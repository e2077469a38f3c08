//! Searchers and agents: the one interface every algorithm and every player implements.

use crate::{Game, Limits, SearchResult, StopFlag};

/// A search algorithm: analyses a state under limits and returns its best move.
pub trait Searcher<G: Game>: Send {
    /// Searches `state` until a limit is reached (or the search ends by itself).
    fn search(&mut self, state: &G, limits: &Limits) -> SearchResult<G::Move>;

    /// Forgets what earlier searches learned (transposition tables, trees...), as before a new
    /// game. The default does nothing.
    fn clear(&mut self) {}
}

/// A named, configured player: picks a move in a game, with its own budget.
///
/// Agents are what tournaments and `ply play` drive; they are usually built from a spec string
/// such as `alphabeta(depth=6,eval=improved)`.
pub trait Agent<G: Game>: Send {
    /// The agent's name, as shown in result tables (usually its spec).
    fn name(&self) -> &str;

    /// Chooses a move in `state`, which must not be terminal.
    fn select_move(&mut self, state: &G) -> SearchResult<G::Move>;

    /// Prepares for a new game. The default does nothing.
    fn new_game(&mut self) {}

    /// Lets another thread stop the agent's searches early (a Ctrl-C in Python, a stop button,
    /// a closed browser tab): they then return their best move so far. The default ignores it
    /// (an agent that does not search).
    fn set_stop(&mut self, stop: Option<StopFlag>) {
        let _ = stop;
    }

    /// Sends live reports of the agent's searches to `observer` (the web page's live view).
    /// The default ignores it (an agent that does not search).
    fn set_observer(&mut self, observer: Option<crate::progress::Observer>) {
        let _ = observer;
    }
}

/// An agent made of a searcher and the limits it searches each move with.
pub struct SearchAgent<S> {
    name: String,
    searcher: S,
    limits: Limits,
}

impl<S> SearchAgent<S> {
    /// An agent called `name` that runs `searcher` under `limits` for each move.
    pub fn new(name: impl Into<String>, searcher: S, limits: Limits) -> Self {
        SearchAgent {
            name: name.into(),
            searcher,
            limits,
        }
    }

    /// The limits used for each move.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }
}

impl<G: Game, S: Searcher<G>> Agent<G> for SearchAgent<S> {
    fn name(&self) -> &str {
        &self.name
    }

    fn select_move(&mut self, state: &G) -> SearchResult<G::Move> {
        self.searcher.search(state, &self.limits)
    }

    fn new_game(&mut self) {
        self.searcher.clear();
    }

    fn set_stop(&mut self, stop: Option<StopFlag>) {
        self.limits.stop = stop;
    }

    fn set_observer(&mut self, observer: Option<crate::progress::Observer>) {
        self.limits.observer = observer;
    }
}
