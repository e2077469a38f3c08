use ply_search::{Game, MoveList, NotationError, Outcome, Player};

/// Nim: heaps of stones; a move takes one or more stones from one heap, and whoever takes the
/// last stone wins (in misère play, loses). Up to 8 heaps of up to 15 stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Nim {
    heaps: [u8; 8],
    count: u8,
    ply: u32,
    misere: bool,
}

/// A move: `take` stones from heap `heap` (heaps numbered from 1 in the notation `heap:take`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Take {
    /// The heap, from 0.
    pub heap: u8,
    /// How many stones, at least 1.
    pub take: u8,
}

const FORM: &str = "heap sizes from 0 to 15 separated by commas, at most 8, e.g. `3,4,5`";

impl Nim {
    /// The start with these heaps, or `None` beyond 8 heaps or 15 stones in a heap.
    pub fn new(heaps: &[u8]) -> Option<Nim> {
        if heaps.len() > 8 || heaps.iter().any(|&h| h > 15) {
            return None;
        }
        let mut state = Nim {
            heaps: [0; 8],
            count: heaps.len() as u8,
            ply: 0,
            misere: false,
        };
        state.heaps[..heaps.len()].copy_from_slice(heaps);
        Some(state)
    }
    /// The same game in misère play: whoever takes the last stone loses.
    pub fn misere(self) -> Nim {
        Nim {
            misere: true,
            ..self
        }
    }
    /// The heaps, in order.
    pub fn heaps(&self) -> &[u8] {
        &self.heaps[..self.count as usize]
    }
}

impl Game for Nim {
    type Move = Take;

    fn to_move(&self) -> Player {
        Player::from_index(self.ply as usize)
    }
    fn generate_moves(&self, moves: &mut MoveList<Take>) {
        for (heap, &size) in self.heaps().iter().enumerate() {
            moves.extend((1..=size).map(|take| Take {
                heap: heap as u8,
                take,
            }));
        }
    }
    fn play(&self, mv: Take) -> Nim {
        let mut next = *self;
        next.heaps[mv.heap as usize] -= mv.take;
        next.ply += 1;
        next
    }
    fn outcome(&self) -> Option<Outcome> {
        // No stone left: the player who just moved took the last one.
        let took_the_last = self.to_move().other();
        let winner = if self.misere {
            took_the_last.other()
        } else {
            took_the_last
        };
        self.heaps()
            .iter()
            .all(|&h| h == 0)
            .then_some(Outcome::Win(winner))
    }
    fn key(&self) -> u64 {
        // Four bits per heap, then the player to move.
        let heaps = self
            .heaps()
            .iter()
            .fold(0u64, |key, &h| key << 4 | h as u64);
        heaps << 1 | (self.ply as u64 & 1)
    }
    fn ply(&self) -> u32 {
        self.ply
    }
    fn format_move(&self, mv: Take) -> String {
        format!("{}:{}", mv.heap + 1, mv.take)
    }
    fn parse_move(&self, text: &str) -> Result<Take, NotationError> {
        let bad = || NotationError::new("move", text, "HEAP:STONES, e.g. `2:3` (heaps from 1)");
        let (heap, take) = text.trim().split_once(':').ok_or_else(bad)?;
        let heap: u8 = heap.parse().map_err(|_| bad())?;
        let take: u8 = take.parse().map_err(|_| bad())?;
        let mv = Take {
            heap: heap.wrapping_sub(1),
            take,
        };
        self.legal_moves()
            .contains(&mv)
            .then_some(mv)
            .ok_or_else(bad)
    }
    fn position(&self) -> String {
        let heaps: Vec<String> = self.heaps().iter().map(u8::to_string).collect();
        format!("{} {}", heaps.join(","), self.ply)
    }
    fn parse_position(&self, text: &str) -> Result<Nim, NotationError> {
        let bad = || NotationError::new("position", text, format!("{FORM}, then the ply count"));
        let (heaps, ply) = text.trim().split_once(' ').ok_or_else(bad)?;
        let heaps: Vec<u8> = heaps
            .split(',')
            .map(|h| h.parse().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        let mut state = Nim::new(&heaps).ok_or_else(bad)?;
        state.misere = self.misere;
        state.ply = ply.trim().parse().map_err(|_| bad())?;
        if state.ply > ply_search::game::MAX_POSITION_PLY {
            return Err(bad()); // play could overflow the counter
        }
        Ok(state)
    }
    fn max_game_length(&self) -> Option<u32> {
        Some(self.heaps().iter().map(|&h| h as u32).sum())
    }
}

impl ply_search::SearchHints for Nim {}
impl ply_search::solver::Solvable for Nim {}
