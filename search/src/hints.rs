//! [`SearchHints`]: what a game may tell the searches to go faster, apart from its rules.
//!
//! [`Game`] says what a game is; this trait holds the optional speed-ups the alpha-beta engine,
//! perft and MCTS take where a game offers them: an incremental key, bulk move counts, fast
//! random playouts, move-ordering hints, the table threshold and staged move generation. Every
//! item has a default that is correct for any game, so a new game writes its rules, adds
//! `impl SearchHints for MyGame {}`, and opts into speed one item at a time. None changes a
//! search's value: the conformance kit checks each override against the rules. The solver's
//! own hints sit apart in the same way, in [`crate::solver::Solvable`].

use crate::{Game, MoveList, Rng};

/// The default of [`SearchHints::TABLE_MIN_DEPTH`]: the alpha-beta engine probes its
/// transposition table at nodes with at least this many plies to go, where a probe near the
/// leaves of a game whose positions seldom recur would be a cache miss that saves nothing.
pub const DEFAULT_TABLE_MIN_DEPTH: u32 = 3;

/// The optional speed-ups of a [`Game`], each with a default computed from the rules.
///
/// The searches that take them ([`crate::Engine`], [`crate::perft`], [`crate::mcts`], the
/// conformance kit) ask for this trait; an empty `impl SearchHints for MyGame {}` gives them
/// the defaults. Overrides must give the very answers the defaults would (the conformance kit
/// checks that they do), or for the ordering hints, only change the order of a search.
///
/// ```
/// use ply_search::{Game, SearchHints};
/// # use ply_search::tree::Tree;
/// let tree = Tree::parse("[[1,2],[3,4]]").unwrap();
/// assert_eq!(tree.move_count(), 2);              // a hint with its default: the moves counted
/// assert_eq!(tree.count_two_plies(1), 4);        // the replies after every move, summed
/// ```
pub trait SearchHints: Game {
    /// The key of `child`, the state after `mv` here, given this state's `key`: what a search
    /// passes down instead of asking each node for its key. Override with an incremental
    /// (Zobrist) update where that is cheaper than [`Game::key`] from scratch; the
    /// conformance kit checks that both agree.
    #[inline]
    fn key_after(&self, key: u64, mv: Self::Move, child: &Self) -> u64 {
        let _ = (key, mv);
        child.key()
    }

    /// The number of legal moves. Override when counting is cheaper than generating (perft's
    /// bulk counting uses it).
    #[inline]
    fn move_count(&self) -> usize {
        let mut moves = MoveList::new();
        self.generate_moves(&mut moves);
        moves.len()
    }

    /// The positions two plies down: the sum, over the legal moves, of the number of replies
    /// after each, where a position without moves (the game over, here or after a move) counts
    /// `at_end` instead. Perft's last two plies ([`crate::perft`]: `at_end` is 1 when a game
    /// that ended early is a leaf, 0 when only full-length paths count). Override when the
    /// replies can be counted without making each position; the conformance kit checks the
    /// override against this definition.
    fn count_two_plies(&self, at_end: u64) -> u64 {
        let mut moves = MoveList::new();
        self.generate_moves(&mut moves);
        if moves.is_empty() {
            return at_end;
        }
        moves
            .iter()
            .map(|&mv| match self.play(mv).move_count() as u64 {
                0 => at_end,
                n => n,
            })
            .sum()
    }

    /// Calls `visit` with every legal move, in the order of [`Game::generate_moves`]. Override
    /// to skip the move list: perft without bulk counting makes its last-ply positions through
    /// this (as engines do, making each move as it is generated). The conformance kit checks
    /// that it visits exactly the generated moves, in order.
    #[inline]
    fn for_each_move(&self, mut visit: impl FnMut(Self::Move)) {
        let mut moves = MoveList::new();
        self.generate_moves(&mut moves);
        for &mv in moves.iter() {
            visit(mv);
        }
    }

    /// A uniformly random legal move, or `None` in a terminal state; at a chance node, an
    /// outcome drawn by its probability (the dice rolled). Override with a fast version for
    /// playouts; the default generates all moves.
    fn random_move(&self, rng: &mut Rng) -> Option<Self::Move> {
        if Self::HAS_CHANCE && self.is_chance_node() {
            let mut outcomes = crate::chance::ChanceList::new();
            self.chance_outcomes(&mut outcomes);
            return Some(crate::chance::sample(&outcomes, rng));
        }
        let mut moves = MoveList::new();
        self.generate_moves(&mut moves);
        if moves.is_empty() {
            None
        } else {
            Some(moves[rng.below(moves.len() as u64) as usize])
        }
    }

