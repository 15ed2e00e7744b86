//! What linking needs of each stored article (`link_records`), kept so that a relink links the
//! store without reading any article's full result back: each row is the article's
//! [`LinkRecord`] (word hashes, credits, story features; no text) in postcard's binary serde
//! format, written when the article is stored. Every relink reads every row, so the rows are
//! neither JSON nor deflated: the word hashes do not compress, and inflating and parsing JSON
//! took about a tenth of a relink of a large store. Only the articles of the stories a relink
//! reconciles are read back from `artifacts`.
//!
//! A row of another [`LINK_RECORD_VERSION`], or one that does not read back, is made again from
//! the article's result, and written then.

use corroborate_link::{LinkConfig, LinkRecord, LINK_RECORD_VERSION};
use corroborate_reconcile::Analysed;
use rusqlite::Connection;

use crate::{Packed, Result};

/// The link record of one result, made with the default linking configuration (the store's).
pub(crate) fn of(result: &Analysed) -> LinkRecord {
    LinkRecord::of(&result.0, &result.1, &LinkConfig::default())
}

/// A record as stored: postcard's encoding of it.
pub(crate) fn pack(record: &LinkRecord) -> Vec<u8> {
    crate::artifacts::pack_binary(record)
}

/// The record in a stored row, or `None` when it cannot be read (another version, or
/// damaged): the caller makes it again.
pub(crate) fn unpack(version: i64, data: &[u8]) -> Option<LinkRecord> {
    if version != i64::from(LINK_RECORD_VERSION) {
        return None;
    }
    crate::artifacts::unpack_binary(data)
}

/// Stores the records of `rows` (document id, packed record), replacing older ones.
pub(crate) fn write(conn: &Connection, rows: &[Packed]) -> Result<()> {
    crate::artifacts::write_versioned(conn, "link_records", LINK_RECORD_VERSION, rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use corroborate_core::document::SourceFormat;
    use corroborate_core::{Document, PreparedDoc};
    use corroborate_link::LinkInput;

    #[test]
    fn a_packed_record_reads_back_whole_and_another_version_is_refused() {
        let text = "Ferry stalls off Quillon\n\nQUILLON — A ferry stalled on Friday with 40 passengers aboard, the harbour office said. \"We towed it home,\" said Mara Lind, a harbour pilot, according to the Quillon Courier.".to_string();
        let doc = Document::new("t.txt", SourceFormat::Text, text);
        let p = PreparedDoc::new(doc, jiff::civil::date(2026, 12, 1));
        let ex = corroborate_extract::extract(&p);
        let cfg = LinkConfig::default();
        let result = (p, ex);
        let record = of(&result);
        let packed = pack(&record);
        let back = unpack(i64::from(LINK_RECORD_VERSION), &packed).expect("reads back");
        assert_eq!(back, record);
        assert_eq!(back.id(), &result.0.doc.id);
        assert!(unpack(i64::from(LINK_RECORD_VERSION) + 1, &packed).is_none());
        assert!(unpack(i64::from(LINK_RECORD_VERSION), b"\xff\xff\xff").is_none());
        let v = i64::from(LINK_RECORD_VERSION);
        // Every cut is refused, and so is a byte more; a changed byte never panics (a row read
        // back is untrusted input).
        for end in 0..packed.len() {
            assert!(unpack(v, &packed[..end]).is_none(), "cut at {end}");
        }
        let mut longer = packed.clone();
        longer.push(0);
        assert!(unpack(v, &longer).is_none());
        for at in 0..packed.len() {
            let mut changed = packed.clone();
            changed[at] ^= 0xa5;
            let _ = unpack(v, &changed);
        }
        // Linked from the record read back, the article links as from its result.
        let from_record = LinkInput::from_record(back, &cfg);
        let direct = LinkInput::of(&result.0, &result.1, &cfg);
        assert_eq!(format!("{from_record:?}"), format!("{direct:?}"));
    }
}
