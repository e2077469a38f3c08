//! `ply replay`: every position of a game, the start included, as JSON lines or drawn.

use crate::cli::PositionArgs;
use crate::error::CliError;
use clap::Args;
use ply_registry::{with_game, AnyGame};
use ply_search::describe::position_after as position;
use ply_search::describe::{split_moves, Describe};
use ply_view::state_json;
use std::io::Write;

/// Replays `moves` (checked one by one) from `start`, printing each position.
pub fn run<G: Describe>(
    start: &G,
    moves: &str,
    as_json: bool,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let io = |e: std::io::Error| CliError::new(format!("cannot write output: {e}"));
    // Check the whole line first, so that a bad move prints nothing but the error.
    let texts = split_moves(moves)?;
    start.play_notation(texts.iter().map(String::as_str))?;
    let mut state = start.clone();
    let mut emit = |state: &G, played: Option<&str>| -> Result<(), CliError> {
        if as_json {
            writeln!(out, "{}", state_json(state)).map_err(io)
        } else {
            let title = match played {
                None => format!("ply {}: start", state.ply()),
                Some(m) => format!("ply {}: after {m}", state.ply()),
            };
            let status = match state.outcome() {
                Some(outcome) => format!("game over: {outcome:?}"),
                None => format!("player {} to move", state.to_move()),
            };
            writeln!(out, "{title}{}{status}\n", state.drawing()).map_err(io)
        }
    };
    emit(&state, None)?;
    for text in &texts {
        let mv = state.parse_move(text)?;
        state = state.play(mv);
        emit(&state, Some(text))?;
    }
    Ok(())
}

/// Arguments of `ply replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The game, a start position and the moves to replay.
    #[command(flatten)]
    pub position: PositionArgs,
    /// One JSON object per position instead of drawings.
    #[arg(long)]
    pub json: bool,
}

/// Runs `ply replay` with its parsed arguments, writing to `out`.
pub fn execute(args: ReplayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let game = AnyGame::from_spec(&args.position.game)?;
    with_game!(game, start => {
        let state = position(&start, args.position.from.as_deref(), None)?;
        run(&state, args.position.moves.as_deref().unwrap_or(""), args.json, out)
    })
}
