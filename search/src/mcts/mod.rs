//! Monte Carlo tree search, generic over every [`Game`], behind the same [`Searcher`] interface,
//! [`Limits`] and [`Stats`] as alpha-beta.
//!
//! One iteration walks down the tree choosing children by UCT or UCB1-Tuned (optionally mixed
//! with implicit minimax values), expands one node, evaluates the new leaf (a random playout,
//! an evaluator-guided playout, or the evaluator alone) and backs the reward up. MCTS-Solver
//! marks proven wins and losses and never searches them again; a proven root ends the search.
//! The tree of the move actually played is kept for the next move (tree reuse). Root and tree
//! parallelisation (with virtual loss) run on `threads` threads; with one thread and an
//! iteration limit a seed gives the same tree on every run.
//!
//! ```
//! use ply_search::mcts::{Mcts, MctsOptions};
//! use ply_search::tree::Tree;
//! use ply_search::{Limits, Searcher, Zero};
//! // Leaves count by sign: only MAX's first move wins against every reply of MIN.
//! let tree = Tree::parse("[[3,12,8],[2,-4,6],[-14,5,2]]").unwrap();
//! let mut mcts = Mcts::new(Zero, MctsOptions::default());
//! let result = mcts.search(&tree, &Limits { iterations: Some(2_000), ..Limits::none() });
//! assert_eq!(result.best_move, Some(0));
//! ```
//!
//! Rewards are 1 (win), 0.5 (draw) and 0 (loss), stored for the player who made the move into
//! a node. Explicit trees' numeric leaves count by sign.

pub mod formulas;
pub mod tree;

use crate::score::{self, Score};
pub use crate::stats::{MctsStats, RootChild};
use crate::{Evaluator, Game, Limits, MoveList, Outcome, Player, Rng, SearchResult, Searcher};
use crate::{Stats, StopReason};
use formulas::{flip, implicit_mix, score_to_probability, ucb1_tuned_from_log};
use serde::Serialize;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};
pub use tree::{Node, Proven, SearchTree};

/// The child-selection formula.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Selection {
    /// UCT: mean + c * sqrt(ln N / n).
    Uct,
    /// UCB1-Tuned: the exploration term scaled by the observed variance.
    Ucb1Tuned,
}

/// How a new leaf is evaluated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Playout {
    /// Uniformly random moves to the end (the game's fast `random_move`).
    Random,
    /// Epsilon-greedy: the evaluator's best move, a random one with probability epsilon.
    Eval,
    /// No playout: the evaluator's score of the leaf, mapped to a win probability.
    None,
}

/// Which root move is played when the search ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum FinalChoice {
    /// The most visited child.
    Robust,
    /// The child with the best mean reward.
    Max,
    /// A child that is both most visited and best; if none is, the most visited.
    MaxRobust,
}

/// How several threads share the work.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Parallel {
    /// Each thread grows its own tree; the root statistics are summed at the end.
    Root,
    /// All threads grow one tree; a thread inside a node counts as a lost visit (virtual loss).
    Tree,
}

/// Every switch of the search. `MctsOptions::default()` is textbook UCT with random playouts,
/// MCTS-Solver and tree reuse on, one thread.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MctsOptions {
    /// The selection formula.
    pub selection: Selection,
    /// UCT's exploration constant (textbook: sqrt 2).
    pub c: f64,
    /// The value of a child never visited (first-play urgency); infinity visits every child
    /// once before any twice.
    pub fpu: f64,
    /// How leaves are evaluated.
    pub playout: Playout,
    /// The random share of an evaluator-guided playout.
    pub epsilon: f64,
    /// The longest playout in plies (0 = to the end); a capped playout is scored by the
    /// evaluator (as `playout=none` does), or as a draw without one.
    pub playout_cap: u32,
    /// Evaluator units per factor e of odds, when a score becomes a win probability.
    pub scale: f64,
    /// MCTS-Solver: prove wins and losses.
    pub solver: bool,
    /// Implicit minimax backups: the weight alpha of the evaluator's minimax value in
    /// selection (0 switches them off).
    pub implicit_alpha: f64,
    /// The final move choice.
    pub final_choice: FinalChoice,
    /// Keep the subtree of the moves played for the next search.
    pub reuse: bool,
    /// Threads.
    pub threads: usize,
    /// How threads share the work.
    pub parallel: Parallel,
    /// Virtual visits a thread adds to each node on its way down (tree parallelisation).
    pub virtual_loss: u16,
    /// The seed of the random playouts and choices.
    pub seed: u64,
    /// The tree's memory cap in bytes: when full, leaves are no longer expanded.
    pub memory_bytes: usize,
}

