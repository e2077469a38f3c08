//! Agents from spec strings: `random`, `greedy(eval=open)`, `minimax(depth=3,eval=improved)`,
//! `plain-alphabeta(depth=5)`, `alphabeta(depth=8,time=150ms,tt=64MiB,pvs=on,...)`,
//! `mcts(iterations=1000,c=1.4,playout=random,solver=on,imb=0.3,threads=2,parallel=tree,...)`,
//! `expectimax(depth=3,pruning=star2,...)`, and for more than two players `maxn(depth=3)`,
//! `paranoid(depth=4)`, `brs(time=1s)`.

mod course_spec;
mod engine_spec;
mod expectimax_spec;
mod keys;
pub mod kinds;
mod mcts_spec;
mod multi_spec;
mod simple;
pub mod units;

use crate::describe::NamedEvaluators;
use crate::{Agent, ErrorKind, Limits, NotationError, SearchAgent, SearchHints, Spec};
pub use course_spec::course_search_with_visits;
pub use engine_spec::engine_options;
pub use expectimax_spec::expectimax_options;
pub use kinds::{agent_names, AgentKind, Kind, AGENTS};
pub use mcts_spec::mcts_options;
pub use multi_spec::maxn_options;
pub use units::{parse_duration, parse_size};

/// The depth, time and node limits of a spec (`depth=`, `time=`, `nodes=`), with the
/// algorithm's default depth.
pub(crate) fn limits(spec: &mut Spec, default_depth: Option<u32>) -> Result<Limits, NotationError> {
    let mut limits = Limits::none();
    limits.depth = match spec.take("depth") {
        None => default_depth,
        Some(v) => Some(
            v.parse::<u32>()
                .ok()
                .filter(|d| (1..=100).contains(d))
                .ok_or_else(|| {
                    NotationError::new(
                        format!("{} value", spec.name),
                        format!("depth={v}"),
                        "depth= a whole number from 1 to 100",
                    )
                    .with_kind(crate::ErrorKind::BadValue)
                })?,
        ),
    };
    if let Some(v) = spec.take("time") {
        limits.time = Some(parse_duration(&v).ok_or_else(|| {
            NotationError::new(
                format!("{} value", spec.name),
                format!("time={v}"),
                "time= a duration such as 150ms or 2s",
            )
            .with_kind(crate::ErrorKind::BadValue)
        })?);
    }
    if let Some(v) = spec.take("nodes") {
        limits.nodes = Some(v.parse::<u64>().ok().filter(|&n| n > 0).ok_or_else(|| {
            NotationError::new(
                format!("{} value", spec.name),
                format!("nodes={v}"),
                "nodes= a positive whole number",
            )
            .with_kind(crate::ErrorKind::BadValue)
        })?);
    }
    Ok(limits)
}

/// The limits of a spec, searching to `depth` when it names no depth, time or node limit.
pub(crate) fn limits_or_depth(spec: &mut Spec, depth: u32) -> Result<Limits, NotationError> {
    let limits = limits(spec, None)?;
    Ok(
        if limits.depth.is_none() && limits.time.is_none() && limits.nodes.is_none() {
            limits.with_depth(depth)
        } else {
            limits
        },
    )
}

/// The evaluator a spec names (`eval=`), or the game's default.
pub(crate) fn evaluator<G: NamedEvaluators>(spec: &mut Spec) -> Result<G::Eval, NotationError> {
    G::evaluator(
        &spec
            .take("eval")
            .unwrap_or_else(|| G::DEFAULT_EVAL.to_string()),
    )
}

/// The names of the kinds for which `test` holds, comma-separated.
fn names_where(test: fn(Kind) -> bool) -> String {
    let kinds = Kind::ALL.into_iter().filter(|&k| test(k));
    kinds.map(|k| k.info().name).collect::<Vec<_>>().join(", ")
}

/// A built agent, or why the spec was refused.
type Built<G> = Result<Box<dyn Agent<G>>, NotationError>;

/// The agent named by `text`, for game `G`. Its name is the spec as written.
pub fn build_agent<G: NamedEvaluators + SearchHints>(text: &str) -> Built<G> {
    build_among(text, |kind, name, spec| {
        Some(match kind {
            Kind::Random => simple::random(name, spec),
            Kind::Greedy => simple::greedy(name, spec),
            Kind::Minimax | Kind::PlainAlphaBeta => {
                course_spec::course_searcher::<G>(spec).map(|(searcher, limits)| {
                    Box::new(SearchAgent::new(name, searcher, limits)) as Box<dyn Agent<G>>
                })
            }
            Kind::AlphaBeta => engine_spec::engine(name, spec),
            Kind::Mcts => mcts_spec::mcts(name, spec),
            Kind::Expectimax => expectimax_spec::expectimax(name, spec),
            Kind::MaxN => multi_spec::maxn(name, spec),
            Kind::Paranoid => multi_spec::paranoid(name, spec),
            Kind::BestReply => multi_spec::best_reply(name, spec),
        })
    })
}

/// [`build_agent`] for a game with dice ([`crate::Game::HAS_CHANCE`]), compiling for `G`
/// only the kinds that play dice (random, greedy, expectimax, MCTS): the others are refused
/// for such a game anyway, and leaving them out spares a front end that adds a game at run
/// time (a game written in Python) the engine's compile time.
pub fn build_dice_agent<G: NamedEvaluators + SearchHints>(text: &str) -> Built<G> {
    build_among(text, |kind, name, spec| match kind {
        Kind::Random => Some(simple::random(name, spec)),
        Kind::Greedy => Some(simple::greedy(name, spec)),
        Kind::Expectimax => Some(expectimax_spec::expectimax(name, spec)),
        Kind::Mcts => Some(mcts_spec::mcts(name, spec)),
        _ => None,
    })
}

