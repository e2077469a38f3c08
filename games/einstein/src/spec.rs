//! What front ends need of EinStein würfelt nicht beyond its rules: its spec, OpenSpiel's
//! action numbers, its evaluators and its description.

use crate::board::{distance, rolls_moving, Cell, CELLS, NO_CELL, SETUPS, SIDE, STEPS};
use crate::rules::{Einstein, EwnMove, Phase};
use ply_search::describe::{
    Actions, Describe, FromSpec, NamedEvaluators, Preset, Showcase, SpecKey,
};
use ply_search::picture::{BoardView, Mark};
use ply_search::score::{clamp_eval, MAX_EVAL};
use ply_search::{ErrorKind, Evaluator, Game, NotationError, Outcome, Player, Score, Spec};
use serde_json::{json, Map, Value};

impl FromSpec for Einstein {
    const NAME: &'static str = "einstein-wurfelt-nicht";
    const ABOUT: &'static str =
        "EinStein würfelt nicht: a die picks the cube, race it to the far corner (OpenSpiel's rules)";
    const RULES: &'static str = "Each player has six numbered cubes in a corner. Roll the die and move the cube with that number (or, if it is gone, the next lower or higher one) one step toward the far corner: forward, sideways or diagonally. A cube landing on any cube takes it off. Reach the far corner or take all the opponent's cubes to win.";
    const KEYS: &'static [SpecKey] = &[];
    const EXAMPLE: &'static str = "einstein-wurfelt-nicht";
    const SHOWCASE: Showcase = Showcase {
        presets: &[Preset {
            label: "EinStein würfelt nicht",
            spec: "einstein-wurfelt-nicht",
        }],
        ..Showcase::NONE
    };

    fn from_parsed_spec(spec: Spec) -> Result<Einstein, NotationError> {
        spec.finish_keys(Self::KEYS)?;
        Ok(Einstein::new())
    }
}

/// OpenSpiel's action numbers. A step is `((row * 5 + column) * 6 + direction) * 2 + capture`
/// (below 300, OpenSpiel's `num_distinct_actions`); a roll of `f` is `f - 1` and a setup its
/// order's number (below 720, OpenSpiel's `max_chance_outcomes`).
impl Actions for Einstein {
    fn num_actions(&self) -> usize {
        SETUPS
    }

    fn action(&self, mv: EwnMove) -> usize {
        match mv {
            EwnMove::Setup(index) => index as usize,
            EwnMove::Roll(face) => face as usize - 1,
            EwnMove::Step { from, dir } => {
                let to = STEPS[from as usize][dir as usize];
                let capture = to != NO_CELL && self.cube(to).is_some();
                (from as usize * 6 + dir as usize) * 2 + capture as usize
            }
        }
    }
}

/// EinStein würfelt nicht's evaluators, for searches cut off before the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EwnEval {
    /// The race: each cube's nearness to its corner, squared, weighted by how many of the six
    /// rolls move it; the player's sum less the opponent's. A cube near the corner that many
    /// rolls move is a threat; one that no roll reaches is not.
    Race,
    /// Cubes left: the player's less the opponent's.
    Material,
    /// Every unfinished position 0.
    Null,
}

/// The largest race sum a side can have: every roll moving a cube one step from its corner.
const MAX_RACE: i64 = 6 * 16;

fn race(state: &Einstein, player: Player) -> i64 {
    let present = state.cubes_left(player);
    (1..=6)
        .filter_map(|value| {
            let cell = state.cell_of(player, value)?;
            let near = 5 - distance(cell, player) as i64;
            Some(rolls_moving(present, value) as i64 * near * near)
        })
        .sum()
}

impl Evaluator<Einstein> for EwnEval {
    fn evaluate(&self, state: &Einstein, player: Player) -> Score {
        match self {
            EwnEval::Null => 0,
            EwnEval::Material => {
                let count = |p: Player| state.cubes_left(p).count_ones() as i64;
                clamp_eval((count(player) - count(player.other())) * MAX_EVAL as i64 / 12)
            }
            EwnEval::Race => {
                let lead = race(state, player) - race(state, player.other());
                // A whole race's lead is worth half the scale: not yet a win.
                clamp_eval(lead * (MAX_EVAL as i64 / 2) / MAX_RACE)
            }
        }
    }

