//! The Corroborate store: a SQLite file holding documents, their annotations, stories and every
//! version of each story, in plain tables documented in `docs/store.md` (useful from the
//! `sqlite3` shell or Datasette without our code).
//!
//! Ingest is idempotent (document ids are content hashes; a known id is skipped) and crash safe:
//! documents are written one transaction per batch in WAL mode, and the cross-article stages run
//! afterwards in their own transaction. A run killed at any point leaves every committed batch;
//! the next run links the documents no story holds yet.
//!
//! Per-article work happens once per article: each document's result is stored as a versioned
//! artifact (`artifacts`), with what linking needs of it (`link_records`: word hashes, credits,
//! story features; no text). The linker (the same one `analyze` uses) groups the whole store
//! into stories from the link records, and only the stories whose documents changed are
//! reconciled and get a new version: only their articles' artifacts are read back. Each story
//! version stores its report JSON, deflated (`story_versions.report_json`), from which `report`
//! and the server render without re-running anything.

#![deny(clippy::string_slice)]

mod artifacts;
mod claims_tables;
mod document_tables;
mod fetch_cache;
mod filter;
mod link_records;
pub mod people;
mod reuse_pairs;
mod story_index;
mod versions;

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::Path;

use corroborate_core::load::InputProblem;
use corroborate_core::{DocId, Document};
use corroborate_link::{LinkConfig, LinkInput, LinkRecord, PriorReuse};
use corroborate_reconcile::Analysed;
use corroborate_render::json::{self, CrossDoc, ReportOptions};
use rayon::prelude::*;
use rusqlite::{params, Connection, OpenFlags, OptionalExtension, TransactionBehavior};
use serde::Serialize;
use serde_json::Value;

pub use corroborate_pipeline::dossier::{LoadPassages, LoadResults, StoryReports};
pub(crate) use document_tables::{char_bounds, insert_documents, json_of, slice, text_of};
pub use fetch_cache::CachedPage;
pub use filter::filter_report;
use versions::{story_sets, write_stories, StoredReport};

/// The schema version, in the SQLite header (`PRAGMA user_version`) and in `store_info`.
/// Version 3 keeps story reports deflated; a version 2 store (reports as text) is read as it is
/// and marked 3 the first time it is opened for writing.
pub const SCHEMA_VERSION: i32 = 3;

/// The oldest schema version this build reads (and upgrades when it writes).
const OLDEST_READABLE_VERSION: i32 = 2;

/// Marks a SQLite file as a Corroborate store (`PRAGMA application_id`; "Corr" in ASCII).
pub const APPLICATION_ID: i32 = 0x436F_7272;

/// How long a writer waits for another writer (another `ingest`, the server's ingest queue)
/// before giving up with "database is locked".
pub const WRITE_WAIT: std::time::Duration = std::time::Duration::from_secs(600);

/// The cross-article stages: given every stored document's link input (in storage order), a
/// way to read back the full results of some of them and the stored passages of some article
/// pairs (the prior holds the pairs without their passages), a choice of stories to reconcile (given
/// each story's documents) and the article pairs reuse detection aligned in the previous
/// relink, the stories they form, the report of each chosen story and what reuse detection
/// found in the pairs it aligned (see [`corroborate_pipeline::dossier::story_reports`]). The
/// CLI passes the same linking `analyze` uses, so the store and a plain run agree on stories.
pub type Linker = dyn Fn(
        Vec<LinkInput>,
        &mut LoadResults<'_>,
        &mut LoadPassages<'_>,
        &(dyn Fn(&[DocId]) -> bool + Sync),
        PriorReuse,
    ) -> StoryReports
    + Send
    + Sync;