/// [`build_agent`] for a game of more than two players ([`crate::Game::MANY_PLAYERS`]),
/// compiling for `G` only the kinds that play one (random, greedy, MCTS, max^n, paranoid,
/// best-reply search), as [`build_dice_agent`] does for dice. With dice too, the kinds of
/// both lists (random, greedy, MCTS) remain.
pub fn build_many_player_agent<G: NamedEvaluators + SearchHints>(text: &str) -> Built<G> {
    build_among(text, |kind, name, spec| match kind {
        Kind::Random => Some(simple::random(name, spec)),
        Kind::Greedy => Some(simple::greedy(name, spec)),
        Kind::Mcts => Some(mcts_spec::mcts(name, spec)),
        Kind::MaxN => Some(multi_spec::maxn(name, spec)),
        Kind::Paranoid => Some(multi_spec::paranoid(name, spec)),
        Kind::BestReply => Some(multi_spec::best_reply(name, spec)),
        _ => None,
    })
}

/// Reads `text`, refuses an unknown kind and one `G` cannot play, and builds the agent with
/// `make` (`None`: a kind `make` does not build, refused too).
fn build_among<G: NamedEvaluators + SearchHints>(
    text: &str,
    make: impl FnOnce(Kind, String, &mut Spec) -> Option<Built<G>>,
) -> Built<G> {
    let mut spec = Spec::parse(text)?;
    let name = spec.text().to_string();
    let Some(kind) = Kind::named(&spec.name) else {
        let expected = if spec.name == "external" {
            format!(
                "an agent that runs inside ply here ({}); external programs play in ply arena and ply play",
                agent_names()
            )
        } else {
            format!("one of {}", agent_names())
        };
        let bad = if spec.name == "external" {
            spec.text().to_string()
        } else {
            spec.name.clone()
        };
        return Err(NotationError::new("agent", bad, expected).with_kind(ErrorKind::UnknownName));
    };
    if G::HAS_CHANCE && !kind.handles_chance() {
        return Err(NotationError::new(
            "agent",
            spec.name.clone(),
            format!(
                "an agent for games with dice ({}): {} searches as if every move were chosen",
                names_where(Kind::handles_chance),
                spec.name
            ),
        )
        .with_kind(ErrorKind::UnknownName));
    }
    if G::MANY_PLAYERS && !kind.handles_many_players() {
        return Err(NotationError::new(
            "agent",
            spec.name.clone(),
            format!(
                "an agent for games of more than two players ({}): {} searches for two",
                names_where(Kind::handles_many_players),
                spec.name
            ),
        )
        .with_kind(ErrorKind::UnknownName));
    }
    let Some(agent) = make(kind, name, &mut spec) else {
        return Err(NotationError::new(
            "agent",
            spec.name.clone(),
            "an agent this game's front end builds (it builds those for dice or for more players only)",
        )
        .with_kind(ErrorKind::UnknownName));
    };
    let agent = agent?;
    // Every key a kind takes is in its table entry: a key taken but not listed is refused here.
    spec.finish_keys(kind.info().keys)?;
    Ok(agent)
}

#[cfg(test)]
mod tests {
    use super::{build_agent, build_dice_agent, build_many_player_agent, Built};
    use crate::multi::MultiTree;
    use crate::tree::{ChanceTree, Tree};
    use crate::Game;

    /// The best move of the agent `built`, which must be legal in `state`.
    fn plays<G: Game>(built: Built<G>, state: &G, spec: &str) {
        let mut agent = built.unwrap_or_else(|e| panic!("{spec}: {e}"));
        let mv = agent.select_move(state).best_move;
        assert!(state.legal_moves().contains(&mv.unwrap()), "{spec}");
    }

    #[test]
    fn the_limited_builders_build_what_their_games_play_and_refuse_the_rest_alike() {
        let dice = ChanceTree::parse("[~[[1,2],[3,4]],~[[5,0],[2,2]]]").unwrap();
        for spec in [
            "random",
            "greedy",
            "expectimax(depth=3)",
            "mcts(iterations=50)",
        ] {
            plays(build_dice_agent::<ChanceTree>(spec), &dice, spec);
        }
        let many = MultiTree::parse("[[(3,3,3),(1,4,4)],[(4,2,2),(2,5,1)]]").unwrap();
        for spec in [
            "random",
            "maxn(depth=2)",
            "paranoid",
            "brs",
            "mcts(iterations=50)",
        ] {
            plays(build_many_player_agent::<MultiTree>(spec), &many, spec);
        }
        // A kind the game cannot play gets the same refusal from every builder.
        for spec in ["alphabeta", "minimax(depth=2)", "maxn"] {
            let limited = build_dice_agent::<ChanceTree>(spec).err().unwrap();
            let full = build_agent::<ChanceTree>(spec).err().unwrap();
            assert_eq!(limited.to_string(), full.to_string(), "{spec}");
        }
        let limited = build_many_player_agent::<MultiTree>("expectimax").err();
        let full = build_agent::<MultiTree>("expectimax").err();
        assert_eq!(limited.unwrap().to_string(), full.unwrap().to_string());
        // A builder used for a game it is not meant for refuses what it does not compile.
        let misused = build_dice_agent::<Tree>("alphabeta").err().unwrap();
        assert!(misused.to_string().contains("alphabeta"), "{misused}");
        // Keys are checked as by the full builder.
        let bad = build_dice_agent::<ChanceTree>("expectimax(deep=3)")
            .err()
            .unwrap();
        assert!(bad.to_string().contains("deep"), "{bad}");
    }
}
