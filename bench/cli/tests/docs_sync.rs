//! The tutorial cannot drift from the code: its game listings are the crate's files verbatim,
//! its excerpts are the command's source line for line, and its transcripts are what the
//! command prints today (times masked).

mod common;

use common::ply_with_input;
use std::path::{Path, PathBuf};

fn repo_file(path: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let path: PathBuf = root.join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// The fenced blocks of `markdown` that open with exactly `fence` (e.g. "```rust,ignore").
fn blocks(markdown: &str, fence: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut current: Option<String> = None;
    for line in markdown.lines() {
        match &mut current {
            None if line == fence => current = Some(String::new()),
            Some(text) if line == "```" => {
                found.push(std::mem::take(text));
                current = None;
            }
            Some(text) => {
                text.push_str(line);
                text.push('\n');
            }
            None => {}
        }
    }
    found
}

/// `text` with every duration and rate figure replaced by `#`, spaces normalised.
fn mask_times(text: &str) -> String {
    text.lines()
        .map(|line| {
            let tokens: Vec<&str> = line.split_whitespace().collect();
            (0..tokens.len())
                .map(|i| {
                    let unit = tokens.get(i + 1).copied().unwrap_or("");
                    let is_figure = tokens[i].parse::<f64>().is_ok();
                    if is_figure && matches!(unit, "ms" | "s" | "M") {
                        "#"
                    } else {
                        tokens[i]
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The transcript in `markdown` that starts with the line `$ command`.
fn transcript(markdown: &str, command: &str) -> String {
    blocks(markdown, "```text")
        .into_iter()
        .find_map(|b| {
            b.strip_prefix(&format!("$ {command}\n"))
                .map(str::to_string)
        })
        .unwrap_or_else(|| panic!("no transcript of `{command}`"))
}

fn run_ply(args: &[&str], stdin: &str) -> String {
    let output = ply_with_input(args, stdin);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn tutorial_shows_the_crate_verbatim() {
    let tutorial = repo_file("docs/tutorial.md");
    let mut listings = blocks(&tutorial, "```rust");
    listings.extend(blocks(&tutorial, "```rust,ignore"));
    let manifests = blocks(&tutorial, "```toml");
    for (file, shown) in [
        ("games/tutorial/src/tictactoe.rs", &listings),
        ("games/tutorial/src/nim.rs", &listings),
        ("games/tutorial/src/front.rs", &listings),
        ("games/tutorial/Cargo.toml", &manifests),
    ] {
        let source = repo_file(file);
        assert!(
            shown.contains(&source),
            "docs/tutorial.md no longer shows {file} verbatim: copy the file into its block"
        );
    }
}

#[test]
fn tutorial_excerpts_are_in_the_source() {
    let tutorial = repo_file("docs/tutorial.md");
    let sources = repo_file("games/registry/src/lib.rs") + &repo_file("games/registry/Cargo.toml");
    let front = repo_file("games/tutorial/src/front.rs");
    let excerpts = blocks(&tutorial, "```rust,ignore")
        .into_iter()
        .chain(blocks(&tutorial, "```toml,ignore"));
    let mut shown = 0;
    for excerpt in excerpts.filter(|e| *e != front) {
        shown += 1;
        assert!(
            sources.contains(&excerpt),
            "this excerpt of docs/tutorial.md is no longer in games/registry:\n{excerpt}"
        );
    }
    assert!(shown >= 2, "the tutorial's section 6 lost its excerpts");
}

#[test]
fn tutorial_transcripts_are_the_commands_output() {
    let tutorial = repo_file("docs/tutorial.md");
    let played = run_ply(
        &["play", "tictactoe", "--p1", "alphabeta(depth=9)"],
        "4\n8\n1\n3\n6\n",
    );
    assert_eq!(
        mask_times(&played),
        mask_times(&transcript(
            &tutorial,
            r#"ply play tictactoe --p1 "alphabeta(depth=9)""#
        ))
    );
    let solved = run_ply(&["solve", "nim(heaps=[3,4,5])"], "");
    assert_eq!(
        mask_times(&solved),
        mask_times(&transcript(&tutorial, r#"ply solve "nim(heaps=[3,4,5])""#))
    );
}

#[test]
fn time_masking_keeps_everything_else() {
    assert_eq!(
        mask_times("plays 0  score 0  nodes 4797  0.3 ms\ntime 0.065 s  0.15 M nodes/s"),
        "plays 0 score 0 nodes 4797 # ms\ntime # s # M nodes/s"
    );
}

/// `line` split into words, double quotes grouping (as the shell reads the README's lines).
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            c if c.is_whitespace() && !quoted => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

#[test]
fn the_readmes_quick_commands_run() {
    // Every `cargo run --release -- ...` line of the README's tour, through the binary; the
    // long ones (tournaments, a human's game, big searches and solves) have tests of their own.
    let readme = repo_file("README.md");
    let quick = ["perft", "replay", "solve", "games", "agents"];
    let mut ran = 0;
    for line in readme.lines() {
        let Some(rest) = line.trim().strip_prefix("cargo run --release -- ") else {
            continue;
        };
        let command = rest.split('#').next().unwrap_or("");
        let words = shell_words(command);
        let heavy = words
            .iter()
            .any(|w| w.contains("threads") || w.contains("width=6"));
        if words.is_empty() || !quick.contains(&words[0].as_str()) || heavy {
            continue;
        }
        let args: Vec<&str> = words.iter().map(String::as_str).collect();
        run_ply(&args, "");
        ran += 1;
    }
    assert!(
        ran >= 6,
        "the README's tour lost its quick commands ({ran} ran)"
    );
}
