//! What reuse detection found between each document and the documents before it
//! (`reuse_found`), kept so that a relink aligns only the article pairs that involve a document
//! stored since the last one: the alignment work follows the batch, not the store. The result
//! is the one a relink from scratch gives (see [`PriorReuse`] for why), provided the pairs were
//! found by this build's alignment ([`ALIGNMENT_VERSION`], recorded in `store_info`) over the
//! same article results.
//!
//! A pair is stored once, with its later document (a relink's new documents come after every
//! stored one in linking order): one row per document that shares passages with an earlier
//! one, written when the document is first linked and never updated.

use std::collections::HashMap;

use corroborate_core::{DocId, Span};
use corroborate_link::reuse::ALIGNMENT_VERSION;
use corroborate_link::{PairFound, Passage, PriorReuse, ReuseGrade};
use rayon::prelude::*;
use rusqlite::{params, Connection, OptionalExtension};
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

use crate::Result;

/// `store_info` key: the [`ALIGNMENT_VERSION`] that found the stored pairs.
const ALIGNMENT_KEY: &str = "reuse_alignment";

/// `store_info` key: how the rows are encoded ([`FORMAT`]); rows of another encoding are not
/// read, and every pair is aligned again once.
const FORMAT_KEY: &str = "reuse_format";

/// The rows' encoding: postcard's binary serde format (before: deflated JSON). Every relink
/// reads every row, and inflating and parsing JSON took most of that read.
const FORMAT: &str = "postcard";

/// `store_info` key: the largest document rowid of the relink that stored the pairs; the
/// documents up to it took part in it.
const THROUGH_KEY: &str = "reuse_through";

/// One stored pair, without the later document (the row's): the earlier document, the
/// sentences each copies, and the passages as (start and end in the earlier document, start
/// and end in the later one, score, sentences, grade).
#[derive(Serialize, Deserialize)]
struct StoredPair {
    earlier: String,
    sentences: (usize, usize),
    passages: Vec<StoredPassage>,
}

/// A stored passage as (start and end in the earlier document, start and end in the later
/// one, score, sentences, grade).
type StoredPassage = (usize, usize, usize, usize, f64, usize, ReuseGrade);

/// A [`StoredPair`] read without its passages (postcard reads fields by position, so the two
/// stay field for field alike): the earlier document's id borrowed from the row, and the
/// passages read and dropped (a vector of zero-sized values never allocates).
#[derive(Deserialize)]
struct PairSummary<'a> {
    earlier: &'a str,
    sentences: (usize, usize),
    _passages: Vec<Skipped>,
}

/// A stored passage read and dropped.
struct Skipped;

impl<'de> Deserialize<'de> for Skipped {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        StoredPassage::deserialize(d).map(|_| Skipped)
    }
}

/// The stored pairs as a prior for a relink, and whether they could be used.
pub(crate) struct Prior {
    /// The pairs of the last relink over the documents it linked.
    pub(crate) reuse: PriorReuse,
    /// False when no pairs of this build's alignment are stored: the relink aligns every pair
    /// and its pairs replace what is stored.
    pub(crate) usable: bool,
}

/// Reads the stored pairs. `docs` are the stored documents as (id, rowid); `refreshed` tells
/// whether this relink computed some stored document's article result anew (an older build's
/// store): its input may differ from the one its pairs were found with, so every pair is
/// aligned again. So is every pair when a stored row does not read back (damaged).
pub(crate) fn read(conn: &Connection, docs: &[(String, i64)], refreshed: bool) -> Result<Prior> {
    let info = |key: &str| -> Result<Option<String>> {
        Ok(conn
            .query_row("SELECT value FROM store_info WHERE key = ?1", [key], |r| {
                r.get(0)
            })
            .optional()?)
    };
    let current = info(ALIGNMENT_KEY)? == Some(ALIGNMENT_VERSION.to_string())
        && info(FORMAT_KEY)?.as_deref() == Some(FORMAT)
        && !refreshed;
    let through = info(THROUGH_KEY)?.and_then(|t| t.parse::<i64>().ok());
    let unusable = Prior {
        reuse: PriorReuse::default(),
        usable: false,
    };
    let (Some(through), true) = (through, current) else {
        return Ok(unusable);
    };
    let ids: FxHashMap<&str, DocId> = docs
        .iter()
        .map(|(id, _)| (id.as_str(), DocId(id.as_str().into())))
        .collect();
    let id = |s: &str| ids.get(s).cloned().unwrap_or_else(|| DocId(s.into()));
    let known: Vec<DocId> = docs
        .iter()
        .filter(|(_, rowid)| *rowid <= through)
        .map(|(d, _)| id(d))
        .collect();
    let mut rows: Vec<(String, Vec<u8>)> = Vec::new();
    let mut q = conn.prepare("SELECT doc, pairs FROM reuse_found")?;
    let mut it = q.query([])?;
    while let Some(row) = it.next()? {
        rows.push((row.get(0)?, row.get(1)?));
    }
    // Rows are decoded in parallel, in row order, without their passages: a relink reads
    // those only for the stories it reconciles ([`passages`]).
    let decoded: Vec<Option<Vec<PairSummary<'_>>>> = rows
        .par_iter()
        .map(|(_, data)| crate::artifacts::unpack_binary_borrowed(data))
        .collect();
    let mut found = Vec::new();
    for ((later, _), stored) in rows.iter().zip(decoded) {
        // A damaged row is not trusted, nor are the others: every pair is aligned again and
        // the table is written anew, as a damaged artifact is annotated again.
        let Some(stored) = stored else {
            return Ok(unusable);
        };
        let later = id(later);
        for p in stored {
            found.push(PairFound {
                doc_a: id(p.earlier),
                doc_b: later.clone(),
                sentences_a: p.sentences.0,
                sentences_b: p.sentences.1,
                passages: Vec::new(),
            });
        }
    }
    Ok(Prior {
        reuse: PriorReuse::new(known, found),
        usable: true,
    })
}

