//! `ply arena`: a tournament with a progress bar, a record file and a results table.

use crate::error::CliError;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use ply_arena::record::{standings, RecordWriter, Standings, Tally};
use ply_arena::{merge_records, resume, run, to_csv, ArenaConfig, GameRecord, Resumed, Shard};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// The default comparison: four kinds of agent at modest budgets, on every registered game
/// that takes a seat in it (`FromSpec::SHOWCASE`: the six real games, Amazons on its 6x6
/// board).
pub fn default_config() -> ArenaConfig {
    ArenaConfig {
        games: ply_registry::tournament_games()
            .into_iter()
            .map(String::from)
            .collect(),
        agents: [
            "random",
            "greedy",
            "alphabeta(nodes=300000)",
            "mcts(iterations=30000)",
        ]
        .map(String::from)
        .to_vec(),
        openings: 8,
        ..ArenaConfig::default()
    }
}

/// The AIND tournament (7x7 knight Isolation): each tested agent against the seven sample
/// opponents, 150 ms per move (the searchers stop at 140 ms, the 10 ms safety margin), five
/// shared random openings of two cells, each played with both colours: 70 games per agent.
pub fn aind_config(tested: &[String]) -> ArenaConfig {
    let tested: Vec<String> = if tested.is_empty() {
        vec!["mcts(time=140ms)".to_string()]
    } else {
        tested.to_vec()
    };
    let field = [
        "random",
        "minimax(depth=3,eval=open)",
        "minimax(depth=3,eval=center)",
        "minimax(depth=3,eval=improved)",
        "alphabeta(time=140ms,eval=open)",
        "alphabeta(time=140ms,eval=center)",
        "alphabeta(time=140ms,eval=improved)",
    ];
    let mut agents = tested.clone();
    agents.extend(field.map(String::from));
    ArenaConfig {
        games: vec!["isolation(rules=aind)".to_string()],
        agents,
        gauntlet: Some(tested.len()),
        openings: 5,
        opening_plies: 2,
        move_time: Some(std::time::Duration::from_millis(150)),
        tolerance: std::time::Duration::from_millis(10),
        ..ArenaConfig::default()
    }
}

/// How to report.
pub struct Output<'a> {
    /// The record file.
    pub path: &'a Path,
    /// Continue the file instead of refusing to overwrite it.
    pub resume: bool,
    /// One JSON object instead of the table.
    pub json: bool,
    /// Also write the agents' lines as CSV here.
    pub csv: Option<&'a Path>,
    /// Also write the chart of scores with intervals as SVG here.
    pub svg: Option<&'a Path>,
    /// SPRT bounds for the first agent against the second.
    pub sprt: Option<(f64, f64)>,
    /// Show the progress bar (on a terminal).
    pub progress: bool,
}

/// Runs the tournament and prints the standings.
pub fn run_arena(
    config: &ArenaConfig,
    output: &Output<'_>,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    if config.agents.len() < 2 {
        return Err(CliError::new(
            "bad tournament: expected at least two --agent specs (or a --preset)",
        ));
    }
    // Bad specs are input errors, found before any file is touched.
    ply_arena::validate(config)?;
    // The table and chart files are opened now: an unwritable path fails before the games.
    let (csv_file, svg_file) = (create(output.csv)?, create(output.svg)?);
    let Resumed {
        records,
        pending,
        writer,
    } = resume(config, output.path, output.resume)?;
    let from_file = records.len();
    // Standings are counted game by game: no record is kept in memory.
    let mut tally = Tally::new(&config.agents);
    for record in &records {
        tally.add(record);
    }
    drop(records);

    let bar = if output.progress {
        ProgressBar::new(pending.len())
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:30} {pos}/{len} games  {elapsed_precise} elapsed, {eta} left  {msg}",
        )
        .expect("a valid template"),
    );
    let writer = Mutex::new(writer);
    let tally = Mutex::new(tally);
    let played_now = AtomicU64::new(0);
    let write_error = Mutex::new(None);
    let start = Instant::now();
    run(config, &pending, &|record: GameRecord| {
        if let Err(e) = writer.lock().expect("no panic").write(&record) {
            write_error.lock().expect("no panic").get_or_insert(e);
        }
        let mut tally = tally.lock().expect("no panic");
        tally.add(&record);
        let running: Vec<String> = tally
            .running_scores()
            .iter()
            .map(|(agent, score)| format!("{agent} {:.0}%", 100.0 * score))
            .collect();
        drop(tally);
        played_now.fetch_add(1, Ordering::Relaxed);
        bar.set_message(running.join("  "));
        bar.inc(1);
    })?;
    bar.finish_and_clear();
    if let Some(e) = write_error.into_inner().expect("no panic") {
        return Err(CliError::new(format!(
            "cannot write `{}`: {e}",
            output.path.display()
        )));
    }
    let played_now = played_now.into_inner();
    let table = tally.into_inner().expect("no panic").standings(output.sprt);
    let shard = if config.shard == Shard::WHOLE {
        String::new()
    } else {
        format!("shard {} of the tournament: ", config.shard)
    };
    let summary = format!(
        "{shard}{} games ({} played now, {} from the file) in {:.1} s on {} threads; records in {}",
        table.games,
        played_now,
        from_file,
        start.elapsed().as_secs_f64(),
        config.threads,
        output.path.display()
    );
    report(&table, csv_file, svg_file, output.json, &summary, out)
}

