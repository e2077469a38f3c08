//! The command line: the subcommands, the arguments they share, and the dispatch; each
//! subcommand's own arguments and their validation sit beside it, in [`crate::commands`].

use crate::commands;
use crate::error::{one_line_clap_error, CliError};
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
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
    Perft(commands::perft::PerftArgs),
    /// Print every position of a game, the start included.
    Replay(commands::replay::ReplayArgs),
    /// Analyse one position with an agent: a line per iteration and the best move.
    Search(commands::search::SearchArgs),
    /// Solve a position exactly: who wins, every winning move, and optionally every reply.
    Solve(commands::solve::SolveArgs),
    /// A tournament: every pairing of agents, every opening with both colours (every table in
    /// balanced seat orders, for more players), on all cores; with no arguments, the default
    /// comparison across the six games.
    Arena(Box<commands::arena::ArenaArgs>),
    /// Play a game in the terminal: people and agents in any mix, one a seat.
    Play(commands::play::PlayArgs),
    /// Search a fixed suite of positions of every game: the total node count (a fingerprint
    /// of search behaviour) and nodes per second.
    Bench,
    /// List the registered games: their spec keys with defaults and accepted values, and their
    /// evaluators.
    Games,
    /// List the agent kinds: their spec keys with defaults and accepted values.
    Agents,
    /// Speak the agent protocol (docs/protocol.md) on stdin and stdout with one of ply's
    /// agents, for other programs to play against.
    Engine(commands::engine::EngineArgs),
    /// Serve the web page: play any game by clicking, watch the engine think live, step
    /// through the course searches, replay record files (docs/serve.md).
    Serve(commands::serve::ServeArgs),
    /// What each enhancement of the alpha-beta engine is worth: nodes to a fixed depth with
    /// each switched off in turn, on the same positions of each game.
    Ablate(commands::ablate::AblateArgs),
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

/// Parses `args` (program name first) and runs the command, writing to `out`. Help and version
/// requests are printed to `out` too.
pub fn run<I, T>(args: I, out: &mut dyn Write) -> Result<(), CliError>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let summary = commands::listing::help_summary();
    let mut command = Cli::command().after_help(summary.clone());
    let names: Vec<String> = command
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    for name in names {
        command = command.mut_subcommand(name, |c| c.after_help(summary.clone()));
    }
    let args: Vec<std::ffi::OsString> = args.into_iter().map(Into::into).collect();
    let words: Vec<String> = args
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let parsed = command
        .try_get_matches_from(args)
        .and_then(|matches| Cli::from_arg_matches(&matches));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            return match e.kind() {
                ErrorKind::DisplayHelp
                | ErrorKind::DisplayVersion
                | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                    write!(out, "{}", e.render()).map_err(|e| CliError::new(e.to_string()))
                }
                _ => Err(CliError::new(one_line_clap_error(
                    &e.render().to_string(),
                    &words,
                ))),
            };
        }
    };
    match cli.command {
        Command::Perft(args) => commands::perft::execute(args, out),
        Command::Replay(args) => commands::replay::execute(args, out),
        Command::Search(args) => commands::search::execute(args, out),
        Command::Solve(args) => commands::solve::execute(args, out),
        Command::Arena(args) => commands::arena::execute(args, out),
        Command::Play(args) => commands::play::execute(args, out),
        Command::Bench => commands::bench::run(out),
        Command::Games => Ok(commands::listing::games(out)?),
        Command::Agents => Ok(commands::listing::agents(out)?),
        Command::Engine(args) => commands::engine::execute(args, out),
        Command::Serve(args) => commands::serve::execute(args, out),
        Command::Ablate(args) => commands::ablate::execute(args, out),
    }
}
