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

/// The memory this process can have now, in bytes: the least of what the machine has
/// available (`MemAvailable` of `/proc/meminfo`) and what the process's address-space limit
/// (`ulimit -v`) leaves; `None` where neither is known.
pub fn available_memory() -> Option<usize> {
    Some(match (machine_memory(), address_space_left()) {
        (Some(machine), Some(left)) => machine.min(left),
        (machine, left) => machine.or(left)?,
    })
}

/// `MemAvailable` of `/proc/meminfo`, in bytes.
fn machine_memory() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kib: usize = info
        .lines()
        .find_map(|l| l.strip_prefix("MemAvailable:"))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    Some(kib.saturating_mul(1024))
}

/// The address space the soft limit (`ulimit -v`) leaves this process, in bytes; `None` when
/// there is no limit (or no `/proc`).
fn address_space_left() -> Option<usize> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let soft: usize = limits
        .lines()
        .find_map(|l| l.strip_prefix("Max address space"))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()?; // `unlimited` is no number
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let used_kib: usize = status
        .lines()
        .find_map(|l| l.strip_prefix("VmSize:"))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    Some(soft.saturating_sub(used_kib.saturating_mul(1024)))
}

/// Why a table of `bytes` cannot be had now, if it cannot: more than the machine has
/// available. Checked when a size is read, so that a table too big is a one-line error
/// instead of an abort (or the kernel's OOM killer) when the search allocates it.
pub fn too_big_for_memory(bytes: usize) -> Option<String> {
    let available = available_memory()?;
    (bytes > available).then(|| {
        format!(
            "not enough memory for {}: this process can have {} now",
            readable_size(bytes),
            readable_size(available)
        )
    })
}

/// A size for a message, in the largest unit that keeps a whole number before the point and
/// exact enough to tell two near sizes apart (`1.5 GiB`, `204.8 MiB`, `12 KiB`).
fn readable_size(bytes: usize) -> String {
    const UNITS: [(usize, &str); 3] = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")];
    for (unit, name) in UNITS {
        if bytes >= unit {
            let value = bytes as f64 / unit as f64;
            return if value >= 100.0 {
                format!("{value:.0} {name}")
            } else {
                format!("{value:.1} {name}")
            };
        }
    }
    format!("{bytes} bytes")
}

/// A size in bytes as a spec writes it: whole GiB, MiB or KiB where it divides, else bytes
/// (`16MiB` for 16 << 20); [`parse_size`] reads back any multiple of a KiB.
pub fn format_size(bytes: usize) -> String {
    const UNITS: [(usize, &str); 3] = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")];
    for (unit, name) in UNITS {
        if bytes >= unit && bytes.is_multiple_of(unit) {
            return format!("{}{name}", bytes / unit);
        }
    }
    bytes.to_string()
}

#[cfg(test)]
mod tests {
    use super::readable_size;

    #[test]
    fn sizes_in_messages_tell_near_sizes_apart() {
        // Two sizes that both read "0.2 GiB" at one decimal of a GiB.
        assert_eq!(readable_size(250 << 20), "250 MiB");
        assert_eq!(readable_size(205 << 20), "205 MiB");
        assert_eq!(readable_size(3 << 29), "1.5 GiB");
        assert_eq!(readable_size(2 << 30), "2.0 GiB");
        assert_eq!(readable_size(12 << 10), "12.0 KiB");
        assert_eq!(readable_size(500), "500 bytes");
    }
}
