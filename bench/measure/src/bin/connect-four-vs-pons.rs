//! ply's exact solver against Pascal Pons' Connect Four solver (github.com/PascalPons/connect4)
//! in the same run: seeded random 7x6 positions with 8 to 20 stones left to play, solved
//! one after the other by each program (one table kept across positions, as Pons' `c4solver`
//! keeps his), every score compared, the total times and their ratio printed.
//!
//! ```text
//! git clone https://github.com/PascalPons/connect4 /tmp/connect4 && make -C /tmp/connect4 c4solver
//! cargo run --release -p ply-bench --bin connect-four-vs-pons -- --pons /tmp/connect4/c4solver
//! ```
//!
//! Options: `--positions N` (default 300), `--seed S` (default 1), `--weak` (win/draw/loss
//! only, Pons' `-w`), `--tt SIZE_MIB` (ply's table, default 64; Pons' is 2^24 five-byte
//! entries, 80 MiB), `--tt-min-plies-left N` (ply's solver skips its table this close to the
//! end; default 12, as `ply solve`).

use ply_connect_four::ConnectFour;
use ply_search::solver::{Solver, SolverOptions};
use ply_search::SearchHints;
use ply_search::{Game, Rng};
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Instant;

struct Plan {
    pons: String,
    positions: usize,
    seed: u64,
    weak: bool,
    tt_mib: usize,
    tt_min_plies_left: u32,
}

fn main() {
    let plan = parse_args();
    let positions = random_positions(plan.positions, plan.seed);
    let input: String = positions.iter().map(|p| p.position() + "\n").collect();

    // Pons' process start and table allocation, with no position: subtracted below, as
    // ply's run includes its own table allocation but no process start.
    let (_, empty_secs) = run_pons(&plan, "");
    let (stdout, pons_secs) = run_pons(&plan, &input);
    let pons_scores: Vec<i32> = stdout
        .lines()
        .map(|line| {
            line.rsplit(' ')
                .next()
                .and_then(|s| s.parse::<i32>().ok())
                .unwrap_or_else(|| fail(&format!("unexpected line from Pons' solver: {line}")))
        })
        // His weak solve prints the sign, or an exact score where it has one at hand.
        .map(|score| if plan.weak { score.signum() } else { score })
        .collect();
    if pons_scores.len() != positions.len() {
        fail(&format!(
            "Pons' solver answered {} of {} positions",
            pons_scores.len(),
            positions.len()
        ));
    }

    let options = SolverOptions {
        distance: !plan.weak,
        tt_bytes: plan.tt_mib << 20,
        tt_min_plies_left: Some(plan.tt_min_plies_left),
        ..SolverOptions::default()
    };
    let started = Instant::now();
    let mut solver = Solver::new(options);
    let ply_scores: Vec<i32> = positions
        .iter()
        .map(|p| {
            let value = solver.value(p).expect("no limit");
            if plan.weak {
                value.signum()
            } else {
                p.pons_score(value).expect("an exact value")
            }
        })
        .collect();
    let ply_secs = started.elapsed().as_secs_f64();

    let differ: Vec<String> = positions
        .iter()
        .zip(ply_scores.iter().zip(&pons_scores))
        .filter(|(_, (a, b))| a != b)
        .map(|(p, (a, b))| format!("{} ply {a} Pons {b}", p.position()))
        .collect();
    let pons_work = (pons_secs - empty_secs).max(1e-6);
    println!(
        "{} positions (8-20 stones left, seed {}), {} solve",
        positions.len(),
        plan.seed,
        if plan.weak { "weak" } else { "strong" }
    );
    println!(
        "Pons c4solver   {pons_secs:8.3} s  ({pons_work:.3} s less its start with no position, {empty_secs:.3} s)"
    );
    println!(
        "ply solver      {ply_secs:8.3} s  {} nodes  ({:.2}x Pons' time, {:.2}x less its start)",
        solver.stats().nodes,
        ply_secs / pons_secs,
        ply_secs / pons_work
    );
    println!("scores that differ: {}", differ.len());
    for line in &differ {
        println!("  {line}");
    }
    if !differ.is_empty() {
        std::process::exit(1);
    }
}

/// Runs Pons' solver on `input` (one position a line): its output and wall time.
fn run_pons(plan: &Plan, input: &str) -> (String, f64) {
    let started = Instant::now();
    let mut child = Command::new(&plan.pons)
        .args(if plan.weak { &["-w"][..] } else { &[][..] })
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| fail(&format!("cannot run --pons `{}`: {e}", plan.pons)));
    // Fed from a thread: his answers fill the output pipe while the positions still go in.
    let mut stdin = child.stdin.take().expect("piped");
    let input = input.to_string();
    let feeder = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child
        .wait_with_output()
        .unwrap_or_else(|e| fail(&format!("Pons' solver failed: {e}")));
    feeder
        .join()
        .expect("the feeding thread")
        .unwrap_or_else(|e| fail(&format!("cannot feed Pons' solver: {e}")));
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        started.elapsed().as_secs_f64(),
    )
}

/// `count` unfinished 7x6 positions, each `8 + k` stones before the board is full (`k` from 0
/// to 12), made by seeded random moves.
fn random_positions(count: usize, seed: u64) -> Vec<ConnectFour> {
    let mut rng = Rng::new(seed);
    let start = ConnectFour::standard();
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let left = 8 + rng.below(13) as u32;
        let mut state = start;
        while state.ply() < 42 - left {
            match state.random_move(&mut rng) {
                Some(mv) => state = state.play(mv),
                None => break,
            }
        }
        if !state.is_terminal() {
            out.push(state);
        }
    }
    out
}

fn parse_args() -> Plan {
    let mut plan = Plan {
        pons: String::new(),
        positions: 300,
        seed: 1,
        weak: false,
        tt_mib: 64,
        tt_min_plies_left: <ConnectFour as ply_search::solver::Solvable>::TABLE_MIN_PLIES_LEFT,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || {
            args.next()
                .unwrap_or_else(|| fail(&format!("{flag} needs a value")))
        };
        match flag.as_str() {
            "--pons" => plan.pons = value(),
            "--positions" => plan.positions = number(&value()) as usize,
            "--seed" => plan.seed = number(&value()),
            "--tt" => plan.tt_mib = number(&value()) as usize,
            "--tt-min-plies-left" => plan.tt_min_plies_left = number(&value()) as u32,
            "--weak" => plan.weak = true,
            _ => fail(&format!(
                "unknown flag `{flag}`: expected --pons PATH, --positions N, --seed S, --tt MIB, --tt-min-plies-left N or --weak"
            )),
        }
    }
    if plan.pons.is_empty() {
        fail("--pons PATH is required: the c4solver built from github.com/PascalPons/connect4");
    }
    plan
}

fn number(text: &str) -> u64 {
    text.parse()
        .unwrap_or_else(|_| fail(&format!("bad number `{text}`: expected a whole number")))
}

fn fail(message: &str) -> ! {
    eprintln!("{message}");
    std::process::exit(2)
}
