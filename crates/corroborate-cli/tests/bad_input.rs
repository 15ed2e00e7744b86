//! Bad input never panics, never stops the run, and is named with its file.

mod common;

use std::io::Write;

use common::{analyze, run};

fn problems(r: &serde_json::Value) -> Vec<(String, String, String)> {
    r["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["path"].as_str().unwrap().to_string(),
                p["severity"].as_str().unwrap().to_string(),
                p["message"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn each_bad_file_is_named_and_the_rest_is_processed() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    std::fs::write(
        p.join("a-good.txt"),
        "Good headline\n\nA perfectly fine article body.\n",
    )
    .unwrap();
    std::fs::write(
        p.join("b-binary.txt"),
        b"\x7fELF\x02\x01\x01\x00\x00\x00binary",
    )
    .unwrap();
    std::fs::write(p.join("c-empty.txt"), b"").unwrap();
    std::fs::write(p.join("d-blank.txt"), b"  \n\n \t\n").unwrap();
    std::fs::write(
        p.join("e-latin1.txt"),
        b"Caf\xe9 opens\n\nThe caf\xe9 opened on Monday.\n",
    )
    .unwrap();
    std::os::unix::fs::symlink(p.join("missing-target.txt"), p.join("f-dangling.txt")).unwrap();
    std::fs::write(p.join("notes.md"), "not an article").unwrap();

    let (r, out) = analyze(&[p.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let docs = r["documents"].as_array().unwrap();
    assert_eq!(docs.len(), 2, "the good file and the lossily decoded one");
    let latin = docs
        .iter()
        .find(|d| d["source"].as_str().unwrap().ends_with("e-latin1.txt"))
        .unwrap();
    assert!(latin["text"]
        .as_str()
        .unwrap()
        .contains("Caf\u{FFFD} opens"));

    let probs = problems(&r);
    let find = |name: &str| {
        probs
            .iter()
            .find(|(path, _, _)| path.ends_with(name))
            .unwrap_or_else(|| panic!("no problem reported for {name}: {probs:?}"))
            .clone()
    };
    let (_, sev, msg) = find("b-binary.txt");
    assert_eq!(sev, "skipped");
    assert!(msg.contains("binary"), "{msg}");
    assert!(find("c-empty.txt").2.contains("empty"));
    assert!(find("d-blank.txt").2.contains("empty"));
    let (_, sev, msg) = find("e-latin1.txt");
    assert_eq!(sev, "warning");
    assert!(msg.contains("UTF-8"), "{msg}");
    assert!(find("f-dangling.txt").2.contains("cannot read"));
    assert!(!probs.iter().any(|(path, _, _)| path.ends_with("notes.md")));
}

#[test]
fn unreadable_file_is_named() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("locked.txt");
    std::fs::write(&f, "Locked\n\nBody.\n").unwrap();
    std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o000)).unwrap();
    let readable_anyway = std::fs::read(&f).is_ok(); // root ignores permissions
    let (r, out) = analyze(&[f.to_str().unwrap()]);
    if readable_anyway {
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(r["documents"].as_array().unwrap().len(), 1);
    } else {
        assert_eq!(out.status.code(), Some(1));
        assert!(problems(&r)[0].2.contains("cannot read"));
    }
}

#[test]
fn a_missing_path_is_named_and_exit_code_is_one() {
    let (r, out) = analyze(&["/definitely/not/here.txt"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(problems(&r)[0].0, "/definitely/not/here.txt");
    let stderr = run(&[
        "analyze",
        "--today",
        "2026-12-02",
        "/definitely/not/here.txt",
    ])
    .stderr;
    assert!(String::from_utf8_lossy(&stderr).contains("/definitely/not/here.txt"));
}

#[test]
fn usage_errors_exit_with_two() {
    assert_eq!(run(&["analyze"]).status.code(), Some(2));
    assert_eq!(run(&["frobnicate"]).status.code(), Some(2));
    assert_eq!(
        run(&["analyze", "--format", "pdf", "x"]).status.code(),
        Some(2)
    );
}

#[test]
fn help_teaches_with_examples() {
    let out = run(&["analyze", "--help"]);
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(help.contains("EXAMPLES"));
    assert!(help.contains("--manifest"));
    let top = String::from_utf8_lossy(&run(&["--help"]).stdout).to_string();
    assert!(top.contains("EXIT CODES"));
}

#[test]
fn a_fifty_megabyte_file_is_processed() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("huge.txt");
    let mut w = std::io::BufWriter::new(std::fs::File::create(&f).unwrap());
    writeln!(w, "A very long report").unwrap();
    let para = "The council met on Tuesday, and Mayor Ada Brook said the budget \"is balanced.\" \
                Officials counted 1,200 votes. Dr. Lee left at 10:30 a.m. on Oct. 3.\n\n";
    let mut written = 0;
    while written < 50 * 1024 * 1024 {
        w.write_all(para.as_bytes()).unwrap();
        written += para.len();
    }
    drop(w);
    let (r, out) = analyze(&[f.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(r["documents"].as_array().unwrap().len(), 1);
    assert!(r["documents"][0]["length"].as_u64().unwrap() > 50 * 1024 * 1024);
}

#[test]
fn a_folder_of_ten_thousand_files() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..10_000 {
        let sub = dir.path().join(format!("batch{:02}", i % 20));
        if i < 20 {
            std::fs::create_dir(&sub).unwrap();
        }
        std::fs::write(
            sub.join(format!("article-{i:05}.txt")),
            format!("Headline number {i}\n\nThe town of Exampleton reported item {i} on Monday.\n"),
        )
        .unwrap();
    }
    let (r, out) = analyze(&[dir.path().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let docs = r["documents"].as_array().unwrap();
    assert_eq!(docs.len(), 10_000);
    // Sorted order: batch00/article-00000, batch00/article-00020, …
    assert!(docs[0]["source"]
        .as_str()
        .unwrap()
        .ends_with("batch00/article-00000.txt"));
    assert!(docs[1]["source"]
        .as_str()
        .unwrap()
        .ends_with("batch00/article-00020.txt"));
}

#[test]
fn duplicate_inputs_are_counted_once() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.txt"), "Same\n\nSame text.\n").unwrap();
    std::fs::write(dir.path().join("b.txt"), "Same\n\nSame text.\n").unwrap();
    let (r, _) = analyze(&[dir.path().to_str().unwrap()]);
    assert_eq!(r["documents"].as_array().unwrap().len(), 1);
    assert!(problems(&r)[0].2.contains("same text"));
}
