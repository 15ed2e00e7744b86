//! The Markdown dossier: one file that reads well in a terminal and on a code forge.
//!
//! Per story: title and summary, sources, who's who, agreed facts, contested points,
//! inconsistencies, timeline, what each outlet alone adds, quotes. Every item carries a
//! footnote citing the outlet with a quoted snippet. Article text is data: every piece of it is
//! escaped with [`escape`], so input cannot inject links, images or HTML.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use crate::dossier::{
    self, outlet_of, snippet, story_events, title_of, Dossier, StoryClaims, StoryView, Texts,
    NOT_COMPUTED,
};

pub(crate) mod claims;

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
}

/// Renders the dossier as Markdown.
pub fn render(d: &Dossier) -> String {
    let texts = Texts::new(d);
    let mut notes = Notes {
        texts: &texts,
        bodies: Vec::new(),
    };
    let mut out = String::new();
    let outlets: BTreeSet<String> = d.documents.iter().map(outlet_of).collect();
    let stories = dossier::stories(d);
    let _ = writeln!(out, "# Corroborate dossier\n");
    let _ = writeln!(
        out,
        "{} article(s) from {} outlet(s), {} stor{}. Every item cites its source in a footnote \
         quoting the text.\n",
        d.documents.len(),
        outlets.len(),
        stories.len(),
        if stories.len() == 1 { "y" } else { "ies" }
    );
    if !d.problems.is_empty() {
        let _ = writeln!(out, "**Input problems**\n");
        for p in &d.problems {
            let _ = writeln!(
                out,
                "- {} ({}): {}",
                escape(&p.path),
                escape(&p.severity),
                escape(&p.message)
            );
        }
        out.push('\n');
    }
    for s in &stories {
        story(&mut out, &mut notes, d, s);
    }
    if !notes.bodies.is_empty() {
        let _ = writeln!(out, "---\n");
        for (i, b) in notes.bodies.iter().enumerate() {
            let _ = writeln!(out, "[^{}]: {b}", i + 1);
        }
    }
    out
}

