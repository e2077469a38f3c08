//! Specs: `breakthrough` (8x8), `breakthrough(width=6,height=6)`.

use crate::geometry::{Geometry, MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH};
use crate::Breakthrough;
use ply_search::describe::{AblateLine, BenchLine, FromSpec, Preset, Showcase, SpecKey};
use ply_search::{NotationError, Spec};

impl Breakthrough {
    /// The start named by a spec: `width` (2 to 8, default 8) and `height` (3 to 8, default
    /// 8). Each side starts with two full rows, or one on boards under 6 rows high.
    ///
    /// ```
    /// use ply_breakthrough::Breakthrough;
    /// assert_eq!(Breakthrough::from_spec("breakthrough").unwrap(), Breakthrough::standard());
    /// assert_eq!(Breakthrough::from_spec("breakthrough(width=9)").unwrap_err().to_string(),
    ///     "bad board size `9x8`: expected width 2 to 8 and height 3 to 8");
    /// ```
    pub fn from_spec(text: &str) -> Result<Breakthrough, NotationError> {
        Breakthrough::from_spec_text(text)
    }
}

impl FromSpec for Breakthrough {
    const NAME: &'static str = "breakthrough";
    const ABOUT: &'static str =
        "Breakthrough (Troyka, 2000): 8x8, 6x6 or any board to 8x8; reach the far row first";
    const RULES: &'static str = "Each player has two rows of pawns. A pawn moves one step straight or diagonally forward into an empty cell, or captures an opponent's pawn diagonally forward. The first pawn to reach the far row wins, as does taking every opposing pawn.";
    const KEYS: &'static [SpecKey] = &[
        SpecKey {
            key: "width",
            default: "8",
            accepted: "2 to 8 columns",
        },
        SpecKey {
            key: "height",
            default: "8",
            accepted: "3 to 8 rows (two rows of pieces each from 6 up, one below)",
        },
    ];
    const EXAMPLE: &'static str = "breakthrough(width=6,height=6)";
    const SHOWCASE: Showcase = Showcase {
        presets: &[
            Preset {
                label: "Breakthrough 8x8",
                spec: "breakthrough",
            },
            Preset {
                label: "Breakthrough 6x6",
                spec: "breakthrough(width=6,height=6)",
            },
        ],
        bench: &[BenchLine {
            game: "breakthrough",
            agent: "alphabeta(depth=8)",
            positions: 4,
            plies: 4,
        }],
        ablate: Some(AblateLine {
            game: "breakthrough",
            depth: 8,
            plies: 4,
        }),
        tournament: Some("breakthrough"),
    };

    fn from_parsed_spec(mut spec: Spec) -> Result<Breakthrough, NotationError> {
        if spec.name != Self::NAME {
            return Err(NotationError::new("game", &spec.name, Self::NAME)
                .with_kind(ply_search::ErrorKind::UnknownName));
        }
        let width = spec.take_parsed(
            "width",
            8u8,
            &format!("width= a whole number from {MIN_WIDTH} to {MAX_WIDTH}"),
        )?;
        let height = spec.take_parsed(
            "height",
            8u8,
            &format!("height= a whole number from {MIN_HEIGHT} to {MAX_HEIGHT}"),
        )?;
        spec.finish_keys(Self::KEYS)?;
        Ok(Breakthrough::new(Geometry::get(width, height)?))
    }
}
