//! The largest sizes a user can give, through the binary under an address-space limit
//! (`ulimit -v`): each is refused with a one-line error and exit code 2, or works in bounded
//! memory. Nothing aborts.
#![cfg(target_os = "linux")]

use std::process::{Command, Output};

mod common;

/// The address space the commands get: 1.5 GB.
const LIMIT_KB: u64 = 1_500_000;

fn limited(args: &[&str]) -> Output {
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!("ulimit -v {LIMIT_KB} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_ply"))
        .args(args);
    command.output().expect("sh runs")
}

fn refused(args: &[&str], needle: &str) {
    let out = limited(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err:?} lacks {needle:?}");
}

#[test]
fn sizes_beyond_the_limit_are_refused_in_one_line() {
    refused(
        &["search", "isolation", "alphabeta(tt=2GiB,depth=1)"],
        "not enough memory for 2.0 GiB",
    );
    refused(
        &["search", "isolation", "alphabeta(tt=64GiB,depth=1)"],
        "not enough memory",
    );
    refused(
        &["solve", "queen-isolation(width=4,height=4)", "--tt", "2GiB"],
        "not enough memory",
    );
    refused(
        &["search", "isolation", "mcts(memory=4GiB,iterations=10)"],
        "not enough memory",
    );
    refused(
        &[
            "arena",
            "--game",
            "tictactoe",
            "--agent",
            "random",
            "--agent",
            "greedy",
            "--openings",
            "100000000000",
        ],
        "bad --openings `100000000000`",
    );
    refused(
        &["ablate", "--positions", "100000000000"],
        "bad --positions",
    );
    refused(
        &[
            "search",
            "isolation",
            "mcts(iterations=100000000000000000000000)",
        ],
        "iterations",
    );
}

#[test]
fn a_table_that_fits_the_limit_is_used() {
    let out = limited(&["search", "isolation", "alphabeta(tt=512MiB,depth=6)"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The largest tournament (ten million games) is scheduled without being held in memory: one
/// shard of it plays at once under the limit.
#[test]
fn the_largest_tournament_streams() {
    let file = std::env::temp_dir().join(format!("ply-largest-{}.jsonl", std::process::id()));
    let out = limited(&[
        "arena",
        "--game",
        "tictactoe",
        "--game",
        "nim",
        "--game",
        "isolation",
        "--game",
        "onitama",
        "--game",
        "queen-isolation",
        "--agent",
        "random",
        "--agent",
        "greedy",
        "--openings",
        "1000000",
        "--shard",
        "1000000/1000000",
        "--quiet",
        "--out",
        &file.to_string_lossy(),
    ]);
    let _ = std::fs::remove_file(&file);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.starts_with("shard 1000000/1000000 of the tournament: 10 games"),
        "{text}"
    );
}
