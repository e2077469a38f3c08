//! Pictures of a course search for lectures: the explored tree with every node's value (from
//! MAX's view), the order in which nodes were entered, alpha-beta's window, the branches it
//! pruned, and expectiminimax's chance nodes with their outcomes' probabilities, as Graphviz
//! DOT, as a self-contained SVG, or as a trace for a step-by-step view.

use ply_search::course::{ChanceVisit, NodeKind, Visit};
use ply_search::score::{Score, INFINITY};
use ply_search::Game;
use std::fmt::Write;

/// What the pictures need of a visited node, whichever course search logged it.
#[derive(Clone, Debug)]
pub struct Logged {
    path: String,
    moves: Vec<String>,
    kind: NodeKind,
    value: String,
    window: Option<(String, String)>,
    leaf: bool,
    cut: bool,
    probability: Option<f64>,
}

/// A course search's visit, as the pictures read it: minimax's and alpha-beta's [`Visit`],
/// expectiminimax's [`ChanceVisit`].
pub trait LoggedVisit {
    /// The visit in the pictures' terms.
    fn logged(&self) -> Logged;
}

impl LoggedVisit for Visit {
    fn logged(&self) -> Logged {
        let depth = self.path.split('.').filter(|s| !s.is_empty()).count();
        Logged {
            path: self.path.clone(),
            moves: self.moves.clone(),
            // MAX (the root player) moves at even depths.
            kind: if depth % 2 == 0 {
                NodeKind::Max
            } else {
                NodeKind::Min
            },
            value: show(self.value),
            window: (self.window != (-INFINITY, INFINITY) && !self.leaf)
                .then(|| (show(self.window.0), show(self.window.1))),
            leaf: self.leaf,
            cut: self.cut,
            probability: None,
        }
    }
}

impl LoggedVisit for ChanceVisit {
    fn logged(&self) -> Logged {
        Logged {
            path: self.path.clone(),
            moves: self.moves.clone(),
            kind: self.kind,
            value: show_expectation(self.value),
            window: None,
            leaf: self.leaf,
            cut: false,
            probability: self.probability,
        }
    }
}

/// An expected value as a lecture writes it: at most three decimals, no trailing zeros.
pub fn show_expectation(value: f64) -> String {
    let text = format!("{value:.3}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".into()
    } else {
        text.into()
    }
}

/// One node of the picture.
#[derive(Clone, Debug)]
struct Drawn {
    path: Vec<usize>,
    /// The move into the node, in notation (none at the root).
    mv: Option<String>,
    /// The visit, `None` for a pruned child.
    visit: Option<Logged>,
    /// Entry order (1 = the root), for visited nodes.
    order: usize,
}

impl Drawn {
    fn id(&self) -> String {
        if self.path.is_empty() {
            "n".into()
        } else {
            format!(
                "n_{}",
                self.path
                    .iter()
                    .map(|i| i.to_string())
                    .collect::<Vec<_>>()
                    .join("_")
            )
        }
    }

    /// Whose node it is: as logged, or for a pruned child MAX at even depths.
    fn kind(&self) -> NodeKind {
        match &self.visit {
            Some(v) => v.kind,
            None if self.path.len().is_multiple_of(2) => NodeKind::Max,
            None => NodeKind::Min,
        }
    }

    fn label(&self) -> String {
        match &self.visit {
            None => "pruned".into(),
            Some(v) => {
                let mut text = format!("#{} {}", self.order, v.value);
                if let Some((alpha, beta)) = &v.window {
                    text += &format!(" [{alpha}, {beta}]");
                }
                text
            }
        }
    }

    /// The edge's label: the move, and its probability below a chance node.
    fn edge_label(&self) -> String {
        let mv = self.mv.clone().unwrap_or_default();
        match self.visit.as_ref().and_then(|v| v.probability) {
            Some(p) => format!("{mv} ({})", show_expectation(p)),
            None => mv,
        }
    }
}

fn show(v: Score) -> String {
    if v >= INFINITY {
        "+inf".into()
    } else if v <= -INFINITY {
        "-inf".into()
    } else {
        ply_search::score::describe(v)
    }
}

