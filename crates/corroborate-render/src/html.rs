//! The HTML dossier: one self-contained file (inline CSS and JS, no external fetches) with the
//! Markdown's content plus a timeline drawn as SVG, an events × outlets matrix, and a side panel
//! that shows the source passage, span highlighted in context, for any clicked item.
//!
//! The markup is in `templates/html/page.html` (the page), `templates/dossier.html`,
//! `templates/html/story.html`, `templates/html/claims.html`, `templates/html/record.html`
//! (the dossier) and `templates/html/document.html` (one annotated document); what they show
//! and say comes from [`crate::view`].
//!
//! Article text is data: every piece of input goes through [`escape`] (the templates'
//! auto-escaper, [`Escape`], for element content and attribute values) or [`json_for_script`]
//! (the embedded document texts), and the script builds the passage panel with `textContent`,
//! never `innerHTML`.

#![deny(clippy::string_slice)]

use std::collections::{BTreeMap, BTreeSet};

use askama::Template;

use crate::dossier::{
    cite_parts, day_number, outlet_of, snippet, title_of, Dossier, StoryClaims, Texts,
};
use corroborate_reconcile::claims::{Claim, ClaimMention};
use corroborate_reconcile::entities::CrossEntity;
use corroborate_reconcile::timeline::{Event, EventMention};
use corroborate_reconcile::Cite;
use corroborate_records::{Evidence, RecordField, RecordValue};

use crate::json::DocumentItem;
use crate::view::{
    record_alternatives, wording, DossierView, Num, Party, Section, SlotValue, StoryModel, Summary,
};

const CSS: &str = include_str!("html/dossier.css");
const JS: &str = include_str!("html/dossier.js");

/// Outlet colours: distinct, readable on white, colour-blind friendly (Okabe–Ito).
const PALETTE: [&str; 8] = [
    "#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#999933", "#882255",
];

/// The HTML escaper of the templates (`askama.toml` binds it to `.html` files): every `{{ }}`
/// in `templates/` goes through [`escape`] unless marked `|safe`.
pub struct Escape;

impl askama_escape::Escaper for Escape {
    fn write_escaped<W: std::fmt::Write>(&self, mut fmt: W, string: &str) -> std::fmt::Result {
        fmt.write_str(&escape(string))
    }
}

/// Escapes text for HTML element content and double- or single-quoted attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 16);
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() && c != '\n' && c != '\t' => {}
            c => out.push(c),
        }
    }
    out
}

/// Serialises a value as JSON safe to place inside `<script type="application/json">`: `<`,
/// `>`, `&` and the JavaScript line separators are written as `\u` escapes, so no text (such as
/// `</script>` or `<!--`) can end or alter the script element.
pub fn json_for_script(v: &serde_json::Value) -> String {
    let raw = v.to_string();
    let mut out = String::with_capacity(raw.len() + 32);
    for c in raw.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// A citation list as the script reads it from `data-cites`: `doc:start:end` joined by `;`.
/// Not escaped: the templates escape it as any other attribute value.
fn cites<'a>(list: impl IntoIterator<Item = (&'a str, usize, usize)>) -> String {
    let v: Vec<String> = list
        .into_iter()
        .map(|(d, a, b)| format!("{d}:{a}:{b}"))
        .collect();
    v.join(";")
}

/// Options for the HTML page.
#[derive(Debug, Clone, Default)]
pub struct PageOptions {
    /// Extra HTML placed at the top of the body (e.g. the web UI's navigation). Inserted as is:
    /// the caller escapes any input in it with [`escape`].
    pub nav: Option<String>,
    /// When set, each source links to its document view at this prefix followed by the id.
    pub doc_href: Option<String>,
}

/// Renders the whole dossier as one self-contained HTML page.
pub fn render(d: &Dossier) -> String {
    render_with(d, &PageOptions::default())
}

/// Renders the whole dossier as one self-contained HTML page, with page options.
pub fn render_with(d: &Dossier, opts: &PageOptions) -> String {
    let view = DossierView::new(d);
    let body = DossierBody {
        d,
        view: &view,
        opts,
        colours: outlet_colours(&view),
    };
    page(
        &view.title(),
        &body.render().unwrap_or_default(),
        &docs_json(d, &view.texts),
        opts,
    )
}

/// The body of the dossier: `templates/dossier.html` and, per story,
/// `templates/html/story.html`. The record panel, the claims sections, the SVG timeline and
/// the events × outlets matrix are still written by [`claims`], [`record`] and this module.
#[derive(Template)]
#[template(path = "dossier.html")]
struct DossierBody<'a> {
    d: &'a Dossier,
    view: &'a DossierView<'a>,
    opts: &'a PageOptions,
    colours: BTreeMap<String, &'static str>,
}

