//! The fetch cache: pages fetched from the web, kept by URL and content hash so that a re-run
//! does not fetch them again (`--refresh` does). One table, `fetched_pages`, created on first
//! use (an additive change: stores without it read as before).

use rusqlite::{params, OptionalExtension};

use crate::{Result, Store};

const SCHEMA: &str = "CREATE TABLE IF NOT EXISTS fetched_pages (
  url TEXT PRIMARY KEY,
  final_url TEXT NOT NULL,
  content_type TEXT NOT NULL,
  fetched_at TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  body BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS fetched_pages_hash ON fetched_pages(content_hash);
CREATE INDEX IF NOT EXISTS fetched_pages_final ON fetched_pages(final_url);";

/// One cached page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CachedPage {
    /// The URL asked for (the cache key).
    pub url: String,
    /// The URL answered from, after redirects.
    pub final_url: String,
    /// The response's `Content-Type`.
    pub content_type: String,
    /// When it was fetched, RFC 3339 in UTC.
    pub fetched_at: String,
    /// A hash of the body (the fetcher's `content_hash`).
    pub content_hash: String,
    /// The body.
    pub body: Vec<u8>,
}

impl Store {
    fn ensure_fetch_cache(&self) -> Result<()> {
        self.conn.execute_batch(SCHEMA)?;
        Ok(())
    }

    /// The cached page fetched for `url` (as asked for, or as the final URL of a redirect).
    pub fn cached_page(&self, url: &str) -> Result<Option<CachedPage>> {
        self.ensure_fetch_cache()?;
        Ok(self
            .conn
            .query_row(
                "SELECT url, final_url, content_type, fetched_at, content_hash, body FROM fetched_pages
                 WHERE url = ?1 OR final_url = ?1 ORDER BY url = ?1 DESC LIMIT 1",
                [url],
                |r| {
                    Ok(CachedPage {
                        url: r.get(0)?,
                        final_url: r.get(1)?,
                        content_type: r.get(2)?,
                        fetched_at: r.get(3)?,
                        content_hash: r.get(4)?,
                        body: r.get(5)?,
                    })
                },
            )
            .optional()?)
    }

    /// Stores (or replaces) the page fetched for `page.url`.
    pub fn cache_page(&self, page: &CachedPage) -> Result<()> {
        self.ensure_fetch_cache()?;
        self.conn.execute(
            "INSERT OR REPLACE INTO fetched_pages (url, final_url, content_type, fetched_at, content_hash, body)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                page.url,
                page.final_url,
                page.content_type,
                page.fetched_at,
                page.content_hash,
                page.body
            ],
        )?;
        Ok(())
    }

    /// True when an article at `url` is already known: fetched before, or stored with that
    /// URL. Feed entries that are known are not fetched again.
    pub fn knows_url(&self, url: &str) -> Result<bool> {
        self.ensure_fetch_cache()?;
        let cached: bool = self.conn.query_row(
            "SELECT EXISTS(SELECT 1 FROM fetched_pages WHERE url = ?1 OR final_url = ?1)
                 OR EXISTS(SELECT 1 FROM documents WHERE url = ?1)",
            [url],
            |r| r.get(0),
        )?;
        Ok(cached)
    }
}
