//! Claims, disputes, inconsistencies, unique claims and summary on the seed articles (read at
//! run time from `../shared/seeds`), checked against our annotation
//! `tests/annotations/claims.json`.
//!
//! Lineages for these tests, by the rule the linking stage applies (a reprint shares its
//! original's lineage): the Associated Press article (001) and the two articles that reprint
//! its wording (People 003, The Guardian 004) are one lineage; CBS (000) and ABC (002) are their
//! own.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use corroborate_core::load::{discover, load_file};
use corroborate_core::{DocId, PreparedDoc};
use corroborate_reconcile::claims::disputes::{Dispute, DisputeKind, Party};
use corroborate_reconcile::claims::{self, ClaimsReport, Status};
use corroborate_reconcile::{Analysed, Cite};
use jiff::civil::date;
use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

fn seeds() -> Vec<Analysed> {
    let dir = root().join("../shared/seeds");
    assert!(dir.is_dir(), "seeds missing at {}", dir.display());
    let found = discover(&[dir], None, true);
    assert_eq!(found.files.len(), 5, "expected the five seed articles");
    found
        .files
        .iter()
        .flat_map(|f| load_file(f).documents)
        .map(|d| {
            let p = PreparedDoc::new(d, date(2026, 12, 2));
            let ex = corroborate_extract::extract(&p);
            (p, ex)
        })
        .collect()
}

fn file_of(a: &Analysed) -> &str {
    a.0.doc.source.rsplit('/').next().unwrap_or("")
}

fn id_of<'a>(docs: &'a [Analysed], prefix: &str) -> &'a DocId {
    &docs
        .iter()
        .find(|d| file_of(d).starts_with(prefix))
        .unwrap_or_else(|| panic!("no seed {prefix}"))
        .0
        .doc
        .id
}

fn ap_lineage(docs: &[Analysed]) -> BTreeMap<DocId, String> {
    ["001", "003", "004"]
        .iter()
        .map(|p| (id_of(docs, p).clone(), "ap".to_string()))
        .collect()
}

fn text<'a>(docs: &'a [Analysed], c: &Cite) -> &'a str {
    docs.iter()
        .find(|d| d.0.doc.id == c.doc)
        .map_or("", |d| d.0.slice(c.span))
}

fn report(docs: &[Analysed]) -> ClaimsReport {
    let all: Vec<usize> = (0..docs.len()).collect();
    claims::build(docs, &all, &ap_lineage(docs))
}

fn annotation() -> Value {
    let p = root().join("tests/annotations/claims.json");
    let s = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    serde_json::from_str(&s).expect("valid annotation JSON")
}

/// The dispute an annotated one stands for: same kind, a proposition containing the snippet.
fn find_dispute<'a>(
    docs: &[Analysed],
    r: &'a ClaimsReport,
    kind: DisputeKind,
    snippet: &str,
) -> Option<&'a Dispute> {
    r.disputes.iter().find(|d| {
        d.kind == kind
            && d.propositions
                .iter()
                .any(|p| text(docs, p).to_lowercase().contains(snippet))
    })
}

fn party_is(docs: &[Analysed], p: &Party, file: &str, who: &str) -> bool {
    let in_file = docs
        .iter()
        .any(|d| d.0.doc.id == p.statement.doc && file_of(d) == file);
    let name = p.source.name.to_lowercase();
    let role = p.source.role.clone().unwrap_or_default();
    in_file && (name.contains(who) || role.contains(who))
}

