//! A tournament cut into shards, as a cluster's job array plays it: every game in exactly one
//! shard, and the shards' files merged by `--from-records` give the standings of one unsharded
//! run, game for game, for node-limited agents. Files of other tournaments, or a game given
//! twice, are refused.

use ply_arena::record::read_records;
use ply_arena::GameRecord;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Output;

mod common;
use common::{fresh_folder as folder, ply, refused, succeeded as ok};

/// Plays `ply arena` with `setup` (games and agents) into `file`, on two threads, quietly,
/// printing JSON, with `extra` flags.
fn arena_into(setup: &[&str], file: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["arena"];
    args.extend_from_slice(setup);
    args.extend(["--threads", "2", "--quiet", "--json", "--out"]);
    args.push(file.to_str().unwrap());
    args.extend_from_slice(extra);
    ply(&args)
}

/// Plays the tournament (or one shard of it, or with another seed) into `file`.
fn tournament(file: &Path, extra: &[&str]) -> Output {
    let setup = [
        "--game",
        "tictactoe",
        "--game",
        "isolation(width=5,height=5,rules=standard)",
        "--agent",
        "random(seed=3)",
        "--agent",
        "greedy",
        "--agent",
        "alphabeta(nodes=800)",
        "--agent",
        "mcts(iterations=150,seed=2)",
        "--openings",
        "3",
    ];
    arena_into(&setup, file, extra)
}

/// 2 games x 6 pairings x 3 openings x 2 colours.
const GAMES: usize = 72;

/// A game's opening, moves and winner.
type Game = (Vec<String>, Vec<String>, Option<usize>);

/// Each game's moves and result, by id.
fn games(records: &[GameRecord]) -> BTreeMap<String, Game> {
    records
        .iter()
        .map(|r| (r.id.clone(), (r.opening.clone(), r.moves.clone(), r.winner)))
        .collect()
}

/// The standings without the time per move (which no two runs share).
fn results(json: &str) -> Value {
    let mut table: Value = serde_json::from_str(json).unwrap();
    for agent in table["agents"].as_array_mut().unwrap() {
        agent.as_object_mut().unwrap().remove("ms_per_move");
    }
    table
}

#[test]
fn merged_shards_are_the_unsharded_tournament_game_for_game() {
    let dir = folder("equal");
    let whole = dir.join("whole.jsonl");
    let standings = results(&ok(&tournament(&whole, &[])));
    let expected = games(&read_records(&whole).unwrap());
    assert_eq!(expected.len(), GAMES);
    for n in [1, 2, 3, 7] {
        let mut files = Vec::new();
        let mut seen = 0;
        for k in 1..=n {
            let file = dir.join(format!("shard-{k}-of-{n}.jsonl"));
            ok(&tournament(&file, &["--shard", &format!("{k}/{n}")]));
            let records = read_records(&file).unwrap();
            assert!(!records.is_empty(), "shard {k}/{n} has games");
            seen += records.len();
            files.push(file);
        }
        assert_eq!(seen, GAMES, "every game in exactly one of {n} shards");
        let merged = dir.join(format!("merged-{n}.jsonl"));
        let mut args = vec!["arena", "--json", "--out", merged.to_str().unwrap()];
        args.push("--from-records");
        args.extend(files.iter().map(|f| f.to_str().unwrap()));
        // The agents in the tournament's order, so that the table's rows line up.
        for agent in [
            "random(seed=3)",
            "greedy",
            "alphabeta(nodes=800)",
            "mcts(iterations=150,seed=2)",
        ] {
            args.extend(["--agent", agent]);
        }
        assert_eq!(results(&ok(&ply(&args))), standings, "{n} shards");
        assert_eq!(
            games(&read_records(&merged).unwrap()),
            expected,
            "{n} shards"
        );
    }
}

#[test]
fn a_shard_keeps_both_colours_of_an_opening_and_resumes() {
    let dir = folder("colours");
    let file = dir.join("shard.jsonl");
    ok(&tournament(&file, &["--shard", "2/5"]));
    let records = read_records(&file).unwrap();
    for r in &records {
        let twin = records.iter().filter(|o| {
            o.game == r.game
                && o.opening == r.opening
                && o.players == [r.players[1].clone(), r.players[0].clone()]
        });
        assert_eq!(twin.count(), 1, "the colour-swapped twin of {}", r.id);
    }
    // A killed shard job is run again with --resume: nothing is played twice.
    let kept = std::fs::read_to_string(&file).unwrap();
    let first_lines: Vec<&str> = kept.lines().take(3).collect();
    std::fs::write(&file, first_lines.join("\n") + "\n").unwrap();
    ok(&tournament(&file, &["--shard", "2/5", "--resume"]));
    assert_eq!(games(&read_records(&file).unwrap()), games(&records));
    // A shard that does not exist is refused.
    refused(
        &tournament(&file, &["--shard", "6/5"]),
        "expected K/N with 1 <= K <= N",
    );
}

