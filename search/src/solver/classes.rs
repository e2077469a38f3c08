//! Moves grouped by symmetry: positions that are images of one another share a key, so the
//! solver solves one move of each class and gives its value to the others.

use super::solution::MoveValue;
use crate::score::Score;
use crate::Game;

/// The key shared by a position and its symmetric images (its own key without `symmetry`).
pub(super) fn canonical_key<G: Game>(state: &G, symmetry: bool) -> u64 {
    if symmetry {
        state
            .symmetric_images()
            .iter()
            .map(Game::key)
            .min()
            .unwrap_or(state.key())
    } else {
        state.key()
    }
}

/// A set of moves whose positions are symmetric images of each other.
pub(super) struct MoveClass<M> {
    pub(super) key: u64,
    pub(super) representative: M,
    pub(super) members: Vec<M>,
}

/// The legal moves of `state` grouped by the symmetry class of the position each leads to (one
/// class per move without `symmetry`), in the game's move order.
pub(super) fn classes<G: Game>(state: &G, symmetry: bool) -> Vec<MoveClass<G::Move>> {
    let mut found: Vec<MoveClass<G::Move>> = Vec::new();
    for mv in state.legal_moves() {
        let key = canonical_key(&state.play(mv), symmetry);
        match found.iter_mut().find(|class| class.key == key) {
            Some(class) => class.members.push(mv),
            None => found.push(MoveClass {
                key,
                representative: mv,
                members: vec![mv],
            }),
        }
    }
    found
}

/// Every move of every class with its class's value, in the game's move order.
pub(super) fn expand<G: Game>(
    state: &G,
    classes: &[MoveClass<G::Move>],
    values: &[Score],
) -> Vec<MoveValue<G::Move>> {
    let mut listed = Vec::new();
    for mv in state.legal_moves() {
        let (class, value) = classes
            .iter()
            .zip(values)
            .find(|(c, _)| c.members.contains(&mv))
            .expect("every move is in a class");
        listed.push(MoveValue {
            mv,
            notation: state.format_move(mv),
            value: *value,
            same_as: (class.representative != mv).then(|| state.format_move(class.representative)),
            score: None,
        });
    }
    listed
}
