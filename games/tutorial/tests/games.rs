//! The tutorial's games: the conformance kit, perft, and their solved values against theory.

use ply_search::conformance::{check, Config};
use ply_search::describe::FromSpec;
use ply_search::perft::{perft, Count};
use ply_search::solver::{solve, SolverOptions};
use ply_search::{Game, Outcome, Player};
use ply_tutorial::{Nim, TicTacToe};

#[test]
fn tictactoe_keeps_the_contract_and_counts_the_classic_numbers() {
    let start = TicTacToe::new();
    check(
        &start,
        &Config {
            games: 300,
            seed: 7,
            max_plies: 0,
        },
    );
    // 255,168 complete games; 9, 72, 504 positions after one, two, three plies.
    assert_eq!(perft(&start, 9, Count::Leaves), 255_168);
    assert_eq!(
        (1..=3)
            .map(|d| perft(&start, d, Count::Leaves))
            .collect::<Vec<_>>(),
        [9, 72, 504]
    );
}

#[test]
fn nim_keeps_the_contract() {
    for heaps in [&[3, 4, 5][..], &[1, 2, 3, 4], &[7], &[15, 15], &[0, 2, 0]] {
        check(
            &Nim::new(heaps).unwrap(),
            &Config {
                games: 200,
                seed: 3,
                max_plies: 0,
            },
        );
    }
}

#[test]
fn nim_perft_counts_every_way_to_empty_the_heaps() {
    // One heap of n: the games are the compositions of n, 2^(n-1) of them.
    for n in 1..=10u8 {
        let start = Nim::new(&[n]).unwrap();
        assert_eq!(perft(&start, n as u32, Count::Leaves), 1 << (n - 1));
    }
    // Heaps 1 and 1: two plies, two orders.
    assert_eq!(perft(&Nim::new(&[1, 1]).unwrap(), 2, Count::Strict), 2);
}

/// Bouton's theorem: the player to move loses exactly when the heaps' XOR (nim-sum) is 0, and
/// the winning moves are those that leave a nim-sum of 0.
#[test]
fn the_solver_finds_boutons_theorem() {
    let mut rng = ply_search::Rng::new(11);
    for _ in 0..60 {
        let count = 1 + rng.below(4) as usize;
        let heaps: Vec<u8> = (0..count).map(|_| rng.below(8) as u8).collect();
        let start = Nim::new(&heaps).unwrap();
        if start.is_terminal() {
            continue;
        }
        let nim_sum = heaps.iter().fold(0, |x, &h| x ^ h);
        // Nim is all transpositions: the table pays from the first ply (the default waits for
        // 12 plies left, a setting for Isolation's few transpositions).
        let options = SolverOptions {
            tt_bytes: 1 << 20,
            tt_min_plies_left: Some(0),
            ..SolverOptions::default()
        };
        let solution = solve(&start, &options, false).unwrap();
        assert_eq!(solution.value > 0, nim_sum != 0, "heaps {heaps:?}");
        for mv in start.legal_moves() {
            let after = start.play(mv);
            let after_sum = after.heaps().iter().fold(0, |x, &h| x ^ h);
            let wins = solution.winning_moves().any(|m| m.mv == mv);
            assert_eq!(
                wins,
                after_sum == 0,
                "heaps {heaps:?}, move {}",
                start.format_move(mv)
            );
        }
    }
}

/// Misère Nim (whoever takes the last stone loses), Bouton's rule for it: while some heap holds
/// two stones or more, the player to move loses exactly when the nim-sum is 0, as in normal
/// play; once every heap holds at most one, exactly when an odd number of heaps hold one.
fn misere_mover_loses(heaps: &[u8]) -> bool {
    if heaps.iter().any(|&h| h >= 2) {
        heaps.iter().fold(0, |x, &h| x ^ h) == 0
    } else {
        heaps.iter().filter(|&&h| h == 1).count() % 2 == 1
    }
}

#[test]
fn the_solver_finds_boutons_rule_for_misere_play() {
    let mut rng = ply_search::Rng::new(12);
    let options = SolverOptions {
        tt_bytes: 1 << 20,
        tt_min_plies_left: Some(0),
        ..SolverOptions::default()
    };
    let mut checked = 0;
    for _ in 0..80 {
        let count = 1 + rng.below(4) as usize;
        let heaps: Vec<u8> = (0..count).map(|_| rng.below(6) as u8).collect();
        let start = Nim::new(&heaps).unwrap().misere();
        if start.is_terminal() {
            continue;
        }
        check(
            &start,
            &Config {
                games: 20,
                seed: 5,
                max_plies: 0,
            },
        );
        let solution = solve(&start, &options, false).unwrap();
        assert_eq!(
            solution.value < 0,
            misere_mover_loses(&heaps),
            "heaps {heaps:?}"
        );
        for mv in start.legal_moves() {
            let after = start.play(mv);
            let wins = solution.winning_moves().any(|m| m.mv == mv);
            assert_eq!(
                wins,
                misere_mover_loses(after.heaps()),
                "heaps {heaps:?}, {mv:?}"
            );
        }
        checked += 1;
    }
    assert!(checked > 60, "only {checked} positions");
    // The spec: `misere=on`; taking the last stone loses, and a position read keeps the rule.
    let spec = Nim::from_spec_text("nim(heaps=[1],misere=on)").unwrap();
    let taken = spec.play(spec.legal_moves()[0]);
    assert_eq!(taken.outcome(), Some(Outcome::Win(Player::P1)));
    let read = spec.parse_position("0 1").unwrap();
    assert_eq!(read.outcome(), Some(Outcome::Win(Player::P1)));
    assert!(Nim::from_spec_text("nim(misere=maybe)").is_err());
}

#[test]
fn nim_notation_reads_back_and_rejects_bad_input() {
    let start = Nim::new(&[3, 4, 5]).unwrap();
    let after = start.play_notation(["2:4", "1:1"]).unwrap();
    assert_eq!(after.position(), "2,0,5 2");
    assert_eq!(start.parse_position("2,0,5 2").unwrap(), after);
    for bad in ["0:1", "2:5", "2", "x:1"] {
        assert!(start.parse_move(bad).is_err(), "{bad}");
    }
    for bad in ["", "3,4,16 0", "1,2,3,4,5,6,7,8,9 0", "3,4,5"] {
        assert!(start.parse_position(bad).is_err(), "{bad}");
    }
}

#[test]
fn tictactoes_winning_three_are_marked_on_the_board() {
    use ply_search::describe::Describe;
    let won = [4u8, 0, 2, 1, 6]
        .iter()
        .fold(TicTacToe::new(), |s, &cell| s.play(cell));
    assert_eq!(won.winning_cells(), [2, 4, 6]);
    assert_eq!(won.end_reason().unwrap(), "player 0 has three in a row");
    assert!(TicTacToe::new().play(4).winning_cells().is_empty());
}
