//! No crate of the workspace has an import cycle between its modules: a module that uses a
//! sibling (or a sibling's descendant) is never used back, directly or around a loop. A cycle
//! makes two modules one in all but name; this test names the modules of any cycle it finds.
//!
//! A module's uses are read from its source: every `crate::` and `super::` path outside
//! comments and `#[cfg(test)]` code, resolved to the deepest module it names (a name the crate
//! root re-exports counts as the module it comes from). A module and its own ancestors or
//! descendants are one family, not a cycle.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Module = Vec<String>;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The workspace's crates' `src` folders, from the members of the root manifest.
fn crate_sources() -> Vec<PathBuf> {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let members = manifest
        .split("members = [")
        .nth(1)
        .unwrap()
        .split(']')
        .next()
        .unwrap();
    members
        .split(',')
        .map(|m| m.trim().trim_matches('"'))
        .filter(|m| !m.is_empty())
        .map(|m| root().join(m).join("src"))
        .collect()
}

/// Every module of a crate (its path of names) and its file; binaries are crates of their own.
fn modules(src: &Path) -> BTreeMap<Module, String> {
    fn walk(dir: &Path, src: &Path, out: &mut BTreeMap<Module, String>) {
        for entry in std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()) {
            let relative = entry
                .strip_prefix(src)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            if entry.is_dir() {
                if relative != "bin" {
                    walk(&entry, src, out);
                }
            } else if let Some(stem) = relative.strip_suffix(".rs") {
                let mut path: Module = stem.split('/').map(String::from).collect();
                if matches!(
                    path.last().map(String::as_str),
                    Some("lib" | "main" | "mod")
                ) {
                    path.pop();
                }
                out.insert(path, std::fs::read_to_string(&entry).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(src, src, &mut out);
    out
}

/// The paths a `use` tree names: `a::{b, c::{d, e}}` gives `a::b`, `a::c::d`, `a::c::e`.
fn expand(tree: &str) -> Vec<Module> {
    let tree = tree.trim();
    let (prefix, rest) = match tree.find('{') {
        Some(open) => (
            &tree[..open],
            Some(&tree[open + 1..tree.rfind('}').unwrap_or(tree.len())]),
        ),
        None => (tree, None),
    };
    let prefix: Module = prefix
        .split("::")
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(String::from)
        .collect();
    let Some(group) = rest else {
        return vec![prefix];
    };
    let (mut items, mut depth, mut current) = (Vec::new(), 0, String::new());
    for ch in group.chars() {
        match ch {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(std::mem::take(&mut current));
                continue;
            }
            _ => {}
        }
        current.push(ch);
    }
    items.push(current);
    items
        .iter()
        .filter(|item| !item.trim().is_empty())
        .flat_map(|item| expand(item))
        .map(|tail| prefix.iter().cloned().chain(tail).collect())
        .collect()
}

/// The path written after `crate::` or `super::` at `start`: names, `::` and one braced group.
fn path_at(text: &str, start: usize) -> &str {
    let mut depth = 0;
    for (i, ch) in text[start..].char_indices() {
        match ch {
            '{' => depth += 1,
            '}' if depth == 0 => return &text[start..start + i],
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return &text[start..start + i + 1];
                }
            }
            c if depth == 0 && !(c.is_alphanumeric() || c == '_' || c == ':') => {
                return &text[start..start + i]
            }
            _ => {}
        }
    }
    &text[start..]
}

