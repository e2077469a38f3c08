//! The registry is the only list of games: no front end names a game in its source, and a
//! game joins the house in the four steps of the tutorial's section 6 (its crate, its Cargo
//! lines, one registry line, its page), which the tutorial still says.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()) {
        if entry.is_dir() {
            rust_files(&entry, found);
        } else if entry.extension().is_some_and(|e| e == "rs") {
            found.push(entry);
        }
    }
}

/// The places a front end may still name one game, each with its reason.
const ALLOWED: &[(&str, &str)] = &[
    // The AIND tournament (`ply arena --preset aind`) is the course's own tournament of one
    // game, not a list of games.
    ("commands/arena.rs", "\"isolation(rules=aind)\""),
    // The load generator's default game, which any spec overrides.
    ("load.rs", "\"isolation\""),
];

#[test]
fn no_front_end_names_a_game_in_its_source() {
    let mut files = Vec::new();
    for dir in [
        "bench/cli/src",
        "bench/serve/src",
        "bench/python/src",
        "bench/arena/src",
    ] {
        rust_files(&root().join(dir), &mut files);
    }
    assert!(files.len() > 20, "the front ends' sources were not found");
    let mut named = Vec::new();
    for file in &files {
        let text = read(file);
        // Unit tests may name games: they test behaviour on one.
        let code = text.split("#[cfg(test)]").next().unwrap();
        for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
            for game in ply_registry::GAMES {
                for literal in [format!("\"{}\"", game.name), format!("\"{}(", game.name)] {
                    let allowed = ALLOWED.iter().any(|(f, lit)| {
                        file.ends_with(f) && line.contains(lit) && lit.starts_with(&literal)
                    });
                    if line.contains(&literal) && !allowed {
                        named.push(format!("{}: {}", file.display(), line.trim()));
                    }
                }
            }
        }
    }
    assert!(
        named.is_empty(),
        "front ends list games of their own (declare them in the game's FromSpec::SHOWCASE):\n{}",
        named.join("\n")
    );
}

/// The registry's list, as (variant, crate) pairs, read from its source.
fn registry_lines() -> Vec<(String, String)> {
    let source = read(&root().join("games/registry/src/lib.rs"));
    let start = source
        .find("$crate::$callback! { ($($args)*)")
        .expect("the list's opening");
    source[start..]
        .lines()
        .skip(1)
        .take_while(|l| l.contains("=>"))
        .map(|l| {
            let (variant, path) = l.trim().trim_end_matches(',').split_once(" => ").unwrap();
            (
                variant.to_string(),
                path.split("::").next().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn a_game_is_its_crate_its_cargo_lines_one_registry_line_and_its_page() {
    let lines = registry_lines();
    assert_eq!(
        lines.len(),
        ply_registry::GAMES.len(),
        "one line per registered game"
    );
    let registry_source = read(&root().join("games/registry/src/lib.rs"));
    let registry_manifest = read(&root().join("games/registry/Cargo.toml"));
    let workspace = read(&root().join("Cargo.toml"));
    let tutorial = read(&root().join("docs/tutorial.md"));
    for ((variant, krate), game) in lines.iter().zip(ply_registry::GAMES) {
        if krate == "ply_search" {
            continue; // the teaching tree lives in the core, documented in docs/search.md
        }
        let package = krate.replace('_', "-");
        // The registry names the crate in its list lines and nowhere else.
        let mentions = registry_source
            .lines()
            .filter(|l| l.contains(&format!("{krate}::")));
        for line in mentions {
            assert!(
                line.contains(" => "),
                "{variant}: the registry names {krate} outside its list: {line}"
            );
        }
        assert!(
            registry_manifest.contains(&format!("{package}.workspace = true")),
            "{package} in the registry"
        );
        let folder = package.trim_start_matches("ply-");
        let member = format!("\"games/{folder}\"");
        assert!(
            workspace.contains(&member),
            "{member} among the workspace's members"
        );
        assert!(
            workspace.contains(&format!("{package} = {{ path = ")),
            "{package} under [workspace.dependencies]"
        );
        let page = root().join(format!("docs/games/{}.md", game.name));
        assert!(
            page.exists()
                || (folder == "tutorial" && tutorial.contains(&format!("\"{}\"", game.name))),
            "{}: no page at {}",
            game.name,
            page.display()
        );
    }
    // The tutorial's section 6 still says exactly these steps.
    let section = &tutorial[tutorial.find("## 6. Under the `ply` command").unwrap()..];
    for step in [
        "four steps",
        "1. its crate",
        "2. its Cargo lines",
        "3. one line in the registry's list, `registered_games!`",
        "4. its page, `docs/games/NAME.md`",
    ] {
        assert!(
            section.contains(step),
            "the tutorial's section 6 no longer says: {step}"
        );
    }
}

#[test]
fn the_front_ends_lists_come_from_every_games_showcase() {
    use ply_registry::{ablate_lines, bench_suite, presets, tournament_games, AnyGame, GAMES};
    for spec in presets().map(|p| p.spec).chain(tournament_games()) {
        AnyGame::from_spec(spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
    }
    for line in bench_suite() {
        AnyGame::from_spec(line.game).unwrap_or_else(|e| panic!("{}: {e}", line.game));
    }
    for line in ablate_lines() {
        AnyGame::from_spec(line.game).unwrap_or_else(|e| panic!("{}: {e}", line.game));
    }
    // Each game declares only its own specs.
    for game in GAMES {
        let showcase = game.showcase;
        let specs = showcase
            .presets
            .iter()
            .map(|p| p.spec)
            .chain(showcase.bench.iter().map(|b| b.game));
        for spec in specs
            .chain(showcase.ablate.map(|a| a.game))
            .chain(showcase.tournament)
        {
            assert_eq!(
                AnyGame::from_spec(spec).unwrap().name(),
                game.name,
                "{spec}"
            );
        }
    }
    // The bench suite groups its lines by algorithm: every alpha-beta line before MCTS's.
    let kinds: Vec<bool> = bench_suite()
        .iter()
        .map(|l| l.agent.starts_with("mcts"))
        .collect();
    assert!(kinds.windows(2).all(|w| w[0] <= w[1]), "{kinds:?}");
    assert_eq!(
        tournament_games().len(),
        6,
        "the six real games sit in the default tournament"
    );
}
