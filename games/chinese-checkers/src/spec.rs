//! Specs: `chinese-checkers`, `chinese-checkers(players=3)`, `chinese-checkers(max_turns=300)`.

use crate::state::{ChineseCheckers, DEFAULT_MAX_TURNS};
use ply_search::describe::{FromSpec, Preset, Showcase, SpecKey};
use ply_search::{ErrorKind, NotationError};

impl FromSpec for ChineseCheckers {
    const NAME: &'static str = "chinese-checkers";
    const ABOUT: &'static str =
        "Chinese Checkers on the star for 2, 3, 4 or 6 players, with OpenSpiel's rules and cell numbers";
    const RULES: &'static str = "Race your ten pieces across the star into the point opposite your own. A turn moves one piece: a step to an empty neighbouring cell, or a chain of hops, each over one neighbouring piece (anyone's) to the empty cell just beyond, stopping where you like. The first to fill the opposite point wins; a game reaching the turn limit (1,000 by default) is a draw.";
    const KEYS: &'static [SpecKey] = &[
        SpecKey {
            key: "players",
            default: "2",
            accepted: "2, 3, 4 or 6",
        },
        SpecKey {
            key: "max_turns",
            default: "1000",
            accepted: "turns before a draw, 1 to 100000 (OpenSpiel's max_moves)",
        },
    ];
    const EXAMPLE: &'static str = "chinese-checkers(players=3)";
    const SHOWCASE: Showcase = Showcase {
        presets: &[
            Preset {
                label: "Chinese Checkers, 2 players",
                spec: "chinese-checkers",
            },
            Preset {
                label: "Chinese Checkers, 3 players",
                spec: "chinese-checkers(players=3)",
            },
            Preset {
                label: "Chinese Checkers, 6 players",
                spec: "chinese-checkers(players=6)",
            },
        ],
        ..Showcase::NONE
    };

    fn from_parsed_spec(mut spec: ply_search::Spec) -> Result<Self, NotationError> {
        if spec.name != Self::NAME {
            return Err(NotationError::new("game", &spec.name, Self::NAME)
                .with_kind(ErrorKind::UnknownName));
        }
        let players = spec.take_parsed("players", 2u8, "players= 2, 3, 4 or 6")?;
        if ![2, 3, 4, 6].contains(&players) {
            return Err(NotationError::new(
                "chinese-checkers value",
                format!("players={players}"),
                "players= 2, 3, 4 or 6 (the star seats two facing, three or six alike, four in \
                 two facing pairs)",
            )
            .with_kind(ErrorKind::BadValue));
        }
        let max_turns =
            spec.take_parsed("max_turns", DEFAULT_MAX_TURNS, "max_turns= 1 to 100000")?;
        if !(1..=100_000).contains(&max_turns) {
            return Err(NotationError::new(
                "chinese-checkers value",
                format!("max_turns={max_turns}"),
                "max_turns= 1 to 100000",
            )
            .with_kind(ErrorKind::OutOfRange));
        }
        spec.finish_keys(Self::KEYS)?;
        Ok(ChineseCheckers::start(players, max_turns))
    }
}
