//! `ply ablate`: what each enhancement of the alpha-beta engine is worth, as the nodes it
//! needs to reach a fixed depth with one enhancement switched off at a time (and with all of
//! them off), on the same seeded positions of each game. Every variant must return the same
//! score (the engine is exact at a fixed depth): the command checks that too.

use crate::commands::bench::suite_position;
use crate::error::CliError;
use clap::Args;
use ply_registry::Prebuilt;
use ply_registry::{with_game, AnyGame};
use serde::Serialize;
use std::io::Write;
use std::time::Instant;

/// The variants: a label and the switches added to `alphabeta(depth=D,...)`.
pub const VARIANTS: [(&str, &str); 10] = [
    ("all on (default)", ""),
    ("tt=off", "tt=off"),
    ("ttmove=off", "ttmove=off"),
    ("id=off", "id=off"),
    ("pvs=off", "pvs=off"),
    ("aspiration=off", "aspiration=off"),
    ("killers=off", "killers=off"),
    ("history=off", "history=off"),
    ("priority=off", "priority=off"),
    (
        "all off",
        "tt=off,ttmove=off,id=off,pvs=off,aspiration=off,killers=off,history=off,priority=off",
    ),
];

/// What to run.
#[derive(Clone, Debug)]
pub struct AblateConfig {
    /// Game spec, depth, random plies.
    pub games: Vec<(String, u32, u32)>,
    /// Positions per game (position i: seeded random plies from the start, seed 1000 + i,
    /// as in `ply bench`).
    pub positions: usize,
}

/// One variant's totals over a game's positions.
#[derive(Clone, Debug, Serialize)]
pub struct VariantLine {
    /// The variant's label.
    pub variant: String,
    /// The agent spec searched.
    pub agent: String,
    /// Nodes over all positions.
    pub nodes: u64,
    /// Nodes relative to the default's.
    pub ratio: f64,
    /// Seconds over all positions.
    pub seconds: f64,
}

/// One game's ablation.
#[derive(Clone, Debug, Serialize)]
pub struct GameAblation {
    /// The game spec.
    pub game: String,
    /// The fixed depth.
    pub depth: u32,
    /// Positions searched.
    pub positions: usize,
    /// Random plies of each position.
    pub plies: u32,
    /// Whether every variant returned the same score on every position.
    pub scores_agree: bool,
    /// One line per variant, the default first.
    pub variants: Vec<VariantLine>,
}

/// Runs the ablation of every game of `config`.
pub fn ablate(config: &AblateConfig) -> Result<Vec<GameAblation>, CliError> {
    config
        .games
        .iter()
        .map(|(game, depth, plies)| {
            with_game!(AnyGame::from_spec(game)?, start => {
                ablate_game(&start, game, *depth, *plies, config.positions)
            })
        })
        .collect()
}

fn ablate_game<G: Prebuilt>(
    start: &G,
    game: &str,
    depth: u32,
    plies: u32,
    positions: usize,
) -> Result<GameAblation, CliError> {
    let states: Vec<G> = (0..positions)
        .map(|i| suite_position(start, plies, i))
        .collect();
    let mut variants = Vec::new();
    let mut first_scores: Option<Vec<i32>> = None;
    let mut scores_agree = true;
    for (label, switches) in VARIANTS {
        let agent = if switches.is_empty() {
            format!("alphabeta(depth={depth})")
        } else {
            format!("alphabeta(depth={depth},{switches})")
        };
        let (mut nodes, mut seconds, mut scores) = (0u64, 0f64, Vec::new());
        for state in &states {
            // A fresh agent per position: nothing carries over from one search to the next.
            let mut searcher = G::build_agent(&agent)?;
            let clock = Instant::now();
            let result = searcher.select_move(state);
            seconds += clock.elapsed().as_secs_f64();
            nodes += result.stats.nodes;
            scores.push(result.score);
        }
        match &first_scores {
            None => first_scores = Some(scores),
            Some(first) => scores_agree &= *first == scores,
        }
        variants.push(VariantLine {
            variant: label.to_string(),
            agent,
            nodes,
            ratio: 0.0,
            seconds,
        });
    }
    let base = variants[0].nodes.max(1) as f64;
    for line in &mut variants {
        line.ratio = line.nodes as f64 / base;
    }
    Ok(GameAblation {
        game: game.to_string(),
        depth,
        positions,
        plies,
        scores_agree,
        variants,
    })
}

/// Prints the ablation as tables (or one JSON array).
pub fn run(config: &AblateConfig, json: bool, out: &mut dyn Write) -> Result<(), CliError> {
    let io = |e: std::io::Error| CliError::new(format!("cannot write output: {e}"));
    let results = ablate(config)?;
    if json {
        let text = serde_json::to_string(&results).map_err(|e| CliError::new(e.to_string()))?;
        return writeln!(out, "{text}").map_err(io);
    }
    for (i, game) in results.iter().enumerate() {
        if i > 0 {
            writeln!(out).map_err(io)?;
        }
        writeln!(
            out,
            "{}: depth {}, {} positions ({} random plies each); scores {}",
            game.game,
            game.depth,
            game.positions,
            game.plies,
            if game.scores_agree {
                "agree across all variants"
            } else {
                "DIFFER between variants (a bug: please report it)"
            }
        )
        .map_err(io)?;
        writeln!(
            out,
            "{:<18} {:>14} {:>11} {:>10} {:>11}",
            "variant", "nodes", "vs default", "time", "M nodes/s"
        )
        .map_err(io)?;
        for line in &game.variants {
            writeln!(
                out,
                "{:<18} {:>14} {:>10.2}x {:>8.3} s {:>11.2}",
                line.variant,
                line.nodes,
                line.ratio,
                line.seconds,
                line.nodes as f64 / line.seconds.max(1e-9) / 1e6
            )
            .map_err(io)?;
        }
    }
    Ok(())
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
    pub fn config(&self) -> Result<AblateConfig, CliError> {
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
        Ok(AblateConfig {
            games,
            positions: self.positions,
        })
    }
}

/// Runs `ply ablate` with its parsed arguments, writing to `out`.
pub fn execute(args: AblateArgs, out: &mut dyn Write) -> Result<(), CliError> {
    run(&args.config()?, args.json, out)
}
