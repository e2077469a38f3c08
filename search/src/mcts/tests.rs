//! Unit tests of the search's pieces.

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

/// With dice: the outcome is drawn, never chosen (closed loop), and each node takes the reward
/// of the player who moved into it, whoever moves next.
mod chance {
    use super::*;
    use crate::solver::chance::{value_iteration, IterationOptions};
    use crate::tree::ChanceTree;
    use crate::{Game, Searcher, Zero};

    fn mcts_move(tree: &ChanceTree, options: MctsOptions, iterations: u64) -> Option<u32> {
        let mut mcts = Mcts::new(Zero, options);
        let limits = Limits {
            iterations: Some(iterations),
            ..Limits::none()
        };
        mcts.search(tree, &limits).best_move
    }

    #[test]
    fn the_likelier_win_is_chosen() {
        // Move 0 wins a third of the time, move 1 two thirds: a chooser of dice would find a
        // win under either.
        let tree = ChanceTree::parse("[~[1,-1,-1],~[1,1,-1]]").unwrap();
        assert_eq!(mcts_move(&tree, MctsOptions::default(), 3_000), Some(1));
        // Weights count: move 0's win is nine times as likely as its loss.
        let tree = ChanceTree::parse("[~[9:1,1:-1],~[1,-1]]").unwrap();
        assert_eq!(mcts_move(&tree, MctsOptions::default(), 3_000), Some(0));
    }

    /// On random win-or-loss trees with chance nodes, where the best move's expected value
    /// (exact, by value iteration) clearly beats every other's, MCTS finds it, with each
    /// variant switched on in turn.
    #[test]
    fn mcts_agrees_with_expectimax_where_the_best_move_stands_out() {
        let variants = [
            MctsOptions::default(),
            MctsOptions {
                solver: false,
                ..MctsOptions::default()
            },
            MctsOptions {
                implicit_alpha: 0.3,
                ..MctsOptions::default()
            },
            MctsOptions {
                selection: Selection::Ucb1Tuned,
                ..MctsOptions::default()
            },
            MctsOptions {
                threads: 2,
                parallel: Parallel::Root,
                ..MctsOptions::default()
            },
            MctsOptions {
                threads: 2,
                parallel: Parallel::Tree,
                ..MctsOptions::default()
            },
        ];
        let mut checked = 0;
        for seed in 0..200 {
            let tree = ChanceTree::random(seed, 4, 3, 1);
            if tree.is_chance_node() || tree.legal_moves().len() < 2 {
                continue;
            }
            // The exact expected values of the moves, for player 0 (the root's mover).
            let solution = value_iteration(&tree, &IterationOptions::default()).unwrap();
            let mut values: Vec<(f64, u32)> = tree
                .legal_moves()
                .into_iter()
                .map(|mv| (solution.value_of(&tree.play(mv)).unwrap(), mv))
                .collect();
            values.sort_by(|a, b| b.0.total_cmp(&a.0));
            if values[0].0 - values[1].0 < 0.4 {
                continue; // too close for a few thousand playouts to tell apart
            }
            for options in &variants {
                let chosen = mcts_move(&tree, options.clone(), 4_000);
                assert_eq!(
                    chosen,
                    Some(values[0].1),
                    "seed {seed} {options:?} in {tree}"
                );
            }
            checked += 1;
        }
        assert!(checked >= 10, "only {checked} trees with a clear best move");
    }

    fn open_loop() -> MctsOptions {
        MctsOptions {
            open_loop: true,
            ..MctsOptions::default()
        }
    }

