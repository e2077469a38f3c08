//! Spec strings: `name(key=value,...)`, the way games and agents are named on the command line
//! (OpenSpiel style).

use crate::{ErrorKind, NotationError};
use std::str::FromStr;

/// A parsed spec such as `isolation(width=7,height=7)` or `alphabeta(depth=6,eval=improved)`.
///
/// Readers take the parameters they know with the `take_*` methods and then call
/// [`Spec::finish`], which rejects any parameter left over, naming the accepted ones.
///
/// ```
/// use ply_search::Spec;
/// let mut spec = Spec::parse("isolation(width=7, height=7)").unwrap();
/// assert_eq!(spec.name, "isolation");
/// assert_eq!(spec.take_parsed("width", 11u32, "a whole number").unwrap(), 7);
/// assert_eq!(spec.take_parsed("depth", 3u32, "a whole number").unwrap(), 3); // the default
/// let err = spec.finish(&["width", "depth"]).unwrap_err();
/// assert_eq!(err.to_string(),
///     "bad isolation parameter `height`: expected one of width, depth");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    /// The name before the parentheses.
    pub name: String,
    params: Vec<(String, String)>,
    text: String,
}

impl Spec {
    /// Parses `name` or `name(key=value,...)`. Values may hold brackets or parentheses with
    /// commas inside (`cards=[ox,boar]`), or be double-quoted to hold anything but a double
    /// quote (`cmd="python3 agent.py --fast"`); blanks around names and values are ignored.
    pub fn parse(text: &str) -> Result<Spec, NotationError> {
        let form = "NAME or NAME(key=value,...)";
        let bad = |found: &str| {
            NotationError::new("spec", found, form).with_kind(ErrorKind::MalformedSpec)
        };
        let trimmed = text.trim();
        let (name, inner) = match trimmed.find('(') {
            None => (trimmed, None),
            Some(open) => {
                if !trimmed.ends_with(')') {
                    return Err(NotationError::new(
                        "spec",
                        trimmed,
                        format!("{form} (missing `)`)"),
                    )
                    .with_kind(ErrorKind::MalformedSpec));
                }
                (
                    &trimmed[..open],
                    Some(&trimmed[open + 1..trimmed.len() - 1]),
                )
            }
        };
        let name = name.trim();
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(bad(trimmed));
        }
        let mut params: Vec<(String, String)> = Vec::new();
        if let Some(inner) = inner {
            for item in split_top_level(inner).ok_or_else(|| bad(trimmed))? {
                let item = item.trim();
                if item.is_empty() {
                    continue;
                }
                let (key, value) = item.split_once('=').ok_or_else(|| {
                    NotationError::new(format!("{name} parameter"), item, "key=value")
                        .with_kind(ErrorKind::MalformedSpec)
                })?;
                let (key, value) = (key.trim().to_ascii_lowercase(), value.trim().to_string());
                if key.is_empty() || value.is_empty() {
                    return Err(
                        NotationError::new(format!("{name} parameter"), item, "key=value")
                            .with_kind(ErrorKind::MalformedSpec),
                    );
                }
                if params.iter().any(|(k, _)| *k == key) {
                    return Err(NotationError::new(
                        format!("{name} parameter"),
                        item,
                        format!("each key once (`{key}` is repeated)"),
                    )
                    .with_kind(ErrorKind::BadKey));
                }
                params.push((key, value));
            }
        }
        Ok(Spec {
            name: name.to_ascii_lowercase(),
            params,
            text: trimmed.to_string(),
        })
    }

    /// The spec as it was written.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// One text for every way of writing the same spec: the name and keys in lower case, the
    /// keys in alphabetical order, no blanks around them, and no empty parentheses. Values are
    /// kept as written (a program's command line is case-sensitive). Records and tournament
    /// fingerprints name agents and games by it, so that `greedy`, `GREEDY` and `greedy()` are
    /// one agent.
    ///
    /// ```
    /// use ply_search::spec::Spec;
    /// let canonical = |text: &str| Spec::parse(text).unwrap().canonical();
    /// assert_eq!(canonical("GREEDY"), "greedy");
    /// assert_eq!(canonical(" greedy() "), "greedy");
    /// assert_eq!(canonical("mcts( Seed=3, iterations=500 )"), "mcts(iterations=500,seed=3)");
    /// ```
    pub fn canonical(&self) -> String {
        if self.params.is_empty() {
            return self.name.clone();
        }
        let mut params: Vec<&(String, String)> = self.params.iter().collect();
        params.sort();
        let inner: Vec<String> = params.iter().map(|(k, v)| format!("{k}={v}")).collect();
        format!("{}({})", self.name, inner.join(","))
    }

    /// The value of `key` as written, if present, without taking it: for a reader that
    /// decides by one key which game a spec names.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.params
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Removes and returns the value of `key`, if present (without its quotes, if quoted).
    pub fn take(&mut self, key: &str) -> Option<String> {
        let at = self.params.iter().position(|(k, _)| k == key)?;
        let value = self.params.remove(at).1;
        Some(
            match value.strip_prefix('"').and_then(|v| v.strip_suffix('"')) {
                Some(inner) => inner.to_string(),
                None => value,
            },
        )
    }

    /// Removes `key` and parses its value, or returns `default` when absent. `expected`
    /// describes the accepted form for the error message.
    pub fn take_parsed<T: FromStr>(
        &mut self,
        key: &str,
        default: T,
        expected: &str,
    ) -> Result<T, NotationError> {
        match self.take(key) {
            None => Ok(default),
            Some(value) => value.parse().map_err(|_| {
                NotationError::new(
                    format!("{} value", self.name),
                    format!("{key}={value}"),
                    expected,
                )
                .with_kind(ErrorKind::BadValue)
            }),
        }
    }

    /// Removes `key`, whose value must be one of `choices` (case-insensitive); returns the index
    /// of the choice, or `default` when absent.
    pub fn take_choice(
        &mut self,
        key: &str,
        choices: &[&str],
        default: usize,
    ) -> Result<usize, NotationError> {
        match self.take(key) {
            None => Ok(default),
            Some(value) => choices
                .iter()
                .position(|c| c.eq_ignore_ascii_case(&value))
                .ok_or_else(|| {
                    NotationError::new(
                        format!("{} value", self.name),
                        format!("{key}={value}"),
                        format!("{key}= one of {}", choices.join(", ")),
                    )
                    .with_kind(ErrorKind::BadValue)
                }),
        }
    }

    /// Removes an `on`/`off` switch (also `true`/`false`, `yes`/`no`, `1`/`0`).
    pub fn take_switch(&mut self, key: &str, default: bool) -> Result<bool, NotationError> {
        match self.take(key) {
            None => Ok(default),
            Some(value) => match value.to_ascii_lowercase().as_str() {
                "on" | "true" | "yes" | "1" => Ok(true),
                "off" | "false" | "no" | "0" => Ok(false),
                _ => Err(NotationError::new(
                    format!("{} value", self.name),
                    format!("{key}={value}"),
                    format!("{key}=on or {key}=off"),
                )
                .with_kind(ErrorKind::BadValue)),
            },
        }
    }

    /// [`Spec::finish`] with the keys of a game's `FromSpec::KEYS` (the `describe` module).
    pub fn finish_keys(self, accepted: &[SpecKey]) -> Result<(), NotationError> {
        let names: Vec<&str> = accepted.iter().map(|k| k.key).collect();
        self.finish(&names)
    }

    /// Fails if any parameter was not taken, naming the accepted keys.
    pub fn finish(self, accepted: &[&str]) -> Result<(), NotationError> {
        match self.params.first() {
            None => Ok(()),
            Some((key, _)) => Err(NotationError::new(
                format!("{} parameter", self.name),
                key.as_str(),
                if accepted.is_empty() {
                    "no parameters".to_string()
                } else {
                    format!("one of {}", accepted.join(", "))
                },
            )
            .with_kind(ErrorKind::BadKey)),
        }
    }
}

