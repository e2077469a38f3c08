//! The 32 cards: the 16 of the base game and the 16 of the Sensei's Path expansion.
//!
//! Offsets are `(dx, dy)` from the mover's side of the table: `dx > 0` is the mover's right,
//! `dy > 0` is forward. Data from the project's reference set (`cards.json`: base cards agree
//! across three or more sources and the published perft numbers; Sensei's Path offsets from two
//! sources, stamps from one). `stamp` is the colour that starts when the card is the side card
//! (red = player 0); `mirror` is the card with every `dx` negated; `seed_id` is the card's number
//! in the seed notebook (base cards only).

use ply_search::Player;

/// One card's definition.
#[derive(Clone, Copy, Debug)]
pub struct CardDef {
    /// The card's name as printed.
    pub name: &'static str,
    /// The player who starts when this is the side card (red: player 0, blue: player 1).
    pub stamp: Player,
    /// The index of the mirrored card.
    pub mirror: u8,
    /// The card's number in the seed notebook, for base cards.
    pub seed_id: Option<u8>,
    /// Whether the card belongs to the Sensei's Path expansion.
    pub senseis_path: bool,
    /// The moves, `(dx, dy)` from the mover's point of view.
    pub offsets: &'static [(i8, i8)],
}

/// Every card; the index is the card's id in ply (base cards 0 to 15, Sensei's Path 16 to 31).
pub const CARDS: [CardDef; 32] = [
    CardDef {
        name: "Tiger",
        stamp: Player::P1,
        mirror: 0,
        seed_id: Some(15),
        senseis_path: false,
        offsets: &[(0, 2), (0, -1)],
    },
    CardDef {
        name: "Dragon",
        stamp: Player::P0,
        mirror: 1,
        seed_id: Some(10),
        senseis_path: false,
        offsets: &[(-2, 1), (2, 1), (-1, -1), (1, -1)],
    },
    CardDef {
        name: "Frog",
        stamp: Player::P0,
        mirror: 3,
        seed_id: Some(2),
        senseis_path: false,
        offsets: &[(-2, 0), (-1, 1), (1, -1)],
    },
    CardDef {
        name: "Rabbit",
        stamp: Player::P1,
        mirror: 2,
        seed_id: Some(9),
        senseis_path: false,
        offsets: &[(2, 0), (1, 1), (-1, -1)],
    },
    CardDef {
        name: "Crab",
        stamp: Player::P1,
        mirror: 4,
        seed_id: Some(6),
        senseis_path: false,
        offsets: &[(-2, 0), (2, 0), (0, 1)],
    },
    CardDef {
        name: "Elephant",
        stamp: Player::P0,
        mirror: 5,
        seed_id: Some(13),
        senseis_path: false,
        offsets: &[(-1, 1), (1, 1), (-1, 0), (1, 0)],
    },
    CardDef {
        name: "Goose",
        stamp: Player::P1,
        mirror: 7,
        seed_id: Some(12),
        senseis_path: false,
        offsets: &[(-1, 1), (-1, 0), (1, 0), (1, -1)],
    },
    CardDef {
        name: "Rooster",
        stamp: Player::P0,
        mirror: 6,
        seed_id: Some(5),
        senseis_path: false,
        offsets: &[(1, 1), (-1, 0), (1, 0), (-1, -1)],
    },
    CardDef {
        name: "Monkey",
        stamp: Player::P1,
        mirror: 8,
        seed_id: Some(11),
        senseis_path: false,
        offsets: &[(-1, 1), (1, 1), (-1, -1), (1, -1)],
    },
    CardDef {
        name: "Mantis",
        stamp: Player::P0,
        mirror: 9,
        seed_id: Some(14),
        senseis_path: false,
        offsets: &[(-1, 1), (1, 1), (0, -1)],
    },
    CardDef {
        name: "Horse",
        stamp: Player::P0,
        mirror: 11,
        seed_id: Some(3),
        senseis_path: false,
        offsets: &[(0, 1), (-1, 0), (0, -1)],
    },
    CardDef {
        name: "Ox",
        stamp: Player::P1,
        mirror: 10,
        seed_id: Some(7),
        senseis_path: false,
        offsets: &[(0, 1), (1, 0), (0, -1)],
    },
    CardDef {
        name: "Crane",
        stamp: Player::P1,
        mirror: 12,
        seed_id: Some(1),
        senseis_path: false,
        offsets: &[(0, 1), (-1, -1), (1, -1)],
    },
    CardDef {
        name: "Boar",
        stamp: Player::P0,
        mirror: 13,
        seed_id: Some(4),
        senseis_path: false,
        offsets: &[(0, 1), (-1, 0), (1, 0)],
    },
    CardDef {
        name: "Eel",
        stamp: Player::P1,
        mirror: 15,
        seed_id: Some(0),
        senseis_path: false,
        offsets: &[(-1, 1), (-1, -1), (1, 0)],
    },
    CardDef {
        name: "Cobra",
        stamp: Player::P0,
        mirror: 14,
        seed_id: Some(8),
        senseis_path: false,
        offsets: &[(1, 1), (-1, 0), (1, -1)],
    },
    CardDef {
        name: "Fox",
        stamp: Player::P0,
        mirror: 17,
        seed_id: None,
        senseis_path: true,
        offsets: &[(1, 1), (1, 0), (1, -1)],
    },
    CardDef {
        name: "Dog",
        stamp: Player::P1,
        mirror: 16,
        seed_id: None,
        senseis_path: true,
        offsets: &[(-1, 1), (-1, 0), (-1, -1)],
    },
    CardDef {
        name: "Giraffe",
        stamp: Player::P1,
        mirror: 18,
        seed_id: None,
        senseis_path: true,
        offsets: &[(-2, 1), (2, 1), (0, -1)],
    },
    CardDef {
        name: "Panda",
        stamp: Player::P0,
        mirror: 20,
        seed_id: None,
        senseis_path: true,
        offsets: &[(0, 1), (1, 1), (-1, -1)],
    },
    CardDef {
        name: "Bear",
        stamp: Player::P1,
        mirror: 19,
        seed_id: None,
        senseis_path: true,
        offsets: &[(0, 1), (-1, 1), (1, -1)],
    },
    CardDef {
        name: "Kirin",
        stamp: Player::P0,
        mirror: 21,
        seed_id: None,
        senseis_path: true,
        offsets: &[(-1, 2), (1, 2), (0, -2)],
    },
    CardDef {
        name: "Sea Snake",
        stamp: Player::P1,
        mirror: 23,
        seed_id: None,
        senseis_path: true,
        offsets: &[(0, 1), (2, 0), (-1, -1)],
    },
    CardDef {
        name: "Viper",
        stamp: Player::P0,
        mirror: 22,
        seed_id: None,
        senseis_path: true,
        offsets: &[(0, 1), (-2, 0), (1, -1)],
    },
    CardDef {
        name: "Phoenix",
        stamp: Player::P1,
        mirror: 24,
        seed_id: None,
        senseis_path: true,
        offsets: &[(-2, 0), (-1, 1), (1, 1), (2, 0)],
    },
    CardDef {
        name: "Mouse",
        stamp: Player::P1,
        mirror: 26,
        seed_id: None,
        senseis_path: true,
        offsets: &[(0, 1), (1, 0), (-1, -1)],
    },
    CardDef {
        name: "Rat",
        stamp: Player::P0,
        mirror: 25,
        seed_id: None,
        senseis_path: true,
        offsets: &[(0, 1), (-1, 0), (1, -1)],
    },
    CardDef {
        name: "Turtle",
        stamp: Player::P0,
        mirror: 27,
        seed_id: None,
        senseis_path: true,
        offsets: &[(-2, 0), (-1, -1), (1, -1), (2, 0)],
    },
    CardDef {
        name: "Tanuki",
        stamp: Player::P1,
        mirror: 29,
        seed_id: None,
        senseis_path: true,
        offsets: &[(0, 1), (2, 1), (-1, -1)],
    },
    CardDef {
        name: "Iguana",
        stamp: Player::P0,
        mirror: 28,
        seed_id: None,
        senseis_path: true,
        offsets: &[(0, 1), (-2, 1), (1, -1)],
    },
    CardDef {
        name: "Sable",
        stamp: Player::P1,
        mirror: 31,
        seed_id: None,
        senseis_path: true,
        offsets: &[(-2, 0), (1, 1), (-1, -1)],
    },
    CardDef {
        name: "Otter",
        stamp: Player::P0,
        mirror: 30,
        seed_id: None,
        senseis_path: true,
        offsets: &[(2, 0), (-1, 1), (1, -1)],
    },
];

