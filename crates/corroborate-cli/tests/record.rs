//! `corroborate record` on the seeds (`../shared/seeds`): the three output formats.

use std::path::PathBuf;
use std::process::Command;

fn seeds() -> PathBuf {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/seeds"
    ));
    assert!(dir.is_dir(), "seeds missing at {}", dir.display());
    dir
}

fn record(format: &str, schema: &str) -> (String, Option<i32>) {
    let out = Command::new(env!("CARGO_BIN_EXE_corroborate"))
        .args([
            "record",
            "--schema",
            schema,
            "--format",
            format,
            "--today",
            "2026-12-02",
        ])
        .arg(seeds())
        .output()
        .expect("the binary runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.code(),
    )
}

#[test]
fn record_command_writes_json_csv_and_markdown() {
    let (json, code) = record("json", "police-use-of-force");
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&json).expect("valid JSON");
    let fields = v[0]["fields"].as_array().expect("fields");
    let victim = fields
        .iter()
        .find(|f| f["name"] == "victim")
        .expect("victim");
    assert_eq!(victim["value"], "Kohen Wiley");
    let (csv, _) = record("csv", "police-use-of-force");
    let header = csv.lines().next().unwrap_or_default();
    assert!(
        header.starts_with("date,name,age,gender,city,county,state"),
        "{header}"
    );
    assert!(header.contains("threat_type_contested"));
    let (md, _) = record("md", "police-use-of-force");
    assert!(md.contains("| victim | Kohen Wiley"));
}

#[test]
fn unknown_schema_is_a_usage_error() {
    let (_, code) = record("json", "no-such-schema");
    assert_eq!(code, Some(2));
}
