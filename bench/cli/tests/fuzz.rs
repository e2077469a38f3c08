//! A fuzzer kept in the repository: random mutations of the examples in the docs, fed to the
//! spec, position, move and record-file parsers and to whole command lines (in-process, as
//! `ply` runs them). Whatever the input: no panic, and a bad one gets an error of one line of
//! readable length (exit code 2 for a command line).
//!
//! The seed corpus is every inline code span of README.md and docs/ and every `ply` command
//! line of their code blocks. `cargo test` runs a short round (`PLY_FUZZ_CASES`, default 200
//! per target); `PLY_FUZZ_CASES=100000 cargo test --release -p ply-cli --test fuzz` is a long
//! one.

mod common;

use ply_arena::record::parse_records;
use ply_registry::{with_game, AnyGame, Prebuilt};
use ply_search::Game;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::sync::OnceLock;

/// The longest error line a mutated input may produce.
const MAX_ERROR: usize = 700;

fn cases() -> u32 {
    std::env::var("PLY_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(200)
}

/// The docs' inline code spans and `ply` command lines (split into words as a shell would).
struct Corpus {
    spans: Vec<String>,
    commands: Vec<Vec<String>>,
}

fn corpus() -> &'static Corpus {
    static CORPUS: OnceLock<Corpus> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut files = vec![root.join("README.md")];
        let mut folders = vec![root.join("docs")];
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(&folder).unwrap().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    folders.push(path);
                } else if path.extension().is_some_and(|e| e == "md") {
                    files.push(path);
                }
            }
        }
        let mut corpus = Corpus {
            spans: Vec::new(),
            commands: Vec::new(),
        };
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            for line in text.lines() {
                let command = line.trim_start_matches("$ ").trim();
                let rest = command
                    .strip_prefix("ply ")
                    .or_else(|| command.strip_prefix("cargo run --release -- "));
                if let Some(rest) = rest {
                    if let Some(words) = shell_words(rest) {
                        corpus.commands.push(words);
                    }
                }
                for (i, span) in line.split('`').enumerate() {
                    if i % 2 == 1 && !span.is_empty() && span.len() < 300 {
                        corpus.spans.push(span.to_string());
                    }
                }
            }
        }
        corpus.spans.sort();
        corpus.spans.dedup();
        for span in &corpus.spans {
            if let Some(words) = span.strip_prefix("ply ").and_then(shell_words) {
                corpus.commands.push(words);
            }
        }
        assert!(corpus.spans.len() > 300, "{} spans", corpus.spans.len());
        assert!(
            corpus.commands.len() > 30,
            "{} commands",
            corpus.commands.len()
        );
        corpus
    })
}

/// Words of a command line as a POSIX shell splits them (quotes, no expansions); `None` for
/// lines that use what this does not (pipes, variables, line continuations).
fn shell_words(line: &str) -> Option<Vec<String>> {
    if line.contains(['|', '$', '\\', '>', '<', '&', ';', '*']) {
        return None;
    }
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quote = None;
    let mut in_word = false;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return None;
    }
    if in_word {
        words.push(word);
    }
    Some(words)
}

