//! One iteration: the walk down by the selection formula, the expansion, the leaf's
//! evaluation, and the back-up of rewards, implicit minimax values and proofs.

use super::*;

/// The result of walking down one iteration.
pub(super) enum Leaf {
    /// A position to evaluate (playout or evaluator).
    Evaluate,
    /// A node whose reward is known (terminal or proven), for the player who moved into it.
    Known(f64),
}

/// Everything one iteration needs that is not the tree.
pub(super) struct Walker<'a, G: SearchHints, E> {
    pub(super) options: &'a MctsOptions,
    pub(super) evaluator: &'a E,
    pub(super) moves: MoveList<G::Move>,
    pub(super) implicit: Vec<f32>,
    pub(super) path: Vec<u32>,
    /// In games with dice or more than two players, the player who moved into each node of
    /// the path (turns need not alternate there, or go round more than two); empty in the
    /// others, where they alternate.
    pub(super) movers: Vec<Player>,
    /// In games of more than two players, the reward of each player in this iteration's leaf
    /// (the scalar reward is the mover's alone).
    pub(super) rewards: [f64; Player::MAX],
    pub(super) rng: Rng,
    /// Positions made (selection steps and playout moves).
    pub(super) nodes: u64,
    /// `1 / n` and `1 / sqrt(n)` for small visit counts: selection reads them instead of
    /// dividing and taking a root for each child (the selection loop is most of the tree's
    /// cost at a wide root).
    pub(super) recips: Reciprocals,
}

/// Reciprocals of small visit counts.
pub(super) struct Reciprocals {
    pub(super) inverse: Vec<f64>,
    pub(super) inverse_sqrt: Vec<f64>,
}

impl Reciprocals {
    const SIZE: usize = 4096;

    pub(super) fn new() -> Self {
        let n = (0..Self::SIZE).map(|i| i.max(1) as f64);
        Reciprocals {
            inverse: n.clone().map(|x| 1.0 / x).collect(),
            inverse_sqrt: n.map(|x| 1.0 / x.sqrt()).collect(),
        }
    }

