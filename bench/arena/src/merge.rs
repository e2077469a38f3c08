//! The record files of one tournament's shards (or of runs resumed elsewhere), read as one:
//! what a cluster's jobs wrote becomes one set of standings and one file, and files of
//! different tournaments are never mixed.

use crate::record::read_records;
use crate::settings::why_another;
use crate::{ArenaError, GameRecord, TournamentSettings};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The games of several record files of one tournament.
#[derive(Clone, Debug, Default)]
pub struct Merged {
    /// Every game, once: file by file, in each file's order.
    pub records: Vec<GameRecord>,
    /// The agents, in the order they first appear.
    pub agents: Vec<String>,
    /// The tournament's fingerprint, if its records carry one.
    pub tournament: Option<String>,
}

/// Reads `paths` as the records of one tournament. A file whose games carry another
/// tournament's fingerprint than the first file's is refused, and so is a game found twice
/// (the same file given twice, or shards of different splits): its standings would count it
/// twice.
pub fn merge_records(paths: &[PathBuf]) -> Result<Merged, ArenaError> {
    let mut merged = Merged::default();
    let mut first: Option<(&Path, Option<TournamentSettings>)> = None;
    let mut seen: HashMap<String, usize> = HashMap::new();
    for (file, path) in paths.iter().enumerate() {
        for record in read_records(path)? {
            if let Some(tournament) = &record.tournament {
                match (&merged.tournament, &first) {
                    (Some(expected), Some((first_path, first_settings)))
                        if expected != tournament =>
                    {
                        let why = why_another(
                            record.settings.as_ref(),
                            first_settings.as_ref(),
                            ["in this file", "in the first"],
                        );
                        return Err(ArenaError::config(format!(
                            "bad --from-records `{}`: its games were played by another tournament than those of `{}` ({why}); expected the shards of one tournament",
                            path.display(),
                            first_path.display()
                        )));
                    }
                    (None, _) => {
                        merged.tournament = Some(tournament.clone());
                        first = Some((path, record.settings.clone()));
                    }
                    _ => {}
                }
            }
            if let Some(&other) = seen.get(&record.id) {
                return Err(ArenaError::config(format!(
                    "bad --from-records `{}`: game `{}` is in `{}` too; expected each game in one file (disjoint shards, each file once)",
                    path.display(),
                    ply_search::error::one_line(&record.id, 160),
                    paths[other].display()
                )));
            }
            seen.insert(record.id.clone(), file);
            for player in &record.players {
                if !merged.agents.contains(player) {
                    merged.agents.push(player.clone());
                }
            }
            merged.records.push(record);
        }
    }
    Ok(merged)
}
