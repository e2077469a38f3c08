//! Explicit game trees for three players and more, written as nested lists whose leaves are
//! one value a player: `[[(3,3,3),(1,4,4)],[(4,2,2),(2,5,1)]]` is a max^n figure for three
//! players. The players move in turn by depth (player 0 at the root, player 1 below it...),
//! as in Luckhardt and Irani's and Sturtevant's figures; moves are child indices and a position
//! is the path of child indices from the root (`1.0`), or `root`.
//!
//! ```
//! use ply_search::multi::MultiTree;
//! use ply_search::{Game, Player};
//! let tree = MultiTree::parse("[[(3,3,3),(1,4,4)],[(4,2,2),(2,5,1)]]").unwrap();
//! assert_eq!(tree.player_count(), 3);
//! assert_eq!(tree.play(1).to_move(), Player::P1);
//! let leaf = tree.play(1).play(1);
//! assert_eq!(leaf.terminal_value(Player::P1), 5);
//! assert_eq!(leaf.position(), "1.1");
//! assert_eq!(tree.to_string(), "[[(3,3,3),(1,4,4)],[(4,2,2),(2,5,1)]]");
//! ```

use super::{SumBound, Values};
use crate::score::MAX_EVAL;
use crate::{Game, MoveList, NotationError, Outcome, Player, Rng, Score, SearchHints};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// The form a tree is written in, for errors.
const FORM: &str = "nested lists whose leaves give one value a player, 2 to 6 of them, e.g. [[(3,3,3),(1,4,4)],[(4,2,2),(2,5,1)]]";

#[derive(Debug)]
struct Node {
    /// The leaf's values, one a player; `None` at an inner node.
    values: Option<Values>,
    depth: u32,
    first_child: u32,
    child_count: u32,
    parent: u32,
    index_in_parent: u32,
}

/// A position in an explicit N-player tree: the shared tree and the node reached.
#[derive(Clone, Debug)]
pub struct MultiTree {
    nodes: Arc<Vec<Node>>,
    /// A digest of the whole tree, so that the same node of two different trees gets two
    /// different keys.
    fingerprint: u64,
    players: usize,
    at: u32,
}

impl PartialEq for MultiTree {
    fn eq(&self, other: &MultiTree) -> bool {
        Arc::ptr_eq(&self.nodes, &other.nodes) && self.at == other.at
    }
}

impl Eq for MultiTree {}

impl Hash for MultiTree {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.at.hash(state);
    }
}

/// A tree while it is being read.
enum Shape {
    Leaf(Vec<Score>),
    Inner(Vec<Shape>),
}

impl MultiTree {
    /// Reads a tree from nested lists. Lists are non-empty, every leaf gives the same number
    /// of values (2 to 6), and values lie within `±score::MAX_EVAL`.
    pub fn parse(text: &str) -> Result<MultiTree, NotationError> {
        let bad = || NotationError::new("tree", text.trim(), FORM);
        let mut reader = Reader {
            bytes: text.as_bytes(),
            pos: 0,
        };
        let shape = reader
            .shape(0)
            .ok_or_else(|| crate::tree::too_deep(text).unwrap_or_else(bad))?;
        reader.blanks();
        if reader.pos != reader.bytes.len() {
            return Err(bad());
        }
        let mut players = None;
        if !same_width(&shape, &mut players) {
            return Err(NotationError::new(
                "tree",
                text.trim(),
                "every leaf with as many values",
            ));
        }
        Ok(MultiTree::from_shape(shape, players.unwrap_or(2)))
    }

