//! Game specs: `onitama`, `onitama(deal=random,seed=7)`, `onitama(cards=[ox,boar,horse,elephant,crab])`,
//! `onitama(expansion=senseis-path)`, `onitama(max-plies=0)`.

use crate::cards::Card;
use crate::Onitama;
use ply_search::describe::{AblateLine, BenchLine, FromSpec, Preset, Showcase, SpecKey};
use ply_search::spec::split_top_level;
use ply_search::{NotationError, Player, Rng, Spec};

/// The seed notebook's deal: Frog, Horse / Mantis, Cobra / Dragon.
pub const SEED_DEAL: [&str; 5] = ["frog", "horse", "mantis", "cobra", "dragon"];

/// The seed's draw rule: a draw after 200 plies.
pub const DEFAULT_MAX_PLIES: u32 = 200;

impl Onitama {
    /// The standard start with five cards dealt `[p0, p0, p1, p1, side]`; the side card's
    /// stamp decides who starts (red: player 0).
    pub fn start(cards: [Card; 5], max_plies: u32) -> Onitama {
        let to_move = cards[4].def().stamp;
        let text = format!(
            "bbBbb...............wwWww {},{} {},{} {} {}",
            cards[0].slug(),
            cards[1].slug(),
            cards[2].slug(),
            cards[3].slug(),
            cards[4].slug(),
            to_move.index()
        );
        crate::notation::parse_position(&text, max_plies)
            .unwrap_or_else(|e| panic!("start position: {e}"))
    }

    /// The start of the game named by a spec:
    ///
    /// - `onitama`: the seed's deal (Frog, Horse / Mantis, Cobra / Dragon), player 0 starts;
    /// - `cards=[a,b,c,d,e]`: this deal, `[p0, p0, p1, p1, side]`;
    /// - `deal=random` with `seed=N`: five cards dealt at random from the pool;
    /// - `expansion=senseis-path`: the pool is all 32 cards (a random deal unless `cards=`);
    /// - `max-plies=N`: the draw limit (default 200, the seed's; 0 = none).
    ///
    /// ```
    /// use ply_onitama::Onitama;
    /// use ply_search::{Game, Player};
    /// let g = Onitama::from_spec("onitama(cards=[ox,boar,horse,elephant,crab])").unwrap();
    /// assert_eq!(g.to_move(), Player::P1); // Crab's stamp is blue
    /// let a = Onitama::from_spec("onitama(deal=random,seed=7)").unwrap();
    /// assert_eq!(a, Onitama::from_spec("onitama(deal=random,seed=7)").unwrap());
    /// assert!(Onitama::from_spec("onitama(cards=[ox,ox,horse,elephant,crab])").is_err());
    /// ```
    pub fn from_spec(text: &str) -> Result<Onitama, NotationError> {
        Onitama::from_spec_text(text)
    }
}

fn parse_deal(list: &str) -> Result<[Card; 5], NotationError> {
    let form = "cards=[p0,p0,p1,p1,side]: five different card names, e.g. cards=[ox,boar,horse,elephant,crab]";
    let bad = || NotationError::new("onitama value", format!("cards={list}"), form);
    let inner = list.trim().trim_start_matches('[').trim_end_matches(']');
    let names = split_top_level(inner).ok_or_else(bad)?;
    let cards: Vec<Card> = names
        .iter()
        .map(|n| Card::from_name(n).ok_or_else(bad))
        .collect::<Result<_, _>>()?;
    let mut distinct = cards.clone();
    distinct.sort();
    distinct.dedup();
    if cards.len() != 5 || distinct.len() != 5 {
        return Err(bad());
    }
    Ok([cards[0], cards[1], cards[2], cards[3], cards[4]])
}

/// Five different cards drawn uniformly from the base cards (or all 32 with the expansion).
pub fn random_deal(seed: u64, expansion: bool) -> [Card; 5] {
    let mut pool: Vec<Card> = (0..if expansion { 32 } else { 16 }).map(Card).collect();
    let mut rng = Rng::new(seed);
    let mut deal = [Card(0); 5];
    for slot in &mut deal {
        let i = rng.below(pool.len() as u64) as usize;
        *slot = pool.swap_remove(i);
    }
    deal
}

/// The player who starts with this side card.
pub fn starting_player(side: Card) -> Player {
    side.def().stamp
}

impl FromSpec for Onitama {
    const NAME: &'static str = "onitama";
    const ABOUT: &'static str =
        "Onitama on a 5x5 board: the 16 base cards and Sensei's Path, any deal";
    const RULES: &'static str = "Each player has a master (M) and four students. A turn plays one of your two cards: move a piece as the card shows (drawn beside the board as its holder sees it); that card then becomes the side card, which your opponent takes after their next move, and you take the old side card. Win by capturing the other master, or by moving your master onto the other master's starting cell (its temple).";
    const KEYS: &'static [SpecKey] = &[
        SpecKey {
            key: "cards",
            default: "the seed's deal: frog,horse mantis,cobra dragon",
            accepted: "[a,b,c,d,e]: five distinct card names, dealt [p0, p0, p1, p1, side]",
        },
        SpecKey {
            key: "deal",
            default: "seed (random with expansion=senseis-path)",
            accepted: "seed or random",
        },
        SpecKey {
            key: "seed",
            default: "0",
            accepted: "a whole number: the random deal's seed",
        },
        SpecKey {
            key: "expansion",
            default: "none",
            accepted: "none (the 16 base cards) or senseis-path (all 32)",
        },
        SpecKey {
            key: "max-plies",
            default: "200",
            accepted: "a whole number: a draw after this many plies (0 = none)",
        },
    ];
    const EXAMPLE: &'static str = "onitama(deal=random,seed=7)";
    const SHOWCASE: Showcase = Showcase {
        presets: &[
            Preset {
                label: "Onitama (the seed's deal)",
                spec: "onitama",
            },
            Preset {
                label: "Onitama, a random deal",
                spec: "onitama(deal=random,seed=7)",
            },
            Preset {
                label: "Onitama, Sensei's Path cards",
                spec: "onitama(deal=random,seed=3,expansion=senseis-path)",
            },
        ],
        bench: &[BenchLine {
            game: "onitama",
            agent: "alphabeta(depth=8)",
            positions: 4,
            plies: 4,
        }],
        ablate: Some(AblateLine {
            game: "onitama",
            depth: 8,
            plies: 4,
        }),
        tournament: Some("onitama"),
    };

    fn from_parsed_spec(mut spec: Spec) -> Result<Onitama, NotationError> {
        if spec.name != "onitama" {
            return Err(NotationError::new("game", &spec.name, "onitama")
                .with_kind(ply_search::ErrorKind::UnknownName));
        }
        let expansion = spec.take_choice("expansion", &["none", "senseis-path"], 0)? == 1;
        let random =
            spec.take_choice("deal", &["seed", "random"], if expansion { 1 } else { 0 })? == 1;
        let seed = spec.take_parsed("seed", 0u64, "seed= a whole number")?;
        let max_plies = spec.take_parsed(
            "max-plies",
            DEFAULT_MAX_PLIES,
            "max-plies= a whole number (0 = no limit)",
        )?;
        let cards = spec.take("cards");
        spec.finish_keys(Self::KEYS)?;
        let deal: [Card; 5] = match cards {
            Some(list) => parse_deal(&list)?,
            None if random => random_deal(seed, expansion),
            None => SEED_DEAL.map(|n| Card::from_name(n).expect("seed deal cards exist")),
        };
        Ok(Onitama::start(deal, max_plies))
    }
}
