//! The routes: each handler reads its request, prepares the work through the libraries and
//! answers JSON. Bad input never reaches a search: it is a 4xx before a slot is taken.

use crate::error::ApiError;
use crate::jobs::{answer, check_agent_caps, search_job, spawn_job, Job};
use crate::request::{At, Moves};
use crate::slots::StopOnDrop;
use crate::teach::{solve_job, trace_job, SolveAsk, TraceAsk};
use crate::{assets, catalog, records, view, App};
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection, StringRejection};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::routing::{get, post};
use axum::{Json, Router};
use ply_registry::{with_game, AnyGame};
use ply_search::{Game, StopFlag};
use serde::Deserialize;
use serde_json::{json, Value};
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;
use tokio_stream::wrappers::UnboundedReceiverStream;
use tokio_stream::{Stream, StreamExt};

type Answer = Result<Json<Value>, ApiError>;

/// Every route of the server.
pub fn router(app: Arc<App>) -> Router {
    let max_body = app.config.max_body;
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/style.css", get(assets::style))
        .route("/api/games", get(games))
        .route("/api/status", get(status))
        .route("/api/state", post(state))
        .route("/api/roll", post(roll))
        .route("/api/search", post(search))
        .route("/api/solve", post(solve))
        .route("/api/trace", post(trace))
        .route("/api/live", get(live))
        .route("/api/live/{id}/stop", post(live_stop))
        .route("/api/records", get(records_list))
        .route("/api/records/file", get(records_file))
        .route("/api/records/upload", post(records_upload))
        .route("/api/record", post(record_played))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(max_body))
        .layer(axum::middleware::from_fn_with_state(
            app.clone(),
            body_in_time,
        ))
        .with_state(app)
}

/// Reads a request's whole body before its route sees it, within `--header-timeout` of the
/// headers: a client that announces a body and sends it slowly, or never, is answered 408 and
/// cut off instead of holding its connection for good (hyper's deadline covers the headers
/// only). Bodies over `--max-body` are refused here as the routes would refuse them.
async fn body_in_time(
    State(app): State<Arc<App>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    let (parts, body) = request.into_parts();
    let limit = app.config.max_body;
    let declared = parts
        .headers
        .get(axum::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit as u64) {
        return ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "bad request body: {} bytes; expected at most {limit} (--max-body)",
                declared.unwrap_or_default()
            ),
        )
        .into_response();
    }
    match tokio::time::timeout(app.config.header_timeout, axum::body::to_bytes(body, limit)).await {
        Ok(Ok(bytes)) => {
            let request = axum::extract::Request::from_parts(parts, axum::body::Body::from(bytes));
            next.run(request).await
        }
        Ok(Err(_)) => ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("bad request body: cut off, or over {limit} bytes (--max-body)"),
        )
        .into_response(),
        Err(_) => ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "bad request body: not all of it arrived within {} s",
                app.config.header_timeout.as_secs_f64()
            ),
        )
        .into_response(),
    }
}

/// A JSON body (whatever its content type says, so that a plain `curl -d` works), or the
/// one-line reason it could not be read.
fn body<T: serde::de::DeserializeOwned>(
    body: Result<Bytes, BytesRejection>,
) -> Result<T, ApiError> {
    let bytes = body
        .map_err(|e| ApiError::new(e.status(), format!("bad request body: {}", e.body_text())))?;
    serde_json::from_slice(&bytes).map_err(|e| {
        ApiError::bad_request(format!(
            "bad request body: {e}; expected a JSON object (docs/serve.md)"
        ))
    })
}

async fn not_found() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "no such route: the API is under /api (docs/serve.md lists it)",
    )
}

async fn games() -> Json<Value> {
    Json(catalog::catalog())
}

async fn status(State(app): State<Arc<App>>) -> Json<Value> {
    let c = &app.config;
    Json(json!({
        "searches_running": app.slots.running(),
        "max_searches": c.max_searches,
        "max_time_ms": c.max_time.as_millis() as u64,
        "max_nodes": c.max_nodes,
        "max_trace_nodes": c.max_trace_nodes,
        "max_tt_bytes": c.max_tt,
        "max_body_bytes": c.max_body,
        "records": c.records.is_some(),
    }))
}

