//! Ingest as a job: a request queues its documents and gets a job id at once; one writer
//! thread takes the jobs in order (so ingests never contend for the store's write lock among
//! themselves), and `GET /api/jobs/{id}` reports progress. Readers keep reading meanwhile (the
//! store is in WAL mode). Jobs live in memory: a restart forgets them, not their documents.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::mpsc::{sync_channel, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};

use corroborate_core::Document;
use corroborate_store::{IngestOptions, IngestSummary, Linker, Store};
use serde::Serialize;

/// Jobs waiting at most; one more is refused with 503 until the queue drains.
pub const MAX_QUEUED: usize = 64;

/// Finished jobs remembered for `GET /api/jobs/{id}`; older ones are forgotten.
const KEEP_FINISHED: usize = 1024;

/// Where a job is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Waiting for the writer.
    Queued,
    /// Writing batches, then linking.
    Running,
    /// Done; `result` says what changed.
    Done,
    /// Stopped by an error; `error` says which. Batches committed before it stay.
    Failed,
}

/// A job as `GET /api/jobs/{id}` shows it.
#[derive(Debug, Clone, Serialize)]
pub struct Job {
    /// Job id.
    pub id: String,
    /// Where it is.
    pub status: Status,
    /// Documents submitted.
    pub documents: usize,
    /// Documents committed so far (of those not already stored).
    pub committed: usize,
    /// Documents to commit (those not already stored), known once the job runs.
    pub to_commit: Option<usize>,
    /// True while the cross-article stages run (after the last batch).
    pub linking: bool,
    /// When it was queued, started, finished (RFC 3339).
    pub queued_at: String,
    /// When the writer took it.
    pub started_at: Option<String>,
    /// When it finished.
    pub finished_at: Option<String>,
    /// What the ingest did, once done.
    pub result: Option<IngestSummary>,
    /// Why it failed.
    pub error: Option<String>,
}

struct Submission {
    id: String,
    docs: Vec<Document>,
}

/// The queue and the table of jobs.
pub struct Jobs {
    table: Arc<Mutex<BTreeMap<u64, Job>>>,
    next: Mutex<u64>,
    prefix: String,
    queue: SyncSender<Submission>,
}

/// Why a job could not be queued.
pub enum QueueError {
    /// The queue is full.
    Full,
    /// The writer thread is gone.
    Stopped,
}

fn now() -> String {
    jiff::Timestamp::now().to_string()
}

impl Jobs {
    /// Starts the writer thread for the store at `db`.
    pub fn start(db: PathBuf, linker: Arc<Linker>) -> Jobs {
        let (queue, rx) = sync_channel::<Submission>(MAX_QUEUED);
        let table: Arc<Mutex<BTreeMap<u64, Job>>> = Arc::new(Mutex::new(BTreeMap::new()));
        let t = table.clone();
        std::thread::Builder::new()
            .name("ingest-writer".into())
            .spawn(move || {
                for sub in rx {
                    run_job(&db, linker.as_ref(), &t, sub);
                }
            })
            .ok();
        // Ids differ between runs of the server, so a stale id is never another run's job.
        let prefix = crate::guard::random_secret()
            .chars()
            .take(8)
            .collect::<String>();
        Jobs {
            table,
            next: Mutex::new(0),
            prefix,
            queue,
        }
    }

    /// Queues documents; returns the new job.
    pub fn submit(&self, docs: Vec<Document>) -> Result<Job, QueueError> {
        let n = {
            let mut next = self.next.lock().map_err(|_| QueueError::Stopped)?;
            *next += 1;
            *next
        };
        let id = format!("j{}-{n}", self.prefix);
        let job = Job {
            id: id.clone(),
            status: Status::Queued,
            documents: docs.len(),
            committed: 0,
            to_commit: None,
            linking: false,
            queued_at: now(),
            started_at: None,
            finished_at: None,
            result: None,
            error: None,
        };
        self.table
            .lock()
            .map_err(|_| QueueError::Stopped)?
            .insert(n, job.clone());
        let sent = self.queue.try_send(Submission { id, docs });
        if let Err(e) = sent {
            if let Ok(mut t) = self.table.lock() {
                t.remove(&n);
            }
            return Err(match e {
                TrySendError::Full(_) => QueueError::Full,
                TrySendError::Disconnected(_) => QueueError::Stopped,
            });
        }
        Ok(job)
    }

    /// A job by id.
    pub fn get(&self, id: &str) -> Option<Job> {
        let n = number_of(id, &self.prefix)?;
        self.table.lock().ok()?.get(&n).cloned()
    }
}

fn number_of(id: &str, prefix: &str) -> Option<u64> {
    id.strip_prefix('j')?
        .strip_prefix(prefix)?
        .strip_prefix('-')?
        .parse()
        .ok()
}

fn update(table: &Mutex<BTreeMap<u64, Job>>, id: &str, f: impl FnOnce(&mut Job)) {
    if let Ok(mut t) = table.lock() {
        if let Some(job) = t.values_mut().rev().find(|j| j.id == id) {
            f(job);
        }
    }
}

fn run_job(
    db: &std::path::Path,
    linker: &Linker,
    table: &Mutex<BTreeMap<u64, Job>>,
    sub: Submission,
) {
    let id = sub.id;
    update(table, &id, |j| {
        j.status = Status::Running;
        j.started_at = Some(now());
    });
    let work = || -> Result<IngestSummary, String> {
        let mut store = Store::open(db).map_err(|e| format!("store: {e}"))?;
        let opts = IngestOptions {
            batch_size: 64,
            today: jiff::Zoned::now().date(),
        };
        store
            .ingest(sub.docs, &opts, linker, &mut |done, total| {
                update(table, &id, |j| {
                    j.committed = done;
                    j.to_commit = Some(total);
                    j.linking = done == total;
                });
            })
            .map_err(|e| format!("store: {e}"))
    };
    // A panic fails this job, not the writer: later jobs still run.
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work))
        .unwrap_or_else(|_| Err("internal error while ingesting".to_string()));
    update(table, &id, |j| {
        j.finished_at = Some(now());
        j.linking = false;
        match outcome {
            Ok(summary) => {
                j.status = Status::Done;
                j.to_commit.get_or_insert(summary.added.len());
                j.result = Some(summary);
            }
            Err(e) => {
                j.status = Status::Failed;
                j.error = Some(e);
            }
        }
    });
    if let Ok(mut t) = table.lock() {
        let finished: Vec<u64> = t
            .iter()
            .filter(|(_, j)| matches!(j.status, Status::Done | Status::Failed))
            .map(|(n, _)| *n)
            .collect();
        for n in finished
            .iter()
            .take(finished.len().saturating_sub(KEEP_FINISHED))
        {
            t.remove(n);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn job_ids_carry_the_run_prefix() {
        assert_eq!(number_of("jab12-7", "ab12"), Some(7));
        assert_eq!(number_of("jzz-7", "ab12"), None);
        assert_eq!(number_of("7", "ab12"), None);
    }
}
