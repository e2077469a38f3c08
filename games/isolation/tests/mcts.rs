//! MCTS on knight Isolation: it beats random play on the 11x9 board, and MCTS-Solver proves
//! small boards with the exact solver's value.

use ply_isolation::{Isolation, Rules, Variant};
use ply_search::mcts::{Mcts, MctsOptions};
use ply_search::solver::{solve, SolverOptions};
use ply_search::{Agent, Game, Limits, Outcome, Player, RandomPlayer, SearchAgent, Searcher, Zero};

fn iterations(n: u64) -> Limits {
    Limits {
        iterations: Some(n),
        ..Limits::none()
    }
}

/// Plays one game; `true` if `first` (player 0) wins.
fn play(first: &mut dyn Agent<Isolation>, second: &mut dyn Agent<Isolation>) -> Player {
    let mut state = Isolation::udacity();
    first.new_game();
    second.new_game();
    loop {
        if let Some(outcome) = state.outcome() {
            return match outcome {
                Outcome::Win(w) => w,
                Outcome::Draw => panic!("Isolation has no draws"),
            };
        }
        let agent: &mut dyn Agent<Isolation> = if state.to_move() == Player::P0 {
            &mut *first
        } else {
            &mut *second
        };
        let mv = agent.select_move(&state).best_move.expect("a move");
        assert!(state.legal_moves().contains(&mv), "illegal move");
        state = state.play(mv);
    }
}

#[test]
fn mcts_with_1000_iterations_beats_random_in_at_least_95_of_100_games() {
    let mut wins = 0;
    for game in 0..100u64 {
        let options = MctsOptions {
            seed: game,
            ..MctsOptions::default()
        };
        let mut mcts = SearchAgent::new("mcts", Mcts::new(Zero, options), iterations(1_000));
        let mut random = SearchAgent::new("random", RandomPlayer::new(game), Limits::none());
        // Colours alternate: even games MCTS moves first.
        let mcts_wins = if game % 2 == 0 {
            play(&mut mcts, &mut random) == Player::P0
        } else {
            play(&mut random, &mut mcts) == Player::P1
        };
        wins += mcts_wins as u32;
    }
    assert!(wins >= 95, "MCTS won {wins} of 100");
}

#[test]
fn mcts_solver_proves_small_boards_like_the_exact_solver() {
    for (w, h) in [(3, 3), (3, 4), (4, 4)] {
        let start = Isolation::new(Variant::get(w, h, Rules::Standard).unwrap());
        let exact = solve(&start, &SolverOptions::default(), false).unwrap();
        let mut mcts = Mcts::new(Zero, MctsOptions::default());
        let result = mcts.search(&start, &iterations(2_000_000));
        let stats = result.stats.mcts.unwrap();
        let want = if exact.value > 0 { "win" } else { "loss" };
        assert_eq!(stats.proven_root.as_deref(), Some(want), "{w}x{h}");
        assert_eq!(
            result.stats.stopped_by,
            ply_search::StopReason::Solved,
            "{w}x{h}"
        );
        // Every root child proven, each like the exact solver's move value.
        for (child, m) in stats.root_children.iter().zip(&exact.moves) {
            assert_eq!(child.mv, m.notation);
            let want = if m.value > 0 { "win" } else { "loss" };
            if let Some(p) = &child.proven {
                assert_eq!(p, want, "{w}x{h} move {}", m.notation);
            }
        }
    }
}
