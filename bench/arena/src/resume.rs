//! A tournament's record file: the games it holds already and those left to play, so that an
//! interrupted tournament continues where it stopped.

use crate::record::read_records;
use crate::{schedule, ArenaConfig, ArenaError, Fixture, GameRecord};
use std::collections::HashSet;
use std::path::Path;

/// Where a tournament stands before it plays.
#[derive(Clone, Debug, Default)]
pub struct Resumed {
    /// The tournament's games already in the file.
    pub records: Vec<GameRecord>,
    /// The games still to play, in schedule order.
    pub pending: Vec<Fixture>,
}

/// What is left of `config`'s tournament, given its record file `path`. A file that exists
/// is continued only with `resume` (and then only its records of this tournament count);
/// without it, it is an error rather than overwritten.
pub fn resume(config: &ArenaConfig, path: &Path, resume: bool) -> Result<Resumed, ArenaError> {
    let fixtures = schedule(config);
    let mut records = Vec::new();
    if path.exists() {
        if !resume {
            return Err(ArenaError::config(format!(
                "bad --out `{}`: the file exists; expected --resume to continue it, or a new file",
                path.display()
            )));
        }
        let ids: HashSet<String> = fixtures.iter().map(|f| f.id(config)).collect();
        records = read_records(path)?
            .into_iter()
            .filter(|r| ids.contains(&r.id))
            .collect();
    }
    let done: HashSet<&str> = records.iter().map(|r| r.id.as_str()).collect();
    let pending = fixtures
        .into_iter()
        .filter(|f| !done.contains(f.id(config).as_str()))
        .collect();
    Ok(Resumed { records, pending })
}
