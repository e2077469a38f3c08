//! The game state and its [`Game`] implementation.

use crate::cards::{Card, TARGETS};
use crate::square::{TEMPLE_P0, TEMPLE_P1};
use ply_search::{Game, Player};
use std::hash::{Hash, Hasher};

/// "No master": the master was captured.
pub(crate) const NO_MASTER: u8 = 25;
/// `from` and `to` of a pass.
const PASS: u8 = u8::MAX;

/// A move: a card from the mover's hand and a piece moved by one of its offsets, or a pass
/// that gives up the card (allowed, and forced, only when no card moves any piece).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The card used (or given up, for a pass).
    pub card: Card,
    /// The square moved from; 255 for a pass.
    pub from: u8,
    /// The square moved to; 255 for a pass.
    pub to: u8,
}

impl Move {
    /// A pass giving up `card`.
    pub fn pass(card: Card) -> Move {
        Move {
            card,
            from: PASS,
            to: PASS,
        }
    }

    /// Whether this is a pass.
    pub fn is_pass(self) -> bool {
        self.from == PASS
    }
}

/// An Onitama position: both sides' pieces as 25-bit sets, the masters' squares, the five
/// cards, the player to move and the ply count (for the draw limit).
///
/// ```
/// use ply_onitama::Onitama;
/// use ply_search::Game;
/// let start = Onitama::from_spec("onitama").unwrap(); // the seed's deal
/// assert_eq!(start.position(), "bbBbb...............wwWww frog,horse mantis,cobra dragon 0");
/// assert_eq!(start.legal_moves().len(), 9);
/// let after = start.play(start.parse_move("frog:B1-A2").unwrap());
/// assert_eq!(after.position(), "bbBbb..........w....w.Www dragon,horse mantis,cobra frog 1 1");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Onitama {
    pub(crate) pieces: [u32; 2],
    pub(crate) masters: [u8; 2],
    /// Each hand sorted by card id, so that equal positions are equal values.
    pub(crate) hands: [[Card; 2]; 2],
    pub(crate) side: Card,
    pub(crate) to_move: u8,
    pub(crate) ply: u32,
    pub(crate) max_plies: u32,
}

impl PartialEq for Onitama {
    fn eq(&self, other: &Onitama) -> bool {
        self.pieces == other.pieces
            && self.masters == other.masters
            && self.hands == other.hands
            && self.side == other.side
            && self.to_move == other.to_move
            && self.ply == other.ply
            && self.max_plies == other.max_plies
    }
}

impl Eq for Onitama {}

impl Hash for Onitama {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.pieces.hash(state);
        self.masters.hash(state);
        self.hands.hash(state);
        self.side.hash(state);
        self.to_move.hash(state);
        self.ply.hash(state);
    }
}

/// Zobrist keys, made at compile time from a fixed seed.
struct Zobrist {
    student: [[u64; 25]; 2],
    master: [[u64; 25]; 2],
    hand: [[u64; 32]; 2],
    side: [u64; 32],
    p1_to_move: u64,
}

const fn splitmix(state: u64) -> (u64, u64) {
    let next = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = next;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (next, z ^ (z >> 31))
}

const fn build_zobrist() -> Zobrist {
    let mut z = Zobrist {
        student: [[0; 25]; 2],
        master: [[0; 25]; 2],
        hand: [[0; 32]; 2],
        side: [0; 32],
        p1_to_move: 0,
    };
    let mut s = 0x0_71_7A_3A_u64;
    let mut p = 0;
    while p < 2 {
        let mut i = 0;
        while i < 25 {
            let (n, a) = splitmix(s);
            let (n, b) = splitmix(n);
            s = n;
            z.student[p][i] = a;
            z.master[p][i] = b;
            i += 1;
        }
        let mut c = 0;
        while c < 32 {
            let (n, a) = splitmix(s);
            s = n;
            z.hand[p][c] = a;
            c += 1;
        }
        p += 1;
    }
    let mut c = 0;
    while c < 32 {
        let (n, a) = splitmix(s);
        s = n;
        z.side[c] = a;
        c += 1;
    }
    let (_, last) = splitmix(s);
    z.p1_to_move = last;
    z
}

static ZOBRIST: Zobrist = build_zobrist();

/// Within this many plies of the draw limit, the key includes the ply count (a search can then
/// see the limit, so positions at different plies may differ in value).
const PLY_IN_KEY_WITHIN: u32 = 128;

impl Onitama {
    /// A position from its parts, with the hands in any order. Checks nothing: use
    /// [`Game::parse_position`] for user input.
    pub(crate) fn assemble(
        pieces: [u32; 2],
        masters: [u8; 2],
        hands: [[Card; 2]; 2],
        side: Card,
        to_move: Player,
        ply: u32,
        max_plies: u32,
    ) -> Onitama {
        Onitama {
            pieces,
            masters,
            hands: hands.map(|mut h| {
                h.sort();
                h
            }),
            side,
            to_move: to_move.index() as u8,
            ply,
            max_plies,
        }
    }

