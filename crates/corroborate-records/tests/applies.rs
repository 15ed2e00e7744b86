//! The `[applies]` table: which record types attach to a story on their own. Fictional
//! articles only: a product recall, an unrelated library story, a short police shooting.

use std::collections::BTreeMap;
use std::path::PathBuf;

use corroborate_core::document::SourceFormat;
use corroborate_core::load::{discover, load_file};
use corroborate_core::{Document, PreparedDoc};
use corroborate_reconcile::Analysed;
use corroborate_records::{build_if_applies, schema, Schema, SchemaError};
use jiff::civil::{date, Date};

const TODAY: Date = date(2026, 6, 1);

fn prepare(d: Document) -> Analysed {
    let p = PreparedDoc::new(d, TODAY);
    let ex = corroborate_extract::extract(&p);
    (p, ex)
}

fn fixtures(names: &[&str]) -> Vec<Analysed> {
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures"));
    let paths: Vec<PathBuf> = names.iter().map(|n| dir.join(n)).collect();
    for p in &paths {
        assert!(p.is_file(), "fixture missing: {}", p.display());
    }
    let found = discover(&paths, None, false);
    found
        .files
        .iter()
        .flat_map(|f| load_file(f).documents)
        .map(prepare)
        .collect()
}

/// The names of the shipped schemas whose `[applies]` table accepts these documents.
fn applying(docs: &[Analysed]) -> Vec<String> {
    let all: Vec<usize> = (0..docs.len()).collect();
    schema::builtins()
        .iter()
        .filter_map(|s| build_if_applies(s, docs, &all, &BTreeMap::new(), Some("s1")))
        .map(|r| {
            assert_eq!(r.story.as_deref(), Some("s1"));
            r.schema
        })
        .collect()
}

const POLICE_STORY: &str = "Officer shot man in Dayton\n\nOfficer Dana Reyes shot and killed Sam \
    Ortiz, 34, during a traffic stop in Dayton, Ohio, on May 2, 2026, police said. Three \
    officers were at the scene. Ortiz was unarmed, his brother said.";

#[test]
fn every_shipped_schema_loads_and_says_when_it_applies() {
    assert_eq!(schema::builtins().len(), schema::BUILTIN.len());
    for s in schema::builtins() {
        assert!(s.applies.is_some(), "{} has no [applies] table", s.name);
    }
}

#[test]
fn a_recall_story_gets_a_recall_record_and_no_police_record() {
    let docs = fixtures(&["recall_a.txt", "recall_b.txt"]);
    assert_eq!(applying(&docs), vec!["product-recall".to_string()]);
}

#[test]
fn a_police_shooting_gets_a_police_record_and_no_recall_record() {
    let docs = vec![prepare(Document::new(
        "mem",
        SourceFormat::Text,
        POLICE_STORY.to_string(),
    ))];
    assert_eq!(applying(&docs), vec!["police-use-of-force".to_string()]);
}

#[test]
fn an_unrelated_story_gets_no_record() {
    let docs = fixtures(&["unrelated.txt"]);
    assert!(applying(&docs).is_empty());
}

#[test]
fn a_keyword_alone_is_not_enough() {
    // Police are mentioned but nobody was shot or killed: no victim, no police record.
    let docs = vec![prepare(Document::new(
        "mem",
        SourceFormat::Text,
        "Police open new station\n\nThe Dayton Police Department opened a new station on \
         Saturday. Officer Dana Reyes said three officers will work there."
            .to_string(),
    ))];
    assert!(applying(&docs).is_empty());
}

fn small(applies: &str) -> Result<Schema, SchemaError> {
    Schema::from_toml(&format!(
        r#"
name = "x"
description = "x"
{applies}
[[field]]
name = "who"
type = "text"
description = "w"
rule = {{ kind = "role", roles = ["officer"] }}

[[field]]
name = "town"
type = "text"
description = "t"
rule = {{ kind = "place", level = "city" }}
"#
    ))
}

#[test]
fn applies_conditions_are_each_checked() {
    let docs = vec![prepare(Document::new(
        "mem",
        SourceFormat::Text,
        POLICE_STORY.to_string(),
    ))];
    let all = [0];
    let lin = BTreeMap::new();
    let ok = |s: &Schema| build_if_applies(s, &docs, &all, &lin, None).is_some();
    // Without an [applies] table a schema is only filled on request.
    let none = small("").expect("loads");
    assert!(!none.mentioned_in(&docs, &all));
    assert!(!ok(&none));
    assert!(ok(
        &small("[applies]\nall_of = [\"who\", \"town\"]").expect("loads")
    ));
    assert!(ok(&small("[applies]\nmin_filled = 2").expect("loads")));
    assert!(ok(
        &small("[applies]\nkeywords = [\"traffic stop\"]").expect("loads")
    ));
    // Whole words only: "stop" is in the text, "sto" is not a word of it.
    assert!(!ok(
        &small("[applies]\nkeywords = [\"sto\"]").expect("loads")
    ));
    assert!(!ok(
        &small("[applies]\nkeywords = [\"ferry\"]").expect("loads")
    ));
    // A fictional third field nobody fills.
    let three = Schema::from_toml(
        r#"
name = "y"
description = "y"
[applies]
any_of = ["vessel"]
[[field]]
name = "who"
type = "text"
description = "w"
rule = { kind = "role", roles = ["officer"] }
[[field]]
name = "vessel"
type = "text"
description = "v"
rule = { kind = "pattern", templates = ["the ferry {entity}"] }
"#,
    )
    .expect("loads");
    assert!(!ok(&three));
}

#[test]
fn applies_naming_an_unknown_field_is_refused() {
    match small("[applies]\nall_of = [\"victim\"]") {
        Err(SchemaError::Invalid { field, problem }) => {
            assert_eq!(field, "[applies]");
            assert!(problem.contains("victim"), "{problem}");
        }
        other => panic!("accepted an unknown field: {other:?}"),
    }
    assert!(matches!(
        small("[applies]\nmin_filled = 3"),
        Err(SchemaError::Invalid { .. })
    ));
    assert!(matches!(
        small("[applies]\nwhen = 3"),
        Err(SchemaError::Toml(_))
    ));
}
