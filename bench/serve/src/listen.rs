//! The accept loop. axum's own `serve` has no deadline for a request's headers and waits on
//! every open connection when asked to stop, so one client holding half a request could keep
//! a connection (and a file descriptor) for good, a few hundred of them could leave the
//! server none to accept with, and one of them could keep Ctrl-C from stopping it. Here each
//! connection is served by hyper's HTTP/1.1 with a header deadline, the connections open at
//! once are capped below the process's descriptor limit (beyond the cap new ones wait in the
//! kernel's queue), and stopping gives open connections a short grace, then closes them.

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::{watch, Semaphore};
use tokio::task::JoinSet;

/// How long connections still open when the server stops may take to finish their answer.
const GRACE: Duration = Duration::from_secs(2);

/// Descriptors kept back from connections: the listener, record files, external agents'
/// pipes, the runtime's own.
const RESERVED_DESCRIPTORS: u64 = 64;

/// The most connections open at once: `wanted`, lowered to fit the process's descriptor limit.
pub(crate) fn connection_cap(wanted: usize) -> usize {
    let limit = descriptor_limit()
        .saturating_sub(RESERVED_DESCRIPTORS)
        .max(8);
    wanted
        .min(usize::try_from(limit).unwrap_or(usize::MAX))
        .max(1)
}

/// The soft limit on open file descriptors (`ulimit -n`).
#[cfg(unix)]
#[allow(unsafe_code)]
fn descriptor_limit() -> u64 {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the struct it is given, which lives for the call.
    let read = unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) };
    if read == 0 {
        limit.rlim_cur
    } else {
        1024
    }
}

#[cfg(not(unix))]
fn descriptor_limit() -> u64 {
    u64::MAX
}

/// Serves `router` on `listener` until `stop` completes: at most `max_connections` at once,
/// each closed if a request's headers take longer than `header_timeout` to arrive (an idle
/// kept-alive connection included).
pub(crate) async fn serve(
    listener: TcpListener,
    router: Router,
    max_connections: usize,
    header_timeout: Duration,
    stop: impl Future<Output = ()>,
) {
    let free = Arc::new(Semaphore::new(connection_cap(max_connections)));
    let (closing, closing_seen) = watch::channel(false);
    let mut connections = JoinSet::new();
    tokio::pin!(stop);
    loop {
        let slot = tokio::select! {
            slot = Arc::clone(&free).acquire_owned() => slot.expect("the semaphore is never closed"),
            () = &mut stop => break,
        };
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                // Out of descriptors or a connection reset before it was accepted: the
                // listener is fine; wait for a descriptor to come back.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        let service = TowerToHyperService::new(router.clone());
        let mut closing_seen = closing_seen.clone();
        connections.spawn(async move {
            let _slot = slot;
            let mut builder = http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout);
            let connection = builder.serve_connection(TokioIo::new(stream), service);
            tokio::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
                _ = closing_seen.changed() => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
        });
        while connections.try_join_next().is_some() {}
    }
    let _ = closing.send(true);
    let finished = async { while connections.join_next().await.is_some() {} };
    let _ = tokio::time::timeout(GRACE, finished).await;
    connections.abort_all();
}
