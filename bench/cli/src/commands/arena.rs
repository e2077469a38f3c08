//! `ply arena`: a tournament with a progress bar, a record file and a results table.

use crate::error::CliError;
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
        let mut writer = RecordWriter::append(output.path)?;
        for record in &merged.records {
            writer.write(record).map_err(|e| {
                CliError::new(format!("cannot write `{}`: {e}", output.path.display()))
            })?;
        }
        written = format!("; merged records in {}", output.path.display());
    }
    let table = standings(&merged.records, &agents, output.sprt);
    let summary = format!("{} games from {} files{written}", table.games, files.len());
    report(&table, csv_file, svg_file, output.json, &summary, out)
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