impl DossierBody<'_> {
    fn texts(&self) -> &Texts<'_> {
        &self.view.texts
    }

    /// An outlet's colour.
    fn colour(&self, outlet: &str) -> &'static str {
        self.colours.get(outlet).copied().unwrap_or("#666")
    }

    /// The `data-cites` of one span.
    fn cite(&self, doc: &str, start: impl Num, end: impl Num) -> String {
        cites([(doc, *start.borrow(), *end.borrow())])
    }

    /// The `data-cites` of a document's headline.
    fn headline_cite(&self, x: &DocumentItem) -> String {
        let (a, b) = x.headline.map(|h| (h.start, h.end)).unwrap_or((0, 0));
        cites([(x.id.as_str(), a, b)])
    }

    /// The `data-cites` of an entity's role evidence.
    fn role_cites(&self, e: &CrossEntity) -> String {
        cites(e.roles.iter().map(|r| cite_parts(&r.evidence)))
    }

    /// The `data-cites` of event mentions.
    fn mention_cites(&self, list: &[&EventMention]) -> String {
        cites(
            list.iter()
                .map(|m| (m.doc.as_str(), m.span.start, m.span.end)),
        )
    }

    /// The `data-cites` of evidence spans.
    fn evidence_cites(&self, list: &[Cite]) -> String {
        cites(list.iter().map(cite_parts))
    }

    /// The `data-cites` of an event: every mention, else its description.
    fn event_cites(&self, e: &Event) -> String {
        if e.mentions.is_empty() {
            return cites([cite_parts(&e.description)]);
        }
        cites(
            e.mentions
                .iter()
                .map(|m| (m.doc.as_str(), m.span.start, m.span.end)),
        )
    }

    fn timeline_svg(&self, s: &StoryModel<'_>) -> Option<TimelineSvg> {
        timeline_svg(&s.events, self.texts())
    }

    /// The outlets of the dossier, in colour order.
    fn outlets(&self) -> Vec<&str> {
        self.colours.keys().map(String::as_str).collect()
    }

    /// A row of the events × outlets matrix: per outlet of the dossier, the `data-cites` of the
    /// sentences where it mentions the event (empty when it does not).
    fn event_cells(&self, e: &Event) -> Vec<(&str, String)> {
        self.outlets()
            .into_iter()
            .map(|o| {
                let list = e
                    .mentions
                    .iter()
                    .filter(|m| self.view.outlet(m.doc.as_str()) == o)
                    .map(|m| (m.doc.as_str(), m.sentence.start, m.sentence.end));
                (o, cites(list))
            })
            .collect()
    }

    /// Every span about a record value: support first, then disputes.
    fn value_evidence<'v>(&self, v: &'v RecordValue) -> Vec<&'v Evidence> {
        v.support().chain(v.disputes()).collect()
    }

    /// The spans disputing a record value.
    fn dispute_evidence<'v>(&self, v: &'v RecordValue) -> Vec<&'v Evidence> {
        v.disputes().collect()
    }

    /// The `data-cites` of record evidence.
    fn evidence_list_cites(&self, list: &[&Evidence]) -> String {
        cites(list.iter().map(|e| (e.doc.as_str(), e.start, e.end)))
    }

    /// Whether a contested value rests on one source.
    fn single_source(&self, v: &RecordValue) -> bool {
        v.single_source && v.sources > 0
    }

    /// The values of an unknown field that sources deny, shown so the reader sees why the
    /// field stays empty.
    fn denied<'f>(&self, f: &'f RecordField) -> Vec<&'f RecordValue> {
        f.values
            .iter()
            .filter(|v| !v.disputed_by.is_empty())
            .collect()
    }

    /// A field's other asserted values.
    fn alternatives<'f>(&self, f: &'f RecordField) -> Vec<&'f RecordValue> {
        record_alternatives(f)
    }

    /// The `data-cites` of every mention of a claim.
    fn claim_cites(&self, c: &Claim) -> String {
        if c.mentions.is_empty() {
            return cites([cite_parts(&c.text)]);
        }
        cites(c.mentions.iter().map(|m| cite_parts(&m.cite)))
    }

    /// The `data-cites` of every statement of a party.
    fn party_cites(&self, p: &Party<'_>) -> String {
        cites(p.statements.iter().map(|p| cite_parts(&p.statement)))
    }

    /// The `data-cites` of every statement giving a value.
    fn given_cites(&self, v: &SlotValue<'_>) -> String {
        cites(v.given.iter().map(|g| cite_parts(&g.cite)))
    }

    /// A heading of the dossier's wording with its first letter in upper case.
    fn capitalised(&self, heading: &str) -> String {
        let mut chars = heading.chars();
        chars
            .next()
            .map(|first| first.to_uppercase().chain(chars).collect())
            .unwrap_or_default()
    }

    /// The ids of the story's claims in dispute.
    fn contested_ids(&self, s: &StoryModel<'_>) -> BTreeSet<usize> {
        s.claims
            .as_ref()
            .map(StoryClaims::contested_ids)
            .unwrap_or_default()
    }

    /// The colour of a lineage's number in the claims × outlets matrix.
    fn lineage_colour(&self, n: impl Num) -> &'static str {
        PALETTE[*n.borrow() % PALETTE.len()]
    }

    /// The `data-cites` of a claim's mentions in one article.
    fn claim_mention_cites(&self, list: &[&ClaimMention]) -> String {
        cites(list.iter().map(|m| cite_parts(&m.cite)))
    }
}