#[test]
fn dispute_over_whether_the_car_drove_at_the_officer_has_both_sides_and_evidence() {
    let docs = seeds();
    let r = report(&docs);
    let d = find_dispute(&docs, &r, DisputeKind::Explicit, "toward")
        .expect("a dispute over the car moving toward the officers");
    let has = |side: &[Party], who: &str, role: Option<&str>| {
        side.iter().any(|p| {
            let name = p.source.name.to_lowercase();
            (name.contains(who) || p.source.role.as_deref() == Some(who))
                && role.is_none_or(|r| p.source.role.as_deref() == Some(r))
        })
    };
    // Asserted by Foster's attorney, the state Department of Public Safety and the governor.
    assert!(has(&d.asserted_by, "zummach", Some("attorney")));
    assert!(d.asserted_by.iter().any(
        |p| p.source.name.contains("Zummach") && p.source.role_of.as_deref() == Some("Foster")
    ));
    assert!(has(&d.asserted_by, "public safety", None));
    assert!(has(&d.asserted_by, "governor", None));
    // Disputed by the mother and the family's attorney.
    assert!(has(&d.disputed_by, "mother", None));
    assert!(has(&d.disputed_by, "crump", Some("attorney")));
    // Nobody is on both sides.
    for p in &d.asserted_by {
        assert!(
            !p.source.name.contains("Crump") && p.source.role.as_deref() != Some("mother"),
            "{} on both sides",
            p.source.name
        );
    }
    // Evidence against: the family's autopsy and the footage of the wheels turning away.
    assert!(d.evidence_against.iter().any(|e| e.kind == "autopsy"));
    assert!(d
        .evidence_against
        .iter()
        .any(|e| e.kind == "footage" && text(&docs, &e.cite).contains("away from")));
    // Evidence for: the state agency's statement.
    assert!(d.evidence_for.iter().any(|e| e.kind == "statement"));
    // The targeted claims are contested.
    assert!(!d.claims.is_empty());
    for &c in &d.claims {
        assert_eq!(r.claims[c].status, Status::Contested);
    }
    // Every party cites a statement that names it or is attributed to it.
    for p in d.asserted_by.iter().chain(&d.disputed_by) {
        assert!(!text(&docs, &p.statement).is_empty());
        if let Some(n) = &p.source.named_at {
            assert!(!text(&docs, n).is_empty());
        }
    }
}

#[test]
fn dispute_over_stolen_diapers_is_denied_by_the_mother() {
    let docs = seeds();
    let r = report(&docs);
    let d = find_dispute(&docs, &r, DisputeKind::Explicit, "diapers")
        .expect("a dispute over the diapers");
    assert!(d
        .disputed_by
        .iter()
        .any(|p| p.source.role.as_deref() == Some("mother")));
    assert!(!d.claims.is_empty(), "linked to the claim it targets");
    assert!(d
        .asserted_by
        .iter()
        .any(|p| text(&docs, &p.statement).contains("stolen")));
}

#[test]
fn justified_against_excessive() {
    let docs = seeds();
    let r = report(&docs);
    let d = find_dispute(&docs, &r, DisputeKind::Evaluation, "justified")
        .expect("an evaluation dispute");
    assert!(d.asserted_by.iter().any(|p| p
        .source
        .name
        .to_lowercase()
        .contains("attorney general")
        || p.source.role.as_deref() == Some("attorney general")));
    assert!(d
        .disputed_by
        .iter()
        .any(|p| p.source.name.contains("Crump")));
    let words: BTreeSet<String> = d
        .propositions
        .iter()
        .map(|p| text(&docs, p).to_lowercase())
        .collect();
    assert!(words.contains("justified") && words.contains("excessive"));
}

