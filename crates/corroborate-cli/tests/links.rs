//! The report's `stories`, `lineages` and `passages` on the seed articles: every span they
//! cite slices the document text in code points.

mod common;

use common::{analyze, doc, seeds_dir, slice};
use serde_json::Value;

fn text_of<'a>(r: &'a Value, id: &str) -> &'a str {
    r["documents"]
        .as_array()
        .and_then(|ds| ds.iter().find(|d| d["id"] == id))
        .and_then(|d| d["text"].as_str())
        .unwrap_or_else(|| panic!("no document {id}"))
}

fn cited(r: &Value, at: &Value) -> String {
    let text = text_of(r, at["doc"].as_str().expect("doc"));
    let (s, e) = (
        at["start"].as_u64().expect("start"),
        at["end"].as_u64().expect("end"),
    );
    assert!(s < e && e as usize <= text.chars().count());
    slice(text, s, e)
}

#[test]
fn stories_lineages_and_passages_cite_the_seeds() {
    let seeds = seeds_dir();
    let (r, _) = analyze(&[seeds.to_str().expect("utf-8 path")]);
    let stories = r["stories"].as_array().expect("stories");
    assert_eq!(stories.len(), 1);
    assert_eq!(stories[0]["documents"].as_array().map(Vec::len), Some(5));
    assert_eq!(stories[0]["lineages"].as_array().map(Vec::len), Some(3));
    assert!(cited(&r, &stories[0]["title"]).contains("Kohen Wiley"));

    let ap = doc(&r, "001_2d6caafabdf45f46.txt");
    let people = doc(&r, "003_8f2b06351337482e.txt");
    let guardian = doc(&r, "004_20c3e7cef4f161eb.txt");
    let cbs = doc(&r, "000_ddeed167889eb317.txt");
    assert_eq!(ap["lineage"], people["lineage"]);
    assert_eq!(ap["lineage"], guardian["lineage"]);
    assert_ne!(ap["lineage"], cbs["lineage"]);
    assert_eq!(ap["story"], cbs["story"]);

    let lineages = r["lineages"].as_array().expect("lineages");
    let wire = lineages
        .iter()
        .find(|l| l["id"] == ap["lineage"])
        .expect("AP's lineage");
    assert_eq!(wire["origin_doc"], ap["id"]);
    assert_eq!(wire["origin_outlet"], "Associated Press");
    let credits: Vec<String> = wire["credits"]
        .as_array()
        .expect("credits")
        .iter()
        .map(|c| cited(&r, c))
        .collect();
    assert!(credits.iter().any(|c| c == "cited by AP"), "{credits:?}");

    let passages = r["passages"].as_array().expect("passages");
    assert!(passages.iter().any(|p| {
        p["a"]["doc"] == ap["id"]
            && p["b"]["doc"] == guardian["id"]
            && cited(&r, &p["a"]).contains("Five officers approach the parked car")
            && cited(&r, &p["b"]).contains("Five officers approach the car")
            && p["grade"] == "edited"
    }));
    for p in passages {
        cited(&r, &p["a"]);
        cited(&r, &p["b"]);
        let grade = p["grade"].as_str().unwrap_or_default();
        assert!(["verbatim", "edited", "paraphrase"].contains(&grade), "{p}");
    }
}
