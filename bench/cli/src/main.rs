//! The `ply` command. See `ply --help` and the README.

use ply_cli::cli;
use ply_cli::CliError;
use std::io::Write;

fn main() {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let result = cli::run(std::env::args_os(), &mut out);
    let flushed = out.flush();
    match result {
        Ok(()) => {
            if flushed.is_err() {
                std::process::exit(1);
            }
        }
        Err(CliError::Interrupted(note)) => {
            let _ = flushed;
            eprintln!("{note}");
            std::process::exit(CliError::INTERRUPTED);
        }
        Err(e) => {
            let _ = flushed;
            eprintln!("error: {e}");
            std::process::exit(e.exit_code());
        }
    }
}
