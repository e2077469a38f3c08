//! The agent kinds: one [`Kind`] per algorithm, whose table entry ([`AgentKind`]: name, keys
//! with their defaults and accepted values) and builder are both matched on the enum, so the
//! table that the spec parser checks keys against and listings show (`ply agents`, the Python
//! package, the web page's form) cannot drift from the builders. Each kind's keys sit beside
//! its builder, in its own module; the defaults they list are the options' `DEFAULT`.

use super::{course_spec, engine_spec, expectimax_spec, mcts_spec, multi_spec, simple};
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

/// The agent kinds, in the order error messages and listings give them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `random(...)`: a uniformly random legal move.
    Random,
    /// `greedy(...)`: one ply, by the evaluator.
    Greedy,
    /// `minimax(...)`: the course's plain minimax.
    Minimax,
    /// `plain-alphabeta(...)`: the course's plain alpha-beta.
    PlainAlphaBeta,
    /// `alphabeta(...)`: the engine.
    AlphaBeta,
    /// `mcts(...)`: Monte Carlo tree search.
    Mcts,
    /// `expectimax(...)`: minimax with chance nodes.
    Expectimax,
    /// `maxn(...)`: max^n, for any number of players.
    MaxN,
    /// `paranoid(...)`: alpha-beta against the other players as one coalition.
    Paranoid,
    /// `brs(...)`: best-reply search.
    BestReply,
}

impl Kind {
    /// Every kind, in the table's order.
    pub const ALL: [Kind; 10] = [
        Kind::Random,
        Kind::Greedy,
        Kind::Minimax,
        Kind::PlainAlphaBeta,
        Kind::AlphaBeta,
        Kind::Mcts,
        Kind::Expectimax,
        Kind::MaxN,
        Kind::Paranoid,
        Kind::BestReply,
    ];

    /// The kind's table entry: its name, what it is, its keys and an example.
    pub const fn info(self) -> AgentKind {
        match self {
            Kind::Random => AgentKind {
                name: "random",
                about: "a uniformly random legal move",
                keys: simple::RANDOM_KEYS,
                example: "random(seed=7)",
            },
            Kind::Greedy => AgentKind {
                name: "greedy",
                about: "the move whose position the evaluator likes best (one ply)",
                keys: simple::GREEDY_KEYS,
                example: "greedy(eval=open)",
            },
            Kind::Minimax => AgentKind {
                name: "minimax",
                about: "the course's plain minimax, to a fixed depth",
                keys: course_spec::COURSE_KEYS,
                example: "minimax(depth=3,eval=improved)",
            },
            Kind::PlainAlphaBeta => AgentKind {
                name: "plain-alphabeta",
                about: "the course's plain alpha-beta, to a fixed depth",
                keys: course_spec::COURSE_KEYS,
                example: "plain-alphabeta(depth=5,strict=on)",
            },
            Kind::AlphaBeta => AgentKind {
                name: "alphabeta",
                about:
                    "the engine: iterative deepening, PVS, aspiration, a table, killers, history",
                keys: engine_spec::ENGINE_KEYS,
                example: "alphabeta(time=150ms,tt=64MiB)",
            },
            Kind::Mcts => AgentKind {
                name: "mcts",
                about: "Monte Carlo tree search: UCT, playouts, MCTS-Solver, tree reuse, threads",
                keys: mcts_spec::MCTS_KEYS,
                example: "mcts(iterations=30000,c=1.4)",
            },
            Kind::Expectimax => AgentKind {
                name: "expectimax",
                about: "minimax with chance nodes (dice): iterative deepening, Star1 and Star2 pruning, a table",
                keys: expectimax_spec::EXPECTIMAX_KEYS,
                example: "expectimax(depth=3,pruning=star2)",
            },
            Kind::MaxN => AgentKind {
                name: "maxn",
                about: "max^n for any number of players: each takes what is best for itself",
                keys: multi_spec::MAXN_KEYS,
                example: "maxn(depth=3,prune=on)",
            },
            Kind::Paranoid => AgentKind {
                name: "paranoid",
                about: "alpha-beta against all the other players as one coalition",
                keys: multi_spec::ALPHA_BETA_KEYS,
                example: "paranoid(depth=4)",
            },
            Kind::BestReply => AgentKind {
                name: "brs",
                about: "best-reply search: its moves against the strongest single reply",
                keys: multi_spec::ALPHA_BETA_KEYS,
                example: "brs(time=1s)",
            },
        }
    }

