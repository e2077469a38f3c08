//! The benches' positions, made the same way in every bench so that their figures compare.

use ply_isolation::Isolation;
use ply_onitama::Onitama;
use ply_search::conformance::play_random;
use ply_search::SearchHints;
use ply_search::{Game, Rng};

/// `count` mid-game positions of 11x9 knight Isolation (plies 10 to 30, at least 3 moves to
/// choose from), from a fixed seed.
pub fn knight_midgames(count: usize) -> Vec<Isolation> {
    let mut rng = Rng::new(99);
    let mut positions = Vec::new();
    while positions.len() < count {
        let plies = 10 + rng.below(21) as u32;
        let state = play_random(&Isolation::udacity(), plies, &mut rng);
        if !state.is_terminal() && state.move_count() >= 3 {
            positions.push(state);
        }
    }
    positions
}

/// `count` Onitama positions 4 to 12 plies into games of random deals, from a fixed seed.
pub fn onitama_positions(count: usize) -> Vec<Onitama> {
    let mut rng = Rng::new(7);
    let mut positions = Vec::new();
    while positions.len() < count {
        let spec = format!("onitama(deal=random,seed={})", positions.len());
        let start = Onitama::from_spec(&spec).expect("a valid spec");
        let state = play_random(&start, 4 + rng.below(9) as u32, &mut rng);
        if !state.is_terminal() {
            positions.push(state);
        }
    }
    positions
}
