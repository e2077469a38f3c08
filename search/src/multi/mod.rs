//! Searches for games of more than two players: max^n, paranoid and best-reply search.
//!
//! With three players there is no single score to maximise and minimise, and each search
//! answers differently what the others will do:
//!
//! - **max^n** ([`MaxN`], Luckhardt and Irani 1986): every node is worth a vector, one value a
//!   player, and the player to move picks the child whose vector is best for itself. With a
//!   bound on the sum of the values ([`SumBound`]) it prunes shallowly (Korf 1991): a child
//!   that already gives its mover so much that the parent's mover cannot get more there is
//!   left. Ties go to the first child in the game's move order.
//! - **paranoid** ([`Paranoid`], Sturtevant and Korf 2000): the other players are one
//!   coalition that minimises the root player's value; a two-player alpha-beta search on that
//!   value.
//! - **best-reply search** ([`BestReply`], Schadd and Winands 2011): the root player's moves
//!   against one layer of replies, in which only the one opponent with the strongest reply
//!   moves and the others pass ([`crate::SearchHints::pass_to`]); alpha-beta on the root
//!   player's value. It sees deeper than paranoid (its own moves come round every other ply),
//!   at the cost of positions that cannot arise in the game.
//!
//! All three deepen iteratively to the depth limit (or until time, nodes or a stop request
//! end them) and play the last finished iteration's move; depth counts plies, a layer of
//! replies counting one in best-reply search. A terminal value of a win or a loss is shortened
//! by its distance from the root, so a quick win beats a slow one. They run on two-player games
//! too: paranoid and best-reply search are then plain alpha-beta.
//!
//! ```
//! use ply_search::multi::{MaxN, MultiOptions};
//! use ply_search::{Limits, Searcher, Zero};
//! use ply_search::multi::MultiTree;
//! // Three players; player 0 moves, then player 1 at each child. Leaves: (p0, p1, p2).
//! let tree = MultiTree::parse("[[(3,3,3),(1,4,4)],[(4,2,2),(2,5,1)]]").unwrap();
//! let mut search = MaxN::new(Zero, MultiOptions::default());
//! let result = search.search(&tree, &Limits::depth(2));
//! // Player 1 takes (1,4,4) on the left and (2,5,1) on the right: player 0 prefers the right.
//! assert_eq!(result.best_move, Some(1));
//! assert_eq!(result.score, 2);
//! ```

mod brs;
mod deepen;
mod maxn;
mod paranoid;
mod table;
#[cfg(test)]
mod tests;
mod tree;

pub use brs::BestReply;
pub use maxn::MaxN;
pub use paranoid::Paranoid;
pub use tree::MultiTree;

use crate::score::{loss_in, win_in, WIN};
use crate::{Game, Player, Score};

/// One value a player, for up to [`Player::MAX`] players (the seats past the game's count
/// stay 0): what a max^n node is worth.
pub type Values = [Score; Player::MAX];

/// The bound behind max^n's shallow pruning ([`crate::SearchHints::sum_bound`]): every player's
/// value is at least `floor`, and the values of all players sum to at most `sum`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SumBound {
    /// The least value any player can have.
    pub floor: Score,
    /// The most the players' values can add up to.
    pub sum: Score,
}

impl SumBound {
    /// The most a player can have when another already has `taken`, in a game of `players`:
    /// the sum less `taken` less the floor of each of the rest.
    #[inline]
    pub fn most_left(self, taken: Score, players: usize) -> Score {
        self.sum - taken - (players as Score - 2) * self.floor
    }
}

/// The options of the N-player searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MultiOptions {
    /// Max^n's transposition table in bytes; 0 for none (paranoid and best-reply search keep
    /// none).
    pub tt_bytes: usize,
    /// Whether max^n prunes shallowly where the game gives a [`SumBound`].
    pub shallow_pruning: bool,
}

impl MultiOptions {
    /// Shallow pruning on and a 16 MiB table, as agent specs default to.
    pub const DEFAULT: MultiOptions = MultiOptions {
        tt_bytes: 16 << 20,
        shallow_pruning: true,
    };
}

impl Default for MultiOptions {
    fn default() -> Self {
        MultiOptions::DEFAULT
    }
}

/// The depth an N-player search without a depth limit stops at, so that a game whose positions
/// recur cannot make it deepen forever.
pub const MAX_DEPTH: u32 = 64;

/// The value of the terminal `state` for `player`, `ply` plies from the root: the game's own,
/// with a win or a loss shortened by its distance.
#[inline]
pub fn terminal_value<G: Game>(state: &G, player: Player, ply: u32) -> Score {
    let value = state.terminal_value(player);
    if value >= WIN {
        win_in(ply)
    } else if value <= -WIN {
        loss_in(ply)
    } else {
        value
    }
}

/// The values of the terminal `state` for every player, `ply` plies from the root.
pub fn terminal_values<G: Game>(state: &G, ply: u32) -> Values {
    let mut values = [0; Player::MAX];
    for &player in Player::first(state.player_count()) {
        values[player.index()] = terminal_value(state, player, ply);
    }
    values
}
