//! The bundled fictional example corpus (`examples/corpus`, written for the project): entity
//! kinds, roles and the pronoun speaker the README's flagship command shows in "Who's who".

use std::path::PathBuf;

use corroborate_core::load::{discover, load_file};
use corroborate_core::PreparedDoc;
use corroborate_extract::entities::{self, EntityAnalysis, EntityKind};
use corroborate_extract::quotes;

fn corpus() -> Vec<(String, PreparedDoc)> {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/corpus"
    ));
    let found = discover(&[dir], None, true);
    let mut out = Vec::new();
    for f in &found.files {
        let name = f
            .path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("")
            .to_string();
        for d in load_file(f).documents {
            out.push((
                name.clone(),
                PreparedDoc::new(d, jiff::civil::date(2026, 12, 1)),
            ));
        }
    }
    out
}

fn kind_of(a: &EntityAnalysis, name: &str) -> Option<EntityKind> {
    a.entities.iter().find(|e| e.name == name).map(|e| e.kind)
}

#[test]
fn example_corpus_kinds_roles_and_speakers() {
    let docs = corpus();
    assert_eq!(docs.len(), 6);
    for (file, doc) in &docs {
        let a = entities::extract(doc);
        let show = || format!("{file}: {:#?}", a.entities);
        for outlet in ["Coastal Wire", "Northshore Radio"] {
            let k = kind_of(&a, outlet);
            assert!(
                k.is_none_or(|k| k == EntityKind::Organization),
                "{outlet} {}",
                show()
            );
        }
        let k = kind_of(&a, "Pellam Point");
        assert!(k.is_none_or(|k| k == EntityKind::Place), "{}", show());
        if file.starts_with("04-") {
            let okafor = a.entities.iter().find(|e| e.name == "Luis Okafor");
            assert!(
                okafor.is_some_and(|e| e.roles.iter().all(|r| r.normalized != "daughter")),
                "{}",
                show()
            );
            let bell = a.entities.iter().find(|e| e.name == "Marcus Bell");
            let of: Vec<Option<&str>> = bell
                .map(|e| e.roles.iter().map(|r| r.of_text.as_deref()).collect())
                .unwrap_or_default();
            assert!(of.contains(&Some("Rowan Pike")), "{of:?} {}", show());
            let qs = quotes::extract(doc, &a);
            let q = qs
                .iter()
                .find(|q| doc.slice(q.content).starts_with("No one in this company"));
            assert_eq!(
                q.and_then(|q| q.speaker_name.as_deref()),
                Some("Dana Whitcombe")
            );
        }
    }
}
