//! Chinese Checkers against OpenSpiel's counts, the end of a game, bad input, and every
//! variant through the conformance kit and the N-player searches.

use ply_chinese_checkers::{ChineseCheckers, Heuristic, Move, PASS};
use ply_search::agents::build_agent;
use ply_search::conformance::{check, Config};
use ply_search::describe::{Actions, Describe};
use ply_search::perft::{perft, Count};
use ply_search::{Evaluator, Game, Outcome, Player};

fn game(spec: &str) -> ChineseCheckers {
    ChineseCheckers::from_spec(spec).unwrap()
}

/// Random games run to OpenSpiel's 1,000 turns, so the kit follows the first 100 of each, and
/// whole games under a short limit.
#[test]
fn every_variant_conforms() {
    for spec in [
        "chinese-checkers",
        "chinese-checkers(players=3)",
        "chinese-checkers(players=4)",
        "chinese-checkers(players=6)",
        "chinese-checkers(players=3,max_turns=40)",
    ] {
        check(
            &game(spec),
            &Config {
                games: 3,
                max_plies: 100,
                ..Config::default()
            },
        );
    }
}

/// Whole turns from the start, counted through pyspiel 2.0.2's `chinese_checkers`: a depth-
/// first walk over its actions (each hop an action, 726 to end a chain) gathers the distinct
/// positions where the turn passes on.
#[test]
fn turn_counts_equal_openspiels() {
    for (players, expected) in [
        (2, &[14u64, 196, 4760, 115600][..]),
        (3, &[14, 196, 2744, 66640]),
        (4, &[14, 199, 2786]),
        (6, &[14, 199, 2828]),
    ] {
        let start = game(&format!("chinese-checkers(players={players})"));
        for (depth, &count) in (1..).zip(expected) {
            assert_eq!(
                perft(&start, depth, Count::Leaves),
                count,
                "{players} players, depth {depth}"
            );
        }
    }
}

/// A position in the game's notation: each seat's pieces by cell, the seat to move, the turns.
fn position_of(pieces: &[&[u8]], seat: usize, turns: u32) -> String {
    let mut cells = ['.'; 121];
    for (owner, list) in pieces.iter().enumerate() {
        for &cell in list.iter() {
            cells[cell as usize] = (b'0' + owner as u8) as char;
        }
    }
    let mut rows = Vec::new();
    let mut at = 0;
    for length in ply_chinese_checkers::board::ROW_LENGTHS {
        rows.push(cells[at..at + length].iter().collect::<String>());
        at += length;
    }
    format!("{} {seat} {turns}", rows.join("/"))
}

#[test]
fn a_chain_of_hops_is_one_turn_that_may_stop_anywhere_along_it() {
    let start = game("chinese-checkers");
    let hops: Vec<String> = start
        .legal_moves()
        .iter()
        .map(|&m| start.format_move(m))
        .filter(|m| m.contains("=>"))
        .collect();
    assert_eq!(hops, ["3=>14", "3=>16", "4=>15", "4=>17", "5=>16", "5=>18"]);
    // Once 6 has stepped to 14, the piece on 1 hops over 3 to 6, and from there over 14 to
    // 26: both ends of the chain are turns, and the chain may be written out.
    let state = start.play_notation(["6->14", "111->102"]).unwrap();
    let moves: Vec<String> = state
        .legal_moves()
        .iter()
        .map(|&m| state.format_move(m))
        .collect();
    assert!(moves.contains(&"1=>6".to_string()), "{moves:?}");
    assert!(moves.contains(&"1=>26".to_string()), "{moves:?}");
    assert_eq!(
        state.parse_move("1=>6=>26").unwrap(),
        Move { from: 1, to: 26 }
    );
    assert_eq!(state.parse_move("1-26").unwrap(), Move { from: 1, to: 26 });
}

#[test]
fn filling_the_far_triangle_wins() {
    // Seat 0 has nine pieces in the bottom point and its tenth on 102, a step from 111.
    let home: Vec<u8> = (112..121).chain([102]).collect();
    let middle: Vec<u8> = (56..66).collect();
    let text = position_of(&[&home, &middle], 0, 57);
    let state = game("chinese-checkers").parse_position(&text).unwrap();
    assert!(!state.is_terminal());
    let after = state.play(state.parse_move("102->111").unwrap());
    assert_eq!(after.outcome(), Some(Outcome::Win(Player::P0)));
    assert_eq!(after.returns(), vec![1.0, -1.0]);
    assert!(after.end_reason().unwrap().contains("player 0 has filled"));
    assert!(after.legal_moves().is_empty());
    // A position whose pieces already fill the target is a finished game.
    let done = game("chinese-checkers")
        .parse_position(&after.position())
        .unwrap();
    assert_eq!(done.outcome(), Some(Outcome::Win(Player::P0)));
}

