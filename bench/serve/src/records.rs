//! Arena record files: listed and read from `--records DIR` only (never a path outside it),
//! read from an upload, and written for a game played on the page.

use crate::error::ApiError;
use crate::request::At;
use axum::http::StatusCode;
use ply_arena::record::parse_records;
use ply_arena::{EndReason, GameRecord};
use ply_registry::{with_game, AnyGame};
use ply_search::Game;
use serde::Deserialize;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// The file that games played on the page are appended to, inside `--records DIR`.
pub const PLAYED_FILE: &str = "ply-serve-games.jsonl";

/// The record files in `dir`: its `.jsonl` and `.json` files (not its subfolders), by name.
pub fn list(dir: &Path) -> Result<Value, ApiError> {
    let entries = std::fs::read_dir(dir).map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("cannot read the records folder: {e}"),
        )
    })?;
    let mut files: Vec<(String, u64)> = entries
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            let is_record = name.ends_with(".jsonl") || name.ends_with(".json");
            is_record.then(|| (name, e.metadata().map_or(0, |m| m.len())))
        })
        .collect();
    files.sort();
    Ok(json!({
        "files": files.iter().map(|(name, bytes)| json!({"name": name, "bytes": bytes})).collect::<Vec<_>>()
    }))
}

/// The path of record file `name` in `dir`, if `name` is a plain file name of a record file
/// that is really inside `dir` (no separators, no `..`, no link leading out).
pub fn confined(dir: &Path, name: &str) -> Result<PathBuf, ApiError> {
    let plain = !name.is_empty()
        && !name.contains(['/', '\\', '\0'])
        && name != "."
        && name != ".."
        && (name.ends_with(".jsonl") || name.ends_with(".json"));
    let refuse = || {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!(
                "bad record file `{name}`: expected the name of a .jsonl or .json file in the records folder (GET /api/records lists them)"
            ),
        )
    };
    if !plain {
        return Err(refuse());
    }
    let root = dir.canonicalize().map_err(|_| refuse())?;
    let path = root.join(name).canonicalize().map_err(|_| refuse())?;
    if path.parent() != Some(root.as_path()) || !path.is_file() {
        return Err(refuse());
    }
    Ok(path)
}

/// The games of record file `name` in `dir`, read without changing the file.
pub fn read(dir: &Path, name: &str, max_bytes: usize) -> Result<Value, ApiError> {
    let path = confined(dir, name)?;
    let size = std::fs::metadata(&path).map_or(0, |m| m.len());
    if size > max_bytes as u64 {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("record file `{name}` has {size} bytes; expected at most {max_bytes} (ply serve --max-body)"),
        ));
    }
    let text = std::fs::read_to_string(&path).map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("cannot read `{name}`: {e}"),
        )
    })?;
    games(&text, name)
}

/// The games of uploaded JSON Lines text.
pub fn games(text: &str, source: &str) -> Result<Value, ApiError> {
    let records = parse_records(text, source).map_err(|e| ApiError::bad_request(e.to_string()))?;
    Ok(json!({ "name": source, "games": records }))
}

/// The longest player spec a saved game may name.
pub const MAX_PLAYER: usize = 500;

/// Appends `record` to [`PLAYED_FILE`] in `dir`. The file must be a plain file of the folder
/// (a link out of it, or a named pipe that would hold up the server, is refused), and it is
/// kept within `max_bytes`, the most the server reads back (past that it could no longer be
/// replayed). Errors name the file, never its path on the server.
pub fn save(dir: &Path, record: &GameRecord, max_bytes: usize) -> Result<(), ApiError> {
    let path = dir.join(PLAYED_FILE);
    let line = record.to_line().len() + 1;
    let size = std::fs::symlink_metadata(&path).map_or(0, |m| m.len());
    if size as usize + line > max_bytes {
        return Err(ApiError::new(
            StatusCode::INSUFFICIENT_STORAGE,
            format!(
                "cannot save: `{PLAYED_FILE}` has {size} bytes and the server reads at most {max_bytes} (ply serve --max-body); expected a records folder with room (move the file away to start a new one)"
            ),
        ));
    }
    let failed = |why: String| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("cannot save to `{PLAYED_FILE}` in the records folder: {why}"),
        )
    };
    if let Ok(meta) = std::fs::symlink_metadata(&path) {
        if !meta.file_type().is_file() {
            return Err(failed(
                "it is a link, a pipe or a folder; expected a plain file (or none)".into(),
            ));
        }
    }
    let mut writer = ply_arena::record::RecordWriter::append_plain(&path).map_err(|e| {
        failed(match e {
            ply_arena::ArenaError::Io { source, .. } => source.to_string(),
            other => other.to_string(),
        })
    })?;
    writer.write(record).map_err(|e| failed(e.to_string()))
}

/// A game played on the page, to be written as an arena record.
#[derive(Clone, Debug, Deserialize)]
pub struct Played {
    /// The game and the moves played (from `position` if the game began from one).
    #[serde(flatten)]
    pub at: At,
    /// Who played: `human` or an agent spec, player 0 first, one per player of the game.
    pub players: Vec<String>,
}

/// The arena record of a game played on the page, checked by replaying it: its winner and
/// end come from the rules (a game not over is recorded as resigned by the player to move;
/// with more than two players, the others share the win).
pub fn record_of(played: &Played) -> Result<GameRecord, ApiError> {
    if let Some(long) = played.players.iter().find(|p| p.len() > MAX_PLAYER) {
        return Err(ApiError::bad_request(format!(
            "bad player `{}...`: expected an agent spec or `human` of at most {MAX_PLAYER} bytes",
            long.chars().take(20).collect::<String>()
        )));
    }
    let game = AnyGame::from_spec(&played.at.game)?;
    let count = game.player_count();
    if played.players.len() != count {
        return Err(ApiError::bad_request(format!(
            "bad players: {} given for `{}`; expected one per player ({count}), player 0 first",
            played.players.len(),
            ply_search::error::one_line(&played.at.game, ply_search::error::ECHO_LIMIT)
        )));
    }
    let moves = played.at.moves.list()?;
    let (winner, reason, faulted) = with_game!(game, start => {
        let state = played.at.state_of(&start)?;
        match state.outcome() {
            Some(ply_search::Outcome::Win(p)) => (Some(p.index()), EndReason::Normal, None),
            Some(ply_search::Outcome::Draw) => (None, EndReason::Normal, None),
            None if count > 2 => (None, EndReason::Resigned, Some(state.to_move().index())),
            None => (Some(state.to_move().other().index()), EndReason::Resigned, None),
        }
    });
    let points = if count > 2 {
        ply_arena::game::table_points(count, winner, faulted)
    } else {
        Vec::new()
    };
    if played.at.position.is_some() {
        return Err(ApiError::bad_request(
            "bad record: a game begun from a pasted position cannot be recorded; expected a game from the start (arena records replay from the game's start)",
        ));
    }
    Ok(GameRecord {
        id: ply_arena::record::casual_id(
            "ply-serve",
            &played.at.game,
            &played
                .players
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>(),
        ),
        game: played.at.game.clone(),
        players: played.players.clone(),
        opening: Vec::new(),
        // The page does not time its players: no figures rather than made-up ones.
        times_ms: Vec::new(),
        nodes: Vec::new(),
        movers: Vec::new(),
        points,
        faulted,
        moves,
        winner,
        reason,
        detail: None,
        duration_ms: 0.0,
        tournament: None,
        settings: None,
    })
}
