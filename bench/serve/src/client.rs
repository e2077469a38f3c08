//! A small HTTP/1.0 client for the server's own tests, the load generator and scripts on the
//! same machine: one request per connection, JSON in and out, and server-sent events read as
//! they come. Not a general client (no TLS, no redirects): it talks to `ply serve`.

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// An answer: the status, the headers (names in lower case) and the body.
#[derive(Clone, Debug)]
pub struct Reply {
    /// The HTTP status code.
    pub status: u16,
    /// The headers, names in lower case.
    pub headers: Vec<(String, String)>,
    /// The body as text.
    pub body: String,
}

impl Reply {
    /// The body as JSON (`Value::Null` if it is not JSON).
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::Null)
    }

    /// A header's value.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// Sends `method path` with `body` (JSON when given) and reads the whole answer.
pub fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> std::io::Result<Reply> {
    let mut stream = connect(addr)?;
    send(&mut stream, method, path, body)?;
    let mut reader = BufReader::new(stream);
    let (status, headers) = read_head(&mut reader)?;
    let mut body = String::new();
    reader.read_to_string(&mut body)?;
    Ok(Reply {
        status,
        headers,
        body,
    })
}

/// `GET path`.
pub fn get(addr: SocketAddr, path: &str) -> std::io::Result<Reply> {
    request(addr, "GET", path, None)
}

/// `POST path` with a JSON body.
pub fn post(addr: SocketAddr, path: &str, body: &Value) -> std::io::Result<Reply> {
    request(addr, "POST", path, Some(&body.to_string()))
}

/// A stream of server-sent events, read one at a time. Dropping it closes the connection.
pub struct EventStream {
    /// The status of the answer (events come only with 200).
    pub status: u16,
    reader: BufReader<TcpStream>,
}

impl EventStream {
    /// Opens `GET path` as an event stream.
    pub fn open(addr: SocketAddr, path: &str) -> std::io::Result<EventStream> {
        let mut stream = connect(addr)?;
        stream.set_read_timeout(Some(Duration::from_secs(30)))?;
        send(&mut stream, "GET", path, None)?;
        let mut reader = BufReader::new(stream);
        let (status, _) = read_head(&mut reader)?;
        Ok(EventStream { status, reader })
    }

    /// The next event `(name, data as JSON)`, or `None` when the stream ends.
    pub fn next_event(&mut self) -> std::io::Result<Option<(String, Value)>> {
        let (mut name, mut data) = (String::from("message"), String::new());
        loop {
            let mut line = String::new();
            if self.reader.read_line(&mut line)? == 0 {
                return Ok(None);
            }
            let line = line.trim_end_matches(['\r', '\n']);
            if line.is_empty() {
                if data.is_empty() {
                    continue; // a keep-alive comment, or the gap between events
                }
                return Ok(Some((
                    name,
                    serde_json::from_str(&data).unwrap_or(Value::Null),
                )));
            }
            if let Some(v) = line.strip_prefix("event:") {
                name = v.trim().to_string();
            } else if let Some(v) = line.strip_prefix("data:") {
                data.push_str(v.trim());
            }
        }
    }
}

fn connect(addr: SocketAddr) -> std::io::Result<TcpStream> {
    let stream = TcpStream::connect_timeout(&addr, Duration::from_secs(5))?;
    stream.set_read_timeout(Some(Duration::from_secs(60)))?;
    stream.set_nodelay(true)?;
    Ok(stream)
}

fn send(
    stream: &mut TcpStream,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> std::io::Result<()> {
    let body = body.unwrap_or("");
    let head = format!(
        "{method} {path} HTTP/1.0\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes())?;
    stream.write_all(body.as_bytes())?;
    stream.flush()
}

fn read_head(reader: &mut BufReader<TcpStream>) -> std::io::Result<(u16, Vec<(String, String)>)> {
    let mut status_line = String::new();
    reader.read_line(&mut status_line)?;
    let status = status_line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("not an HTTP answer: {status_line:?}")))?;
    let mut headers = Vec::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 {
            break;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            headers.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
        }
    }
    Ok((status, headers))
}
