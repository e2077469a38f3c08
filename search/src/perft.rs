//! Perft: counting the positions of the game tree, the standard test of a move generator.
//!
//! Two conventions exist for terminal positions reached before the full depth, and published
//! move generators disagree exactly there, so both are offered:
//!
//! - [`Count::Leaves`] (Onitama's "convention A", Isolation's `leaves`): a terminal position is
//!   one leaf, whatever depth it occurs at.
//! - [`Count::Strict`] (Onitama's "convention C", Isolation's `perft`): only paths of exactly
//!   `depth` plies count; a game that ended earlier counts 0.
//!
//! In games with dice a roll is a ply: a chance node's outcomes are its moves, each counted
//! once whatever its probability (OpenSpiel's convention for chance actions), so perft counts
//! the distinct sequences of moves and rolls.
//!
//! Terminal positions are never expanded. At the last ply the count of moves is taken without
//! playing them ("bulk counting"), which is exact in both conventions.
//!
//! ```
//! use ply_search::perft::{perft, Count};
//! # use ply_search::{Game, MoveList, NotationError, Outcome, Player};
//! # #[derive(Clone, Debug, PartialEq, Eq, Hash)] struct Nim(u32, u32);
//! # impl Game for Nim { type Move = u32;
//! #   fn to_move(&self) -> Player { Player::from_index(self.1 as usize) }
//! #   fn generate_moves(&self, m: &mut MoveList<u32>) { m.extend((1..=2).filter(|&n| n <= self.0)) }
//! #   fn play(&self, t: u32) -> Nim { Nim(self.0 - t, self.1 + 1) }
//! #   fn outcome(&self) -> Option<Outcome> { (self.0 == 0).then(|| Outcome::Win(self.to_move().other())) }
//! #   fn key(&self) -> u64 { self.0 as u64 } fn ply(&self) -> u32 { self.1 }
//! #   fn format_move(&self, m: u32) -> String { m.to_string() }
//! #   fn parse_move(&self, t: &str) -> Result<u32, NotationError> { t.parse().map_err(|_| NotationError::new("move", t, "1 or 2")) }
//! #   fn position(&self) -> String { String::new() }
//! #   fn parse_position(&self, _: &str) -> Result<Nim, NotationError> { Ok(self.clone()) } }
//! # impl ply_search::SearchHints for Nim {}
//! // Nim with 2 stones, take 1 or 2: the game 2 ends after one ply, the game 1-1 after two.
//! let start = Nim(2, 0);
//! assert_eq!(perft(&start, 2, Count::Leaves), 2); // "2" ended early: still one leaf
//! assert_eq!(perft(&start, 2, Count::Strict), 1); // only "1-1" is two plies long
//! ```

use crate::{MoveList, SearchHints, StopFlag};

/// How terminal positions before the full depth are counted (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Count {
    /// A terminal position is a leaf at whatever depth it occurs.
    Leaves,
    /// Only positions at exactly the full depth count.
    Strict,
}

impl Count {
    /// The name used on the command line (`leaves` or `strict`).
    pub fn name(self) -> &'static str {
        match self {
            Count::Leaves => "leaves",
            Count::Strict => "strict",
        }
    }
}

/// The number of leaves of the game tree of `state` cut at `depth` plies.
pub fn perft<G: SearchHints>(state: &G, depth: u32, count: Count) -> u64 {
    let mut buffers: Vec<MoveList<G::Move>> = (0..depth).map(|_| MoveList::new()).collect();
    count_leaves::<G, true>(state, depth, count, &mut buffers)
}

/// The same count as [`perft`], but every position at the last ply is made (`play`) as its
/// move is generated ([`SearchHints::for_each_move`]), not counted from the move list: the speed of
/// move generation plus copy-make, as engines without bulk counting report it.
pub fn perft_without_bulk<G: SearchHints>(state: &G, depth: u32, count: Count) -> u64 {
    let mut buffers: Vec<MoveList<G::Move>> = (0..depth).map(|_| MoveList::new()).collect();
    count_leaves::<G, false>(state, depth, count, &mut buffers)
}

/// Subtrees of at most this many plies are counted without looking at the stop flag...
const UNSTOPPED_PLIES: u32 = 4;
/// ...or fewer, so that such a subtree holds about this many leaves at most (games with
/// hundreds of moves a position, such as Amazons, would otherwise count billions of leaves
/// before seeing an interrupt).
const UNSTOPPED_LEAVES: f64 = 1e7;

