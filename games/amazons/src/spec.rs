//! Specs: `amazons` (10x10), `amazons(width=6,height=6)`.

use crate::geometry::{Geometry, MAX_HEIGHT, MAX_WIDTH, MIN_SIDE};
use crate::Amazons;
use ply_search::describe::{AblateLine, BenchLine, FromSpec, Preset, Showcase, SpecKey};
use ply_search::{NotationError, Spec};

impl Amazons {
    /// The start named by a spec: `width` and `height` (4 to 10, default 10).
    ///
    /// ```
    /// use ply_amazons::Amazons;
    /// assert_eq!(Amazons::from_spec("amazons").unwrap(), Amazons::standard());
    /// assert_eq!(Amazons::from_spec("amazons(width=12)").unwrap_err().to_string(),
    ///     "bad board size `12x10`: expected width 4 to 10 and height 4 to 10");
    /// ```
    pub fn from_spec(text: &str) -> Result<Amazons, NotationError> {
        Amazons::from_spec_text(text)
    }
}

impl FromSpec for Amazons {
    const NAME: &'static str = "amazons";
    const ABOUT: &'static str =
        "The Game of the Amazons: 10x10, 8x8, 6x6 or any board 4x4 to 10x10; a move is a queen move and an arrow";
    const RULES: &'static str = "Each player has four amazons. A move takes three clicks: an amazon, where it goes (any distance in a straight line or diagonal, like a chess queen, over no amazon or arrow), then where it shoots an arrow from there (again a queen's line). The arrow's cell is blocked for good. The player who cannot move loses.";
    const KEYS: &'static [SpecKey] = &[
        SpecKey {
            key: "width",
            default: "10",
            accepted: "4 to 10 columns",
        },
        SpecKey {
            key: "height",
            default: "10",
            accepted: "4 to 10 rows (four amazons each from 6x6 up, two below)",
        },
    ];
    const EXAMPLE: &'static str = "amazons(width=6,height=6)";
    const SHOWCASE: Showcase = Showcase {
        presets: &[
            Preset {
                label: "Amazons 10x10",
                spec: "amazons",
            },
            Preset {
                label: "Amazons 8x8",
                spec: "amazons(width=8,height=8)",
            },
            Preset {
                label: "Amazons 6x6",
                spec: "amazons(width=6,height=6)",
            },
        ],
        bench: &[BenchLine {
            game: "amazons",
            agent: "alphabeta(depth=2)",
            positions: 4,
            plies: 4,
        }],
        ablate: Some(AblateLine {
            game: "amazons(width=6,height=6)",
            depth: 3,
            plies: 4,
        }),
        tournament: Some("amazons(width=6,height=6)"),
    };

    fn from_parsed_spec(mut spec: Spec) -> Result<Amazons, NotationError> {
        if spec.name != Self::NAME {
            return Err(NotationError::new("game", &spec.name, Self::NAME)
                .with_kind(ply_search::ErrorKind::UnknownName));
        }
        let width = spec.take_parsed(
            "width",
            10u8,
            &format!("width= a whole number from {MIN_SIDE} to {MAX_WIDTH}"),
        )?;
        let height = spec.take_parsed(
            "height",
            10u8,
            &format!("height= a whole number from {MIN_SIDE} to {MAX_HEIGHT}"),
        )?;
        spec.finish_keys(Self::KEYS)?;
        Ok(Amazons::new(Geometry::get(width, height)?))
    }
}
