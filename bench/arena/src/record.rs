//! Game records: one JSON object per finished game, one per line, appended as each game ends.

use super::stats::{plackett_luce, sprt, wilson, Meeting, Rating, Sprt, Wdl};
use super::{ArenaConfig, Fixture, PlayedGame};
use crate::{ArenaError, EndReason, TournamentSettings};
use ply_search::spec::canonical_spec;
use serde::{Deserialize, Serialize};
use std::io::{Read, Write};
use std::path::Path;
use std::time::Duration;

/// One finished game, as written to the JSON Lines file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The fixture's identity (game, agents, opening): what `resume` matches on.
    pub id: String,
    /// The game spec.
    pub game: String,
    /// The agent specs, player 0 first: one per seat.
    pub players: Vec<String>,
    /// The opening's moves.
    pub opening: Vec<String>,
    /// The agents' moves after the opening.
    pub moves: Vec<String>,
    /// The winning player (from 0), `null` for a draw (and, with more than two players, for a
    /// game a seat lost by a fault).
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
    /// In games with dice or more than two players, the player of each agent move, in the
    /// order of `times_ms`; absent in two-player games without dice, where the players
    /// alternate.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub movers: Vec<usize>,
    /// With more than two players, each player's points (they sum to 1): the winner's 1, equal
    /// shares of a draw, or 0 for a seat that lost by a fault and equal shares for the others.
    /// Absent with two players.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub points: Vec<f64>,
    /// With more than two players, the player who lost by a fault, if one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub faulted: Option<usize>,
    /// The game's wall time in milliseconds.
    pub duration_ms: f64,
    /// The fingerprint of the tournament that played it ([`ArenaConfig::fingerprint`]): a
    /// resume refuses a file of games played under other settings. None outside tournaments
    /// (and in files written before fingerprints).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<String>,
    /// The settings behind the fingerprint, in words: a refused resume or merge names the one
    /// that differs. None outside tournaments (and in older files).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<TournamentSettings>,
}

/// The id of a game played outside a tournament (`ply play`, the web page): where it came
/// from, the game and players, and when it started, so that a file of such games holds each
/// under its own id (standings and `--from-records` refuse an id found twice).
///
/// ```
/// let a = ply_arena::record::casual_id("play", "connect-four", &["human", "random"]);
/// let b = ply_arena::record::casual_id("play", "connect-four", &["human", "random"]);
/// assert!(a.starts_with("play connect-four human vs random at "));
/// assert_ne!(a, b);
/// ```
pub fn casual_id(source: &str, game: &str, players: &[&str]) -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static GAMES: AtomicU64 = AtomicU64::new(0);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    format!(
        "{source} {game} {} at {}.{:09} #{}-{}",
        players.join(" vs "),
        now.as_secs(),
        now.subsec_nanos(),
        std::process::id(),
        GAMES.fetch_add(1, Ordering::Relaxed)
    )
}

impl GameRecord {
    /// The record of `game`, played for `fixture`.
    pub fn new(
        fixture: &Fixture,
        config: &ArenaConfig,
        game: PlayedGame,
        elapsed: Duration,
    ) -> GameRecord {
        let players = fixture
            .seats
            .iter()
            .map(|&a| canonical_spec(&config.agents[a]))
            .collect();
        let game_spec = canonical_spec(&config.games[fixture.game]);
        GameRecord {
            tournament: Some(config.fingerprint()),
            settings: Some(TournamentSettings::of(config)),
            ..GameRecord::of_game(fixture.id(config), game_spec, players, game, elapsed)
        }
    }

    /// The record of `game` (of the game `game_spec`, between `players`), under `id`: for games
    /// played outside a tournament, such as `ply play`'s.
    pub fn of_game(
        id: String,
        game_spec: String,
        players: Vec<String>,
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
            movers: game.movers,
            points: game.points,
            faulted: game.faulted,
            duration_ms: elapsed.as_secs_f64() * 1e3,
            tournament: None,
            settings: None,
        }
    }

    /// The record as one line of JSON (no newline inside).
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).expect("a record serialises")
    }
}

/// What a record file's bytes hold: its records, and whether its last line is a torn write.
struct Scan {
    records: Vec<GameRecord>,
    /// Where the complete lines end: a last line without its newline that does not parse (a
    /// write cut short, perhaps inside a character) starts here.
    complete: usize,
    /// The last line parses but lacks its newline (the newline's write was lost).
    unterminated: bool,
}