/// [`perft`] that gives up (`None`) soon after `stop` is raised: the flag is read between
/// subtrees of at most 4 plies (fewer where the root has many moves: about ten million leaves
/// at most), never in the counting loop, so the count costs the same and an interrupt is seen
/// within one small subtree's time.
///
/// ```
/// use ply_search::perft::{perft, perft_until, Count};
/// use ply_search::{tree::Tree, StopFlag};
/// let tree = Tree::parse("[[[1,2],[3,[4,5,6]]],[[7],[8,9]]]").unwrap();
/// let stop = StopFlag::new();
/// assert_eq!(perft_until(&tree, 6, Count::Leaves, &stop), Some(perft(&tree, 6, Count::Leaves)));
/// stop.stop();
/// assert_eq!(perft_until(&tree, 6, Count::Leaves, &stop), None);
/// ```
pub fn perft_until<G: SearchHints>(
    state: &G,
    depth: u32,
    count: Count,
    stop: &StopFlag,
) -> Option<u64> {
    let branching = state.move_count().max(2) as f64;
    let unstopped = (UNSTOPPED_LEAVES.log(branching) as u32).clamp(1, UNSTOPPED_PLIES);
    perft_stoppable(state, depth, count, stop, unstopped)
}

fn perft_stoppable<G: SearchHints>(
    state: &G,
    depth: u32,
    count: Count,
    stop: &StopFlag,
    unstopped: u32,
) -> Option<u64> {
    if stop.is_raised() {
        return None;
    }
    if depth <= unstopped || state.is_terminal() {
        return Some(perft(state, depth, count));
    }
    let mut total = 0;
    for mv in state.legal_moves() {
        total += perft_stoppable(&state.play(mv), depth - 1, count, stop, unstopped)?;
    }
    Some(total)
}

/// The perft count below each legal move of `state`, in the game's move order ("divide").
pub fn divide<G: SearchHints>(state: &G, depth: u32, count: Count) -> Vec<(G::Move, u64)> {
    if depth == 0 || state.is_terminal() {
        return Vec::new();
    }
    let moves = state.legal_moves();
    let mut buffers: Vec<MoveList<G::Move>> = (0..depth).map(|_| MoveList::new()).collect();
    moves
        .iter()
        .map(|&mv| {
            (
                mv,
                count_leaves::<G, true>(&state.play(mv), depth - 1, count, &mut buffers),
            )
        })
        .collect()
}

/// The leaves below `state`; with `BULK` (a compile-time switch, so each mode is its own
/// specialised code), the last two plies are counted by [`SearchHints::count_two_plies`] (at
/// least without a recursive call, at best without making the positions), otherwise every
/// last-ply position is made.
fn count_leaves<G: SearchHints, const BULK: bool>(
    state: &G,
    depth: u32,
    count: Count,
    buffers: &mut [MoveList<G::Move>],
) -> u64 {
    // The Game contract (a state is terminal exactly when it has no legal move) lets an empty
    // move list stand for the terminal test.
    let at_terminal = match count {
        Count::Leaves => 1,
        Count::Strict => 0,
    };
    if depth == 0 {
        return 1;
    }
    if BULK && depth == 1 {
        return match state.move_count() as u64 {
            0 => at_terminal,
            n => n,
        };
    }
    if !BULK && depth == 1 {
        // Each leaf is made in full, as it is generated; `black_box` keeps the compiler from
        // skipping the work.
        let mut made = 0;
        state.for_each_move(|mv| {
            std::hint::black_box(state.play(mv));
            made += 1;
        });
        return if made == 0 { at_terminal } else { made };
    }
    if BULK && depth == 2 {
        // The last two plies, counted by the game (most of perft's time is here).
        return state.count_two_plies(at_terminal);
    }
    let (moves, deeper) = buffers
        .split_first_mut()
        .expect("one move buffer per remaining ply");
    moves.clear();
    state.generate_moves(moves);
    if moves.is_empty() {
        return at_terminal;
    }
    let mut total = 0;
    for &mv in moves.iter() {
        total += count_leaves::<G, BULK>(&state.play(mv), depth - 1, count, deeper);
    }
    total
}
