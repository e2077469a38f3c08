//! Tournament statistics: scores with 95% intervals, Elo differences, a Bradley-Terry
//! maximum-likelihood rating of every agent from all games (and its form for more than two
//! players at a table, the Plackett-Luce model's first choice), and the sequential probability
//! ratio test (SPRT) for "is A better than B".

use serde::Serialize;

/// Wins, draws and losses of one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Wdl {
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

impl Wdl {
    /// Games played.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// The score: (wins + draws / 2) / games, 0.5 with no games.
    pub fn score(&self) -> f64 {
        match self.games() {
            0 => 0.5,
            n => (self.wins as f64 + 0.5 * self.draws as f64) / n as f64,
        }
    }

    /// The score's 95% interval: the Wilson score interval with draws as half points. Unlike
    /// the plain normal approximation it does not shrink to nothing at 0% or 100% (after 18
    /// losses in 18 games the score is still below 17.6% with 95% confidence, not exactly 0),
    /// and with draws it errs on the wide side.
    ///
    /// ```
    /// use ply_arena::stats::Wdl;
    /// // 60 wins, 20 draws, 20 losses: score 0.7 over 100 games.
    /// let (lo, hi) = Wdl { wins: 60, draws: 20, losses: 20 }.score_interval();
    /// assert!((lo - 0.604_150).abs() < 1e-6 && (hi - 0.781_052).abs() < 1e-6);
    /// let (lo, hi) = Wdl { wins: 0, draws: 0, losses: 18 }.score_interval();
    /// assert!(lo == 0.0 && (hi - 0.175_885).abs() < 1e-6);
    /// ```
    pub fn score_interval(&self) -> (f64, f64) {
        wilson(self.score(), self.games())
    }

    /// The Elo difference the score stands for, with the ends of the score's 95% interval
    /// mapped the same way (infinite at a score of 0 or 1).
    ///
    /// ```
    /// use ply_arena::stats::{elo_from_score, Wdl};
    /// assert!((elo_from_score(0.75) - 190.849).abs() < 1e-3); // -400 log10(1/0.75 - 1)
    /// let (elo, lo, hi) = Wdl { wins: 60, draws: 20, losses: 20 }.elo();
    /// assert!(lo < elo && elo < hi);
    /// ```
    pub fn elo(&self) -> (f64, f64, f64) {
        let (lo, hi) = self.score_interval();
        (
            elo_from_score(self.score()),
            elo_from_score(lo),
            elo_from_score(hi),
        )
    }

    /// The same games from the other side.
    pub fn flipped(&self) -> Wdl {
        Wdl {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }
}

/// The Wilson score interval (95%) of a mean score `score` in [0, 1] over `games` games
/// ([`Wdl::score_interval`]); (0, 1) without games.
pub fn wilson(score: f64, games: u64) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let (p, nf, z) = (score, games as f64, 1.96f64);
    let shrink = 1.0 + z * z / nf;
    let centre = (p + z * z / (2.0 * nf)) / shrink;
    let half = z * (p * (1.0 - p) / nf + z * z / (4.0 * nf * nf)).sqrt() / shrink;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The Elo difference of an expected score: `-400 log10(1 / score - 1)`.
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The expected score of an Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// One agent's Bradley-Terry rating.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rating {
    /// Elo, the mean of all agents being 0.
    pub elo: f64,
    /// Half the 95% interval, in Elo.
    pub error: f64,
}