/// Store errors.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite failed (cannot open, disk full, locked, corrupt).
    #[error("database: {0}")]
    Sql(#[from] rusqlite::Error),
    /// A stored JSON value could not be read or written.
    #[error("stored JSON: {0}")]
    Json(#[from] serde_json::Error),
    /// The file is not a Corroborate store of a version we read.
    #[error("{0}")]
    Incompatible(String),
}

impl StoreError {
    /// Whether the error is SQLite's "database is busy/locked", which a later try may not meet.
    pub fn is_busy(&self) -> bool {
        matches!(
            self,
            StoreError::Sql(rusqlite::Error::SqliteFailure(e, _))
                if matches!(e.code, rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
        )
    }
}

/// Result alias.
pub type Result<T> = std::result::Result<T, StoreError>;

/// How to ingest.
#[derive(Debug, Clone, Copy)]
pub struct IngestOptions {
    /// Documents per transaction.
    pub batch_size: usize,
    /// The day date inference must not go beyond, recorded per document.
    pub today: jiff::civil::Date,
}

/// One article to ingest.
#[derive(Debug, Clone)]
pub enum Article {
    /// A loaded document: the store prepares and extracts it.
    Loaded(Box<Document>),
    /// A result analysed elsewhere (an article artifact): stored as it is.
    Analysed(Box<Analysed>),
}

impl Article {
    /// The document (for an analysed article, the prepared one, with its inferred outlet and
    /// date).
    pub fn document(&self) -> &Document {
        match self {
            Article::Loaded(d) => d,
            Article::Analysed(r) => &r.0.doc,
        }
    }
}

/// How long one stage of an ingest took, in wall-clock seconds (`ingest --timings`).
#[derive(Debug, Clone, Serialize)]
pub struct StageTime {
    /// The stage: "analyse and store articles" (every batch), then the relink's "read stories
    /// and link records", "read reuse pairs", "link and reconcile" (linking the whole store,
    /// reconciling the changed stories), "write stories and pairs", "people" and "commit".
    pub stage: &'static str,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// Times stages one after another: each [`Stages::end`] closes the stage begun at the last.
struct Stages {
    times: Vec<StageTime>,
    since: std::time::Instant,
}

impl Stages {
    fn start() -> Self {
        Stages {
            times: Vec::new(),
            since: std::time::Instant::now(),
        }
    }

    /// Ends the current stage under `stage`, and begins the next.
    fn end(&mut self, stage: &'static str) {
        let now = std::time::Instant::now();
        self.times.push(StageTime {
            stage,
            seconds: now.duration_since(self.since).as_secs_f64(),
        });
        self.since = now;
    }
}

/// What a relink did: the stories that got a new version, the problems of linking and of the
/// stories' stages, and how long its stages took.
#[derive(Debug, Clone, Default)]
pub struct Relinked {
    /// Stories that got a new version.
    pub changes: Vec<StoryChange>,
    /// Problems of linking and of the stories' stages.
    pub problems: Vec<InputProblem>,
    /// Its stages' wall-clock times, in order.
    pub stages: Vec<StageTime>,
}

/// What an ingest did.
#[derive(Debug, Clone, Default, Serialize)]
pub struct IngestSummary {
    /// Ids of the documents added.
    pub added: Vec<String>,
    /// Ids of documents already stored (or repeated in the input), skipped.
    pub skipped: Vec<String>,
    /// Batches committed.
    pub batches: usize,
    /// Stories that got a new version.
    pub stories_changed: Vec<StoryChange>,
    /// Per-article stages that failed (the article is stored without that layer, or not at all
    /// when its preparation failed).
    pub problems: Vec<InputProblem>,
    /// How long its stages took, in order (not serialised: the summary stays deterministic).
    #[serde(skip)]
    pub stages: Vec<StageTime>,
}

/// A story that got a new version.
#[derive(Debug, Clone, Serialize)]
pub struct StoryChange {
    /// Story id.
    pub story: String,
    /// The new version number (1 for a new story).
    pub version: i64,
    /// Documents the story gained.
    pub added: Vec<String>,
}

/// One row of the story list.
#[derive(Debug, Clone, Serialize)]
pub struct StoryRow {
    /// Story id.
    pub id: String,
    /// Title (headline of its earliest article).
    pub title: String,
    /// Current version.
    pub version: i64,
    /// Number of documents.
    pub documents: i64,
    /// Number of distinct outlets.
    pub outlets: i64,
    /// Earliest publication day.
    pub first_published: Option<String>,
    /// Latest publication day.
    pub last_published: Option<String>,
    /// When the current version was made.
    pub updated_at: String,
}

/// One version in a story's history.
#[derive(Debug, Clone, Serialize)]
pub struct VersionRow {
    /// Version number.
    pub version: i64,
    /// When it was made.
    pub created_at: String,
    /// Documents in this version.
    pub documents: i64,
    /// What changed from the previous version.
    pub changes: Value,
}

/// A connection to a store file.
pub struct Store {
    conn: Connection,
}

fn now() -> String {
    jiff::Timestamp::now().to_string()
}

impl Store {
    /// Opens (creating if needed) a store for reading and writing, in WAL mode. Refuses a file
    /// that is not a Corroborate store (not SQLite, or another application's SQLite file) and a
    /// store of another schema version, without changing it.
    pub fn open(path: &Path) -> Result<Store> {
        // SQLite answers some lock conflicts while a store is being created (two processes
        // switching a new file to WAL at once) with SQLITE_BUSY without calling the busy
        // handler; those are retried here, for as long as a write would wait.
        let started = std::time::Instant::now();
        let mut pause = std::time::Duration::from_millis(5);
        loop {
            match Self::open_once(path) {
                Err(e) if e.is_busy() && started.elapsed() < WRITE_WAIT => {
                    std::thread::sleep(pause);
                    pause = (pause * 2).min(std::time::Duration::from_millis(200));
                }
                other => return other,
            }
        }
    }

    fn open_once(path: &Path) -> Result<Store> {
        check_sqlite_header(path)?;
        let conn = Connection::open(path)?;
        conn.busy_timeout(WRITE_WAIT)?;
        // Look before writing anything (WAL mode rewrites the header).
        identity_snapshot(&conn, path)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        // Another process may be creating the same store: decide again under the write lock.
        let tx = rusqlite::Transaction::new_unchecked(&conn, TransactionBehavior::Immediate)?;
        let found = identity(&tx, path)?;
        tx.execute_batch(include_str!("schema.sql"))?;
        if found != Identity::Current {
            // A new store, or an older one whose rows this version reads as they are.
            tx.pragma_update(None, "application_id", APPLICATION_ID)?;
            tx.pragma_update(None, "user_version", SCHEMA_VERSION)?;
            tx.execute(
                "INSERT OR REPLACE INTO store_info (key, value) VALUES ('schema_version', ?1)",
                [SCHEMA_VERSION.to_string()],
            )?;
        }
        tx.commit()?;
        Ok(Store { conn })
    }

    /// Opens an existing store read-only (for the server's readers and `report`); refuses a
    /// file that is not a store of this schema version.
    pub fn open_readonly(path: &Path) -> Result<Store> {
        check_sqlite_header(path)?;
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        if identity_snapshot(&conn, path)? == Identity::Fresh {
            return Err(StoreError::Incompatible(format!(
                "{}: an empty database, not a Corroborate store (create one with corroborate ingest)",
                path.display()
            )));
        }
        Ok(Store { conn })
    }

    /// The underlying connection, for ad-hoc SQL (tests, tools).
    pub fn connection(&self) -> &Connection {
        &self.conn
    }

    /// Adds documents, one transaction per batch of `opts.batch_size`, then relinks the stories
    /// that gained documents. Known documents are skipped. `on_batch` is called after each
    /// committed batch with (documents committed so far, documents to add).
    pub fn ingest(
        &mut self,
        docs: Vec<Document>,
        opts: &IngestOptions,
        linker: &Linker,
        on_batch: &mut dyn FnMut(usize, usize),
    ) -> Result<IngestSummary> {
        let articles = docs
            .into_iter()
            .map(|d| Article::Loaded(Box::new(d)))
            .collect();
        self.ingest_articles(articles, opts, linker, on_batch)
    }

    /// [`ingest`](Self::ingest) for articles loaded here or analysed elsewhere (article
    /// artifacts, e.g. from the Spark job's annotate stage): an analysed article is stored as
    /// it is, without preparing or extracting it again.
    pub fn ingest_articles(
        &mut self,
        articles: Vec<Article>,
        opts: &IngestOptions,
        linker: &Linker,
        on_batch: &mut dyn FnMut(usize, usize),
    ) -> Result<IngestSummary> {
        let mut summary = IngestSummary::default();
        let mut stages = Stages::start();
        let mut seen = HashSet::new();
        let mut fresh = Vec::new();
        {
            let mut exists = self.conn.prepare("SELECT 1 FROM documents WHERE id = ?1")?;
            for a in articles {
                let id = a.document().id.clone();
                let known = exists.exists([id.as_str()])?;
                if known || !seen.insert(id.clone()) {
                    summary.skipped.push(id.0.to_string());
                } else {
                    fresh.push(a);
                }
            }
        }
        let total = fresh.len();
        let mut done = 0;
        let today = opts.today.to_string();
        for chunk in fresh.chunks(opts.batch_size.max(1)) {
            // Each article runs through the guarded per-article stages: one that trips a bug
            // is a problem in the summary, and the rest of the batch is stored.
            let (analysed, failed): (Vec<Option<Analysed>>, Vec<Vec<InputProblem>>) = chunk
                .par_iter()
                .map(|a| match a {
                    Article::Loaded(d) => corroborate_pipeline::annotate((**d).clone(), opts.today),
                    Article::Analysed(r) => (Some((**r).clone()), Vec::new()),
                })
                .unzip();
            let analysed: Vec<Analysed> = analysed.into_iter().flatten().collect();
            let (packed, records): (Vec<Packed>, Vec<Packed>) = analysed
                .par_iter()
                .map(|r| {
                    let id = r.0.doc.id.0.to_string();
                    (
                        (id.clone(), artifacts::pack(r)),
                        (id, link_records::pack(&link_records::of(r))),
                    )
                })
                .unzip();
            let prepared: HashSet<String> = analysed
                .iter()
                .map(|(p, _)| p.doc.id.0.to_string())
                .collect();
            summary.problems.extend(failed.into_iter().flatten());
            let originals: HashMap<&str, &Document> = chunk
                .iter()
                .map(|a| (a.document().id.as_str(), a.document()))
                .collect();
            let report = json::build(
                analysed,
                Vec::new(),
                CrossDoc::default(),
                ReportOptions::default(),
            );
            // Take the write lock up front (a deferred transaction that reads first cannot wait
            // for another writer), and decide under it which documents are still new.
            let tx = self
                .conn
                .transaction_with_behavior(TransactionBehavior::Immediate)?;
            tx.execute(
                "INSERT INTO batches (committed_at, documents) VALUES (?1, ?2)",
                params![now(), chunk.len() as i64],
            )?;
            let batch = tx.last_insert_rowid();
            let written = insert_documents(&tx, &report, &originals, batch, &today)?;
            let packed: Vec<Packed> = packed
                .into_iter()
                .filter(|(id, _)| written.contains(id))
                .collect();
            artifacts::write(&tx, &packed)?;
            let records: Vec<Packed> = records
                .into_iter()
                .filter(|(id, _)| written.contains(id))
                .collect();
            link_records::write(&tx, &records)?;
            tx.execute(
                "UPDATE batches SET documents = ?1 WHERE id = ?2",
                params![written.len() as i64, batch],
            )?;
            tx.commit()?;
            done += chunk.len();
            summary.batches += 1;
            for d in chunk.iter().map(Article::document) {
                if written.contains(d.id.as_str()) {
                    summary.added.push(d.id.0.to_string());
                } else if prepared.contains(d.id.as_str()) {
                    summary.skipped.push(d.id.0.to_string());
                }
            }
            on_batch(done, total);
        }
        stages.end("analyse and store articles");
        summary.stages = stages.times;
        if total > 0 || self.has_unlinked()? {
            let relinked = self.relink(linker)?;
            summary.stories_changed = relinked.changes;
            summary.problems.extend(relinked.problems);
            summary.stages.extend(relinked.stages);
        }
        Ok(summary)
    }

    /// True when some stored document belongs to no story (an ingest stopped before linking).
    pub fn has_unlinked(&self) -> Result<bool> {
        Ok(self.conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM documents WHERE id NOT IN (SELECT doc FROM story_documents))",
            [],
            |r| r.get(0),
        )?)
    }

    /// Links every stored document into stories and writes a new version of each story whose
    /// documents changed; only those stories are reconciled. Stories keep their ids: a computed
    /// story takes the id of the stored story it shares most documents with. Returns the new
    /// versions, the problems of linking and of the stories' stages, and its stages' times.
    pub fn relink(&mut self, linker: &Linker) -> Result<Relinked> {
        // Link without holding the write lock, then write only if no document arrived and no
        // story changed meanwhile; after a few lost races, link while holding the lock.
        let mut attempt = 0;
        loop {
            attempt += 1;
            let locked = attempt > 3;
            let tx = if locked {
                Some(rusqlite::Transaction::new_unchecked(
                    &self.conn,
                    TransactionBehavior::Immediate,
                )?)
            } else {
                None
            };
            let conn: &Connection = match &tx {
                Some(t) => t,
                None => &self.conn,
            };
            let mut stages = Stages::start();
            let stamp = document_stamp(conn)?;
            let stored = story_sets(conn)?;
            let linked = link_changed(conn, linker, &stored, &mut stages)?;
            let tx = match tx {
                Some(t) => t,
                None => {
                    let t = rusqlite::Transaction::new_unchecked(
                        &self.conn,
                        TransactionBehavior::Immediate,
                    )?;
                    if document_stamp(&t)? != stamp || story_sets(&t)? != stored {
                        continue;
                    }
                    t
                }
            };
            artifacts::write(&tx, &linked.refreshed)?;
            link_records::write(&tx, &linked.records)?;
            reuse_pairs::write(&tx, linked.reuse_usable, &linked.reports.pairs, stamp.1)?;
            story_index::write(&tx, linked.reports.story_snapshot.as_ref())?;
            let changes = write_stories(&tx, &stored, &linked.reports)?;
            stages.end("write stories and pairs");
            people::refresh(&tx)?;
            stages.end("people");
            tx.commit()?;
            stages.end("commit");
            return Ok(Relinked {
                changes,
                problems: linked.reports.problems,
                stages: stages.times,
            });
        }
    }
}

/// Which documents are stored: (count, largest rowid). Documents are only ever added.
fn document_stamp(conn: &Connection) -> Result<(i64, i64)> {
    Ok(conn.query_row(
        "SELECT count(*), coalesce(max(rowid), 0) FROM documents",
        [],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?)
}

/// A document id and a deflated blob of it (an artifact or a link record).
type Packed = (String, Vec<u8>);

/// What a relink computed before writing.
struct Linked {
    /// The stories and the reports of those whose documents changed.
    reports: StoryReports,
    /// Artifacts written anew: documents stored without a readable one (an older build's).
    refreshed: Vec<Packed>,
    /// Link records written anew: documents stored without a readable one.
    records: Vec<Packed>,
    /// Whether the reuse pairs stored before the relink were used (else they are replaced).
    reuse_usable: bool,
}

/// A stored document as a relink reads it.
struct StoredRow {
    id: String,
    today: String,
    rowid: i64,
    /// (version, deflated record) of its link record, when one is stored.
    record: Option<(i64, Vec<u8>)>,
}

/// Runs the cross-article stages over every stored document: stories are linked over the whole
/// store from the link records, and reported only where their documents differ from every
/// `stored` story's; only the reported stories' articles are read back.
fn link_changed(
    conn: &Connection,
    linker: &Linker,
    stored: &BTreeMap<String, BTreeSet<String>>,
    stages: &mut Stages,
) -> Result<Linked> {
    let mut rows: Vec<StoredRow> = Vec::new();
    {
        let mut q = conn.prepare(
            "SELECT d.id, d.today, d.rowid, l.version, l.data FROM documents d LEFT JOIN link_records l ON l.doc = d.id ORDER BY d.batch, d.rowid",
        )?;
        let it = q.query_map([], |r| {
            Ok(StoredRow {
                id: r.get(0)?,
                today: r.get(1)?,
                rowid: r.get(2)?,
                record: match r.get::<_, Option<i64>>(3)? {
                    Some(v) => Some((v, r.get(4)?)),
                    None => None,
                },
            })
        })?;
        for row in it {
            rows.push(row?);
        }
    }
    let mut records: Vec<Option<LinkRecord>> = rows
        .par_iter()
        .map(|row| {
            let (v, data) = row.record.as_ref()?;
            link_records::unpack(*v, data)
        })
        .collect();
    // Documents without a readable record are made one from their artifact, or, without a
    // readable artifact, annotated again from their stored form.
    let refreshed: Vec<Packed>;
    let mut remade: Vec<(usize, Vec<u8>)> = Vec::new();
    {
        let mut missing: Vec<(usize, Option<Analysed>)> = Vec::new();
        for (i, row) in rows
            .iter()
            .enumerate()
            .filter(|(i, _)| records[*i].is_none())
        {
            let read = artifacts::fetch(conn, &row.id)?;
            missing.push((i, read.and_then(|(v, data)| artifacts::unpack(v, &data))));
        }
        let mut annotate: Vec<(usize, Document, jiff::civil::Date)> = Vec::new();
        let mut results: Vec<(usize, Analysed)> = Vec::new();
        for (i, read) in missing {
            match read {
                Some(r) => results.push((i, r)),
                None => {
                    let (d, today) = stored_document(conn, &rows[i])?;
                    annotate.push((i, d, today));
                }
            }
        }
        // A stored article whose preparation fails was reported when it was ingested; it is
        // left out of the stories rather than stopping the relink.
        let annotated: Vec<(usize, Analysed)> = annotate
            .into_par_iter()
            .filter_map(|(i, d, today)| Some((i, corroborate_pipeline::annotate(d, today).0?)))
            .collect();
        refreshed = annotated
            .par_iter()
            .map(|(_, r)| (r.0.doc.id.0.to_string(), artifacts::pack(r)))
            .collect();
        results.extend(annotated);
        let made: Vec<(usize, LinkRecord, Vec<u8>)> = results
            .par_iter()
            .map(|(i, r)| {
                let record = link_records::of(r);
                let packed = link_records::pack(&record);
                (*i, record, packed)
            })
            .collect();
        for (i, record, packed) in made {
            records[i] = Some(record);
            remade.push((i, packed));
        }
    }
    // The link inputs, and for each its row.
    let cfg = LinkConfig::default();
    let (row_of, inputs): (Vec<usize>, Vec<LinkInput>) = records
        .into_par_iter()
        .enumerate()
        .filter_map(|(i, r)| Some((i, LinkInput::from_record(r?, &cfg))))
        .unzip();
    stages.end("read stories and link records");
    let known: HashSet<&BTreeSet<String>> = stored.values().collect();
    let changed = |docs: &[DocId]| {
        let set: BTreeSet<String> = docs.iter().map(|d| d.0.to_string()).collect();
        !known.contains(&set)
    };
    let docs: Vec<(String, i64)> = rows.iter().map(|r| (r.id.clone(), r.rowid)).collect();
    // Pairs found over the stored records stay true unless some record was made anew.
    let mut prior = reuse_pairs::read(conn, &docs, !remade.is_empty())?;
    if let Some(snapshot) = story_index::read(conn)? {
        prior.reuse = prior.reuse.with_stories(snapshot);
    }
    drop(docs);
    stages.end("read reuse pairs");
    let fresh: HashMap<&str, &[u8]> = refreshed
        .iter()
        .map(|(id, data)| (id.as_str(), data.as_slice()))
        .collect();
    let mut failed: Option<StoreError> = None;
    let mut load = |positions: &[usize]| -> Vec<Option<Analysed>> {
        match load_results(conn, &rows, &row_of, &fresh, positions) {
            Ok(r) => r,
            Err(e) => {
                failed = Some(e);
                Vec::new()
            }
        }
    };
    let mut failed_passages: Option<StoreError> = None;
    let mut load_passages = |pairs: &[(DocId, DocId)]| -> Vec<corroborate_link::Passage> {
        match reuse_pairs::passages(conn, pairs) {
            Ok(p) => p,
            Err(e) => {
                failed_passages = Some(e);
                Vec::new()
            }
        }
    };
    let reports = linker(inputs, &mut load, &mut load_passages, &changed, prior.reuse);
    if let Some(e) = failed.or(failed_passages) {
        return Err(e);
    }
    stages.end("link and reconcile");
    drop(fresh);
    let records = remade
        .into_iter()
        .map(|(i, packed)| (rows[i].id.clone(), packed))
        .collect();
    Ok(Linked {
        reports,
        refreshed,
        records,
        reuse_usable: prior.usable,
    })
}

/// A stored document as it was loaded, and the analysis day stored with it.
fn stored_document(conn: &Connection, row: &StoredRow) -> Result<(Document, jiff::civil::Date)> {
    let json: String = conn
        .prepare_cached("SELECT document_json FROM documents WHERE id = ?1")?
        .query_row([&row.id], |r| r.get(0))?;
    let d: Document = serde_json::from_str(&json)?;
    // Never the clock: the stored day keeps re-analysis deterministic.
    let today = row.today.parse().map_err(|e| {
        StoreError::Incompatible(format!(
            "stored document {} has an unreadable analysis day {:?}: {e}",
            d.id, row.today
        ))
    })?;
    Ok((d, today))
}

/// The full results of the link inputs at `positions` (their rows are `row_of`), read back
/// from their artifacts (`fresh`: those made in this relink, not yet written). One whose
/// artifact does not read back is annotated again from its stored form.
fn load_results(
    conn: &Connection,
    rows: &[StoredRow],
    row_of: &[usize],
    fresh: &HashMap<&str, &[u8]>,
    positions: &[usize],
) -> Result<Vec<Option<Analysed>>> {
    let mut packed: Vec<Option<(i64, Vec<u8>)>> = Vec::with_capacity(positions.len());
    for &p in positions {
        let Some(row) = row_of.get(p).and_then(|&r| rows.get(r)) else {
            packed.push(None);
            continue;
        };
        packed.push(match fresh.get(row.id.as_str()) {
            Some(data) => Some((artifacts::VERSION, data.to_vec())),
            None => artifacts::fetch(conn, &row.id)?,
        });
    }
    let mut results: Vec<Option<Analysed>> = packed
        .par_iter()
        .map(|p| p.as_ref().and_then(|(v, data)| artifacts::unpack(*v, data)))
        .collect();
    for (k, &p) in positions.iter().enumerate() {
        if results[k].is_some() {
            continue;
        }
        if let Some(row) = row_of.get(p).and_then(|&r| rows.get(r)) {
            let (d, today) = stored_document(conn, row)?;
            results[k] = corroborate_pipeline::annotate(d, today).0;
        }
    }
    Ok(results)
}

impl Store {
    /// Lists stories, newest first; `text` searches the documents' text and titles (FTS5 query
    /// syntax, words are ANDed), `entity` matches a name in who's who or the documents' entities.
    pub fn stories(&self, text: Option<&str>, entity: Option<&str>) -> Result<Vec<StoryRow>> {
        let mut sql = String::from(
            "SELECT id, title, version, documents, outlets, first_published, last_published, updated_at FROM stories WHERE documents > 0",
        );
        let mut args: Vec<String> = Vec::new();
        if let Some(t) = text.map(str::trim).filter(|t| !t.is_empty()) {
            args.push(fts_query(t));
            let _ = std::fmt::Write::write_fmt(
                &mut sql,
                format_args!(
                    " AND id IN (SELECT story FROM story_documents WHERE doc IN (SELECT doc FROM documents_fts WHERE documents_fts MATCH ?{}))",
                    args.len()
                ),
            );
        }
        if let Some(e) = entity.map(str::trim).filter(|t| !t.is_empty()) {
            args.push(format!("%{}%", e.replace(['%', '_'], "")));
            let n = args.len();
            let _ = std::fmt::Write::write_fmt(
                &mut sql,
                format_args!(
                    " AND (id IN (SELECT story FROM cross_entities WHERE name LIKE ?{n}) OR id IN (SELECT story FROM story_documents WHERE doc IN (SELECT doc FROM entities WHERE name LIKE ?{n})))"
                ),
            );
        }
        sql.push_str(" ORDER BY updated_at DESC, id");
        let mut q = self.conn.prepare(&sql)?;
        let rows = q.query_map(rusqlite::params_from_iter(args.iter()), |r| {
            Ok(StoryRow {
                id: r.get(0)?,
                title: r.get(1)?,
                version: r.get(2)?,
                documents: r.get(3)?,
                outlets: r.get(4)?,
                first_published: r.get(5)?,
                last_published: r.get(6)?,
                updated_at: r.get(7)?,
            })
        })?;
        Ok(rows.collect::<std::result::Result<_, _>>()?)
    }

    /// Every current story's documents (sorted ids) and its latest report, by story id.
    pub fn current_reports(&self) -> Result<BTreeMap<String, (Vec<String>, Value)>> {
        let mut docs: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (story, set) in story_sets(&self.conn)? {
            docs.insert(story, set.into_iter().collect());
        }
        let mut q = self.conn.prepare(
            "SELECT v.story, v.report_json FROM story_versions v JOIN stories s ON s.id = v.story AND s.version = v.version",
        )?;
        let rows = q.query_map([], |r| {
            Ok((r.get::<_, String>(0)?, r.get::<_, StoredReport>(1)?.0))
        })?;
        let mut out = BTreeMap::new();
        for row in rows {
            let (story, json) = row?;
            let members = docs.remove(&story).unwrap_or_default();
            out.insert(story, (members, serde_json::from_str(&json)?));
        }
        Ok(out)
    }

    /// A story's report JSON at a version (the latest when `None`).
    pub fn story_report(&self, id: &str, version: Option<i64>) -> Result<Option<Value>> {
        let j: Option<StoredReport> = match version {
            Some(v) => self
                .conn
                .query_row(
                    "SELECT report_json FROM story_versions WHERE story = ?1 AND version = ?2",
                    params![id, v],
                    |r| r.get(0),
                )
                .optional()?,
            None => self
                .conn
                .query_row(
                    "SELECT report_json FROM story_versions WHERE story = ?1 ORDER BY version DESC LIMIT 1",
                    [id],
                    |r| r.get(0),
                )
                .optional()?,
        };
        Ok(match j {
            Some(j) => Some(serde_json::from_str(&j.0)?),
            None => None,
        })
    }

    /// A story's current version number, `None` when there is no such story.
    pub fn story_version(&self, id: &str) -> Result<Option<i64>> {
        Ok(self
            .conn
            .query_row("SELECT version FROM stories WHERE id = ?1", [id], |r| {
                r.get(0)
            })
            .optional()?)
    }

    /// Where a story that ended by merging lives now: the current story it was bridged into,
    /// following later merges. `None` when `id` is a current story, was never merged, or the
    /// store predates redirects.
    pub fn story_moved_to(&self, id: &str) -> Result<Option<String>> {
        let has_table: bool = self.conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'story_redirects')",
            [],
            |r| r.get(0),
        )?;
        if !has_table || self.story_version(id)?.is_some() {
            return Ok(None);
        }
        let mut at = id.to_string();
        let mut seen = HashSet::new();
        while seen.insert(at.clone()) {
            let next: Option<String> = self
                .conn
                .query_row(
                    "SELECT into_story FROM story_redirects WHERE story = ?1",
                    [&at],
                    |r| r.get(0),
                )
                .optional()?;
            match next {
                Some(n) => at = n,
                None => break,
            }
            if self.story_version(&at)?.is_some() {
                return Ok(Some(at));
            }
        }
        Ok(None)
    }

    /// A story's versions, oldest first.
    pub fn story_history(&self, id: &str) -> Result<Vec<VersionRow>> {
        let mut q = self.conn.prepare(
            "SELECT version, created_at, documents, changes_json FROM story_versions WHERE story = ?1 ORDER BY version",
        )?;
        let rows = q.query_map([id], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get::<_, String>(3)?))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (version, created_at, documents, changes) = row?;
            out.push(VersionRow {
                version,
                created_at,
                documents,
                changes: serde_json::from_str(&changes)?,
            });
        }
        Ok(out)
    }

    /// The report of every current story together: the latest version of each, merged.
    pub fn corpus_report(&self) -> Result<Value> {
        let ids: Vec<String> = self
            .stories(None, None)?
            .into_iter()
            .map(|s| s.id)
            .collect();
        let mut merged: Option<Value> = None;
        for id in ids {
            if let Some(mut r) = self.story_report(&id, None)? {
                if let Some(o) = r.as_object_mut() {
                    o.remove("story");
                }
                merged = Some(match merged {
                    None => r,
                    Some(m) => filter::merge(m, r),
                });
            }
        }
        Ok(merged.unwrap_or_else(|| serde_json::json!({"schema": json::SCHEMA, "documents": []})))
    }

    /// The story holding a document.
    pub fn story_of(&self, doc: &str) -> Result<Option<String>> {
        Ok(self
            .conn
            .query_row(
                "SELECT story FROM story_documents WHERE doc = ?1 LIMIT 1",
                [doc],
                |r| r.get(0),
            )
            .optional()?)
    }

    /// A document with its annotations, as the report JSON restricted to that document (from
    /// its story's latest version; from the per-document tables when it is not linked yet).
    pub fn document_report(&self, doc: &str) -> Result<Option<Value>> {
        if let Some(story) = self.story_of(doc)? {
            if let Some(r) = self.story_report(&story, None)? {
                let set: HashSet<String> = [doc.to_string()].into();
                return Ok(Some(filter_report(&r, &set)));
            }
        }
        let j: Option<String> = self
            .conn
            .query_row(
                "SELECT document_json FROM documents WHERE id = ?1",
                [doc],
                |r| r.get(0),
            )
            .optional()?;
        let Some(j) = j else {
            return Ok(None);
        };
        let d: Document = serde_json::from_str(&j)?;
        let mut v = serde_json::to_value(&d)?;
        if let Some(o) = v.as_object_mut() {
            o.remove("format");
        }
        Ok(Some(
            serde_json::json!({"schema": json::SCHEMA, "documents": [v]}),
        ))
    }

    /// Number of stored documents.
    pub fn document_count(&self) -> Result<i64> {
        Ok(self
            .conn
            .query_row("SELECT count(*) FROM documents", [], |r| r.get(0))?)
    }
}

