//! Searches, solves and traces as jobs: prepared and checked on the async side (so a bad
//! request is answered 4xx at once, busy or not), then run on a thread of their own holding a
//! slot, stopped at the time cap or when their client goes away.

use crate::error::ApiError;
use crate::view::line_cells;
use crate::App;
use axum::http::StatusCode;
use ply_registry::Prebuilt;
use ply_search::agents::parse_size;
use ply_search::cells::move_cells;
use ply_search::describe::FrontEndGame;
use ply_search::progress::{Observer, Progress};
use ply_search::{Spec, StopFlag};
use ply_view::search_json;
use serde_json::{json, Value};
use std::sync::Arc;
use tokio::sync::{oneshot, OwnedSemaphorePermit};

/// Where a live search sends its events: `(event name, data)`.
pub type Events = tokio::sync::mpsc::UnboundedSender<(&'static str, Value)>;

/// A prepared piece of work: given its stop flag and (for a live search) where to send
/// progress, it computes the answer.
pub type Job = Box<dyn FnOnce(StopFlag, Option<Events>) -> Result<Value, ApiError> + Send>;

/// Runs `job` on a new thread holding `permit`; raises `stop` at the server's time cap. The
/// answer arrives on the returned channel.
pub fn spawn_job(
    app: &Arc<App>,
    permit: OwnedSemaphorePermit,
    job: Job,
    stop: StopFlag,
    events: Option<Events>,
) -> oneshot::Receiver<Result<Value, ApiError>> {
    let (done_tx, done_rx) = oneshot::channel();
    let (answer_tx, answer_rx) = oneshot::channel();
    let flag = stop.clone();
    let spawned = std::thread::Builder::new()
        .name("ply-serve-search".into())
        .spawn(move || {
            lower_priority();
            let answer =
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job(flag, events)))
                    .unwrap_or_else(|payload| {
                        let why = payload
                            .downcast_ref::<String>()
                            .cloned()
                            .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                            .unwrap_or_else(|| "a panic".into());
                        Err(ApiError::new(
                            StatusCode::INTERNAL_SERVER_ERROR,
                            format!("the search failed: {why}"),
                        ))
                    });
            give_back_memory();
            drop(permit);
            let _ = done_tx.send(answer);
        });
    let max_time = app.config.max_time;
    match spawned {
        Ok(_) => {
            tokio::spawn(async move {
                let mut done = done_rx;
                let answer = tokio::select! {
                    answer = &mut done => answer,
                    _ = tokio::time::sleep(max_time) => {
                        stop.stop();
                        done.await
                    }
                };
                let _ = answer_tx.send(answer.unwrap_or_else(|_| {
                    Err(ApiError::new(
                        StatusCode::INTERNAL_SERVER_ERROR,
                        "the search thread ended without an answer",
                    ))
                }));
            });
        }
        Err(e) => {
            let _ = answer_tx.send(Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!("cannot start a search thread: {e}"),
            )));
        }
    }
    answer_rx
}

/// Lowers the calling thread's scheduling priority (nice 10), so that when every core is
/// searching, the runtime threads answering pages still get the CPU first: a search loses a
/// few percent, a page request does not wait for a time slice.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn lower_priority() {
    // SAFETY: setpriority only reads its integer arguments; on Linux, PRIO_PROCESS with
    // who = 0 is the calling thread. A failure leaves the priority as it was, which is fine.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, 10);
    }
}

#[cfg(not(target_os = "linux"))]
fn lower_priority() {}

/// Returns the memory a finished search freed (its table, its tree) to the system. glibc
/// keeps large freed blocks in the freeing thread's arena once it has seen one freed, so
/// without this a server that ran many searches holds hundreds of MiB it no longer uses.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
fn give_back_memory() {
    // SAFETY: malloc_trim only walks the allocator's own free lists; it takes no pointers.
    unsafe {
        libc::malloc_trim(0);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn give_back_memory() {}

/// Waits for a job's answer.
pub async fn answer(rx: oneshot::Receiver<Result<Value, ApiError>>) -> Result<Value, ApiError> {
    rx.await.unwrap_or_else(|_| {
        Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the search ended without an answer",
        ))
    })
}

