//! How `ply solve` writes a solution, as text or one JSON object: shared by the one-machine
//! solve and the combination of a split solve's results.

use crate::error::CliError;
use ply_search::solver::analysis::describe_value;
use ply_search::solver::Solution;
use ply_search::Score;
use std::io::Write;

/// Prints a solution as text or one JSON object.
pub fn print<M>(
    solution: &Solution<M>,
    as_json: bool,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let io = |e: std::io::Error| CliError::new(format!("cannot write output: {e}"));
    if as_json {
        let text = serde_json::to_string(solution).map_err(|e| CliError::new(e.to_string()))?;
        return writeln!(out, "{text}").map_err(io);
    }
    write_text(solution, out).map_err(io)
}

/// The text answer: the value, each move's value, the winning replies, the cost.
fn write_text<M>(s: &Solution<M>, out: &mut dyn Write) -> std::io::Result<()> {
    let mover = s.to_move.index();
    let describe = |v: Score, score: Option<i32>| match (score, s.score_convention) {
        (Some(score), Some(name)) => {
            format!("{}, {name} {score}", describe_value(v, s.exact_distance))
        }
        _ => describe_value(v, s.exact_distance),
    };
    let winner = if s.value > 0 {
        format!("player {mover} wins")
    } else if s.value < 0 {
        format!("player {} wins", 1 - mover)
    } else {
        "a draw".to_string()
    };
    let position = if s.position.is_empty() {
        "(the start)"
    } else {
        &s.position
    };
    writeln!(out, "position {position}  player {mover} to move")?;
    writeln!(
        out,
        "value: {winner} ({} for player {mover})",
        describe(s.value, s.score)
    )?;
    let winning: Vec<&str> = s.winning_moves().map(|m| m.notation.as_str()).collect();
    writeln!(
        out,
        "winning moves: {}",
        if winning.is_empty() {
            "none".to_string()
        } else {
            winning.join(" ")
        }
    )?;
    let solved = s.moves.iter().filter(|m| m.same_as.is_none()).count();
    if solved == s.moves.len() {
        writeln!(out, "moves ({solved}, each solved):")?;
    } else {
        writeln!(
            out,
            "moves ({}, {solved} solved, the others by symmetry):",
            s.moves.len()
        )?;
    }
    for m in &s.moves {
        let image = m
            .same_as
            .as_ref()
            .map_or(String::new(), |r| format!("  (as {r})"));
        writeln!(
            out,
            "  {:<8} {}{image}",
            m.notation,
            describe(m.value, m.score)
        )?;
    }
    if !s.replies.is_empty() {
        writeln!(out, "winning replies (for player {}):", 1 - mover)?;
        for opening in &s.replies {
            let wins: Vec<&str> = opening
                .replies
                .iter()
                .filter(|r| r.value > 0)
                .map(|r| r.notation.as_str())
                .collect();
            writeln!(
                out,
                "  after {:<8} {} of {}: {}",
                opening.opening.notation,
                wins.len(),
                opening.replies.len(),
                if wins.is_empty() {
                    "none".to_string()
                } else {
                    wins.join(" ")
                }
            )?;
        }
    }
    let st = &s.stats;
    if st.threads == 0 {
        // Combined from job results (--results): the jobs' nodes and, when every result
        // carries it, their time.
        return if st.time_us > 0 {
            writeln!(
                out,
                "nodes {}  time {:.1} s on one thread (the jobs' results, summed)",
                st.nodes,
                st.time_us as f64 / 1e6
            )
        } else {
            writeln!(
                out,
                "nodes {} (the jobs' results, summed; some carry no time, the slices printed it)",
                st.nodes
            )
        };
    }
    let secs = st.time_us as f64 / 1e6;
    let hits = if st.tt_probes > 0 {
        100.0 * st.tt_hits as f64 / st.tt_probes as f64
    } else {
        0.0
    };
    writeln!(
        out,
        "nodes {}  settled {}  time {:.3} s  {:.2} M nodes/s  tt {} probes, {hits:.1}% hits, {} stores  threads {}",
        st.nodes,
        st.settled,
        secs,
        st.nodes as f64 / secs.max(1e-9) / 1e6,
        st.tt_probes,
        st.tt_stores,
        st.threads
    )
}
