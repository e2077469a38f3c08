//! Othello against OpenSpiel (perft and recorded games), Rolit's rules, and both games through
//! the conformance kit and the agents.

use ply_othello::{Othello, Rolit, PASS};
use ply_search::agents::build_agent;
use ply_search::conformance::{check, Config};
use ply_search::describe::{Actions, Describe};
use ply_search::perft::{perft, Count};
use ply_search::{Game, Outcome, Player};

#[test]
fn every_variant_conforms() {
    for spec in [
        "othello",
        "othello(size=6)",
        "othello(size=4)",
        "rolit",
        "rolit(players=3)",
        "rolit(players=2,size=6)",
        "rolit(size=4)",
    ] {
        if spec.starts_with("othello") {
            check(&Othello::from_spec(spec).unwrap(), &Config::quick());
        } else {
            check(&Rolit::from_spec(spec).unwrap(), &Config::quick());
        }
    }
}

/// OpenSpiel's counts (pyspiel 2.0.2, every path of the given length), which are also the
/// published Othello perft figures.
#[test]
fn perft_equals_openspiels() {
    let expected = [4u64, 12, 56, 244, 1396, 8200, 55092, 390216];
    for (depth, &count) in (1..).zip(expected.iter()) {
        assert_eq!(
            perft(&Othello::standard(), depth, Count::Leaves),
            count,
            "depth {depth}"
        );
    }
}

#[test]
fn openspiels_recorded_games_replay_action_for_action() {
    let text = include_str!("data/openspiel-games.txt");
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines.len(), 24);
    for game in lines.chunks(3) {
        let mut state = Othello::standard();
        for action in game[0].split(' ') {
            let action: usize = action.parse().unwrap();
            let mv = state
                .legal_move_of_action(action)
                .unwrap_or_else(|| panic!("{action} illegal in {}", state.position()));
            assert_eq!(state.action(mv), action);
            state = state.play(mv);
        }
        assert!(state.is_terminal());
        let returns: Vec<f64> = game[1].split(' ').map(|r| r.parse().unwrap()).collect();
        assert_eq!(state.returns(), returns);
        assert_eq!(state.rows().join("/"), game[2]);
    }
}

#[test]
fn a_player_without_a_capture_passes_and_the_game_ends_when_neither_can_move() {
    // Black (x) has no capture; white (o) has: black must pass.
    let state = Othello::standard()
        .parse_position("ox------/--------/--------/--------/--------/--------/--------/-------- x")
        .unwrap();
    assert_eq!(state.legal_moves().as_slice(), &[PASS]);
    assert_eq!(state.parse_move("pass").unwrap(), PASS);
    let after = state.play(PASS);
    assert_eq!(after.to_move(), Player::P1);
    assert!(
        after.parse_move("pass").is_err(),
        "white can capture: no pass"
    );
    // Neither can move: the game is over, and the one with more discs wins.
    let over = Othello::standard()
        .parse_position(
            "xx------/--------/--------/--------/--------/--------/--------/-------- o 9",
        )
        .unwrap();
    assert_eq!(over.ply(), 9);
    assert_eq!(
        over.position(),
        "xx------/--------/--------/--------/--------/--------/--------/-------- o 9"
    );
    assert!(over.is_terminal());
    assert_eq!(over.outcome(), Some(Outcome::Win(Player::P0)));
    assert!(over.legal_moves().is_empty());
}

#[test]
fn rolit_makes_a_player_capture_when_it_can_and_else_play_next_to_a_disc() {
    // Four players: red starts and can turn blue (d6), yellow (f4) or green (f6).
    let rolit = Rolit::from_spec("rolit").unwrap();
    assert_eq!(rolit.player_count(), 4);
    let after = rolit.play_notation(["f4"]).unwrap();
    assert_eq!(after.rows()[3], "---rrr--");
    // Yellow has no disc left, so no capture: it may play any empty square next to a disc.
    assert_eq!(after.to_move(), Player::P1);
    assert_eq!(after.count(Player::P1), 0);
    assert_eq!(after.legal_moves().len(), 14);
    assert!(after.parse_move("a1").is_err());
    // The turn goes round the four seats.
    let mut round = after;
    for seat in [Player::P1, Player::P2, Player::P3] {
        assert_eq!(round.to_move(), seat);
        round = round.play(round.legal_moves()[0]);
    }
    assert_eq!(round.to_move(), Player::P0);
}

