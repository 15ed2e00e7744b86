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
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/seeds"));
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

#[test]
fn dump() {
    let (r, _) = record();
    println!("{}", corroborate_records::export::markdown(&[r]));
}