/// Bradley-Terry maximum-likelihood ratings from `results[i][j]` = agent i's record against
/// agent j (a draw counts half a win for each): [`plackett_luce`] with each pairing a table of
/// two, fitted by the minorisation-maximisation iteration (Hunter 2004); the errors come from
/// the Fisher information. Like BayesElo, every pairing
/// that played gets one virtual draw, a weak prior without which an agent that won or lost
/// every game would have no finite rating.
///
/// ```
/// use ply_arena::stats::{bradley_terry, elo_from_score, Wdl};
/// // A beats B 30-10; with the virtual draw, 30.5 of 41 points: 185.6 Elo apart, the
/// // ratings symmetric around 0.
/// let ab = Wdl { wins: 30, draws: 0, losses: 10 };
/// let table = vec![vec![Wdl::default(), ab], vec![ab.flipped(), Wdl::default()]];
/// let r = bradley_terry(&table);
/// assert!((r[0].elo - r[1].elo - elo_from_score(30.5 / 41.0)).abs() < 0.01);
/// assert!((r[0].elo + r[1].elo).abs() < 1e-9);
/// ```
pub fn bradley_terry(results: &[Vec<Wdl>]) -> Vec<Rating> {
    // Bradley-Terry is Plackett-Luce at tables of two: each pairing is one table.
    let n = results.len();
    let meetings: Vec<Meeting> = (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .map(|(i, j)| {
            let r = results[i][j];
            Meeting {
                members: vec![(i, 1), (j, 1)],
                games: r.games(),
                points: vec![
                    r.wins as f64 + 0.5 * r.draws as f64,
                    r.losses as f64 + 0.5 * r.draws as f64,
                ],
            }
        })
        .collect();
    plackett_luce(n, &meetings)
}

/// The games played at one table of agents, for [`plackett_luce`]: who sat there (an agent in
/// two seats counts twice), how many games, and the points each agent took there.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Meeting {
    /// Each agent at the table with its number of seats there.
    pub members: Vec<(usize, u32)>,
    /// Games played at the table.
    pub games: u64,
    /// The points each member took, in the order of `members` (all its seats together): a game
    /// gives its winner 1, and shares it equally on a draw or a shared first place.
    pub points: Vec<f64>,
}

/// Plackett-Luce ratings for tables of two or more players, from the winner of each game: each
/// agent has a strength `g`, and the chance that a seat of agent `i` wins at a table is
/// `g_i / (sum of the strengths of every seat there)`. That is the Plackett-Luce model's first
/// choice (Luce's choice axiom), fitted by Hunter's (2004) minorisation-maximisation; a draw or
/// a shared first place counts as shares of a win, as draws count half in Bradley-Terry. With
/// two players it is [`bradley_terry`]. The model asks only who came first, since ply's games
/// for more players end with a winner or a draw, not a full order of finish. Like
/// [`bradley_terry`], every table that played gets one virtual game shared equally (a weak
/// prior that keeps the ratings of an agent that always or never wins finite), and the errors
/// come from the Fisher information.
///
/// ```
/// use ply_arena::stats::{plackett_luce, Meeting};
/// // Three agents at one table, 100 games: 50, 30 and 20 wins.
/// let table = Meeting { members: vec![(0, 1), (1, 1), (2, 1)], games: 100, points: vec![50.0, 30.0, 20.0] };
/// let r = plackett_luce(3, &[table]);
/// // With the virtual game, strengths in the ratio 50.33 : 30.33 : 20.33.
/// let elo = |g: f64| 400.0 * g.log10();
/// assert!((r[0].elo - r[1].elo - (elo(50.0 + 1.0 / 3.0) - elo(30.0 + 1.0 / 3.0))).abs() < 0.01);
/// assert!(r[0].elo > r[1].elo && r[1].elo > r[2].elo);
/// ```
pub fn plackett_luce(agents: usize, meetings: &[Meeting]) -> Vec<Rating> {
    let played: Vec<&Meeting> = meetings.iter().filter(|m| m.games > 0).collect();
    let mut wins = vec![0.0f64; agents];
    let mut involved = vec![false; agents];
    for m in &played {
        let seats: u32 = m.members.iter().map(|&(_, s)| s).sum();
        for (&(i, s), &points) in m.members.iter().zip(&m.points) {
            wins[i] += points + f64::from(s) / f64::from(seats);
            involved[i] = true;
        }
    }
    let weight = |m: &Meeting| m.games as f64 + 1.0;
    let total = |m: &Meeting, strength: &[f64]| -> f64 {
        m.members
            .iter()
            .map(|&(j, s)| f64::from(s) * strength[j])
            .sum()
    };
    let mut strength = vec![1.0f64; agents];
    for _ in 0..10_000 {
        let mut denominator = vec![0.0f64; agents];
        for m in &played {
            let sum = total(m, &strength);
            for &(i, s) in &m.members {
                denominator[i] += weight(m) * f64::from(s) / sum;
            }
        }
        let mut next = strength.clone();
        for i in 0..agents {
            if involved[i] && denominator[i] > 0.0 {
                next[i] = (wins[i] / denominator[i]).max(1e-12);
            }
        }
        let log_mean = next.iter().map(|s| s.ln()).sum::<f64>() / agents.max(1) as f64;
        for s in &mut next {
            *s /= log_mean.exp();
        }
        let change = next
            .iter()
            .zip(&strength)
            .map(|(a, b)| (a.ln() - b.ln()).abs())
            .fold(0.0, f64::max);
        strength = next;
        if change < 1e-10 {
            break;
        }
    }
    let mut information = vec![0.0f64; agents];
    for m in &played {
        let sum = total(m, &strength);
        for &(i, s) in &m.members {
            let p = f64::from(s) * strength[i] / sum;
            information[i] += weight(m) * p * (1.0 - p);
        }
    }
    let scale = 400.0 / std::f64::consts::LN_10;
    (0..agents)
        .map(|i| Rating {
            elo: scale * strength[i].ln(),
            error: if information[i] > 1e-9 {
                1.96 * scale / information[i].sqrt()
            } else {
                f64::INFINITY
            },
        })
        .collect()
}

