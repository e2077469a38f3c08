//! Specs: `queen-isolation` (the lesson's 5x5), `queen-isolation(preset=quiz)`,
//! `queen-isolation(width=4,height=6,blocked=[(0,0),(3,5)],rules=standard)`.

use crate::{QueenIsolation, Rules, Variant};
use ply_search::spec::split_top_level;
use ply_search::{NotationError, Spec};

/// The accepted parameters.
pub const PARAMETERS: &[&str] = &["preset", "width", "height", "blocked", "rules"];

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
        let mut spec = Spec::parse(text)?;
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
        spec.finish(PARAMETERS)?;
        Ok(QueenIsolation::new(Variant::get(
            width, height, blocked, rules,
        )?))
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
