//! `ply solve GAME --batch`: positions from stdin, one a line, each answered on a line of its
//! own, with one solver (and table) a thread kept for the whole batch.

use crate::error::CliError;
use ply_search::solver::analysis::describe_value;
use ply_search::solver::batch::{answer_json, read_position, refusal_json, BatchAnswer};
use ply_search::solver::SolverOptions;
use ply_search::StopReason;
use std::io::{BufRead, Write};

/// Reads every line of `input` (blank lines skipped) as a position of `start`'s game, solves
/// the good ones with `options` and writes one line an input line, in input order: the
/// position and its value, or the line and why it was refused. A refused line does not stop
/// the others; the batch then ends with an error naming how many were refused (exit code 2).
pub fn run<G: ply_registry::Prebuilt>(
    start: &G,
    options: &SolverOptions,
    as_json: bool,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let mut lines = Vec::new();
    for line in input.lines() {
        let line = line.map_err(|e| CliError::new(format!("cannot read stdin: {e}")))?;
        let line = line.trim();
        if !line.is_empty() {
            lines.push((line.to_string(), read_position(start, line)));
        }
    }
    answer_lines(lines, options, as_json, out)
}

/// `ply solve GAME --value`: the value of one position, answered as a batch of one is (the
/// position written `start` when its notation is empty, as Connect Four's empty board is).
pub fn run_one<G: ply_registry::Prebuilt>(
    state: &G,
    options: &SolverOptions,
    as_json: bool,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let mut label = state.position();
    if label.is_empty() {
        label = "start".into();
    }
    answer_lines(vec![(label, Ok(state.clone()))], options, as_json, out)
}

/// Solves the good positions of `lines` (each input line with its parsed position, or why
/// it was refused) and writes one line each, in order.
fn answer_lines<G: ply_registry::Prebuilt>(
    lines: Vec<(String, Result<G, String>)>,
    options: &SolverOptions,
    as_json: bool,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let positions: Vec<G> = lines.iter().filter_map(|(_, p)| p.clone().ok()).collect();
    let mut solved = Vec::with_capacity(positions.len());
    let stop = crate::interrupt::ctrl_c();
    let style = Style {
        exact_distance: options.distance,
        convention: G::SCORE_CONVENTION,
        as_json,
    };
    let (mut written, mut used) = (0, 0);
    let mut write_error = None;
    let mut interrupted = false;
    // Each answer is written as soon as it and the lines before it are in.
    G::solve_batch(&positions, options, &stop, &mut |_, result| {
        interrupted |= result == Err(StopReason::Stop);
        solved.push(result);
        while let Some((line, parsed)) = lines.get(written) {
            let answer = match parsed {
                Err(why) => Answer::Refused(why),
                Ok(_) => match solved.get(used) {
                    Some(result) => {
                        used += 1;
                        Answer::Solved(result)
                    }
                    None => break,
                },
            };
            if let Err(e) = write_line(line, answer, &style, out) {
                write_error.get_or_insert(e);
            }
            written += 1;
        }
        // A reader at the other end of a pipe sees each answer as it comes.
        if let Err(e) = out.flush() {
            write_error.get_or_insert(e);
        }
    });
    // Refused lines after the last position (or a batch of refused lines only).
    for (line, parsed) in &lines[written..] {
        if let Err(why) = parsed {
            write_line(line, Answer::Refused(why), &style, out)
                .map_err(|e| CliError::new(format!("cannot write output: {e}")))?;
        }
    }
    if let Some(e) = write_error {
        return Err(CliError::new(format!("cannot write output: {e}")));
    }
    if interrupted {
        return Err(CliError::Interrupted("batch stopped by Ctrl-C".into()));
    }
    let refused = lines.iter().filter(|(_, p)| p.is_err()).count();
    if refused > 0 {
        return Err(CliError::new(format!(
            "bad --batch input: {refused} of {} lines refused (each says why above); expected one position a line in the game's notation, not yet over",
            lines.len()
        )));
    }
    Ok(())
}

/// What one input line gets.
enum Answer<'a> {
    /// Solved, or stopped by a limit.
    Solved(&'a Result<BatchAnswer, StopReason>),
    /// Not a position to solve, and why.
    Refused(&'a str),
}

/// How the answers are written.
struct Style {
    /// Whether values carry their distance (`--distance`).
    exact_distance: bool,
    /// The name of the game's own score, if it has one (Connect Four: `Pons score`).
    convention: &'static str,
    /// One JSON object a line instead of text.
    as_json: bool,
}

/// One output line: `POSITION  VALUE  NODES nodes  TIME` as text, or one JSON object.
fn write_line(
    line: &str,
    answer: Answer,
    style: &Style,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let exact_distance = style.exact_distance;
    if style.as_json {
        let json = match answer {
            Answer::Solved(result) => answer_json(line, result, exact_distance),
            Answer::Refused(why) => refusal_json(line, why),
        };
        return writeln!(out, "{json}");
    }
    match answer {
        Answer::Solved(Ok(a)) => {
            let score = a
                .score
                .map_or(String::new(), |s| format!(", {} {s}", style.convention));
            writeln!(
                out,
                "{line}  {}{score}  {} nodes  {:.3} s",
                describe_value(a.value, exact_distance),
                a.nodes,
                a.micros as f64 / 1e6
            )
        }
        Answer::Solved(Err(reason)) => writeln!(out, "{line}  stopped by {reason:?}"),
        Answer::Refused(why) => writeln!(out, "{line}  error: {why}"),
    }
}
