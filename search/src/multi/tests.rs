//! The N-player searches against brute force: max^n, paranoid and best-reply search written
//! here as plain recursions without pruning, tables or move ordering, on random trees.

use super::{
    terminal_value, terminal_values, BestReply, MaxN, MultiOptions, MultiTree, Paranoid, Values,
};
use crate::{
    Evaluator, Game, Limits, MoveList, NotationError, Outcome, Player, Score, SearchHints,
    Searcher, Zero,
};
use proptest::prelude::*;

/// A random game for N players in which any player can be handed the turn: a position is a
/// hash of the path to it, its move count, end and values drawn from the hash.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Hashed {
    seed: u64,
    path: u64,
    depth: u32,
    mover: u8,
    players: u8,
}

fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Hashed {
    const MAX_DEPTH: u32 = 6;

    fn new(seed: u64, players: usize) -> Hashed {
        Hashed {
            seed,
            path: mix(seed),
            depth: 0,
            mover: 0,
            players: players as u8,
        }
    }

    /// A value from 0 to 20 for `player`, from the position's hash.
    fn drawn(&self, player: Player, salt: u64) -> Score {
        (mix(self.path ^ salt ^ (player.index() as u64) << 40) % 21) as Score
    }
}

impl Game for Hashed {
    type Move = u8;

    const MANY_PLAYERS: bool = true;

    fn to_move(&self) -> Player {
        Player::ALL[self.mover as usize]
    }

    fn player_count(&self) -> usize {
        self.players as usize
    }

    fn generate_moves(&self, moves: &mut MoveList<u8>) {
        if !self.is_terminal() {
            moves.extend(0..1 + (self.path % 3) as u8);
        }
    }

    fn play(&self, mv: u8) -> Hashed {
        Hashed {
            path: mix(self.path ^ (mv as u64 + 1) << 8 ^ (self.mover as u64) << 20),
            depth: self.depth + 1,
            mover: ((self.mover + 1) % self.players),
            ..self.clone()
        }
    }

    fn is_terminal(&self) -> bool {
        self.depth >= Self::MAX_DEPTH || (self.depth > 1 && self.path.is_multiple_of(7))
    }

    fn outcome(&self) -> Option<Outcome> {
        self.is_terminal().then_some(Outcome::Draw)
    }

    fn terminal_value(&self, player: Player) -> Score {
        self.drawn(player, 1)
    }

    fn key(&self) -> u64 {
        self.path ^ self.mover as u64
    }

    fn ply(&self) -> u32 {
        self.depth
    }