/// One random edit of a text.
#[derive(Clone, Debug)]
enum Edit {
    /// Insert a character at a place (given as a fraction of the length).
    Insert(f64, char),
    /// Delete up to `n` characters from a place.
    Delete(f64, usize),
    /// Put a huge or odd number in place of the first number from a place.
    Number(f64, &'static str),
    /// Append another corpus entry (by index).
    Splice(usize),
    /// Repeat the text `n` times.
    Repeat(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let chars = prop_oneof![
        proptest::sample::select(
            "(),=[]\"' \n\t0123456789-+.eE:;#/_xX"
                .chars()
                .collect::<Vec<_>>()
        ),
        any::<char>(),
    ];
    let numbers = proptest::sample::select(vec![
        "0",
        "-1",
        "18446744073709551616",
        "99999999999999999999999",
        "4294967296",
        "1e9",
        "NaN",
        "-0",
        "65535",
        "256",
    ]);
    prop_oneof![
        (0.0..1.0f64, chars).prop_map(|(at, c)| Edit::Insert(at, c)),
        (0.0..1.0f64, 1..20usize).prop_map(|(at, n)| Edit::Delete(at, n)),
        (0.0..1.0f64, numbers).prop_map(|(at, n)| Edit::Number(at, n)),
        any::<usize>().prop_map(Edit::Splice),
        (2..50usize).prop_map(Edit::Repeat),
    ]
}

fn apply(text: &str, edits: &[Edit], spans: &[String]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let at = |fraction: f64, len: usize| ((fraction * len as f64) as usize).min(len);
    for edit in edits {
        match edit {
            Edit::Insert(f, c) => {
                let i = at(*f, chars.len());
                chars.insert(i, *c);
            }
            Edit::Delete(f, n) => {
                let i = at(*f, chars.len());
                let end = (i + n).min(chars.len());
                chars.drain(i..end);
            }
            Edit::Number(f, number) => {
                let i = at(*f, chars.len());
                if let Some(start) = (i..chars.len()).find(|&k| chars[k].is_ascii_digit()) {
                    let end = (start..chars.len())
                        .find(|&k| !chars[k].is_ascii_digit())
                        .unwrap_or(chars.len());
                    chars.splice(start..end, number.chars());
                }
            }
            Edit::Splice(k) => chars.extend(spans[k % spans.len()].chars()),
            Edit::Repeat(n) => {
                if chars.len() * n < 20_000 {
                    chars = chars.repeat(*n);
                }
            }
        }
    }
    chars.into_iter().collect()
}

/// A corpus entry with random edits.
fn mutated_span() -> impl Strategy<Value = String> {
    let spans = &corpus().spans;
    (0..spans.len(), proptest::collection::vec(edit(), 0..4))
        .prop_map(move |(i, edits)| apply(&spans[i], &edits, spans))
}

/// Runs `check` on `cases()` inputs of `strategy`, failing with the (shrunk) input that panics
/// or breaks the check.
fn fuzz<S: Strategy>(name: &str, strategy: S, check: impl Fn(&S::Value) -> Result<(), String>)
where
    S::Value: std::fmt::Debug,
{
    fuzz_cases(name, cases(), strategy, check);
}

/// [`fuzz`] with `count` inputs (targets that start a program or send a request run fewer).
fn fuzz_cases<S: Strategy>(
    name: &str,
    count: u32,
    strategy: S,
    check: impl Fn(&S::Value) -> Result<(), String>,
) where
    S::Value: std::fmt::Debug,
{
    let mut runner = TestRunner::new(Config {
        cases: count,
        failure_persistence: None,
        rng_algorithm: proptest::test_runner::RngAlgorithm::ChaCha,
        ..Config::default()
    });
    let result = runner.run(&strategy, |input| {
        let outcome = catch_unwind(AssertUnwindSafe(|| check(&input)));
        match outcome {
            Ok(Ok(())) => Ok(()),
            Ok(Err(why)) => Err(TestCaseError::fail(why)),
            Err(_) => Err(TestCaseError::fail("panicked")),
        }
    });
    if let Err(e) = result {
        panic!("{name}: {e}");
    }
}

/// An error message a user can read: one line, of readable length.
fn readable(error: &str) -> Result<(), String> {
    if error.contains('\n') || error.len() > MAX_ERROR {
        return Err(format!(
            "unreadable error ({} bytes): {:?}",
            error.len(),
            error.chars().take(200).collect::<String>()
        ));
    }
    Ok(())
}

/// Games the parsers and the engine are fuzzed on, as the docs' examples give them.
const START_SPECS: [&str; 7] = [
    "isolation",
    "isolation(width=7,height=7,rules=aind)",
    "queen-isolation",
    "onitama",
    "tictactoe",
    "nim(heaps=[3,4,5])",
    "tree(shape=[[3,12,8],[2,4,6],[14,5,2]])",
];

/// The starts of [`START_SPECS`].
fn starts() -> Vec<AnyGame> {
    START_SPECS
        .iter()
        .map(|spec| AnyGame::from_spec(spec).unwrap())
        .collect()
}

fn agent_on<G: Prebuilt>(_start: &G, text: &str) -> Result<(), String> {
    match G::build_agent(text) {
        Ok(_) => Ok(()),
        Err(e) => readable(&e.to_string()),
    }
}

#[test]
fn game_and_agent_specs() {
    let starts = starts();
    fuzz("specs", mutated_span(), |text| {
        if let Err(e) = AnyGame::from_spec(text) {
            readable(&e.to_string())?;
        }
        for game in &starts {
            with_game!(game.clone(), start => agent_on(&start, text))?;
        }
        Ok(())
    });
}

fn position_and_move<G: Game>(start: &G, text: &str) -> Result<(), String> {
    match start.parse_position(text) {
        Ok(state) => {
            // What is read is written back as a position that reads as the same one.
            let again = start
                .parse_position(&state.position())
                .map_err(|e| format!("{text:?} read, but not its own position: {e}"))?;
            if again.position() != state.position() {
                return Err(format!("{text:?} does not round-trip"));
            }
            state.legal_moves();
        }
        Err(e) => readable(&e.to_string())?,
    }
    if let Err(e) = start.parse_move(text) {
        readable(&e.to_string())?;
    }
    Ok(())
}

#[test]
fn positions_and_moves() {
    let starts = starts();
    fuzz("positions and moves", mutated_span(), |text| {
        for game in &starts {
            with_game!(game.clone(), start => position_and_move(&start, text))?;
        }
        Ok(())
    });
}

/// Record lines of a real tournament, cut, mutated and glued.
#[test]
fn record_files() {
    let record = concat!(
        r#"{"id":"tictactoe | random | greedy | opening 0 of seed 1 (2 plies)","game":"tictactoe","#,
        r#""players":["random","greedy"],"opening":["a1","b2"],"moves":["c3","a3","c1"],"winner":1,"#,
        r#""reason":"normal","detail":null,"times_ms":[0.01,0.02,0.01],"nodes":[0,7,0],"#,
        r#""duration_ms":0.5,"tournament":"0123456789abcdef"}"#
    );
    parse_records(&format!("{record}\n"), "seed").expect("the seed record reads");
    let line = prop_oneof![
        Just(record.to_string()),
        mutated_span().prop_map(|s| s.replace('\n', " ")),
        proptest::collection::vec(edit(), 1..6).prop_map(move |edits| apply(
            record,
            &edits,
            &corpus().spans
        )),
    ];
    let file = (
        proptest::collection::vec(line, 1..5),
        proptest::sample::select(vec!["\n", "\r\n", ""]),
    )
        .prop_map(|(lines, end)| lines.join("\n") + end);
    fuzz("record files", file, |text| {
        if let Err(e) = parse_records(text, "fuzzed.jsonl") {
            readable(&e.to_string())?;
        }
        Ok(())
    });
}

/// Words the command lines may carry, cheap to run whatever they parse to.
fn cheap(words: &[String]) -> bool {
    let Some(command) = words.first() else {
        return true;
    };
    // Depth 3 is quick in every game but Amazons, whose depth-3 tree has billions of leaves:
    // a few such lines would take a large share of the README's test command.
    let max_depth = if words.iter().any(|w| w.contains("amazons")) {
        2
    } else {
        3
    };
    // Every way clap reads a depth: `--depth 3`, `--depth=3`, `-d 3`, `-d3`, `-d=3`.
    let depth_ok = words.iter().enumerate().all(|(i, word)| {
        let value = match word.as_str() {
            "--depth" | "-d" => words.get(i + 1).map(String::as_str),
            _ => word
                .strip_prefix("--depth=")
                .or_else(|| word.strip_prefix("-d=").or_else(|| word.strip_prefix("-d"))),
        };
        value.is_none_or(|d| d.parse::<u32>().is_ok_and(|d| d <= max_depth))
    });
    matches!(command.as_str(), "replay" | "perft" | "games" | "agents")
        && depth_ok
        && !words.iter().any(|w| w == "--record" || w == "--out")
}

/// A documented command line with some of its words mutated, dropped or swapped.
fn command_line() -> impl Strategy<Value = Vec<String>> {
    let commands: Vec<Vec<String>> = corpus()
        .commands
        .iter()
        .filter(|c| cheap(c))
        .cloned()
        .collect();
    assert!(
        commands.len() > 10,
        "{} cheap command lines",
        commands.len()
    );
    (
        proptest::sample::select(commands),
        proptest::collection::vec((any::<usize>(), mutated_span(), 0..3u8), 0..3),
    )
        .prop_map(|(mut words, changes)| {
            for (at, text, how) in changes {
                let i = at % (words.len() + 1);
                match how {
                    0 if i < words.len() => words[i] = text,
                    1 if i < words.len() => {
                        words.remove(i);
                    }
                    _ => words.insert(i.min(words.len()), text),
                }
            }
            words
        })
}

#[test]
fn whole_command_lines() {
    fuzz("command lines", command_line(), |words| {
        if !cheap(words) {
            return Ok(()); // a mutation that would run for long, or write files
        }
        let mut args = vec!["ply".to_string()];
        args.extend(words.iter().cloned());
        let mut out = Vec::new();
        match ply_cli::cli::run(args, &mut out) {
            Ok(()) => Ok(()),
            Err(e) => {
                if e.exit_code() != 2 {
                    return Err(format!("exit code {} for {e}", e.exit_code()));
                }
                readable(&e.to_string())
            }
        }
    });
}

/// The lines ply itself sends an agent to ask for the first move of `start` (`spec`).
fn session<G: Game>(start: &G, spec: &str) -> Vec<String> {
    let moves: Vec<String> = start
        .legal_moves()
        .iter()
        .map(|&m| start.format_move(m))
        .collect();
    vec![
        "ply-agent 1".into(),
        format!("game {spec}"),
        "newgame".into(),
        format!("position {}", start.position()),
        format!("moves {}", moves.join(" ")),
        "go 100".into(),
        "go".into(),
    ]
}

/// `ply engine` given the protocol's own lines, edited, dropped, repeated, or with bytes that
/// are not UTF-8: it answers every line with `info ...` or `move ...`, one readable line each,
/// and never stops or panics before the input ends.
fn engine_session<G: ply_registry::Prebuilt>(
    start: &G,
    spec: &str,
    changes: &[(usize, Vec<Edit>, u8)],
) -> Result<(), String> {
    let mut lines: Vec<Vec<u8>> = session(start, spec)
        .into_iter()
        .map(String::into_bytes)
        .collect();
    let spans = &corpus().spans;
    for (at, edits, how) in changes {
        let i = at % lines.len();
        match how {
            0 => lines[i] = apply(&String::from_utf8_lossy(&lines[i]), edits, spans).into_bytes(),
            1 => {
                lines.remove(i);
            }
            2 => lines.insert(i, lines[i].clone()),
            _ => lines[i].splice(0..0, [0xff, 0xfe, b'\r']).for_each(drop),
        }
        if lines.is_empty() {
            return Ok(());
        }
    }
    let input: Vec<u8> = lines.join(&b'\n');
    let mut output = Vec::new();
    ply_cli::commands::engine::run(
        start,
        "alphabeta(depth=2)",
        &mut std::io::Cursor::new(input),
        &mut output,
    )
    .map_err(|e| format!("the engine stopped: {e}"))?;
    for line in String::from_utf8_lossy(&output).lines() {
        if !(line.starts_with("info ") || line.starts_with("move ")) {
            return Err(format!("answered {line:?}"));
        }
        readable(line)?;
    }
    Ok(())
}

#[test]
fn protocol_sessions_with_ply_engine() {
    let starts = starts();
    let changes = proptest::collection::vec(
        (
            any::<usize>(),
            proptest::collection::vec(edit(), 1..4),
            0..4u8,
        ),
        0..5,
    );
    fuzz(
        "protocol sessions",
        (0..starts.len(), changes),
        |(game, changes)| with_game!(starts[*game].clone(), start => engine_session(&start, START_SPECS[*game], changes)),
    );
}

/// Lines an agent program may write, as docs/protocol.md shows them, and near misses.
const REPLIES: [&str; 8] = [
    "move 4",
    "info depth 3 score +12 nodes 4411 pv 4 0 8",
    "",
    "info",
    "move",
    "move 99",
    "bestmove 4",
    "move (3,3)",
];

/// A program's replies to `ply`, mutated and with bytes that are not UTF-8: whatever it
/// writes, its game ends (a move played, or a forfeit whose detail is one readable line).
#[test]
fn agent_programs_replies() {
    let folder = std::env::temp_dir().join(format!("ply-fuzz-replies-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let spans = &corpus().spans;
    let case = std::sync::atomic::AtomicUsize::new(0);
    let lines = proptest::collection::vec(
        (
            0..REPLIES.len(),
            proptest::collection::vec(edit(), 0..3),
            any::<bool>(),
        ),
        1..6,
    );
    // Each case starts a program: a quarter of the cases of the in-process targets.
    fuzz_cases("agent replies", (cases() / 4).max(1), lines, |lines| {
        let mut text = Vec::new();
        for (i, edits, raw) in lines {
            if *raw {
                text.extend_from_slice(&[0xc3, 0x28, 0xff]);
            }
            text.extend_from_slice(apply(REPLIES[*i], edits, spans).as_bytes());
            text.push(b'\n');
        }
        let n = case.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = folder.join(format!("replies-{n}.txt"));
        std::fs::write(&path, &text).unwrap();
        let program = format!("external(cmd=\"cat {}\",timeout=300ms)", path.display());
        let outcome = play_against_program(&program);
        let _ = std::fs::remove_file(&path);
        outcome
    });
    let _ = std::fs::remove_dir_all(&folder);
}

/// One game of tic-tac-toe, `program` first against a random agent.
fn play_against_program(program: &str) -> Result<(), String> {
    let game = AnyGame::from_spec("tictactoe").unwrap();
    with_game!(game, start => play_first(&start, "tictactoe", program))
}

/// One game from `start`, `program` first against a random agent.
fn play_first<G: ply_registry::Prebuilt>(start: &G, spec: &str, program: &str) -> Result<(), String>
where
    AnyGame: From<G>,
{
    let mut first =
        ply_arena::spec_seat::<G>(spec, program).map_err(|e| format!("no seat: {e}"))?;
    let mut second = ply_arena::spec_seat::<G>(spec, "random(seed=1)").unwrap();
    let rules = ply_arena::GameRules {
        move_time: None,
        tolerance: std::time::Duration::from_millis(10),
        max_plies: 20,
        dice_seed: 0,
    };
    let game = ply_arena::play_game(
        start,
        &[],
        &mut [first.as_mut(), second.as_mut()],
        &rules,
        &mut |_| {},
    )
    .map_err(|e| format!("the game stopped without a result: {e}"))?;
    if let Some(detail) = &game.detail {
        readable(detail)?;
    }
    Ok(())
}

/// The requests of docs/serve.md's curl examples: method, path and body.
fn documented_requests() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let page = std::fs::read_to_string(root.join("docs/serve.md")).unwrap();
    let mut requests = Vec::new();
    for line in page.lines().filter(|l| l.starts_with("curl ")) {
        let Some(words) = shell_words(line.split("  #").next().unwrap_or(line)) else {
            continue;
        };
        let Some(url) = words.iter().find(|w| w.starts_with("localhost:8080")) else {
            continue;
        };
        let path = url.trim_start_matches("localhost:8080").to_string();
        let body = words
            .iter()
            .position(|w| w == "-d")
            .and_then(|i| words.get(i + 1))
            .cloned()
            .unwrap_or_default();
        requests.push((path, body));
    }
    assert!(requests.len() >= 15, "{} curl examples", requests.len());
    requests
}

/// The bytes of a request: a POST with its body if it has one, else a GET.
fn request_bytes(path: &str, body: &str) -> Vec<u8> {
    let method = if body.is_empty() { "GET" } else { "POST" };
    format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// Sends `request` on a connection of its own; the answer's status and body, if it answered.
fn exchange(addr: std::net::SocketAddr, request: &[u8]) -> Result<Option<(u16, String)>, String> {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(addr).map_err(|e| format!("refused: {e}"))?;
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(20)))
        .unwrap();
    // A request the server reads only in part may meet a closed connection: not a fault. The
    // write side stays open (a client that half-closes is a client gone away, whose search is
    // cancelled); the server closes the connection after its answer (`Connection: close`),
    // or at its header deadline when a mutation removed that line.
    let _ = stream.write_all(request);
    let mut answer = Vec::new();
    if let Err(e) = stream.read_to_end(&mut answer) {
        if e.kind() == std::io::ErrorKind::WouldBlock || e.kind() == std::io::ErrorKind::TimedOut {
            return Err("no answer within 20 s".into());
        }
    }
    if answer.is_empty() {
        return Ok(None);
    }
    let text = String::from_utf8_lossy(&answer);
    let status = text
        .strip_prefix("HTTP/1.1 ")
        .and_then(|rest| rest.get(..3))
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| {
            format!(
                "not an HTTP answer: {:?}",
                text.chars().take(80).collect::<String>()
            )
        })?;
    // The first answer's body (a request mutated into two gets two answers).
    let (head, rest) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let length = head
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .strip_prefix("content-length:")
                .map(|n| n.trim().to_string())
        })
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or(rest.len());
    let body = rest.get(..length).unwrap_or(rest).to_string();
    Ok(Some((status, body)))
}

