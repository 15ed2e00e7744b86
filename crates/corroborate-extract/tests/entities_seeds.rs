//! Entity accuracy on the five seed articles, against our own annotation in
//! `tests/annotations/entities.json` (names, main roles, mention offsets in code points).
//! The seeds are read at run time from `../shared/seeds`; a missing folder fails the test.

use std::collections::HashMap;
use std::path::PathBuf;

use corroborate_core::load::{discover, load_file};
use corroborate_core::{OffsetMap, PreparedDoc};
use corroborate_extract::entities::{self, EntityAnalysis, EntityKind};
use serde::Deserialize;

fn seeds_dir() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/seeds"
    ))
}

fn annotations_path() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/annotations/entities.json"
    ))
}

#[derive(Debug, Deserialize)]
struct GoldPerson {
    name: String,
    role: Option<String>,
    of: Option<String>,
    #[serde(default)]
    mentions: Vec<[usize; 2]>,
}

#[derive(Debug, Deserialize)]
struct GoldDoc {
    file: String,
    people: Vec<GoldPerson>,
}

#[derive(Debug, Deserialize)]
struct Gold {
    documents: Vec<GoldDoc>,
}

/// Loads every seed with its manifest and prepares it (today fixed for reproducibility).
fn seeds() -> Vec<(String, PreparedDoc)> {
    let dir = seeds_dir();
    assert!(
        dir.join("manifest.json").is_file(),
        "seed folder missing: {} (expected ../shared/seeds beside the workspace)",
        dir.display()
    );
    let found = discover(&[dir], None, true);
    let today = jiff::civil::date(2026, 12, 1);
    let mut out = Vec::new();
    for f in &found.files {
        let name = f
            .path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("")
            .to_string();
        for d in load_file(f).documents {
            out.push((name.clone(), PreparedDoc::new(d, today)));
        }
    }
    assert_eq!(out.len(), 5, "expected five seed articles");
    out
}

fn role_matches(a: &EntityAnalysis, e: usize, role: &str, of: Option<&str>) -> bool {
    a.entities[e].roles.iter().any(|r| {
        let role_ok = r.normalized == role || r.role.contains(role);
        let of_ok = of.is_none_or(|of| {
            let of = of.to_lowercase();
            r.of_text
                .as_deref()
                .is_some_and(|t| t.to_lowercase().contains(&of))
                || r.of_entity
                    .is_some_and(|o| a.entities[o].name.to_lowercase().contains(&of))
        });
        role_ok && of_ok
    })
}

#[test]
fn seed_people_roles_and_identity() {
    let text =
        std::fs::read_to_string(annotations_path()).expect("tests/annotations/entities.json");
    let gold: Gold = serde_json::from_str(&text).expect("valid annotation JSON");
    let docs = seeds();
    let (mut people, mut found, mut with_role, mut role_ok) = (0, 0, 0, 0);
    let (mut predicted, mut correct_pred) = (0, 0);
    let (mut gold_mentions, mut hit_mentions) = (0, 0);
    let mut problems: Vec<String> = Vec::new();
    for g in &gold.documents {
        let (_, doc) = docs
            .iter()
            .find(|(n, _)| *n == g.file)
            .unwrap_or_else(|| panic!("seed {} missing", g.file));
        let a = entities::extract(doc);
        let map = OffsetMap::new(&doc.doc.text);
        if std::env::var_os("SHOW").is_some() {
            for (i, e) in a.entities.iter().enumerate() {
                let ms: Vec<String> = e
                    .mentions
                    .iter()
                    .map(|&m| {
                        let s = a.mentions[m].span;
                        format!("{}@{}", doc.slice(s), map.char_offset(s.start))
                    })
                    .collect();
                eprintln!(
                    "{} #{i} {:?} {} {:?} roles={:?}\n    {}",
                    g.file,
                    e.kind,
                    e.name,
                    e.gender,
                    e.roles
                        .iter()
                        .map(|r| format!(
                            "{}[{}] of {:?}/{:?}",
                            r.role, r.normalized, r.of_text, r.of_entity
                        ))
                        .collect::<Vec<_>>(),
                    ms.join(" | ")
                );
            }
        }
        // Map each gold person to the predicted person entity holding most of its mentions,
        // falling back to the name.
        let mut pred_to_gold: HashMap<usize, Vec<&str>> = HashMap::new();
        for p in &g.people {
            people += 1;
            let mut votes: HashMap<usize, usize> = HashMap::new();
            for m in &p.mentions {
                gold_mentions += 1;
                let span = map.byte_span(corroborate_core::Span::new(m[0], m[1]));
                if let Some(pm) = a.mentions.iter().find(|x| x.span == span) {
                    if a.entities[pm.entity].kind == EntityKind::Person {
                        *votes.entry(pm.entity).or_default() += 1;
                    }
                }
            }
            let by_name = a
                .entities
                .iter()
                .position(|e| e.kind == EntityKind::Person && e.name.ends_with(&p.name));
            let best = votes
                .iter()
                .max_by_key(|(e, c)| (**c, std::cmp::Reverse(**e)))
                .map(|(e, _)| *e)
                .or(by_name);
            let Some(e) = best else {
                problems.push(format!("{}: missing person {}", g.file, p.name));
                continue;
            };
            // Split: this person's mentions landing on another person entity.
            for (&other, &c) in &votes {
                if other != e && c > 0 {
                    problems.push(format!(
                        "{}: {} split: {} mention(s) on {}",
                        g.file, p.name, c, a.entities[other].name
                    ));
                }
            }
            hit_mentions += votes.get(&e).copied().unwrap_or(0);
            found += 1;
            pred_to_gold.entry(e).or_default().push(&p.name);
            if let Some(role) = &p.role {
                with_role += 1;
                if role_matches(&a, e, role, p.of.as_deref()) {
                    role_ok += 1;
                } else {
                    problems.push(format!(
                        "{}: {} lacks role {} of {:?}",
                        g.file, p.name, role, p.of
                    ));
                }
            }
        }
        for (e, names) in &pred_to_gold {
            if names.len() > 1 {
                problems.push(format!(
                    "{}: merged {:?} into {}",
                    g.file, names, a.entities[*e].name
                ));
            }
        }
        for (i, e) in a.entities.iter().enumerate() {
            if e.kind == EntityKind::Person {
                predicted += 1;
                if pred_to_gold.contains_key(&i) {
                    correct_pred += 1;
                } else {
                    problems.push(format!("{}: spurious person {}", g.file, e.name));
                }
            }
        }
    }
    let recall = found as f64 / people.max(1) as f64;
    let precision = correct_pred as f64 / predicted.max(1) as f64;
    let main_role_recall = (found - (with_role - role_ok)) as f64 / people.max(1) as f64;
    let mention_recall = hit_mentions as f64 / gold_mentions.max(1) as f64;
    eprintln!(
        "people: P={precision:.3} R={recall:.3}; people with main role R={main_role_recall:.3} \
         (roles {role_ok}/{with_role}); gold name mentions on the right entity {mention_recall:.3}"
    );
    for p in &problems {
        eprintln!("  {p}");
    }
    let merged_or_split = problems
        .iter()
        .filter(|p| p.contains(" split: ") || p.contains(": merged "))
        .count();
    assert_eq!(merged_or_split, 0, "merged or split people: {problems:#?}");
    assert!(
        main_role_recall >= 0.90,
        "people with main role R = {main_role_recall:.3} < 0.90"
    );
    assert!(precision >= 0.85, "people precision {precision:.3} < 0.85");
}
