//! A store is marked as one in the SQLite header (application id, schema version); files that
//! are not stores of this version are refused without being changed.

use std::path::Path;

use corroborate_store::{Store, StoreError, APPLICATION_ID, SCHEMA_VERSION};

fn refused(path: &Path, words: &str) {
    for (how, r) in [
        ("open", Store::open(path).map(|_| ())),
        ("open_readonly", Store::open_readonly(path).map(|_| ())),
    ] {
        match r {
            Err(StoreError::Incompatible(m)) => assert!(m.contains(words), "{how}: {m}"),
            Err(e) => panic!("{how}: not a clear refusal: {e}"),
            Ok(()) => panic!("{how}: {} was accepted", path.display()),
        }
    }
}

fn tables(path: &Path) -> Vec<String> {
    let c = rusqlite::Connection::open(path).expect("open");
    let mut q = c
        .prepare("SELECT name FROM sqlite_master ORDER BY name")
        .expect("prepare");
    let names = q
        .query_map([], |r| r.get::<_, String>(0))
        .expect("query")
        .collect::<Result<Vec<_>, _>>()
        .expect("names");
    names
}

#[test]
fn a_new_store_is_marked_in_its_header() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("new.db");
    drop(Store::open(&path).expect("create"));
    let s = Store::open_readonly(&path).expect("reopen");
    let c = s.connection();
    let app: i32 = c
        .query_row("PRAGMA application_id", [], |r| r.get(0))
        .expect("application_id");
    let version: i32 = c
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .expect("user_version");
    assert_eq!((app, version), (APPLICATION_ID, SCHEMA_VERSION));
    // Opening again leaves it as it is.
    drop(Store::open(&path).expect("open again"));
}

#[test]
fn foreign_files_are_refused_untouched() {
    let dir = tempfile::tempdir().expect("tempdir");
    let one = dir.path().join("one-byte.db");
    std::fs::write(&one, b"x").expect("write");
    refused(&one, "not an SQLite database");
    assert_eq!(std::fs::read(&one).expect("read"), b"x");

    let other = dir.path().join("other-app.db");
    {
        let c = rusqlite::Connection::open(&other).expect("create");
        c.execute_batch("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL);")
            .expect("schema");
    }
    refused(&other, "another application");
    assert_eq!(
        tables(&other),
        vec!["invoices".to_string()],
        "tables were added"
    );

    let tagged = dir.path().join("tagged.db");
    {
        let c = rusqlite::Connection::open(&tagged).expect("create");
        c.pragma_update(None, "application_id", 0x1234_5678)
            .expect("application_id");
    }
    refused(&tagged, "another application");
}

#[test]
fn other_schema_versions_are_refused_with_what_to_do() {
    let dir = tempfile::tempdir().expect("tempdir");
    let newer = dir.path().join("newer.db");
    drop(Store::open(&newer).expect("create"));
    {
        let c = rusqlite::Connection::open(&newer).expect("open");
        c.pragma_update(None, "user_version", SCHEMA_VERSION + 1)
            .expect("user_version");
    }
    refused(&newer, "upgrade corroborate");

    // A store from before the header marks (schema 1 in store_info only).
    let old = dir.path().join("v1.db");
    {
        let c = rusqlite::Connection::open(&old).expect("create");
        c.execute_batch(
            "CREATE TABLE store_info (key TEXT PRIMARY KEY, value TEXT NOT NULL);
             INSERT INTO store_info VALUES ('schema_version', '1');",
        )
        .expect("schema");
    }
    refused(&old, "re-ingest");
}

/// A version 2 store (every story report as text) is read as it is and marked as this version
/// when first opened for writing; an older build then refuses it.
#[test]
fn a_version_2_store_is_read_and_upgraded_on_first_write() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("v2.db");
    drop(Store::open(&path).expect("create"));
    let header = |p: &std::path::Path| -> (i32, String) {
        let c = rusqlite::Connection::open(p).expect("open");
        let v = c
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .expect("user_version");
        let info = c
            .query_row(
                "SELECT value FROM store_info WHERE key = 'schema_version'",
                [],
                |r| r.get(0),
            )
            .expect("store_info");
        (v, info)
    };
    {
        let c = rusqlite::Connection::open(&path).expect("open");
        c.pragma_update(None, "user_version", 2)
            .expect("user_version");
        c.execute(
            "UPDATE store_info SET value = '2' WHERE key = 'schema_version'",
            [],
        )
        .expect("store_info");
    }
    drop(Store::open_readonly(&path).expect("a version 2 store is readable"));
    assert_eq!(
        header(&path),
        (2, "2".to_string()),
        "reading changes nothing"
    );
    drop(Store::open(&path).expect("a version 2 store opens for writing"));
    assert_eq!(header(&path), (SCHEMA_VERSION, SCHEMA_VERSION.to_string()));
    assert_eq!(SCHEMA_VERSION, 3);
}

/// Many connections creating one new store at the same moment (as parallel `ingest` processes
/// do) all open it, and none sees it half-created and refuses it.
#[test]
fn racing_creators_all_open_the_new_store() {
    let dir = tempfile::tempdir().expect("tempdir");
    for round in 0..15 {
        let path = dir.path().join(format!("race{round}.db"));
        let barrier = std::sync::Arc::new(std::sync::Barrier::new(6));
        let openers: Vec<_> = (0..6)
            .map(|_| {
                let (path, barrier) = (path.clone(), barrier.clone());
                std::thread::spawn(move || {
                    barrier.wait();
                    Store::open(&path).map(|_| ()).map_err(|e| e.to_string())
                })
            })
            .collect();
        for opener in openers {
            let opened = opener.join().expect("opener thread");
            assert!(opened.is_ok(), "round {round}: {opened:?}");
        }
    }
}
