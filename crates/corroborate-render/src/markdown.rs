//! The Markdown dossier: one file that reads well in a terminal and on a code forge.
//!
//! Per story: title and summary, sources, who's who, agreed facts, contested points,
//! inconsistencies, timeline, what each outlet alone adds, quotes. Every item carries a
//! footnote citing the outlet with a quoted snippet. Article text is data: every piece of it is
//! escaped with [`escape`], so input cannot inject links, images or HTML.

#![deny(clippy::string_slice)]

use std::fmt::Write;

use crate::dossier::{snippet, Dossier, EventV, Texts};
use crate::view::{wording, DossierView, Section, StoryModel, Summary};

pub(crate) mod claims;
mod record;

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

/// Outlet names, escaped and joined by commas.
fn outlet_list<S: AsRef<str>>(outlets: impl IntoIterator<Item = S>) -> String {
    let v: Vec<String> = outlets.into_iter().map(|o| escape(o.as_ref())).collect();
    v.join(", ")
}

/// An italic note line of the dossier's own wording.
fn note(out: &mut String, text: &str) {
    let _ = writeln!(out, "_{text}_\n");
}

/// Footnotes collected while writing; each cites an outlet and quotes a snippet.
struct Notes<'t> {
    texts: &'t Texts<'t>,
    bodies: Vec<String>,
}

impl<'t> Notes<'t> {
    /// Adds a footnote for code points `[start, end)` of `doc` and returns its marker.
    fn cite(&mut self, doc: &str, start: usize, end: usize) -> String {
        let quoted = snippet(self.texts.slice(doc, start, end), SNIPPET);
        let mut body = escape(&self.texts.outlet(doc));
        if let Some(p) = self.texts.published(doc) {
            let _ = write!(body, ", {}", escape(p));
        }
        let _ = write!(body, ": “{}” (`{doc}` {start}–{end})", escape(&quoted));
        self.bodies.push(body);
        format!("[^{}]", self.bodies.len())
    }

    /// The text of `[start, end)` of `doc` cut to `max` code points, escaped, with its footnote.
    fn cited(&mut self, doc: &str, start: usize, end: usize, max: usize) -> String {
        let text = escape(&snippet(self.texts.slice(doc, start, end), max));
        format!("{text}{}", self.cite(doc, start, end))
    }

    /// As [`Notes::cited`], in curly quotes with the footnote after the closing quote.
    fn quoted(&mut self, doc: &str, start: usize, end: usize, max: usize) -> String {
        let text = escape(&snippet(self.texts.slice(doc, start, end), max));
        format!("“{text}”{}", self.cite(doc, start, end))
    }
}

/// Renders the dossier as Markdown.
pub fn render(d: &Dossier) -> String {
    let view = DossierView::new(d);
    let mut notes = Notes {
        texts: &view.texts,
        bodies: Vec::new(),
    };
    let mut out = String::new();
    let _ = writeln!(out, "# {}\n", wording::TITLE);
    let _ = writeln!(
        out,
        "{} Every item cites its source in a footnote quoting the text.\n",
        view.counts()
    );
    if !d.problems.is_empty() {
        let _ = writeln!(out, "**{}**\n", wording::PROBLEMS);
        for p in &d.problems {
            let line =
                wording::problem(&escape(&p.path), &escape(&p.severity), &escape(&p.message));
            let _ = writeln!(out, "- {line}");
        }
        out.push('\n');
    }
    for s in view.story_models() {
        story(&mut out, &mut notes, d, &s);
    }
    if !notes.bodies.is_empty() {
        let _ = writeln!(out, "---\n");
        for (i, b) in notes.bodies.iter().enumerate() {
            let _ = writeln!(out, "[^{}]: {b}", i + 1);
        }
    }
    out
}

fn story(out: &mut String, notes: &mut Notes<'_>, d: &Dossier, s: &StoryModel<'_>) {
    let _ = writeln!(out, "## {}\n", escape(&s.title));
    let id = format!("`{}`", s.id);
    let _ = writeln!(out, "{}\n", wording::story_meta(&id, s.docs.len()));
    summary(out, notes, s);
    sources(out, s);
    people(out, notes, s);
    record::section(out, notes, d, s.view());

    let _ = writeln!(out, "### {}\n", wording::AGREED);
    claims::agreed(out, notes, s.agreed());
    let _ = writeln!(out, "### {}\n", wording::CONTESTED);
    claims::contested(out, notes, s.contested());
    let _ = writeln!(out, "### {}\n", wording::INCONSISTENCIES);
    claims::inconsistencies(out, notes, s.inconsistencies());
    date_conflicts(out, notes, s);
    timeline(out, notes, s);
    let _ = writeln!(out, "### {}\n", wording::UNIQUE);
    match s.unique() {
        Section::NotComputed => events_alone(out, notes, s),
        unique => claims::unique(out, notes, unique),
    }
    quotes(out, notes, s);
}

fn summary(out: &mut String, notes: &mut Notes<'_>, s: &StoryModel<'_>) {
    match s.summary() {
        Summary::Claims(list) => {
            let _ = writeln!(out, "**{}**\n", wording::SUMMARY);
            for x in list {
                let text = notes.cited(&x.doc, x.start, x.end, 400);
                let _ = writeln!(
                    out,
                    "- {text} _({})_",
                    wording::sources(x.independent_sources)
                );
            }
            out.push('\n');
        }
        Summary::Lead(c) => {
            let text = notes.cited(&c.doc, c.start, c.end, 400);
            let _ = writeln!(
                out,
                "**{}** {text} _{}_\n",
                wording::SUMMARY,
                wording::LEAD_NOTE
            );
        }
        Summary::None => {}
    }
}

