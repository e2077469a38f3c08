//! `ply play`: a game in the terminal, a human against an agent or two agents; the board is
//! drawn after each move, the agent's search summarised, the human's move read in the game's
//! notation (a bad entry is answered with the legal moves, and asked again).

use crate::agents::{build_agent, NamedEvaluators};
use crate::arena::GameRecord;
use crate::error::CliError;
use crate::games::Describe;
use ply_search::score::describe;
use ply_search::{Agent, Game, Outcome};
use std::io::{BufRead, Write};
use std::time::Instant;

/// A seat: a human at the keyboard or an agent.
enum Seat<G: Game> {
    Human,
    Agent(Box<dyn Agent<G>>),
}

/// Plays from `start` with `players[0]` and `players[1]` (agent specs or `human`), reading
/// human moves from `input`; returns the record of the game.
pub fn run<G: NamedEvaluators + Describe>(
    start: &G,
    game_spec: &str,
    players: [&str; 2],
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<GameRecord, CliError> {
    let io = |e: std::io::Error| CliError::new(format!("cannot write output: {e}"));
    let mut seats: Vec<Seat<G>> = Vec::new();
    for p in players {
        seats.push(if p == "human" {
            Seat::Human
        } else {
            Seat::Agent(build_agent::<G>(p)?)
        });
    }
    let mut state = start.clone();
    let mut record = GameRecord {
        id: "play".into(),
        game: game_spec.into(),
        players: players.map(String::from),
        opening: Vec::new(),
        moves: Vec::new(),
        winner: None,
        reason: "normal".into(),
        detail: None,
        times_ms: Vec::new(),
        nodes: Vec::new(),
        duration_ms: 0.0,
    };
    let started = Instant::now();
    writeln!(out, "{}", state.drawing()).map_err(io)?;
    loop {
        if let Some(outcome) = state.outcome() {
            record.winner = match outcome {
                Outcome::Win(p) => Some(p.index()),
                Outcome::Draw => None,
            };
            let text = match outcome {
                Outcome::Win(p) => format!("player {} ({}) wins", p.index(), players[p.index()]),
                Outcome::Draw => "a draw".to_string(),
            };
            writeln!(out, "game over: {text}").map_err(io)?;
            break;
        }
        let mover = state.to_move().index();
        let clock = Instant::now();
        let mv = match &mut seats[mover] {
            Seat::Agent(agent) => {
                let result = agent.select_move(&state);
                let mv = result
                    .best_move
                    .ok_or_else(|| CliError::new("the agent found no move"))?;
                record.nodes.push(result.stats.nodes);
                writeln!(
                    out,
                    "player {mover} ({}) plays {}  score {}  nodes {}  {:.1} ms",
                    players[mover],
                    state.format_move(mv),
                    describe(result.score),
                    result.stats.nodes,
                    clock.elapsed().as_secs_f64() * 1e3
                )
                .map_err(io)?;
                mv
            }
            Seat::Human => match read_move(&state, mover, input, out)? {
                Some(mv) => {
                    record.nodes.push(0);
                    mv
                }
                None => {
                    record.winner = Some(1 - mover);
                    record.reason = "resigned".into();
                    writeln!(out, "player {mover} resigns").map_err(io)?;
                    break;
                }
            },
        };
        record.times_ms.push(clock.elapsed().as_secs_f64() * 1e3);
        record.moves.push(state.format_move(mv));
        state = state.play(mv);
        writeln!(out, "{}", state.drawing()).map_err(io)?;
    }
    record.duration_ms = started.elapsed().as_secs_f64() * 1e3;
    Ok(record)
}

/// Asks until the human types a legal move (`None` for `resign`); the end of the input is an
/// error.
fn read_move<G: Game>(
    state: &G,
    mover: usize,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Option<G::Move>, CliError> {
    let io = |e: std::io::Error| CliError::new(format!("cannot write output: {e}"));
    let legal: Vec<String> = state
        .legal_moves()
        .into_iter()
        .map(|m| state.format_move(m))
        .collect();
    loop {
        write!(out, "player {mover}, your move (or resign): ").map_err(io)?;
        out.flush().map_err(io)?;
        let mut line = String::new();
        let read = input
            .read_line(&mut line)
            .map_err(|e| CliError::new(format!("cannot read input: {e}")))?;
        if read == 0 {
            return Err(CliError::new(
                "bad input: it ended before the game did; expected a move per line",
            ));
        }
        let text = line.trim();
        if text == "resign" {
            return Ok(None);
        }
        match state.parse_move(text) {
            Ok(mv) if state.legal_moves().contains(&mv) => return Ok(Some(mv)),
            _ => writeln!(
                out,
                "not a legal move: `{text}`; the legal moves are {}",
                legal.join(" ")
            )
            .map_err(io)?,
        }
    }
}
