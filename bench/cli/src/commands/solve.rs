//! `ply solve`: the exact value of a position, every winning move, and on request every
//! winning reply to every opening.

use crate::cli::PositionArgs;
use crate::error::CliError;
use clap::Args;
use ply_registry::Prebuilt;
use ply_registry::{with_game, AnyGame};
use ply_search::describe::position_after as position;
use ply_search::solver::SolverOptions;
use ply_search::StopReason;
use std::io::Write;

use super::solution::print;

/// Solves `state` and prints the answer as text or one JSON object. A solve stopped by a limit
/// prints why and what it spent (not an error: the input was fine).
pub fn run<G: Prebuilt>(
    state: &G,
    options: &SolverOptions,
    all_replies: bool,
    as_json: bool,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let io = |e: std::io::Error| CliError::new(format!("cannot write output: {e}"));
    let stop = crate::interrupt::ctrl_c();
    let solution = match state.solve_until(options, all_replies, &stop) {
        Ok(solution) => solution,
        Err(stopped) => {
            // Not an input error: the limit was reached. JSON output stays JSON.
            if as_json {
                let json = serde_json::json!({
                    "stopped_by": stopped.stopped_by,
                    "nodes": stopped.nodes,
                });
                writeln!(out, "{json}").map_err(io)?;
            } else {
                writeln!(out, "{stopped}").map_err(io)?;
            }
            if stopped.stopped_by == StopReason::Stop {
                return Err(CliError::Interrupted("solve stopped by Ctrl-C".into()));
            }
            return Ok(());
        }
    };
    print(&solution, as_json, out)
}

