//! A tournament's games, in a fixed order, computed one at a time: a tournament of ten million
//! games costs no memory before it plays, and any run (a resumed one, one shard of many) can
//! say which games are its own.

use crate::{ArenaConfig, ArenaError};
use ply_search::spec::canonical_spec;
use std::collections::HashSet;

/// One scheduled game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fixture {
    /// Its place in the schedule.
    pub index: u64,
    /// Index into the games.
    pub game: usize,
    /// The agent moving first (index into the agents).
    pub first: usize,
    /// The agent moving second.
    pub second: usize,
    /// Index of the opening.
    pub opening: usize,
}

impl Fixture {
    /// The fixture's identity in the records: the same settings give the same ids, so that a
    /// resumed tournament knows which games it has. Games and agents are named canonically
    /// ([`Spec::canonical`](ply_search::spec::Spec::canonical)).
    pub fn id(&self, config: &ArenaConfig) -> String {
        let opening = match &config.opening_list {
            Some(lines) => format!("opening `{}`", lines[self.opening]),
            None => format!(
                "opening {} of seed {} ({} plies)",
                self.opening, config.seed, config.opening_plies
            ),
        };
        format!(
            "{} | {} | {} | {opening}",
            canonical_spec(&config.games[self.game]),
            canonical_spec(&config.agents[self.first]),
            canonical_spec(&config.agents[self.second])
        )
    }

    /// The number of the fixture's colour pair (the game and its colour-swapped twin share it):
    /// shards are cut along pairs, so both colours of an opening land in the same shard.
    pub fn pair(&self) -> u64 {
        self.index / 2
    }
}

/// Every game of a tournament, in a fixed order: for each game, pairing and opening, the game
/// and its colour-swapped twin next to each other. Fixtures are computed from their index.
///
/// ```
/// use ply_arena::{ArenaConfig, Schedule};
/// let config = ArenaConfig {
///     games: vec!["isolation".into()],
///     agents: vec!["random".into(), "greedy".into(), "alphabeta".into()],
///     openings: 2,
///     ..ArenaConfig::default()
/// };
/// let schedule = Schedule::new(&config);
/// assert_eq!(schedule.len(), 3 * 2 * 2); // 3 pairings, 2 openings, both colours
/// let (a, b) = (schedule.fixture(0), schedule.fixture(1));
/// assert_eq!((a.first, a.second, b.first, b.second), (0, 1, 1, 0));
/// assert_eq!(a.opening, b.opening);
/// ```
#[derive(Clone, Debug)]
pub struct Schedule {
    pairs: Vec<(usize, usize)>,
    games: usize,
    openings: u64,
}

impl Schedule {
    /// The schedule of `config`'s tournament (its pairings are listed, its games are not).
    pub fn new(config: &ArenaConfig) -> Schedule {
        let n = config.agents.len();
        let pairs = match config.gauntlet {
            Some(k) => (0..k.min(n))
                .flat_map(|a| (k.min(n)..n).map(move |b| (a, b)))
                .collect(),
            None => (0..n)
                .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                .collect(),
        };
        Schedule {
            pairs,
            games: config.games.len(),
            openings: config.openings as u64,
        }
    }

    /// The number of games.
    pub fn len(&self) -> u64 {
        self.games as u64 * self.pairs.len() as u64 * self.openings * 2
    }

    /// Whether there are no games.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Game number `index` (below [`Schedule::len`]).
    pub fn fixture(&self, index: u64) -> Fixture {
        let colour = index % 2;
        let rest = index / 2;
        let opening = rest % self.openings;
        let rest = rest / self.openings;
        let pairs = self.pairs.len() as u64;
        let (a, b) = self.pairs[(rest % pairs) as usize];
        let (first, second) = if colour == 0 { (a, b) } else { (b, a) };
        Fixture {
            index,
            game: (rest / pairs) as usize,
            first,
            second,
            opening: opening as usize,
        }
    }