fn story(out: &mut String, notes: &mut Notes<'_>, d: &Dossier, s: &StoryView) {
    let t = notes.texts;
    let docs: Vec<_> = s.docs.iter().filter_map(|id| t.doc(id)).collect();
    let Some(first) = docs.first() else {
        return;
    };
    let _ = writeln!(out, "## {}\n", escape(&title_of(first, t)));
    let _ = writeln!(out, "Story `{}`, {} article(s).\n", s.id, docs.len());
    let sc = StoryClaims::of(d, &s.docs);
    let summarised = sc
        .as_ref()
        .is_some_and(|sc| claims::summary(out, notes, sc));
    let lead = d
        .documents
        .iter()
        .find(|x| x.id == first.id)
        .and_then(|x| lead_sentence(x, t))
        .filter(|_| !summarised);
    if let Some((a, b)) = lead {
        let body = snippet(t.slice(&first.id, a, b), 400);
        let n = notes.cite(&first.id, a, b);
        let _ = writeln!(
            out,
            "**Summary.** {}{n} _(the lead of the earliest article)_\n",
            escape(&body)
        );
    }

    let _ = writeln!(out, "### Sources\n");
    let _ = writeln!(
        out,
        "| # | outlet | published | headline | lineage | reprint of |\n|---|---|---|---|---|---|"
    );
    for (i, x) in docs.iter().enumerate() {
        let published = x
            .meta
            .published
            .as_ref()
            .map(|p| format!("{} ({})", escape(&p.value), escape(&p.how)))
            .unwrap_or_else(|| "unknown".into());
        let (lineage, reprint) = match dossier::lineage_of(d, x) {
            Some((l, r)) => (
                escape(&l),
                r.map(|r| escape(&r)).unwrap_or_else(|| "—".into()),
            ),
            None => ("not computed".into(), "not computed".into()),
        };
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {lineage} | {reprint} |",
            i + 1,
            escape(&outlet_of(x)),
            published,
            escape(&snippet(&title_of(x, t), 90)),
        );
    }
    out.push('\n');

    let _ = writeln!(out, "### Who's who\n");
    let in_story: BTreeSet<&str> = s.docs.iter().map(String::as_str).collect();
    let people: Vec<_> = d
        .cross_entities
        .iter()
        .filter(|e| e.members.iter().any(|m| in_story.contains(m.doc.as_str())))
        .collect();
    if people.is_empty() {
        let _ = writeln!(
            out,
            "_No people or organisations were extracted from these articles._\n"
        );
    }
    for e in people {
        let mut line = format!("- **{}** ({})", escape(&e.name), escape(&e.kind));
        let roles: Vec<String> = dossier::distinct_roles(e)
            .into_iter()
            .map(|(role, evidence)| {
                let n: String = evidence
                    .iter()
                    .map(|c| notes.cite(&c.doc, c.start, c.end))
                    .collect();
                format!("{}{n}", escape(&role))
            })
            .collect();
        if !roles.is_empty() {
            let _ = write!(line, ": {}", roles.join("; "));
        }
        let outlets: BTreeSet<String> = e.members.iter().map(|m| t.outlet(&m.doc)).collect();
        let outlets: Vec<String> = outlets.iter().map(|o| escape(o)).collect();
        let _ = writeln!(line, " — named by {}", outlets.join(", "));
        out.push_str(&line);
    }
    out.push('\n');

    let _ = writeln!(out, "### Agreed facts\n");
    match &sc {
        Some(sc) => claims::agreed(out, notes, sc),
        None => {
            let _ = writeln!(out, "_{NOT_COMPUTED}_\n");
        }
    }
    let _ = writeln!(out, "### Contested points\n");
    match &sc {
        Some(sc) => claims::contested(out, notes, sc),
        None => {
            let _ = writeln!(out, "_{NOT_COMPUTED}_\n");
        }
    }

    let events = story_events(d, &s.docs);
    let _ = writeln!(out, "### Inconsistencies between outlets\n");
    match &sc {
        Some(sc) => claims::inconsistencies(out, notes, sc),
        None => {
            let _ = writeln!(out, "_Claim-level inconsistencies: {NOT_COMPUTED}_\n");
        }
    }
    let conflicting: Vec<_> = events.iter().filter(|e| e.conflicting).collect();
    if conflicting.is_empty() {
        let _ = writeln!(out, "No outlets give different dates for the same event.");
    }
    for e in conflicting {
        let n = notes.cite(&e.description.doc, e.description.start, e.description.end);
        let _ = writeln!(
            out,
            "- Outlets date “{}”{n} differently:",
            escape(&snippet(
                t.slice(&e.description.doc, e.description.start, e.description.end),
                100
            ))
        );
        for date in &e.dates {
            let by: BTreeSet<String> = date.docs.iter().map(|x| t.outlet(x)).collect();
            let by: Vec<String> = by.iter().map(|o| escape(o)).collect();
            let cites: String = e
                .mentions
                .iter()
                .filter(|m| m.value == date.value)
                .map(|m| notes.cite(&m.doc, m.start, m.end))
                .collect();
            let _ = writeln!(
                out,
                "  - **{}** per {}{cites}",
                escape(&date.value),
                by.join(", ")
            );
        }
    }
    out.push('\n');

    let _ = writeln!(out, "### Timeline\n");
    if events.is_empty() {
        let _ = writeln!(out, "_No dated events were found._");
    }
    for e in &events {
        let n = notes.cite(&e.description.doc, e.description.start, e.description.end);
        let by: BTreeSet<String> = e.mentions.iter().map(|m| t.outlet(&m.doc)).collect();
        let by: Vec<String> = by.iter().map(|o| escape(o)).collect();
        let flag = if e.conflicting {
            " **(dates differ between outlets)**"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "- **{}** — “{}”{n} ({}){flag}",
            escape(&e.date),
            escape(&snippet(
                t.slice(&e.description.doc, e.description.start, e.description.end),
                SNIPPET
            )),
            by.join(", ")
        );
    }
    let inferred: Vec<_> = d
        .timeline
        .inferred_published
        .iter()
        .filter(|p| in_story.contains(p.doc.as_str()))
        .collect();
    if !inferred.is_empty() {
        let _ = writeln!(out, "\nPublication dates inferred from other articles:\n");
        for p in inferred {
            let cites: String = p
                .evidence
                .iter()
                .map(|c| notes.cite(&c.doc, c.start, c.end))
                .collect();
            let _ = writeln!(
                out,
                "- {}: **{}** — {}{cites}",
                escape(&t.outlet(&p.doc)),
                escape(&p.date),
                escape(&p.reason)
            );
        }
    }
    out.push('\n');

    let _ = writeln!(out, "### What each outlet alone adds\n");
    match &sc {
        Some(sc) => claims::unique(out, notes, sc),
        None => events_alone(out, notes, &events),
    }

    let quotes: Vec<_> = d
        .quotes
        .iter()
        .filter(|q| in_story.contains(q.doc.as_str()))
        .collect();
    let _ = writeln!(out, "### Quotes\n");
    if quotes.is_empty() {
        let _ = writeln!(out, "_No quotes were extracted from these articles._");
    }
    for q in quotes {
        let (a, b) = q
            .content
            .map(|c| (c.start, c.end))
            .unwrap_or((q.start, q.end));
        let n = notes.cite(&q.doc, q.start, q.end);
        let who = q.speaker_name.as_deref().unwrap_or("unattributed");
        let _ = writeln!(
            out,
            "- **{}**: “{}”{n}",
            escape(who),
            escape(&snippet(t.slice(&q.doc, a, b), SNIPPET))
        );
    }
    out.push('\n');
}