    /// A random tree for tests: `players` players, inner nodes with 1 to `max_branching`
    /// children, leaves at depth 1 to `max_depth` (some earlier), values from 0 to `range`,
    /// and when `constant_sum`, values that add up to `range` at every leaf.
    pub fn random(
        seed: u64,
        players: usize,
        max_depth: u32,
        max_branching: u32,
        range: Score,
        constant_sum: bool,
    ) -> MultiTree {
        fn grow(rng: &mut Rng, depth: u32, spec: (usize, u32, u32, Score, bool)) -> Shape {
            let (players, max_depth, branching, range, constant_sum) = spec;
            if depth == max_depth || (depth > 0 && rng.below(6) == 0) {
                let mut values: Vec<Score> = (0..players)
                    .map(|_| rng.below(range as u64 + 1) as Score)
                    .collect();
                if constant_sum {
                    // Cut 0..=range at players - 1 random points: the pieces sum to range.
                    let mut cuts: Vec<Score> = values[1..].to_vec();
                    cuts.push(0);
                    cuts.push(range);
                    cuts.sort_unstable();
                    values = cuts.windows(2).map(|w| w[1] - w[0]).collect();
                }
                return Shape::Leaf(values);
            }
            let n = 1 + rng.below(branching as u64);
            Shape::Inner((0..n).map(|_| grow(rng, depth + 1, spec)).collect())
        }
        let mut rng = Rng::new(seed);
        let spec = (
            players,
            max_depth.max(1),
            max_branching.max(1),
            range,
            constant_sum,
        );
        MultiTree::from_shape(grow(&mut rng, 0, spec), players)
    }

    fn from_shape(shape: Shape, players: usize) -> MultiTree {
        let mut nodes = vec![Node {
            values: None,
            depth: 0,
            first_child: 0,
            child_count: 0,
            parent: 0,
            index_in_parent: 0,
        }];
        let mut queue = std::collections::VecDeque::from([(0u32, shape)]);
        while let Some((id, shape)) = queue.pop_front() {
            match shape {
                Shape::Leaf(v) => {
                    let mut values = [0; Player::MAX];
                    values[..v.len()].copy_from_slice(&v);
                    nodes[id as usize].values = Some(values);
                }
                Shape::Inner(children) => {
                    let (first, depth) = (nodes.len() as u32, nodes[id as usize].depth);
                    nodes[id as usize].first_child = first;
                    nodes[id as usize].child_count = children.len() as u32;
                    for (i, child) in children.into_iter().enumerate() {
                        queue.push_back((nodes.len() as u32, child));
                        nodes.push(Node {
                            values: None,
                            depth: depth + 1,
                            first_child: 0,
                            child_count: 0,
                            parent: id,
                            index_in_parent: i as u32,
                        });
                    }
                }
            }
        }
        MultiTree {
            fingerprint: crate::tree::digest(nodes.iter().flat_map(|node| {
                let values = node
                    .values
                    .map_or([u64::MAX; Player::MAX], |v| v.map(|v| v as u64));
                values.into_iter().chain([u64::from(node.child_count)])
            })),
            nodes: Arc::new(nodes),
            players,
            at: 0,
        }
    }

    fn node(&self) -> &Node {
        &self.nodes[self.at as usize]
    }

    /// The root of this position's tree.
    pub fn root(&self) -> MultiTree {
        MultiTree {
            at: 0,
            ..self.clone()
        }
    }

    fn write_node(&self, id: u32, out: &mut String) {
        let node = &self.nodes[id as usize];
        if let Some(values) = node.values {
            let text: Vec<String> = values[..self.players]
                .iter()
                .map(|v| v.to_string())
                .collect();
            out.push_str(&format!("({})", text.join(",")));
            return;
        }
        out.push('[');
        for child in node.first_child..node.first_child + node.child_count {
            if child > node.first_child {
                out.push(',');
            }
            self.write_node(child, out);
        }
        out.push(']');
    }
}

/// Whether every leaf of `shape` has as many values as the first (recorded in `width`).
fn same_width(shape: &Shape, width: &mut Option<usize>) -> bool {
    match shape {
        Shape::Leaf(v) => *width.get_or_insert(v.len()) == v.len(),
        Shape::Inner(children) => children.iter().all(|c| same_width(c, width)),
    }
}

