//! Named evaluators for Onitama, each from the evaluated player's view.

use crate::cards::TARGETS;
use crate::square::{TEMPLE_P0, TEMPLE_P1};
use crate::state::NO_MASTER;
use crate::Onitama;
use ply_search::{Evaluator, NotationError, Player, Score};

/// An Onitama heuristic.
///
/// ```
/// use ply_onitama::{Heuristic, Onitama};
/// use ply_search::{Evaluator, Player};
/// let start = Onitama::from_spec("onitama").unwrap();
/// assert_eq!(Heuristic::Material.evaluate(&start, Player::P0), 0);
/// assert_eq!(Heuristic::from_name("safety").unwrap(), Heuristic::Safety);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Heuristic {
    /// Students: 100 per student more than the opponent.
    Material,
    /// Piece moves (both cards) minus the opponent's.
    Mobility,
    /// Master safety and advancement: -50 per enemy piece that can take the master with the
    /// enemy's cards next turn, +50 per own piece that can take the enemy master, and 10 per row
    /// the master has advanced towards the enemy temple, minus the same for the opponent.
    Safety,
    /// Piece-square: students score the centre and advancement, the master its advancement.
    PieceSquare,
    /// The default: material + 4 x mobility + safety + piece-square.
    Balanced,
}

impl Heuristic {
    /// The names used in agent specs, in the order of [`Heuristic::ALL`].
    pub const NAMES: [&'static str; 5] = ["material", "mobility", "safety", "pst", "balanced"];
    /// Every heuristic.
    pub const ALL: [Heuristic; 5] = [
        Heuristic::Material,
        Heuristic::Mobility,
        Heuristic::Safety,
        Heuristic::PieceSquare,
        Heuristic::Balanced,
    ];

    /// The heuristic called `name`.
    pub fn from_name(name: &str) -> Result<Heuristic, NotationError> {
        ply_search::eval::by_name(name, &Heuristic::NAMES, &Heuristic::ALL)
    }
}

/// Pieces of `attacker` that could move onto `square` with one of `attacker`'s cards.
fn attackers(state: &Onitama, attacker: Player, square: u8) -> u32 {
    let a = attacker.side();
    let mut count = 0;
    for card in state.hand(attacker) {
        let mut bits = state.pieces[a];
        while bits != 0 {
            let sq = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            count += TARGETS[card.0 as usize][a][sq] >> square & 1;
        }
    }
    count
}

/// Rows the master has advanced from its home row (0 to 4).
fn master_advance(state: &Onitama, p: Player) -> i32 {
    match state.masters[p.side()] {
        NO_MASTER => 0,
        sq => {
            let row = (sq / 5) as i32;
            if p == Player::P0 {
                4 - row
            } else {
                row
            }
        }
    }
}

fn safety_for(state: &Onitama, p: Player) -> i32 {
    let o = p.other();
    let mut score = 10 * master_advance(state, p);
    if let Some(m) = state.master(p) {
        score -= 50 * attackers(state, o, m) as i32;
    }
    if let Some(m) = state.master(o) {
        score += 50 * attackers(state, p, m) as i32;
    }
    score
}

/// Student values by square from player 0's side: centre files and advanced rows score more.
const STUDENT_PST: [i32; 25] = [
    8, 10, 12, 10, 8, //
    6, 9, 11, 9, 6, //
    4, 7, 10, 7, 4, //
    2, 4, 6, 4, 2, //
    0, 1, 2, 1, 0,
];

fn pst_for(state: &Onitama, p: Player) -> i32 {
    let i = p.side();
    let mut score = 0;
    let mut bits = state.pieces[i];
    while bits != 0 {
        let sq = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        if sq == state.masters[i] {
            continue;
        }
        let view = if p == Player::P0 { sq } else { 24 - sq };
        score += STUDENT_PST[view as usize];
    }
    // The master near the enemy temple (distance in king steps).
    if let Some(m) = state.master(p) {
        let temple = if p == Player::P0 {
            TEMPLE_P1
        } else {
            TEMPLE_P0
        };
        let (r, c) = ((m / 5) as i32, (m % 5) as i32);
        let (tr, tc) = ((temple / 5) as i32, (temple % 5) as i32);
        score += 12 - 3 * (r - tr).abs().max((c - tc).abs());
    }
    score
}

fn students(state: &Onitama, p: Player) -> i32 {
    let i = p.side();
    state.pieces[i].count_ones() as i32 - (state.masters[i] != NO_MASTER) as i32
}

impl Evaluator<Onitama> for Heuristic {
    fn evaluate(&self, state: &Onitama, player: Player) -> Score {
        let o = player.other();
        let material = || 100 * (students(state, player) - students(state, o));
        let mobility = || state.piece_moves(player) as i32 - state.piece_moves(o) as i32;
        let safety = || safety_for(state, player) - safety_for(state, o);
        let pst = || pst_for(state, player) - pst_for(state, o);
        match self {
            Heuristic::Material => material(),
            Heuristic::Mobility => mobility(),
            Heuristic::Safety => safety(),
            Heuristic::PieceSquare => pst(),
            Heuristic::Balanced => material() + 4 * mobility() + safety() + pst(),
        }
    }

    fn name(&self) -> &str {
        Heuristic::NAMES[Heuristic::ALL.iter().position(|h| h == self).unwrap_or(0)]
    }
}