/// The SPRT's decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum SprtDecision {
    /// Accept H1: A is at least `elo1` better.
    H1,
    /// Accept H0: A is at most `elo0` better.
    H0,
    /// Keep playing.
    Continue,
}

/// A sequential probability ratio test of H0 "A is `elo0` better than B" against H1 "`elo1`
/// better", with error rates `alpha` and `beta`, on the normal approximation of the per-game
/// score (the form used by chess-engine testing frameworks). Returns the log-likelihood ratio,
/// its bounds and the decision.
///
/// ```
/// use ply_arena::stats::{sprt, SprtDecision, Wdl};
/// // 600 wins, 400 losses (a 70 Elo edge): clearly H1 against H0 "0 Elo" vs H1 "10 Elo".
/// let t = sprt(&Wdl { wins: 600, draws: 0, losses: 400 }, 0.0, 10.0, 0.05, 0.05);
/// assert_eq!(t.decision, SprtDecision::H1);
/// assert!((t.upper - 2.944).abs() < 1e-3); // ln(0.95 / 0.05)
/// ```
pub fn sprt(record: &Wdl, elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Sprt {
    let lower = (beta / (1.0 - alpha)).ln();
    let upper = ((1.0 - beta) / alpha).ln();
    let n = record.games() as f64;
    let llr = if n < 2.0 {
        0.0
    } else {
        let s = record.score();
        let variance = (record.wins as f64 * (1.0 - s).powi(2)
            + record.draws as f64 * (0.5 - s).powi(2)
            + record.losses as f64 * s.powi(2))
            / n;
        if variance <= 0.0 {
            0.0
        } else {
            let (s0, s1) = (score_from_elo(elo0), score_from_elo(elo1));
            let total = s * n;
            (s1 - s0) / variance * (total - n * (s0 + s1) / 2.0)
        }
    };
    let decision = if llr >= upper {
        SprtDecision::H1
    } else if llr <= lower {
        SprtDecision::H0
    } else {
        SprtDecision::Continue
    };
    Sprt {
        llr,
        lower,
        upper,
        decision,
    }
}

/// The state of an SPRT.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Sprt {
    /// The log-likelihood ratio of H1 over H0.
    pub llr: f64,
    /// Accept H0 at or below this.
    pub lower: f64,
    /// Accept H1 at or above this.
    pub upper: f64,
    /// The decision so far.
    pub decision: SprtDecision,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_and_score_are_inverse() {
        for elo in [-300.0, -50.0, 0.0, 12.5, 400.0] {
            assert!((elo_from_score(score_from_elo(elo)) - elo).abs() < 1e-9);
        }
        assert_eq!(elo_from_score(0.5), 0.0);
        assert!(elo_from_score(1.0).is_infinite());
    }

    #[test]
    fn an_even_record_has_an_interval_around_one_half() {
        let r = Wdl {
            wins: 10,
            draws: 0,
            losses: 10,
        };
        let (lo, hi) = r.score_interval();
        // Wilson: centre 0.5, half-width 1.96 * sqrt(0.25 / 20 + 3.8416 / 1600) / 1.19208.
        assert!((lo - 0.299_295).abs() < 1e-5 && (hi - 0.700_705).abs() < 1e-5);
    }

    #[test]
    fn bradley_terry_recovers_a_transitive_table() {
        // Three agents 100 Elo apart: expected scores 0.64 (100) and 0.76 (200), as counts.
        let rec = |w: u64, l: u64| Wdl {
            wins: w,
            draws: 0,
            losses: l,
        };
        let e = Wdl::default();
        let ab = rec(6401, 3599); // 100 Elo: 0.6401
        let ac = rec(7597, 2403); // 200 Elo: 0.7597
        let bc = rec(6401, 3599);
        let table = vec![
            vec![e, ab, ac],
            vec![ab.flipped(), e, bc],
            vec![ac.flipped(), bc.flipped(), e],
        ];
        let r = bradley_terry(&table);
        assert!((r[0].elo - r[1].elo - 100.0).abs() < 1.0, "{r:?}");
        assert!((r[1].elo - r[2].elo - 100.0).abs() < 1.0, "{r:?}");
        assert!(r.iter().all(|x| x.error > 0.0 && x.error < 10.0));
    }

    #[test]
    fn sprt_accepts_h0_for_an_even_match_and_waits_when_unsure() {
        let even = Wdl {
            wins: 5000,
            draws: 0,
            losses: 5000,
        };
        assert_eq!(
            sprt(&even, 0.0, 10.0, 0.05, 0.05).decision,
            SprtDecision::H0
        );
        let few = Wdl {
            wins: 6,
            draws: 0,
            losses: 4,
        };
        assert_eq!(
            sprt(&few, 0.0, 10.0, 0.05, 0.05).decision,
            SprtDecision::Continue
        );
        // The LLR by hand for 6-0-4 (s = 0.6, variance 0.24), elo0 0, elo1 10:
        // s0 = 0.5, s1 = 0.514387; LLR = 0.014387 / 0.24 * (6 - 10 * 0.507194) = 0.055634.
        let t = sprt(&few, 0.0, 10.0, 0.05, 0.05);
        assert!((t.llr - 0.055_634).abs() < 1e-5, "{}", t.llr);
    }

    #[test]
    fn plackett_luce_recovers_strengths_from_tables_of_three_and_copies() {
        // Strengths 4 : 2 : 1. At the table of all three, A wins 4/7 of the games; where A
        // sits twice beside C, A's seats win 8/9; where C sits twice beside B, B wins 2/4.
        let meetings = [
            Meeting {
                members: vec![(0, 1), (1, 1), (2, 1)],
                games: 70_000,
                points: vec![40_000.0, 20_000.0, 10_000.0],
            },
            Meeting {
                members: vec![(0, 2), (2, 1)],
                games: 90_000,
                points: vec![80_000.0, 10_000.0],
            },
            Meeting {
                members: vec![(1, 1), (2, 2)],
                games: 40_000,
                points: vec![20_000.0, 20_000.0],
            },
        ];
        let r = plackett_luce(3, &meetings);
        let doubling = 400.0 * 2f64.log10();
        assert!((r[0].elo - r[1].elo - doubling).abs() < 1.0, "{r:?}");
        assert!((r[1].elo - r[2].elo - doubling).abs() < 1.0, "{r:?}");
        assert!(r.iter().all(|x| x.error > 0.0 && x.error < 5.0), "{r:?}");
    }
}
