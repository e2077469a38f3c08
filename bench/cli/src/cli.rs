//! Command-line arguments and dispatch.

use crate::commands;
use crate::error::{one_line_clap_error, CliError};
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use ply_registry::with_game;
use ply_registry::AnyGame;
use ply_search::describe::position_after as position;
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
    /// A tournament: every pairing of agents, every opening with both colours, on all cores;
    /// with no arguments, the default comparison across the six games.
    Arena(Box<ArenaArgs>),
    /// Play a game in the terminal: a human against an agent, or two agents.
    Play(PlayArgs),
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
    Engine(EngineArgs),
    /// Serve the web page: play any game by clicking, watch the engine think live, step
    /// through the course searches, replay record files (docs/serve.md).
    Serve(ServeArgs),
    /// What each enhancement of the alpha-beta engine is worth: nodes to a fixed depth with
    /// each switched off in turn, on the same positions of each game.
    Ablate(AblateArgs),
}

/// The most positions `ply ablate` takes per game (each is searched 9 times to a fixed
/// depth: 10,000 is already days of work).
pub const MAX_ABLATE_POSITIONS: usize = 10_000;

/// Arguments of `ply ablate`.
#[derive(Args, Debug)]
pub struct AblateArgs {
    /// A game spec (repeat for several games; default: knight 7x7, queen 7x7, Onitama).
    #[arg(long, value_name = "SPEC")]
    pub game: Vec<String>,
    /// The fixed depth (default: per game, 16 / 7 / 8 for the default games, else 6).
    #[arg(long, value_name = "N")]
    pub depth: Option<u32>,
    /// Positions per game.
    #[arg(long, default_value_t = 8, value_name = "N")]
    pub positions: usize,
    /// Random plies from the start to each position (default: per game, 6 / 4 / 4, else 4).
    #[arg(long, value_name = "N")]
    pub plies: Option<u32>,
    /// One JSON array instead of tables.
    #[arg(long)]
    pub json: bool,
}

impl AblateArgs {
    /// The run these arguments ask for.
    pub fn config(&self) -> Result<commands::ablate::AblateConfig, CliError> {
        if self.depth == Some(0) || self.depth.is_some_and(|d| d > 100) {
            return Err(CliError::new(
                "bad --depth: expected a whole number from 1 to 100",
            ));
        }
        if !(1..=MAX_ABLATE_POSITIONS).contains(&self.positions) {
            return Err(CliError::new(format!(
                "bad --positions `{}`: expected a whole number from 1 to {MAX_ABLATE_POSITIONS}",
                self.positions
            )));
        }
        // Each registered game's ablate line (`FromSpec::SHOWCASE`).
        let defaults = ply_registry::ablate_lines();
        let games = if self.game.is_empty() {
            defaults
                .iter()
                .map(|line| {
                    (
                        line.game.to_string(),
                        self.depth.unwrap_or(line.depth),
                        self.plies.unwrap_or(line.plies),
                    )
                })
                .collect()
        } else {
            self.game
                .iter()
                .map(|g| {
                    let known = defaults.iter().find(|line| line.game == g);
                    let depth = self.depth.or(known.map(|k| k.depth)).unwrap_or(6);
                    let plies = self.plies.or(known.map(|k| k.plies)).unwrap_or(4);
                    (g.clone(), depth, plies)
                })
                .collect()
        };
        Ok(commands::ablate::AblateConfig {
            games,
            positions: self.positions,
        })
    }
}

/// Arguments of `ply play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The game and position.
    #[command(flatten)]
    pub position: PositionArgs,
    /// Player 0: an agent spec or `human`.
    #[arg(long, default_value = "human", value_name = "SPEC")]
    pub p0: String,
    /// Player 1: an agent spec or `human`.
    #[arg(long, default_value = "alphabeta(time=1s)", value_name = "SPEC")]
    pub p1: String,
    /// Append the game to this JSON Lines file (the arena's record format).
    #[arg(long, value_name = "FILE")]
    pub record: Option<std::path::PathBuf>,
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

/// Arguments of `ply serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on; loopback only unless you give another (e.g. 0.0.0.0 for a
    /// classroom network).
    #[arg(long, default_value = "127.0.0.1", value_name = "IP")]
    pub host: String,
    /// The port (0 picks a free one).
    #[arg(long, default_value_t = 8080, value_name = "N")]
    pub port: u16,
    /// A folder of arena record files the replay screen may open (and where games played on
    /// the page are saved).
    #[arg(long, value_name = "DIR")]
    pub records: Option<std::path::PathBuf>,
    /// The most searches at once; beyond it requests get 503 (default: the number of cores).
    #[arg(long, value_name = "N")]
    pub max_searches: Option<usize>,
    /// The longest any one search runs before it is stopped.
    #[arg(long, default_value = "10s", value_name = "DURATION")]
    pub max_time: String,
    /// The most nodes a solve visits, and the largest nodes= or iterations= an agent may ask.
    #[arg(long, default_value_t = 200_000_000, value_name = "N")]
    pub max_nodes: u64,
    /// The largest transposition table an agent may ask for.
    #[arg(long, default_value = "256MiB", value_name = "SIZE")]
    pub max_tt: String,
    /// The largest request body or record file.
    #[arg(long, default_value = "1MiB", value_name = "SIZE")]
    pub max_body: String,
}

