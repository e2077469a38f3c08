//! The agent protocol (docs/protocol.md) end to end: ply's engine playing itself through a
//! pipe plays the very games it plays in-process; the documentation's Python agent plays a
//! whole tournament; crashed, silent, chatty and illegal programs forfeit without stopping
//! the tournament; `ply engine` answers the protocol.

mod common;

use common::ply_with_input;
use ply_arena::record::read_records;
use ply_arena::{EndReason, GameRecord};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

const GAME: &str = "isolation(width=5,height=5)";

fn ply_path() -> &'static str {
    env!("CARGO_BIN_EXE_ply")
}

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-protocol-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Plays a tournament of `GAME` between `agents` and returns its records.
fn tournament(dir: &std::path::Path, agents: &[&str], openings: &str) -> Vec<GameRecord> {
    let out = dir.join(format!("games-{}.jsonl", agents.len()));
    let _ = std::fs::remove_file(&out);
    let mut args = vec!["arena", "--game", GAME, "--openings", openings, "--quiet"];
    for agent in agents {
        args.extend(["--agent", agent]);
    }
    args.extend(["--out", out.to_str().unwrap()]);
    let run = Command::new(ply_path()).args(&args).output().unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    read_records(&out).unwrap()
}

/// The games of `records` by fixture, with the agent `rename` renamed to `as_name`.
fn games_by_fixture(
    records: &[GameRecord],
    rename: &str,
    as_name: &str,
) -> BTreeMap<String, (Vec<String>, Option<usize>)> {
    records
        .iter()
        .map(|r| (r.id.replace(rename, as_name), (r.moves.clone(), r.winner)))
        .collect()
}

#[test]
fn the_engine_through_the_protocol_plays_the_games_it_plays_in_process() {
    let dir = folder("self");
    let agent = "alphabeta(depth=3)";
    let external = format!(
        "external(cmd=\"'{}' engine '{GAME}' '{agent}'\")",
        ply_path()
    );
    let direct = tournament(&dir, &["random(seed=5)", agent], "3");
    let piped = tournament(&dir, &["random(seed=5)", &external], "3");
    assert_eq!(direct.len(), 6);
    assert!(
        piped.iter().all(|r| r.reason == EndReason::Normal),
        "{piped:?}"
    );
    assert_eq!(
        games_by_fixture(&piped, &external, agent),
        games_by_fixture(&direct, agent, agent)
    );
}

/// The Python agent of docs/protocol.md, as the page shows it.
fn documented_agent() -> String {
    let page = include_str!("../../../docs/protocol.md");
    let after = page
        .split("<!-- protocol-agent -->")
        .nth(1)
        .expect("the page marks its agent");
    let code = after
        .split("```python\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("a python block follows the mark");
    assert!(code.lines().count() <= 20, "the page promises 20 lines");
    code.to_string()
}

#[test]
fn the_documented_python_agent_plays_a_whole_tournament() {
    let dir = folder("python");
    let script = dir.join("my_agent.py");
    std::fs::write(&script, documented_agent()).unwrap();
    let agent = format!("external(cmd=\"python3 '{}'\")", script.display());
    let records = tournament(&dir, &["greedy", &agent], "4");
    assert_eq!(records.len(), 8);
    for r in &records {
        assert_eq!(r.reason, EndReason::Normal, "{r:?}");
        assert!(!r.moves.is_empty());
    }
}

#[test]
fn broken_programs_forfeit_and_the_tournament_goes_on() {
    let dir = folder("faults");
    let cases: [(&str, EndReason, &str); 7] = [
        (
            "external(cmd=\"echo dying >&2; exit 3\")",
            EndReason::Error,
            "exit status: 3): dying",
        ),
        (
            "external(cmd=\"sleep 5\",timeout=200ms)",
            EndReason::Timeout,
            "sent no move within 200 ms",
        ),
        (
            "external(cmd=\"echo hello; cat\")",
            EndReason::Error,
            "said `hello`: expected `move MOVE`",
        ),
        (
            "external(cmd=\"while read l; do echo move zz; done\")",
            EndReason::Illegal,
            "answered bad move `zz`",
        ),
        // Printing without pause still runs out of time (and ply reads only a few lines
        // ahead, so its memory stays put).
        (
            "external(cmd=\"yes 'info flooding'\",timeout=300ms)",
            EndReason::Timeout,
            "sent no move within 300 ms",
        ),
        // A line that is not UTF-8 is a line, not the end of the output.
        (
            "external(cmd=\"printf 'info \\377\\n'; sleep 5\",timeout=300ms)",
            EndReason::Timeout,
            "sent no move within 300 ms",
        ),
        (
            "external(cmd=\"head -c 100000 /dev/zero | tr '\\0' a; sleep 5\")",
            EndReason::Error,
            "sent a line over 64 KiB",
        ),
    ];
    for (agent, reason, detail) in cases {
        let started = Instant::now();
        let records = tournament(&dir, &["random", agent], "1");
        assert!(
            started.elapsed() < Duration::from_secs(4),
            "{agent} held up the tournament"
        );
        assert_eq!(records.len(), 2, "{agent}");
        for r in &records {
            let loser = r.players.iter().position(|p| p == agent).unwrap();
            assert_eq!(r.winner, Some(1 - loser), "{agent}: {r:?}");
            assert_eq!(r.reason, reason, "{agent}: {r:?}");
            let text = r.detail.as_deref().unwrap_or("");
            assert!(text.contains(detail), "{agent}: `{text}` lacks `{detail}`");
        }
    }
}

/// The processes whose command line has the argument `arg`.
#[cfg(target_os = "linux")]
fn processes_with_argument(arg: &str) -> Vec<String> {
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            let line = std::fs::read(path.join("cmdline")).ok()?;
            line.split(|&b| b == 0)
                .any(|part| part == arg.as_bytes())
                .then(|| path.display().to_string())
        })
        .collect()
}

