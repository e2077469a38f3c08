//! What front ends need of backgammon beyond its rules: `backgammon(scoring=winloss,
//! max_turns=500)`, OpenSpiel's action numbers, the evaluators and the description.

use crate::board::{outcome_of_roll, roll_of_outcome, NUM_ACTIONS, OPENINGS, OUTCOMES, POINTS};
use crate::notation::side_letter;
use crate::rules::{Backgammon, BgMove, Phase, Scoring, DEFAULT_MAX_TURNS};
use ply_search::describe::{
    Actions, Describe, FromSpec, NamedEvaluators, Preset, Showcase, SpecKey,
};
use ply_search::score::{clamp_eval, MAX_EVAL};
use ply_search::{ErrorKind, Evaluator, Game, NotationError, Outcome, Player, Score, Spec};
use serde_json::{json, Map, Value};

impl FromSpec for Backgammon {
    const NAME: &'static str = "backgammon";
    const ABOUT: &'static str =
        "backgammon: race your fifteen checkers home and off, hitting blots on the way (OpenSpiel's rules)";
    const RULES: &'static str = "Each player races fifteen checkers around the board to their home quarter and then off it. Roll two dice and move checkers by each number (doubles move four times). A lone checker (a blot) hit by the opponent goes to the bar and must come back in first. The first to bear off all fifteen wins, twice the stake (a gammon) if the other has borne off none.";
    const KEYS: &'static [SpecKey] = &[
        SpecKey {
            key: "scoring",
            default: "winloss",
            accepted: "winloss (1 point a game), gammons (2 for a gammon) or full (3 for a backgammon too)",
        },
        SpecKey {
            key: "max_turns",
            default: "500",
            accepted: "turns after which the game is a draw (OpenSpiel's max_player_turns), 1 to 10000",
        },
    ];
    const EXAMPLE: &'static str = "backgammon(scoring=gammons)";
    const SHOWCASE: Showcase = Showcase {
        presets: &[Preset {
            label: "Backgammon",
            spec: "backgammon",
        }],
        ..Showcase::NONE
    };

    fn from_parsed_spec(mut spec: Spec) -> Result<Backgammon, NotationError> {
        let scoring = match spec.take_choice(
            "scoring",
            &[
                "winloss",
                "gammons",
                "full",
                "winloss_scoring",
                "enable_gammons",
                "full_scoring",
            ],
            0,
        )? % 3
        {
            0 => Scoring::WinLoss,
            1 => Scoring::Gammons,
            _ => Scoring::Full,
        };
        let max_turns = spec.take_parsed(
            "max_turns",
            DEFAULT_MAX_TURNS as u64,
            "max_turns= a whole number from 1 to 10000",
        )?;
        spec.finish_keys(Self::KEYS)?;
        if !(1..=10_000).contains(&max_turns) {
            return Err(NotationError::new(
                "backgammon value",
                format!("max_turns={max_turns}"),
                "max_turns= a whole number from 1 to 10000",
            )
            .with_kind(ErrorKind::OutOfRange));
        }
        Ok(Backgammon::new(scoring, max_turns as u16))
    }
}

/// OpenSpiel's action numbers: a play is its own number (below 1352), and every other number
/// OpenSpiel gives the same play (the same position reached) plays it too; the opening roll is its outcome
/// number (below 30); a roll the first of OpenSpiel's two outcome numbers for it (a non-double
/// is rolled either die high), and either number plays it.
impl Actions for Backgammon {
    fn num_actions(&self) -> usize {
        NUM_ACTIONS
    }

    fn action(&self, mv: BgMove) -> usize {
        match mv {
            BgMove::Play(action) => action as usize,
            BgMove::Opening(outcome) => outcome as usize,
            BgMove::Roll(low, high) => outcome_of_roll(low, high),
        }
    }

    fn legal_move_of_action(&self, action: usize) -> Option<BgMove> {
        if self.is_terminal() {
            return None;
        }
        match self.phase() {
            Phase::Roll if action < 36 => {
                let (low, high) = roll_of_outcome(action);
                Some(BgMove::Roll(low, high))
            }
            Phase::Roll => None,
            Phase::Opening => (action < 30).then_some(BgMove::Opening(action as u8)),
            Phase::Play if action < NUM_ACTIONS => self
                .play_of_openspiel_action(action as u16)
                .map(BgMove::Play),
            Phase::Play => None,
        }
    }

    fn openspiel_legal_actions(&self) -> Vec<usize> {
        if self.is_terminal() {
            return Vec::new();
        }
        match self.phase() {
            Phase::Opening => (0..OPENINGS).collect(),
            Phase::Roll => (0..ORDERED_ROLLS).collect(),
            Phase::Play => self
                .openspiel_plays()
                .into_iter()
                .map(usize::from)
                .collect(),
        }
    }