    /// Every game, in order.
    pub fn iter(&self) -> impl Iterator<Item = Fixture> + '_ {
        (0..self.len()).map(|i| self.fixture(i))
    }

    /// The games of game number `game`, in order (they are consecutive).
    pub fn iter_game(&self, game: usize) -> impl Iterator<Item = Fixture> + '_ {
        let per_game = self.pairs.len() as u64 * self.openings * 2;
        let first = game as u64 * per_game;
        (first..first + per_game).map(|i| self.fixture(i))
    }
}

/// Which part of a tournament a run plays: the `index`-th of `count` disjoint parts (from 1),
/// so that a cluster's jobs play every game exactly once between them. Colour pairs are dealt
/// round-robin, so every shard gets its share of every game and pairing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which part, from 1 to `count`.
    pub index: u64,
    /// How many parts.
    pub count: u64,
}

impl Shard {
    /// The whole tournament.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Reads `K/N`, with 1 <= K <= N.
    ///
    /// ```
    /// use ply_arena::Shard;
    /// assert_eq!(Shard::parse("2/7").unwrap(), Shard { index: 2, count: 7 });
    /// assert_eq!(Shard::parse("0/7").unwrap_err().to_string(),
    ///     "bad --shard `0/7`: expected K/N with 1 <= K <= N (e.g. 2/7)");
    /// ```
    pub fn parse(text: &str) -> Result<Shard, ArenaError> {
        Shard::parse_named(text, "--shard")
    }

    /// [`Shard::parse`], naming `flag` in the error (`ply solve --slice` is read the same way).
    pub fn parse_named(text: &str, flag: &str) -> Result<Shard, ArenaError> {
        let bad = || {
            ArenaError::config(format!(
                "bad {flag} `{}`: expected K/N with 1 <= K <= N (e.g. 2/7)",
                ply_search::error::one_line(text, ply_search::error::ECHO_LIMIT)
            ))
        };
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (index, count): (u64, u64) = (
            k.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// Whether `fixture` is this shard's.
    pub fn holds(&self, fixture: &Fixture) -> bool {
        fixture.pair() % self.count == self.index - 1
    }
}

impl Default for Shard {
    fn default() -> Self {
        Shard::WHOLE
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// The games a run has left to play: its shard of the schedule, less those already recorded.
#[derive(Clone, Debug)]
pub struct Pending {
    schedule: Schedule,
    shard: Shard,
    done: HashSet<String>,
    len: u64,
}

impl Pending {
    /// The games of `config`'s shard whose ids are not in `done`.
    pub fn new(config: &ArenaConfig, done: HashSet<String>) -> Pending {
        let schedule = Schedule::new(config);
        let mut pending = Pending {
            schedule,
            shard: config.shard,
            done,
            len: 0,
        };
        pending.len = pending.iter(config).count() as u64;
        pending
    }

    /// Every game of `config`'s shard.
    pub fn all(config: &ArenaConfig) -> Pending {
        Pending::new(config, HashSet::new())
    }

    /// How many games are left.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether none are left.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether `fixture` is left to play.
    pub fn holds(&self, fixture: &Fixture, config: &ArenaConfig) -> bool {
        self.shard.holds(fixture)
            && (self.done.is_empty() || !self.done.contains(&fixture.id(config)))
    }

    /// The games left, in schedule order.
    pub fn iter<'a>(&'a self, config: &'a ArenaConfig) -> impl Iterator<Item = Fixture> + 'a {
        self.schedule.iter().filter(|f| self.holds(f, config))
    }

    /// The games left of game number `game`, in schedule order.
    pub fn iter_game<'a>(
        &'a self,
        config: &'a ArenaConfig,
        game: usize,
    ) -> impl Iterator<Item = Fixture> + 'a {
        self.schedule
            .iter_game(game)
            .filter(|f| self.holds(f, config))
    }

    /// The schedule they come from.
    pub fn schedule(&self) -> &Schedule {
        &self.schedule
    }
}
