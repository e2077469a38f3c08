//! Connect Four test positions in the classes of Pascal Pons' benchmark (his blog, "Solving
//! Connect 4", part 2): how many stones are played (the beginning, middle or end of the game)
//! crossed with how many plies perfect play has left (easy, medium, hard). His own files are
//! not published with his solver, so comparable sets are made here from seeded random games,
//! each position classified by its strong solve.
//!
//! ```
//! use ply_bench::connect_four_classes::PositionClass;
//! let class: PositionClass = "begin-hard".parse().unwrap();
//! assert_eq!(class.stones_played(), 11..=14);
//! assert!(class.admits_remaining(30) && !class.admits_remaining(27));
//! ```

use ply_connect_four::ConnectFour;
use ply_search::score;
use ply_search::solver::{Solver, SolverOptions};
use ply_search::{Game, Rng, SearchHints};
use std::ops::{Range, RangeInclusive};
use std::str::FromStr;

/// One of Pons' six test classes, `late` (ply's earlier workload: 8 to 20 stones left,
/// whatever perfect play has left), or `start` (the empty board).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionClass {
    /// More than 28 stones played, fewer than 14 plies left.
    EndEasy,
    /// 15 to 28 stones played, fewer than 14 plies left.
    MiddleEasy,
    /// 15 to 28 stones played, 14 to 27 plies left.
    MiddleMedium,
    /// At most 14 stones played (here 11 to 14), fewer than 14 plies left.
    BeginEasy,
    /// At most 14 stones played (here 11 to 14), 14 to 27 plies left.
    BeginMedium,
    /// At most 14 stones played (here 11 to 14), 28 plies or more left.
    BeginHard,
    /// 22 to 34 stones played (8 to 20 cells empty), any number of plies left.
    Late,
    /// The empty board alone: the whole game.
    Start,
}

impl PositionClass {
    /// Every class, in the order of Pons' table (easiest first), then `late` and `start`.
    pub const ALL: [PositionClass; 8] = [
        PositionClass::EndEasy,
        PositionClass::MiddleEasy,
        PositionClass::MiddleMedium,
        PositionClass::BeginEasy,
        PositionClass::BeginMedium,
        PositionClass::BeginHard,
        PositionClass::Late,
        PositionClass::Start,
    ];

    /// The name written on the command line and in the positions files.
    pub fn name(self) -> &'static str {
        match self {
            PositionClass::EndEasy => "end-easy",
            PositionClass::MiddleEasy => "middle-easy",
            PositionClass::MiddleMedium => "middle-medium",
            PositionClass::BeginEasy => "begin-easy",
            PositionClass::BeginMedium => "begin-medium",
            PositionClass::BeginHard => "begin-hard",
            PositionClass::Late => "late",
            PositionClass::Start => "start",
        }
    }

    /// The stones a position of the class has on the board.
    pub fn stones_played(self) -> RangeInclusive<u32> {
        match self {
            PositionClass::EndEasy => 29..=41,
            PositionClass::MiddleEasy | PositionClass::MiddleMedium => 15..=28,
            // Pons' range is 0 to 14 stones; a position with fewer than 11 takes minutes to
            // classify by its strong solve, so these sets start at 11.
            PositionClass::BeginEasy | PositionClass::BeginMedium | PositionClass::BeginHard => {
                11..=14
            }
            PositionClass::Late => 22..=34,
            PositionClass::Start => 0..=0,
        }
    }

    /// How many positions a set of the class holds unless asked otherwise: 1,000 (as each
    /// of Pons' sets), but 100 where a position takes a good fraction of a second to solve,
    /// and the one empty board.
    pub fn default_count(self) -> usize {
        match self {
            PositionClass::BeginMedium | PositionClass::BeginHard => 100,
            PositionClass::Start => 1,
            _ => 1000,
        }
    }

    /// The plies perfect play has left in a position of the class.
    fn remaining(self) -> Range<u32> {
        match self {
            PositionClass::EndEasy | PositionClass::MiddleEasy | PositionClass::BeginEasy => 0..14,
            PositionClass::MiddleMedium | PositionClass::BeginMedium => 14..28,
            PositionClass::BeginHard => 28..43,
            PositionClass::Late | PositionClass::Start => 0..43,
        }
    }

    /// Whether a position whose perfect play lasts `plies` more plies belongs to the class.
    pub fn admits_remaining(self, plies: u32) -> bool {
        self.remaining().contains(&plies)
    }
}

