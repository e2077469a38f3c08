//! ply's exact solver against Pascal Pons' Connect Four solver (github.com/PascalPons/connect4)
//! in the same run, on the classes of positions of his benchmark (end, middle and beginning of
//! the game, easy to hard: [`PositionClass`]) made from seeded random games, or on a file of
//! positions. Each set is solved one position after the other by each program (one table kept
//! across the set, as his `c4solver` keeps his), every score compared, and the times and their
//! ratio printed.
//!
//! ```text
//! git clone https://github.com/PascalPons/connect4 /tmp/connect4 && make -C /tmp/connect4 c4solver
//! cargo run --release -p ply-bench --bin connect-four-vs-pons -- --pons /tmp/connect4/c4solver --class all
//! ```
//!
//! Options: `--class NAME|all` (repeatable; default `late`: 8 to 20 stones left),
//! `--positions N` (per class; default 1,000, 100 for `begin-medium` and `begin-hard`), `--seed S` (default 1), `--positions-file FILE`
//! (one move sequence a line; a line `# NAME` starts the set NAME, as `--write-positions`
//! writes them; instead of classes), `--ply-only` (no peer: for
//! ply's figures alone), `--write-positions FILE`
//! (the generated sets, to re-run with `--positions-file`), `--weak` (win/draw/loss only,
//! Pons' `-w`), `--tt SIZE_MIB` (ply's table, default 64; Pons' is 2^24 five-byte entries,
//! 80 MiB), `--tt-min-plies-left N` (ply's solver skips its table this close to the end;
//! default the game's).
//!
//! [`PositionClass`]: ply_bench::connect_four_classes::PositionClass

use ply_bench::connect_four_classes::{classifier, positions_of_class, PositionClass};
use ply_connect_four::ConnectFour;
use ply_search::solver::{Solvable, Solver, SolverOptions};
use ply_search::Game;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Instant;

struct Plan {
    pons: String,
    /// Solve with ply only (for sets Pons' solver would take too long on).
    ply_only: bool,
    classes: Vec<PositionClass>,
    /// Positions per class; `None`: the class's own default.
    positions: Option<usize>,
    seed: u64,
    positions_file: Option<String>,
    write_positions: Option<String>,
    weak: bool,
    tt_mib: usize,
    tt_min_plies_left: Option<u32>,
}

/// A set of positions solved as one batch by each program.
struct PositionSet {
    label: String,
    positions: Vec<ConnectFour>,
}

fn main() {
    let plan = parse_args();
    let sets = position_sets(&plan);
    if let Some(path) = &plan.write_positions {
        write_positions(path, &sets, &plan);
    }
    // Pons' process start and table allocation, with no position: subtracted below, as
    // ply's table is allocated before its clock starts.
    let empty_secs = if plan.ply_only {
        0.0
    } else {
        run_pons(&plan, "").1
    };
    println!(
        "{} solve; Pons' times less his start with no position ({empty_secs:.3} s)",
        if plan.weak { "weak" } else { "strong" }
    );
    println!(
        "{:<14} {:>9} {:>11} {:>11} {:>13} {:>8}",
        "set", "positions", "Pons s", "ply s", "ply nodes", "ratio"
    );
    let mut any_differ = false;
    for set in &sets {
        any_differ |= compare(&plan, set, empty_secs);
    }
    if any_differ {
        std::process::exit(1);
    }
}

/// Solves `set` with both programs and prints a line; whether any score differed (each
/// difference is printed).
fn compare(plan: &Plan, set: &PositionSet, empty_secs: f64) -> bool {
    let input: String = set.positions.iter().map(|p| p.position() + "\n").collect();
    let (stdout, pons_secs) = if plan.ply_only {
        (String::new(), f64::NAN)
    } else {
        run_pons(plan, &input)
    };
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
    if pons_scores.len() != set.positions.len() && !plan.ply_only {
        fail(&format!(
            "Pons' solver answered {} of {} positions",
            pons_scores.len(),
            set.positions.len()
        ));
    }

    let options = SolverOptions {
        distance: !plan.weak,
        tt_bytes: plan.tt_mib << 20,
        tt_min_plies_left: plan.tt_min_plies_left,
        ..SolverOptions::default()
    };
    // The table is allocated and touched before the clock starts, as Pons' start with no
    // position (his table's allocation and zeroing included) is taken off his time.
    let mut solver = Solver::new(options);
    solver.clear_table();
    let started = Instant::now();
    let ply_scores: Vec<i32> = set
        .positions
        .iter()
        .map(|p| {
            let value = solver.value(p).expect("no limit");
            p.conventional_score(value, !plan.weak)
                .expect("Connect Four has Pons' scores")
        })
        .collect();
    let ply_secs = started.elapsed().as_secs_f64();

    if plan.ply_only {
        let scores: Vec<String> = ply_scores.iter().map(i32::to_string).collect();
        println!(
            "{:<14} {:>9} {:>11} {:>11.3} {:>13} scores {}",
            set.label,
            set.positions.len(),
            "-",
            ply_secs,
            solver.stats().nodes,
            scores.join(" ")
        );
        return false;
    }
    let differ: Vec<String> = set
        .positions
        .iter()
        .zip(ply_scores.iter().zip(&pons_scores))
        .filter(|(_, (a, b))| a != b)
        .map(|(p, (a, b))| format!("{} ply {a} Pons {b}", p.position()))
        .collect();
    let pons_work = (pons_secs - empty_secs).max(1e-6);
    println!(
        "{:<14} {:>9} {:>11.3} {:>11.3} {:>13} {:>7.2}x",
        set.label,
        set.positions.len(),
        pons_work,
        ply_secs,
        solver.stats().nodes,
        ply_secs / pons_work
    );
    if !differ.is_empty() {
        println!("  scores that differ: {}", differ.len());
        for line in &differ {
            println!("  {line}");
        }
    }
    !differ.is_empty()
}

