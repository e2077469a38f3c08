//! A property of the record file: however a tournament is interrupted (Ctrl-C, or SIGKILL in
//! the middle of a write) and however often, resuming it until it ends gives exactly the games
//! of an uninterrupted run: none lost, none twice, each played the same (node-limited agents).
#![cfg(unix)]

use ply_arena::record::read_records;
use proptest::prelude::*;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

fn tournament(file: &Path, resume: bool) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_ply"));
    command.args([
        "arena",
        "--game",
        "isolation(width=5,height=5)",
        "--game",
        "tictactoe",
        "--agent",
        "random(seed=1)",
        "--agent",
        "alphabeta(nodes=3000)",
        "--agent",
        "mcts(iterations=300,seed=1)",
        "--openings",
        "4",
        "--threads",
        "2",
        "--quiet",
        "--out",
        file.to_str().unwrap(),
    ]);
    if resume {
        command.arg("--resume");
    }
    command.stdout(Stdio::null()).stderr(Stdio::null());
    command
}

/// Each game's opening, moves and winner, by id.
type Games = BTreeMap<String, (Vec<String>, Vec<String>, Option<usize>)>;

fn games(file: &Path) -> Games {
    read_records(file)
        .expect("a file resume accepts")
        .into_iter()
        .map(|r| (r.id, (r.opening, r.moves, r.winner)))
        .collect()
}

fn folder() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-interrupted-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The uninterrupted run's games, played once.
fn uninterrupted() -> &'static Games {
    static GAMES: OnceLock<Games> = OnceLock::new();
    GAMES.get_or_init(|| {
        let file = folder().join("whole.jsonl");
        let _ = std::fs::remove_file(&file);
        assert!(tournament(&file, false).status().unwrap().success());
        let games = games(&file);
        assert_eq!(games.len(), 48);
        games
    })
}

/// How one run is cut short: after this many milliseconds, by SIGINT or by SIGKILL.
#[derive(Clone, Debug)]
struct Cut {
    after_ms: u64,
    kill: bool,
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn resumed_after_any_interruptions_the_games_are_those_of_one_run(
        cuts in proptest::collection::vec((20u64..1_200, any::<bool>()), 1..4)
            .prop_map(|v| v.into_iter().map(|(after_ms, kill)| Cut { after_ms, kill }).collect::<Vec<_>>()),
        case in any::<u32>(),
    ) {
        let expected = uninterrupted();
        let file = folder().join(format!("cut-{case}.jsonl"));
        let _ = std::fs::remove_file(&file);
        for (i, cut) in cuts.iter().enumerate() {
            let mut child = tournament(&file, i > 0 || file.exists()).spawn().unwrap();
            std::thread::sleep(Duration::from_millis(cut.after_ms));
            if cut.kill {
                let _ = child.kill();
            } else {
                let _ = Command::new("kill").args(["-INT", &child.id().to_string()]).status();
            }
            let status = child.wait().unwrap();
            // Ended by the signal, or finished before it: never a refusal of its own file.
            prop_assert!(status.code() != Some(2), "run {} of {:?} refused its file", i + 1, cuts);
        }
        let last = tournament(&file, true).status().unwrap();
        prop_assert!(last.success());
        prop_assert_eq!(&games(&file), expected);
        let _ = std::fs::remove_file(&file);
    }
}
