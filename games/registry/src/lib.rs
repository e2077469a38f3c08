//! # ply-registry
//!
//! Every game the front ends know (the `ply` command, the Python package, the web server, the
//! cluster drivers), listed exactly once, in [`registered_games!`]. From that one list come
//! the enum [`AnyGame`] of their states, the dispatch macro [`with_game!`] that runs generic
//! code on whichever game a spec chose, [`AnyGame::from_spec`] and the [`GAMES`] table.
//!
//! Adding a game is its crate (implementing [`ply_search::describe::FrontEndGame`]), its
//! dependency in this crate's Cargo.toml, and one line in [`registered_games!`].
//!
//! ```
//! use ply_registry::{with_game, AnyGame};
//! use ply_search::perft::{perft, Count};
//! let game = AnyGame::from_spec("queen-isolation(preset=quiz)").unwrap();
//! let leaves = with_game!(game, start => perft(&start, 2, Count::Leaves));
//! assert_eq!(leaves, 20); // 5 openings, then 4 replies to each
//! ```

pub use ply_search;

/// The registered games, one line each: `Variant => Type`. It hands the list to `$callback`
/// (with `$args` first), so that every piece of dispatch is generated from this one place.
#[doc(hidden)]
#[macro_export]
macro_rules! registered_games {
    ($callback:ident ! ($($args:tt)*)) => {
        $crate::$callback! { ($($args)*)
            Isolation => $crate::ply_isolation::Isolation,
            QueenIsolation => $crate::ply_queen_isolation::QueenIsolation,
            Onitama => $crate::ply_onitama::Onitama,
            ConnectFour => $crate::ply_connect_four::ConnectFour,
            Breakthrough => $crate::ply_breakthrough::Breakthrough,
            Amazons => $crate::ply_amazons::Amazons,
            Tree => $crate::ply_search::tree::Tree,
            TicTacToe => $crate::ply_tutorial::TicTacToe,
            Nim => $crate::ply_tutorial::Nim,
        }
    };
}

#[doc(hidden)]
pub use {
    ply_amazons, ply_breakthrough, ply_connect_four, ply_isolation, ply_onitama,
    ply_queen_isolation, ply_tutorial,
};

/// Defines [`AnyGame`] and the [`GAMES`] table from the list.
#[doc(hidden)]
#[macro_export]
macro_rules! __define_registry {
    (() $($variant:ident => $ty:ty,)*) => {
        /// A state of any registered game (a game's start is a state too). Each variant is
        /// named after its game's type.
        #[derive(Clone, Debug)]
        pub enum AnyGame {
            $(
                #[doc = concat!("`", stringify!($ty), "`.")]
                $variant($ty),
            )*
        }

        $(
            impl From<$ty> for AnyGame {
                fn from(state: $ty) -> AnyGame {
                    AnyGame::$variant(state)
                }
            }
        )*

        /// Every registered game, in the registry's order.
        pub const GAMES: &[GameInfo] = &[$(GameInfo::of::<$ty>(),)*];

        impl AnyGame {
            /// The start of the game named by `spec` (`isolation`,
            /// `isolation(width=7,height=7)`, `onitama(deal=random,seed=7)`...). An unknown
            /// name is an error listing the registered ones.
            pub fn from_spec(spec: &str) -> Result<AnyGame, NotationError> {
                let parsed = Spec::parse(spec)?;
                $(
                    if parsed.name == <$ty as FromSpec>::NAME {
                        return <$ty as FromSpec>::from_parsed_spec(parsed).map(AnyGame::$variant);
                    }
                )*
                Err(NotationError::new(
                    "game",
                    parsed.name,
                    format!("one of {} (e.g. `isolation(width=7,height=7,rules=aind)`)", game_names()),
                )
                .with_kind(ErrorKind::UnknownName))
            }

            /// The game's name in specs.
            pub fn name(&self) -> &'static str {
                match self {
                    $(AnyGame::$variant(_) => <$ty as FromSpec>::NAME,)*
                }
            }
        }
    };
}

/// The dispatch behind [`with_game!`].
#[doc(hidden)]
#[macro_export]
macro_rules! __with_game {
    (($game:expr, $state:ident, $body:expr) $($variant:ident => $ty:ty,)*) => {
        match $game {
            $($crate::AnyGame::$variant($state) => $body,)*
        }
    };
}

/// Runs `$body` with `$state` bound to the state inside an [`AnyGame`], whichever game it is:
/// generic code (`fn f<G: FrontEndGame>(start: &G)`) is written once and runs on every game.
///
/// ```
/// use ply_registry::{with_game, AnyGame};
/// use ply_search::Game;
/// let game = AnyGame::from_spec("tictactoe").unwrap();
/// assert_eq!(with_game!(game, start => start.legal_moves().len()), 9);
/// ```
#[macro_export]
macro_rules! with_game {
    ($game:expr, $state:ident => $body:expr) => {
        $crate::registered_games!(__with_game!($game, $state, $body))
    };
}

use ply_search::describe::{FromSpec, NamedEvaluators, SpecKey};
use ply_search::{ErrorKind, NotationError, Spec};

registered_games!(__define_registry!());

/// What a registered game is, for listings (`ply games`, the Python package, the web page's
/// game form): its spec name and keys, and its evaluators.
#[derive(Clone, Copy, Debug)]
pub struct GameInfo {
    /// The name in specs.
    pub name: &'static str,
    /// What it is, in one line.
    pub about: &'static str,
    /// The keys its spec takes.
    pub keys: &'static [SpecKey],
    /// A spec that shows the keys at work.
    pub example: &'static str,
    /// The evaluators agent specs may name.
    pub evaluators: &'static [&'static str],
    /// The evaluator agents use when their spec names none.
    pub default_eval: &'static str,
}

impl GameInfo {
    /// The description of game `G`.
    pub const fn of<G: FromSpec + NamedEvaluators>() -> GameInfo {
        GameInfo {
            name: G::NAME,
            about: G::ABOUT,
            keys: G::KEYS,
            example: G::EXAMPLE,
            evaluators: G::EVALUATORS,
            default_eval: G::DEFAULT_EVAL,
        }
    }
}

/// The registered games' names, comma-separated, for messages.
pub fn game_names() -> String {
    GAMES.iter().map(|g| g.name).collect::<Vec<_>>().join(", ")
}
