//! Game records: one JSON object per finished game, one per line, appended as each game ends.

use super::stats::{bradley_terry, sprt, Rating, Sprt, Wdl};
use super::{ArenaConfig, Fixture, PlayedGame};
use crate::{ArenaError, EndReason};
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Write};
use std::path::Path;
use std::time::Duration;

/// One finished game, as written to the JSON Lines file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The fixture's identity (game, agents, opening): what `resume` matches on.
    pub id: String,
    /// The game spec.
    pub game: String,
    /// The agent specs, player 0 first.
    pub players: [String; 2],
    /// The opening's moves.
    pub opening: Vec<String>,
    /// The agents' moves after the opening.
    pub moves: Vec<String>,
    /// The winner (0 or 1), `null` for a draw.
    pub winner: Option<usize>,
    /// How it ended: `normal`, `timeout`, `illegal`, `panic`, `error`, `max-plies` or `resigned`.
    pub reason: EndReason,
    /// What went wrong, for faults.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    /// Milliseconds per agent move.
    pub times_ms: Vec<f64>,
    /// Nodes per agent move.
    pub nodes: Vec<u64>,
    /// The game's wall time in milliseconds.
    pub duration_ms: f64,
}

impl GameRecord {
    /// The record of `game`, played for `fixture`.
    pub fn new(
        fixture: &Fixture,
        config: &ArenaConfig,
        game: PlayedGame,
        elapsed: Duration,
    ) -> GameRecord {
        let players = [
            config.agents[fixture.first].clone(),
            config.agents[fixture.second].clone(),
        ];
        let game_spec = config.games[fixture.game].clone();
        GameRecord::of_game(fixture.id(config), game_spec, players, game, elapsed)
    }

    /// The record of `game` (of the game `game_spec`, between `players`), under `id`: for games
    /// played outside a tournament, such as `ply play`'s.
    pub fn of_game(
        id: String,
        game_spec: String,
        players: [String; 2],
        game: PlayedGame,
        elapsed: Duration,
    ) -> GameRecord {
        GameRecord {
            id,
            game: game_spec,
            players,
            opening: game.opening,
            moves: game.moves,
            winner: game.winner,
            reason: game.reason,
            detail: game.detail,
            times_ms: game.times_ms,
            nodes: game.nodes,
            duration_ms: elapsed.as_secs_f64() * 1e3,
        }
    }

    /// The record as one line of JSON (no newline inside).
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).expect("a record serialises")
    }
}

/// Reads the records of a JSON Lines file. A last line cut short (the process was killed while
/// writing it) is dropped and the file truncated to the complete lines, so that appending goes
/// on cleanly; any other bad line is an error naming it.
pub fn read_records(path: &Path) -> Result<Vec<GameRecord>, ArenaError> {
    let file = std::fs::File::open(path).map_err(|e| ArenaError::io("read", path, e))?;
    let mut records = Vec::new();
    let mut good_bytes = 0u64;
    let lines: Vec<String> = std::io::BufReader::new(file)
        .lines()
        .collect::<Result<_, _>>()
        .map_err(|e| ArenaError::io("read", path, e))?;
    let count = lines.len();
    for (i, line) in lines.iter().enumerate() {
        if line.trim().is_empty() {
            good_bytes += line.len() as u64 + 1;
            continue;
        }
        match serde_json::from_str::<GameRecord>(line) {
            Ok(record) => {
                records.push(record);
                good_bytes += line.len() as u64 + 1;
            }
            Err(_) if i + 1 == count => {
                // An interrupted write: keep the complete lines only.
                let file = std::fs::OpenOptions::new()
                    .write(true)
                    .open(path)
                    .map_err(|e| ArenaError::io("repair", path, e))?;
                file.set_len(good_bytes)
                    .map_err(|e| ArenaError::io("repair", path, e))?;
            }
            Err(e) => {
                return Err(ArenaError::Record {
                    path: path.to_path_buf(),
                    line: i + 1,
                    why: e.to_string(),
                })
            }
        }
    }
    Ok(records)
}

/// Reads the records of JSON Lines text that is not a file of ours to repair (an upload, a
/// file shown read-only): a last line cut short is skipped, any other bad line is an error
/// naming `source` and the line.
pub fn parse_records(text: &str, source: &str) -> Result<Vec<GameRecord>, ArenaError> {
    let lines: Vec<&str> = text.lines().collect();
    let mut records = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<GameRecord>(line) {
            Ok(record) => records.push(record),
            Err(_) if i + 1 == lines.len() && !text.ends_with('\n') => {}
            Err(e) => {
                return Err(ArenaError::Record {
                    path: source.into(),
                    line: i + 1,
                    why: e.to_string(),
                })
            }
        }
    }
    Ok(records)
}

/// Appends records to a file, one complete line per write, flushed at once.
pub struct RecordWriter {
    file: std::fs::File,
}

