//! Inputs from the web for `analyze`, `ingest` and `watch`: URLs given on the command line or
//! in a file, and the entries of RSS/Atom feeds and news sitemaps. Pages are fetched with
//! `corroborate-fetch`; with a store, each page is cached by URL and content hash so a re-run
//! does not fetch it again (`--refresh` does).

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use corroborate_core::load::{InputProblem, Loaded};
use corroborate_core::FeedEntry;
use corroborate_fetch::{feed, FetchConfig, Fetched, Fetcher};
use corroborate_store::{CachedPage, Store};

/// Flags shared by the commands that read from the web.
#[derive(Args, Debug, Clone, Default)]
pub struct WebArgs {
    /// A file of URLs to fetch, one per line (blank lines and `#` comments ignored).
    #[arg(long, value_name = "FILE")]
    pub urls: Option<PathBuf>,
    /// An RSS/Atom feed or a (news) sitemap, as a URL or a file (repeatable): its entries'
    /// articles are fetched; with a store, entries already stored are skipped.
    #[arg(long = "feed", value_name = "URL|FILE")]
    pub feeds: Vec<String>,
    /// Fetch pages again even when the store's fetch cache has them.
    #[arg(long)]
    pub refresh: bool,
    #[command(flatten)]
    pub fetch: FetchArgs,
}

/// Limits of fetching.
#[derive(Args, Debug, Clone, Default)]
pub struct FetchArgs {
    /// Seconds allowed for one request, redirects and body included.
    #[arg(long, value_name = "SECS", default_value_t = 30)]
    pub fetch_timeout: u64,
    /// Largest page read, in MB.
    #[arg(long, value_name = "MB", default_value_t = 10)]
    pub max_page_mb: u64,
    /// Least time between two requests to the same host, e.g. `2s` or `500ms`.
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub per_host_delay: Option<Duration>,
}

impl FetchArgs {
    /// The fetcher these flags describe.
    pub fn fetcher(&self) -> Fetcher {
        Fetcher::new(FetchConfig {
            timeout: Duration::from_secs(self.fetch_timeout.max(1)),
            connect_timeout: Duration::from_secs(self.fetch_timeout.clamp(1, 10)),
            max_bytes: self.max_page_mb.max(1) * 1024 * 1024,
            per_host_interval: self.per_host_delay,
            ..FetchConfig::default()
        })
    }
}

/// Parses a duration such as `10m`, `30s`, `1h 30m`, `500ms` or ISO 8601 `PT10M`.
pub fn parse_duration(s: &str) -> Result<Duration, String> {
    let d: jiff::SignedDuration = s
        .trim()
        .parse()
        .map_err(|e| format!("not a duration (try 30s, 10m, 1h): {e}"))?;
    Duration::try_from(d).map_err(|_| "a duration must not be negative".to_string())
}

/// Splits command-line inputs into file paths and `http(s)://` URLs, each in given order.
pub fn split_inputs(inputs: Vec<PathBuf>) -> (Vec<PathBuf>, Vec<String>) {
    let mut paths = Vec::new();
    let mut urls = Vec::new();
    for p in inputs {
        match p.to_str() {
            Some(s) if corroborate_fetch::is_url(s) => urls.push(s.to_string()),
            _ => paths.push(p),
        }
    }
    (paths, urls)
}

/// Reads a file of URLs: one per line, blank lines and lines starting with `#` ignored.
pub fn read_url_file(path: &std::path::Path) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect())
}

/// What reading feeds found.
#[derive(Debug, Default)]
pub struct FeedRead {
    /// Entries of every feed, in feed order, each link once.
    pub entries: Vec<FeedEntry>,
    /// Feeds that could not be fetched or parsed.
    pub problems: Vec<InputProblem>,
}

/// Child sitemaps of a sitemap index read per feed at most (one level deep).
const MAX_CHILD_SITEMAPS: usize = 50;

/// Reads each feed (URL or file) and lists its entries; a sitemap index's child sitemaps are
/// read too (one level).
pub fn read_feeds(feeds: &[String], fetcher: &Fetcher) -> FeedRead {
    let mut out = FeedRead::default();
    let mut seen = std::collections::BTreeSet::new();
    for name in feeds {
        let mut queue = vec![(name.clone(), true)];
        while let Some((feed, top)) = queue.pop() {
            let (bytes, base) = if corroborate_fetch::is_url(&feed) {
                match fetcher.fetch(&feed) {
                    Ok(f) => (f.body, Some(f.final_url)),
                    Err(e) => {
                        out.problems
                            .push(InputProblem::skipped(&feed, format!("feed not read: {e}")));
                        continue;
                    }
                }
            } else {
                match std::fs::read(&feed) {
                    Ok(b) => (b, None),
                    Err(e) => {
                        out.problems
                            .push(InputProblem::skipped(&feed, format!("feed not read: {e}")));
                        continue;
                    }
                }
            };
            match feed::parse_feed(&bytes, &feed, base.as_deref()) {
                Ok(parsed) => {
                    if top {
                        queue.extend(
                            parsed
                                .sitemaps
                                .into_iter()
                                .take(MAX_CHILD_SITEMAPS)
                                .rev()
                                .map(|s| (s, false)),
                        );
                    }
                    for e in parsed.entries {
                        if seen.insert(e.link.clone()) {
                            out.entries.push(e);
                        }
                    }
                }
                Err(msg) => out.problems.push(InputProblem::skipped(&feed, msg)),
            }
        }
    }
    out
}

