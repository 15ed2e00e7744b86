//! TimeML loader: the text inside `<TEXT>` with tags removed and entities decoded, the document
//! creation time from `<DCT><TIMEX3 value=…>` as the publication date (provenance
//! `Metadata { field: "DCT" }`), and the title from `<TITLE>` when present.
//!
//! TimeML is recognised by its content (a `<TimeML` root, [`looks_like_timeml`]), whatever the
//! file is called (the TempEval-3 inputs are `*.tml.TE3input`). [`text_chars`] maps every
//! character of the loaded text back to its bytes in the XML, so a writer can add inline tags
//! and leave everything else byte for byte as it was.

#![deny(clippy::string_slice)]

use crate::document::{Document, Known, Provenance, SourceFormat};

/// Reads a TimeML document. Fails (with a message naming what is missing) when there is no
/// `<TEXT>` element.
pub fn load(name: &str, xml: &str) -> Result<Document, String> {
    let (start, end) = element_bounds(xml, "TEXT").ok_or("TimeML without a <TEXT> element")?;
    let body = xml.get(start..end).unwrap_or("");
    let text = text_chars(body, |_| {});
    let mut doc = Document::new(name, SourceFormat::Timeml, text);
    if let Some(dct) = element(xml, "DCT") {
        if let Some(date) = attribute(dct, "value").and_then(|v| parse_day(&v)) {
            doc.meta.published = Some(Known {
                value: date,
                provenance: Provenance::Metadata {
                    field: "DCT".into(),
                },
            });
        }
    }
    if let Some(title) = element(xml, "TITLE") {
        let t = text_chars(title, |_| {}).trim().to_string();
        if !t.is_empty() {
            doc.meta.title = Some(t);
        }
    }
    Ok(doc)
}

/// True when the first element of `s` (after an optional byte-order mark, XML declaration,
/// comments and doctype) is `<TimeML`.
pub fn looks_like_timeml(s: &str) -> bool {
    let mut rest = s.trim_start_matches('\u{feff}').trim_start();
    while rest.starts_with("<?") || rest.starts_with("<!") {
        let close = if rest.starts_with("<!--") { "-->" } else { ">" };
        let Some(i) = rest.find(close) else {
            return false;
        };
        rest = rest.get(i + close.len()..).unwrap_or("").trim_start();
    }
    rest.strip_prefix("<TimeML")
        .is_some_and(|r| r.is_empty() || r.starts_with(['>', '/', ' ', '\t', '\n', '\r']))
}

/// The byte range of the content of the first `<TEXT>` element of `xml`.
pub fn text_bounds(xml: &str) -> Option<(usize, usize)> {
    element_bounds(xml, "TEXT")
}

/// One character of the text read from a TimeML region: where it starts in the decoded text
/// and which bytes of the raw XML spell it (one byte, several for a character reference).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RawChar {
    /// Byte offset in the decoded text.
    pub text: usize,
    /// Byte offset in the raw region where the character (or its reference) begins.
    pub raw_start: usize,
    /// Byte offset in the raw region just after it.
    pub raw_end: usize,
}

/// Decodes a raw TimeML region: every `<…>` tag removed, the five XML entities and numeric
/// character references decoded (anything else kept as written). Calls `each` once per
/// character of the result, in order, with its position in both.
pub fn text_chars(raw: &str, mut each: impl FnMut(RawChar)) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut pos = 0;
    while let Some(c) = raw.get(pos..).and_then(|r| r.chars().next()) {
        let rest = raw.get(pos..).unwrap_or("");
        if c == '<' {
            pos = rest.find('>').map_or(raw.len(), |j| pos + j + 1);
            continue;
        }
        let (ch, len) = if c == '&' {
            entity(rest).unwrap_or(('&', 1))
        } else {
            (c, c.len_utf8())
        };
        each(RawChar {
            text: out.len(),
            raw_start: pos,
            raw_end: pos + len,
        });
        out.push(ch);
        pos += len;
    }
    out
}

/// The character an entity at the start of `s` (`&amp;`, `&#233;`, `&#xE9;`) stands for, and
/// its length in bytes.
fn entity(s: &str) -> Option<(char, usize)> {
    let e = s.find(';').filter(|e| *e <= 12)?;
    let ent = s.get(1..e)?;
    let c = match ent {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        _ => {
            let n = if let Some(h) = ent.strip_prefix("#x").or(ent.strip_prefix("#X")) {
                u32::from_str_radix(h, 16).ok()
            } else {
                ent.strip_prefix('#').and_then(|d| d.parse().ok())
            };
            n.and_then(char::from_u32)?
        }
    };
    Some((c, e + 1))
}

