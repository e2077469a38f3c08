//! Every perft number of the reference set (three independent generators agree on them), both
//! conventions: depths 1 to 6 here, 7 and 8 as ignored tests (`cargo test --release -- --ignored`).

use ply_onitama::Onitama;
use ply_search::perft::{divide, perft, Count};
use ply_search::Game;

const START: &str = "bbBbb...............wwWww";

/// (deal, convention A counts, convention C counts), depths 1 to 8.
const TABLE: &[(&str, [u64; 8], [u64; 8])] = &[
    (
        "ox,boar horse,elephant crab",
        [10, 130, 1989, 28509, 487780, 7748422, 137281607, 2353802670],
        [10, 130, 1989, 28509, 487752, 7746995, 137240390, 2352690673],
    ),
    (
        "rooster,tiger rabbit,cobra frog",
        [9, 72, 880, 10374, 138879, 1781181, 24489752, 324013378],
        [9, 72, 880, 10368, 138711, 1778688, 24448320, 323365155],
    ),
    (
        "crab,dragon monkey,tiger mantis",
        [11, 143, 1807, 23949, 325011, 4619275, 64873385, 949933361],
        [11, 143, 1807, 23941, 324741, 4613353, 64775614, 948125496],
    ),
    (
        "frog,horse mantis,cobra dragon",
        [9, 108, 1092, 12971, 169437, 2118765, 28845645, 382865909],
        [9, 108, 1092, 12971, 169412, 2117799, 28827345, 382486074],
    ),
];

fn position(deal: &str) -> Onitama {
    Onitama::from_spec("onitama")
        .unwrap()
        .parse_position(&format!("{START} {deal} 0"))
        .unwrap()
}

fn check(depths: std::ops::RangeInclusive<u32>) {
    for (deal, a, c) in TABLE {
        let pos = position(deal);
        for d in depths.clone() {
            assert_eq!(
                perft(&pos, d, Count::Leaves),
                a[d as usize - 1],
                "{deal} A d{d}"
            );
            assert_eq!(
                perft(&pos, d, Count::Strict),
                c[d as usize - 1],
                "{deal} C d{d}"
            );
        }
    }
}

#[test]
fn every_published_number_to_depth_6() {
    check(1..=6);
}

#[test]
#[ignore = "about 20 s in release mode (cargo test --release -p ply-onitama -- --ignored)"]
fn depths_7_and_8() {
    check(7..=8);
}

#[test]
fn divide_of_the_seed_deal() {
    let pos = position("frog,horse mantis,cobra dragon");
    let parts: Vec<(String, u64)> = divide(&pos, 5, Count::Leaves)
        .into_iter()
        .map(|(m, n)| (pos.format_move(m), n))
        .collect();
    let expected = [
        ("frog:B1-A2", 19382),
        ("frog:C1-B2", 20421),
        ("frog:D1-C2", 22996),
        ("frog:E1-D2", 20507),
        ("horse:A1-A2", 16072),
        ("horse:B1-B2", 17378),
        ("horse:C1-C2", 16945),
        ("horse:D1-D2", 17251),
        ("horse:E1-E2", 18485),
    ];
    let expected: Vec<(String, u64)> = expected.iter().map(|(m, n)| (m.to_string(), *n)).collect();
    assert_eq!(parts, expected);
}

#[test]
fn forced_pass_at_the_root() {
    let pos = Onitama::from_spec("onitama")
        .unwrap()
        .parse_position("Wwwww.......B............ elephant,crab tiger,ox monkey 0")
        .unwrap();
    let moves: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|&m| pos.format_move(m))
        .collect();
    assert_eq!(moves, ["pass:crab", "pass:elephant"]);
    let a = [2, 10, 66, 306, 2415, 11890, 102564];
    let c = [2, 10, 64, 296, 2391, 11662, 101446];
    for d in 1..=7u32 {
        assert_eq!(perft(&pos, d, Count::Leaves), a[d as usize - 1], "A d{d}");
        assert_eq!(perft(&pos, d, Count::Strict), c[d as usize - 1], "C d{d}");
    }
}
