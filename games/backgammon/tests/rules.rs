//! Backgammon's rules: the conformance kit, perft against OpenSpiel's counts, OpenSpiel's
//! recorded games replayed action for action, entering, hitting, bearing off, the forced use
//! of the dice, doubles, scoring, and bad input.

use ply_backgammon::{Backgammon, BgMove, Scoring, PASS_ACTION};
use ply_search::conformance::{check, play_random, Config};
use ply_search::describe::{Actions, Describe, FromSpec};
use ply_search::perft::{perft, Count};
use ply_search::{Game, Outcome, Player, Rng};

/// A position from the notation.
fn at(text: &str) -> Backgammon {
    Backgammon::default().parse_position(text).unwrap()
}

/// The plays at a position, in ply's (OpenSpiel's) words.
fn plays(state: &Backgammon) -> Vec<String> {
    state
        .legal_moves()
        .iter()
        .map(|&m| state.format_move(m))
        .collect()
}

#[test]
fn the_game_conforms_from_the_start_and_from_positions_of_random_games() {
    let start = Backgammon::from_spec_text("backgammon").unwrap();
    // Twenty whole games from the start (each move's notation read back, every position's);
    // a few more from later positions, the hits and bear-offs of a game's middle and end.
    check(&start, &Config::quick());
    let mut rng = Rng::new(5);
    let few = Config {
        games: 5,
        ..Config::quick()
    };
    for plies in [1, 7, 60, 150] {
        let state = play_random(&start, plies, &mut rng);
        check(&state, &few);
    }
}

/// Perft counts the opening's 30 outcomes, each later roll's 21 distinct dice and each play
/// once; OpenSpiel's counts from its start, made the same way in pyspiel 2.0.2 (its 36 ordered
/// rolls counted once per pair of dice, its legal actions once per position they lead to).
#[test]
fn perft_equals_openspiels_count() {
    let start = Backgammon::default();
    for (depth, expected) in (1..).zip([30u64, 380, 7980, 99328, 1917724]) {
        assert_eq!(
            perft(&start, depth, Count::Leaves),
            expected,
            "depth {depth}"
        );
    }
}

/// The games OpenSpiel 2.0.2 played (tests/data/openspiel_games.txt, made with pyspiel): at
/// every play ply lists OpenSpiel's legal actions in its order, each play once (OpenSpiel lists
/// some in both orders of their two steps, under two numbers: ply keeps the lower, and reads
/// the other as the same play), every action OpenSpiel took plays in ply, and each game ends
/// with the same returns.
#[test]
fn openspiel_games_replay_action_for_action() {
    let data = include_str!("data/openspiel_games.txt");
    let (mut games, mut duplicates) = (0, 0);
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let (steps, returns) = line.split_once(" = ").unwrap();
        let mut state = Backgammon::default();
        for step in steps.split_whitespace() {
            let (action, legal) = step.split_once(':').unwrap();
            let action: usize = action.parse().unwrap();
            if legal == "chance" {
                assert!(state.is_chance_node(), "{}", state.position());
                // OpenSpiel's own rolls: 30 at the opening, then the 36 ordered pairs.
                let rolls = state.openspiel_chance_outcomes();
                let count = if state.ply() == 0 { 30 } else { 36 };
                assert_eq!(rolls.len(), count);
                assert!(rolls
                    .iter()
                    .all(|&(_, p)| (p - 1.0 / count as f64).abs() < 1e-12));
                assert_eq!(
                    state.openspiel_legal_actions(),
                    (0..count).collect::<Vec<_>>()
                );
            } else {
                assert!(!state.is_chance_node(), "{}", state.position());
                let theirs: Vec<usize> = legal.split(',').map(|a| a.parse().unwrap()).collect();
                // Through the bridge, OpenSpiel's list itself, every number of each play.
                assert_eq!(
                    state.openspiel_legal_actions(),
                    theirs,
                    "at {}",
                    state.position()
                );
                let ours: Vec<usize> = state
                    .legal_moves()
                    .iter()
                    .map(|&m| state.action(m))
                    .collect();
                // ply lists OpenSpiel's plays, each pair of orders of the same two steps once.
                assert!(
                    ours.iter().all(|a| theirs.contains(a)),
                    "at {}",
                    state.position()
                );
                for &other in &theirs {
                    let mv = state.legal_move_of_action(other).unwrap();
                    assert!(ours.contains(&state.action(mv)));
                    // OpenSpiel's number leads where ply's play does.
                    let direct = state.play(BgMove::Play(other as u16));
                    assert_eq!(direct.position(), state.play(mv).position());
                    if other != state.action(mv) {
                        assert!(!ours.contains(&other));
                        duplicates += 1;
                    }
                }
                let distinct: std::collections::BTreeSet<String> = ours
                    .iter()
                    .map(|&a| state.format_move(state.legal_move_of_action(a).unwrap()))
                    .collect();
                assert_eq!(distinct.len(), ours.len(), "at {}", state.position());
            }
            let mv = state.legal_move_of_action(action).unwrap();
            state = state.play(mv);
        }
        let expected = match returns {
            "1 -1" => Some(Outcome::Win(Player::P0)),
            "-1 1" => Some(Outcome::Win(Player::P1)),
            _ => Some(Outcome::Draw),
        };
        assert_eq!(state.outcome(), expected, "{returns}");
        games += 1;
    }
    assert_eq!(games, 8);
    assert!(
        duplicates > 0,
        "OpenSpiel's games list plays in both orders"
    );
}

