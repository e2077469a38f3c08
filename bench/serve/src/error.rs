//! The server's one error type: an HTTP status and a one-line message, answered as
//! `{"error": "..."}` so that the page and scripts read every failure the same way.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use ply_search::{ErrorKind, NotationError};

/// A request that failed: its status and what to tell the client, in one line.
#[derive(Debug)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// The message, one line.
    pub message: String,
}

impl ApiError {
    /// A 400: the request is malformed or names something that does not exist.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// An error with `status`; the message is cut to one line.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: ply_search::error::one_line(&message.into(), 300),
        }
    }

    /// A 409 for a search or solve of `position`, a game already over.
    pub fn game_over(position: &str) -> ApiError {
        ApiError::new(
            StatusCode::CONFLICT,
            format!("bad position `{position}`: expected a position where the game goes on (this one is over)"),
        )
    }

    /// A 503: every search slot is busy; the client should retry (Retry-After says when).
    pub fn busy(max: usize) -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("all {max} search slots are busy: retry in a second (ply serve --max-searches raises the cap)"),
        )
    }
}

/// A bad spec, position or move is the client's error: 400, or 409 for a move after the end
/// of the game (the request conflicts with the game's state, not with its notation).
impl From<NotationError> for ApiError {
    fn from(e: NotationError) -> ApiError {
        let status = match e.kind {
            ErrorKind::GameOver => StatusCode::CONFLICT,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError::new(status, e.to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.message });
        let mut response = (self.status, axum::Json(body)).into_response();
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}