/// The server's API given its documented requests, mutated in the body, the path or the raw
/// bytes: every answer is HTTP, every error the documented JSON of one readable line, and
/// the server answers its status page after all of them.
#[test]
fn server_requests() {
    let server = common::server::Server::start(&[
        "--max-time",
        "300ms",
        "--max-nodes",
        "200000",
        "--header-timeout",
        "2s",
    ]);
    let requests = documented_requests();
    let spans = &corpus().spans;
    let strategy = (
        0..requests.len(),
        proptest::collection::vec(edit(), 1..4),
        0..10u8,
    );
    fuzz_cases(
        "server requests",
        (cases() / 4).max(1),
        strategy,
        |(which, edits, place)| {
            let (path, body) = &requests[*which];
            let request = match place {
                0..=6 if !body.is_empty() => request_bytes(path, &apply(body, edits, spans)),
                0..=7 => {
                    let path = apply(path, edits, spans).replace(['\r', '\n', ' '], "%20");
                    request_bytes(&path, body)
                }
                _ => apply(
                    &String::from_utf8_lossy(&request_bytes(path, body)),
                    edits,
                    spans,
                )
                .into_bytes(),
            };
            let Some((status, body)) = exchange(server.addr, &request)? else {
                return Ok(());
            };
            // Errors of the API are JSON; errors hyper gives before the API (a malformed
            // request) have no body.
            if status >= 400 && !body.is_empty() {
                let json: serde_json::Value = serde_json::from_str(&body)
                    .map_err(|_| format!("{status} with a body that is not JSON: {body:?}"))?;
                let error = json["error"]
                    .as_str()
                    .ok_or_else(|| format!("{status} without an error line: {body}"))?;
                readable(error)?;
            }
            Ok(())
        },
    );
    let status = exchange(server.addr, &request_bytes("/api/status", "")).unwrap();
    assert_eq!(status.map(|(code, _)| code), Some(200));
}