/// Fetches the article at each URL (the feed entry that named it, if any, goes with it):
/// from the store's fetch cache when it has the URL (unless `refresh`), else from the web,
/// caching what was fetched. Failures become problems; documents come in the order of `urls`.
pub fn load_pages(
    urls: &[(String, Option<FeedEntry>)],
    fetcher: &Fetcher,
    store: Option<&Store>,
    refresh: bool,
) -> Loaded {
    let mut pages: Vec<Option<(Fetched, &'static str)>> = vec![None; urls.len()];
    let mut problems: Vec<Option<InputProblem>> = vec![None; urls.len()];
    let mut to_fetch = Vec::new();
    for (i, (url, _)) in urls.iter().enumerate() {
        let cached = match (store, refresh) {
            (Some(s), false) => s.cached_page(url).ok().flatten(),
            _ => None,
        };
        match cached {
            Some(c) => {
                pages[i] = Some((
                    Fetched {
                        requested_url: url.clone(),
                        final_url: c.final_url,
                        content_type: c.content_type,
                        fetched_at: c.fetched_at,
                        body: c.body,
                    },
                    "cache",
                ))
            }
            None => to_fetch.push(i),
        }
    }
    let wanted: Vec<String> = to_fetch.iter().map(|&i| urls[i].0.clone()).collect();
    for (&i, result) in to_fetch.iter().zip(fetcher.fetch_pages(&wanted)) {
        match result {
            Ok(page) => {
                if let Some(s) = store {
                    let cached = s.cache_page(&CachedPage {
                        url: page.requested_url.clone(),
                        final_url: page.final_url.clone(),
                        content_type: page.content_type.clone(),
                        fetched_at: page.fetched_at.clone(),
                        content_hash: corroborate_fetch::content_hash(&page.body),
                        body: page.body.clone(),
                    });
                    if let Err(e) = cached {
                        problems[i] = Some(InputProblem::warning(
                            &page.requested_url,
                            format!("fetched but not cached: {e}"),
                        ));
                    }
                }
                pages[i] = Some((page, "http"));
            }
            Err(e) => problems[i] = Some(corroborate_fetch::problem(&urls[i].0, &e)),
        }
    }
    let mut out = Loaded::default();
    for ((page, problem), (_, entry)) in pages.into_iter().zip(problems).zip(urls) {
        out.problems.extend(problem);
        if let Some((page, source)) = page {
            let mut l = corroborate_fetch::page_documents(&page, source);
            if let Some(entry) = entry {
                for d in &mut l.documents {
                    feed::apply_entry(d, entry);
                }
            }
            out.documents.extend(l.documents);
            out.problems.extend(l.problems);
        }
    }
    out
}

/// Counts of one round of reading feeds.
#[derive(Debug, Default, Clone, Copy)]
pub struct FeedCounts {
    /// Entries listed by the feeds.
    pub entries: usize,
    /// Entries skipped because the store already knows their link.
    pub known: usize,
}

/// Everything the web flags and URL inputs ask for, loaded: URLs (command line, then
/// `--urls`), then the feeds' entries that the store does not know yet.
pub fn load_web(
    args: &WebArgs,
    mut urls: Vec<String>,
    store: Option<&Store>,
) -> Result<(Loaded, FeedCounts), String> {
    if let Some(file) = &args.urls {
        urls.extend(read_url_file(file)?);
    }
    let fetcher = args.fetch.fetcher();
    let mut wanted: Vec<(String, Option<FeedEntry>)> =
        urls.into_iter().map(|u| (u, None)).collect();
    let (feed_problems, counts) = if args.feeds.is_empty() {
        (Vec::new(), FeedCounts::default())
    } else {
        let (entries, problems, counts) =
            new_feed_entries(&args.feeds, &fetcher, store, args.refresh);
        wanted.extend(entries.into_iter().map(|e| (e.link.clone(), Some(e))));
        (problems, counts)
    };
    let mut loaded = load_pages(&wanted, &fetcher, store, args.refresh);
    let mut problems = feed_problems;
    problems.append(&mut loaded.problems);
    loaded.problems = problems;
    Ok((loaded, counts))
}

/// The feeds' entries whose link the store does not know yet (all of them without a store or
/// with `refresh`).
pub fn new_feed_entries(
    feeds: &[String],
    fetcher: &Fetcher,
    store: Option<&Store>,
    refresh: bool,
) -> (Vec<FeedEntry>, Vec<InputProblem>, FeedCounts) {
    let read = read_feeds(feeds, fetcher);
    let mut counts = FeedCounts {
        entries: read.entries.len(),
        known: 0,
    };
    let fresh: Vec<FeedEntry> = read
        .entries
        .into_iter()
        .filter(|e| {
            let known = !refresh && store.is_some_and(|s| s.knows_url(&e.link).unwrap_or(false));
            counts.known += usize::from(known);
            !known
        })
        .collect();
    (fresh, read.problems, counts)
}