#[test]
fn files_of_another_tournament_or_a_game_twice_are_refused() {
    let dir = folder("refused");
    let (a, b, other) = (
        dir.join("a.jsonl"),
        dir.join("b.jsonl"),
        dir.join("other.jsonl"),
    );
    ok(&tournament(&a, &["--shard", "1/2"]));
    ok(&tournament(&b, &["--shard", "2/2"]));
    ok(&tournament(&other, &["--shard", "1/2", "--seed", "9"]));
    let path = |p: &PathBuf| p.to_str().unwrap().to_string();
    refused(
        &ply(&["arena", "--from-records", &path(&a), &path(&other)]),
        "another tournament than those of",
    );
    refused(
        &ply(&["arena", "--from-records", &path(&a), &path(&other)]),
        "(seed 9 in this file, 1 in the first)",
    );
    refused(
        &ply(&["arena", "--from-records", &path(&a), &path(&b), &path(&a)]),
        "is in `",
    );
    refused(
        &ply(&["arena", "--from-records", &path(&a), "--out", &path(&b)]),
        "the file exists",
    );
    // A merge is written whole or not at all: into `NAME.partial`, then put under its name.
    // A partial file left by a merge killed part way does not stop the next one, which
    // replaces it and leaves none behind.
    let merged = dir.join("merged.jsonl");
    let partial = dir.join("merged.jsonl.partial");
    std::fs::write(&partial, "{\"id\": \"torn").unwrap();
    ok(&ply(&[
        "arena",
        "--from-records",
        &path(&a),
        &path(&b),
        "--out",
        &path(&merged),
    ]));
    assert!(!partial.exists());
    assert_eq!(read_records(&merged).unwrap().len(), GAMES);
    refused(
        &ply(&["arena", "--from-records", &path(&a), "--game", "tictactoe"]),
        "--game",
    );
    let text = ok(&ply(&["arena", "--from-records", &path(&a), &path(&b)]));
    assert!(
        text.starts_with(&format!("{GAMES} games from 2 files")),
        "{text}"
    );
}

/// A tournament for three on Rolit's 6x6 board, with deterministic agents.
fn tournament_for_three(file: &Path, extra: &[&str]) -> Output {
    let setup = [
        "--game",
        "rolit(players=3,size=6)",
        "--agent",
        "random(seed=3)",
        "--agent",
        "greedy",
        "--agent",
        "maxn(depth=1)",
        "--agent",
        "paranoid(depth=1)",
    ];
    arena_into(&setup, file, extra)
}

#[test]
fn a_tournament_for_three_shards_merges_and_resumes_like_one_for_two() {
    let dir = folder("three");
    let whole = dir.join("whole.jsonl");
    let standings = results(&ok(&tournament_for_three(&whole, &["--openings", "2"])));
    let expected = games(&read_records(&whole).unwrap());
    // Four tables of three agents, six seat orders each, two openings.
    assert_eq!(expected.len(), 4 * 6 * 2);
    assert_eq!(standings["tables"].as_array().unwrap().len(), 4);
    let mut files = Vec::new();
    for k in 1..=3 {
        let file = dir.join(format!("shard-{k}.jsonl"));
        ok(&tournament_for_three(
            &file,
            &["--openings", "2", "--shard", &format!("{k}/3")],
        ));
        let records = read_records(&file).unwrap();
        // A shard holds a table's opening in all six seat orders, or none of them.
        for r in &records {
            let mut members = r.players.clone();
            members.sort();
            let orders = records.iter().filter(|o| {
                let mut others = o.players.clone();
                others.sort();
                o.opening == r.opening && others == members
            });
            assert_eq!(orders.count(), 6, "{}", r.id);
        }
        files.push(file);
    }
    let mut args = vec!["arena", "--json", "--from-records"];
    args.extend(files.iter().map(|f| f.to_str().unwrap()));
    for agent in [
        "random(seed=3)",
        "greedy",
        "maxn(depth=1)",
        "paranoid(depth=1)",
    ] {
        args.extend(["--agent", agent]);
    }
    assert_eq!(results(&ok(&ply(&args))), standings);
    // A third opening extends the tournament: --resume plays only its games.
    let text = ok(&tournament_for_three(
        &whole,
        &["--openings", "3", "--resume"],
    ));
    let after = games(&read_records(&whole).unwrap());
    assert_eq!(after.len(), 4 * 6 * 3);
    assert!(expected
        .iter()
        .all(|(id, game)| after.get(id) == Some(game)));
    assert_eq!(results(&text)["games"], 72);
}
