//! The standings as text: the table `ply arena` prints (and Python's `print(standings)`), and
//! CSV for spreadsheets.

use crate::record::Standings;
use std::fmt;

impl fmt::Display for Standings {
    /// The agents' lines, best Elo first, then every pairing from its first agent's view (and,
    /// with games for more than two, each agent's score by seat and each table's points),
    /// then the SPRT's verdict if one was asked for.
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        let many = self.most_seats() > 2;
        let width = self
            .agents
            .iter()
            .map(|a| a.agent.len())
            .max()
            .unwrap_or(5)
            .max(5);
        writeln!(
            out,
            "{:<width$}  games     W     D     L   score  95% interval   Elo ({}, 95%)  ms/move  timeouts  forfeits",
            "agent",
            if many { "PL" } else { "BT" }
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
        if many {
            write_seats(self, width, out)?;
        }
        if !self.pairings.is_empty() || !many {
            writeln!(out, "\npairings (first agent's view):")?;
        }
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
        if !self.tables.is_empty() {
            writeln!(
                out,
                "\ntables (points of each agent there, all its seats together):"
            )?;
        }
        for t in &self.tables {
            let names: Vec<String> = t
                .agents
                .iter()
                .map(|(a, seats)| match seats {
                    1 => a.clone(),
                    n => format!("{a} x{n}"),
                })
                .collect();
            let points: Vec<String> = t.points.iter().map(|p| format!("{p:.1}")).collect();
            writeln!(
                out,
                "  {}: {} games, {}",
                names.join(", "),
                t.games,
                points.join(" / ")
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

/// Each agent's score in each seat, and its par (the score of an even game at its tables).
fn write_seats(table: &Standings, width: usize, out: &mut fmt::Formatter<'_>) -> fmt::Result {
    let seats = table.most_seats();
    write!(
        out,
        "\nscore by seat (games for more than two):\n{:<width$}    par",
        "agent"
    )?;
    for seat in 0..seats {
        write!(out, "   seat {seat}")?;
    }
    writeln!(out)?;
    for a in table.agents.iter().filter(|a| !a.seats.is_empty()) {
        write!(out, "{:<width$}  {:>4.1}%", a.agent, 100.0 * a.par)?;
        for seat in 0..seats {
            match a.seats.get(seat).and_then(|s| s.score()) {
                Some(score) => write!(out, "  {:>6.1}%", 100.0 * score)?,
                None => write!(out, "  {:>7}", "-")?,
            }
        }
        writeln!(out)?;
    }
    Ok(())
}

/// The agents' lines as CSV, one row per agent in the configuration's order; with games for
/// more than two, each row ends with the agent's par and its score in each seat (empty for a
/// seat it never sat in).
pub fn to_csv(t: &Standings) -> String {
    let seats = if t.most_seats() > 2 {
        t.most_seats()
    } else {
        0
    };
    let mut text = String::from(
        "agent,games,wins,draws,losses,score,score_low,score_high,elo,elo_error,ms_per_move,timeouts,forfeits",
    );
    if seats > 0 {
        text.push_str(",par");
        (0..seats).for_each(|s| text.push_str(&format!(",seat_{s}")));
    }
    text.push('\n');
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
        if seats > 0 {
            text.pop();
            text.push_str(&format!(",{:.4}", a.par));
            for seat in 0..seats {
                text.push(',');
                if let Some(score) = a.seats.get(seat).and_then(|s| s.score()) {
                    text.push_str(&format!("{score:.4}"));
                }
            }
            text.push('\n');
        }
    }
    text
}