/// Refuses agent specs that would take more than the server gives one search: a table above
/// `--max-tt`, a node or iteration limit above `--max-nodes`, more threads than cores. (Time
/// needs no check: every search is stopped at `--max-time`.)
pub fn check_agent_caps(app: &App, agent: &str) -> Result<(), ApiError> {
    let mut spec = Spec::parse(agent)?;
    let caps = &app.config;
    // A search's memory: the alpha-beta engine's table, MCTS's tree.
    for key in ["tt", "memory"] {
        if let Some(bytes) = spec.take(key).and_then(|v| parse_size(&v)) {
            if bytes > caps.max_tt {
                return Err(ApiError::bad_request(format!(
                    "bad agent `{agent}`: {key}= above this server's cap; expected at most {} MiB (ply serve --max-tt)",
                    caps.max_tt >> 20
                )));
            }
        }
    }
    for key in ["nodes", "iterations"] {
        if let Some(n) = spec.take(key).and_then(|v| v.parse::<u64>().ok()) {
            if n > caps.max_nodes {
                return Err(ApiError::bad_request(format!(
                    "bad agent `{agent}`: {key}={n} is above this server's cap; expected at most {} (ply serve --max-nodes)",
                    caps.max_nodes
                )));
            }
        }
    }
    if let Some(n) = spec.take("threads").and_then(|v| v.parse::<usize>().ok()) {
        if n > caps.cores {
            return Err(ApiError::bad_request(format!(
                "bad agent `{agent}`: threads={n}; expected at most {} (this machine's cores)",
                caps.cores
            )));
        }
    }
    Ok(())
}

/// A search by `agent` on `state`. Its answer is `ply search --json`'s object plus the cells
/// of its principal variation (`pv_cells`); with events, it also streams `iteration` and
/// `root` reports as it goes.
pub fn search_job<G: Prebuilt>(state: G, agent: &str) -> Result<Job, ApiError> {
    if state.is_terminal() {
        return Err(ApiError::game_over(&state.position()));
    }
    let mut searcher = G::build_agent(agent)?;
    let name = agent.to_string();
    Ok(Box::new(move |stop, events| {
        searcher.set_stop(Some(stop));
        if let Some(events) = events {
            let observed = state.clone();
            let searched = std::sync::atomic::AtomicU64::new(0);
            searcher.set_observer(Some(Observer::new(move |progress| {
                let _ = events.send(progress_event(&observed, progress, &searched));
            })));
        }
        let result = searcher.select_move(&state);
        let mut json = search_json(&state, &name, &result);
        json["pv_cells"] = json!(line_cells(&state, &state.format_line(&result.pv)));
        Ok(json)
    }))
}

/// A live report as an event: an `iteration` with the PV's cells and the nodes of all
/// iterations so far (`searched`), or the MCTS `root` with each move's visit share, mean and
/// cell.
fn progress_event<G: FrontEndGame>(
    state: &G,
    progress: &Progress,
    searched: &std::sync::atomic::AtomicU64,
) -> (&'static str, Value) {
    match progress {
        Progress::Iteration(row) => {
            let secs = (row.time_us as f64 / 1e6).max(1e-9);
            let total =
                row.nodes + searched.fetch_add(row.nodes, std::sync::atomic::Ordering::Relaxed);
            (
                "iteration",
                json!({
                    "depth": row.depth,
                    "score": row.score,
                    "score_text": ply_search::score::describe(row.score),
                    "nodes": row.nodes,
                    "total_nodes": total,
                    "time_ms": row.time_us as f64 / 1e3,
                    "nodes_per_second": total as f64 / secs,
                    "pv": row.pv,
                    "pv_cells": line_cells(state, &row.pv),
                }),
            )
        }
        Progress::Root {
            iterations,
            time_us,
            children,
        } => {
            let total: u64 = children.iter().map(|c| c.visits as u64).sum::<u64>().max(1);
            let moves: Vec<Value> = children
                .iter()
                .map(|c| {
                    let cells = state
                        .parse_move(&c.mv)
                        .ok()
                        .and_then(|mv| move_cells(state, mv));
                    json!({
                        "move": c.mv,
                        "visits": c.visits,
                        "share": c.visits as f64 / total as f64,
                        "mean": c.mean,
                        "proven": c.proven,
                        "from": cells.and_then(|m| m.from),
                        "to": cells.map(|m| m.to),
                    })
                })
                .collect();
            (
                "root",
                json!({
                    "iterations": iterations,
                    "time_ms": *time_us as f64 / 1e3,
                    "iterations_per_second": *iterations as f64 / (*time_us as f64 / 1e6).max(1e-9),
                    "children": moves,
                }),
            )
        }
    }
}
