//! Date accuracy on the seed articles against our own annotation (`tests/annotations/dates.json`
//! at the workspace root). The seeds are read at run time with their manifest, through the
//! same load + prepare path as `corroborate analyze`; a missing seed folder fails the test.

use std::path::PathBuf;

use corroborate_core::load::{discover, load_file};
use corroborate_core::{OffsetMap, PreparedDoc};
use corroborate_extract::{dates, quantities};
use serde_json::Value;

fn seeds_dir() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/seeds"
    ))
}

fn annotations() -> Value {
    let p = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/annotations/dates.json"
    );
    let s = std::fs::read_to_string(p).unwrap_or_else(|e| panic!("cannot read {p}: {e}"));
    serde_json::from_str(&s).unwrap_or_else(|e| panic!("bad JSON in {p}: {e}"))
}

/// Every seed, prepared, with its file name.
fn seeds() -> Vec<(String, PreparedDoc)> {
    let dir = seeds_dir();
    assert!(
        dir.is_dir(),
        "seed folder {} is missing: the seed tests need ../shared/seeds",
        dir.display()
    );
    let found = discover(&[dir], None, true);
    let today = jiff::civil::date(2026, 12, 31);
    let mut out = Vec::new();
    for f in &found.files {
        let name = f
            .path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_string();
        for doc in load_file(f).documents {
            out.push((name.clone(), PreparedDoc::new(doc, today)));
        }
    }
    assert_eq!(out.len(), 5, "expected five seed articles");
    out
}

#[test]
fn seed_date_values_reach_ninety_percent() {
    let gold = annotations();
    let (mut tp, mut found, mut expected) = (0usize, 0usize, 0usize);
    let mut misses = Vec::new();
    for (name, doc) in seeds() {
        assert_eq!(
            doc.doc.meta.published.as_ref().map(|p| p.value.to_string()),
            Some("2026-10-23".to_string()),
            "{name}: the manifest DCT should be applied"
        );
        let map = OffsetMap::new(&doc.doc.text);
        let sys: Vec<(usize, usize, Option<String>)> = dates::extract(&doc)
            .into_iter()
            .map(|t| {
                let s = map.span(t.span);
                (s.start, s.end, t.value)
            })
            .collect();
        let items = gold["files"][&name]
            .as_array()
            .unwrap_or_else(|| panic!("no annotation for {name}"));
        found += sys.len();
        expected += items.len();
        let mut used = vec![false; sys.len()];
        for g in items {
            let (gs, ge) = (
                g["start"].as_u64().unwrap_or(0) as usize,
                g["end"].as_u64().unwrap_or(0) as usize,
            );
            let gv = g["value"].as_str();
            let hit = sys
                .iter()
                .enumerate()
                .position(|(i, (s, e, v))| !used[i] && *s < ge && gs < *e && v.as_deref() == gv);
            match hit {
                Some(i) => {
                    used[i] = true;
                    tp += 1;
                }
                None => misses.push(format!("{name}: missed {} = {:?}", g["text"], gv)),
            }
        }
        for (i, (s, e, v)) in sys.iter().enumerate() {
            if !used[i] {
                misses.push(format!("{name}: spurious {s}..{e} = {v:?}"));
            }
        }
    }
    let p = tp as f64 / found.max(1) as f64;
    let r = tp as f64 / expected.max(1) as f64;
    eprintln!("seed dates: P={p:.3} R={r:.3} ({tp}/{found} found, {expected} expected)");
    for m in &misses {
        eprintln!("  {m}");
    }
    assert!(p >= 0.90 && r >= 0.90, "seed date values P={p:.3} R={r:.3}");
}

#[test]
fn seed_quantities() {
    let docs = seeds();
    let all: Vec<(String, quantities::Quantity)> = docs
        .iter()
        .flat_map(|(_, d)| {
            quantities::extract(d)
                .into_iter()
                .map(|q| (d.slice(q.span).to_string(), q))
        })
        .collect();
    let find = |text: &str| {
        all.iter()
            .find(|(t, _)| t == text)
            .map(|(_, q)| q.clone())
            .unwrap_or_else(|| panic!("quantity {text:?} not found"))
    };
    let age = find("1-year-old");
    assert_eq!((age.value, age.kind), (1.0, quantities::QuantityKind::Age));
    let shots = find("three to four shots");
    assert_eq!((shots.value, shots.value_max), (3.0, Some(4.0)));
    let officers = find("Five officers");
    assert_eq!(officers.value, 5.0);
    let miles = find("40 miles (65 kilometers)");
    assert_eq!((miles.value, miles.unit.as_str()), (40.0, "mile"));
    assert_eq!(
        miles.alt.map(|a| (a.value, a.unit)),
        Some((65.0, "km".to_string()))
    );
    let turned = find("would have turned two");
    assert_eq!(
        (turned.value, turned.kind),
        (2.0, quantities::QuantityKind::Age)
    );
}
