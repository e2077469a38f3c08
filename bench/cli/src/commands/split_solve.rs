//! `ply solve --split-depth`: a solve cut into jobs for many machines. One command writes the
//! jobs, any number of others each solve a slice of them (checkpointed: a killed slice resumes
//! without redoing a job), and one combines their results into the answer a one-machine solve
//! prints.

use crate::error::CliError;
use ply_registry::Prebuilt;
use ply_search::score;
use ply_search::solver::split::{self, Split};
use ply_search::solver::{Solvable, SolveStats, SolverOptions};
use ply_search::spec::canonical_spec;
use ply_search::StopReason;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The first line of a jobs file.
const JOBS_HEADER: &str = "# ply solve jobs";

/// One solved job, a line of a results file.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct JobResult {
    /// Its line among the jobs (from 0).
    job: usize,
    /// The position solved.
    position: String,
    /// Its value for the side to move.
    value: i32,
    /// Whether the value carries the exact distance.
    distance: bool,
    /// Positions the solver visited.
    nodes: u64,
    /// Its wall-clock time on the one thread that solved it (results written before ply
    /// recorded it have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seconds: Option<f64>,
}

/// A jobs file: what was split, and the positions.
struct Jobs {
    game: String,
    from: String,
    depth: u32,
    positions: Vec<String>,
}

fn bad_file(path: &Path, why: impl std::fmt::Display) -> CliError {
    CliError::new(format!("bad --jobs `{}`: {why}", path.display()))
}

/// Writes the jobs of `state` (a position of the game `spec`) split `depth` plies down.
pub fn write_jobs<G: Solvable>(
    state: &G,
    spec: &str,
    depth: u32,
    options: &SolverOptions,
    path: &Path,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let split = Split::new(state, depth, options.symmetry).map_err(CliError::new)?;
    let mut text = format!(
        "{JOBS_HEADER}\n# game {}\n# from {}\n# depth {depth}\n",
        canonical_spec(spec),
        state.position()
    );
    for job in split.jobs() {
        text.push_str(&job.position());
        text.push('\n');
    }
    std::fs::write(path, text)
        .map_err(|e| CliError::new(format!("cannot write `{}`: {e}", path.display())))?;
    writeln!(
        out,
        "{} jobs at depth {depth} written to {}",
        split.jobs().len(),
        path.display()
    )
    .map_err(|e| CliError::new(format!("cannot write output: {e}")))
}

fn read_jobs(path: &Path) -> Result<Jobs, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::new(format!("cannot read `{}`: {e}", path.display())))?;
    let mut lines = text.lines();
    let expected = "expected a file written by ply solve --split-depth D --write-jobs";
    if lines.next() != Some(JOBS_HEADER) {
        return Err(bad_file(
            path,
            format!("no `{JOBS_HEADER}` line; {expected}"),
        ));
    }
    let mut field = |name: &str| -> Result<String, CliError> {
        lines
            .next()
            .and_then(|l| l.strip_prefix(&format!("# {name} ")))
            .map(str::to_string)
            .ok_or_else(|| bad_file(path, format!("no `# {name}` line; {expected}")))
    };
    let game = field("game")?;
    let from = field("from")?;
    let depth = field("depth")?
        .parse()
        .map_err(|_| bad_file(path, format!("a depth that is no number; {expected}")))?;
    let positions = lines.map(str::to_string).collect();
    Ok(Jobs {
        game,
        from,
        depth,
        positions,
    })
}

/// The results in `path` (none if it does not exist). A last line cut short by a kill is
/// ignored (its job is solved again); any other line that is not a result is an error.
fn read_results(path: &Path) -> Result<Vec<JobResult>, CliError> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => {
            return Err(CliError::new(format!(
                "cannot read `{}`: {e}",
                path.display()
            )))
        }
    };
    let complete = text.rfind('\n').map_or(0, |i| i + 1);
    text[..complete]
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            serde_json::from_str(line).map_err(|e| {
                CliError::new(format!(
                    "bad result on line {} of `{}`: {}; expected one solved job per line as written by ply solve --jobs",
                    i + 1,
                    path.display(),
                    ply_search::error::one_line(&e.to_string(), 160)
                ))
            })
        })
        .collect()
}

