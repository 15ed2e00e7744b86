//! Runs the Python tests (`tests/test_*.py`, stdlib unittest) against the debug build of the
//! module: the cdylib cargo built for this test is copied as `corroborate.abi3.so` into a
//! temporary folder put on `PYTHONPATH`, with `scale-out/` for the Spark job. The Spark parity
//! test inside skips without pyspark or Java, except under CI=true, where that fails.

use std::path::PathBuf;
use std::process::Command;

/// The module cargo built beside this test: `target/<profile>/deps/libcorroborate_py.so`
/// (a library built as a test dependency is not copied up to `target/<profile>`).
fn cdylib() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    let deps = exe.parent().expect("target/<profile>/deps folder");
    let name = format!(
        "{}corroborate_py{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    );
    let lib = [deps.join(&name), deps.join("..").join(&name)]
        .into_iter()
        .find(|p| p.is_file());
    lib.unwrap_or_else(|| panic!("{name} is missing beside {}", exe.display()))
}

#[test]
fn python_tests_pass_against_the_debug_module() {
    let crate_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let repo = crate_dir.join("../..");
    assert!(
        repo.join("../shared/seeds").is_dir(),
        "../shared/seeds is missing beside the checkout"
    );
    let tmp = tempfile::tempdir().expect("temporary folder");
    std::fs::copy(cdylib(), tmp.path().join("corroborate.abi3.so")).expect("copy the module");
    std::fs::copy(
        crate_dir.join("corroborate.pyi"),
        tmp.path().join("corroborate.pyi"),
    )
    .expect("copy the stubs");
    let python_path = std::env::join_paths([tmp.path().to_path_buf(), repo.join("scale-out")])
        .expect("PYTHONPATH");
    let out = Command::new("python3")
        .args(["-m", "unittest", "discover", "-v", "-s"])
        .arg(crate_dir.join("tests"))
        .args(["-p", "test_*.py"])
        .env("PYTHONPATH", python_path)
        .output()
        .expect("python3 runs");
    let log = String::from_utf8_lossy(&out.stderr);
    println!("{log}");
    assert!(out.status.success(), "the Python tests failed:\n{log}");
}
