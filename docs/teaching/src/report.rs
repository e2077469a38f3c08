//! What grading found: a list of checks, each worth points, passed or failed with what it saw;
//! printed for the student, or written in the Gradescope autograder's `results.json` format
//! for course platforms.

use serde_json::{json, Value};

/// One graded check: all or nothing.
#[derive(Clone, Debug, PartialEq)]
pub struct Check {
    /// What is checked, e.g. `exercise 1, minimax: 200 random trees`.
    pub name: String,
    /// The points it is worth.
    pub max_score: f64,
    /// Whether the submission passed it.
    pub passed: bool,
    /// What the grader saw: for a failure, the smallest failing case drawn out.
    pub output: String,
}

impl Check {
    /// A passed check.
    pub fn pass(name: impl Into<String>, max_score: f64, output: impl Into<String>) -> Check {
        Check {
            name: name.into(),
            max_score,
            passed: true,
            output: output.into(),
        }
    }

    /// A failed check.
    pub fn fail(name: impl Into<String>, max_score: f64, output: impl Into<String>) -> Check {
        Check {
            name: name.into(),
            max_score,
            passed: false,
            output: output.into(),
        }
    }

    /// A check from the outcome of grading: `Ok` passes with its text, `Err` fails with its.
    pub fn from_result(
        name: impl Into<String>,
        max_score: f64,
        result: Result<String, String>,
    ) -> Check {
        match result {
            Ok(text) => Check::pass(name, max_score, text),
            Err(text) => Check::fail(name, max_score, text),
        }
    }

    /// The points earned.
    pub fn score(&self) -> f64 {
        if self.passed {
            self.max_score
        } else {
            0.0
        }
    }
}

/// The checks of one grading run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// The checks, in the order they ran.
    pub checks: Vec<Check>,
}

impl Report {
    /// Whether every check passed.
    pub fn passed(&self) -> bool {
        self.checks.iter().all(|c| c.passed)
    }

    /// Points earned.
    pub fn score(&self) -> f64 {
        self.checks.iter().map(Check::score).sum()
    }

    /// Points available.
    pub fn max_score(&self) -> f64 {
        self.checks.iter().map(|c| c.max_score).sum()
    }

    /// The report for a person: `PASS` or `FAIL`, the points and the name of each check, a
    /// failure's case indented below it, and the total.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for check in &self.checks {
            out.push_str(&format!(
                "{}  {:>4} / {:<4} {}\n",
                if check.passed { "PASS" } else { "FAIL" },
                points(check.score()),
                points(check.max_score),
                check.name
            ));
            if !check.passed {
                for line in check.output.lines() {
                    out.push_str("      ");
                    out.push_str(line);
                    out.push('\n');
                }
            }
        }
        out.push_str(&format!(
            "score {} of {}: {} of {} checks passed\n",
            points(self.score()),
            points(self.max_score()),
            self.checks.iter().filter(|c| c.passed).count(),
            self.checks.len()
        ));
        out
    }

    /// The report in the Gradescope autograder format (`results.json`): the total `score`,
    /// and `tests`, each with `name`, `score`, `max_score`, `status` and `output`.
    pub fn gradescope(&self) -> Value {
        json!({
            "score": self.score(),
            "tests": self.checks.iter().map(|c| json!({
                "name": c.name,
                "score": c.score(),
                "max_score": c.max_score,
                "status": if c.passed { "passed" } else { "failed" },
                "output": c.output,
            })).collect::<Vec<_>>(),
        })
    }
}

/// Points without a needless `.0`.
fn points(p: f64) -> String {
    if p.fract() == 0.0 {
        format!("{p:.0}")
    } else {
        format!("{p:.1}")
    }
}
