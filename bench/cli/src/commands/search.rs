//! `ply search`: one agent analyses one position and shows what its search did.

use crate::cli::PositionArgs;
use crate::error::CliError;
use clap::Args;
use ply_registry::Prebuilt;
use ply_registry::{with_game, AnyGame};
use ply_search::describe::position_after as position;
use ply_search::describe::NamedEvaluators;
use ply_search::score::describe;
use ply_search::SearchHints;
use std::io::Write;

/// Runs `agent` on `state`; prints a line per iteration and the best move, or one JSON object.
pub fn run<G: Prebuilt>(
    state: &G,
    agent: &str,
    as_json: bool,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let io = |e: std::io::Error| CliError::new(format!("cannot write output: {e}"));
    let mut agent = G::build_agent(agent)?;
    if state.is_terminal() {
        return Err(CliError::new(format!(
            "bad position `{}`: expected a position where the game goes on (this one is over)",
            state.position()
        )));
    }
    let stop = crate::interrupt::ctrl_c();
    agent.set_stop(Some(stop.clone()));
    let result = agent.select_move(state);
    // Ctrl-C ends the search with its best move so far, which is printed as usual.
    let finish = || match stop.is_raised() {
        true => Err(CliError::Interrupted(
            "search stopped by Ctrl-C: above is its best move so far".into(),
        )),
        false => Ok(()),
    };
    if as_json {
        writeln!(
            out,
            "{}",
            ply_view::search_json(state, agent.name(), &result)
        )
        .map_err(io)?;
        return finish();
    }
    for row in &result.stats.iterations {
        let secs = row.time_us as f64 / 1e6;
        writeln!(
            out,
            "depth {:>2}  score {:>8}  nodes {:>12}  time {:>9.3} ms  pv {}",
            row.depth,
            describe(row.score),
            row.nodes,
            secs * 1e3,
            row.pv.join(" ")
        )
        .map_err(io)?;
    }
    let best = result
        .best_move
        .map_or("none".to_string(), |m| state.format_move(m));
    let s = &result.stats;
    writeln!(
        out,
        "best move {best}  score {}  nodes {}  {:.2} M nodes/s  time {:.3} ms  depth {}  stopped by {}",
        describe(result.score),
        s.nodes,
        s.nodes_per_second / 1e6,
        s.time_us as f64 / 1e3,
        s.depth,
        s.stopped_by
    )
    .map_err(io)?;
    if let Some(tt) = &s.tt {
        let hit_rate = if tt.probes > 0 {
            tt.hits as f64 / tt.probes as f64
        } else {
            0.0
        };
        writeln!(
            out,
            "tt: {} probes, {:.1}% hits, {} cutoffs, {} stores, {:.1}% full",
            tt.probes,
            100.0 * hit_rate,
            tt.cutoffs,
            tt.stores,
            100.0 * tt.fill
        )
        .map_err(io)?;
    }
    if let Some(m) = &s.mcts {
        writeln!(
            out,
            "mcts: {} iterations, {:.0} playouts/s, {} tree nodes x {} bytes, depth {} max {:.1} mean, {} thread(s) ({}), reused {} visits{}",
            m.iterations,
            m.playouts_per_second,
            m.tree_nodes,
            m.bytes_per_node,
            m.max_depth,
            m.mean_depth,
            m.threads,
            m.parallel,
            m.reused_visits,
            m.proven_root
                .as_ref()
                .map_or(String::new(), |p| format!(", root proven: {p}"))
        )
        .map_err(io)?;
        let mut children: Vec<_> = m.root_children.iter().collect();
        children.sort_by_key(|c| std::cmp::Reverse(c.visits));
        for c in children.iter().take(5) {
            writeln!(
                out,
                "  {:<8} visits {:>9}  mean {:.3}{}",
                c.mv,
                c.visits,
                c.mean,
                c.proven
                    .as_ref()
                    .map_or(String::new(), |p| format!("  proven {p}"))
            )
            .map_err(io)?;
        }
    }
    if let Some(c) = &s.cutoffs {
        let ebf = s
            .branching_factor
            .map_or("-".to_string(), |b| format!("{b:.2}"));
        writeln!(
            out,
            "cutoffs: {} beta cutoffs, {:.1}% on the first move; effective branching factor {ebf}",
            c.beta_cutoffs,
            100.0 * c.first_move_rate()
        )
        .map_err(io)?;
    }
    finish()
}

/// The most nodes a tree picture shows: beyond it no one can read it (and the SVG layout,
/// quadratic in the nodes, would take minutes).
pub const TREE_LIMIT: u64 = 5_000;

/// Writes the tree a course agent explores from `state`: SVG for a `.svg` path, DOT otherwise.
pub fn write_tree<G: NamedEvaluators + SearchHints>(
    state: &G,
    agent: &str,
    path: &std::path::Path,
) -> Result<(), CliError> {
    let result = ply_search::agents::course_search_with_visits(agent, state, TREE_LIMIT)?;
    if result.stopped.is_some() {
        return Err(CliError::new(format!(
            "bad --tree: `{agent}` enters more than {TREE_LIMIT} nodes here, too many to draw; expected a smaller depth or a later position"
        )));
    }
    let text = if path.extension().is_some_and(|e| e == "svg") {
        ply_view::course::tree_svg(state, &result.visits)
    } else {
        ply_view::course::tree_dot(state, &result.visits)
    };
    std::fs::write(path, text)
        .map_err(|e| CliError::new(format!("cannot write `{}`: {e}", path.display())))
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

/// Runs `ply search` with its parsed arguments, writing to `out`.
pub fn execute(args: SearchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let game = AnyGame::from_spec(&args.position.game)?;
    with_game!(game, start => {
        let state = position(&start, args.position.from.as_deref(), args.position.moves.as_deref())?;
        if let Some(path) = &args.tree {
            write_tree(&state, &args.agent, path)?;
        }
        run(&state, &args.agent, args.json, out)
    })
}
