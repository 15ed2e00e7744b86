//! The police use-of-force record on the seeds (read at run time from `../shared/seeds`).

use std::collections::BTreeMap;
use std::path::PathBuf;

use corroborate_core::load::{discover, load_file};
use corroborate_core::PreparedDoc;
use corroborate_reconcile::Analysed;
use corroborate_records::{build_record, schema, Record, RecordField, Schema};
use jiff::civil::{date, Date};

const TODAY: Date = date(2026, 12, 2);

fn seeds() -> Vec<Analysed> {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/seeds"
    ));
    assert!(dir.is_dir(), "seeds missing at {}", dir.display());
    let found = discover(&[dir], None, true);
    assert_eq!(found.files.len(), 5, "expected the five seed articles");
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

fn record() -> (Record, Vec<Analysed>) {
    let docs = seeds();
    let text = schema::builtin("police-use-of-force").expect("shipped schema");
    let schema = Schema::from_toml(text).expect("schema loads");
    let all: Vec<usize> = (0..docs.len()).collect();
    (build_record(&schema, &docs, &all, &BTreeMap::new()), docs)
}

fn field<'a>(r: &'a Record, name: &str) -> &'a RecordField {
    r.field(name).unwrap_or_else(|| panic!("no field {name}"))
}

/// The code-point span `[start, end)` of `text`.
fn cited(text: &str, start: usize, end: usize) -> String {
    text.chars().skip(start).take(end - start).collect()
}

/// Asserts the field's filed value and that every span supporting it holds one of `surface`
/// (case-insensitive) and is exactly the document text at its offsets.
fn check(r: &Record, docs: &[Analysed], name: &str, value: &str, surface: &[&str]) {
    let f = field(r, name);
    let v = f
        .values
        .iter()
        .find(|v| v.value == value)
        .unwrap_or_else(|| panic!("{name}: no value {value:?} among {:?}", f.values));
    assert!(v.sources >= 1, "{name}: {value} has no support");
    assert!(!v.evidence.is_empty(), "{name}: {value} has no evidence");
    for e in v.evidence.iter().filter(|e| !e.disputes) {
        let doc = docs
            .iter()
            .find(|d| d.0.doc.id == e.doc)
            .unwrap_or_else(|| panic!("{name}: evidence cites unknown document {}", e.doc.0));
        let text = cited(&doc.0.doc.text, e.start, e.end);
        assert_eq!(text, e.text, "{name}: evidence text must be the cited span");
        let lower = text.to_lowercase();
        assert!(
            surface.iter().any(|s| lower.contains(&s.to_lowercase())),
            "{name}: evidence {text:?} does not contain {surface:?}"
        );
    }
}

#[test]
fn seed_record_has_every_expected_field_with_evidence() {
    let (r, docs) = record();
    let filed = |n: &str| field(&r, n).value.clone();
    assert_eq!(filed("date").as_deref(), Some("2026-06-14"));
    check(&r, &docs, "date", "2026-06-14", &["June 14"]);
    assert_eq!(filed("city").as_deref(), Some("Senatobia"));
    check(&r, &docs, "city", "Senatobia", &["Senatobia"]);
    assert_eq!(filed("state").as_deref(), Some("MS"));
    check(&r, &docs, "state", "MS", &["Mississippi", "Miss."]);
    assert_eq!(filed("victim").as_deref(), Some("Kohen Wiley"));
    // A lone first name in one article joins the one fuller name that contains it.
    check(&r, &docs, "victim", "Kohen Wiley", &["Kohen"]);
    assert_eq!(filed("age").as_deref(), Some("1"));
    check(&r, &docs, "age", "1", &["1-year-old", "one-year-old"]);
    check(&r, &docs, "officers", "Hunter Foster", &["Foster"]);
    check(
        &r,
        &docs,
        "agencies",
        "Senatobia Police Department",
        &["Senatobia Police Department"],
    );
    assert_eq!(filed("officers_present").as_deref(), Some("5"));
    check(&r, &docs, "officers_present", "5", &["five officers"]);
    assert_eq!(filed("call_type").as_deref(), Some("shoplifting"));
    check(&r, &docs, "call_type", "shoplifting", &["shoplifting"]);
    assert_eq!(filed("armed_with").as_deref(), Some("vehicle"));
    check(
        &r,
        &docs,
        "armed_with",
        "vehicle",
        &["vehicle", "car", "run over"],
    );
    assert_eq!(
        filed("investigating_agency").as_deref(),
        Some("Mississippi Bureau of Investigation")
    );
    check(
        &r,
        &docs,
        "investigating_agency",
        "Mississippi Bureau of Investigation",
        &["Mississippi Bureau of Investigation"],
    );
    assert_eq!(filed("outcome").as_deref(), Some("justified"));
    check(&r, &docs, "outcome", "justified", &["justified", "cleared"]);
    assert_eq!(filed("officer_charged").as_deref(), Some("no"));
    check(
        &r,
        &docs,
        "officer_charged",
        "no",
        &["no charges", "cleared", "insufficient"],
    );
    assert_eq!(filed("officer_status").as_deref(), Some("resigned"));
    check(&r, &docs, "officer_status", "resigned", &["resign"]);
    assert_eq!(filed("certification_status").as_deref(), Some("certified"));
    check(
        &r,
        &docs,
        "certification_status",
        "certified",
        &["certified"],
    );
    assert_eq!(filed("family_attorney").as_deref(), Some("Ben Crump"));
    check(&r, &docs, "family_attorney", "Ben Crump", &["Ben Crump"]);
    assert_eq!(
        filed("federal_investigation_called").as_deref(),
        Some("yes")
    );
    check(
        &r,
        &docs,
        "federal_investigation_called",
        "yes",
        &["federal", "Department of Justice"],
    );
}

