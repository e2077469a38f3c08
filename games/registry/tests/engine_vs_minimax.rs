//! The alpha-beta engine against plain minimax on every registered game, reached only through
//! the registry: with its default options (the game's own table threshold,
//! `SearchHints::TABLE_MIN_DEPTH`, among them) and with the table at every node, the engine's value
//! at a fixed depth is minimax's on random positions of each game's default and example
//! boards, with each of the game's evaluators.
//!
//! Games with dice take expectimax instead, whose Star1 and Star2 pruning must give the value
//! of its plain form (pruning=none) at the same depth on random positions. Games for more than
//! two players take max^n, paranoid and best-reply search, each against its definition written
//! here as a plain recursion.
//!
//! Onitama is left to its own test (games/onitama/tests/engine_vs_minimax.rs): its positions
//! can recur at another distance from the root, where a deeper table entry may rightly change a
//! fixed-depth value, and that test builds its positions so that this cannot happen. In every
//! other registered game a position fixes its ply count.

use ply_registry::{with_game, AnyGame, GAMES};
use ply_search::conformance::play_random;
use ply_search::course::{minimax_decision, Options, Utility};
use ply_search::describe::FrontEndGame;
use ply_search::engine::{Engine, EngineOptions};
use ply_search::expectimax::{Expectimax, ExpectimaxOptions, Pruning};
use ply_search::multi::{terminal_value, BestReply, MaxN, MultiOptions, Paranoid};
use ply_search::{Evaluator, Game, Limits, Player, Rng, Score, SearchHints, Searcher};

/// Positions per board.
const POSITIONS: usize = 100;

/// The deepest search whose full tree stays small (about `budget` leaves) at this branching.
fn affordable_depth(branching: usize, budget: usize) -> u32 {
    let mut depth = 1;
    while depth < 4 && branching.max(2).pow(depth + 1) <= budget {
        depth += 1;
    }
    depth
}

fn prunings_match_plain_expectimax<G: FrontEndGame>(spec: &str, start: &G) {
    let mut rng = Rng::new(37);
    let mut checked = 0;
    while checked < POSITIONS / 4 {
        let state = play_random(start, rng.below(40) as u32, &mut rng);
        if state.is_terminal() || state.is_chance_node() {
            continue;
        }
        let name = G::EVALUATORS[checked % G::EVALUATORS.len()];
        let evaluator = G::evaluator(name).expect("a listed evaluator");
        let value = |pruning| {
            let options = ExpectimaxOptions {
                pruning,
                tt_bytes: 0,
            };
            let mut search = Expectimax::new(evaluator.clone(), options);
            search.search(&state, &Limits::depth(3)).score
        };
        let plain = value(Pruning::None);
        for pruning in [Pruning::Star1, Pruning::Star2] {
            // Scores are rounded averages: the same value may round either way.
            let got = value(pruning);
            assert!(
                (got - plain).abs() <= 1,
                "{spec} `{}` eval {name} {pruning:?}: {got} vs {plain}",
                state.position()
            );
        }
        checked += 1;
    }
}

/// Max^n by its definition: every player's value, the mover taking the first best child.
fn plain_maxn<G: Game, E: Evaluator<G>>(state: &G, eval: &E, depth: u32, ply: u32) -> Vec<Score> {
    let players = Player::first(state.player_count());
    if state.is_terminal() {
        return players
            .iter()
            .map(|&p| terminal_value(state, p, ply))
            .collect();
    }
    if depth == 0 {
        return players.iter().map(|&p| eval.evaluate(state, p)).collect();
    }
    let me = state.to_move().index();
    let mut best: Option<Vec<Score>> = None;
    for mv in state.legal_moves() {
        let child = plain_maxn(&state.play(mv), eval, depth - 1, ply + 1);
        if best.as_ref().is_none_or(|b| child[me] > b[me]) {
            best = Some(child);
        }
    }
    best.expect("a move")
}

