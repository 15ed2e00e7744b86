//! Getting articles from the web: URLs fetched politely over HTTPS (rustls), RSS/Atom feeds
//! and Google News sitemaps. Keeps the network out of `corroborate-core`: a fetched page goes
//! through the same HTML loader as a file, and every failure becomes an [`InputProblem`] so
//! that a run goes on past a dead link.
//!
//! See `docs/inputs.md` for every input kind, its metadata mapping and its failure messages.

pub mod feed;

use std::collections::BTreeMap;
use std::io::Read;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use corroborate_core::load::{self, InputKind, InputProblem, Loaded};
use corroborate_core::Retrieved;

pub use feed::{parse_feed, FeedEntries};

/// The user agent sent with every request.
pub const USER_AGENT: &str = concat!(
    "Corroborate/",
    env!("CARGO_PKG_VERSION"),
    " (news reconciliation; +https://github.com/corroborate)"
);

/// Limits and manners of a [`Fetcher`].
#[derive(Debug, Clone)]
pub struct FetchConfig {
    /// Time allowed to open a connection.
    pub connect_timeout: Duration,
    /// Time allowed for a whole request, redirects and body included.
    pub timeout: Duration,
    /// Redirects followed before giving up.
    pub max_redirects: u32,
    /// Largest body read, in bytes (after decompression).
    pub max_bytes: u64,
    /// The `User-Agent` header.
    pub user_agent: String,
    /// Least time between two requests to the same host, if any.
    pub per_host_interval: Option<Duration>,
    /// Requests in flight at once.
    pub concurrency: usize,
}

impl Default for FetchConfig {
    fn default() -> Self {
        FetchConfig {
            connect_timeout: Duration::from_secs(10),
            timeout: Duration::from_secs(30),
            max_redirects: 5,
            max_bytes: 10 * 1024 * 1024,
            user_agent: USER_AGENT.to_string(),
            per_host_interval: None,
            concurrency: 4,
        }
    }
}

/// A response read in full.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fetched {
    /// The URL asked for.
    pub requested_url: String,
    /// The URL answered from, after redirects.
    pub final_url: String,
    /// The `Content-Type` header, as sent.
    pub content_type: String,
    /// When the response was read, RFC 3339 in UTC.
    pub fetched_at: String,
    /// The body, decompressed.
    pub body: Vec<u8>,
}

/// Why a fetch failed. The `Display` text is what the user sees in `problems[]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FetchError {
    /// Not an `http`/`https` URL.
    InvalidUrl(String),
    /// The host name did not resolve.
    Dns(String),
    /// The TLS handshake failed (bad or expired certificate, protocol mismatch).
    Tls(String),
    /// The connection could not be opened or broke.
    Connection(String),
    /// No complete answer within the timeout.
    Timeout(Duration),
    /// More redirects than allowed.
    TooManyRedirects(u32),
    /// `429 Too Many Requests`, with the time the server asks to wait until, when it says.
    RateLimited {
        /// The `Retry-After` value turned into a UTC time, or as sent when it is not a number
        /// of seconds.
        retry_at: Option<String>,
    },
    /// Another HTTP error status.
    Status(u16),
    /// The body is over the size cap.
    TooLarge(u64),
    /// The response is not an HTML page.
    NotHtml(String),
}

impl std::fmt::Display for FetchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FetchError::InvalidUrl(m) => write!(f, "not a fetchable URL: {m}"),
            FetchError::Dns(m) => write!(f, "host name not found (DNS): {m}"),
            FetchError::Tls(m) => write!(f, "TLS handshake failed: {m}"),
            FetchError::Connection(m) => write!(f, "connection failed: {m}"),
            FetchError::Timeout(d) => write!(f, "timed out after {} s", d.as_secs_f64()),
            FetchError::TooManyRedirects(n) => write!(f, "more than {n} redirects"),
            FetchError::RateLimited { retry_at: Some(t) } => {
                write!(f, "HTTP 429 Too Many Requests: retry after {t}")
            }
            FetchError::RateLimited { retry_at: None } => {
                write!(f, "HTTP 429 Too Many Requests (no Retry-After given)")
            }
            FetchError::Status(404) => write!(f, "HTTP 404 Not Found"),
            FetchError::Status(410) => write!(f, "HTTP 410 Gone"),
            FetchError::Status(code) => write!(f, "HTTP error status {code}"),
            FetchError::TooLarge(cap) => {
                write!(
                    f,
                    "response is larger than the {} MB limit",
                    cap / (1024 * 1024)
                )
            }
            FetchError::NotHtml(ct) => {
                write!(
                    f,
                    "not an HTML page (Content-Type: {ct}); only HTML articles are read"
                )
            }
        }
    }
}

