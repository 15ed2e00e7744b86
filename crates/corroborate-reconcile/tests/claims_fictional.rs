//! Claims on fictional articles: the example corpus (`examples/corpus`, a ferry grounding) and
//! small stories written here, so the rules are shown to be generic.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use corroborate_core::document::{Known, Provenance, SourceFormat};
use corroborate_core::load::{discover, load_file};
use corroborate_core::{DocId, Document, PreparedDoc};
use corroborate_reconcile::claims::disputes::DisputeKind;
use corroborate_reconcile::claims::statements::{clauses, Voice};
use corroborate_reconcile::claims::{self, ClaimsReport, Status};
use corroborate_reconcile::{Analysed, Cite};
use jiff::civil::date;

fn analyse(doc: Document) -> Analysed {
    let p = PreparedDoc::new(doc, date(2026, 12, 2));
    let ex = corroborate_extract::extract(&p);
    (p, ex)
}

fn corpus() -> Vec<Analysed> {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/corpus"
    ));
    let found = discover(&[dir], None, true);
    assert_eq!(found.files.len(), 6);
    found
        .files
        .iter()
        .flat_map(|f| load_file(f).documents)
        .map(analyse)
        .collect()
}

fn article(outlet: &str, text: &str) -> Analysed {
    let mut d = Document::new(
        format!("{outlet}.txt"),
        SourceFormat::Text,
        text.to_string(),
    );
    d.meta.outlet = Some(Known {
        value: outlet.to_string(),
        provenance: Provenance::Manifest,
    });
    analyse(d)
}

fn text<'a>(docs: &'a [Analysed], c: &Cite) -> &'a str {
    docs.iter()
        .find(|d| d.0.doc.id == c.doc)
        .map_or("", |d| d.0.slice(c.span))
}

fn build(docs: &[Analysed], lineages: &BTreeMap<DocId, String>) -> ClaimsReport {
    let all: Vec<usize> = (0..docs.len()).collect();
    claims::build(docs, &all, lineages)
}