#[test]
fn a_player_that_cannot_move_passes() {
    // Seat 0 still at home in the top point, walled in by the row below it (14 to 18) and
    // every cell a hop over that wall would land on (26 to 31).
    let home: Vec<u8> = (0..10).collect();
    let one: Vec<u8> = [14, 15, 16, 17, 18, 26, 27, 28, 29, 30].into();
    let two: Vec<u8> = [31, 60, 61, 62, 63, 64, 70, 71, 72, 73].into();
    let text = position_of(&[&home, &one, &two], 0, 12);
    let state = game("chinese-checkers(players=3)")
        .parse_position(&text)
        .unwrap();
    assert_eq!(state.legal_moves().as_slice(), [PASS]);
    let after = state.play(PASS);
    assert_eq!((after.to_move(), after.ply()), (Player::P1, 13));
    assert_eq!(state.format_move(PASS), "pass");
}

#[test]
fn the_turn_limit_draws() {
    let short = game("chinese-checkers(players=3,max_turns=6)");
    let mut state = short;
    while !state.is_terminal() {
        state = state.play(state.legal_moves()[0]);
    }
    assert_eq!(state.ply(), 6);
    assert_eq!(state.outcome(), Some(Outcome::Draw));
    assert_eq!(state.returns(), vec![0.0, 0.0, 0.0]);
}

#[test]
fn actions_number_each_turn_once() {
    let start = game("chinese-checkers(players=6)");
    let moves = start.legal_moves();
    for &mv in &moves {
        let action = start.action(mv);
        assert!(action < start.num_actions());
        assert_eq!(start.legal_move_of_action(action), Some(mv));
    }
    assert_eq!(start.action(PASS), 121 * 121);
}

#[test]
fn bad_input_is_one_line_naming_the_part() {
    for (spec, part) in [
        ("chinese-checkers(players=5)", "players=5"),
        ("chinese-checkers(players=7)", "players=7"),
        ("chinese-checkers(max_turns=0)", "max_turns=0"),
        ("chinese-checkers(size=8)", "size"),
    ] {
        let error = ChineseCheckers::from_spec(spec).unwrap_err().to_string();
        assert!(
            error.contains(part) && !error.contains('\n'),
            "{spec}: {error}"
        );
    }
    let start = game("chinese-checkers");
    for (text, part) in [
        ("6->60", "bad move `6->60`: expected a legal move: 3=>14"),
        ("121->3", "bad move `121->3`: expected a piece's cell"),
        ("pass", "bad move `pass`: expected a legal move"),
    ] {
        let error = start.parse_move(text).unwrap_err().to_string();
        assert!(error.starts_with(part), "{text}: {error}");
    }
    let start_text = start.position();
    for (text, part) in [
        (start_text.replacen("0/", "2/", 1), "bad position cell `2`"),
        (start_text.replacen("0/", "./", 1), "seat 0 has 9"),
        (start_text.replace(" 0 0", " 2 0"), "bad seat to move `2`"),
        (
            start_text.replace(" 0 0", " 0 1001"),
            "bad turns played `1001`",
        ),
        ("0/00 0 0".to_string(), "bad position rows"),
    ] {
        let error = start.parse_position(&text).unwrap_err().to_string();
        assert!(error.contains(part), "{text}: {error}");
    }
}

#[test]
fn positions_round_trip() {
    let mut state = game("chinese-checkers(players=4)");
    let mut rng = ply_search::Rng::new(5);
    for _ in 0..60 {
        let moves = state.legal_moves();
        state = state.play(moves[rng.below(moves.len() as u64) as usize]);
        assert_eq!(state.parse_position(&state.position()).unwrap(), state);
    }
}

#[test]
fn the_searches_for_many_players_choose_legal_moves() {
    let state = game("chinese-checkers(players=3)")
        .play_notation(["6->14", "74->73", "65->66"])
        .unwrap();
    for agent in [
        "maxn(depth=2)",
        "paranoid(depth=3)",
        "brs(depth=3)",
        "mcts(iterations=300,seed=1)",
    ] {
        let mut built =
            build_agent::<ChineseCheckers>(agent).unwrap_or_else(|e| panic!("{agent}: {e}"));
        let mv = built.select_move(&state).best_move.expect("a move");
        assert!(state.legal_moves().contains(&mv), "{agent}");
    }
    assert!(build_agent::<ChineseCheckers>("alphabeta").is_err());
    assert!(build_agent::<ChineseCheckers>("alphabeta(depth=3)").is_err());
    // The evaluator prefers the long hop forward (3=>16 gains two steps) to a step.
    let eval = |m: &str| {
        Heuristic::Distance.evaluate(&state.play(state.parse_move(m).unwrap()), Player::P0)
    };
    assert!(eval("3=>16") > eval("7->15"));
}