impl Default for MctsOptions {
    fn default() -> Self {
        MctsOptions {
            selection: Selection::Uct,
            c: std::f64::consts::SQRT_2,
            fpu: f64::INFINITY,
            playout: Playout::Random,
            epsilon: 0.1,
            playout_cap: 0,
            scale: 8.0,
            solver: true,
            implicit_alpha: 0.0,
            final_choice: FinalChoice::Robust,
            reuse: true,
            threads: 1,
            parallel: Parallel::Root,
            virtual_loss: 1,
            seed: 1,
            memory_bytes: 256 << 20,
        }
    }
}

/// Iterations run when the limits name none (no iterations, time, nodes or stop flag).
pub const DEFAULT_ITERATIONS: u64 = 10_000;

/// The MCTS searcher over game `G`, with evaluator `E` (for `playout=eval|none`, capped
/// playouts and implicit minimax; [`crate::Zero`] otherwise).
pub struct Mcts<G: Game, E> {
    evaluator: E,
    options: MctsOptions,
    /// One tree per thread (one in all for tree parallelisation), kept for reuse.
    trees: Vec<SearchTree<G::Move>>,
    /// The position the kept trees were searched from.
    root: Option<G>,
    /// Searches so far (varies the seed from search to search).
    searches: u64,
    /// The statistics of the last search.
    pub last_stats: Option<MctsStats>,
}

impl<G: Game, E: Evaluator<G>> Mcts<G, E> {
    /// A searcher with `evaluator` and `options`.
    pub fn new(evaluator: E, options: MctsOptions) -> Self {
        Mcts {
            evaluator,
            options,
            trees: Vec::new(),
            root: None,
            searches: 0,
            last_stats: None,
        }
    }

    /// The options.
    pub fn options(&self) -> &MctsOptions {
        &self.options
    }

    /// The kept trees (one per thread), for inspection.
    pub fn trees(&self) -> &[SearchTree<G::Move>] {
        &self.trees
    }

    fn max_nodes(&self) -> usize {
        let per_tree = match self.options.parallel {
            Parallel::Root => self.options.memory_bytes / self.options.threads.max(1),
            Parallel::Tree => self.options.memory_bytes,
        };
        (per_tree / std::mem::size_of::<Node<G::Move>>()).max(2)
    }

    /// The trees to start from: the kept subtrees of `state` if reuse finds it among the old
    /// root's children or grandchildren, fresh ones otherwise.
    fn take_trees(&mut self, state: &G, count: usize) -> Vec<SearchTree<G::Move>> {
        let max_nodes = self.max_nodes();
        let kept = std::mem::take(&mut self.trees);
        let old_root = self.root.take();
        let mut trees = Vec::with_capacity(count);
        for (i, tree) in kept.into_iter().enumerate() {
            if i >= count || !self.options.reuse {
                break;
            }
            match old_root.as_ref().and_then(|r| find_node(&tree, r, state)) {
                Some(node) => trees.push(tree.subtree(node)),
                None => break,
            }
        }
        while trees.len() < count {
            trees.push(SearchTree::new(max_nodes));
        }
        for t in &mut trees {
            t.max_nodes = max_nodes;
        }
        trees
    }
}

/// The node of `tree` (rooted at `root`) whose position is `state`: the root, a child or a
/// grandchild (our move and the opponent's reply).
fn find_node<G: Game>(tree: &SearchTree<G::Move>, root: &G, state: &G) -> Option<u32> {
    if root == state {
        return Some(0);
    }
    let root_node = &tree.nodes[0];
    if !root_node.expanded {
        return None;
    }
    for child in tree.children(0) {
        let after = root.play(tree.nodes[child as usize].mv?);
        if &after == state {
            return Some(child);
        }
        if after.ply() + 1 == state.ply() && tree.nodes[child as usize].expanded {
            for grandchild in tree.children(child) {
                if &after.play(tree.nodes[grandchild as usize].mv?) == state {
                    return Some(grandchild);
                }
            }
        }
    }
    None
}

/// The result of walking down one iteration.
enum Leaf {
    /// A position to evaluate (playout or evaluator).
    Evaluate,
    /// A node whose reward is known (terminal or proven), for the player who moved into it.
    Known(f64),
}

/// Everything one iteration needs that is not the tree.
struct Walker<'a, G: Game, E> {
    options: &'a MctsOptions,
    evaluator: &'a E,
    moves: MoveList<G::Move>,
    implicit: Vec<f32>,
    path: Vec<u32>,
    rng: Rng,
    /// Positions made (selection steps and playout moves).
    nodes: u64,
    /// `1 / n` and `1 / sqrt(n)` for small visit counts: selection reads them instead of
    /// dividing and taking a root for each child (the selection loop is most of the tree's
    /// cost at a wide root).
    recips: Reciprocals,
}