/// One key a game spec takes, for listings (`ply games`) and for checking a spec's keys
/// ([`Spec::finish_keys`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpecKey {
    /// The key, as written in specs.
    pub key: &'static str,
    /// Its default, in words.
    pub default: &'static str,
    /// The values it accepts, in words.
    pub accepted: &'static str,
}

impl AsRef<str> for SpecKey {
    fn as_ref(&self) -> &str {
        self.key
    }
}

/// [`Spec::canonical`] of `text`, or `text` trimmed when it is not a spec (a name a front end
/// made up, such as a Python agent's).
pub fn canonical_spec(text: &str) -> String {
    Spec::parse(text).map_or_else(|_| text.trim().to_string(), |spec| spec.canonical())
}

/// Splits at commas that are not inside brackets, parentheses or double quotes; `None` when the
/// brackets or quotes do not balance.
///
/// ```
/// use ply_search::spec::split_top_level;
/// assert_eq!(split_top_level("(2,3),(4,1)"), Some(vec!["(2,3)", "(4,1)"]));
/// assert_eq!(split_top_level(r#"cmd="a,b(",x=1"#), Some(vec![r#"cmd="a,b(""#, "x=1"]));
/// assert_eq!(split_top_level("(2,3"), None);
/// ```
pub fn split_top_level(text: &str) -> Option<Vec<&str>> {
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    let mut quoted = false;
    for (i, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            _ if quoted => {}
            '(' | '[' => depth += 1,
            ')' | ']' => {
                depth -= 1;
                if depth < 0 {
                    return None;
                }
            }
            ',' if depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if depth != 0 || quoted {
        return None;
    }
    parts.push(&text[start..]);
    Some(parts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_name() {
        let spec = Spec::parse("random").unwrap();
        assert_eq!(spec.name, "random");
        spec.finish(&[]).unwrap();
    }

    #[test]
    fn nested_values_keep_their_commas() {
        let mut spec = Spec::parse("onitama(cards=[ox,boar],seed=7)").unwrap();
        assert_eq!(spec.take("cards").as_deref(), Some("[ox,boar]"));
        assert_eq!(spec.take_parsed("seed", 0u64, "a number").unwrap(), 7);
        spec.finish(&["cards", "seed"]).unwrap();
    }

    #[test]
    fn quoted_values_hold_commas_parentheses_and_blanks() {
        let mut spec =
            Spec::parse(r#"external(cmd="python3 a.py --pair=(1,2)", time=1s)"#).unwrap();
        assert_eq!(
            spec.take("cmd").as_deref(),
            Some("python3 a.py --pair=(1,2)")
        );
        assert_eq!(spec.take("time").as_deref(), Some("1s"));
        let unclosed = Spec::parse(r#"external(cmd="python3 a.py)"#).unwrap_err();
        assert_eq!(
            unclosed.to_string(),
            r#"bad spec `external(cmd="python3 a.py)`: expected NAME or NAME(key=value,...)"#
        );
    }

    #[test]
    fn errors_name_the_bad_part() {
        assert_eq!(
            Spec::parse("isolation(width=7").unwrap_err().to_string(),
            "bad spec `isolation(width=7`: expected NAME or NAME(key=value,...) (missing `)`)"
        );
        assert_eq!(
            Spec::parse("isolation(width)").unwrap_err().to_string(),
            "bad isolation parameter `width`: expected key=value"
        );
        let mut spec = Spec::parse("x(width=seven)").unwrap();
        assert_eq!(
            spec.take_parsed("width", 1u32, "a whole number from 1 to 16")
                .unwrap_err()
                .to_string(),
            "bad x value `width=seven`: expected a whole number from 1 to 16"
        );
        let mut spec = Spec::parse("x(rules=chess)").unwrap();
        assert_eq!(
            spec.take_choice("rules", &["udacity", "standard"], 0)
                .unwrap_err()
                .to_string(),
            "bad x value `rules=chess`: expected rules= one of udacity, standard"
        );
        assert!(Spec::parse("x(a=1,a=2)").is_err());
        assert!(Spec::parse("").is_err());
        assert!(Spec::parse("(a=1)").is_err());
        assert!(Spec::parse("x(a=(1)").is_err());
    }

    #[test]
    fn switches() {
        let mut spec = Spec::parse("ab(tt=off,pvs=on)").unwrap();
        assert!(!spec.take_switch("tt", true).unwrap());
        assert!(spec.take_switch("pvs", false).unwrap());
        assert!(spec.take_switch("killers", true).unwrap());
    }

    proptest::proptest! {
        #[test]
        fn never_panics_on_arbitrary_text(text in "\\PC*") {
            let _ = Spec::parse(&text);
        }

        #[test]
        fn never_panics_on_spec_like_text(text in "[a-z]{0,3}[(]?([a-z=,()\\[\\] 0-9]{0,12})[)]?") {
            if let Ok(mut spec) = Spec::parse(&text) {
                let _ = spec.take_parsed("a", 0u32, "n");
                let _ = spec.finish(&["a"]);
            }
        }
    }
}
