//! The kit itself: the reference solutions score every point, the untouched skeletons none; the
//! graders catch plausible mistakes and show the smallest failing case; the recorded Kayles
//! facts are the reference game's.

use ply_teaching::grading::{
    exercise_1, exercise_2, exercise_3, exercise_4, exercise_5, exercise_6,
};
use ply_teaching::report::{Check, Report};
use ply_teaching::{reference, ChanceNode, Node};

fn report(checks: Vec<Check>) -> Report {
    Report { checks }
}

#[test]
fn the_reference_solutions_score_every_point() {
    let mut all = Report::default();
    all.checks.extend(exercise_1(&reference::minimax));
    all.checks.extend(exercise_2(&reference::alpha_beta));
    all.checks.extend(exercise_3(&reference::improved_score));
    all.checks.extend(exercise_4(&reference::Kayles::new));
    all.checks.extend(exercise_5(
        &reference::minimax_decision,
        &reference::alpha_beta_search,
    ));
    all.checks.extend(exercise_6(&reference::expectimax));
    assert!(all.passed(), "{}", all.text());
    assert_eq!(all.score(), 120.0);
    assert_eq!(all.checks.len(), 15);
}

#[test]
fn the_skeletons_score_nothing_and_say_what_to_do() {
    let all = ply_teaching::grading::student_report(&[]);
    assert_eq!(all.score(), 0.0);
    assert_eq!(all.max_score(), 120.0);
    for check in &all.checks {
        assert!(
            check.output.contains("not yet implemented: exercise")
                && check.output.contains("replace the todo!()"),
            "{}",
            check.output
        );
    }
    assert!(all
        .text()
        .ends_with("score 0 of 120: 0 of 15 checks passed\n"));
}

#[test]
fn a_wrong_pruning_rule_is_shrunk_to_a_small_tree_and_drawn() {
    // The strict solution graded as AIMA's: same values, more leaves on some tree.
    let strict_as_aima =
        |n: &Node, a: i32, b: i32, _strict: bool| reference::alpha_beta(n, a, b, true);
    let checks = exercise_2(&strict_as_aima);
    let random = &checks[1];
    assert!(!random.passed);
    let output = &random.output;
    // The failing random tree is shrunk: two equal leaves under a MIN node are enough.
    let small: &str = output
        .lines()
        .nth(1)
        .map(str::trim)
        .expect("the shrunk tree on the second line");
    let nodes = output
        .split("still fails (")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse::<usize>().ok())
        .expect("the shrunk size");
    assert!(nodes <= 8, "shrunk to {nodes} nodes: {small}\n{output}");
    // Drawn one node a line, MAX and MIN named, the first difference marked.
    assert!(output.contains("MAX [root]\n"), "{output}");
    assert!(output.contains("  MIN [0]\n"), "{output}");
    assert_eq!(output.matches("<- first difference").count(), 1, "{output}");
    assert!(output.contains("first difference: "), "{output}");
    assert!(
        output.contains("replay it: ply search \"tree(shape="),
        "{output}"
    );
    // And the drawn tree really is a failing one: graded alone, it fails the same way.
    let tree = ply_search::tree::Tree::parse(small).unwrap();
    let log = ply_teaching::node::EvaluationLog::default();
    let root = Node::root(&tree, &log);
    let _ = strict_as_aima(&root, i32::MIN, i32::MAX, false);
    let theirs = log.into_inner().len();
    let log = ply_teaching::node::EvaluationLog::default();
    let _ = reference::alpha_beta(&Node::root(&tree, &log), i32::MIN, i32::MAX, false);
    assert_ne!(theirs, log.into_inner().len(), "{small}");
}

#[test]
fn a_minimax_that_skips_a_leaf_is_caught_with_the_leaf_it_skipped() {
    // Visits only the first two children of every node.
    fn first_two(node: &Node) -> i32 {
        if node.is_leaf() {
            return node.value();
        }
        let values = node.children().into_iter().take(2).map(|c| first_two(&c));
        if node.is_max() {
            values.max().unwrap()
        } else {
            values.min().unwrap()
        }
    }
    let checks = exercise_1(&first_two);
    let figure = &checks[0];
    assert!(!figure.passed);
    assert!(
        figure.output.contains("you stopped after"),
        "{}",
        figure.output
    );
}

#[test]
fn the_evaluator_grader_shows_the_earliest_failing_position_as_a_board() {
    let err = exercise_3(&|s: &ply_isolation::Isolation, _p| {
        // A plausible mistake: the mover's moves minus the opponent's, whoever `player` is.
        reference::improved_score(s, ply_search::Game::to_move(s))
    });
    let output = &err[0].output;
    assert!(!err[0].passed);
    assert!(output.contains("expected"), "{output}");
    assert!(
        output.contains("cells are (row,col)"),
        "the board is drawn: {output}"
    );
    assert!(
        output.contains("      0   1   2   3   4   5   6\n"),
        "{output}"
    );
}

#[test]
fn an_alpha_beta_that_never_prunes_is_caught_by_its_terminal_test_count() {
    // Plain minimax to the end chooses the same moves, with more terminal_test() calls.
    let no_pruning = |state: &ply_teaching::quiz::QuizState| reference::minimax_decision(state, 99);
    let checks = exercise_5(&reference::minimax_decision, &no_pruning);
    assert!(checks[0].passed && checks[1].passed);
    let output = &checks[2].output;
    assert!(!checks[2].passed);
    assert!(
        output.starts_with("alpha_beta_search(state) on the quiz's empty board"),
        "the quiz's own board is reported first: {output}"
    );
    assert!(
        output.contains("calls of terminal_test() (expected 55)"),
        "{output}"
    );
    assert!(output.contains("y\\x"), "the board is drawn: {output}");
}