    /// Whether the kind plays games for more than two players (a game that has such variants
    /// takes only these kinds, in every variant).
    pub const fn handles_many_players(self) -> bool {
        matches!(
            self,
            Kind::Random
                | Kind::Greedy
                | Kind::Mcts
                | Kind::MaxN
                | Kind::Paranoid
                | Kind::BestReply
        )
    }

    /// Whether the kind plays games with chance nodes: it rolls or averages over the dice
    /// instead of choosing them (the others are refused for such games).
    pub const fn handles_chance(self) -> bool {
        matches!(
            self,
            Kind::Random | Kind::Greedy | Kind::Expectimax | Kind::Mcts
        )
    }

    /// The kind a spec names, if any.
    pub fn named(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|kind| kind.info().name == name)
    }
}

/// Every kind's table entry, in [`Kind::ALL`]'s order.
const fn table() -> [AgentKind; Kind::ALL.len()] {
    let mut table = [Kind::Random.info(); Kind::ALL.len()];
    let mut i = 0;
    while i < Kind::ALL.len() {
        table[i] = Kind::ALL[i].info();
        i += 1;
    }
    table
}

/// Every agent kind, in the order error messages list them.
pub const AGENTS: &[AgentKind] = &table();

/// The agent kinds' names, comma-separated, for messages.
pub fn agent_names() -> String {
    AGENTS.iter().map(|a| a.name).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::{Kind, AGENTS};
    use crate::engine::EngineOptions;
    use crate::mcts::MctsOptions;
    use crate::Spec;

    /// A spec of `kind` that sets every option key to the default its listing shows (keys
    /// whose default is described rather than given, such as `eval` or the limits, left out).
    fn spec_with_listed_defaults(kind: Kind) -> Spec {
        let limits = ["depth", "time", "nodes", "iterations", "eval"];
        let keys: Vec<String> = kind
            .info()
            .keys
            .iter()
            .filter(|k| !limits.contains(&k.key))
            .map(|k| format!("{}={}", k.key, k.default.split_whitespace().next().unwrap()))
            .collect();
        Spec::parse(&format!("{}({})", kind.info().name, keys.join(","))).unwrap()
    }

    #[test]
    fn the_table_is_the_kinds_in_order() {
        assert_eq!(AGENTS.len(), Kind::ALL.len());
        for (entry, kind) in AGENTS.iter().zip(Kind::ALL) {
            assert_eq!(Kind::named(entry.name), Some(kind));
        }
        assert_eq!(Kind::named("external"), None);
    }

    #[test]
    fn the_engines_listed_defaults_are_its_options_default() {
        let mut spec = spec_with_listed_defaults(Kind::AlphaBeta);
        assert_eq!(
            super::engine_spec::engine_options(&mut spec).unwrap(),
            EngineOptions::default()
        );
        spec.finish_keys(Kind::AlphaBeta.info().keys).unwrap();
        let mut bare = Spec::parse("alphabeta").unwrap();
        assert_eq!(
            super::engine_spec::engine_options(&mut bare).unwrap(),
            EngineOptions::default()
        );
    }

    #[test]
    fn expectimaxs_listed_defaults_are_its_options_default() {
        let mut spec = spec_with_listed_defaults(Kind::Expectimax);
        let listed = super::expectimax_spec::expectimax_options(&mut spec).unwrap();
        spec.finish_keys(Kind::Expectimax.info().keys).unwrap();
        assert_eq!(listed, crate::expectimax::ExpectimaxOptions::DEFAULT);
    }

    #[test]
    fn maxns_listed_defaults_are_its_options_default() {
        let mut spec = spec_with_listed_defaults(Kind::MaxN);
        let listed = super::multi_spec::maxn_options(&mut spec).unwrap();
        spec.finish_keys(Kind::MaxN.info().keys).unwrap();
        assert_eq!(listed, crate::multi::MultiOptions::DEFAULT);
    }

    #[test]
    fn mctss_listed_defaults_are_its_options_default() {
        let mut spec = spec_with_listed_defaults(Kind::Mcts);
        let (mut listed, _) = super::mcts_spec::mcts_options(&mut spec).unwrap();
        spec.finish_keys(Kind::Mcts.info().keys).unwrap();
        // The listing rounds the exploration constant: sqrt 2 is shown as 1.414.
        assert!(
            (listed.c - MctsOptions::default().c).abs() < 1e-3,
            "{}",
            listed.c
        );
        listed.c = MctsOptions::default().c;
        assert_eq!(
            format!("{listed:?}"),
            format!("{:?}", MctsOptions::default())
        );
        let (bare, _) = super::mcts_spec::mcts_options(&mut Spec::parse("mcts").unwrap()).unwrap();
        assert_eq!(format!("{bare:?}"), format!("{:?}", MctsOptions::default()));
    }
}