/// Reciprocals of small visit counts.
struct Reciprocals {
    inverse: Vec<f64>,
    inverse_sqrt: Vec<f64>,
}

impl Reciprocals {
    const SIZE: usize = 4096;

    fn new() -> Self {
        let n = (0..Self::SIZE).map(|i| i.max(1) as f64);
        Reciprocals {
            inverse: n.clone().map(|x| 1.0 / x).collect(),
            inverse_sqrt: n.map(|x| 1.0 / x.sqrt()).collect(),
        }
    }

    /// `(1 / n, 1 / sqrt(n))`.
    #[inline]
    fn of(&self, n: u32) -> (f64, f64) {
        match (
            self.inverse.get(n as usize),
            self.inverse_sqrt.get(n as usize),
        ) {
            (Some(&inv), Some(&inv_sqrt)) => (inv, inv_sqrt),
            _ => {
                let x = n as f64;
                (1.0 / x, 1.0 / x.sqrt())
            }
        }
    }
}

impl<'a, G: Game, E: Evaluator<G>> Walker<'a, G, E> {
    fn new(options: &'a MctsOptions, evaluator: &'a E, seed: u64) -> Self {
        Walker {
            options,
            evaluator,
            moves: MoveList::new(),
            implicit: Vec::new(),
            path: Vec::with_capacity(64),
            rng: Rng::new(seed),
            nodes: 0,
            recips: Reciprocals::new(),
        }
    }

    /// Selection and expansion: walks from the root to a new leaf, adding `virtual_visits`
    /// to each node passed, and returns the leaf's position.
    fn descend(
        &mut self,
        tree: &mut SearchTree<G::Move>,
        root: &G,
        virtual_visits: u16,
    ) -> (G, Leaf) {
        self.path.clear();
        self.path.push(0);
        let mut state = root.clone();
        let mut node = 0u32;
        tree.nodes[0].virtual_visits += virtual_visits;
        loop {
            let n = &tree.nodes[node as usize];
            if let Some(reward) = n.proven.reward() {
                return (state, Leaf::Known(reward));
            }
            if !n.expanded {
                if state.is_terminal() {
                    let proven = terminal_proven(&state);
                    if self.options.solver {
                        tree.nodes[node as usize].proven = proven;
                    }
                    return (state, Leaf::Known(proven.reward().unwrap_or(0.5)));
                }
                // A node is expanded on its second visit (its first is its own playout), the
                // root at once; never beyond the memory cap.
                if node != 0 && n.visits == 0 {
                    return (state, Leaf::Evaluate);
                }
                self.moves.clear();
                state.generate_moves(&mut self.moves);
                if !tree.has_room(self.moves.len()) {
                    return (state, Leaf::Evaluate);
                }
                self.expand(tree, node, &state);
            }
            let child = select(tree, node, self.options, &self.recips);
            let mv = tree.nodes[child as usize].mv.expect("a child has a move");
            state = state.play(mv);
            self.nodes += 1;
            tree.nodes[child as usize].virtual_visits += virtual_visits;
            self.path.push(child);
            node = child;
        }
    }

    /// Creates the children of `node` (with their implicit values when implicit minimax is
    /// on) and backs the new minimax value up the path.
    fn expand(&mut self, tree: &mut SearchTree<G::Move>, node: u32, state: &G) {
        self.implicit.clear();
        if self.options.implicit_alpha > 0.0 {
            let me = state.to_move();
            for &mv in &self.moves {
                let child = state.play(mv);
                let value = if child.is_terminal() {
                    outcome_reward(&child, me)
                } else {
                    score_to_probability(self.evaluator.evaluate(&child, me), self.options.scale)
                };
                self.implicit.push(value as f32);
            }
        }
        tree.expand(node, &self.moves, &self.implicit);
        if self.options.implicit_alpha > 0.0 {
            back_up_implicit(tree, &self.path);
        }
    }

    /// The reward of the leaf `state` for the player who moved into it.
    fn evaluate(&mut self, state: &G) -> f64 {
        let player = state.to_move().other();
        match self.options.playout {
            Playout::None => self.static_value(state, player),
            Playout::Random | Playout::Eval => {
                let mut s = state.clone();
                let mut plies = 0u32;
                loop {
                    if self.options.playout_cap > 0 && plies >= self.options.playout_cap {
                        return self.static_value(&s, player);
                    }
                    let mv = match self.options.playout {
                        Playout::Eval if self.rng.unit_f64() >= self.options.epsilon => {
                            self.greedy_move(&s)
                        }
                        _ => s.random_move(&mut self.rng),
                    };
                    match mv {
                        Some(mv) => {
                            s = s.play(mv);
                            plies += 1;
                            self.nodes += 1;
                        }
                        None => return outcome_reward(&s, player),
                    }
                }
            }
        }
    }

