//! Pictures and observation planes of a position, from the game's board view
//! ([`ply_search::picture::BoardView`]): `_repr_svg_` draws the board in Jupyter, and
//! `observation_tensor` hands the planes to learners.

use ply_search::picture::{BoardView, Mark};
use std::fmt::Write;

/// The side of a cell in pixels.
const CELL: usize = 36;

/// The board as an SVG picture: open cells light, blocked cells dark, player 0's pieces white
/// and player 1's black (a second kind, such as Onitama's master, ringed in gold), tokens
/// brown; the game's row and column labels around it and its caption below.
pub fn svg(view: &BoardView) -> String {
    let left = if view.row_labels.is_empty() { 4 } else { 22 };
    let top = if view.column_labels.is_empty() { 4 } else { 20 };
    let caption_height = 18 * view.caption.len();
    let width = left + view.width * CELL + 4;
    let height = top + view.height * CELL + 4 + caption_height;
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="13">"#
    );
    for (i, mark) in view.cells.iter().enumerate() {
        let (x, y) = (
            left + (i % view.width) * CELL,
            top + (i / view.width) * CELL,
        );
        let fill = if *mark == Mark::Blocked {
            "#5b5b5b"
        } else {
            "#efe6d2"
        };
        let _ = write!(
            out,
            r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#8a7f6a"/>"##
        );
        let (cx, cy, r) = (x + CELL / 2, y + CELL / 2, CELL * 3 / 8);
        match *mark {
            Mark::Piece { owner, kind } => {
                // White and black for two players, then the colours of a multi-player board.
                let fill = [
                    "#ffffff", "#222222", "#d03b2f", "#2f62d0", "#2f9e44", "#e0b000",
                ][owner.index()];
                let stroke = "#222222";
                let _ = write!(
                    out,
                    r#"<circle cx="{cx}" cy="{cy}" r="{r}" fill="{fill}" stroke="{stroke}" stroke-width="2"/>"#
                );
                if kind > 0 {
                    let _ = write!(
                        out,
                        r##"<circle cx="{cx}" cy="{cy}" r="{}" fill="none" stroke="#d4a017" stroke-width="3"/>"##,
                        r / 2
                    );
                }
            }
            Mark::Token => {
                let _ = write!(
                    out,
                    r##"<circle cx="{cx}" cy="{cy}" r="{}" fill="#8b5a2b"/>"##,
                    r * 2 / 3
                );
            }
            Mark::Empty | Mark::Blocked => {}
        }
    }
    for (i, label) in view.column_labels.iter().enumerate() {
        let _ = write!(
            out,
            r#"<text x="{}" y="{}" text-anchor="middle">{}</text>"#,
            left + i * CELL + CELL / 2,
            top - 6,
            escape(label)
        );
    }
    for (i, label) in view.row_labels.iter().enumerate() {
        let _ = write!(
            out,
            r#"<text x="{}" y="{}" text-anchor="middle">{}</text>"#,
            left / 2,
            top + i * CELL + CELL / 2 + 5,
            escape(label)
        );
    }
    for (i, line) in view.caption.iter().enumerate() {
        let _ = write!(
            out,
            r#"<text x="{left}" y="{}">{}</text>"#,
            top + view.height * CELL + 18 * (i + 1),
            escape(line)
        );
    }
    out.push_str("</svg>");
    out
}

/// `text` safe inside SVG.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
