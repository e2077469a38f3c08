//! The `ply` command end to end, through the built binary: the contract of DESIGN.md.

mod common;

use common::ply_with_input;
use serde_json::Value;
use std::process::{Command, Output};

fn ply(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .output()
        .expect("the ply binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

/// Each case must fail with exit code 2 and exactly one line on stderr containing the needle,
/// nothing on stdout and no panic.
fn assert_rejected(cases: &[(&[&str], &str)]) {
    for (args, needle) in cases {
        let out = ply(args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(
            err.trim_end().lines().count(),
            1,
            "{args:?}: one line, got {err:?}"
        );
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(
            err.contains(needle),
            "{args:?}: {err:?} should contain {needle:?}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(stdout(&out).is_empty(), "{args:?}: nothing on stdout");
    }
}

#[test]
fn perft_prints_one_line_per_depth() {
    let out = ply(&["perft", "isolation", "--depth", "4"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let counts: Vec<String> = stdout(&out)
        .lines()
        .map(|l| l.split(" (").next().unwrap().to_string())
        .collect();
    assert_eq!(
        counts,
        [
            "depth 1: 99",
            "depth 2: 9702",
            "depth 3: 55096",
            "depth 4: 309168"
        ]
    );
    assert!(stdout(&out).contains("M leaves/s"));
}

#[test]
fn perft_strict_counting_and_moves() {
    let out = ply(&[
        "perft",
        "isolation",
        "--moves",
        "57,0",
        "--depth",
        "8",
        "--count",
        "strict",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out)
        .lines()
        .last()
        .unwrap()
        .starts_with("depth 8: 341228 "));
}

#[test]
fn perft_divide_lists_root_moves_in_action_order() {
    let out = ply(&[
        "perft",
        "isolation",
        "--moves",
        "57,0",
        "--depth",
        "3",
        "--divide",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    let moves: Vec<&str> = lines[..8]
        .iter()
        .map(|l| l.split(':').next().unwrap())
        .collect();
    assert_eq!(moves, ["25", "11", "-15", "-27", "-25", "-11", "15", "27"]);
    let sum: u64 = lines[..8]
        .iter()
        .map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 109);
    assert!(lines[8].starts_with("depth 3: 109 "));
}

#[test]
fn perft_from_a_python_repr_position() {
    let out = ply(&[
        "perft",
        "isolation",
        "--from",
        "Isolation(board=41523161203939121938568444148443134, ply_count=2, locs=(57, 0))",
        "--depth",
        "2",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("depth 2: 16 "));
}

#[test]
fn aind_perft_and_row_col_moves() {
    let out = ply(&[
        "perft",
        "isolation(width=7,height=7,rules=aind)",
        "--depth",
        "3",
    ]);
    assert!(stdout(&out).contains("depth 3: 11280 "), "{}", stderr(&out));
    let out = ply(&[
        "replay",
        "isolation(rules=aind)",
        "--moves",
        "(2,3),(0,0)",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let last: Value = serde_json::from_str(stdout(&out).lines().last().unwrap()).unwrap();
    assert_eq!(
        last["legal"],
        serde_json::json!(["(0,2)", "(0,4)", "(1,1)", "(1,5)", "(3,1)", "(3,5)", "(4,2)", "(4,4)"])
    );
}

/// Replays the first recorded games of the original and compares each JSON line with the
/// record of the same position.
#[test]
fn replay_json_matches_the_original_games() {
    let text = include_str!("../../../games/isolation/tests/data/random_games.jsonl");
    let records: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for game in 0..5 {
        let positions: Vec<&Value> = records.iter().filter(|r| r["game"] == game).collect();
        let moves: Vec<String> = positions
            .iter()
            .filter_map(|r| r["action"].as_i64())
            .map(|a| a.to_string())
            .collect();
        let out = ply(&["replay", "isolation", "--moves", &moves.join(","), "--json"]);
        assert!(out.status.success(), "{}", stderr(&out));
        let lines: Vec<Value> = stdout(&out)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(
            lines.len(),
            positions.len(),
            "game {game}: one line per position"
        );
        for (ours, theirs) in lines.iter().zip(&positions) {
            let ctx = format!("game {game} ply {}", theirs["ply"]);
            assert_eq!(ours["ply"], theirs["ply_count"], "{ctx}");
            assert_eq!(ours["ply_count"], theirs["ply_count"], "{ctx}");
            assert_eq!(ours["board"], theirs["board"], "{ctx}");
            assert_eq!(ours["locs"], theirs["locs"], "{ctx}");
            assert_eq!(ours["to_move"], theirs["player"], "{ctx}");
            assert_eq!(ours["actions"], theirs["actions"], "{ctx}");
            assert_eq!(ours["terminal"], theirs["terminal"], "{ctx}");
            assert_eq!(
                ours["utility"],
                serde_json::json!([theirs["utility0"], theirs["utility1"]]),
                "{ctx}"
            );
            assert_eq!(ours["has_liberties"], theirs["has_liberties"], "{ctx}");
            assert_eq!(
                ours["liberties"],
                serde_json::json!([theirs["liberties0"], theirs["liberties1"]]),
                "{ctx}"
            );
            let legal: Vec<String> = if theirs["terminal"] == true {
                vec![]
            } else {
                theirs["actions"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|a| a.to_string())
                    .collect()
            };
            assert_eq!(ours["legal"], serde_json::json!(legal), "{ctx}");
        }
    }
}

#[test]
fn replay_without_json_draws_the_board() {
    let out = ply(&["replay", "isolation", "--moves", "57,0"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("ply 2: after 0"));
    // Coordinates along the edges; player 1 on cell 0, the bottom-right corner (8,10).
    assert!(text.contains("      0   1   2   3   4   5   6   7   8   9   10\n"));
    assert!(text.contains("  8 |   |   |   |   |   |   |   |   |   |   | 1 |"));
    assert!(text.contains("  4 |   |   |   |   |   | 0 |"));
    assert!(text.contains("0: player 0, 1: player 1, X: blocked; cells are (row,col)"));
}

/// Hostile input is echoed on one short line: a 100 KB spec, a newline inside a move.
#[test]
fn errors_echo_input_on_one_short_line() {
    let huge = format!("isolation({})", "w".repeat(100_000));
    for (args, needle) in [
        (
            vec!["perft", huge.as_str(), "--depth", "1"],
            "... (100000 characters)",
        ),
        (
            vec!["replay", "isolation", "--moves", "57,\n0,zz"],
            "bad move `zz`",
        ),
        (
            vec!["perft", "isol\nation", "--depth", "1"],
            "`isol\\nation`",
        ),
    ] {
        let out = ply(&args);
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.len() < 400, "{} bytes", err.len());
        assert!(err.contains(needle), "{err}");
    }
}

/// Bad input: exit code 2, exactly one line on stderr that names the bad part, no panic.
#[test]
fn bad_input_gets_one_line_and_exit_code_2() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["perft", "chess", "--depth", "2"],
            "bad game `chess`: expected one of isolation",
        ),
        (
            &["perft", "isolation(rules=chess)", "--depth", "2"],
            "rules=chess",
        ),
        (
            &["perft", "isolation(width=40)", "--depth", "2"],
            "bad board size `40x9`",
        ),
        (
            &["perft", "isolation(colour=red)", "--depth", "2"],
            "bad isolation parameter `colour`: expected one of width, height, rules, players",
        ),
        (
            &["perft", "isolation", "--depth", "two"],
            "invalid value 'two'",
        ),
        (
            &["serve", "--host", "localhost:80"],
            "bad --host `localhost:80`",
        ),
        (
            &["serve", "--host", "0.0.0.0", "--port", "0"],
            "or --public to serve a network on purpose",
        ),
        (
            &["search", "isolation", "alphabeta(tt=64GiB)"],
            "not enough memory",
        ),
        (
            &["solve", "tictactoe", "--tt", "64GiB"],
            "not enough memory",
        ),
        (
            &[
                "arena",
                "--game",
                "tictactoe",
                "--agent",
                "random",
                "--agent",
                "greedy",
                "--opening-plies",
                "1000",
            ],
            "bad --opening-plies `1000`",
        ),
        (
            &[
                "arena",
                "--game",
                "tictactoe",
                "--agent",
                "random",
                "--agent",
                "greedy",
                "--csv",
                "/proc/ply-no-such/a.csv",
            ],
            "cannot write `/proc/ply-no-such/a.csv`",
        ),
        (
            &[
                "replay",
                "nim",
                "--from",
                "3,4,5 4294967295",
                "--moves",
                "1:1",
            ],
            "bad position `3,4,5 4294967295`",
        ),
        (
            &[
                "replay",
                "onitama(max-plies=0)",
                "--from",
                "bbBbb...............wwWww frog,horse mantis,cobra dragon 0 4294967295",
                "--moves",
                "frog:B1-A2",
            ],
            "up to 1000000",
        ),
        (
            &["ablate", "--positions", "100000000000"],
            "bad --positions `100000000000`",
        ),
        (
            &[
                "arena",
                "--agent",
                "random",
                "--agent",
                "greedy",
                "--tolerance",
                "5ms",
            ],
            "expected --move-time too",
        ),
        (
            &[
                "search",
                "isolation",
                "minimax(depth=4)",
                "--tree",
                "/tmp/ply-too-big.svg",
            ],
            "too many to draw",
        ),
        (
            &["play", "tictactoe", "--record", "/proc/ply-no-such/x.jsonl"],
            "/proc/ply-no-such",
        ),
        (
            &["serve", "--max-time", "forever"],
            "bad --max-time `forever`",
        ),
        (&["serve", "--max-searches", "0"], "bad --max-searches `0`"),
        (&["serve", "--max-tt", "lots"], "bad --max-tt `lots`"),
        (&["serve", "--records", "/no/such/folder"], "bad --records"),
        (
            &["perft", "isolation"],
            "not provided: --depth <D>; usage: ply perft",
        ),
        (
            &["perft", "isolation", "--depth", "2", "--count", "some"],
            "invalid value 'some'",
        ),
        (
            &["perft", "isolation", "--depth", "2", "--frobnicate"],
            "unexpected argument '--frobnicate'",
        ),
        (
            &["replay", "isolation", "--moves", "57,57"],
            "bad move `57`: expected an open cell index",
        ),
        (
            &["replay", "isolation", "--moves", "57,0,99"],
            "bad move `99`: expected a legal action: 25, 11, -15, -27, -25, -11, 15, 27",
        ),
        (
            &["replay", "isolation", "--moves", "57,,0"],
            "bad move list",
        ),
        (
            &["replay", "isolation", "--from", "12 3", "--moves", "1"],
            "bad position `12 3`",
        ),
        (
            &["replay", "isolation", "--from", "1 0 - -", "--moves", "1"],
            "bad move `1`",
        ),
        (
            &[
                "replay",
                "isolation",
                "--from",
                "41523161203939122082683632224299007 1 57 -",
            ],
            "cell 57 is open",
        ),
        (
            &["replay", "isolation(rules=aind)", "--moves", "(9,9)"],
            "bad move `(9,9)`",
        ),
        (&["nosuchcommand"], "unrecognized subcommand"),
    ];
    assert_rejected(cases);
}

#[test]
fn help_and_version_exit_zero() {
    let out = ply(&["--help"]);
    assert!(out.status.success());
    assert!(stdout(&out).contains("perft"));
    let out = ply(&["--version"]);
    assert!(out.status.success());
}

#[test]
fn search_prints_iterations_and_the_best_move() {
    let out = ply(&[
        "search",
        "isolation",
        "alphabeta(depth=6)",
        "--moves",
        "57,0",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let iterations = text.lines().filter(|l| l.starts_with("depth ")).count();
    assert_eq!(iterations, 6, "{text}");
    assert!(text.contains("best move "), "{text}");
    assert!(text.contains("tt: "), "{text}");
    assert!(text.contains("% on the first move"), "{text}");
}

#[test]
fn search_json_carries_the_full_stats() {
    // Depth 8: knight Isolation's table starts at 6 plies to go, so the probes are counted.
    let out = ply(&[
        "search",
        "isolation",
        "alphabeta(depth=8,tt=1MiB)",
        "--moves",
        "57,0",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(v["stats"]["algorithm"], "alphabeta");
    assert_eq!(v["stats"]["iterations"].as_array().unwrap().len(), 8);
    assert!(v["stats"]["tt"]["probes"].as_u64().unwrap() > 0);
    assert!(v["stats"]["cutoffs"]["beta_cutoffs"].as_u64().unwrap() > 0);
    let best = v["best_move"].as_str().unwrap();
    assert_eq!(v["pv"][0].as_str().unwrap(), best);
    // Deterministic: the same search again gives the same move, score and nodes.
    let again: Value = serde_json::from_str(
        stdout(&ply(&[
            "search",
            "isolation",
            "alphabeta(depth=8,tt=1MiB)",
            "--moves",
            "57,0",
            "--json",
        ]))
        .trim(),
    )
    .unwrap();
    assert_eq!(
        (&v["best_move"], &v["score"], &v["stats"]["nodes"]),
        (
            &again["best_move"],
            &again["score"],
            &again["stats"]["nodes"]
        )
    );
}

#[test]
fn search_runs_every_agent_kind_and_explicit_trees() {
    for agent in [
        "random(seed=1)",
        "greedy(eval=open)",
        "minimax(depth=3)",
        "plain-alphabeta(depth=4)",
        "alphabeta(nodes=5000)",
        "alphabeta(time=20ms)",
    ] {
        let out = ply(&["search", "isolation", agent, "--moves", "57,0", "--json"]);
        assert!(out.status.success(), "{agent}: {}", stderr(&out));
        let v: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
        assert!(v["best_move"].is_string(), "{agent}");
    }
    let out = ply(&[
        "search",
        "tree(shape=[[3,12,8],[2,4,6],[14,5,2]])",
        "minimax(depth=2)",
        "--json",
    ]);
    let v: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(
        (v["best_move"].as_str(), v["score"].as_i64()),
        (Some("0"), Some(3))
    );
    assert_eq!(v["stats"]["nodes"], 12, "12 calls of result(): 3 + 9");
}

#[test]
fn search_rejects_bad_agents_and_finished_games() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["search", "isolation", "deepblue"],
            "bad agent `deepblue`: expected one of random, greedy, minimax",
        ),
        (
            &["search", "isolation", "alphabeta(depth=x)"],
            "depth= a whole number from 1 to 100",
        ),
        (
            &["search", "isolation", "alphabeta(eval=smart)"],
            "bad evaluator `smart`: expected one of null, open, improved",
        ),
        (
            &["search", "isolation", "alphabeta(tt=big)"],
            "tt= a size such as 64MiB",
        ),
        (
            &["search", "tree(shape=[1,[]])", "minimax"],
            "bad tree `[1,[]]`: expected nested lists of leaf payoffs",
        ),
        (&["search", "tree(shape=[1,[2,3])", "minimax"], "bad spec"),
        (
            &[
                "search",
                "isolation",
                "minimax",
                "--from",
                "36349881425809777517250506995532800 84 32 21",
            ],
            "this one is over",
        ),
    ];
    assert_rejected(cases);
}

#[test]
fn onitama_perft_replay_and_search() {
    let from = "bbBbb...............wwWww ox,boar horse,elephant crab 0";
    let out = ply(&[
        "perft", "onitama", "--from", from, "--depth", "5", "--count", "strict",
    ]);
    assert!(
        stdout(&out).contains("depth 5: 487752 "),
        "{}",
        stderr(&out)
    );
    let out = ply(&[
        "perft",
        "onitama",
        "--from",
        from,
        "--depth",
        "4",
        "--no-bulk",
    ]);
    assert!(stdout(&out).contains("depth 4: 28509 "), "{}", stderr(&out));
    let out = ply(&[
        "replay",
        "onitama",
        "--moves",
        "frog:B1-A2,mantis:B5-A4",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let lines: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(
        lines[0]["boardzahlen"],
        serde_json::json!([1081377, 1024, 17302032, 16384])
    );
    assert_eq!(lines[0]["seed_cards"], serde_json::json!([2, 3, 14, 8, 10]));
    assert_eq!(lines[1]["side"], "frog");
    let out = ply(&[
        "search",
        "onitama",
        "alphabeta(depth=5,eval=balanced)",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert!(v["best_move"].as_str().unwrap().contains(':'));
}

#[test]
fn onitama_bad_input() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["perft", "onitama(cards=[ox,ox,a,b,c])", "--depth", "1"],
            "cards=[p0,p0,p1,p1,side]",
        ),
        (
            &["perft", "onitama(expansion=more)", "--depth", "1"],
            "expansion= one of none, senseis-path",
        ),
        (
            &["replay", "onitama", "--moves", "frog:B1-B3"],
            "bad move `frog:B1-B3`: expected CARD:FROM-TO or pass:CARD, one of frog:B1-A2",
        ),
        (
            &[
                "replay",
                "onitama",
                "--from",
                "bbBbb...............wwWww ox,boar horse,elephant 0",
            ],
            "bad position",
        ),
        (
            &["search", "onitama", "alphabeta(eval=improved)"],
            "bad evaluator `improved`: expected one of material, mobility, safety, pst, balanced",
        ),
    ];
    assert_rejected(cases);
}

#[test]
fn queen_isolation_through_the_command() {
    let out = ply(&[
        "replay",
        "queen-isolation(preset=quiz)",
        "--moves",
        "(0,0),(1,1)",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let lines: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        lines[0]["legal"],
        serde_json::json!(["(0,0)", "(1,0)", "(2,0)", "(0,1)", "(1,1)"])
    );
    assert_eq!(lines[2]["board"], "1../.2#");
    let out = ply(&[
        "search",
        "queen-isolation(preset=quiz)",
        "minimax(depth=5,eval=null)",
        "--json",
    ]);
    let v: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(v["best_move"], "(0,0)");
    assert_eq!(
        v["score_text"].as_str().unwrap().chars().next(),
        Some('+'),
        "a win for player 0"
    );
    let out = ply(&["perft", "queen-isolation", "--depth", "2"]);
    assert!(
        stdout(&out).contains("depth 2: 600 "),
        "25 x 24 openings: {}",
        stdout(&out)
    );
    let out = ply(&["perft", "queen-isolation(width=9)", "--depth", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("width and height from 1 to 8"));
}

#[test]
fn solve_prints_the_value_winning_moves_and_replies() {
    let out = ply(&[
        "solve",
        "queen-isolation(width=3,height=3)",
        "--all-replies",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("value: player 0 wins"), "{text}");
    assert!(text.contains("winning moves: (1,1)\n"), "{text}");
    assert!(text.contains("after (1,1)    0 of 8: none"), "{text}");
    assert!(text.contains("after (0,0)    1 of 8: (1,1)"), "{text}");

    // The exact distance, as JSON, and the same answer on two threads.
    let json = |threads: &str| -> Value {
        let out = ply(&[
            "solve",
            "isolation(width=4,height=4,rules=standard)",
            "--distance",
            "--threads",
            threads,
            "--json",
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        serde_json::from_str(stdout(&out).trim()).unwrap()
    };
    let (one, two) = (json("1"), json("2"));
    assert!(one["value"].as_i64().unwrap() < 0, "player 1 wins 4x4");
    assert_eq!(one["moves"], two["moves"]);
    assert_eq!(two["stats"]["threads"], 2);
    assert_eq!(one["moves"].as_array().unwrap().len(), 16);

    // From a position, after moves; and a limit that stops it.
    let out = ply(&["solve", "queen-isolation", "--moves", "(2,2),(1,0)"]);
    assert!(
        stdout(&out).contains("value: player 1 wins"),
        "{}",
        stdout(&out)
    );
    let out = ply(&["solve", "queen-isolation", "--nodes", "100"]);
    assert!(out.status.success());
    assert!(
        stdout(&out).contains("not solved: the nodes limit"),
        "{}",
        stdout(&out)
    );
}

/// Connect Four positions from random games, 18 to 25 stones in (Pons' notation).
const CONNECT_FOUR_MIDGAMES: [&str; 8] = [
    "6676776747462225141313",
    "57766337323227251212",
    "5667474446463333421211",
    "474774635352522113",
    "57377575336363523224121",
    "676555643434121121",
    "6776755654463334222222113",
    "6667644446343373632251412",
];

#[test]
fn a_batch_answers_each_line_as_a_solve_of_that_position_would() {
    let one_by_one: Vec<Value> = CONNECT_FOUR_MIDGAMES
        .iter()
        .map(|p| {
            let out = ply(&["solve", "connect-four", "--from", p, "--distance", "--json"]);
            assert!(out.status.success(), "{}", stderr(&out));
            serde_json::from_str(stdout(&out).trim()).unwrap()
        })
        .collect();
    let input = CONNECT_FOUR_MIDGAMES.join("\n") + "\n";
    for threads in ["1", "2"] {
        let out = ply_with_input(
            &[
                "solve",
                "connect-four",
                "--batch",
                "--distance",
                "--json",
                "--threads",
                threads,
            ],
            &input,
        );
        assert!(out.status.success(), "{}", stderr(&out));
        let lines: Vec<Value> = stdout(&out)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), CONNECT_FOUR_MIDGAMES.len());
        for ((line, alone), position) in lines.iter().zip(&one_by_one).zip(CONNECT_FOUR_MIDGAMES) {
            assert_eq!(line["position"], position, "answers in input order");
            assert_eq!(line["value"], alone["value"], "{position}");
            assert_eq!(line["score"], alone["score"], "{position}: Pons' score");
        }
    }
    // Text: one line a position, its value and Pons' score.
    let out = ply_with_input(&["solve", "connect-four", "--batch"], &input);
    let text = stdout(&out);
    assert_eq!(text.lines().count(), CONNECT_FOUR_MIDGAMES.len(), "{text}");
    for (line, alone) in text.lines().zip(&one_by_one) {
        let word = match alone["value"].as_i64().unwrap().signum() {
            1 => "  win, Pons score 1  ",
            -1 => "  loss, Pons score -1  ",
            _ => "  draw, Pons score 0  ",
        };
        assert!(line.contains(word), "{line} for {alone}");
    }
}

#[test]
fn value_answers_one_position_as_its_batch_line() {
    for position in &CONNECT_FOUR_MIDGAMES[..3] {
        let batch = ply_with_input(
            &["solve", "connect-four", "--batch", "--distance", "--json"],
            &format!("{position}\n"),
        );
        let value = ply(&[
            "solve",
            "connect-four",
            "--from",
            position,
            "--value",
            "--distance",
            "--json",
        ]);
        assert!(value.status.success(), "{}", stderr(&value));
        let (batch, value): (Value, Value) = (
            serde_json::from_str(stdout(&batch).trim()).unwrap(),
            serde_json::from_str(stdout(&value).trim()).unwrap(),
        );
        assert_eq!(value["position"], *position);
        assert_eq!(value["value"], batch["value"], "{position}");
        assert_eq!(value["score"], batch["score"], "{position}: Pons' score");
    }
    // The empty board's notation is empty: its line says `start`. A small board is solved.
    let out = ply(&["solve", "connect-four(width=4,height=4)", "--value"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("start  draw"), "{}", stdout(&out));
    common::refused(&ply(&["solve", "pig", "--value"]), "bad --value");
}

#[test]
fn a_bad_batch_line_is_answered_in_its_place_and_the_run_ends_with_exit_2() {
    // A line that is no position, a finished game (four in column 1) and two good positions.
    let input = format!(
        "{}\nnot-a-position\n1212121\n\n{}\n",
        CONNECT_FOUR_MIDGAMES[0], CONNECT_FOUR_MIDGAMES[3]
    );
    let out = ply_with_input(&["solve", "connect-four", "--batch", "--json"], &input);
    let lines: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        lines.len(),
        4,
        "one line an input line, the blank one skipped"
    );
    assert!(lines[0]["outcome"].is_string() && lines[3]["outcome"].is_string());
    assert!(lines[1]["error"]
        .as_str()
        .unwrap()
        .contains("bad position `not-a-position`"));
    assert!(lines[2]["error"].as_str().unwrap().contains("already over"));
    common::refused(&out, "2 of 4 lines refused");
    // Games with dice have no batch.
    let out = ply_with_input(&["solve", "pig", "--batch"], "");
    common::refused(&out, "bad --batch");
}

#[test]
fn solve_rejects_bad_flags() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["solve", "queen-isolation", "--threads", "0"],
            "bad --threads `0`",
        ),
        (
            &["solve", "queen-isolation", "--tt", "lots"],
            "bad --tt `lots`",
        ),
        (
            &["solve", "queen-isolation", "--time", "soon"],
            "bad --time `soon`",
        ),
        (
            &["solve", "queen-isolation", "--moves", "(9,9)"],
            "bad move `(9,9)`",
        ),
        (&["solve", "go"], "bad game `go`"),
        (
            &["solve", "queen-isolation", "--proof-numbers", "0"],
            "bad --proof-numbers `0`",
        ),
    ];
    assert_rejected(cases);
}

#[test]
fn solve_gives_the_same_values_with_each_measured_idea() {
    let values = |extra: &[&str]| -> Vec<i64> {
        let mut args = vec!["solve", "queen-isolation(width=4,height=4)", "--json"];
        args.extend_from_slice(extra);
        let out = ply(&args);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        let v: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
        v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["value"].as_i64().unwrap().signum())
            .collect()
    };
    let plain = values(&[]);
    assert_eq!(plain.len(), 16);
    for extra in [
        &["--etc"][..],
        &["--finer-split", "--threads", "2"],
        &["--proof-numbers", "50"],
    ] {
        assert_eq!(values(extra), plain, "{extra:?}");
    }
}

#[test]
fn search_runs_mcts_with_its_statistics() {
    let out = ply(&[
        "search",
        "isolation",
        "mcts(iterations=500,seed=3)",
        "--moves",
        "57,0",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    let m = &v["stats"]["mcts"];
    assert_eq!(m["iterations"], 500);
    assert_eq!(m["bytes_per_node"], 40);
    assert_eq!(v["stats"]["stopped_by"], "iterations");
    let visits: u64 = m["root_children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["visits"].as_u64().unwrap())
        .sum();
    assert_eq!(visits, 500, "every iteration passes through one root move");
    let out = ply(&[
        "search",
        "queen-isolation(width=3,height=3)",
        "mcts(iterations=100000)",
    ]);
    let text = stdout(&out);
    assert!(text.contains("root proven: win"), "{text}");
    assert!(text.starts_with("best move (1,1)"), "{text}");
}

/// A score claims a distance only when the search knows it: MCTS proves the quiz board won
/// without counting plies, alpha-beta finds the win in 5.
#[test]
fn scores_say_a_distance_only_when_it_is_exact() {
    let quiz = "queen-isolation(preset=quiz)";
    let json = |agent: &str| -> Value {
        let out = ply(&["search", quiz, agent, "--json"]);
        assert!(out.status.success(), "{}", stderr(&out));
        serde_json::from_str(stdout(&out).trim()).unwrap()
    };
    let proven = json("mcts(iterations=20000)");
    assert_eq!(proven["stats"]["stopped_by"], "solved");
    assert_eq!(proven["score_text"], "win");
    assert_eq!(proven["distance_exact"], false);
    let text = stdout(&ply(&["search", quiz, "mcts(iterations=20000)"]));
    assert!(text.contains("score win "), "{text}");
    assert!(!text.contains("+W"), "{text}");

    let exact = json("alphabeta(depth=6)");
    assert_eq!(exact["score_text"], "+W5");
    assert_eq!(exact["distance_exact"], true);
    let heuristic = json("alphabeta(depth=2)");
    assert_eq!(heuristic["distance_exact"], false);

    // A default solve knows win, draw or loss; --distance knows how far.
    let text = stdout(&ply(&["solve", quiz]));
    assert!(
        text.contains("value: player 0 wins (win for player 0)"),
        "{text}"
    );
    let text = stdout(&ply(&["solve", quiz, "--distance"]));
    assert!(text.contains("(win in 5 plies for player 0)"), "{text}");
}

#[test]
fn play_seats_a_person_or_an_agent_in_each_of_three_seats() {
    let file = std::env::temp_dir().join(format!("ply-play-three-{}.jsonl", std::process::id()));
    let _ = std::fs::remove_file(&file);
    let args = |p2: &'static str| {
        vec![
            "play",
            "rolit(players=3,size=6)",
            "--p0",
            "greedy",
            "--p1",
            "random(seed=2)",
            "--p2",
            p2,
            "--record",
            file.to_str().unwrap(),
        ]
    };
    let out = ply_with_input(&args("maxn(depth=1)"), "");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("player 2 (maxn(depth=1)) plays"), "{text}");
    assert!(
        text.trim_end()
            .lines()
            .last()
            .unwrap()
            .starts_with("game over: "),
        "{text}"
    );
    // A person in seat 2 who resigns ends the game: the other two share the win.
    let out = ply_with_input(&args("human"), "resign\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("player 2, your move"), "{text}");
    assert!(
        text.contains("player 2 resigns: the others share the win"),
        "{text}"
    );
    let lines = std::fs::read_to_string(&file).unwrap();
    let records: Vec<Value> = lines
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["players"].as_array().unwrap().len(), 3);
    assert_eq!(records[1]["points"], serde_json::json!([0.5, 0.5, 0.0]));
    assert_eq!(records[1]["faulted"], 2);
    // A seat the game does not have is refused in one line.
    let out = ply(&["play", "tictactoe", "--p2", "greedy"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out).trim(),
        "error: bad --p2: `tictactoe` has 2 players; expected --p0 to --p1"
    );
}

#[test]
fn play_two_agents_to_the_end_and_record_the_game() {
    let file = std::env::temp_dir().join(format!("ply-play-{}.jsonl", std::process::id()));
    let _ = std::fs::remove_file(&file);
    let play = || {
        ply_with_input(
            &[
                "play",
                "isolation(width=5,height=5,rules=standard)",
                "--p0",
                "greedy",
                "--p1",
                "alphabeta(depth=6)",
                "--record",
                file.to_str().unwrap(),
            ],
            "",
        )
    };
    let out = play();
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("player 0 (greedy) plays"), "{text}");
    // Moves are shown where they land too, and the last line says why the game ended.
    assert!(text.contains(" (to ("), "{text}");
    let last = text.trim_end().lines().last().unwrap();
    assert!(
        last.starts_with("game over: player ") && last.ends_with("cannot move"),
        "{last}"
    );
    let line = std::fs::read_to_string(&file).unwrap();
    let record: Value = serde_json::from_str(line.trim()).unwrap();
    assert_eq!(
        record["players"],
        serde_json::json!(["greedy", "alphabeta(depth=6)"])
    );
    assert!(record["moves"].as_array().unwrap().len() >= 4);

    // A second game into the same file: each has an id of its own, so the file's standings
    // read both (an id found twice is refused as a game counted twice).
    let again = play();
    assert!(again.status.success(), "{}", stderr(&again));
    let standings = ply(&["arena", "--from-records", file.to_str().unwrap()]);
    assert!(standings.status.success(), "{}", stderr(&standings));
    assert!(
        stdout(&standings).contains("2 games"),
        "{}",
        stdout(&standings)
    );
    let _ = std::fs::remove_file(&file);
}

#[test]
fn play_answers_a_bad_move_with_the_legal_moves_and_reads_on() {
    let out = ply_with_input(
        &[
            "play",
            "queen-isolation(preset=quiz)",
            "--p1",
            "minimax(depth=5,eval=null)",
        ],
        "(9,9)\nhello\n(0,0)\nresign\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    // The prompt says the move format and the legal moves before asking.
    assert!(
        text.contains(
            "moves: the target cell as (x,y): column x, then row y from the top, e.g. (0,0)\nlegal: (0,0) (1,0) (2,0) (0,1) (1,1)\nplayer 0, your move (or resign): "
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "not a legal move: `(9,9)`; expected the target cell as (x,y): column x, then row y from the top, e.g. (0,0)\nlegal: (0,0) (1,0) (2,0) (0,1) (1,1)"
        ),
        "{text}"
    );
    assert!(text.contains("not a legal move: `hello`"), "{text}");
    assert!(
        text.contains("player 1 (minimax(depth=5,eval=null)) plays"),
        "{text}"
    );
    assert!(text.contains("player 0 resigns"), "{text}");

    // Input that ends before the game: one line on stderr, exit code 2.
    let out = ply_with_input(&["play", "queen-isolation(preset=quiz)"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("it ended before the game did"));
}

/// `--dice ask`: each roll is read from the terminal, a roll that is not an outcome is
/// answered and asked again, and an empty line (or the end of the input) lets ply roll.
#[test]
fn play_asks_for_the_dice() {
    let out = ply_with_input(
        &[
            "play",
            "pig(goal=20)",
            "--p0",
            "expectimax(depth=2)",
            "--p1",
            "greedy",
            "--dice",
            "ask",
            "--dice-seed",
            "5",
        ],
        "6\n6\n\n7\n5\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let rolls: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split("the dice: ").nth(1))
        .collect();
    assert_eq!(rolls[..2], ["6", "6"], "{text}");
    assert!(
        text.contains("the dice for player 0: type the roll (the die's face, 1 to 6)"),
        "{text}"
    );
    assert!(
        text.contains("bad move `7`: expected the die's face, 1 to 6"),
        "{text}"
    );
    assert_eq!(rolls[3], "5", "{text}");
    assert!(text
        .trim_end()
        .lines()
        .last()
        .unwrap()
        .starts_with("game over"));
    // A bad --dice value is one line naming the accepted ones.
    let out = ply_with_input(&["play", "pig", "--dice", "throw"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("throw"), "{}", stderr(&out));
}

#[test]
fn search_draws_the_explored_tree_of_a_course_agent() {
    let dir = std::env::temp_dir();
    let dot = dir.join(format!("ply-tree-{}.dot", std::process::id()));
    let svg = dir.join(format!("ply-tree-{}.svg", std::process::id()));
    let tree = "tree(shape=[[3,12,8],[2,4,6],[14,5,2]])";
    let out = ply(&[
        "search",
        tree,
        "plain-alphabeta(depth=2,eval=null)",
        "--tree",
        dot.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&dot).unwrap();
    assert_eq!(text.matches("label=\"pruned\"").count(), 2, "{text}");
    assert!(
        text.contains("n_1 [shape=invtriangle, label=\"#6 2 [3, +inf]\"]"),
        "{text}"
    );
    let out = ply(&[
        "search",
        tree,
        "minimax(depth=2,eval=null)",
        "--tree",
        svg.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg") && !text.contains("pruned"));
    assert_rejected(&[(
        &[
            "search",
            tree,
            "alphabeta(depth=2)",
            "--tree",
            dot.to_str().unwrap(),
        ],
        "expected minimax(...) or plain-alphabeta(...)",
    )]);
    let _ = std::fs::remove_file(&dot);
    let _ = std::fs::remove_file(&svg);
}

/// The tutorial's games run under every subcommand once registered (docs/tutorial.md, section 6).
#[test]
fn the_tutorial_games_are_under_the_command() {
    let out = ply(&["perft", "tictactoe", "--depth", "9"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("depth 9: 255168 "),
        "{}",
        stdout(&out)
    );

    let out = ply(&["solve", "tictactoe", "--json"]);
    let solved: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(solved["value"], 0, "tic-tac-toe is a draw");

    let out = ply(&["solve", "nim(heaps=[1,2,3,4])", "--json"]);
    let solved: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert!(
        solved["value"].as_i64().unwrap() > 0,
        "1^2^3^4 = 4: the mover wins"
    );

    let out = ply(&["search", "nim(heaps=[2,2])", "mcts(iterations=5000,seed=1)"]);
    assert!(stdout(&out).contains("best move "), "{}", stdout(&out));

    let record = std::env::temp_dir().join(format!("ply-ttt-{}.jsonl", std::process::id()));
    let out = ply(&[
        "arena",
        "--game",
        "tictactoe",
        "--agent",
        "random",
        "--agent",
        "alphabeta(depth=9)",
        "--openings",
        "2",
        "--quiet",
        "--json",
        "--out",
        record.to_str().unwrap(),
    ]);
    let _ = std::fs::remove_file(&record);
    assert!(out.status.success(), "{}", stderr(&out));
    let standings: Value = serde_json::from_str(&stdout(&out)).unwrap();
    let searcher = &standings["agents"][1];
    assert_eq!(searcher["agent"], "alphabeta(depth=9)");
    assert_eq!(
        searcher["record"]["losses"], 0,
        "a full-depth search never loses tic-tac-toe"
    );

    assert_rejected(&[
        (
            &["perft", "nim(heaps=[3,x])", "--depth", "1"],
            "heaps=[A,B,...]",
        ),
        (
            &["perft", "nim(heaps=[16])", "--depth", "1"],
            "at most 8 heaps of 0 to 15",
        ),
        (&["perft", "nim(stones=3)", "--depth", "1"], "stones"),
        (&["perft", "tictactoe(size=4)", "--depth", "1"], "size"),
        (&["search", "tictactoe", "alphabeta(eval=open)"], "null"),
        (
            &["perft", "tictactoe", "--moves", "4,4", "--depth", "1"],
            "an empty cell from 0 to 8",
        ),
    ]);
}

/// `ply ablate`: every variant, deterministic node counts, scores equal across variants.
#[test]
fn ablate_measures_each_enhancement_on_the_same_positions() {
    let args = [
        "ablate",
        "--game",
        "isolation(width=5,height=5)",
        "--game",
        "tictactoe",
        "--depth",
        "6",
        "--positions",
        "3",
        "--json",
    ];
    let first = ply(&args);
    assert!(first.status.success(), "{}", stderr(&first));
    let games: Value = serde_json::from_str(&stdout(&first)).unwrap();
    let games = games.as_array().unwrap();
    assert_eq!(games.len(), 2);
    for game in games {
        assert_eq!(game["depth"], 6);
        assert_eq!(game["scores_agree"], true, "{game}");
        let variants = game["variants"].as_array().unwrap();
        assert_eq!(variants.len(), 10);
        assert_eq!(variants[0]["agent"], "alphabeta(depth=6)");
        assert_eq!(variants[0]["ratio"], 1.0);
        assert!(variants.iter().all(|v| v["nodes"].as_u64().unwrap() > 0));
        let all_off = &variants[9];
        assert!(all_off["agent"]
            .as_str()
            .unwrap()
            .contains("tt=off,ttmove=off,id=off"));
    }
    // Node counts are a property of the positions and the switches, not of the run.
    let again: Value = serde_json::from_str(&stdout(&ply(&args))).unwrap();
    let nodes = |v: &Value| -> Vec<u64> {
        v.as_array()
            .unwrap()
            .iter()
            .flat_map(|g| {
                g["variants"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|l| l["nodes"].as_u64().unwrap())
            })
            .collect()
    };
    assert_eq!(nodes(&again), nodes(&Value::Array(games.clone())));

    assert_rejected(&[
        (&["ablate", "--depth", "0"], "--depth"),
        (&["ablate", "--positions", "0"], "--positions"),
        (&["ablate", "--game", "chess"], "bad game `chess`"),
    ]);
}

/// Output that cannot be written (a full disk) is a one-line error, not a silent exit; a
/// reader that stops early is not.
#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_named_and_a_closed_pipe_is_not() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ply"))
        .arg("games")
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("cannot write output"), "{err}");

    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_ply"))
        .arg("games")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader is gone before a byte is read
    let out = child.wait_with_output().unwrap();
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