    /// Plays uniformly random moves from this state, each drawn as [`SearchHints::random_move`]
    /// draws it, until the game is over or `max_plies` moves are made. Returns the state
    /// reached and the number of moves made. MCTS's random playouts run through it.
    ///
    /// Override with a faster loop (one that keeps what it needs from ply to ply instead of
    /// a whole state) only if it plays the very same games: the same moves from the same
    /// generator, drawing no more numbers than the default. The conformance kit checks this.
    ///
    /// ```
    /// use ply_search::{Game, Rng, SearchHints};
    /// # use ply_search::tree::Tree;
    /// let tree = Tree::parse("[[1,2],[3,4]]").unwrap();
    /// let (end, plies) = tree.random_playout(&mut Rng::new(1), u32::MAX);
    /// assert_eq!((plies, end.is_terminal()), (2, true));
    /// let (_, plies) = tree.random_playout(&mut Rng::new(1), 1);
    /// assert_eq!(plies, 1);
    /// ```
    fn random_playout(&self, rng: &mut Rng, max_plies: u32) -> (Self, u32) {
        let mut state = self.clone();
        let mut plies = 0;
        while plies < max_plies {
            match state.random_move(rng) {
                Some(mv) => state = state.play(mv),
                None => break,
            }
            plies += 1;
        }
        (state, plies)
    }

    /// The size of the move index space of [`SearchHints::move_index`]; 0 (the default) when the game
    /// gives no dense index, which switches the history heuristic off.
    const MOVE_INDEX_SPACE: usize = 0;

    /// The alpha-beta engine's default for the fewest plies to go at which a node uses the
    /// transposition table ([`crate::engine::EngineOptions::tt_min_depth`]): 3 (the
    /// default) where positions seldom recur by other move orders, so a probe near the leaves
    /// is a cache miss that saves nothing; lower where they often do (Onitama and
    /// Breakthrough 1, Connect Four and Amazons 2: measured, the nodes and time of a
    /// fixed-depth search fall), higher where they almost never do (knight Isolation 6);
    /// docs/engine.md has the figures.
    const TABLE_MIN_DEPTH: u32 = DEFAULT_TABLE_MIN_DEPTH;

    /// A dense index of `mv` below [`SearchHints::MOVE_INDEX_SPACE`] (e.g. the target cell), for the
    /// history heuristic's table.
    #[inline]
    fn move_index(_mv: Self::Move) -> usize {
        0
    }

    /// A static ordering hint for the alpha-beta engine: above 0 for a move worth trying
    /// before the killers and the history (a capture, an immediate win), higher first; 0
    /// (the default) for a quiet move. It orders the search, never changes its value.
    #[inline]
    fn move_priority(&self, _mv: Self::Move) -> u32 {
        0
    }

    /// Whether [`SearchHints::move_priority`] gives any move a priority. `false` (the default) lets
    /// the engine try its killer moves before it generates the others (no prioritised move
    /// could come before them); a game that overrides `move_priority` sets it `true` (the
    /// conformance kit checks that a game saying `false` gives every move 0).
    const HAS_MOVE_PRIORITY: bool = false;

    /// Whether `mv` is a legal move here, where the game can tell without generating its moves
    /// (for a bitboard game, a bit test): `Some` with the exact answer, or `None` (the
    /// default) where it cannot. Asked only of states that are not terminal. The alpha-beta
    /// engine tries a node's killer move before generating the others when this says it is
    /// legal (staged move generation): most nodes near the leaves are cut off by their first
    /// move, and never generate the rest.
    #[inline]
    fn quick_legality(&self, _mv: Self::Move) -> Option<bool> {
        None
    }

    /// A bound on the magnitude of every terminal value and evaluation a search can meet
    /// here (by default a win's score, [`crate::score::WIN`]). Expectimax's Star1 and Star2
    /// pruning ([`crate::expectimax`]) cut a chance node once the children still unseen cannot
    /// move its average across the window even at this bound, so a game whose values are
    /// smaller (a textbook tree's leaves) prunes more by saying so. It must hold: a value
    /// beyond it would make a pruned search wrong.
    fn value_bound(&self) -> crate::Score {
        crate::score::WIN
    }

    /// This position with `player` to move, as if the players seated between had passed, or
    /// `None` where the game cannot hand the turn over. Best-reply search
    /// ([`crate::multi::BestReply`]) asks it to let each opponent reply out of turn. The
    /// default hands over only the turn it already is.
    fn pass_to(&self, player: crate::Player) -> Option<Self> {
        (player == self.to_move()).then(|| self.clone())
    }

    /// What max^n's shallow pruning needs to hold in every position the search can meet: each
    /// player's value (terminal, and by the game's evaluators) is at least a floor, and the
    /// players' values sum to at most a bound ([`crate::multi::SumBound`]). `None` (the
    /// default) turns the pruning off. It must hold: a value beyond it would make max^n wrong.
    fn sum_bound(&self) -> Option<crate::multi::SumBound> {
        None
    }
}
