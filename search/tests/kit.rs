//! The conformance kit and perft on toy games: a correct game passes, and each kind of broken
//! game is caught.

use ply_search::conformance::{check, Config};
use ply_search::perft::{divide, perft, Count};
use ply_search::{Game, MoveList, NotationError, Outcome, Player, SearchHints};

/// Subtraction Nim: take 1 to 3 stones; whoever takes the last stone wins.
/// `bug` switches on one deliberate defect.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Nim {
    stones: u32,
    ply: u32,
    bug: Bug,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Bug {
    None,
    DuplicateMove,
    MovesWhenOver,
    BadNotation,
    KeyDependsOnNothingStable,
    VisitsInAnotherOrder,
    IncrementalKeyForgetsTheMover,
    QuickLegalityRefusesTakingThree,
    PriorityWithoutSayingSo,
}

impl Nim {
    fn new(stones: u32, bug: Bug) -> Nim {
        Nim {
            stones,
            ply: 0,
            bug,
        }
    }
}

impl Game for Nim {
    type Move = u32;

    fn to_move(&self) -> Player {
        Player::from_index(self.ply as usize)
    }

    fn generate_moves(&self, moves: &mut MoveList<u32>) {
        if self.stones == 0 {
            if self.bug == Bug::MovesWhenOver {
                moves.push(0);
            }
            return;
        }
        moves.extend((1..=3).filter(|&n| n <= self.stones));
        if self.bug == Bug::DuplicateMove {
            moves.push(1);
        }
    }

    fn play(&self, take: u32) -> Nim {
        Nim {
            stones: self.stones - take,
            ply: self.ply + 1,
            bug: self.bug,
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.stones == 0).then(|| Outcome::Win(self.to_move().other()))
    }

    fn key(&self) -> u64 {
        if self.bug == Bug::KeyDependsOnNothingStable {
            // Address-dependent: clones get other keys.
            return self as *const Nim as u64;
        }
        (self.stones as u64) << 1 | (self.ply as u64 & 1)
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn format_move(&self, take: u32) -> String {
        if self.bug == Bug::BadNotation {
            format!("take {take}")
        } else {
            take.to_string()
        }
    }

    fn parse_move(&self, text: &str) -> Result<u32, NotationError> {
        let take: u32 = text
            .trim()
            .parse()
            .map_err(|_| NotationError::new("move", text, "1, 2 or 3"))?;
        if (1..=3).contains(&take) && take <= self.stones {
            Ok(take)
        } else {
            Err(NotationError::new(
                "move",
                text,
                "1, 2 or 3, at most the stones left",
            ))
        }
    }

    fn position(&self) -> String {
        format!("{} {}", self.stones, self.ply)
    }

    fn parse_position(&self, text: &str) -> Result<Nim, NotationError> {
        let bad = || NotationError::new("position", text, "STONES PLY");
        let mut parts = text.split_whitespace();
        let stones = parts.next().and_then(|s| s.parse().ok()).ok_or_else(bad)?;
        let ply = parts.next().and_then(|s| s.parse().ok()).ok_or_else(bad)?;
        if parts.next().is_some() {
            return Err(bad());
        }
        Ok(Nim {
            stones,
            ply,
            bug: self.bug,
        })
    }

    fn max_game_length(&self) -> Option<u32> {
        Some(self.stones)
    }
}

impl SearchHints for Nim {
    fn for_each_move(&self, mut visit: impl FnMut(u32)) {
        let mut moves = self.legal_moves();
        if self.bug == Bug::VisitsInAnotherOrder {
            moves.reverse();
        }
        for mv in moves {
            visit(mv);
        }
    }

    fn key_after(&self, key: u64, take: u32, child: &Nim) -> u64 {
        // The stones sit above the mover's bit: taking `take` lowers the key by `take << 1`.
        let stones_only = key - ((take as u64) << 1);
        if self.bug == Bug::IncrementalKeyForgetsTheMover {
            stones_only
        } else {
            debug_assert_eq!(child.stones, self.stones - take);
            stones_only ^ 1
        }
    }

    fn quick_legality(&self, take: u32) -> Option<bool> {
        if self.bug == Bug::QuickLegalityRefusesTakingThree && take == 3 {
            return Some(false);
        }
        Some((1..=3).contains(&take) && take <= self.stones)
    }

