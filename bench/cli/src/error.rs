//! The command's errors: one line, naming the bad part and the accepted form; exit code 2.

use ply_arena::ArenaError;
use ply_search::NotationError;
use std::fmt;

/// What the command could not do, by layer: the input (a spec, position or move), the
/// tournament, the flags, or the output. Every kind prints as one line and exits with code 2.
#[derive(Debug)]
pub enum CliError {
    /// A bad game or agent spec, position or move.
    Input(NotationError),
    /// The tournament could not run (a record file, a seat).
    Arena(ArenaError),
    /// A bad flag or flag combination.
    Usage(String),
    /// Output could not be written.
    Output(std::io::Error),
    /// Ctrl-C stopped the work; what it finished was printed, and this says what was not.
    Interrupted(String),
}

impl CliError {
    /// The exit code of every user error.
    pub const EXIT_CODE: i32 = 2;
    /// The exit code after Ctrl-C (128 + SIGINT, as shells report it).
    pub const INTERRUPTED: i32 = 130;

    /// The process's exit code for this error.
    pub fn exit_code(&self) -> i32 {
        match self {
            CliError::Interrupted(_) => Self::INTERRUPTED,
            _ => Self::EXIT_CODE,
        }
    }

    /// A flag error with this one-line message.
    pub fn new(message: impl Into<String>) -> CliError {
        CliError::Usage(message.into())
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Input(e) => write!(f, "{e}"),
            CliError::Arena(e) => write!(f, "{e}"),
            CliError::Usage(message) => f.write_str(message),
            CliError::Output(e) => write!(f, "cannot write output: {e}"),
            CliError::Interrupted(note) => f.write_str(note),
        }
    }
}

impl std::error::Error for CliError {}

impl From<NotationError> for CliError {
    fn from(e: NotationError) -> CliError {
        CliError::Input(e)
    }
}

impl From<ArenaError> for CliError {
    fn from(e: ArenaError) -> CliError {
        match e {
            ArenaError::Input(e) => CliError::Input(e),
            other => CliError::Arena(other),
        }
    }
}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> CliError {
        CliError::Output(e)
    }
}

/// Condenses a clap error (several lines: message, details, tip, usage) into one line, with
/// the command line's `words` cut to a readable length where clap repeats them.
pub fn one_line_clap_error(rendered: &str, words: &[String]) -> String {
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
    // The user's words clap repeats are cut to a readable length, as ply's own errors do.
    for word in words {
        if word.chars().count() > ply_search::error::ECHO_LIMIT || word.contains(char::is_control) {
            message = message.replace(
                word.as_str(),
                &ply_search::error::one_line(word, ply_search::error::ECHO_LIMIT),
            );
        }
    }
    // And whatever clap made of them (it drops some characters): one line, readable length.
    let message = ply_search::error::one_line(&message, 4 * ply_search::error::ECHO_LIMIT);
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
            one_line_clap_error(rendered, &[]),
            "the following required arguments were not provided: --depth <D>; usage: ply perft --depth <D> <GAME>"
        );
    }

    #[test]
    fn a_long_unexpected_argument_is_cut() {
        let word = "'x".repeat(2_500);
        let rendered =
            format!("error: unexpected argument '{word}' found\n\nUsage: ply replay <GAME>\n");
        assert_eq!(
            one_line_clap_error(&rendered, &[word]),
            format!(
                "unexpected argument '{}... (5000 characters)' found; usage: ply replay <GAME>",
                "'x".repeat(40)
            )
        );
    }
}
