//! A tournament's record file: the games it holds already and those left to play, so that an
//! interrupted tournament continues where it stopped.

use crate::record::{read_records, RecordWriter};
use crate::settings::why_another;
use crate::{ArenaConfig, ArenaError, GameRecord, Pending, Schedule, TournamentSettings};
use std::collections::{HashMap, HashSet};
use std::path::Path;

/// Where a tournament stands before it plays.
pub struct Resumed {
    /// The tournament's games already in the file.
    pub records: Vec<GameRecord>,
    /// The games still to play (of the run's shard).
    pub pending: Pending,
    /// The file, open for the games still to play and locked against any other run.
    pub writer: RecordWriter,
}

/// What is left of `config`'s tournament, given its record file `path`, which is locked (and
/// a torn last write repaired) before it is read, so that two runs never play the same games.
/// A file that exists is continued only with `resume`, and only if its games were played
/// under the same settings ([`ArenaConfig::fingerprint`]); without `resume`, it is an error
/// rather than overwritten.
pub fn resume(config: &ArenaConfig, path: &Path, resume: bool) -> Result<Resumed, ArenaError> {
    let existed = path.exists();
    if existed && !resume {
        return Err(ArenaError::config(format!(
            "bad --out `{}`: the file exists; expected --resume to continue it, or a new file",
            path.display()
        )));
    }
    let writer = RecordWriter::append(path)?;
    let mut records = Vec::new();
    if existed {
        let fingerprint = config.fingerprint();
        let mut by_id: HashMap<String, GameRecord> = HashMap::new();
        for record in read_records(path)? {
            if record
                .tournament
                .as_ref()
                .is_some_and(|t| *t != fingerprint)
            {
                let why = why_another(
                    record.settings.as_ref(),
                    Some(&TournamentSettings::of(config)),
                    ["in the file", "in these flags"],
                );
                return Err(ArenaError::config(format!(
                    "bad --out `{}`: its games were played by another tournament ({why}); expected the flags of the run that wrote it, or a new file",
                    path.display()
                )));
            }
            by_id.entry(record.id.clone()).or_insert(record);
        }
        // The file's games of this schedule (a run with fewer openings leaves some out), in
        // schedule order; the schedule is walked, not held.
        if !by_id.is_empty() {
            for fixture in Schedule::new(config).iter() {
                if let Some(record) = by_id.remove(&fixture.id(config)) {
                    records.push(record);
                    if by_id.is_empty() {
                        break;
                    }
                }
            }
        }
    }
    let done: HashSet<String> = records.iter().map(|r| r.id.clone()).collect();
    Ok(Resumed {
        records,
        pending: Pending::new(config, done),
        writer,
    })
}