/// The visited nodes (in entry order) and the children that alpha-beta never entered.
fn drawn_nodes<G: Game, V: LoggedVisit>(root: &G, visits: &[V]) -> Vec<Drawn> {
    let parse = |p: &str| -> Vec<usize> {
        p.split('.')
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().expect("a child index"))
            .collect()
    };
    let mut nodes: Vec<Drawn> = visits
        .iter()
        .map(|v| {
            let v = v.logged();
            Drawn {
                path: parse(&v.path),
                mv: v.moves.last().cloned(),
                visit: Some(v),
                order: 0,
            }
        })
        .collect();
    // Depth-first entry order is the lexicographic order of the paths.
    nodes.sort_by(|a, b| a.path.cmp(&b.path));
    for (i, n) in nodes.iter_mut().enumerate() {
        n.order = i + 1;
    }
    let mut pruned = Vec::new();
    for n in &nodes {
        let Some(v) = &n.visit else { continue };
        if !v.cut {
            continue;
        }
        let mut state = root.clone();
        for text in &v.moves {
            let mv = state.parse_move(text).expect("a logged move is legal");
            state = state.play(mv);
        }
        for (i, mv) in state.legal_moves().into_iter().enumerate() {
            let mut path = n.path.clone();
            path.push(i);
            if !nodes.iter().any(|m| m.path == path) {
                pruned.push(Drawn {
                    path,
                    mv: Some(state.format_move(mv)),
                    visit: None,
                    order: 0,
                });
            }
        }
    }
    nodes.extend(pruned);
    nodes.sort_by(|a, b| a.path.cmp(&b.path));
    nodes
}

/// The explored tree as Graphviz DOT: MAX nodes as upward triangles, MIN nodes downward,
/// labelled `#entry-order value [alpha, beta]`; edges labelled with the moves; pruned children
/// grey and dashed.
///
/// ```
/// use ply_search::course::{alpha_beta_search, Options};
/// use ply_view::course::tree_dot;
/// use ply_search::tree::Tree;
/// use ply_search::Zero;
/// let tree = Tree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
/// let ab = alpha_beta_search(&tree, None, &Zero, &Options::recording());
/// let dot = tree_dot(&tree, &ab.visits);
/// assert!(dot.starts_with("digraph search {"));
/// assert_eq!(dot.matches("pruned").count(), 2); // the leaves 4 and 6
/// ```
pub fn tree_dot<G: Game, V: LoggedVisit>(root: &G, visits: &[V]) -> String {
    let nodes = drawn_nodes(root, visits);
    let mut s = String::from("digraph search {\n  node [fontname=\"sans-serif\"];\n");
    for n in &nodes {
        let shape = match (&n.visit, n.kind()) {
            (Some(v), _) if v.leaf => "box",
            (_, NodeKind::Max) => "triangle",
            (_, NodeKind::Min) => "invtriangle",
            (_, NodeKind::Chance) => "circle",
        };
        let style = if n.visit.is_none() {
            ", style=dashed, color=gray, fontcolor=gray"
        } else {
            ""
        };
        let _ = writeln!(
            s,
            "  {} [shape={shape}, label=\"{}\"{style}];",
            n.id(),
            n.label()
        );
        if let Some(parent) = parent_id(n) {
            let edge_style = if n.visit.is_none() {
                ", style=dashed, color=gray"
            } else {
                ""
            };
            let _ = writeln!(
                s,
                "  {parent} -> {} [label=\"{}\"{edge_style}];",
                n.id(),
                n.edge_label()
            );
        }
    }
    s.push_str("}\n");
    s
}

fn parent_id(n: &Drawn) -> Option<String> {
    if n.path.is_empty() {
        return None;
    }
    let parent = Drawn {
        path: n.path[..n.path.len() - 1].to_vec(),
        mv: None,
        visit: None,
        order: 0,
    };
    Some(parent.id())
}