impl std::error::Error for FetchError {}

/// True when `s` looks like an `http://` or `https://` URL rather than a path.
pub fn is_url(s: &str) -> bool {
    let lower = s.get(..8).unwrap_or(s).to_ascii_lowercase();
    lower.starts_with("http://") || lower.starts_with("https://")
}

/// A blocking HTTP client with the limits of a [`FetchConfig`], safe to share across threads.
pub struct Fetcher {
    agent: ureq::Agent,
    config: FetchConfig,
    /// When each host may next be asked (only with a per-host interval).
    next_slot: Mutex<BTreeMap<String, Instant>>,
}

impl Fetcher {
    /// A fetcher with these limits.
    pub fn new(config: FetchConfig) -> Self {
        let agent = ureq::AgentBuilder::new()
            .timeout_connect(config.connect_timeout)
            .timeout(config.timeout)
            .redirects(config.max_redirects)
            .user_agent(&config.user_agent)
            .build();
        Fetcher {
            agent,
            config,
            next_slot: Mutex::new(BTreeMap::new()),
        }
    }

    /// The limits in force.
    pub fn config(&self) -> &FetchConfig {
        &self.config
    }

    /// Waits, when a per-host interval is set, until `url`'s host may be asked again.
    fn wait_turn(&self, url: &url::Url) {
        let Some(interval) = self.config.per_host_interval else {
            return;
        };
        let host = url.host_str().unwrap_or("").to_ascii_lowercase();
        let at = {
            let mut slots = self.next_slot.lock().unwrap_or_else(|e| e.into_inner());
            let now = Instant::now();
            let at = slots
                .get(&host)
                .copied()
                .filter(|t| *t > now)
                .unwrap_or(now);
            slots.insert(host, at + interval);
            at
        };
        let now = Instant::now();
        if at > now {
            std::thread::sleep(at - now);
        }
    }

    /// Fetches `url` and reads its body (any content type), within the limits.
    pub fn fetch(&self, url: &str) -> Result<Fetched, FetchError> {
        let parsed = url::Url::parse(url.trim())
            .map_err(|e| FetchError::InvalidUrl(format!("{url}: {e}")))?;
        if !matches!(parsed.scheme(), "http" | "https") {
            return Err(FetchError::InvalidUrl(format!(
                "{url}: only http and https are fetched"
            )));
        }
        self.wait_turn(&parsed);
        let started = Instant::now();
        let response = match self.agent.request_url("GET", &parsed).call() {
            Ok(r) => r,
            Err(ureq::Error::Status(429, r)) => {
                return Err(FetchError::RateLimited {
                    retry_at: r.header("retry-after").map(retry_time),
                })
            }
            Err(ureq::Error::Status(code, _)) => return Err(FetchError::Status(code)),
            Err(ureq::Error::Transport(t)) => return Err(self.transport_error(&t, started)),
        };
        let final_url = response.get_url().to_string();
        let content_type = response.header("content-type").unwrap_or("").to_string();
        let cap = self.config.max_bytes;
        if let Some(len) = response
            .header("content-length")
            .and_then(|l| l.trim().parse::<u64>().ok())
        {
            if len > cap {
                return Err(FetchError::TooLarge(cap));
            }
        }
        let mut body = Vec::new();
        response
            .into_reader()
            .take(cap + 1)
            .read_to_end(&mut body)
            .map_err(|e| self.io_error(&e, started))?;
        if body.len() as u64 > cap {
            return Err(FetchError::TooLarge(cap));
        }
        Ok(Fetched {
            requested_url: url.to_string(),
            final_url,
            content_type,
            fetched_at: now_rfc3339(),
            body,
        })
    }

    /// Fetches an article page: like [`Fetcher::fetch`], and the response must be HTML.
    pub fn fetch_page(&self, url: &str) -> Result<Fetched, FetchError> {
        let page = self.fetch(url)?;
        if !load::is_html_content_type(&page.content_type) {
            let ct = if page.content_type.is_empty() {
                "none".to_string()
            } else {
                page.content_type.clone()
            };
            return Err(FetchError::NotHtml(ct));
        }
        Ok(page)
    }

