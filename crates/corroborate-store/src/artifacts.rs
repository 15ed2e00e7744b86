//! Per-article results kept in the store (`artifacts`), so that per-article work happens once
//! per article, ever: a relink reads each stored article's result back instead of preparing
//! and extracting it again. Each row is the pipeline's versioned article artifact
//! ([`corroborate_pipeline::artifact`]), deflated. A document without a readable artifact of
//! this build's version (a store written by an older build) is annotated again, and its
//! artifact is written then.

use corroborate_pipeline::artifact::{self, ARTIFACT_VERSION};
use corroborate_reconcile::Analysed;
use rusqlite::{params, Connection, OptionalExtension};

use crate::{Packed, Result};

/// The deflated artifact of one result ([`artifact::pack`]).
pub(crate) fn pack(result: &Analysed) -> Vec<u8> {
    artifact::pack(result)
}

/// The result in a stored artifact, or `None` when it cannot be read (another version, or
/// damaged): the caller annotates the document again.
pub(crate) fn unpack(version: i64, data: &[u8]) -> Option<Analysed> {
    if version != i64::from(ARTIFACT_VERSION) {
        return None;
    }
    artifact::unpack(data).ok()
}

/// The version of the artifacts this build writes, as stored.
pub(crate) const VERSION: i64 = ARTIFACT_VERSION as i64;

/// A document's stored artifact as (version, deflated artifact), when one is stored.
pub(crate) fn fetch(conn: &Connection, doc: &str) -> Result<Option<(i64, Vec<u8>)>> {
    Ok(conn
        .prepare_cached("SELECT version, data FROM artifacts WHERE doc = ?1")?
        .query_row([doc], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?)
}

/// Stores the artifacts of `rows` (document id, deflated artifact), replacing older ones.
pub(crate) fn write(conn: &Connection, rows: &[Packed]) -> Result<()> {
    write_versioned(conn, "artifacts", ARTIFACT_VERSION, rows)
}

/// Plain data as the store keeps it besides artifacts (link records, the story index): its
/// JSON, deflated.
pub(crate) fn pack_json<T: serde::Serialize>(value: &T) -> Vec<u8> {
    // Serialising plain data to a String cannot fail.
    let json = serde_json::to_string(value).unwrap_or_default();
    artifact::deflate(&json, 1)
}

/// What [`pack_json`] stored, or `None` when the row is of another version than `current` or
/// does not read back (damaged): the caller makes it again.
pub(crate) fn unpack_json<T: serde::de::DeserializeOwned>(
    version: i64,
    current: u32,
    data: &[u8],
) -> Option<T> {
    if version != i64::from(current) {
        return None;
    }
    let json = artifact::inflate(data).ok()?;
    serde_json::from_str(&json).ok()
}

/// `value` in postcard's binary serde format, for rows every relink reads back (link records,
/// reuse pairs): no JSON to parse, nothing to inflate.
pub(crate) fn pack_binary<T: serde::Serialize>(value: &T) -> Vec<u8> {
    // Serialising plain data into a growable buffer cannot fail.
    postcard::to_stdvec(value).unwrap_or_default()
}

/// What [`pack_binary`] stored, or `None` when `data` is not one whole value (damaged, or
/// written in another form): bytes left over count as damage too.
pub(crate) fn unpack_binary<T: serde::de::DeserializeOwned>(data: &[u8]) -> Option<T> {
    unpack_binary_borrowed(data)
}

/// [`unpack_binary`] for a value that borrows from `data` (strings read in place).
pub(crate) fn unpack_binary_borrowed<'a, T: serde::Deserialize<'a>>(data: &'a [u8]) -> Option<T> {
    match postcard::take_from_bytes(data) {
        Ok((value, [])) => Some(value),
        _ => None,
    }
}

/// Stores `rows` (document id, blob) of `version` in `table`, a per-document table of
/// `(doc, version, data)`, replacing older ones.
pub(crate) fn write_versioned(
    conn: &Connection,
    table: &'static str,
    version: u32,
    rows: &[Packed],
) -> Result<()> {
    let mut q = conn.prepare(&format!(
        "INSERT OR REPLACE INTO {table} (doc, version, data) VALUES (?1, ?2, ?3)"
    ))?;
    for (doc, data) in rows {
        q.execute(params![doc, version, data])?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use corroborate_core::document::SourceFormat;
    use corroborate_core::{Document, PreparedDoc};

    #[test]
    fn a_packed_result_reads_back_whole_and_another_version_is_refused() {
        let text = "Crews in Marlow Springs said on Tuesday that 3 homes burned.".to_string();
        let doc = Document::new("t.txt", SourceFormat::Text, text);
        let p = PreparedDoc::new(doc, jiff::civil::date(2026, 12, 1));
        let ex = corroborate_extract::extract(&p);
        let result = (p, ex);
        let packed = pack(&result);
        let back = unpack(i64::from(ARTIFACT_VERSION), &packed).expect("reads back");
        assert_eq!(artifact::to_json(&back), artifact::to_json(&result));
        assert!(packed.len() < artifact::to_json(&result).len());
        assert!(unpack(i64::from(ARTIFACT_VERSION) + 1, &packed).is_none());
        assert!(unpack(i64::from(ARTIFACT_VERSION), b"not deflate").is_none());
    }
}
