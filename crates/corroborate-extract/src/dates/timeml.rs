//! TimeML output: the document text with inline `<TIMEX3>` tags, readable back by
//! `corroborate_core::load::timeml` (the text inside `<TEXT>` with tags removed and entities
//! decoded is the original text; the DCT comes back as the publication date).

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
    let mut sorted: Vec<&Timex> = timexes.iter().collect();
    sorted.sort_by_key(|t| (t.span.start, std::cmp::Reverse(t.span.end)));
    let mut pos = 0;
    let mut n = 0;
    for t in sorted {
        let (s, e) = (t.span.start, t.span.end);
        if s < pos
            || e > text.len()
            || s >= e
            || !text.is_char_boundary(s)
            || !text.is_char_boundary(e)
        {
            continue;
        }
        out.push_str(&escape(text.get(pos..s).unwrap_or("")));
        n += 1;
        out.push_str(&format!(
            "<TIMEX3 tid=\"t{n}\" type=\"{}\"",
            t.kind.as_str()
        ));
        if let Some(v) = &t.value {
            out.push_str(&format!(" value=\"{}\"", escape(v)));
        }
        if let Some(m) = t.modifier {
            out.push_str(&format!(" mod=\"{m}\""));
        }
        out.push('>');
        out.push_str(&escape(text.get(s..e).unwrap_or("")));
        out.push_str("</TIMEX3>");
        pos = e;
    }
    out.push_str(&escape(text.get(pos..).unwrap_or("")));
    out.push_str("</TEXT>\n</TimeML>\n");
    out
}
