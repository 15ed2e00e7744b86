//! People and agencies across stories (docs/people.md): a fictional multi-story corpus written
//! for this test (one officer across three stories over two years, a namesake in another town,
//! a department with two chiefs in turn), the seeds (Hunter Foster's dossier) and the HTTP API
//! and pages.

mod support_http;

use std::path::Path;

use serde_json::Value;
use support_http::{get, ingest, seeds, serve};

/// Fictional articles: (file, outlet, published, text).
const CORPUS: &[(&str, &str, &str, &str)] = &[
    (
        "a1.txt",
        "Millbrook Gazette",
        "2024-03-05",
        "Millbrook police add four officers\n\nMILLBROOK — The Millbrook Police Department hired four new officers on Monday, March 4, Police Chief Laura Bennett said.\n\nAmong them is Officer Daniel Reyes, 27, who was sworn in at City Hall after finishing the regional academy in February.\n\n\"They are ready to serve Millbrook,\" Bennett said at the ceremony.\n",
    ),
    (
        "b1.txt",
        "Millbrook Gazette",
        "2024-11-20",
        "Resident files complaint over Millbrook traffic stop\n\nMILLBROOK — A Millbrook resident, Tomas Ortega, filed a complaint on Monday, Nov. 18, against Millbrook police officer Daniel Reyes over a traffic stop on Ridge Road.\n\nOrtega said Reyes pulled him from his truck without cause. The department's internal affairs unit opened an investigation into the complaint, the chief said.\n\n\"We take every complaint seriously,\" the department said in a statement.\n",
    ),
    (
        "c1.txt",
        "Harlan Courier",
        "2025-08-10",
        "Millbrook officer shoots man during stop\n\nMILLBROOK — A Millbrook police officer shot and wounded Evan Price, 34, during a traffic stop on Saturday, August 9, 2025, police said.\n\nThe officer, Daniel Reyes, was placed on administrative leave, Police Chief Marcus Hale said. Hale took over the department in January 2025 after Laura Bennett retired.\n\nPrice was taken to Harlan County Hospital with a wound to the shoulder. The state police are investigating the shooting.\n",
    ),
    (
        "c2.txt",
        "Millbrook Gazette",
        "2025-08-30",
        "Millbrook officer in Price shooting resigns\n\nMILLBROOK — Daniel Reyes, the Millbrook police officer who shot Evan Price during an August 9 traffic stop, resigned on Friday, August 29, 2025, Chief Marcus Hale said.\n\nReyes had been on administrative leave since the shooting. Price, 34, is recovering at home, his family said.\n\nHale said the state police investigation of the shooting continues.\n",
    ),
    (
        "d1.txt",
        "Eastwick Ledger",
        "2025-05-07",
        "Eastwick sergeant honored for flood rescue\n\nEASTWICK — Eastwick police Sgt. Daniel Reyes was honored on Tuesday, May 6, 2025, for pulling two children from the Sable River during April floods, Mayor Ruth Okafor said.\n\nReyes has served the Eastwick Police Department for 19 years.\n",
    ),
    (
        "e1.txt",
        "Harlan Courier",
        "2026-01-14",
        "Arson trial opens in Harlan County\n\nHARLAN — The arson trial of Lena Voss opened on Tuesday, January 13, 2026, in Harlan County Circuit Court.\n\nOfficer Reyes, who responded to the fire, testified that the warehouse door had been forced. Judge Irene Colter adjourned the trial until Thursday.\n",
    ),
];

fn write_corpus(dir: &Path) {
    let mut docs = Vec::new();
    for (file, outlet, published, text) in CORPUS {
        std::fs::write(dir.join(file), text).expect("write article");
        docs.push(serde_json::json!({"file": file, "outlet": outlet, "published": published}));
    }
    std::fs::write(
        dir.join("manifest.json"),
        serde_json::json!({ "documents": docs }).to_string(),
    )
    .expect("write manifest");
}

fn dossiers(db: &Path, command: &str, name: &str) -> Vec<Value> {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_corroborate"))
        .args([command, "--db"])
        .arg(db)
        .args([name, "--json"])
        .output()
        .expect("run corroborate");
    assert!(
        out.status.success(),
        "{command} {name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    v["dossiers"].as_array().cloned().unwrap_or_default()
}

/// The timeline entries of a dossier in one category.
fn entries<'a>(d: &'a Value, category: &str) -> Vec<&'a Value> {
    d["timeline"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|e| {
            e["categories"]
                .as_array()
                .is_some_and(|c| c.iter().any(|x| x == category))
        })
        .collect()
}

/// Every entry cites a story, a document and a non-empty span holding the text given.
fn assert_cited(c: &Value, texts: &std::collections::HashMap<String, String>) {
    let doc = c["doc"].as_str().expect("doc");
    assert!(c["story"].as_str().is_some_and(|s| !s.is_empty()));
    let (a, b) = (
        c["start"].as_u64().expect("start") as usize,
        c["end"].as_u64().expect("end") as usize,
    );
    let text: String = texts[doc].chars().skip(a).take(b - a).collect();
    assert!(!text.is_empty());
    assert_eq!(c["text"].as_str(), Some(text.as_str()), "span text");
}