    fn name(&self) -> &str {
        match self {
            EwnEval::Race => "race",
            EwnEval::Material => "material",
            EwnEval::Null => "null",
        }
    }
}

impl NamedEvaluators for Einstein {
    type Eval = EwnEval;
    const DEFAULT_EVAL: &'static str = "race";
    const EVALUATORS: &'static [&'static str] = &["race", "material", "null"];

    fn evaluator(name: &str) -> Result<EwnEval, NotationError> {
        match name.trim().to_ascii_lowercase().as_str() {
            "race" => Ok(EwnEval::Race),
            "material" => Ok(EwnEval::Material),
            "null" => Ok(EwnEval::Null),
            _ => Err(
                NotationError::new("evaluator", name, "race, material or null")
                    .with_kind(ErrorKind::UnknownName),
            ),
        }
    }
}

fn side_name(player: Player) -> &'static str {
    ["black", "white"][player.index()]
}

impl Describe for Einstein {
    fn fields(&self) -> Map<String, Value> {
        let mut map = Map::new();
        let board: Vec<Value> = (0..CELLS as Cell)
            .map(|cell| match self.cube(cell) {
                None => Value::Null,
                Some((owner, value)) => json!([owner.index(), value]),
            })
            .collect();
        map.insert("cubes".into(), Value::Array(board));
        map.insert("die".into(), json!(self.die()));
        let phase = match self.phase() {
            Phase::Setup => "setup",
            Phase::Roll => "roll",
            Phase::Step => "step",
        };
        map.insert("phase".into(), json!(phase));
        map
    }

    fn drawing(&self) -> String {
        let mut out = String::from("\n     0  1  2  3  4\n");
        for r in 0..SIDE {
            out.push_str(&format!("  {r} "));
            for c in 0..SIDE {
                match self.cube((r * SIDE + c) as Cell) {
                    None => out.push_str("  ."),
                    Some((owner, value)) => {
                        out.push_str(&format!(" {}{value}", ['b', 'w'][owner.index()]))
                    }
                }
            }
            out.push('\n');
        }
        if !self.is_terminal() {
            let who = side_name(self.to_move());
            match self.phase() {
                Phase::Setup => out.push_str(&format!("  {who}'s cubes are being set up\n")),
                Phase::Roll => out.push_str(&format!("  the die is rolling for {who}\n")),
                Phase::Step => out.push_str(&format!(
                    "  {who} rolled {}\n",
                    self.die().unwrap_or_default()
                )),
            }
        }
        out
    }

    fn board_view(&self, _player: Player) -> Option<BoardView> {
        let cells = (0..CELLS as Cell)
            .map(|cell| match self.cube(cell) {
                None => Mark::Empty,
                Some((owner, value)) => Mark::Piece {
                    owner,
                    kind: value - 1,
                },
            })
            .collect();
        let mut view = BoardView::new(SIDE, SIDE, cells);
        view.kinds = 6;
        view.kind_names = vec!["1", "2", "3", "4", "5", "6"];
        view.column_labels = (0..SIDE).map(|c| c.to_string()).collect();
        view.row_labels = (0..SIDE).map(|r| r.to_string()).collect();
        if let Some(die) = self.die() {
            view.caption = vec![format!("{} rolled {die}", side_name(self.to_move()))];
        }
        Some(view)
    }

    fn move_format(&self) -> String {
        match self.phase() {
            Phase::Setup => {
                "the six numbers as they fill the corner row by row, e.g. 315264".into()
            }
            Phase::Roll => "the die's face, 1 to 6".into(),
            Phase::Step => {
                "a cube and a direction, e.g. W5-up or B3-diag (OpenSpiel's form)".into()
            }
        }
    }

    fn end_reason(&self) -> Option<String> {
        let Outcome::Win(winner) = self.outcome()? else {
            return Some("a draw".into());
        };
        let who = side_name(winner);
        let corner = crate::board::TARGET[winner.index()];
        Some(if self.cube(corner).is_some_and(|(p, _)| p == winner) {
            format!("{who} reached the far corner")
        } else {
            format!(
                "{who} captured the last of {}'s cubes",
                side_name(winner.other())
            )
        })
    }
}

/// The solver reaches EinStein würfelt nicht's endgames: the game is acyclic, but from the start
/// it is far too big to enumerate.
impl ply_search::solver::Solvable for Einstein {}
