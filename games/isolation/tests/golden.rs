//! Golden data from the original Python programs (copied from the project's reference set):
//! every field of every recorded position must match.

use ply_isolation::{Heuristic, Isolation, Rules, Variant};
use ply_search::perft::{perft, Count};
use ply_search::{Evaluator, Game, Outcome, Player};
use serde_json::Value;

fn records(text: &str) -> Vec<Value> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("valid JSON line"))
        .collect()
}

fn opt_u8(v: &Value) -> Option<u8> {
    v.as_u64().map(|n| n as u8)
}

fn ints(v: &Value) -> Vec<i64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_i64().unwrap())
        .collect()
}

fn sign(x: f64) -> i64 {
    if x > 0.0 {
        1
    } else if x < 0.0 {
        -1
    } else {
        0
    }
}

/// Replays recorded games of `isolation.py` and compares every field at every position.
fn replay_udacity_games(text: &str) -> usize {
    let mut state = Isolation::udacity();
    let mut checked = 0;
    for rec in records(text) {
        if rec["ply"].as_u64() == Some(0) {
            state = Isolation::udacity();
        }
        let ctx = format!(
            "game {} seed {} ply {}",
            rec["game"], rec["seed"], rec["ply"]
        );
        assert_eq!(
            state.board().to_string(),
            rec["board"].as_str().unwrap(),
            "{ctx}: board"
        );
        assert_eq!(
            state.ply_count() as u64,
            rec["ply_count"].as_u64().unwrap(),
            "{ctx}"
        );
        assert_eq!(
            state.locs(),
            [opt_u8(&rec["locs"][0]), opt_u8(&rec["locs"][1])],
            "{ctx}"
        );
        assert_eq!(
            state.player() as u64,
            rec["player"].as_u64().unwrap(),
            "{ctx}"
        );
        let actions: Vec<i64> = state.actions().into_iter().map(i64::from).collect();
        assert_eq!(actions, ints(&rec["actions"]), "{ctx}: actions");
        let mut sorted = actions.clone();
        sorted.sort();
        assert_eq!(
            sorted,
            ints(&rec["actions_sorted"]),
            "{ctx}: actions_sorted"
        );
        let terminal = rec["terminal"].as_bool().unwrap();
        assert_eq!(state.terminal_test(), terminal, "{ctx}: terminal");
        assert_eq!(
            sign(state.utility(0)),
            rec["utility0"].as_i64().unwrap(),
            "{ctx}"
        );
        assert_eq!(
            sign(state.utility(1)),
            rec["utility1"].as_i64().unwrap(),
            "{ctx}"
        );
        for p in 0..2 {
            assert_eq!(
                state.has_liberties(p),
                rec["has_liberties"][p].as_bool().unwrap(),
                "{ctx}: has_liberties[{p}]"
            );
            let field = &rec[format!("liberties{p}").as_str()];
            match state.locs()[p] {
                None => assert!(field.is_null(), "{ctx}"),
                Some(loc) => {
                    let libs: Vec<i64> = state
                        .liberties(Some(loc))
                        .into_iter()
                        .map(i64::from)
                        .collect();
                    assert_eq!(libs, ints(field), "{ctx}: liberties{p}");
                }
            }
        }

        // The Game trait view of the same position.
        assert_eq!(state.is_terminal(), terminal, "{ctx}");
        let legal: Vec<String> = state
            .legal_moves()
            .iter()
            .map(|&m| state.format_move(m))
            .collect();
        if terminal {
            assert!(legal.is_empty(), "{ctx}: no moves in a terminal state");
            let winner = if rec["utility0"].as_i64() == Some(1) {
                Player::P0
            } else {
                Player::P1
            };
            assert_eq!(state.outcome(), Some(Outcome::Win(winner)), "{ctx}");
        } else {
            let expected: Vec<String> = actions.iter().map(|a| a.to_string()).collect();
            assert_eq!(legal, expected, "{ctx}: legal moves in notation");
            assert_eq!(state.outcome(), None, "{ctx}");
        }
        let reread = state.parse_position(&state.position()).unwrap();
        assert_eq!(
            reread.key(),
            state.key(),
            "{ctx}: key of the re-read position"
        );

        match rec["action"].as_i64() {
            Some(action) => {
                let via_notation = state.play_notation([action.to_string().as_str()]).unwrap();
                state = state.result(action as i32).unwrap();
                assert_eq!(via_notation, state, "{ctx}: play_notation == result");
            }
            None => assert!(terminal, "{ctx}: a game record ends in a terminal state"),
        }
        checked += 1;
    }
    checked
}

#[test]
fn random_games_match_the_original_field_by_field() {
    let n = replay_udacity_games(include_str!("data/random_games.jsonl"));
    assert_eq!(n, 5187);
}

