//! EinStein würfelt nicht's rules: the conformance kit, perft with setups and rolls counted as
//! plies, OpenSpiel's recorded games replayed action for action, the die's choice of cubes,
//! captures of either side's cubes, both ways to win, and bad input.

use ply_einstein::{Einstein, EwnMove, Phase};
use ply_search::conformance::{check, play_random, Config};
use ply_search::describe::{Actions, Describe, FromSpec};
use ply_search::perft::{perft, Count};
use ply_search::{Game, Outcome, Player, Rng, SearchHints};

/// A position after both setups, from the notation.
fn at(text: &str) -> Einstein {
    Einstein::new().parse_position(text).unwrap()
}

#[test]
fn the_game_conforms_from_the_start_and_from_set_up_positions() {
    let start = Einstein::from_spec_text("einstein-wurfelt-nicht").unwrap();
    check(&start, &Config::default());
    let mut rng = Rng::new(11);
    for _ in 0..20 {
        let set_up = play_random(&start, 3, &mut rng);
        check(&set_up, &Config::quick());
    }
}

/// Perft counts each setup and each face as one ply: 720 setups for black, 720 for white,
/// then six rolls.
#[test]
fn perft_counts_setups_and_rolls_as_plies() {
    let start = Einstein::new();
    assert_eq!(perft(&start, 1, Count::Leaves), 720);
    assert_eq!(perft(&start, 2, Count::Leaves), 720 * 720);
    let set_up = at("b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1 roll 1 - 2");
    assert_eq!(perft(&set_up, 1, Count::Leaves), 6);
    // Every white cube has three steps on the board from its corner: a roll moves one cube
    // (all six are there), three steps each.
    assert_eq!(perft(&set_up, 2, Count::Leaves), 6 * 3);
    // Deeper, as OpenSpiel 2.0.2 counts from the same position (setups 0 and 719 applied,
    // then a recursive count in pyspiel; the first game ends at depth 6).
    let openspiel = [6, 18, 108, 324, 1944, 6162, 36972, 117369];
    for (depth, expected) in (1..).zip(openspiel) {
        assert_eq!(
            perft(&set_up, depth, Count::Leaves),
            expected,
            "depth {depth}"
        );
    }
}

/// The games OpenSpiel 2.0.2 played (tests/data/openspiel_games.txt, made with pyspiel): at
/// every player's step ply lists the same legal actions, in the same order, and the game ends
/// with the same returns.
#[test]
fn openspiel_games_replay_action_for_action() {
    let data = include_str!("data/openspiel_games.txt");
    let mut games = 0;
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let (steps, returns) = line.split_once(" = ").unwrap();
        let mut state = Einstein::new();
        for step in steps.split_whitespace() {
            let (action, legal) = step.split_once(':').unwrap();
            let action: usize = action.parse().unwrap();
            if legal == "chance" {
                assert!(state.is_chance_node(), "{}", state.position());
            } else {
                assert!(!state.is_chance_node());
                let ours: Vec<String> = state
                    .legal_moves()
                    .iter()
                    .map(|&m| state.action(m).to_string())
                    .collect();
                assert_eq!(ours.join(","), legal, "at {}", state.position());
            }
            let mv = state.legal_move_of_action(action).unwrap();
            state = state.play(mv);
        }
        let winner = if returns == "1 -1" {
            Player::P0
        } else {
            Player::P1
        };
        assert_eq!(state.outcome(), Some(Outcome::Win(winner)), "{line}");
        games += 1;
    }
    assert_eq!(games, 20);
}

#[test]
fn the_die_picks_the_cube_or_its_nearest_neighbours() {
    // White has cubes 1, 3 and 6 left; a 4 lets it move the 3 or the 6, a 3 only the 3.
    let state = at("b1b2b3../b4b5.../b6..../...w6w3/....w1 roll 1 - 9");
    let moves = |face| {
        let rolled = state.play(EwnMove::Roll(face));
        rolled
            .legal_moves()
            .iter()
            .map(|&m| rolled.format_move(m))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        moves(4),
        ["W6-up", "W6-diag", "W6-left", "W3-up", "W3-diag", "W3-left*"]
    );
    assert_eq!(moves(3), ["W3-up", "W3-diag", "W3-left*"]);
    // A 2: the 1 or the 3; OpenSpiel lists the cubes by cell, row by row.
    assert_eq!(
        moves(2),
        ["W3-up", "W3-diag", "W3-left*", "W1-up*", "W1-diag*", "W1-left"]
    );
}

#[test]
fn a_cube_captures_either_sides_cube_and_both_ways_win() {
    // Black's 5 steps diagonally onto the corner: black wins.
    let near = at("b1b2b3../b4..../b6..../...w6w3/..w1b5. step 0 5 30");
    let won = near.play(near.parse_move("B5-right").unwrap());
    assert_eq!(won.outcome(), Some(Outcome::Win(Player::P0)));
    assert!(!won.is_chance_node() && won.legal_moves().is_empty());
    assert_eq!(won.end_reason().unwrap(), "black reached the far corner");
    // Capturing one's own cube is allowed and costs the cube (white's 4 takes its 6).
    let own = at("b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1 step 1 4 3");
    let after = own.play(own.parse_move("W4-up").unwrap());
    assert_eq!(after.cubes_left(Player::P1), 0b01_1111);
    assert_eq!(after.cube(14), Some((Player::P1, 4)));
    // Taking the opponent's last cube wins, wherever the cubes stand.
    let last = at(".b2.../..w1../...../...../..... step 1 1 40");
    let taken = last.play(last.parse_move("W1-diag*").unwrap());
    assert_eq!(taken.outcome(), Some(Outcome::Win(Player::P1)));
    assert_eq!(
        taken.end_reason().unwrap(),
        "white captured the last of black's cubes"
    );
}

