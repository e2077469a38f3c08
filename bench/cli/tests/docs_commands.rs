//! The documentation is executed, not just compiled: every `sh` or `bash` block of README.md and
//! docs/ that runs `ply` (or `cargo run --release --`) runs here through the binary, and every
//! transcript (a `text` block of `$ command` lines and their output) is run and its output
//! compared with what the page shows.
//!
//! How a page's blocks run:
//! - with bash, in a fresh folder of the page's own (later blocks see the files earlier ones
//!   wrote; `/tmp/` in a command is that folder), `ply` and `cargo run --release --` being this
//!   build's binary, and a Python block marked `<!-- protocol-agent -->` saved as
//!   `my_agent.py`; Slurm's variables set as for task 1 of 2;
//! - a command still running after a few seconds (a tournament, a big solve, the server) is
//!   stopped with Ctrl-C and counts as run: it was accepted and started working;
//! - a complete command in running text (`ply perft tictactoe --depth 9`: a subcommand and
//!   its arguments, no placeholder such as `GAME`, `N` or `...`) runs the same way;
//! - what cannot run here is not run, and is said: `cargo` other than `cargo run --release --`
//!   (the kit's commands are run by docs/teaching's tests), `pip`, `sbatch`, `srun` and GNU
//!   `parallel`; and a block marked `<!-- docs test: skip (why) -->`.
//!
//! How a transcript is compared: times and speeds are masked (a number followed by `ms`, `s`,
//! `M`..., and every decimal); a line `...` stands for any lines, and `...` inside a line for
//! any text. Transcripts of searches that depend on the clock (time limits, several threads)
//! are compared in shape: every number masked, each shown line found in the output. The three
//! transcripts that take a minute or more (the default tournament, the AIND preset, `ply
//! ablate`) and the slowest pages run in ignored tests that `.ci/run` starts: `cargo test
//! --workspace --test docs_commands -- --ignored`.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Transcripts that take a minute or more: run only by the ignored test.
const LONG: [&str; 3] = [
    "cargo run --release -- arena",
    "ply arena --preset aind",
    "ply ablate",
];

/// Seconds a command of a script block may run before it is stopped with Ctrl-C.
const SCRIPT_SECONDS: &str = "1";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// README.md and every page under docs/, as (path from the root, text).
fn pages() -> Vec<(String, String)> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("docs/ is readable") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    let mut paths = vec![root().join("README.md")];
    walk(&root().join("docs"), &mut paths);
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let name = p
                .strip_prefix(root())
                .expect("under the root")
                .to_string_lossy()
                .into_owned();
            (name, std::fs::read_to_string(&p).expect("a page"))
        })
        .collect()
}

/// A fenced block: its fence word, first line number, text, and the HTML comment just above.
struct Fenced {
    fence: String,
    line: usize,
    text: String,
    marker: String,
}

fn fenced_blocks(page: &str) -> Vec<Fenced> {
    let mut out = Vec::new();
    let mut current: Option<Fenced> = None;
    let mut previous = "";
    for (i, line) in page.lines().enumerate() {
        match current.as_mut() {
            None => {
                if let Some(fence) = line.strip_prefix("```") {
                    current = Some(Fenced {
                        fence: fence.trim().to_string(),
                        line: i + 2,
                        text: String::new(),
                        marker: previous.trim().to_string(),
                    });
                }
            }
            Some(block) => {
                if line == "```" {
                    out.push(current.take().expect("a block"));
                } else {
                    block.text.push_str(line);
                    block.text.push('\n');
                }
            }
        }
        if !line.trim().is_empty() {
            previous = line;
        }
    }
    out
}

/// Whether a line of a script runs ply.
fn runs_ply(line: &str) -> bool {
    let line = line.trim();
    line.starts_with("ply ")
        || line.contains(" ply ")
        || line.contains("| ply ")
        || line.starts_with("cargo run --release --")
}

