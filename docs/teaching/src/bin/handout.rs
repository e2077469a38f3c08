//! `handout DIR`: writes the student's crate, which builds and grades on its own, anywhere: the
//! skeletons, the graders and the `grade` command, without the solutions (`reference.rs`, and
//! the reference Kayles, whose behaviour the grader reads from recorded facts instead), with
//! the ply libraries it needs copied under `vendor/`. Zip `DIR` and hand it out.
//!
//! ```text
//! cargo run -p ply-teaching --bin handout -- ../exercises
//! cd ../exercises && cargo test           # every exercise graded; fails until solved
//! cargo run --bin grade                   # the report, with points
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The ply crates the exercises use, directly or through another: (name, folder in the
/// workspace).
const VENDORED: [(&str, &str); 4] = [
    ("ply-search", "search"),
    ("ply-grid", "games/grid"),
    ("ply-isolation", "games/isolation"),
    ("ply-queen-isolation", "games/queen-isolation"),
];

/// The kit's files that are the instructor's alone.
const INSTRUCTORS_ONLY: [&str; 3] = ["reference.rs", "grader_kayles.rs", "bin/handout.rs"];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [dir] = args.as_slice() else {
        eprintln!("error: bad arguments; expected one folder to write the handout into (usage: handout DIR)");
        return ExitCode::from(2);
    };
    let dir = PathBuf::from(dir);
    if dir.exists() && dir.read_dir().is_ok_and(|mut d| d.next().is_some()) {
        eprintln!(
            "error: bad folder `{}`: it is not empty; expected a new or empty folder",
            dir.display()
        );
        return ExitCode::from(2);
    }
    match write_handout(&dir) {
        Ok(()) => {
            println!(
                "the handout is in {}: cargo test there grades every exercise",
                dir.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: cannot write the handout: {e}");
            ExitCode::from(1)
        }
    }
}

fn write_handout(dir: &Path) -> std::io::Result<()> {
    let kit = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = kit.join("../..");
    let workspace = std::fs::read_to_string(root.join("Cargo.toml"))?;
    let package = section_values(&workspace, "workspace.package");
    let dependencies = section_values(&workspace, "workspace.dependencies");

    // The kit, less the instructor's files; lib.rs without their modules.
    copy_tree(&kit.join("src"), &dir.join("src"), &|relative| {
        !INSTRUCTORS_ONLY.contains(&relative)
    })?;
    let lib = std::fs::read_to_string(kit.join("src/lib.rs"))?;
    let lib: String = lib
        .lines()
        .filter(|l| {
            !matches!(l.trim(), "pub mod grader_kayles;" | "pub mod reference;")
                && !l.starts_with("// The instructor's part")
        })
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(dir.join("src/lib.rs"), lib)?;
    // The grading tests run with a plain `cargo test`.
    let tests = std::fs::read_to_string(kit.join("tests/student.rs"))?;
    let tests: String = tests
        .lines()
        .filter(|l| !l.starts_with("#[ignore"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::create_dir_all(dir.join("tests"))?;
    std::fs::write(dir.join("tests/student.rs"), tests)?;

    // The libraries, their manifests standing alone.
    for (name, folder) in VENDORED {
        let target = dir.join("vendor").join(name);
        copy_tree(&root.join(folder).join("src"), &target.join("src"), &|_| {
            true
        })?;
        let manifest = std::fs::read_to_string(root.join(folder).join("Cargo.toml"))?;
        std::fs::write(
            target.join("Cargo.toml"),
            standalone_manifest(&manifest, &package, &dependencies, "../"),
        )?;
    }
    let kit_manifest = std::fs::read_to_string(kit.join("Cargo.toml"))?;
    let mut manifest = standalone_manifest(&kit_manifest, &package, &dependencies, "vendor/")
        .replace(
            "The teaching kit: exercises with skeletons, reference solutions and grading tests",
            "Adversarial search exercises, graded against reference algorithms",
        )
        .replace("publish = false\n", "publish = false\nautobins = false\n");
    manifest.push_str(
        "\n[[bin]]\nname = \"grade\"\npath = \"src/bin/grade.rs\"\n\
         \n# Its own workspace: it builds wherever it is unpacked.\n[workspace]\n\
         \n# The graders run perft and a solver: optimise them, and the libraries.\n\
         [profile.test]\nopt-level = 2\n[profile.dev.package.\"*\"]\nopt-level = 2\n",
    );
    std::fs::write(dir.join("Cargo.toml"), manifest)?;
    // The workspace's versions of the crates.io packages, and its compiler flags.
    std::fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock"))?;
    std::fs::create_dir_all(dir.join(".cargo"))?;
    std::fs::copy(
        root.join(".cargo/config.toml"),
        dir.join(".cargo/config.toml"),
    )?;
    std::fs::write(dir.join("README.md"), README)?;
    Ok(())
}

const README: &str = "# Adversarial search exercises

Six exercises, each graded against reference algorithms:

1. `minimax(node)` on explicit game trees;
2. `alpha_beta(node, alpha, beta, strict)`, with AIMA's pruning on equality and the strict rule;
3. `improved_score(state, player)`, AIND's evaluator for 7x7 knight Isolation;
4. Kayles behind the `Game` trait;
5. the GameState quiz: a depth-limited `minimax_decision` and `alpha_beta_search`, counted
   by their `terminal_test()` calls;
6. `expectimax(node)` on trees with chance nodes, graded by the nodes expanded and the leaves
   evaluated, in order.

Write your answers in `src/student.rs` (each `todo!()` says which exercise it is), then:

```sh
cargo test                        # every exercise; a failure shows the smallest failing case
cargo test exercise_2             # one exercise
cargo run --bin grade             # the report with points (120 in all)
cargo run --bin grade -- 3        # exercise 3 only
cargo run --bin grade -- --report json > results.json   # for Gradescope
```

A failing tree is shrunk to the smallest tree that still fails and drawn one node a line, with
the turn at which you and the reference evaluated each leaf and an arrow at the first
difference. Replay it with ply: `ply search \"tree(shape=...)\" \"plain-alphabeta(depth=99,eval=null)\"`.
";

/// Copies the files under `from` to `to`, those whose path relative to `from` passes `keep`.
fn copy_tree(from: &Path, to: &Path, keep: &dyn Fn(&str) -> bool) -> std::io::Result<()> {
    fn walk(
        base: &Path,
        from: &Path,
        to: &Path,
        keep: &dyn Fn(&str) -> bool,
    ) -> std::io::Result<()> {
        for entry in std::fs::read_dir(from)? {
            let path = entry?.path();
            let relative = path
                .strip_prefix(base)
                .expect("under the base")
                .to_string_lossy()
                .replace('\\', "/");
            if path.is_dir() {
                walk(base, &path, to, keep)?;
            } else if keep(&relative) {
                let target = to.join(&relative);
                std::fs::create_dir_all(target.parent().expect("a parent"))?;
                std::fs::copy(&path, target)?;
            }
        }
        Ok(())
    }
    walk(from, from, to, keep)
}

/// The `key = value` lines of the manifest section `[name]`.
fn section_values(manifest: &str, name: &str) -> BTreeMap<String, String> {
    let mut values = BTreeMap::new();
    let mut inside = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            inside = line == format!("[{name}]");
        } else if inside {
            if let Some((key, value)) = line.split_once('=') {
                values.insert(key.trim().to_string(), value.trim().to_string());
            }
        }
    }
    values
}

/// A crate's manifest without the workspace: inherited package keys written out, workspace
/// dependencies replaced by their specs (the ply crates by paths under `ply_path`), and the
/// sections a library user does not build (dev-dependencies, lints, benches) left out.
fn standalone_manifest(
    manifest: &str,
    package: &BTreeMap<String, String>,
    dependencies: &BTreeMap<String, String>,
    ply_path: &str,
) -> String {
    let mut out = String::new();
    let mut section = String::new();
    for line in manifest.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            section = trimmed.to_string();
        }
        let dropped = matches!(section.as_str(), "[dev-dependencies]" | "[lints]")
            || section.starts_with("[[");
        if dropped {
            continue;
        }
        let Some((key, value)) = trimmed.split_once('=') else {
            out.push_str(line);
            out.push('\n');
            continue;
        };
        let (key, value) = (key.trim(), value.trim());
        if let Some(name) = key.strip_suffix(".workspace") {
            // `version.workspace = true`, `smallvec.workspace = true`
            let spec = if section == "[package]" {
                package.get(name).cloned().unwrap_or_default()
            } else {
                dependency(name, dependencies, ply_path, "")
            };
            out.push_str(&format!("{name} = {spec}\n"));
        } else if value.starts_with('{') && value.contains("workspace = true") {
            // `proptest = { workspace = true, optional = true }`
            let extra: Vec<&str> = value
                .trim_start_matches('{')
                .trim_end_matches('}')
                .split(',')
                .map(str::trim)
                .filter(|p| !p.is_empty() && *p != "workspace = true")
                .collect();
            out.push_str(&format!(
                "{key} = {}\n",
                dependency(key, dependencies, ply_path, &extra.join(", "))
            ));
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// A dependency's spec: the ply crates by path, the others as the workspace gives them, with
/// `extra` keys added.
fn dependency(
    name: &str,
    dependencies: &BTreeMap<String, String>,
    ply_path: &str,
    extra: &str,
) -> String {
    let base = if name.starts_with("ply-") {
        format!("path = \"{ply_path}{name}\"")
    } else {
        let spec = dependencies.get(name).cloned().unwrap_or_default();
        match spec.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
            Some(inner) => inner
                .split(", path = ")
                .next()
                .unwrap_or(inner)
                .trim()
                .to_string(),
            None => format!("version = {spec}"),
        }
    };
    if extra.is_empty() {
        format!("{{ {base} }}")
    } else {
        format!("{{ {base}, {extra} }}")
    }
}
