//! The arena's error: what stopped a tournament before or while it ran.

use ply_search::NotationError;
use std::fmt;
use std::path::PathBuf;

/// Why a tournament (or a `ply play` game) could not run or finish.
#[derive(Debug)]
pub enum ArenaError {
    /// A bad game or agent spec, opening or move: the input layer's error, kind and all.
    Input(NotationError),
    /// A bad setting of the tournament itself (too few agents, a record file in the way...).
    Config(String),
    /// A file could not be read or written.
    Io {
        /// What was being done: "read", "write", "create", "repair".
        action: &'static str,
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
    /// A record file holds a line that is not a game record.
    Record {
        /// The file.
        path: PathBuf,
        /// The line, counted from 1.
        line: usize,
        /// What is wrong with it.
        why: String,
    },
    /// A seat could not give a move for a reason that is not a forfeit (a human's input
    /// ended, the terminal went away).
    Seat(String),
}

impl ArenaError {
    /// A tournament setting error with this one-line message.
    pub fn config(message: impl Into<String>) -> ArenaError {
        ArenaError::Config(message.into())
    }

    /// An I/O error while doing `action` to `path`.
    pub fn io(action: &'static str, path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        ArenaError::Io {
            action,
            path: path.into(),
            source,
        }
    }
}

impl fmt::Display for ArenaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArenaError::Input(e) => write!(f, "{e}"),
            ArenaError::Config(message) | ArenaError::Seat(message) => f.write_str(message),
            ArenaError::Io {
                action,
                path,
                source,
            } => write!(f, "cannot {action} `{}`: {source}", path.display()),
            ArenaError::Record { path, line, why } => write!(
                f,
                "bad record on line {line} of `{}`: {}; expected one game per line as written by ply arena",
                path.display(),
                // The reader's words quote the line's own text: one line, readable length.
                ply_search::error::one_line(why, 4 * ply_search::error::ECHO_LIMIT)
            ),
        }
    }
}

impl std::error::Error for ArenaError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ArenaError::Input(e) => Some(e),
            ArenaError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

impl From<NotationError> for ArenaError {
    fn from(e: NotationError) -> ArenaError {
        ArenaError::Input(e)
    }
}