impl ServeArgs {
    /// The server configuration the flags ask for.
    pub fn config(&self) -> Result<ply_serve::ServeConfig, CliError> {
        let host: std::net::IpAddr = self.host.parse().map_err(|_| {
            CliError::new(format!(
                "bad --host `{}`: expected an IP address such as 127.0.0.1 or 0.0.0.0",
                self.host
            ))
        })?;
        let size = |flag: &str, text: &str| {
            ply_search::agents::parse_size(text)
                .filter(|&n| n > 0)
                .ok_or_else(|| {
                    CliError::new(format!(
                        "bad {flag} `{text}`: expected a size like 256MiB or 1MiB"
                    ))
                })
        };
        let max_time = ply_search::agents::parse_duration(&self.max_time)
            .filter(|t| !t.is_zero())
            .ok_or_else(|| {
                CliError::new(format!(
                    "bad --max-time `{}`: expected a duration like 10s or 500ms",
                    self.max_time
                ))
            })?;
        let defaults = ply_serve::ServeConfig::default();
        let max_searches = self.max_searches.unwrap_or(defaults.max_searches);
        if max_searches == 0 || max_searches > 1024 {
            return Err(CliError::new(format!(
                "bad --max-searches `{max_searches}`: expected 1 to 1024"
            )));
        }
        if self.max_nodes == 0 {
            return Err(CliError::new(
                "bad --max-nodes `0`: expected a positive whole number",
            ));
        }
        if let Some(dir) = &self.records {
            if !dir.is_dir() {
                return Err(CliError::new(format!(
                    "bad --records `{}`: expected an existing folder",
                    dir.display()
                )));
            }
        }
        Ok(ply_serve::ServeConfig {
            addr: std::net::SocketAddr::new(host, self.port),
            records: self.records.clone(),
            max_searches,
            max_time,
            max_nodes: self.max_nodes,
            max_tt: size("--max-tt", &self.max_tt)?,
            max_body: size("--max-body", &self.max_body)?,
            ..defaults
        })
    }
}

/// Arguments of `ply arena`.
#[derive(Args, Debug)]
pub struct ArenaArgs {
    /// A game spec (repeat for several games).
    #[arg(long = "game", value_name = "SPEC")]
    pub games: Vec<String>,
    /// An agent spec (repeat; at least two, or the tested agents of a preset).
    #[arg(long = "agent", value_name = "SPEC", allow_hyphen_values = true)]
    pub agents: Vec<String>,
    /// `aind`: the AIND 7x7 tournament for the --agent specs (default: `mcts(time=140ms)`)
    /// against its seven sample opponents.
    #[arg(long, value_name = "NAME")]
    pub preset: Option<String>,
    /// Gauntlet: the first K agents each play all the others (and not each other).
    #[arg(long, value_name = "K")]
    pub gauntlet: Option<usize>,
    /// Random openings per game, each played twice per pairing (colours swapped) [default: 4;
    /// the default comparison: 8].
    #[arg(long, value_name = "N")]
    pub openings: Option<usize>,
    /// Plies of each random opening [default: 2].
    #[arg(long, value_name = "N")]
    pub opening_plies: Option<u32>,
    /// Seed of the openings [default: 1].
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Openings from a file instead of random ones: one per line, moves in the game's notation
    /// separated by commas (blank lines and lines starting with # are skipped).
    #[arg(long, value_name = "FILE")]
    pub openings_file: Option<std::path::PathBuf>,
    /// Time control: a move taking longer than this (plus --tolerance) loses on time.
    #[arg(long, value_name = "DURATION")]
    pub move_time: Option<String>,
    /// Time allowed beyond --move-time [default: 10ms].
    #[arg(long, value_name = "DURATION")]
    pub tolerance: Option<String>,
    /// Games played at once [default: one per core].
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// The JSON Lines record file [default: a new file under target/arena/].
    #[arg(long, value_name = "FILE")]
    pub out: Option<std::path::PathBuf>,
    /// Continue the record file: games already in it are not played again.
    #[arg(long)]
    pub resume: bool,
    /// One JSON object with the standings instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Also write the agents' lines as CSV to this file.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<std::path::PathBuf>,
    /// Also write a chart of the scores with their intervals as SVG to this file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
    /// SPRT of the first agent against the second: `ELO0,ELO1`, e.g. `0,10`.
    #[arg(long, value_name = "ELO0,ELO1", allow_hyphen_values = true)]
    pub sprt: Option<String>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
    /// Play only the K-th of N disjoint parts of the tournament (`K/N`, e.g. `2/7`): for a
    /// cluster's job array; the parts' files merge with --from-records.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Play nothing: the standings of these record files of one tournament (the shards of a
    /// cluster run); with --out, also the merged file.
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = ["games", "preset", "gauntlet", "openings", "opening_plies", "seed", "openings_file", "move_time", "tolerance", "threads", "resume", "shard"])]
    pub from_records: Vec<std::path::PathBuf>,
}

