//! The agent protocol: how ply talks to an agent in another process, one line per message, in
//! the spirit of UCI and GTP (docs/protocol.md). ply sends [`Message`]s on the program's
//! standard input; the program answers each `go` with a `move` line on its standard output.
//! Both sides live here: the arena's `external(cmd=...)` seat and `ply engine`.
//!
//! ```
//! use ply_arena::protocol::{Message, Reply};
//! let go = Message::Go { ms: Some(150) };
//! assert_eq!(go.to_string(), "go 150");
//! assert_eq!(Message::parse("go 150"), Some(go));
//! assert_eq!(Reply::parse("move 57"), Reply::Move("57".into()));
//! ```

use std::fmt;

/// The protocol's version, sent in the first line (`ply-agent 1`).
pub const VERSION: u32 = 1;

/// A line from ply to the agent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// `ply-agent 1`: the first line, with the protocol's version.
    Hello {
        /// The version.
        version: u32,
    },
    /// `game SPEC`: the game, as `ply games` names it (`isolation(width=7,height=7)`).
    Game(String),
    /// `newgame`: a new game begins (forget the last one).
    NewGame,
    /// `position TEXT`: the position to move in, in the game's notation (`ply replay`).
    Position(String),
    /// `moves M1 M2 ...`: the legal moves there, in the game's notation.
    Moves(Vec<String>),
    /// `go MS` or `go`: answer with a move, within `MS` milliseconds if given.
    Go {
        /// The time for this move, if there is a clock.
        ms: Option<u64>,
    },
    /// `quit`: exit.
    Quit,
}

impl Message {
    /// The message a line holds, or `None` for a line that is none (an agent ignores it).
    pub fn parse(line: &str) -> Option<Message> {
        let line = line.trim();
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        Some(match word {
            "ply-agent" => Message::Hello {
                version: rest.parse().ok()?,
            },
            "game" if !rest.is_empty() => Message::Game(rest.to_string()),
            "newgame" => Message::NewGame,
            "position" if !rest.is_empty() => Message::Position(rest.to_string()),
            "moves" => Message::Moves(rest.split_whitespace().map(String::from).collect()),
            "go" if rest.is_empty() => Message::Go { ms: None },
            "go" => Message::Go {
                ms: Some(rest.parse().ok()?),
            },
            "quit" => Message::Quit,
            _ => return None,
        })
    }
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Message::Hello { version } => write!(f, "ply-agent {version}"),
            Message::Game(spec) => write!(f, "game {spec}"),
            Message::NewGame => write!(f, "newgame"),
            Message::Position(text) => write!(f, "position {text}"),
            Message::Moves(moves) if moves.is_empty() => write!(f, "moves"),
            Message::Moves(moves) => write!(f, "moves {}", moves.join(" ")),
            Message::Go { ms: Some(ms) } => write!(f, "go {ms}"),
            Message::Go { ms: None } => write!(f, "go"),
            Message::Quit => write!(f, "quit"),
        }
    }
}

/// A line from the agent to ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// `move M`: the agent's move, in the game's notation.
    Move(String),
    /// `info ...` or a blank line: anything the agent wants logged; ply ignores it.
    Info(String),
    /// Any other line: a broken agent.
    Other(String),
}

impl Reply {
    /// The reply a line holds.
    pub fn parse(line: &str) -> Reply {
        let line = line.trim();
        match line.split_once(' ') {
            Some(("move", mv)) if !mv.trim().is_empty() => Reply::Move(mv.trim().to_string()),
            Some(("info", text)) => Reply::Info(text.to_string()),
            _ if line.is_empty() || line == "info" => Reply::Info(String::new()),
            _ => Reply::Other(line.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_reads_back_as_itself() {
        let messages = [
            Message::Hello { version: VERSION },
            Message::Game("isolation(width=7,height=7)".into()),
            Message::NewGame,
            Message::Position("bbBbb...............wwWww frog,horse mantis,cobra dragon 0".into()),
            Message::Moves(vec!["(0,0)".into(), "frog:B1-A2".into()]),
            Message::Moves(vec![]),
            Message::Go { ms: Some(140) },
            Message::Go { ms: None },
            Message::Quit,
        ];
        for message in messages {
            assert_eq!(Message::parse(&message.to_string()), Some(message));
        }
    }

    #[test]
    fn unknown_or_broken_lines_are_no_message() {
        for line in ["", "hello", "go soon", "position", "ply-agent x"] {
            assert_eq!(Message::parse(line), None, "{line}");
        }
    }

    #[test]
    fn replies() {
        assert_eq!(Reply::parse(" move  (2,1) "), Reply::Move("(2,1)".into()));
        assert_eq!(Reply::parse("info depth 3"), Reply::Info("depth 3".into()));
        assert_eq!(Reply::parse(""), Reply::Info(String::new()));
        assert_eq!(Reply::parse("move"), Reply::Other("move".into()));
        assert_eq!(Reply::parse("57"), Reply::Other("57".into()));
    }
}
