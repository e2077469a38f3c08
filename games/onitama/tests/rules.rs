//! One test per rule, each on a position written in the position notation, plus the seed
//! notebook's numbers, keys, the mirror symmetry and the conformance kit.

use ply_onitama::{seed, Card, Onitama};
use ply_search::conformance::{check, strategies::random_position, Config};
use ply_search::perft::{perft, Count};
use ply_search::SearchHints;
use ply_search::{Game, Outcome, Player};
use proptest::prelude::*;

fn game() -> Onitama {
    Onitama::from_spec("onitama").unwrap()
}

fn pos(text: &str) -> Onitama {
    game().parse_position(text).unwrap()
}

fn moves(state: &Onitama) -> Vec<String> {
    state
        .legal_moves()
        .iter()
        .map(|&m| state.format_move(m))
        .collect()
}

/// A position from pieces on named squares (`W`/`w` player 0, `B`/`b` player 1) and the cards.
fn setup(pieces: &[(&str, char)], cards: &str, to_move: u8) -> Onitama {
    let mut board = ['.'; 25];
    for (square, piece) in pieces {
        board[ply_onitama::square::parse(square).unwrap() as usize] = *piece;
    }
    pos(&format!(
        "{} {cards} {to_move}",
        board.iter().collect::<String>()
    ))
}

fn card_moves(state: &Onitama, card: &str) -> Vec<String> {
    moves(state)
        .into_iter()
        .filter(|m| m.starts_with(card))
        .collect()
}

#[test]
fn player_1_sees_every_card_turned_round() {
    // Tiger: two rows forward or one back. Player 0 on E3 reaches E5 (capturing) and E2.
    let p0 = setup(&[("E3", 'W'), ("E5", 'B')], "tiger,ox crab,boar eel", 0);
    assert_eq!(card_moves(&p0, "tiger"), ["tiger:E3-E5", "tiger:E3-E2"]);
    // Player 1 on E5 moves down the board: E3 (capturing); its step back would leave the board.
    let p1 = setup(&[("E3", 'W'), ("E5", 'B')], "crab,boar tiger,ox eel", 1);
    assert_eq!(card_moves(&p1, "tiger"), ["tiger:E5-E3"]);
    // Frog (-2,0): player 0 moves left, player 1 (turned round) moves right on the board.
    let p0 = setup(&[("C3", 'W'), ("A5", 'B')], "frog,ox crab,boar eel", 0);
    assert!(card_moves(&p0, "frog").contains(&"frog:C3-A3".to_string()));
    let p1 = setup(&[("A1", 'W'), ("C3", 'B')], "crab,boar frog,ox eel", 1);
    assert!(card_moves(&p1, "frog").contains(&"frog:C3-E3".to_string()));
}

#[test]
fn pieces_jump_but_never_land_on_their_own_side() {
    // Tiger from C1 jumps over the student on C2 to C3.
    let free = setup(
        &[("C1", 'W'), ("C2", 'w'), ("C5", 'B')],
        "tiger,ox crab,boar eel",
        0,
    );
    assert!(card_moves(&free, "tiger").contains(&"tiger:C1-C3".to_string()));
    // Its own student on C3 blocks that target.
    let blocked = setup(
        &[("C1", 'W'), ("C2", 'w'), ("C3", 'w'), ("C5", 'B')],
        "tiger,ox crab,boar eel",
        0,
    );
    assert!(!card_moves(&blocked, "tiger").contains(&"tiger:C1-C3".to_string()));
}

#[test]
fn landing_on_an_enemy_piece_captures_it() {
    let state = setup(
        &[("C1", 'W'), ("C2", 'w'), ("C3", 'b'), ("C5", 'B')],
        "ox,boar crab,tiger eel",
        0,
    );
    let after = state.play(state.parse_move("ox:C2-C3").unwrap());
    assert_eq!(
        after.pieces(Player::P1).count_ones(),
        1,
        "the student on C3 is gone"
    );
    assert_eq!(
        after
            .position()
            .split(' ')
            .next()
            .unwrap()
            .matches('b')
            .count(),
        0
    );
    assert_eq!(after.outcome(), None);
}