/// A card, by its id in [`CARDS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(pub u8);

impl Card {
    /// The card's definition.
    pub fn def(self) -> &'static CardDef {
        &CARDS[self.0 as usize & 31]
    }

    /// The name in notation: lower case, blanks as hyphens (`frog`, `sea-snake`).
    pub fn slug(self) -> String {
        self.def().name.to_ascii_lowercase().replace(' ', "-")
    }

    /// The card called `name` (case and `-`, `_` or blanks between words do not matter).
    ///
    /// ```
    /// use ply_onitama::Card;
    /// assert_eq!(Card::from_name("Sea Snake").unwrap().slug(), "sea-snake");
    /// assert_eq!(Card::from_name("FROG").unwrap().def().name, "Frog");
    /// assert!(Card::from_name("joker").is_none());
    /// ```
    pub fn from_name(name: &str) -> Option<Card> {
        let key = |s: &str| {
            s.chars()
                .filter(|c| c.is_ascii_alphanumeric())
                .collect::<String>()
                .to_ascii_lowercase()
        };
        let wanted = key(name);
        (0..32u8).map(Card).find(|c| key(c.def().name) == wanted)
    }

    /// The card whose moves are this card's mirrored left-right.
    pub fn mirror(self) -> Card {
        Card(self.def().mirror)
    }

    /// The base card with the seed notebook's number `id`.
    pub fn from_seed_id(id: u8) -> Option<Card> {
        (0..16u8).map(Card).find(|c| c.def().seed_id == Some(id))
    }
}

