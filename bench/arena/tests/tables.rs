//! Tournaments for more than two players: balanced seat orders, every mix of two agents at
//! three seats, records with each player's points, a faulty seat that loses while the others
//! share the win, shards that keep a table's seat orders together, and standings by seat.

use ply_arena::record::{standings, GameRecord, Tally};
use ply_arena::schedule::seat_orders;
use ply_arena::{
    play_game, run, validate, ArenaConfig, ArenaError, Choice, EndReason, GameRules, Pending,
    Schedule, Seat, Shard,
};
use ply_othello::Rolit;
use ply_search::Game;
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::sync::Mutex;
use std::time::Duration;

fn config(game: &str, agents: &[&str]) -> ArenaConfig {
    ArenaConfig {
        games: vec![game.into()],
        agents: agents.iter().map(|a| a.to_string()).collect(),
        openings: 2,
        threads: 2,
        ..ArenaConfig::default()
    }
}

const NAMES: [&str; 7] = [
    "random(seed=1)",
    "random(seed=2)",
    "random(seed=3)",
    "random(seed=4)",
    "random(seed=5)",
    "random(seed=6)",
    "random(seed=7)",
];

#[test]
fn williams_squares_balance_seats_and_who_follows_whom() {
    for k in 2..=6 {
        let rows = seat_orders(k);
        assert_eq!(rows.len(), if k % 2 == 0 { k } else { 2 * k }, "{k}");
        let mut in_seat = BTreeMap::new();
        let mut follows = BTreeMap::new();
        for row in &rows {
            assert_eq!(row.iter().collect::<BTreeSet<_>>().len(), k, "{row:?}");
            for (seat, &player) in row.iter().enumerate() {
                *in_seat.entry((player, seat)).or_insert(0) += 1;
            }
            for pair in row.windows(2) {
                *follows.entry((pair[0], pair[1])).or_insert(0) += 1;
            }
        }
        let times = rows.len() / k;
        assert!(in_seat.values().all(|&n| n == times), "{k}: {in_seat:?}");
        assert_eq!(in_seat.len(), k * k);
        // Each player moves right after each other one (seat s, then s + 1) equally often:
        // once in the square of an even table, twice in the two of an odd one.
        assert_eq!(follows.len(), k * (k - 1), "{k}: {follows:?}");
        assert!(follows.values().all(|&n| n == times), "{k}: {follows:?}");
    }
}

#[test]
fn every_agent_sits_in_every_seat_equally_often() {
    for (game, agents) in [
        ("rolit(players=3)", 3),
        ("rolit(players=3)", 5),
        ("rolit(players=4)", 4),
        ("chinese-checkers(players=4)", 6),
        ("chinese-checkers(players=6)", 7),
        ("rolit(players=4)", 2),
        ("rolit(players=4)", 3),
    ] {
        let config = config(game, &NAMES[..agents]);
        let schedule = Schedule::new(&config);
        assert_eq!(
            schedule.len() as u128,
            config.game_count(),
            "{game} {agents}"
        );
        let mut in_seat = BTreeMap::new();
        let mut groups: BTreeMap<u64, Vec<Vec<usize>>> = BTreeMap::new();
        for fixture in schedule.iter() {
            for (seat, &agent) in fixture.seats.iter().enumerate() {
                *in_seat.entry((agent, seat)).or_insert(0u64) += 1;
            }
            groups
                .entry(fixture.group)
                .or_default()
                .push(fixture.seats.clone());
        }
        let counts: BTreeSet<_> = in_seat.values().collect();
        assert_eq!(counts.len(), 1, "{game} {agents}: {in_seat:?}");
        // The seat orders of a group are one table's members, each in each seat equally often.
        for rows in groups.values() {
            let members: BTreeSet<usize> = rows[0].iter().copied().collect();
            assert!(rows
                .iter()
                .all(|r| r.iter().copied().collect::<BTreeSet<_>>() == members));
        }
    }
}

