//! `ply perft`: counts the game tree, depth by depth, or per root move with `--divide`.

use crate::cli::PositionArgs;
use crate::error::CliError;
use crate::interrupt::ctrl_c;
use clap::{Args, ValueEnum};
use ply_registry::{with_game, AnyGame};
use ply_search::describe::position_after as position;
use ply_search::perft::{divide, perft, perft_until, perft_without_bulk, Count};
use ply_search::SearchHints;
use std::io::Write;
use std::time::Instant;

/// Prints `depth N: COUNT` lines for depths 1 to `depth`, each with its time and leaves/s, as
/// each depth is counted; with `divide`, first one `MOVE: COUNT` line per root move at the full
/// depth. Without `bulk` every last-ply position is made instead of counted. Ctrl-C stops the
/// count: the depths finished stay printed, and the error says which depth was stopped.
pub fn run<G: SearchHints>(
    state: &G,
    depth: u32,
    count: Count,
    show_divide: bool,
    bulk: bool,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let io = |e: std::io::Error| CliError::new(format!("cannot write output: {e}"));
    if show_divide {
        let started = Instant::now();
        let parts = divide(state, depth, count);
        let elapsed = started.elapsed();
        let total: u64 = parts.iter().map(|p| p.1).sum();
        for (mv, n) in &parts {
            writeln!(out, "{}: {n}", state.format_move(*mv)).map_err(io)?;
        }
        let total = if depth == 0 || state.is_terminal() {
            perft(state, depth, count)
        } else {
            total
        };
        writeln!(out, "depth {depth}: {total} ({})", speed(total, elapsed)).map_err(io)?;
        return Ok(());
    }
    let stop = ctrl_c();
    for d in 1..=depth.max(1).min(depth) {
        let started = Instant::now();
        let n = if bulk {
            perft_until(state, d, count, &stop)
        } else {
            Some(perft_without_bulk(state, d, count))
        };
        let Some(n) = n else {
            return Err(CliError::Interrupted(format!(
                "perft stopped by Ctrl-C during depth {d} (depths 1 to {} are above)",
                d - 1
            )));
        };
        let elapsed = started.elapsed();
        writeln!(out, "depth {d}: {n} ({})", speed(n, elapsed)).map_err(io)?;
        out.flush().map_err(io)?;
    }
    if depth == 0 {
        writeln!(out, "depth 0: 1").map_err(io)?;
    }
    Ok(())
}

fn speed(leaves: u64, elapsed: std::time::Duration) -> String {
    let secs = elapsed.as_secs_f64();
    let rate = if secs > 0.0 {
        leaves as f64 / secs
    } else {
        0.0
    };
    let time = if secs < 1.0 {
        format!("{:.3} ms", secs * 1e3)
    } else {
        format!("{secs:.3} s")
    };
    format!("{time}, {:.1} M leaves/s", rate / 1e6)
}

/// Arguments of `ply perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// The game and position.
    #[command(flatten)]
    pub position: PositionArgs,
    /// The depth in plies.
    #[arg(long, short = 'd', value_name = "D")]
    pub depth: u32,
    /// Print the count below each root move at the full depth.
    #[arg(long)]
    pub divide: bool,
    /// How terminal positions before the full depth count: `leaves` (each is one leaf) or
    /// `strict` (only paths of exactly D plies).
    #[arg(long, value_enum, default_value_t = CountArg::Leaves)]
    pub count: CountArg,
    /// Make every position at the last ply instead of counting the moves (bulk counting).
    #[arg(long)]
    pub no_bulk: bool,
}

/// `--count` values.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum CountArg {
    /// A terminal position is one leaf at any depth.
    Leaves,
    /// Only positions at exactly the full depth.
    Strict,
}

impl From<CountArg> for Count {
    fn from(c: CountArg) -> Count {
        match c {
            CountArg::Leaves => Count::Leaves,
            CountArg::Strict => Count::Strict,
        }
    }
}

/// Runs `ply perft` with its parsed arguments, writing to `out`.
pub fn execute(args: PerftArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let game = AnyGame::from_spec(&args.position.game)?;
    with_game!(game, start => {
        let state = position(&start, args.position.from.as_deref(), args.position.moves.as_deref())?;
        run(&state, args.depth, args.count.into(), args.divide, !args.no_bulk, out)
    })
}
