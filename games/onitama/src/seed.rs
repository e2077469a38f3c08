//! The seed notebook's encoding ("Bitboard für Onitama"): four 25-bit integers (`boardzahlen`:
//! students of player 0, master of player 0, students of player 1, master of player 1) with bit
//! `5 * col + (4 - row)`, i.e. column-major with bit 0 at A1, and the card list
//! `[p0, p0, p1, p1, side]` of the notebook's card numbers.
//!
//! ```
//! use ply_onitama::{seed, Onitama};
//! let start = Onitama::from_spec("onitama").unwrap();
//! assert_eq!(seed::boardzahlen(&start), (1081377, 1024, 17302032, 16384));
//! assert_eq!(seed::card_ids(&start), Some([2, 3, 14, 8, 10]));
//! let back = seed::from_seed((1081377, 1024, 17302032, 16384), [2, 3, 14, 8, 10], 0, 0, 200).unwrap();
//! assert_eq!(back, start);
//! ```

use crate::cards::Card;
use crate::state::NO_MASTER;
use crate::Onitama;
use ply_search::{NotationError, Player};

/// The notebook's bit for square `sq` (`row * 5 + col`): `5 * col + (4 - row)`.
fn seed_bit(sq: u8) -> u32 {
    let (row, col) = (sq / 5, sq % 5);
    1 << (5 * col + (4 - row))
}

fn from_seed_bits(bits: u32) -> u32 {
    (0..25u8)
        .filter(|&sq| bits & seed_bit(sq) != 0)
        .fold(0, |acc, sq| acc | 1 << sq)
}

/// The notebook's `boardzahlen` of a position: (students 0, master 0, students 1, master 1).
pub fn boardzahlen(state: &Onitama) -> (u32, u32, u32, u32) {
    let encode = |set: u32| {
        (0..25u8)
            .filter(|&sq| set >> sq & 1 == 1)
            .fold(0, |acc, sq| acc | seed_bit(sq))
    };
    let master = |p: usize| {
        if state.masters[p] == NO_MASTER {
            0
        } else {
            1u32 << state.masters[p]
        }
    };
    let students = |p: usize| state.pieces[p] & !master(p);
    (
        encode(students(0)),
        encode(master(0)),
        encode(students(1)),
        encode(master(1)),
    )
}

/// The notebook's card list `[p0, p0, p1, p1, side]`, if every card is a base card.
pub fn card_ids(state: &Onitama) -> Option<[u8; 5]> {
    let id = |c: Card| c.def().seed_id;
    Some([
        id(state.hands[0][0])?,
        id(state.hands[0][1])?,
        id(state.hands[1][0])?,
        id(state.hands[1][1])?,
        id(state.side)?,
    ])
}

/// A position from the notebook's state `[boardzahlen, cards, playerid, turn]`.
pub fn from_seed(
    boardzahlen: (u32, u32, u32, u32),
    cards: [u8; 5],
    player: u8,
    turn: u32,
    max_plies: u32,
) -> Result<Onitama, NotationError> {
    let (s0, m0, s1, m1) = boardzahlen;
    let bad =
        |why: &str| NotationError::new("seed state", format!("{boardzahlen:?} {cards:?}"), why);
    if [s0, m0, s1, m1].iter().any(|&b| b >> 25 != 0) || [m0, m1].iter().any(|m| m.count_ones() > 1)
    {
        return Err(bad(
            "four 25-bit integers, each master integer with at most one bit",
        ));
    }
    if (s0 | m0) & (s1 | m1) != 0 || s0 & m0 != 0 || s1 & m1 != 0 {
        return Err(bad("no square holding two pieces"));
    }
    let card = |id: u8| Card::from_seed_id(id).ok_or_else(|| bad("card numbers 0 to 15"));
    let master = |m: u32| {
        if m == 0 {
            NO_MASTER
        } else {
            from_seed_bits(m).trailing_zeros() as u8
        }
    };
    let text = crate::notation::format_position(&Onitama::assemble(
        [from_seed_bits(s0 | m0), from_seed_bits(s1 | m1)],
        [master(m0), master(m1)],
        [
            [card(cards[0])?, card(cards[1])?],
            [card(cards[2])?, card(cards[3])?],
        ],
        card(cards[4])?,
        if player == 0 { Player::P0 } else { Player::P1 },
        turn,
        max_plies,
    ));
    // Reading the position back checks it (overlaps, piece counts, distinct cards).
    crate::notation::parse_position(&text, max_plies)
}