#[test]
fn the_opening_roll_is_never_a_double_and_decides_who_starts() {
    let start = Backgammon::default();
    let mut starters = [0; 2];
    for mv in start.legal_moves() {
        let opened = start.play(mv);
        let (low, high) = opened.dice().unwrap();
        assert!(low < high);
        starters[opened.to_move().index()] += 1;
    }
    assert_eq!(starters, [15, 15]);
    let o = start.play(start.parse_move("o 6-5").unwrap());
    assert_eq!(o.to_move(), Player::P1);
    assert!(
        plays(&o).contains(&"24/13".to_string()) || plays(&o).contains(&"24/18/13".to_string())
    );
}

#[test]
fn a_checker_on_the_bar_enters_first_and_a_blot_is_hit() {
    // x has a checker on the bar; o holds x's 24 and 23 points (OpenSpiel's 0 and 1), where a
    // 1 and a 2 would enter.
    let state = at("o2 o2 . . . . . . . . . x5 . . . . x3 . x6 . . . . o11 1:0 0:0 play x 43 3 6");
    assert!(!plays(&state).is_empty());
    assert!(
        plays(&state).iter().all(|p| p.starts_with("Bar/")),
        "{:?}",
        plays(&state)
    );
    // Both dice are blocked: x passes.
    let blocked =
        at("o2 o2 . . . . . . . . . x5 . . . . x3 . x6 . . . . o11 1:0 0:0 play x 22 3 6");
    assert_eq!(plays(&blocked), ["Pass"]);
    assert_eq!(
        blocked.legal_moves().as_slice(),
        &[BgMove::Play(PASS_ACTION)]
    );
    // A lone o checker is hit and goes to the bar.
    let blot = at(". . . x2 . o1 . . . . . x4 . . . . x3 . x6 . . . . o14 0:0 0:0 play x 32 3 6");
    let hit = plays(&blot).into_iter().find(|p| p.contains('*')).unwrap();
    let after = blot.play(blot.parse_move(&hit).unwrap());
    assert_eq!(after.bar(Player::P1), 1, "{hit}");
}

