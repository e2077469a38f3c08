//! `ply engine GAME AGENT`: one of ply's agents speaking the agent protocol (docs/protocol.md)
//! on standard input and output, so that other programs (a GUI, another framework's arena,
//! ply's own `external(cmd=...)` seat) can play against it. The agent spec's own limits
//! decide how long it thinks; the time in `go MS` is not used to change them.

use crate::error::CliError;
use clap::Args;
use ply_arena::protocol::{Message, VERSION};
use ply_registry::Prebuilt;
use ply_registry::{with_game, AnyGame};
use ply_search::error::{one_line, ECHO_LIMIT};
use ply_search::score::describe;
use std::io::{BufRead, Write};

/// The longest message line read whole.
const MAX_LINE: u64 = 64 * 1024;

/// Answers the protocol's messages from `input` on `out` until `quit` or the end of the input.
/// Bad lines are answered with an `info error ...` line and otherwise ignored: the controller
/// decides what a silent engine means.
pub fn run<G: Prebuilt>(
    start: &G,
    agent_spec: &str,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let mut agent = G::build_agent(agent_spec)?;
    let mut state: Option<G> = Some(start.clone());
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        // A line is read as bytes, at most MAX_LINE of them: an invalid byte or an endless
        // line is a bad message, answered like any other, not the end of the engine.
        if std::io::Read::take(&mut *input, MAX_LINE + 1).read_until(b'\n', &mut bytes)? == 0 {
            return Ok(());
        }
        if bytes.len() as u64 > MAX_LINE && bytes.last() != Some(&b'\n') {
            writeln!(out, "info error a line over {} KiB", MAX_LINE / 1024)?;
            out.flush()?;
            // Skip the rest of it.
            loop {
                bytes.clear();
                let n = std::io::Read::take(&mut *input, MAX_LINE).read_until(b'\n', &mut bytes)?;
                if n == 0 || bytes.last() == Some(&b'\n') {
                    break;
                }
            }
            continue;
        }
        let line = String::from_utf8_lossy(&bytes);
        let Some(message) = Message::parse(&line) else {
            if !line.trim().is_empty() {
                let shown = one_line(line.trim(), ECHO_LIMIT);
                writeln!(out, "info error unknown message `{shown}`")?;
            }
            out.flush()?;
            continue;
        };
        match message {
            Message::Hello { version } if version != VERSION => {
                writeln!(out, "info error this engine speaks protocol {VERSION}, not {version}")?
            }
            Message::Hello { .. } | Message::Moves(_) => {}
            Message::Game(spec) => match AnyGame::from_spec(&spec) {
                Ok(game) if game.name() == G::NAME => {}
                _ => writeln!(
                    out,
                    "info error this engine plays {}, not `{}`",
                    G::NAME,
                    one_line(&spec, ECHO_LIMIT)
                )?,
            },
            Message::NewGame => {
                agent.new_game();
                state = Some(start.clone());
            }
            Message::Position(text) => match start.parse_position(&text) {
                Ok(position) => state = Some(position),
                Err(e) => {
                    state = None;
                    writeln!(out, "info error {e}")?;
                }
            },
            Message::Go { .. } => match &state {
                Some(s) if !s.is_terminal() => {
                    let result = agent.select_move(s);
                    let pv: Vec<String> = result.pv.iter().map(|&m| s.format_move(m)).collect();
                    writeln!(
                        out,
                        "info score {} nodes {} pv {}",
                        describe(result.score),
                        result.stats.nodes,
                        pv.join(" ")
                    )?;
                    match result.best_move {
                        Some(mv) => writeln!(out, "move {}", s.format_move(mv))?,
                        None => writeln!(out, "info error the agent found no move")?,
                    }
                }
                _ => writeln!(out, "info error no position to move in (the game is over, or the last position was bad)")?,
            },
            Message::Quit => return Ok(()),
        }
        out.flush()?;
    }
}

/// Arguments of `ply engine`.
#[derive(Args, Debug)]
pub struct EngineArgs {
    /// The game spec, e.g. `isolation(width=7,height=7,rules=aind)`.
    pub game: String,
    /// The agent spec; its own limits decide how long it thinks.
    #[arg(default_value = "alphabeta(time=1s)")]
    pub agent: String,
}

/// Runs `ply engine` with its parsed arguments, writing to `out`.
pub fn execute(args: EngineArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let game = AnyGame::from_spec(&args.game)?;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    with_game!(game, start => run(&start, &args.agent, &mut input, out))
}