/// Prints the standings of record files without playing (`--from-records`), for the agents
/// given (in that order) or else every agent of the files; with `--out`, writes the files'
/// games as one new record file too.
pub fn run_merge(
    files: &[PathBuf],
    agents: &[String],
    output: &Output<'_>,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let (csv_file, svg_file) = (create(output.csv)?, create(output.svg)?);
    let merged = merge_records(files)?;
    let agents = if agents.is_empty() {
        merged.agents.clone()
    } else {
        agents.to_vec()
    };
    let mut written = String::new();
    if !output.path.as_os_str().is_empty() {
        if output.path.exists() {
            return Err(CliError::new(format!(
                "bad --out `{}`: the file exists; expected a new file for the merged records",
                output.path.display()
            )));
        }
        write_whole(output.path, &merged.records)?;
        written = format!("; merged records in {}", output.path.display());
    }
    let table = standings(&merged.records, &agents, output.sprt);
    let summary = format!("{} games from {} files{written}", table.games, files.len());
    report(&table, csv_file, svg_file, output.json, &summary, out)
}

/// Writes `records` to the new file `path` whole or not at all: into `PATH.partial` first, then
/// linked under its name (which fails if a file appeared there meanwhile) and the partial
/// file removed. A merge killed part way leaves only the partial file, which the next run
/// overwrites, never a short file under the final name that would read as complete.
fn write_whole(path: &Path, records: &[GameRecord]) -> Result<(), CliError> {
    let cannot = |e: &dyn std::fmt::Display| {
        CliError::new(format!("cannot write `{}`: {e}", path.display()))
    };
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    let partial = PathBuf::from(partial);
    let _ = std::fs::remove_file(&partial);
    let mut writer = RecordWriter::append(&partial)?;
    for record in records {
        writer.write(record).map_err(|e| cannot(&e))?;
    }
    writer.sync().map_err(|e| cannot(&e))?;
    drop(writer);
    let linked = std::fs::hard_link(&partial, path);
    let _ = std::fs::remove_file(&partial);
    linked.map_err(|e| {
        if e.kind() == std::io::ErrorKind::AlreadyExists {
            CliError::new(format!(
                "bad --out `{}`: the file exists; expected a new file for the merged records",
                path.display()
            ))
        } else {
            cannot(&e)
        }
    })
}

/// Writes the standings: the CSV and SVG files asked for, then the table under `summary`, or
/// one JSON object.
fn report(
    table: &Standings,
    csv_file: Option<(std::fs::File, &Path)>,
    svg_file: Option<(std::fs::File, &Path)>,
    json: bool,
    summary: &str,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let io = |e: std::io::Error| CliError::new(format!("cannot write output: {e}"));
    for (file, text) in [
        (csv_file, to_csv(table)),
        (svg_file, ply_arena::chart::svg(table)),
    ] {
        if let Some((mut file, path)) = file {
            file.write_all(text.as_bytes())
                .map_err(|e| CliError::new(format!("cannot write `{}`: {e}", path.display())))?;
        }
    }
    if json {
        let text = serde_json::to_string(table).map_err(|e| CliError::new(e.to_string()))?;
        return writeln!(out, "{text}").map_err(io);
    }
    writeln!(out, "{summary}\n\n{table}").map_err(io)
}

/// Creates the output file at `path`, if one is asked for.
fn create(path: Option<&Path>) -> Result<Option<(std::fs::File, &Path)>, CliError> {
    path.map(|p| {
        std::fs::File::create(p)
            .map(|f| (f, p))
            .map_err(|e| CliError::new(format!("cannot write `{}`: {e}", p.display())))
    })
    .transpose()
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
    /// Gauntlet: the first K agents each play all the others (and not each other; at a table
    /// of more than two, each table holds one of them).
    #[arg(long, value_name = "K")]
    pub gauntlet: Option<usize>,
    /// Random openings per game, each played twice per pairing (colours swapped), or in every
    /// seat order of each table in a game for more players [default: 4; the default
    /// comparison: 8].
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

/// Runs `ply arena` with its parsed arguments, writing to `out`.
pub fn execute(args: Box<ArenaArgs>, out: &mut dyn Write) -> Result<(), CliError> {
    if !args.from_records.is_empty() {
        let output = Output {
            path: args.out.as_deref().unwrap_or(std::path::Path::new("")),
            resume: false,
            json: args.json,
            csv: args.csv.as_deref(),
            svg: args.svg.as_deref(),
            sprt: args.sprt_bounds()?,
            progress: false,
        };
        run_merge(&args.from_records, &args.agents, &output, out)
    } else {
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
        let output = Output {
            path: &path,
            resume: args.resume,
            json: args.json,
            csv: args.csv.as_deref(),
            svg: args.svg.as_deref(),
            sprt,
            progress: !args.quiet && std::io::IsTerminal::is_terminal(&std::io::stderr()),
        };
        run_arena(&config, &output, out)
    }
}
