//! [`StopReason`]: why a search ended, in the words every front end prints. A module of its
//! own, below the budget, the limits and the statistics, which all name it.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Why a search ended. The JSON and text name is the lower-case variant name (`depth`,
/// `nodes`...), the names machine readers of `ply search --json` already rely on.
///
/// ```
/// use ply_search::StopReason;
/// assert_eq!(StopReason::Time.to_string(), "time");
/// assert_eq!(serde_json::to_string(&StopReason::Solved).unwrap(), "\"solved\"");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StopReason {
    /// No limit stopped it: the search ran to its natural end.
    #[default]
    None,
    /// The depth limit was reached.
    Depth,
    /// The node limit was reached.
    Nodes,
    /// The time ran out.
    Time,
    /// The iteration limit (MCTS) was reached.
    Iterations,
    /// The stop flag was raised (by another thread, a Ctrl-C handler, a closed browser tab).
    Stop,
    /// The result was proven: more search cannot change it.
    Solved,
}

impl StopReason {
    /// The name in text and JSON output.
    pub fn name(self) -> &'static str {
        match self {
            StopReason::None => "none",
            StopReason::Depth => "depth",
            StopReason::Nodes => "nodes",
            StopReason::Time => "time",
            StopReason::Iterations => "iterations",
            StopReason::Stop => "stop",
            StopReason::Solved => "solved",
        }
    }
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