    /// The Zobrist key of everything but the ply count, computed from the fields (at most ten
    /// pieces and five cards). Searches update it move by move instead
    /// ([`SearchHints::key_after`](ply_search::SearchHints::key_after), [`Onitama::key_delta`]); perft and playouts never pay for it.
    pub fn key_from_scratch(&self) -> u64 {
        let z = &ZOBRIST;
        let mut key = 0;
        for p in 0..2 {
            let mut students = self.pieces[p];
            if self.masters[p] != NO_MASTER {
                students &= !(1u32 << self.masters[p]);
                key ^= z.master[p][self.masters[p] as usize % 25];
            }
            while students != 0 {
                key ^= z.student[p][students.trailing_zeros() as usize % 25];
                students &= students - 1;
            }
            for card in self.hands[p] {
                key ^= z.hand[p][card.0 as usize];
            }
        }
        key ^= z.side[self.side.0 as usize];
        if self.to_move == 1 {
            key ^= z.p1_to_move;
        }
        key
    }

    /// What `mv` changes in [`Onitama::key_from_scratch`]: the moved piece's old and new
    /// square, a captured piece, the two cards that change hands, the side card and the side
    /// to move. XORed into a key, it gives the key after the move.
    pub fn key_delta(&self, mv: Move) -> u64 {
        let z = &ZOBRIST;
        let p = self.to_move as usize;
        let o = p ^ 1;
        let mut delta = z.p1_to_move;
        if !mv.is_pass() {
            let (from, to) = (mv.from as usize % 25, mv.to as usize % 25);
            let moved = if self.masters[p] == mv.from {
                &z.master[p]
            } else {
                &z.student[p]
            };
            delta ^= moved[from] ^ moved[to];
            if self.pieces[o] & 1 << to != 0 {
                delta ^= if self.masters[o] == mv.to {
                    z.master[o][to]
                } else {
                    z.student[o][to]
                };
            }
        }
        // The used card leaves the hand for the side; the side card joins the hand.
        let (used, side) = (mv.card.0 as usize, self.side.0 as usize);
        delta ^ z.hand[p][used] ^ z.hand[p][side] ^ z.side[side] ^ z.side[used]
    }

    /// The part of [`Game::key`] that depends on the ply count: zero unless the draw limit is
    /// near (a search can then see it, so positions at different plies may differ in value).
    pub(crate) fn ply_key(&self) -> u64 {
        if self.max_plies > 0 && self.max_plies.saturating_sub(self.ply) <= PLY_IN_KEY_WITHIN {
            (self.ply as u64 + 1)
                .wrapping_mul(0xD6E8_FEB8_6659_FD93)
                .rotate_left(17)
        } else {
            0
        }
    }

    /// Each side's pieces (master included) as a 25-bit set of squares.
    pub fn pieces(&self, player: Player) -> u32 {
        self.pieces[player.side()]
    }

    /// A side's master square, `None` once captured.
    pub fn master(&self, player: Player) -> Option<u8> {
        let sq = self.masters[player.side()];
        (sq != NO_MASTER).then_some(sq)
    }

    /// A side's two cards (in card-id order).
    pub fn hand(&self, player: Player) -> [Card; 2] {
        self.hands[player.side()]
    }

    /// The side card.
    pub fn side_card(&self) -> Card {
        self.side
    }

    /// The draw limit in plies (0: none).
    pub fn max_plies(&self) -> u32 {
        self.max_plies
    }

    /// The squares `player`'s pieces could move to with `card` (own pieces excluded), per
    /// piece: the union over its pieces.
    pub fn reach(&self, player: Player, card: Card) -> u32 {
        let p = player.side();
        let own = self.pieces[p];
        let mut reach = 0;
        let mut bits = own;
        while bits != 0 {
            let sq = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            reach |= TARGETS[card.0 as usize][p][sq];
        }
        reach & !own
    }

    /// The number of piece moves `player` would have (passes not counted).
    #[inline]
    pub fn piece_moves(&self, player: Player) -> u32 {
        let p = player.side();
        let own = self.pieces[p];
        let [a, b] = self.hands[p];
        let (ta, tb) = (&TARGETS[a.0 as usize][p], &TARGETS[b.0 as usize][p]);
        let mut count = 0;
        let mut bits = own;
        while bits != 0 {
            let sq = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            count += (ta[sq] & !own).count_ones() + (tb[sq] & !own).count_ones();
        }
        count
    }

    #[inline]
    pub(crate) fn winner(&self) -> Option<Player> {
        let [m0, m1] = self.masters;
        if m1 == NO_MASTER || m0 == TEMPLE_P1 {
            Some(Player::P0)
        } else if m0 == NO_MASTER || m1 == TEMPLE_P0 {
            Some(Player::P1)
        } else {
            None
        }
    }

    /// The game ended by the draw limit (and by nothing else).
    #[inline]
    pub(crate) fn drawn(&self) -> bool {
        self.max_plies > 0 && self.ply >= self.max_plies
    }

    /// The position seen in a mirror: every square mirrored left-right and every card replaced
    /// by its mirror. It has the same game value.
    pub fn mirrored(&self) -> Onitama {
        let m = |sq: u8| {
            if sq == NO_MASTER {
                sq
            } else {
                crate::square::mirror(sq)
            }
        };
        Onitama::assemble(
            self.pieces.map(crate::square::mirror_set),
            self.masters.map(m),
            self.hands.map(|h| h.map(Card::mirror)),
            self.side.mirror(),
            self.to_move(),
            self.ply,
            self.max_plies,
        )
    }
}

/// Onitama is solved by plain search (endgames and short horizons; the draw limit bounds it).
impl ply_search::solver::Solvable for Onitama {}
