//! `external(cmd="...")`: an agent that is another program, in any language, speaking the
//! agent protocol ([`crate::protocol`]) on its standard input and output. Each game starts the
//! program once (lazily, at its first move) and ends it when the game is over. A program that
//! crashes, closes its output, answers nonsense or stays silent past its timeout loses that
//! game and is stopped; the tournament goes on.

use crate::protocol::{Message, Reply, VERSION};
use crate::{ArenaError, Choice, EndReason, GameRules, Seat};
use ply_search::agents::{parse_duration, AgentKind};
use ply_search::spec::SpecKey;
use ply_search::{ErrorKind, Game, NotationError, Spec};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The keys of `external(...)`.
pub const EXTERNAL_KEYS: &[SpecKey] = &[
    SpecKey {
        key: "cmd",
        default: "(required)",
        accepted: "the program's command line, in double quotes if it has commas",
    },
    SpecKey {
        key: "time",
        default: "the arena's --move-time, else none",
        accepted: "a duration such as 150ms: the time per move the program is told (`go MS`)",
    },
    SpecKey {
        key: "timeout",
        default: "time + 1s, else 60s",
        accepted: "a duration: how long to wait for a move before the program forfeits",
    },
];

/// The agent kind, for listings (`ply agents`).
pub const EXTERNAL: AgentKind = AgentKind {
    name: "external",
    about: "another program speaking the agent protocol (docs/protocol.md); arena and play only",
    keys: EXTERNAL_KEYS,
    example: "external(cmd=\"python3 my_agent.py\",time=140ms)",
};

/// Whether `spec` names an external agent (`external(...)`).
pub fn is_external(spec: &str) -> bool {
    Spec::parse(spec).is_ok_and(|s| s.name == "external")
}

/// A program playing one side over a pipe.
pub struct ExternalSeat {
    command: String,
    game: String,
    time: Option<Duration>,
    timeout: Option<Duration>,
    arena_time: Option<Duration>,
    program: Option<Program>,
}

impl ExternalSeat {
    /// The seat an `external(...)` spec names, for the game `game_spec`; the program starts at
    /// the first move.
    pub fn from_spec(text: &str, game_spec: &str) -> Result<ExternalSeat, NotationError> {
        let mut spec = Spec::parse(text)?;
        let duration = |spec: &mut Spec, key: &str| -> Result<Option<Duration>, NotationError> {
            spec.take(key)
                .map(|v| {
                    parse_duration(&v).ok_or_else(|| {
                        NotationError::new(
                            "external value",
                            format!("{key}={v}"),
                            format!("{key}= a duration such as 150ms or 2s"),
                        )
                        .with_kind(ErrorKind::BadValue)
                    })
                })
                .transpose()
        };
        let command = spec.take("cmd").filter(|c| !c.trim().is_empty());
        let time = duration(&mut spec, "time")?;
        let timeout = duration(&mut spec, "timeout")?;
        spec.finish_keys(EXTERNAL_KEYS)?;
        let command = command.ok_or_else(|| {
            NotationError::new(
                "agent",
                text,
                "external(cmd=\"PROGRAM ARGS\"), e.g. external(cmd=\"python3 my_agent.py\")",
            )
            .with_kind(ErrorKind::BadValue)
        })?;
        Ok(ExternalSeat {
            command,
            game: game_spec.to_string(),
            time,
            timeout,
            arena_time: None,
            program: None,
        })
    }

    /// The time the program is told per move: its own `time=`, else the arena's clock.
    fn move_time(&self) -> Option<Duration> {
        self.time.or(self.arena_time)
    }

    /// How long to wait for a move.
    fn patience(&self) -> Duration {
        self.timeout.unwrap_or(match self.move_time() {
            Some(t) => t + Duration::from_secs(1),
            None => Duration::from_secs(60),
        })
    }

    /// Sends the messages, starting the program first (and greeting it) if needed.
    fn send(&mut self, messages: &[Message]) -> Result<(), String> {
        let mut lines = Vec::new();
        if self.program.is_none() {
            self.program = Some(Program::start(&self.command)?);
            lines = vec![
                Message::Hello { version: VERSION },
                Message::Game(self.game.clone()),
            ];
        }
        lines.extend_from_slice(messages);
        let program = self.program.as_mut().expect("started above");
        match program.send(&lines) {
            Ok(()) => Ok(()),
            Err(e) => {
                let detail = program.failure(&e);
                self.stop();
                Err(detail)
            }
        }
    }

