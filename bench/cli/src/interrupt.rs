//! Ctrl-C: the first one stops the work under way, which prints what it finished and a one-line
//! note, and the command exits with 130; a second one exits at once.

use ply_search::StopFlag;
use std::sync::OnceLock;

static CTRL_C: OnceLock<StopFlag> = OnceLock::new();

/// The flag Ctrl-C raises; the handler is installed on first use. Where no handler can be
/// installed (one already is), the flag simply never rises.
pub fn ctrl_c() -> StopFlag {
    CTRL_C
        .get_or_init(|| {
            let flag = StopFlag::new();
            let raised = flag.clone();
            let _ = ctrlc::set_handler(move || {
                if raised.is_raised() {
                    std::process::exit(130);
                }
                raised.stop();
            });
            flag
        })
        .clone()
}
