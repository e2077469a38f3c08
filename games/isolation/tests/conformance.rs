//! The ply-search conformance kit on every rule set and a spread of board sizes, plus property
//! tests on random positions.

use ply_isolation::{Isolation, Rules, Variant};
use ply_search::conformance::{check, check_position, strategies::random_position, Config};
use ply_search::{Game, Rng};
use proptest::prelude::*;

fn variants() -> Vec<Isolation> {
    let mut all = Vec::new();
    for rules in Rules::ALL {
        for (w, h) in [
            (11, 9),
            (7, 7),
            (3, 3),
            (5, 4),
            (8, 8),
            (14, 8),
            (1, 2),
            (2, 1),
        ] {
            all.push(Isolation::new(Variant::get(w, h, rules).unwrap()));
        }
    }
    all
}

#[test]
fn every_variant_passes_the_conformance_kit() {
    for start in variants() {
        check(
            &start,
            &Config {
                games: 60,
                ..Config::default()
            },
        );
    }
}

#[test]
fn the_default_game_passes_a_long_conformance_run() {
    check(
        &Isolation::udacity(),
        &Config {
            games: 400,
            seed: 2018,
            max_plies: 0,
        },
    );
}

#[test]
fn boards_too_large_for_a_u128_are_refused() {
    assert!(Variant::get(15, 8, Rules::Udacity).is_err()); // 134 bits
    assert!(Variant::get(0, 5, Rules::Udacity).is_err());
    assert!(Variant::get(126, 1, Rules::Udacity).is_ok()); // 126 bits: one long row
}

#[test]
fn symmetric_images_have_the_same_game_tree_size() {
    // A symmetry maps the whole game tree onto itself, so perft counts agree.
    let start = Isolation::from_spec("isolation(width=4,height=4,rules=standard)").unwrap();
    let mut rng = Rng::new(9);
    for _ in 0..30 {
        let state = ply_search::conformance::play_random(&start, 3, &mut rng);
        let images = state.symmetric_images();
        assert_eq!(images.len(), 8);
        let counts: Vec<u64> = images
            .iter()
            .map(|s| ply_search::perft::perft(s, 4, ply_search::perft::Count::Strict))
            .collect();
        assert!(counts.windows(2).all(|w| w[0] == w[1]), "{counts:?}");
    }
    let rect = Isolation::from_spec("isolation(width=5,height=3,rules=standard)").unwrap();
    assert_eq!(rect.symmetric_images().len(), 4);
    assert_eq!(
        Isolation::udacity().symmetric_images().len(),
        1,
        "the cell-0 quirk breaks symmetry"
    );
}

proptest! {
    #[test]
    fn incremental_keys_equal_keys_from_scratch(state in random_position(Isolation::udacity(), 60)) {
        prop_assert_eq!(state.key(), state.clone().key());
        check_position(&state);
    }

    #[test]
    fn aind_positions_conform(state in random_position(Isolation::from_spec("isolation(rules=aind)").unwrap(), 40)) {
        prop_assert_eq!(state.key(), state.clone().key());
        check_position(&state);
    }

    #[test]
    fn move_parser_never_panics(state in random_position(Isolation::udacity(), 30), text in "\\PC{0,12}") {
        if let Ok(mv) = state.parse_move(&text) {
            prop_assert!(state.legal_moves().contains(&mv));
        }
    }

    #[test]
    fn position_parser_never_panics(text in "\\PC{0,60}") {
        let _ = Isolation::udacity().parse_position(&text);
    }

    #[test]
    fn position_parser_never_panics_on_near_misses(
        board in any::<u128>(), ply in 0u32..200, a in prop::option::of(0u8..=130), b in prop::option::of(0u8..=130)
    ) {
        let show = |l: Option<u8>| l.map_or("-".to_string(), |c| c.to_string());
        let text = format!("{board} {ply} {} {}", show(a), show(b));
        if let Ok(state) = Isolation::udacity().parse_position(&text) {
            check_position(&state);
        }
    }

    #[test]
    fn spec_parser_never_panics(text in "isolation\\(\\PC{0,30}\\)") {
        let _ = Isolation::from_spec(&text);
    }
}