#[test]
fn the_used_card_goes_to_the_side_and_the_side_card_joins_the_hand() {
    let start = pos("bbBbb...............wwWww ox,boar horse,elephant crab 0");
    let after = start.play(start.parse_move("ox:C1-C2").unwrap());
    assert_eq!(after.side_card(), Card::from_name("ox").unwrap());
    let mut hand = after.hand(Player::P0).map(|c| c.slug());
    hand.sort();
    assert_eq!(hand, ["boar", "crab"]);
    assert_eq!(after.to_move(), Player::P1);
}

#[test]
fn a_forced_pass_still_exchanges_a_card_and_has_exactly_two_successors() {
    let state = pos("Wwwww.......B............ elephant,crab tiger,ox monkey 0");
    assert_eq!(moves(&state), ["pass:crab", "pass:elephant"]);
    let after = state.play(state.parse_move("pass:crab").unwrap());
    assert_eq!(after.side_card().slug(), "crab");
    assert_eq!(
        after.hand(Player::P0).map(|c| c.slug()),
        ["elephant", "monkey"]
    );
    assert_eq!(
        after.pieces(Player::P0),
        state.pieces(Player::P0),
        "nothing moved"
    );
    // A pass is offered only when no card moves any piece.
    let start = game();
    assert!(start.parse_move("pass:frog").is_err());
}

#[test]
fn capturing_the_master_wins() {
    // Player 0's student on C4 takes the master on C5 with Ox (0,1).
    let state = pos("..B....w.........W....... ox,boar crab,tiger eel 0");
    let after = state.play(state.parse_move("ox:C4-C5").unwrap());
    assert_eq!(after.outcome(), Some(Outcome::Win(Player::P0)));
    assert!(after.legal_moves().is_empty());
    assert_eq!(after.master(Player::P1), None);
}

#[test]
fn the_master_on_the_enemy_temple_wins_even_if_it_was_empty() {
    // Player 0's master on C4 steps onto C5 (player 1's temple; player 1's master is elsewhere).
    let state = pos("B......W................. ox,boar crab,tiger eel 0");
    let after = state.play(state.parse_move("ox:C4-C5").unwrap());
    assert_eq!(after.outcome(), Some(Outcome::Win(Player::P0)));
    // Player 1 wins the same way on C1.
    let state = pos(".................B.....W. crab,tiger ox,boar eel 1");
    let after = state.play(state.parse_move("ox:C2-C1").unwrap());
    assert_eq!(after.outcome(), Some(Outcome::Win(Player::P1)));
}

#[test]
fn the_side_cards_stamp_decides_who_starts() {
    // Dragon is red: player 0 starts; Crab is blue: player 1 starts.
    assert_eq!(game().to_move(), Player::P0);
    let blue = Onitama::from_spec("onitama(cards=[ox,boar,horse,elephant,crab])").unwrap();
    assert_eq!(blue.to_move(), Player::P1);
}

#[test]
fn the_draw_limit_is_a_parameter() {
    let limited = Onitama::from_spec("onitama(max-plies=2)").unwrap();
    let mut state = limited;
    for _ in 0..2 {
        state = state.play(state.legal_moves()[0]);
    }
    assert_eq!(state.outcome(), Some(Outcome::Draw));
    let unlimited = Onitama::from_spec("onitama(max-plies=0)").unwrap();
    let mut state = unlimited;
    for _ in 0..250 {
        if state.is_terminal() {
            break;
        }
        state = state.play(state.legal_moves()[state.legal_moves().len() / 2]);
    }
    assert!(state.outcome() != Some(Outcome::Draw));
    assert_eq!(
        Onitama::from_spec("onitama").unwrap().max_plies(),
        200,
        "the seed's default"
    );
}

