//! The Markdown dossier: one file that reads well in a terminal and on a code forge.
//!
//! Per story: title and summary, sources, who's who, agreed facts, contested points,
//! inconsistencies, timeline, what each outlet alone adds, quotes. Every item carries a
//! footnote citing the outlet with a quoted snippet. The markup is in `templates/dossier.md`,
//! `templates/md/story.md`, `templates/md/claims.md` and `templates/md/record.md`; what they
//! show and say comes from [`crate::view`]. Article text is data: the templates escape every
//! piece of it with [`escape`] (their auto-escaper, [`Escape`]), so input cannot inject links,
//! images or HTML.

#![deny(clippy::string_slice)]

use std::cell::RefCell;
use std::collections::BTreeSet;

use askama::Template;

use crate::dossier::{cite_parts, snippet, Dossier, Texts};
use crate::view::{wording, Dispute, DossierView, Num, Party, Section, Summary};
use corroborate_reconcile::claims::Claim;
use corroborate_records::{Evidence, RecordValue};

/// Evidence spans cited per record value (the JSON and HTML carry all of them).
const CITES_PER_VALUE: usize = 2;

/// Longest quoted snippet in a citation, in code points.
const SNIPPET: usize = 160;

/// Escapes text for Markdown: every character CommonMark or GFM could read as markup (emphasis,
/// links, images, HTML, tables, code, headings) is backslash-escaped and line breaks become
/// spaces, so the text renders literally, inline.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '&' | '|' | '~' | '#' | '!' | '('
            | ')' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            '\r' | '\n' | '\t' => out.push(' '),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// The Markdown escaper of the templates (`askama.toml` binds it to `.md` files): every `{{ }}`
/// in `templates/` goes through [`escape`] unless marked `|safe`.
pub struct Escape;

impl askama_escape::Escaper for Escape {
    fn write_escaped<W: std::fmt::Write>(&self, mut fmt: W, string: &str) -> std::fmt::Result {
        fmt.write_str(&escape(string))
    }
}

/// One footnote: the outlet and day of the cited document and a snippet of the span.
struct Footnote {
    outlet: String,
    published: Option<String>,
    quoted: String,
    doc: String,
    start: usize,
    end: usize,
}

/// Footnotes collected while rendering, numbered from 1 in the order they are cited.
struct Notes<'t> {
    texts: &'t Texts<'t>,
    cited: RefCell<Vec<(String, usize, usize)>>,
}

impl<'t> Notes<'t> {
    /// Adds a footnote for code points `[start, end)` of `doc` and returns its number.
    fn number(&self, doc: &str, start: usize, end: usize) -> usize {
        let mut cited = self.cited.borrow_mut();
        cited.push((doc.to_string(), start, end));
        cited.len()
    }

    /// The footnotes cited so far, in order.
    fn footnotes(&self) -> Vec<Footnote> {
        self.cited
            .borrow()
            .iter()
            .map(|(doc, start, end)| Footnote {
                outlet: self.texts.outlet(doc),
                published: self.texts.published(doc),
                quoted: snippet(self.texts.slice(doc, *start, *end), SNIPPET),
                doc: doc.clone(),
                start: *start,
                end: *end,
            })
            .collect()
    }
}

/// The Markdown dossier: `templates/dossier.md`, per story `templates/md/story.md` and its
/// claims sections `templates/md/claims.md` and records `templates/md/record.md`.
#[derive(Template)]
#[template(path = "dossier.md")]
struct Page<'a> {
    d: &'a Dossier,
    view: &'a DossierView<'a>,
    notes: Notes<'a>,
}

impl Page<'_> {
    /// Cites `[start, end)` of `doc` in a new footnote; its number.
    fn note(&self, doc: &str, start: impl Num, end: impl Num) -> usize {
        self.notes.number(doc, *start.borrow(), *end.borrow())
    }

    /// The spans a claim cites: one mention per lineage (a reprint adds no citation), else
    /// the claim's own text.
    fn claim_spans<'c>(&self, c: &'c Claim) -> Vec<(&'c str, usize, usize)> {
        let mut seen = BTreeSet::new();
        let spans: Vec<(&str, usize, usize)> = c
            .mentions
            .iter()
            .filter(|m| seen.insert(m.lineage.as_str()))
            .map(|m| cite_parts(&m.cite))
            .collect();
        if spans.is_empty() {
            return vec![cite_parts(&c.text)];
        }
        spans
    }

    /// Both sides of a dispute as table rows: each party once, with the outlets carrying its
    /// statements and its first statement quoted. Footnotes are numbered side by side: every
    /// party asserting, then every party disputing.
    fn sides<'p>(&self, d: &'p Dispute<'_>) -> Vec<(Option<Cell<'p>>, Option<Cell<'p>>)> {
        let side = |parties: &'p [Party<'_>]| -> Vec<Cell<'p>> {
            parties
                .iter()
                .filter_map(|p| {
                    let (doc, start, end) = cite_parts(&p.statements.first()?.statement);
                    Some(Cell {
                        label: p.label(),
                        outlets: p.outlets.iter().copied().collect(),
                        text: self.view.quoted(doc, start, end, 140),
                        note: self.note(doc, start, end),
                    })
                })
                .collect()
        };
        let mut asserts = side(&d.asserts).into_iter();
        let mut disputes = side(&d.disputes).into_iter();
        let mut rows = Vec::new();
        loop {
            match (asserts.next(), disputes.next()) {
                (None, None) => return rows,
                row => rows.push(row),
            }
        }
    }

    /// The spans a record value cites: its first supporting ones, else its first disputing
    /// ones (the JSON and HTML carry all of them).
    fn value_evidence<'v>(&self, v: &'v RecordValue) -> Vec<&'v Evidence> {
        let support: Vec<&Evidence> = v.support().take(CITES_PER_VALUE).collect();
        if support.is_empty() {
            return self.dispute_evidence(v);
        }
        support
    }

    /// The first spans disputing a record value.
    fn dispute_evidence<'v>(&self, v: &'v RecordValue) -> Vec<&'v Evidence> {
        v.disputes().take(CITES_PER_VALUE).collect()
    }
}

/// One party of a dispute in the sides table.
struct Cell<'a> {
    label: String,
    outlets: Vec<&'a str>,
    text: String,
    note: usize,
}

/// Renders the dossier as Markdown.
pub fn render(d: &Dossier) -> String {
    let view = DossierView::new(d);
    let page = Page {
        d,
        view: &view,
        notes: Notes {
            texts: &view.texts,
            cited: RefCell::new(Vec::new()),
        },
    };
    page.render().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_neutralises_markup() {
        let e = escape("[click](javascript:alert(1)) <script>x</script> *a* | `b`\nc");
        assert!(!e.contains('\n'));
        // Every markup character is preceded by a backslash.
        let chars: Vec<char> = e.chars().collect();
        for (i, c) in chars.iter().enumerate() {
            if "[]()<>*`|".contains(*c) {
                assert!(i > 0 && chars[i - 1] == '\\', "unescaped {c} in {e}");
            }
        }
        assert!(e.contains("\\[click\\]\\(javascript:alert\\(1\\)\\)"));
        assert!(e.contains("\\<script\\>"));
        assert_eq!(escape("plain words, 12.5 km."), "plain words, 12.5 km.");
    }
}
