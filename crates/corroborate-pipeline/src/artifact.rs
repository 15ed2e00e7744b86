//! The per-article artifact: one article's [`Analysed`] result (prepared document +
//! extraction) as one JSON object, versioned, so that the map stage's output can be written
//! (a JSON Lines spill, a Spark row, a Python dict) and read back by a later stage.
//!
//! The form is `{"artifact": "corroborate-article", "version": 2, "prepared": {..},
//! "extraction": {..}}`, where `prepared` and `extraction` are the serde forms of
//! [`PreparedDoc`](corroborate_core::PreparedDoc) and
//! [`Extraction`](corroborate_extract::Extraction). Writing, reading back and writing again gives
//! the same bytes.

use std::io::{Read as _, Write as _};

use flate2::read::DeflateDecoder;
use flate2::write::DeflateEncoder;
use flate2::Compression;
use serde::{Deserialize, Serialize};

use crate::Analysed;

/// The `artifact` field's value.
pub const ARTIFACT_KIND: &str = "corroborate-article";

/// The artifact version written; bumped when the serde form of the result changes
/// incompatibly. Reading refuses any other version.
pub const ARTIFACT_VERSION: u32 = 2;

/// Why an artifact could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ArtifactError {
    /// Not JSON, or not the artifact's shape.
    #[error("not a corroborate article artifact: {0}")]
    Json(#[from] serde_json::Error),
    /// Another kind of object.
    #[error("artifact kind is {0:?}, expected {ARTIFACT_KIND:?}")]
    Kind(String),
    /// A version this build does not read.
    #[error("artifact version {0} is not supported (this build reads version {ARTIFACT_VERSION})")]
    Version(u32),
    /// Read, but not consistent with its own text (see [`check`]).
    #[error("artifact is not usable: {0}")]
    Unusable(String),
}

#[derive(Serialize)]
struct Written<'a> {
    artifact: &'static str,
    version: u32,
    prepared: &'a corroborate_core::PreparedDoc,
    extraction: &'a corroborate_extract::Extraction,
}

#[derive(Deserialize)]
struct Read {
    artifact: String,
    version: u32,
    prepared: corroborate_core::PreparedDoc,
    extraction: corroborate_extract::Extraction,
}

/// The artifact of one result, as a JSON value.
pub fn to_value(result: &Analysed) -> serde_json::Value {
    serde_json::to_value(written(result)).unwrap_or(serde_json::Value::Null)
}

/// The artifact of one result, as one line of JSON (no newline inside).
pub fn to_json(result: &Analysed) -> String {
    serde_json::to_string(&written(result)).unwrap_or_default()
}

fn written(result: &Analysed) -> Written<'_> {
    Written {
        artifact: ARTIFACT_KIND,
        version: ARTIFACT_VERSION,
        prepared: &result.0,
        extraction: &result.1,
    }
}

/// The artifact of one result, deflated: the form the store keeps and a streamed run spills to
/// disk.
pub fn pack(result: &Analysed) -> Vec<u8> {
    deflate(&to_json(result), Compression::fast().level())
}

/// Reads an artifact written by [`pack`]; data that does not inflate is [`ArtifactError::Unusable`].
pub fn unpack(data: &[u8]) -> Result<Analysed, ArtifactError> {
    let json =
        inflate(data).map_err(|e| ArtifactError::Unusable(format!("cannot inflate: {e}")))?;
    from_json(&json)
}

/// `text` deflated (raw DEFLATE, RFC 1951) at `level` (1, fastest, to 9, smallest): how the
/// store keeps artifacts and story reports. The same text and level give the same bytes.
pub fn deflate(text: &str, level: u32) -> Vec<u8> {
    let mut enc = DeflateEncoder::new(
        Vec::with_capacity(text.len() / 6),
        Compression::new(level.min(9)),
    );
    // Writing into a Vec cannot fail.
    let _ = enc.write_all(text.as_bytes());
    enc.finish().unwrap_or_default()
}

/// The text of [`deflate`]d data; an error when the data does not inflate to UTF-8.
pub fn inflate(data: &[u8]) -> std::io::Result<String> {
    let mut text = String::new();
    DeflateDecoder::new(data).read_to_string(&mut text)?;
    Ok(text)
}

/// Just the kind and version, to say why an artifact of another kind or version does not read.
#[derive(Deserialize)]
struct Header {
    artifact: String,
    version: u32,
}

/// Reads an artifact written by [`to_json`].
pub fn from_json(json: &str) -> Result<Analysed, ArtifactError> {
    match serde_json::from_str::<Read>(json) {
        Ok(r) => checked(r),
        Err(e) => Err(header_error(serde_json::from_str(json).ok()).unwrap_or(e.into())),
    }
}