    /// The evaluator's value of `state` for `player` as a win probability (exact if the game
    /// is over).
    fn static_value(&self, state: &G, player: Player) -> f64 {
        if state.is_terminal() {
            outcome_reward(state, player)
        } else {
            score_to_probability(self.evaluator.evaluate(state, player), self.options.scale)
        }
    }

    /// The move whose position the evaluator likes best for the mover.
    fn greedy_move(&mut self, state: &G) -> Option<G::Move> {
        self.moves.clear();
        state.generate_moves(&mut self.moves);
        let me = state.to_move();
        let mut best = None;
        let mut best_score = Score::MIN;
        for &mv in &self.moves {
            let child = state.play(mv);
            let s = if child.is_terminal() {
                match child.outcome() {
                    Some(Outcome::Win(w)) if w == me => score::WIN,
                    Some(Outcome::Win(_)) => -score::WIN,
                    _ => 0,
                }
            } else {
                self.evaluator.evaluate(&child, me)
            };
            if s > best_score {
                best_score = s;
                best = Some(mv);
            }
        }
        best
    }

    /// Backs `reward` (for the player who moved into the last node of the path) up the path,
    /// removing `virtual_visits`, and propagates proofs.
    fn back_up(&self, tree: &mut SearchTree<G::Move>, reward: f64, virtual_visits: u16) {
        let mut r = reward;
        for &node in self.path.iter().rev() {
            let n = &mut tree.nodes[node as usize];
            n.visits += 1;
            n.reward_sum += r;
            n.reward_sq_sum += r * r;
            n.virtual_visits -= virtual_visits;
            r = flip(r);
        }
        if self.options.solver {
            back_up_proofs(tree, &self.path);
        }
    }
}

/// The proven status of a terminal position, for the player who moved into it.
fn terminal_proven<G: Game>(state: &G) -> Proven {
    match state.outcome() {
        Some(Outcome::Win(w)) if w == state.to_move() => Proven::Loss,
        Some(Outcome::Win(_)) => Proven::Win,
        _ => Proven::Draw,
    }
}

/// The reward of a finished game for `player` (0.5 if it is not finished).
fn outcome_reward<G: Game>(state: &G, player: Player) -> f64 {
    match state.outcome() {
        Some(Outcome::Win(w)) if w == player => 1.0,
        Some(Outcome::Win(_)) => 0.0,
        _ => 0.5,
    }
}

/// The child of `node` to walk into: a proven win at once, never a proven loss (unless all
/// are), otherwise the best by the selection formula; unvisited children score `fpu`.
fn select<M: Copy>(
    tree: &SearchTree<M>,
    node: u32,
    options: &MctsOptions,
    recips: &Reciprocals,
) -> u32 {
    let parent = &tree.nodes[node as usize];
    let parent_visits = (parent.visits + parent.virtual_visits as u32).max(1);
    // The parent's part of the formula, once per selection.
    let log = (parent_visits as f64).ln();
    let scaled_log = options.c * log.sqrt();
    let mut best = tree.children(node).start;
    let mut best_value = f64::NEG_INFINITY;
    for child in tree.children(node) {
        let c = &tree.nodes[child as usize];
        let value = match c.proven {
            Proven::Win if options.solver => return child,
            Proven::Loss if options.solver => -1.0,
            _ => child_value(c, log, scaled_log, options, recips),
        };
        if value > best_value {
            best_value = value;
            best = child;
        }
    }
    best
}

/// A child's selection value (`log` = ln of the parent's visits, `scaled_log` = c * sqrt(log)):
/// [`uct`](formulas::uct) or [`ucb1_tuned`], the mean mixed with the implicit minimax value,
/// `fpu` if never visited.
#[inline]
fn child_value<M>(
    c: &Node<M>,
    log: f64,
    scaled_log: f64,
    options: &MctsOptions,
    recips: &Reciprocals,
) -> f64 {
    let visits = c.visits + c.virtual_visits as u32;
    if visits == 0 {
        return options.fpu;
    }
    // Virtual visits count as losses: the sum stays, the count grows.
    let (inverse, inverse_sqrt) = recips.of(visits);
    let mean = c.reward_sum * inverse;
    let mean = if options.implicit_alpha > 0.0 {
        implicit_mix(mean, c.implicit as f64, options.implicit_alpha)
    } else {
        mean
    };
    match options.selection {
        Selection::Uct => mean + scaled_log * inverse_sqrt,
        Selection::Ucb1Tuned => {
            let mean_of_squares = c.reward_sq_sum * inverse;
            ucb1_tuned_from_log(mean, mean_of_squares, visits, log)
        }
    }
}