/// A folder with `ply`, `cargo` and the commands that cannot run here, first on the PATH;
/// written once per test process (tests run in parallel, and a script being rewritten while
/// another test runs it would be read half-written).
fn shims() -> PathBuf {
    static SHIMS: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    SHIMS.get_or_init(write_shims).clone()
}

fn write_shims() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-docs-shims-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).expect("a shim");
        let _ = Command::new("chmod").arg("+x").arg(&path).status();
    };
    write(
        "ply",
        "#!/usr/bin/env bash\n\
         timeout -s INT -k 10 \"${PLY_DOC_SECONDS:-120}\" \"$PLY_REAL\" \"$@\"\n\
         code=$?\n\
         if [ \"$code\" = 124 ]; then exit 0; fi\n\
         exit \"$code\"\n",
    );
    write(
        "cargo",
        "#!/usr/bin/env bash\n\
         if [ \"$1 $2 $3\" = \"run --release --\" ]; then shift 3; exec ply \"$@\"; fi\n\
         echo \"docs test: not run here: cargo $*\" >&2\n",
    );
    for name in ["pip", "sbatch", "srun", "parallel"] {
        write(
            name,
            &format!("#!/usr/bin/env bash\necho \"docs test: not run here: {name} $*\" >&2\n"),
        );
    }
    dir
}

