//! Move and position notation.
//!
//! - A move is `card:FROM-TO`, e.g. `frog:B1-A2`; a pass is `pass:CARD`, naming the card given
//!   up (`pass:frog`). Card names are lower case with hyphens (`sea-snake`); reading ignores case.
//! - A position is `BOARD25 P0CARDS P1CARDS SIDE TO_MOVE [PLY]`: 25 characters from the top row
//!   (rank 5) to the bottom (rank 1), file A first, `W`/`w` player 0's master/student, `B`/`b`
//!   player 1's, `.` empty; each hand as two comma-separated card names; the side card; the player
//!   to move (0 or 1); optionally the ply count (default 0). The standard start is
//!   `bbBbb...............wwWww`.

use crate::cards::Card;
use crate::square;
use crate::state::NO_MASTER;
use crate::{Move, Onitama};
use ply_search::{ErrorKind, Game, NotationError, Player};

/// `card:FROM-TO` or `pass:card`.
pub fn format_move(mv: Move) -> String {
    if mv.is_pass() {
        format!("pass:{}", mv.card.slug())
    } else {
        format!(
            "{}:{}-{}",
            mv.card.slug(),
            square::name(mv.from),
            square::name(mv.to)
        )
    }
}

/// Reads a move and checks it is legal in `state`.
pub fn parse_move(state: &Onitama, text: &str) -> Result<Move, NotationError> {
    let legal = state.legal_moves();
    let bad = || {
        let list: Vec<String> = legal.iter().map(|&m| format_move(m)).collect();
        let expected = if list.is_empty() {
            "no move: the game is over".to_string()
        } else if list.len() <= 10 {
            format!("CARD:FROM-TO or pass:CARD, one of {}", list.join(", "))
        } else {
            format!(
                "CARD:FROM-TO or pass:CARD, e.g. {} ({} legal moves)",
                list[..4].join(", "),
                list.len()
            )
        };
        NotationError::new("move", text.trim(), expected)
    };
    let (head, tail) = text.trim().split_once(':').ok_or_else(bad)?;
    let mv = if head.trim().eq_ignore_ascii_case("pass") {
        Move::pass(Card::from_name(tail).ok_or_else(bad)?)
    } else {
        let card = Card::from_name(head).ok_or_else(bad)?;
        let (from, to) = tail.trim().split_once('-').ok_or_else(bad)?;
        Move {
            card,
            from: square::parse(from.trim()).ok_or_else(bad)?,
            to: square::parse(to.trim()).ok_or_else(bad)?,
        }
    };
    if legal.contains(&mv) {
        Ok(mv)
    } else {
        Err(bad().with_kind(ErrorKind::IllegalMove))
    }
}

/// The position as `BOARD25 P0CARDS P1CARDS SIDE TO_MOVE`, with ` PLY` when not 0.
pub fn format_position(state: &Onitama) -> String {
    let mut board = String::with_capacity(25);
    for sq in 0..25u8 {
        let c = if state.pieces[0] >> sq & 1 == 1 {
            if state.masters[0] == sq {
                'W'
            } else {
                'w'
            }
        } else if state.pieces[1] >> sq & 1 == 1 {
            if state.masters[1] == sq {
                'B'
            } else {
                'b'
            }
        } else {
            '.'
        };
        board.push(c);
    }
    let hand = |h: [Card; 2]| format!("{},{}", h[0].slug(), h[1].slug());
    let mut text = format!(
        "{board} {} {} {} {}",
        hand(state.hands[0]),
        hand(state.hands[1]),
        state.side.slug(),
        state.to_move
    );
    if state.ply > 0 {
        text.push_str(&format!(" {}", state.ply));
    }
    text
}

const FORM: &str = "BOARD25 P0CARDS P1CARDS SIDE TO_MOVE [PLY], e.g. `bbBbb...............wwWww ox,boar horse,elephant crab 0`";

/// Reads a position (see the module docs) for a game with draw limit `max_plies`.
pub fn parse_position(text: &str, max_plies: u32) -> Result<Onitama, NotationError> {
    let bad = |why: &str| NotationError::new("position", text.trim(), format!("{FORM}{why}"));
    let fields: Vec<&str> = text.split_whitespace().collect();
    if !(5..=6).contains(&fields.len()) {
        return Err(bad(""));
    }
    let board = fields[0];
    if board.chars().count() != 25 {
        return Err(bad(" (the board has 25 squares)"));
    }
    let mut pieces = [0u32; 2];
    let mut masters = [NO_MASTER; 2];
    for (sq, c) in board.chars().enumerate() {
        let (p, master) = match c {
            'W' => (0, true),
            'w' => (0, false),
            'B' => (1, true),
            'b' => (1, false),
            '.' => continue,
            _ => return Err(bad(" (squares are W, w, B, b or .)")),
        };
        pieces[p] |= 1 << sq;
        if master {
            if masters[p] != NO_MASTER {
                return Err(bad(" (one master a side)"));
            }
            masters[p] = sq as u8;
        }
    }
    if pieces.iter().any(|p| p.count_ones() > 5) {
        return Err(bad(" (at most five pieces a side)"));
    }
    if masters == [NO_MASTER, NO_MASTER] {
        return Err(bad(" (at least one master on the board)"));
    }
    let card = |name: &str| {
        Card::from_name(name).ok_or_else(|| bad(&format!(" (`{name}` is not a card)")))
    };
    let hand = |field: &str| -> Result<[Card; 2], NotationError> {
        let (a, b) = field
            .split_once(',')
            .ok_or_else(|| bad(" (a hand is two cards: a,b)"))?;
        Ok([card(a)?, card(b)?])
    };
    let hands = [hand(fields[1])?, hand(fields[2])?];
    let side = card(fields[3])?;
    let mut all = vec![hands[0][0], hands[0][1], hands[1][0], hands[1][1], side];
    all.sort();
    all.dedup();
    if all.len() != 5 {
        return Err(bad(" (five different cards)"));
    }
    let to_move = match fields[4] {
        "0" => Player::P0,
        "1" => Player::P1,
        _ => return Err(bad(" (the player to move is 0 or 1)")),
    };
    let ply = match fields.get(5) {
        None => 0,
        Some(p) => p
            .parse::<u32>()
            .ok()
            .filter(|&p| p <= ply_search::game::MAX_POSITION_PLY)
            .ok_or_else(|| bad(" (the ply count is a whole number up to 1000000)"))?,
    };
    Ok(Onitama::assemble(
        pieces, masters, hands, side, to_move, ply, max_plies,
    ))
}