    fn format_move(&self, mv: u8) -> String {
        mv.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<u8, NotationError> {
        text.parse()
            .map_err(|_| NotationError::new("move", text, "a number"))
    }

    fn position(&self) -> String {
        format!("{} {} {}", self.path, self.depth, self.mover)
    }

    fn parse_position(&self, text: &str) -> Result<Hashed, NotationError> {
        Err(NotationError::new("position", text, "none: a test game"))
    }
}

impl SearchHints for Hashed {
    fn pass_to(&self, player: Player) -> Option<Hashed> {
        Some(Hashed {
            mover: player.index() as u8,
            ..self.clone()
        })
    }
}

/// The heuristic of [`Hashed`]: another number drawn from the position.
fn drawn_eval(state: &Hashed, player: Player) -> Score {
    state.drawn(player, 2)
}

/// Max^n by the book: every child, the first best for the mover.
fn brute_maxn<G: Game>(state: &G, eval: &impl Evaluator<G>, depth: u32, ply: u32) -> Values {
    if state.is_terminal() {
        return terminal_values(state, ply);
    }
    if depth == 0 {
        let mut values = [0; Player::MAX];
        for &p in Player::first(state.player_count()) {
            values[p.index()] = eval.evaluate(state, p);
        }
        return values;
    }
    let me = state.to_move().index();
    let mut best: Option<Values> = None;
    for mv in state.legal_moves() {
        let child = brute_maxn(&state.play(mv), eval, depth - 1, ply + 1);
        if best.is_none_or(|b| child[me] > b[me]) {
            best = Some(child);
        }
    }
    best.unwrap()
}

/// Paranoid by the book: the root player maximises its value, everyone else minimises it.
fn brute_paranoid<G: Game>(
    state: &G,
    eval: &impl Evaluator<G>,
    root: Player,
    depth: u32,
    ply: u32,
) -> Score {
    if state.is_terminal() {
        return terminal_value(state, root, ply);
    }
    if depth == 0 {
        return eval.evaluate(state, root);
    }
    let values = state.legal_moves().into_iter();
    let values = values.map(|mv| brute_paranoid(&state.play(mv), eval, root, depth - 1, ply + 1));
    if state.to_move() == root {
        values.max()
    } else {
        values.min()
    }
    .unwrap()
}

/// Best-reply search by the book: the root player's moves, then the least, over every
/// opponent's every move, of the position handed back to the root player.
fn brute_brs(state: &Hashed, root: Player, depth: u32, ply: u32) -> Score {
    if state.is_terminal() {
        return terminal_value(state, root, ply);
    }
    if depth == 0 {
        return drawn_eval(state, root);
    }
    if state.to_move() == root {
        let moves = state.legal_moves().into_iter();
        return moves
            .map(|mv| brute_brs(&state.play(mv), root, depth - 1, ply + 1))
            .max()
            .unwrap();
    }
    let mut least = Score::MAX;
    for &opponent in Player::first(state.player_count())
        .iter()
        .filter(|&&p| p != root)
    {
        let turn = state.pass_to(opponent).unwrap();
        for mv in turn.legal_moves() {
            let reply = turn.play(mv);
            let next = if reply.is_terminal() {
                reply
            } else {
                reply.pass_to(root).unwrap()
            };
            least = least.min(brute_brs(&next, root, depth - 1, ply + 1));
        }
    }
    least
}

/// The value of the root for its mover and the value of each root move for it, by brute force.
fn root_values<G: Game>(state: &G, value_of: impl Fn(&G) -> Score) -> (Score, Vec<Score>) {
    let children: Vec<Score> = state
        .legal_moves()
        .iter()
        .map(|&mv| value_of(&state.play(mv)))
        .collect();
    (*children.iter().max().unwrap(), children)
}

/// Checks that `result` plays a move worth the brute-force root value, and reports that value.
fn assert_agrees<G: Game>(
    state: &G,
    result: crate::SearchResult<G::Move>,
    value_of: impl Fn(&G) -> Score,
) {
    let (best, children) = root_values(state, value_of);
    assert_eq!(result.score, best, "root value");
    let index = state
        .legal_moves()
        .iter()
        .position(|&m| Some(m) == result.best_move)
        .unwrap();
    assert_eq!(
        children[index], best,
        "the move played is worth the root value"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn maxn_equals_brute_force_on_trees(seed: u64, players in 3usize..=4, depth in 1u32..=5, tt: bool) {
        let tree = MultiTree::random(seed, players, 5, 3, 9, false);
        let options = MultiOptions { tt_bytes: if tt { 1 << 12 } else { 0 }, shallow_pruning: false };
        let result = MaxN::new(Zero, options).search(&tree, &Limits::depth(depth));
        let me = tree.to_move().index();
        assert_agrees(&tree, result, |c| brute_maxn(c, &Zero, depth - 1, 1)[me]);
    }

    #[test]
    fn the_course_maxn_equals_brute_force_on_trees(seed: u64, players in 3usize..=5, depth in 1u32..=5) {
        // The teaching stepper's max^n: the same vector and first best move as the book's,
        // and one visit a node it reaches.
        let tree = MultiTree::random(seed, players, 5, 3, 9, false);
        let course = crate::course::maxn_decision(&tree, Some(depth), &Zero, &crate::course::Options::recording());
        let book = brute_maxn(&tree, &Zero, depth, 0);
        prop_assert_eq!(&course.values[..], &book[..players]);
        let me = tree.to_move().index();
        let children: Vec<Score> = tree.legal_moves().iter().map(|&m| brute_maxn(&tree.play(m), &Zero, depth - 1, 1)[me]).collect();
        let first_best = children.iter().position(|&v| v == book[me]);
        prop_assert_eq!(course.best_move.map(|m| m as usize), first_best);
        prop_assert_eq!(course.visits.len() as u64, course.counters.result_calls + 1);
    }

    #[test]
    fn shallow_pruning_keeps_the_value_on_constant_sum_trees(seed: u64, players in 3usize..=5, depth in 1u32..=6) {
        let tree = MultiTree::random(seed, players, 6, 4, 10, true);
        let result = MaxN::new(Zero, MultiOptions::default()).search(&tree, &Limits::depth(depth));
        let me = tree.to_move().index();
        assert_agrees(&tree, result, |c| brute_maxn(c, &Zero, depth - 1, 1)[me]);
    }

    #[test]
    fn maxn_equals_brute_force_on_a_game_with_a_heuristic(seed: u64, players in 2usize..=4, depth in 1u32..=6) {
        let game = Hashed::new(seed, players);
        let options = MultiOptions { tt_bytes: 1 << 12, shallow_pruning: true };
        let result = MaxN::new(drawn_eval, options).search(&game, &Limits::depth(depth));
        assert_agrees(&game, result, |c| brute_maxn(c, &drawn_eval, depth - 1, 1)[0]);
    }

    #[test]
    fn paranoid_equals_brute_force(seed: u64, players in 2usize..=4, depth in 1u32..=6) {
        let game = Hashed::new(seed, players);
        let result = Paranoid::new(drawn_eval).search(&game, &Limits::depth(depth));
        assert_agrees(&game, result, |c| brute_paranoid(c, &drawn_eval, Player::P0, depth - 1, 1));
        let tree = MultiTree::random(seed, players.max(3), 5, 3, 9, false);
        let result = Paranoid::new(Zero).search(&tree, &Limits::depth(depth));
        assert_agrees(&tree, result, |c| brute_paranoid(c, &Zero, Player::P0, depth - 1, 1));
    }

    #[test]
    fn best_reply_equals_brute_force(seed: u64, players in 2usize..=4, depth in 1u32..=6) {
        let game = Hashed::new(seed, players);
        let result = BestReply::new(drawn_eval).search(&game, &Limits::depth(depth));
        assert_agrees(&game, result, |c| brute_brs(c, Player::P0, depth - 1, 1));
    }
}

#[test]
fn shallow_pruning_cuts_where_the_sum_allows() {
    // Korf's case: player 0 has 5 from its first move; at the second, player 1 takes 6 from
    // its first child, leaving player 0 at most 10 - 6 = 4 < 5, so the second leaf is cut.
    let tree = MultiTree::parse("[[(5,3,2)],[(4,6,0),(9,1,0)]]").unwrap();
    let mut pruned = MaxN::new(Zero, MultiOptions::default());
    let result = pruned.search(&tree, &Limits::depth(2));
    assert_eq!((result.best_move, result.score), (Some(0), 5));
    assert_eq!(result.stats.cutoffs.unwrap().beta_cutoffs, 1);
    let plain = MultiOptions {
        shallow_pruning: false,
        ..MultiOptions::default()
    };
    let result = MaxN::new(Zero, plain).search(&tree, &Limits::depth(2));
    assert_eq!(result.stats.cutoffs.unwrap().beta_cutoffs, 0);
}

#[test]
fn paranoid_and_best_reply_are_alpha_beta_with_two_players() {
    for seed in 0..50 {
        let tree = crate::tree::Tree::random(seed, 6, 3, 20);
        let minimax = brute_paranoid(&tree, &Zero, Player::P0, 6, 0);
        let paranoid = Paranoid::new(Zero).search(&tree, &Limits::depth(6));
        let brs = BestReply::new(Zero).search(&tree, &Limits::depth(6));
        assert_eq!(paranoid.score, minimax, "seed {seed}");
        assert_eq!(brs.score, minimax, "seed {seed}");
    }
}

#[test]
fn searches_stop_on_the_node_limit_with_a_legal_move() {
    let game = Hashed::new(7, 3);
    let limits = Limits::none().with_nodes(5);
    for result in [
        MaxN::new(drawn_eval, MultiOptions::default()).search(&game, &limits),
        Paranoid::new(drawn_eval).search(&game, &limits),
        BestReply::new(drawn_eval).search(&game, &limits),
    ] {
        assert_eq!(result.stats.stopped_by, crate::StopReason::Nodes);
        assert!(game.legal_moves().contains(&result.best_move.unwrap()));
    }
}
