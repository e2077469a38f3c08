//! # ply-arena
//!
//! Fair, reproducible tournaments between agents, on one or more games.
//!
//! Every pairing of agents plays every opening twice, once with each colour (Udacity's "fair
//! matches"); in a game for more players, every table of agents plays it in a balanced set of
//! seat orders ([`schedule`]), rated by Plackett-Luce ([`stats::plackett_luce`]). Openings are random legal prefixes drawn from a seed. Games run in parallel on a
//! pool of threads; each finished game is appended at once to a JSON Lines file, so an
//! interrupted tournament loses nothing and `resume` continues it. An agent that panics or
//! plays an illegal move forfeits that game, one that overruns the time control by more than
//! the tolerance loses on time; the tournament goes on and counts them.
//!
//! The arena is generic over the game: here is a whole tournament on a game defined in the
//! example itself (Race to 10: add 1 or 2, whoever reaches 10 wins), a random player against
//! an alpha-beta engine that sees to the end.
//!
//! ```
//! use ply_arena::{play_tournament, record::standings, ArenaConfig};
//! use ply_search::engine::{Engine, EngineOptions};
//! use ply_search::{Agent, Game, Limits, MoveList, NotationError, Outcome, Player};
//! use ply_search::{RandomPlayer, SearchAgent, Zero};
//!
//! #[derive(Clone, Debug, PartialEq, Eq, Hash)]
//! struct Race { count: u32, ply: u32 }
//! impl Game for Race {
//!     type Move = u32;
//!     fn to_move(&self) -> Player { Player::from_index(self.ply as usize) }
//!     fn generate_moves(&self, moves: &mut MoveList<u32>) {
//!         moves.extend((1..=2).filter(|step| self.count + step <= 10));
//!     }
//!     fn play(&self, step: u32) -> Race { Race { count: self.count + step, ply: self.ply + 1 } }
//!     fn outcome(&self) -> Option<Outcome> {
//!         (self.count == 10).then(|| Outcome::Win(self.to_move().other()))
//!     }
//!     fn key(&self) -> u64 { u64::from(self.count) << 1 | u64::from(self.ply & 1) }
//!     fn ply(&self) -> u32 { self.ply }
//!     fn format_move(&self, step: u32) -> String { step.to_string() }
//!     fn parse_move(&self, text: &str) -> Result<u32, NotationError> {
//!         text.parse().map_err(|_| NotationError::new("move", text, "1 or 2"))
//!     }
//!     fn position(&self) -> String { format!("{} {}", self.count, self.ply) }
//!     fn parse_position(&self, text: &str) -> Result<Race, NotationError> {
//!         Err(NotationError::new("position", text, "the start only"))
//!     }
//! }
//! impl ply_search::SearchHints for Race {} // no speed-ups: the defaults
//!
//! let config = ArenaConfig {
//!     games: vec!["race".into()],
//!     agents: vec!["random".into(), "alphabeta".into()],
//!     openings: 4,
//!     opening_plies: 1,
//!     ..ArenaConfig::default()
//! };
//! let agent = |spec: &str| -> Result<Box<dyn Agent<Race>>, NotationError> {
//!     Ok(match spec {
//!         "random" => Box::new(SearchAgent::new(spec, RandomPlayer::new(7), Limits::none())),
//!         _ => Box::new(SearchAgent::new(spec, Engine::new(Zero, EngineOptions::default()), Limits::depth(12))),
//!     })
//! };
//! let records = play_tournament(&Race { count: 0, ply: 0 }, &config, &agent).unwrap();
//! let table = standings(&records, &config.agents, None);
//! assert_eq!(table.games, 8); // 4 openings, each with both colours
//! assert!(table.agents[1].score > table.agents[0].score);
//! ```

pub mod chart;
pub mod clock;
mod error;
pub mod external;
pub mod game;
mod hook;
mod merge;
pub mod protocol;
pub mod record;
mod resume;
pub mod schedule;
pub mod seats;
mod settings;
pub mod stats;
mod table;

