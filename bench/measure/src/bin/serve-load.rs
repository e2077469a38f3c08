//! The `ply serve` load benchmark: starts the release `ply serve` on a free loopback port,
//! sends it a bounded load (50 clients, state requests mixed with short searches, two more
//! clients keeping searches running throughout) and prints what came back: answers, 503s,
//! the state requests' median and p99 latency while searches run, and the server's threads
//! and memory before and after.
//!
//! `cargo build --release && cargo run --release -p ply-bench --bin serve-load`
//! (options: `--ply PATH`, `--clients N`, `--requests N` per client, `--busy N` searchers,
//! `--think MS` each client's pause between requests).

use ply_serve::load::{process_status, run, LoadPlan};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

fn main() {
    let mut args = std::env::args().skip(1);
    let mut ply = "target/release/ply".to_string();
    let mut plan = LoadPlan::default();
    while let Some(flag) = args.next() {
        let mut value = || {
            args.next()
                .unwrap_or_else(|| fail(&format!("{flag} needs a value")))
        };
        match flag.as_str() {
            "--ply" => ply = value(),
            "--clients" => plan.clients = number(&value()),
            "--requests" => plan.requests_per_client = number(&value()),
            "--busy" => plan.busy_searchers = number(&value()),
            "--think" => plan.think_ms = number(&value()) as u64,
            other => fail(&format!("unknown option `{other}`: expected --ply, --clients, --requests, --busy or --think")),
        }
    }
    let mut server = Command::new(&ply)
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| {
            fail(&format!(
                "cannot start `{ply}`: {e} (build it: cargo build --release)"
            ))
        });
    let mut line = String::new();
    BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| fail(&format!("no address in {line:?}")));
    // Warm up, then the baseline.
    let warm = LoadPlan {
        clients: 4,
        requests_per_client: 10,
        busy_searchers: 0,
        ..plan.clone()
    };
    run(addr, &warm);
    std::thread::sleep(Duration::from_millis(500));
    let before = process_status(server.id());
    let report = run(addr, &plan);
    std::thread::sleep(Duration::from_secs(2));
    let after = process_status(server.id());
    let _ = server.kill();
    let _ = server.wait();
    println!(
        "{} clients x {} requests (a search every {}, {} ms between requests), {} busy searchers ({}), on {}",
        plan.clients, plan.requests_per_client, plan.search_every, plan.think_ms, plan.busy_searchers, plan.busy_agent, plan.game
    );
    println!(
        "answered {} of {}: {} ok, {} busy (503), {} failed, in {:.2} s; {} searches done",
        report.ok + report.busy,
        report.sent,
        report.ok,
        report.busy,
        report.failed.len(),
        report.seconds,
        report.searches_done
    );
    println!(
        "state requests while searching: median {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} requests)",
        report.state_quantile(0.5),
        report.state_quantile(0.99),
        report.state_quantile(1.0),
        report.state_ms.len()
    );
    if let (Some(b), Some(a)) = (before, after) {
        println!(
            "server threads {} -> {}, memory {} KiB -> {} KiB",
            b.0, a.0, b.1, a.1
        );
    }
}

fn number(text: &str) -> usize {
    text.parse()
        .unwrap_or_else(|_| fail(&format!("bad number `{text}`")))
}

fn fail(message: &str) -> ! {
    eprintln!("serve-load: {message}");
    std::process::exit(2)
}
