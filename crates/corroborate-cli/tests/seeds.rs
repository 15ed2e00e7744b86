//! The CLI on the real seed articles (`../shared/seeds`), with and without their manifest.

mod common;

use common::{analyze, doc, seeds_dir, slice};

#[test]
fn with_manifest_outlets_and_dates_come_from_it() {
    let seeds = seeds_dir();
    let (r, out) = analyze(&[seeds.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(r["schema"], "corroborate/1");
    let docs = r["documents"].as_array().unwrap();
    assert_eq!(docs.len(), 5);
    let expect = [
        ("000_ddeed167889eb317.txt", "CBS News"),
        ("001_2d6caafabdf45f46.txt", "Associated Press"),
        ("002_1784f26f340c65f5.txt", "ABC News"),
        ("003_8f2b06351337482e.txt", "People"),
        ("004_20c3e7cef4f161eb.txt", "The Guardian"),
    ];
    for (file, outlet) in expect {
        let d = doc(&r, file);
        assert_eq!(d["meta"]["outlet"]["value"], outlet, "{file}");
        assert_eq!(d["meta"]["outlet"]["how"], "manifest");
        assert_eq!(d["meta"]["published"]["value"], "2026-10-23");
        assert_eq!(d["meta"]["published"]["how"], "manifest");
        // The text is the file, unchanged.
        let raw = std::fs::read_to_string(seeds.join(file)).unwrap();
        assert_eq!(d["text"].as_str().unwrap(), raw);
    }
}

#[test]
fn without_manifest_dates_are_inferred_with_evidence_or_left_unknown() {
    let seeds = seeds_dir();
    let (r, _) = analyze(&["--no-manifest", seeds.to_str().unwrap()]);
    for file in ["002_1784f26f340c65f5.txt", "003_8f2b06351337482e.txt"] {
        let d = doc(&r, file);
        let p = &d["meta"]["published"];
        assert_eq!(p["value"], "2026-10-23", "{file}");
        assert_eq!(p["how"], "inferred");
        let text = d["text"].as_str().unwrap();
        let ev = p["evidence"].as_array().unwrap();
        assert!(!ev.is_empty());
        let first = slice(
            text,
            ev[0]["start"].as_u64().unwrap(),
            ev[0]["end"].as_u64().unwrap(),
        );
        assert!(
            first.contains("Oct") || first.contains("October"),
            "{file}: evidence {first:?}"
        );
    }
    // No single article fixes these; across articles, the confirmation "on Friday" that People
    // dates Oct. 23 fixes them. They are marked inferred, with the reasoning.
    for file in [
        "000_ddeed167889eb317.txt",
        "001_2d6caafabdf45f46.txt",
        "004_20c3e7cef4f161eb.txt",
    ] {
        let p = &doc(&r, file)["meta"]["published"];
        assert_eq!(p["value"], "2026-10-23", "{file}");
        assert_eq!(p["how"], "inferred");
        assert!(
            p["reason"].as_str().unwrap().contains("same event"),
            "{file}: {p}"
        );
    }
    let inferred = r["timeline"]["inferred_published"].as_array().unwrap();
    assert_eq!(inferred.len(), 3);
}

#[test]
fn without_manifest_outlets_come_only_from_self_references() {
    let seeds = seeds_dir();
    let (r, _) = analyze(&["--no-manifest", seeds.to_str().unwrap()]);
    assert_eq!(
        doc(&r, "002_1784f26f340c65f5.txt")["meta"]["outlet"]["value"],
        "ABC News"
    );
    assert_eq!(
        doc(&r, "003_8f2b06351337482e.txt")["meta"]["outlet"]["value"],
        "People"
    );
    // CBS, AP and the Guardian name other outlets but never themselves unambiguously.
    for file in [
        "000_ddeed167889eb317.txt",
        "001_2d6caafabdf45f46.txt",
        "004_20c3e7cef4f161eb.txt",
    ] {
        assert!(doc(&r, file)["meta"]["outlet"].is_null(), "{file}");
    }
}

#[test]
fn every_span_slices_the_text_in_code_points() {
    let seeds = seeds_dir();
    let (r, _) = analyze(&[seeds.to_str().unwrap()]);
    let texts: std::collections::HashMap<&str, &str> = r["documents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["id"].as_str().unwrap(), d["text"].as_str().unwrap()))
        .collect();
    let mut checked = 0;
    for list in [
        "sentences",
        "ignored",
        "entities",
        "mentions",
        "quotes",
        "dates",
        "quantities",
        "attributions",
    ] {
        for item in r[list].as_array().unwrap() {
            let text = texts[item["doc"].as_str().unwrap()];
            let (s, e) = (
                item["start"].as_u64().unwrap(),
                item["end"].as_u64().unwrap(),
            );
            assert!(
                s <= e && e as usize <= text.chars().count(),
                "{list} item out of range"
            );
            checked += 1;
        }
    }
    assert!(checked > 0);
    // Sentences are trimmed and non-empty.
    for item in r["sentences"].as_array().unwrap() {
        let text = texts[item["doc"].as_str().unwrap()];
        let s = slice(
            text,
            item["start"].as_u64().unwrap(),
            item["end"].as_u64().unwrap(),
        );
        assert!(!s.is_empty() && s.trim() == s, "untrimmed sentence {s:?}");
    }
}

#[test]
fn who_is_who_across_the_five_articles() {
    let seeds = seeds_dir();
    let (r, _) = analyze(&[seeds.to_str().unwrap()]);
    let people: Vec<&serde_json::Value> = r["cross_entities"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == "person")
        .collect();
    let named = |first: &str, last: &str| -> Vec<&serde_json::Value> {
        people
            .iter()
            .copied()
            .filter(|e| {
                let n = e["name"].as_str().unwrap();
                n.contains(first) && n.contains(last)
            })
            .collect()
    };
    let foster = named("Hunter", "Foster");
    assert_eq!(foster.len(), 1, "Hunter Foster is one person");
    let docs: std::collections::BTreeSet<&str> = foster[0]["members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["doc"].as_str().unwrap())
        .collect();
    assert_eq!(docs.len(), 5, "Hunter Foster appears in all five articles");
    let kohen = named("Kohen", "Wiley");
    let mother = named("Vellesiya", "Wiley");
    assert_eq!(kohen.len(), 1);
    assert_eq!(mother.len(), 1);
    assert_ne!(kohen[0]["id"], mother[0]["id"], "two Wileys, two people");
}

#[test]
fn output_is_deterministic() {
    let seeds = seeds_dir();
    let (_, a) = analyze(&[seeds.to_str().unwrap()]);
    let (_, b) = analyze(&[seeds.to_str().unwrap()]);
    assert_eq!(a.stdout, b.stdout);
}

#[test]
fn reprints_of_the_wire_story_count_as_one_independent_source() {
    let seeds = seeds_dir();
    let (r, _) = analyze(&[seeds.to_str().unwrap()]);
    let wire = ["Associated Press", "People", "The Guardian"];
    // People and The Guardian are in AP's lineage; CBS and ABC are their own.
    let lineage = |file: &str| doc(&r, file)["lineage"].as_str().unwrap().to_string();
    assert_eq!(
        lineage("003_8f2b06351337482e.txt"),
        lineage("001_2d6caafabdf45f46.txt")
    );
    assert_eq!(
        lineage("004_20c3e7cef4f161eb.txt"),
        lineage("001_2d6caafabdf45f46.txt")
    );
    assert_ne!(
        lineage("000_ddeed167889eb317.txt"),
        lineage("001_2d6caafabdf45f46.txt")
    );
    assert_ne!(
        lineage("002_1784f26f340c65f5.txt"),
        lineage("001_2d6caafabdf45f46.txt")
    );
    let claims = r["claims"]["claims"].as_array().unwrap();
    let wire_only: Vec<&serde_json::Value> = claims
        .iter()
        .filter(|c| {
            let outlets = c["outlets"].as_array().unwrap();
            outlets.len() >= 2 && outlets.iter().all(|o| wire.contains(&o.as_str().unwrap()))
        })
        .collect();
    assert!(
        !wire_only.is_empty(),
        "no claim carried by AP and its reprints"
    );
    for c in wire_only {
        assert_eq!(c["independent_sources"], 1, "{}", c["outlets"]);
    }
}