async fn state(request: Result<Bytes, BytesRejection>) -> Answer {
    let at: At = body(request)?;
    let game = AnyGame::from_spec(&at.game)?;
    let view = with_game!(game, start => {
        let mut view = view::state_view(&at.game, &at.state_of(&start)?);
        if let Some((before, mv)) = at.before_last_move(&start)? {
            view["last_move"] = view::move_json(&before, mv);
        }
        view["move_labels"] = serde_json::json!(view::played_labels(&at.first_state(&start)?, &at.moves.list()?));
        view
    });
    Ok(Json(view))
}

/// A roll request: a position where the dice are to be rolled, and the random stream (a fresh
/// one when absent).
#[derive(Deserialize)]
struct RollRequest {
    #[serde(flatten)]
    at: At,
    #[serde(default)]
    seed: Option<u64>,
}

/// Rolls the dice at a chance node, each outcome with its probability: the page's dice.
async fn roll(request: Result<Bytes, BytesRejection>) -> Answer {
    let request: RollRequest = body(request)?;
    let game = AnyGame::from_spec(&request.at.game)?;
    let seed = request.seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
        now.map_or(0, |t| t.as_nanos() as u64)
    });
    with_game!(game, start => {
        let state = request.at.state_of(&start)?;
        if state.is_terminal() {
            return Err(ApiError::game_over(&state.position()));
        }
        if !state.is_chance_node() {
            return Err(ApiError::bad_request(format!(
                "bad position `{}`: expected a position where the dice are rolled (a chance node); here a player moves",
                state.position()
            )));
        }
        let mut rng = ply_search::Rng::new(seed);
        let rolled = ply_search::SearchHints::random_move(&state, &mut rng)
            .expect("a chance node has outcomes");
        Ok(Json(json!({
            "move": state.format_move(rolled),
            "action": ply_search::describe::Actions::action(&state, rolled),
        })))
    })
}

/// A search request: a position and an agent spec.
#[derive(Deserialize)]
struct SearchRequest {
    #[serde(flatten)]
    at: At,
    agent: String,
}

/// Runs `job` in a slot and waits for it; the search stops if this request is dropped (its
/// client went away).
async fn run_now(app: &Arc<App>, job: Job) -> Answer {
    let permit = app.slots.take()?;
    let stop = StopFlag::new();
    let _cancel_if_dropped = StopOnDrop(stop.clone());
    let rx = spawn_job(app, permit, job, stop, None);
    answer(rx).await.map(Json)
}

async fn search(State(app): State<Arc<App>>, request: Result<Bytes, BytesRejection>) -> Answer {
    let request: SearchRequest = body(request)?;
    check_agent_caps(&app, &request.agent)?;
    let game = AnyGame::from_spec(&request.at.game)?;
    let job = with_game!(game, start => search_job(request.at.state_of(&start)?, &request.agent))?;
    run_now(&app, job).await
}

#[derive(Deserialize)]
struct SolveRequest {
    #[serde(flatten)]
    at: At,
    #[serde(flatten)]
    ask: SolveAsk,
}

async fn solve(State(app): State<Arc<App>>, request: Result<Bytes, BytesRejection>) -> Answer {
    let request: SolveRequest = body(request)?;
    let game = AnyGame::from_spec(&request.at.game)?;
    game.require_two_players("the solver")?;
    let (max_nodes, max_tt) = (app.config.max_nodes, app.config.max_tt);
    let job = with_game!(game, start => solve_job(request.at.state_of(&start)?, request.ask, max_nodes, max_tt))?;
    run_now(&app, job).await
}

#[derive(Deserialize)]
struct TraceRequest {
    #[serde(flatten)]
    at: At,
    #[serde(flatten)]
    ask: TraceAsk,
}

async fn trace(State(app): State<Arc<App>>, request: Result<Bytes, BytesRejection>) -> Answer {
    let request: TraceRequest = body(request)?;
    let game = AnyGame::from_spec(&request.at.game)?;
    let cap = app.config.max_trace_nodes;
    let job = with_game!(game, start => trace_job(request.at.state_of(&start)?, request.ask, cap))?;
    run_now(&app, job).await
}