    /// A priority the game does not declare (`HAS_MOVE_PRIORITY` stays false).
    fn move_priority(&self, take: u32) -> u32 {
        u32::from(self.bug == Bug::PriorityWithoutSayingSo && take == self.stones)
    }
}

#[test]
fn a_correct_game_passes() {
    check(&Nim::new(21, Bug::None), &Config::default());
}

#[test]
#[should_panic(expected = "duplicate legal moves")]
fn duplicate_moves_are_caught() {
    check(&Nim::new(5, Bug::DuplicateMove), &Config::quick());
}

#[test]
#[should_panic(expected = "terminal state has 1 legal moves")]
fn moves_in_terminal_states_are_caught() {
    check(&Nim::new(5, Bug::MovesWhenOver), &Config::quick());
}

#[test]
#[should_panic(expected = "own move `take 1` rejected")]
fn notation_that_does_not_parse_back_is_caught() {
    check(&Nim::new(5, Bug::BadNotation), &Config::quick());
}

#[test]
#[should_panic(expected = "a clone differs or has another key")]
fn unstable_keys_are_caught() {
    check(
        &Nim::new(5, Bug::KeyDependsOnNothingStable),
        &Config::quick(),
    );
}

#[test]
#[should_panic(expected = "for_each_move() visits [3, 2, 1] but generate_moves() lists [1, 2, 3]")]
fn a_move_visitor_out_of_step_with_the_generator_is_caught() {
    check(&Nim::new(5, Bug::VisitsInAnotherOrder), &Config::quick());
}

#[test]
#[should_panic(expected = "after `1` key_after() gives 0x8 but the child's key is 0x9")]
fn an_incremental_key_out_of_step_with_the_key_is_caught() {
    check(
        &Nim::new(5, Bug::IncrementalKeyForgetsTheMover),
        &Config::quick(),
    );
}

#[test]
#[should_panic(expected = "quick_legality(3) = Some(false) for a legal move")]
fn a_quick_legality_that_refuses_a_legal_move_is_caught() {
    check(
        &Nim::new(5, Bug::QuickLegalityRefusesTakingThree),
        &Config::quick(),
    );
}

#[test]
#[should_panic(expected = "is not 0 but HAS_MOVE_PRIORITY is false")]
fn a_priority_the_game_does_not_declare_is_caught() {
    check(&Nim::new(5, Bug::PriorityWithoutSayingSo), &Config::quick());
}

/// Tribonacci-like counts, computed independently by brute force over compositions.
fn compositions(n: u32, parts: u32, exact: bool) -> u64 {
    // Number of sequences of `parts` takes in 1..=3 that never overshoot n; with `exact == false`
    // a sequence that reaches 0 early is counted as one leaf (convention "leaves").
    if n == 0 {
        return if exact && parts > 0 { 0 } else { 1 };
    }
    if parts == 0 {
        return 1;
    }
    (1..=3.min(n))
        .map(|t| compositions(n - t, parts - 1, exact))
        .sum()
}

#[test]
fn perft_matches_brute_force_in_both_conventions() {
    let start = Nim::new(9, Bug::None);
    for depth in 0..=9 {
        assert_eq!(
            perft(&start, depth, Count::Leaves),
            compositions(9, depth, false),
            "depth {depth}"
        );
        assert_eq!(
            perft(&start, depth, Count::Strict),
            compositions(9, depth, true),
            "depth {depth}"
        );
    }
}

#[test]
fn divide_sums_to_perft() {
    let start = Nim::new(9, Bug::None);
    let parts = divide(&start, 5, Count::Leaves);
    assert_eq!(parts.iter().map(|p| p.0).collect::<Vec<_>>(), vec![1, 2, 3]);
    assert_eq!(
        parts.iter().map(|p| p.1).sum::<u64>(),
        perft(&start, 5, Count::Leaves)
    );
}

#[test]
fn play_notation_checks_each_move() {
    let start = Nim::new(4, Bug::None);
    assert_eq!(
        start.play_notation(["3", "1"]).unwrap().outcome(),
        Some(Outcome::Win(Player::P1))
    );
    let err = start.play_notation(["3", "3"]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "bad move `3`: expected 1, 2 or 3, at most the stones left"
    );
    let err = start.play_notation(["2", "2", "1"]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "bad move `1`: expected no move: the game is already over"
    );
}
