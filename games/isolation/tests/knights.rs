//! Knight Isolation for three and four knights: the stuck rule, the end, bad input, and every
//! variant through the conformance kit and the searches for many players.

use ply_isolation::{Isolation, Knights};
use ply_search::agents::build_agent;
use ply_search::conformance::{check, Config};
use ply_search::describe::Describe;
use ply_search::{Game, Outcome, Player};

fn game(spec: &str) -> Knights {
    Knights::from_spec(spec).unwrap()
}

#[test]
fn every_variant_conforms() {
    for spec in [
        "isolation(players=3)",
        "isolation(players=4)",
        "isolation(players=3,width=5,height=5)",
        "isolation(players=4,width=4,height=4)",
    ] {
        check(&game(spec), &Config::quick());
    }
}

#[test]
fn a_stuck_player_is_out_and_its_turn_passes() {
    // 5x4: player 1's knight in the corner (3,4) has its two jumps, (1,3) and (2,2), closed.
    let start = game("isolation(players=3,width=5,height=4)");
    let state = start.parse_position("0..../...#./..#../..2.1 0 6").unwrap();
    assert!(state.is_out(Player::P1));
    assert!(!state.is_terminal());
    // Player 0 moves; the turn skips player 1 and goes to player 2.
    let after = state.play(state.legal_moves()[0]);
    assert_eq!(after.to_move(), Player::P2);
    assert!(after.drawing().contains("out: player 1"));
}

#[test]
fn the_last_knight_moving_wins_even_when_its_move_strands_itself_too() {
    // Random games on small boards: the game ends when one player is left in. That is the
    // mover when its move leaves every other player stuck (even if it is stuck too: the
    // others' turns come first), or the one player still able to move when the mover strands
    // itself and all but that one.
    let mut rng = ply_search::Rng::new(11);
    let (mut winner_stuck_too, mut mover_stranded) = (0, 0);
    for spec in [
        "isolation(players=3,width=4,height=4)",
        "isolation(players=4,width=5,height=4)",
    ] {
        for _ in 0..300 {
            let mut state = game(spec);
            let mut last_mover = state.to_move();
            while !state.is_terminal() {
                let moves = state.legal_moves();
                last_mover = state.to_move();
                state = state.play(moves[rng.below(moves.len() as u64) as usize]);
            }
            let Some(Outcome::Win(winner)) = state.outcome() else {
                panic!("no winner: {}", state.position());
            };
            assert_eq!(winner, state.to_move());
            for &p in Player::first(state.player_count())
                .iter()
                .filter(|&&p| p != winner)
            {
                assert!(
                    state.is_out(p),
                    "{p:?} is in at the end: {}",
                    state.position()
                );
            }
            if winner == last_mover {
                winner_stuck_too += state.is_out(winner) as u32;
            } else {
                assert!(
                    state.is_out(last_mover) && !state.is_out(winner),
                    "{}",
                    state.position()
                );
                mover_stranded += 1;
            }
            assert_eq!(state.returns()[winner.index()], 1.0);
            assert!(state.end_reason().unwrap().contains("last knight"));
        }
    }
    assert!(winner_stuck_too > 0 && mover_stranded > 0);
}

#[test]
fn specs_split_between_two_players_and_more() {
    assert_eq!(game("isolation(players=4)").player_count(), 4);
    assert_eq!(
        Isolation::from_spec("isolation(players=2)").unwrap(),
        Isolation::udacity()
    );
    // A count neither game takes reaches the two-player game, which names the counts.
    let error = Isolation::from_spec("isolation(players=5)")
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("players=5") && error.contains("2, 3 or 4"),
        "{error}"
    );
    for (spec, part) in [
        ("isolation(players=3,rules=aind)", "rules"),
        ("isolation(players=4,width=2,height=3)", "at least 8 cells"),
    ] {
        let error = Knights::from_spec(spec).unwrap_err().to_string();
        assert!(
            error.contains(part) && !error.contains('\n'),
            "{spec}: {error}"
        );
    }
}

#[test]
fn bad_moves_and_positions_are_one_line() {
    let start = game("isolation(players=3)");
    let placed = start.play_notation(["(4,5)", "(0,0)", "(8,10)"]).unwrap();
    for (text, part) in [
        ("(4,6)", "bad move `(4,6)`: expected a legal target"),
        ("(9,0)", "bad move `(9,0)`"),
        ("4,5", "bad move `4,5`"),
    ] {
        let error = placed.parse_move(text).unwrap_err().to_string();
        assert!(error.starts_with(part), "{text}: {error}");
    }
    let text = placed.position();
    assert_eq!(start.parse_position(&text).unwrap(), placed);
    for (bad, part) in [
        (text.replacen('0', "3", 1), "bad position cell `3`"),
        (text.replace(" 0 3", " 3 3"), "bad seat to move `3`"),
        (text.replacen("/", "", 1), "bad position rows"),
    ] {
        let error = start.parse_position(&bad).unwrap_err().to_string();
        assert!(error.contains(part), "{bad}: {error}");
    }
}

#[test]
fn the_searches_for_many_players_play_whole_games() {
    for spec in [
        "maxn(depth=2)",
        "paranoid(depth=3)",
        "brs(depth=3)",
        "mcts(iterations=200,seed=2)",
    ] {
        let mut agent = build_agent::<Knights>(spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
        let mut state = game("isolation(players=3,width=5,height=5)");
        while !state.is_terminal() {
            let mv = agent.select_move(&state).best_move.expect("a move");
            assert!(state.legal_moves().contains(&mv), "{spec}");
            state = state.play(mv);
        }
    }
    assert!(build_agent::<Knights>("alphabeta(depth=3)").is_err());
}
