//! # ply-serve: `ply serve`, the browser front end
//!
//! One server, with its page embedded (no Node build, no CDN), over the same game registry
//! and agent specs as the command:
//!
//! - **play** any registered game by clicking an SVG board, against any agent spec, with undo,
//!   redo, the move list, and the game saved as an arena record;
//! - **watch the engine think**: a live search streams each alpha-beta iteration (depth,
//!   score, principal variation, nodes/s) and MCTS's root visits as server-sent events; a stop
//!   button plays the best move so far, and a closed tab cancels the search;
//! - **teach**: step through the course minimax and alpha-beta on AIMA's figure 5.2, the
//!   GameState quiz or a tree typed in the spec syntax, with windows, backed-up values,
//!   pruned branches and the courses' counters;
//! - **replay** arena record files from `--records DIR` (confined to it) or uploaded.
//!
//! Every answer is JSON; every error a 4xx or 5xx with `{"error": "one line"}`. Searches run
//! on threads of their own, at most `--max-searches` at once (then 503 with Retry-After),
//! each stopped at `--max-time`. docs/serve.md documents the API.

mod assets;
pub mod catalog;
pub mod client;
pub mod error;
pub mod jobs;
mod listen;
pub mod load;
pub mod records;
pub mod request;
mod routes;
pub mod slots;
pub mod teach;
pub mod view;

pub use error::ApiError;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// How the server runs: where it listens, what it may read, and the caps that keep one user
/// from taking the machine.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// The address to listen on; loopback unless the user says otherwise.
    pub addr: SocketAddr,
    /// The folder of arena record files the replay screen may open (none: uploads only).
    pub records: Option<PathBuf>,
    /// The most searches (and solves and traces) at once; beyond it, 503.
    pub max_searches: usize,
    /// The longest any one search runs before it is stopped (it then answers its best move).
    pub max_time: Duration,
    /// The most nodes a solve may visit, and the largest `nodes=` or `iterations=` an agent
    /// spec may ask; the most `result()` calls a course trace may make.
    pub max_nodes: u64,
    /// The most `result()` calls of a course trace (each one becomes a step on the page).
    pub max_trace_nodes: u64,
    /// The largest transposition table an agent spec may ask for, in bytes.
    pub max_tt: usize,
    /// The largest request body (and record file) in bytes.
    pub max_body: usize,
    /// The machine's cores: the most threads an agent spec may ask for.
    pub cores: usize,
    /// The most connections open at once (lowered to fit `ulimit -n`); beyond it, new ones
    /// wait in the kernel's queue until one closes.
    pub max_connections: usize,
    /// How long a request's headers may take to arrive before the connection is closed (an
    /// idle kept-alive connection too), so that half-sent requests cannot hold connections.
    pub header_timeout: Duration,
}

impl Default for ServeConfig {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        ServeConfig {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            records: None,
            max_searches: cores,
            max_time: Duration::from_secs(10),
            max_nodes: 200_000_000,
            max_trace_nodes: 5_000,
            max_tt: 256 << 20,
            max_body: 1 << 20,
            cores,
            max_connections: 512,
            header_timeout: Duration::from_secs(10),
        }
    }
}

/// The server's shared state: its configuration and its search slots.
pub struct App {
    /// The configuration it was started with.
    pub config: ServeConfig,
    /// The search slots and the live searches.
    pub slots: slots::Slots,
}

impl App {
    /// A server's state for `config`, with all its search slots free.
    pub fn new(config: ServeConfig) -> Arc<App> {
        Arc::new(App {
            slots: slots::Slots::new(&config),
            config,
        })
    }
}

/// The HTTP routes, for a server of your own (embedding the API in another axum app).
pub fn router(config: ServeConfig) -> axum::Router {
    routes::router(App::new(config))
}

/// Serves on `config.addr` until `stop` is raised; calls `ready` with the bound address (port
/// 0 picks a free port) once it accepts connections. Live searches are stopped on the way out,
/// and connections still open get a moment to finish, then are closed.
pub fn run(
    config: ServeConfig,
    stop: ply_search::StopFlag,
    ready: impl FnOnce(SocketAddr),
) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(config.cores.clamp(1, 4))
        .thread_name("ply-serve")
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server's runtime: {e}"))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(config.addr)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
        let addr = listener
            .local_addr()
            .map_err(|e| format!("cannot read the bound address: {e}"))?;
        let (max_connections, header_timeout) = (config.max_connections, config.header_timeout);
        let app = App::new(config);
        let router = routes::router(app.clone());
        ready(addr);
        let stopped = async move {
            while !stop.is_raised() {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            // Live searches end their streams, so their connections can close.
            app.slots.stop_all();
        };
        listen::serve(listener, router, max_connections, header_timeout, stopped).await;
        Ok(())
    })
}