#[test]
fn both_dice_are_played_where_possible_else_the_larger() {
    // x's one checker outside home (its 14 point) can move 5 or 2 but not both: o holds the
    // point 7 pips on (x's 7), and x's other checkers, on its 1 point, cannot bear off yet.
    let either = "o13 . . . . . . . . . x1 . . . . . . o2 . . . . . x14 0:0 0:0 play x 52 3 6";
    assert_eq!(plays(&at(either)), ["14/9+Pass"]);
    // With o on x's 9 point too, only the 2 can be played, and must be.
    let only_two = "o11 . . . . . . . . . x1 . . . . o2 . o2 . . . . . x14 0:0 0:0 play x 52 3 6";
    assert_eq!(plays(&at(only_two)), ["14/12+Pass"]);
    // From the start, a 6-5 uses both dice in every play.
    let start = Backgammon::default();
    let opened = start.play(start.parse_move("x 6-5").unwrap());
    assert!(plays(&opened)
        .iter()
        .all(|p| p.contains('+') || p.matches('/').count() == 2));
}

#[test]
fn a_double_is_two_plays_of_the_same_player() {
    let start = Backgammon::default();
    let opened = start.play(start.parse_move("x 2-1").unwrap());
    let moved = opened.play(opened.legal_moves()[0]);
    assert!(moved.is_chance_node());
    let doubled = moved.play(BgMove::Roll(3, 3));
    assert_eq!(doubled.to_move(), Player::P1);
    let half = doubled.play(doubled.legal_moves()[0]);
    assert!(!half.is_chance_node());
    assert!(half.second_half());
    assert_eq!(half.to_move(), Player::P1);
    assert_eq!(half.turns(), doubled.turns() + 1);
    let done = half.play(half.legal_moves()[0]);
    assert!(done.is_chance_node());
    assert_eq!(done.to_move(), Player::P0);
    assert_eq!(done.turns(), half.turns());
}

#[test]
fn bearing_off_takes_the_exact_point_or_the_rearmost_with_a_larger_die() {
    // x has all fifteen home: three on its 3 point (OpenSpiel 21), twelve on its 2 (22).
    let state = at(". o15 . . . . . . . . . . . . . . . . . . . x3 x12 . 0:0 0:0 play x 65 20 40");
    assert_eq!(plays(&state), ["3/Off(2)"]);
    let after = state.play(state.legal_moves()[0]);
    assert_eq!(after.borne_off(Player::P0), 2);
}

#[test]
fn scoring_counts_gammons_and_backgammons_when_asked() {
    // x bears off its last checker; o has none off and one in x's home: a backgammon.
    let text = "o1 . . . . . . . . . . . . . . . . . o14 . . . . x1 0:0 14:0 play x 21 40 80";
    for (spec, points, value) in [
        ("backgammon", 1, ply_search::score::WIN),
        ("backgammon(scoring=gammons)", 2, ply_search::score::WIN),
        ("backgammon(scoring=full)", 3, ply_search::score::WIN),
    ] {
        let variant = Backgammon::from_spec_text(spec).unwrap();
        let state = variant.parse_position(text).unwrap();
        let last = state.play(state.parse_move("1/Off").unwrap());
        assert_eq!(last.outcome(), Some(Outcome::Win(Player::P0)));
        assert_eq!(last.points_won(), points, "{spec}");
        assert_eq!(last.terminal_value(Player::P0), value);
        assert_eq!(last.terminal_value(Player::P1), -value);
    }
    // A plain gammon under full scoring is two thirds of the largest win.
    let variant = Backgammon::from_spec_text("backgammon(scoring=full)").unwrap();
    let state = variant
        .parse_position(
            ". . . . . . o14 . . . . . . . . . . . . . . . . x1 0:1 14:0 play x 21 40 80",
        )
        .unwrap();
    let last = state.play(state.parse_move("1/Off").unwrap());
    assert_eq!(last.points_won(), 3, "o is on the bar: a backgammon");
    assert_eq!(Backgammon::default().scoring(), Scoring::WinLoss);
}