/// Without a claims analysis, what each outlet alone adds falls back to the dated events only
/// one outlet reports.
fn events_alone(out: &mut String, notes: &mut Notes<'_>, events: &[dossier::EventV]) {
    let t = notes.texts;
    let mut alone: BTreeMap<String, Vec<&dossier::EventV>> = BTreeMap::new();
    for e in events {
        let by: BTreeSet<String> = e.mentions.iter().map(|m| t.outlet(&m.doc)).collect();
        if by.len() == 1 {
            if let Some(o) = by.into_iter().next() {
                alone.entry(o).or_default().push(e);
            }
        }
    }
    let _ = writeln!(
        out,
        "Dated events only one outlet reports (statement-level uniqueness is not computed: it \
         needs the claims stage).\n"
    );
    for (outlet, evs) in &alone {
        let _ = writeln!(out, "- **{}**:", escape(outlet));
        for e in evs {
            let m = e.mentions.first().map(|m| (m.doc.as_str(), m.sentence));
            if let Some((doc, s)) = m {
                let n = notes.cite(doc, s.start, s.end);
                let _ = writeln!(
                    out,
                    "  - {}: “{}”{n}",
                    escape(&e.date),
                    escape(&snippet(t.slice(doc, s.start, s.end), 120))
                );
            }
        }
    }
    out.push('\n');
}

/// The first sentence after the headline of a document, as code points `(start, end)`.
pub(crate) fn lead_sentence(doc: &dossier::DocV, t: &Texts<'_>) -> Option<(usize, usize)> {
    let after = doc.headline.map(|h| h.end).unwrap_or(0);
    let body = t.slice(&doc.id, after, usize::MAX);
    let skip = body.chars().take_while(|c| c.is_whitespace()).count();
    let rest: Vec<char> = body.chars().skip(skip).collect();
    if rest.is_empty() {
        return None;
    }
    let mut len = rest.len();
    for (i, w) in rest.windows(2).enumerate() {
        if matches!(w[0], '.' | '!' | '?') && w[1].is_whitespace() && i > 20 {
            len = i + 1;
            break;
        }
        if w[0] == '\n' && w[1] == '\n' && i > 0 {
            len = i;
            break;
        }
    }
    let start = after + skip;
    Some((start, start + len))
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
