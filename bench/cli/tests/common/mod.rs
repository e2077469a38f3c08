//! What the command-line test files share: running the `ply` binary with input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

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
