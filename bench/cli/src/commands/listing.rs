//! `ply games` and `ply agents`: what exists, with every spec key's default and accepted
//! values, written from the game registry and the agent table so they cannot go stale.

use ply_arena::external::EXTERNAL;
use ply_registry::GAMES;
use ply_search::agents::{AgentKind, AGENTS};
use ply_search::describe::SpecKey;
use std::io::Write;

/// The keys of a spec as an indented table (nothing for a spec without keys).
fn keys(keys: &[SpecKey], out: &mut dyn Write) -> std::io::Result<()> {
    if keys.is_empty() {
        return writeln!(out, "    (no keys)");
    }
    let width = keys.iter().map(|k| k.key.len()).max().unwrap_or(0);
    for k in keys {
        writeln!(
            out,
            "    {:width$}  default {}; {}",
            k.key, k.default, k.accepted
        )?;
    }
    Ok(())
}

/// Every registered game: its name, what it is, its rules, an example spec, its keys and
/// evaluators.
pub fn games(out: &mut dyn Write) -> std::io::Result<()> {
    for (i, g) in GAMES.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        writeln!(out, "{}: {}", g.name, g.about)?;
        writeln!(out, "  rules: {}", g.rules)?;
        writeln!(out, "  e.g. {}", g.example)?;
        keys(g.keys, out)?;
        writeln!(
            out,
            "  evaluators (eval=): {} (default {})",
            g.evaluators.join(", "),
            g.default_eval
        )?;
    }
    Ok(())
}

/// Every agent kind the command knows: the library's and external programs.
fn all_agents() -> impl Iterator<Item = &'static AgentKind> {
    AGENTS.iter().chain(std::iter::once(&EXTERNAL))
}

/// Every agent kind: its name, what it is, an example spec and its keys.
pub fn agents(out: &mut dyn Write) -> std::io::Result<()> {
    for (i, a) in all_agents().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        writeln!(out, "{}: {}", a.name, a.about)?;
        writeln!(out, "  e.g. {}", a.example)?;
        keys(a.keys, out)?;
    }
    Ok(())
}

/// The games and agents in two lines each way, for the end of `ply --help`.
pub fn help_summary() -> String {
    let games: Vec<String> = GAMES
        .iter()
        .map(|g| format!("  {:16} e.g. {}", g.name, g.example))
        .collect();
    let agents: Vec<String> = all_agents()
        .map(|a| format!("  {:16} e.g. {}", a.name, a.example))
        .collect();
    format!(
        "Games (`ply games` lists their keys and evaluators):\n{}\n\nAgents (`ply agents` lists their keys):\n{}",
        games.join("\n"),
        agents.join("\n")
    )
}