fn sources(out: &mut String, s: &StoryModel<'_>) {
    let _ = writeln!(out, "### {}\n", wording::SOURCES);
    let _ = writeln!(
        out,
        "| # | {} |\n|---|---|---|---|---|---|",
        wording::SOURCE_COLUMNS.join(" | ")
    );
    for (i, row) in s.sources().iter().enumerate() {
        let published = row
            .published
            .map(|p| wording::published(&escape(&p.value), &escape(&p.how)))
            .unwrap_or_else(|| wording::UNKNOWN.into());
        let (lineage, reprint) = match &row.lineage {
            Some((l, r)) => (
                escape(l),
                r.as_deref()
                    .map_or_else(|| wording::NOT_A_REPRINT.into(), escape),
            ),
            None => (
                wording::LINEAGE_NOT_COMPUTED.into(),
                wording::LINEAGE_NOT_COMPUTED.into(),
            ),
        };
        let _ = writeln!(
            out,
            "| {} | {} | {published} | {} | {lineage} | {reprint} |",
            i + 1,
            escape(&row.outlet),
            escape(&snippet(&row.title, 90)),
        );
    }
    out.push('\n');
}

fn people(out: &mut String, notes: &mut Notes<'_>, s: &StoryModel<'_>) {
    let _ = writeln!(out, "### {}\n", wording::WHOS_WHO);
    let people = s.people();
    if people.is_empty() {
        note(out, wording::NO_PEOPLE);
    }
    for p in people {
        let mut line = format!(
            "- **{}** ({})",
            escape(&p.entity.name),
            escape(&p.entity.kind)
        );
        let roles: Vec<String> = p
            .roles
            .iter()
            .map(|(role, evidence)| {
                let n: String = evidence
                    .iter()
                    .map(|c| notes.cite(&c.doc, c.start, c.end))
                    .collect();
                format!("{}{n}", escape(role))
            })
            .collect();
        if !roles.is_empty() {
            let _ = write!(line, ": {}", roles.join("; "));
        }
        let _ = writeln!(line, " — {} {}", wording::NAMED_BY, outlet_list(&p.outlets));
        out.push_str(&line);
    }
    out.push('\n');
}

fn date_conflicts(out: &mut String, notes: &mut Notes<'_>, s: &StoryModel<'_>) {
    let conflicts = s.date_conflicts();
    if conflicts.is_empty() {
        let _ = writeln!(out, "{}", wording::NO_DATE_CONFLICT);
    }
    for c in conflicts {
        let e = &c.event.description;
        let text = notes.quoted(&e.doc, e.start, e.end, 100);
        let _ = writeln!(out, "- {}", wording::dated_differently(&text));
        for date in c.dates {
            let cites: String = date
                .mentions
                .iter()
                .map(|m| notes.cite(&m.doc, m.start, m.end))
                .collect();
            let value = format!("**{}**", escape(date.value));
            let _ = writeln!(
                out,
                "  - {}{cites}",
                wording::per(&value, &outlet_list(&date.outlets))
            );
        }
    }
    out.push('\n');
}

fn timeline(out: &mut String, notes: &mut Notes<'_>, s: &StoryModel<'_>) {
    let _ = writeln!(out, "### {}\n", wording::TIMELINE);
    if s.events.is_empty() {
        let _ = writeln!(out, "_{}_", wording::NO_EVENTS);
    }
    for e in &s.events {
        let c = &e.description;
        let text = notes.quoted(&c.doc, c.start, c.end, SNIPPET);
        let flag = if e.conflicting {
            format!(" **({})**", wording::DATES_DIFFER)
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "- **{}** — {text} ({}){flag}",
            escape(&e.date),
            outlet_list(s.event_outlets(e))
        );
    }
    let inferred = s.inferred();
    if !inferred.is_empty() {
        let _ = writeln!(out, "\n{}\n", wording::INFERRED);
        for p in inferred {
            let cites: String = p
                .evidence
                .iter()
                .map(|c| notes.cite(&c.doc, c.start, c.end))
                .collect();
            let date = format!("**{}**", escape(&p.date));
            let line = wording::inferred(
                &escape(&notes.texts.outlet(&p.doc)),
                &date,
                &escape(&p.reason),
            );
            let _ = writeln!(out, "- {line}{cites}");
        }
    }
    out.push('\n');
}

/// Without a claims analysis, what each outlet alone adds falls back to the dated events only
/// one outlet reports.
fn events_alone(out: &mut String, notes: &mut Notes<'_>, s: &StoryModel<'_>) {
    let _ = writeln!(out, "{}\n", wording::EVENTS_ALONE_NOTE);
    for (outlet, evs) in s.events_alone() {
        let _ = writeln!(out, "- **{}**:", escape(&outlet));
        for e in evs {
            event_alone(out, notes, e);
        }
    }
    out.push('\n');
}

fn event_alone(out: &mut String, notes: &mut Notes<'_>, e: &EventV) {
    if let Some(m) = e.mentions.first() {
        let text = notes.quoted(&m.doc, m.sentence.start, m.sentence.end, 120);
        let _ = writeln!(out, "  - {}: {text}", escape(&e.date));
    }
}

fn quotes(out: &mut String, notes: &mut Notes<'_>, s: &StoryModel<'_>) {
    let quotes = s.quotes();
    let _ = writeln!(out, "### {}\n", wording::QUOTES);
    if quotes.is_empty() {
        let _ = writeln!(out, "_{}_", wording::NO_QUOTES);
    }
    for q in quotes {
        let (a, b) = q.words;
        let text = escape(&snippet(notes.texts.slice(&q.quote.doc, a, b), SNIPPET));
        let n = notes.cite(&q.quote.doc, q.quote.start, q.quote.end);
        let _ = writeln!(out, "- **{}**: “{text}”{n}", escape(q.speaker));
    }
    out.push('\n');
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