/// The root player's value where everyone else minimises it (`brs`: one layer of every
/// opponent's replies, handed the turn and handing it back).
fn plain_against<G: SearchHints, E: Evaluator<G>>(
    state: &G,
    eval: &E,
    root: Player,
    depth: u32,
    ply: u32,
    brs: bool,
) -> Score {
    if state.is_terminal() {
        return terminal_value(state, root, ply);
    }
    if depth == 0 {
        return eval.evaluate(state, root);
    }
    let next = |s: &G| plain_against(s, eval, root, depth - 1, ply + 1, brs);
    if state.to_move() == root {
        return state
            .legal_moves()
            .iter()
            .map(|&mv| next(&state.play(mv)))
            .max()
            .expect("a move");
    }
    if !brs {
        return state
            .legal_moves()
            .iter()
            .map(|&mv| next(&state.play(mv)))
            .min()
            .expect("a move");
    }
    let mut least = Score::MAX;
    for &opponent in Player::first(state.player_count())
        .iter()
        .filter(|&&p| p != root)
    {
        let Some(turn) = state.pass_to(opponent) else {
            continue;
        };
        for mv in turn.legal_moves() {
            let reply = turn.play(mv);
            let back = if reply.is_terminal() || reply.to_move() == root {
                reply.clone()
            } else {
                reply.pass_to(root).unwrap_or(reply)
            };
            least = least.min(next(&back));
        }
    }
    least
}

fn n_player_searches_match_their_definitions<G: FrontEndGame>(spec: &str, start: &G) {
    let mut rng = Rng::new(41);
    let mut checked = 0;
    while checked < POSITIONS / 4 {
        let state = play_random(start, rng.below(30) as u32, &mut rng);
        if state.is_terminal() {
            continue;
        }
        let depth = affordable_depth(state.move_count(), 5_000);
        let name = G::EVALUATORS[checked % G::EVALUATORS.len()];
        let evaluator = G::evaluator(name).expect("a listed evaluator");
        let root = state.to_move();
        let best = |value: &dyn Fn(&G) -> Score| {
            state
                .legal_moves()
                .iter()
                .map(|&mv| value(&state.play(mv)))
                .max()
                .expect("a move")
        };
        let context = format!("{spec} `{}` eval {name} depth {depth}", state.position());
        let maxn = MaxN::new(evaluator.clone(), MultiOptions::default())
            .search(&state, &Limits::depth(depth));
        assert_eq!(
            maxn.score,
            best(&|c| plain_maxn(c, &evaluator, depth - 1, 1)[root.index()]),
            "maxn {context}"
        );
        let paranoid = Paranoid::new(evaluator.clone()).search(&state, &Limits::depth(depth));
        assert_eq!(
            paranoid.score,
            best(&|c| plain_against(c, &evaluator, root, depth - 1, 1, false)),
            "paranoid {context}"
        );
        let brs = BestReply::new(evaluator.clone()).search(&state, &Limits::depth(depth));
        assert_eq!(
            brs.score,
            best(&|c| plain_against(c, &evaluator, root, depth - 1, 1, true)),
            "brs {context}"
        );
        checked += 1;
    }
}

fn engine_matches_minimax<G: FrontEndGame>(spec: &str, start: &G) {
    if G::HAS_CHANCE {
        return prunings_match_plain_expectimax(spec, start);
    }
    if G::MANY_PLAYERS {
        return n_player_searches_match_their_definitions(spec, start);
    }
    let exact = Options {
        utility: Utility::ByDistance,
        ..Options::default()
    };
    let setups = [
        EngineOptions::default().tt_mib(1),
        EngineOptions {
            tt_min_depth: Some(1),
            ..EngineOptions::default().tt_mib(1)
        },
    ];
    let mut rng = Rng::new(31);
    let mut checked = 0;
    while checked < POSITIONS {
        let state = play_random(start, rng.below(24) as u32, &mut rng);
        if state.is_terminal() {
            continue;
        }
        let depth = affordable_depth(state.move_count(), 50_000);
        let name = G::EVALUATORS[checked % G::EVALUATORS.len()];
        let evaluator = G::evaluator(name).expect("a listed evaluator");
        let reference = minimax_decision(&state, Some(depth), &evaluator, &exact).value;
        for options in &setups {
            let mut engine = Engine::new(evaluator.clone(), options.clone());
            let got = engine.search(&state, &Limits::depth(depth)).score;
            assert_eq!(
                got,
                reference,
                "{spec} `{}` eval {name} depth {depth} {options:?}",
                state.position()
            );
        }
        checked += 1;
    }
}

#[test]
fn the_engine_matches_minimax_on_every_registered_game_but_onitama() {
    let specs: Vec<&str> = GAMES
        .iter()
        .filter(|info| info.name != "onitama")
        .flat_map(|info| {
            let name = match info.name {
                "tree" | "chance-tree" | "multi-tree" => info.example, // a tree has no default shape
                name => name,
            };
            [name, info.example]
        })
        .collect();
    // The games are independent: two threads share them out, as the test harness shares
    // tests, so this one test does not hold the suite on one core.
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(&spec) = specs.get(i) else { break };
                let game = AnyGame::from_spec(spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
                with_game!(game, start => engine_matches_minimax(spec, &start));
            });
        }
    });
}