/// A reader of the nested-list form.
struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    fn blanks(&mut self) {
        while self
            .bytes
            .get(self.pos)
            .is_some_and(u8::is_ascii_whitespace)
        {
            self.pos += 1;
        }
    }

    /// Takes `byte` if it comes next.
    fn eat(&mut self, byte: u8) -> bool {
        self.blanks();
        let found = self.bytes.get(self.pos) == Some(&byte);
        self.pos += found as usize;
        found
    }

    /// Items of a list opened by `open`, separated by commas, closed by `close`.
    fn items<T>(
        &mut self,
        close: u8,
        mut item: impl FnMut(&mut Self) -> Option<T>,
    ) -> Option<Vec<T>> {
        let mut items = vec![item(self)?];
        while self.eat(b',') {
            items.push(item(self)?);
        }
        self.eat(close).then_some(items)
    }

    fn shape(&mut self, nesting: u32) -> Option<Shape> {
        if nesting > crate::tree::MAX_NESTING {
            return None; // deeper than any tree a class draws, and than the stack should go
        }
        if self.eat(b'(') {
            let values = self.items(b')', Reader::number)?;
            return (2..=Player::MAX)
                .contains(&values.len())
                .then_some(Shape::Leaf(values));
        }
        if self.eat(b'[') {
            return self.items(b']', |r| r.shape(nesting + 1)).map(Shape::Inner);
        }
        None
    }

    fn number(&mut self) -> Option<Score> {
        self.blanks();
        let start = self.pos;
        if self.bytes.get(self.pos) == Some(&b'-') {
            self.pos += 1;
        }
        while self.bytes.get(self.pos).is_some_and(u8::is_ascii_digit) {
            self.pos += 1;
        }
        let value: i64 = std::str::from_utf8(&self.bytes[start..self.pos])
            .ok()?
            .parse()
            .ok()?;
        (value.abs() <= MAX_EVAL as i64).then_some(value as Score)
    }
}

/// The whole tree (from its root) in nested-list form.
impl fmt::Display for MultiTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.write_node(0, &mut out);
        f.write_str(&out)
    }
}

impl Game for MultiTree {
    type Move = u32;

    const MANY_PLAYERS: bool = true;

    fn to_move(&self) -> Player {
        Player::ALL[self.node().depth as usize % self.players]
    }

    fn player_count(&self) -> usize {
        self.players
    }

    fn generate_moves(&self, moves: &mut MoveList<u32>) {
        moves.extend(0..self.node().child_count);
    }

    fn play(&self, child: u32) -> MultiTree {
        debug_assert!(child < self.node().child_count);
        MultiTree {
            at: self.node().first_child + child,
            ..self.clone()
        }
    }

    /// A leaf is won by the one player with the largest value, drawn when several share it.
    fn outcome(&self) -> Option<Outcome> {
        let values = self.node().values?;
        let top = values[..self.players].iter().copied().max()?;
        let mut best = Player::first(self.players)
            .iter()
            .filter(|p| values[p.index()] == top);
        Some(match (best.next(), best.next()) {
            (Some(&winner), None) => Outcome::Win(winner),
            _ => Outcome::Draw,
        })
    }

    /// The leaf's value for `player`, as written.
    fn terminal_value(&self, player: Player) -> Score {
        self.node().values.map_or(0, |v| v[player.index()])
    }

