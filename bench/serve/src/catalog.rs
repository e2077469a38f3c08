//! What the page's forms offer: every registered game with its keys, ready-made variants
//! (the seed games, every Isolation size, the quiz board, Onitama deals...), and the agent
//! kinds with their keys. All of it comes from the registry and the agent-spec language; the
//! variants are specs like any other, checked by the tests.

use ply_registry::GAMES;
use ply_search::agents::AGENTS;
use ply_search::spec::SpecKey;
use serde_json::{json, Value};

/// Ready-made game specs for the form, as (label, spec).
pub const VARIANTS: &[(&str, &str)] = &[
    ("Knight Isolation 11x9 (Udacity bitboards)", "isolation"),
    (
        "Knight Isolation 7x7 (AIND, (row,col) moves)",
        "isolation(width=7,height=7,rules=aind)",
    ),
    (
        "Knight Isolation 7x7 (Udacity rules)",
        "isolation(width=7,height=7)",
    ),
    ("Knight Isolation 5x5", "isolation(width=5,height=5)"),
    (
        "Knight Isolation 8x8, standard rules",
        "isolation(width=8,height=8,rules=standard)",
    ),
    ("Queen Isolation 5x5 (the lesson)", "queen-isolation"),
    (
        "Queen Isolation: the GameState quiz (3x2)",
        "queen-isolation(preset=quiz)",
    ),
    ("Queen Isolation 4x4", "queen-isolation(width=4,height=4)"),
    ("Onitama (the seed's deal)", "onitama"),
    ("Onitama, a random deal", "onitama(deal=random,seed=7)"),
    (
        "Onitama, Sensei's Path cards",
        "onitama(deal=random,seed=3,expansion=senseis-path)",
    ),
    ("Connect Four 7x6", "connect-four"),
    ("Connect Four 6x5", "connect-four(width=6,height=5)"),
    ("Breakthrough 8x8", "breakthrough"),
    ("Breakthrough 6x6", "breakthrough(width=6,height=6)"),
    ("Amazons 10x10", "amazons"),
    ("Amazons 8x8", "amazons(width=8,height=8)"),
    ("Amazons 6x6", "amazons(width=6,height=6)"),
    ("Tic-tac-toe", "tictactoe"),
    ("Nim 3-4-5", "nim(heaps=[3,4,5])"),
    (
        "AIMA figure 5.2 (a game tree)",
        "tree(shape=[[3,12,8],[2,4,6],[14,5,2]])",
    ),
];

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
                "keys": keys(g.keys),
                "example": g.example,
                "evaluators": g.evaluators,
                "default_eval": g.default_eval,
            })
        })
        .collect();
    let agents: Vec<Value> = AGENTS
        .iter()
        .map(|a| json!({"name": a.name, "about": a.about, "keys": keys(a.keys), "example": a.example}))
        .collect();
    json!({
        "games": games,
        "variants": VARIANTS.iter().map(|(label, spec)| json!({"label": label, "spec": spec})).collect::<Vec<_>>(),
        "agents": agents,
        "agent_choices": AGENT_CHOICES,
    })
}
