//! What the page's forms offer: every registered game with its keys, ready-made variants
//! (each game's presets: the seed games, every Isolation size, the quiz board, Onitama
//! deals...), and the agent kinds with their keys. All of it comes from the registry and the
//! agent-spec language; the variants are specs like any other, checked by the tests.

use ply_registry::{presets, GAMES};
use ply_search::agents::AGENTS;
use ply_search::spec::SpecKey;
use serde_json::{json, Value};

/// Ready-made agent specs for the form: human is the page's own choice.
pub const AGENT_CHOICES: &[&str] = &[
    "random",
    "greedy",
    "minimax(depth=3)",
    "plain-alphabeta(depth=5)",
    "alphabeta(time=1s)",
    "alphabeta(depth=8)",
    "mcts(time=1s)",
    "mcts(iterations=20000)",
];

fn keys(keys: &[SpecKey]) -> Vec<Value> {
    keys.iter()
        .map(|k| json!({"key": k.key, "default": k.default, "accepted": k.accepted}))
        .collect()
}

/// The games, variants and agents, as `GET /api/games` answers.
pub fn catalog() -> Value {
    let games: Vec<Value> = GAMES
        .iter()
        .map(|g| {
            json!({
                "name": g.name,
                "about": g.about,
                "rules": g.rules,
                "keys": keys(g.keys),
                "example": g.example,
                "evaluators": g.evaluators,
                "default_eval": g.default_eval,
                "chance": g.chance,
                "many_players": g.many_players,
            })
        })
        .collect();
    let agents: Vec<Value> = AGENTS
        .iter()
        .map(|a| json!({"name": a.name, "about": a.about, "keys": keys(a.keys), "example": a.example}))
        .collect();
    json!({
        "games": games,
        "variants": presets().map(|p| json!({"label": p.label, "spec": p.spec})).collect::<Vec<_>>(),
        "agents": agents,
        "agent_choices": AGENT_CHOICES,
    })
}
