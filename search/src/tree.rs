//! Explicit game trees, written as nested lists: `[[3,12,8],[2,4,6],[14,5,2]]` is AIMA's
//! figure 5.2 (MAX to move at the root, three MIN nodes, nine leaves).
//!
//! A [`Tree`] is a [`Game`] like any other, so every search in ply runs on textbook figures:
//! a leaf is a terminal state whose number is MAX's (player 0's) payoff; moves are child
//! indices (`0`, `1`, ...); a position is the path of child indices from the root (`0.2`), or
//! `root`.
//!
//! With chance nodes, a [`ChanceTree`] (`chance-tree(shape=...)`): `~[...]` is a chance node
//! whose children are equally likely, and `~[1:A,3:B]` gives them weights (B three times as
//! likely as A). As in AIMA's figure of backgammon's tree, a roll belongs to the turn of the
//! player before it, and the other player chooses after it: `[~[[1,2],[3,4]]]` is MAX, a
//! chance node, then MIN.
//!
//! ```
//! use ply_search::tree::Tree;
//! use ply_search::{Game, Player};
//! let tree = Tree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
//! assert_eq!(tree.legal_moves().len(), 3);
//! let leaf = tree.play(1).play(2);
//! assert!(leaf.is_terminal());
//! assert_eq!(leaf.terminal_value(Player::P0), 6);
//! assert_eq!(leaf.position(), "1.2");
//! assert_eq!(tree.to_string(), "[[3,12,8],[2,4,6],[14,5,2]]");
//! ```

use crate::score::MAX_EVAL;
use crate::{Game, MoveList, NotationError, Outcome, Player, Rng, Score, SearchHints};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

#[derive(Debug)]
struct Node {
    /// The payoff for player 0 at a leaf; `None` for an inner node.
    value: Option<Score>,
    /// A chance node (its children are outcomes), or a player's node.
    chance: bool,
    /// The weight of this node as an outcome of its (chance) parent; 1 otherwise.
    weight: u32,
    /// The player to move here (at a chance node, the player whose turn the roll belongs to).
    mover: Player,
    /// The children occupy `first_child .. first_child + child_count`.
    first_child: u32,
    child_count: u32,
    parent: u32,
    index_in_parent: u32,
}

/// Which trees a [`GameTree`] holds: with chance nodes or without. The two are two games,
/// so that a tree without dice is a deterministic game ([`Game::HAS_CHANCE`] false) that
/// every search takes, and a tree with dice goes to the searches that handle chance.
pub trait TreeKind: Clone + Copy + fmt::Debug + Default + Send + Sync + 'static {
    /// Whether `~[...]` chance nodes are allowed.
    const CHANCE: bool;
    /// The game's name in specs.
    const NAME: &'static str;
    /// What the game is, in one line.
    const ABOUT: &'static str;
    /// The form a tree is written in, for errors.
    const FORM: &'static str;
    /// An example spec.
    const EXAMPLE: &'static str;
    /// The web page's presets.
    const PRESETS: &'static [crate::describe::Preset];
}

/// Trees of players' nodes only: textbook minimax and alpha-beta figures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Deterministic;

impl TreeKind for Deterministic {
    const CHANCE: bool = false;
    const NAME: &'static str = "tree";
    const ABOUT: &'static str = "an explicit game tree with payoffs at the leaves, for teaching";
    const FORM: &'static str =
        "nested lists of leaf payoffs for player 0, e.g. [[3,12,8],[2,4,6],[14,5,2]]";
    const EXAMPLE: &'static str = "tree(shape=[[3,12,8],[2,4,6],[14,5,2]])";
    const PRESETS: &'static [crate::describe::Preset] = &[crate::describe::Preset {
        label: "AIMA figure 5.2 (a game tree)",
        spec: "tree(shape=[[3,12,8],[2,4,6],[14,5,2]])",
    }];
}

/// Trees with chance nodes: expectimax figures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct WithChance;