    /// Open loop keeps one node per move after a roll: a move legal after one roll and not
    /// after another joins the node's children when a walk first meets it, and the search
    /// still finds the move whose expected value is best.
    #[test]
    fn open_loop_nodes_gather_the_moves_of_every_roll() {
        // Move 0: a roll, then MIN chooses among two moves (both 1) or three (one -1):
        // expected 0. Move 1: -1 whatever the roll.
        let tree = ChanceTree::parse("[~[[1,1],[1,1,-1]],~[-1,-1]]").unwrap();
        let mut mcts = Mcts::new(Zero, open_loop());
        let limits = Limits {
            iterations: Some(2_000),
            ..Limits::none()
        };
        assert_eq!(mcts.search(&tree, &limits).best_move, Some(0));
        let t = &mcts.trees[0];
        // The root's children are its moves; move 0's node holds MIN's moves after either
        // roll, not the rolls.
        let after_move_0 = t.children(0).start;
        assert!(t.nodes[after_move_0 as usize].expanded);
        let moves: Vec<_> = t
            .children(after_move_0)
            .map(|c| t.nodes[c as usize].mv)
            .collect();
        assert_eq!(moves.len(), 3, "{moves:?}");
        assert!(moves.contains(&Some(2)));
        // A closed-loop tree has the two rolls there instead.
        let mut closed = Mcts::new(Zero, MctsOptions::default());
        closed.search(&tree, &limits);
        let t = &closed.trees[0];
        assert_eq!(t.children(t.children(0).start).len(), 2);
    }

    /// Where the dice end the game at once, open and closed loop see the same averages: open
    /// loop picks the likelier win on the trees closed loop is tested on, and plays from a
    /// root that is itself a roll.
    #[test]
    fn open_loop_chooses_the_likelier_win() {
        let tree = ChanceTree::parse("[~[1,-1,-1],~[1,1,-1]]").unwrap();
        assert_eq!(mcts_move(&tree, open_loop(), 3_000), Some(1));
        let tree = ChanceTree::parse("[~[9:1,1:-1],~[1,-1]]").unwrap();
        assert_eq!(mcts_move(&tree, open_loop(), 3_000), Some(0));
        let rolling = ChanceTree::parse("~[[1,-1],[-1,1]]").unwrap();
        assert!(mcts_move(&rolling, open_loop(), 500).is_some());
    }
}

#[test]
fn each_node_takes_its_own_movers_reward_with_three_players() {
    use crate::multi::MultiTree;
    // Player 0 chooses; player 1 has one move; then player 2 chooses an end (the largest value
    // wins). Left, player 2 can win itself, so player 0 loses; right, player 2 cannot win and
    // is indifferent, so player 0 wins as often as player 2 picks its end. A search that took player 2 for player
    // 0's opponent, or for player 1's, would not see it.
    let tree = MultiTree::parse("[[[(9,0,0),(0,0,9)]],[[(9,0,0),(0,9,0)]]]").unwrap();
    for seed in 0..5 {
        let options = MctsOptions {
            seed,
            ..MctsOptions::default()
        };
        let mut mcts = Mcts::new(crate::Zero, options);
        let limits = Limits {
            iterations: Some(3_000),
            ..Limits::none()
        };
        let result = mcts.search(&tree, &limits);
        assert_eq!(result.best_move, Some(1), "seed {seed}");
        let stats = result.stats.mcts.unwrap();
        let left = stats.root_children.iter().find(|c| c.mv == "0").unwrap();
        let right = stats.root_children.iter().find(|c| c.mv == "1").unwrap();
        assert!(left.mean < 0.25, "on the left: {}", left.mean);
        assert!(right.mean > 0.4, "on the right: {}", right.mean);
        assert!(
            left.visits * 5 < right.visits,
            "{} {}",
            left.visits,
            right.visits
        );
    }
}

#[test]
fn a_draw_shares_the_reward_among_the_players() {
    use crate::multi::MultiTree;
    // A three-way tie (a draw) is worth a third to each; a loss nothing.
    let tree = MultiTree::parse("[(1,1,1),(0,5,0)]").unwrap();
    let mut mcts = Mcts::new(crate::Zero, MctsOptions::default());
    let result = mcts.search(
        &tree,
        &Limits {
            iterations: Some(200),
            ..Limits::none()
        },
    );
    assert_eq!(result.best_move, Some(0));
    let stats = result.stats.mcts.unwrap();
    let draw = stats.root_children.iter().find(|c| c.mv == "0").unwrap();
    assert!((draw.mean - 1.0 / 3.0).abs() < 1e-9, "{}", draw.mean);
}