/// The explored tree as a self-contained SVG (no Graphviz needed): leaves spread evenly, each
/// parent centred over its children; the same shapes and labels as [`tree_dot`].
pub fn tree_svg<G: Game, V: LoggedVisit>(root: &G, visits: &[V]) -> String {
    let nodes = drawn_nodes(root, visits);
    let is_leaf = |n: &Drawn| {
        !nodes
            .iter()
            .any(|m| m.path.len() == n.path.len() + 1 && m.path.starts_with(&n.path))
    };
    // x: leaves in order; parents at the mean of their children.
    let mut x = vec![0.0f64; nodes.len()];
    let mut next_leaf = 0.0;
    for (i, n) in nodes.iter().enumerate() {
        if is_leaf(n) {
            x[i] = next_leaf;
            next_leaf += 1.0;
        }
    }
    let depth = nodes.iter().map(|n| n.path.len()).max().unwrap_or(0);
    for d in (0..depth).rev() {
        for i in 0..nodes.len() {
            if nodes[i].path.len() == d && !is_leaf(&nodes[i]) {
                let kids: Vec<f64> = (0..nodes.len())
                    .filter(|&j| {
                        nodes[j].path.len() == d + 1 && nodes[j].path.starts_with(&nodes[i].path)
                    })
                    .map(|j| x[j])
                    .collect();
                x[i] = kids.iter().sum::<f64>() / kids.len() as f64;
            }
        }
    }
    let (dx, dy, margin) = (72.0, 90.0, 50.0);
    let px = |i: usize| margin + dx * x[i];
    let py = |n: &Drawn| margin + dy * n.path.len() as f64;
    let width = margin * 2.0 + dx * (next_leaf - 1.0).max(0.0);
    let height = margin * 2.0 + dy * depth as f64 + 20.0;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" font-family=\"sans-serif\" font-size=\"11\">\n"
    );
    let index_of = |path: &[usize]| nodes.iter().position(|m| m.path == path);
    for (i, n) in nodes.iter().enumerate() {
        if let Some(p) =
            index_of(&n.path[..n.path.len().saturating_sub(1)]).filter(|_| !n.path.is_empty())
        {
            let dash = if n.visit.is_none() {
                " stroke-dasharray=\"4,3\" stroke=\"#aaa\""
            } else {
                " stroke=\"#333\""
            };
            let _ = writeln!(
                s,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"{dash}/>\n<text x=\"{}\" y=\"{}\" fill=\"#36c\">{}</text>",
                px(p),
                py(&nodes[p]) + 12.0,
                px(i),
                py(n) - 14.0,
                (px(p) + px(i)) / 2.0 + 4.0,
                (py(&nodes[p]) + py(n)) / 2.0,
                escape(&n.edge_label())
            );
        }
    }
    for (i, n) in nodes.iter().enumerate() {
        let (cx, cy) = (px(i), py(n));
        let colour = if n.visit.is_none() { "#aaa" } else { "#333" };
        let shape = match (&n.visit, n.kind()) {
            (Some(v), _) if v.leaf => format!(
                "<rect x=\"{}\" y=\"{}\" width=\"24\" height=\"24\" fill=\"white\" stroke=\"{colour}\"/>",
                cx - 12.0,
                cy - 12.0
            ),
            (_, NodeKind::Max) => format!(
                "<polygon points=\"{},{} {},{} {},{}\" fill=\"white\" stroke=\"{colour}\"/>",
                cx, cy - 13.0, cx - 14.0, cy + 11.0, cx + 14.0, cy + 11.0
            ),
            (_, NodeKind::Chance) => format!(
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"13\" fill=\"white\" stroke=\"{colour}\"/>"
            ),
            (_, NodeKind::Min) => format!(
                "<polygon points=\"{},{} {},{} {},{}\" fill=\"white\" stroke=\"{colour}\"/>",
                cx, cy + 13.0, cx - 14.0, cy - 11.0, cx + 14.0, cy - 11.0
            ),
        };
        let _ = writeln!(
            s,
            "{shape}\n<text x=\"{cx}\" y=\"{}\" text-anchor=\"middle\" fill=\"{colour}\">{}</text>",
            cy + 28.0,
            escape(&n.label())
        );
    }
    s.push_str("</svg>\n");
    s
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// One node of a search trace, for a step-by-step view (the web page's stepper): a visited
/// node with what the search backed up into it, or a child alpha-beta pruned.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct TraceNode {
    /// Child indices from the root.
    pub path: Vec<usize>,
    /// The parent's index in the trace's node list (none for the root).
    pub parent: Option<usize>,
    /// The move into the node, in notation (none at the root).
    #[serde(rename = "move")]
    pub mv: Option<String>,
    /// Whether MAX (the root player) moves here.
    pub max: bool,
    /// Whose node it is: `max`, `min` or `chance` (the dice).
    pub kind: NodeKind,
    /// Below a chance node, the probability of this outcome.
    pub probability: Option<f64>,
    /// Entry order, 1 for the root; none for a pruned child.
    pub order: Option<usize>,
    /// The value backed up (from MAX's view), as the pictures write it (`+inf`, `+W3`, `7`).
    pub value: Option<String>,
    /// Alpha-beta's window `[alpha, beta]` at the node, when it was not the full window.
    pub window: Option<[String; 2]>,
    /// A leaf (terminal, or at the depth limit).
    pub leaf: bool,
    /// Alpha-beta stopped looking at this node's children (a cutoff).
    pub cut: bool,
    /// A child never entered because its parent was cut off.
    pub pruned: bool,
}