/// Solves a game with dice by value iteration and prints the value of `state` for player 0
/// (and each player's winning chance in a game of wins and losses), an optimal move, what the
/// iteration took and the policy's shape where the game describes it.
pub fn run_chance<G: Prebuilt>(
    state: &G,
    max_time: Option<std::time::Duration>,
    as_json: bool,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    use ply_search::solver::chance::{IterationError, IterationOptions};
    let io = |e: std::io::Error| CliError::new(format!("cannot write output: {e}"));
    let mut limits = ply_search::Limits::none();
    limits.time = max_time;
    limits.stop = Some(crate::interrupt::ctrl_c());
    let options = IterationOptions {
        limits,
        ..IterationOptions::default()
    };
    let solution = match state.value_iteration(&options) {
        Ok(solution) => solution,
        Err(IterationError::Stopped(StopReason::Stop)) => {
            return Err(CliError::Interrupted("solve stopped by Ctrl-C".into()))
        }
        Err(IterationError::Stopped(reason)) => {
            if as_json {
                writeln!(out, "{}", serde_json::json!({ "stopped_by": reason })).map_err(io)?;
            } else {
                writeln!(out, "stopped by {reason:?} before the values settled").map_err(io)?;
            }
            return Ok(());
        }
        Err(e @ IterationError::TooManyPositions(_)) => {
            return Err(CliError::new(format!("cannot solve: {e}")))
        }
    };
    let shape = state.policy_shape(&solution);
    let mut json = ply_view::chance_solution_json(state, &solution);
    json["policy"] = serde_json::json!(shape);
    if as_json {
        writeln!(out, "{json}").map_err(io)?;
        return Ok(());
    }
    let value = json["value"].as_f64().expect("the start is reached");
    let chance = |player: usize| json["win_chance"][player].as_f64();
    match (chance(0), chance(1)) {
        (Some(p0), Some(p1)) => writeln!(
            out,
            "player 0 wins with probability {p0:.6}, player 1 with {p1:.6} (both playing to win)"
        ),
        _ => writeln!(
            out,
            "expected value for player 0: {value:.6} (as a fraction of the game's largest value)"
        ),
    }
    .map_err(io)?;
    if let Some(best) = json["best_move"].as_str() {
        writeln!(out, "best move: {best}").map_err(io)?;
    }
    let settled = if solution.exact {
        "exact".to_string()
    } else {
        format!("to within {:.1e}", solution.residual)
    };
    writeln!(
        out,
        "value iteration: {} positions, {} sweeps, {settled}, {:.2} s",
        solution.positions(),
        solution.sweeps,
        solution.seconds
    )
    .map_err(io)?;
    if let Some(shape) = shape {
        write!(out, "{shape}").map_err(io)?;
    }
    Ok(())
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
    /// Share out each move's replies among the threads instead of whole moves.
    #[arg(long)]
    pub finer_split: bool,
    /// Transposition-table size, e.g. `64MiB`, `1GiB`, `0` for none.
    #[arg(long, default_value = "64MiB", value_name = "SIZE")]
    pub tt: String,
    /// Positions that can last fewer plies than this skip the table [default: the game's: 12,
    /// knight Isolation 40].
    #[arg(long, value_name = "N")]
    pub tt_min_plies_left: Option<u32>,
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
    /// Cut positions off by the game's bounds too (Isolation: a walk race neither player can
    /// lose by more): fewer nodes, more time per node.
    #[arg(long)]
    pub race_bounds: bool,
    /// Enhanced transposition cutoffs: look every child up in the table before searching any;
    /// fewer nodes, a probe per child.
    #[arg(long)]
    pub etc: bool,
    /// Proof-number search near the root: a best-first tree whose new positions each get an
    /// alpha-beta solve of at most N nodes (PN²).
    #[arg(long, value_name = "N")]
    pub proof_numbers: Option<u64>,
    /// One JSON object instead of text (with --batch, one a line).
    #[arg(long)]
    pub json: bool,
    /// Solve the positions read from stdin, one a line in the game's notation, each answered
    /// on a line (value, nodes, time) in input order, one solver a thread for them all.
    #[arg(long, conflicts_with_all = ["from", "moves", "all_replies", "split_depth", "jobs", "results"])]
    pub batch: bool,
    /// Only the position's value (with --distance its exact distance and the game's own
    /// score), not each move's: one search, the fastest question, answered as a --batch line.
    #[arg(long, conflicts_with_all = ["all_replies", "batch", "split_depth", "jobs", "results"])]
    pub value: bool,
    /// Cut the solve into jobs this many plies down (1 to 8), for many machines: with
    /// --write-jobs, list them; with --results, combine their values into the answer.
    #[arg(long, value_name = "D")]
    pub split_depth: Option<u32>,
    /// Write the jobs of --split-depth to this file (one position per line) and stop.
    #[arg(long, value_name = "FILE", requires = "split_depth", conflicts_with_all = ["jobs", "results"])]
    pub write_jobs: Option<std::path::PathBuf>,
    /// Solve jobs of this file (written by --write-jobs): the --slice given, each result
    /// appended to --out as it is found; jobs already there are not solved again.
    #[arg(long, value_name = "FILE", requires = "out", conflicts_with_all = ["split_depth", "results", "all_replies"])]
    pub jobs: Option<std::path::PathBuf>,
    /// Which part of the --jobs to solve: `K/N` takes jobs K, K+N, K+2N... (from 1).
    #[arg(long, value_name = "K/N", requires = "jobs")]
    pub slice: Option<String>,
    /// The results file of --jobs (one solved job per line).
    #[arg(long, value_name = "FILE", requires = "jobs")]
    pub out: Option<std::path::PathBuf>,
    /// Combine these results files of every slice of the jobs of --split-depth into the
    /// answer, printed as a one-machine solve prints it.
    #[arg(long, value_name = "FILE", num_args = 1.., requires = "split_depth")]
    pub results: Vec<std::path::PathBuf>,
    /// With --results, solve this many jobs picked at random again and check the files
    /// agree (every result is checked for consistency in any case).
    #[arg(long, value_name = "N", default_value_t = 0, requires = "results")]
    pub verify: usize,
}

