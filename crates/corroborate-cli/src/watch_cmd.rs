//! `corroborate watch`: polls feeds and keeps a store's stories current.
//!
//! Each cycle reads every feed, fetches the entries whose link the store does not know yet,
//! ingests them (the stories they join get a new version, recorded in the story history) and
//! prints one line. SIGINT and SIGTERM stop the watcher between steps, never inside a write.
//!
//! One watcher per store: the watcher holds an exclusive OS lock on `DB.watch.lock` for its
//! lifetime (released by the OS even when the process is killed); a second watcher on the same
//! store is refused with a message naming the holder. `ingest` and `serve` may run beside it:
//! SQLite's WAL mode and busy timeout coordinate their writes.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::Args;
use corroborate_store::{IngestOptions, Store};

use crate::web_inputs::{self, FetchArgs};

/// Arguments of `corroborate watch`.
#[derive(Args)]
pub struct WatchArgs {
    /// The store (created when missing).
    #[arg(long, value_name = "FILE", default_value = "corroborate.db")]
    pub db: PathBuf,
    /// An RSS/Atom feed or a (news) sitemap to poll, as a URL or a file (repeatable).
    #[arg(long = "feed", value_name = "URL|FILE", required = true)]
    pub feeds: Vec<String>,
    /// Time between the starts of two cycles, e.g. `10m`, `90s`, `1h`.
    #[arg(long, value_name = "DURATION", default_value = "10m", value_parser = web_inputs::parse_duration)]
    pub every: Duration,
    /// Stop after this many cycles (default: run until stopped).
    #[arg(long, value_name = "N")]
    pub cycles: Option<u64>,
    #[command(flatten)]
    pub fetch: FetchArgs,
    /// Documents per transaction.
    #[arg(long, value_name = "N", default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..))]
    pub batch_size: u64,
    /// Only the cycle lines: no per-problem lines on stderr.
    #[arg(long, short)]
    pub quiet: bool,
}

/// The lock that keeps a second watcher off a store; released when dropped or when the
/// process ends.
struct WatchLock {
    _file: std::fs::File,
}

/// The lock file of the store at `db`.
fn lock_path(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(".watch.lock");
    PathBuf::from(name)
}

/// Takes the store's watcher lock, or says who holds it.
fn take_lock(db: &Path) -> Result<WatchLock, String> {
    let path = lock_path(db);
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(|e| format!("cannot open the watcher lock {}: {e}", path.display()))?;
    match fs4::FileExt::try_lock(&file) {
        Ok(()) => {
            let _ = file.set_len(0);
            let _ = writeln!(
                file,
                "pid {} since {}",
                std::process::id(),
                corroborate_fetch::now_rfc3339()
            );
            Ok(WatchLock { _file: file })
        }
        Err(_) => {
            let holder = std::fs::read_to_string(&path).unwrap_or_default();
            Err(format!(
                "another `corroborate watch` is already watching {} ({}); one watcher per store — stop it first (lock file {})",
                db.display(),
                holder.trim(),
                path.display()
            ))
        }
    }
}

/// Runs `corroborate watch`; returns the exit code (0 after a clean stop, 2 when refused).
pub fn run(args: WatchArgs) -> anyhow::Result<u8> {
    let _lock = match take_lock(&args.db) {
        Ok(l) => l,
        Err(msg) => {
            eprintln!("error: {msg}");
            return Ok(2);
        }
    };
    let mut store =
        Store::open(&args.db).with_context(|| format!("opening {}", args.db.display()))?;
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        if let Err(e) = ctrlc::set_handler(move || stop.store(true, Ordering::SeqCst)) {
            eprintln!("warning: cannot catch SIGINT/SIGTERM ({e}); stop with SIGKILL");
        }
    }
    let fetcher = args.fetch.fetcher();
    let mut cycle = 0u64;
    while !stop.load(Ordering::SeqCst) {
        cycle += 1;
        let started = Instant::now();
        let (entries, mut problems, counts) =
            web_inputs::new_feed_entries(&args.feeds, &fetcher, Some(&store), false);
        let wanted: Vec<(String, Option<corroborate_core::FeedEntry>)> = entries
            .into_iter()
            .map(|e| (e.link.clone(), Some(e)))
            .collect();
        let loaded = web_inputs::load_pages(&wanted, &fetcher, Some(&store), false);
        problems.extend(loaded.problems);
        let opts = IngestOptions {
            batch_size: args.batch_size as usize,
            today: jiff::Zoned::now().date(),
        };
        let fetched = loaded.documents.len();
        let summary = store.ingest(
            loaded.documents,
            &opts,
            &corroborate_cli::link_selected,
            &mut |_, _| {},
        )?;
        problems.extend(summary.problems.iter().cloned());
        if !args.quiet {
            for p in &problems {
                eprintln!("{p}");
            }
        }
        let stories: Vec<String> = summary
            .stories_changed
            .iter()
            .map(|c| format!("{} v{}", c.story, c.version))
            .collect();
        println!(
            "{} watch cycle {cycle}: {} feed(s), {} entr{} ({} known), {} article(s) read, {} added, {} problem(s), {} stor{} updated{}",
            corroborate_fetch::now_rfc3339(),
            args.feeds.len(),
            counts.entries,
            if counts.entries == 1 { "y" } else { "ies" },
            counts.known,
            fetched,
            summary.added.len(),
            problems.len(),
            stories.len(),
            if stories.len() == 1 { "y" } else { "ies" },
            if stories.is_empty() { String::new() } else { format!(": {}", stories.join(", ")) }
        );
        let _ = std::io::stdout().flush();
        if args.cycles.is_some_and(|n| cycle >= n) {
            break;
        }
        while !stop.load(Ordering::SeqCst) && started.elapsed() < args.every {
            std::thread::sleep(Duration::from_millis(100).min(args.every));
        }
    }
    println!(
        "{} watch stopped after {cycle} cycle(s)",
        corroborate_fetch::now_rfc3339()
    );
    Ok(0)
}
