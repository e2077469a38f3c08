//! Command-line arguments and dispatch.

use crate::commands;
use crate::error::{one_line_clap_error, CliError};
use crate::games::{position, AnyGame};
use crate::with_game;
use clap::{Args, Parser, Subcommand, ValueEnum};
use ply_search::perft::Count;
use std::io::Write;

/// ply: adversarial search for researchers and courses.
#[derive(Parser, Debug)]
#[command(name = "ply", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the game tree to a depth (move-generator test and speed figure).
    Perft(PerftArgs),
    /// Print every position of a game, the start included.
    Replay(ReplayArgs),
    /// Analyse one position with an agent: a line per iteration and the best move.
    Search(SearchArgs),
    /// Solve a position exactly: who wins, every winning move, and optionally every reply.
    Solve(SolveArgs),
}

/// Where a command starts: the game, a position and moves.
#[derive(Args, Debug)]
pub struct PositionArgs {
    /// The game spec, e.g. `isolation`, `isolation(width=7,height=7,rules=aind)`.
    pub game: String,
    /// Start from this position (the game's position notation) instead of the game's start.
    #[arg(long, value_name = "POSITION")]
    pub from: Option<String>,
    /// Moves to play first, comma-separated, in the game's move notation (e.g. `57,0,25`).
    #[arg(long, value_name = "M1,M2,...", allow_hyphen_values = true)]
    pub moves: Option<String>,
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

/// Arguments of `ply search`.
#[derive(Args, Debug)]
pub struct SearchArgs {
    /// The game and position.
    #[command(flatten)]
    pub position: PositionArgs,
    /// The agent spec, e.g. `alphabeta(depth=8,eval=improved)`, `minimax(depth=3)`.
    #[arg(index = 2)]
    pub agent: String,
    /// One JSON object with the full statistics instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `ply solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The game and position.
    #[command(flatten)]
    pub position: PositionArgs,
    /// For every move, the value of every reply (the winning replies are listed).
    #[arg(long)]
    pub all_replies: bool,
    /// Find the exact distance to the end (winner hurrying, loser delaying), not only the
    /// outcome; slower.
    #[arg(long)]
    pub distance: bool,
    /// Threads; each solves whole moves with its own share of the table.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub threads: usize,
    /// Transposition-table size, e.g. `64MiB`, `1GiB`, `0` for none.
    #[arg(long, default_value = "64MiB", value_name = "SIZE")]
    pub tt: String,
    /// Positions that can last fewer plies than this skip the table.
    #[arg(long, default_value_t = 12, value_name = "N")]
    pub tt_min_plies_left: u32,
    /// Give up after this long, e.g. `30s`, `600s`.
    #[arg(long, value_name = "DURATION")]
    pub time: Option<String>,
    /// Give up after this many nodes (per thread).
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// Ablation: solve symmetric moves separately.
    #[arg(long)]
    pub no_symmetry: bool,
    /// Ablation: do not use the game's shortcut (Isolation: separated players).
    #[arg(long)]
    pub no_settle: bool,
    /// Ablation: try moves in the game's order instead of fewest replies first.
    #[arg(long)]
    pub no_ordering: bool,
    /// One JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

impl SolveArgs {
    /// The solver options the flags ask for.
    pub fn options(&self) -> Result<ply_search::solver::SolverOptions, CliError> {
        let tt_bytes = crate::agents::parse_size(&self.tt).ok_or_else(|| {
            CliError::new(format!(
                "bad --tt `{}`: expected a size like 64MiB, 1GiB or 0",
                self.tt
            ))
        })?;
        let max_time = match &self.time {
            None => None,
            Some(t) => Some(crate::agents::parse_duration(t).ok_or_else(|| {
                CliError::new(format!(
                    "bad --time `{t}`: expected a duration like 500ms or 30s"
                ))
            })?),
        };
        if self.threads == 0 || self.threads > 256 {
            return Err(CliError::new(format!(
                "bad --threads `{}`: expected a number from 1 to 256",
                self.threads
            )));
        }
        Ok(ply_search::solver::SolverOptions {
            tt_bytes,
            distance: self.distance,
            tt_min_plies_left: self.tt_min_plies_left,
            fewest_replies: !self.no_ordering,
            settle: !self.no_settle,
            symmetry: !self.no_symmetry,
            threads: self.threads,
            max_nodes: self.nodes,
            max_time,
        })
    }
}

/// Parses `args` (program name first) and runs the command, writing to `out`. Help and version
/// requests are printed to `out` too.
pub fn run<I, T>(args: I, out: &mut dyn Write) -> Result<(), CliError>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            return match e.kind() {
                ErrorKind::DisplayHelp
                | ErrorKind::DisplayVersion
                | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                    write!(out, "{}", e.render()).map_err(|e| CliError::new(e.to_string()))
                }
                _ => Err(CliError::new(one_line_clap_error(&e.render().to_string()))),
            };
        }
    };
    match cli.command {
        Command::Perft(args) => {
            let game = AnyGame::from_spec(&args.position.game)?;
            with_game!(game, start => {
                let state = position(&start, args.position.from.as_deref(), args.position.moves.as_deref())?;
                commands::perft::run(&state, args.depth, args.count.into(), args.divide, !args.no_bulk, out)
            })
        }
        Command::Search(args) => {
            let game = AnyGame::from_spec(&args.position.game)?;
            with_game!(game, start => {
                let state = position(&start, args.position.from.as_deref(), args.position.moves.as_deref())?;
                commands::search::run(&state, &args.agent, args.json, out)
            })
        }
        Command::Solve(args) => {
            let options = args.options()?;
            let game = AnyGame::from_spec(&args.position.game)?;
            with_game!(game, start => {
                let state = position(&start, args.position.from.as_deref(), args.position.moves.as_deref())?;
                commands::solve::run(&state, &options, args.all_replies, args.json, out)
            })
        }
        Command::Replay(args) => {
            let game = AnyGame::from_spec(&args.position.game)?;
            with_game!(game, start => {
                let state = position(&start, args.position.from.as_deref(), None)?;
                commands::replay::run(&state, args.position.moves.as_deref().unwrap_or(""), args.json, out)
            })
        }
    }
}
