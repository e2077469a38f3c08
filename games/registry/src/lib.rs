//! # ply-registry
//!
//! Every game the front ends know (the `ply` command, the Python package, the web server, the
//! cluster drivers), listed exactly once, in [`registered_games!`]. From that one list come
//! the enum [`AnyGame`] of their states, the dispatch macro [`with_game!`] that runs generic
//! code on whichever game a spec chose, [`AnyGame::from_spec`] and the [`GAMES`] table.
//!
//! Adding a game is its crate (implementing [`ply_search::describe::FrontEndGame`]), its
//! dependency in this crate's Cargo.toml, and one line in [`registered_games!`]. The front
//! ends' own lists (the web page's variants, `ply bench`'s suite, `ply ablate`'s games, the
//! default tournament) are gathered from each game's [`FromSpec::SHOWCASE`]: [`presets`],
//! [`bench_suite`], [`ablate_lines`], [`tournament_games`]. What front ends ask of a position
//! of any game is [`AnyGame`]'s own methods (`to_move`, `legal_actions`, `play_action`,
//! `fields`...), so they write no dispatch of their own.
//!
//! ```
//! use ply_registry::{with_game, AnyGame};
//! use ply_search::perft::{perft, Count};
//! let game = AnyGame::from_spec("queen-isolation(preset=quiz)").unwrap();
//! let leaves = with_game!(game, start => perft(&start, 2, Count::Leaves));
//! assert_eq!(leaves, 20); // 5 openings, then 4 replies to each
//! ```

pub use ply_search;

mod facade;
pub mod prebuilt;
pub use prebuilt::Prebuilt;
pub mod solved;

/// The registered games, one line each: `Variant => Type`. It hands the list to `$callback`
/// (with `$args` first), so that every piece of dispatch is generated from this one place.
/// The types are named by their crates' paths: only this crate's own expansion resolves them
/// ([`with_game!`], expanded in other crates, uses the variants alone), so a game's crate
/// needs no re-export here, only its dependency line.
#[doc(hidden)]
#[macro_export]
macro_rules! registered_games {
    ($callback:ident ! ($($args:tt)*)) => {
        $crate::$callback! { ($($args)*)
            Isolation => ply_isolation::Isolation,
            QueenIsolation => ply_queen_isolation::QueenIsolation,
            Onitama => ply_onitama::Onitama,
            ConnectFour => ply_connect_four::ConnectFour,
            Breakthrough => ply_breakthrough::Breakthrough,
            Amazons => ply_amazons::Amazons,
            Pig => ply_pig::Pig,
            Einstein => ply_einstein::Einstein,
            Backgammon => ply_backgammon::Backgammon,
            Othello => ply_othello::Othello,
            Rolit => ply_othello::Rolit,
            ChineseCheckers => ply_chinese_checkers::ChineseCheckers,
            Knights => ply_isolation::Knights,
            Tree => ply_search::tree::Tree,
            ChanceTree => ply_search::tree::ChanceTree,
            MultiTree => ply_search::multi::MultiTree,
            TicTacToe => ply_tutorial::TicTacToe,
            Nim => ply_tutorial::Nim,
        }
    };
}

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
                    if parsed.name == <$ty as FromSpec>::NAME && <$ty as FromSpec>::claims(&parsed) {
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

use ply_search::describe::{
    AblateLine, BenchLine, FromSpec, NamedEvaluators, Preset, Showcase, SpecKey,
};
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
    /// The rules in a few sentences, for a person about to play ([`FromSpec::RULES`]).
    pub rules: &'static str,
    /// The keys its spec takes.
    pub keys: &'static [SpecKey],
    /// A spec that shows the keys at work.
    pub example: &'static str,
    /// The evaluators agent specs may name.
    pub evaluators: &'static [&'static str],
    /// The evaluator agents use when their spec names none.
    pub default_eval: &'static str,
    /// Its ready-made variants and its part in the front ends' fixed runs.
    pub showcase: Showcase,
    /// Whether it has dice ([`ply_search::Game::HAS_CHANCE`]): only the agents that handle
    /// chance play it, and `ply solve` iterates values instead of proving.
    pub chance: bool,
    /// Whether it has variants for more than two players ([`ply_search::Game::MANY_PLAYERS`]):
    /// only the agents for any number of players play it.
    pub many_players: bool,
}

impl GameInfo {
    /// The description of game `G`.
    pub const fn of<G: FromSpec + NamedEvaluators>() -> GameInfo {
        GameInfo {
            name: G::NAME,
            about: G::ABOUT,
            rules: G::RULES,
            keys: G::KEYS,
            example: G::EXAMPLE,
            evaluators: G::EVALUATORS,
            default_eval: G::DEFAULT_EVAL,
            showcase: G::SHOWCASE,
            chance: G::HAS_CHANCE,
            many_players: G::MANY_PLAYERS,
        }
    }
}

/// The registered games' names, comma-separated, for messages.
pub fn game_names() -> String {
    let mut names: Vec<&str> = Vec::new();
    for game in GAMES {
        // Knight Isolation has two entries, for two players and for more: named once.
        if !names.contains(&game.name) {
            names.push(game.name);
        }
    }
    names.join(", ")
}

/// Every registered game's ready-made variants, in the registry's order (the web page's
/// game form lists them).
pub fn presets() -> impl Iterator<Item = &'static Preset> {
    GAMES.iter().flat_map(|g| g.showcase.presets)
}

/// `ply bench`'s suite: every registered game's bench lines, grouped by algorithm (the
/// alpha-beta lines of every game, then the MCTS lines), in the registry's order within each.
pub fn bench_suite() -> Vec<BenchLine> {
    let mut lines: Vec<BenchLine> = GAMES
        .iter()
        .flat_map(|g| g.showcase.bench)
        .copied()
        .collect();
    lines.sort_by_key(|line| algorithm(line.agent));
    lines
}

/// The algorithm an agent spec names (the text before its parenthesis).
fn algorithm(agent: &str) -> &str {
    agent.split('(').next().unwrap_or(agent)
}

/// `ply ablate`'s games when none is given: each registered game's ablate line.
pub fn ablate_lines() -> Vec<AblateLine> {
    GAMES.iter().filter_map(|g| g.showcase.ablate).collect()
}

/// The default tournament's game specs: each registered game that takes part.
pub fn tournament_games() -> Vec<&'static str> {
    GAMES.iter().filter_map(|g| g.showcase.tournament).collect()
}
