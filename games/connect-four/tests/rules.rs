//! The bitboard game against a second implementation written from the rules alone: moves,
//! outcomes and perft in both conventions, on the standard board and on small and tall ones;
//! the conformance kit; the notation.

mod common;

use common::Naive;
use ply_connect_four::{ConnectFour, Geometry};
use ply_search::conformance::{check, Config};
use ply_search::perft::{perft, Count};
use ply_search::SearchHints;
use ply_search::{Game, Outcome, Player, Rng};

fn board(width: u8, height: u8) -> ConnectFour {
    ConnectFour::new(Geometry::get(width, height).unwrap())
}

const SIZES: [(u8, u8); 7] = [(7, 6), (4, 4), (5, 4), (6, 5), (8, 7), (9, 5), (4, 12)];

#[test]
fn every_size_passes_the_conformance_kit() {
    for (width, height) in SIZES {
        check(&board(width, height), &Config::default());
    }
}

/// Perft of the standard board, both conventions, to depth 9 (the first games end at ply 7,
/// so the conventions part at depth 8); the grid implementation agrees to depth 7.
#[test]
fn standard_perft_matches_the_grid_implementation() {
    let start = ConnectFour::standard();
    let naive = Naive::new(7, 6);
    // Every sequence of up to 6 moves is legal; at 7, the 7 that fill one column 7 times are not.
    let expected_leaves = [1, 7, 49, 343, 2_401, 16_807, 117_649, 823_536];
    for (depth, &count) in expected_leaves.iter().enumerate() {
        let depth = depth as u32;
        assert_eq!(perft(&start, depth, Count::Leaves), count, "depth {depth}");
        assert_eq!(perft(&start, depth, Count::Strict), count, "depth {depth}");
    }
    for (depth, leaves, strict) in [(8, 5_686_266, 5_673_234), (9, 39_452_034, 39_394_572)] {
        assert_eq!(perft(&start, depth, Count::Leaves), leaves, "depth {depth}");
        assert_eq!(perft(&start, depth, Count::Strict), strict, "depth {depth}");
    }
    assert_eq!(perft(&start, 7, Count::Leaves), naive.perft(7, false));
    assert_eq!(perft(&start, 7, Count::Strict), naive.perft(7, true));
}

/// Small boards, both conventions, against the grid implementation: the whole game tree of
/// 3x5 (every ending reached), the first 9 plies of the others (where the conventions part).
#[test]
fn small_boards_perft_to_the_end_matches_the_grid_implementation() {
    for (width, height, depth) in [(3, 5, 15), (4, 4, 9), (5, 4, 9), (4, 5, 9)] {
        let start = board(width, height);
        let naive = Naive::new(width as usize, height as usize);
        for strict in [false, true] {
            let count = if strict { Count::Strict } else { Count::Leaves };
            assert_eq!(
                perft(&start, depth, count),
                naive.perft(depth, strict),
                "{width}x{height} depth {depth} strict {strict}"
            );
        }
    }
}

/// Random games on every size: the same moves, the same ending, the same winner.
#[test]
fn random_games_agree_with_the_grid_implementation() {
    let mut rng = Rng::new(7);
    for (width, height) in SIZES {
        for _ in 0..200 {
            let (mut fast, mut naive) = (
                board(width, height),
                Naive::new(width as usize, height as usize),
            );
            loop {
                let moves: Vec<usize> = fast.legal_moves().iter().map(|m| m.0 as usize).collect();
                assert_eq!(moves, naive.moves(), "{}", fast.position());
                let outcome = fast.outcome();
                let expected = match naive.winner() {
                    Some(p) => Some(Outcome::Win(Player::from_index(p))),
                    None if naive.over() => Some(Outcome::Draw),
                    None => None,
                };
                assert_eq!(outcome, expected, "{}", fast.position());
                let Some(mv) = fast.random_move(&mut rng) else {
                    break;
                };
                naive = naive.play(mv.0 as usize);
                fast = fast.play(mv);
            }
        }
    }
}