    /// `(1 / n, 1 / sqrt(n))`.
    #[inline]
    pub(super) fn of(&self, n: u32) -> (f64, f64) {
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

impl<'a, G: SearchHints, E: Evaluator<G>> Walker<'a, G, E> {
    pub(super) fn new(options: &'a MctsOptions, evaluator: &'a E, seed: u64) -> Self {
        Walker {
            options,
            evaluator,
            moves: MoveList::new(),
            implicit: Vec::new(),
            path: Vec::with_capacity(64),
            movers: Vec::new(),
            rewards: [0.0; Player::MAX],
            rng: Rng::new(seed),
            nodes: 0,
            recips: Reciprocals::new(),
        }
    }

    /// Selection and expansion: walks from the root to a new leaf, adding `virtual_visits`
    /// to each node passed, and returns the leaf's position.
    pub(super) fn descend(
        &mut self,
        tree: &mut SearchTree<G::Move>,
        root: &G,
        virtual_visits: u16,
    ) -> (G, Leaf) {
        self.path.clear();
        self.path.push(0);
        if tracks_movers::<G>() {
            self.movers.clear();
            self.movers.push(player_before(root));
        }
        let mut state = root.clone();
        let mut node = 0u32;
        tree.nodes[0].virtual_visits += virtual_visits;
        let open_loop = G::HAS_CHANCE && self.options.open_loop;
        loop {
            if open_loop && node != 0 && state.is_chance_node() {
                // Open loop: the dice are rolled afresh on every walk and the walk stays at
                // the node, which stands for its move after whatever the dice bring.
                state = state.play(self.roll_outcome(&state));
                self.nodes += 1;
                continue;
            }
            let n = &tree.nodes[node as usize];
            if let Some(reward) = n.proven.reward() {
                if G::MANY_PLAYERS {
                    // Only ends are proven with more than two players: the state is one.
                    self.outcome_rewards(&state);
                }
                return (state, Leaf::Known(reward));
            }
            // In open loop a node's position changes with the dice: finished on one walk, not
            // on another, so nothing is proven and the end is checked every time.
            if !n.expanded || (open_loop && state.is_terminal()) {
                if state.is_terminal() {
                    let proven = terminal_proven(&state, self.mover_into(&state));
                    if self.options.solver && !open_loop {
                        tree.nodes[node as usize].proven = proven;
                    }
                    if G::MANY_PLAYERS {
                        self.outcome_rewards(&state);
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
            let child = if G::HAS_CHANCE && state.is_chance_node() {
                // Closed loop (and an open-loop search's root): the dice choose the outcome,
                // by its probability.
                self.roll(tree, node, &state)
            } else if open_loop {
                match self.select_legal(tree, node, &state) {
                    Some(child) => child,
                    None => return (state, Leaf::Evaluate),
                }
            } else {
                select(tree, node, self.options, &self.recips)
            };
            let mv = tree.nodes[child as usize].mv.expect("a child has a move");
            if tracks_movers::<G>() {
                self.movers.push(state.to_move());
            }
            state = state.play(mv);
            self.nodes += 1;
            tree.nodes[child as usize].virtual_visits += virtual_visits;
            self.path.push(child);
            node = child;
        }
    }

    /// The child of chance node `node` (in `state`) that a roll of the dice reaches: its
    /// children are the outcomes in the order the game lists them.
    fn roll(&mut self, tree: &SearchTree<G::Move>, node: u32, state: &G) -> u32 {
        // The game's `random_move` draws a roll by its probability, as the playouts do, and
        // faster than a list of outcomes where the game overrides it.
        let outcome = self.roll_outcome(state);
        tree.children(node)
            .find(|&c| tree.nodes[c as usize].mv == Some(outcome))
            .expect("a chance node's children are its outcomes")
    }

    /// An outcome of the chance node `state`, drawn by its probability.
    fn roll_outcome(&mut self, state: &G) -> G::Move {
        state
            .random_move(&mut self.rng)
            .expect("a chance node has outcomes")
    }

    /// Open loop: the child of `node` to walk into among the moves legal in this walk's
    /// `state`, after adding children for legal moves the node lacks (a roll its earlier walks
    /// did not see); `None` if none of its children is legal and the tree is full.
    fn select_legal(
        &mut self,
        tree: &mut SearchTree<G::Move>,
        node: u32,
        state: &G,
    ) -> Option<u32> {
        self.moves.clear();
        state.generate_moves(&mut self.moves);
        let missing: MoveList<G::Move> = self
            .moves
            .iter()
            .copied()
            .filter(|&mv| {
                !tree
                    .children(node)
                    .any(|c| tree.nodes[c as usize].mv == Some(mv))
            })
            .collect();
        let children = tree.nodes[node as usize].child_count as usize;
        if !missing.is_empty()
            && tree.has_room(children + missing.len())
            && children + missing.len() <= u16::MAX as usize
        {
            tree.add_children(node, &missing);
        }
        let legal = &self.moves;
        select_where(tree, node, self.options, &self.recips, |c| {
            c.mv.is_some_and(|mv| legal.contains(&mv))
        })
    }

    /// The player who moved into the last node of the path, `state`.
    #[inline]
    pub(super) fn mover_into(&self, state: &G) -> Player {
        if tracks_movers::<G>() {
            *self.movers.last().expect("the path has its root")
        } else {
            state.to_move().other()
        }
    }

    /// Creates the children of `node` (with their implicit values when implicit minimax is
    /// on) and backs the new minimax value up the path.
    pub(super) fn expand(&mut self, tree: &mut SearchTree<G::Move>, node: u32, state: &G) {
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
        // With dice a node's value is an average, not its best child's, and with more than two
        // players no one minimax value stands for all: each child keeps the evaluator's value
        // of it alone.
        if self.options.implicit_alpha > 0.0 && !G::HAS_CHANCE && !G::MANY_PLAYERS {
            back_up_implicit(tree, &self.path);
        }
    }

    /// The reward of the leaf `state` for the player who moved into it.
    pub(super) fn evaluate(&mut self, state: &G) -> f64 {
        let player = self.mover_into(state);
        match self.options.playout {
            Playout::None => self.leaf_value(state, player, true),
            Playout::Random => {
                // The game's own playout loop: the games random moves would play, faster where
                // the game keeps less than a state from ply to ply.
                let cap = self.options.playout_cap;
                let max_plies = if cap > 0 { cap } else { u32::MAX };
                let (end, plies) = state.random_playout(&mut self.rng, max_plies);
                self.nodes += plies as u64;
                self.leaf_value(&end, player, cap > 0 && plies >= cap)
            }
            Playout::Eval => {
                let mut s = state.clone();
                let mut plies = 0u32;
                loop {
                    if self.options.playout_cap > 0 && plies >= self.options.playout_cap {
                        return self.leaf_value(&s, player, true);
                    }
                    // Epsilon-greedy: the evaluator's favourite, or now and then a random move;
                    // the dice are always rolled, never chosen.
                    let rolled = G::HAS_CHANCE && s.is_chance_node();
                    let mv = if !rolled && self.rng.unit_f64() >= self.options.epsilon {
                        self.greedy_move(&s)
                    } else {
                        s.random_move(&mut self.rng)
                    };
                    match mv {
                        Some(mv) => {
                            s = s.play(mv);
                            plies += 1;
                            self.nodes += 1;
                        }
                        None => return self.leaf_value(&s, player, false),
                    }
                }
            }
        }
    }

    /// The reward for `player` where an iteration's evaluation stopped, `end`: the
    /// evaluator's (`judged`, as a win probability) or the game's result. With more than two
    /// players, every player's reward is kept for the back-up.
    #[inline]
    fn leaf_value(&mut self, end: &G, player: Player, judged: bool) -> f64 {
        if G::MANY_PLAYERS {
            for &p in Player::first(end.player_count()) {
                self.rewards[p.index()] = if judged {
                    self.static_value(end, p)
                } else {
                    outcome_reward(end, p)
                };
            }
            return self.rewards[player.index()];
        }
        if judged {
            self.static_value(end, player)
        } else {
            outcome_reward(end, player)
        }
    }

    /// Keeps every player's result of the finished game `end` for the back-up.
    fn outcome_rewards(&mut self, end: &G) {
        for &p in Player::first(end.player_count()) {
            self.rewards[p.index()] = outcome_reward(end, p);
        }
    }

    /// The evaluator's value of `state` for `player` as a win probability (exact if the game
    /// is over).
    pub(super) fn static_value(&self, state: &G, player: Player) -> f64 {
        if state.is_terminal() {
            outcome_reward(state, player)
        } else {
            score_to_probability(self.evaluator.evaluate(state, player), self.options.scale)
        }
    }

    /// The move whose position the evaluator likes best for the mover.
    pub(super) fn greedy_move(&mut self, state: &G) -> Option<G::Move> {
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
    pub(super) fn back_up(&self, tree: &mut SearchTree<G::Move>, reward: f64, virtual_visits: u16) {
        if G::MANY_PLAYERS {
            // Each node takes the reward of the player who moved into it. No proof is backed
            // up: a node lost for one player is not won for any one of the others.
            for (&node, &mover) in self.path.iter().zip(&self.movers).rev() {
                let r = self.rewards[mover.index()];
                let n = &mut tree.nodes[node as usize];
                n.visits += 1;
                n.reward_sum += r;
                n.reward_sq_sum += r * r;
                n.virtual_visits -= virtual_visits;
            }
            return;
        }
        if G::HAS_CHANCE {
            // Turns need not alternate: each node takes the reward of the player who moved
            // into it. No proof is backed up: an average of outcomes proves nothing.
            let leaf_mover = *self.movers.last().expect("the path has its root");
            for (&node, &mover) in self.path.iter().zip(&self.movers).rev() {
                let r = if mover == leaf_mover {
                    reward
                } else {
                    flip(reward)
                };
                let n = &mut tree.nodes[node as usize];
                n.visits += 1;
                n.reward_sum += r;
                n.reward_sq_sum += r * r;
                n.virtual_visits -= virtual_visits;
            }
            return;
        }
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

/// The proven status of a terminal position, for `mover`, the player who moved into it.
pub(super) fn terminal_proven<G: SearchHints>(state: &G, mover: Player) -> Proven {
    match state.outcome() {
        Some(Outcome::Win(w)) if w == mover => Proven::Win,
        Some(Outcome::Win(_)) => Proven::Loss,
        _ => Proven::Draw,
    }
}

/// The reward of a finished game for `player`: 1 for a win, 0 for a loss, an equal share for
/// a draw (0.5 with two players), and that share too if the game is not finished.
pub(super) fn outcome_reward<G: SearchHints>(state: &G, player: Player) -> f64 {
    match state.outcome() {
        Some(Outcome::Win(w)) if w == player => 1.0,
        Some(Outcome::Win(_)) => 0.0,
        _ => 1.0 / state.player_count() as f64,
    }
}

/// Whether a walk records who moved into each node: where turns need not alternate between
/// two players (dice, more players).
#[inline]
const fn tracks_movers<G: crate::Game>() -> bool {
    G::HAS_CHANCE || G::MANY_PLAYERS
}

/// The player seated before the root's mover: who "moved into" the root.
fn player_before<G: crate::Game>(root: &G) -> Player {
    let count = root.player_count();
    Player::ALL[(root.to_move().index() + count - 1) % count]
}

/// The child of `node` to walk into: a proven win at once, never a proven loss (unless all
/// are), otherwise the best by the selection formula; unvisited children score `fpu`.
#[inline]
pub(super) fn select<M: Copy>(
    tree: &SearchTree<M>,
    node: u32,
    options: &MctsOptions,
    recips: &Reciprocals,
) -> u32 {
    select_where(tree, node, options, recips, |_| true).unwrap_or(tree.children(node).start)
}

/// [`select`] among the children `keep` accepts (open loop: those whose moves are legal after
/// this walk's rolls); `None` if it accepts none.
#[inline]
pub(super) fn select_where<M: Copy>(
    tree: &SearchTree<M>,
    node: u32,
    options: &MctsOptions,
    recips: &Reciprocals,
    keep: impl Fn(&Node<M>) -> bool,
) -> Option<u32> {
    let parent = &tree.nodes[node as usize];
    let parent_visits = (parent.visits + parent.virtual_visits as u32).max(1);
    // The parent's part of the formula, once per selection.
    let log = (parent_visits as f64).ln();
    let scaled_log = options.c * log.sqrt();
    let mut best = None;
    let mut best_value = f64::NEG_INFINITY;
    for child in tree.children(node) {
        let c = &tree.nodes[child as usize];
        if !keep(c) {
            continue;
        }
        let value = match c.proven {
            Proven::Win if options.solver => return Some(child),
            Proven::Loss if options.solver => -1.0,
            _ => child_value(c, log, scaled_log, options, recips),
        };
        if value > best_value {
            best_value = value;
            best = Some(child);
        }
    }
    best
}

/// A child's selection value (`log` = ln of the parent's visits, `scaled_log` = c * sqrt(log)):
/// [`uct`](formulas::uct) or [`ucb1_tuned`], the mean mixed with the implicit minimax value,
/// `fpu` if never visited.
#[inline]
pub(super) fn child_value<M>(
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
pub(super) fn back_up_implicit<M: Copy>(tree: &mut SearchTree<M>, path: &[u32]) {
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
pub(super) fn back_up_proofs<M: Copy>(tree: &mut SearchTree<M>, path: &[u32]) {
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
