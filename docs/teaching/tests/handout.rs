//! The handout stands alone: written to a folder outside the workspace, it builds with its own
//! manifest and vendored libraries; its skeletons score 0 of 120, and with the reference
//! solutions pasted into `src/student.rs` its `cargo test` passes and `grade` scores 120 in the
//! Gradescope format. It compiles a crate of its own (about half a minute on 2 cores), so it is
//! run by `.ci/run`: `cargo test -p ply-teaching --test handout -- --ignored`.

use std::path::Path;
use std::process::{Command, Output};

fn cargo(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO"))
        .args(args)
        .current_dir(dir)
        .env_remove("CARGO_TARGET_DIR")
        .output()
        .expect("cargo runs")
}

/// The reference solutions as one `src/student.rs`: reference.rs with the reference Kayles in
/// place of its re-export.
fn solved_student_file() -> String {
    let kit = Path::new(env!("CARGO_MANIFEST_DIR"));
    let reference = std::fs::read_to_string(kit.join("src/reference.rs")).unwrap();
    let kayles = std::fs::read_to_string(kit.join("src/grader_kayles.rs")).unwrap();
    let kayles = &kayles[..kayles
        .find("/// The facts exercise 4 grades against")
        .expect("the facts function")];
    let body = |text: &str| -> String {
        text.lines()
            .filter(|l| !l.starts_with("use ") && !l.starts_with("//!"))
            .filter(|l| !l.starts_with("pub use crate::grader_kayles"))
            .map(|l| format!("{l}\n"))
            .collect()
    };
    format!(
        "//! Solved.\n#![allow(unused_imports)]\nuse crate::quiz::{{Move, QuizState}};\nuse crate::{{ChanceNode, Node}};\nuse ply_isolation::Isolation;\nuse ply_search::{{Game, MoveList, NotationError, Outcome, Player}};\n{}{}",
        body(&reference),
        body(kayles)
    )
}

#[test]
#[ignore = "builds a crate of its own: run by .ci/run with --ignored"]
fn the_handout_builds_alone_and_grades_skeletons_and_solutions() {
    let dir = std::env::temp_dir().join(format!("ply-handout-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = Command::new(env!("CARGO_BIN_EXE_handout"))
        .arg(&dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        !dir.join("src/reference.rs").exists() && !dir.join("src/grader_kayles.rs").exists(),
        "the solutions are left out"
    );
    let lib = std::fs::read_to_string(dir.join("src/lib.rs")).unwrap();
    assert!(!lib.contains("mod reference") && !lib.contains("mod grader_kayles"));

    // The skeletons: every exercise fails, with its name.
    let out = cargo(&dir, &["run", "-q", "--bin", "grade"]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.ends_with("score 0 of 120: 0 of 15 checks passed\n"),
        "{text}"
    );
    // A bad command line: one line, exit code 2.
    let out = cargo(&dir, &["run", "-q", "--bin", "grade", "--", "7"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad exercise `7`"));

    // Solved: cargo test passes, and the Gradescope report gives every point.
    std::fs::write(dir.join("src/student.rs"), solved_student_file()).unwrap();
    let out = cargo(&dir, &["test", "-q"]);
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let out = cargo(
        &dir,
        &["run", "-q", "--bin", "grade", "--", "--report", "json"],
    );
    assert!(out.status.success());
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["score"], 120.0);
    assert_eq!(report["tests"].as_array().unwrap().len(), 15);
    let _ = std::fs::remove_dir_all(&dir);
}
