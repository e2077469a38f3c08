//! The command's errors: one line, naming the bad part and the accepted form; exit code 2.

use ply_search::NotationError;
use std::fmt;

/// A user error: bad spec, position, move or flag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CliError(pub String);

impl CliError {
    /// The exit code of every user error.
    pub const EXIT_CODE: i32 = 2;

    /// An error with this one-line message.
    pub fn new(message: impl Into<String>) -> CliError {
        CliError(message.into())
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CliError {}

impl From<NotationError> for CliError {
    fn from(e: NotationError) -> CliError {
        CliError(e.to_string())
    }
}

/// Condenses a clap error (several lines: message, tip, usage) into one line.
pub fn one_line_clap_error(rendered: &str) -> String {
    let mut lines = rendered.lines().map(str::trim).filter(|l| !l.is_empty());
    let first = lines
        .next()
        .unwrap_or("error: invalid arguments")
        .trim_start_matches("error: ")
        .to_string();
    let usage = rendered
        .lines()
        .map(str::trim)
        .find_map(|l| l.strip_prefix("Usage: "));
    match usage {
        Some(usage) => format!("{first}; usage: {usage}"),
        None => first,
    }
}