/// The code of a file: no comments, no `#[cfg(test)]` part.
fn code(text: &str) -> String {
    let text = text.split("#[cfg(test)]").next().unwrap();
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Each module's uses of modules outside its own family.
fn uses(modules: &BTreeMap<Module, String>) -> BTreeMap<Module, BTreeSet<Module>> {
    let mut reexported: BTreeMap<String, Module> = BTreeMap::new();
    let root_code = code(&modules[&Vec::new()]);
    for statement in root_code.split("pub use ").skip(1) {
        for mut path in expand(statement.split(';').next().unwrap()) {
            if path.len() >= 2 {
                let name = path.pop().unwrap();
                reexported.insert(name.split(" as ").last().unwrap().trim().to_string(), path);
            }
        }
    }
    let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (module, text) in modules {
        let text = code(text);
        for (keyword, base) in [
            ("crate::", Vec::new()),
            ("super::", module[..module.len().saturating_sub(1)].to_vec()),
        ] {
            for (at, _) in text.match_indices(keyword) {
                let preceded = text[..at]
                    .chars()
                    .last()
                    .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$' || c == ':');
                if preceded {
                    continue; // `$crate::`, `ply_search::crate::...`, `super::super::`
                }
                for path in expand(path_at(&text, at + keyword.len())) {
                    let full: Module = base.iter().cloned().chain(path).collect();
                    let mut target = (0..=full.len())
                        .rev()
                        .map(|k| full[..k].to_vec())
                        .find(|m| modules.contains_key(m));
                    if target.as_ref().is_some_and(|t| t.is_empty()) && keyword == "crate::" {
                        if let Some(from) = full.first().and_then(|name| reexported.get(name)) {
                            target = Some(from.clone());
                        }
                    }
                    let Some(target) = target else { continue };
                    let family = module.starts_with(&target) || target.starts_with(module);
                    if !family {
                        edges.entry(module.clone()).or_default().insert(target);
                    }
                }
            }
        }
    }
    edges
}

/// A cycle among the uses, as the modules around it, if there is one.
fn find_cycle(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Option<Vec<Module>> {
    fn visit(
        node: &Module,
        edges: &BTreeMap<Module, BTreeSet<Module>>,
        path: &mut Vec<Module>,
        done: &mut BTreeSet<Module>,
    ) -> Option<Vec<Module>> {
        if let Some(at) = path.iter().position(|m| m == node) {
            return Some(path[at..].to_vec());
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.clone());
        for next in edges.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, edges, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.clone());
        None
    }
    let mut done = BTreeSet::new();
    edges
        .keys()
        .find_map(|start| visit(start, edges, &mut Vec::new(), &mut done))
}

#[test]
fn no_crate_has_a_module_import_cycle() {
    let sources = crate_sources();
    assert!(
        sources.len() >= 15,
        "the workspace's members were not found"
    );
    let mut cycles = Vec::new();
    for src in sources {
        if let Some(cycle) = find_cycle(&uses(&modules(&src))) {
            let names: Vec<String> = cycle
                .iter()
                .map(|m| {
                    if m.is_empty() {
                        "crate".into()
                    } else {
                        m.join("::")
                    }
                })
                .collect();
            cycles.push(format!(
                "{}: {} -> {}",
                src.display(),
                names.join(" -> "),
                names[0]
            ));
        }
    }
    assert!(
        cycles.is_empty(),
        "module import cycles:\n{}",
        cycles.join("\n")
    );
}

#[test]
fn the_checker_finds_a_cycle_and_resolves_use_trees() {
    assert_eq!(
        expand("a::{b, c::{d, e}}"),
        vec![vec!["a", "b"], vec!["a", "c", "d"], vec!["a", "c", "e"]]
            .into_iter()
            .map(|m| m.into_iter().map(String::from).collect::<Module>())
            .collect::<Vec<_>>()
    );
    let mut modules = BTreeMap::new();
    modules.insert(vec![], "mod a; mod b; mod c;".to_string());
    modules.insert(vec!["a".to_string()], "use crate::b::X;".to_string());
    modules.insert(vec!["b".to_string()], "use super::c::{Y, Z};".to_string());
    modules.insert(
        vec!["c".to_string()],
        "fn f() { crate::a::g() }".to_string(),
    );
    let cycle = find_cycle(&uses(&modules)).expect("a -> b -> c -> a");
    assert_eq!(cycle.len(), 3);
    modules.insert(
        vec!["c".to_string()],
        "// crate::a::g() in a comment only".to_string(),
    );
    assert_eq!(find_cycle(&uses(&modules)), None);
}
