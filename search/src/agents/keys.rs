//! What the agent kinds' keys share: the listing's form of a key and of a switch's default,
//! and the keys every searching kind takes (`time=`, `nodes=`, `eval=`).

use crate::spec::SpecKey;

/// A key of an agent spec, with its default and accepted values as listings show them.
pub(crate) const fn key(
    key: &'static str,
    default: &'static str,
    accepted: &'static str,
) -> SpecKey {
    SpecKey {
        key,
        default,
        accepted,
    }
}

/// A switch's default as a spec writes it.
pub(crate) const fn on_off(on: bool) -> &'static str {
    if on {
        "on"
    } else {
        "off"
    }
}

/// `time=`, which every searching kind takes.
pub(crate) const TIME: SpecKey = key("time", "none", "a duration such as 150ms or 2s");
/// `nodes=`, which every searching kind takes.
pub(crate) const NODES: SpecKey = key("nodes", "none", "a positive whole number");
/// `eval=`, which every kind that evaluates takes.
pub(crate) const EVAL: SpecKey = key(
    "eval",
    "the game's default",
    "one of the game's evaluators (ply games)",
);
/// `tt=`, the table of the searches that keep one (`alphabeta`, `expectimax`).
pub(crate) const TT: SpecKey = key(
    "tt",
    "16MiB",
    "a size such as 64MiB or 512KiB (at most 64GiB), or off",
);