#[test]
fn positions_are_move_sequences_that_read_back() {
    let start = ConnectFour::standard();
    let mut rng = Rng::new(11);
    for _ in 0..300 {
        let mut state = start;
        while let Some(mv) = state.random_move(&mut rng) {
            state = state.play(mv);
            let text = state.position();
            assert_eq!(text.len() as u32, state.ply());
            assert_eq!(start.parse_position(&text).unwrap(), state, "{text}");
        }
    }
    assert_eq!(start.position(), "");
    assert_eq!(start.parse_position("  ").unwrap(), start);
}

#[test]
fn bad_moves_and_positions_name_the_bad_part() {
    let start = ConnectFour::standard();
    let cases = [
        ("0", "is not a column 1 to 7"),
        ("8", "is not a column 1 to 7"),
        ("44", "is not a column 1 to 7"),
        ("", "is not a column 1 to 7"),
    ];
    for (text, why) in cases {
        let err = start.parse_move(text).unwrap_err().to_string();
        assert!(err.contains(why), "{err}");
    }
    let full = start.parse_position("444444").unwrap();
    assert!(full
        .parse_move("4")
        .unwrap_err()
        .to_string()
        .contains("is a full column"));
    let won = start.parse_position("1212121").unwrap();
    assert_eq!(won.outcome(), Some(Outcome::Win(Player::P0)));
    let err = start.parse_position("12121212").unwrap_err().to_string();
    assert_eq!(
        err,
        "bad position `12121212`: expected the columns played from the empty board, each 1 to 7, \
         e.g. `4453` (move 8, `2`, comes after the game ended)"
    );
    let err = start.parse_position("4444444").unwrap_err().to_string();
    assert!(err.contains("move 7, `4`, is a full column"), "{err}");
    let err = start.parse_position("4x").unwrap_err().to_string();
    assert!(err.contains("move 2, `x`, is not a column 1 to 7"), "{err}");
}

#[test]
fn the_mirror_image_is_the_symmetry() {
    let position = ConnectFour::standard().parse_position("1123").unwrap();
    let images = position.symmetric_images();
    assert_eq!(images.len(), 2);
    assert_eq!(images[1].position(), "7765");
    let centre = ConnectFour::standard().parse_position("44").unwrap();
    assert_eq!(centre.symmetric_images().len(), 1);
}

#[test]
fn board_sizes_outside_the_bitboard_are_refused() {
    for (width, height) in [(0, 6), (10, 5), (7, 0), (7, 13), (9, 7), (8, 8)] {
        let err = Geometry::get(width, height).unwrap_err().to_string();
        assert!(
            err.starts_with(&format!("bad board size `{width}x{height}`")),
            "{err}"
        );
    }
}

#[test]
fn the_winning_four_is_marked_on_the_board() {
    use ply_search::describe::Describe;
    let start = ConnectFour::from_spec("connect-four").unwrap();
    let play = |moves: &str| {
        moves
            .chars()
            .fold(start, |s, c| s.play(s.parse_move(&c.to_string()).unwrap()))
    };
    // X stacks column 1 while O plays column 2: X's four stand in column 1, rows 1 to 4.
    let won = play("1212121");
    assert_eq!(won.outcome(), Some(Outcome::Win(Player::P0)));
    // The board view lists rows from the top (6 rows of 7): column 1 is cell 0 of each row.
    assert_eq!(won.winning_cells(), [14, 21, 28, 35]);
    // A diagonal for O, and nothing marked while the game goes on or on other lines.
    let diagonal = play("33434144213");
    assert_eq!(diagonal.outcome(), None);
    assert!(diagonal.winning_cells().is_empty());
    let won = diagonal.play(diagonal.parse_move("2").unwrap());
    assert_eq!(won.outcome(), Some(Outcome::Win(Player::P1)));
    assert_eq!(won.end_reason().unwrap(), "player 1 connects four");
    // Columns 1 to 4, rows 1 to 4 up the diagonal: view rows 5, 4, 3, 2 from the top.
    assert_eq!(won.winning_cells(), [17, 23, 29, 35]);
}