/// `TARGETS[card][player][square]`: the squares the card lets a piece on `square` reach (own
/// pieces not yet removed). Squares are `row * 5 + col`, row 0 the top (rank 5); player 0 plays
/// up the board, player 1 sees every card turned round.
pub static TARGETS: [[[u32; 25]; 2]; 32] = build_targets();

const fn build_targets() -> [[[u32; 25]; 2]; 32] {
    let mut table = [[[0u32; 25]; 2]; 32];
    let mut card = 0;
    while card < 32 {
        let offsets = CARDS[card].offsets;
        let mut player = 0;
        while player < 2 {
            let mut sq = 0;
            while sq < 25 {
                let (row, col) = ((sq / 5) as i32, (sq % 5) as i32);
                let mut mask = 0u32;
                let mut i = 0;
                while i < offsets.len() {
                    let (dx, dy) = (offsets[i].0 as i32, offsets[i].1 as i32);
                    let (r, c) = if player == 0 {
                        (row - dy, col + dx)
                    } else {
                        (row + dy, col - dx)
                    };
                    if r >= 0 && r < 5 && c >= 0 && c < 5 {
                        mask |= 1 << (r * 5 + c);
                    }
                    i += 1;
                }
                table[card][player][sq] = mask;
                sq += 1;
            }
            player += 1;
        }
        card += 1;
    }
    table
}