impl RecordWriter {
    /// Opens `path` for appending (creating it and its folder).
    pub fn append(path: &Path) -> Result<RecordWriter, ArenaError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| ArenaError::io("create", dir, e))?;
        }
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| ArenaError::io("write", path, e))?;
        Ok(RecordWriter { file })
    }

    /// Writes one record.
    pub fn write(&mut self, record: &GameRecord) -> std::io::Result<()> {
        let mut line = record.to_line();
        line.push('\n');
        self.file.write_all(line.as_bytes())?;
        self.file.flush()
    }
}

/// The tournament's results: per agent and per pairing.
#[derive(Clone, Debug, Serialize)]
pub struct Standings {
    /// The agents, in the configuration's order.
    pub agents: Vec<AgentStanding>,
    /// Every pairing that played.
    pub pairings: Vec<PairingResult>,
    /// Games counted.
    pub games: u64,
    /// The SPRT of the first agent against the second, if asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sprt: Option<Sprt>,
}

/// One agent's line.
#[derive(Clone, Debug, Serialize)]
pub struct AgentStanding {
    /// The agent spec.
    pub agent: String,
    /// Its record against everyone.
    pub record: Wdl,
    /// Its score.
    pub score: f64,
    /// The score's 95% interval.
    pub score_interval: (f64, f64),
    /// Its Bradley-Terry rating.
    pub rating: Rating,
    /// Games lost on time.
    pub timeouts: u64,
    /// Games forfeited by an illegal move, a panic or an error.
    pub forfeits: u64,
    /// Mean milliseconds per move.
    pub ms_per_move: f64,
}

/// One pairing's line.
#[derive(Clone, Debug, Serialize)]
pub struct PairingResult {
    /// The first agent.
    pub agent: String,
    /// Its opponent.
    pub opponent: String,
    /// The first agent's record.
    pub record: Wdl,
    /// Its score and 95% interval.
    pub score: f64,
    /// The interval.
    pub score_interval: (f64, f64),
    /// The Elo difference and its interval.
    pub elo: (f64, f64, f64),
}

/// The standings from `records` (only those of `agents`), with an SPRT of agent 0 against
/// agent 1 when `sprt_bounds` is given (`(elo0, elo1)`, alpha = beta = 0.05).
pub fn standings(
    records: &[GameRecord],
    agents: &[String],
    sprt_bounds: Option<(f64, f64)>,
) -> Standings {
    let n = agents.len();
    let index = |spec: &str| agents.iter().position(|a| a == spec);
    let mut table = vec![vec![Wdl::default(); n]; n];
    let mut timeouts = vec![0u64; n];
    let mut forfeits = vec![0u64; n];
    let mut time = vec![(0.0f64, 0u64); n];
    let mut games = 0;
    for r in records {
        let (Some(a), Some(b)) = (index(&r.players[0]), index(&r.players[1])) else {
            continue;
        };
        games += 1;
        match r.winner {
            Some(0) => {
                table[a][b].wins += 1;
                table[b][a].losses += 1;
            }
            Some(_) => {
                table[a][b].losses += 1;
                table[b][a].wins += 1;
            }
            None => {
                table[a][b].draws += 1;
                table[b][a].draws += 1;
            }
        }
        if let Some(w) = r.winner {
            let loser = if w == 0 { b } else { a };
            match r.reason {
                EndReason::Timeout => timeouts[loser] += 1,
                reason if reason.is_forfeit() => forfeits[loser] += 1,
                _ => {}
            }
        }
        // Moves alternate from player 0 after an even opening, player 1 after an odd one.
        for (k, t) in r.times_ms.iter().enumerate() {
            let mover = (r.opening.len() + k) % 2;
            let who = if mover == 0 { a } else { b };
            time[who].0 += t;
            time[who].1 += 1;
        }
    }
    let ratings = bradley_terry(&table);
    let agents_out = (0..n)
        .map(|i| {
            let record = table[i].iter().fold(Wdl::default(), |acc, r| Wdl {
                wins: acc.wins + r.wins,
                draws: acc.draws + r.draws,
                losses: acc.losses + r.losses,
            });
            AgentStanding {
                agent: agents[i].clone(),
                record,
                score: record.score(),
                score_interval: record.score_interval(),
                rating: ratings[i].clone(),
                timeouts: timeouts[i],
                forfeits: forfeits[i],
                ms_per_move: if time[i].1 > 0 {
                    time[i].0 / time[i].1 as f64
                } else {
                    0.0
                },
            }
        })
        .collect();
    let mut pairings = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            let record = table[a][b];
            if record.games() > 0 {
                pairings.push(PairingResult {
                    agent: agents[a].clone(),
                    opponent: agents[b].clone(),
                    record,
                    score: record.score(),
                    score_interval: record.score_interval(),
                    elo: record.elo(),
                });
            }
        }
    }
    let sprt = sprt_bounds
        .filter(|_| n >= 2)
        .map(|(elo0, elo1)| sprt(&table[0][1], elo0, elo1, 0.05, 0.05));
    Standings {
        agents: agents_out,
        pairings,
        games,
        sprt,
    }
}
