//! The bitboard game against a second implementation written from the rules alone: moves,
//! endings and perft in both conventions, on the standard board, 8x8, 6x6 and small boards;
//! the conformance kit; the notation; the board's symmetries.

mod common;

use common::Naive;
use ply_amazons::{Amazons, Geometry};
use ply_search::conformance::{check, Config};
use ply_search::perft::{perft, Count};
use ply_search::SearchHints;
use ply_search::{Game, Outcome, Player, Rng};

fn board(width: u8, height: u8) -> Amazons {
    Amazons::new(Geometry::get(width, height).unwrap())
}

fn naive_of(state: &Amazons) -> Naive {
    Naive::from_rows(&state.rows(), state.to_move().index())
}

/// A move as (row, column) triples.
fn cells(state: &Amazons, mv: ply_amazons::Move) -> common::Step {
    let g = state.geometry();
    let rc = |cell: u8| {
        let (c, r) = g.coordinates(cell);
        (r as usize, c as usize)
    };
    (rc(mv.from), rc(mv.to), rc(mv.arrow))
}

const SIZES: [(u8, u8); 7] = [(10, 10), (8, 8), (6, 6), (4, 4), (5, 4), (4, 6), (7, 5)];

#[test]
fn every_size_passes_the_conformance_kit() {
    for (width, height) in SIZES {
        let config = Config {
            games: if width * height > 40 { 3 } else { 30 },
            ..Config::default()
        };
        check(&board(width, height), &config);
    }
}

/// Random games: at every position the same moves, the same ending, the same board.
#[test]
fn random_games_agree_with_the_grid_implementation() {
    let mut rng = Rng::new(20);
    for (width, height) in SIZES {
        let games = if width * height > 40 { 2 } else { 40 };
        for _ in 0..games {
            let mut state = board(width, height);
            loop {
                let naive = naive_of(&state);
                let mut ours: Vec<_> = state
                    .legal_moves()
                    .iter()
                    .map(|&m| cells(&state, m))
                    .collect();
                let mut theirs = naive.moves();
                ours.sort();
                theirs.sort();
                assert_eq!(ours, theirs, "moves at {}", state.position());
                let expected = theirs
                    .is_empty()
                    .then(|| Outcome::Win(state.to_move().other()));
                assert_eq!(state.outcome(), expected, "outcome at {}", state.position());
                let Some(mv) = state.random_move(&mut rng) else {
                    break;
                };
                assert_eq!(naive.play(cells(&state, mv)).rows(), state.play(mv).rows());
                state = state.play(mv);
            }
        }
    }
}

/// Perft of the standard board and of 8x8 and 6x6 from the start (no game ends this early,
/// so the conventions agree); the grid implementation agrees at depth 1 on every board and at
/// depth 2 on 6x6.
#[test]
fn perft_from_the_start_matches_the_grid_implementation() {
    let tables: [(u8, &[u64]); 3] = [
        (10, &[2_176, 4_307_152]),
        (8, &[1_232, 1_331_198]),
        (6, &[544, 238_532, 91_074_224]),
    ];
    for (side, counts) in tables {
        let start = board(side, side);
        for (depth, &count) in counts.iter().enumerate() {
            let depth = depth as u32 + 1;
            assert_eq!(
                perft(&start, depth, Count::Leaves),
                count,
                "{side}x{side} depth {depth}"
            );
            assert_eq!(
                perft(&start, depth, Count::Strict),
                count,
                "{side}x{side} depth {depth}"
            );
        }
        assert_eq!(naive_of(&start).perft_both(1), (counts[0], counts[0]));
    }
    assert_eq!(naive_of(&board(6, 6)).perft_both(2), (238_532, 238_532));
}

/// 4x4 from the start, where the first games end at ply 4 and the conventions part at depth
/// 5; and from seeded random positions of 4x4, 5x5 and 6x6 near the end, both conventions
/// against the grid implementation (they part there).
#[test]
fn perft_where_games_end_matches_the_grid_implementation() {
    let start = board(4, 4);
    let expected = [
        (1, 100, 100),
        (2, 6_544, 6_544),
        (3, 384_856, 384_856),
        (4, 17_301_902, 17_301_902),
    ];
    for (depth, leaves, strict) in expected {
        assert_eq!(
            perft(&start, depth, Count::Leaves),
            leaves,
            "4x4 depth {depth}"
        );
        assert_eq!(
            perft(&start, depth, Count::Strict),
            strict,
            "4x4 depth {depth}"
        );
    }
    assert_eq!(naive_of(&start).perft_both(3), (384_856, 384_856));
    let mut rng = Rng::new(11);
    let mut parted = 0;
    for (width, height, plies) in [(4, 4, 5), (5, 5, 10), (6, 6, 20)] {
        for _ in 0..10 {
            let mut state = board(width, height);
            for _ in 0..plies {
                match state.random_move(&mut rng) {
                    Some(mv) if !state.play(mv).is_terminal() => state = state.play(mv),
                    _ => break,
                }
            }
            let ours = (
                perft(&state, 3, Count::Leaves),
                perft(&state, 3, Count::Strict),
            );
            assert_eq!(
                ours,
                naive_of(&state).perft_both(3),
                "from {}",
                state.position()
            );
            parted += usize::from(ours.0 != ours.1);
        }
    }
    assert!(
        parted >= 5,
        "only {parted} positions had games ending within 3 plies"
    );
}