#[test]
fn the_seed_notebooks_numbers() {
    let start = game();
    assert_eq!(seed::boardzahlen(&start), (1081377, 1024, 17302032, 16384));
    assert_eq!(seed::card_ids(&start), Some([2, 3, 14, 8, 10]));
    assert_eq!(
        start.hand(Player::P0).map(|c| c.def().name),
        ["Frog", "Horse"]
    );
    assert_eq!(
        start.hand(Player::P1).map(|c| c.def().name),
        ["Mantis", "Cobra"]
    );
    assert_eq!(start.side_card().def().name, "Dragon");
    // Round trip through the notebook's encoding, anywhere in a game.
    let mut state = start;
    for i in 0..30 {
        if state.is_terminal() {
            break;
        }
        let ids = seed::card_ids(&state).unwrap();
        let back = seed::from_seed(
            seed::boardzahlen(&state),
            ids,
            state.to_move().index() as u8,
            state.ply(),
            200,
        )
        .unwrap();
        assert_eq!(back, state);
        let m = state.legal_moves();
        state = state.play(m[(i * 7) % m.len()]);
    }
}

#[test]
fn keys_ignore_hand_order_and_tell_positions_apart() {
    let a = pos("bbBbb...............wwWww ox,boar horse,elephant crab 0");
    let b = pos("bbBbb...............wwWww boar,ox elephant,horse crab 0");
    assert_eq!(a, b);
    assert_eq!(a.key(), b.key());
    // Every position two plies from the start has its own key.
    let mut keys = std::collections::HashMap::new();
    for m in a.legal_moves() {
        let child = a.play(m);
        for r in child.legal_moves() {
            let grandchild = child.play(r);
            if let Some(other) = keys.insert(grandchild.key(), grandchild) {
                assert_eq!(other, grandchild, "two positions share a key");
            }
        }
    }
    assert!(keys.len() > 50);
}

/// Plays `games` random games from `start` (a small LCG picks the moves), checking at every
/// position that the key updated move by move equals the key computed from scratch, for every
/// legal move; returns how many moves of each kind it checked: plain, master moves, captures,
/// master captures, passes.
fn check_incremental_keys(start: &Onitama, games: u64) -> [u32; 5] {
    let mut seen = [0; 5];
    let mut rng = 0x5EED_u64;
    for _ in 0..games {
        let (mut state, mut key) = (*start, start.key());
        while !state.is_terminal() {
            let moves = state.legal_moves();
            for &mv in &moves {
                let child = state.play(mv);
                let text = state.format_move(mv);
                assert_eq!(
                    state.key_after(key, mv, &child),
                    child.key(),
                    "after {text} in {}",
                    state.position()
                );
                let mover = state.to_move();
                let captures = !mv.is_pass() && state.pieces(mover.other()) & 1 << mv.to != 0;
                let kind = if mv.is_pass() {
                    4
                } else if captures && state.master(mover.other()) == Some(mv.to) {
                    3
                } else if captures {
                    2
                } else if state.master(mover) == Some(mv.from) {
                    1
                } else {
                    0
                };
                seen[kind] += 1;
            }
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mv = moves[(rng >> 33) as usize % moves.len()];
            let child = state.play(mv);
            key = state.key_after(key, mv, &child);
            state = child;
        }
    }
    seen
}

#[test]
fn keys_updated_move_by_move_match_the_key_from_scratch() {
    // Random games under a 100-ply limit cross the point where the ply count enters the key.
    for spec in [
        "onitama(max-plies=100)",
        "onitama(deal=random,seed=3,max-plies=100)",
        "onitama(expansion=senseis-path,seed=5,max-plies=100)",
    ] {
        let seen = check_incremental_keys(&Onitama::from_spec(spec).unwrap(), 200);
        for (kind, count) in ["plain", "master", "capture", "master capture"]
            .iter()
            .zip(seen)
        {
            assert!(count > 0, "{spec}: no {kind} move checked");
        }
    }
    // Passes: from the forced-pass position of the perft tests.
    let seen = check_incremental_keys(
        &pos("Wwwww.......B............ elephant,crab tiger,ox monkey 0"),
        20,
    );
    assert!(seen[4] > 0, "no pass checked");
}

