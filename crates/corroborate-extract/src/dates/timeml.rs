//! TimeML output: the document text with inline `<TIMEX3>` tags, readable back by
//! `corroborate_core::load::timeml` (the text inside `<TEXT>` with tags removed and entities
//! decoded is the original text; the DCT comes back as the publication date).
//!
//! [`write`] makes a new TimeML document from any text; [`annotate`] adds the tags to a TimeML
//! input and leaves every other byte as it was (DOCID, DCT, TITLE, entities, whitespace), as
//! TempEval tools expect.

#![deny(clippy::string_slice)]

use corroborate_core::load::timeml::{text_bounds, text_chars, RawChar};
use jiff::civil::Date;

use super::Timex;

/// Escapes text for XML content and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// Writes a TimeML document: `DOCID`, the `DCT` as a `CREATION_TIME` TIMEX3 (when known) and
/// the text with one inline `<TIMEX3 tid type value>` per expression. Expressions must be
/// spans of `text`; overlapping or out-of-range ones are skipped so the XML stays well formed.
pub fn write(doc_id: &str, text: &str, dct: Option<Date>, timexes: &[Timex]) -> String {
    let mut out = String::with_capacity(text.len() + 64 * timexes.len() + 256);
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<TimeML>\n<DOCID>");
    out.push_str(&escape(doc_id));
    out.push_str("</DOCID>\n");
    if let Some(d) = dct {
        let v = format!("{:04}-{:02}-{:02}", d.year(), d.month(), d.day());
        out.push_str(&format!(
            "<DCT><TIMEX3 tid=\"t0\" type=\"DATE\" value=\"{v}\" functionInDocument=\"CREATION_TIME\">{v}</TIMEX3></DCT>\n"
        ));
    }
    out.push_str("<TEXT>");
    let mut pos = 0;
    for (n, t) in well_formed(text, timexes).into_iter().enumerate() {
        let (s, e) = (t.span.start, t.span.end);
        out.push_str(&escape(text.get(pos..s).unwrap_or("")));
        out.push_str(&open_tag(t, n + 1));
        out.push_str(&escape(text.get(s..e).unwrap_or("")));
        out.push_str("</TIMEX3>");
        pos = e;
    }
    out.push_str(&escape(text.get(pos..).unwrap_or("")));
    out.push_str("</TEXT>\n</TimeML>\n");
    out
}

/// The expressions that can be tagged inline, in text order: spans of `text` on character
/// boundaries; of overlapping ones the first (longest at a start) is kept.
fn well_formed<'a>(text: &str, timexes: &'a [Timex]) -> Vec<&'a Timex> {
    let mut sorted: Vec<&Timex> = timexes.iter().collect();
    sorted.sort_by_key(|t| (t.span.start, std::cmp::Reverse(t.span.end)));
    let mut pos = 0;
    sorted.retain(|t| {
        let (s, e) = (t.span.start, t.span.end);
        let ok = s >= pos && s < e && text.get(s..e).is_some();
        if ok {
            pos = e;
        }
        ok
    });
    sorted
}

/// `<TIMEX3 tid="tN" type=… value=… mod=…>`.
fn open_tag(t: &Timex, n: usize) -> String {
    let mut tag = format!("<TIMEX3 tid=\"t{n}\" type=\"{}\"", t.kind.as_str());
    if let Some(v) = &t.value {
        tag.push_str(&format!(" value=\"{}\"", escape(v)));
    }
    if let Some(m) = t.modifier {
        tag.push_str(&format!(" mod=\"{m}\""));
    }
    tag.push('>');
    tag
}

/// Adds inline `<TIMEX3>` tags for `timexes` (spans of the text the TimeML loader reads from
/// `xml`) inside `<TEXT>`, and changes nothing else: the prolog, DOCID, DCT, TITLE, character
/// references, other tags and whitespace are copied byte for byte. TIMEX3 tags already inside
/// `<TEXT>` are replaced. New tids continue after the largest `tN` used outside `<TEXT>`.
/// `None` when `xml` has no `<TEXT>` element.
pub fn annotate(xml: &str, timexes: &[Timex]) -> Option<String> {
    let (start, end) = text_bounds(xml)?;
    let region = xml.get(start..end)?;
    let mut chars: Vec<RawChar> = Vec::new();
    let text = text_chars(region, |c| chars.push(c));
    let first_tid = [xml.get(..start)?, xml.get(end..)?]
        .iter()
        .filter_map(|part| max_tid(part))
        .max()
        .map_or(1, |m| m + 1);
    // (raw offset, tag) insertions, in order.
    let mut inserts: Vec<(usize, String)> = Vec::new();
    for (n, t) in well_formed(&text, timexes).into_iter().enumerate() {
        let first = chars.partition_point(|c| c.text < t.span.start);
        let last = chars.partition_point(|c| c.text < t.span.end);
        let (Some(open), Some(close)) = (
            chars.get(first),
            last.checked_sub(1).and_then(|i| chars.get(i)),
        ) else {
            continue;
        };
        if open.text != t.span.start {
            continue;
        }
        inserts.push((open.raw_start, open_tag(t, first_tid + n)));
        inserts.push((close.raw_end, "</TIMEX3>".to_string()));
    }
    let mut out = String::with_capacity(xml.len() + 64 * inserts.len());
    out.push_str(xml.get(..start)?);
    let mut pos = 0;
    for (at, tag) in &inserts {
        push_without_timex_tags(&mut out, region.get(pos..*at)?);
        out.push_str(tag);
        pos = *at;
    }
    push_without_timex_tags(&mut out, region.get(pos..)?);
    out.push_str(xml.get(end..)?);
    Some(out)
}

/// The largest `N` of a `tid="tN"` in `s`.
fn max_tid(s: &str) -> Option<usize> {
    s.match_indices("tid=\"t")
        .filter_map(|(i, m)| {
            let digits = s.get(i + m.len()..)?;
            let n = digits
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(digits.len());
            digits.get(..n)?.parse().ok()
        })
        .max()
}

/// Copies `raw` into `out` without its `<TIMEX3 …>` and `</TIMEX3>` tags.
fn push_without_timex_tags(out: &mut String, raw: &str) {
    let mut rest = raw;
    while let Some(i) = rest.find('<') {
        let tail = rest.get(i..).unwrap_or("");
        let is_timex = tail.starts_with("<TIMEX3") || tail.starts_with("</TIMEX3");
        match tail.find('>') {
            Some(j) if is_timex => {
                out.push_str(rest.get(..i).unwrap_or(""));
                rest = tail.get(j + 1..).unwrap_or("");
            }
            _ => {
                out.push_str(rest.get(..=i).unwrap_or(""));
                rest = rest.get(i + 1..).unwrap_or("");
            }
        }
    }
    out.push_str(rest);
}