#[test]
fn two_agents_at_three_seats_play_every_mix_of_the_two() {
    let config = config("rolit(players=3)", &NAMES[..2]);
    let seatings: BTreeSet<Vec<usize>> = Schedule::new(&config).iter().map(|f| f.seats).collect();
    let expected: BTreeSet<Vec<usize>> = [
        [0, 0, 1],
        [0, 1, 0],
        [1, 0, 0],
        [0, 1, 1],
        [1, 0, 1],
        [1, 1, 0],
    ]
    .iter()
    .map(|s| s.to_vec())
    .collect();
    assert_eq!(seatings, expected);
    // Schadd and Winands' 2^4 - 2 = 14 seatings at four.
    let four = ArenaConfig {
        openings: 1,
        ..self::config("rolit(players=4)", &NAMES[..2])
    };
    assert_eq!(Schedule::new(&four).len(), 14);
}

#[test]
fn a_gauntlet_at_a_table_of_four_needs_three_opponents() {
    let mut config = config("rolit(players=4)", &NAMES[..4]);
    config.gauntlet = Some(2);
    assert_eq!(
        validate(&config).unwrap_err().to_string(),
        "bad --gauntlet `2`: `rolit(players=4)` seats 4 players, so each of the first 2 agents needs 3 opponents after them (2 given); expected more agents or a smaller gauntlet"
    );
    config.gauntlet = Some(1);
    validate(&config).unwrap();
    // Agent 0 at every table with three of the other three: one table, four orders.
    let schedule = Schedule::new(&config);
    assert_eq!(schedule.len(), 4 * 2);
    assert!(schedule.iter().all(|f| f.seats.contains(&0)));
}

#[test]
fn the_two_sided_negamax_agents_are_refused_for_a_table_of_three() {
    let config = config("rolit(players=3)", &["alphabeta", "greedy"]);
    let error = validate(&config).unwrap_err().to_string();
    assert!(error.starts_with("bad agent `alphabeta`"), "{error}");
}

fn tournament(config: &ArenaConfig) -> Vec<GameRecord> {
    validate(config).unwrap();
    let records = Mutex::new(Vec::new());
    run(config, &Pending::all(config), &|r| {
        records.lock().unwrap().push(r)
    })
    .unwrap();
    let mut records = records.into_inner().unwrap();
    records.sort_by(|a, b| a.id.cmp(&b.id));
    records
}

#[test]
fn a_tournament_for_three_records_each_players_points_and_scores_each_seat() {
    let agents = ["greedy", "maxn(depth=1)", "random(seed=4)"];
    let config = config("rolit(players=3,size=6)", &agents);
    let records = tournament(&config);
    assert_eq!(records.len(), 6 * 2);
    for r in &records {
        assert_eq!(r.players.len(), 3);
        assert_eq!(r.points.len(), 3);
        assert!((r.points.iter().sum::<f64>() - 1.0).abs() < 1e-12, "{r:?}");
        assert_eq!(r.movers.len(), r.times_ms.len());
        // The points follow the winner: 1 for it, or a third each on a draw.
        match r.winner {
            Some(w) => assert_eq!(r.points[w], 1.0),
            None => assert!(r.points.iter().all(|&p| (p - 1.0 / 3.0).abs() < 1e-12)),
        }
    }
    let table = standings(&records, &config.agents, None);
    assert_eq!(table.games, 12);
    let total: f64 = table
        .agents
        .iter()
        .map(|a| a.score * a.record.games() as f64)
        .sum();
    assert!((total - 12.0).abs() < 1e-9);
    for a in &table.agents {
        assert_eq!(a.record.games(), 12);
        assert!((a.par - 1.0 / 3.0).abs() < 1e-12);
        // Each agent sat in each seat in 4 games.
        assert_eq!(
            a.seats.iter().map(|s| s.games).collect::<Vec<_>>(),
            [4, 4, 4]
        );
        let by_seat: f64 = a.seats.iter().map(|s| s.points).sum();
        assert!((by_seat - a.score * 12.0).abs() < 1e-9);
    }
    assert_eq!(table.tables.len(), 1);
    assert_eq!(table.tables[0].games, 12);
    let text = table.to_string();
    assert!(
        text.contains("Elo (PL, 95%)") && text.contains("score by seat"),
        "{text}"
    );
}