#[test]
fn the_mirror_keeps_the_game_tree() {
    for deal in [
        "frog,horse mantis,cobra dragon",
        "rooster,tiger rabbit,cobra frog",
    ] {
        let state = pos(&format!("bbBbb...............wwWww {deal} 0"));
        let mirror = state.mirrored();
        assert_eq!(mirror.mirrored(), state);
        for d in 1..=4 {
            assert_eq!(
                perft(&state, d, Count::Leaves),
                perft(&mirror, d, Count::Leaves)
            );
        }
    }
    // Frog mirrors to Rabbit.
    assert_eq!(Card::from_name("frog").unwrap().mirror().slug(), "rabbit");
}

#[test]
fn conformance_on_default_random_and_expansion_deals() {
    for spec in [
        "onitama",
        "onitama(deal=random,seed=7)",
        "onitama(deal=random,seed=8)",
        "onitama(expansion=senseis-path,seed=3)",
        "onitama(expansion=senseis-path,seed=4,max-plies=60)",
    ] {
        check(
            &Onitama::from_spec(spec).unwrap(),
            &Config {
                games: 40,
                ..Config::default()
            },
        );
    }
}

#[test]
fn every_card_moves_as_its_offsets_say() {
    // A lone player-0 student in the centre (C3): each card's targets are its offsets.
    for id in 0..32u8 {
        let card = Card(id);
        let others: Vec<Card> = (0..32u8).map(Card).filter(|&c| c != card).take(4).collect();
        let text = format!(
            "B...................W.... {},{} {},{} {} 0",
            card.slug(),
            others[0].slug(),
            others[1].slug(),
            others[2].slug(),
            others[3].slug()
        );
        let state = pos(&text)
            .parse_position(&text.replacen(
                "B...................W....",
                "B...........w.......W....",
                1,
            ))
            .unwrap();
        let mut targets: Vec<u8> = state
            .legal_moves()
            .into_iter()
            .filter(|m| m.card == card && m.from == 12)
            .map(|m| m.to)
            .collect();
        targets.sort();
        let mut expected: Vec<u8> = card
            .def()
            .offsets
            .iter()
            .map(|&(dx, dy)| ((2 - dy as i32) * 5 + 2 + dx as i32) as u8)
            .filter(|&t| t != 20)
            .collect();
        expected.sort();
        assert_eq!(targets, expected, "{}", card.def().name);
    }
}

proptest! {
    #[test]
    fn keys_match_scratch_on_random_positions(state in random_position(Onitama::from_spec("onitama(deal=random,seed=11)").unwrap(), 80)) {
        prop_assert_eq!(state.key(), state.parse_position(&state.position()).unwrap().key());
        prop_assert_eq!(state.mirrored().key(), state.mirrored().parse_position(&state.mirrored().position()).unwrap().key());
    }

    /// The engine's move priority says what each move does: 3 for a win (the master taken or
    /// the master on the enemy temple), 2 for a capture by a student, 1 by the master, 0
    /// for the rest (passes included).
    #[test]
    fn move_priority_marks_wins_then_captures(state in random_position(Onitama::from_spec("onitama(deal=random,seed=12)").unwrap(), 60)) {
        let mover = state.to_move();
        for mv in state.legal_moves() {
            let child = state.play(mv);
            let captured = state.pieces(mover.other()).count_ones() - child.pieces(mover.other()).count_ones();
            let expected = if child.outcome() == Some(Outcome::Win(mover)) {
                3
            } else if captured == 0 {
                0
            } else if state.master(mover) == Some(mv.from) {
                1
            } else {
                2
            };
            prop_assert_eq!(state.move_priority(mv), expected, "{}", state.format_move(mv));
        }
    }

    #[test]
    fn parsers_never_panic(text in "\\PC{0,40}") {
        let _ = game().parse_position(&text);
        let _ = game().parse_move(&text);
        let _ = Onitama::from_spec(&format!("onitama({text})"));
    }
}