    fn openspiel_move(&self, action: usize) -> Option<BgMove> {
        self.legal_move_of_action(action)
    }

    /// OpenSpiel rolls the 36 ordered dice, each 1/36 (ply the 21 distinct ones), and opens
    /// with the 30 ordered rolls of two different dice, the order saying who starts.
    fn openspiel_chance_outcomes(&self) -> Vec<(usize, f64)> {
        let count = match self.phase() {
            _ if self.is_terminal() => 0,
            Phase::Opening => OPENINGS,
            Phase::Roll => ORDERED_ROLLS,
            Phase::Play => 0,
        };
        (0..count).map(|a| (a, 1.0 / count as f64)).collect()
    }

    /// A play under any of OpenSpiel's numbers is written with its steps in that number's
    /// order, as OpenSpiel writes it (`24/22/21` and `24/23/21` reach the same position).
    fn openspiel_action_text(&self, action: usize) -> Option<String> {
        let mv = self.openspiel_move(action)?;
        Some(match mv {
            BgMove::Play(_) => self.format_move(BgMove::Play(action as u16)),
            _ => self.format_move(mv),
        })
    }
}

/// OpenSpiel's later rolls: the 36 ordered pairs of dice.
const ORDERED_ROLLS: usize = OUTCOMES.len();

/// Backgammon's evaluators, for searches cut off before the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BgEval {
    /// The race: the opponent's pip count less the player's, the player to move credited with
    /// the average roll (8 pips) since the turn is theirs.
    Race,
    /// The race, less a penalty for each of the player's blots an opponent's checker can hit
    /// with one die's or both dice's pips, plus a bonus for each point made in the home board
    /// and for each opponent checker on the bar: the first things a backgammon player counts.
    Contact,
    /// Every unfinished position 0.
    Null,
}

/// A lead of this many pips is worth half the scale: a strong race, not yet a win.
const PIPS_TO_HALF: i64 = 60;

fn race_lead(state: &Backgammon, player: Player) -> i64 {
    let mut lead = state.pips(player.other()) as i64 - state.pips(player) as i64;
    if !state.is_chance_node() || state.phase() != Phase::Opening {
        lead += if state.to_move() == player { 8 } else { -8 };
    }
    lead
}

/// `player`'s blots within reach (1 to 12 pips) of an opponent's checker behind them.
fn exposed_blots(state: &Backgammon, player: Player) -> i64 {
    let me = player.index();
    let them = player.other().index();
    // An opponent checker on their progress j reaches their progress j + k; the player's
    // progress i is their 23 - i. The bar is their progress -1.
    let within_reach = |i: usize| -> bool {
        let target = (POINTS - 1 - i) as i64;
        (1..=12).any(|k| {
            let j = target - k;
            if j == -1 {
                state.bar[them] > 0
            } else {
                j >= 0 && state.men[them][j as usize] > 0
            }
        })
    };
    (0..POINTS)
        .filter(|&i| state.men[me][i] == 1 && within_reach(i))
        .count() as i64
}

fn home_points(state: &Backgammon, player: Player) -> i64 {
    state.men[player.index()][18..]
        .iter()
        .filter(|&&n| n >= 2)
        .count() as i64
}

impl Evaluator<Backgammon> for BgEval {
    fn evaluate(&self, state: &Backgammon, player: Player) -> Score {
        let pips = match self {
            BgEval::Null => return 0,
            BgEval::Race => race_lead(state, player),
            BgEval::Contact => {
                let other = player.other();
                race_lead(state, player)
                    - 10 * (exposed_blots(state, player) - exposed_blots(state, other))
                    + 6 * (home_points(state, player) - home_points(state, other))
                    + 12 * (state.bar(other) as i64 - state.bar(player) as i64)
            }
        };
        clamp_eval(pips * (MAX_EVAL as i64 / 2) / PIPS_TO_HALF)
    }

    fn name(&self) -> &str {
        match self {
            BgEval::Race => "race",
            BgEval::Contact => "contact",
            BgEval::Null => "null",
        }
    }
}

impl NamedEvaluators for Backgammon {
    type Eval = BgEval;
    const DEFAULT_EVAL: &'static str = "contact";
    const EVALUATORS: &'static [&'static str] = &["contact", "race", "null"];

    fn evaluator(name: &str) -> Result<BgEval, NotationError> {
        match name.trim().to_ascii_lowercase().as_str() {
            "contact" => Ok(BgEval::Contact),
            "race" => Ok(BgEval::Race),
            "null" => Ok(BgEval::Null),
            _ => Err(
                NotationError::new("evaluator", name, "contact, race or null")
                    .with_kind(ErrorKind::UnknownName),
            ),
        }
    }
}