pub use error::ArenaError;
pub use game::{play_game, Choice, EndReason, GameRules, PlayedGame, PlayedMove, Seat};
pub use hook::{in_agent, QuietAgentPanics};
pub use merge::{merge_records, Merged};
pub use record::GameRecord;
pub use resume::{resume, Resumed};
pub use schedule::{Fixture, Pending, Schedule, Shard};
pub use seats::{spec_seat, SeatMaker, SpecSeats};
pub use settings::TournamentSettings;
pub use table::to_csv;

use ply_registry::Prebuilt;
use ply_registry::{with_game, AnyGame};
use ply_search::spec::canonical_spec;
use ply_search::SearchHints;
use ply_search::{Agent, Game, NotationError, Rng, StopFlag};
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// A tournament's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaConfig {
    /// Game specs (`isolation`, `onitama`...).
    pub games: Vec<String>,
    /// Agent specs.
    pub agents: Vec<String>,
    /// With `Some(k)`, a gauntlet: each of the first `k` agents plays each of the others (and
    /// not each other; in a game for more players, at every table of the others); with `None`,
    /// a round robin.
    pub gauntlet: Option<usize>,
    /// Random openings per game (each played in every seat order of every table: twice per
    /// pairing for two players).
    pub openings: usize,
    /// Plies of each random opening.
    pub opening_plies: u32,
    /// Openings given instead of drawn: one per entry, moves in the game's notation separated
    /// by commas (the same list for every game of the tournament).
    pub opening_list: Option<Vec<String>>,
    /// The seed of the openings.
    pub seed: u64,
    /// A move taking longer than this plus `tolerance` loses on time (`None`: no clock).
    pub move_time: Option<Duration>,
    /// The time allowed beyond `move_time`.
    pub tolerance: Duration,
    /// Games played at once.
    pub threads: usize,
    /// Plies after which a game is a draw (a guard against endless games).
    pub max_plies: u32,
    /// The part of the tournament this run plays (the whole one by default): shards of one
    /// tournament share its fingerprint, so their record files merge.
    pub shard: Shard,
}

impl ArenaConfig {
    /// The most random openings a tournament takes.
    pub const MAX_OPENINGS: usize = 1_000_000;
    /// The most games a tournament schedules (its schedule is held in memory).
    pub const MAX_GAMES: u128 = 10_000_000;

    /// A short stable name of everything that decides the tournament's games: the game and
    /// agent specs, the pairing, how openings are made (plies, seed or list; not how many, so
    /// that more openings extend a tournament), the time control and the ply limit (not the
    /// number of threads, nor the shard). Every record carries it, and a resume refuses
    /// a file of games played under other settings.
    ///
    /// ```
    /// use ply_arena::ArenaConfig;
    /// use std::time::Duration;
    /// let config = ArenaConfig { agents: vec!["random".into(), "greedy".into()], ..ArenaConfig::default() };
    /// let timed = ArenaConfig { move_time: Some(Duration::from_millis(50)), ..config.clone() };
    /// assert_eq!(config.fingerprint(), config.clone().fingerprint());
    /// assert_ne!(config.fingerprint(), timed.fingerprint());
    /// ```
    pub fn fingerprint(&self) -> String {
        let games: Vec<String> = self.games.iter().map(|g| canonical_spec(g)).collect();
        let text = format!(
            "games {:?} agents {:?} gauntlet {:?} plies {} list {:?} seed {} move-time {:?} tolerance {:?} max-plies {}",
            games,
            self.agent_names(),
            self.gauntlet,
            self.opening_plies,
            self.opening_list,
            self.seed,
            self.move_time,
            self.tolerance,
            self.max_plies
        );
        settings::fnv(&text)
    }

    /// The agents as the records name them: each spec in its one canonical form
    /// ([`Spec::canonical`](ply_search::spec::Spec::canonical)), so that `greedy`, `GREEDY` and
    /// `greedy()` are one agent in the records, the fingerprint and the standings.
    pub fn agent_names(&self) -> Vec<String> {
        self.agents.iter().map(|a| canonical_spec(a)).collect()
    }