/// Reads record lines. Only the last line may be a torn write (no newline, and not a record);
/// any other line that is not a record is an error naming `source` and the line. Windows line
/// ends are accepted; blank lines are skipped.
fn scan(bytes: &[u8], source: &Path) -> Result<Scan, ArenaError> {
    let mut records = Vec::new();
    let mut at = 0;
    let mut line_number = 0;
    while at < bytes.len() {
        line_number += 1;
        let (line, next, terminated) = match bytes[at..].iter().position(|&b| b == b'\n') {
            Some(n) => (&bytes[at..at + n], at + n + 1, true),
            None => (&bytes[at..], bytes.len(), false),
        };
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.iter().all(u8::is_ascii_whitespace) {
            at = next;
            continue;
        }
        let parsed = std::str::from_utf8(line)
            .map_err(|e| e.to_string())
            .and_then(|text| serde_json::from_str::<GameRecord>(text).map_err(|e| e.to_string()));
        match parsed {
            Ok(record) => records.push(record),
            Err(_) if !terminated => {
                return Ok(Scan {
                    records,
                    complete: at,
                    unterminated: false,
                })
            }
            Err(why) => {
                return Err(ArenaError::Record {
                    path: source.to_path_buf(),
                    line: line_number,
                    why: format!("{why}; the file is left as it is"),
                })
            }
        }
        if !terminated {
            return Ok(Scan {
                records,
                complete: bytes.len(),
                unterminated: true,
            });
        }
        at = next;
    }
    Ok(Scan {
        records,
        complete: bytes.len(),
        unterminated: false,
    })
}

/// Reads the records of a JSON Lines file, without changing it. A last line cut short by an
/// interrupted write (no newline, not a record) is left out; a last record that only lacks its
/// newline counts; any other line that is not a record is an error naming it.
pub fn read_records(path: &Path) -> Result<Vec<GameRecord>, ArenaError> {
    let bytes = std::fs::read(path).map_err(|e| ArenaError::io("read", path, e))?;
    Ok(scan(&bytes, path)?.records)
}

/// Reads the records of JSON Lines text that is not a file of ours (an upload, a file shown
/// read-only), by the rules of [`read_records`], naming `source` in errors.
pub fn parse_records(text: &str, source: &str) -> Result<Vec<GameRecord>, ArenaError> {
    Ok(scan(text.as_bytes(), Path::new(source))?.records)
}

/// Appends records to a file, one complete line per write, flushed at once. It holds an
/// exclusive lock on the file while it lives, so two tournaments can never write one file.
pub struct RecordWriter {
    file: std::fs::File,
}

impl RecordWriter {
    /// Opens `path` for appending (creating it and its folder), locked for this writer alone,
    /// and repairs what is provably a torn last write: a last line that is not a record and
    /// has no newline is cut off (its game was not recorded, and is played again), a last
    /// record without its newline gets it. Anything else that is not a record is an error,
    /// and the file is left as it is.
    pub fn append(path: &Path) -> Result<RecordWriter, ArenaError> {
        Self::open(path, false)
    }

    /// [`RecordWriter::append`] for a file that must be a plain file in its folder: a link
    /// (to anywhere), a named pipe or a device is refused without waiting on it. A server
    /// writing a file on a client's behalf opens it so.
    pub fn append_plain(path: &Path) -> Result<RecordWriter, ArenaError> {
        Self::open(path, true)
    }

    fn open(path: &Path, plain_only: bool) -> Result<RecordWriter, ArenaError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| ArenaError::io("create", dir, e))?;
        }
        let mut options = std::fs::OpenOptions::new();
        options.create(true).read(true).append(true);
        #[cfg(unix)]
        if plain_only {
            use std::os::unix::fs::OpenOptionsExt;
            // No following a link, no waiting for a pipe's other end.
            options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
        }
        let mut file = options
            .open(path)
            .map_err(|e| ArenaError::io("write", path, e))?;
        if plain_only && !file.metadata().is_ok_and(|m| m.is_file()) {
            return Err(ArenaError::io(
                "write",
                path,
                std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a plain file"),
            ));
        }
        if let Err(e) = file.try_lock() {
            return Err(match e {
                std::fs::TryLockError::WouldBlock => ArenaError::config(format!(
                    "bad record file `{}`: another ply is writing it now; expected a file no other run is writing",
                    path.display()
                )),
                std::fs::TryLockError::Error(e) => ArenaError::io("lock", path, e),
            });
        }
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)
            .map_err(|e| ArenaError::io("read", path, e))?;
        let found = scan(&bytes, path)?;
        if found.complete < bytes.len() {
            file.set_len(found.complete as u64)
                .map_err(|e| ArenaError::io("repair", path, e))?;
        } else if found.unterminated {
            file.write_all(b"\n")
                .map_err(|e| ArenaError::io("repair", path, e))?;
        }
        Ok(RecordWriter { file })
    }

    /// Writes one record.
    pub fn write(&mut self, record: &GameRecord) -> std::io::Result<()> {
        let mut line = record.to_line();
        line.push('\n');
        self.file.write_all(line.as_bytes())?;
        self.file.flush()
    }

    /// Makes what was written durable (to the disk, not only the system's cache), before a
    /// file written whole is put under its name.
    pub fn sync(&mut self) -> std::io::Result<()> {
        self.file.sync_all()
    }
}

