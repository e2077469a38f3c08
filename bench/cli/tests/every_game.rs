//! Every registered game answers every subcommand through the binary: perft, replay, search,
//! solve (within a node budget), play (two agents) and a small arena.

mod common;

use common::ply_with_input;
use ply_registry::GAMES;

/// A small position of each game: its example spec (a tree needs its shape).
fn specs() -> Vec<&'static str> {
    GAMES.iter().map(|g| g.example).collect()
}

fn run(args: &[&str]) -> String {
    let out = ply_with_input(args, "");
    assert!(
        out.status.success(),
        "ply {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn every_registered_game_answers_every_subcommand() {
    for spec in specs() {
        assert!(
            run(&["perft", spec, "--depth", "2"]).contains("depth 2:"),
            "{spec}"
        );
        assert!(
            run(&["replay", spec, "--json"]).contains("\"to_move\""),
            "{spec}"
        );
        assert!(
            run(&["search", spec, "alphabeta(depth=2)"]).contains("best move"),
            "{spec}"
        );
        // Small games solve within the budget; big ones say the node limit stopped the solver.
        let solved = run(&["solve", spec, "--nodes", "20000", "--json"]);
        assert!(
            solved.contains("\"value\"") || solved.starts_with("not solved: the nodes limit"),
            "solve {spec}: {solved}"
        );
        let played = run(&["play", spec, "--p0", "random", "--p1", "greedy"]);
        assert!(played.contains("game over"), "{spec}: {played}");
        let dir = std::env::temp_dir().join(format!("ply-every-game-{}", std::process::id()));
        let out = dir.join(format!("{}.jsonl", spec.len()));
        let _ = std::fs::remove_file(&out);
        let table = run(&[
            "arena",
            "--game",
            spec,
            "--agent",
            "random",
            "--agent",
            "greedy",
            "--openings",
            "1",
            "--opening-plies",
            "0",
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(table.contains("greedy"), "{spec}: {table}");
        let _ = std::fs::remove_file(&out);
    }
}
