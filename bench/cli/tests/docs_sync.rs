//! The tutorial cannot drift from the code: its game listings are the crate's files verbatim,
//! and its excerpts are the command's source line for line. (Its transcripts, like every
//! page's, are run by `docs_commands.rs`.)

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
