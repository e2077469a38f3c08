//! Any ply game and evaluator seen through the `minimax` crate's traits, so that its
//! alpha-beta searches (`IterativeSearch`, and `ParallelSearch`, its Young Brothers Wait
//! parallel search) run on the very positions, move generator and evaluator ply's engine does.
//! Both make moves by copy (`apply` returns the new state), as ply's engine does, and both
//! try the game's prioritised moves (`SearchHints::move_priority`: wins, captures) early: ply's
//! engine after the table's move, the peer in its generator's order.

use ply_search::engine::{Engine, EngineOptions};
use ply_search::SearchHints;
use ply_search::{Evaluator, Limits, MoveList, Outcome, Searcher};
use std::cmp::Reverse;
use std::marker::PhantomData;

/// Game `G` in the `minimax` crate's terms.
pub struct Peer<G>(PhantomData<G>);

impl<G: SearchHints> minimax::Game for Peer<G> {
    type S = G;
    type M = G::Move;

    fn generate_moves(state: &G, moves: &mut Vec<G::Move>) -> Option<minimax::Winner> {
        if let Some(winner) = Self::get_winner(state) {
            return Some(winner);
        }
        // The game's static priority (wins, captures) first, as ply's engine tries them: the
        // peer has no such hook, so its generator's order carries it. Each move's priority is
        // computed once, as ply's engine does, and sorted with it (stable: the game's order
        // among equals); a game without priorities skips the sort.
        let mut keyed: MoveList<(Reverse<u32>, G::Move)> = MoveList::new();
        let mut prioritised = false;
        state.for_each_move(|mv| {
            let priority = state.move_priority(mv);
            prioritised |= priority > 0;
            keyed.push((Reverse(priority), mv));
        });
        if prioritised {
            keyed.sort_by_key(|&(priority, _)| priority);
        }
        moves.extend(keyed.into_iter().map(|(_, mv)| mv));
        None
    }

    fn apply(state: &mut G, mv: G::Move) -> Option<G> {
        Some(state.play(mv))
    }

    fn get_winner(state: &G) -> Option<minimax::Winner> {
        match state.outcome()? {
            Outcome::Win(p) if p == state.to_move() => Some(minimax::Winner::PlayerToMove),
            Outcome::Win(_) => Some(minimax::Winner::PlayerJustMoved),
            Outcome::Draw => Some(minimax::Winner::Draw),
        }
    }

    fn zobrist_hash(state: &G) -> u64 {
        state.key()
    }

    /// The history and countermove tables' index: ply's own move index.
    fn table_index(mv: G::Move) -> u16 {
        G::move_index(mv) as u16
    }

    fn max_table_index() -> u16 {
        G::MOVE_INDEX_SPACE.saturating_sub(1) as u16
    }
}

/// Evaluator `E` of game `G`, from the side to move, as the `minimax` crate scores. Its scores
/// are 16-bit: ply's evaluators stay well inside that range on the benched positions.
pub struct PeerEval<G, E>(pub E, PhantomData<G>);

impl<G, E: Clone> Clone for PeerEval<G, E> {
    fn clone(&self) -> Self {
        PeerEval(self.0.clone(), PhantomData)
    }
}

impl<G: SearchHints, E: Evaluator<G>> PeerEval<G, E> {
    /// The evaluator `evaluator` for the peer.
    pub fn new(evaluator: E) -> Self {
        PeerEval(evaluator, PhantomData)
    }
}

impl<G: SearchHints, E: Evaluator<G>> minimax::Evaluator for PeerEval<G, E> {
    type G = Peer<G>;

    fn evaluate(&self, state: &G) -> minimax::Evaluation {
        let value = self.0.evaluate(state, state.to_move());
        value.clamp(i16::MIN as i32 + 1, i16::MAX as i32 - 1) as minimax::Evaluation
    }
}

/// The transposition table every searcher gets in the alpha-beta comparisons: 16 MiB.
pub const TABLE_BYTES: usize = 16 << 20;

/// Fresh ply engines, one per position, with the default options and [`TABLE_BYTES`] tables
/// allocated now (set-up, outside any timing).
pub fn ply_engines<G: SearchHints, E: Evaluator<G> + Clone>(
    evaluator: &E,
    count: usize,
) -> Vec<Engine<G, E>> {
    let options = EngineOptions {
        tt_bytes: TABLE_BYTES,
        ..EngineOptions::default()
    };
    ply_engines_with(evaluator, &options, count)
}

/// Fresh ply engines, one per position, with `options` (threads, switches) and their tables
/// allocated now.
pub fn ply_engines_with<G: SearchHints, E: Evaluator<G> + Clone>(
    evaluator: &E,
    options: &EngineOptions,
    count: usize,
) -> Vec<Engine<G, E>> {
    (0..count)
        .map(|_| {
            let mut engine = Engine::new(evaluator.clone(), options.clone());
            engine.allocate_table();
            engine
        })
        .collect()
}

/// Searches each position with its own engine to `depth` (`engines[i]` searches
/// `positions[i]`); the nodes of all the searches.
pub fn search_all<G: SearchHints, E: Evaluator<G>>(
    engines: &mut [Engine<G, E>],
    positions: &[G],
    depth: u32,
) -> u64 {
    engines
        .iter_mut()
        .zip(positions)
        .map(|(engine, state)| engine.search(state, &Limits::depth(depth)).stats.nodes)
        .sum()
}

/// The `minimax` crate's `IterativeSearch` options in the comparisons: a [`TABLE_BYTES`]
/// table, null windows and an aspiration window of 16 (as the earlier comparisons set it up),
/// and with `countermoves` its countermove and countermove-history tables too (its best
/// ordering).
pub fn iterative_options(countermoves: bool) -> minimax::IterativeOptions {
    let options = minimax::IterativeOptions::new()
        .with_table_byte_size(TABLE_BYTES)
        .with_null_window_search(true)
        .with_aspiration_window(16);
    if countermoves {
        options.with_countermoves().with_countermove_history()
    } else {
        options
    }
}

/// A fresh `IterativeSearch` with [`iterative_options`], searching to `depth`.
pub fn iterative_search<G: SearchHints, E: Evaluator<G> + Clone>(
    evaluator: &E,
    countermoves: bool,
    depth: u32,
) -> minimax::IterativeSearch<PeerEval<G, E>> {
    use minimax::Strategy;
    let mut peer = minimax::IterativeSearch::new(
        PeerEval::new(evaluator.clone()),
        iterative_options(countermoves),
    );
    peer.set_max_depth(depth as u8);
    peer
}