#[test]
fn cell_zero_quirk_games_match_the_original() {
    let n = replay_udacity_games(include_str!("data/quirk_games.jsonl"));
    assert_eq!(n, 808);
    // In each of these games the quirk decides: the loser still has the move to cell 0.
    let recs = records(include_str!("data/quirk_games.jsonl"));
    let endings: Vec<&Value> = recs.iter().filter(|r| r["terminal"] == true).collect();
    assert_eq!(endings.len(), 14);
    for end in endings {
        let stuck: Vec<usize> = (0..2)
            .filter(|&p| end["has_liberties"][p] == false)
            .collect();
        assert!(stuck
            .iter()
            .any(|&p| ints(&end[format!("liberties{p}").as_str()]) == vec![0]));
    }
}

fn state_of(value: &Value) -> Isolation {
    let board: u128 = value["board"].as_str().unwrap().parse().unwrap();
    let locs = [opt_u8(&value["locs"][0]), opt_u8(&value["locs"][1])];
    Isolation::from_parts(
        Variant::udacity(),
        board,
        value["ply_count"].as_u64().unwrap() as u32,
        locs,
    )
    .unwrap()
}

#[test]
fn perft_tables_match_both_conventions() {
    let data: Value = serde_json::from_str(include_str!("data/perft.json")).unwrap();
    let roots = data["roots"].as_object().unwrap();
    assert_eq!(roots.len(), 2);
    for (name, root) in roots {
        let state = state_of(&root["state"]);
        for (depth, row) in root["depths"].as_object().unwrap() {
            let depth: u32 = depth.parse().unwrap();
            assert_eq!(
                perft(&state, depth, Count::Leaves),
                row["leaves"].as_u64().unwrap(),
                "{name} d{depth}"
            );
            assert_eq!(
                perft(&state, depth, Count::Strict),
                row["perft"].as_u64().unwrap(),
                "{name} d{depth}"
            );
        }
    }
    assert_eq!(perft(&Isolation::udacity(), 5, Count::Leaves), 1_634_432);
}

#[test]
fn first_action_playouts_end_as_in_the_original() {
    let data: Value = serde_json::from_str(include_str!("data/perft.json")).unwrap();
    let starts = [
        ("Isolation()", Isolation::udacity()),
        (
            "Isolation().result(57).result(0)",
            Isolation::udacity().result(57).unwrap().result(0).unwrap(),
        ),
    ];
    for (name, mut state) in starts {
        while !state.terminal_test() {
            state = state.result(state.actions()[0]).unwrap();
        }
        let end = &data["first_action_playouts"][name];
        assert_eq!(state, state_of(end), "{name}");
        assert_eq!(sign(state.utility(0)), end["utility0"].as_i64().unwrap());
        assert_eq!(sign(state.utility(1)), end["utility1"].as_i64().unwrap());
    }
    // The README's plies: 34 and 84.
    assert_eq!(
        state_of(&data["first_action_playouts"]["Isolation()"]).ply_count(),
        34
    );
}

#[test]
fn debug_drawings_match_the_original() {
    let data: Value = serde_json::from_str(include_str!("data/render.json")).unwrap();
    for item in data["states"].as_array().unwrap() {
        let state = state_of(item);
        let name = item["name"].as_str().unwrap();
        assert_eq!(
            state.debug_string(),
            item["str"].as_str().unwrap(),
            "{name}"
        );
        assert_eq!(
            state.bitboard_string(),
            item["bitboard_string"].as_str().unwrap(),
            "{name}"
        );
        for p in 0..2 {
            let expected = item["ind2xy"][p]
                .as_array()
                .map(|xy| (xy[0].as_u64().unwrap() as u8, xy[1].as_u64().unwrap() as u8));
            assert_eq!(state.locs()[p].map(|c| state.ind2xy(c)), expected, "{name}");
        }
    }
}

#[test]
fn the_seed_documents_examples_hold() {
    let start = Isolation::udacity();
    assert_eq!(start.board(), 41523161203939122082683632224299007);
    assert_eq!(start.locs(), [None, None]);
    assert_eq!(start.ind2xy(57), (5, 4));
    let state = start.result(57).unwrap().result(0).unwrap();
    assert_eq!(state.board(), 41523161203939121938568444148443134);
    assert_eq!(state.ply_count(), 2);
    assert_eq!(state.actions()[0], 25);
    assert_eq!(state.ind2xy(state.actions()[0] as u8), (12, 1));
    assert_eq!(
        start.liberties(Some(57)),
        vec![82, 68, 42, 30, 32, 46, 72, 84]
    );
    assert_eq!(start.player(), 0);
    assert_eq!(start.result(57).unwrap().player(), 1);
    assert_eq!(start.utility(0), 0.0);
    let mut end = state;
    while !end.terminal_test() {
        end = end.result(end.actions()[0]).unwrap();
    }
    assert_eq!(end.board(), 36349881425809777517250506995532800);
    assert_eq!(end.ply_count(), 84);
    assert_eq!(end.locs(), [Some(32), Some(21)]);
    assert_eq!(end.utility(0), f64::NEG_INFINITY);
    assert_eq!(end.utility(1), f64::INFINITY);
    assert!(state.result(99).is_err(), "not a knight offset");
    assert!(start.result(11).is_err(), "cell 11 is a border bit");
}