#[test]
fn a_report_in_the_gradescope_format() {
    let report = report(vec![
        Check::pass("one", 5.0, "fine"),
        Check::fail("two", 10.0, "not fine"),
    ]);
    let json = report.gradescope();
    assert_eq!(json["score"], 5.0);
    assert_eq!(json["tests"][1]["name"], "two");
    assert_eq!(json["tests"][1]["score"], 0.0);
    assert_eq!(json["tests"][1]["max_score"], 10.0);
    assert_eq!(json["tests"][1]["status"], "failed");
    assert_eq!(json["tests"][1]["output"], "not fine");
}

/// The recorded facts exercise 4 grades against are those of the reference Kayles. After a
/// change to the reference game, write them anew with `PLY_BLESS=1 cargo test -p ply-teaching
/// --test reference recorded`.
#[test]
fn the_recorded_kayles_facts_are_the_reference_games() {
    let facts = ply_teaching::grader_kayles::facts(100);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/kayles_facts.json");
    if std::env::var_os("PLY_BLESS").is_some() {
        let text = serde_json::to_string(&facts).unwrap();
        std::fs::write(path, text + "\n").unwrap();
    }
    assert!(
        ply_teaching::facts::kayles() == facts,
        "src/kayles_facts.json is not the reference game's: write it anew with PLY_BLESS=1"
    );
}

/// The reference game is right about the one fact everyone knows about Kayles: the first
/// player wins every row (knock down the middle one or two pins, then mirror).
#[test]
fn the_first_player_wins_every_row_of_kayles() {
    let facts = ply_teaching::facts::kayles();
    assert_eq!(facts.solved.len(), 14);
    assert!(
        facts.solved.iter().all(|s| s.value == "win"),
        "{:?}",
        facts.solved
    );
}

/// docs/teaching.md shows what a student with the pruning rules swapped sees: it is this
/// grader's output, word for word.
#[test]
fn the_teaching_page_shows_the_graders_real_output() {
    let strict_as_aima =
        |n: &Node, a: i32, b: i32, _strict: bool| reference::alpha_beta(n, a, b, true);
    let shown = report(exercise_2(&strict_as_aima)).text();
    let page =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../teaching.md")).unwrap();
    assert!(
        page.contains(&shown),
        "docs/teaching.md no longer shows the grader's output; paste this:\n{shown}"
    );
}

/// docs/teaching.md's transcript of `grade -- 5` on the skeletons is what `grade` prints.
#[test]
fn the_teaching_pages_grade_transcript_is_the_commands_output() {
    let page =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../teaching.md")).unwrap();
    let command = "$ cargo run -q -p ply-teaching --bin grade -- 5\n";
    let shown = page
        .split(command)
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("the transcript");
    assert_eq!(shown, ply_teaching::grading::student_report(&[5]).text());
}

/// Plausible expectimax mistakes, each caught with the tree it fails on: the plain average of
/// a chance node (ignoring the weights), a node expanded twice, and MIN taken for MAX.
#[test]
fn expectimax_mistakes_are_caught() {
    let unweighted = |n: &ChanceNode| -> f64 {
        fn go(n: &ChanceNode) -> f64 {
            if n.is_leaf() {
                return n.value();
            }
            let values: Vec<f64> = n.children().iter().map(go).collect();
            if n.is_chance() {
                values.iter().sum::<f64>() / values.len() as f64
            } else if n.is_max() {
                values.into_iter().fold(f64::NEG_INFINITY, f64::max)
            } else {
                values.into_iter().fold(f64::INFINITY, f64::min)
            }
        }
        go(n)
    };
    let checks = exercise_6(&unweighted);
    assert!(!checks[0].passed, "the backgammon shape has weighted rolls");
    assert!(
        checks[0].output.contains("AIMA's backgammon shape"),
        "{}",
        checks[0].output
    );
    assert!(
        checks[0].output.contains("your value"),
        "{}",
        checks[0].output
    );
    assert!(checks[0]
        .output
        .contains("replay it: ply search \"chance-tree(shape="));

    let twice = |n: &ChanceNode| -> f64 {
        if !n.is_leaf() {
            let _ = n.children(); // a look before the search
        }
        reference::expectimax(n)
    };
    let checks = exercise_6(&twice);
    assert!(!checks[0].passed);
    assert!(
        checks[0].output.contains("expansion was root"),
        "{}",
        checks[0].output
    );

    let all_max = |n: &ChanceNode| -> f64 {
        fn go(n: &ChanceNode) -> f64 {
            if n.is_leaf() {
                return n.value();
            }
            let values: Vec<f64> = n.children().iter().map(go).collect();
            if n.is_chance() {
                n.probabilities()
                    .iter()
                    .zip(&values)
                    .map(|(p, v)| p * v)
                    .sum()
            } else {
                values.into_iter().fold(f64::NEG_INFINITY, f64::max)
            }
        }
        go(n)
    };
    let checks = exercise_6(&all_max);
    // CS188's example has no MIN node and passes; the backgammon shape fails.
    assert!(
        checks[0].output.starts_with("AIMA's backgammon shape"),
        "{}",
        checks[0].output
    );
    assert!(!checks[1].passed, "random trees have MIN nodes");
}
