//! Pictures of a course search for lectures: the explored tree with every node's value (from
//! MAX's view), the order in which nodes were entered, alpha-beta's window, the branches it
//! pruned, and expectiminimax's chance nodes with their outcomes' probabilities, as Graphviz
//! DOT, as a self-contained SVG, or as a trace for a step-by-step view.

use ply_search::course::{ChanceVisit, MaxnVisit, NodeKind, Visit};
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
    /// The value and the window as numbers, for the step notes' arithmetic.
    raw: f64,
    raw_window: (f64, f64),
    /// Max^n: the player to move, and the node's vector.
    player: Option<usize>,
    vector: Option<Vec<Score>>,
}

/// A score as a number: the courses' infinities as `f64`'s.
fn number(v: Score) -> f64 {
    if v >= INFINITY {
        f64::INFINITY
    } else if v <= -INFINITY {
        f64::NEG_INFINITY
    } else {
        f64::from(v)
    }
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
            raw: number(self.value),
            raw_window: (number(self.window.0), number(self.window.1)),
            player: None,
            vector: None,
        }
    }
}

impl LoggedVisit for MaxnVisit {
    fn logged(&self) -> Logged {
        Logged {
            path: self.path.clone(),
            moves: self.moves.clone(),
            // The shapes of a two-player picture for player 0 and the others; the page draws
            // each player's colour from `player`.
            kind: if self.player == 0 {
                NodeKind::Max
            } else {
                NodeKind::Min
            },
            value: vector_text(&self.values),
            window: None,
            leaf: self.leaf,
            cut: false,
            probability: None,
            raw: 0.0,
            raw_window: (f64::NEG_INFINITY, f64::INFINITY),
            player: Some(self.player),
            vector: Some(self.values.clone()),
        }
    }
}

/// A max^n vector as a lecture writes it: `(3,5,1)`.
pub fn vector_text(values: &[Score]) -> String {
    let parts: Vec<String> = values.iter().map(|&v| show(v)).collect();
    format!("({})", parts.join(","))
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
            raw: self.value,
            raw_window: (f64::NEG_INFINITY, f64::INFINITY),
            player: None,
            vector: None,
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
    /// A child never entered because its parent was cut off, or a node below such a child.
    pub pruned: bool,
    /// The payoff of a finished game's position, from MAX's view, known before the search
    /// gets there (the leaf values an exercise gives); none where the game goes on.
    pub payoff: Option<String>,
    /// For a node never entered, the visited node whose cutoff left it out.
    pub cut_by: Option<usize>,
    /// Max^n: the player to move at the node (none in the two-player searches).
    pub player: Option<usize>,
    /// The value and window as numbers (none for a node never entered), for [`explain`].
    #[serde(skip)]
    raw: Option<(f64, (f64, f64))>,
    /// Max^n: the node's vector.
    #[serde(skip)]
    vector: Option<Vec<Score>>,
}

/// The most nodes a trace draws: pruned subtrees are drawn whole up to this many, so that an
/// exercise shows every leaf, and no further, so that a game's big cut subtrees stay out.
pub const MAX_TRACE_NODES: usize = 400;

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
    let mut drawn = drawn_nodes(root, visits);
    // The subtrees below the pruned children, drawn whole while the picture stays small.
    let mut frontier: Vec<usize> = (0..drawn.len())
        .filter(|&i| drawn[i].visit.is_none())
        .collect();
    while let Some(i) = frontier.pop() {
        let Some(state) = state_at(root, &drawn[i].path) else {
            continue;
        };
        if state.is_terminal() {
            continue;
        }
        let moves = state.legal_moves();
        if drawn.len() + moves.len() > MAX_TRACE_NODES {
            continue;
        }
        for (k, mv) in moves.into_iter().enumerate() {
            let mut path = drawn[i].path.clone();
            path.push(k);
            drawn.push(Drawn {
                path,
                mv: Some(state.format_move(mv)),
                visit: None,
                order: 0,
            });
            frontier.push(drawn.len() - 1);
        }
    }
    drawn.sort_by(|a, b| a.path.cmp(&b.path));
    let index_of = |path: &[usize]| drawn.iter().position(|m| m.path == path);
    let parents: Vec<Option<usize>> = drawn
        .iter()
        .map(|n| {
            (!n.path.is_empty())
                .then(|| index_of(&n.path[..n.path.len() - 1]))
                .flatten()
        })
        .collect();
    let me = root.to_move();
    let nodes: Vec<TraceNode> = drawn
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let visit = n.visit.as_ref();
            // The visited ancestor whose cutoff left this node out.
            let mut cut_by = None;
            if visit.is_none() {
                let mut at = parents[i];
                while let Some(a) = at {
                    if drawn[a].visit.is_some() {
                        cut_by = Some(a);
                        break;
                    }
                    at = parents[a];
                }
            }
            let payoff = state_at(root, &n.path)
                .filter(|s| s.is_terminal() && !s.is_chance_node())
                .map(|s| {
                    if root.player_count() > 2 {
                        let values: Vec<Score> = ply_search::Player::first(root.player_count())
                            .iter()
                            .map(|&p| s.terminal_value(p))
                            .collect();
                        vector_text(&values)
                    } else {
                        show(s.terminal_value(me))
                    }
                });
            TraceNode {
                path: n.path.clone(),
                parent: parents[i],
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
                payoff,
                cut_by,
                player: visit.and_then(|v| v.player),
                raw: visit.map(|v| (v.raw, v.raw_window)),
                vector: visit.and_then(|v| v.vector.clone()),
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

/// The position at `path` (child indices in move order) below `root`, if the path exists.
fn state_at<G: Game>(root: &G, path: &[usize]) -> Option<G> {
    let mut state = root.clone();
    for &k in path {
        let mv = *state.legal_moves().get(k)?;
        state = state.play(mv);
    }
    Some(state)
}

/// Which course search a trace is of, for [`explain`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// AIMA's `MINIMAX-DECISION`.
    Minimax,
    /// AIMA's `ALPHA-BETA-SEARCH`; `strict` prunes only on a strict inequality.
    AlphaBeta {
        /// Prune only when the value passes the bound, not when it equals it.
        strict: bool,
    },
    /// AIMA's expectiminimax (CS188's expectimax).
    Expectimax,
    /// Luckhardt and Irani's max^n, for three players and more.
    MaxN,
}

