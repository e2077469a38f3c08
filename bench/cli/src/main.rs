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
        Ok(()) => match flushed {
            Ok(()) => {}
            // A reader that stopped early (`ply games | head`) is no error worth a message.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(1),
            // Output buffered to the end fails only here (a full disk): say so.
            Err(e) => {
                let e = CliError::Output(e);
                eprintln!("error: {e}");
                std::process::exit(e.exit_code());
            }
        },
        // The same reader gone while the output was still being written (more than the
        // buffer holds): no message either.
        Err(CliError::Output(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            std::process::exit(1)
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