/// The sets to solve: the positions file's, or one per class, generated.
fn position_sets(plan: &Plan) -> Vec<PositionSet> {
    if let Some(path) = &plan.positions_file {
        return read_positions(path);
    }
    let mut classify = classifier(plan.tt_mib);
    plan.classes
        .iter()
        .map(|&class| {
            let count = plan.positions.unwrap_or(class.default_count());
            let positions = positions_of_class(class, count, plan.seed, &mut classify);
            if positions.len() < count && class != PositionClass::Start {
                eprintln!(
                    "{}: only {} positions in {} random games",
                    class.name(),
                    positions.len(),
                    count * 200
                );
            }
            PositionSet {
                label: class.name().to_string(),
                positions,
            }
        })
        .collect()
}

/// The sets of a positions file: one move sequence a line (Pons' notation, columns from 1),
/// blank lines skipped; a line `# NAME ...` starts the set NAME (as `--write-positions`
/// writes them), other text after `#` is a comment. Positions before any set line form a set
/// named after the file.
fn read_positions(path: &str) -> Vec<PositionSet> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| fail(&format!("cannot read --positions-file `{path}`: {e}")));
    let start = ConnectFour::standard();
    let file_label = std::path::Path::new(path)
        .file_stem()
        .map_or("file".into(), |s| s.to_string_lossy().into_owned());
    let mut sets: Vec<PositionSet> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let (sequence, comment) = line.split_once('#').unwrap_or((line, ""));
        let sequence = sequence.trim();
        if sequence.is_empty() {
            if let Some(name) = comment
                .split_whitespace()
                .next()
                .filter(|_| line.starts_with('#'))
            {
                sets.push(PositionSet {
                    label: name.to_string(),
                    positions: Vec::new(),
                });
            }
            continue;
        }
        let state = start.parse_position(sequence).unwrap_or_else(|e| {
            fail(&format!(
                "{path}:{}: `{sequence}` is not a position: {e} (expected the columns played, 1 to 7)",
                n + 1
            ))
        });
        if state.is_terminal() {
            fail(&format!(
                "{path}:{}: `{sequence}` is finished: expected a position with a move to make",
                n + 1
            ));
        }
        if sets.is_empty() {
            sets.push(PositionSet {
                label: file_label.clone(),
                positions: Vec::new(),
            });
        }
        sets.last_mut().expect("just pushed").positions.push(state);
    }
    sets.retain(|set| !set.positions.is_empty());
    sets
}

/// Writes the generated sets, each under a comment naming its class and seed.
fn write_positions(path: &str, sets: &[PositionSet], plan: &Plan) {
    let mut text = String::new();
    for set in sets {
        text += &format!("# {} (seed {})\n", set.label, plan.seed);
        for p in &set.positions {
            text += &p.position();
            text.push('\n');
        }
    }
    std::fs::write(path, text)
        .unwrap_or_else(|e| fail(&format!("cannot write --write-positions `{path}`: {e}")));
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

fn parse_args() -> Plan {
    let mut plan = Plan {
        pons: String::new(),
        ply_only: false,
        classes: Vec::new(),
        positions: None,
        seed: 1,
        positions_file: None,
        write_positions: None,
        weak: false,
        tt_mib: 64,
        tt_min_plies_left: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || {
            args.next()
                .unwrap_or_else(|| fail(&format!("{flag} needs a value")))
        };
        match flag.as_str() {
            "--pons" => plan.pons = value(),
            "--class" => match value().as_str() {
                // Every class but the whole game, which takes minutes.
                "all" => plan.classes.extend(&PositionClass::ALL[..7]),
                name => plan
                    .classes
                    .push(name.parse().unwrap_or_else(|e: String| fail(&e))),
            },
            "--positions" => plan.positions = Some(number(&value()) as usize),
            "--seed" => plan.seed = number(&value()),
            "--positions-file" => plan.positions_file = Some(value()),
            "--write-positions" => plan.write_positions = Some(value()),
            "--tt" => plan.tt_mib = number(&value()) as usize,
            "--tt-min-plies-left" => plan.tt_min_plies_left = Some(number(&value()) as u32),
            "--weak" => plan.weak = true,
            "--ply-only" => plan.ply_only = true,
            _ => fail(&format!(
                "unknown flag `{flag}`: expected --pons PATH, --class NAME|all, --positions N, --seed S, --positions-file FILE, --write-positions FILE, --tt MIB, --tt-min-plies-left N, --weak or --ply-only"
            )),
        }
    }
    if plan.pons.is_empty() && !plan.ply_only {
        fail("--pons PATH is required: the c4solver built from github.com/PascalPons/connect4");
    }
    if plan.classes.is_empty() {
        plan.classes.push(PositionClass::Late);
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
