//! The conformance kit: one call that checks a game keeps every promise of the [`Game`](crate::Game) trait.
//!
//! A game crate runs it on each of its variants in its own tests (here on a two-line game:
//! count to 3, one step per ply):
//!
//! ```
//! # use ply_search::{Game, MoveList, NotationError, Outcome, Player};
//! # #[derive(Clone, Debug, PartialEq, Eq, Hash)] struct Count(u32);
//! # impl Game for Count { type Move = ();
//! #   fn to_move(&self) -> Player { Player::from_index(self.0 as usize) }
//! #   fn generate_moves(&self, m: &mut MoveList<()>) { if self.0 < 3 { m.push(()) } }
//! #   fn play(&self, _: ()) -> Count { Count(self.0 + 1) }
//! #   fn outcome(&self) -> Option<Outcome> { (self.0 == 3).then_some(Outcome::Draw) }
//! #   fn key(&self) -> u64 { self.0 as u64 } fn ply(&self) -> u32 { self.0 }
//! #   fn format_move(&self, _: ()) -> String { "step".into() }
//! #   fn parse_move(&self, t: &str) -> Result<(), NotationError> {
//! #       if t == "step" && self.0 < 3 { Ok(()) } else { Err(NotationError::new("move", t, "step")) } }
//! #   fn position(&self) -> String { self.0.to_string() }
//! #   fn parse_position(&self, t: &str) -> Result<Count, NotationError> {
//! #       t.parse().map(Count).map_err(|_| NotationError::new("position", t, "a number")) } }
//! # impl ply_search::SearchHints for Count {}
//! use ply_search::conformance::{check, Config};
//! check(&Count(0), &Config::default());
//! ```
//!
//! It plays seeded random games from the given state and, at every position, checks: legal
//! moves have no duplicates and each can be played; a chance node's outcomes are its moves,
//! each with a positive weight; terminal states have no moves and the
//! others have some; [`SearchHints::move_count`], [`SearchHints::for_each_move`] (same moves, same order),
//! [`SearchHints::count_two_plies`] and [`SearchHints::random_move`] agree with the move list, and
//! [`SearchHints::random_playout`] plays the games `random_move` would; move indices lie below
//! [`SearchHints::MOVE_INDEX_SPACE`]; [`SearchHints::quick_legality`] answers exactly (in states that go
//! on, on the legal moves and on the next position's moves) and a game without [`SearchHints::HAS_MOVE_PRIORITY`] gives no
//! move a priority;
//! equal states have equal keys; move and position notation parse back; symmetric images keep
//! the outcome and the number of moves; garbage text is rejected without a panic; games end
//! within [`Game::max_game_length`](crate::Game::max_game_length). A violation panics with the position and the moves that led
//! to it.

use crate::{Outcome, Player, Rng, SearchHints};
use std::collections::HashSet;
use std::fmt::Debug;

/// How much the kit plays.
#[derive(Clone, Debug)]
pub struct Config {
    /// Random games to play from the start state.
    pub games: usize,
    /// The seed of the random games.
    pub seed: u64,
    /// Stop each game after this many plies (0 = play to the end).
    pub max_plies: u32,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            games: 200,
            seed: 0x5EED,
            max_plies: 0,
        }
    }
}

impl Config {
    /// A small run (20 games), for doctests and slow games.
    pub fn quick() -> Config {
        Config {
            games: 20,
            ..Config::default()
        }
    }
}

/// Text that no game should accept as a move or a position; each must be rejected cleanly.
pub const GARBAGE: &[&str] = &[
    "",
    " ",
    "-",
    "+",
    "()",
    "(,)",
    "999999999999999999999999999",
    "-999999999999999999999999999",
    "1e9",
    "NaN",
    "💥",
    "\u{0}",
    "a:b-c",
    "pass:",
    ":",
    "1 2 3 4 5 6 7 8 9",
];

/// Plays up to `plies` uniformly random moves from `start` (fewer if the game ends first).
pub fn play_random<G: SearchHints>(start: &G, plies: u32, rng: &mut Rng) -> G {
    let mut state = start.clone();
    for _ in 0..plies {
        match state.random_move(rng) {
            Some(mv) => state = state.play(mv),
            None => break,
        }
    }
    state
}