#[test]
fn the_draw_comes_after_max_turns() {
    let short = Backgammon::from_spec_text("backgammon(max_turns=3)").unwrap();
    let mut rng = Rng::new(3);
    let (end, _) = ply_search::SearchHints::random_playout(&short, &mut rng, u32::MAX);
    assert_eq!(end.outcome(), Some(Outcome::Draw));
    assert_eq!(end.turns(), 4);
    assert!(end.end_reason().unwrap().contains("draw"));
}

#[test]
fn notation_reads_back_plays_rolls_and_positions() {
    let start = Backgammon::default();
    let opened = start.play(start.parse_move("x starts 6-5").unwrap());
    assert_eq!(opened.dice(), Some((5, 6)));
    for (text, same) in [
        ("24/18/13", "24/13"),
        ("24/18/13", "24/13*"),
        ("24/18/13", "24/18 18/13"),
        ("24/18/13", "18/13+24/18"),
    ] {
        assert_eq!(
            opened.parse_move(text).unwrap(),
            opened.parse_move(same).unwrap(),
            "{same}"
        );
    }
    let moved = opened.play(opened.parse_move("24/13").unwrap());
    assert_eq!(moved.parse_move("roll 6-3").unwrap(), BgMove::Roll(3, 6));
    assert_eq!(moved.parse_move("36").unwrap(), BgMove::Roll(3, 6));
    assert_eq!(
        moved.position(),
        moved.parse_position(&moved.position()).unwrap().position()
    );
    assert_eq!(
        start.position(),
        "x2 . . . . o5 . o3 . . . x5 o5 . . . x3 . x5 . . . . o2 0:0 0:0 opening x - 0 0"
    );
}

#[test]
fn bad_input_names_the_bad_part() {
    let start = Backgammon::default();
    for (spec, part) in [
        ("backgammon(scoring=cube)", "scoring"),
        ("backgammon(max_turns=0)", "max_turns"),
        ("backgammon(max_turns=many)", "max_turns"),
        ("backgammon(doubling=on)", "doubling"),
    ] {
        let err = Backgammon::from_spec_text(spec).unwrap_err().to_string();
        assert!(err.contains(part), "{spec}: {err}");
    }
    let err = start.parse_move("x 3-3").unwrap_err().to_string();
    assert!(err.contains("x3-1"), "{err}");
    let opened = start.play(start.parse_move("x 3-1").unwrap());
    let err = opened.parse_move("24/18").unwrap_err().to_string();
    assert!(
        err.contains("start/end") && err.contains("24/21+6/5"),
        "{err}"
    );
    let moved = opened.play(opened.parse_move("8/5 6/5").unwrap());
    assert!(moved.parse_move("7-1").is_err());
    for text in [
        "x2 . . . . o5 . o3 . . . x5 o5 . . . x3 . x5 . . . . o2 0:0 0:0 roll x -",
        "x3 . . . . o5 . o3 . . . x5 o5 . . . x3 . x5 . . . . o2 0:0 0:0 roll x - 0 0",
        "x2 . . . . o5 . o3 . . . x5 o5 . . . x3 . x5 . . . . o2 0:0 0:0 second x 21 0 0",
        "x2 . . . . o5 . o3 . . . x5 o5 . . . x3 . x5 . . . . q2 0:0 0:0 roll x - 0 0",
    ] {
        assert!(start.parse_position(text).is_err(), "{text}");
    }
}

#[test]
fn action_numbers_are_openspiels() {
    let start = Backgammon::default();
    assert_eq!(start.num_actions(), 1352);
    let opened = start.play(BgMove::Opening(0)); // x starts with 2-1
    let moved = opened.play(opened.legal_moves()[0]);
    // Either of OpenSpiel's two numbers of a non-double plays it.
    assert_eq!(moved.legal_move_of_action(0), Some(BgMove::Roll(1, 2)));
    assert_eq!(moved.legal_move_of_action(1), Some(BgMove::Roll(1, 2)));
    assert_eq!(moved.legal_move_of_action(35), Some(BgMove::Roll(6, 6)));
    assert_eq!(moved.legal_move_of_action(36), None);
    assert_eq!(moved.action(BgMove::Roll(1, 2)), 0);
}