    /// Refuses an agent given twice, however it is written (`greedy` and `GREEDY()`): its
    /// games and standings would be indistinguishable.
    ///
    /// ```
    /// use ply_arena::ArenaConfig;
    /// let twice = ArenaConfig { agents: vec!["greedy".into(), "GREEDY()".into()], ..ArenaConfig::default() };
    /// assert_eq!(twice.check_agents().unwrap_err().to_string(),
    ///     "bad --agent `GREEDY()`: given twice (as `greedy`); expected distinct specs (add seed=.. to tell copies apart)");
    /// ```
    pub fn check_agents(&self) -> Result<(), ArenaError> {
        let names = self.agent_names();
        for (i, name) in names.iter().enumerate() {
            if let Some(first) = names[..i].iter().position(|n| n == name) {
                return Err(ArenaError::config(format!(
                    "bad --agent `{}`: given twice (as `{}`); expected distinct specs (add seed=.. to tell copies apart)",
                    self.agents[i], self.agents[first]
                )));
            }
        }
        Ok(())
    }

    /// The number of games the tournament schedules (computed without building the schedule).
    pub fn game_count(&self) -> u128 {
        schedule::game_count(self, &schedule::seat_counts(self))
    }

    /// Refuses a tournament too big to schedule, before anything is allocated: more than
    /// [`ArenaConfig::MAX_OPENINGS`] openings or [`ArenaConfig::MAX_GAMES`] games.
    ///
    /// ```
    /// use ply_arena::ArenaConfig;
    /// let huge = ArenaConfig { openings: 100_000_000_000, ..ArenaConfig::default() };
    /// assert_eq!(huge.check_size().unwrap_err().to_string(),
    ///     "bad openings `100000000000`: expected 1 to 1000000");
    /// ```
    pub fn check_size(&self) -> Result<(), ArenaError> {
        if !(1..=Self::MAX_OPENINGS).contains(&self.openings) {
            return Err(ArenaError::config(format!(
                "bad openings `{}`: expected 1 to {}",
                self.openings,
                Self::MAX_OPENINGS
            )));
        }
        let games = self.game_count();
        if games > Self::MAX_GAMES {
            return Err(ArenaError::config(format!(
                "bad tournament: {games} games; expected at most {} (fewer openings, agents or games)",
                Self::MAX_GAMES
            )));
        }
        Ok(())
    }

    /// The rules every game of the tournament is played by, with the dice of its opening
    /// number `opening`.
    pub fn rules(&self, opening: usize) -> GameRules {
        GameRules {
            move_time: self.move_time,
            tolerance: self.tolerance,
            max_plies: self.max_plies,
            dice_seed: self.dice_seed(opening),
        }
    }

    /// The seed of the dice in every game from opening number `opening`: the tournament's seed
    /// and the opening's number, nothing else, so that both colours of an opening pair (and
    /// every pairing of agents) play the same sequence of rolls. The players still meet
    /// different rolls where their choices differ (in Pig, a roll taken by one player may be
    /// the other's in the twin game); the shared sequence removes most of the luck from the
    /// comparison, as duplicate bridge and backgammon do.
    pub fn dice_seed(&self, opening: usize) -> u64 {
        Rng::new(self.seed ^ (opening as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)).next_u64()
    }
}

impl Default for ArenaConfig {
    fn default() -> Self {
        ArenaConfig {
            games: Vec::new(),
            agents: Vec::new(),
            gauntlet: None,
            openings: 4,
            opening_plies: 2,
            opening_list: None,
            seed: 1,
            move_time: None,
            tolerance: Duration::from_millis(10),
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            max_plies: 2_000,
            shard: Shard::WHOLE,
        }
    }
}