/// Solves slice `k` of `n` of the jobs in `jobs_path` (jobs `k-1`, `k-1+n`...), appending each
/// result to `results_path` as it is found; jobs already there are not solved again.
#[allow(clippy::too_many_arguments)]
pub fn solve_slice<G: Prebuilt>(
    start: &G,
    spec: &str,
    jobs_path: &Path,
    (k, n): (usize, usize),
    results_path: &Path,
    options: &SolverOptions,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let jobs = read_jobs(jobs_path)?;
    if jobs.game != canonical_spec(spec) {
        return Err(bad_file(
            jobs_path,
            format!(
                "its jobs are of `{}`; expected the game given, `{}`",
                jobs.game,
                canonical_spec(spec)
            ),
        ));
    }
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(results_path)
        .map_err(|e| CliError::new(format!("cannot write `{}`: {e}", results_path.display())))?;
    file.try_lock().map_err(|_| {
        CliError::new(format!(
            "bad --out `{}`: another ply is writing it; expected one solve per results file",
            results_path.display()
        ))
    })?;
    let done: std::collections::HashSet<usize> =
        read_results(results_path)?.iter().map(|r| r.job).collect();
    // A last line cut short by a kill is dropped (its job is solved again), so that the next
    // result starts on a line of its own.
    let complete = std::fs::read(results_path)
        .map(|bytes| bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1))
        .unwrap_or(0);
    file.set_len(complete as u64)
        .map_err(|e| CliError::new(format!("cannot write `{}`: {e}", results_path.display())))?;
    let mut mine = Vec::new();
    for (i, position) in jobs.positions.iter().enumerate() {
        if i % n == k - 1 && !done.contains(&i) {
            let state = start
                .parse_position(position)
                .map_err(|e| bad_file(jobs_path, format!("line {}: {e}", i + 5)))?;
            mine.push((i, state));
        }
    }
    let file = Mutex::new(file);
    let write_error = Mutex::new(None);
    let stop = crate::interrupt::ctrl_c();
    let result = G::solve_each(&mine, options, &stop, &|job, value, cost| {
        let line = serde_json::to_string(&JobResult {
            job,
            position: jobs.positions[job].clone(),
            value,
            distance: options.distance,
            nodes: cost.nodes,
            seconds: Some(cost.micros as f64 / 1e6),
        })
        .expect("a result serialises");
        let mut file = file.lock().expect("no panic");
        if let Err(e) = file
            .write_all(format!("{line}\n").as_bytes())
            .and_then(|()| file.flush())
        {
            write_error.lock().expect("no panic").get_or_insert(e);
        }
    });
    if let Some(e) = write_error.into_inner().expect("no panic") {
        return Err(CliError::new(format!(
            "cannot write `{}`: {e}",
            results_path.display()
        )));
    }
    let io = |e: std::io::Error| CliError::new(format!("cannot write output: {e}"));
    match result {
        Ok(stats) => writeln!(
            out,
            "slice {k}/{n} of the jobs of {} at depth {}: {} jobs solved now, {} before, {} nodes, {:.1} s; results in {}",
            jobs.from,
            jobs.depth,
            mine.len(),
            done.iter().filter(|&&i| i % n == k - 1).count(),
            stats.nodes,
            stats.time_us as f64 / 1e6,
            results_path.display()
        )
        .map_err(io),
        Err(stopped) => {
            writeln!(
                out,
                "{stopped}; the jobs solved are in {}",
                results_path.display()
            )
            .map_err(io)?;
            if stopped.stopped_by == StopReason::Stop {
                return Err(CliError::Interrupted("solve stopped by Ctrl-C".into()));
            }
            Ok(())
        }
    }
}

/// Solves `count` jobs of `split` picked at random again (seeded by the number of jobs, so a
/// rerun checks the same ones) and compares them with `values`: the same result (win, draw or
/// loss), and with exact distances the same value.
fn verify_sample<G: Prebuilt>(
    split: &Split<G>,
    values: &[i32],
    count: usize,
    options: &SolverOptions,
) -> Result<(), CliError> {
    if count == 0 {
        return Ok(());
    }
    let jobs = split.jobs();
    let mut order: Vec<usize> = (0..jobs.len()).collect();
    let mut rng = ply_search::Rng::new(jobs.len() as u64);
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let picked: Vec<(usize, G)> = order
        .into_iter()
        .take(count)
        .map(|i| (i, jobs[i].clone()))
        .collect();
    let found = Mutex::new(Vec::new());
    G::solve_each(
        &picked,
        options,
        &ply_search::StopFlag::new(),
        &|i, value, _| {
            found
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push((i, value));
        },
    )
    .map_err(|e| CliError::new(format!("cannot verify: {e}")))?;
    for (job, value) in found.into_inner().unwrap_or_else(|e| e.into_inner()) {
        let same = if options.distance {
            value == values[job]
        } else {
            value.signum() == values[job].signum()
        };
        if !same {
            return Err(CliError::new(format!(
                "bad --results: job {job} (`{}`) is {} in the files but {} solved again here; expected results that hold",
                jobs[job].position(),
                score::describe(values[job]),
                score::describe(value)
            )));
        }
    }
    Ok(())
}

