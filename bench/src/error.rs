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

/// Condenses a clap error (several lines: message, details, tip, usage) into one line.
pub fn one_line_clap_error(rendered: &str) -> String {
    let lines: Vec<&str> = rendered.lines().collect();
    let mut message = lines
        .first()
        .map(|l| l.trim().trim_start_matches("error: ").to_string())
        .unwrap_or_else(|| "invalid arguments".to_string());
    if message.ends_with(':') {
        // The details (e.g. the missing arguments) follow on indented lines.
        let details: Vec<&str> = lines[1..]
            .iter()
            .take_while(|l| l.starts_with(' '))
            .map(|l| l.trim())
            .collect();
        message = format!("{} {}", message, details.join(", "));
    }
    let usage = lines
        .iter()
        .map(|l| l.trim())
        .find_map(|l| l.strip_prefix("Usage: "));
    match usage {
        Some(usage) => format!("{message}; usage: {usage}"),
        None => message,
    }
}

#[cfg(test)]
mod tests {
    use super::one_line_clap_error;

    #[test]
    fn clap_errors_become_one_line_with_their_details() {
        let rendered = "error: the following required arguments were not provided:\n  --depth <D>\n\nUsage: ply perft --depth <D> <GAME>\n\nFor more information, try '--help'.\n";
        assert_eq!(
            one_line_clap_error(rendered),
            "the following required arguments were not provided: --depth <D>; usage: ply perft --depth <D> <GAME>"
        );
    }
}