/// The content of the first `<NAME …>…</NAME>` element (tag names are case-sensitive, as XML's).
fn element<'a>(xml: &'a str, name: &str) -> Option<&'a str> {
    let (start, end) = element_bounds(xml, name)?;
    xml.get(start..end)
}

/// The byte range of the content of the first `<NAME …>…</NAME>` element.
fn element_bounds(xml: &str, name: &str) -> Option<(usize, usize)> {
    let open = format!("<{name}");
    let mut from = 0;
    let start = loop {
        let i = from + xml.get(from..)?.find(&open)?;
        let after = xml.get(i + open.len()..)?;
        if after.starts_with(['>', ' ', '\t', '\n', '\r']) {
            break i + open.len() + after.find('>')? + 1;
        }
        from = i + open.len();
    };
    let close = format!("</{name}>");
    let end = start + xml.get(start..)?.find(&close)?;
    Some((start, end))
}

/// The value of attribute `name` in the first tag of `s`.
fn attribute(s: &str, name: &str) -> Option<String> {
    let tag_end = s.find('>')?;
    let tag = s.get(..tag_end)?;
    let pat = format!("{name}=");
    let mut from = 0;
    loop {
        let i = from + tag.get(from..)?.find(&pat)?;
        let ok = i == 0
            || tag
                .get(..i)
                .is_some_and(|b| b.ends_with(char::is_whitespace));
        let rest = tag.get(i + pat.len()..)?;
        let q = rest.chars().next()?;
        if ok && (q == '"' || q == '\'') {
            let v = rest.get(1..)?;
            return v
                .find(q)
                .and_then(|e| v.get(..e))
                .map(|v| text_chars(v, |_| {}));
        }
        from = i + pat.len();
    }
}

fn parse_day(v: &str) -> Option<jiff::civil::Date> {
    let d = v.get(..10)?;
    d.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_text_dct_and_title() {
        let xml = "<?xml version=\"1.0\"?><TimeML><DOCID>x</DOCID><DCT><TIMEX3 tid=\"t0\" type=\"DATE\" value=\"2026-10-23\" functionInDocument=\"CREATION_TIME\">2026-10-23</TIMEX3></DCT><TITLE>Fish &amp; chips</TITLE><TEXT>On <TIMEX3 tid=\"t1\" type=\"DATE\" value=\"2026-10-19\">Monday</TIMEX3> A&lt;B &#233;</TEXT></TimeML>";
        let d = load("a.tml", xml).unwrap();
        assert_eq!(d.text, "On Monday A<B é");
        assert_eq!(
            d.meta
                .published
                .as_ref()
                .map(|p| p.value.to_string())
                .as_deref(),
            Some("2026-10-23")
        );
        assert_eq!(d.meta.title.as_deref(), Some("Fish & chips"));
        assert!(matches!(
            d.meta.published.unwrap().provenance,
            Provenance::Metadata { ref field } if field == "DCT"
        ));
    }

    #[test]
    fn bad_input_is_an_error_not_a_panic() {
        assert!(load("a.tml", "<TimeML>no text</TimeML>").is_err());
        assert!(load("a.tml", "<TEXT>unclosed").is_err());
        let d = load(
            "a.tml",
            "<DCT><TIMEX3 value=\"2026-02-30\"></DCT><TEXT>a & b <c</TEXT>",
        )
        .unwrap();
        assert_eq!(d.text, "a & b ");
        assert!(d.meta.published.is_none());
        let _ = load("a.tml", "<TEXT>&#99999999; &#xZZ; &</TEXT>");
    }

    #[test]
    fn recognises_timeml_by_its_root() {
        assert!(looks_like_timeml(
            "\u{feff}<?xml version=\"1.0\" ?>\n<!-- c -->\n<TimeML xmlns:xsi=\"x\">"
        ));
        assert!(looks_like_timeml("<TimeML>"));
        assert!(!looks_like_timeml("<TimeMLx>"));
        assert!(!looks_like_timeml("<html><TimeML>"));
        assert!(!looks_like_timeml("Plain text about <TimeML>"));
        assert!(!looks_like_timeml("<?xml unclosed"));
    }

    #[test]
    fn every_char_maps_to_its_raw_bytes() {
        let raw = "A &amp; <b>é</b>&#x41;<x";
        let mut chars = Vec::new();
        let text = text_chars(raw, |c| chars.push(c));
        assert_eq!(text, "A & éA");
        let spelled: Vec<&str> = chars
            .iter()
            .map(|c| raw.get(c.raw_start..c.raw_end).unwrap_or("?"))
            .collect();
        assert_eq!(spelled, ["A", " ", "&amp;", " ", "é", "&#x41;"]);
        let starts: Vec<usize> = chars.iter().map(|c| c.text).collect();
        assert_eq!(starts, [0, 1, 2, 3, 4, 6]);
    }
}
