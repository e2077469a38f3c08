//! A tournament's games, in a fixed order, computed one at a time: a tournament of ten million
//! games costs no memory before it plays, and any run (a resumed one, one shard of many) can
//! say which games are its own.
//!
//! A game for two players is played by every pairing in both colours. A game for `k` players
//! seats every table of `k` agents in a balanced set of seat orders ([`seat_orders`]: each
//! agent in each seat equally often), or, with fewer agents than seats, in every seating where
//! each agent sits at least once (two agents at three seats: AAB, ABA, BAA, ABB, BAB, BBA, as
//! in Schadd and Winands' experiments).

use crate::{ArenaConfig, ArenaError};
use ply_registry::AnyGame;
use ply_search::spec::canonical_spec;
use std::collections::HashSet;

/// One scheduled game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fixture {
    /// Its place in the schedule.
    pub index: u64,
    /// Index into the games.
    pub game: usize,
    /// The agent in each seat, player 0 first (indices into the agents).
    pub seats: Vec<usize>,
    /// Index of the opening.
    pub opening: usize,
    /// The number of its group: the games of one table and opening in all their seat orders
    /// (for two players, a game and its colour-swapped twin). Shards are cut along groups.
    pub group: u64,
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
        let seats: Vec<String> = self
            .seats
            .iter()
            .map(|&a| canonical_spec(&config.agents[a]))
            .collect();
        format!(
            "{} | {} | {opening}",
            canonical_spec(&config.games[self.game]),
            seats.join(" | ")
        )
    }
}

/// A balanced set of seat orders for a table of `k` players, as rows of seat numbers: row `r`
/// seats player `rows[r][s]` of the table in seat `s`. It is Williams' Latin square: every
/// player sits in every seat equally often, and each player moves right after each other
/// player (seat `s`, then `s + 1`) equally often, in `k` orders when `k` is even and `2k` when
/// it is odd (where it is the `k!` orders of three players, and both orders of two). A tournament cannot play all `k!` orders from
/// four players up (720 for six); the square keeps what matters for fairness (who moves first,
/// and who moves right after whom) in a few.
///
/// ```
/// use ply_arena::schedule::seat_orders;
/// assert_eq!(seat_orders(2), vec![vec![0, 1], vec![1, 0]]);
/// assert_eq!(seat_orders(3).len(), 6);
/// assert_eq!(seat_orders(4), vec![vec![0, 1, 3, 2], vec![1, 2, 0, 3], vec![2, 3, 1, 0], vec![3, 0, 2, 1]]);
/// ```
pub fn seat_orders(k: usize) -> Vec<Vec<usize>> {
    if k <= 1 {
        return vec![(0..k).collect()];
    }
    // The first row zig-zags: 0, 1, k-1, 2, k-2, ...; the others add 1, 2, ... modulo k.
    let mut first = vec![0];
    let (mut low, mut high) = (1, k - 1);
    while first.len() < k {
        first.push(low);
        low += 1;
        if first.len() < k {
            first.push(high);
            high -= 1;
        }
    }
    let mut rows: Vec<Vec<usize>> = (0..k)
        .map(|shift| first.iter().map(|&p| (p + shift) % k).collect())
        .collect();
    if !k.is_multiple_of(2) {
        let mirrored: Vec<Vec<usize>> = rows
            .iter()
            .map(|row| row.iter().rev().copied().collect())
            .collect();
        rows.extend(mirrored);
    }
    rows
}

/// Every seating of `seats` seats by `agents` agents in which each agent sits at least once,
/// in lexicographic order: with fewer agents than seats, the copies of an agent share a table.
fn covering_seatings(agents: usize, seats: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut row = vec![0; seats];
    loop {
        let mut used = vec![false; agents];
        row.iter().for_each(|&a| used[a] = true);
        if used.iter().all(|&u| u) {
            out.push(row.clone());
        }
        // The next row in base `agents`.
        let mut at = seats;
        loop {
            if at == 0 {
                return out;
            }
            at -= 1;
            row[at] += 1;
            if row[at] < agents {
                break;
            }
            row[at] = 0;
        }
    }
}

/// Calls `visit` with each `size`-element subset of `items`, in lexicographic order, without
/// holding them all.
fn each_combination(items: &[usize], size: usize, mut visit: impl FnMut(&[usize])) {
    if size > items.len() {
        return;
    }
    let mut at: Vec<usize> = (0..size).collect();
    let mut chosen: Vec<usize> = at.iter().map(|&i| items[i]).collect();
    loop {
        visit(&chosen);
        // The rightmost index that can move on, then every index after it just behind it.
        let Some(i) = (0..size).rev().find(|&i| at[i] < items.len() - size + i) else {
            return;
        };
        at[i] += 1;
        for j in i + 1..size {
            at[j] = at[j - 1] + 1;
        }
        for j in i..size {
            chosen[j] = items[at[j]];
        }
    }
}