/// A live search, named in the query string (an `EventSource` can only GET).
#[derive(Deserialize)]
struct LiveQuery {
    game: String,
    #[serde(default)]
    position: Option<String>,
    #[serde(default)]
    moves: Option<String>,
    agent: String,
}

/// The live search: events `started` (its id, for the stop button), `iteration` or `root`
/// as it goes, then `result` (the search's answer) or `error`. The stream ends with the
/// search; a client that goes away stops it.
async fn live(
    State(app): State<Arc<App>>,
    query: Result<Query<LiveQuery>, QueryRejection>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let Query(q) =
        query.map_err(|e| ApiError::new(e.status(), format!("bad query: {}", e.body_text())))?;
    let at = At {
        game: q.game,
        position: q.position,
        moves: Moves::Text(q.moves.unwrap_or_default()),
    };
    check_agent_caps(&app, &q.agent)?;
    let game = AnyGame::from_spec(&at.game)?;
    let job = with_game!(game, start => search_job(at.state_of(&start)?, &q.agent))?;
    let permit = app.slots.take()?;
    let stop = StopFlag::new();
    let id = app.slots.register(stop.clone());
    let (events, rx) = tokio::sync::mpsc::unbounded_channel::<(&'static str, Value)>();
    let _ = events.send(("started", json!({"id": id, "agent": q.agent})));
    let done = spawn_job(&app, permit, job, stop.clone(), Some(events.clone()));
    let finisher = app.clone();
    tokio::spawn(async move {
        let last = match answer(done).await {
            Ok(result) => ("result", result),
            Err(e) => ("error", json!({"error": e.message})),
        };
        let _ = events.send(last);
        finisher.slots.unregister(id);
    });
    let cancel = StopOnDrop(stop);
    let stream = UnboundedReceiverStream::new(rx).map(move |(name, data)| {
        let _held_until_the_client_goes = &cancel;
        Ok(Event::default().event(name).data(data.to_string()))
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(1))))
}

async fn live_stop(State(app): State<Arc<App>>, Path(id): Path<u64>) -> Answer {
    if app.slots.stop(id) {
        Ok(Json(json!({"stopped": id})))
    } else {
        Err(ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no live search {id}: it has finished, or never started"),
        ))
    }
}

/// The records folder, or a 404 saying how to give one.
fn records_dir(app: &App) -> Result<&std::path::Path, ApiError> {
    app.config.records.as_deref().ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "no records folder: start the server with ply serve --records DIR, or upload a file",
        )
    })
}

async fn records_list(State(app): State<Arc<App>>) -> Answer {
    records::list(records_dir(&app)?).map(Json)
}

#[derive(Deserialize)]
struct FileQuery {
    name: String,
}

async fn records_file(
    State(app): State<Arc<App>>,
    query: Result<Query<FileQuery>, QueryRejection>,
) -> Answer {
    let Query(q) =
        query.map_err(|e| ApiError::new(e.status(), format!("bad query: {}", e.body_text())))?;
    records::read(records_dir(&app)?, &q.name, app.config.max_body).map(Json)
}

async fn records_upload(text: Result<String, StringRejection>) -> Answer {
    let text =
        text.map_err(|e| ApiError::new(e.status(), format!("bad upload: {}", e.body_text())))?;
    records::games(&text, "upload").map(Json)
}

/// Writes a game played on the page as an arena record: answered, and appended to the
/// records folder's `ply-serve-games.jsonl` when the server has one.
async fn record_played(
    State(app): State<Arc<App>>,
    request: Result<Bytes, BytesRejection>,
) -> Answer {
    let played: records::Played = body(request)?;
    let record = records::record_of(&played)?;
    let mut saved = Value::Null;
    if let Some(dir) = &app.config.records {
        records::save(dir, &record, app.config.max_body)?;
        saved = json!(records::PLAYED_FILE);
    }
    Ok(Json(json!({"record": record, "saved": saved})))
}
