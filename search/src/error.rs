//! The error of everything a user types: a move, a position, a game or agent spec. One type
//! for the whole input layer, with a [`ErrorKind`] to match on and a one-line message that
//! names the bad part and the accepted form.

use std::fmt;

/// What kind of input error it is, for programs that react differently (the Python package
/// raises one exception class per kind; a server answers 400 or 409).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// The text is not in the accepted form (a malformed move or position).
    #[default]
    Malformed,
    /// A spec not written `name(key=value,...)`: a stray bracket, a missing `=`, an open quote.
    MalformedSpec,
    /// A well-formed move that is not legal in this position.
    IllegalMove,
    /// A move given after the game ended.
    GameOver,
    /// A name nobody knows: a game, an agent, an evaluator, a card, a preset.
    UnknownName,
    /// A spec key the game or agent does not take, or one given twice.
    BadKey,
    /// A spec value that is not of the key's form.
    BadValue,
    /// A number outside its range (a board too big, a depth of 0).
    OutOfRange,
}

/// A move, position or spec that could not be read: names the bad part and the accepted form,
/// so that a user sees in one line what to fix.
///
/// ```
/// use ply_search::{ErrorKind, NotationError};
/// let e = NotationError::new("move", "99", "one of 25, 11, -15").with_kind(ErrorKind::IllegalMove);
/// assert_eq!(e.to_string(), "bad move `99`: expected one of 25, 11, -15");
/// assert_eq!(e.kind, ErrorKind::IllegalMove);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// What kind of error it is.
    pub kind: ErrorKind,
    /// What was being read: "move", "position", "game spec"...
    pub what: String,
    /// The offending text (or the offending part of it).
    pub found: String,
    /// The accepted form, or why the text is not acceptable here.
    pub expected: String,
}

impl NotationError {
    /// An error about `found`, read as a `what`, that should have been `expected`; of kind
    /// [`ErrorKind::Malformed`] until [`NotationError::with_kind`] says otherwise.
    pub fn new(
        what: impl Into<String>,
        found: impl Into<String>,
        expected: impl Into<String>,
    ) -> Self {
        NotationError {
            kind: ErrorKind::Malformed,
            what: what.into(),
            found: found.into(),
            expected: expected.into(),
        }
    }

    /// The same error, of kind `kind`.
    pub fn with_kind(mut self, kind: ErrorKind) -> Self {
        self.kind = kind;
        self
    }
}

impl fmt::Display for NotationError {
    /// One line: the bad part is shown with its control characters escaped, and cut to
    /// [`ECHO_LIMIT`] characters (with its length) when longer, so that hostile input gives a
    /// readable message.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad {} `{}`: expected {}",
            one_line(&self.what, ECHO_LIMIT),
            one_line(&self.found, ECHO_LIMIT),
            one_line(&self.expected, 4 * ECHO_LIMIT)
        )
    }
}

/// The most characters of a user's input an error message repeats.
pub const ECHO_LIMIT: usize = 80;

/// `text` on one line (control characters escaped, `\n` for a newline) and cut to `limit`
/// characters, saying how long it was.
///
/// ```
/// use ply_search::error::one_line;
/// assert_eq!(one_line("57,\n0", 80), "57,\\n0");
/// assert_eq!(one_line(&"x".repeat(100_000), 10), "xxxxxxxxxx... (100000 characters)");
/// ```
pub fn one_line(text: &str, limit: usize) -> String {
    let mut out = String::new();
    for (shown, c) in text.chars().enumerate() {
        if shown == limit {
            out.push_str(&format!("... ({} characters)", text.chars().count()));
            return out;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

impl std::error::Error for NotationError {}