    /// Fetches every URL with up to `concurrency` requests in flight; results are in the order
    /// of `urls` whatever order they finish in.
    pub fn fetch_pages(&self, urls: &[String]) -> Vec<Result<Fetched, FetchError>> {
        let next = AtomicUsize::new(0);
        let results: Mutex<Vec<Option<Result<Fetched, FetchError>>>> =
            Mutex::new(urls.iter().map(|_| None).collect());
        let workers = self.config.concurrency.clamp(1, 32).min(urls.len().max(1));
        std::thread::scope(|scope| {
            for _ in 0..workers {
                scope.spawn(|| loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(url) = urls.get(i) else { break };
                    let r = self.fetch_page(url);
                    if let Some(slot) = results.lock().unwrap_or_else(|e| e.into_inner()).get_mut(i)
                    {
                        *slot = Some(r);
                    }
                });
            }
        });
        results
            .into_inner()
            .unwrap_or_else(|e| e.into_inner())
            .into_iter()
            .map(|r| r.unwrap_or(Err(FetchError::Connection("not fetched".into()))))
            .collect()
    }

    fn transport_error(&self, t: &ureq::Transport, started: Instant) -> FetchError {
        let text = t.to_string();
        let lower = text.to_ascii_lowercase();
        match t.kind() {
            ureq::ErrorKind::InvalidUrl | ureq::ErrorKind::UnknownScheme => {
                FetchError::InvalidUrl(text)
            }
            ureq::ErrorKind::Dns => FetchError::Dns(text),
            ureq::ErrorKind::TooManyRedirects => {
                FetchError::TooManyRedirects(self.config.max_redirects)
            }
            _ if is_timeout(&lower) || started.elapsed() >= self.config.timeout => {
                FetchError::Timeout(self.config.timeout)
            }
            _ if lower.contains("tls")
                || lower.contains("certificate")
                || lower.contains("handshake") =>
            {
                FetchError::Tls(text)
            }
            _ => FetchError::Connection(text),
        }
    }

    fn io_error(&self, e: &std::io::Error, started: Instant) -> FetchError {
        let lower = e.to_string().to_ascii_lowercase();
        if matches!(
            e.kind(),
            std::io::ErrorKind::TimedOut | std::io::ErrorKind::WouldBlock
        ) || is_timeout(&lower)
            || started.elapsed() >= self.config.timeout
        {
            FetchError::Timeout(self.config.timeout)
        } else {
            FetchError::Connection(e.to_string())
        }
    }
}

fn is_timeout(lower: &str) -> bool {
    lower.contains("timed out") || lower.contains("timeout")
}

/// The current time, RFC 3339 in UTC to the second.
pub fn now_rfc3339() -> String {
    jiff::Timestamp::now()
        .round(jiff::Unit::Second)
        .map(|t| t.to_string())
        .unwrap_or_default()
}

/// A `Retry-After` value as a UTC time: a number of seconds is added to now; an HTTP date is
/// kept as sent.
fn retry_time(value: &str) -> String {
    match value.trim().parse::<i64>() {
        Ok(secs) => {
            let at = jiff::Timestamp::now()
                .checked_add(jiff::SignedDuration::from_secs(secs))
                .ok()
                .and_then(|t| t.round(jiff::Unit::Second).ok())
                .map(|t| t.to_string())
                .unwrap_or_default();
            format!("{secs} s ({at})")
        }
        Err(_) => value.trim().to_string(),
    }
}

/// The content hash a page is cached under: 32 hex digits of XXH3-128 of the body.
pub fn content_hash(body: &[u8]) -> String {
    format!("{:032x}", xxhash_rust::xxh3::xxh3_128(body))
}

/// Turns a fetched page into documents through the HTML loader, keeping the final URL and the
/// fetch time as [`Retrieved`] metadata with `source` (`http` or `cache`). The document's URL
/// is the page's own canonical URL when it gives one, else the final URL.
pub fn page_documents(page: &Fetched, source: &str) -> Loaded {
    let mut loaded = load::load_bytes(
        &page.requested_url,
        InputKind::Html,
        page.body.clone(),
        None,
    );
    for doc in &mut loaded.documents {
        if doc.meta.url.is_none() {
            doc.meta.url = Some(page.final_url.clone());
        }
        doc.meta.retrieved = Some(Retrieved {
            requested_url: page.requested_url.clone(),
            url: page.final_url.clone(),
            at: page.fetched_at.clone(),
            source: source.to_string(),
        });
    }
    loaded
}

/// The problem a failed fetch of `url` becomes.
pub fn problem(url: &str, error: &FetchError) -> InputProblem {
    InputProblem::skipped(url, error.to_string())
}
