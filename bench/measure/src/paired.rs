//! Timing in alternated pairs: what the measuring binaries share (`thread-speedup`,
//! `mcts-ratio`, `peer-ratio`). On a machine whose speed drifts by the minute, as this
//! project's VM does, the ratio of two runs a second apart is steadier than the ratio of two
//! criterion medians taken minutes apart; the binaries print the median ratio and its
//! quartiles.

/// The number of pairs from the arguments `--pairs N` or `--pairs=N` (else `default`), or a
/// one-line error naming the accepted form.
///
/// ```
/// use ply_bench::paired::pairs_from;
/// let args = ["--pairs", "9"].map(String::from);
/// assert_eq!(pairs_from(args.into_iter(), 15), Ok(9));
/// ```
pub fn pairs_from(mut args: impl Iterator<Item = String>, default: usize) -> Result<usize, String> {
    let mut pairs = default;
    while let Some(arg) = args.next() {
        let value = match arg.as_str() {
            "--pairs" => args.next(),
            other => match other.strip_prefix("--pairs=") {
                Some(value) => Some(value.to_string()),
                None => return Err(format!("unknown argument '{other}' (accepted: --pairs N)")),
            },
        };
        pairs = value
            .as_deref()
            .and_then(|v| v.parse::<usize>().ok())
            .filter(|&n| n > 0)
            .ok_or_else(|| {
                format!(
                    "--pairs takes a whole number of at least 1, got '{}'",
                    value.unwrap_or_default()
                )
            })?;
    }
    Ok(pairs)
}

/// The number of pairs from this program's arguments (else `default`); on a bad argument, the
/// one-line error printed and exit code 2 to return.
pub fn pairs_from_command_line(default: usize) -> Result<usize, std::process::ExitCode> {
    pairs_from(std::env::args().skip(1), default).map_err(|message| {
        eprintln!("error: {message}");
        std::process::ExitCode::from(2)
    })
}

/// The lower quartile, median and upper quartile of `values` (sorted in place), by the
/// nearest rank.
pub fn quartiles(values: &mut [f64]) -> (f64, f64, f64) {
    values.sort_by(f64::total_cmp);
    let at = |q: f64| values[((values.len() - 1) as f64 * q).round() as usize];
    (at(0.25), at(0.5), at(0.75))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<usize, String> {
        pairs_from(args.iter().map(|a| a.to_string()), 15)
    }

    #[test]
    fn pairs_are_read_in_both_forms_with_a_default() {
        assert_eq!(parse(&[]), Ok(15));
        assert_eq!(parse(&["--pairs", "4"]), Ok(4));
        assert_eq!(parse(&["--pairs=7"]), Ok(7));
    }

    #[test]
    fn bad_pairs_name_the_accepted_form() {
        for bad in [
            &["--pairs", "0"][..],
            &["--pairs", "x"],
            &["--pairs"],
            &["--fast"],
        ] {
            let error = parse(bad).unwrap_err();
            assert!(error.contains("--pairs"), "{bad:?}: {error}");
        }
    }

    #[test]
    fn quartiles_are_by_nearest_rank() {
        let mut values = [5.0, 1.0, 3.0, 2.0, 4.0];
        assert_eq!(quartiles(&mut values), (2.0, 3.0, 4.0));
    }
}
