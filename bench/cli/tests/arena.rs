//! The arena through the binary: a whole small tournament, resumed after an interruption; bad
//! input; the bench fingerprint; openings from a file.

use ply_arena::record::read_records;
use serde_json::Value;
use std::process::Command;

fn ply(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .output()
        .expect("the ply binary runs")
}

#[test]
fn a_small_tournament_end_to_end_and_resumed_after_an_interruption() {
    let dir = std::env::temp_dir().join(format!("ply-arena-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.jsonl");
    let _ = std::fs::remove_file(&file);
    let path = file.to_str().unwrap();
    let (csv, svg) = (dir.join("agents.csv"), dir.join("chart.svg"));
    let (csv_path, svg_path) = (csv.to_str().unwrap(), svg.to_str().unwrap());
    let args = [
        "arena",
        "--game",
        "isolation(width=5,height=5,rules=standard)",
        "--game",
        "queen-isolation(width=4,height=4)",
        "--agent",
        "random",
        "--agent",
        "greedy",
        "--agent",
        "alphabeta(depth=3)",
        "--openings",
        "2",
        "--out",
        path,
        "--json",
        "--csv",
        csv_path,
        "--svg",
        svg_path,
        "--sprt",
        "0,50",
    ];
    let out = ply(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table: Value = serde_json::from_slice(&out.stdout).unwrap();
    let total = 2 * 3 * 2 * 2;
    assert_eq!(table["games"], total);
    assert_eq!(read_records(&file).unwrap().len(), total);
    let csv_text = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(csv_text.lines().count(), 4, "a header and three agents");
    assert!(std::fs::read_to_string(&svg)
        .unwrap()
        .contains("alphabeta(depth=3)"));
    assert!(table["sprt"]["llr"].is_number());

    // Running again without --resume would overwrite: refused.
    let again = ply(&args);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("expected --resume"));

    // Interrupt: keep 9 complete lines and half of the 10th, as a killed process would.
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut cut = lines[..9].join("\n");
    cut.push('\n');
    cut.push_str(&lines[9][..lines[9].len() / 2]);
    std::fs::write(&file, cut).unwrap();

    let mut resume_args = args.to_vec();
    resume_args.push("--resume");
    let out = ply(&resume_args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(table["games"], total, "no game lost");
    let records = read_records(&file).unwrap();
    assert_eq!(records.len(), total, "no game counted twice");
    let mut ids: Vec<_> = records.iter().map(|r| r.id.clone()).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), total);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_tournament_input_is_one_line_and_exit_code_2() {
    for (args, needle) in [
        (
            vec!["arena", "--preset", "cup"],
            "bad --preset `cup`: expected aind",
        ),
        (vec!["arena", "--agent", "random"], "at least two --agent"),
        (
            vec!["arena", "--agent", "random", "--agent", "random"],
            "given twice",
        ),
        (
            vec!["arena", "--agent", "random", "--agent", "chess"],
            "bad agent `chess`",
        ),
        (vec!["arena", "--threads", "0"], "bad --threads `0`"),
        // Huge tournaments are refused before anything is allocated (this once took the
        // machine's memory).
        (
            vec!["arena", "--openings", "100000000000"],
            "bad --openings `100000000000`: expected 1 to 1000000",
        ),
        (
            vec!["arena", "--openings", "1000000"],
            "bad tournament: 72000000 games; expected at most 10000000",
        ),
        (vec!["arena", "--sprt", "10,0"], "bad --sprt `10,0`"),
        (
            vec!["arena", "--move-time", "soon"],
            "bad --move-time `soon`",
        ),
        (
            vec![
                "arena",
                "--agent",
                "random",
                "--agent",
                "greedy",
                "--gauntlet",
                "2",
            ],
            "bad --gauntlet `2`",
        ),
        (
            vec![
                "arena", "--game", "chess", "--agent", "random", "--agent", "greedy",
            ],
            "chess",
        ),
    ] {
        let out = ply(&args);
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn bench_prints_a_fingerprint_that_does_not_change_from_run_to_run() {
    let total = |out: &std::process::Output| -> String {
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        let last = text.lines().last().unwrap().to_string();
        assert!(last.starts_with("total: "), "{text}");
        last.split(" nodes").next().unwrap().to_string()
    };
    let (a, b) = (ply(&["bench"]), ply(&["bench"]));
    assert!(a.status.success());
    assert_eq!(total(&a), total(&b));
    let text = String::from_utf8_lossy(&a.stdout);
    for game in ["isolation", "queen-isolation", "onitama", "mcts("] {
        assert!(text.contains(game), "{text}");
    }
}

#[test]
fn openings_can_come_from_a_file() {
    let dir = std::env::temp_dir().join(format!("ply-openings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let openings = dir.join("openings.txt");
    std::fs::write(&openings, "# two openings\n0,24\n\n9,22\n").unwrap();
    let out_file = dir.join("games.jsonl");
    let _ = std::fs::remove_file(&out_file);
    let out = ply(&[
        "arena",
        "--game",
        "isolation(width=5,height=5,rules=standard)",
        "--agent",
        "random",
        "--agent",
        "greedy",
        "--openings-file",
        openings.to_str().unwrap(),
        "--out",
        out_file.to_str().unwrap(),
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let records = read_records(&out_file).unwrap();
    assert_eq!(records.len(), 4);
    let mut seen: Vec<Vec<String>> = records.iter().map(|r| r.opening.clone()).collect();
    seen.sort();
    seen.dedup();
    assert_eq!(
        seen,
        [
            vec!["0".to_string(), "24".into()],
            vec!["9".into(), "22".into()]
        ]
    );

    std::fs::write(&openings, "0,99\n").unwrap();
    let out = ply(&[
        "arena",
        "--game",
        "isolation(width=5,height=5,rules=standard)",
        "--agent",
        "random",
        "--agent",
        "greedy",
        "--openings-file",
        openings.to_str().unwrap(),
        "--out",
        dir.join("other.jsonl").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad opening `0,99`"));

    // AIND's moves are `(row,col)`: the commas inside them do not split the line.
    std::fs::write(&openings, "(0,0),(6,6)\n(3,3), (2,5)\n").unwrap();
    let aind = dir.join("aind.jsonl");
    let out = ply(&[
        "arena",
        "--game",
        "isolation(rules=aind)",
        "--agent",
        "random",
        "--agent",
        "greedy",
        "--openings-file",
        openings.to_str().unwrap(),
        "--out",
        aind.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut seen: Vec<Vec<String>> = read_records(&aind)
        .unwrap()
        .into_iter()
        .map(|r| r.opening)
        .collect();
    seen.sort();
    seen.dedup();
    assert_eq!(seen, [["(0,0)", "(6,6)"], ["(3,3)", "(2,5)"]]);
    let _ = std::fs::remove_dir_all(&dir);
}
