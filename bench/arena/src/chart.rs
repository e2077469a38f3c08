//! The standings as an SVG chart: each agent's score as a dot with its 95% interval as a bar,
//! best first, the 50% line marked. Written directly as SVG text: the chart is a few lines and
//! shapes, and needs no plotting library or system fonts.

use super::record::Standings;

/// The chart's SVG document.
///
/// ```
/// use ply_arena::chart::svg;
/// use ply_arena::record::standings;
/// let svg_text = svg(&standings(&[], &["random".to_string(), "greedy".to_string()], None));
/// assert!(svg_text.starts_with("<svg") && svg_text.contains("greedy"));
/// ```
pub fn svg(t: &Standings) -> String {
    let (left, width, row, top) = (260.0, 420.0, 28.0, 40.0);
    let mut order: Vec<_> = t.agents.iter().collect();
    order.sort_by(|a, b| b.score.total_cmp(&a.score));
    let height = top + row * order.len() as f64 + 40.0;
    let x = |score: f64| left + width * score;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{height}\" font-family=\"sans-serif\" font-size=\"13\">\n",
        left + width + 30.0
    );
    s += &format!(
        "<text x=\"{left}\" y=\"22\">Score with 95% interval ({} games)</text>\n",
        t.games
    );
    for (tick, label) in [
        (0.0, "0%"),
        (0.25, "25%"),
        (0.5, "50%"),
        (0.75, "75%"),
        (1.0, "100%"),
    ] {
        let dash = if tick == 0.5 {
            ""
        } else {
            " stroke-dasharray=\"2,3\""
        };
        s += &format!(
            "<line x1=\"{0}\" y1=\"{top}\" x2=\"{0}\" y2=\"{1}\" stroke=\"#999\"{dash}/>\n<text x=\"{0}\" y=\"{2}\" text-anchor=\"middle\">{label}</text>\n",
            x(tick),
            height - 30.0,
            height - 12.0
        );
    }
    for (i, a) in order.iter().enumerate() {
        let y = top + row * (i as f64 + 0.5);
        s += &format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n",
            left - 10.0,
            y + 4.0,
            escape(&a.agent)
        );
        s += &format!(
            "<line x1=\"{}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\" stroke=\"#36c\" stroke-width=\"3\"/>\n",
            x(a.score_interval.0),
            x(a.score_interval.1)
        );
        s += &format!(
            "<circle cx=\"{}\" cy=\"{y}\" r=\"5\" fill=\"#c33\"/>\n",
            x(a.score)
        );
    }
    s += "</svg>\n";
    s
}

/// Text safe inside SVG.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