fn doc_texts(db: &Path) -> std::collections::HashMap<String, String> {
    let store = corroborate_store::Store::open_readonly(db).expect("open");
    let mut q = store
        .connection()
        .prepare("SELECT id, text FROM documents")
        .expect("prepare");
    let rows = q
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .expect("query");
    rows.map(|r| r.expect("row")).collect()
}

#[test]
fn one_officer_across_three_stories_a_namesake_apart_and_two_chiefs_in_turn() {
    let dir = tempfile::tempdir().expect("tempdir");
    let corpus = dir.path().join("corpus");
    std::fs::create_dir(&corpus).expect("mkdir");
    write_corpus(&corpus);
    let db = dir.path().join("f.db");
    ingest(&db, &[&corpus], &[]);
    let texts = doc_texts(&db);

    let found = dossiers(&db, "person", "Daniel Reyes");
    assert_eq!(found.len(), 2, "two people named Daniel Reyes: {found:#?}");
    let (millbrook, eastwick) = if found[0]["stories"].as_array().map(Vec::len) == Some(3) {
        (&found[0], &found[1])
    } else {
        (&found[1], &found[0])
    };
    assert_eq!(millbrook["stories"].as_array().map(Vec::len), Some(3));
    assert_eq!(eastwick["stories"].as_array().map(Vec::len), Some(1));
    // Each merge keeps its evidence: the shared agency.
    assert!(millbrook["stories"]
        .as_array()
        .into_iter()
        .flatten()
        .any(|s| s["evidence"]["shared_agency"]
            .as_array()
            .is_some_and(|a| a.iter().any(|x| x == "millbrook"))));
    // The namesake is listed, never merged, with the reason.
    let possible = &eastwick["possibly_same"][0];
    assert_eq!(possible["id"], millbrook["entity"]["id"]);
    assert!(possible["reason"]
        .as_str()
        .is_some_and(|r| r.contains("same name")));

    // A surname alone is never merged: listed as possibly either Daniel Reyes.
    let alone = dossiers(&db, "person", "Reyes");
    let surname = alone
        .iter()
        .find(|d| d["entity"]["name"] == "Reyes")
        .expect("the one-name Reyes is its own entry");
    assert_eq!(surname["possibly_same"].as_array().map(Vec::len), Some(2));
    assert!(surname["possibly_same"][0]["reason"]
        .as_str()
        .is_some_and(|r| r.contains("only the name")));

    // Recomputing the people tables gives the same rows (sorted keys, no hash order).
    let rows = |db: &Path| -> Vec<String> {
        let s = corroborate_store::Store::open_readonly(db).expect("open");
        let mut q = s
            .connection()
            .prepare("SELECT person || '|' || story || '|' || entity || '|' || evidence_json FROM people_members ORDER BY 1")
            .expect("prepare");
        let r = q.query_map([], |r| r.get(0)).expect("query");
        r.map(|x| x.expect("row")).collect()
    };
    let before = rows(&db);
    corroborate_store::Store::open(&db)
        .expect("open")
        .refresh_people()
        .expect("refresh");
    assert_eq!(rows(&db), before);

    // Hired, complaint, shooting, leave, resignation: each dated, cited, in order of date.
    let first_date = |category: &str| -> String {
        let e = entries(millbrook, category);
        assert!(!e.is_empty(), "no {category} entry: {millbrook:#?}");
        for x in &e {
            assert_cited(&x["cite"], &texts);
        }
        e[0]["date"].as_str().expect("dated").to_string()
    };
    let hired = first_date("hired");
    let complaint = first_date("complaint");
    let leave = first_date("on leave");
    first_date("use of force");
    let resigned = first_date("resigned");
    assert!(hired.starts_with("2024-0"), "{hired}");
    assert_eq!(complaint, "2024-11-18");
    assert!(
        hired < complaint && complaint < leave,
        "{hired} {complaint} {leave}"
    );
    assert_eq!(
        resigned, "2025-08-29",
        "the date nearest the word that names the event"
    );
    // Roles over time, each with its evidence.
    let roles = millbrook["roles"].as_array().expect("roles");
    assert!(roles
        .iter()
        .any(|r| r["of_text"] == "Millbrook" && r["role"] == "police officer"));
    for r in roles {
        assert_cited(&r["cite"], &texts);
    }

    // The same timeline in the format of SemEval-2015 Task 4: name, then order, date and ids.
    let id = millbrook["entity"]["id"].as_str().expect("id");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_corroborate"))
        .args(["person", "--db"])
        .arg(&db)
        .args([id, "--format", "semeval-timeline"])
        .output()
        .expect("run corroborate");
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("Daniel Reyes"));
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split('\t').collect()).collect();
    assert!(rows.len() >= 4, "{text}");
    for (i, r) in rows.iter().enumerate() {
        assert_eq!(r[0], i.to_string());
        assert!(r.len() >= 3 && r[1].len() == 10, "{text}");
    }
    assert!(
        rows.windows(2).all(|w| w[0][1] < w[1][1]),
        "dates in order: {text}"
    );
    assert!(rows
        .iter()
        .any(|r| r[1] == "2024-11-18" && r[2].ends_with("-complaint")));

    // The department: two chiefs in turn, and the shooting's incident record.
    let found = dossiers(&db, "agency", "Millbrook Police Department");
    assert_eq!(found.len(), 1);
    let dept = &found[0];
    let chiefs: Vec<(&str, &str)> = dept["roles"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|r| r["role"].as_str().is_some_and(|x| x.contains("chief")))
        .map(|r| {
            (
                r["cite"]["published"].as_str().unwrap_or(""),
                r["name"].as_str().unwrap_or(""),
            )
        })
        .collect();
    let bennett = chiefs
        .iter()
        .find(|c| c.1 == "Laura Bennett")
        .expect("Bennett");
    let hale = chiefs.iter().find(|c| c.1 == "Marcus Hale").expect("Hale");
    assert!(bennett.0 < hale.0, "{chiefs:?}");
    let incident = &dept["incidents"][0];
    assert_eq!(incident["schema"], "police-use-of-force");
    assert!(incident["fields"]
        .as_array()
        .into_iter()
        .flatten()
        .any(|f| f["name"] == "victim" && f["value"] == "Evan Price"));
}

