//! What front ends need of Pig beyond its rules: `pig(goal=100,die=6,horizon=1000)`, its
//! evaluators, its description and OpenSpiel's action numbers.

use crate::rules::{MAX_FACES, MAX_GOAL};
use crate::{Pig, PigMove};
use ply_search::describe::{
    Actions, Describe, FromSpec, NamedEvaluators, Preset, Showcase, SpecKey,
};
use ply_search::score::{clamp_eval, MAX_EVAL};
use ply_search::{ErrorKind, Evaluator, Game, NotationError, Outcome, Player, Score, Spec};
use serde_json::{json, Map, Value};

/// OpenSpiel's horizon: the decisions after which a game is drawn.
pub const DEFAULT_HORIZON: u32 = 1000;

impl FromSpec for Pig {
    const NAME: &'static str = "pig";
    const ABOUT: &'static str =
        "Pig, the dice game: roll or stop, a 1 loses the turn's points (OpenSpiel's rules)";
    const RULES: &'static str = "On your turn roll the die as often as you like, adding up the points; stop to bank them. A 1 ends the turn and loses what it had gathered. The first to bank 100 wins.";
    const KEYS: &'static [SpecKey] = &[
        SpecKey {
            key: "goal",
            default: "100",
            accepted: "the points that win, 1 to 1000",
        },
        SpecKey {
            key: "die",
            default: "6",
            accepted: "the die's faces, 2 to 100",
        },
        SpecKey {
            key: "horizon",
            default: "1000",
            accepted:
                "decisions after which the game is a draw (OpenSpiel's guard), 1 to 1000000, or off",
        },
    ];
    const EXAMPLE: &'static str = "pig(goal=20,die=6)";
    const SHOWCASE: Showcase = Showcase {
        presets: &[Preset {
            label: "Pig to 100",
            spec: "pig",
        }],
        ..Showcase::NONE
    };

    fn from_parsed_spec(mut spec: Spec) -> Result<Pig, NotationError> {
        let goal = spec.take_parsed("goal", 100u64, "goal= a whole number from 1 to 1000")?;
        let faces = spec.take_parsed("die", 6u64, "die= a whole number of faces from 2 to 100")?;
        let horizon = match spec.take("horizon") {
            None => Some(DEFAULT_HORIZON),
            Some(off) if off.eq_ignore_ascii_case("off") => None,
            Some(text) => Some(
                text.parse::<u32>()
                    .ok()
                    .filter(|h| (1..=ply_search::game::MAX_POSITION_PLY).contains(h))
                    .ok_or_else(|| {
                        NotationError::new(
                            "pig value",
                            format!("horizon={text}"),
                            "horizon= a whole number from 1 to 1000000, or off",
                        )
                        .with_kind(ErrorKind::BadValue)
                    })?,
            ),
        };
        spec.finish_keys(Self::KEYS)?;
        if !(1..=MAX_GOAL as u64).contains(&goal) {
            return Err(NotationError::new(
                "pig value",
                format!("goal={goal}"),
                "goal= a whole number from 1 to 1000",
            )
            .with_kind(ErrorKind::OutOfRange));
        }
        if !(2..=MAX_FACES as u64).contains(&faces) {
            return Err(NotationError::new(
                "pig value",
                format!("die={faces}"),
                "die= a whole number of faces from 2 to 100",
            )
            .with_kind(ErrorKind::OutOfRange));
        }
        Ok(Pig::new(goal as u32, faces as u32, horizon).expect("checked above"))
    }
}

/// OpenSpiel's action numbers: `roll` 0, `stop` 1, and at a roll face `f` is `f - 1`.
impl Actions for Pig {
    fn num_actions(&self) -> usize {
        (self.faces() as usize).max(2)
    }

    fn action(&self, mv: PigMove) -> usize {
        match mv {
            PigMove::Roll => 0,
            PigMove::Stop => 1,
            PigMove::Face(face) => face as usize - 1,
        }
    }
}

/// Pig's evaluators, for searches cut off before the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PigEval {
    /// The lead: the player's bank (with the turn's total, if the turn is theirs) less the
    /// opponent's, as a fraction of the goal.
    Lead,
    /// Every unfinished position 0.
    Null,
}

impl Evaluator<Pig> for PigEval {
    fn evaluate(&self, state: &Pig, player: Player) -> Score {
        match self {
            PigEval::Null => 0,
            PigEval::Lead => {
                let mut points = state.scores().map(i64::from);
                points[state.to_move().index()] += state.turn_total() as i64;
                let lead = points[player.index()] - points[player.other().index()];
                // A lead of the whole goal is worth half the scale: not yet a win.
                clamp_eval(lead * (MAX_EVAL as i64 / 2) / state.goal() as i64)
            }
        }
    }

    fn name(&self) -> &str {
        match self {
            PigEval::Lead => "lead",
            PigEval::Null => "null",
        }
    }
}

impl NamedEvaluators for Pig {
    type Eval = PigEval;
    const DEFAULT_EVAL: &'static str = "lead";
    const EVALUATORS: &'static [&'static str] = &["lead", "null"];

    fn evaluator(name: &str) -> Result<PigEval, NotationError> {
        match name.trim().to_ascii_lowercase().as_str() {
            "lead" => Ok(PigEval::Lead),
            "null" => Ok(PigEval::Null),
            _ => Err(NotationError::new("evaluator", name, "lead or null")
                .with_kind(ErrorKind::UnknownName)),
        }
    }
}

impl Describe for Pig {
    fn fields(&self) -> Map<String, Value> {
        let mut map = Map::new();
        map.insert("scores".into(), json!(self.scores()));
        map.insert("turn_total".into(), json!(self.turn_total()));
        map.insert("rolling".into(), json!(self.is_chance_node()));
        map.insert("goal".into(), json!(self.goal()));
        map.insert("die".into(), json!(self.faces()));
        map.insert("decisions".into(), json!(self.decisions()));
        map
    }

    fn drawing(&self) -> String {
        let [a, b] = self.scores();
        let phase = if self.is_chance_node() {
            "the die is rolling"
        } else {
            "to roll or stop"
        };
        format!(
            "\n  player 0: {a:>4}   player 1: {b:>4}   (goal {})\n  player {} {phase}, turn total {}\n",
            self.goal(),
            self.to_move().index(),
            self.turn_total()
        )
    }

    fn move_format(&self) -> String {
        if self.is_chance_node() {
            format!("the die's face, 1 to {}", self.faces())
        } else {
            "roll or stop".into()
        }
    }

    fn end_reason(&self) -> Option<String> {
        match self.outcome()? {
            Outcome::Win(p) => Some(format!(
                "player {} banked {} of the {} points",
                p.index(),
                self.scores()[p.index()],
                self.goal()
            )),
            Outcome::Draw => Some(format!(
                "a draw: {} decisions, the horizon",
                self.decisions()
            )),
        }
    }
}

/// Pig is solved by value iteration ([`crate::value_iteration`]); the policy's shape is the
/// turn totals to stop at.
impl ply_search::solver::Solvable for Pig {
    fn policy_shape(
        &self,
        solution: &ply_search::solver::chance::ChanceSolution<Pig>,
    ) -> Option<String> {
        Some(crate::value_iteration::policy_shape(solution, self))
    }
}