/// Plays `config.games` random games from `start`, checking every position on the way.
/// Panics on the first violation, with the line of play that reached it.
pub fn check<G: SearchHints>(start: &G, config: &Config) {
    let mut rng = Rng::new(config.seed);
    let limit = start.max_game_length();
    for game in 0..config.games {
        let mut state = start.clone();
        let mut line: Vec<String> = Vec::new();
        loop {
            let context = || {
                format!(
                    "game {game} from `{}` after [{}]",
                    start.position(),
                    line.join(",")
                )
            };
            check_position_with(&state, &mut rng, &context);
            if let Some(max) = limit {
                assert!(
                    state.ply() <= start.ply() + max,
                    "{}: ply {} exceeds the maximum game length {max}",
                    context(),
                    state.ply()
                );
            }
            if config.max_plies > 0 && state.ply() >= start.ply() + config.max_plies {
                break;
            }
            match state.random_move(&mut rng) {
                None => break,
                Some(mv) => {
                    line.push(state.format_move(mv));
                    state = state.play(mv);
                }
            }
        }
    }
}

/// Checks one position (everything [`check`] checks at each step).
pub fn check_position<G: SearchHints>(state: &G) {
    let mut rng = Rng::new(state.key());
    check_position_with(state, &mut rng, &|| {
        format!("position `{}`", state.position())
    });
}

fn fail(context: &dyn Fn() -> String, what: impl Debug) -> ! {
    panic!("conformance: {}: {:?}", context(), what)
}

/// A chance node lists its outcomes as its moves, in the same order, each with a positive
/// weight (so the probabilities are positive and sum to one); a player's node lists no
/// outcomes; a game without [`crate::Game::HAS_CHANCE`] has no chance node.
fn check_chance<G: SearchHints>(
    state: &G,
    moves: &crate::MoveList<G::Move>,
    context: &dyn Fn() -> String,
) {
    let mut outcomes = crate::chance::ChanceList::new();
    state.chance_outcomes(&mut outcomes);
    if !state.is_chance_node() {
        if !outcomes.is_empty() {
            fail(context, "a player's node lists chance outcomes");
        }
        return;
    }
    if !G::HAS_CHANCE {
        fail(context, "a chance node in a game without HAS_CHANCE");
    }
    if state.is_terminal() {
        fail(context, "a terminal state is a chance node");
    }
    let listed: Vec<G::Move> = outcomes.iter().map(|c| c.outcome).collect();
    if listed[..] != moves[..] {
        fail(
            context,
            format!("chance_outcomes() lists {listed:?} but generate_moves() lists {moves:?}"),
        );
    }
    if let Some(zero) = outcomes.iter().find(|c| c.weight == 0) {
        fail(context, format!("outcome {:?} has weight 0", zero.outcome));
    }
}

/// The players: 2 to six of them, more than two only in a game that declares it, the one to
/// move among them, a winner among them, and the turn handed only to them.
fn check_players<G: SearchHints>(state: &G, context: &dyn Fn() -> String) {
    let count = state.player_count();
    if !(2..=Player::MAX).contains(&count) {
        fail(
            context,
            format!("player_count() = {count}, not 2 to {}", Player::MAX),
        );
    }
    if count > 2 && !G::MANY_PLAYERS {
        fail(
            context,
            format!("{count} players in a game without MANY_PLAYERS"),
        );
    }
    if state.to_move().index() >= count {
        fail(
            context,
            format!("player {} to move of {count}", state.to_move()),
        );
    }
    if let Some(Outcome::Win(winner)) = state.outcome() {
        if winner.index() >= count {
            fail(context, format!("player {winner} wins, of {count}"));
        }
    }
    if let Some(handed) = state.pass_to(state.to_move()) {
        if handed != *state {
            fail(context, "pass_to(the player to move) changed the position");
        }
    }
}