/// Reads an artifact from a JSON value (see [`to_value`]).
pub fn from_value(value: serde_json::Value) -> Result<Analysed, ArtifactError> {
    let header = Header::deserialize(&value).ok();
    match serde_json::from_value::<Read>(value) {
        Ok(r) => checked(r),
        Err(e) => Err(header_error(header).unwrap_or(e.into())),
    }
}

/// The error for another kind or version, when the header says so.
fn header_error(header: Option<Header>) -> Option<ArtifactError> {
    let h = header?;
    if h.artifact != ARTIFACT_KIND {
        Some(ArtifactError::Kind(h.artifact))
    } else if h.version != ARTIFACT_VERSION {
        Some(ArtifactError::Version(h.version))
    } else {
        None
    }
}

fn checked(r: Read) -> Result<Analysed, ArtifactError> {
    if r.artifact != ARTIFACT_KIND {
        return Err(ArtifactError::Kind(r.artifact));
    }
    if r.version != ARTIFACT_VERSION {
        return Err(ArtifactError::Version(r.version));
    }
    Ok((r.prepared, r.extraction))
}

/// Checks an artifact read from outside (another program, a file): every span of its prepared
/// document and extraction lies inside its text on char boundaries, and its report can be
/// built. What a later stage would trip over is an error here, naming the first bad span.
pub fn check(result: &Analysed) -> Result<(), ArtifactError> {
    let (prepared, extraction) = result;
    let id = prepared.doc.id.as_str();
    let texts = std::collections::BTreeMap::from([(id.to_string(), prepared.doc.text.as_str())]);
    let mut spans = crate::validate::SpanCheck::default();
    for (path, value) in [
        ("prepared", serde_json::to_value(prepared)),
        ("extraction", serde_json::to_value(extraction)),
    ] {
        let value = value?;
        crate::validate::check_byte_spans(&value, &texts, Some(id), path, &mut spans);
    }
    if let Some(first) = spans.errors.first() {
        return Err(ArtifactError::Unusable(format!(
            "{} span(s) do not fit its text, first {first}",
            spans.errors.len()
        )));
    }
    crate::run_stage("report", id, || {
        corroborate_render::json::build(
            vec![result.clone()],
            Vec::new(),
            Default::default(),
            Default::default(),
        )
    })
    .map(|_| ())
    .map_err(|f| ArtifactError::Unusable(format!("its report fails ({}: {})", f.stage, f.message)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use corroborate_core::document::SourceFormat;
    use corroborate_core::{Document, PreparedDoc};

    fn result() -> Analysed {
        let text = "Fire crews in Marlow Springs said on Tuesday that 3 homes burned.".to_string();
        let doc = Document::new("t.txt", SourceFormat::Text, text);
        let p = PreparedDoc::new(doc, jiff::civil::date(2026, 12, 1));
        let ex = corroborate_extract::extract(&p);
        (p, ex)
    }

    #[test]
    fn an_artifact_reads_back_to_the_same_bytes() {
        let first = to_json(&result());
        assert!(first.starts_with(r#"{"artifact":"corroborate-article","version":2,"#));
        let back = from_json(&first).expect("reads back");
        assert_eq!(to_json(&back), first);
        let via_value = from_value(to_value(&back)).expect("reads back from a value");
        assert_eq!(to_json(&via_value), first);
    }

    #[test]
    fn another_kind_or_version_is_refused() {
        let json = to_json(&result());
        let other = json.replacen("\"version\":2", "\"version\":99", 1);
        assert!(matches!(from_json(&other), Err(ArtifactError::Version(99))));
        let kind = json.replacen("corroborate-article", "something-else", 1);
        assert!(matches!(from_json(&kind), Err(ArtifactError::Kind(_))));
        // A later version of another shape is still named by its version.
        let later = r#"{"artifact":"corroborate-article","version":3,"result":{}}"#;
        assert!(matches!(from_json(later), Err(ArtifactError::Version(3))));
        let value: serde_json::Value = serde_json::from_str(later).expect("json");
        assert!(matches!(from_value(value), Err(ArtifactError::Version(3))));
    }

    #[test]
    fn an_artifact_whose_spans_leave_its_text_is_unusable() {
        let good = result();
        assert!(check(&good).is_ok());
        let mut bad = good.clone();
        let len = bad.0.doc.text.len();
        bad.0.seg.sentences[0].end = len + 40;
        let err = check(&bad).expect_err("a sentence past the end");
        assert!(err.to_string().contains("do not fit its text"), "{err}");
        assert!(matches!(from_json("[1,2]"), Err(ArtifactError::Json(_))));
    }
}