    fn key(&self) -> u64 {
        (self.at as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ self.fingerprint
    }

    fn ply(&self) -> u32 {
        self.node().depth
    }

    fn format_move(&self, child: u32) -> String {
        child.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<u32, NotationError> {
        match (text.trim().parse::<u32>(), self.node().child_count) {
            (_, 0) => Err(NotationError::new(
                "move",
                text,
                "no move: this node is a leaf",
            )),
            (Ok(i), n) if i < n => Ok(i),
            (_, n) => Err(NotationError::new(
                "move",
                text,
                format!("a child index from 0 to {}", n - 1),
            )),
        }
    }

    fn position(&self) -> String {
        let mut path = Vec::new();
        let mut id = self.at;
        while id != 0 {
            path.push(self.nodes[id as usize].index_in_parent.to_string());
            id = self.nodes[id as usize].parent;
        }
        if path.is_empty() {
            return "root".into();
        }
        path.reverse();
        path.join(".")
    }

    fn parse_position(&self, text: &str) -> Result<MultiTree, NotationError> {
        let text = text.trim();
        let mut state = self.root();
        if text == "root" {
            return Ok(state);
        }
        for step in text.split('.') {
            let child = state.parse_move(step).map_err(|_| {
                NotationError::new(
                    "position",
                    text,
                    "`root` or a path of child indices such as `0.2`",
                )
            })?;
            state = state.play(child);
        }
        Ok(state)
    }

    fn max_game_length(&self) -> Option<u32> {
        Some(64)
    }
}

impl SearchHints for MultiTree {
    /// The largest value at any leaf, in magnitude.
    fn value_bound(&self) -> Score {
        let leaves = self.nodes.iter().filter_map(|n| n.values);
        leaves
            .flat_map(|v| v.into_iter().map(Score::abs))
            .max()
            .unwrap_or(0)
    }

    /// The least value and the largest sum at any leaf: what the tree itself bounds.
    fn sum_bound(&self) -> Option<SumBound> {
        let leaves = self.nodes.iter().filter_map(|n| n.values);
        let players = self.players;
        let floor = leaves
            .clone()
            .flat_map(|v| v.into_iter().take(players))
            .min()?;
        let sum = leaves.map(|v| v[..players].iter().sum::<Score>()).max()?;
        Some(SumBound { floor, sum })
    }
}

impl crate::describe::FromSpec for MultiTree {
    const NAME: &'static str = "multi-tree";
    const ABOUT: &'static str =
        "an explicit game tree for three players and more, one value a player at each leaf, for teaching max^n";
    const RULES: &'static str = "Player 0 chooses a branch at the root, player 1 at the level below, player 2 below that, and so on in turn. Each leaf gives one value a player, and each player wants its own value high.";
    const KEYS: &'static [crate::describe::SpecKey] = &[crate::describe::SpecKey {
        key: "shape",
        default: "(required)",
        accepted: FORM,
    }];
    const EXAMPLE: &'static str = "multi-tree(shape=[[(3,3,3),(1,4,4)],[(4,2,2),(2,5,1)]])";
    const SHOWCASE: crate::describe::Showcase = crate::describe::Showcase {
        presets: &[crate::describe::Preset {
            label: "Max^n tree for three players",
            spec: "multi-tree(shape=[[(3,3,3),(1,4,4)],[(4,2,2),(2,5,1)]])",
        }],
        ..crate::describe::Showcase::NONE
    };

    fn from_parsed_spec(mut spec: crate::Spec) -> Result<MultiTree, NotationError> {
        let shape = spec.take("shape").ok_or_else(|| {
            NotationError::new(
                "tree spec",
                spec.text(),
                format!("multi-tree(shape=NESTED LISTS), e.g. {}", Self::EXAMPLE),
            )
        })?;
        spec.finish_keys(Self::KEYS)?;
        MultiTree::parse(&shape)
    }
}

impl crate::describe::Actions for MultiTree {
    /// The most children any node has: action `i` is a node's child number `i`.
    fn num_actions(&self) -> usize {
        self.nodes
            .iter()
            .map(|n| n.child_count as usize)
            .max()
            .unwrap_or(0)
    }

    fn action(&self, mv: u32) -> usize {
        mv as usize
    }
}

impl crate::describe::Describe for MultiTree {
    /// `values`: a leaf's values, one a player (null at inner nodes).
    fn fields(&self) -> serde_json::Map<String, serde_json::Value> {
        let mut map = serde_json::Map::new();
        let values = self.is_terminal().then(|| {
            Player::first(self.players)
                .iter()
                .map(|&p| self.terminal_value(p))
                .collect::<Vec<_>>()
        });
        map.insert("values".into(), serde_json::json!(values));
        map
    }