/// Combines the results in `files` into the solution of `state` split `depth` plies down, and
/// prints it as `ply solve` does. Each result is checked before it is used: it must be the
/// value of one of the jobs, a value a solve can give there, and the same in every file that
/// has it; with `verify` above 0, that many jobs picked at random (seeded by their number) are
/// solved again here and must come out the same (the same result, and where the files carry
/// exact distances, the same distance).
#[allow(clippy::too_many_arguments)]
pub fn combine<G: Prebuilt>(
    state: &G,
    depth: u32,
    files: &[PathBuf],
    options: &SolverOptions,
    all_replies: bool,
    verify: usize,
    as_json: bool,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    if all_replies && depth < 2 {
        return Err(CliError::new(format!(
            "bad --split-depth `{depth}` with --all-replies: expected 2 or more (the replies are solved as jobs)"
        )));
    }
    let split = Split::new(state, depth, options.symmetry).map_err(CliError::new)?;
    let job_of_position: HashMap<String, usize> = split
        .jobs()
        .iter()
        .enumerate()
        .map(|(i, job)| (job.position(), i))
        .collect();
    let mut by_position: HashMap<String, (JobResult, &Path)> = HashMap::new();
    for file in files {
        let bad = |why: String| CliError::new(format!("bad --results `{}`: {why}", file.display()));
        for result in read_results(file)? {
            if result.distance != options.distance {
                return Err(bad(format!(
                    "solved {} --distance; expected the same as this combine",
                    if result.distance { "with" } else { "without" }
                )));
            }
            let Some(&job) = job_of_position.get(&result.position) else {
                return Err(bad(format!(
                    "`{}` is not one of the jobs of this position at --split-depth {depth}; expected the results of its jobs",
                    result.position
                )));
            };
            if let Some(why) =
                split::impossible_value(&split.jobs()[job], result.value, result.distance)
            {
                return Err(bad(format!(
                    "job {job} (`{}`) has the value {}; expected {why}",
                    result.position, result.value
                )));
            }
            if let Some((earlier, where_)) = by_position.get(&result.position) {
                if earlier.value != result.value {
                    return Err(bad(format!(
                        "job {job} (`{}`) has the value {} here and {} in `{}`; expected one value for each job",
                        result.position,
                        result.value,
                        earlier.value,
                        where_.display()
                    )));
                }
            }
            by_position.insert(result.position.clone(), (result, file.as_path()));
        }
    }
    let mut values = Vec::with_capacity(split.jobs().len());
    let mut stats = SolveStats::default();
    // The jobs' time, as if solved one after another on one thread: unknown if a result was
    // written before ply recorded each job's time.
    let mut seconds = Some(0.0);
    for (i, job) in split.jobs().iter().enumerate() {
        let position = job.position();
        let (result, _) = by_position.get(&position).ok_or_else(|| {
            CliError::new(format!(
                "bad --results: job {i} (`{position}`) has no result in the files; expected the results of every slice of the jobs of this position at --split-depth {depth}"
            ))
        })?;
        values.push(result.value);
        stats.nodes += result.nodes;
        seconds = seconds.zip(result.seconds).map(|(sum, s)| sum + s);
    }
    verify_sample(&split, &values, verify, options)?;
    let mut solution = split
        .combine(&values, options, all_replies, stats)
        .expect("one value per job");
    // A combined solve (threads 0) reports its jobs' time (0 when unknown), not the combine's
    // own.
    solution.stats.time_us = seconds.map_or(0, |s| (s * 1e6).round() as u64);
    crate::commands::solution::print(&solution, as_json, out)
}