fn rc(v: &Value) -> Option<(u8, u8)> {
    v.as_array()
        .map(|a| (a[0].as_u64().unwrap() as u8, a[1].as_u64().unwrap() as u8))
}

#[test]
fn aind_7x7_games_match_legal_moves_and_heuristics() {
    let v = Variant::get(7, 7, Rules::Aind).unwrap();
    let mut state = Isolation::new(v);
    let mut positions = 0;
    for rec in records(include_str!("data/aind7x7_random_games.jsonl")) {
        if rec["move_count"].as_u64() == Some(0) {
            state = Isolation::new(v);
        }
        let ctx = format!("game {} move {}", rec["game"], rec["move_count"]);
        let to_move = if rec["active"] == "P1" {
            Player::P0
        } else {
            Player::P1
        };
        assert_eq!(state.to_move(), to_move, "{ctx}");
        assert_eq!(
            state.loc(Player::P0).map(|c| v.row_col(c)),
            rc(&rec["loc_p1"]),
            "{ctx}"
        );
        assert_eq!(
            state.loc(Player::P1).map(|c| v.row_col(c)),
            rc(&rec["loc_p2"]),
            "{ctx}"
        );
        let mut blocked: Vec<(u8, u8)> = (v.blank - state.open_cells())
            .iter()
            .map(|c| v.row_col(c))
            .collect();
        blocked.sort();
        let expected: Vec<(u8, u8)> = rec["blocked"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| rc(x).unwrap())
            .collect();
        assert_eq!(blocked, expected, "{ctx}: blocked cells");

        // Each player's legal moves in AIND's order: (row, col) ascending.
        for (player, field) in [(Player::P0, "legal_p1"), (Player::P1, "legal_p2")] {
            let mut cells: Vec<u8> = state.liberty_cells(state.loc(player)).iter().collect();
            cells.reverse();
            let ours: Vec<(u8, u8)> = cells.into_iter().map(|c| v.row_col(c)).collect();
            let theirs: Vec<(u8, u8)> = rec[field]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| rc(x).unwrap())
                .collect();
            assert_eq!(ours, theirs, "{ctx}: {field}");
        }
        let legal: Vec<String> = state
            .legal_moves()
            .iter()
            .map(|&m| state.format_move(m))
            .collect();
        let active_field = if to_move == Player::P0 {
            "legal_p1"
        } else {
            "legal_p2"
        };
        let expected: Vec<String> = rec[active_field]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| format!("({},{})", x[0], x[1]))
            .collect();
        assert_eq!(legal, expected, "{ctx}: moves in notation");

        for (player, key) in [(Player::P0, "P1"), (Player::P1, "P2")] {
            let scores = &rec["scores"][key];
            let winner = scores["is_winner"].as_bool().unwrap();
            let loser = scores["is_loser"].as_bool().unwrap();
            match state.outcome() {
                Some(Outcome::Win(w)) => {
                    assert_eq!(w == player, winner, "{ctx}");
                    assert_eq!(w != player, loser, "{ctx}");
                    assert_eq!(
                        scores["utility"].as_i64().unwrap(),
                        if winner { 1_000_000 } else { -1_000_000 }
                    );
                }
                _ => {
                    assert!(!winner && !loser, "{ctx}");
                    assert_eq!(scores["utility"], 0, "{ctx}");
                    let f = |h: Heuristic| h.evaluate(&state, player) as f64;
                    assert_eq!(
                        f(Heuristic::Null),
                        scores["null"].as_f64().unwrap(),
                        "{ctx}"
                    );
                    assert_eq!(
                        f(Heuristic::Open),
                        scores["open"].as_f64().unwrap(),
                        "{ctx}"
                    );
                    assert_eq!(
                        f(Heuristic::Improved),
                        scores["improved"].as_f64().unwrap(),
                        "{ctx}"
                    );
                    if let Some(center) = scores.get("center") {
                        assert_eq!(
                            f(Heuristic::Center) / 4.0,
                            center.as_f64().unwrap(),
                            "{ctx}: center"
                        );
                    }
                }
            }
        }
        if let Some((row, col)) = rc(&rec["move"]) {
            state = state
                .parse_move(&format!("({row}, {col})"))
                .map(|m| state.play(m))
                .unwrap();
        } else {
            assert!(state.is_terminal(), "{ctx}");
        }
        positions += 1;
    }
    assert_eq!(positions, 859);
}

#[test]
fn aind_7x7_perft_from_the_empty_board() {
    let start = Isolation::from_spec("isolation(rules=aind)").unwrap();
    assert_eq!(perft(&start, 1, Count::Leaves), 49);
    assert_eq!(perft(&start, 2, Count::Leaves), 2352);
    assert_eq!(perft(&start, 3, Count::Leaves), 11280);
}