fn check_position_with<G: SearchHints>(state: &G, rng: &mut Rng, context: &dyn Fn() -> String) {
    let moves = state.legal_moves();
    let terminal = state.is_terminal();

    if terminal != state.outcome().is_some() {
        fail(context, "is_terminal() disagrees with outcome()");
    }
    if terminal && !moves.is_empty() {
        fail(
            context,
            format!("terminal state has {} legal moves", moves.len()),
        );
    }
    if !terminal && moves.is_empty() {
        fail(context, "non-terminal state has no legal move");
    }
    check_chance(state, &moves, context);
    check_players(state, context);
    if state.move_count() != moves.len() {
        fail(
            context,
            format!(
                "move_count() = {} but {} moves generated",
                state.move_count(),
                moves.len()
            ),
        );
    }
    let mut visited = Vec::with_capacity(moves.len());
    state.for_each_move(|mv| visited.push(mv));
    if visited[..] != moves[..] {
        fail(
            context,
            format!("for_each_move() visits {visited:?} but generate_moves() lists {moves:?}"),
        );
    }
    // Two plies down, made in full: the replies after each move, and the moves without one.
    let (mut replies, mut dead_ends) = (0u64, 0u64);
    for &mv in moves.iter() {
        match state.play(mv).move_count() as u64 {
            0 => dead_ends += 1,
            n => replies += n,
        }
    }
    for at_end in [0, 1] {
        let made = if moves.is_empty() {
            at_end
        } else {
            replies + dead_ends * at_end
        };
        let counted = state.count_two_plies(at_end);
        if counted != made {
            fail(
                context,
                format!("count_two_plies({at_end}) = {counted} but the replies number {made}"),
            );
        }
    }
    if G::MOVE_INDEX_SPACE > 0 {
        if let Some(&mv) = moves
            .iter()
            .find(|&&mv| G::move_index(mv) >= G::MOVE_INDEX_SPACE)
        {
            fail(
                context,
                format!(
                    "move_index({mv:?}) = {} is outside MOVE_INDEX_SPACE = {}",
                    G::move_index(mv),
                    G::MOVE_INDEX_SPACE
                ),
            );
        }
    }
    // The engine's shortcuts: a quick legality answer is exact, on the legal moves and on the
    // moves of the positions one ply on (the other side's, mostly illegal here); a game that
    // says it has no move priority gives none.
    for &mv in &moves {
        if state.quick_legality(mv) == Some(false) {
            fail(
                context,
                format!("quick_legality({mv:?}) = Some(false) for a legal move"),
            );
        }
        if !G::HAS_MOVE_PRIORITY && state.move_priority(mv) != 0 {
            fail(
                context,
                format!("move_priority({mv:?}) is not 0 but HAS_MOVE_PRIORITY is false"),
            );
        }
    }
    if !terminal && moves.iter().any(|&mv| state.quick_legality(mv).is_some()) {
        for &mv in moves.iter().take(3) {
            for reply in state.play(mv).legal_moves() {
                let legal = moves.contains(&reply);
                match state.quick_legality(reply) {
                    Some(answer) if answer != legal => fail(
                        context,
                        format!("quick_legality({reply:?}) = Some({answer}), legal here: {legal}"),
                    ),
                    _ => {}
                }
            }
        }
    }
    let distinct: HashSet<_> = moves.iter().collect();
    if distinct.len() != moves.len() {
        fail(context, format!("duplicate legal moves in {moves:?}"));
    }

    // Keys: equal states, equal keys.
    let copy = state.clone();
    if copy != *state || copy.key() != state.key() {
        fail(context, "a clone differs or has another key");
    }

    // Notation round trips.
    let text = state.position();
    match state.parse_position(&text) {
        Ok(back) if back == *state && back.key() == state.key() => {}
        Ok(back) => fail(context, format!("position `{text}` reads back as {back:?}")),
        Err(e) => fail(context, format!("own position `{text}` rejected: {e}")),
    }
    for &mv in &moves {
        let notation = state.format_move(mv);
        match state.parse_move(&notation) {
            Ok(back) if back == mv => {}
            Ok(back) => fail(
                context,
                format!("move `{notation}` reads back as {back:?}, not {mv:?}"),
            ),
            Err(e) => fail(context, format!("own move `{notation}` rejected: {e}")),
        }
        let child = state.play(mv);
        if child.ply() != state.ply() + 1 {
            fail(
                context,
                format!(
                    "playing `{notation}` moved the ply count from {} to {}",
                    state.ply(),
                    child.ply()
                ),
            );
        }
        if child.clone().key() != child.key() {
            fail(context, "key is not deterministic");
        }
        let updated = state.key_after(state.key(), mv, &child);
        if updated != child.key() {
            fail(
                context,
                format!(
                    "after `{notation}` key_after() gives {updated:#x} but the child's key is {:#x}",
                    child.key()
                ),
            );
        }
    }

    // Random moves are legal moves.
    match state.random_move(rng) {
        None if terminal => {}
        Some(mv) if moves.contains(&mv) => {}
        other => fail(
            context,
            format!("random_move() gave {other:?}, legal moves are {moves:?}"),
        ),
    }

    // Random playouts play the games `random_move` would, from the same generator.
    check_playouts(state, context);

    // Symmetric images keep what decides the game.
    let images = state.symmetric_images();
    if images.first() != Some(state) {
        fail(
            context,
            "symmetric_images() must list the state itself first",
        );
    }
    for image in images.iter().skip(1) {
        if image.outcome() != state.outcome() || image.move_count() != moves.len() {
            fail(
                context,
                format!("symmetric image {image:?} changes the outcome or the move count"),
            );
        }
        if image.to_move() != state.to_move() {
            fail(
                context,
                format!("symmetric image {image:?} changes the player to move"),
            );
        }
    }

    // Garbage is rejected, never a panic; whatever parses must be legal.
    for text in GARBAGE {
        if let Ok(mv) = state.parse_move(text) {
            if !moves.contains(&mv) {
                fail(
                    context,
                    format!("parse_move({text:?}) accepted the illegal move {mv:?}"),
                );
            }
        }
        let _ = state.parse_position(text);
    }
}