#[test]
fn shards_keep_a_tables_seat_orders_together_and_cover_the_tournament() {
    let config = config("chinese-checkers(players=4)", &NAMES[..5]);
    let whole: HashSet<u64> = Schedule::new(&config).iter().map(|f| f.index).collect();
    let mut seen = HashSet::new();
    for k in 1..=3 {
        let shard = ArenaConfig {
            shard: Shard { index: k, count: 3 },
            ..config.clone()
        };
        let pending = Pending::all(&shard);
        let mut groups: BTreeMap<u64, usize> = BTreeMap::new();
        for f in pending.iter(&shard) {
            assert!(seen.insert(f.index), "game {} in two shards", f.index);
            *groups.entry(f.group).or_default() += 1;
        }
        // Every group whole: four seat orders of a table of four.
        assert!(groups.values().all(|&n| n == 4), "{groups:?}");
    }
    assert_eq!(seen, whole);
}

/// A seat that panics at its first move.
struct Breaks;

impl Seat<Rolit> for Breaks {
    fn choose(&mut self, _state: &Rolit) -> Result<Choice<u8>, ArenaError> {
        panic!("the seat broke")
    }
}

/// A seat that plays the first legal move.
struct First;

impl Seat<Rolit> for First {
    fn choose(&mut self, state: &Rolit) -> Result<Choice<u8>, ArenaError> {
        Ok(Choice::Play {
            mv: state.legal_moves().first().copied(),
            nodes: 0,
            score: None,
        })
    }
}

#[test]
fn a_seat_that_fails_scores_nothing_and_the_others_share_the_win() {
    let start = Rolit::from_spec("rolit(players=3)").unwrap();
    let rules = GameRules {
        move_time: None,
        tolerance: Duration::ZERO,
        max_plies: 1_000,
        dice_seed: 0,
    };
    let (mut a, mut b, mut c) = (First, Breaks, First);
    let _quiet = ply_arena::QuietAgentPanics::install();
    let game = play_game(
        &start,
        &[],
        &mut [&mut a, &mut b, &mut c],
        &rules,
        &mut |_| {},
    )
    .unwrap();
    assert_eq!(game.reason, EndReason::Panic);
    assert_eq!((game.winner, game.faulted), (None, Some(1)));
    assert_eq!(game.points, [0.5, 0.0, 0.5]);
    assert_eq!(game.movers, [0]);
    // The standings count the forfeit against the agent in seat 1.
    let agents: Vec<String> = ["first", "breaks", "also-first"].map(String::from).to_vec();
    let record = GameRecord::of_game(
        "g".into(),
        "rolit(players=3)".into(),
        agents.clone(),
        game,
        Duration::ZERO,
    );
    let mut tally = Tally::new(&agents);
    assert!(tally.add(&record));
    let table = tally.standings(None);
    assert_eq!(
        table.agents.iter().map(|a| a.forfeits).collect::<Vec<_>>(),
        [0, 1, 0]
    );
    assert_eq!(table.agents[0].record.draws, 1);
    assert_eq!(table.agents[1].record.losses, 1);
    // One seat too few is refused, not played.
    let short = play_game(
        &start,
        &[],
        &mut [&mut First, &mut First],
        &rules,
        &mut |_| {},
    );
    assert_eq!(
        short.unwrap_err().to_string(),
        "bad seats: 2 for a game of 3 players; expected one seat per player"
    );
}

#[test]
fn a_round_robin_of_thirty_agents_at_six_seats_is_computed_not_listed() {
    let names: Vec<String> = (0..30).map(|i| format!("random(seed={i})")).collect();
    let config = ArenaConfig {
        games: vec!["chinese-checkers(players=6)".into()],
        agents: names,
        openings: 1,
        ..ArenaConfig::default()
    };
    // 30 choose 6 tables, six seat orders each.
    let schedule = Schedule::new(&config);
    assert_eq!(schedule.len(), 593_775 * 6);
    assert_eq!(config.game_count(), 593_775 * 6);
    let last = schedule.fixture(schedule.len() - 1);
    let mut members = last.seats.clone();
    members.sort_unstable();
    assert_eq!(members, [24, 25, 26, 27, 28, 29]);
    assert_eq!(schedule.fixture(0).seats, [0, 1, 5, 2, 4, 3]);
}
