//! `ply solve --split-depth` through the binary, as a cluster runs it: the jobs written, each
//! slice solved by its own process into its own file (a slice cut short resumes without
//! redoing its jobs), and the results combined into exactly the one-machine answer.

use serde_json::Value;
use std::path::Path;

mod common;
use common::{fresh_folder as folder, ply, refused, succeeded as ok};

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The answer without what it cost; without distances (an outcome-only solve), values by
/// their sign, the only part of them that is known.
fn answer(json: &str) -> Value {
    let mut value: Value = serde_json::from_str(json).unwrap();
    value.as_object_mut().unwrap().remove("stats");
    if value["exact_distance"] == false {
        signs(&mut value);
    }
    value
}

fn signs(value: &mut Value) {
    match value {
        Value::Object(map) => {
            for (key, v) in map.iter_mut() {
                match (key.as_str(), v.as_i64()) {
                    ("value", Some(n)) => *v = Value::from(n.signum()),
                    _ => signs(v),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(signs),
        _ => {}
    }
}

fn split_equals_whole(game: &str, depth: &str, extra: &[&str], slices: usize) {
    let dir = folder(&game.replace(['(', ')', '=', ','], "-"));
    let jobs = dir.join("jobs.txt");
    ok(&ply(&[
        "solve",
        game,
        "--split-depth",
        depth,
        "--write-jobs",
        path(&jobs),
    ]));
    let mut results = Vec::new();
    for k in 1..=slices {
        let file = dir.join(format!("results-{k}.jsonl"));
        let slice = format!("{k}/{slices}");
        let mut args = vec![
            "solve",
            game,
            "--jobs",
            path(&jobs),
            "--slice",
            &slice,
            "--out",
            path(&file),
        ];
        args.extend(extra.iter().filter(|a| **a != "--all-replies"));
        ok(&ply(&args));
        results.push(file);
    }
    let mut args = vec!["solve", game, "--split-depth", depth, "--json", "--results"];
    args.extend(results.iter().map(|r| path(r)));
    args.extend(extra);
    let mut whole = vec!["solve", game, "--json"];
    whole.extend(extra);
    assert_eq!(
        answer(&ok(&ply(&args))),
        answer(&ok(&ply(&whole))),
        "{game} at depth {depth}"
    );
}

#[test]
fn combined_slices_are_the_one_machine_solve() {
    split_equals_whole(
        "queen-isolation(preset=quiz)",
        "2",
        &["--all-replies", "--distance"],
        3,
    );
    split_equals_whole(
        "queen-isolation(width=4,height=4)",
        "3",
        &["--all-replies"],
        2,
    );
    split_equals_whole("isolation(width=5,height=5)", "2", &["--distance"], 4);
    split_equals_whole("tictactoe", "4", &[], 5);
}

/// Writes `game`'s jobs two plies down to `jobs`.
fn write_jobs_at_depth_2(game: &str, jobs: &Path) {
    ok(&ply(&[
        "solve",
        game,
        "--split-depth",
        "2",
        "--write-jobs",
        path(jobs),
    ]));
}

#[test]
fn a_slice_cut_short_resumes_without_redoing_its_jobs() {
    let dir = folder("resume");
    let (jobs, results) = (dir.join("jobs.txt"), dir.join("results.jsonl"));
    let game = "queen-isolation(width=4,height=4)";
    write_jobs_at_depth_2(game, &jobs);
    let slice = [
        "solve",
        game,
        "--jobs",
        path(&jobs),
        "--out",
        path(&results),
    ];
    ok(&ply(&slice));
    let text = std::fs::read_to_string(&results).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // Killed while writing its 11th result: ten whole lines and a torn one.
    std::fs::write(&results, lines[..10].join("\n") + "\n" + &lines[10][..9]).unwrap();
    let again = ok(&ply(&slice));
    assert!(
        again.contains(&format!("{} jobs solved now, 10 before", lines.len() - 10)),
        "{again}"
    );
    let mut combine = vec!["solve", game, "--split-depth", "2", "--json", "--results"];
    combine.push(path(&results));
    let whole = ok(&ply(&["solve", game, "--json"]));
    assert_eq!(answer(&ok(&ply(&combine))), answer(&whole));
}

/// A split's whole cost is its jobs': the combine adds up the nodes and the time each result
/// carries, and results written before ply timed its jobs still combine, their time unknown.
#[test]
fn a_combine_adds_up_what_its_jobs_cost() {
    let dir = folder("cost");
    let (jobs, results) = (dir.join("jobs.txt"), dir.join("results.jsonl"));
    let game = "isolation(width=5,height=5)";
    write_jobs_at_depth_2(game, &jobs);
    ok(&ply(&[
        "solve",
        game,
        "--jobs",
        path(&jobs),
        "--out",
        path(&results),
        "--threads",
        "2",
    ]));
    let text = std::fs::read_to_string(&results).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let nodes: u64 = lines.iter().map(|l| l["nodes"].as_u64().unwrap()).sum();
    let seconds: f64 = lines.iter().map(|l| l["seconds"].as_f64().unwrap()).sum();
    assert!(seconds > 0.0, "{text}");
    let combine = [
        "solve",
        game,
        "--split-depth",
        "2",
        "--results",
        path(&results),
    ];
    let json: Value =
        serde_json::from_str(&ok(&ply(&[&combine[..], &["--json"]].concat()))).unwrap();
    assert_eq!(json["stats"]["nodes"], nodes);
    assert_eq!(json["stats"]["threads"], 0, "a combined solve");
    let micros = json["stats"]["time_us"].as_f64().unwrap();
    assert!(
        (micros - seconds * 1e6).abs() <= 1.0,
        "{micros} µs for {seconds} s"
    );
    assert!(ok(&ply(&combine)).contains(&format!(
        "nodes {nodes}  time {:.1} s on one thread",
        seconds
    )));

    // The first line as an older ply wrote it, without its time.
    let mut first = lines[0].clone();
    first.as_object_mut().unwrap().remove("seconds");
    let rest: Vec<&str> = text.lines().skip(1).collect();
    std::fs::write(&results, format!("{first}\n{}\n", rest.join("\n"))).unwrap();
    let json: Value =
        serde_json::from_str(&ok(&ply(&[&combine[..], &["--json"]].concat()))).unwrap();
    assert_eq!(
        (
            json["stats"]["nodes"].as_u64(),
            json["stats"]["time_us"].as_u64()
        ),
        (Some(nodes), Some(0))
    );
    assert!(ok(&ply(&combine)).contains(&format!(
        "nodes {nodes} (the jobs' results, summed; some carry no time"
    )));
}

#[test]
fn bad_splits_are_refused_in_one_line() {
    let dir = folder("bad");
    let jobs = dir.join("jobs.txt");
    let game = "queen-isolation(width=4,height=4)";
    refused(
        &ply(&[
            "solve",
            game,
            "--split-depth",
            "9",
            "--write-jobs",
            path(&jobs),
        ]),
        "bad --split-depth `9`: expected 1 to 8",
    );
    refused(
        &ply(&["solve", game, "--split-depth", "2"]),
        "expected --write-jobs FILE or --results FILE",
    );
    write_jobs_at_depth_2(game, &jobs);
    let results = dir.join("r.jsonl");
    refused(
        &ply(&[
            "solve",
            "tictactoe",
            "--jobs",
            path(&jobs),
            "--out",
            path(&results),
        ]),
        "its jobs are of `queen-isolation(height=4,width=4)`",
    );
    refused(
        &ply(&[
            "solve",
            game,
            "--jobs",
            path(&jobs),
            "--slice",
            "3/2",
            "--out",
            path(&results),
        ]),
        "bad --slice `3/2`",
    );
    ok(&ply(&[
        "solve",
        game,
        "--jobs",
        path(&jobs),
        "--slice",
        "1/2",
        "--out",
        path(&results),
    ]));
    refused(
        &ply(&[
            "solve",
            game,
            "--split-depth",
            "2",
            "--results",
            path(&results),
        ]),
        "has no result in the files",
    );
    refused(
        &ply(&[
            "solve",
            game,
            "--split-depth",
            "2",
            "--distance",
            "--results",
            path(&results),
        ]),
        "solved without --distance",
    );
    refused(
        &ply(&[
            "solve",
            game,
            "--split-depth",
            "1",
            "--all-replies",
            "--results",
            path(&results),
        ]),
        "expected 2 or more",
    );
    refused(&ply(&["solve", game, "--jobs", path(&jobs)]), "--out");
    std::fs::write(&jobs, "not a jobs file\n").unwrap();
    refused(
        &ply(&[
            "solve",
            game,
            "--jobs",
            path(&jobs),
            "--out",
            path(&results),
        ]),
        "no `# ply solve jobs` line",
    );
}

/// Results are checked before they are combined: a value no solve gives, one job with two
/// values, a position that is no job, and (with `--verify N`) values that do not hold when
/// jobs are solved again; each refused in one line instead of a confident wrong answer.
#[test]
fn forged_results_are_refused() {
    let dir = folder("forged");
    let jobs = dir.join("jobs.txt");
    let game = "isolation(width=4,height=4)";
    write_jobs_at_depth_2(game, &jobs);
    let results = dir.join("r.jsonl");
    ok(&ply(&[
        "solve",
        game,
        "--jobs",
        path(&jobs),
        "--out",
        path(&results),
    ]));
    let text = std::fs::read_to_string(&results).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let write = |name: &str, records: &[Value]| {
        let file = dir.join(name);
        let body: String = records.iter().map(|r| format!("{r}\n")).collect();
        std::fs::write(&file, body).unwrap();
        file
    };
    let combine = |files: &[&Path], extra: &[&str]| {
        let mut args = vec!["solve", game, "--split-depth", "2", "--results"];
        args.extend(files.iter().map(|f| path(f)));
        args.extend(extra);
        ply(&args)
    };
    // Every job's value turned round: each is a value a solve could give, so only solving
    // jobs again finds the forgery.
    let flipped: Vec<Value> = lines
        .iter()
        .map(|r| {
            let mut r = r.clone();
            r["value"] = Value::from(-r["value"].as_i64().unwrap());
            r
        })
        .collect();
    let flipped = write("flipped.jsonl", &flipped);
    ok(&combine(&[&results], &["--verify", "5"]));
    refused(
        &combine(&[&flipped], &["--verify", "5"]),
        "solved again here; expected results that hold",
    );

    let mut impossible = lines.clone();
    impossible[0]["value"] = Value::from(123_456_789);
    let impossible = write("impossible.jsonl", &impossible);
    refused(
        &combine(&[&impossible], &[]),
        "has the value 123456789; expected a solved value",
    );

    let mut other = lines[..1].to_vec();
    other[0]["value"] = Value::from(-other[0]["value"].as_i64().unwrap());
    let other = write("other.jsonl", &other);
    refused(
        &combine(&[&results, &other], &[]),
        "expected one value for each job",
    );

    let mut stranger = lines.clone();
    stranger[0]["position"] = Value::from("3994575 0 - -");
    let stranger = write("stranger.jsonl", &stranger);
    refused(&combine(&[&stranger], &[]), "is not one of the jobs");
}
