//! `ply serve` end to end: the real server on a free loopback port, spoken to over HTTP. Its
//! answers are the command's (the same registry, agent specs and JSON); bad input is a 4xx
//! with a one-line JSON error; searches are capped, stoppable and cancelled by a client that
//! goes away; the course trace reaches the GameState quiz's counts; record files are read
//! only from the folder given.

mod common;

use common::server::Server;
use ply_serve::client::{get, post, request, EventStream};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::process::Command;
use std::time::{Duration, Instant};

fn ply(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Posts and expects 200.
fn ok(addr: SocketAddr, path: &str, body: Value) -> Value {
    let reply = post(addr, path, &body).unwrap();
    assert_eq!(reply.status, 200, "{path} {body}: {}", reply.body);
    reply.json()
}

/// Posts and expects `status` with a one-line error that mentions `needle`.
fn refused(addr: SocketAddr, path: &str, body: &str, status: u16, needle: &str) {
    let reply = request(addr, "POST", path, Some(body)).unwrap();
    assert_eq!(reply.status, status, "{path} {body}: {}", reply.body);
    let error = reply.json()["error"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(!error.contains('\n'), "{error}");
    assert!(
        error.contains(needle),
        "{path} {body}: {error:?} lacks {needle:?}"
    );
}

fn running(addr: SocketAddr) -> u64 {
    get(addr, "/api/status").unwrap().json()["searches_running"]
        .as_u64()
        .unwrap()
}

/// Waits until no search runs (or fails after `limit`).
fn wait_idle(addr: SocketAddr, limit: Duration) {
    let start = Instant::now();
    while running(addr) > 0 {
        assert!(
            start.elapsed() < limit,
            "a search still runs after {limit:?}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn the_page_and_the_game_list_are_served() {
    let server = Server::start(&[]);
    let page = get(server.addr, "/").unwrap();
    assert_eq!(page.status, 200);
    assert!(page.body.contains("<script src=\"/app.js\">"));
    for asset in ["/app.js", "/style.css"] {
        assert_eq!(get(server.addr, asset).unwrap().status, 200);
    }
    let catalog = get(server.addr, "/api/games").unwrap().json();
    let names: Vec<&str> = catalog["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    for info in ply_registry::GAMES {
        assert!(names.contains(&info.name), "{} missing", info.name);
    }
    // Every variant the form offers is a game the server plays.
    for variant in catalog["variants"].as_array().unwrap() {
        let spec = variant["spec"].as_str().unwrap();
        let state = ok(server.addr, "/api/state", json!({"game": spec}));
        assert!(!state["moves"].as_array().unwrap().is_empty(), "{spec}");
    }
    for agent in catalog["agent_choices"].as_array().unwrap() {
        let agent = agent.as_str().unwrap();
        ply_search::agents::build_agent::<ply_search::tree::Tree>(agent)
            .unwrap_or_else(|e| panic!("{agent}: {e}"));
    }
}

#[test]
fn a_state_is_ply_replays_json_plus_the_board_and_the_cells_of_each_move() {
    let server = Server::start(&[]);
    let moves = "57,0,25";
    let replayed = ply(&["replay", "isolation", "--moves", moves, "--json"]);
    let last: Value = serde_json::from_str(replayed.lines().last().unwrap()).unwrap();
    let state = ok(
        server.addr,
        "/api/state",
        json!({"game": "isolation", "moves": moves}),
    );
    for (key, value) in last.as_object().unwrap() {
        assert_eq!(&state[key], value, "field {key}");
    }
    // A move list as JSON is the same as one string.
    let listed = ok(
        server.addr,
        "/api/state",
        json!({"game": "isolation", "moves": ["57", "0", "25"]}),
    );
    assert_eq!(listed["position"], state["position"]);
    let grid = &state["grid"];
    assert_eq!(
        (grid["width"].as_u64(), grid["height"].as_u64()),
        (Some(11), Some(9))
    );
    let legal: Vec<&str> = state["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let moves: Vec<&str> = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(legal, moves);
    // Player 1's knight moves: every move leaves its cell and lands on an empty one.
    for m in state["moves"].as_array().unwrap() {
        let (from, to) = (
            m["from"].as_u64().unwrap() as usize,
            m["to"].as_u64().unwrap() as usize,
        );
        assert_eq!(grid["cells"][from]["owner"], 1);
        assert_eq!(grid["cells"][to]["mark"], "empty");
    }
    // Onitama: each move names its card, from and to.
    let onitama = ok(server.addr, "/api/state", json!({"game": "onitama"}));
    assert!(onitama["grid"]["caption"].as_array().unwrap().len() >= 3);
    assert!(onitama["moves"]
        .as_array()
        .unwrap()
        .iter()
        .all(|m| m["from"].is_u64() && m["move"].as_str().unwrap().contains(':')));
    // The end of a game says who won.
    let over = ok(
        server.addr,
        "/api/state",
        json!({"game": "tictactoe", "moves": "0,3,1,4,2"}),
    );
    assert_eq!(
        (over["terminal"].as_bool(), over["result"].as_str()),
        (Some(true), Some("player 0 wins"))
    );
    // ... by which rule and line, and the last move's cells; moves read as on the board.
    assert_eq!(over["end_reason"], "player 0 has three in a row");
    assert_eq!(over["winning_cells"], json!([0, 1, 2]));
    assert_eq!(
        over["last_move"],
        json!({"move": "2", "label": "2", "from": null, "to": 2, "then": null})
    );
    assert_eq!(over["move_labels"], json!(["0", "3", "1", "4", "2"]));
    // Cells 57 and 0, then 57's knight 25 up to 82 (row 0 at the top, column 0 at the west).
    assert_eq!(state["move_labels"], json!(["(4,5)", "(8,10)", "(2,6)"]));
    assert!(state["moves"][0]["label"]
        .as_str()
        .unwrap()
        .starts_with('('));
    assert!(ok(server.addr, "/api/state", json!({"game": "tictactoe"}))["last_move"].is_null());
}

#[test]
fn a_search_answers_as_ply_search_json_does() {
    let server = Server::start(&[]);
    let agent = "alphabeta(depth=5)";
    let cli: Value = serde_json::from_str(&ply(&[
        "search",
        "isolation",
        agent,
        "--moves",
        "57,0",
        "--json",
    ]))
    .unwrap();
    let served = ok(
        server.addr,
        "/api/search",
        json!({"game": "isolation", "moves": "57,0", "agent": agent}),
    );
    for key in [
        "agent",
        "position",
        "best_move",
        "score",
        "score_text",
        "pv",
    ] {
        assert_eq!(served[key], cli[key], "{key}");
    }
    assert_eq!(served["stats"]["nodes"], cli["stats"]["nodes"]);
    assert_eq!(
        served["pv_cells"].as_array().unwrap().len(),
        served["pv"].as_array().unwrap().len()
    );
}

#[test]
fn bad_input_gets_a_4xx_with_a_one_line_json_error() {
    let dir = std::env::temp_dir().join(format!("ply-serve-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let server = Server::start(&["--records", dir.to_str().unwrap(), "--max-body", "4KiB"]);
    let a = server.addr;
    refused(a, "/api/state", "{not json", 400, "bad request body");
    refused(a, "/api/state", "[1,2]", 400, "expected a JSON object");
    refused(a, "/api/state", r#"{"moves": "1"}"#, 400, "game");
    refused(a, "/api/state", r#"{"game": "chess"}"#, 400, "isolation");
    refused(
        a,
        "/api/state",
        r#"{"game": "isolation(width=500)"}"#,
        400,
        "width",
    );
    refused(
        a,
        "/api/state",
        r#"{"game": "isolation", "moves": "57,0,25,-11"}"#,
        400,
        "-11",
    );
    refused(
        a,
        "/api/state",
        r#"{"game": "tictactoe", "moves": "0,3,1,4,2,5"}"#,
        409,
        "over",
    );
    refused(
        a,
        "/api/state",
        r#"{"game": "isolation", "position": "garbage"}"#,
        400,
        "garbage",
    );
    refused(
        a,
        "/api/search",
        r#"{"game": "isolation", "agent": "alphabeta(depth=1000)"}"#,
        400,
        "depth",
    );
    refused(
        a,
        "/api/search",
        r#"{"game": "isolation", "agent": "alphabeta(tt=64GiB)"}"#,
        400,
        "max-tt",
    );
    refused(
        a,
        "/api/search",
        r#"{"game": "isolation", "agent": "mcts(memory=8GiB)"}"#,
        400,
        "memory= above this server's cap",
    );
    refused(
        a,
        "/api/search",
        r#"{"game": "isolation", "agent": "mcts(iterations=999999999999)"}"#,
        400,
        "max-nodes",
    );
    refused(
        a,
        "/api/search",
        r#"{"game": "isolation", "agent": "mcts(threads=256)"}"#,
        400,
        "cores",
    );
    refused(
        a,
        "/api/search",
        r#"{"game": "isolation", "agent": "external(cmd=\"rm -rf /\")"}"#,
        400,
        "external",
    );
    refused(
        a,
        "/api/search",
        r#"{"game": "tictactoe", "moves": "0,3,1,4,2", "agent": "random"}"#,
        409,
        "over",
    );
    refused(
        a,
        "/api/trace",
        r#"{"game": "tictactoe", "algorithm": "negamax"}"#,
        400,
        "minimax, alphabeta, expectimax or maxn",
    );
    // Dice are rolled only where they are due: not at a player's move, not after the end.
    refused(
        a,
        "/api/roll",
        r#"{"game": "pig"}"#,
        400,
        "expected a position where the dice are rolled",
    );
    refused(
        a,
        "/api/roll",
        r#"{"game": "chance-tree(shape=[1,~[2,3]])", "moves": "0"}"#,
        409,
        "this one is over",
    );
    refused(
        a,
        "/api/trace",
        r#"{"game": "isolation", "algorithm": "minimax", "depth": 6}"#,
        422,
        "too big",
    );
    let big = format!(
        r#"{{"game": "isolation", "moves": "{}"}}"#,
        "1,".repeat(4096)
    );
    refused(a, "/api/state", &big, 413, "bad request body");
    for name in [
        "../secret.jsonl",
        "/etc/passwd",
        "..",
        "games.txt",
        "%2e%2e%2fx.jsonl",
        "sub/x.jsonl",
    ] {
        let reply = get(a, &format!("/api/records/file?name={name}")).unwrap();
        assert_eq!(reply.status, 404, "{name}: {}", reply.body);
        assert!(reply.json()["error"]
            .as_str()
            .unwrap()
            .contains("records folder"));
    }
    // A link inside the folder that leads out of it is refused too.
    #[cfg(unix)]
    {
        let outside = dir.with_extension("outside.jsonl");
        std::fs::write(&outside, "").unwrap();
        let _ = std::os::unix::fs::symlink(&outside, dir.join("link.jsonl"));
        assert_eq!(
            get(a, "/api/records/file?name=link.jsonl").unwrap().status,
            404
        );
    }
    let missing = get(a, "/api/nothing").unwrap();
    assert_eq!(missing.status, 404);
    assert!(missing.json()["error"].as_str().unwrap().contains("/api"));
    // Still serving after all that.
    ok(a, "/api/state", json!({"game": "isolation"}));
}

/// Reads events until `result`, returning all of them.
fn events_until_result(stream: &mut EventStream) -> Vec<(String, Value)> {
    let mut events = Vec::new();
    while let Some(event) = stream.next_event().unwrap() {
        let last = event.0 == "result" || event.0 == "error";
        events.push(event);
        if last {
            break;
        }
    }
    events
}

#[test]
fn a_live_search_streams_each_iteration_then_its_answer() {
    let server = Server::start(&[]);
    let agent = "alphabeta(depth=6)";
    let mut stream = EventStream::open(
        server.addr,
        &format!("/api/live?game=isolation&moves=57,0&agent={agent}"),
    )
    .unwrap();
    assert_eq!(stream.status, 200);
    let events = events_until_result(&mut stream);
    assert_eq!(events[0].0, "started");
    let depths: Vec<u64> = events
        .iter()
        .filter(|e| e.0 == "iteration")
        .map(|e| e.1["depth"].as_u64().unwrap())
        .collect();
    assert_eq!(depths, [1, 2, 3, 4, 5, 6]);
    let iteration = &events[1].1;
    assert_eq!(
        iteration["pv_cells"].as_array().unwrap().len(),
        iteration["pv"].as_array().unwrap().len()
    );
    let (name, result) = events.last().unwrap();
    assert_eq!(name, "result");
    let plain = ok(
        server.addr,
        "/api/search",
        json!({"game": "isolation", "moves": "57,0", "agent": agent}),
    );
    assert_eq!(result["best_move"], plain["best_move"]);
    assert_eq!(result["pv"], events[events.len() - 2].1["pv"]);
}

#[test]
fn a_live_mcts_search_streams_its_root_visits() {
    let server = Server::start(&[]);
    let mut stream =
        EventStream::open(server.addr, "/api/live?game=onitama&agent=mcts(time=600ms)").unwrap();
    let events = events_until_result(&mut stream);
    let roots: Vec<&Value> = events
        .iter()
        .filter(|e| e.0 == "root")
        .map(|e| &e.1)
        .collect();
    assert!(roots.len() >= 2, "{} root reports", roots.len());
    for root in roots {
        let shares: f64 = root["children"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["share"].as_f64().unwrap())
            .sum();
        assert!((shares - 1.0).abs() < 1e-6, "shares sum to {shares}");
        assert!(root["children"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["to"].is_u64()));
    }
    assert_eq!(events.last().unwrap().0, "result");
}

#[test]
fn the_stop_button_ends_a_search_with_its_best_move_so_far() {
    let server = Server::start(&[]);
    let mut stream = EventStream::open(
        server.addr,
        "/api/live?game=isolation&agent=alphabeta(depth=100)",
    )
    .unwrap();
    let (_, started) = stream.next_event().unwrap().unwrap();
    let id = started["id"].as_u64().unwrap();
    // Not a counter another client could guess, and exact in JavaScript.
    assert!(id > 1 && id < 1 << 53, "{id}");
    refused(
        server.addr,
        &format!("/api/live/{}/stop", id ^ 1),
        "{}",
        404,
        "",
    );
    let (name, _) = stream.next_event().unwrap().unwrap();
    assert_eq!(name, "iteration");
    let stopped_at = Instant::now();
    ok(server.addr, &format!("/api/live/{id}/stop"), json!({}));
    let events = events_until_result(&mut stream);
    let (name, result) = events.last().unwrap();
    assert_eq!(name, "result");
    assert!(stopped_at.elapsed() < Duration::from_secs(2));
    assert_eq!(result["stats"]["stopped_by"], "stop");
    assert!(result["best_move"].is_string());
    // A finished search cannot be stopped again.
    assert_eq!(
        post(server.addr, &format!("/api/live/{id}/stop"), &json!({}))
            .unwrap()
            .status,
        404
    );
}

#[test]
fn a_client_that_goes_away_cancels_its_search() {
    let server = Server::start(&[]);
    // A live search, its stream dropped after it started.
    let mut stream = EventStream::open(
        server.addr,
        "/api/live?game=isolation&agent=alphabeta(depth=100)",
    )
    .unwrap();
    stream.next_event().unwrap();
    assert_eq!(running(server.addr), 1);
    drop(stream);
    wait_idle(server.addr, Duration::from_secs(4));
    // A plain search whose client hangs up before the answer.
    let addr = server.addr;
    let client = std::thread::spawn(move || {
        use std::io::Write;
        let mut socket = std::net::TcpStream::connect(addr).unwrap();
        let body = r#"{"game": "isolation", "agent": "alphabeta(depth=100)"}"#;
        write!(
            socket,
            "POST /api/search HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        std::thread::sleep(Duration::from_millis(400));
    });
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(running(server.addr), 1);
    client.join().unwrap();
    wait_idle(server.addr, Duration::from_secs(4));
}

#[test]
fn searches_beyond_the_cap_are_refused_at_once_and_time_is_capped() {
    let server = Server::start(&["--max-searches", "1", "--max-time", "1500ms"]);
    let mut stream = EventStream::open(
        server.addr,
        "/api/live?game=isolation&agent=alphabeta(depth=100)",
    )
    .unwrap();
    stream.next_event().unwrap();
    let asked = Instant::now();
    let busy = post(
        server.addr,
        "/api/search",
        &json!({"game": "isolation", "agent": "random"}),
    )
    .unwrap();
    assert_eq!(busy.status, 503);
    assert_eq!(busy.header("retry-after"), Some("1"));
    assert!(busy.json()["error"].as_str().unwrap().contains("busy"));
    // A state request is served while the only slot searches.
    ok(
        server.addr,
        "/api/state",
        json!({"game": "isolation", "moves": "57"}),
    );
    assert!(asked.elapsed() < Duration::from_secs(1));
    // The search stops itself at --max-time and answers its best move.
    let events = events_until_result(&mut stream);
    let (_, result) = events.last().unwrap();
    assert_eq!(result["stats"]["stopped_by"], "stop");
    let took = result["stats"]["time_us"].as_u64().unwrap();
    assert!(
        (1_400_000..3_000_000).contains(&took),
        "stopped after {took} us"
    );
    wait_idle(server.addr, Duration::from_secs(2));
    ok(
        server.addr,
        "/api/search",
        json!({"game": "isolation", "agent": "random"}),
    );
}

/// The trace's last counters, summed over its runs.
fn traced_terminal_tests(trace: &Value) -> u64 {
    trace["runs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|run| {
            let steps = run["steps"].as_array().unwrap();
            let last = steps.last().unwrap()["counters"]["terminal_tests"]
                .as_u64()
                .unwrap();
            assert_eq!(
                last,
                run["counters"]["terminal_tests"].as_u64().unwrap(),
                "the steps count as the algorithm does"
            );
            last
        })
        .sum()
}

#[test]
fn the_course_trace_reaches_the_gamestate_quiz_counts() {
    let server = Server::start(&[]);
    let quiz = "queen-isolation(preset=quiz)";
    let depth1 = ok(
        server.addr,
        "/api/trace",
        json!({"game": quiz, "algorithm": "minimax", "depth": 1}),
    );
    assert_eq!(traced_terminal_tests(&depth1), 5);
    let deepening = ok(
        server.addr,
        "/api/trace",
        json!({"game": quiz, "algorithm": "minimax", "depth": 2, "iterative": true}),
    );
    assert_eq!(traced_terminal_tests(&deepening), 30);
    let full = ok(
        server.addr,
        "/api/trace",
        json!({"game": quiz, "algorithm": "alphabeta", "test_root": true}),
    );
    assert_eq!(traced_terminal_tests(&full), 55);
    assert_eq!(full["runs"][0]["best_move"], "(0,0)");
    // AIMA figure 5.2: alpha-beta prunes the leaves 4 and 6, and each step enters or leaves.
    let aima = ok(
        server.addr,
        "/api/trace",
        json!({"game": "tree(shape=[[3,12,8],[2,4,6],[14,5,2]])", "algorithm": "alphabeta"}),
    );
    let run = &aima["runs"][0];
    let pruned: Vec<String> = run["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["pruned"] == true)
        .map(|n| n["move"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(pruned.len(), 2);
    assert_eq!(run["value"], "3");
    let steps = run["steps"].as_array().unwrap();
    assert_eq!(steps.first().unwrap()["kind"], "enter");
    assert_eq!(steps.last().unwrap()["kind"], "leave");
    // With ties, the two pruning rules visit different leaves but agree on the value.
    let tie = "tree(shape=[[3,[3,9]],[[3,1],5],[2,7]])";
    let aima_rule = ok(
        server.addr,
        "/api/trace",
        json!({"game": tie, "algorithm": "alphabeta"}),
    );
    let strict = ok(
        server.addr,
        "/api/trace",
        json!({"game": tie, "algorithm": "alphabeta", "strict": true}),
    );
    assert_eq!(aima_rule["runs"][0]["value"], strict["runs"][0]["value"]);
    assert_ne!(
        aima_rule["runs"][0]["counters"],
        strict["runs"][0]["counters"]
    );
}

/// Expectiminimax steps through a tree with chance nodes: CS188's example is worth 8, every
/// node is entered (nothing pruned), the chance nodes are marked and their outcomes carry
/// their probabilities; the deterministic algorithms are refused on it, and it on them.
#[test]
fn the_course_trace_steps_expectimax_through_chance_nodes() {
    let server = Server::start(&[]);
    let cs188 = "chance-tree(shape=[~[3,12,9],~[2,4,6],~[15,6,0]])";
    let trace = ok(
        server.addr,
        "/api/trace",
        json!({"game": cs188, "algorithm": "expectimax"}),
    );
    let run = &trace["runs"][0];
    assert_eq!(run["value"], "8");
    assert_eq!(run["best_move"], "0");
    let nodes = run["nodes"].as_array().unwrap();
    assert_eq!(nodes.len(), 13);
    assert!(nodes.iter().all(|n| n["pruned"] == false));
    let chance: Vec<&Value> = nodes.iter().filter(|n| n["kind"] == "chance").collect();
    assert_eq!(chance.len(), 3);
    let third = 1.0 / 3.0;
    assert!(nodes
        .iter()
        .filter(|n| n["leaf"] == true)
        .all(|n| (n["probability"].as_f64().unwrap() - third).abs() < 1e-12));
    // Each of the 13 nodes entered and left; every node tested for the end, the root too.
    let steps = run["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 26);
    assert_eq!(steps.last().unwrap()["counters"]["terminal_tests"], 13);
    refused(
        server.addr,
        "/api/trace",
        &json!({"game": cs188, "algorithm": "minimax"}).to_string(),
        400,
        "expected expectimax, for a game with dice",
    );
    refused(
        server.addr,
        "/api/trace",
        &json!({"game": "tictactoe", "algorithm": "expectimax"}).to_string(),
        400,
        "expected minimax or alphabeta",
    );
}

#[test]
fn a_solve_is_exact_within_its_node_cap() {
    let server = Server::start(&["--max-nodes", "2000"]);
    let solved = ok(
        server.addr,
        "/api/solve",
        json!({"game": "tictactoe", "moves": "4"}),
    );
    assert_eq!(
        (solved["solved"].as_bool(), solved["value"].as_i64()),
        (Some(true), Some(0))
    );
    let capped = ok(
        server.addr,
        "/api/solve",
        json!({"game": "isolation(width=5,height=5)"}),
    );
    assert_eq!(capped["solved"], false);
    assert_eq!(capped["stopped_by"], "nodes");
}

#[test]
fn record_files_are_listed_replayed_uploaded_and_written() {
    let dir = std::env::temp_dir().join(format!("ply-serve-records-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let file = dir.join("tournament.jsonl");
    ply(&[
        "arena",
        "--game",
        "tictactoe",
        "--agent",
        "random",
        "--agent",
        "greedy",
        "--openings",
        "2",
        "--quiet",
        "--out",
        file.to_str().unwrap(),
    ]);
    std::fs::write(dir.join("notes.txt"), "not a record").unwrap();
    let server = Server::start(&["--records", dir.to_str().unwrap()]);
    let listed = get(server.addr, "/api/records").unwrap().json();
    let names: Vec<&str> = listed["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["tournament.jsonl"]);
    let served = get(server.addr, "/api/records/file?name=tournament.jsonl")
        .unwrap()
        .json();
    let on_disk = ply_arena::record::read_records(&file).unwrap();
    assert_eq!(served["games"], serde_json::to_value(&on_disk).unwrap());
    let text = std::fs::read_to_string(&file).unwrap();
    let uploaded = request(server.addr, "POST", "/api/records/upload", Some(&text))
        .unwrap()
        .json();
    assert_eq!(uploaded["games"], served["games"]);
    let garbage = request(
        server.addr,
        "POST",
        "/api/records/upload",
        Some("{\"x\":1}\nnot json\n"),
    )
    .unwrap();
    assert_eq!(garbage.status, 400);
    assert!(garbage.json()["error"].as_str().unwrap().contains("line 1"));
    // A game played on the page is checked by replaying it and saved in the folder.
    let saved = ok(
        server.addr,
        "/api/record",
        json!({"game": "tictactoe", "moves": "0,3,1,4,2", "players": ["human", "random"]}),
    );
    assert_eq!(saved["record"]["winner"], 0);
    assert_eq!(saved["record"]["reason"], "normal");
    assert_eq!(saved["saved"], "ply-serve-games.jsonl");
    let written = ply_arena::record::read_records(&dir.join("ply-serve-games.jsonl")).unwrap();
    assert_eq!(written[0].moves, ["0", "3", "1", "4", "2"]);
    // The same game saved again is another game, under an id of its own: the file's
    // standings count both.
    ok(
        server.addr,
        "/api/record",
        json!({"game": "tictactoe", "moves": "0,3,1,4,2", "players": ["human", "random"]}),
    );
    let both = ply_arena::merge_records(&[dir.join("ply-serve-games.jsonl")]).unwrap();
    assert_eq!(both.records.len(), 2);
    refused(
        server.addr,
        "/api/record",
        r#"{"game": "tictactoe", "moves": "0,0", "players": ["human", "random"]}"#,
        400,
        "`0`",
    );
    // A game for three: one player a seat, and an unfinished game's player to move resigns
    // while the other two share the win.
    let three = ok(
        server.addr,
        "/api/record",
        json!({"game": "rolit(players=3)", "moves": "f4,e3", "players": ["human", "mcts(time=1s)", "greedy"]}),
    );
    assert_eq!(three["record"]["players"].as_array().unwrap().len(), 3);
    assert_eq!(three["record"]["faulted"], 2);
    assert_eq!(three["record"]["points"], json!([0.5, 0.5, 0.0]));
    refused(
        server.addr,
        "/api/record",
        r#"{"game": "rolit(players=3)", "moves": "", "players": ["human", "random"]}"#,
        400,
        "bad players: 2 given for `rolit(players=3)`; expected one per player (3), player 0 first",
    );
}

/// The `curl` lines of docs/serve.md, in order, against a fresh server whose records folder is
/// `ply-serve-records` in the folder they run in. A line ending in `# error` must answer an
/// error; a live search must end with its result; every other line must answer JSON without
/// an error.
#[test]
fn the_curl_examples_of_the_docs_work() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let doc = std::fs::read_to_string(root.join("docs/serve.md")).unwrap();
    let dir = std::env::temp_dir().join(format!("ply-serve-docs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("ply-serve-records")).unwrap();
    let records = dir.join("ply-serve-records");
    let server = Server::start(&["--records", records.to_str().unwrap()]);
    let lines: Vec<&str> = doc.lines().filter(|l| l.starts_with("curl ")).collect();
    assert!(lines.len() >= 15, "only {} curl examples", lines.len());
    for line in lines {
        let command = line.replace("localhost:8080", &server.addr.to_string());
        let out = Command::new("sh")
            .arg("-c")
            .arg(&command)
            .current_dir(&dir)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{line}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        if line.contains("/api/live") {
            assert!(text.contains("event: result"), "{line}: {text}");
            continue;
        }
        let answer: Value =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{line}: {e}: {text}"));
        assert_eq!(
            answer.get("error").is_some(),
            line.ends_with("# error"),
            "{line}: {text}"
        );
    }
}

/// Saving a page's game writes only a plain file of the records folder: a link leading out of
/// it and a named pipe are refused at once (the pipe would have held up every route), errors
/// name the file and not its path on the server, a player name is bounded, and the file stops
/// growing before the server could no longer read it back.
#[cfg(unix)]
#[test]
fn saving_refuses_links_pipes_and_a_full_file() {
    let dir = std::env::temp_dir().join(format!("ply-serve-save-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let played = dir.join("ply-serve-games.jsonl");
    let server = Server::start(&["--records", dir.to_str().unwrap(), "--max-body", "2KiB"]);
    let game = r#"{"game": "tictactoe", "moves": "0,3,1,4,2", "players": ["human", "random"]}"#;

    let outside = dir.with_extension("outside.jsonl");
    std::fs::write(&outside, "").unwrap();
    std::os::unix::fs::symlink(&outside, &played).unwrap();
    refused(
        server.addr,
        "/api/record",
        game,
        500,
        "it is a link, a pipe or a folder",
    );
    let reply = request(server.addr, "POST", "/api/record", Some(game)).unwrap();
    assert!(
        !reply.body.contains(dir.to_str().unwrap()),
        "{}",
        reply.body
    );
    assert_eq!(std::fs::read_to_string(&outside).unwrap(), "");
    std::fs::remove_file(&played).unwrap();

    let made = Command::new("mkfifo").arg(&played).status().unwrap();
    assert!(made.success());
    refused(
        server.addr,
        "/api/record",
        game,
        500,
        "it is a link, a pipe or a folder",
    );
    assert_eq!(get(server.addr, "/api/status").unwrap().status, 200);
    std::fs::remove_file(&played).unwrap();

    let long = format!(
        r#"{{"game": "tictactoe", "moves": "0,3,1,4,2", "players": ["{}", "random"]}}"#,
        "h".repeat(600)
    );
    refused(server.addr, "/api/record", &long, 400, "at most 500 bytes");

    let mut saved = 0;
    loop {
        let reply = request(server.addr, "POST", "/api/record", Some(game)).unwrap();
        if reply.status != 200 {
            assert_eq!(reply.status, 507, "{}", reply.body);
            assert!(reply.body.contains("--max-body"), "{}", reply.body);
            break;
        }
        saved += 1;
        assert!(saved < 100, "the file never filled");
    }
    assert!(saved >= 2);
    let size = std::fs::metadata(&played).unwrap().len();
    assert!(size <= 2048, "{size}");
    let read = get(server.addr, "/api/records/file?name=ply-serve-games.jsonl").unwrap();
    assert_eq!(read.status, 200, "{}", read.body);
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_file(&outside);
}

/// A connection that sends half a request and waits, as a slow or hostile client does.
fn half_request(addr: SocketAddr) -> std::net::TcpStream {
    use std::io::Write;
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    stream
        .write_all(b"GET /api/status HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        .unwrap();
    stream
}

#[test]
fn half_sent_requests_are_cut_off_and_cannot_hold_the_server() {
    use std::io::Read;
    let server = Server::start(&["--header-timeout", "1s", "--max-connections", "4"]);
    // Four clients hold every connection the server allows with half a request each.
    let held: Vec<_> = (0..4).map(|_| half_request(server.addr)).collect();
    std::thread::sleep(Duration::from_millis(200));
    // A fifth waits its turn in the kernel's queue and is answered once the header deadline
    // has closed the held ones.
    let started = Instant::now();
    assert_eq!(get(server.addr, "/api/status").unwrap().status, 200);
    let waited = started.elapsed();
    assert!(
        waited > Duration::from_millis(400) && waited < Duration::from_secs(5),
        "answered after {waited:?}"
    );
    for mut stream in held {
        stream
            .set_read_timeout(Some(Duration::from_secs(5)))
            .unwrap();
        let mut rest = Vec::new();
        let closed = stream.read_to_end(&mut rest);
        assert!(
            closed.is_ok(),
            "a held connection is still open: {closed:?}"
        );
    }
    // A body announced and sent in part is answered 408 once the deadline passes.
    use std::io::Write;
    let mut slow = std::net::TcpStream::connect(server.addr).unwrap();
    slow.write_all(
        b"POST /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{\"game\":",
    )
    .unwrap();
    slow.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut answer = Vec::new();
    let _ = slow.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(
        answer.contains("not all of it arrived within 1 s"),
        "{answer}"
    );
}

#[test]
fn one_ctrl_c_stops_the_server_with_a_client_holding_a_connection() {
    // The default deadline (10 s) outlasts the wait: the stop, not the deadline, closes it.
    let mut server = Server::start(&[]);
    let _holding = half_request(server.addr);
    let _idle = std::net::TcpStream::connect(server.addr).unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let started = Instant::now();
    assert!(
        server.interrupt(Duration::from_secs(5)),
        "one Ctrl-C did not stop the server"
    );
    assert!(started.elapsed() < Duration::from_secs(4));
}
