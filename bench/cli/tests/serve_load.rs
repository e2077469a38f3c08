//! A bounded load on the real server over loopback: 50 concurrent clients send 1,000
//! requests, state requests mixed with short searches, while two more keep searches running
//! the whole time. Every request is answered (200, or 503 when every slot is busy), and the
//! server's threads and memory come back to where they were. The latencies are printed, not
//! asserted: BENCHMARKS.md records them from the `serve-load` benchmark.

mod common;

use common::server::Server;
use ply_serve::client::post;
use ply_serve::load::{process_status, run, LoadPlan};
use serde_json::json;
use std::time::{Duration, Instant};

#[test]
fn fifty_clients_are_all_answered_and_the_server_returns_to_its_baseline() {
    let server = Server::start(&[]);
    // Warm up: a search and a few states, so that the runtime's threads all exist.
    for agent in ["alphabeta(depth=3)", "mcts(iterations=500)"] {
        let reply = post(
            server.addr,
            "/api/search",
            &json!({"game": "isolation", "agent": agent}),
        )
        .unwrap();
        assert_eq!(reply.status, 200);
    }
    std::thread::sleep(Duration::from_millis(300));
    let before = process_status(server.pid());

    let plan = LoadPlan {
        clients: 50,
        requests_per_client: 20,
        busy_agent: "alphabeta(time=200ms)".into(),
        ..LoadPlan::default()
    };
    let report = run(server.addr, &plan);
    assert!(
        report.failed.is_empty(),
        "failed: {:?}",
        &report.failed[..report.failed.len().min(3)]
    );
    assert_eq!(report.sent, 1_000);
    assert_eq!(report.ok + report.busy, report.sent);
    assert!(
        report.state_ms.len() >= 700,
        "{} state answers",
        report.state_ms.len()
    );
    assert!(report.searches_done > 0);
    eprintln!(
        "{} requests in {:.2} s: {} ok, {} busy (503); state p50 {:.2} ms, p99 {:.2} ms; {} searches",
        report.sent, report.seconds, report.ok, report.busy,
        report.state_quantile(0.5), report.state_quantile(0.99), report.searches_done
    );

    // Back to the baseline: no search left, the search threads gone, the memory given back.
    let settled = Instant::now();
    let after = loop {
        let now = process_status(server.pid());
        let idle = post(server.addr, "/api/state", &json!({"game": "isolation"})).is_ok()
            && ply_serve::client::get(server.addr, "/api/status")
                .unwrap()
                .json()["searches_running"]
                == 0;
        if idle && now.map(|n| n.0) == before.map(|b| b.0)
            || settled.elapsed() > Duration::from_secs(5)
        {
            break now;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    if let (Some((threads_before, rss_before)), Some((threads_after, rss_after))) = (before, after)
    {
        eprintln!("threads {threads_before} -> {threads_after}, memory {rss_before} KiB -> {rss_after} KiB");
        assert_eq!(threads_after, threads_before, "search threads left behind");
        assert!(
            rss_after < rss_before + 64 * 1024,
            "memory grew from {rss_before} KiB to {rss_after} KiB"
        );
    }
}