#[test]
fn threat_type_is_contested_with_who_asserts_each_value() {
    let (r, docs) = record();
    let f = field(&r, "threat_type");
    assert!(f.contested, "threat type must be contested: {:?}", f.values);
    check(
        &r,
        &docs,
        "threat_type",
        "move",
        &[
            "toward",
            "towards",
            "direction of",
            "at him",
            "run over",
            "striking",
        ],
    );
    check(&r, &docs, "threat_type", "flee", &["away", "flee"]);
    let flee = f
        .values
        .iter()
        .find(|v| v.value == "flee")
        .expect("flee offered");
    let moving = f
        .values
        .iter()
        .find(|v| v.value == "move")
        .expect("move offered");
    assert!(
        flee.asserted_by.iter().any(|a| a == "Ben Crump"),
        "{:?}",
        flee.asserted_by
    );
    assert!(
        moving
            .asserted_by
            .iter()
            .any(|a| !flee.asserted_by.contains(a)),
        "the two values must have different voices"
    );
    // The mother's denial that the car headed toward the officers is a dispute, not support.
    assert!(
        moving.disputed_by.iter().any(|d| d == "Vellesiya Wiley"),
        "{:?}",
        moving.disputed_by
    );
    // Whether the diapers were stolen: reported, and denied by the mother.
    let theft = field(&r, "offense_committed");
    assert!(theft.contested, "{:?}", theft.values);
    let yes = theft
        .values
        .iter()
        .find(|v| v.value == "yes")
        .expect("yes offered");
    assert!(
        yes.disputed_by.iter().any(|d| d == "Vellesiya Wiley"),
        "{:?}",
        yes.disputed_by
    );
    // The finding of justification against the family's attorney calling it excessive.
    let outcome = field(&r, "outcome");
    assert!(outcome.contested);
    let unjustified = outcome
        .values
        .iter()
        .find(|v| v.value == "unjustified")
        .expect("offered");
    assert!(unjustified.asserted_by.iter().any(|a| a == "Ben Crump"));
    // A value only narrated by one outlet would be single-source; these are not.
    assert!(!flee.single_source && !moving.single_source);
}

#[test]
fn independent_sources_count_lineages_not_documents() {
    let docs = seeds();
    let schema = Schema::from_toml(schema::builtin("police-use-of-force").unwrap_or_default())
        .expect("schema loads");
    let all: Vec<usize> = (0..docs.len()).collect();
    // Pretend every article copies one wire story: one lineage.
    let one: BTreeMap<_, _> = docs
        .iter()
        .map(|d| (d.0.doc.id.clone(), "wire".to_string()))
        .collect();
    let r = build_record(&schema, &docs, &all, &one);
    let date = field(&r, "date");
    assert_eq!(date.values[0].sources, 1);
    assert!(date.values[0].single_source);
    let separate = build_record(&schema, &docs, &all, &BTreeMap::new());
    assert_eq!(field(&separate, "date").values[0].sources, 5);
}

#[test]
fn exports_carry_the_record() {
    let (r, _) = record();
    let csv = corroborate_records::export::csv(std::slice::from_ref(&r), "wapo").expect("csv");
    let mut lines = csv.lines();
    let header = lines.next().unwrap_or_default();
    for col in [
        "date",
        "city",
        "state",
        "name",
        "age",
        "threat_type",
        "armed_with",
        "threat_type_contested",
    ] {
        assert!(
            header.split(',').any(|h| h == col),
            "missing column {col} in {header}"
        );
    }
    let row = lines.next().unwrap_or_default();
    assert!(row.contains("2026-06-14") && row.contains("Kohen Wiley") && row.contains("Ben Crump"));
    assert!(
        row.contains("flee (") && row.contains("move ("),
        "contested values spelled out: {row}"
    );
    let md = corroborate_records::export::markdown(std::slice::from_ref(&r));
    assert!(md.contains("| threat_type | ") && md.contains("(contested)"));
    let json: serde_json::Value =
        serde_json::from_str(&corroborate_records::export::json(&[r], false).expect("json"))
            .expect("valid json");
    assert_eq!(json[0]["schema"], "police-use-of-force");
    assert!(json[0]["fields"][0]["values"][0]["evidence"][0]["start"].is_u64());
}