/// The tournament's results: per agent, per pairing, and per table of more than two.
#[derive(Clone, Debug, Serialize)]
pub struct Standings {
    /// The agents, in the configuration's order.
    pub agents: Vec<AgentStanding>,
    /// Every pairing that played a game for two.
    pub pairings: Vec<PairingResult>,
    /// Every table of more than two seats that played.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tables: Vec<TableResult>,
    /// Games counted.
    pub games: u64,
    /// The SPRT of the first agent against the second, if asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sprt: Option<Sprt>,
}

impl Standings {
    /// The most seats any counted game had (2 when none had more).
    pub fn most_seats(&self) -> usize {
        self.agents
            .iter()
            .map(|a| a.seats.len())
            .max()
            .unwrap_or(0)
            .max(2)
    }
}

/// One agent's line.
#[derive(Clone, Debug, Serialize)]
pub struct AgentStanding {
    /// The agent spec.
    pub agent: String,
    /// Its record against everyone: at a table of more than two, a win is a first place of
    /// its own, a draw a shared one (or a drawn game), a loss anything else.
    pub record: Wdl,
    /// Its score: its points over its games (a win 1, a draw its share, a loss 0).
    pub score: f64,
    /// The score's 95% interval.
    pub score_interval: (f64, f64),
    /// The score of a player as strong as its opponents: 1/2 at two seats, 1/k at k, averaged
    /// over its games.
    pub par: f64,
    /// Its rating: Bradley-Terry for two seats, Plackett-Luce's first choice at more
    /// ([`plackett_luce`]).
    pub rating: Rating,
    /// Games lost on time.
    pub timeouts: u64,
    /// Games forfeited by an illegal move, a panic or an error.
    pub forfeits: u64,
    /// Mean milliseconds per move.
    pub ms_per_move: f64,
    /// With games of more than two seats, its score in each seat (player 0 first).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub seats: Vec<SeatScore>,
}

/// An agent's games in one seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct SeatScore {
    /// Games it sat there.
    pub games: u64,
    /// Its points there.
    pub points: f64,
}

impl SeatScore {
    /// Its points over its games there (`None` without games).
    pub fn score(&self) -> Option<f64> {
        (self.games > 0).then(|| self.points / self.games as f64)
    }
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

/// One table of more than two seats: who sat there and what each took.
#[derive(Clone, Debug, Serialize)]
pub struct TableResult {
    /// The agents at the table, each with its number of seats there.
    pub agents: Vec<(String, u32)>,
    /// Games played there.
    pub games: u64,
    /// Each agent's points there (all its seats together), in the order of `agents`.
    pub points: Vec<f64>,
}

/// The agents at a table, each with its number of seats there, in agent order.
type Members = Vec<(usize, u32)>;

/// The units of a point the tally counts in: every share of a point a game gives (a half, a
/// third... a sixth) is a whole number of them, so that sums are exact and do not depend on
/// the order of the games (the shards of a tournament, merged, give its standings exactly).
const UNITS: u64 = 60;

/// A record's points in units.
fn units(points: f64) -> u64 {
    (points * UNITS as f64).round().max(0.0) as u64
}

/// Units back in points.
fn to_points(units: u64) -> f64 {
    units as f64 / UNITS as f64
}

/// Standings counted one game at a time, so that a tournament of any length keeps only its
/// tables, not its records: the command adds each game as it ends.
#[derive(Clone, Debug)]
pub struct Tally {
    agents: Vec<String>,
    /// Canonical names ([`canonical_spec`]), which records use.
    names: Vec<String>,
    /// Two-seat games: each agent's record against each other.
    table: Vec<Vec<Wdl>>,
    /// Games of more than two seats: each agent's record.
    many: Vec<Wdl>,
    /// Points and games, and the sum of each game's par, per agent, in [`UNITS`] per point.
    points: Vec<(u64, u64, u64)>,
    /// Points (in units) and games per agent and seat, in games of more than two seats.
    seats: Vec<Vec<(u64, u64)>>,
    /// Every table that played, by its members (an agent with its seats, in agent order):
    /// its games and each member's points in units.
    meetings: std::collections::BTreeMap<Members, (u64, Vec<u64>)>,
    timeouts: Vec<u64>,
    forfeits: Vec<u64>,
    /// Milliseconds and moves per agent.
    time: Vec<(f64, u64)>,
    games: u64,
}

impl Tally {
    /// An empty tally of `agents` (specs, however written).
    pub fn new(agents: &[String]) -> Tally {
        let n = agents.len();
        Tally {
            agents: agents.to_vec(),
            names: agents.iter().map(|a| canonical_spec(a)).collect(),
            table: vec![vec![Wdl::default(); n]; n],
            many: vec![Wdl::default(); n],
            points: vec![(0, 0, 0); n],
            seats: vec![Vec::new(); n],
            meetings: std::collections::BTreeMap::new(),
            timeouts: vec![0; n],
            forfeits: vec![0; n],
            time: vec![(0.0, 0); n],
            games: 0,
        }
    }