/// What one step of a trace does, in words, for a class to read beside the tree: the value
/// returned and why, the node's `v`, alpha and beta as they change, the cut and its reason
/// ("2 <= alpha = 3"), and the lines of the pseudo-code it runs.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct StepNote {
    /// The step in a sentence or two.
    pub text: String,
    /// The pseudo-code lines it runs (`enter-max`, `leaf`, `update-min`, `cut-min`,
    /// `bound-min`, `chance`...), as the page's pseudo-code marks them.
    pub lines: Vec<&'static str>,
    /// The node whose `v`, alpha and beta are shown: the one entered, or the parent a value
    /// returned to.
    pub focus: usize,
    /// That node's `v` so far (none before a child returned).
    pub v: Option<String>,
    /// Its alpha and beta after the step (alpha-beta only).
    pub alpha: Option<String>,
    /// See [`StepNote::alpha`].
    pub beta: Option<String>,
    /// The node whose remaining children are cut off at this step.
    pub cut: Option<usize>,
}

/// The notes of a trace's steps ([`trace`]'s nodes and steps of a search run by `rule`): each
/// step's sentence, and the values, alpha and beta the search holds after it, worked out by
/// the same comparisons the algorithm makes.
///
/// ```
/// use ply_search::course::{alpha_beta_search, Options};
/// use ply_view::course::{explain, trace, Rule};
/// use ply_search::tree::Tree;
/// use ply_search::Zero;
/// let tree = Tree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
/// let ab = alpha_beta_search(&tree, None, &Zero, &Options::recording());
/// let (nodes, steps) = trace(&tree, &ab.visits);
/// let notes = explain(&nodes, &steps, Rule::AlphaBeta { strict: false });
/// // The second MIN node's first leaf, 2, is at most alpha = 3: its other leaves are cut.
/// let cut = notes.iter().find(|n| n.cut.is_some()).unwrap();
/// assert!(cut.text.contains("2 <= alpha = 3"), "{}", cut.text);
/// assert_eq!(cut.lines, ["leaf", "update-min", "cut-min"]);
/// assert_eq!((cut.v.as_deref(), cut.alpha.as_deref(), cut.beta.as_deref()), (Some("2"), Some("3"), Some("+inf")));
/// // The root's alpha rises as its children return: 3 after the first MIN node.
/// let first = notes.iter().position(|n| n.focus == 0 && n.lines.contains(&"bound-max")).unwrap();
/// assert_eq!(notes[first].alpha.as_deref(), Some("3"));
/// // Every leaf's payoff is known from the start, the pruned leaves' too.
/// let payoffs: Vec<_> = nodes.iter().filter_map(|n| n.payoff.as_deref()).collect();
/// assert_eq!(payoffs, ["3", "12", "8", "2", "4", "6", "14", "5", "2"]);
/// ```
pub fn explain(nodes: &[TraceNode], steps: &[TraceStep], rule: Rule) -> Vec<StepNote> {
    #[derive(Clone)]
    struct Held {
        v: Option<(f64, String)>,
        alpha: (f64, String),
        beta: (f64, String),
    }
    let inf = |positive: bool| {
        if positive {
            (f64::INFINITY, "+inf".to_string())
        } else {
            (f64::NEG_INFINITY, "-inf".to_string())
        }
    };
    // A node by its path, children counted from 1 ("node 2.1"), with the move into it where
    // the move says more than the child's place (a tree's moves are the places from 0).
    let name = |i: usize| {
        let n = &nodes[i];
        if n.path.is_empty() {
            return "the root".to_string();
        }
        let path: Vec<String> = n.path.iter().map(|k| (k + 1).to_string()).collect();
        let last = n.path.last().map(|k| k.to_string());
        match n.mv.as_deref() {
            Some(mv) if Some(mv) != last.as_deref() => format!("node {} ({mv})", path.join(".")),
            _ => format!("node {}", path.join(".")),
        }
    };
    let whose = |i: usize| match (nodes[i].player, nodes[i].kind) {
        (Some(p), _) => format!("player {p}"),
        (None, NodeKind::Max) => "MAX".into(),
        (None, NodeKind::Min) => "MIN".into(),
        (None, NodeKind::Chance) => "chance".into(),
    };
    let alpha_beta = matches!(rule, Rule::AlphaBeta { .. });
    let strict = matches!(rule, Rule::AlphaBeta { strict: true });
    let mut held: Vec<Option<Held>> = vec![None; nodes.len()];
    // Max^n: each node's best entry for its mover so far, and the vector it came with.
    let mut maxn_best: std::collections::HashMap<usize, (Score, String)> = Default::default();
    let mut notes = Vec::with_capacity(steps.len());
    for step in steps {
        let note = match *step {
            TraceStep::Enter(i) => {
                let window = nodes[i]
                    .raw
                    .map_or((f64::NEG_INFINITY, f64::INFINITY), |r| r.1);
                let text_of = |x: f64, given: Option<&String>| match given {
                    Some(t) => (x, t.clone()),
                    None if x.is_infinite() => inf(x > 0.0),
                    None => (x, format!("{x}")),
                };
                let [alpha_text, beta_text] = nodes[i]
                    .window
                    .clone()
                    .map_or([None, None], |[a, b]| [Some(a), Some(b)]);
                let h = Held {
                    v: None,
                    alpha: text_of(window.0, alpha_text.as_ref()),
                    beta: text_of(window.1, beta_text.as_ref()),
                };
                let mut text = if nodes[i].parent.is_none() {
                    format!("Start at the root: {} to move.", whose(i))
                } else if nodes[i].leaf {
                    format!("Enter {}.", name(i))
                } else {
                    format!("Enter {}: {} to move.", name(i), whose(i))
                };
                if alpha_beta && !nodes[i].leaf {
                    text += &format!(" alpha = {}, beta = {}.", h.alpha.1, h.beta.1);
                }
                let line = match nodes[i].kind {
                    _ if rule == Rule::MaxN => "enter-maxn",
                    NodeKind::Max => "enter-max",
                    NodeKind::Min => "enter-min",
                    NodeKind::Chance => "enter-chance",
                };
                let note = StepNote {
                    text,
                    lines: vec![line],
                    focus: i,
                    v: None,
                    alpha: alpha_beta.then(|| h.alpha.1.clone()),
                    beta: alpha_beta.then(|| h.beta.1.clone()),
                    cut: None,
                };
                held[i] = Some(h);
                note
            }
            TraceStep::Leave(i) => {
                let value = nodes[i].value.clone().unwrap_or_default();
                let raw = nodes[i].raw.map_or(0.0, |r| r.0);
                let mut lines = Vec::new();
                let mut text = if nodes[i].leaf {
                    lines.push("leaf");
                    if nodes[i].payoff.is_some() && rule == Rule::MaxN {
                        format!(
                            "{} is the end of the game: its values are {value}, one a player.",
                            name(i)
                        )
                    } else if nodes[i].payoff.is_some() {
                        format!(
                            "{} is the end of the game: its utility is {value}.",
                            name(i)
                        )
                    } else {
                        format!(
                            "{} is at the depth limit: the evaluator gives {value}.",
                            name(i)
                        )
                    }
                } else {
                    lines.push("return");
                    format!("{} returns {value}.", name(i))
                };
                let Some(p) = nodes[i].parent else {
                    notes.push(StepNote {
                        text: format!("The root's value is {value}."),
                        lines: vec!["decision"],
                        focus: i,
                        v: Some(value),
                        alpha: None,
                        beta: None,
                        cut: None,
                    });
                    continue;
                };
                let mut h = held[p].clone().unwrap_or(Held {
                    v: None,
                    alpha: inf(false),
                    beta: inf(true),
                });
                let mut cut = None;
                match nodes[p].kind {
                    _ if rule == Rule::MaxN => {
                        // The parent's mover compares its own entry of each child's vector and
                        // keeps the first best.
                        let mover = nodes[p].player.unwrap_or(0);
                        let mine = nodes[i].vector.as_ref().and_then(|v| v.get(mover).copied());
                        match (maxn_best.get(&p).cloned(), mine) {
                            (None, Some(x)) => {
                                text += &format!(
                                    " At {}: player {mover} has {value} so far (its own value {}).",
                                    name(p),
                                    show(x)
                                );
                                maxn_best.insert(p, (x, value.clone()));
                                h.v = Some((0.0, value.clone()));
                            }
                            (Some((kept, _)), Some(x)) if x > kept => {
                                text += &format!(
                                    " At {}: player {mover} prefers it, {} > {}: v = {value}.",
                                    name(p),
                                    show(x),
                                    show(kept)
                                );
                                maxn_best.insert(p, (x, value.clone()));
                                h.v = Some((0.0, value.clone()));
                            }
                            (Some((kept, kept_text)), Some(x)) => {
                                text += &format!(
                                    " At {}: player {mover} keeps {kept_text}, {} is not more than {}.",
                                    name(p),
                                    show(x),
                                    show(kept)
                                );
                            }
                            _ => {}
                        }
                        lines.push("update-maxn");
                    }
                    NodeKind::Chance => {
                        let probability = nodes[i].probability.unwrap_or(0.0);
                        let sum = h.v.as_ref().map_or(0.0, |v| v.0) + probability * raw;
                        let shown = show_expectation(sum);
                        text += &format!(
                            " {} (chance) adds {} x {value}: {shown} so far.",
                            name(p),
                            show_expectation(probability)
                        );
                        lines.push("chance");
                        h.v = Some((sum, shown));
                    }
                    kind => {
                        let max = kind == NodeKind::Max;
                        let (old, old_text) = h.v.clone().unwrap_or_else(|| inf(!max));
                        let better = if max { raw > old } else { raw < old };
                        let new = if better {
                            (raw, value.clone())
                        } else {
                            (old, old_text.clone())
                        };
                        text += &format!(
                            " At {}: v = {}({old_text}, {value}) = {}.",
                            name(p),
                            if max { "max" } else { "min" },
                            new.1
                        );
                        lines.push(if max { "update-max" } else { "update-min" });
                        h.v = Some(new.clone());
                        if alpha_beta {
                            let root = nodes[p].parent.is_none();
                            let bound = if max { &h.beta } else { &h.alpha };
                            let cuts = !root
                                && match (max, strict) {
                                    (true, false) => new.0 >= bound.0,
                                    (true, true) => new.0 > bound.0,
                                    (false, false) => new.0 <= bound.0,
                                    (false, true) => new.0 < bound.0,
                                };
                            let more = nodes
                                .iter()
                                .enumerate()
                                .filter(|(_, c)| c.parent == Some(p) && c.pruned)
                                .map(|(k, _)| name(k))
                                .collect::<Vec<_>>();
                            if cuts {
                                let sign = match (max, strict) {
                                    (true, false) => ">=",
                                    (true, true) => ">",
                                    (false, false) => "<=",
                                    (false, true) => "<",
                                };
                                let who = if max { "MIN above" } else { "MAX above" };
                                text += &format!(
                                    " {} {sign} {} = {}: {who} will never let play reach here, so {} returns {} at once{}.",
                                    new.1,
                                    if max { "beta" } else { "alpha" },
                                    bound.1,
                                    name(p),
                                    new.1,
                                    if more.is_empty() {
                                        " (no child was left to look at)".to_string()
                                    } else {
                                        format!(", pruning {}", more.join(" and "))
                                    }
                                );
                                lines.push(if max { "cut-max" } else { "cut-min" });
                                cut = Some(p);
                            } else if max && new.0 > h.alpha.0 {
                                text +=
                                    &format!(" alpha = max({}, {}) = {}.", h.alpha.1, new.1, new.1);
                                h.alpha = new.clone();
                                lines.push("bound-max");
                            } else if !max && new.0 < h.beta.0 {
                                text +=
                                    &format!(" beta = min({}, {}) = {}.", h.beta.1, new.1, new.1);
                                h.beta = new.clone();
                                lines.push("bound-min");
                            }
                        }
                    }
                }
                let note = StepNote {
                    text,
                    lines,
                    focus: p,
                    v: h.v.as_ref().map(|v| v.1.clone()),
                    alpha: alpha_beta.then(|| h.alpha.1.clone()),
                    beta: alpha_beta.then(|| h.beta.1.clone()),
                    cut,
                };
                held[p] = Some(h);
                note
            }
        };
        notes.push(note);
    }
    notes
}
