//! The standings as text: the table `ply arena` prints (and Python's `print(standings)`), and
//! CSV for spreadsheets.

use crate::record::Standings;
use std::fmt;

impl fmt::Display for Standings {
    /// The agents' lines, best Elo first, then every pairing from its first agent's view, then
    /// the SPRT's verdict if one was asked for.
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self
            .agents
            .iter()
            .map(|a| a.agent.len())
            .max()
            .unwrap_or(5)
            .max(5);
        writeln!(
            out,
            "{:<width$}  games     W     D     L   score  95% interval   Elo (BT, 95%)  ms/move  timeouts  forfeits",
            "agent"
        )?;
        let mut order: Vec<_> = self.agents.iter().collect();
        order.sort_by(|a, b| b.rating.elo.total_cmp(&a.rating.elo));
        for a in order {
            writeln!(
                out,
                "{:<width$}  {:>5} {:>5} {:>5} {:>5}  {:>5.1}%  [{:>4.1}, {:>4.1}]  {:>+6.0} +- {:<4.0}  {:>7.1}  {:>8}  {:>8}",
                a.agent,
                a.record.games(),
                a.record.wins,
                a.record.draws,
                a.record.losses,
                100.0 * a.score,
                100.0 * a.score_interval.0,
                100.0 * a.score_interval.1,
                a.rating.elo,
                a.rating.error.min(9999.0),
                a.ms_per_move,
                a.timeouts,
                a.forfeits
            )?;
        }
        writeln!(out, "\npairings (first agent's view):")?;
        for p in &self.pairings {
            writeln!(
                out,
                "  {} vs {}: {}-{}-{}  score {:.1}% [{:.1}, {:.1}]  Elo {:+.0} [{:+.0}, {:+.0}]",
                p.agent,
                p.opponent,
                p.record.wins,
                p.record.draws,
                p.record.losses,
                100.0 * p.score,
                100.0 * p.score_interval.0,
                100.0 * p.score_interval.1,
                p.elo.0,
                p.elo.1,
                p.elo.2
            )?;
        }
        if let Some(s) = &self.sprt {
            writeln!(
                out,
                "\nSPRT {} vs {}: LLR {:.3} (bounds {:.3}, {:.3}): {:?}",
                self.agents[0].agent, self.agents[1].agent, s.llr, s.lower, s.upper, s.decision
            )?;
        }
        Ok(())
    }
}

/// The agents' lines as CSV, one row per agent in the configuration's order.
pub fn to_csv(t: &Standings) -> String {
    let mut text = String::from(
        "agent,games,wins,draws,losses,score,score_low,score_high,elo,elo_error,ms_per_move,timeouts,forfeits\n",
    );
    for a in &t.agents {
        text.push_str(&format!(
            "\"{}\",{},{},{},{},{:.4},{:.4},{:.4},{:.1},{:.1},{:.2},{},{}\n",
            a.agent.replace('"', "\"\""),
            a.record.games(),
            a.record.wins,
            a.record.draws,
            a.record.losses,
            a.score,
            a.score_interval.0,
            a.score_interval.1,
            a.rating.elo,
            a.rating.error,
            a.ms_per_move,
            a.timeouts,
            a.forfeits
        ));
    }
    text
}