impl TreeKind for WithChance {
    const CHANCE: bool = true;
    const NAME: &'static str = "chance-tree";
    const ABOUT: &'static str =
        "an explicit game tree with chance nodes (~[...]) and payoffs at the leaves, for teaching";
    const FORM: &'static str = "nested lists of leaf payoffs for player 0, chance nodes written ~[...] (weights as ~[1:A,3:B]), e.g. [~[3,12],~[2,4]]";
    const EXAMPLE: &'static str = "chance-tree(shape=[~[3,12],~[2,4]])";
    const PRESETS: &'static [crate::describe::Preset] = &[];
}

/// A position in an explicit game tree: the shared tree and the node reached.
#[derive(Clone, Debug)]
pub struct GameTree<K: TreeKind> {
    nodes: Arc<Vec<Node>>,
    /// A digest of the whole tree, so that the same node of two different trees gets two
    /// different keys (a solver's table kept from one tree to the next must not mix them).
    fingerprint: u64,
    at: u32,
    ply: u32,
    kind: K,
}

/// A tree without chance nodes (`tree(shape=...)`).
pub type Tree = GameTree<Deterministic>;

/// A tree with chance nodes (`chance-tree(shape=...)`).
pub type ChanceTree = GameTree<WithChance>;

impl<K: TreeKind> PartialEq for GameTree<K> {
    fn eq(&self, other: &GameTree<K>) -> bool {
        Arc::ptr_eq(&self.nodes, &other.nodes) && self.at == other.at
    }
}

impl<K: TreeKind> Eq for GameTree<K> {}

impl<K: TreeKind> Hash for GameTree<K> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.at.hash(state);
    }
}

/// A digest of a laid-out tree: its shape, payoffs, chance nodes and weights.
fn fingerprint(nodes: &[Node]) -> u64 {
    digest(nodes.iter().flat_map(|node| {
        [
            node.value.map_or(u64::MAX, |v| v as u64),
            u64::from(node.child_count),
            u64::from(node.weight) << 1 | u64::from(node.chance),
        ]
    }))
}

/// A 64-bit digest of `words` (FNV-style), for the explicit trees' fingerprints; its lowest
/// bit is clear, left for the player to move.
pub(crate) fn digest(words: impl IntoIterator<Item = u64>) -> u64 {
    let mut digest = 0xCBF2_9CE4_8422_2325u64;
    for word in words {
        digest = (digest ^ word)
            .wrapping_mul(0x0000_0100_0000_01B3)
            .rotate_left(17);
    }
    digest & !1
}

/// A tree while it is being read, before it is laid out.
enum Shape {
    Leaf(Score),
    /// Children with their weights, and whether the node is a chance node.
    Inner(Vec<(u32, Shape)>, bool),
}

impl<K: TreeKind> GameTree<K> {
    /// Reads a tree from nested lists. Every list must be non-empty; numbers must lie within
    /// the heuristic range (`±score::MAX_EVAL`); weights are whole numbers from 1 to 1000.
    pub fn parse(text: &str) -> Result<GameTree<K>, NotationError> {
        let bytes = text.as_bytes();
        let mut pos = 0;
        let shape = parse_shape(bytes, &mut pos, 0, K::CHANCE).ok_or_else(|| {
            too_deep(text).unwrap_or_else(|| NotationError::new("tree", text.trim(), K::FORM))
        })?;
        skip_blanks(bytes, &mut pos);
        if pos != bytes.len() {
            return Err(NotationError::new("tree", text.trim(), K::FORM));
        }
        Ok(GameTree::from_shape(shape))
    }