/// [`SearchHints::random_playout`] from `state` (to the end, and cut after 0, 1 and 5 plies) against
/// the loop of [`SearchHints::random_move`] it stands for: the same state reached, the same number of
/// plies, and the generator left where the loop leaves it. Seeded from the state, so that the
/// kit's own random games are the same whether a game overrides the playout or not. "To the
/// end" is cut a ply after [`Game::max_game_length`] (1,000 plies without one), so that a game
/// that never ends is reported where the kit's own games reach the fault, not looped on here.
fn check_playouts<G: SearchHints>(state: &G, context: &dyn Fn() -> String) {
    let to_the_end = state
        .max_game_length()
        .map_or(1_000, |plies| plies.saturating_add(1));
    for (i, cap) in [to_the_end, 0, 1, 5].into_iter().enumerate() {
        let seed = state.key() ^ (0x9E37_79B9 * i as u64 + 1);
        let (mut ours, mut reference) = (Rng::new(seed), Rng::new(seed));
        let (end, plies) = state.random_playout(&mut ours, cap);
        let mut expected = state.clone();
        let mut expected_plies = 0;
        while expected_plies < cap {
            match expected.random_move(&mut reference) {
                Some(mv) => expected = expected.play(mv),
                None => break,
            }
            expected_plies += 1;
        }
        if end != expected || plies != expected_plies {
            fail(
                context,
                format!(
                    "random_playout(max_plies {cap}) made {plies} plies to {end:?}, but random \
                     moves from the same generator make {expected_plies} to {expected:?}"
                ),
            );
        }
        if ours.next_u64() != reference.next_u64() {
            fail(
                context,
                format!("random_playout(max_plies {cap}) drew other numbers than random_move"),
            );
        }
    }
}

/// proptest strategies for random legal positions: random game prefixes from a start state.
#[cfg(feature = "proptest")]
pub mod strategies {
    use crate::{Rng, SearchHints};
    use proptest::prelude::*;

    /// A position reached from `start` by up to `max_plies` uniformly random moves (fewer if the
    /// game ends). Shrinks towards shorter prefixes.
    pub fn random_position<G: SearchHints>(start: G, max_plies: u32) -> impl Strategy<Value = G> {
        (any::<u64>(), 0..=max_plies)
            .prop_map(move |(seed, plies)| super::play_random(&start, plies, &mut Rng::new(seed)))
    }
}
