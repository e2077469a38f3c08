//! The [`Game`] trait: what a game must tell a search.

use crate::{ErrorKind, NotationError, Outcome, Player};
use smallvec::SmallVec;
use std::fmt::Debug;
use std::hash::Hash;

/// The largest ply count a position may state. No game in ply lasts a million plies, and a
/// position parser that refuses more ensures that play can never overflow the ply counter
/// (a `u32`), whatever a user pastes.
pub const MAX_POSITION_PLY: u32 = 1_000_000;

/// A reusable buffer of moves. Games append their legal moves to it; searches keep one per ply
/// and clear it between uses, so move generation allocates nothing once the buffers have grown.
pub type MoveList<M> = SmallVec<[M; 32]>;

/// A symmetric image of a position (an element of the board's symmetry group applied to it).
pub type Images<G> = SmallVec<[G; 8]>;

/// A perfect-information game, seen as one state: two-player and zero-sum unless it declares
/// more players ([`Game::player_count`]), deterministic unless it declares chance nodes
/// ([`Game::HAS_CHANCE`]).
///
/// The state is the game (like the seeds' `Isolation` named tuple): a small value, cloned to
/// make a move (copy-make), so no undo is needed. A search only ever asks the questions below,
/// and the optional speed-ups of [`crate::SearchHints`]; it knows nothing else about the game.
///
/// Implementations must keep these promises, which [`crate::conformance`] checks:
/// a terminal state ([`Game::outcome`] is `Some`) has no legal moves and a non-terminal one
/// has at least one; legal moves have no duplicates; equal states have equal keys; move and
/// position notation parse back to the same move and state.
///
/// ```
/// use ply_search::{Game, MoveList, NotationError, Outcome, Player};
///
/// /// Nim with one heap: take 1 or 2 stones; whoever takes the last stone wins.
/// #[derive(Clone, Debug, PartialEq, Eq, Hash)]
/// struct Nim { stones: u32, ply: u32 }
///
/// impl Game for Nim {
///     type Move = u32;
///     fn to_move(&self) -> Player { Player::from_index(self.ply as usize) }
///     fn generate_moves(&self, moves: &mut MoveList<u32>) {
///         moves.extend((1..=2).filter(|&n| n <= self.stones));
///     }
///     fn play(&self, take: u32) -> Nim { Nim { stones: self.stones - take, ply: self.ply + 1 } }
///     fn outcome(&self) -> Option<Outcome> {
///         // The player who just moved took the last stone.
///         (self.stones == 0).then(|| Outcome::Win(self.to_move().other()))
///     }
///     fn key(&self) -> u64 { (self.stones as u64) << 1 | (self.ply as u64 & 1) }
///     fn ply(&self) -> u32 { self.ply }
///     fn format_move(&self, take: u32) -> String { take.to_string() }
///     fn parse_move(&self, text: &str) -> Result<u32, NotationError> {
///         let take = text.trim().parse().map_err(|_| NotationError::new("move", text, "1 or 2"))?;
///         if (1..=2).contains(&take) && take <= self.stones { Ok(take) }
///         else { Err(NotationError::new("move", text, "1 or 2, at most the stones left")) }
///     }
///     fn position(&self) -> String { format!("{} {}", self.stones, self.ply) }
///     fn parse_position(&self, text: &str) -> Result<Nim, NotationError> {
///         let bad = || NotationError::new("position", text, "STONES PLY, e.g. `7 0`");
///         let mut parts = text.split_whitespace();
///         let stones = parts.next().and_then(|s| s.parse().ok()).ok_or_else(bad)?;
///         let ply = parts.next().and_then(|s| s.parse().ok()).ok_or_else(bad)?;
///         if parts.next().is_some() { return Err(bad()); }
///         Ok(Nim { stones, ply })
///     }
/// }
/// // No speed-ups: the searches take their defaults, computed from the rules above.
/// impl ply_search::SearchHints for Nim {}
///
/// let start = Nim { stones: 4, ply: 0 };
/// assert_eq!(start.legal_moves().as_slice(), &[1, 2]);
/// assert_eq!(start.play(2).play(2).outcome(), Some(Outcome::Win(Player::P1)));
/// ply_search::conformance::check(&start, &ply_search::conformance::Config::quick());
/// ```
pub trait Game: Clone + Eq + Hash + Debug + Send + Sync + 'static {
    /// A move. Small and `Copy`; its text form is given by [`Game::format_move`].
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;

    /// The player whose turn it is.
    fn to_move(&self) -> Player;

    /// Appends the legal moves to `moves`, in the game's own order (the order the original
    /// program lists them in, where there is one). Appends nothing in a terminal state.
    fn generate_moves(&self, moves: &mut MoveList<Self::Move>);

    /// The state after `mv`, which must be legal here (copy-make; `self` is unchanged).
    fn play(&self, mv: Self::Move) -> Self;

    /// `None` while the game goes on; the result once it is over.
    fn outcome(&self) -> Option<Outcome>;

    /// A 64-bit key for transposition tables: equal states have equal keys, and different
    /// positions almost never share one. The ply count may be left out.
    fn key(&self) -> u64;

    /// Plies played since the game's start (or the count a position was given with).
    fn ply(&self) -> u32;

    /// The move in the game's notation; [`Game::parse_move`] reads it back in this state.
    fn format_move(&self, mv: Self::Move) -> String;

    /// Reads a move in the game's notation and checks it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, NotationError>;

    /// The state in the game's position notation; [`Game::parse_position`] reads it back.
    fn position(&self) -> String;

    /// Reads a position of the same variant as `self` (board size, rules, cards...).
    fn parse_position(&self, text: &str) -> Result<Self, NotationError>;

    /// Whether any position of this game can be a chance node (dice). False by default: generic
    /// code tests it before asking [`Game::is_chance_node`], so for a deterministic game the
    /// question is folded away at compile time and costs nothing.
    const HAS_CHANCE: bool = false;

    /// True when the next event is chance (a roll of the dice), not a player's choice. At a
    /// chance node [`Game::generate_moves`] lists the outcomes, in the order of
    /// [`Game::chance_outcomes`], [`Game::play`] plays one, and [`Game::to_move`] names the
    /// player whose turn the roll belongs to. See [`crate::chance`].
    #[inline]
    fn is_chance_node(&self) -> bool {
        false
    }

    /// Appends the outcomes of a chance node with their weights (an outcome's probability is
    /// its weight over the node's total). Appends nothing at a player's node.
    fn chance_outcomes(&self, outcomes: &mut crate::chance::ChanceList<Self::Move>) {
        let _ = outcomes;
    }

    /// The number of players, 2 to [`Player::MAX`]; [`Game::to_move`] names one of the first
    /// this many ([`Player::first`]). Two by default. A game for more players scores each of
    /// them with [`Game::terminal_value`] (one value a player, not one for all), and the
    /// searches built on two players' negamax refuse it; see docs/multiplayer.md.
    #[inline]
    fn player_count(&self) -> usize {
        2
    }

    /// Whether the game has variants for more than two players. The agents built on two
    /// players' negamax (alpha-beta, the course's minimax and alpha-beta, expectimax, MCTS)
    /// are refused for such a game when their spec is read, in every variant; the N-player
    /// searches ([`crate::multi`]) play it.
    const MANY_PLAYERS: bool = false;

    /// True when the game is over. Override when it is cheaper than [`Game::outcome`].
    #[inline]
    fn is_terminal(&self) -> bool {
        self.outcome().is_some()
    }

    /// The images of this state under the board's symmetries that keep the game value
    /// (rotations, reflections...), this state first. The default has only the identity.
    fn symmetric_images(&self) -> Images<Self> {
        let mut images = Images::new();
        images.push(self.clone());
        images
    }

    /// The value of a terminal state for `player`: by default `score::WIN` for a win, `-WIN`
    /// for a loss (in a game for more players, for each player who did not win), 0 for a draw (the courses' `utility()`, with the seeds' infinities as exact
    /// scores). Searches shorten decisive values by the distance from the root, so that a quick
    /// win beats a slow one. Games whose end states carry numbers, like the explicit trees of
    /// textbook figures, override it.
    fn terminal_value(&self, player: Player) -> crate::Score {
        match self.outcome() {
            Some(Outcome::Win(winner)) if winner == player => crate::score::WIN,
            Some(Outcome::Win(_)) => -crate::score::WIN,
            Some(Outcome::Draw) | None => crate::score::DRAW,
        }
    }

    /// An upper bound on the plies left before the game must end, from this state, if the game
    /// has one.
    fn max_game_length(&self) -> Option<u32> {
        None
    }

    /// The legal moves in a fresh list (a convenience outside hot loops).
    fn legal_moves(&self) -> MoveList<Self::Move> {
        let mut moves = MoveList::new();
        self.generate_moves(&mut moves);
        moves
    }

    /// Plays a sequence of moves written in the game's notation, checking each one.
    fn play_notation<'a>(
        &self,
        moves: impl IntoIterator<Item = &'a str>,
    ) -> Result<Self, NotationError> {
        let mut state = self.clone();
        for text in moves {
            if state.is_terminal() {
                return Err(
                    NotationError::new("move", text, "no move: the game is already over")
                        .with_kind(ErrorKind::GameOver),
                );
            }
            let mv = state.parse_move(text)?;
            state = state.play(mv);
        }
        Ok(state)
    }

    /// The moves of `line` (a principal variation, a game) in the game's notation, played out
    /// from this state.
    fn format_line(&self, line: &[Self::Move]) -> Vec<String> {
        let mut state = self.clone();
        let mut out = Vec::with_capacity(line.len());
        for &mv in line {
            out.push(state.format_move(mv));
            state = state.play(mv);
        }
        out
    }
}