/// The stored passages of the pairs `pairs` (earlier, later document), in that order, each
/// pair's in position order; a pair with no stored row has none. [`read`] leaves passages out
/// of the prior; a relink asks for those of the stories it reconciles only.
pub(crate) fn passages(conn: &Connection, pairs: &[(DocId, DocId)]) -> Result<Vec<Passage>> {
    let mut q = conn.prepare_cached("SELECT pairs FROM reuse_found WHERE doc = ?1")?;
    let mut rows: HashMap<&DocId, Vec<StoredPair>> = HashMap::new();
    let mut out = Vec::new();
    for (earlier, later) in pairs {
        if !rows.contains_key(later) {
            let data: Option<Vec<u8>> = q.query_row([later.as_str()], |r| r.get(0)).optional()?;
            let stored = data
                .and_then(|d| crate::artifacts::unpack_binary::<Vec<StoredPair>>(&d))
                .unwrap_or_default();
            rows.insert(later, stored);
        }
        let Some(pair) = rows
            .get(later)
            .and_then(|r| r.iter().find(|p| p.earlier == earlier.as_str()))
        else {
            continue;
        };
        out.extend(
            pair.passages
                .iter()
                .map(|&(a0, a1, b0, b1, score, sentences, grade)| Passage {
                    doc_a: earlier.clone(),
                    span_a: Span::new(a0, a1),
                    doc_b: later.clone(),
                    span_b: Span::new(b0, b1),
                    score,
                    sentences,
                    grade,
                }),
        );
    }
    Ok(out)
}

/// Stores what a relink over the documents up to rowid `through` found that its prior did
/// not know (all of it when the prior was not usable, replacing what was stored), and marks it
/// as found by this build.
pub(crate) fn write(
    conn: &Connection,
    usable: bool,
    pairs: &[PairFound],
    through: i64,
) -> Result<()> {
    if !usable {
        conn.execute("DELETE FROM reuse_found", [])?;
    }
    let mut by_later: HashMap<&DocId, Vec<StoredPair>> = HashMap::new();
    for p in pairs {
        by_later.entry(&p.doc_b).or_default().push(StoredPair {
            earlier: p.doc_a.as_str().to_string(),
            sentences: (p.sentences_a, p.sentences_b),
            passages: p
                .passages
                .iter()
                .map(|x| {
                    let (a, b) = (x.span_a, x.span_b);
                    (
                        a.start,
                        a.end,
                        b.start,
                        b.end,
                        x.score,
                        x.sentences,
                        x.grade,
                    )
                })
                .collect(),
        });
    }
    let mut by_later: Vec<(&DocId, Vec<StoredPair>)> = by_later.into_iter().collect();
    by_later.sort_by(|a, b| a.0.cmp(b.0));
    let mut q = conn.prepare("INSERT OR REPLACE INTO reuse_found (doc, pairs) VALUES (?1, ?2)")?;
    for (later, stored) in by_later {
        q.execute(params![
            later.as_str(),
            crate::artifacts::pack_binary(&stored)
        ])?;
    }
    let mut info =
        conn.prepare("INSERT OR REPLACE INTO store_info (key, value) VALUES (?1, ?2)")?;
    info.execute(params![ALIGNMENT_KEY, ALIGNMENT_VERSION.to_string()])?;
    info.execute(params![FORMAT_KEY, FORMAT])?;
    info.execute(params![THROUGH_KEY, through.to_string()])?;
    Ok(())
}