    fn drawing(&self) -> String {
        format!("\nmulti-tree {} at node {}\n", self, self.position())
    }

    fn move_format(&self) -> String {
        let children = self.legal_moves().len();
        format!(
            "a child's index, 0 to {} from the left",
            children.saturating_sub(1)
        )
    }

    fn end_reason(&self) -> Option<String> {
        self.is_terminal().then(|| {
            let values: Vec<String> = Player::first(self.players)
                .iter()
                .map(|&p| self.terminal_value(p).to_string())
                .collect();
            format!("a leaf worth ({}), one value a player", values.join(","))
        })
    }
}

/// The solver takes two-player games only; the front ends say so for this one.
impl crate::solver::Solvable for MultiTree {}

impl crate::describe::NamedEvaluators for MultiTree {
    type Eval = crate::Zero;
    const DEFAULT_EVAL: &'static str = "null";
    const EVALUATORS: &'static [&'static str] = &["null"];
    fn evaluator(name: &str) -> Result<crate::Zero, NotationError> {
        crate::describe::null_only(name, "tree leaves carry their own values")
    }
}

#[cfg(test)]
mod tests {
    use super::MultiTree;
    use crate::agents::build_agent;
    use crate::conformance::{check, Config};
    use crate::Game;

    #[test]
    fn the_n_player_agents_play_and_the_negamax_ones_are_refused() {
        let tree = MultiTree::parse("[[(3,3,3),(1,4,4)],[(4,2,2),(2,5,1)]]").unwrap();
        for spec in [
            "maxn",
            "maxn(depth=2,prune=off,tt=off)",
            "paranoid(depth=2)",
            "brs",
            "random(seed=1)",
            "greedy",
            "mcts(iterations=100)",
        ] {
            let mut agent =
                build_agent::<MultiTree>(spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
            let mv = agent.select_move(&tree).best_move.unwrap();
            assert!(tree.legal_moves().contains(&mv), "{spec}");
        }
        for spec in [
            "alphabeta",
            "minimax(depth=2)",
            "plain-alphabeta",
            "expectimax",
        ] {
            let err = build_agent::<MultiTree>(spec)
                .err()
                .expect("refused")
                .to_string();
            assert_eq!(
                err,
                format!("bad agent `{}`: expected an agent for games of more than two players (random, greedy, mcts, maxn, paranoid, brs): {} searches for two", spec.split('(').next().unwrap(), spec.split('(').next().unwrap())
            );
        }
    }

    #[test]
    fn the_same_node_of_two_trees_has_two_keys_and_of_one_tree_one() {
        let one = MultiTree::parse("[(1,2,3),(3,2,1)]").unwrap();
        let other = MultiTree::parse("[(1,2,3),(3,2,2)]").unwrap();
        assert_ne!(one.key(), other.key());
        assert_ne!(one.play(1).key(), other.play(1).key());
        assert_eq!(
            one.play(1).key(),
            MultiTree::parse("[(1,2,3),(3,2,1)]").unwrap().play(1).key()
        );
    }

    #[test]
    fn random_trees_conform() {
        for seed in 0..30 {
            let tree = MultiTree::random(seed, 2 + seed as usize % 5, 5, 3, 9, seed % 2 == 0);
            check(&tree, &Config::quick());
            assert_eq!(
                MultiTree::parse(&tree.to_string()).unwrap().to_string(),
                tree.to_string()
            );
        }
    }

    #[test]
    fn bad_trees_name_the_form() {
        for bad in [
            "",
            "[]",
            "[(1)]",
            "[(1,2),(1,2,3)]",
            "[(1,2,3,4,5,6,7)]",
            "[(1,2)",
            "(1,2)x",
        ] {
            let err = MultiTree::parse(bad).unwrap_err().to_string();
            assert!(err.starts_with("bad tree"), "{bad}: {err}");
        }
    }
}