/// What a SQLite file is, by its header and contents.
#[derive(Debug, PartialEq, Eq)]
enum Identity {
    /// No tables yet: a new store.
    Fresh,
    /// A Corroborate store of this schema version.
    Current,
    /// A Corroborate store of an older schema version this build reads as it is.
    Older,
}

/// The first 16 bytes of every SQLite database file.
const SQLITE_MAGIC: &[u8; 16] = b"SQLite format 3\0";

/// Refuses a non-empty file that is not an SQLite database, before SQLite touches it.
fn check_sqlite_header(path: &Path) -> Result<()> {
    use std::io::Read;
    let Ok(mut f) = std::fs::File::open(path) else {
        return Ok(());
    };
    let mut head = Vec::with_capacity(16);
    f.by_ref()
        .take(16)
        .read_to_end(&mut head)
        .map_err(|e| StoreError::Incompatible(format!("{}: cannot read: {e}", path.display())))?;
    if head.is_empty() || head.as_slice() == SQLITE_MAGIC {
        return Ok(());
    }
    Err(StoreError::Incompatible(format!(
        "{}: not a Corroborate store (not an SQLite database); refusing to touch it",
        path.display()
    )))
}

/// [`identity`] read in one read transaction, so that a store another process is creating
/// right now is seen either before or after its creation, never half-way.
fn identity_snapshot(conn: &Connection, path: &Path) -> Result<Identity> {
    let tx = rusqlite::Transaction::new_unchecked(conn, TransactionBehavior::Deferred)?;
    let found = identity(&tx, path);
    tx.rollback()?;
    found
}

