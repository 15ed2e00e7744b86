//! TimeML loader: the text inside `<TEXT>` with tags removed and entities decoded, the document
//! creation time from `<DCT><TIMEX3 value=…>` as the publication date (provenance
//! `Metadata { field: "DCT" }`), and the title from `<TITLE>` when present.

use crate::document::{Document, Known, Provenance, SourceFormat};

/// Reads a TimeML document. Fails (with a message naming what is missing) when there is no
/// `<TEXT>` element.
pub fn load(name: &str, xml: &str) -> Result<Document, String> {
    let body = element(xml, "TEXT").ok_or("TimeML without a <TEXT> element")?;
    let text = decode(&strip_tags(body));
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
        let t = decode(&strip_tags(title)).trim().to_string();
        if !t.is_empty() {
            doc.meta.title = Some(t);
        }
    }
    Ok(doc)
}

/// The content of the first `<NAME …>…</NAME>` element (tag names are case-sensitive, as XML's).
fn element<'a>(xml: &'a str, name: &str) -> Option<&'a str> {
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
    xml.get(start..end)
}

/// The value of attribute `name` in the first tag of `s`.
fn attribute(s: &str, name: &str) -> Option<String> {
    let tag_end = s.find('>')?;
    let tag = s.get(..tag_end)?;
    let pat = format!("{name}=");
    let mut from = 0;
    loop {
        let i = from + tag.get(from..)?.find(&pat)?;
        let ok = i == 0 || tag[..i].ends_with(char::is_whitespace);
        let rest = tag.get(i + pat.len()..)?;
        let q = rest.chars().next()?;
        if ok && (q == '"' || q == '\'') {
            let v = rest.get(1..)?;
            return v.find(q).and_then(|e| v.get(..e)).map(decode);
        }
        from = i + pat.len();
    }
}

fn parse_day(v: &str) -> Option<jiff::civil::Date> {
    let d = v.get(..10)?;
    d.parse().ok()
}

/// Removes every `<…>` tag (elements, comments, processing instructions).
fn strip_tags(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('<') {
        out.push_str(&rest[..i]);
        match rest[i..].find('>') {
            Some(j) => rest = &rest[i + j + 1..],
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// Decodes the five XML entities and numeric character references; anything else is kept.
fn decode(s: &str) -> String {
    if !s.contains('&') {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let end = tail.find(';').filter(|e| *e <= 12);
        let decoded = end.and_then(|e| {
            let ent = &tail[1..e];
            let c = match ent {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                _ => {
                    let n = if let Some(h) = ent.strip_prefix("#x").or(ent.strip_prefix("#X")) {
                        u32::from_str_radix(h, 16).ok()
                    } else {
                        ent.strip_prefix('#').and_then(|d| d.parse().ok())
                    };
                    n.and_then(char::from_u32)
                }
            };
            c.map(|c| (c, e + 1))
        });
        match decoded {
            Some((c, len)) => {
                out.push(c);
                rest = &tail[len..];
            }
            None => {
                out.push('&');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
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
}