    /// Asks for a move in `state`; `Err` is what went wrong, with the reason it loses for.
    fn ask<G: Game>(&mut self, state: &G) -> Result<G::Move, (EndReason, String)> {
        let legal = state
            .legal_moves()
            .iter()
            .map(|&m| state.format_move(m))
            .collect();
        let go = Message::Go {
            ms: self.move_time().map(|t| t.as_millis() as u64),
        };
        let messages = [
            Message::Position(state.position()),
            Message::Moves(legal),
            go,
        ];
        self.send(&messages).map_err(|e| (EndReason::Error, e))?;
        let patience = self.patience();
        let program = self.program.as_mut().expect("started by send");
        let deadline = Instant::now() + patience;
        loop {
            // Checked before each line, so that a program printing without pause still runs
            // out of time.
            let wait = deadline.saturating_duration_since(Instant::now());
            let received = if wait.is_zero() {
                Err(RecvTimeoutError::Timeout)
            } else {
                program.lines.recv_timeout(wait)
            };
            match received {
                Ok(Line::TooLong) => {
                    let detail = format!(
                        "`{}` sent a line over {} KiB",
                        self.command,
                        MAX_LINE / 1024
                    );
                    self.stop();
                    return Err((EndReason::Error, detail));
                }
                Ok(Line::Text(line)) => match Reply::parse(&line) {
                    Reply::Info(_) => {}
                    Reply::Move(text) => {
                        return state.parse_move(&text).map_err(|e| {
                            (
                                EndReason::Illegal,
                                format!("`{}` answered {e}", self.command),
                            )
                        })
                    }
                    Reply::Other(text) => {
                        let detail = format!(
                            "`{}` said `{}`: expected `move MOVE` or `info ...`",
                            self.command,
                            ply_search::error::one_line(&text, ply_search::error::ECHO_LIMIT)
                        );
                        self.stop();
                        return Err((EndReason::Error, detail));
                    }
                },
                Err(RecvTimeoutError::Timeout) => {
                    let detail = format!(
                        "`{}` sent no move within {} ms",
                        self.command,
                        patience.as_millis()
                    );
                    self.stop();
                    return Err((EndReason::Timeout, detail));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let detail = program.failure("closed its output before moving");
                    self.stop();
                    return Err((EndReason::Error, detail));
                }
            }
        }
    }

    /// Ends the program, if it runs.
    fn stop(&mut self) {
        if let Some(program) = self.program.take() {
            program.end();
        }
    }
}

impl<G: Game> Seat<G> for ExternalSeat {
    fn new_game(&mut self, rules: &GameRules) {
        self.arena_time = rules.move_time;
        if self.program.is_some() && self.send(&[Message::NewGame]).is_err() {
            self.stop();
        }
    }

    fn choose(&mut self, state: &G) -> Result<Choice<G::Move>, ArenaError> {
        Ok(match self.ask(state) {
            Ok(mv) => Choice::Play {
                mv: Some(mv),
                nodes: 0,
                score: None,
            },
            Err((reason, detail)) => Choice::Forfeit { reason, detail },
        })
    }
}

impl Drop for ExternalSeat {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The longest line a program may send; a longer one forfeits the game.
const MAX_LINE: usize = 64 * 1024;

/// Lines read ahead of the game: a program that prints faster than the game reads them waits
/// on its pipe, so ply's memory stays bounded.
const LINES_AHEAD: usize = 64;

/// One line of a program's output.
enum Line {
    /// The line, its bytes read as UTF-8 (an invalid byte becomes U+FFFD: `info` text is
    /// free-form, and a move with one is simply not a legal move).
    Text(String),
    /// More than [`MAX_LINE`] bytes without a newline.
    TooLong,
}

/// Reads `output` line by line into `sender` until it ends, a line is too long, or the
/// receiver is gone.
fn read_lines(output: impl Read, sender: SyncSender<Line>) {
    let mut reader = BufReader::new(output);
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match reader
            .by_ref()
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut bytes)
        {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let line = if bytes.len() > MAX_LINE && bytes.last() != Some(&b'\n') {
            Line::TooLong
        } else {
            let text = String::from_utf8_lossy(&bytes);
            Line::Text(text.trim_end_matches(['\n', '\r']).to_string())
        };
        let stop = matches!(line, Line::TooLong);
        if sender.send(line).is_err() || stop {
            return;
        }
    }
}

