//! The Python tests, from `cargo test --workspace`: the extension this crate just built is put
//! beside the package's Python files in a fresh folder, and python3 runs tests/test_*.py on it
//! (the standard library's unittest, so nothing has to be installed). CI also installs the
//! package with pip into a fresh virtualenv and runs the same tests on the wheel.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The extension built for this test run (`libply_python.so` next to the test binary).
fn built_extension() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    let deps = exe.parent().expect("target/<profile>/deps");
    for dir in [deps, deps.parent().expect("target/<profile>")] {
        let candidate = dir.join("libply_python.so");
        if candidate.exists() {
            return candidate;
        }
    }
    panic!("no libply_python.so beside {}", exe.display());
}

#[test]
fn python_tests_pass_on_the_built_extension() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = std::env::temp_dir().join(format!("ply-python-{}", std::process::id()));
    let package = root.join("ply_search");
    std::fs::create_dir_all(&package).expect("a temporary folder");
    for entry in std::fs::read_dir(crate_dir.join("python/ply_search")).expect("the package") {
        let path = entry.expect("a file").path();
        std::fs::copy(&path, package.join(path.file_name().expect("a name"))).expect("copied");
    }
    std::fs::copy(built_extension(), package.join("_native.so")).expect("the extension copied");
    let output = Command::new("python3")
        .args(["-m", "unittest", "discover", "-v", "-s"])
        .arg(crate_dir.join("tests"))
        .env("PYTHONPATH", &root)
        .output()
        .expect("python3 runs (Python >= 3.9 is needed for the Python package's tests)");
    let _ = std::fs::remove_dir_all(&root);
    let report = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "the Python tests failed:\n{report}"
    );
    assert!(report.contains("\nOK"), "no Python test ran:\n{report}");
}