/// Recomputes the implicit minimax value of each node on the path, deepest first: a node's
/// value for the player who moved into it is one minus its mover's best child.
fn back_up_implicit<M: Copy>(tree: &mut SearchTree<M>, path: &[u32]) {
    for &node in path.iter().rev() {
        if !tree.nodes[node as usize].expanded {
            continue;
        }
        let best = tree
            .children(node)
            .map(|c| tree.nodes[c as usize].implicit)
            .fold(f32::NEG_INFINITY, f32::max);
        let value = 1.0 - best;
        if tree.nodes[node as usize].implicit == value {
            break;
        }
        tree.nodes[node as usize].implicit = value;
    }
}

/// MCTS-Solver's backup: a node is a loss for the player who moved into it if one child is a
/// proven win for the mover there, a win if every child is a proven loss, a draw if every
/// child is proven and the best is a draw.
fn back_up_proofs<M: Copy>(tree: &mut SearchTree<M>, path: &[u32]) {
    for &node in path.iter().rev() {
        let n = &tree.nodes[node as usize];
        if n.proven != Proven::Unknown {
            continue;
        }
        if !n.expanded {
            break;
        }
        let (mut any_win, mut all_proven, mut any_draw) = (false, true, false);
        for c in tree.children(node) {
            match tree.nodes[c as usize].proven {
                Proven::Win => any_win = true,
                Proven::Draw => any_draw = true,
                Proven::Loss => {}
                Proven::Unknown => all_proven = false,
            }
        }
        let proven = if any_win {
            Proven::Loss
        } else if all_proven && any_draw {
            Proven::Draw
        } else if all_proven {
            Proven::Win
        } else {
            break;
        };
        tree.nodes[node as usize].proven = proven;
    }
}

/// Root children's summed statistics (several trees under root parallelisation).
struct RootStats<M> {
    mv: M,
    visits: u64,
    reward_sum: f64,
    proven: Proven,
}

fn root_stats<M: Copy>(trees: &[SearchTree<M>]) -> Vec<RootStats<M>> {
    let mut out: Vec<RootStats<M>> = Vec::new();
    for tree in trees {
        if !tree.nodes[0].expanded {
            continue;
        }
        for (i, c) in tree.children(0).enumerate() {
            let n = &tree.nodes[c as usize];
            if out.len() <= i {
                out.push(RootStats {
                    mv: n.mv.expect("a child has a move"),
                    visits: 0,
                    reward_sum: 0.0,
                    proven: Proven::Unknown,
                });
            }
            out[i].visits += n.visits as u64;
            out[i].reward_sum += n.reward_sum;
            if n.proven != Proven::Unknown {
                out[i].proven = n.proven;
            }
        }
    }
    out
}

impl<M> RootStats<M> {
    fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.reward_sum / self.visits as f64
        }
    }
}

/// The root child to play: a proven win first; never a proven loss if anything else remains;
/// then by the final-choice rule.
fn choose<M: Copy>(children: &[RootStats<M>], rule: FinalChoice) -> Option<usize> {
    if let Some(i) = children.iter().position(|c| c.proven == Proven::Win) {
        return Some(i);
    }
    let candidates: Vec<usize> = {
        let open: Vec<usize> = (0..children.len())
            .filter(|&i| children[i].proven != Proven::Loss)
            .collect();
        if open.is_empty() {
            (0..children.len()).collect()
        } else {
            open
        }
    };
    let by_visits = |&i: &usize| (children[i].visits, ordered(children[i].mean()));
    let by_mean = |&i: &usize| (ordered(children[i].mean()), children[i].visits);
    let robust = candidates.iter().copied().max_by_key(by_visits);
    match rule {
        FinalChoice::Robust => robust,
        FinalChoice::Max => candidates
            .iter()
            .copied()
            .filter(|&i| children[i].visits > 0)
            .max_by_key(by_mean)
            .or(robust),
        FinalChoice::MaxRobust => {
            let best_mean = candidates.iter().copied().max_by_key(by_mean);
            match (robust, best_mean) {
                (Some(r), Some(m)) if children[r].mean() >= children[m].mean() => Some(r),
                _ => robust,
            }
        }
    }
}

/// A float as a totally ordered integer key (for `max_by_key`).
fn ordered(x: f64) -> i64 {
    (x * 1e12) as i64
}

/// The budget shared by the threads of one search: the iteration and node totals over all
/// threads (exact), and the common [`crate::Budget`]'s clock and stop flag, read every 64
/// iterations (an iteration is a walk and a playout: tens of nodes).
struct SharedBudget {
    iterations: Option<u64>,
    nodes: Option<u64>,
    clock: crate::Budget,
    done_iterations: AtomicU64,
    done_nodes: AtomicU64,
    /// Set by the thread that found a reason for all to stop (time, stop flag, proven root).
    halted: OnceLock<StopReason>,
}