/// Renders one document with its annotations highlighted (dates, quantities, names, quotes,
/// ignored spans); `None` when the dossier has no such document.
pub fn render_document(d: &Dossier, id: &str, opts: &PageOptions) -> Option<String> {
    let texts = Texts::new(d);
    let doc = texts.doc(id)?;
    let mut marks: Vec<(usize, usize, &str, String)> = Vec::new();
    for q in d.quotes.iter().filter(|q| q.doc.as_str() == id) {
        let who = crate::view::quote_speaker(&q.item, &texts, id).unwrap_or(wording::UNATTRIBUTED);
        let at = q.item.quote.span;
        let label = match q.item.quote.reported_by {
            Some(by) => format!(
                "quote: {who}, reported by {}",
                texts.slice(id, by.start, by.end)
            ),
            None => format!("quote: {who}"),
        };
        marks.push((at.start, at.end, "quote", label));
    }
    for m in d.mentions.iter().filter(|m| m.doc.as_str() == id) {
        let at = m.item.mention.span;
        let e = &m.item.entity_id;
        marks.push((at.start, at.end, "entity", format!("entity {e}")));
    }
    for m in d.dates.iter().filter(|m| m.doc.as_str() == id) {
        let t = &m.item;
        let value = t.value.as_deref().unwrap_or("");
        let label = format!("{} {value}", t.kind.as_str());
        marks.push((t.span.start, t.span.end, "date", label));
    }
    for m in d.quantities.iter().filter(|m| m.doc.as_str() == id) {
        let q = &m.item;
        // The value as the JSON writes it ("3.0"), so the label reads like the report.
        let value = serde_json::Value::from(q.value);
        let label = format!("{} {}", json_text(&value), q.unit);
        marks.push((q.span.start, q.span.end, "quantity", label));
    }
    for m in d.ignored.iter().filter(|m| m.doc.as_str() == id) {
        let reason = serde_json::to_value(m.item.reason).unwrap_or_default();
        let label = format!("ignored: {}", json_text(&reason).replace('_', " "));
        marks.push((m.item.span.start, m.item.span.end, "ignored", label));
    }
    // Outer spans first; an overlapping later span is dropped, so marks never interleave.
    marks.sort_by_key(|m| (m.0, std::cmp::Reverse(m.1)));
    let mut pos = 0;
    let end = doc.text.chars().count();
    let mut pieces = Vec::new();
    for (a, b, class, title) in marks {
        if a < pos || b <= a || b > end {
            continue;
        }
        pieces.push(Marked {
            before: texts.slice(id, pos, a),
            class,
            title,
            text: texts.slice(id, a, b),
        });
        pos = b;
    }
    let body = DocumentBody {
        doc,
        title: title_of(doc, &texts),
        outlet: outlet_of(doc),
        pieces,
        rest: texts.slice(id, pos, end),
    }
    .render()
    .unwrap_or_default();
    let title = title_of(doc, &texts);
    Some(page(&title, &body, "{}", opts))
}

/// One annotated document (`templates/html/document.html`): its text cut into marked spans.
#[derive(Template)]
#[template(path = "html/document.html")]
struct DocumentBody<'a> {
    doc: &'a DocumentItem,
    title: String,
    outlet: String,
    pieces: Vec<Marked<'a>>,
    rest: &'a str,
}

/// A marked span of a document with the plain text before it.
struct Marked<'a> {
    before: &'a str,
    class: &'static str,
    title: String,
    text: &'a str,
}

/// A page in the dossier's style around `body`, which the caller has built with [`escape`]
/// applied to every piece of input (used by the web UI's list and form pages).
pub fn shell(title: &str, body: &str, opts: &PageOptions) -> String {
    page(title, body, "{}", opts)
}