impl FromStr for PositionClass {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        PositionClass::ALL
            .into_iter()
            .find(|class| class.name() == text)
            .ok_or_else(|| {
                let names: Vec<&str> = PositionClass::ALL.iter().map(|c| c.name()).collect();
                format!(
                    "unknown class `{text}`: expected one of {}",
                    names.join(", ")
                )
            })
    }
}

/// The plies left with perfect play in `state` whose exact value for the side to move is
/// `value`: to the win or the loss, or to the full board for a draw.
pub fn plies_left(state: &ConnectFour, value: score::Score) -> u32 {
    score::plies_to_result(value)
        .unwrap_or_else(|| state.max_game_length().expect("a board of fixed size"))
}

/// `count` distinct unfinished 7x6 positions of `class`, from seeded random games: each game
/// stops at a random number of stones in the class's range, and its position is kept when its
/// strong solve (by ply's solver, sharing `solver`'s table) leaves as many plies as the class
/// asks. Gives up after `count * 200` games and returns what it has.
pub fn positions_of_class(
    class: PositionClass,
    count: usize,
    seed: u64,
    solver: &mut Solver<ConnectFour>,
) -> Vec<ConnectFour> {
    let start = ConnectFour::standard();
    if class == PositionClass::Start {
        return vec![start];
    }
    let mut rng = Rng::new(seed);
    let stones = class.stones_played();
    let span = u64::from(stones.end() - stones.start() + 1);
    let mut out: Vec<ConnectFour> = Vec::with_capacity(count);
    for _ in 0..count.saturating_mul(200) {
        if out.len() == count {
            break;
        }
        let target = stones.start() + rng.below(span) as u32;
        let mut state = start;
        while state.ply() < target {
            match state.random_move(&mut rng) {
                Some(mv) => state = state.play(mv),
                None => break,
            }
        }
        if state.is_terminal() || state.ply() != target || out.contains(&state) {
            continue;
        }
        if class != PositionClass::Late {
            let value = solver
                .value(&state)
                .expect("the classifying solve has no limit");
            if !class.admits_remaining(plies_left(&state, value)) {
                continue;
            }
        }
        out.push(state);
    }
    out
}

/// The strong solver that classifies positions: exact distances, a table of `tt_mib` MiB.
pub fn classifier(tt_mib: usize) -> Solver<ConnectFour> {
    Solver::new(SolverOptions {
        distance: true,
        tt_bytes: tt_mib << 20,
        ..SolverOptions::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_positions_belong_to_their_class() {
        let mut solver = classifier(8);
        for class in [PositionClass::EndEasy, PositionClass::MiddleEasy] {
            let positions = positions_of_class(class, 20, 7, &mut solver);
            assert_eq!(positions.len(), 20, "{}", class.name());
            // Checked by a solver of its own, with no table shared with the classifier's.
            let mut check = Solver::new(SolverOptions {
                distance: true,
                tt_bytes: 0,
                ..SolverOptions::default()
            });
            for (i, state) in positions.iter().enumerate() {
                assert!(!state.is_terminal());
                assert!(class.stones_played().contains(&state.ply()));
                let value = check.value(state).expect("no limit");
                assert!(class.admits_remaining(plies_left(state, value)));
                assert!(!positions[..i].contains(state), "distinct positions");
            }
        }
        assert_eq!(
            positions_of_class(PositionClass::Start, 5, 1, &mut solver),
            [ConnectFour::standard()]
        );
    }

    #[test]
    fn class_names_round_trip_and_a_bad_one_names_the_choices() {
        for class in PositionClass::ALL {
            assert_eq!(class.name().parse::<PositionClass>(), Ok(class));
        }
        let err = "hard".parse::<PositionClass>().unwrap_err();
        assert!(
            err.contains("unknown class `hard`") && err.contains("begin-hard"),
            "{err}"
        );
    }
}
