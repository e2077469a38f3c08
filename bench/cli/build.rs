//! Hooks every game's page (docs/games/*.md) into the doctests, so that a new game's page is
//! compiled and run with no list to update: the pages are found, not named.

use std::fs;
use std::path::Path;

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let pages_dir = Path::new(&manifest).join("../../docs/games");
    println!("cargo:rerun-if-changed={}", pages_dir.display());
    let mut pages: Vec<_> = fs::read_dir(&pages_dir)
        .map(|entries| {
            entries
                .filter_map(|entry| entry.ok().map(|e| e.path()))
                .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
                .collect()
        })
        .unwrap_or_default();
    pages.sort();
    let mut hooks = String::new();
    for (i, page) in pages.iter().enumerate() {
        println!("cargo:rerun-if-changed={}", page.display());
        let path = page.canonicalize().expect("a listed page exists");
        hooks.push_str(&format!(
            "#[cfg(doctest)]\n#[doc = include_str!({:?})]\npub struct GamePage{i};\n",
            path.display().to_string()
        ));
    }
    let out =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("game_pages.rs");
    fs::write(out, hooks).expect("OUT_DIR is writable");
}