impl ArenaArgs {
    /// The tournament the flags ask for.
    pub fn config(&self) -> Result<ply_arena::ArenaConfig, CliError> {
        use crate::commands::arena::{aind_config, default_config};
        let mut config = match self.preset.as_deref() {
            Some("aind") => {
                if !self.games.is_empty() {
                    return Err(CliError::new(
                        "bad --game with --preset aind: expected no --game (the preset plays isolation(rules=aind))",
                    ));
                }
                aind_config(&self.agents)
            }
            Some(other) => {
                return Err(CliError::new(format!(
                    "bad --preset `{other}`: expected aind"
                )))
            }
            None if self.games.is_empty() && self.agents.is_empty() => default_config(),
            None => {
                let defaults = default_config();
                ply_arena::ArenaConfig {
                    games: if self.games.is_empty() {
                        defaults.games
                    } else {
                        self.games.clone()
                    },
                    agents: self.agents.clone(),
                    ..ply_arena::ArenaConfig::default()
                }
            }
        };
        let duration =
            |flag: &str, text: &Option<String>| -> Result<Option<std::time::Duration>, CliError> {
                text.as_ref()
                    .map(|t| {
                        ply_search::agents::parse_duration(t).ok_or_else(|| {
                            CliError::new(format!(
                                "bad {flag} `{t}`: expected a duration like 150ms or 2s"
                            ))
                        })
                    })
                    .transpose()
            };
        if let Some(t) = duration("--move-time", &self.move_time)? {
            config.move_time = Some(t);
        }
        if let Some(t) = duration("--tolerance", &self.tolerance)? {
            if config.move_time.is_none() {
                return Err(CliError::new(format!(
                    "bad --tolerance `{t:?}`: it is the time allowed beyond --move-time; expected --move-time too"
                )));
            }
            config.tolerance = t;
        }
        if let Some(k) = self.gauntlet {
            if k == 0 || k >= config.agents.len() {
                return Err(CliError::new(format!(
                    "bad --gauntlet `{k}`: expected from 1 to the number of agents minus one ({})",
                    config.agents.len().saturating_sub(1)
                )));
            }
            config.gauntlet = Some(k);
        }
        if let Some(n) = self.openings {
            if !(1..=ply_arena::ArenaConfig::MAX_OPENINGS).contains(&n) {
                return Err(CliError::new(format!(
                    "bad --openings `{n}`: expected 1 to {}",
                    ply_arena::ArenaConfig::MAX_OPENINGS
                )));
            }
            config.openings = n;
        }
        if let Some(n) = self.opening_plies {
            config.opening_plies = n;
        }
        if let Some(s) = self.seed {
            config.seed = s;
        }
        if let Some(path) = &self.openings_file {
            let text = std::fs::read_to_string(path).map_err(|e| {
                CliError::new(format!("bad --openings-file `{}`: {e}", path.display()))
            })?;
            let lines: Vec<String> = text
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .map(String::from)
                .collect();
            if lines.is_empty() {
                return Err(CliError::new(format!(
                    "bad --openings-file `{}`: expected one opening per line, e.g. 57,0",
                    path.display()
                )));
            }
            config.openings = lines.len();
            config.opening_list = Some(lines);
        }
        if let Some(n) = self.threads {
            if n == 0 || n > 256 {
                return Err(CliError::new(format!(
                    "bad --threads `{n}`: expected a number from 1 to 256"
                )));
            }
            config.threads = n;
        }
        config.check_agents()?;
        if let Some(text) = &self.shard {
            config.shard = ply_arena::Shard::parse(text)?;
        }
        Ok(config)
    }