#[test]
fn random_games_end_and_keep_fifteen_checkers_a_side() {
    let start = Backgammon::default();
    let mut rng = Rng::new(17);
    for _ in 0..50 {
        let mut state = start;
        while !state.is_terminal() {
            let mv = ply_search::SearchHints::random_move(&state, &mut rng).unwrap();
            state = state.play(mv);
            for p in Player::BOTH {
                let on_board: u32 = (0..24).map(|i| state.checkers_at(p, i) as u32).sum();
                assert_eq!(
                    on_board + state.bar(p) as u32 + state.borne_off(p) as u32,
                    15
                );
            }
        }
        assert!(state.outcome().is_some());
    }
}

/// The exact value for x by recursion with a memo, the rolls weighted by their chances:
/// written here, sharing no code with the solver.
fn exact(state: &Backgammon, memo: &mut std::collections::HashMap<Backgammon, f64>) -> f64 {
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
    let value = if state.is_chance_node() {
        let mut outcomes = ply_search::chance::ChanceList::new();
        state.chance_outcomes(&mut outcomes);
        let total: f64 = outcomes.iter().map(|c| c.weight as f64).sum();
        outcomes
            .iter()
            .map(|c| c.weight as f64 * exact(&state.play(c.outcome), memo))
            .sum::<f64>()
            / total
    } else {
        let values = state
            .legal_moves()
            .into_iter()
            .map(|m| exact(&state.play(m), memo));
        if state.to_move() == Player::P0 {
            values.fold(f64::MIN, f64::max)
        } else {
            values.fold(f64::MAX, f64::min)
        }
    };
    memo.insert(*state, value);
    value
}

/// A bear-off never repeats a position, so the solver settles it exactly, and its value is
/// the recursion's.
#[test]
fn the_solver_settles_bear_offs_exactly() {
    use ply_search::solver::chance::{value_iteration, IterationOptions};
    for text in [
        ". o2 . . o1 . . . . . . . . . . . . . . . x1 . x2 . 0:0 12:12 roll x - 40 80",
        "o1 . . . . o2 . . . . . . . . . . . . x2 . . . . x1 0:0 12:12 roll o - 40 80",
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
        assert!(expected.abs() < 1.0, "{text}: both sides can still win");
    }
}

/// Expectimax, MCTS closed and open loop, and greedy play whole (short) games with legal
/// plays, the dice rolled between their moves; the searches that would choose the dice are
/// refused.
#[test]
fn the_agents_for_dice_play_whole_games() {
    use ply_search::agents::build_agent;
    use ply_search::SearchHints;
    let start = Backgammon::from_spec_text("backgammon(max_turns=24)").unwrap();
    for spec in [
        "expectimax(depth=1)",
        "expectimax(depth=2,pruning=star2,eval=race)",
        "mcts(iterations=100)",
        "mcts(iterations=100,loop=open)",
        "greedy",
    ] {
        let mut agent = build_agent::<Backgammon>(spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
        let mut rng = Rng::new(9);
        let mut state = start;
        let mut asked = 0;
        while !state.is_terminal() {
            let mv = if state.is_chance_node() || state.to_move() == Player::P0 {
                state.random_move(&mut rng).expect("a move")
            } else {
                asked += 1;
                agent.select_move(&state).best_move.expect("a move")
            };
            assert!(
                state.legal_moves().contains(&mv),
                "{spec} at {}",
                state.position()
            );
            state = state.play(mv);
        }
        assert!(asked > 5, "{spec}");
    }
    let err = build_agent::<Backgammon>("alphabeta")
        .err()
        .expect("refused");
    assert!(err.to_string().contains("expectimax"), "{err}");
}
