//! What the command-line test files share: running the `ply` binary (with input, or not), the
//! checks of its outcome, and a fresh folder per test.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// Runs `ply` with `args`.
#[allow(dead_code)] // not every test file that shares this module uses it
pub fn ply(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .output()
        .expect("the ply binary runs")
}

/// The standard output of a run that must have succeeded.
#[allow(dead_code)]
pub fn succeeded(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

/// Checks that a run was refused as bad input: exit code 2, one line on stderr, containing
/// `needle`.
#[allow(dead_code)]
pub fn refused(out: &Output, needle: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{err}{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains(needle), "{err:?} lacks {needle:?}");
}

/// An empty folder of its own for the test `name` (under the system's temporary folder).
#[allow(dead_code)]
pub fn fresh_folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

/// Runs `ply` with `args`, writes `input` to its standard input, and returns what it did.
#[allow(dead_code)] // not every test file that shares this module uses it
pub fn ply_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the ply binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// A real `ply serve` process (only the server tests use it).
#[allow(dead_code)]
pub mod server;