impl SharedBudget {
    fn new(limits: &Limits, start: Instant) -> SharedBudget {
        let mut iterations = limits.iterations;
        if iterations.is_none()
            && limits.time.is_none()
            && limits.nodes.is_none()
            && limits.stop.is_none()
        {
            iterations = Some(DEFAULT_ITERATIONS);
        }
        SharedBudget {
            iterations,
            nodes: limits.nodes,
            clock: crate::Budget::new(limits, start),
            done_iterations: AtomicU64::new(0),
            done_nodes: AtomicU64::new(0),
            halted: OnceLock::new(),
        }
    }

    /// Stops every thread for `reason` (the first reason given wins).
    fn halt(&self, reason: StopReason) -> StopReason {
        *self.halted.get_or_init(|| reason)
    }

    /// Claims the next iteration for a thread, or says why to stop.
    fn claim(&self) -> Result<(), StopReason> {
        if let Some(&reason) = self.halted.get() {
            return Err(reason);
        }
        let iteration = self.done_iterations.fetch_add(1, Ordering::Relaxed);
        if self.iterations.is_some_and(|n| iteration >= n) {
            return Err(StopReason::Iterations);
        }
        if self
            .nodes
            .is_some_and(|n| self.done_nodes.load(Ordering::Relaxed) >= n)
        {
            return Err(StopReason::Nodes);
        }
        if iteration % 64 == 0 {
            if let Some(reason) = self.clock.clock_or_flag() {
                return Err(self.halt(reason));
            }
        }
        Ok(())
    }
}

/// What one thread reports.
struct ThreadReport {
    iterations: u64,
    nodes: u64,
    stopped_by: StopReason,
}

impl<G: Game, E: Evaluator<G>> Mcts<G, E> {
    /// Runs iterations until the budget says stop, on a tree of its own or on one shared
    /// under a lock (then with virtual loss, and the playout outside the lock).
    fn run_thread<A: TreeAccess<G::Move>>(
        &self,
        mut tree: A,
        root: &G,
        budget: &SharedBudget,
        seed: u64,
    ) -> ThreadReport {
        let mut walker: Walker<G, E> = Walker::new(&self.options, &self.evaluator, seed);
        let vl = if A::SHARED {
            self.options.virtual_loss
        } else {
            0
        };
        let mut iterations = 0u64;
        let stopped_by = loop {
            if let Err(why) = budget.claim() {
                break why;
            }
            let nodes_before = walker.nodes;
            let walked = tree.with(|t| {
                if t.nodes[0].proven != Proven::Unknown && self.options.solver {
                    None
                } else {
                    Some(walker.descend(t, root, vl))
                }
            });
            let Some((leaf, kind)) = walked else {
                break budget.halt(StopReason::Solved);
            };
            let reward = match kind {
                Leaf::Known(r) => r,
                Leaf::Evaluate => walker.evaluate(&leaf),
            };
            tree.with(|t| walker.back_up(t, reward, vl));
            iterations += 1;
            budget
                .done_nodes
                .fetch_add(walker.nodes - nodes_before + 1, Ordering::Relaxed);
        };
        ThreadReport {
            iterations,
            nodes: walker.nodes + iterations,
            stopped_by,
        }
    }
}

/// How a search thread reaches its tree: its own, or one shared under a lock.
trait TreeAccess<M> {
    /// Whether other threads share the tree (virtual loss is then applied).
    const SHARED: bool;
    /// Runs `f` on the tree (holding the lock while it runs, if shared).
    fn with<R>(&mut self, f: impl FnOnce(&mut SearchTree<M>) -> R) -> R;
}

impl<M> TreeAccess<M> for &mut SearchTree<M> {
    const SHARED: bool = false;
    fn with<R>(&mut self, f: impl FnOnce(&mut SearchTree<M>) -> R) -> R {
        f(self)
    }
}

impl<M> TreeAccess<M> for &Mutex<SearchTree<M>> {
    const SHARED: bool = true;
    fn with<R>(&mut self, f: impl FnOnce(&mut SearchTree<M>) -> R) -> R {
        f(&mut self.lock().expect("no thread panicked"))
    }
}

