//! A second record type (product recall) on fictional articles written for these tests: a new
//! schema file needs no code; documents that say nothing about a field leave it empty; bad
//! schemas are refused with the field named.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use corroborate_core::load::{discover, load_file};
use corroborate_core::PreparedDoc;
use corroborate_reconcile::Analysed;
use corroborate_records::{build_record, schema, Record, Schema, SchemaError};
use jiff::civil::{date, Date};

const TODAY: Date = date(2026, 6, 1);

fn fixture(name: &str) -> Vec<Analysed> {
    let path = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures")).join(name);
    assert!(
        Path::new(&path).is_file(),
        "fixture missing: {}",
        path.display()
    );
    let found = discover(&[path], None, false);
    assert_eq!(found.files.len(), 1);
    found
        .files
        .iter()
        .flat_map(|f| load_file(f).documents)
        .map(|d| {
            let p = PreparedDoc::new(d, TODAY);
            let ex = corroborate_extract::extract(&p);
            (p, ex)
        })
        .collect()
}

fn build(schema_name: &str, files: &[&str]) -> Record {
    let docs: Vec<Analysed> = files.iter().flat_map(|f| fixture(f)).collect();
    let text = schema::builtin(schema_name).unwrap_or_default();
    let schema = Schema::from_toml(text).expect("schema loads");
    let all: Vec<usize> = (0..docs.len()).collect();
    build_record(&schema, &docs, &all, &BTreeMap::new())
}

fn filed(r: &Record, name: &str) -> Option<String> {
    r.field(name).and_then(|f| f.value.clone())
}

#[test]
fn recall_record_is_filled_from_a_second_schema() {
    let r = build("product-recall", &["recall_a.txt", "recall_b.txt"]);
    assert_eq!(
        filed(&r, "company").as_deref(),
        Some("Brightwell Appliances")
    );
    assert_eq!(
        filed(&r, "regulator").as_deref(),
        Some("Consumer Product Safety Commission")
    );
    assert_eq!(filed(&r, "date").as_deref(), Some("2026-03-03"));
    assert_eq!(filed(&r, "units").as_deref(), Some("120000"));
    assert_eq!(filed(&r, "hazard").as_deref(), Some("fire"));
    assert_eq!(filed(&r, "injuries_reported").as_deref(), Some("yes"));
    assert_eq!(filed(&r, "remedy").as_deref(), Some("refund"));
    assert_eq!(filed(&r, "state").as_deref(), Some("OH"));
    let company = r.field("company").expect("company field");
    assert_eq!(
        company.values[0].sources, 2,
        "both articles name the company"
    );
    for e in &company.values[0].evidence {
        assert!(e.text.contains("Brightwell"), "{:?}", e.text);
    }
}

#[test]
fn a_document_that_says_nothing_leaves_fields_empty() {
    for schema_name in ["product-recall", "police-use-of-force"] {
        let r = build(schema_name, &["unrelated.txt"]);
        for f in &r.fields {
            assert_eq!(
                f.value, None,
                "{schema_name}.{}: guessed {:?}",
                f.name, f.values
            );
            assert!(!f.contested);
        }
    }
}

#[test]
fn a_value_from_one_outlet_only_is_single_source() {
    let r = build("product-recall", &["recall_a.txt", "recall_b.txt"]);
    // Only the first article reports injuries.
    let injuries = r.field("injuries_reported").expect("field");
    assert_eq!(injuries.values[0].sources, 1);
    assert!(injuries.values[0].single_source);
}

#[test]
fn inconsistent_schemas_are_refused_with_the_field_named() {
    let bad_enum = r#"
name = "x"
description = "x"
[[field]]
name = "colour"
type = "enum"
description = "c"
values = ["red"]
rule = { kind = "keywords", classes = { blue = ["blue"] } }
"#;
    match Schema::from_toml(bad_enum) {
        Err(SchemaError::Invalid { field, problem }) => {
            assert_eq!(field, "colour");
            assert!(problem.contains("blue"), "{problem}");
        }
        other => panic!("accepted a class outside the enum: {other:?}"),
    }
    let bad_of = r#"
name = "x"
description = "x"
[[field]]
name = "age"
type = "integer"
description = "a"
rule = { kind = "attribute", of = "victim", attribute = "age" }
"#;
    assert!(matches!(
        Schema::from_toml(bad_of),
        Err(SchemaError::Invalid { .. })
    ));
    let bad_template = r#"
name = "x"
description = "x"
[[field]]
name = "who"
type = "text"
description = "w"
rule = { kind = "pattern", templates = ["{person}"] }
"#;
    assert!(matches!(
        Schema::from_toml(bad_template),
        Err(SchemaError::Invalid { .. })
    ));
    assert!(matches!(
        Schema::from_toml("name = 3"),
        Err(SchemaError::Toml(_))
    ));
    for (name, text) in schema::BUILTIN {
        assert!(
            Schema::from_toml(text).is_ok(),
            "shipped schema {name} must load"
        );
    }
}

/// Builds a police record over one in-memory document.
fn police_on(text: String) -> Record {
    use corroborate_core::document::SourceFormat;
    use corroborate_core::Document;
    let p = PreparedDoc::new(Document::new("mem", SourceFormat::Text, text), TODAY);
    let ex = corroborate_extract::extract(&p);
    let schema = Schema::from_toml(schema::builtin("police-use-of-force").unwrap_or_default())
        .expect("schema loads");
    build_record(&schema, &[(p, ex)], &[0], &BTreeMap::new())
}

#[test]
fn odd_input_never_panics_and_stays_fast() {
    let cases = [
        String::new(),
        "\u{201c}\u{201c}\u{201d}".repeat(2000),
        "Ünïcödé Ciudad de México, Tex. — «killed» José Núñez, who represents the family. "
            .repeat(300),
        "Officer Dana Reyes shot and killed Sam Ortiz, 34, during a traffic stop in Dayton, Ohio, \
         on May 2, 2026, and denied that the car drove toward officers "
            .repeat(2000),
    ];
    for text in cases {
        let started = std::time::Instant::now();
        let r = police_on(text);
        assert!(started.elapsed().as_secs() < 30, "too slow");
        for f in &r.fields {
            for v in &f.values {
                assert!(v.evidence.iter().all(|e| e.start <= e.end));
            }
        }
    }
}

#[test]
fn a_short_fictional_police_story_fills_the_police_schema() {
    let r = police_on(
        "Officer shot man in Dayton\n\nOfficer Dana Reyes shot and killed Sam Ortiz, 34, during a \
         traffic stop in Dayton, Ohio, on May 2, 2026, police said. Three officers were at the \
         scene. Ortiz was unarmed, his brother said."
            .to_string(),
    );
    assert_eq!(filed(&r, "victim").as_deref(), Some("Sam Ortiz"));
    assert_eq!(filed(&r, "age").as_deref(), Some("34"));
    assert_eq!(filed(&r, "date").as_deref(), Some("2026-05-02"));
    assert_eq!(filed(&r, "city").as_deref(), Some("Dayton"));
    assert_eq!(filed(&r, "state").as_deref(), Some("OH"));
    assert_eq!(filed(&r, "officers").as_deref(), Some("Dana Reyes"));
    assert_eq!(filed(&r, "officers_present").as_deref(), Some("3"));
    assert_eq!(filed(&r, "call_type"), None, "no call is described");
    assert_eq!(filed(&r, "armed_with").as_deref(), Some("unarmed"));
    assert_eq!(filed(&r, "family_attorney"), None);
    let victim = r.field("victim").expect("field");
    assert!(victim.values[0].single_source, "one document is one source");
}
