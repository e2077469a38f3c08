//! A bounded load on a server over loopback: `clients` threads each send a fixed number of
//! requests, mostly state requests at positions along a random game and every few a short
//! search, while `busy_searchers` more threads keep searches running the whole time. Every
//! answer must be 200 or 503; the state requests' latencies are what a page feels while
//! every core searches. The load test and the `serve-load` benchmark both run it.

use crate::client;
use ply_registry::{with_game, AnyGame};
use ply_search::{Game, Rng};
use serde_json::json;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// What load to send.
#[derive(Clone, Debug)]
pub struct LoadPlan {
    /// Concurrent clients.
    pub clients: usize,
    /// Requests each client sends.
    pub requests_per_client: usize,
    /// Every this many requests of a client is a search (the others are state requests).
    pub search_every: usize,
    /// The game.
    pub game: String,
    /// The agent of the clients' short searches.
    pub search_agent: String,
    /// Threads that keep searches running for the whole load (each a search after another).
    pub busy_searchers: usize,
    /// The agent of those searches.
    pub busy_agent: String,
    /// Each client's pause after each answer, in milliseconds (0: the next request at once,
    /// the server saturated; a person clicking pauses far longer).
    pub think_ms: u64,
}

impl Default for LoadPlan {
    fn default() -> Self {
        LoadPlan {
            clients: 50,
            requests_per_client: 40,
            search_every: 5,
            game: "isolation".into(),
            search_agent: "alphabeta(depth=3)".into(),
            busy_searchers: 2,
            busy_agent: "alphabeta(time=300ms)".into(),
            think_ms: 0,
        }
    }
}

/// What came back.
#[derive(Clone, Debug, Default)]
pub struct LoadReport {
    /// Requests sent by the clients (the busy searchers' are not counted).
    pub sent: usize,
    /// Answered 200.
    pub ok: usize,
    /// Answered 503 (every slot busy).
    pub busy: usize,
    /// Anything else: status and body (should stay empty).
    pub failed: Vec<(u16, String)>,
    /// The state requests' latencies in milliseconds, sorted.
    pub state_ms: Vec<f64>,
    /// Searches answered 200 (clients' and busy searchers').
    pub searches_done: usize,
    /// The load's wall time in seconds.
    pub seconds: f64,
}

impl LoadReport {
    /// The `q`-quantile of the state latencies (0.5 the median), in milliseconds.
    pub fn state_quantile(&self, q: f64) -> f64 {
        if self.state_ms.is_empty() {
            return 0.0;
        }
        let i = ((self.state_ms.len() - 1) as f64 * q).round() as usize;
        self.state_ms[i]
    }
}

/// The move lists of the positions the clients ask about: every prefix of seeded random games.
fn positions(game: &str) -> Vec<Vec<String>> {
    let start = AnyGame::from_spec(game).expect("the load's game spec is valid");
    with_game!(start, start => random_lines(&start))
}

fn random_lines<G: Game>(start: &G) -> Vec<Vec<String>> {
    let mut rng = Rng::new(2026);
    let mut lines = Vec::new();
    for _ in 0..4 {
        let mut state = start.clone();
        let mut line: Vec<String> = Vec::new();
        while !state.is_terminal() {
            lines.push(line.clone());
            let moves = state.legal_moves();
            let mv = moves[rng.below(moves.len() as u64) as usize];
            line.push(state.format_move(mv));
            state = state.play(mv);
        }
    }
    lines
}

/// Sends the load to `addr` and reports what came back.
pub fn run(addr: SocketAddr, plan: &LoadPlan) -> LoadReport {
    let lines = positions(&plan.game);
    let report = Mutex::new(LoadReport::default());
    let done = AtomicBool::new(false);
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..plan.busy_searchers {
            scope.spawn(|| {
                while !done.load(Ordering::Relaxed) {
                    let body =
                        json!({"game": plan.game, "moves": lines[3], "agent": plan.busy_agent});
                    if let Ok(reply) = client::post(addr, "/api/search", &body) {
                        if reply.status == 200 {
                            report.lock().unwrap().searches_done += 1;
                        }
                    }
                }
            });
        }
        let clients: Vec<_> = (0..plan.clients)
            .map(|c| {
                let (lines, report) = (&lines, &report);
                scope.spawn(move || {
                    // Pauses vary from half to one and a half times think_ms (people do not click
                    // in step); the first one staggers the clients' starts.
                    let mut rng = Rng::new(c as u64 + 1);
                    for r in 0..plan.requests_per_client {
                        if plan.think_ms > 0 {
                            let pause = plan.think_ms / 2 + rng.below(plan.think_ms + 1);
                            let pause = if r == 0 { rng.below(plan.think_ms + 1) } else { pause };
                            std::thread::sleep(std::time::Duration::from_millis(pause));
                        }
                        let moves = &lines[(c * 31 + r * 7) % lines.len()];
                        let search = plan.search_every > 0 && r % plan.search_every == plan.search_every - 1;
                        let sent = Instant::now();
                        let reply = if search {
                            client::post(addr, "/api/search", &json!({"game": plan.game, "moves": moves, "agent": plan.search_agent}))
                        } else {
                            client::post(addr, "/api/state", &json!({"game": plan.game, "moves": moves}))
                        };
                        let ms = sent.elapsed().as_secs_f64() * 1e3;
                        let mut report = report.lock().unwrap();
                        report.sent += 1;
                        match reply {
                            Ok(reply) if reply.status == 200 => {
                                report.ok += 1;
                                if search {
                                    report.searches_done += 1;
                                } else {
                                    report.state_ms.push(ms);
                                }
                            }
                            Ok(reply) if reply.status == 503 => report.busy += 1,
                            Ok(reply) => report.failed.push((reply.status, reply.body)),
                            Err(e) => report.failed.push((0, e.to_string())),
                        }
                    }
                })
            })
            .collect();
        for client in clients {
            client.join().expect("a load client does not panic");
        }
        done.store(true, Ordering::Relaxed);
    });
    let mut report = report.into_inner().unwrap();
    report.seconds = started.elapsed().as_secs_f64();
    report.state_ms.sort_by(f64::total_cmp);
    report
}

/// A process's thread count and resident memory in KiB, from `/proc` (Linux; `None`
/// elsewhere): what the load test and benchmark compare before and after the load.
pub fn process_status(pid: u32) -> Option<(u64, u64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
    };
    Some((field("Threads:")?, field("VmRSS:")?))
}