/// Classifies an open database: a new one, or a store of this version; anything else (another
/// application's database, a store of another schema version) is an error saying what to do.
fn identity(conn: &Connection, path: &Path) -> Result<Identity> {
    let app: i32 = conn.query_row("PRAGMA application_id", [], |r| r.get(0))?;
    let version: i32 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    let objects: i64 = conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))?;
    let name = path.display();
    if app == APPLICATION_ID {
        return match version {
            SCHEMA_VERSION => Ok(Identity::Current),
            v if (OLDEST_READABLE_VERSION..SCHEMA_VERSION).contains(&v) => Ok(Identity::Older),
            v if v > SCHEMA_VERSION => Err(StoreError::Incompatible(format!(
                "{name}: store schema version {v} is newer than this build reads ({SCHEMA_VERSION}); upgrade corroborate"
            ))),
            v => Err(StoreError::Incompatible(format!(
                "{name}: store schema version {v} is older than this build reads ({SCHEMA_VERSION}); re-ingest the articles into a new store"
            ))),
        };
    }
    if app == 0 && version == 0 && objects == 0 {
        return Ok(Identity::Fresh);
    }
    let legacy: Option<String> = if app == 0 {
        conn.query_row(
            "SELECT value FROM store_info WHERE key = 'schema_version'",
            [],
            |r| r.get(0),
        )
        .optional()
        .unwrap_or(None)
    } else {
        None
    };
    Err(StoreError::Incompatible(match legacy {
        Some(v) => format!(
            "{name}: store schema version {v} is older than this build reads ({SCHEMA_VERSION}); re-ingest the articles into a new store"
        ),
        None => format!(
            "{name}: an SQLite database of another application (application_id {app:#x}), not a Corroborate store; refusing to touch it"
        ),
    }))
}

/// Turns free text into an FTS5 query: each word a quoted term, so input cannot use (or break)
/// the FTS5 syntax.
fn fts_query(t: &str) -> String {
    let words: Vec<String> = t
        .split_whitespace()
        .map(|w| format!("\"{}\"", w.replace('"', "\"\"")))
        .collect();
    words.join(" ")
}