/// One step of a trace: a node entered, or a node left with its value backed up (its cut
/// children are pruned at that moment).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", content = "node", rename_all = "lowercase")]
pub enum TraceStep {
    /// The search entered node `n` (an index into the node list).
    Enter(usize),
    /// The search left node `n`, its value known.
    Leave(usize),
}

/// The nodes (visited ones in entry order, with the pruned children among them in tree order)
/// and the steps of a recorded course search: the same rules and labels as [`tree_svg`], one
/// event at a time.
///
/// ```
/// use ply_search::course::{alpha_beta_search, Options};
/// use ply_view::course::{trace, TraceStep};
/// use ply_search::tree::Tree;
/// use ply_search::Zero;
/// let tree = Tree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
/// let ab = alpha_beta_search(&tree, None, &Zero, &Options::recording());
/// let (nodes, steps) = trace(&tree, &ab.visits);
/// assert_eq!(nodes.iter().filter(|n| n.pruned).count(), 2); // the leaves 4 and 6
/// assert_eq!(steps.len(), 2 * (nodes.len() - 2));          // each visited node in and out
/// assert_eq!(steps[0], TraceStep::Enter(0));
/// assert_eq!(nodes[1].value.as_deref(), Some("3"));
///
/// // Expectiminimax on CS188's example: MAX over three chance nodes of equal odds.
/// use ply_search::course::{expectiminimax_decision, NodeKind};
/// use ply_search::tree::ChanceTree;
/// let tree = ChanceTree::parse("[~[3,12,9],~[2,4,6],~[15,6,0]]").unwrap();
/// let ex = expectiminimax_decision(&tree, None, &Zero, &Options::recording());
/// let (nodes, _) = trace(&tree, &ex.visits);
/// assert_eq!(nodes[1].kind, NodeKind::Chance);
/// assert_eq!(nodes[1].value.as_deref(), Some("8"));
/// assert_eq!(nodes[2].probability, Some(1.0 / 3.0));
/// ```
pub fn trace<G: Game, V: LoggedVisit>(root: &G, visits: &[V]) -> (Vec<TraceNode>, Vec<TraceStep>) {
    let drawn = drawn_nodes(root, visits);
    let index_of = |path: &[usize]| drawn.iter().position(|m| m.path == path);
    let nodes: Vec<TraceNode> = drawn
        .iter()
        .map(|n| {
            let parent = (!n.path.is_empty())
                .then(|| index_of(&n.path[..n.path.len() - 1]))
                .flatten();
            let visit = n.visit.as_ref();
            TraceNode {
                path: n.path.clone(),
                parent,
                mv: n.mv.clone(),
                max: n.kind() == NodeKind::Max,
                kind: n.kind(),
                probability: visit.and_then(|v| v.probability),
                order: visit.map(|_| n.order),
                value: visit.map(|v| v.value.clone()),
                window: visit
                    .and_then(|v| v.window.clone())
                    .map(|(alpha, beta)| [alpha, beta]),
                leaf: visit.is_some_and(|v| v.leaf),
                cut: visit.is_some_and(|v| v.cut),
                pruned: visit.is_none(),
            }
        })
        .collect();
    let mut steps = Vec::new();
    fn walk(i: usize, nodes: &[TraceNode], steps: &mut Vec<TraceStep>) {
        steps.push(TraceStep::Enter(i));
        for (c, child) in nodes.iter().enumerate() {
            if child.parent == Some(i) && !child.pruned {
                walk(c, nodes, steps);
            }
        }
        steps.push(TraceStep::Leave(i));
    }
    if let Some(root_index) = nodes.iter().position(|n| n.path.is_empty()) {
        walk(root_index, &nodes, &mut steps);
    }
    (nodes, steps)
}