#[test]
fn hunter_fosters_dossier_cites_the_remark_the_leave_the_resignation_and_certification() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("s.db");
    ingest(&db, &[&seeds()], &[]);
    let texts = doc_texts(&db);
    let found = dossiers(&db, "person", "Hunter Foster");
    assert_eq!(found.len(), 1);
    let d = &found[0];
    for (category, word) in [
        ("conduct", "remark"),
        ("on leave", "leave"),
        ("resigned", "resign"),
        ("certification", "certified"),
    ] {
        let e = entries(d, category);
        assert!(
            e.iter()
                .any(|x| x["cite"]["text"].as_str().is_some_and(|t| t.contains(word))),
            "no {category} entry with {word:?}"
        );
        for x in e {
            assert_cited(&x["cite"], &texts);
        }
    }
    assert!(!d["quotes_about"].as_array().expect("quotes").is_empty());
    // The police chief fired in September, and the department's people by role.
    let chief = &dossiers(&db, "person", "Harold Vanderford")[0];
    let fired = entries(chief, "fired");
    assert!(
        fired
            .iter()
            .any(|e| e["date"].as_str().is_some_and(|x| x.starts_with("2026-09"))),
        "{chief:#?}"
    );
    let dept = &dossiers(&db, "agency", "Senatobia Police Department")[0];
    let roles: Vec<(&str, &str)> = dept["roles"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| {
            (
                r["name"].as_str().unwrap_or(""),
                r["role"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert!(
        roles.contains(&("Harold Vanderford", "police chief")),
        "{roles:?}"
    );
    assert!(roles.iter().any(|r| r.0 == "Hunter Foster"), "{roles:?}");
    assert!(
        !entries(dept, "investigation").is_empty(),
        "investigations of it"
    );
    for e in entries(dept, "investigation") {
        assert_cited(&e["cite"], &texts);
    }

    // The API and the pages: a person from a story, the story from the person.
    let srv = serve(&db, &[]);
    let a = srv.addr.as_str();
    let id = d["entity"]["id"].as_str().expect("id");
    let api = get(a, &format!("/api/people/{id}"));
    assert_eq!(api.status, 200);
    assert_eq!(api.json()["entity"]["name"], "Hunter Foster");
    let list = get(a, "/api/people?q=foster").json();
    assert_eq!(list["people"][0]["id"], id);
    assert!(list["people"][0]["stories"].as_u64() >= Some(1));
    let story = d["stories"][0]["id"].as_str().expect("story");
    let page = get(a, &format!("/stories/{story}")).text();
    assert!(
        page.contains(&format!("href=\"/people/{id}\"")),
        "story page links the person"
    );
    let person = get(a, &format!("/people/{id}")).text();
    assert!(
        person.contains(&format!("href=\"/stories/{story}\"")),
        "person page links the story"
    );
    assert!(person.contains("administrative leave"));
    assert_eq!(get(a, "/api/people/p-nobody").status, 404);
    assert_eq!(get(a, "/api/agencies/bad%20id").status, 400);
    let agencies = get(a, "/api/agencies?q=senatobia").json();
    assert!(agencies["agencies"]
        .as_array()
        .is_some_and(|x| !x.is_empty()));
}