impl<G: Game, E: Evaluator<G>> Searcher<G> for Mcts<G, E> {
    fn search(&mut self, state: &G, limits: &Limits) -> SearchResult<G::Move> {
        let start = Instant::now();
        let threads = self.options.threads.max(1);
        let tree_count = match self.options.parallel {
            Parallel::Root => threads,
            Parallel::Tree => 1,
        };
        let mut trees = self.take_trees(state, tree_count);
        let reused_visits: u64 = trees.iter().map(|t| t.nodes[0].visits as u64).sum();
        let budget = SharedBudget::new(limits, start);
        let seed = self
            .options
            .seed
            .wrapping_add(self.searches.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        self.searches += 1;
        let this = &*self;
        let reports: Vec<ThreadReport> = if threads == 1 {
            vec![this.run_thread(&mut trees[0], state, &budget, seed)]
        } else {
            match this.options.parallel {
                Parallel::Root => std::thread::scope(|scope| {
                    let handles: Vec<_> = trees
                        .iter_mut()
                        .enumerate()
                        .map(|(i, tree)| {
                            let budget = &budget;
                            scope.spawn(move || {
                                this.run_thread(tree, state, budget, seed ^ (i as u64 + 1))
                            })
                        })
                        .collect();
                    handles
                        .into_iter()
                        .map(|h| h.join().expect("no thread panicked"))
                        .collect()
                }),
                Parallel::Tree => {
                    let shared = Mutex::new(trees.pop().expect("one tree"));
                    let reports = std::thread::scope(|scope| {
                        let handles: Vec<_> = (0..threads)
                            .map(|i| {
                                let (budget, shared) = (&budget, &shared);
                                scope.spawn(move || {
                                    this.run_thread(shared, state, budget, seed ^ (i as u64 + 1))
                                })
                            })
                            .collect();
                        handles
                            .into_iter()
                            .map(|h| h.join().expect("no thread panicked"))
                            .collect()
                    });
                    trees.push(shared.into_inner().expect("no thread panicked"));
                    reports
                }
            }
        };
        let elapsed = start.elapsed();
        let result = self.result(state, &trees, &reports, reused_visits, elapsed);
        self.trees = trees;
        self.root = Some(state.clone());
        result
    }

    fn clear(&mut self) {
        self.trees.clear();
        self.root = None;
        self.searches = 0;
    }
}

impl<G: Game, E: Evaluator<G>> Mcts<G, E> {
    /// The move, score and statistics from the finished trees.
    fn result(
        &mut self,
        state: &G,
        trees: &[SearchTree<G::Move>],
        reports: &[ThreadReport],
        reused_visits: u64,
        elapsed: Duration,
    ) -> SearchResult<G::Move> {
        let children = root_stats(trees);
        let chosen = choose(&children, self.options.final_choice);
        let root_proven = trees
            .iter()
            .map(|t| t.nodes[0].proven)
            .find(|p| *p != Proven::Unknown)
            .unwrap_or(Proven::Unknown)
            // The root's status is for the player who moved into it: flip for the mover.
            .flipped();
        let score = match (root_proven, chosen) {
            (Proven::Win, _) => score::win_in(1),
            (Proven::Loss, _) => score::loss_in(1),
            (Proven::Draw, _) => 0,
            (_, Some(i)) => ((children[i].mean() * 2.0 - 1.0) * 1000.0).round() as Score,
            _ => 0,
        };
        let iterations: u64 = reports.iter().map(|r| r.iterations).sum();
        let nodes: u64 = reports.iter().map(|r| r.nodes).sum();
        let secs = elapsed.as_secs_f64().max(1e-9);
        let (max_depth, mean_depth) = trees
            .iter()
            .map(SearchTree::depths)
            .fold((0, 0.0), |(m, s), (d, md)| {
                (m.max(d), s + md / trees.len() as f64)
            });
        let stopped_by = if root_proven != Proven::Unknown {
            StopReason::Solved
        } else {
            reports.first().map_or(StopReason::None, |r| r.stopped_by)
        };
        let mcts = MctsStats {
            iterations,
            playouts_per_second: iterations as f64 / secs,
            tree_nodes: trees.iter().map(|t| t.nodes.len() as u64).sum(),
            bytes_per_node: std::mem::size_of::<Node<G::Move>>(),
            max_depth,
            mean_depth,
            reused_visits,
            threads: self.options.threads.max(1),
            parallel: match self.options.parallel {
                Parallel::Root => "root".into(),
                Parallel::Tree => "tree".into(),
            },
            root_children: children
                .iter()
                .map(|c| RootChild {
                    mv: state.format_move(c.mv),
                    visits: c.visits as u32,
                    mean: c.mean(),
                    proven: c.proven.name().map(String::from),
                })
                .collect(),
            proven_root: root_proven.name().map(String::from),
        };
        let best_move = chosen.map(|i| children[i].mv).or_else(|| {
            // No tree (a limit of zero): any legal move.
            state.legal_moves().first().copied()
        });
        let mut stats = Stats {
            algorithm: "mcts".into(),
            nodes,
            depth: max_depth,
            stopped_by,
            mcts: Some(mcts.clone()),
            ..Stats::default()
        };
        stats.finish_timing(elapsed);
        self.last_stats = Some(mcts);
        SearchResult {
            best_move,
            score,
            pv: best_move.into_iter().collect(),
            stats,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::formulas::{implicit_mix, ucb1_tuned, uct, with_virtual_loss};
    use super::*;

    fn node(reward_sum: f64, reward_sq_sum: f64, visits: u32, virtual_visits: u16) -> Node<u8> {
        let mut t = SearchTree::new(2);
        t.expand(0, &[1u8], &[0.8]);
        let mut n = t.nodes[1].clone();
        n.reward_sum = reward_sum;
        n.reward_sq_sum = reward_sq_sum;
        n.visits = visits;
        n.virtual_visits = virtual_visits;
        n
    }

    /// The selection loop's factored, table-driven value equals the textbook formulas.
    #[test]
    fn selection_values_equal_the_textbook_formulas() {
        let recips = Reciprocals::new();
        let parent = 1000u32;
        let log = (parent as f64).ln();
        for (visits, options) in [
            (10, MctsOptions::default()),
            (5000, MctsOptions::default()),
            (
                37,
                MctsOptions {
                    c: 0.7,
                    ..MctsOptions::default()
                },
            ),
        ] {
            let n = node(0.6 * visits as f64, 0.0, visits, 0);
            let got = child_value(&n, log, options.c * log.sqrt(), &options, &recips);
            let want = uct(0.6, visits, parent, options.c);
            assert!((got - want).abs() < 1e-12, "{visits}: {got} vs {want}");
        }
        let tuned = MctsOptions {
            selection: Selection::Ucb1Tuned,
            ..MctsOptions::default()
        };
        let n = node(6.0, 6.0, 10, 0);
        let got = child_value(&n, log, 0.0, &tuned, &recips);
        assert!((got - ucb1_tuned(0.6, 0.6, 10, parent)).abs() < 1e-12);
    }

    /// Two threads inside a child with 3 wins in 4 visits: UCT of mean 3/6 over 6 visits.
    #[test]
    fn virtual_loss_enters_the_selection_value() {
        let recips = Reciprocals::new();
        let options = MctsOptions::default();
        let log = (100f64).ln();
        let n = node(3.0, 3.0, 4, 2);
        let got = child_value(&n, log, options.c * log.sqrt(), &options, &recips);
        let (mean, visits) = with_virtual_loss(3.0, 4, 2);
        assert!((got - uct(mean, visits, 100, options.c)).abs() < 1e-12);
    }

    /// With implicit minimax on, the mean is mixed with the node's minimax value (0.8 here).
    #[test]
    fn implicit_minimax_is_mixed_in() {
        let recips = Reciprocals::new();
        let options = MctsOptions {
            implicit_alpha: 0.3,
            c: 0.0,
            ..MctsOptions::default()
        };
        let n = node(2.0, 2.0, 4, 0);
        let got = child_value(&n, 1.0, 0.0, &options, &recips);
        assert!((got - implicit_mix(0.5, 0.8f32 as f64, 0.3)).abs() < 1e-12);
    }

    /// Implicit values back up as minimax: a node is worth one minus its mover's best child.
    #[test]
    fn implicit_values_back_up_by_minimax() {
        let mut t = SearchTree::new(10);
        t.expand(0, &[1u8, 2], &[0.25, 0.75]);
        t.expand(1, &[3u8, 4], &[0.5, 0.9]);
        back_up_implicit(&mut t, &[0, 1]);
        // Node 1's mover can reach 0.9, so node 1 is worth 0.1 to the root's mover; the
        // root's mover's best child is then node 2 (0.75), so the root is worth 0.25.
        assert!((t.nodes[1].implicit - 0.1).abs() < 1e-6);
        assert!((t.nodes[0].implicit - 0.25).abs() < 1e-6);
    }

    /// MCTS-Solver: one winning child proves the parent lost; all children lost prove it won.
    #[test]
    fn proofs_propagate_up() {
        let mut t = SearchTree::new(10);
        t.expand(0, &[1u8, 2], &[]);
        t.expand(1, &[3u8, 4], &[]);
        t.nodes[3].proven = Proven::Win;
        back_up_proofs(&mut t, &[0, 1, 3]);
        assert_eq!(t.nodes[1].proven, Proven::Loss);
        assert_eq!(t.nodes[0].proven, Proven::Unknown, "child 2 is open");
        t.nodes[2].proven = Proven::Loss;
        back_up_proofs(&mut t, &[0, 2]);
        assert_eq!(t.nodes[0].proven, Proven::Win);
    }
}
