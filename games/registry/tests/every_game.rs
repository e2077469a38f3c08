//! Every registered game, reached only through the registry: its name and example spec start
//! a game that passes the conformance kit, its evaluators all build agents that move, and its
//! spec rejects a key it does not take with the accepted ones named, and it states its rules.

use ply_registry::{with_game, AnyGame, Prebuilt, GAMES};
use ply_search::conformance::{check, Config};
use ply_search::describe::Describe;
use ply_search::ErrorKind;
use ply_search::Rng;

fn every_start() -> Vec<(String, AnyGame)> {
    GAMES
        .iter()
        .flat_map(|info| {
            let name = match info.name {
                "tree" | "chance-tree" | "multi-tree" => info.example, // a tree has no default shape
                name => name,
            };
            [name, info.example].map(|spec| {
                let game = AnyGame::from_spec(spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
                assert_eq!(game.name(), info.name);
                (spec.to_string(), game)
            })
        })
        .collect()
}

#[test]
fn every_registered_game_passes_the_conformance_kit() {
    conformance_of_every_game(false);
}

/// The biggest games in full, too long for the README's test command.
mod slow {
    #[test]
    #[ignore = "slow: .ci/run runs it"]
    fn every_registered_game_passes_the_conformance_kit_with_every_game_of_the_widest_boards() {
        super::conformance_of_every_game(true);
    }

    #[test]
    #[ignore = "slow: .ci/run runs it"]
    fn every_game_numbers_its_moves_in_twenty_games_of_the_widest_and_longest() {
        super::every_game_numbers_its_moves_in(true);
    }
}

/// The conformance kit on every registered game, from its name and its example spec. Where a
/// position has a thousand moves or more (Amazons' 10x10), each of which the kit plays and
/// checks, five random games stand for the twenty of the others unless `full`.
fn conformance_of_every_game(full: bool) {
    for (spec, game) in every_start() {
        with_game!(game, start => {
            let widest = ply_search::Game::legal_moves(&start).len() >= 1000;
            if full && !widest {
                continue; // the README's test command checks it whole
            }
            let long = ply_search::Game::max_game_length(&start).is_some_and(|plies| plies > 500);
            let config = if long {
                // Random Chinese Checkers runs to its 1,000-turn limit: follow the start of a few.
                Config { games: 3, max_plies: 100, ..Config::quick() }
            } else if widest && !full {
                Config { games: 5, ..Config::quick() }
            } else {
                Config::quick()
            };
            check(&start, &config);
            assert!(!start.drawing().trim().is_empty(), "{spec}: no drawing");
            let _ = start.fields();
        });
    }
}

fn every_evaluator_moves<G: Prebuilt>(spec: &str, start: &G) {
    // Agents choose at players' nodes: dice (EinStein's setups, a roll) are drawn first.
    let mut rng = Rng::new(3);
    let mut start = start.clone();
    while start.is_chance_node() {
        let moves = start.legal_moves();
        start = start.play(moves[rng.below(moves.len() as u64) as usize]);
    }
    let start = &start;
    for eval in G::EVALUATORS {
        // Games with dice take the search that averages over them.
        let algorithm = if G::HAS_CHANCE {
            "expectimax"
        } else if G::MANY_PLAYERS {
            "maxn"
        } else {
            "alphabeta"
        };
        let text = format!("{algorithm}(depth=2,eval={eval})");
        let mut agent = G::build_agent(&text).unwrap_or_else(|e| panic!("{spec} {text}: {e}"));
        let result = agent.select_move(start);
        assert!(result.best_move.is_some(), "{spec} {text}: no move");
    }
    if G::HAS_CHANCE {
        let err = G::build_agent("alphabeta")
            .err()
            .expect("alphabeta on dice");
        assert!(err.to_string().contains("expectimax"), "{spec}: {err}");
    }
    if G::MANY_PLAYERS {
        let err = G::build_agent("alphabeta")
            .err()
            .expect("alphabeta for more than two");
        assert!(
            err.to_string().contains("maxn, paranoid, brs"),
            "{spec}: {err}"
        );
    }
    let err = G::build_agent("greedy(eval=nonsense)")
        .err()
        .expect("unknown evaluator");
    assert_eq!(err.kind, ErrorKind::UnknownName);
}

#[test]
fn every_named_evaluator_builds_an_agent_that_moves() {
    for (spec, game) in every_start() {
        with_game!(game, start => every_evaluator_moves(&spec, &start));
    }
}

#[test]
fn specs_name_their_keys_and_unknown_games_are_listed() {
    for info in GAMES {
        let spec = match info.name {
            "tree" | "chance-tree" => format!("{}(shape=[1,2],colour=red)", info.name),
            "multi-tree" => format!("{}(shape=[(1,2,3)],colour=red)", info.name),
            name => format!("{name}(colour=red)"),
        };
        let err = AnyGame::from_spec(&spec).expect_err("unknown key");
        assert_eq!(err.kind, ErrorKind::BadKey, "{spec}");
        for key in info.keys {
            assert!(err.to_string().contains(key.key), "{spec}: {err}");
        }
    }
    let err = AnyGame::from_spec("chess").expect_err("unknown game");
    assert_eq!(err.kind, ErrorKind::UnknownName);
    for info in GAMES {
        assert!(err.to_string().contains(info.name), "{err}");
    }
}

/// Along random games: every legal move has its own action number below `num_actions`, and
/// the number leads back to the move; moves are written without blanks and positions on one
/// line.
fn actions_are_distinct_and_round_trip<G: Prebuilt>(spec: &str, start: &G, games: usize) {
    let mut rng = Rng::new(7);
    for _ in 0..games {
        let mut state = start.clone();
        while !state.is_terminal() {
            let moves = state.legal_moves();
            if state.is_chance_node() {
                // The dice are rolled, not clicked.
                state = state.play(moves[rng.below(moves.len() as u64) as usize]);
                continue;
            }
            let mut seen = std::collections::HashSet::new();
            for &mv in &moves {
                let action = state.action(mv);
                assert!(action < state.num_actions(), "{spec}: action {action}");
                assert!(seen.insert(action), "{spec}: action {action} twice");
                assert_eq!(state.legal_move_of_action(action), Some(mv), "{spec}");
                // The agent protocol sends moves separated by blanks and a position per line.
                let text = state.format_move(mv);
                assert!(!text.contains(char::is_whitespace), "{spec}: move `{text}`");
            }
            assert!(
                !state.position().contains('\n'),
                "{spec}: {}",
                state.position()
            );
            let Some(mv) = state.random_move(&mut rng) else {
                break;
            };
            state = state.play(mv);
        }
    }
}

#[test]
fn every_game_numbers_its_moves() {
    every_game_numbers_its_moves_in(false);
}

/// Each game's actions over 20 random games; where a position has a thousand moves or more
/// (each one's number is looked up among them all) or a game runs to hundreds of turns
/// (Chinese Checkers), three games unless `full`, which checks only those, with all 20.
fn every_game_numbers_its_moves_in(full: bool) {
    for (spec, game) in every_start() {
        with_game!(game, start => {
            let big = ply_search::Game::legal_moves(&start).len() >= 1000
                || ply_search::Game::max_game_length(&start).is_some_and(|plies| plies > 500);
            match (big, full) {
                (false, true) => {}
                (true, false) => actions_are_distinct_and_round_trip(&spec, &start, 3),
                _ => actions_are_distinct_and_round_trip(&spec, &start, 20),
            }
        });
    }
}

/// Plays seeded random games and checks that every legal move of every position can be
/// clicked: it has cells, lands on a cell that is not the mover's own piece, and moves that
/// share their cells are few (Onitama's two cards giving the same step; the page asks which).
/// A third cell (Amazons' arrow) counts among the cells: it is clicked too. Chance outcomes
/// (setups, rolls) are drawn, not clicked.
fn every_move_is_clickable<G: Prebuilt>(spec: &str, start: &G) {
    use ply_search::cells::move_cells;
    let mut rng = Rng::new(7);
    for _ in 0..5 {
        let mut state = start.clone();
        while !state.is_terminal() {
            let moves = state.legal_moves();
            if state.is_chance_node() {
                // The dice are rolled, not clicked.
                state = state.play(moves[rng.below(moves.len() as u64) as usize]);
                continue;
            }
            let mut seen = std::collections::HashMap::new();
            for &mv in moves.iter() {
                // A forced pass (Othello's) changes no cell: it is a button, not a click.
                if moves.len() == 1 && state.format_move(mv) == "pass" {
                    continue;
                }
                let cells = move_cells(&state, mv).unwrap_or_else(|| {
                    panic!(
                        "{spec}: {} at {} has no cells",
                        state.format_move(mv),
                        state.position()
                    )
                });
                *seen.entry((cells.from, cells.to, cells.then)).or_insert(0) += 1;
            }
            assert!(
                seen.values().all(|&n| n <= 2),
                "{spec}: more than two moves share their cells at {}",
                state.position()
            );
            state = state.play(moves[rng.below(moves.len() as u64) as usize]);
        }
    }
}

#[test]
fn every_move_of_every_board_game_is_clickable() {
    for (spec, game) in every_start() {
        with_game!(game, start => {
            if start.board_view(ply_search::Player::P0).is_some() {
                every_move_is_clickable(&spec, &start);
            }
        });
    }
}

#[test]
fn every_registered_game_tells_a_person_its_rules() {
    for game in ply_registry::GAMES {
        assert!(
            game.rules.len() > 60 && game.rules.ends_with('.'),
            "{}'s rules are missing or cut short: {:?}",
            game.name,
            game.rules
        );
    }
}
