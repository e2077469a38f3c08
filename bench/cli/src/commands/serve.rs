//! `ply serve`: the web page and its API (the `ply-serve` library), until Ctrl-C.

use crate::error::CliError;
use clap::Args;
use std::io::Write;

/// Serves until Ctrl-C; prints the address to open once it accepts connections.
pub fn run(config: &ply_serve::ServeConfig, out: &mut dyn Write) -> Result<(), CliError> {
    let stop = crate::interrupt::ctrl_c();
    let mut printed = Ok(());
    ply_serve::run(config.clone(), stop, |addr| {
        let shown = if addr.ip().is_unspecified() {
            format!(
                "http://127.0.0.1:{} (and this machine's other addresses; no authentication: anyone who reaches them may use it)",
                addr.port()
            )
        } else if !addr.ip().is_loopback() {
            format!("http://{addr} (no authentication: anyone who reaches it may use it)")
        } else {
            format!("http://{addr}")
        };
        printed = writeln!(out, "ply serve: open {shown} (Ctrl-C stops)").and_then(|_| out.flush());
    })
    .map_err(CliError::new)?;
    printed.map_err(|e| CliError::new(format!("cannot write output: {e}")))
}

/// Arguments of `ply serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on; loopback only unless you give another (e.g. 0.0.0.0 for a
    /// classroom network, with --public).
    #[arg(long, default_value = "127.0.0.1", value_name = "IP")]
    pub host: String,
    /// Allow a --host beyond this machine: the API has no authentication, so anyone who can
    /// reach the address can run searches and save games (docs/serve.md says what it
    /// promises).
    #[arg(long)]
    pub public: bool,
    /// The port (0 picks a free one).
    #[arg(long, default_value_t = 8080, value_name = "N")]
    pub port: u16,
    /// A folder of arena record files the replay screen may open (and where games played on
    /// the page are saved).
    #[arg(long, value_name = "DIR")]
    pub records: Option<std::path::PathBuf>,
    /// The most searches at once; beyond it requests get 503 (default: the number of cores).
    #[arg(long, value_name = "N")]
    pub max_searches: Option<usize>,
    /// The longest any one search runs before it is stopped.
    #[arg(long, default_value = "10s", value_name = "DURATION")]
    pub max_time: String,
    /// The most nodes a solve visits, and the largest nodes= or iterations= an agent may ask.
    #[arg(long, default_value_t = 200_000_000, value_name = "N")]
    pub max_nodes: u64,
    /// The largest transposition table an agent may ask for.
    #[arg(long, default_value = "256MiB", value_name = "SIZE")]
    pub max_tt: String,
    /// The largest request body or record file.
    #[arg(long, default_value = "1MiB", value_name = "SIZE")]
    pub max_body: String,
    /// The most connections open at once (lowered to fit `ulimit -n`); more wait their turn.
    #[arg(long, default_value_t = 512, value_name = "N")]
    pub max_connections: usize,
    /// How long a request's headers may take to arrive before the connection is closed.
    #[arg(long, default_value = "10s", value_name = "DURATION")]
    pub header_timeout: String,
}

impl ServeArgs {
    /// The server configuration the flags ask for.
    pub fn config(&self) -> Result<ply_serve::ServeConfig, CliError> {
        let host: std::net::IpAddr = self.host.parse().map_err(|_| {
            CliError::new(format!(
                "bad --host `{}`: expected an IP address such as 127.0.0.1 or 0.0.0.0",
                self.host
            ))
        })?;
        if !host.is_loopback() && !self.public {
            return Err(CliError::new(format!(
                "bad --host `{}`: beyond this machine anyone who can reach it may use the API, which has no authentication; expected a loopback address such as 127.0.0.1, or --public to serve a network on purpose",
                self.host
            )));
        }
        let size = |flag: &str, text: &str| {
            ply_search::agents::parse_size(text)
                .filter(|&n| n > 0)
                .ok_or_else(|| {
                    CliError::new(format!(
                        "bad {flag} `{text}`: expected a size like 256MiB or 1MiB"
                    ))
                })
        };
        let duration = |flag: &str, text: &str| {
            ply_search::agents::parse_duration(text)
                .filter(|t| !t.is_zero())
                .ok_or_else(|| {
                    CliError::new(format!(
                        "bad {flag} `{text}`: expected a duration like 10s or 500ms"
                    ))
                })
        };
        let max_time = duration("--max-time", &self.max_time)?;
        let header_timeout = duration("--header-timeout", &self.header_timeout)?;
        if self.max_connections == 0 || self.max_connections > 65_536 {
            return Err(CliError::new(format!(
                "bad --max-connections `{}`: expected 1 to 65536",
                self.max_connections
            )));
        }
        let defaults = ply_serve::ServeConfig::default();
        let max_searches = self.max_searches.unwrap_or(defaults.max_searches);
        if max_searches == 0 || max_searches > 1024 {
            return Err(CliError::new(format!(
                "bad --max-searches `{max_searches}`: expected 1 to 1024"
            )));
        }
        if self.max_nodes == 0 {
            return Err(CliError::new(
                "bad --max-nodes `0`: expected a positive whole number",
            ));
        }
        if let Some(dir) = &self.records {
            if !dir.is_dir() {
                return Err(CliError::new(format!(
                    "bad --records `{}`: expected an existing folder",
                    dir.display()
                )));
            }
        }
        Ok(ply_serve::ServeConfig {
            addr: std::net::SocketAddr::new(host, self.port),
            records: self.records.clone(),
            max_searches,
            max_time,
            max_nodes: self.max_nodes,
            max_tt: size("--max-tt", &self.max_tt)?,
            max_body: size("--max-body", &self.max_body)?,
            max_connections: self.max_connections,
            header_timeout,
            ..defaults
        })
    }
}

/// Runs `ply serve` with its parsed arguments, writing to `out`.
pub fn execute(args: ServeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    run(&args.config()?, out)
}