/// Per inconsistency of `slot`, the outlets and values it gives.
fn slot_sides(r: &ClaimsReport, slot: &str) -> Vec<(BTreeSet<String>, BTreeSet<String>)> {
    r.inconsistencies
        .iter()
        .filter(|i| i.slot == slot)
        .map(|i| {
            let outlets = i.values.iter().map(|v| v.outlet.clone()).collect();
            let values = i.values.iter().map(|v| v.value.clone()).collect();
            (outlets, values)
        })
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn doc_id(docs: &[Analysed], file: &str) -> DocId {
    docs.iter()
        .find(|d| d.0.doc.source.ends_with(file))
        .map(|d| d.0.doc.id.clone())
        .unwrap_or_else(|| panic!("{file}"))
}

#[test]
fn company_and_union_dispute_has_both_sides() {
    let docs = corpus();
    let r = build(&docs, &BTreeMap::new());
    // "The union has disputed that account": the account is the chief executive's.
    let d = r
        .disputes
        .iter()
        .find(|d| {
            d.disputed_by
                .iter()
                .any(|p| p.source.name.contains("Union"))
        })
        .expect("the union's dispute");
    assert_eq!(d.kind, DisputeKind::Explicit);
    assert!(d
        .asserted_by
        .iter()
        .any(|p| p.source.name == "Dana Whitcombe"
            && p.source.role.as_deref() == Some("chief executive")));
    assert!(d
        .disputed_by
        .iter()
        .all(|p| p.source.voice == Voice::Agency));
    let outlets: BTreeSet<&String> = d.disputed_by.iter().map(|p| &p.outlet).collect();
    assert!(outlets.len() >= 2);
    // The radar inspection is the company's evidence.
    assert!(d.evidence_for.iter().any(|e| e.kind == "inspection"));
    // "rejected the union's claim": the claim is the union president's.
    let rejected = r
        .disputes
        .iter()
        .find(|d| {
            d.disputed_by
                .iter()
                .any(|p| text(&docs, &p.statement).contains("rejected"))
        })
        .expect("the company's rejection");
    assert!(rejected
        .asserted_by
        .iter()
        .any(|p| p.source.name == "Luis Okafor" && p.source.role.as_deref() == Some("president")));
    for c in &rejected.claims {
        assert_eq!(r.claims[*c].status, Status::Contested);
    }
}

#[test]
fn three_against_four_injured() {
    let docs = corpus();
    let r = build(&docs, &BTreeMap::new());
    let i = r
        .inconsistencies
        .iter()
        .find(|i| i.slot == "count of passenger")
        .expect("count of injured passengers differs");
    let values: BTreeSet<String> = i.values.iter().map(|v| v.value.to_lowercase()).collect();
    assert!(values.iter().any(|v| v.contains("three")));
    assert!(values.iter().any(|v| v.contains("four")));
    assert!(i.values.iter().any(|v| v.outlet == "Harlow Gazette"));
}

#[test]
fn a_reprint_counts_with_its_original() {
    let docs = corpus();
    // The Tri-County Courier runs Coastal Wire's story.
    let lineages: BTreeMap<DocId, String> = [
        (doc_id(&docs, "01-coastal-wire.txt"), "coastal".to_string()),
        (
            doc_id(&docs, "02-tri-county-courier.txt"),
            "coastal".to_string(),
        ),
    ]
    .into_iter()
    .collect();
    let r = build(&docs, &lineages);
    let both = r
        .claims
        .iter()
        .find(|c| c.outlets == ["Coastal Wire", "Tri-County Courier"])
        .expect("a claim only the wire and its reprint carry");
    assert_eq!(both.independent_sources, 1);
    assert_eq!(both.mentions.len(), 2);
    let wire = r
        .unique
        .iter()
        .find(|u| u.outlet == "Coastal Wire")
        .unwrap();
    let courier = r
        .unique
        .iter()
        .find(|u| u.outlet == "Tri-County Courier")
        .unwrap();
    assert!(wire.claims.contains(&both.id) && courier.claims.contains(&both.id));
}

#[test]
fn paraphrases_align_and_units_agree() {
    let a = article(
        "Lakeside Post",
        "Dam inspectors halt work\n\nFive engineers approached the spillway with lamps lit. \
         The reservoir lies about 40 miles (65 kilometers) north of Brindle.",
    );
    let b = article(
        "Valley Courier",
        "Work halted at dam\n\nFive engineers approach the damaged spillway with lamps lit, \
         officials said. The reservoir is about 65 km north of Brindle.",
    );
    let docs = vec![a, b];
    let r = build(&docs, &BTreeMap::new());
    let engineers = r
        .claims
        .iter()
        .find(|c| text(&docs, &c.text).contains("engineers"))
        .unwrap();
    assert_eq!(engineers.independent_sources, 2);
    assert_eq!(engineers.status, Status::Agreed);
    // One outlet's own voice, the other's officials.
    let voices: BTreeSet<Voice> = engineers
        .mentions
        .iter()
        .map(|m| m.attributed_to.voice)
        .collect();
    assert!(voices.contains(&Voice::Outlet) && voices.contains(&Voice::Agency));
    assert!(r.inconsistencies.is_empty(), "40 miles is 65 km");
}

#[test]
fn denials_evaluations_and_severity() {
    let a = article(
        "Northern Ledger",
        "Council defends eviction\n\nThe housing board said the eviction of the Varga family \
         was lawful. Board chair Irma Kessel said the tenant had stopped paying rent in March. \
         One neighbour was critically injured during the eviction, police said.",
    );
    let b = article(
        "Harbor Voice",
        "Family fights eviction\n\nThe family's lawyer, Tomas Reyes, called the eviction \
         excessive. Reyes has denied that the tenant stopped paying rent in March, saying bank \
         records show every payment. One neighbour was wounded during the eviction, police said.",
    );
    let docs = vec![a, b];
    let r = build(&docs, &BTreeMap::new());
    // Explicit denial, linked to the board chair's assertion in the other article.
    let d = r
        .disputes
        .iter()
        .find(|d| d.kind == DisputeKind::Explicit)
        .expect("the denial");
    assert!(d.asserted_by.iter().any(|p| p.source.name == "Irma Kessel"));
    assert!(d
        .disputed_by
        .iter()
        .any(|p| p.source.name == "Tomas Reyes" && p.source.role.as_deref() == Some("attorney")));
    assert!(d.evidence_against.iter().any(|e| e.kind == "records"));
    // Evaluation: lawful against excessive.
    let e = r
        .disputes
        .iter()
        .find(|d| d.kind == DisputeKind::Evaluation)
        .expect("lawful against excessive");
    assert!(e
        .asserted_by
        .iter()
        .any(|p| p.source.voice == Voice::Agency));
    assert!(e
        .disputed_by
        .iter()
        .any(|p| p.source.name.contains("Reyes")));
    // Severity differs between outlets.
    let s = r
        .inconsistencies
        .iter()
        .find(|i| i.slot == "severity")
        .expect("critically injured against wounded");
    let outlets: BTreeSet<&String> = s.values.iter().map(|v| &v.outlet).collect();
    assert_eq!(outlets.len(), 2);
}

#[test]
fn compound_sentences_split_only_at_a_new_subject() {
    // Clauses of a one-sentence article's sentence (words come from its tokens).
    let clauses_of = |sentence: &str| {
        let (prep, _) = article("A", sentence);
        let span = prep.seg.sentences[0];
        let c = clauses(&prep, span);
        let text = prep.slice(span).to_string();
        (text, c)
    };
    let (s, c) = clauses_of("The car stopped at the gate, and the driver ran toward the river.");
    assert_eq!(c.len(), 2);
    assert_eq!(&s[c[1].0..c[1].1], "the driver ran toward the river.");
    // A list of objects is not split.
    assert_eq!(
        clauses_of("They sold apples, and pears and plums at the market.")
            .1
            .len(),
        1
    );
    // Nor a quotation.
    assert_eq!(
        clauses_of("\"We waited for hours, and nobody came to help us,\" she said.")
            .1
            .len(),
        1
    );
}

#[test]
fn no_input_panics() {
    for t in [
        "",
        "\n\n",
        "Headline\n\n, and ; but , disputing that",
        "Headline\n\nX has denied that. He disputed the claim that “ ” said according to",
        "Headline\n\nÉlise Ünal, the mayor, said. İstanbul’s governor disputed that İ was.",
    ] {
        let docs = vec![article("A", t), article("B", t)];
        let _ = build(&docs, &BTreeMap::new());
    }
}

#[test]
fn appended_reports_keep_ids_unique_and_references_intact() {
    let docs = corpus();
    let first = build(&docs, &BTreeMap::new());
    let second = build(&docs, &BTreeMap::new());
    assert!(!first.disputes.is_empty() && !first.summary.is_empty());
    let n = first.claims.len();
    let mut all = first.clone();
    all.append(second.clone());
    let ids: BTreeSet<usize> = all.claims.iter().map(|c| c.id).collect();
    assert_eq!(ids.len(), all.claims.len(), "claim ids are unique");
    for (i, c) in all.claims.iter().enumerate() {
        assert_eq!(c.id, i, "a claim's id is its index");
    }
    let dispute_ids: BTreeSet<usize> = all.disputes.iter().map(|d| d.id).collect();
    assert_eq!(dispute_ids.len(), all.disputes.len());
    // The appended disputes, unique lists and summary point at the same claim texts as before.
    for (before, after) in second
        .disputes
        .iter()
        .zip(&all.disputes[first.disputes.len()..])
    {
        let old: Vec<&Cite> = before
            .claims
            .iter()
            .map(|&c| &second.claims[c].text)
            .collect();
        let new: Vec<&Cite> = after.claims.iter().map(|&c| &all.claims[c].text).collect();
        assert_eq!(old, new);
        assert!(after.claims.iter().all(|&c| c >= n));
    }
    for (before, after) in second
        .summary
        .iter()
        .zip(&all.summary[first.summary.len()..])
    {
        assert_eq!(
            second.claims[before.claim].text,
            all.claims[after.claim].text
        );
    }
    for (before, after) in second.unique.iter().zip(&all.unique[first.unique.len()..]) {
        let old: Vec<&Cite> = before
            .claims
            .iter()
            .map(|&c| &second.claims[c].text)
            .collect();
        let new: Vec<&Cite> = after.claims.iter().map(|&c| &all.claims[c].text).collect();
        assert_eq!(old, new);
    }
}

#[test]
fn naming_a_claim_as_alleged_does_not_assert_it() {
    let a = article(
        "Harbor Voice",
        "Depot theft row\n\nThe shipping company said the night guard stole fuel from \
         the depot on Friday. The guard's lawyer, Tomas Reyes, has denied that the guard \
         stole fuel from the depot.",
    );
    let b = article(
        "Northern Ledger",
        "Police interview workers\n\nPolice interviewed four workers over the alleged theft of \
         fuel from the depot, a spokesperson said.",
    );
    let docs = vec![a, b];
    let r = build(&docs, &BTreeMap::new());
    let d = r
        .disputes
        .iter()
        .find(|d| d.kind == DisputeKind::Explicit)
        .expect("the denial");
    assert!(
        d.asserted_by.iter().any(|p| p.outlet == "Harbor Voice"),
        "the company's statement asserts it"
    );
    assert!(
        !d.asserted_by.iter().any(|p| p.outlet == "Northern Ledger"),
        "an alleged theft is named, not asserted: {:?}",
        d.asserted_by
            .iter()
            .map(|p| text(&docs, &p.statement))
            .collect::<Vec<_>>()
    );
}

#[test]
fn a_party_declining_to_comment_in_one_outlet_and_quoted_in_another_is_an_inconsistency() {
    let a = article(
        "Harbor Voice",
        "Ferry operator fined\n\nThe regulator fined the ferry operator on Monday. The \
         operator's chief executive, Ilse Brandt, declined to comment when reached by phone.",
    );
    let b = article(
        "Northern Ledger",
        "Operator to appeal fine\n\nThe regulator fined the ferry operator on Monday. Ilse \
         Brandt, the operator's chief executive, said the company would appeal the decision.",
    );
    let docs = vec![a, b];
    let r = build(&docs, &BTreeMap::new());
    let i = r
        .inconsistencies
        .iter()
        .find(|i| i.slot == "whether Ilse Brandt commented")
        .expect("declined against quoted");
    let values: BTreeSet<(&str, &str)> = i
        .values
        .iter()
        .map(|v| (v.outlet.as_str(), v.value.as_str()))
        .collect();
    assert!(
        values.contains(&("Harbor Voice", "declined to comment")),
        "{values:?}"
    );
    assert!(values.contains(&("Northern Ledger", "said")), "{values:?}");
    for v in &i.values {
        assert_eq!(text(&docs, &v.cite), v.value, "each value cites its span");
    }
    // One outlet alone saying nothing is no inconsistency.
    let lone = vec![docs[0].clone()];
    assert!(build(&lone, &BTreeMap::new())
        .inconsistencies
        .iter()
        .all(|i| !i.slot.starts_with("whether")));
}

#[test]
fn a_party_that_did_not_comment_when_asked_one_question_is_no_inconsistency() {
    let a = article(
        "Harbor Voice",
        "Ferry operator fined\n\nThe regulator fined the ferry operator on Monday. Asked \
         whether the captain would be dismissed, the operator's chief executive, Ilse Brandt, \
         did not comment.",
    );
    let b = article(
        "Northern Ledger",
        "Operator to appeal fine\n\nThe regulator fined the ferry operator on Monday. Ilse \
         Brandt, the operator's chief executive, said the company would appeal the decision.",
    );
    let docs = vec![a, b];
    let r = build(&docs, &BTreeMap::new());
    assert!(
        r.inconsistencies
            .iter()
            .all(|i| i.slot != "whether Ilse Brandt commented"),
        "{:?}",
        r.inconsistencies
            .iter()
            .map(|i| &i.slot)
            .collect::<Vec<_>>()
    );
}

#[test]
fn a_headline_and_lede_restating_one_fact_are_one_claim_and_other_facts_stay_apart() {
    let docs = vec![
        article(
            "Coast Courier",
            "Dockside crane operator arrested over Tarrow harbour collapse\n\n\
             Harbour police arrested the crane operator over the collapse of the Tarrow harbour crane on Tuesday. \
             The port authority closed the northern quay for repairs until the end of the month.",
        ),
        article(
            "Valley Post",
            "Police arrested the crane operator over the Tarrow harbour crane collapse.\n\n\
             Ferry services from the southern pier will run as usual, the ferry company said.",
        ),
    ];
    let r = build(&docs, &BTreeMap::new());
    let arrest = r
        .claims
        .iter()
        .find(|c| {
            c.mentions
                .iter()
                .any(|m| text(&docs, &m.cite).contains("Harbour police arrested"))
        })
        .expect("a claim for the arrest");
    let texts: Vec<&str> = arrest
        .mentions
        .iter()
        .map(|m| text(&docs, &m.cite))
        .collect();
    assert!(
        texts
            .iter()
            .any(|t| t.starts_with("Dockside crane operator arrested")),
        "{texts:?}"
    );
    assert!(
        texts
            .iter()
            .any(|t| t.starts_with("Police arrested the crane operator")),
        "{texts:?}"
    );
    assert!(
        !texts
            .iter()
            .any(|t| t.contains("northern quay") || t.contains("Ferry services")),
        "{texts:?}"
    );
}

/// Values of one slot conflict only in one unit and for one holder: another player's fee, a
/// sum in another currency and a range are no inconsistency; the same player's two fees are.
#[test]
fn figures_of_other_holders_currencies_and_ranges_are_no_inconsistency() {
    let docs = vec![
        article("Bay Ledger", "Contract\n\nStriker Mira Kovac joined the Harbor Lions on Monday on a three-year contract worth $12 million.\n"),
        article("Coast Times", "Contract\n\nStriker Tomas Brandt joined the Harbor Lions on Monday on a three-year contract worth $15 million.\n"),
        article("Pier Post", "Contract\n\nStriker Mira Kovac joined the Harbor Lions on Monday on a three-year contract worth €11 million.\n"),
        article("Dock Daily", "Contract\n\nStriker Mira Kovac joined the Harbor Lions on Monday on a three-year contract worth $14 million.\n"),
        article("Quay Review", "Contract\n\nStriker Mira Kovac joined the Harbor Lions on Monday on a three-year contract worth between $12 million and $14 million.\n"),
    ];
    let r = build(&docs, &BTreeMap::new());
    assert_eq!(
        slot_sides(&r, "money"),
        vec![(
            set(&["Bay Ledger", "Dock Daily"]),
            set(&["$12 million", "$14 million"])
        )]
    );
}

/// An age belongs to the person named next to it: two ages of one driver conflict, the age of
/// another man does not.
#[test]
fn ages_conflict_only_for_the_same_person() {
    let docs = vec![
        article("Bay Ledger", "Crash\n\nPolice arrested the 34-year-old driver Ana Ruiz after the crash on Route 9 near the old mill.\n"),
        article("Coast Times", "Crash\n\nPolice arrested the 35-year-old driver Ana Ruiz after the crash on Route 9 near the old mill.\n"),
        article("Pier Post", "Crash\n\nPolice arrested the 61-year-old driver Carl Mendes after the crash on Route 9 near the old mill.\n"),
    ];
    let r = build(&docs, &BTreeMap::new());
    let ages = slot_sides(&r, "age");
    assert_eq!(ages.len(), 1, "{ages:?}");
    assert_eq!(ages[0].0, set(&["Bay Ledger", "Coast Times"]));
}

/// Figures of two moments are no inconsistency: "currently" in articles published on two
/// days speaks of two days, and the same figures on one day conflict.
#[test]
fn current_figures_of_two_days_are_no_inconsistency() {
    let on = |outlet: &str, day: jiff::civil::Date, points: &str| {
        let mut d = Document::new(
            format!("{outlet}.txt"),
            SourceFormat::Text,
            format!("Markets\n\nThe Harbor index currently stands at {points} points after a week of heavy trading in Lisbon.\n"),
        );
        d.meta.outlet = Some(Known {
            value: outlet.to_string(),
            provenance: Provenance::Manifest,
        });
        d.meta.published = Some(Known {
            value: day,
            provenance: Provenance::Manifest,
        });
        analyse(d)
    };
    let points = |r: &ClaimsReport| slot_sides(r, "count of point").len();
    let two_days = vec![
        on("Bay Ledger", date(2026, 3, 2), "1,200"),
        on("Coast Times", date(2026, 3, 6), "1,350"),
    ];
    assert_eq!(points(&build(&two_days, &BTreeMap::new())), 0);
    let one_day = vec![
        on("Bay Ledger", date(2026, 3, 2), "1,200"),
        on("Coast Times", date(2026, 3, 2), "1,350"),
    ];
    assert_eq!(points(&build(&one_day, &BTreeMap::new())), 1);
}
