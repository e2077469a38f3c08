//! `ply arena`: a tournament with a progress bar, a record file and a results table.

use crate::error::CliError;
use indicatif::{ProgressBar, ProgressStyle};
use ply_arena::record::standings;
use ply_arena::{resume, run, to_csv, ArenaConfig, GameRecord, Resumed};
use std::io::Write;
use std::path::Path;
use std::sync::Mutex;
use std::time::Instant;

/// The default comparison: four kinds of agent at modest budgets, on all three games.
pub fn default_config() -> ArenaConfig {
    ArenaConfig {
        games: ["isolation", "queen-isolation", "onitama"]
            .map(String::from)
            .to_vec(),
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
    let io = |e: std::io::Error| CliError::new(format!("cannot write output: {e}"));
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
        mut records,
        pending,
        writer,
    } = resume(config, output.path, output.resume)?;
    let from_file = records.len();

    let bar = if output.progress {
        ProgressBar::new(pending.len() as u64)
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
    let played = Mutex::new(Vec::new());
    // Running points and games per agent, for the bar's message.
    let tally = Mutex::new(vec![(0.0f64, 0u64); config.agents.len()]);
    let write_error = Mutex::new(None);
    let start = Instant::now();
    run(config, &pending, &|record: GameRecord| {
        if let Err(e) = writer.lock().expect("no panic").write(&record) {
            write_error.lock().expect("no panic").get_or_insert(e);
        }
        let mut scores = tally.lock().expect("no panic");
        for (seat, player) in record.players.iter().enumerate() {
            if let Some(i) = config.agents.iter().position(|a| a == player) {
                scores[i].0 += match record.winner {
                    Some(w) if w == seat => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                };
                scores[i].1 += 1;
            }
        }
        let running: Vec<String> = config
            .agents
            .iter()
            .zip(scores.iter())
            .filter(|(_, (_, n))| *n > 0)
            .map(|(a, (p, n))| format!("{a} {:.0}%", 100.0 * p / *n as f64))
            .collect();
        drop(scores);
        played.lock().expect("no panic").push(record);
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
    let new_games = played.into_inner().expect("no panic");
    let played_now = new_games.len();
    records.extend(new_games);
    let table = standings(&records, &config.agents, output.sprt);
    for (file, text) in [
        (csv_file, to_csv(&table)),
        (svg_file, ply_arena::chart::svg(&table)),
    ] {
        if let Some((mut file, path)) = file {
            file.write_all(text.as_bytes())
                .map_err(|e| CliError::new(format!("cannot write `{}`: {e}", path.display())))?;
        }
    }
    if output.json {
        let text = serde_json::to_string(&table).map_err(|e| CliError::new(e.to_string()))?;
        return writeln!(out, "{text}").map_err(io);
    }
    writeln!(
        out,
        "{} games ({} played now, {} from the file) in {:.1} s on {} threads; records in {}\n\n{table}",
        table.games,
        played_now,
        from_file,
        start.elapsed().as_secs_f64(),
        config.threads,
        output.path.display()
    )
    .map_err(io)
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
