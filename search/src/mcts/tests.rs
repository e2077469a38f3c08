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
