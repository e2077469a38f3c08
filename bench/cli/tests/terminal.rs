//! A human's game through a real terminal: `ply play` runs inside tmux, and the test reads the
//! screen as a person would (the board's coordinates, the prompt's move format and legal moves)
//! and types moves at the prompt until the game ends. Needs tmux, which `.ci/run` installs; run
//! with `cargo test -p ply-cli --test terminal -- --ignored`.

use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

/// A tmux session running one command, killed when dropped.
struct Terminal {
    name: String,
}

impl Terminal {
    fn start(command: &str) -> Terminal {
        let name = format!("ply-terminal-test-{}", std::process::id());
        let status = Command::new("tmux")
            .args(["new-session", "-d", "-x", "120", "-y", "60", "-s", &name])
            .arg(format!("{command}; echo EXIT $?; sleep 60"))
            .status()
            .expect("tmux runs (apt-get install tmux)");
        assert!(status.success(), "tmux could not start `{command}`");
        Terminal { name }
    }

    /// Everything the terminal showed, scroll-back included.
    fn screen(&self) -> String {
        let out = Command::new("tmux")
            .args(["capture-pane", "-p", "-J", "-S", "-", "-t", &self.name])
            .output()
            .expect("tmux capture-pane");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Types `keys` and Enter, as a person at the keyboard.
    fn type_line(&self, keys: &str) {
        let status = Command::new("tmux")
            .args(["send-keys", "-t", &self.name, "-l", keys])
            .status()
            .expect("tmux send-keys");
        assert!(status.success());
        let status = Command::new("tmux")
            .args(["send-keys", "-t", &self.name, "Enter"])
            .status()
            .expect("tmux send-keys");
        assert!(status.success());
    }

    /// Waits until the screen shows `count` occurrences of `text` (10 s at most).
    fn wait_for(&self, text: &str, count: usize) -> String {
        let started = Instant::now();
        loop {
            let screen = self.screen();
            if screen.matches(text).count() >= count {
                return screen;
            }
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "the terminal never showed `{text}` {count} times:\n{screen}"
            );
            sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["kill-session", "-t", &self.name])
            .status();
    }
}

#[test]
#[ignore = "needs tmux: run by .ci/run with --ignored"]
fn a_person_plays_knight_isolation_to_the_end_in_a_terminal() {
    let ply = env!("CARGO_BIN_EXE_ply");
    let terminal = Terminal::start(&format!(
        "{ply} play 'isolation(width=5,height=5,rules=standard)' --p1 'random(seed=5)'"
    ));
    let prompt = "player 0, your move (or resign): ";
    let mut moves = 0;
    loop {
        // Either the next prompt or the end of the game.
        let started = Instant::now();
        let screen = loop {
            let screen = terminal.screen();
            if screen.matches(prompt).count() > moves || screen.contains("EXIT ") {
                break screen;
            }
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "no prompt and no end:\n{screen}"
            );
            sleep(Duration::from_millis(50));
        };
        if screen.contains("EXIT ") {
            assert!(screen.contains("EXIT 0"), "{screen}");
            let ending = screen
                .lines()
                .find(|l| l.starts_with("game over: "))
                .unwrap_or_else(|| panic!("no ending line:\n{screen}"));
            assert!(
                ending.contains(" wins: player 0 cannot move")
                    || ending.contains(" wins: player 1 cannot move"),
                "the end says who won and why: {ending}"
            );
            break;
        }
        // The board is drawn with its coordinates, and the prompt says how to write a move.
        assert!(screen.contains("      0   1   2   3   4\n"), "{screen}");
        assert!(
            screen.contains("0: player 0, 1: player 1, X: blocked; cells are (row,col)"),
            "{screen}"
        );
        let legal = screen
            .lines()
            .rev()
            .find_map(|l| l.strip_prefix("legal: "))
            .unwrap_or_else(|| panic!("no legal moves shown:\n{screen}"));
        let format = screen
            .lines()
            .rev()
            .find_map(|l| l.strip_prefix("moves: "))
            .unwrap_or_else(|| panic!("no move format shown:\n{screen}"));
        assert!(format.contains("(row,col)"), "{format}");
        // A typo first: answered with the format and the legal moves, then asked again.
        if moves == 0 {
            terminal.type_line("(9,9)");
            terminal.wait_for("not a legal move: `(9,9)`; expected", 1);
            moves += 1;
            terminal.wait_for(prompt, moves + 1);
        }
        let first = legal.split_whitespace().next().expect("a legal move");
        assert!(first.starts_with('(') && first.ends_with(')'), "{legal}");
        terminal.type_line(first);
        moves += 1;
        assert!(moves < 60, "the game went on too long:\n{screen}");
    }
    assert!(moves >= 3, "a game of at least a few moves");
}
