//! The agent kinds and their spec keys, with defaults and accepted values: the one list that
//! the spec parser checks keys against and that listings (`ply agents`, the Python package,
//! the web page's form) show.

use crate::spec::SpecKey;

/// One agent kind: its name in specs and the keys its spec takes.
#[derive(Clone, Copy, Debug)]
pub struct AgentKind {
    /// The name in specs.
    pub name: &'static str,
    /// What it is, in one line.
    pub about: &'static str,
    /// The keys its spec takes, in the order error messages list them.
    pub keys: &'static [SpecKey],
    /// A spec that shows the keys at work.
    pub example: &'static str,
}

const fn key(key: &'static str, default: &'static str, accepted: &'static str) -> SpecKey {
    SpecKey {
        key,
        default,
        accepted,
    }
}

const TIME: SpecKey = key("time", "none", "a duration such as 150ms or 2s");
const NODES: SpecKey = key("nodes", "none", "a positive whole number");
const EVAL: SpecKey = key(
    "eval",
    "the game's default",
    "one of the game's evaluators (ply games)",
);

/// `random(...)`.
pub const RANDOM_KEYS: &[SpecKey] = &[key("seed", "0", "a whole number")];
/// `greedy(...)`.
pub const GREEDY_KEYS: &[SpecKey] = &[
    EVAL,
    key("exact", "off", "on or off: score finished games exactly"),
];
/// `minimax(...)` and `plain-alphabeta(...)`.
pub const COURSE_KEYS: &[SpecKey] = &[
    key("depth", "3", "1 to 100 plies"),
    EVAL,
    key(
        "strict",
        "off",
        "on or off: prune only on a strict inequality (AIMA prunes on equality)",
    ),
];
/// `alphabeta(...)`: the limits, the evaluator and the engine's switches.
pub const ENGINE_KEYS: &[SpecKey] = &[
    key("depth", "6 (when no time or nodes)", "1 to 100 plies"),
    TIME,
    NODES,
    EVAL,
    key(
        "tt",
        "16MiB",
        "a size such as 64MiB or 512KiB (at most 64GiB), or off",
    ),
    key("replace", "bucket", "always, depth, two-tier or bucket"),
    key("ttmove", "on", "on or off: try the table's move first"),
    key("id", "on", "on or off: iterative deepening"),
    key("pvs", "on", "on or off: principal variation search"),
    key("aspiration", "on", "on or off: aspiration windows"),
    key(
        "window",
        "16",
        "a positive whole number: the aspiration window",
    ),
    key("killers", "on", "on or off: killer moves"),
    key("history", "on", "on or off: the history heuristic"),
    key(
        "priority",
        "on",
        "on or off: the game's wins and captures before killers and history",
    ),
    key(
        "threads",
        "1",
        "1 to 256: threads sharing the table (Lazy SMP); 1 is deterministic",
    ),
    key(
        "defer",
        "on",
        "on or off: with threads, leave moves another thread is searching for last",
    ),
    key(
        "stagger",
        "on",
        "on or off: with threads, every second thread searches one depth ahead",
    ),
];
/// `mcts(...)`: the limits, the evaluator and the search's switches.
pub const MCTS_KEYS: &[SpecKey] = &[
    key(
        "iterations",
        "10000 (when no other limit)",
        "a positive whole number",
    ),
    TIME,
    NODES,
    EVAL,
    key(
        "c",
        "1.414 (sqrt 2)",
        "a number from 0 to 100: the exploration constant",
    ),
    key("select", "uct", "uct or ucb1-tuned"),
    key(
        "fpu",
        "inf",
        "a number from 0 to 10, or inf: first-play urgency",
    ),
    key(
        "playout",
        "random",
        "random, eval (epsilon-greedy by the evaluator) or none (evaluator only)",
    ),
    key(
        "eps",
        "0.1",
        "a number from 0 to 1: the playouts' exploration",
    ),
    key(
        "cap",
        "0",
        "a whole number of plies before the evaluator scores a playout (0 = none)",
    ),
    key(
        "scale",
        "8",
        "a positive number: the evaluator's scale to a win probability",
    ),
    key("solver", "on", "on or off: MCTS-Solver"),
    key("imb", "0", "a number from 0 to 1: implicit minimax backups"),
    key("final", "robust", "robust, max or max-robust"),
    key("reuse", "on", "on or off: keep the tree between moves"),
    key("threads", "1", "1 to 256"),
    key("parallel", "root", "root or tree"),
    key("seed", "1", "a whole number"),
    key(
        "memory",
        "256MiB",
        "a size such as 64MiB or 1GiB: the tree's cap",
    ),
];

/// Every agent kind, in the order error messages list them.
pub const AGENTS: &[AgentKind] = &[
    AgentKind {
        name: "random",
        about: "a uniformly random legal move",
        keys: RANDOM_KEYS,
        example: "random(seed=7)",
    },
    AgentKind {
        name: "greedy",
        about: "the move whose position the evaluator likes best (one ply)",
        keys: GREEDY_KEYS,
        example: "greedy(eval=open)",
    },
    AgentKind {
        name: "minimax",
        about: "the course's plain minimax, to a fixed depth",
        keys: COURSE_KEYS,
        example: "minimax(depth=3,eval=improved)",
    },
    AgentKind {
        name: "plain-alphabeta",
        about: "the course's plain alpha-beta, to a fixed depth",
        keys: COURSE_KEYS,
        example: "plain-alphabeta(depth=5,strict=on)",
    },
    AgentKind {
        name: "alphabeta",
        about: "the engine: iterative deepening, PVS, aspiration, a table, killers, history",
        keys: ENGINE_KEYS,
        example: "alphabeta(time=150ms,tt=64MiB)",
    },
    AgentKind {
        name: "mcts",
        about: "Monte Carlo tree search: UCT, playouts, MCTS-Solver, tree reuse, threads",
        keys: MCTS_KEYS,
        example: "mcts(iterations=30000,c=1.4)",
    },
];

/// The agent kinds' names, comma-separated, for messages.
pub fn agent_names() -> String {
    AGENTS.iter().map(|a| a.name).collect::<Vec<_>>().join(", ")
}