/// Every symmetry of the board keeps perft (queen moves and arrows know no direction).
#[test]
fn symmetric_images_count_the_same() {
    let mut rng = Rng::new(7);
    for (width, height) in [(6, 6), (5, 4)] {
        for _ in 0..10 {
            let mut state = board(width, height);
            for _ in 0..rng.below(6) {
                match state.random_move(&mut rng) {
                    Some(mv) if !state.play(mv).is_terminal() => state = state.play(mv),
                    _ => break,
                }
            }
            let images = state.symmetric_images();
            assert!(images.len() >= 2, "{}", state.position());
            for image in images.iter() {
                assert_eq!(
                    perft(image, 2, Count::Leaves),
                    perft(&state, 2, Count::Leaves)
                );
            }
        }
    }
}

#[test]
fn positions_and_moves_round_trip_and_bad_ones_say_why() {
    let start = Amazons::standard();
    assert_eq!(start.position(), "3b2b3/10/10/b8b/10/10/w8w/10/10/3w2w3 w");
    let mv = start.parse_move("d1-d7/g7").unwrap();
    for text in ["d1d7g7", "D1-D7/G7", "d1-d7(g7)", "d1-d7-g7"] {
        assert_eq!(start.parse_move(text).unwrap(), mv, "{text}");
    }
    assert_eq!(start.format_move(mv), "d1-d7/g7");
    let after = start.play(mv);
    assert_eq!(start.parse_position(&after.position()).unwrap(), after);
    let errors = [
        (
            start.parse_move("d1-d10/d9").unwrap_err().to_string(),
            "bad move `d1-d10/d9`: expected an amazon of the player to move, the empty cell it \
             moves to like a queen, and the empty cell its arrow flies to like a queen from \
             there, e.g. `b1-b4/e4` (this amazon cannot move from d1 to d10)",
        ),
        (
            start.parse_move("a7-a6/a5").unwrap_err().to_string(),
            "bad move `a7-a6/a5`: expected an amazon of the player to move, the empty cell it \
             moves to like a queen, and the empty cell its arrow flies to like a queen from \
             there, e.g. `b1-b4/e4` (this has no amazon of the player to move on a7)",
        ),
        (
            start.parse_move("d1-d7/d11").unwrap_err().to_string(),
            "bad move `d1-d7/d11`: expected an amazon of the player to move, the empty cell it \
             moves to like a queen, and the empty cell its arrow flies to like a queen from \
             there, e.g. `b1-b4/e4` (this is not three cells of a 10x10 board, files a to j \
             and ranks 1 to 10)",
        ),
        (
            start.parse_move("d1-d7/d10").unwrap_err().to_string(),
            "bad move `d1-d7/d10`: expected an amazon of the player to move, the empty cell it \
             moves to like a queen, and the empty cell its arrow flies to like a queen from \
             there, e.g. `b1-b4/e4` (this arrow cannot fly from d7 to d10)",
        ),
    ];
    for (got, want) in errors {
        assert_eq!(got, want);
    }
    let small = board(4, 4);
    assert!(small.parse_position("4/4/4/4 w").is_err()); // no amazons
    assert!(small.parse_position("bxbx/4/4/xwxw w").is_ok());
    let stuck = small.parse_position("bxbx/xxxx/xxxx/wxwx w").unwrap();
    assert_eq!(stuck.outcome(), Some(Outcome::Win(Player::P1)));
}

/// A game always ends within the bound `max_game_length` gives (every move burns a cell).
#[test]
fn games_end_within_the_bound() {
    let mut rng = Rng::new(3);
    for (width, height) in [(4, 4), (6, 6), (5, 7)] {
        let start = board(width, height);
        let bound = start.max_game_length().unwrap();
        for _ in 0..20 {
            let mut state = start;
            while let Some(mv) = state.random_move(&mut rng) {
                state = state.play(mv);
            }
            assert!(state.ply() <= bound);
            assert!(state.outcome().is_some());
        }
    }
}

/// A move is clicked as three cells of the board view: the amazon, where it lands and where
/// its arrow burns (`then`, drawn blocked after the move), and no two moves share all three.
#[test]
fn moves_are_three_clicks_on_the_board() {
    use ply_search::cells::move_cells;
    use ply_search::describe::Describe;
    use ply_search::picture::Mark;
    let mut rng = Rng::new(13);
    for (width, height) in [(6, 6), (5, 4)] {
        let mut state = board(width, height);
        for _ in 0..6 {
            let mut seen = std::collections::HashSet::new();
            for mv in state.legal_moves() {
                let cells = move_cells(&state, mv).expect("a board game's move has cells");
                let then = cells.then.expect("an arrow");
                let after = state.play(mv).board_view(Player::P0).unwrap();
                assert_eq!(
                    after.cells[then],
                    Mark::Blocked,
                    "{}",
                    state.format_move(mv)
                );
                assert!(matches!(after.cells[cells.to], Mark::Piece { .. }));
                assert!(seen.insert((cells.from, cells.to, then)));
            }
            match state.random_move(&mut rng) {
                Some(mv) => state = state.play(mv),
                None => break,
            }
        }
    }
}
