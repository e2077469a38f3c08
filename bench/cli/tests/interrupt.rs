//! Ctrl-C keeps what was finished: an interrupted perft has printed every finished depth, a
//! search its best move so far, a solve (in JSON when asked) how far it got; each says in one
//! line what was stopped and exits with 130.
#![cfg(unix)]

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};

/// Runs `ply args`, sends SIGINT once stdout has a line containing `ready` (or at once if
/// empty), and returns the exit code, stdout and stderr.
fn interrupted(args: &[&str], ready: &str) -> (Option<i32>, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the ply binary runs");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut seen = String::new();
    if ready.is_empty() {
        std::thread::sleep(std::time::Duration::from_millis(500));
    } else {
        let mut line = String::new();
        while !seen.contains(ready) {
            line.clear();
            assert!(
                out.read_line(&mut line).unwrap() > 0,
                "ended before `{ready}`: {seen}"
            );
            seen.push_str(&line);
        }
    }
    let signal = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(signal.success());
    out.read_to_string(&mut seen).unwrap();
    let status = child.wait().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (status.code(), seen, err)
}

#[test]
fn perft_keeps_every_finished_depth() {
    let (code, out, err) = interrupted(&["perft", "isolation", "--depth", "14"], "depth 6:");
    assert_eq!(code, Some(130), "{err}");
    for d in 1..=6 {
        assert!(out.contains(&format!("depth {d}: ")), "{out}");
    }
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("perft stopped by Ctrl-C during depth "),
        "{err}"
    );
}

#[test]
fn search_and_solve_print_what_they_reached() {
    let (code, out, err) = interrupted(&["search", "isolation", "alphabeta(depth=60)"], "");
    assert_eq!(code, Some(130), "{err}");
    assert!(out.contains("best move "), "{out}");
    assert!(out.contains("stopped by stop"), "{out}");
    assert_eq!(
        err.trim(),
        "search stopped by Ctrl-C: above is its best move so far"
    );

    let args = ["solve", "queen-isolation(width=5,height=6)", "--json"];
    let (code, out, err) = interrupted(&args, "");
    assert_eq!(code, Some(130), "{err}");
    let json: serde_json::Value = serde_json::from_str(out.trim()).expect("JSON even when stopped");
    assert_eq!(json["stopped_by"], "stop");
    assert!(json["nodes"].as_u64().unwrap() > 0);
    assert_eq!(err.trim(), "solve stopped by Ctrl-C");
}