    /// The SPRT bounds, if asked for.
    pub fn sprt_bounds(&self) -> Result<Option<(f64, f64)>, CliError> {
        let Some(text) = &self.sprt else {
            return Ok(None);
        };
        let bad = || {
            CliError::new(format!(
                "bad --sprt `{text}`: expected ELO0,ELO1 with ELO0 < ELO1, e.g. 0,10"
            ))
        };
        let (a, b) = text.split_once(',').ok_or_else(bad)?;
        let (a, b): (f64, f64) = (
            a.trim().parse().map_err(|_| bad())?,
            b.trim().parse().map_err(|_| bad())?,
        );
        if !(a.is_finite() && b.is_finite() && a < b) {
            return Err(bad());
        }
        Ok(Some((a, b)))
    }
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
    /// Also write the explored tree (course agents only) to FILE: SVG if it ends in `.svg`,
    /// Graphviz DOT otherwise.
    #[arg(long, value_name = "FILE")]
    pub tree: Option<std::path::PathBuf>,
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
    /// One JSON object instead of text.
    #[arg(long)]
    pub json: bool,
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
                if let Some(path) = &args.tree {
                    commands::search::write_tree(&state, &args.agent, path)?;
                }
                commands::search::run(&state, &args.agent, args.json, out)
            })
        }
        Command::Solve(args) => {
            use commands::split_solve;
            let options = args.options()?;
            let game = AnyGame::from_spec(&args.position.game)?;
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
                match (depth, &args.write_jobs, &args.jobs) {
                    (Some(depth), Some(path), _) => split_solve::write_jobs(&state, spec, depth, &options, path, out),
                    (_, _, Some(jobs)) => {
                        let slice = ply_arena::Shard::parse_named(args.slice.as_deref().unwrap_or("1/1"), "--slice")?;
                        let results = args.out.as_deref().expect("clap requires --out with --jobs");
                        split_solve::solve_slice(&start, spec, jobs, (slice.index as usize, slice.count as usize), results, &options, out)
                    }
                    (Some(depth), None, None) if !args.results.is_empty() => {
                        split_solve::combine(&state, depth, &args.results, &options, args.all_replies, args.json, out)
                    }
                    (Some(_), None, None) => Err(CliError::new(
                        "bad --split-depth: expected --write-jobs FILE or --results FILE... with it",
                    )),
                    _ => commands::solve::run(&state, &options, args.all_replies, args.json, out),
                }
            })
        }
        Command::Arena(args) if !args.from_records.is_empty() => {
            let output = commands::arena::Output {
                path: args.out.as_deref().unwrap_or(std::path::Path::new("")),
                resume: false,
                json: args.json,
                csv: args.csv.as_deref(),
                svg: args.svg.as_deref(),
                sprt: args.sprt_bounds()?,
                progress: false,
            };
            commands::arena::run_merge(&args.from_records, &args.agents, &output, out)
        }
        Command::Arena(args) => {
            let config = args.config()?;
            let sprt = args.sprt_bounds()?;
            let path = match &args.out {
                Some(p) => p.clone(),
                None => {
                    let stamp = std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map_or(0, |d| d.as_millis());
                    std::path::PathBuf::from(format!("target/arena/run-{stamp}.jsonl"))
                }
            };
            let output = commands::arena::Output {
                path: &path,
                resume: args.resume,
                json: args.json,
                csv: args.csv.as_deref(),
                svg: args.svg.as_deref(),
                sprt,
                progress: !args.quiet && std::io::IsTerminal::is_terminal(&std::io::stderr()),
            };
            commands::arena::run_arena(&config, &output, out)
        }
        Command::Bench => commands::bench::run(out),
        Command::Games => Ok(commands::listing::games(out)?),
        Command::Agents => Ok(commands::listing::agents(out)?),
        Command::Engine(args) => {
            let game = AnyGame::from_spec(&args.game)?;
            let stdin = std::io::stdin();
            let mut input = stdin.lock();
            with_game!(game, start => commands::engine::run(&start, &args.agent, &mut input, out))
        }
        Command::Serve(args) => commands::serve::run(&args.config()?, out),
        Command::Ablate(args) => commands::ablate::run(&args.config()?, args.json, out),
        Command::Play(args) => {
            let game = AnyGame::from_spec(&args.position.game)?;
            // The record file is opened (and locked) before the game, not found unwritable after.
            let mut writer = match &args.record {
                Some(path) => Some(ply_arena::record::RecordWriter::append(path)?),
                None => None,
            };
            let record = with_game!(game, start => {
                let state = position(&start, args.position.from.as_deref(), args.position.moves.as_deref())?;
                let stdin = std::io::stdin();
                let mut input = stdin.lock();
                commands::play::run(&state, &args.position.game, [&args.p0, &args.p1], &mut input, out)?
            });
            if let (Some(path), Some(writer)) = (&args.record, writer.as_mut()) {
                writer.write(&record).map_err(|e| {
                    CliError::new(format!("cannot write `{}`: {e}", path.display()))
                })?;
            }
            Ok(())
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
