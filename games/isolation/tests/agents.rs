//! Agents from spec strings on knight Isolation: every kind builds and plays, every bad spec is
//! named in its error.

use ply_isolation::Isolation;
use ply_search::agents::{build_agent, parse_duration, parse_size};
use std::time::Duration;

#[test]
fn durations_and_sizes() {
    assert_eq!(parse_duration("150ms"), Some(Duration::from_millis(150)));
    assert_eq!(parse_duration("1.5s"), Some(Duration::from_millis(1500)));
    assert_eq!(parse_duration("-1s"), None);
    assert_eq!(parse_duration("5"), None);
    assert_eq!(parse_size("64MiB"), Some(64 << 20));
    assert_eq!(parse_size("off"), Some(0));
    assert_eq!(parse_size("64MB"), None);
    assert_eq!(parse_size("99999999GiB"), None);
}

#[test]
fn every_agent_builds_and_bad_specs_are_named() {
    for spec in ["random", "random(seed=3)", "greedy(eval=open)", "minimax(depth=2)", "plain-alphabeta(depth=3,strict=on)",
        "alphabeta(depth=4,tt=1MiB,replace=two-tier,pvs=off,aspiration=off,killers=off,history=off,id=off,ttmove=off,priority=off)",
        "alphabeta(time=20ms)", "alphabeta(nodes=1000,eval=paper3)",
        "alphabeta(depth=5,threads=2,stagger=off)", "alphabeta(depth=5,threads=2,defer=off,stagger=on)",
        "mcts(iterations=300)", "mcts(time=20ms,select=ucb1-tuned,fpu=0.5,final=max-robust)",
        "mcts(iterations=300,playout=eval,eps=0.2,cap=20,eval=improved,imb=0.3,scale=4)",
        "mcts(iterations=300,playout=none,solver=off,reuse=off,seed=9,memory=1MiB)",
        "mcts(iterations=300,threads=2,parallel=tree)", "mcts(nodes=5000,threads=2,parallel=root,c=0.7)"] {
        let mut agent = build_agent::<Isolation>(spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
        let state = Isolation::udacity().result(57).unwrap().result(0).unwrap();
        assert!(agent.select_move(&state).best_move.is_some(), "{spec}");
        assert_eq!(agent.name(), spec);
    }
    let cases = [
        ("chess", "bad agent `chess`: expected one of random, greedy"),
        ("alphabeta(depth=0)", "depth= a whole number from 1 to 100"),
        (
            "alphabeta(time=fast)",
            "time= a duration such as 150ms or 2s",
        ),
        ("alphabeta(tt=lots)", "tt= a size such as 64MiB"),
        ("alphabeta(pvs=maybe)", "pvs=on or pvs=off"),
        ("alphabeta(stagger=maybe)", "stagger=on or stagger=off"),
        ("alphabeta(priority=first)", "priority=on or priority=off"),
        (
            "alphabeta(replace=lru)",
            "replace= one of always, depth, two-tier, bucket",
        ),
        ("alphabeta(eval=clever)", "bad evaluator `clever`"),
        ("mcts(depth=3)", "MCTS has no depth limit"),
        ("mcts(iterations=0)", "iterations= a positive whole number"),
        ("mcts(c=-1)", "c= a number from 0 to 100"),
        ("mcts(imb=2)", "imb= a number from 0 to 1"),
        ("mcts(playout=smart)", "playout= one of random, eval, none"),
        ("mcts(parallel=gpu)", "parallel= one of root, tree"),
        ("mcts(threads=0)", "threads= a whole number from 1 to 256"),
        ("mcts(fpu=lots)", "fpu= a number from 0 to 10, or inf"),
        ("mcts(depth3)", "mcts"),
        (
            "minimax(tt=1MiB)",
            "bad minimax parameter `tt`: expected one of depth, eval, strict",
        ),
    ];
    for (spec, needle) in cases {
        let err = build_agent::<Isolation>(spec)
            .err()
            .unwrap_or_else(|| panic!("{spec} should fail"))
            .to_string();
        assert!(err.contains(needle), "{spec}: {err}");
    }
}
