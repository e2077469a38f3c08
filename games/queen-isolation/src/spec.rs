//! Specs: `queen-isolation` (the lesson's 5x5), `queen-isolation(preset=quiz)`,
//! `queen-isolation(width=4,height=6,blocked=[(0,0),(3,5)],rules=standard)`.

use crate::{QueenIsolation, Rules, Variant};
use ply_search::describe::{AblateLine, BenchLine, FromSpec, Preset, Showcase, SpecKey};
use ply_search::spec::split_top_level;
use ply_search::{NotationError, Spec};

impl QueenIsolation {
    /// The start of the board named by a spec. `queen-isolation` is the lesson's 5x5 board;
    /// `preset=quiz` the GameState quiz's 3x2 board with (2,1) blocked; otherwise `width` and
    /// `height` (1 to 8, default 5), `blocked=[(x,y),...]`, and `rules=udacity` (either player
    /// stuck ends the game, the default) or `rules=standard`.
    ///
    /// ```
    /// use ply_queen_isolation::QueenIsolation;
    /// use ply_search::Game;
    /// assert_eq!(QueenIsolation::from_spec("queen-isolation(preset=quiz)").unwrap(), QueenIsolation::quiz());
    /// let b = QueenIsolation::from_spec("queen-isolation(width=4,height=3,blocked=[(0,0)])").unwrap();
    /// assert_eq!(b.position(), "#.../..../.... 0");
    /// ```
    pub fn from_spec(text: &str) -> Result<QueenIsolation, NotationError> {
        QueenIsolation::from_spec_text(text)
    }
}

fn parse_cells(list: &str) -> Result<u64, NotationError> {
    let bad = || {
        NotationError::new(
            "queen-isolation value",
            format!("blocked={list}"),
            "blocked=[(x,y),...]",
        )
    };
    let inner = list
        .trim()
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(bad)?;
    let mut cells = 0u64;
    for item in split_top_level(inner)
        .ok_or_else(bad)?
        .into_iter()
        .filter(|i| !i.trim().is_empty())
    {
        let pair = item
            .trim()
            .strip_prefix('(')
            .and_then(|p| p.strip_suffix(')'))
            .ok_or_else(bad)?;
        let (x, y) = pair.split_once(',').ok_or_else(bad)?;
        let (x, y): (u8, u8) = (
            x.trim().parse().map_err(|_| bad())?,
            y.trim().parse().map_err(|_| bad())?,
        );
        if x >= 8 || y >= 8 {
            return Err(bad());
        }
        cells |= 1 << (8 * y + x);
    }
    Ok(cells)
}

impl FromSpec for QueenIsolation {
    const NAME: &'static str = "queen-isolation";
    const ABOUT: &'static str =
        "queen Isolation: the lesson's 5x5 board, the GameState quiz, any board to 8x8";
    const RULES: &'static str = "Each player has one queen. First each places it on any open cell; then a turn moves it any distance in a straight line or diagonal (as a chess queen) over open cells only. Every cell a queen leaves stays blocked. The player who cannot move loses.";
    const KEYS: &'static [SpecKey] = &[
        SpecKey {
            key: "preset",
            default: "lesson",
            accepted: "lesson (the 5x5 board) or quiz (the GameState quiz's 3x2 board, (2,1) blocked)",
        },
        SpecKey {
            key: "width",
            default: "5 (3 with preset=quiz)",
            accepted: "1 to 8",
        },
        SpecKey {
            key: "height",
            default: "5 (2 with preset=quiz)",
            accepted: "1 to 8",
        },
        SpecKey {
            key: "blocked",
            default: "none ((2,1) with preset=quiz)",
            accepted: "[(x,y),...]: cells closed from the start",
        },
        SpecKey {
            key: "rules",
            default: "udacity",
            accepted: "udacity (either player stuck ends the game) or standard (the mover without a move loses)",
        },
    ];
    const EXAMPLE: &'static str =
        "queen-isolation(width=4,height=6,blocked=[(0,0)],rules=standard)";
    const SHOWCASE: Showcase = Showcase {
        presets: &[
            Preset {
                label: "Queen Isolation 5x5 (the lesson)",
                spec: "queen-isolation",
            },
            Preset {
                label: "Queen Isolation: the GameState quiz (3x2)",
                spec: "queen-isolation(preset=quiz)",
            },
            Preset {
                label: "Queen Isolation 4x4",
                spec: "queen-isolation(width=4,height=4)",
            },
        ],
        bench: &[BenchLine {
            game: "queen-isolation",
            agent: "alphabeta(depth=9)",
            positions: 4,
            plies: 4,
        }],
        ablate: Some(AblateLine {
            game: "queen-isolation(width=7,height=7)",
            depth: 7,
            plies: 4,
        }),
        tournament: Some("queen-isolation"),
    };

    fn from_parsed_spec(mut spec: Spec) -> Result<QueenIsolation, NotationError> {
        if spec.name != "queen-isolation" {
            return Err(NotationError::new("game", &spec.name, "queen-isolation")
                .with_kind(ply_search::ErrorKind::UnknownName));
        }
        let quiz = spec.take_choice("preset", &["lesson", "quiz"], 0)? == 1;
        let rules = Rules::ALL[spec.take_choice("rules", &Rules::NAMES, 0)?];
        let (dw, dh) = if quiz { (3, 2) } else { (5, 5) };
        let width = spec.take_parsed("width", dw, "width= a whole number from 1 to 8")?;
        let height = spec.take_parsed("height", dh, "height= a whole number from 1 to 8")?;
        let blocked = match spec.take("blocked") {
            Some(list) => parse_cells(&list)?,
            None if quiz => 1 << (8 + 2),
            None => 0,
        };
        spec.finish_keys(Self::KEYS)?;
        Ok(QueenIsolation::new(Variant::get(
            width, height, blocked, rules,
        )?))
    }
}