#[test]
fn setups_fill_the_corners_and_white_rolls_first() {
    let start = Einstein::new();
    let black = start.play(start.parse_move("315264").unwrap());
    assert_eq!(black.cube(0), Some((Player::P0, 3)));
    assert_eq!(black.cube(10), Some((Player::P0, 4)));
    assert_eq!((black.phase(), black.to_move()), (Phase::Setup, Player::P1));
    let both = black.play(black.parse_move("123456").unwrap());
    assert_eq!(both.cube(14), Some((Player::P1, 1)));
    assert_eq!(both.cube(24), Some((Player::P1, 6)));
    assert_eq!((both.phase(), both.to_move()), (Phase::Roll, Player::P1));
    // OpenSpiel numbers setups lexicographically.
    assert_eq!(start.action(start.parse_move("123465").unwrap()), 1);
}

#[test]
fn bad_input_names_the_bad_part() {
    let err = Einstein::from_spec_text("einstein-wurfelt-nicht(size=6)")
        .unwrap_err()
        .to_string();
    assert!(err.contains("size"), "{err}");
    let start = Einstein::new();
    for bad in ["112345", "12345", "1234567", "roll 3"] {
        let err = start.parse_move(bad).unwrap_err().to_string();
        assert!(err.contains("numbers 1 to 6"), "{bad}: {err}");
    }
    let rolling = at("b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1 roll 1 - 2");
    let err = rolling.parse_move("7").unwrap_err().to_string();
    assert!(err.contains("1 to 6"), "{err}");
    let stepping = rolling.play(EwnMove::Roll(2));
    let err = stepping.parse_move("W3-up").unwrap_err().to_string();
    assert!(err.contains("W2-up, W2-diag, W2-left"), "{err}");
    assert!(stepping.parse_move("w2-UP").is_ok());
}

#[test]
fn games_are_no_longer_than_their_bound() {
    let start = Einstein::new();
    let bound = start.max_game_length().unwrap();
    let mut rng = Rng::new(5);
    for _ in 0..200 {
        let mut state = start;
        let mut plies = 0;
        while !state.is_terminal() {
            let moves = state.legal_moves();
            state = state.play(moves[rng.below(moves.len() as u64) as usize]);
            plies += 1;
        }
        assert!(plies <= bound, "{plies} > {bound}");
    }
}

/// The exact value for player 0 by recursion with a memo: written here, sharing no code with
/// the solver.
fn exact(state: &Einstein, memo: &mut std::collections::HashMap<Einstein, f64>) -> f64 {
    if let Some(outcome) = state.outcome() {
        return match outcome {
            Outcome::Win(Player::P0) => 1.0,
            Outcome::Win(_) => -1.0,
            Outcome::Draw => 0.0,
        };
    }
    if let Some(&value) = memo.get(state) {
        return value;
    }
    let children = state.legal_moves().into_iter().map(|m| state.play(m));
    let values: Vec<f64> = children.map(|c| exact(&c, memo)).collect();
    let value = if state.is_chance_node() {
        values.iter().sum::<f64>() / values.len() as f64
    } else if state.to_move() == Player::P0 {
        values.iter().copied().fold(f64::MIN, f64::max)
    } else {
        values.iter().copied().fold(f64::MAX, f64::min)
    };
    memo.insert(*state, value);
    value
}

/// The game never repeats a position, so the solver settles an endgame exactly, and its value
/// is the recursion's.
#[test]
fn the_solver_settles_endgames_exactly() {
    use ply_search::solver::chance::{value_iteration, IterationError, IterationOptions};
    for text in [
        "b1..../.b2.../...../...../....w6 roll 1 - 40",
        "b3..../...../..w2../...../....w6 roll 0 - 40",
    ] {
        let state = at(text);
        let solution = value_iteration(&state, &IterationOptions::default()).unwrap();
        assert!(solution.exact, "{text}");
        let expected = exact(&state, &mut Default::default());
        let got = solution.value_of(&state).unwrap();
        assert!(
            (got - expected).abs() < 1e-12,
            "{text}: {got} against {expected}"
        );
    }
    // A whole game is far too big; the clock stops the listing of its positions.
    let mut options = IterationOptions::default();
    options.limits.time = Some(std::time::Duration::from_millis(50));
    let set_up = at("b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1 roll 1 - 2");
    let started = std::time::Instant::now();
    assert!(matches!(
        value_iteration(&set_up, &options),
        Err(IterationError::Stopped(_))
    ));
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
}

/// Expectimax and MCTS, closed and open loop, play whole games from a set-up position with
/// legal moves, the dice rolled between their moves; the searches that would choose the
/// dice are refused.
#[test]
fn the_agents_for_dice_play_whole_games() {
    use ply_search::agents::build_agent;
    let start = at("b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1 roll 1 - 2");
    for spec in [
        "expectimax(depth=2)",
        "expectimax(depth=2,pruning=star2,eval=material)",
        "mcts(iterations=300)",
        "mcts(iterations=300,loop=open)",
        "mcts(iterations=300,loop=open,playout=eval)",
        "greedy",
    ] {
        let mut agent = build_agent::<Einstein>(spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
        let mut rng = Rng::new(9);
        let mut state = start;
        while !state.is_terminal() {
            let mv = if state.is_chance_node() || state.to_move() == Player::P0 {
                state.random_move(&mut rng).expect("a move")
            } else {
                agent.select_move(&state).best_move.expect("a move")
            };
            assert!(
                state.legal_moves().contains(&mv),
                "{spec} at {}",
                state.position()
            );
            state = state.play(mv);
        }
    }
    let err = build_agent::<Einstein>("alphabeta").err().expect("refused");
    assert!(err.to_string().contains("expectimax"), "{err}");
}
