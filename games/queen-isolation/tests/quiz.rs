//! The GameState quiz, exactly: every expected value of the reference set.

use ply_queen_isolation::{Heuristic, QueenIsolation};
use ply_search::conformance::{check, Config};
use ply_search::course::{alpha_beta_search, minimax_decision, Options};
use ply_search::{Game, Outcome, Player, Zero};

#[test]
fn the_empty_board() {
    let quiz = QueenIsolation::quiz();
    assert_eq!(quiz.to_move(), Player::P0);
    assert!(!quiz.terminal_test());
    assert_eq!(
        quiz.get_legal_moves(),
        vec![(0, 0), (1, 0), (2, 0), (0, 1), (1, 1)]
    );
    let after = quiz.forecast_move(quiz.get_legal_moves()[0]).unwrap();
    assert_eq!(after.get_legal_moves().len(), 4);
    assert!(quiz.forecast_move((2, 1)).is_err(), "the blocked cell");
    assert_eq!(quiz.position(), ".../..# 0");
}

#[test]
fn playing_the_first_legal_move_five_times_ends_the_game() {
    let mut state = QueenIsolation::quiz();
    for _ in 0..5 {
        assert!(!state.terminal_test());
        state = state.forecast_move(state.get_legal_moves()[0]).unwrap();
    }
    assert!(state.terminal_test());
}

#[test]
fn exact_values_of_the_five_openings() {
    let quiz = QueenIsolation::quiz();
    let full = minimax_decision(&quiz, None, &Zero, &Options::default());
    let outcome: Vec<&str> = full
        .root_values
        .iter()
        .map(|&v| if v > 0 { "win" } else { "loss" })
        .collect();
    assert_eq!(outcome, ["win", "loss", "win", "win", "loss"]);
    assert!(full.value > 0, "player 0 wins the quiz board");
    assert_eq!(
        quiz.format_move(full.best_move.unwrap()),
        "(0,0)",
        "by opening in a corner"
    );
}

#[test]
fn my_moves_values_at_depth_1() {
    // min_value(result(a), depth 1) with my_moves = player 0's liberties, always from player 0.
    let quiz = QueenIsolation::quiz();
    let r = minimax_decision(&quiz, Some(2), &Heuristic::Open, &Options::default());
    assert_eq!(r.root_values, vec![2, 3, 1, 2, 3]);
}

#[test]
fn node_counts_of_the_course_algorithms() {
    let quiz = QueenIsolation::quiz();
    let depth1 = minimax_decision(&quiz, Some(1), &Heuristic::Open, &Options::default());
    assert_eq!(depth1.counters.terminal_tests, 5);
    // Iterative deepening to depth 2: depth 1, then depth 2.
    let depth2 = minimax_decision(&quiz, Some(2), &Heuristic::Open, &Options::default());
    assert_eq!(
        depth1.counters.terminal_tests + depth2.counters.terminal_tests,
        30
    );
    // The quiz's alpha-beta searches the root through max_value (AIMA's form), which tests the
    // root too.
    let aima = Options {
        test_root: true,
        ..Options::default()
    };
    let ab = alpha_beta_search(&quiz, None, &Zero, &aima);
    assert_eq!(ab.counters.terminal_tests, 55);
    assert_eq!(
        alpha_beta_search(&quiz, None, &Zero, &Options::default())
            .counters
            .terminal_tests,
        54
    );
}

#[test]
fn the_whole_game_tree() {
    fn walk(state: &QueenIsolation, depth: u32, stats: &mut (u32, u32, u32, u32)) {
        stats.0 += 1;
        stats.3 = stats.3.max(depth);
        if state.is_terminal() {
            stats.1 += 1;
            if state.outcome() == Some(Outcome::Win(Player::P0)) {
                stats.2 += 1;
            }
            return;
        }
        for mv in state.legal_moves() {
            walk(&state.play(mv), depth + 1, stats);
        }
    }
    let mut stats = (0, 0, 0, 0);
    walk(&QueenIsolation::quiz(), 0, &mut stats);
    assert_eq!(
        stats,
        (205, 84, 65, 5),
        "(positions, terminal, player 0 wins, max depth)"
    );
}

#[test]
fn conformance_on_the_quiz_the_lesson_and_other_boards() {
    for spec in [
        "queen-isolation(preset=quiz)",
        "queen-isolation",
        "queen-isolation(rules=standard)",
        "queen-isolation(width=8,height=8)",
        "queen-isolation(width=4,height=6,blocked=[(0,0),(3,5)])",
        "queen-isolation(width=1,height=3)",
        "queen-isolation(width=3,height=3,rules=standard)",
    ] {
        check(
            &QueenIsolation::from_spec(spec).unwrap(),
            &Config {
                games: 80,
                ..Config::default()
            },
        );
    }
}

#[test]
fn symmetric_images_keep_the_value() {
    let board = QueenIsolation::from_spec("queen-isolation(width=3,height=3)").unwrap();
    let state = board.play_notation(["(0,0)"]).unwrap();
    let values: Vec<i32> = state
        .symmetric_images()
        .iter()
        .map(|s| minimax_decision(s, None, &Zero, &Options::default()).value)
        .collect();
    assert_eq!(values.len(), 8);
    assert!(values.windows(2).all(|w| w[0] == w[1]), "{values:?}");
}

#[test]
fn bad_specs_positions_and_moves_are_named() {
    assert!(QueenIsolation::from_spec("queen-isolation(width=9)")
        .unwrap_err()
        .to_string()
        .contains("width and height from 1 to 8"));
    assert!(
        QueenIsolation::from_spec("queen-isolation(blocked=[(7,7)])")
            .unwrap_err()
            .to_string()
            .contains("bad blocked cell `(7,7)`")
    );
    let quiz = QueenIsolation::quiz();
    assert!(quiz
        .parse_move("(2,1)")
        .unwrap_err()
        .to_string()
        .starts_with("bad move `(2,1)`: expected (x,y), one of (0,0), (1,0)"));
    assert!(
        quiz.parse_position("1../.2# 1").is_err(),
        "two players placed at ply 1"
    );
    assert_eq!(
        quiz.parse_position("1../.2# 2").unwrap().position(),
        "1../.2# 2"
    );
}
