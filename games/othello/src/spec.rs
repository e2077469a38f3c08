//! Specs: `othello` (8x8), `othello(size=6)`, `rolit(players=3)`.

use crate::board::SIZES;
use crate::state::{Classic, Multi, Reversi, Rules};
use ply_search::describe::{FromSpec, Preset, Showcase, SpecKey};
use ply_search::{ErrorKind, NotationError, Spec};

const SIZE: SpecKey = SpecKey {
    key: "size",
    default: "8",
    accepted: "4, 6 or 8 squares a side",
};

/// The board size a spec names.
fn take_size(spec: &mut Spec) -> Result<u8, NotationError> {
    let size = spec.take_parsed("size", 8u8, "size= 4, 6 or 8")?;
    if SIZES.contains(&size) {
        Ok(size)
    } else {
        Err(NotationError::new(
            format!("{} value", spec.name),
            format!("size={size}"),
            "size= 4, 6 or 8",
        )
        .with_kind(ErrorKind::BadValue))
    }
}

/// Refuses a spec naming another game.
fn check_name<R: Rules>(spec: &Spec) -> Result<(), NotationError> {
    if spec.name == R::NAME {
        Ok(())
    } else {
        Err(NotationError::new("game", &spec.name, R::NAME).with_kind(ErrorKind::UnknownName))
    }
}

impl FromSpec for Reversi<Classic> {
    const NAME: &'static str = "othello";
    const ABOUT: &'static str =
        "Othello with OpenSpiel's rules and action numbers, 8x8 or a 6x6 or 4x4 board";
    const RULES: &'static str = "Place a disc of your colour so that it encloses a straight line (across, up or diagonally) of your opponent's discs between it and one of yours; every enclosed disc turns to your colour. With no such move you pass. When neither player can move, the one with more discs wins.";
    const KEYS: &'static [SpecKey] = &[SIZE];
    const EXAMPLE: &'static str = "othello(size=6)";
    const SHOWCASE: Showcase = Showcase {
        presets: &[
            Preset {
                label: "Othello 8x8",
                spec: "othello",
            },
            Preset {
                label: "Othello 6x6",
                spec: "othello(size=6)",
            },
        ],
        ..Showcase::NONE
    };

    fn from_parsed_spec(mut spec: Spec) -> Result<Self, NotationError> {
        check_name::<Classic>(&spec)?;
        let size = take_size(&mut spec)?;
        spec.finish_keys(Self::KEYS)?;
        Ok(Reversi::start(size, 2))
    }
}

impl FromSpec for Reversi<Multi> {
    const NAME: &'static str = "rolit";
    const ABOUT: &'static str =
        "Rolit, Othello for 2 to 4 players (red, yellow, green, blue), 8x8 or a 6x6 or 4x4 board";
    const RULES: &'static str = "Othello for two to four players, every player with a colour. Place a disc next to any disc; it must enclose a line of other players' discs if any placement can, and every enclosed disc turns to your colour. When the board is full, the one with the most discs wins.";
    const KEYS: &'static [SpecKey] = &[
        SpecKey {
            key: "players",
            default: "4",
            accepted: "2, 3 or 4",
        },
        SIZE,
    ];
    const EXAMPLE: &'static str = "rolit(players=3)";
    const SHOWCASE: Showcase = Showcase {
        presets: &[
            Preset {
                label: "Rolit, 4 players",
                spec: "rolit",
            },
            Preset {
                label: "Rolit, 3 players",
                spec: "rolit(players=3)",
            },
        ],
        ..Showcase::NONE
    };

    fn from_parsed_spec(mut spec: Spec) -> Result<Self, NotationError> {
        check_name::<Multi>(&spec)?;
        let players = spec.take_parsed("players", 4u8, "players= 2, 3 or 4")?;
        if !(2..=4).contains(&players) {
            return Err(NotationError::new(
                "rolit value",
                format!("players={players}"),
                "players= 2, 3 or 4 (the board has four colours)",
            )
            .with_kind(ErrorKind::BadValue));
        }
        let size = take_size(&mut spec)?;
        spec.finish_keys(Self::KEYS)?;
        Ok(Reversi::start(size, players))
    }
}