impl SolveArgs {
    /// The solver options the flags ask for.
    pub fn options(&self) -> Result<ply_search::solver::SolverOptions, CliError> {
        let tt_bytes = ply_search::agents::parse_size(&self.tt).ok_or_else(|| {
            CliError::new(format!(
                "bad --tt `{}`: expected a size like 64MiB, 1GiB or 0",
                self.tt
            ))
        })?;
        if let Some(why) = ply_search::agents::units::too_big_for_memory(tt_bytes) {
            return Err(CliError::new(format!(
                "bad --tt `{}`: expected a table that fits ({why})",
                self.tt
            )));
        }
        let max_time = match &self.time {
            None => None,
            Some(t) => Some(ply_search::agents::parse_duration(t).ok_or_else(|| {
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
        if self.proof_numbers == Some(0) {
            return Err(CliError::new(
                "bad --proof-numbers `0`: expected a node budget of 1 or more for each \
                 position's alpha-beta solve",
            ));
        }
        Ok(ply_search::solver::SolverOptions {
            tt_bytes,
            distance: self.distance,
            tt_min_plies_left: self.tt_min_plies_left,
            fewest_replies: !self.no_ordering,
            settle: !self.no_settle,
            race_bounds: self.race_bounds,
            etc: self.etc,
            proof_numbers: self.proof_numbers,
            symmetry: !self.no_symmetry,
            threads: self.threads,
            finer_split: self.finer_split,
            max_nodes: self.nodes,
            max_time,
        })
    }
}

/// Whether `state`'s game has dice.
fn has_chance<G: ply_search::Game>(_: &G) -> bool {
    G::HAS_CHANCE
}

/// A game with dice is solved by value iteration, which has none of the proof search's
/// switches: one given is refused, not ignored.
fn refuse_proof_flags(args: &SolveArgs) -> Result<(), CliError> {
    let given = [
        (args.all_replies, "--all-replies"),
        (args.distance, "--distance"),
        (args.threads != 1, "--threads"),
        (args.finer_split, "--finer-split"),
        (args.split_depth.is_some(), "--split-depth"),
        (args.jobs.is_some(), "--jobs"),
        (args.nodes.is_some(), "--nodes"),
        (args.proof_numbers.is_some(), "--proof-numbers"),
        (args.etc, "--etc"),
        (args.race_bounds, "--race-bounds"),
        (args.no_symmetry, "--no-symmetry"),
        (args.no_settle, "--no-settle"),
        (args.no_ordering, "--no-ordering"),
        (args.tt_min_plies_left.is_some(), "--tt-min-plies-left"),
        (!args.results.is_empty(), "--results"),
    ];
    match given.iter().find(|(on, _)| *on) {
        Some((_, flag)) => Err(CliError::new(format!(
            "bad {flag}: a game with dice is solved by value iteration; expected only --time and --json with it"
        ))),
        None => Ok(()),
    }
}

/// Runs `ply solve` with its parsed arguments, writing to `out`.
pub fn execute(args: SolveArgs, out: &mut dyn Write) -> Result<(), CliError> {
    use crate::commands::split_solve;
    let options = args.options()?;
    let game = AnyGame::from_spec(&args.position.game)?;
    game.require_two_players("ply solve")?;
    let depth = match args.split_depth {
        Some(d @ 1..=8) => Some(d),
        Some(d) => {
            return Err(CliError::new(format!(
                "bad --split-depth `{d}`: expected 1 to 8"
            )))
        }
        None => None,
    };
    let spec = args.position.game.as_str();
    with_game!(game, start => {
        let state = position(&start, args.position.from.as_deref(), args.position.moves.as_deref())?;
        if has_chance(&state) {
            if args.batch || args.value {
                return Err(CliError::new(format!(
                    "bad --{}: a game with dice is solved by value iteration, which gives every position's value; expected a game without dice",
                    if args.batch { "batch" } else { "value" }
                )));
            }
            refuse_proof_flags(&args)?;
            return run_chance(&state, options.max_time, args.json, out);
        }
        if args.batch {
            let stdin = std::io::stdin();
            return crate::commands::solve_batch::run(&start, &options, args.json, &mut stdin.lock(), out);
        }
        if args.value {
            return crate::commands::solve_batch::run_one(&state, &options, args.json, out);
        }
        match (depth, &args.write_jobs, &args.jobs) {
            (Some(depth), Some(path), _) => split_solve::write_jobs(&state, spec, depth, &options, path, out),
            (_, _, Some(jobs)) => {
                let slice = ply_arena::Shard::parse_named(args.slice.as_deref().unwrap_or("1/1"), "--slice")?;
                let results = args.out.as_deref().expect("clap requires --out with --jobs");
                split_solve::solve_slice(&start, spec, jobs, (slice.index as usize, slice.count as usize), results, &options, out)
            }
            (Some(depth), None, None) if !args.results.is_empty() => {
                split_solve::combine(&state, depth, &args.results, &options, args.all_replies, args.verify, args.json, out)
            }
            (Some(_), None, None) => Err(CliError::new(
                "bad --split-depth: expected --write-jobs FILE or --results FILE... with it",
            )),
            _ => run(&state, &options, args.all_replies, args.json, out),
        }
    })
}