#[test]
fn rolit_for_two_plays_red_and_green_and_the_other_colours_belong_to_no_one() {
    let rolit = Rolit::from_spec("rolit(players=2)").unwrap();
    assert_eq!(rolit.position().split(' ').nth(1), Some("r"));
    // Red turns yellow's disc (f4): red has three, green its one, and blue's disc, no one's,
    // stays on the board.
    let after = rolit.play_notation(["f4"]).unwrap();
    assert_eq!(after.position().split(' ').nth(1), Some("g"));
    assert_eq!(after.rows()[3..5], ["---rrr--", "---bg---"]);
    assert_eq!((after.count(Player::P0), after.count(Player::P1)), (3, 1));
    assert_eq!(after.seat_of(3), None); // blue
}

#[test]
fn rolit_ends_when_the_board_is_full_and_the_most_discs_win() {
    let rolit = Rolit::from_spec("rolit(players=3,size=4)").unwrap();
    let full = rolit.parse_position("rrrr/rrrr/yyyy/gggb r").unwrap();
    assert!(full.is_terminal());
    assert_eq!(full.outcome(), Some(Outcome::Win(Player::P0)));
    assert_eq!(full.returns(), vec![1.0, -0.5, -0.5]);
    let tie = rolit.parse_position("rrrr/rryy/yyyy/gggg r").unwrap();
    assert_eq!(tie.outcome(), Some(Outcome::Draw));
    assert!(full
        .end_reason()
        .unwrap()
        .contains("player 0 has the most discs (8-4-3)"));
}

#[test]
fn bad_specs_and_positions_name_the_accepted_form() {
    let err = |r: Result<Rolit, ply_search::NotationError>| r.unwrap_err().to_string();
    assert_eq!(
        err(Rolit::from_spec("rolit(players=5)")),
        "bad rolit value `players=5`: expected players= 2, 3 or 4 (the board has four colours)"
    );
    assert_eq!(
        err(Rolit::from_spec("rolit(size=5)")),
        "bad rolit value `size=5`: expected size= 4, 6 or 8"
    );
    let rolit = Rolit::from_spec("rolit(players=2,size=4)").unwrap();
    assert_eq!(
        err(rolit.parse_position("rrrr/rrrr/yyyy/gggb y")),
        "bad position `rrrr/rrrr/yyyy/gggb y`: expected a colour to move that a player has (r, g)"
    );
    assert!(err(rolit.parse_position("rrr/rrrr/yyyy/gggb r")).starts_with("bad position"));
    let othello = Othello::standard();
    assert_eq!(
        othello.parse_move("z9").unwrap_err().to_string(),
        "bad move `z9`: expected a square a1 to h8 (column, row from the top), or pass"
    );
    assert_eq!(
        othello.parse_move("a1").unwrap_err().to_string(),
        "bad move `a1`: expected a legal move: d3, c4, f5, e6"
    );
}

#[test]
fn the_agents_play_whole_games_and_the_two_player_ones_only_othello() {
    for spec in [
        "maxn(depth=2)",
        "paranoid(depth=2)",
        "brs(depth=2)",
        "mcts(iterations=200,seed=1)",
        "random(seed=2)",
        "greedy",
    ] {
        let mut agent = build_agent::<Rolit>(spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
        let mut state = Rolit::from_spec("rolit(players=3,size=6)").unwrap();
        while !state.is_terminal() {
            let mv = agent.select_move(&state).best_move.expect("a move");
            assert!(state.legal_moves().contains(&mv), "{spec}");
            state = state.play(mv);
        }
        assert_eq!(state.ply(), 32);
    }
    assert!(build_agent::<Rolit>("alphabeta").is_err());
    let mut engine = build_agent::<Othello>("alphabeta(depth=4)").unwrap();
    assert!(engine.select_move(&Othello::standard()).best_move.is_some());
}