    /// A random tree for tests: every inner node has 1 to `max_branching` children, leaves sit
    /// at depth 1 to `max_depth` (some earlier than others), values in `-range..=range`. In a
    /// [`ChanceTree`] about a third of the inner nodes are chance nodes, their outcomes
    /// weighted 1 to 4.
    pub fn random(seed: u64, max_depth: u32, max_branching: u32, range: Score) -> GameTree<K> {
        fn grow<K: TreeKind>(
            rng: &mut Rng,
            depth: u32,
            max_depth: u32,
            branching: u32,
            range: Score,
        ) -> Shape {
            let stop_early = depth > 0 && rng.below(6) == 0;
            if depth == max_depth || stop_early {
                let value = rng.below(2 * range as u64 + 1) as Score - range;
                return Shape::Leaf(value);
            }
            let chance = K::CHANCE && rng.below(3) == 0;
            let n = 1 + rng.below(branching as u64) as u32;
            let children = (0..n)
                .map(|_| {
                    let weight = if chance { 1 + rng.below(4) as u32 } else { 1 };
                    (
                        weight,
                        grow::<K>(rng, depth + 1, max_depth, branching, range),
                    )
                })
                .collect();
            Shape::Inner(children, chance)
        }
        let mut rng = Rng::new(seed);
        GameTree::from_shape(grow::<K>(
            &mut rng,
            0,
            max_depth.max(1),
            max_branching.max(1),
            range,
        ))
    }

    fn from_shape(shape: Shape) -> GameTree<K> {
        let mut nodes = vec![Node {
            value: None,
            chance: false,
            weight: 1,
            mover: Player::P0,
            first_child: 0,
            child_count: 0,
            parent: 0,
            index_in_parent: 0,
        }];
        // Breadth-first layout: each node's children are contiguous.
        let mut queue = std::collections::VecDeque::from([(0u32, shape)]);
        while let Some((id, shape)) = queue.pop_front() {
            match shape {
                Shape::Leaf(v) => nodes[id as usize].value = Some(v),
                Shape::Inner(children, chance) => {
                    let first = nodes.len() as u32;
                    let node = &mut nodes[id as usize];
                    node.first_child = first;
                    node.child_count = children.len() as u32;
                    node.chance = chance;
                    let parent_mover = node.mover;
                    for (i, (weight, child)) in children.into_iter().enumerate() {
                        // A roll belongs to the turn before it: a chance node keeps its
                        // parent's player, and the other player chooses after it.
                        let mover = if matches!(child, Shape::Inner(_, true)) {
                            parent_mover
                        } else {
                            parent_mover.other()
                        };
                        let child_id = nodes.len() as u32;
                        nodes.push(Node {
                            value: None,
                            chance: false,
                            weight,
                            mover,
                            first_child: 0,
                            child_count: 0,
                            parent: id,
                            index_in_parent: i as u32,
                        });
                        queue.push_back((child_id, child));
                    }
                }
            }
        }
        GameTree {
            fingerprint: fingerprint(&nodes),
            nodes: Arc::new(nodes),
            at: 0,
            ply: 0,
            kind: K::default(),
        }
    }

    fn node(&self) -> &Node {
        &self.nodes[self.at as usize]
    }

    /// The number of nodes of the whole tree.
    pub fn size(&self) -> usize {
        self.nodes.len()
    }

    /// The root of this position's tree.
    pub fn root(&self) -> GameTree<K> {
        GameTree {
            nodes: self.nodes.clone(),
            fingerprint: self.fingerprint,
            at: 0,
            ply: 0,
            kind: self.kind,
        }
    }

    fn write_node(&self, id: u32, out: &mut String) {
        let node = &self.nodes[id as usize];
        match node.value {
            Some(v) => out.push_str(&v.to_string()),
            None => {
                if node.chance {
                    out.push('~');
                }
                let children = node.first_child..node.first_child + node.child_count;
                let weighted = children.clone().any(|c| self.nodes[c as usize].weight != 1);
                out.push('[');
                for child in children {
                    if child > node.first_child {
                        out.push(',');
                    }
                    if weighted {
                        out.push_str(&format!("{}:", self.nodes[child as usize].weight));
                    }
                    self.write_node(child, out);
                }
                out.push(']');
            }
        }
    }
}