#[test]
fn at_least_one_inconsistency_between_outlets_and_no_false_unit_conflict() {
    let docs = seeds();
    let r = report(&docs);
    assert!(!r.inconsistencies.is_empty());
    for i in &r.inconsistencies {
        let outlets: BTreeSet<&String> = i.values.iter().map(|v| &v.outlet).collect();
        assert!(outlets.len() >= 2, "{}: values from one outlet", i.slot);
        let values: BTreeSet<String> = i.values.iter().map(|v| v.value.to_lowercase()).collect();
        assert!(values.len() >= 2, "{}: one value", i.slot);
        for v in &i.values {
            assert_eq!(text(&docs, &v.cite), v.value, "value cites its span");
        }
    }
    // "40 miles" and "65 km" are the same distance.
    assert!(!r.inconsistencies.iter().any(|i| i.slot == "distance"));
    // "one hand" against "his hands".
    assert!(r.inconsistencies.iter().any(|i| i.slot == "number of hand"));
    // The officer's attorney declined to comment to AP but is quoted by another outlet.
    let comment = r
        .inconsistencies
        .iter()
        .find(|i| i.slot == "whether Martin Zummach commented")
        .expect("declined against quoted");
    assert!(comment
        .values
        .iter()
        .any(|v| v.outlet == "Associated Press" && v.value == "declined to comment"));
    // The mayor, quoted in the article that says he did not comment on one question, did
    // comment.
    assert!(!r
        .inconsistencies
        .iter()
        .any(|i| i.slot == "whether Greg Graves commented"));
}

#[test]
fn each_outlet_has_what_it_alone_reports() {
    let docs = seeds();
    let r = report(&docs);
    let lineages = ap_lineage(&docs);
    assert_eq!(r.unique.len(), 5, "one entry per outlet");
    for u in &r.unique {
        assert!(!u.claims.is_empty(), "{} reports something alone", u.outlet);
        for &c in &u.claims {
            let claim = &r.claims[c];
            assert_eq!(claim.lineages.len(), 1);
            assert!(claim.mentions.iter().all(|m| {
                claims::lineage(&lineages, &m.cite.doc) == claims::lineage(&lineages, &u.docs[0])
            }));
        }
    }
    // What only the wire story and its reprints carry is unique to each of them.
    let ap = r
        .unique
        .iter()
        .find(|u| u.outlet == "Associated Press")
        .unwrap();
    let people = r.unique.iter().find(|u| u.outlet == "People").unwrap();
    assert!(ap.claims.iter().any(|c| people.claims.contains(c)));
}

#[test]
fn claims_carried_only_by_ap_and_its_reprints_count_one_source() {
    let docs = seeds();
    let r = report(&docs);
    let wire: BTreeSet<&DocId> = ["001", "003", "004"]
        .iter()
        .map(|p| id_of(&docs, p))
        .collect();
    let only_wire: Vec<_> = r
        .claims
        .iter()
        .filter(|c| {
            let ds: BTreeSet<&DocId> = c.mentions.iter().map(|m| &m.cite.doc).collect();
            ds.len() == 3 && ds.iter().all(|d| wire.contains(d))
        })
        .collect();
    assert!(
        !only_wire.is_empty(),
        "some fact only the wire lineage carries"
    );
    for c in &only_wire {
        assert_eq!(c.independent_sources, 1, "{}", text(&docs, &c.text));
        assert_ne!(c.status, Status::Agreed);
        assert_eq!(c.outlets.len(), 3);
    }
    // Without lineages the same claims would count three.
    let all: Vec<usize> = (0..docs.len()).collect();
    let loose = claims::build(&docs, &all, &BTreeMap::new());
    let c0 = &only_wire[0];
    let same = loose
        .claims
        .iter()
        .find(|c| c.text == c0.text)
        .expect("same claim without lineages");
    assert_eq!(same.independent_sources, 3);
    // A fact every outlet reports counts three sources with lineages (AP, CBS, ABC).
    assert!(r.claims.iter().any(|c| c.independent_sources == 3));
    assert!(r.claims.iter().all(|c| c.independent_sources <= 3));
}

