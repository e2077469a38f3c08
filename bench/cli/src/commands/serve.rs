//! `ply serve`: the web page and its API (the `ply-serve` library), until Ctrl-C.

use crate::error::CliError;
use std::io::Write;

/// Serves until Ctrl-C; prints the address to open once it accepts connections.
pub fn run(config: &ply_serve::ServeConfig, out: &mut dyn Write) -> Result<(), CliError> {
    let stop = crate::interrupt::ctrl_c();
    let mut printed = Ok(());
    ply_serve::run(config.clone(), stop, |addr| {
        let shown = if addr.ip().is_unspecified() {
            format!(
                "http://127.0.0.1:{} (and this machine's other addresses)",
                addr.port()
            )
        } else {
            format!("http://{addr}")
        };
        printed = writeln!(out, "ply serve: open {shown} (Ctrl-C stops)").and_then(|_| out.flush());
    })
    .map_err(CliError::new)?;
    printed.map_err(|e| CliError::new(format!("cannot write output: {e}")))
}
