//! Game specs: `isolation`, `isolation(width=7,height=7,rules=aind)`, `isolation(rules=standard)`.

use crate::{Isolation, Rules, Variant};
use ply_search::describe::{AblateLine, BenchLine, FromSpec, Preset, Showcase, SpecKey};
use ply_search::{NotationError, Spec};

impl Isolation {
    /// The start of the game named by a spec: `isolation` (Udacity's 11x9 board and rules),
    /// with optional `width`, `height` and `rules` (`udacity`, `standard` or `aind`). With
    /// `rules=aind` the board defaults to AIND's 7x7.
    ///
    /// ```
    /// use ply_isolation::{Isolation, Rules};
    /// let game = Isolation::from_spec("isolation(rules=aind)").unwrap();
    /// assert_eq!((game.variant().width, game.variant().height), (7, 7));
    /// assert_eq!(Isolation::from_spec("isolation").unwrap(), Isolation::udacity());
    /// assert_eq!(
    ///     Isolation::from_spec("isolation(rules=chess)").unwrap_err().to_string(),
    ///     "bad isolation value `rules=chess`: expected rules= one of udacity, standard, aind");
    /// ```
    pub fn from_spec(text: &str) -> Result<Isolation, NotationError> {
        Isolation::from_spec_text(text)
    }

    /// The spec naming this state's variant (parameters at their defaults are left out).
    pub fn spec(&self) -> String {
        let v = self.variant();
        let (w, h) = if v.rules == Rules::Aind {
            (7, 7)
        } else {
            (11, 9)
        };
        let mut params = Vec::new();
        if (v.width, v.height) != (w, h) {
            params.push(format!("width={},height={}", v.width, v.height));
        }
        if v.rules != Rules::Udacity {
            params.push(format!("rules={}", v.rules.name()));
        }
        if params.is_empty() {
            "isolation".into()
        } else {
            format!("isolation({})", params.join(","))
        }
    }
}

impl FromSpec for Isolation {
    const NAME: &'static str = "isolation";
    const ABOUT: &'static str =
        "knight Isolation: Udacity's 11x9 isolation.py bit for bit, AIND's 7x7, any board to 127 bits";
    const RULES: &'static str = "Each player has one knight. First each places it on any open cell; then a turn is a knight's jump (two cells one way, one the other) to an open cell. Every cell a knight leaves stays blocked. The player who cannot move loses (on Udacity's 11x9 board the game ends as soon as either player is stuck, the player to move winning if it can still move).";
    const KEYS: &'static [SpecKey] = &[
        SpecKey {
            key: "width",
            default: "11 (7 with rules=aind)",
            accepted: "1 to 126, with (width + 2) * height - 2 <= 127",
        },
        SpecKey {
            key: "height",
            default: "9 (7 with rules=aind)",
            accepted: "1 to 126, with (width + 2) * height - 2 <= 127",
        },
        SpecKey {
            key: "rules",
            default: "udacity",
            accepted: "udacity (either player stuck ends the game), standard (the mover without a move loses), aind (AIND's 7x7 rules and (row,col) moves)",
        },
        SpecKey {
            key: "players",
            default: "2",
            accepted: "2 (3 or 4: the knights for several players, listed apart)",
        },
    ];
    const EXAMPLE: &'static str = "isolation(width=7,height=7,rules=aind)";
    const SHOWCASE: Showcase = Showcase {
        presets: &[
            Preset {
                label: "Knight Isolation 11x9 (Udacity bitboards)",
                spec: "isolation",
            },
            Preset {
                label: "Knight Isolation 7x7 (AIND, (row,col) moves)",
                spec: "isolation(width=7,height=7,rules=aind)",
            },
            Preset {
                label: "Knight Isolation 7x7 (Udacity rules)",
                spec: "isolation(width=7,height=7)",
            },
            Preset {
                label: "Knight Isolation 5x5",
                spec: "isolation(width=5,height=5)",
            },
            Preset {
                label: "Knight Isolation 8x8, standard rules",
                spec: "isolation(width=8,height=8,rules=standard)",
            },
        ],
        bench: &[
            BenchLine {
                game: "isolation",
                agent: "alphabeta(depth=13)",
                positions: 4,
                plies: 12,
            },
            BenchLine {
                game: "isolation(rules=aind)",
                agent: "alphabeta(depth=11)",
                positions: 4,
                plies: 6,
            },
            BenchLine {
                game: "isolation",
                agent: "mcts(iterations=50000,seed=1)",
                positions: 2,
                plies: 12,
            },
        ],
        ablate: Some(AblateLine {
            game: "isolation(rules=aind)",
            depth: 16,
            plies: 6,
        }),
        tournament: Some("isolation"),
    };

    /// Every `isolation` spec but those naming three or four players ([`crate::Knights`]).
    fn claims(spec: &Spec) -> bool {
        !<crate::Knights as FromSpec>::claims(spec)
    }

    fn from_parsed_spec(mut spec: Spec) -> Result<Isolation, NotationError> {
        if spec.name != "isolation" {
            return Err(NotationError::new("game", &spec.name, "isolation")
                .with_kind(ply_search::ErrorKind::UnknownName));
        }
        let players = spec.take_parsed("players", 2u8, "players= 2, 3 or 4")?;
        if players != 2 {
            return Err(NotationError::new(
                "isolation value",
                format!("players={players}"),
                "players= 2, 3 or 4",
            )
            .with_kind(ply_search::ErrorKind::BadValue));
        }
        let rules = Rules::ALL[spec.take_choice("rules", &Rules::NAMES, 0)?];
        let (w, h) = if rules == Rules::Aind {
            (7, 7)
        } else {
            (11, 9)
        };
        let size = "a whole number from 1 to 126";
        let width = spec.take_parsed("width", w, size)?;
        let height = spec.take_parsed("height", h, size)?;
        spec.finish_keys(Self::KEYS)?;
        Ok(Isolation::new(Variant::get(width, height, rules)?))
    }
}
