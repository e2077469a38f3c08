//! A real `ply serve` process on a free loopback port, for the server's tests; killed when
//! dropped.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};

/// A running server.
pub struct Server {
    /// Where it listens.
    pub addr: SocketAddr,
    child: Child,
}

impl Server {
    /// Starts `ply serve --port 0` with `args` and waits until it listens.
    pub fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("ply serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        // "ply serve: open http://127.0.0.1:PORT (Ctrl-C stops)"
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| panic!("no address in {line:?}"));
        Server { addr, child }
    }

    /// The server's process id, to read its threads and memory.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends the server one SIGINT (Ctrl-C) and waits up to `limit` for it to exit; true if
    /// it exited with success in time.
    #[allow(dead_code)]
    pub fn interrupt(&mut self, limit: std::time::Duration) -> bool {
        let sent = Command::new("kill")
            .args(["-INT", &self.child.id().to_string()])
            .status()
            .is_ok_and(|s| s.success());
        let start = std::time::Instant::now();
        while sent && start.elapsed() < limit {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.success();
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        false
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
