//! Record files through the binary: nothing lost, doubled or mixed. A torn last write is cut
//! and its game played again; a last record without its newline is kept and terminated; a
//! complete line that is not a record is refused with its line number and the file left as it
//! is; Windows line ends and a character torn in half are read; a file another run is writing
//! is refused; a file of another tournament (other time control) is refused; agents and games
//! written another way (`GREEDY()` for `greedy`) are the same tournament.

use ply_arena::record::{read_records, RecordWriter};
use std::path::Path;
use std::process::Output;

mod common;
use common::{fresh_folder as folder, ply, refused, succeeded as ok};

const GAMES: usize = 8; // 2 openings x 2 colours x 2 games of one pairing

/// A small tournament writing to `file`, with extra flags.
fn tournament(file: &Path, extra: &[&str]) -> Output {
    let mut args = vec![
        "arena",
        "--game",
        "tictactoe",
        "--game",
        "nim(heaps=[2,3])",
        "--agent",
        "random",
        "--agent",
        "greedy",
        "--openings",
        "2",
        "--quiet",
        "--out",
        file.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    ply(&args)
}

/// The ids of a complete run, each once.
fn complete(file: &Path) {
    let records = read_records(file).unwrap();
    let mut ids: Vec<_> = records.iter().map(|r| r.id.clone()).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(
        (records.len(), ids.len()),
        (GAMES, GAMES),
        "no game lost or counted twice"
    );
}

/// A finished file, then its first `keep` lines.
fn cut_file(file: &Path, keep: usize) -> Vec<String> {
    ok(&tournament(file, &[]));
    let lines: Vec<String> = std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(lines.len(), GAMES);
    lines[..keep].to_vec()
}

#[test]
fn a_torn_last_write_is_cut_and_its_game_played_again() {
    let file = folder("torn").join("games.jsonl");
    let lines = cut_file(&file, 5);
    let mut text = lines[..4].join("\n") + "\n";
    text.push_str(&lines[4][..lines[4].len() / 2]);
    std::fs::write(&file, &text).unwrap();
    ok(&tournament(&file, &["--resume"]));
    complete(&file);
}

#[test]
fn a_character_torn_in_half_is_a_torn_write_too() {
    let file = folder("utf8").join("games.jsonl");
    let lines = cut_file(&file, 3);
    let mut bytes = (lines.join("\n") + "\n").into_bytes();
    bytes.extend_from_slice(&"{\"id\": \"é".as_bytes()[..9]); // half of the é
    std::fs::write(&file, &bytes).unwrap();
    assert_eq!(read_records(&file).unwrap().len(), 3);
    ok(&tournament(&file, &["--resume"]));
    complete(&file);
}

#[test]
fn a_last_record_without_its_newline_is_kept_and_terminated() {
    let file = folder("unterminated").join("games.jsonl");
    let lines = cut_file(&file, 5);
    std::fs::write(&file, lines.join("\n")).unwrap(); // no newline after the fifth
    assert_eq!(read_records(&file).unwrap().len(), 5);
    ok(&tournament(&file, &["--resume"]));
    complete(&file);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.lines().take(5).zip(&lines).all(|(a, b)| a == b),
        "the kept records are unchanged"
    );
}

#[test]
fn a_complete_line_that_is_not_a_record_is_refused_and_kept() {
    let file = folder("garbage").join("games.jsonl");
    let lines = cut_file(&file, 4);
    let text = lines.join("\n") + "\nthis is not a record\n";
    std::fs::write(&file, &text).unwrap();
    refused(&tournament(&file, &["--resume"]), "line 5");
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        text,
        "the file is left as it is"
    );
}

#[test]
fn windows_line_ends_are_read() {
    let file = folder("crlf").join("games.jsonl");
    let lines = cut_file(&file, 6);
    std::fs::write(&file, lines.join("\r\n") + "\r\n").unwrap();
    assert_eq!(read_records(&file).unwrap().len(), 6);
    ok(&tournament(&file, &["--resume"]));
    assert_eq!(read_records(&file).unwrap().len(), GAMES);
}

#[test]
fn a_file_another_run_is_writing_is_refused() {
    let file = folder("locked").join("games.jsonl");
    cut_file(&file, 1);
    let writer = RecordWriter::append(&file).unwrap();
    refused(
        &tournament(&file, &["--resume"]),
        "another ply is writing it",
    );
    // ply play's --record is refused the same way, naming the file, not another flag.
    let played = ply(&[
        "play",
        "tictactoe",
        "--p0",
        "random",
        "--p1",
        "random",
        "--record",
        file.to_str().unwrap(),
    ]);
    refused(&played, "bad record file");
    assert!(!String::from_utf8_lossy(&played.stderr).contains("--out"));
    drop(writer);
    ok(&tournament(&file, &["--resume"]));
    complete(&file);
}

#[test]
fn a_file_of_another_tournament_is_refused() {
    let file = folder("other").join("games.jsonl");
    let lines = cut_file(&file, 3);
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    let before = std::fs::read_to_string(&file).unwrap();
    refused(
        &tournament(&file, &["--resume", "--move-time", "50ms"]),
        "another tournament (move time none in the file, 50ms in these flags)",
    );
    refused(
        &tournament(&file, &["--resume", "--seed", "9"]),
        "another tournament (seed 1 in the file, 9 in these flags)",
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
    ok(&tournament(&file, &["--resume"]));
    complete(&file);
}

#[test]
fn agents_written_another_way_are_the_same_tournament() {
    let file = folder("spelling").join("games.jsonl");
    let lines = cut_file(&file, 3);
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    let path = file.to_str().unwrap();
    let out = ply(&[
        "arena",
        "--game",
        "TICTACTOE()",
        "--game",
        "nim( heaps=[2,3] )",
        "--agent",
        "RANDOM",
        "--agent",
        "greedy()",
        "--openings",
        "2",
        "--quiet",
        "--json",
        "--resume",
        "--out",
        path,
    ]);
    ok(&out);
    complete(&file);
    let standings: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        standings["games"], GAMES,
        "the 3 games kept count with the 5 played"
    );
    refused(
        &ply(&[
            "arena",
            "--game",
            "tictactoe",
            "--agent",
            "greedy",
            "--agent",
            "GREEDY()",
            "--out",
            path,
        ]),
        "given twice (as `greedy`)",
    );
}
