//! Every registered game answers every subcommand through the binary: perft, replay, search,
//! solve (within a node budget), play (an agent in every seat) and a small arena; a game for
//! more than two players is refused in one line by the solver, which knows two.

mod common;

use common::ply_with_input;
use ply_registry::GAMES;

/// A small position of each game: its example spec (a tree needs its shape), whether it has
/// dice, and whether it has variants for more than two players.
fn specs() -> Vec<(&'static str, bool, bool)> {
    GAMES
        .iter()
        .map(|g| (g.example, g.chance, g.many_players))
        .collect()
}

/// Runs a subcommand that must refuse a game for more than two players: exit code 2, one line.
fn refused(args: &[&str]) {
    let out = ply_with_input(args, "");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "ply {args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("expected a game for two players"), "{err}");
}

fn run(args: &[&str]) -> String {
    let out = ply_with_input(args, "");
    assert!(
        out.status.success(),
        "ply {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn every_registered_game_answers_every_subcommand() {
    for (spec, chance, many_players) in specs() {
        assert!(
            run(&["perft", spec, "--depth", "2"]).contains("depth 2:"),
            "{spec}"
        );
        assert!(
            run(&["replay", spec, "--json"]).contains("\"to_move\""),
            "{spec}"
        );
        // Games with dice take the search that averages over them, and are solved by value
        // iteration (which takes no node limit).
        // (EinStein's start is a chance node of 720 setups: the node limit bounds it.)
        let agent = if chance {
            "expectimax(depth=2,nodes=200000)"
        } else if many_players {
            "maxn(depth=2)"
        } else {
            "alphabeta(depth=2)"
        };
        assert!(
            run(&["search", spec, agent]).contains("best move"),
            "{spec}"
        );
        if many_players {
            // The example seats three: the solver knows two.
            refused(&["solve", spec, "--nodes", "20000"]);
        } else {
            // Small games solve within the budget; big ones say, in JSON, that the node limit
            // (the clock, for value iteration) stopped the solver.
            let budget: &[&str] = if chance {
                &["--time", "5s"]
            } else {
                &["--nodes", "20000"]
            };
            let solved = run(&[&["solve", spec, "--json"], budget].concat());
            let json: serde_json::Value = serde_json::from_str(solved.trim()).expect("JSON");
            let stopped = if chance { "time" } else { "nodes" };
            assert!(
                json.get("value").is_some() || json["stopped_by"] == stopped,
                "solve {spec}: {solved}"
            );
        }
        // Seats past the second get the default opponent (MCTS for a second): random ones
        // keep the test quick.
        let mut seats = vec!["play", spec, "--p0", "random", "--p1", "greedy"];
        if many_players {
            seats.extend(["--p2", "random(seed=2)"]);
        }
        let played = run(&seats);
        assert!(played.contains("game over"), "{spec}: {played}");
        let dir = std::env::temp_dir().join(format!("ply-every-game-{}", std::process::id()));
        let out = dir.join(format!("{}.jsonl", spec.len()));
        let _ = std::fs::remove_file(&out);
        let table = run(&[
            "arena",
            "--game",
            spec,
            "--agent",
            "random",
            "--agent",
            "greedy",
            "--openings",
            "1",
            "--opening-plies",
            "0",
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(table.contains("greedy"), "{spec}: {table}");
        let _ = std::fs::remove_file(&out);
    }
}

#[test]
fn games_agents_and_help_list_everything_the_registry_and_agent_table_hold() {
    let games = run(&["games"]);
    for info in GAMES {
        assert!(
            games.contains(&format!("{}: {}", info.name, info.about)),
            "{games}"
        );
        assert!(
            games.contains(&format!("  rules: {}", info.rules)),
            "{}",
            info.name
        );
        for key in info.keys {
            assert!(games.contains(key.accepted), "{}: {}", info.name, key.key);
        }
        assert!(games.contains(&info.evaluators.join(", ")), "{}", info.name);
    }
    let agents = run(&["agents"]);
    for kind in ply_search::agents::AGENTS {
        assert!(
            agents.contains(&format!("{}: {}", kind.name, kind.about)),
            "{agents}"
        );
        for key in kind.keys {
            assert!(agents.contains(key.accepted), "{}: {}", kind.name, key.key);
        }
    }
    for help in [
        run(&["--help"]),
        run(&["arena", "--help"]),
        run(&["search", "--help"]),
    ] {
        for info in GAMES {
            assert!(help.contains(info.example), "{help}");
        }
        for kind in ply_search::agents::AGENTS {
            assert!(help.contains(kind.example), "{help}");
        }
    }
}
