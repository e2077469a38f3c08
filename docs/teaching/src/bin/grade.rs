//! `grade`: grades `src/student.rs` and prints what passed and what failed, the smallest failing
//! case drawn out, with points; `--report json` prints the result in the Gradescope
//! autograder's `results.json` format instead.
//!
//! ```text
//! cargo run -p ply-teaching --bin grade                    # every exercise
//! cargo run -p ply-teaching --bin grade -- 1 2             # exercises 1 and 2
//! cargo run -p ply-teaching --bin grade -- --report json > results.json
//! ```
//!
//! Exit code 0 when every check passed, 1 when one failed, 2 for a bad command line.

use ply_teaching::grading::{student_report, EXERCISES};
use std::process::ExitCode;

const USAGE: &str = "usage: grade [EXERCISE...] [--report text|json], EXERCISE a number 1 to 5";

fn main() -> ExitCode {
    let mut which = Vec::new();
    let mut json = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--report" => match args.next().as_deref() {
                Some("json") => json = true,
                Some("text") => json = false,
                other => {
                    eprintln!(
                        "error: bad report format `{}`; expected text or json ({USAGE})",
                        other.unwrap_or("")
                    );
                    return ExitCode::from(2);
                }
            },
            "-h" | "--help" => {
                println!("{USAGE}");
                for (n, name) in EXERCISES {
                    println!("  {n}  {name}");
                }
                return ExitCode::SUCCESS;
            }
            number => match number.parse::<u32>() {
                Ok(n) if EXERCISES.iter().any(|(e, _)| *e == n) => which.push(n),
                _ => {
                    let shown: String = number.chars().take(40).collect();
                    eprintln!("error: bad exercise `{shown}`; expected a number 1 to 5 ({USAGE})");
                    return ExitCode::from(2);
                }
            },
        }
    }
    let report = student_report(&which);
    if json {
        println!("{}", report.gradescope());
    } else {
        print!("{}", report.text());
    }
    if report.passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