/// A running program: its input, its output's lines (read on a thread of their own, so that
/// waiting for a move can time out) and the last line of its error output.
struct Program {
    command: String,
    child: Child,
    input: ChildStdin,
    lines: Receiver<Line>,
    last_error_line: Arc<Mutex<String>>,
    /// Disconnects when the error output has been read to its end.
    errors_read: Receiver<()>,
}

impl Program {
    /// Starts `command` through the shell.
    fn start(command: &str) -> Result<Program, String> {
        let mut child = shell(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start `{command}`: {e}"))?;
        let input = child.stdin.take().expect("piped");
        let output = child.stdout.take().expect("piped");
        let errors = child.stderr.take().expect("piped");
        let (sender, lines) = std::sync::mpsc::sync_channel(LINES_AHEAD);
        std::thread::spawn(move || read_lines(output, sender));
        let last_error_line = Arc::new(Mutex::new(String::new()));
        let keep = Arc::clone(&last_error_line);
        let (errors_done, errors_read) = std::sync::mpsc::channel::<()>();
        std::thread::spawn(move || {
            let _done = errors_done;
            let mut text = String::new();
            let mut reader = BufReader::new(errors);
            while let Ok(n) = reader.by_ref().take(1 << 16).read_line(&mut text) {
                if n == 0 {
                    break;
                }
                if !text.trim().is_empty() {
                    let line: String = text.trim().chars().take(200).collect();
                    *keep.lock().unwrap_or_else(|e| e.into_inner()) = line;
                }
                text.clear();
            }
        });
        Ok(Program {
            command: command.to_string(),
            child,
            input,
            lines,
            last_error_line,
            errors_read,
        })
    }

    /// Writes the messages, one line each, and flushes.
    fn send(&mut self, messages: &[Message]) -> Result<(), String> {
        let text: String = messages.iter().map(|m| format!("{m}\n")).collect();
        self.input
            .write_all(text.as_bytes())
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("stopped reading its input ({e})"))
    }

    /// One line on what went wrong: `what`, the exit status if it has exited, and the last line
    /// of its error output.
    fn failure(&mut self, what: &str) -> String {
        // Give a dying program a moment to be reaped, so the status is known.
        let status = (0..20).find_map(|_| match self.child.try_wait() {
            Ok(Some(status)) => Some(status),
            _ => {
                std::thread::sleep(Duration::from_millis(5));
                None
            }
        });
        let mut text = format!("`{}` {what}", self.command);
        if let Some(status) = status {
            text.push_str(&format!(" ({status})"));
            // Its last words may still be in the pipe.
            let _ = self.errors_read.recv_timeout(Duration::from_millis(100));
        }
        let last = self
            .last_error_line
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if !last.is_empty() {
            text.push_str(&format!(": {last}"));
        }
        text
    }

    /// Says `quit`, gives the program 100 ms to leave, then kills it and everything it
    /// started (its process group); reaps it either way.
    fn end(mut self) {
        let _ = self.send(&[Message::Quit]);
        let deadline = Instant::now() + Duration::from_millis(100);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        // The shell may have left, and the program behind it (or what it forked) not.
        kill_group(&self.child);
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Kills the process group the program was started in (its own: see [`shell`]).
#[cfg(unix)]
#[allow(unsafe_code)]
fn kill_group(child: &Child) {
    let Ok(group) = libc::pid_t::try_from(child.id()) else {
        return;
    };
    // SAFETY: kill(2) with a negative pid signals that process group; it touches no memory.
    // The group is the child's own (process_group(0) at spawn), never ply's.
    unsafe {
        libc::kill(-group, libc::SIGKILL);
    }
}

#[cfg(not(unix))]
fn kill_group(_child: &Child) {}

/// `command` run by the system's shell.
fn shell(command: &str) -> Command {
    if cfg!(windows) {
        let mut c = Command::new("cmd");
        c.args(["/C", command]);
        c
    } else {
        let mut c = Command::new("sh");
        c.args(["-c", command]);
        // A group of its own, so that ending the game ends everything the command started.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut c, 0);
        c
    }
}