    /// The agent a record names (canonically, or as older files wrote it).
    fn index(&self, player: &str) -> Option<usize> {
        self.names
            .iter()
            .position(|name| name == player)
            .or_else(|| {
                let canonical = canonical_spec(player);
                self.names.iter().position(|name| *name == canonical)
            })
    }

    /// Counts `record`, if all its players are among the agents; says whether it did.
    pub fn add(&mut self, r: &GameRecord) -> bool {
        let Some(who) = r
            .players
            .iter()
            .map(|p| self.index(p))
            .collect::<Option<Vec<usize>>>()
        else {
            return false;
        };
        let points = match who.len() {
            2 => self.add_pair(r, who[0], who[1]),
            count if count > 2 && r.points.len() == count => self.add_table(r, &who),
            _ => return false,
        };
        self.games += 1;
        let par = UNITS / who.len() as u64;
        for (&agent, &p) in who.iter().zip(&points) {
            let entry = &mut self.points[agent];
            entry.0 += p;
            entry.1 += 1;
            entry.2 += par;
        }
        let mut members: Vec<(usize, u32)> = Vec::new();
        for &agent in &who {
            match members.iter_mut().find(|(a, _)| *a == agent) {
                Some((_, seats)) => *seats += 1,
                None => members.push((agent, 1)),
            }
        }
        members.sort_unstable();
        let (games, shares) = self
            .meetings
            .entry(members.clone())
            .or_insert_with(|| (0, vec![0; members.len()]));
        *games += 1;
        for (&agent, &p) in who.iter().zip(&points) {
            if let Some(k) = members.iter().position(|&(a, _)| a == agent) {
                shares[k] += p;
            }
        }
        // Moves alternate from player 0 after an even opening, player 1 after an odd one,
        // unless dice (or a player who had to pass) broke the alternation and the record
        // names the movers.
        for (k, t) in r.times_ms.iter().enumerate() {
            let mover = match r.movers.get(k) {
                Some(&mover) => mover,
                None => (r.opening.len() + k) % 2,
            };
            if let Some(&agent) = who.get(mover) {
                self.time[agent].0 += t;
                self.time[agent].1 += 1;
            }
        }
        true
    }

    /// Counts a two-seat game between `a` (player 0) and `b`; returns their points in units.
    fn add_pair(&mut self, r: &GameRecord, a: usize, b: usize) -> Vec<u64> {
        let table = &mut self.table;
        let points = match r.winner {
            Some(0) => {
                table[a][b].wins += 1;
                table[b][a].losses += 1;
                vec![UNITS, 0]
            }
            Some(_) => {
                table[a][b].losses += 1;
                table[b][a].wins += 1;
                vec![0, UNITS]
            }
            None => {
                table[a][b].draws += 1;
                table[b][a].draws += 1;
                vec![UNITS / 2, UNITS / 2]
            }
        };
        if let Some(w) = r.winner {
            let loser = if w == 0 { b } else { a };
            self.count_fault(r.reason, loser);
        }
        points
    }

    /// Counts a game of more than two seats, `who` the agent in each; returns their points in
    /// units.
    fn add_table(&mut self, r: &GameRecord, who: &[usize]) -> Vec<u64> {
        let points: Vec<u64> = r.points.iter().map(|&p| units(p)).collect();
        let best = points.iter().copied().max().unwrap_or(0);
        let firsts = points.iter().filter(|&&p| p == best).count();
        for (seat, (&agent, &p)) in who.iter().zip(&points).enumerate() {
            let record = &mut self.many[agent];
            if p == best && firsts == 1 {
                record.wins += 1;
            } else if p == best {
                record.draws += 1;
            } else {
                record.losses += 1;
            }
            let seats = &mut self.seats[agent];
            if seats.len() < who.len() {
                seats.resize(who.len(), (0, 0));
            }
            seats[seat].0 += p;
            seats[seat].1 += 1;
        }
        if let Some(&agent) = r.faulted.and_then(|seat| who.get(seat)) {
            self.count_fault(r.reason, agent);
        }
        points
    }

