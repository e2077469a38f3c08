//! Chance probabilities as the whole-number weights ply's chance nodes carry
//! ([`ply_search::chance`]): a game written in Python gives its rolls' probabilities as floats
//! or fractions, and the searches and the conformance kit want exact weights.

/// Whole-number weights for chance probabilities (each positive, summing to about 1), in the
/// same proportions: each probability as the nearest fraction with a denominator of at most a
/// million (1/6 read back from 0.16666666666666666), all over their common denominator when it
/// stays small; otherwise each probability rounded to millionths (at least 1).
pub fn chance_weights(probabilities: &[f64]) -> Vec<u32> {
    const MAX_DENOMINATOR: u64 = 1_000_000;
    let fractions: Vec<(u64, u64)> = probabilities
        .iter()
        .map(|&p| nearest_fraction(p, MAX_DENOMINATOR))
        .collect();
    let common = fractions.iter().try_fold(1u64, |common, &(_, d)| {
        let next = common / gcd(common, d) * d;
        (next <= MAX_DENOMINATOR).then_some(next)
    });
    match common {
        Some(common) => fractions
            .iter()
            .map(|&(n, d)| (n * (common / d)).max(1) as u32)
            .collect(),
        None => probabilities
            .iter()
            .map(|&p| ((p * MAX_DENOMINATOR as f64).round() as u32).max(1))
            .collect(),
    }
}

/// The fraction nearest `x` (in [0, 1]) with a denominator of at most `limit`, as
/// `(numerator, denominator)`: the last convergent of its continued fraction within the limit.
fn nearest_fraction(x: f64, limit: u64) -> (u64, u64) {
    let (mut p0, mut q0, mut p1, mut q1) = (0u64, 1u64, 1u64, 0u64);
    let mut rest = x;
    for _ in 0..64 {
        let whole = rest.floor();
        let a = whole as u64;
        let (p2, q2) = (a * p1 + p0, a * q1 + q0);
        if q2 > limit {
            break;
        }
        (p0, q0, p1, q1) = (p1, q1, p2, q2);
        let fraction = rest - whole;
        if fraction < 1e-12 || (p1 as f64 / q1 as f64 - x).abs() < 1e-15 {
            break;
        }
        rest = 1.0 / fraction;
    }
    if q1 == 0 {
        (0, 1)
    } else {
        (p1, q1)
    }
}

/// The greatest common divisor.
fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}
