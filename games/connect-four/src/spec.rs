//! Specs: `connect-four` (7x6), `connect-four(width=6,height=5)`.

use crate::geometry::{Geometry, MAX_HEIGHT, MAX_WIDTH};
use crate::ConnectFour;
use ply_search::describe::{AblateLine, BenchLine, FromSpec, Preset, Showcase, SpecKey};
use ply_search::{NotationError, Spec};

impl ConnectFour {
    /// The empty board named by a spec: `width` (1 to 9, default 7) and `height` (1 to 12,
    /// default 6), with `width x (height + 1)` at most 64.
    ///
    /// ```
    /// use ply_connect_four::ConnectFour;
    /// assert_eq!(ConnectFour::from_spec("connect-four").unwrap(), ConnectFour::standard());
    /// assert_eq!(ConnectFour::from_spec("connect-four(width=9,height=7)").unwrap_err().to_string(),
    ///     "bad board size `9x7`: expected width 1 to 9 and height 1 to 12 with width x (height + 1) at most 64");
    /// ```
    pub fn from_spec(text: &str) -> Result<ConnectFour, NotationError> {
        ConnectFour::from_spec_text(text)
    }
}

impl FromSpec for ConnectFour {
    const NAME: &'static str = "connect-four";
    const ABOUT: &'static str =
        "Connect Four: 7x6 or any board to 9 columns, in Pascal Pons' notation and scores";
    const RULES: &'static str = "Players drop stones in turn into a column (click anywhere in it); a stone falls to the lowest empty cell. Four of your stones in a row, across, up or diagonally, win. A full board without one is a draw.";
    const KEYS: &'static [SpecKey] = &[
        SpecKey {
            key: "width",
            default: "7",
            accepted: "1 to 9 columns",
        },
        SpecKey {
            key: "height",
            default: "6",
            accepted: "1 to 12 rows, with width x (height + 1) at most 64",
        },
    ];
    const EXAMPLE: &'static str = "connect-four(width=6,height=5)";
    const SHOWCASE: Showcase = Showcase {
        presets: &[
            Preset {
                label: "Connect Four 7x6",
                spec: "connect-four",
            },
            Preset {
                label: "Connect Four 6x5",
                spec: "connect-four(width=6,height=5)",
            },
        ],
        bench: &[BenchLine {
            game: "connect-four",
            agent: "alphabeta(depth=12)",
            positions: 4,
            plies: 4,
        }],
        ablate: Some(AblateLine {
            game: "connect-four",
            depth: 10,
            plies: 4,
        }),
        tournament: Some("connect-four"),
    };

    fn from_parsed_spec(mut spec: Spec) -> Result<ConnectFour, NotationError> {
        if spec.name != Self::NAME {
            return Err(NotationError::new("game", &spec.name, Self::NAME)
                .with_kind(ply_search::ErrorKind::UnknownName));
        }
        let width = spec.take_parsed(
            "width",
            7u8,
            &format!("width= a whole number from 1 to {MAX_WIDTH}"),
        )?;
        let height = spec.take_parsed(
            "height",
            6u8,
            &format!("height= a whole number from 1 to {MAX_HEIGHT}"),
        )?;
        spec.finish_keys(Self::KEYS)?;
        Ok(ConnectFour::new(Geometry::get(width, height)?))
    }
}