/// `n` choose `k`, saturating.
fn choose(n: u128, k: u128) -> u128 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut result: u128 = 1;
    for i in 0..k {
        result = match result.checked_mul(n - i) {
            Some(product) => product / (i + 1),
            None => return u128::MAX,
        };
    }
    result
}

/// The tables of one game and their seat orders: who meets whom, and in which seats. Tables
/// are kept as their members only (a few bytes each), so that a big round robin costs little
/// before it plays.
#[derive(Clone, Debug)]
struct Block {
    /// The tables' members, `width` agents a table, one table after another.
    members: Vec<u32>,
    /// Agents a table.
    width: usize,
    /// The seat orders: order `r` seats member `orders[r][s]` of the table in seat `s`.
    orders: Vec<Vec<usize>>,
    /// The block's first fixture index.
    start: u64,
    /// The block's first group number.
    first_group: u64,
}

impl Block {
    fn tables(&self) -> u64 {
        self.members.len().checked_div(self.width).unwrap_or(0) as u64
    }

    fn orders(&self) -> u64 {
        self.orders.len() as u64
    }

    fn len(&self, openings: u64) -> u64 {
        self.tables() * openings * self.orders()
    }

    /// The agent in each seat of table `table` in seat order `order`.
    fn seating(&self, table: usize, order: usize) -> Vec<usize> {
        let members = &self.members[table * self.width..(table + 1) * self.width];
        self.orders[order]
            .iter()
            .map(|&s| members[s] as usize)
            .collect()
    }
}

/// The seat orders of a table of `seats` players: `seats` of them when it is even, twice as
/// many when odd ([`seat_orders`]).
fn order_count(seats: usize) -> u128 {
    if seats.is_multiple_of(2) {
        seats as u128
    } else {
        2 * seats as u128
    }
}

/// The tables of one game for `seats` players among `agents` agents, from fixture `start` and
/// group `first_group` on: each table of distinct agents in its seat orders (with a gauntlet,
/// each table holds exactly one of the first `k`), or, with fewer agents than seats, one table
/// of all of them in every covering seating.
fn game_block(
    agents: usize,
    seats: usize,
    gauntlet: Option<usize>,
    (start, first_group): (u64, u64),
) -> Block {
    let mut block = Block {
        members: Vec::new(),
        width: seats,
        orders: seat_orders(seats),
        start,
        first_group,
    };
    if agents < seats {
        if gauntlet.is_none() {
            block.members = (0..agents as u32).collect();
            block.width = agents;
            block.orders = covering_seatings(agents, seats);
        }
        return block;
    }
    match gauntlet {
        Some(k) => {
            let k = k.min(agents);
            let others: Vec<usize> = (k..agents).collect();
            for a in 0..k {
                each_combination(&others, seats - 1, |rest| {
                    block.members.push(a as u32);
                    block.members.extend(rest.iter().map(|&r| r as u32));
                });
            }
        }
        None => each_combination(&(0..agents).collect::<Vec<_>>(), seats, |table| {
            block.members.extend(table.iter().map(|&a| a as u32));
        }),
    }
    block
}

/// The number of games one game of `seats` players schedules per opening, without building
/// its tables.
fn games_per_opening(agents: usize, seats: usize, gauntlet: Option<usize>) -> u128 {
    let (n, k) = (agents as u128, seats as u128);
    if agents < seats {
        return match gauntlet {
            Some(_) => 0,
            None => covering_seatings(agents, seats).len() as u128,
        };
    }
    let tables = match gauntlet {
        Some(g) => {
            let g = (g as u128).min(n);
            g.saturating_mul(choose(n - g, k - 1))
        }
        None => choose(n, k),
    };
    tables.saturating_mul(order_count(seats))
}

/// The number of players of each game of `config` (2 for a spec the registry does not read:
/// checking it is [`crate::validate`]'s job).
pub fn seat_counts(config: &ArenaConfig) -> Vec<usize> {
    config
        .games
        .iter()
        .map(|spec| AnyGame::from_spec(spec).map_or(2, |game| game.player_count()))
        .collect()
}

