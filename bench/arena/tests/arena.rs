//! The arena as a library: colour-swapped pairings, and faults (panics, illegal moves,
//! timeouts) that lose one game and never stop the tournament.

use ply_arena::record::standings;
use ply_arena::{
    run_game_fixtures, ArenaConfig, ArenaError, EndReason, GameRecord, Pending, Schedule, Seat,
};
use ply_isolation::{Isolation, Move, Variant};
use ply_search::NotationError;
use ply_search::{Agent, Game, RandomPlayer, SearchAgent, SearchResult, Stats};
use std::sync::Mutex;
use std::time::Duration;

/// Test agents: `panic` panics on its second move, `illegal` plays a closed cell, `slow` takes
/// 40 ms per move; anything else plays randomly.
struct Faulty {
    kind: String,
    moves: u32,
}

impl Agent<Isolation> for Faulty {
    fn name(&self) -> &str {
        &self.kind
    }
    fn select_move(&mut self, state: &Isolation) -> SearchResult<Move> {
        self.moves += 1;
        let legal = state.legal_moves();
        let mv = match self.kind.as_str() {
            "panic" if self.moves == 2 => panic!("the agent broke"),
            "illegal" => state.locs()[0].map(Move).or(Some(Move(0))),
            "slow" => {
                std::thread::sleep(Duration::from_millis(40));
                Some(legal[0])
            }
            _ => Some(legal[0]),
        };
        SearchResult {
            best_move: mv,
            score: 0,
            pv: vec![],
            stats: Stats::default(),
        }
    }
}

fn factory(spec: &str) -> Result<Box<dyn Agent<Isolation>>, NotationError> {
    Ok(match spec {
        "random" => Box::new(SearchAgent::new(
            "random",
            RandomPlayer::new(1),
            ply_search::Limits::none(),
        )),
        other => Box::new(Faulty {
            kind: other.to_string(),
            moves: 0,
        }),
    })
}

fn play(config: &ArenaConfig) -> Vec<GameRecord> {
    let start = Isolation::new(Variant::get(5, 5, ply_isolation::Rules::Standard).unwrap());
    let pending = Pending::all(config);
    let records = Mutex::new(Vec::new());
    let seats = |i: usize| -> Result<Box<dyn Seat<Isolation>>, ArenaError> {
        Ok(Box::new(factory(&config.agents[i])?))
    };
    run_game_fixtures(
        &start,
        0,
        config,
        &pending,
        &seats,
        &|r| records.lock().unwrap().push(r),
        None,
    )
    .unwrap();
    records.into_inner().unwrap()
}

fn config(agents: &[&str]) -> ArenaConfig {
    ArenaConfig {
        games: vec!["isolation(width=5,height=5,rules=standard)".into()],
        agents: agents.iter().map(|a| a.to_string()).collect(),
        openings: 3,
        threads: 2,
        ..ArenaConfig::default()
    }
}

#[test]
fn every_opening_is_played_with_both_colours() {
    let c = config(&["random", "first", "second"]);
    let records = play(&c);
    assert_eq!(records.len(), 3 * 3 * 2);
    for r in &records {
        let twin = records
            .iter()
            .find(|o| {
                o.players == [r.players[1].clone(), r.players[0].clone()] && o.opening == r.opening
            })
            .expect("the colour-swapped twin");
        assert_ne!(twin.id, r.id);
    }
    // A gauntlet: the first agent against each of the others only.
    let g = ArenaConfig {
        gauntlet: Some(1),
        ..c
    };
    assert_eq!(Schedule::new(&g).len(), 2 * 3 * 2);
}

#[test]
fn a_panicking_or_illegal_agent_forfeits_and_the_tournament_goes_on() {
    let c = config(&["random", "panic", "illegal"]);
    let records = play(&c);
    assert_eq!(records.len(), 18, "every game was played");
    let table = standings(&records, &c.agents, None);
    let by_name = |n: &str| table.agents.iter().find(|a| a.agent == n).unwrap();
    // The panicking agent loses every game in which it reaches its second move.
    assert!(by_name("panic").forfeits >= 6, "{:?}", by_name("panic"));
    assert_eq!(
        by_name("illegal").forfeits,
        12,
        "every game of the illegal agent"
    );
    assert_eq!(by_name("random").forfeits, 0);
    let panic_game = records
        .iter()
        .find(|r| r.reason == EndReason::Panic)
        .unwrap();
    assert_eq!(panic_game.detail.as_deref(), Some("the agent broke"));
    let illegal = records
        .iter()
        .find(|r| r.reason == EndReason::Illegal)
        .unwrap();
    assert!(illegal
        .detail
        .as_deref()
        .unwrap()
        .starts_with("illegal move"));
}

#[test]
fn an_agent_over_the_time_control_loses_on_time() {
    let c = ArenaConfig {
        move_time: Some(Duration::from_millis(5)),
        tolerance: Duration::from_millis(5),
        ..config(&["random", "slow"])
    };
    let records = play(&c);
    let table = standings(&records, &c.agents, None);
    let slow = table.agents.iter().find(|a| a.agent == "slow").unwrap();
    assert_eq!(slow.timeouts, 6, "every game: its first move is too slow");
    assert_eq!(slow.record.losses, 6);
    assert!(slow.ms_per_move >= 40.0);
    assert!(records.iter().all(|r| r.reason == EndReason::Timeout));
}