/// The whole tree (from its root) in nested-list form.
impl<K: TreeKind> fmt::Display for GameTree<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.write_node(0, &mut out);
        f.write_str(&out)
    }
}

fn skip_blanks(bytes: &[u8], pos: &mut usize) {
    while *pos < bytes.len() && bytes[*pos].is_ascii_whitespace() {
        *pos += 1;
    }
}

/// The largest weight a chance outcome may have.
const MAX_WEIGHT: u32 = 1000;

/// The deepest nesting a tree may have: deeper ones are refused before they can exhaust the
/// reader's stack, and no course figure comes near it.
pub(crate) const MAX_NESTING: u32 = 64;

/// The error for a tree nested deeper than [`MAX_NESTING`], if `text` is one.
pub(crate) fn too_deep(text: &str) -> Option<NotationError> {
    let mut depth = 0u32;
    let mut deepest = 0u32;
    for byte in text.bytes() {
        match byte {
            b'[' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    (deepest > MAX_NESTING).then(|| {
        NotationError::new(
            "tree",
            text.trim(),
            format!("at most {MAX_NESTING} levels of nested lists (this one has {deepest})"),
        )
    })
}

fn parse_shape(bytes: &[u8], pos: &mut usize, nesting: u32, chance_allowed: bool) -> Option<Shape> {
    if nesting > MAX_NESTING {
        return None;
    }
    skip_blanks(bytes, pos);
    let chance = chance_allowed && bytes.get(*pos) == Some(&b'~');
    if chance {
        *pos += 1;
        skip_blanks(bytes, pos);
    }
    if *pos < bytes.len() && bytes[*pos] == b'[' {
        *pos += 1;
        let mut children = Vec::new();
        loop {
            let weight = if chance { parse_weight(bytes, pos)? } else { 1 };
            children.push((
                weight,
                parse_shape(bytes, pos, nesting + 1, chance_allowed)?,
            ));
            skip_blanks(bytes, pos);
            match bytes.get(*pos) {
                Some(b',') => *pos += 1,
                Some(b']') => {
                    *pos += 1;
                    return Some(Shape::Inner(children, chance));
                }
                _ => return None,
            }
        }
    }
    if chance {
        return None; // `~` before a leaf
    }
    parse_leaf(bytes, pos)
}

/// An outcome's `W:` weight prefix, if one is written (1 if not).
fn parse_weight(bytes: &[u8], pos: &mut usize) -> Option<u32> {
    skip_blanks(bytes, pos);
    let start = *pos;
    let mut end = start;
    while end < bytes.len() && bytes[end].is_ascii_digit() {
        end += 1;
    }
    let mut colon = end;
    while colon < bytes.len() && bytes[colon].is_ascii_whitespace() {
        colon += 1;
    }
    if end == start || bytes.get(colon) != Some(&b':') {
        return Some(1);
    }
    let weight: u32 = std::str::from_utf8(&bytes[start..end]).ok()?.parse().ok()?;
    *pos = colon + 1;
    (1..=MAX_WEIGHT).contains(&weight).then_some(weight)
}

fn parse_leaf(bytes: &[u8], pos: &mut usize) -> Option<Shape> {
    let start = *pos;
    if *pos < bytes.len() && (bytes[*pos] == b'-' || bytes[*pos] == b'+') {
        *pos += 1;
    }
    while *pos < bytes.len() && bytes[*pos].is_ascii_digit() {
        *pos += 1;
    }
    let value: i64 = std::str::from_utf8(&bytes[start..*pos])
        .ok()?
        .parse()
        .ok()?;
    (value.abs() <= MAX_EVAL as i64).then_some(Shape::Leaf(value as Score))
}

/// Explicit trees are solved by plain search: no shortcut.
impl<K: TreeKind> crate::solver::Solvable for GameTree<K> {}

impl<K: TreeKind> Game for GameTree<K> {
    type Move = u32;

    const HAS_CHANCE: bool = K::CHANCE;

    fn to_move(&self) -> Player {
        self.node().mover
    }

    #[inline]
    fn is_chance_node(&self) -> bool {
        K::CHANCE && self.node().chance
    }

    fn chance_outcomes(&self, outcomes: &mut crate::chance::ChanceList<u32>) {
        if self.is_chance_node() {
            let node = self.node();
            outcomes.extend((0..node.child_count).map(|i| {
                crate::chance::Chance::new(i, self.nodes[(node.first_child + i) as usize].weight)
            }));
        }
    }

    fn generate_moves(&self, moves: &mut MoveList<u32>) {
        moves.extend(0..self.node().child_count);
    }

    fn play(&self, child: u32) -> GameTree<K> {
        debug_assert!(child < self.node().child_count);
        GameTree {
            nodes: self.nodes.clone(),
            fingerprint: self.fingerprint,
            at: self.node().first_child + child,
            ply: self.ply + 1,
            kind: self.kind,
        }
    }

    /// A leaf is won by player 0 if its payoff is positive, by player 1 if negative, drawn at 0.
    fn outcome(&self) -> Option<Outcome> {
        self.node().value.map(|v| match v.signum() {
            1 => Outcome::Win(Player::P0),
            -1 => Outcome::Win(Player::P1),
            _ => Outcome::Draw,
        })
    }

    /// The leaf's payoff: as written for player 0, negated for player 1.
    fn terminal_value(&self, player: Player) -> Score {
        let v = self.node().value.unwrap_or(0);
        if player == Player::P0 {
            v
        } else {
            -v
        }
    }

    fn key(&self) -> u64 {
        (self.at as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ (self.to_move().index() as u64)
            ^ self.fingerprint
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn format_move(&self, child: u32) -> String {
        child.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<u32, NotationError> {
        let n = self.node().child_count;
        match text.trim().parse::<u32>() {
            Ok(i) if i < n => Ok(i),
            _ if n == 0 => Err(NotationError::new(
                "move",
                text,
                "no move: this node is a leaf",
            )),
            _ => Err(NotationError::new(
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
            let node = &self.nodes[id as usize];
            path.push(node.index_in_parent.to_string());
            id = node.parent;
        }
        if path.is_empty() {
            return "root".to_string();
        }
        path.reverse();
        path.join(".")
    }

    fn parse_position(&self, text: &str) -> Result<GameTree<K>, NotationError> {
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

impl<K: TreeKind> SearchHints for GameTree<K> {
    /// A child index is legal if the node has that many children.
    fn quick_legality(&self, child: u32) -> Option<bool> {
        Some(child < self.node().child_count)
    }

    /// The largest payoff at any leaf, in magnitude.
    fn value_bound(&self) -> Score {
        self.nodes
            .iter()
            .filter_map(|n| n.value)
            .map(Score::abs)
            .max()
            .unwrap_or(0)
    }
}

impl<K: TreeKind> crate::describe::FromSpec for GameTree<K> {
    const NAME: &'static str = K::NAME;
    const ABOUT: &'static str = K::ABOUT;
    const RULES: &'static str = if K::CHANCE {
        "Player 0 (max) chooses a branch at the root, player 1 (min) at the level below, and so on down; at a chance node (~) the dice choose, each branch by its weight. Each leaf is player 0's payoff."
    } else {
        "Player 0 (max) chooses a branch at the root, player 1 (min) at the level below, and so on down. Each leaf is player 0's payoff: max wants it high, min low."
    };
    const KEYS: &'static [crate::describe::SpecKey] = &[crate::describe::SpecKey {
        key: "shape",
        default: "(required)",
        accepted: K::FORM,
    }];
    const EXAMPLE: &'static str = K::EXAMPLE;
    const SHOWCASE: crate::describe::Showcase = crate::describe::Showcase {
        presets: K::PRESETS,
        ..crate::describe::Showcase::NONE
    };

    fn from_parsed_spec(mut spec: crate::Spec) -> Result<GameTree<K>, NotationError> {
        let shape = spec.take("shape").ok_or_else(|| {
            NotationError::new(
                "tree spec",
                spec.text(),
                format!("{}(shape=NESTED LISTS), e.g. {}", K::NAME, K::EXAMPLE),
            )
        })?;
        spec.finish_keys(Self::KEYS)?;
        GameTree::parse(&shape)
    }
}

impl<K: TreeKind> crate::describe::Actions for GameTree<K> {
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

impl<K: TreeKind> crate::describe::NamedEvaluators for GameTree<K> {
    type Eval = crate::Zero;
    const DEFAULT_EVAL: &'static str = "null";
    const EVALUATORS: &'static [&'static str] = &["null"];
    fn evaluator(name: &str) -> Result<crate::Zero, NotationError> {
        crate::describe::null_only(name, "tree leaves carry their own values")
    }
}

impl<K: TreeKind> crate::describe::Describe for GameTree<K> {
    /// `value`: a leaf's payoff for player 0 (null at inner nodes).
    fn fields(&self) -> serde_json::Map<String, serde_json::Value> {
        let mut map = serde_json::Map::new();
        let value = self
            .is_terminal()
            .then(|| self.terminal_value(crate::Player::P0));
        map.insert("value".into(), serde_json::json!(value));
        map
    }

    fn drawing(&self) -> String {
        format!("\ntree {} at node {}\n", self, self.position())
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
            format!(
                "a leaf of value {} for player 0",
                self.terminal_value(crate::Player::P0)
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_errors_name_the_form() {
        for bad in [
            "",
            "[]",
            "[1,]",
            "[[1,2]",
            "[1 2]",
            "x",
            "[1],[2]",
            "[99999999999]",
        ] {
            let err = Tree::parse(bad).unwrap_err().to_string();
            assert!(err.contains("nested lists of leaf payoffs"), "{bad}: {err}");
        }
    }

    #[test]
    fn trees_nested_too_deep_are_refused_by_their_depth() {
        let nested = |levels: usize| format!("{}1{}", "[".repeat(levels), "]".repeat(levels));
        assert!(Tree::parse(&nested(MAX_NESTING as usize)).is_ok());
        let err = Tree::parse(&nested(70)).unwrap_err().to_string();
        assert!(
            err.contains("expected at most 64 levels of nested lists (this one has 70)"),
            "{err}"
        );
        let err = crate::multi::MultiTree::parse(&format!("[{}]", nested(70))).unwrap_err();
        assert!(err.to_string().contains("(this one has 71)"), "{err}");
    }

    #[test]
    fn parse_and_print_round_trip() {
        for text in ["[[3,12,8],[2,4,6],[14,5,2]]", "7", "[[1,[2,-3]],4]"] {
            assert_eq!(Tree::parse(text).unwrap().to_string(), text);
        }
    }

    #[test]
    fn one_table_kept_across_different_trees_keeps_their_values_apart() {
        use crate::solver::{batch::solve_batch, SolverOptions};
        let positions = [
            Tree::parse("[[3,12],[2,4]]").unwrap(),
            Tree::parse("[1,5]").unwrap(),
            Tree::parse("[[3,12],[2,5]]").unwrap(),
        ];
        let options = SolverOptions {
            distance: true,
            threads: 1,
            ..SolverOptions::default()
        };
        let mut values = Vec::new();
        solve_batch(
            &positions,
            &options,
            &crate::StopFlag::new(),
            |_, answer| values.push(answer.unwrap().value),
        );
        assert_eq!(values, [3, 5, 3]);
        assert_ne!(positions[0].key(), positions[1].key());
    }

    #[test]
    fn random_trees_conform() {
        for seed in 0..20 {
            let tree = Tree::random(seed, 5, 4, 50);
            crate::conformance::check(&tree, &crate::conformance::Config::quick());
        }
    }
}