/// The number of games `config`'s tournament schedules when its games seat `seats` players,
/// computed without building the schedule.
pub(crate) fn game_count(config: &ArenaConfig, seats: &[usize]) -> u128 {
    seats
        .iter()
        .map(|&k| games_per_opening(config.agents.len(), k, config.gauntlet))
        .fold(0u128, |sum, per| {
            sum.saturating_add(per.saturating_mul(config.openings as u128))
        })
}

/// Refuses a gauntlet that leaves a game's tables empty: a game for `k` players needs `k - 1`
/// opponents besides the gauntlet's agents.
pub(crate) fn check_tables(config: &ArenaConfig, seats: &[usize]) -> Result<(), ArenaError> {
    let Some(k) = config.gauntlet else {
        return Ok(());
    };
    for (spec, &count) in config.games.iter().zip(seats) {
        if games_per_opening(config.agents.len(), count, config.gauntlet) == 0 {
            return Err(ArenaError::config(format!(
                "bad --gauntlet `{k}`: `{spec}` seats {count} players, so each of the first {k} agents needs {} opponents after them ({} given); expected more agents or a smaller gauntlet",
                count - 1,
                config.agents.len().saturating_sub(k)
            )));
        }
    }
    Ok(())
}

/// Every game of a tournament, in a fixed order: for each game, table and opening, the table's
/// seat orders next to each other (for two players, a game and its colour-swapped twin).
/// Fixtures are computed from their index.
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
/// assert_eq!((a.seats.clone(), b.seats.clone()), (vec![0, 1], vec![1, 0]));
/// assert_eq!((a.opening, a.group), (b.opening, b.group));
///
/// // Rolit for three: one table of the three agents, in its six seat orders.
/// let rolit = ArenaConfig { games: vec!["rolit(players=3)".into()], ..config };
/// assert_eq!(Schedule::new(&rolit).len(), 6 * 2);
/// ```
#[derive(Clone, Debug)]
pub struct Schedule {
    blocks: Vec<Block>,
    openings: u64,
}

impl Schedule {
    /// The schedule of `config`'s tournament on registered games (their tables are listed,
    /// their games are not).
    pub fn new(config: &ArenaConfig) -> Schedule {
        Schedule::with_seats(config, &seat_counts(config))
    }

    /// The schedule of `config`'s tournament when its games seat `seats` players (one count
    /// per game): for games of your own, which the registry does not know.
    pub fn with_seats(config: &ArenaConfig, seats: &[usize]) -> Schedule {
        let openings = config.openings as u64;
        let mut blocks: Vec<Block> = Vec::with_capacity(seats.len());
        let (mut start, mut first_group) = (0, 0);
        for &count in seats {
            let block = game_block(
                config.agents.len(),
                count,
                config.gauntlet,
                (start, first_group),
            );
            start += block.len(openings);
            first_group += block.tables() * openings;
            blocks.push(block);
        }
        Schedule { blocks, openings }
    }

    /// The number of games.
    pub fn len(&self) -> u64 {
        self.blocks
            .last()
            .map_or(0, |b| b.start + b.len(self.openings))
    }

    /// Whether there are no games.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Game number `index` (below [`Schedule::len`]).
    pub fn fixture(&self, index: u64) -> Fixture {
        let game = self.blocks.partition_point(|b| b.start <= index) - 1;
        let block = &self.blocks[game];
        let local = index - block.start;
        let orders = block.orders();
        let (order, rest) = (local % orders, local / orders);
        let (opening, table) = (rest % self.openings, rest / self.openings);
        Fixture {
            index,
            game,
            seats: block.seating(table as usize, order as usize),
            opening: opening as usize,
            group: block.first_group + rest,
        }
    }

    /// Every game, in order.
    pub fn iter(&self) -> impl Iterator<Item = Fixture> + '_ {
        (0..self.len()).map(|i| self.fixture(i))
    }

    /// The games of game number `game`, in order (they are consecutive).
    pub fn iter_game(&self, game: usize) -> impl Iterator<Item = Fixture> + '_ {
        let block = &self.blocks[game];
        (block.start..block.start + block.len(self.openings)).map(|i| self.fixture(i))
    }
}

/// Which part of a tournament a run plays: the `index`-th of `count` disjoint parts (from 1),
/// so that a cluster's jobs play every game exactly once between them. Groups (a table and
/// opening in all its seat orders: for two players, both colours) are dealt round-robin, so
/// every shard gets its share of every game and table, and each seat order's twins with it.
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
        fixture.group % self.count == self.index - 1
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
        Pending::of_schedule(Schedule::new(config), config, done)
    }

    /// The games of `schedule` in `config`'s shard whose ids are not in `done`.
    pub fn of_schedule(schedule: Schedule, config: &ArenaConfig, done: HashSet<String>) -> Pending {
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