impl Describe for Backgammon {
    fn fields(&self) -> Map<String, Value> {
        let mut map = Map::new();
        // OpenSpiel's points 0 to 23: x's checkers positive, o's negative.
        let points: Vec<i32> = (0..POINTS)
            .map(|p| {
                self.checkers_at(Player::P0, p) as i32 - self.checkers_at(Player::P1, p) as i32
            })
            .collect();
        map.insert("points".into(), json!(points));
        map.insert(
            "bar".into(),
            json!([self.bar(Player::P0), self.bar(Player::P1)]),
        );
        map.insert(
            "off".into(),
            json!([self.borne_off(Player::P0), self.borne_off(Player::P1)]),
        );
        map.insert(
            "dice".into(),
            json!(self.dice().map(|(low, high)| [high, low])),
        );
        let phase = match self.phase() {
            Phase::Opening => "opening",
            Phase::Roll => "roll",
            Phase::Play => "play",
        };
        map.insert("phase".into(), json!(phase));
        map.insert("second_half".into(), json!(self.second_half()));
        map.insert("turns".into(), json!(self.turns()));
        map.insert(
            "pips".into(),
            json!([self.pips(Player::P0), self.pips(Player::P1)]),
        );
        map
    }

    /// The board as OpenSpiel draws it: x's home at the bottom right, o's at the top right.
    fn drawing(&self) -> String {
        let mut out = String::from("\n  13 14 15 16 17 18   19 20 21 22 23 24\n");
        let cell = |point: usize| -> String {
            // x's point number n (1..24) is OpenSpiel's 24 - n.
            let abs = POINTS - point;
            match (
                self.checkers_at(Player::P0, abs),
                self.checkers_at(Player::P1, abs),
            ) {
                (0, 0) => "  .".into(),
                (n, 0) => format!("{:>3}", format!("x{n}")),
                (_, n) => format!("{:>3}", format!("o{n}")),
            }
        };
        let row = |points: &[usize]| -> String {
            let (left, right) = points.split_at(6);
            format!(
                " {} | {}\n",
                left.iter().map(|&p| cell(p)).collect::<String>(),
                right.iter().map(|&p| cell(p)).collect::<String>()
            )
        };
        out.push_str(&row(&[13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24]));
        out.push_str(&row(&[12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]));
        out.push_str("  12 11 10  9  8  7    6  5  4  3  2  1\n");
        out.push_str(&format!(
            "  bar x{} o{}   off x{} o{}   pips x{} o{}\n",
            self.bar(Player::P0),
            self.bar(Player::P1),
            self.borne_off(Player::P0),
            self.borne_off(Player::P1),
            self.pips(Player::P0),
            self.pips(Player::P1)
        ));
        if !self.is_terminal() {
            let who = side_letter(self.to_move());
            match (self.phase(), self.dice()) {
                (Phase::Opening, _) => out.push_str("  the opening roll decides who starts\n"),
                (Phase::Roll, _) => out.push_str(&format!("  the dice are rolling for {who}\n")),
                (_, Some((low, high))) => out.push_str(&format!(
                    "  {who} to play {high}-{low}{}\n",
                    if self.second_half() { " again" } else { "" }
                )),
                _ => {}
            }
        }
        out
    }

    fn move_format(&self) -> String {
        match self.phase() {
            Phase::Opening => "the starter and the dice, e.g. x3-1".into(),
            Phase::Roll => "the dice, e.g. 6-3 or 4-4".into(),
            Phase::Play => {
                "start/end for each checker joined by +, e.g. 24/18+13/11, 8/5*/3, 6/4(2), bar/22, 6/off or pass"
                    .into()
            }
        }
    }

    /// The points won: 1, or 2 for a gammon and 3 for a backgammon where they count.
    fn returns(&self) -> Vec<f64> {
        match self.outcome() {
            Some(Outcome::Win(winner)) => {
                let points = self.points_won() as f64;
                if winner == Player::P0 {
                    vec![points, -points]
                } else {
                    vec![-points, points]
                }
            }
            _ => vec![0.0, 0.0],
        }
    }

    fn end_reason(&self) -> Option<String> {
        match self.outcome()? {
            Outcome::Draw => Some(format!("a draw: {} turns were played", self.max_turns())),
            Outcome::Win(winner) => {
                let points = self.points_won();
                let how = match (self.scoring(), points) {
                    (Scoring::WinLoss, _) | (_, 1) => "",
                    (_, 2) => " (a gammon)",
                    _ => " (a backgammon)",
                };
                Some(format!(
                    "{} bore off all fifteen checkers{how}, {points} point{}",
                    side_letter(winner),
                    if points == 1 { "" } else { "s" }
                ))
            }
        }
    }
}

/// The solver reaches backgammon's races (bear-offs are acyclic); the whole game is far too
/// big.
impl ply_search::solver::Solvable for Backgammon {}