/// Runs `script` with bash in `dir` as the module's header says; returns (exit code, stdout,
/// stderr).
fn bash(script: &str, dir: &Path, seconds: &str, input: &str) -> (Option<i32>, String, String) {
    let path = format!(
        "{}:{}",
        shims().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let script = script.replace("/tmp/", &format!("{}/", dir.display()));
    let mut child = Command::new("bash")
        .arg("-c")
        .arg(&script)
        .current_dir(dir)
        .env("PATH", path)
        .env("PLY_REAL", env!("CARGO_BIN_EXE_ply"))
        .env("PLY_DOC_SECONDS", seconds)
        .env("SLURM_ARRAY_TASK_ID", "1")
        .env("SLURM_ARRAY_TASK_COUNT", "2")
        .env("SLURM_CPUS_PER_TASK", "2")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bash runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_string();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().expect("bash finishes");
    let _ = feeder.join();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A page's own empty folder.
fn page_folder(page: &str) -> PathBuf {
    let name: String = page
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect();
    let dir = std::env::temp_dir().join(format!("ply-docs-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("docs/pictures")).expect("a folder");
    dir
}

/// Runs every script block of `only` (a page's path); returns how many ran and what was
/// skipped.
fn run_scripts(only: &str) -> (usize, Vec<String>) {
    let mut ran = 0;
    let mut skipped = Vec::new();
    let mut failures = Vec::new();
    for (page, text) in pages().into_iter().filter(|(p, _)| p == only) {
        let dir = page_folder(&page);
        for block in fenced_blocks(&text) {
            if block.marker == "<!-- protocol-agent -->" {
                std::fs::write(dir.join("my_agent.py"), &block.text).expect("the agent");
            }
            if !matches!(block.fence.as_str(), "sh" | "bash") || !block.text.lines().any(runs_ply) {
                continue;
            }
            if let Some(why) = block.marker.strip_prefix("<!-- docs test: skip") {
                skipped.push(format!(
                    "{page}:{}: {}",
                    block.line,
                    why.trim_end_matches("-->").trim()
                ));
                continue;
            }
            let input = "resign\n".repeat(20);
            let (code, out, err) = bash(&block.text, &dir, SCRIPT_SECONDS, &input);
            ran += 1;
            if code != Some(0) {
                failures.push(format!(
                    "{page}:{}: exit {code:?}\n{}\nstdout: {}\nstderr: {}",
                    block.line,
                    block.text,
                    tail(&out),
                    tail(&err)
                ));
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    (ran, skipped)
}

fn tail(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(12)..].join("\n")
}

/// A transcript: the command after `$ ` and the output shown below it.
struct Transcript {
    page: String,
    line: usize,
    command: String,
    shown: String,
    /// What the person typed, from a `<!-- docs test: input A B C -->` marker (one per line).
    input: String,
}

fn transcripts(only: Option<&str>) -> Vec<Transcript> {
    let mut out = Vec::new();
    for (page, text) in pages()
        .into_iter()
        .filter(|(p, _)| only.is_none_or(|o| o == p))
    {
        for block in fenced_blocks(&text) {
            if block.fence != "text" || !block.text.starts_with("$ ") {
                continue;
            }
            let input: String = block
                .marker
                .strip_prefix("<!-- docs test: input")
                .map(|words| {
                    words
                        .trim_end_matches("-->")
                        .split_whitespace()
                        .map(|w| format!("{w}\n"))
                        .collect()
                })
                .unwrap_or_default();
            for (i, line) in block.text.lines().enumerate() {
                if let Some(command) = line.strip_prefix("$ ") {
                    out.push(Transcript {
                        page: page.clone(),
                        line: block.line + i,
                        command: command.to_string(),
                        shown: String::new(),
                        input: input.clone(),
                    });
                } else if let Some(t) = out.last_mut() {
                    t.shown.push_str(line);
                    t.shown.push('\n');
                }
            }
        }
    }
    out
}

/// Whether a command's output depends on the clock or on thread timing.
fn timed(command: &str) -> bool {
    command.contains("time=")
        || command.contains("--move-time")
        || command.contains("--preset aind")
        || command.contains("threads=2")
}

/// `text` with every decimal number, and every number followed by a time or speed unit,
/// replaced by `#`; with `all`, every number (and `inf`) at all.
fn mask(text: &str, all: bool) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let starts_number = chars[i].is_ascii_digit()
            || (all
                && "+-".contains(chars[i])
                && chars.get(i + 1).is_some_and(char::is_ascii_digit));
        let glued = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        let at = &text[char_offset(&chars, i)..];
        if all
            && !glued
            && (at.starts_with("inf") || at.starts_with("+inf") || at.starts_with("-inf"))
        {
            out.push('#');
            i += if at.starts_with("inf") { 3 } else { 4 };
            continue;
        }
        if !starts_number || glued {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        while i < chars.len()
            && (chars[i].is_ascii_digit()
                || (chars[i] == '.' && chars.get(i + 1).is_some_and(char::is_ascii_digit)))
        {
            i += 1;
        }
        let number: String = chars[start..i].iter().collect();
        let rest: String = chars[i..].iter().collect();
        let unit = rest.trim_start();
        let timing = [
            "ms",
            "s ",
            "s,",
            "s)",
            "s\n",
            "µs",
            "M ",
            "G ",
            "k ",
            "playouts/s",
        ]
        .iter()
        .any(|u| unit.starts_with(u))
            || unit == "s";
        // A duration's unit goes with its number: a machine that takes 1.044 s where the page
        // shows 731.339 ms prints the same line.
        let duration_unit = ["ms", "µs", "ns"]
            .iter()
            .find(|u| unit.starts_with(*u))
            .map(|u| u.chars().count())
            .or(
                (unit == "s" || ["s ", "s,", "s)"].iter().any(|u| unit.starts_with(u)))
                    .then_some(1),
            );
        if let Some(unit_chars) = duration_unit {
            out.push_str("#s");
            i += rest.chars().count() - unit.chars().count() + unit_chars;
        } else if all || number.contains('.') || timing {
            out.push('#');
        } else {
            out.push_str(&number);
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn char_offset(chars: &[char], i: usize) -> usize {
    chars[..i].iter().map(|c| c.len_utf8()).sum()
}

/// Whether the `actual` output is what the page shows, with `...` lines and `...` inside a
/// line as wildcards.
fn same_output(shown: &str, actual: &str, all_numbers: bool) -> bool {
    let shown: Vec<String> = shown.lines().map(|l| mask(l, all_numbers)).collect();
    let actual: Vec<String> = actual.lines().map(|l| mask(l, all_numbers)).collect();
    if all_numbers {
        // In shape: every shown line is somewhere in the output, spacing aside (columns
        // are aligned to the numbers' widths).
        let squeeze = |l: &String| l.split_whitespace().collect::<String>();
        return shown.iter().filter(|l| *l != "...").all(|l| {
            actual
                .iter()
                .any(|a| line_matches(&squeeze(l), &squeeze(a)))
        });
    }
    fn from(shown: &[String], actual: &[String]) -> bool {
        match shown.split_first() {
            None => actual.iter().all(|l| l.is_empty()),
            Some((first, rest)) if first == "..." => {
                (0..=actual.len()).any(|skip| from(rest, &actual[skip..]))
            }
            Some((first, rest)) => {
                // Blank lines are layout: skip them on both sides.
                if first.is_empty() {
                    return from(rest, actual);
                }
                match actual.split_first() {
                    Some((a, more)) if a.is_empty() => from(shown, more),
                    Some((a, more)) => line_matches(first, a) && from(rest, more),
                    None => false,
                }
            }
        }
    }
    from(&shown, &actual)
}

/// A shown line against an output line: equal, or with `...` standing for any text.
fn line_matches(shown: &str, actual: &str) -> bool {
    let parts: Vec<&str> = shown.split("...").collect();
    if parts.len() == 1 {
        return shown == actual;
    }
    let mut rest = actual;
    for (i, part) in parts.iter().enumerate() {
        if i == 0 {
            let Some(r) = rest.strip_prefix(part) else {
                return false;
            };
            rest = r;
        } else if i == parts.len() - 1 {
            return rest.ends_with(part);
        } else {
            let Some(at) = rest.find(part) else {
                return false;
            };
            rest = &rest[at + part.len()..];
        }
    }
    true
}

/// Runs a transcript's command and returns its output (stdout and stderr, in order).
fn run_transcript(t: &Transcript, dir: &Path) -> String {
    // "# Ctrl-C during depth N": stopped as a person would, once depth N - 1 is printed.
    if let Some(depth) = t
        .command
        .split("# Ctrl-C during depth ")
        .nth(1)
        .and_then(|d| d.trim().parse::<u32>().ok())
    {
        let args = t.command.split('#').next().unwrap_or("");
        let args: Vec<&str> = args.split_whitespace().skip(1).collect();
        let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("ply runs");
        let mut output = String::new();
        let reader = BufReader::new(child.stdout.take().expect("stdout"));
        for line in reader.lines() {
            let line = line.expect("a line");
            output.push_str(&line);
            output.push('\n');
            if line.starts_with(&format!("depth {}:", depth - 1)) {
                let _ = Command::new("kill")
                    .args(["-INT", &child.id().to_string()])
                    .status();
            }
        }
        let out = child.wait_with_output().expect("ply ends");
        output.push_str(&String::from_utf8_lossy(&out.stderr));
        return output;
    }
    let seconds = if t.command.contains(" serve") {
        "3"
    } else {
        "600"
    };
    let (_, out, _) = bash(
        &format!("{{ {}\n}} 2>&1", t.command),
        dir,
        seconds,
        &t.input,
    );
    out
}

/// Compares the transcripts of `only` (every page with `None`): the short ones, or with
/// `long`, those of that one long command.
fn check_transcripts(only: Option<&str>, long: Option<&str>) -> usize {
    let mut failures = Vec::new();
    let mut compared = 0;
    // A long command shown on two pages runs once: its output is compared with both.
    let mut long_outputs: std::collections::HashMap<String, String> = Default::default();
    for t in transcripts(only) {
        let is_long = LONG.iter().any(|l| t.command.trim() == *l);
        let wanted = match long {
            Some(command) => t.command.trim() == command,
            None => !is_long,
        };
        if !wanted || t.command.starts_with("cargo run -q -p ply-teaching") {
            continue;
        }
        let run = || {
            let dir = page_folder(&format!("{}-{}", t.page, t.line));
            let output = run_transcript(&t, &dir);
            let _ = std::fs::remove_dir_all(&dir);
            output
        };
        let output = if is_long {
            long_outputs
                .entry(t.command.trim().to_string())
                .or_insert_with(run)
                .clone()
        } else {
            run()
        };
        compared += 1;
        if !same_output(&t.shown, &output, timed(&t.command)) {
            failures.push(format!(
                "{}:{}: `{}` printed\n{output}\nbut the page shows\n{}",
                t.page, t.line, t.command, t.shown
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    compared
}

/// The complete commands in a page's running text (outside fenced blocks): code spans that
/// start with `ply`, name a subcommand and give it arguments, with no placeholder.
fn inline_commands(page: &str) -> Vec<String> {
    let mut prose = String::new();
    let mut fenced = false;
    for line in page.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            prose.push_str(line);
            prose.push(' ');
        }
    }
    let placeholder = |word: &str| {
        let bare = word.trim_matches(|c: char| !c.is_alphanumeric());
        !bare.is_empty() && bare.chars().all(|c| c.is_ascii_uppercase() || c == '_')
    };
    prose
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|span| {
            let words: Vec<&str> = span.split_whitespace().collect();
            // `ply SUBCOMMAND ARGUMENT ...`; ` [--flag]` is a synopsis, not a command.
            words.len() >= 3
                && words[0] == "ply"
                && !words[1].starts_with('-')
                && !words[2].starts_with('-')
                && !span.contains("...")
                && !span.contains(" [")
        })
        .filter(|span| !span.split_whitespace().any(placeholder))
        .map(str::to_string)
        .collect()
}

/// Runs the complete commands of a page's running text; returns how many ran.
fn run_inline(path: &str) -> usize {
    let (_, text) = pages()
        .into_iter()
        .find(|(p, _)| p == path)
        .expect("the page");
    let dir = page_folder(&format!("{path}-inline"));
    let mut failures = Vec::new();
    let commands = inline_commands(&text);
    for command in &commands {
        let (code, out, err) = bash(command, &dir, SCRIPT_SECONDS, &"resign\n".repeat(20));
        if code != Some(0) {
            failures.push(format!(
                "{path}: `{command}`: exit {code:?}\nstdout: {}\nstderr: {}",
                tail(&out),
                tail(&err)
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    commands.len()
}

/// Runs the scripts, inline commands and transcripts of one page: a test per page keeps each
/// test short.
fn page(path: &str) {
    run_inline(path);
    let (_, skipped) = run_scripts(path);
    assert!(skipped.len() <= 1, "{path}: skipped {skipped:?}");
    check_transcripts(Some(path), None);
}

macro_rules! page_tests {
    ($($name:ident: $path:literal,)* ; slow: $($slow:ident: $slow_path:literal,)*) => {
        $(
            #[test]
            fn $name() {
                page($path);
            }
        )*

        /// The pages whose commands take longest (a quarter of a minute or more each in a test
        /// build), left out of the README's test command: `.ci/run` runs them with the long
        /// transcripts, beside the default tournament and never beside the AIND preset.
        mod slow_pages {
            $(
                #[test]
                #[ignore = "slow: .ci/run runs it"]
                fn $slow() {
                    let _alone = super::ALONE.lock().unwrap_or_else(|e| e.into_inner());
                    super::page($slow_path);
                }
            )*
        }

        /// Every page has its test, so a new page is not left unrun.
        #[test]
        fn every_page_has_a_test() {
            let tested = [$($path,)* $($slow_path,)*];
            for (page, text) in pages() {
                let runs = !inline_commands(&text).is_empty()
                    || fenced_blocks(&text).iter().any(|b| {
                        (matches!(b.fence.as_str(), "sh" | "bash") && b.text.lines().any(runs_ply))
                            || (b.fence == "text" && b.text.starts_with("$ "))
                    });
                assert!(
                    !runs || tested.contains(&page.as_str()),
                    "{page} shows commands but has no test: add it to page_tests!"
                );
            }
        }
    };
}

page_tests! {
    readme: "README.md",
    guide: "docs/README.md",
    arena: "docs/arena.md",
    cluster: "docs/cluster.md",
    command: "docs/command.md",
    engine: "docs/engine.md",
    framework: "docs/framework.md",
    isolation: "docs/games/isolation.md",
    onitama: "docs/games/onitama.md",
    connect_four: "docs/games/connect-four.md",
    breakthrough: "docs/games/breakthrough.md",
    amazons: "docs/games/amazons.md",
    einstein: "docs/games/einstein-wurfelt-nicht.md",
    backgammon: "docs/games/backgammon.md",
    othello: "docs/games/othello.md",
    rolit: "docs/games/rolit.md",
    chinese_checkers: "docs/games/chinese-checkers.md",
    chance: "docs/chance.md",
    multiplayer: "docs/multiplayer.md",
    queen_isolation: "docs/games/queen-isolation.md",
    mcts: "docs/mcts.md",
    protocol: "docs/protocol.md",
    python: "docs/python.md",
    search: "docs/search.md",
    serve: "docs/serve.md",
    teaching: "docs/teaching.md",
    tutorial: "docs/tutorial.md",
    ;
    // Run by `.ci/run` (see `slow_pages`).
    slow:
    cookbook: "docs/cookbook.md",
    pig: "docs/games/pig.md",
    solver: "docs/solver.md",
}

/// Held by `ply ablate`'s test and the slow pages while they run: the AIND preset's agents play
/// on the clock, so it waits for the machine to itself.
static ALONE: std::sync::Mutex<()> = std::sync::Mutex::new(());

// Two tests, so that the harness's threads run them at once: `ply ablate` searches on one thread
// while the default tournament (bounded by nodes and iterations, so its output does not depend
// on the machine's load) plays on the others; then the AIND preset runs alone.
#[test]
#[ignore = "minutes: run by .ci/run"]
fn the_long_tournaments_transcripts_are_their_output() {
    assert!(check_transcripts(None, Some(LONG[0])) >= 1);
    let _alone = ALONE.lock().unwrap_or_else(|e| e.into_inner());
    // Shown twice (arena.md and the cookbook), run once.
    assert!(check_transcripts(None, Some(LONG[1])) >= 2);
}

#[test]
#[ignore = "a minute or more: run by .ci/run"]
fn the_ablation_transcript_is_its_output() {
    let _alone = ALONE.lock().unwrap_or_else(|e| e.into_inner());
    assert!(check_transcripts(None, Some(LONG[2])) >= 1);
}

#[test]
fn commands_in_running_text_are_found_and_placeholders_left_out() {
    let page = "Run `ply perft tictactoe --depth 9` (255168), not `ply solve GAME --json`, \
                `ply arena`, `ply search --json` or `ply solve --split-depth D --write-jobs x`.";
    assert_eq!(inline_commands(page), ["ply perft tictactoe --depth 9"]);
}

#[test]
fn the_comparison_masks_times_and_honours_wildcards() {
    assert!(same_output(
        "depth 1: 99 (0.001 ms, 167.5 M leaves/s)\n...\ntotal 5\n",
        "depth 1: 99 (0.004 ms, 20.1 M leaves/s)\ndepth 2: 9702\ntotal 5\n",
        false
    ));
    assert!(!same_output("depth 1: 99\n", "depth 1: 98\n", false));
    assert!(same_output(
        "{\"ply\":0,\"legal\":[\"0\",...],...}\n",
        "{\"ply\":0,\"legal\":[\"0\",\"1\"],\"x\":1}\n",
        false
    ));
    assert!(same_output(
        "mcts 70 50 0 20 71.4% Elo +159\n",
        "x\nmcts 70 51 0 19 72.9% Elo +inf\n",
        true
    ));
    assert_eq!(mask("in 50.2 s on 2 threads", false), "in #s on 2 threads");
    // A duration in another unit is the same line.
    assert!(same_output(
        "depth 8: 234252752 (731.339 ms, 320.3 M leaves/s)\n",
        "depth 8: 234252752 (1.044 s, 224.3 M leaves/s)\n",
        false
    ));
    assert!(!same_output(
        "depth 8: 234252752 (731.339 ms)\n",
        "depth 8: 234252753 (1.044 s)\n",
        false
    ));
}
