//! Code-point access to the documents' texts and the short forms the renderings show
//! (outlet, title, snippet). Offsets are code points, as in the JSON.

use std::collections::HashMap;

use super::Dossier;
use crate::json::DocumentItem;
use corroborate_core::Span;

/// Code-point access to the documents' texts: built once per rendering, linear in the text.
pub struct Texts<'a> {
    docs: HashMap<&'a str, (&'a DocumentItem, Vec<usize>)>,
    /// Each document's sentences (code points, in text order) with the spans the cleaner
    /// ignored removed.
    sentences: HashMap<&'a str, Vec<Span>>,
}

impl<'a> Texts<'a> {
    /// Indexes every document's code-point boundaries and sentences.
    pub fn new(d: &'a Dossier) -> Self {
        let docs = d
            .documents
            .iter()
            .map(|doc| {
                let mut b: Vec<usize> = doc.text.char_indices().map(|(i, _)| i).collect();
                b.push(doc.text.len());
                (doc.id.as_str(), (doc, b))
            })
            .collect();
        // Per document, the ignored spans by start and the furthest end among the first k.
        let mut ignored: HashMap<&str, Vec<Span>> = HashMap::new();
        for i in &d.ignored {
            ignored.entry(i.doc.as_str()).or_default().push(i.item.span);
        }
        let ignored: HashMap<&str, (Vec<usize>, Vec<usize>)> = ignored
            .into_iter()
            .map(|(doc, mut list)| {
                list.sort_unstable_by_key(|s| s.start);
                let starts = list.iter().map(|s| s.start).collect();
                let ends = list
                    .iter()
                    .scan(0, |max, s| {
                        *max = s.end.max(*max);
                        Some(*max)
                    })
                    .collect();
                (doc, (starts, ends))
            })
            .collect();
        let mut sentences: HashMap<&str, Vec<Span>> = HashMap::new();
        for s in &d.sentences {
            let doc = s.doc.as_str();
            let skip = ignored.get(doc).is_some_and(|(starts, ends)| {
                let before = starts.partition_point(|&start| start < s.item.end);
                before > 0 && ends.get(before - 1).is_some_and(|&end| end > s.item.start)
            });
            if !skip {
                sentences.entry(doc).or_default().push(s.item);
            }
        }
        for list in sentences.values_mut() {
            list.sort_unstable_by_key(|s| (s.start, s.end));
        }
        Texts { docs, sentences }
    }

    /// A document's sentences outside ignored spans, in text order (empty when the report
    /// has no sentence layer).
    pub fn sentences(&self, id: &str) -> &[Span] {
        self.sentences.get(id).map_or(&[], Vec::as_slice)
    }

    /// The document with this id.
    pub fn doc(&self, id: &str) -> Option<&'a DocumentItem> {
        self.docs.get(id).map(|(d, _)| *d)
    }

    /// The text a cite points to; empty when out of range.
    pub fn cited(&self, c: &corroborate_reconcile::Cite) -> &'a str {
        self.slice(c.doc.as_str(), c.span.start, c.span.end)
    }

    /// The text of code points `[start, end)` of a document; empty when out of range.
    pub fn slice(&self, id: &str, start: usize, end: usize) -> &'a str {
        let Some((d, b)) = self.docs.get(id) else {
            return "";
        };
        let n = b.len() - 1;
        let (s, e) = (start.min(n), end.min(n));
        if s >= e {
            return "";
        }
        d.text.get(b[s]..b[e]).unwrap_or("")
    }

    /// The outlet name of a document, or its source when the outlet is unknown.
    pub fn outlet(&self, id: &str) -> String {
        match self.doc(id) {
            Some(d) => outlet_of(d),
            None => id.to_string(),
        }
    }

    /// The publication day of a document, when known.
    pub fn published(&self, id: &str) -> Option<String> {
        self.doc(id)
            .and_then(|d| d.meta.published.as_ref())
            .map(|k| k.value.to_string())
    }
}

/// A document's outlet, or a short form of its source path when the outlet is unknown.
pub fn outlet_of(d: &DocumentItem) -> String {
    match &d.meta.outlet {
        Some(o) => o.value.clone(),
        None => d
            .source
            .rsplit(['/', '\\'])
            .next()
            .unwrap_or(&d.source)
            .to_string(),
    }
}

/// A document's title: metadata title, else the headline, else its source.
pub fn title_of(d: &DocumentItem, t: &Texts<'_>) -> String {
    if let Some(title) = &d.meta.title {
        return title.clone();
    }
    if let Some(h) = d.headline {
        let s = t.slice(d.id.as_str(), h.start, h.end);
        if !s.trim().is_empty() {
            return s.trim().to_string();
        }
    }
    d.source.clone()
}

/// Collapses runs of white space to one space and shortens to at most `max` code points,
/// cutting at a word boundary and marking the cut with an ellipsis.
pub fn snippet(s: &str, max: usize) -> String {
    let mut out = String::with_capacity(s.len().min(max * 4));
    let mut n = 0;
    let mut cut = false;
    for w in s.split_whitespace() {
        let len = w.chars().count();
        if n > 0 && n + 1 + len > max {
            cut = true;
            break;
        }
        if n > 0 {
            out.push(' ');
            n += 1;
        }
        if len > max {
            out.extend(w.chars().take(max));
            cut = true;
            break;
        }
        out.push_str(w);
        n += len;
    }
    if cut {
        out.push('…');
    }
    out
}

/// A snippet in curly quotes, unless the text already opens with a quotation mark (a quote
/// quoted again would read `““…`).
pub fn quoted(s: &str) -> String {
    if s.starts_with(['"', '“', '‘', '\'', '«']) {
        s.to_string()
    } else {
        format!("“{s}”")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snippet_collapses_space_and_cuts_at_words() {
        assert_eq!(snippet("a  b\n\nc", 10), "a b c");
        assert_eq!(snippet("alpha beta gamma", 10), "alpha beta…");
        assert_eq!(snippet("abcdefghijkl", 5), "abcde…");
    }

    #[test]
    fn quoted_does_not_double_quote_marks() {
        assert_eq!(quoted("no choice"), "“no choice”");
        assert_eq!(quoted("“No choice,” he said"), "“No choice,” he said");
        assert_eq!(quoted("\"No\" he said"), "\"No\" he said");
    }

    #[test]
    fn texts_slice_by_code_point() {
        let d = Dossier {
            documents: vec![DocumentItem {
                id: corroborate_core::DocId("d1".into()),
                source: String::new(),
                format: corroborate_core::document::SourceFormat::Text,
                headline: None,
                meta: Default::default(),
                length: 11,
                text: "héllo wörld".into(),
                story: None,
                lineage: None,
            }],
            ..Default::default()
        };
        let t = Texts::new(&d);
        assert_eq!(t.slice("d1", 6, 11), "wörld");
        assert_eq!(t.slice("d1", 6, 99), "wörld");
        assert_eq!(t.slice("d1", 8, 2), "");
        assert_eq!(t.slice("nope", 0, 1), "");
    }
}