#[test]
fn summary_is_verbatim_sentences_led_by_the_most_corroborated_facts() {
    let docs = seeds();
    let r = report(&docs);
    assert!((3..=5).contains(&r.summary.len()), "{}", r.summary.len());
    for s in &r.summary {
        let d = docs.iter().find(|d| d.0.doc.id == s.cite.doc).unwrap();
        assert!(
            d.0.seg.sentences.contains(&s.cite.span),
            "a whole sentence of the article"
        );
        assert_eq!(s.independent_sources, r.claims[s.claim].independent_sources);
    }
    let max = r
        .claims
        .iter()
        .map(|c| c.independent_sources)
        .max()
        .unwrap();
    assert_eq!(r.summary[0].independent_sources, max);
    assert!(r
        .summary
        .windows(2)
        .all(|w| w[0].independent_sources >= w[1].independent_sources));
}

/// Party-level precision and recall of the dispute sides against our annotation; the figures
/// in `docs/accuracy.md` come from this test (`cargo test -p corroborate-reconcile --test
/// claims_seeds -- --nocapture annotation`).
#[test]
fn disputes_match_the_annotation() {
    let docs = seeds();
    let r = report(&docs);
    let gold = annotation();
    let (mut tp, mut fp, mut found, mut total, mut disputes_found) = (0, 0, 0, 0, 0);
    let (mut ev_found, mut ev_total) = (0, 0);
    let gd = gold["disputes"].as_array().expect("disputes");
    for g in gd {
        let kind = match g["kind"].as_str() {
            Some("evaluation") => DisputeKind::Evaluation,
            _ => DisputeKind::Explicit,
        };
        let snippet = g["proposition_contains"].as_str().unwrap_or_default();
        let Some(d) = find_dispute(&docs, &r, kind, snippet) else {
            total += g["asserted_by"].as_array().map_or(0, Vec::len)
                + g["disputed_by"].as_array().map_or(0, Vec::len);
            continue;
        };
        disputes_found += 1;
        for (side, parties) in [
            ("asserted_by", &d.asserted_by),
            ("disputed_by", &d.disputed_by),
        ] {
            let expected = g[side].as_array().cloned().unwrap_or_default();
            let matches = |p: &Party| {
                expected.iter().any(|e| {
                    party_is(
                        &docs,
                        p,
                        e["file"].as_str().unwrap_or_default(),
                        e["who"].as_str().unwrap_or_default(),
                    )
                })
            };
            for p in parties.iter() {
                if matches(p) {
                    tp += 1;
                } else {
                    fp += 1;
                }
            }
            for e in &expected {
                total += 1;
                let (file, who) = (
                    e["file"].as_str().unwrap_or_default(),
                    e["who"].as_str().unwrap_or_default(),
                );
                if parties.iter().any(|p| party_is(&docs, p, file, who)) {
                    found += 1;
                }
            }
        }
        for (side, ev) in [
            ("evidence_for", &d.evidence_for),
            ("evidence_against", &d.evidence_against),
        ] {
            for e in g[side].as_array().cloned().unwrap_or_default() {
                ev_total += 1;
                let file = e["file"].as_str().unwrap_or_default();
                let kind = e["kind"].as_str().unwrap_or_default();
                let contains = e["contains"].as_str().unwrap_or_default();
                if ev.iter().any(|x| {
                    x.kind == kind
                        && text(&docs, &x.cite).contains(contains)
                        && docs
                            .iter()
                            .any(|d| d.0.doc.id == x.cite.doc && file_of(d) == file)
                }) {
                    ev_found += 1;
                }
            }
        }
    }
    let precision = tp as f64 / (tp + fp).max(1) as f64;
    let recall = found as f64 / total.max(1) as f64;
    println!(
        "annotation: disputes {disputes_found}/{}; parties precision {precision:.2} ({tp}/{}), recall {recall:.2} ({found}/{total}); evidence recall {ev_found}/{ev_total}",
        gd.len(),
        tp + fp
    );
    assert_eq!(disputes_found, gd.len());
    assert!(recall >= 0.8, "party recall {recall:.2}");
    assert!(precision >= 0.6, "party precision {precision:.2}");
    assert!(
        ev_found * 10 >= ev_total * 8,
        "evidence recall {ev_found}/{ev_total}"
    );
}