#[cfg(target_os = "linux")]
#[test]
fn a_forfeited_program_ends_with_everything_it_started() {
    // The shell starts two programs and waits; at the timeout ply ends the game, and both
    // must be gone, not left running without a parent.
    let dir = folder("group");
    let marker = format!("30.{}", std::process::id());
    let agent = format!("external(cmd=\"sleep {marker} & sleep {marker}\",timeout=200ms)");
    let records = tournament(&dir, &["random", &agent], "1");
    assert!(records.iter().all(|r| r.reason == EndReason::Timeout));
    let deadline = Instant::now() + Duration::from_secs(2);
    let mut left = processes_with_argument(&marker);
    while !left.is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
        left = processes_with_argument(&marker);
    }
    assert!(left.is_empty(), "still running: {left:?}");
}

#[test]
fn ply_engine_reads_bytes_that_are_not_utf8_as_a_bad_line() {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(ply_path())
        .args(["engine", GAME, "random"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(b"ply-agent 1\n\xff\xfe junk\n").unwrap();
    input.write_all(&vec![b'a'; 100_000]).unwrap();
    input.write_all(b"\ngo\nquit\n").unwrap();
    drop(input);
    let run = child.wait_with_output().unwrap();
    assert!(run.status.success());
    let out = String::from_utf8(run.stdout).unwrap();
    assert!(
        out.contains("info error unknown message `\u{fffd}\u{fffd} junk`"),
        "{out}"
    );
    assert!(out.contains("info error a line over 64 KiB"), "{out}");
    assert_eq!(
        out.lines().filter(|l| l.starts_with("move ")).count(),
        1,
        "{out}"
    );
}

#[test]
fn ply_engine_answers_the_protocol() {
    let input =
        "ply-agent 1\ngame isolation\nposition 41523161203939121938568444148443134 2 57 0\n\
                 moves 1 2\ngo 100\nposition nonsense\ngo\ngame onitama\nnewgame\ngo\nquit\ngo\n";
    let run = ply_with_input(&["engine", "isolation", "alphabeta(depth=2)"], input);
    assert!(run.status.success());
    let out = String::from_utf8(run.stdout).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    let moves: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("move "))
        .collect();
    // One move from the given position, none from the bad one, one from the start; nothing
    // after quit.
    assert_eq!(moves.len(), 2, "{out}");
    let start = ply_isolation::Isolation::udacity();
    let after: ply_isolation::Isolation =
        ply_search::Game::parse_position(&start, "41523161203939121938568444148443134 2 57 0")
            .unwrap();
    assert!(
        ply_search::Game::parse_move(&after, moves[0]).is_ok(),
        "{out}"
    );
    assert!(
        ply_search::Game::parse_move(&start, moves[1]).is_ok(),
        "{out}"
    );
    assert!(out.contains("info error bad position `nonsense`"), "{out}");
    assert!(out.contains("info error no position to move in"), "{out}");
    assert!(
        out.contains("info error this engine plays isolation, not `onitama`"),
        "{out}"
    );
}

#[test]
fn external_agents_play_in_ply_play_and_are_refused_by_search() {
    let agent = format!(
        "external(cmd=\"'{}' engine '{GAME}' 'alphabeta(depth=2)'\")",
        ply_path()
    );
    let run = ply_with_input(&["play", GAME, "--p0", &agent, "--p1", "random"], "");
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let out = String::from_utf8(run.stdout).unwrap();
    assert!(out.contains(&format!("player 0 ({agent}) plays")), "{out}");
    assert!(out.contains("game over"), "{out}");

    let refused = Command::new(ply_path())
        .args(["search", GAME, "external(cmd=\"x\")"])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    let message = String::from_utf8(refused.stderr).unwrap();
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(
        message.contains("external programs play in ply arena and ply play"),
        "{message}"
    );
}