/// A JSON value as the report writes it: strings without their quotes, `null` as nothing.
fn json_text(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// The page around a body: `templates/html/page.html`.
#[derive(Template)]
#[template(path = "html/page.html")]
struct Page<'a> {
    title: &'a str,
    nav: &'a str,
    body: &'a str,
    docs_json: &'a str,
}

fn page(title: &str, body: &str, docs_json: &str, opts: &PageOptions) -> String {
    Page {
        title,
        nav: opts.nav.as_deref().unwrap_or(""),
        body,
        docs_json,
    }
    .render()
    .unwrap_or_default()
}

/// The documents' texts and labels, keyed by id, as the passage panel reads them.
fn docs_json(d: &Dossier, t: &Texts<'_>) -> String {
    let map: serde_json::Map<String, serde_json::Value> = d
        .documents
        .iter()
        .map(|x| {
            (
                x.id.0.to_string(),
                serde_json::json!({
                    "outlet": outlet_of(x),
                    "published": x.meta.published.as_ref().map(|p| p.value),
                    "title": title_of(x, t),
                    "text": x.text,
                }),
            )
        })
        .collect();
    json_for_script(&serde_json::Value::Object(map))
}

fn outlet_colours(view: &DossierView<'_>) -> BTreeMap<String, &'static str> {
    view.outlets
        .iter()
        .enumerate()
        .map(|(i, n)| (n.clone(), PALETTE[i % PALETTE.len()]))
        .collect()
}

/// The timeline drawn as SVG (`templates/html/story.html`): one dot per dated event on a time
/// axis, coloured when outlets disagree.
struct TimelineSvg {
    width: f64,
    height: usize,
    left: f64,
    axis_end: f64,
    axis: usize,
    label_y: usize,
    events: usize,
    dots: Vec<Dot>,
}

/// One event of the SVG timeline, with the month label drawn under it, if any.
struct Dot {
    cx: String,
    cy: usize,
    fill: &'static str,
    cites: String,
    date: String,
    description: String,
    label: Option<String>,
}

/// The SVG timeline of `events`; `None` when no event has a day.
fn timeline_svg(events: &[Event], t: &Texts<'_>) -> Option<TimelineSvg> {
    let dated: Vec<(i64, &Event)> = events
        .iter()
        .filter_map(|e| day_number(&e.date).map(|n| (n, e)))
        .collect();
    let min = dated.iter().map(|x| x.0).min()?;
    let max = dated.iter().map(|x| x.0).max()?;
    let (w, left, right) = (900.0_f64, 40.0_f64, 40.0_f64);
    let span = (max - min).max(1) as f64;
    let x = |n: i64| left + (n - min) as f64 / span * (w - left - right);
    let lanes = 4;
    let axis = 30 + lanes * 22 + 6;
    let mut labelled: BTreeSet<&str> = BTreeSet::new();
    let mut last_label_x = f64::MIN;
    let dots = dated
        .iter()
        .enumerate()
        .map(|(i, (n, e))| {
            let cx = x(*n);
            let month = e.date.get(..7).unwrap_or(&e.date);
            let label = (cx - last_label_x > 70.0 && labelled.insert(month)).then(|| {
                last_label_x = cx;
                month.to_string()
            });
            Dot {
                cx: format!("{cx:.1}"),
                cy: 30 + (i % lanes) * 22,
                fill: if e.conflicting { "#D55E00" } else { "#0072B2" },
                cites: cites(
                    e.mentions
                        .iter()
                        .map(|m| (m.doc.as_str(), m.span.start, m.span.end)),
                ),
                date: e.date.clone(),
                description: snippet(
                    t.slice(
                        e.description.doc.as_str(),
                        e.description.span.start,
                        e.description.span.end,
                    ),
                    120,
                ),
                label,
            }
        })
        .collect();
    Some(TimelineSvg {
        width: w,
        height: 40 + lanes * 22 + 30,
        left,
        axis_end: w - right,
        axis,
        label_y: axis + 18,
        events: dated.len(),
        dots,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_covers_markup_and_quotes() {
        assert_eq!(
            escape(r#"<img src=x onerror="alert('x')">&"#),
            "&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;"
        );
    }

    #[test]
    fn script_json_cannot_close_the_element() {
        let v = serde_json::json!({"t": "a</script><script>alert(1)</script><!-- \u{2028}"});
        let s = json_for_script(&v);
        assert!(!s.contains('<') && !s.contains('>') && !s.contains('\u{2028}'));
        let back: serde_json::Value = serde_json::from_str(&s).unwrap();
        assert_eq!(back, v);
    }
}
