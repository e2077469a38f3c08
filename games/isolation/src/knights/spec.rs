//! Specs: `isolation(players=3)`, `isolation(players=4,width=7,height=7)`.

use super::Knights;
use crate::{Rules, Variant};
use ply_search::describe::{FromSpec, Preset, Showcase, SpecKey};
use ply_search::{ErrorKind, NotationError, Spec};

impl Knights {
    /// The start named by a spec: `isolation(players=3)` (11x9), with optional `width` and
    /// `height`.
    pub fn from_spec(text: &str) -> Result<Knights, NotationError> {
        Knights::from_spec_text(text)
    }
}

impl FromSpec for Knights {
    const NAME: &'static str = "isolation";
    const ABOUT: &'static str =
        "knight Isolation for three or four knights (players=3|4): a player whose turn comes without a move is out, the last one moving wins";
    const RULES: &'static str = "Three or four knights, placed in turn on open cells, then each jumping like a chess knight to an open cell; every cell left stays blocked. A player whose turn comes without a move is out, and the last one still moving wins.";
    const KEYS: &'static [SpecKey] = &[
        SpecKey {
            key: "players",
            default: "3",
            accepted: "3 or 4 (with 2, or none, isolation is the two-player game)",
        },
        SpecKey {
            key: "width",
            default: "11",
            accepted: "1 to 126, with (width + 2) * height - 2 <= 127",
        },
        SpecKey {
            key: "height",
            default: "9",
            accepted: "1 to 126, with (width + 2) * height - 2 <= 127",
        },
    ];
    const EXAMPLE: &'static str = "isolation(players=3)";
    const SHOWCASE: Showcase = Showcase {
        presets: &[
            Preset {
                label: "Knight Isolation 11x9, 3 knights",
                spec: "isolation(players=3)",
            },
            Preset {
                label: "Knight Isolation 11x9, 4 knights",
                spec: "isolation(players=4)",
            },
        ],
        ..Showcase::NONE
    };

    /// `isolation` specs naming three or four players; the rest are the two-player game's.
    fn claims(spec: &Spec) -> bool {
        matches!(spec.get("players"), Some("3" | "4"))
    }

    fn from_parsed_spec(mut spec: Spec) -> Result<Knights, NotationError> {
        if spec.name != Self::NAME {
            return Err(NotationError::new("game", &spec.name, Self::NAME)
                .with_kind(ErrorKind::UnknownName));
        }
        let players = spec.take_parsed("players", 3u8, "players= 2, 3 or 4")?;
        if !(3..=4).contains(&players) {
            return Err(NotationError::new(
                "isolation value",
                format!("players={players}"),
                "players= 3 or 4 for the knights of several players",
            )
            .with_kind(ErrorKind::BadValue));
        }
        let size = "a whole number from 1 to 126";
        let width = spec.take_parsed("width", 11u8, size)?;
        let height = spec.take_parsed("height", 9u8, size)?;
        spec.finish_keys(Self::KEYS)?;
        let variant = Variant::get(width, height, Rules::Standard)?;
        if variant.cell_count() < 2 * players as u32 {
            return Err(NotationError::new(
                "board size",
                format!("{width}x{height}"),
                format!("at least {} cells for {players} knights", 2 * players),
            )
            .with_kind(ErrorKind::OutOfRange));
        }
        Ok(Knights::start(variant, players))
    }
}