/// Opening number `index` of `start`: `plies` random legal moves from a generator seeded by
/// `seed` and `index` (redrawn if the game ends inside the opening).
pub fn random_opening<G: SearchHints>(
    start: &G,
    plies: u32,
    seed: u64,
    index: usize,
) -> Vec<G::Move> {
    let mut rng = Rng::new(seed ^ (index as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    for _ in 0..1_000 {
        let mut state = start.clone();
        let mut moves = Vec::new();
        while moves.len() < plies as usize {
            match state.random_move(&mut rng) {
                Some(mv) => {
                    moves.push(mv);
                    state = state.play(mv);
                }
                None => break,
            }
        }
        if moves.len() == plies as usize && !state.is_terminal() {
            return moves;
        }
    }
    Vec::new()
}

/// An opening from its notation (`57,0`; commas inside parentheses belong to a move, as in
/// AIND's `(2,3),(4,4)`), checked move by move; it must leave the game going.
pub fn given_opening<G: Game>(start: &G, line: &str) -> Result<Vec<G::Move>, NotationError> {
    let mut state = start.clone();
    let mut moves = Vec::new();
    for text in ply_search::describe::split_moves(line)? {
        let text = text.as_str();
        let mv = state.parse_move(text).map_err(|e| NotationError {
            what: "opening".into(),
            found: line.into(),
            expected: format!("legal moves ({e})"),
            ..e
        })?;
        moves.push(mv);
        state = state.play(mv);
    }
    if state.is_terminal() {
        return Err(NotationError::new(
            "opening",
            line,
            "an opening that leaves moves to play (the game is over after it)",
        )
        .with_kind(ply_search::ErrorKind::GameOver));
    }
    Ok(moves)
}

/// Makes an agent from its spec, for tournaments on a game of your own
/// ([`play_tournament`]).
pub type AgentFactory<'a, G> = dyn Fn(&str) -> Result<Box<dyn Agent<G>>, NotationError> + Sync + 'a;

/// Makes the seat of agent number `i` of the tournament, once per game it plays.
pub type SeatFactory<'a, G> =
    dyn Fn(usize) -> Result<Box<dyn Seat<G> + 'a>, ArenaError> + Sync + 'a;

/// Plays every pending game of game `game_index`, in parallel on the current thread pool,
/// handing each record to `sink` as its game ends. Games and their openings are made one at a
/// time as threads become free: nothing is held for games not yet played. Once `stop` is
/// raised, no new game starts (those under way finish).
pub fn run_game_fixtures<G: SearchHints>(
    start: &G,
    game_index: usize,
    config: &ArenaConfig,
    pending: &Pending,
    seats: &SeatFactory<'_, G>,
    sink: &(dyn Fn(GameRecord) + Sync),
    stop: Option<&StopFlag>,
) -> Result<(), ArenaError> {
    let given: Option<Vec<Vec<G::Move>>> = match &config.opening_list {
        Some(lines) => Some(
            lines
                .iter()
                .map(|line| given_opening(start, line))
                .collect::<Result<_, _>>()?,
        ),
        None => None,
    };
    pending
        .iter_game(config, game_index)
        .par_bridge()
        .try_for_each(|f| -> Result<(), ArenaError> {
            if stop.is_some_and(StopFlag::is_raised) {
                return Ok(());
            }
            let opening = match &given {
                Some(openings) => openings[f.opening].clone(),
                None => random_opening(start, config.opening_plies, config.seed, f.opening),
            };
            let mut made = f
                .seats
                .iter()
                .map(|&agent| seats(agent))
                .collect::<Result<Vec<_>, _>>()?;
            let mut at_table: Vec<&mut dyn Seat<G>> = made
                .iter_mut()
                .map(|seat| &mut **seat as &mut dyn Seat<G>)
                .collect();
            let started = Instant::now();
            let game = play_game(
                start,
                &opening,
                &mut at_table,
                &config.rules(f.opening),
                &mut |_| {},
            )?;
            sink(GameRecord::new(&f, config, game, started.elapsed()));
            Ok(())
        })
}

/// Plays every game of a tournament on one game of your own, `start`, with agents made by
/// `factory` from the specs in `config.agents` (`config.games` holds one name for the
/// records); returns the records in schedule order. Agents' panics are silent forfeits.
pub fn play_tournament<G: SearchHints>(
    start: &G,
    config: &ArenaConfig,
    factory: &AgentFactory<'_, G>,
) -> Result<Vec<GameRecord>, ArenaError> {
    if config.games.len() != 1 {
        return Err(ArenaError::config(
            "bad tournament: expected one name in games for a tournament on one game",
        ));
    }
    let schedule = Schedule::with_seats(config, &[start.player_count()]);
    let pending = Pending::of_schedule(schedule, config, Default::default());
    let records = std::sync::Mutex::new(Vec::new());
    let _quiet = QuietAgentPanics::install();
    let seats = |i: usize| -> Result<Box<dyn Seat<G>>, ArenaError> {
        Ok(Box::new(factory(&config.agents[i])?))
    };
    let sink = |record| {
        records
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(record);
    };
    run_game_fixtures(start, 0, config, &pending, &seats, &sink, None)?;
    let mut records = records.into_inner().unwrap_or_else(|e| e.into_inner());
    let order: std::collections::HashMap<String, u64> = pending
        .iter(config)
        .map(|f| (f.id(config), f.index))
        .collect();
    records.sort_by_key(|r| order.get(&r.id).copied().unwrap_or(u64::MAX));
    Ok(records)
}

/// Checks the tournament's size, every game spec, and every agent spec on every game, before
/// anything is written.
pub fn validate(config: &ArenaConfig) -> Result<(), ArenaError> {
    validate_with(config, &SpecSeats)
}

/// [`validate`] with the seats `maker` makes. The tournament's size is checked first.
pub fn validate_with(config: &ArenaConfig, maker: &impl SeatMaker) -> Result<(), ArenaError> {
    config.check_size()?;
    config.check_agents()?;
    let mut seats = Vec::with_capacity(config.games.len());
    for spec in &config.games {
        let game = AnyGame::from_spec(spec)?;
        seats.push(game.player_count());
        with_game!(game, start => {
            check_seats(&start, spec, &config.agents, maker)?;
            check_random_openings(&start, spec, config)?;
        });
    }
    schedule::check_tables(config, &seats)
}

/// Random openings of `config.opening_plies` plies must exist in the game (a game still going
/// after them): otherwise every opening would silently be the empty one.
fn check_random_openings<G: SearchHints>(
    start: &G,
    game_spec: &str,
    config: &ArenaConfig,
) -> Result<(), ArenaError> {
    let random = config.opening_list.is_none() && config.openings > 0 && config.opening_plies > 0;
    if random && random_opening(start, config.opening_plies, config.seed, 0).is_empty() {
        return Err(ArenaError::config(format!(
            "bad --opening-plies `{}`: no random opening of `{game_spec}` that long leaves the game going (1,000 tries); expected fewer plies",
            config.opening_plies
        )));
    }
    Ok(())
}

/// Makes every agent's seat for the game of `_start` (its type chooses the game).
fn check_seats<G: Prebuilt>(
    _start: &G,
    game_spec: &str,
    agents: &[String],
    maker: &impl SeatMaker,
) -> Result<(), ArenaError>
where
    AnyGame: From<G>,
{
    for (i, agent) in agents.iter().enumerate() {
        drop(maker.seat::<G>(game_spec, i, agent)?);
    }
    Ok(())
}

/// Runs the whole tournament on registered games (named by spec): for each game spec, its
/// games in `pending` ([`resume`] leaves out those already played), with `on_record` called
/// for each game as it ends (the command appends it to the file and moves the progress bar).
/// An agent's panic is a forfeit and silent; any other panic reaches the caller's hook.
pub fn run(
    config: &ArenaConfig,
    pending: &Pending,
    on_record: &(dyn Fn(GameRecord) + Sync),
) -> Result<(), ArenaError> {
    run_with(config, pending, &SpecSeats, on_record, None)
}

/// [`run`] with the seats `maker` makes; once `stop` is raised no new game starts.
pub fn run_with(
    config: &ArenaConfig,
    pending: &Pending,
    maker: &impl SeatMaker,
    on_record: &(dyn Fn(GameRecord) + Sync),
    stop: Option<&StopFlag>,
) -> Result<(), ArenaError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads.max(1))
        .build()
        .map_err(|e| ArenaError::config(format!("cannot start the game threads: {e}")))?;
    let _quiet = QuietAgentPanics::install();
    pool.install(|| {
        for (index, spec) in config.games.iter().enumerate() {
            let game = AnyGame::from_spec(spec)?;
            with_game!(game, start => {
                let seats = |i: usize| maker.seat(spec, i, &config.agents[i]);
                run_game_fixtures(&start, index, config, pending, &seats, on_record, stop)?;
            });
        }
        Ok(())
    })
}
