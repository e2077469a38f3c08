//! What decides a tournament's games, written into every record beside the fingerprint, so
//! that a resume or a merge that refuses a file can say which setting differs.

use crate::ArenaConfig;
use ply_search::spec::canonical_spec;
use serde::{Deserialize, Serialize};

/// The settings behind [`ArenaConfig::fingerprint`], in words.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentSettings {
    /// The game specs (canonical).
    pub games: Vec<String>,
    /// The agent specs (canonical).
    pub agents: Vec<String>,
    /// A gauntlet's tested agents, if a gauntlet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gauntlet: Option<usize>,
    /// Plies of each random opening.
    pub opening_plies: u32,
    /// The seed of the openings.
    pub seed: u64,
    /// Openings given in a file: how many, and a hash of their text (the list itself can be
    /// long).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening_list: Option<String>,
    /// The time control, in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_time_ms: Option<f64>,
    /// The time allowed beyond it, in milliseconds.
    pub tolerance_ms: f64,
    /// Plies after which a game is a draw.
    pub max_plies: u32,
}

impl TournamentSettings {
    /// The settings of `config`.
    pub fn of(config: &ArenaConfig) -> TournamentSettings {
        TournamentSettings {
            games: config.games.iter().map(|g| canonical_spec(g)).collect(),
            agents: config.agent_names(),
            gauntlet: config.gauntlet,
            opening_plies: config.opening_plies,
            seed: config.seed,
            opening_list: config
                .opening_list
                .as_ref()
                .map(|lines| format!("{} openings, hash {}", lines.len(), fnv(&lines.join("\n")))),
            move_time_ms: config.move_time.map(|t| t.as_secs_f64() * 1e3),
            tolerance_ms: config.tolerance.as_secs_f64() * 1e3,
            max_plies: config.max_plies,
        }
    }

    /// What differs between `self` and `other`, in words, one entry per setting, with the two
    /// sides named by `labels` (a file's settings and this run's: `["there", "here"]` gives
    /// `seed 1 there, 9 here`).
    ///
    /// ```
    /// use ply_arena::{ArenaConfig, TournamentSettings};
    /// let here = ArenaConfig { agents: vec!["random".into(), "greedy".into()], seed: 9, ..ArenaConfig::default() };
    /// let there = ArenaConfig { seed: 1, ..here.clone() };
    /// let diff = TournamentSettings::of(&there)
    ///     .differences(&TournamentSettings::of(&here), ["there", "here"]);
    /// assert_eq!(diff, vec!["seed 1 there, 9 here".to_string()]);
    /// ```
    pub fn differences(&self, other: &TournamentSettings, labels: [&str; 2]) -> Vec<String> {
        let mut out = Vec::new();
        let [this_side, other_side] = labels;
        let mut compare = |name: &str, mine: String, theirs: String| {
            if mine != theirs {
                out.push(format!("{name} {mine} {this_side}, {theirs} {other_side}"));
            }
        };
        compare("games", self.games.join(" "), other.games.join(" "));
        compare("agents", self.agents.join(" "), other.agents.join(" "));
        let gauntlet = |g: Option<usize>| g.map_or("none".into(), |k| k.to_string());
        compare(
            "gauntlet",
            gauntlet(self.gauntlet),
            gauntlet(other.gauntlet),
        );
        compare(
            "opening plies",
            self.opening_plies.to_string(),
            other.opening_plies.to_string(),
        );
        compare("seed", self.seed.to_string(), other.seed.to_string());
        let list = |l: &Option<String>| l.clone().unwrap_or_else(|| "random".into());
        compare(
            "openings",
            list(&self.opening_list),
            list(&other.opening_list),
        );
        let time = |t: Option<f64>| t.map_or("none".into(), |ms| format!("{ms}ms"));
        compare(
            "move time",
            time(self.move_time_ms),
            time(other.move_time_ms),
        );
        compare(
            "tolerance",
            format!("{}ms", self.tolerance_ms),
            format!("{}ms", other.tolerance_ms),
        );
        compare(
            "max plies",
            self.max_plies.to_string(),
            other.max_plies.to_string(),
        );
        out
    }
}

/// Why the games of `there` (a record's settings, if it has them) belong to another tournament
/// than `here`'s, in a few words for an error message, the sides named by `labels`.
pub fn why_another(
    there: Option<&TournamentSettings>,
    here: Option<&TournamentSettings>,
    labels: [&str; 2],
) -> String {
    let differences = match (there, here) {
        (Some(there), Some(here)) => there.differences(here, labels),
        _ => Vec::new(),
    };
    if differences.is_empty() {
        "other games, agents, openings, seed or time control".into()
    } else {
        ply_search::error::one_line(&differences.join("; "), 4 * ply_search::error::ECHO_LIMIT)
    }
}

/// FNV-1a, 64 bits, in hex: stable across runs, platforms and Rust versions.
pub(crate) fn fnv(text: &str) -> String {
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    });
    format!("{hash:016x}")
}
