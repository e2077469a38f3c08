//! Durations and sizes as users write them in specs and flags: `150ms`, `2s`, `64MiB`.

use std::time::Duration;

/// Reads `time=150ms`, `time=2s`, `time=1.5s`.
pub fn parse_duration(text: &str) -> Option<Duration> {
    let text = text.trim();
    let (number, scale) = if let Some(n) = text.strip_suffix("ms") {
        (n, 1e-3)
    } else if let Some(n) = text.strip_suffix('s') {
        (n, 1.0)
    } else {
        return None;
    };
    let value: f64 = number.trim().parse().ok()?;
    (value.is_finite() && value > 0.0 && value < 1e7)
        .then(|| Duration::from_secs_f64(value * scale))
}

/// Reads a table size: `64MiB`, `512KiB`, `1GiB`, `0` or `off`.
pub fn parse_size(text: &str) -> Option<usize> {
    let text = text.trim();
    if text == "0" || text.eq_ignore_ascii_case("off") {
        return Some(0);
    }
    let (number, unit) = [("GiB", 1usize << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)]
        .iter()
        .find_map(|(suffix, unit)| text.strip_suffix(suffix).map(|n| (n, *unit)))?;
    let n: usize = number.trim().parse().ok()?;
    (n <= 64 << 10)
        .then(|| n * unit)
        .filter(|&bytes| bytes <= 64 << 30)
}
