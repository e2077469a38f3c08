//! The board's fixed facts: the points, the dice tables OpenSpiel numbers its rolls by, the
//! action encoding and the hashing keys.
//!
//! Each side's checkers are kept by **progress**: a checker on progress `i` has `24 - i` pips to
//! go, so both sides move up the same numbers, enter from the bar onto progress `die - 1` and
//! bear off past 23; progress 18 to 23 is the home board. OpenSpiel numbers points absolutely
//! (x moves up from 0, o down from 23): x's progress is the absolute point, o's is `23 -` it.

use ply_search::Player;

/// Points on the board.
pub const POINTS: usize = 24;

/// Checkers a side has.
pub const CHECKERS: u8 = 15;

/// The first point of the home board, as progress.
pub(crate) const HOME: usize = 18;

/// OpenSpiel's action digit for a checker on the bar.
pub(crate) const BAR_DIGIT: u8 = 24;

/// OpenSpiel's action digit for a die not used.
pub(crate) const PASS_DIGIT: u8 = 25;

/// OpenSpiel's number of distinct actions: two digits in base 26, and whether the high die
/// moves first.
pub const NUM_ACTIONS: usize = 1352;

/// Action numbers from here on play the low die first.
pub(crate) const LOW_FIRST: u16 = 676;

/// The action of a turn where neither die can be used.
pub const PASS_ACTION: u16 = (PASS_DIGIT as u16) * 26 + PASS_DIGIT as u16 + LOW_FIRST;

/// OpenSpiel's 36 chance outcomes, in its order: the 30 ordered non-doubles, then the doubles.
#[rustfmt::skip]
pub(crate) const OUTCOMES: [[u8; 2]; 36] = [
    [1, 2], [2, 1], [1, 3], [3, 1], [1, 4], [4, 1],
    [1, 5], [5, 1], [1, 6], [6, 1], [2, 3], [3, 2],
    [2, 4], [4, 2], [2, 5], [5, 2], [2, 6], [6, 2],
    [3, 4], [4, 3], [3, 5], [5, 3], [3, 6], [6, 3],
    [4, 5], [5, 4], [4, 6], [6, 4], [5, 6], [6, 5],
    [1, 1], [2, 2], [3, 3], [4, 4], [5, 5], [6, 6],
];

/// The opening roll's outcomes: OpenSpiel's first 30, the even ones giving x the first turn.
pub(crate) const OPENINGS: usize = 30;

/// The 21 distinct rolls as `(low, high)`, in the order of their first OpenSpiel outcome.
pub(crate) const ROLLS: [(u8, u8); 21] = rolls();

/// A roll's weight out of 36: 2 for the 15 non-doubles (two orders of the dice), 1 for a
/// double.
pub(crate) const fn roll_weight(low: u8, high: u8) -> u32 {
    if low == high {
        1
    } else {
        2
    }
}

const fn rolls() -> [(u8, u8); 21] {
    let mut out = [(0, 0); 21];
    let mut n = 0;
    let mut i = 0;
    while i < 36 {
        let [a, b] = OUTCOMES[i];
        let (low, high) = if a <= b { (a, b) } else { (b, a) };
        let mut seen = false;
        let mut j = 0;
        while j < n {
            if out[j].0 == low && out[j].1 == high {
                seen = true;
            }
            j += 1;
        }
        if !seen {
            out[n] = (low, high);
            n += 1;
        }
        i += 1;
    }
    out
}

/// The first of OpenSpiel's outcome numbers that rolls `low` and `high`.
pub(crate) fn outcome_of_roll(low: u8, high: u8) -> usize {
    OUTCOMES
        .iter()
        .position(|&[a, b]| a.min(b) == low && a.max(b) == high)
        .expect("a roll of two dice")
}

/// The roll that OpenSpiel's outcome number `outcome` (below 36) makes, as `(low, high)`.
pub(crate) fn roll_of_outcome(outcome: usize) -> (u8, u8) {
    let [a, b] = OUTCOMES[outcome];
    (a.min(b), a.max(b))
}

/// Who starts after OpenSpiel's opening outcome number `outcome`: x on even numbers.
pub(crate) fn opening_starter(outcome: u8) -> Player {
    if outcome.is_multiple_of(2) {
        Player::P0
    } else {
        Player::P1
    }
}

/// The absolute (OpenSpiel) point of `player`'s progress `progress`.
#[inline]
pub(crate) const fn absolute(player: Player, progress: usize) -> usize {
    match player {
        Player::P0 => progress,
        _ => POINTS - 1 - progress,
    }
}

/// Random keys for hashing: one for each side, point and count of checkers there, one for each
/// count on the bar and borne off, and one for each die face and turn flag.
pub(crate) static POINT_KEYS: [[[u64; 16]; POINTS]; 2] = point_keys();
pub(crate) static BAR_KEYS: [[u64; 16]; 2] = small_keys(0x0BA2);
pub(crate) static OFF_KEYS: [[u64; 16]; 2] = small_keys(0x0FF0);

const fn mix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn point_keys() -> [[[u64; 16]; POINTS]; 2] {
    let mut keys = [[[0; 16]; POINTS]; 2];
    let mut state: u64 = 0xBAC6_A440_0D1C_E5ED;
    let mut side = 0;
    while side < 2 {
        let mut point = 0;
        while point < POINTS {
            // No checkers hash as nothing, so an empty board's key is 0.
            let mut count = 1;
            while count < 16 {
                keys[side][point][count] = mix(&mut state);
                count += 1;
            }
            point += 1;
        }
        side += 1;
    }
    keys
}

const fn small_keys(seed: u64) -> [[u64; 16]; 2] {
    let mut keys = [[0; 16]; 2];
    let mut state = seed;
    let mut side = 0;
    while side < 2 {
        let mut count = 1;
        while count < 16 {
            keys[side][count] = mix(&mut state);
            count += 1;
        }
        side += 1;
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rolls_are_the_21_distinct_pairs_weighted_to_36() {
        let total: u32 = ROLLS.iter().map(|&(l, h)| roll_weight(l, h)).sum();
        assert_eq!(total, 36);
        for &(low, high) in &ROLLS {
            assert!(low <= high);
            let orders = OUTCOMES
                .iter()
                .filter(|&&[a, b]| a.min(b) == low && a.max(b) == high)
                .count() as u32;
            assert_eq!(orders, roll_weight(low, high));
            assert_eq!(roll_of_outcome(outcome_of_roll(low, high)), (low, high));
        }
        assert_eq!(PASS_ACTION, 1351);
    }
}