    fn count_fault(&mut self, reason: EndReason, agent: usize) {
        match reason {
            EndReason::Timeout => self.timeouts[agent] += 1,
            reason if reason.is_forfeit() => self.forfeits[agent] += 1,
            _ => {}
        }
    }

    /// Games counted.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// Each agent that has played, with its score so far (0 to 1): the progress bar's line.
    pub fn running_scores(&self) -> Vec<(&str, f64)> {
        (0..self.agents.len())
            .filter_map(|i| {
                let (points, games, _) = self.points[i];
                (games > 0).then(|| (self.agents[i].as_str(), to_points(points) / games as f64))
            })
            .collect()
    }

    fn record_of(&self, i: usize) -> Wdl {
        self.table[i]
            .iter()
            .chain(std::iter::once(&self.many[i]))
            .fold(Wdl::default(), |acc, r| Wdl {
                wins: acc.wins + r.wins,
                draws: acc.draws + r.draws,
                losses: acc.losses + r.losses,
            })
    }

    /// The standings so far, with an SPRT of agent 0 against agent 1 when `sprt_bounds` is
    /// given (`(elo0, elo1)`, alpha = beta = 0.05; on their two-seat games).
    pub fn standings(&self, sprt_bounds: Option<(f64, f64)>) -> Standings {
        let n = self.agents.len();
        let meetings: Vec<Meeting> = self
            .meetings
            .iter()
            .map(|(members, (games, shares))| Meeting {
                members: members.clone(),
                games: *games,
                points: shares.iter().map(|&u| to_points(u)).collect(),
            })
            .collect();
        let ratings = plackett_luce(n, &meetings);
        let agents = (0..n)
            .map(|i| {
                let record = self.record_of(i);
                let (ms, moves) = self.time[i];
                let (points, games, par) = self.points[i];
                let score = if games > 0 {
                    to_points(points) / games as f64
                } else {
                    0.5
                };
                AgentStanding {
                    agent: self.agents[i].clone(),
                    record,
                    score,
                    score_interval: wilson(score, games),
                    par: if games > 0 {
                        to_points(par) / games as f64
                    } else {
                        0.5
                    },
                    rating: ratings[i].clone(),
                    timeouts: self.timeouts[i],
                    forfeits: self.forfeits[i],
                    ms_per_move: if moves > 0 { ms / moves as f64 } else { 0.0 },
                    seats: self.seats[i]
                        .iter()
                        .map(|&(points, games)| SeatScore {
                            games,
                            points: to_points(points),
                        })
                        .collect(),
                }
            })
            .collect();
        let mut pairings = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                let record = self.table[a][b];
                if record.games() > 0 {
                    pairings.push(PairingResult {
                        agent: self.agents[a].clone(),
                        opponent: self.agents[b].clone(),
                        record,
                        score: record.score(),
                        score_interval: record.score_interval(),
                        elo: record.elo(),
                    });
                }
            }
        }
        let tables = meetings
            .iter()
            .filter(|m| m.members.iter().map(|&(_, s)| s).sum::<u32>() > 2)
            .map(|m| TableResult {
                agents: m
                    .members
                    .iter()
                    .map(|&(a, s)| (self.agents[a].clone(), s))
                    .collect(),
                games: m.games,
                points: m.points.clone(),
            })
            .collect();
        let sprt = sprt_bounds
            .filter(|_| n >= 2)
            .map(|(elo0, elo1)| sprt(&self.table[0][1], elo0, elo1, 0.05, 0.05));
        Standings {
            agents,
            pairings,
            tables,
            games: self.games,
            sprt,
        }
    }
}

/// The standings from `records` (only those of `agents`), with an SPRT of agent 0 against
/// agent 1 when `sprt_bounds` is given (`(elo0, elo1)`, alpha = beta = 0.05).
pub fn standings(
    records: &[GameRecord],
    agents: &[String],
    sprt_bounds: Option<(f64, f64)>,
) -> Standings {
    let mut tally = Tally::new(agents);
    for record in records {
        tally.add(record);
    }
    tally.standings(sprt_bounds)
}
