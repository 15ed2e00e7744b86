//! The HTML dossier: one self-contained file (inline CSS and JS, no external fetches) with the
//! Markdown's content plus a timeline drawn as SVG, an events × outlets matrix, and a side panel
//! that shows the source passage, span highlighted in context, for any clicked item.
//!
//! Article text is data: every piece of input goes through [`escape`] (element content and
//! attribute values) or [`json_for_script`] (the embedded document texts), and the script builds
//! the passage panel with `textContent`, never `innerHTML`.

#![deny(clippy::string_slice)]

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write;

use crate::dossier::{day_number, outlet_of, snippet, title_of, Dossier, EventV, Texts};
use crate::view::{wording, DossierView, Section, StoryModel, Summary};

mod claims;
mod record;

const CSS: &str = include_str!("html/dossier.css");
const JS: &str = include_str!("html/dossier.js");

/// Outlet colours: distinct, readable on white, colour-blind friendly (Okabe–Ito).
const PALETTE: [&str; 8] = [
    "#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#999933", "#882255",
];

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
fn cites<'a>(list: impl IntoIterator<Item = (&'a str, usize, usize)>) -> String {
    let v: Vec<String> = list
        .into_iter()
        .map(|(d, a, b)| format!("{}:{a}:{b}", escape(d)))
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
    let colours = outlet_colours(&view);
    let mut body = String::new();
    let _ = writeln!(
        body,
        "<header><h1>{}</h1><p>{} Click any underlined item to see its source passage.</p></header>",
        wording::TITLE,
        escape(&view.counts())
    );
    if !d.problems.is_empty() {
        let _ = write!(
            body,
            "<section class=\"problems\"><h2>{}</h2><ul>",
            wording::PROBLEMS
        );
        for p in &d.problems {
            let line =
                wording::problem(&escape(&p.path), &escape(&p.severity), &escape(&p.message));
            let _ = write!(body, "<li>{line}</li>");
        }
        body.push_str("</ul></section>");
    }
    for s in view.story_models() {
        story(&mut body, opts, d, &view.texts, &colours, &s);
    }
    page(&view.title(), &body, &docs_json(d, &view.texts), opts)
}

/// Renders one document with its annotations highlighted (dates, quantities, names, quotes,
/// ignored spans); `None` when the dossier has no such document.
pub fn render_document(d: &Dossier, id: &str, opts: &PageOptions) -> Option<String> {
    let texts = Texts::new(d);
    let doc = texts.doc(id)?;
    let mut marks: Vec<(usize, usize, &str, String)> = Vec::new();
    for q in d.quotes.iter().filter(|q| q.doc == id) {
        let who = q.speaker_name.as_deref().unwrap_or("unattributed");
        marks.push((q.start, q.end, "quote", format!("quote: {who}")));
    }
    for m in d.mentions.iter().filter(|m| m.doc == id) {
        let e = m.entity_id.as_deref().unwrap_or("");
        marks.push((m.start, m.end, "entity", format!("entity {e}")));
    }
    for m in d.dates.iter().filter(|m| m.doc == id) {
        let ty = m.ty.as_deref().unwrap_or("DATE");
        marks.push((
            m.start,
            m.end,
            "date",
            format!("{ty} {}", value_text(&m.value)),
        ));
    }
    for m in d.quantities.iter().filter(|m| m.doc == id) {
        let unit = m.unit.as_deref().unwrap_or("");
        marks.push((
            m.start,
            m.end,
            "quantity",
            format!("{} {unit}", value_text(&m.value)),
        ));
    }
    for m in d.ignored.iter().filter(|m| m.doc == id) {
        marks.push((
            m.start,
            m.end,
            "ignored",
            format!("ignored: {}", value_text(&m.value)),
        ));
    }
    // Outer spans first; an overlapping later span is dropped, so marks never interleave.
    marks.sort_by_key(|m| (m.0, std::cmp::Reverse(m.1)));
    let mut body = String::new();
    let published = doc
        .meta
        .published
        .as_ref()
        .map(|p| format!("{} ({})", p.value, p.how))
        .unwrap_or_else(|| "date unknown".into());
    let _ = write!(
        body,
        "<header><h1>{}</h1><p>{} · {} · <code>{}</code> · {}</p>\
         <p class=\"legend\"><mark class=\"date\">date</mark> <mark class=\"quantity\">quantity</mark> \
         <mark class=\"entity\">name</mark> <mark class=\"quote\">quote</mark> \
         <mark class=\"ignored\">ignored</mark></p></header><article class=\"doctext\">",
        escape(&title_of(doc, &texts)),
        escape(&outlet_of(doc)),
        escape(&published),
        escape(&doc.id),
        escape(&doc.source)
    );
    let mut pos = 0;
    let end = doc.text.chars().count();
    for (a, b, class, title) in marks {
        if a < pos || b <= a || b > end {
            continue;
        }
        body.push_str(&escape(texts.slice(id, pos, a)));
        let _ = write!(
            body,
            "<mark class=\"{class}\" title=\"{}\">{}</mark>",
            escape(&title),
            escape(texts.slice(id, a, b))
        );
        pos = b;
    }
    body.push_str(&escape(texts.slice(id, pos, end)));
    body.push_str("</article>");
    let title = title_of(doc, &texts);
    Some(page(&title, &body, "{}", opts))
}

/// A page in the dossier's style around `body`, which the caller has built with [`escape`]
/// applied to every piece of input (used by the web UI's list and form pages).
pub fn shell(title: &str, body: &str, opts: &PageOptions) -> String {
    page(title, body, "{}", opts)
}

fn value_text(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Null => String::new(),
        other => other.to_string(),
    }
}

fn page(title: &str, body: &str, docs_json: &str, opts: &PageOptions) -> String {
    let mut out = String::with_capacity(body.len() + docs_json.len() + CSS.len() + JS.len() + 512);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; \
         style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; \
         form-action 'self'; connect-src 'self'\">\
         <title>{}</title><style>{CSS}</style></head><body>{}<div class=\"layout\"><main>{body}</main>\
         <aside id=\"passage\" hidden><div class=\"passage-head\"><h2>Source passage</h2>\
         <button type=\"button\" id=\"passage-close\" aria-label=\"Close\">×</button></div>\
         <div id=\"passage-body\"></div></aside></div>\
         <script type=\"application/json\" id=\"corroborate-docs\">{docs_json}</script>\
         <script>{JS}</script></body></html>\n",
        escape(title),
        opts.nav.as_deref().unwrap_or("")
    );
    out
}

/// The documents' texts and labels, keyed by id, as the passage panel reads them.
fn docs_json(d: &Dossier, t: &Texts<'_>) -> String {
    let map: serde_json::Map<String, serde_json::Value> = d
        .documents
        .iter()
        .map(|x| {
            (
                x.id.clone(),
                serde_json::json!({
                    "outlet": outlet_of(x),
                    "published": x.meta.published.as_ref().map(|p| p.value.clone()),
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

/// A clickable element citing `list`, holding `inner` (already marked up).
fn src(class: &str, list: &str, inner: &str) -> String {
    let class = if class.is_empty() {
        "src".to_string()
    } else {
        format!("src {class}")
    };
    format!("<span class=\"{class}\" tabindex=\"0\" role=\"button\" data-cites=\"{list}\">{inner}</span>")
}

/// A paragraph of the dossier's own wording, marked as a note about what is missing.
fn na(out: &mut String, text: &str) {
    let _ = write!(out, "<p class=\"na\">{}</p>", escape(text));
}

/// Outlet names, escaped and joined by commas.
fn outlet_list<S: AsRef<str>>(outlets: impl IntoIterator<Item = S>) -> String {
    let v: Vec<String> = outlets.into_iter().map(|o| escape(o.as_ref())).collect();
    v.join(", ")
}

fn story(
    out: &mut String,
    opts: &PageOptions,
    d: &Dossier,
    t: &Texts<'_>,
    colours: &BTreeMap<String, &'static str>,
    s: &StoryModel<'_>,
) {
    let id = format!("<code>{}</code>", escape(s.id));
    let _ = write!(
        out,
        "<section class=\"story\" id=\"story-{}\"><h2>{}</h2><p class=\"meta\">{}</p>",
        escape(s.id),
        escape(&s.title),
        wording::story_meta(&id, s.docs.len())
    );
    summary(out, t, s);
    sources(out, opts, colours, s);
    people(out, s);
    record::panel(out, d, s.view());

    let _ = write!(out, "<h3>{}</h3>", wording::AGREED);
    claims::agreed(out, s.agreed(), t);
    let _ = write!(out, "<h3>{}</h3>", wording::CONTESTED);
    claims::contested(out, s.contested(), t);
    let _ = write!(out, "<h3>{}</h3>", wording::INCONSISTENCIES);
    claims::inconsistencies(out, s.inconsistencies());
    date_conflicts(out, t, s);
    timeline(out, t, colours, s);

    let _ = write!(out, "<h3>{}</h3>", wording::UNIQUE);
    match s.unique() {
        Section::NotComputed => {
            events_alone(out, t, s);
            matrix(out, &s.events, t, colours);
        }
        unique => {
            claims::unique(out, unique, t, s.claims.as_ref());
            if let Some(sc) = &s.claims {
                claims::matrix(out, sc, t, &s.view().docs);
            }
        }
    }
    quotes(out, t, s);
    out.push_str("</section>");
}

fn summary(out: &mut String, t: &Texts<'_>, s: &StoryModel<'_>) {
    match s.summary() {
        Summary::Claims(list) => {
            let _ = write!(
                out,
                "<div class=\"summary\"><strong>{}</strong><ul>",
                wording::SUMMARY
            );
            for x in list {
                let text = escape(&snippet(t.slice(&x.doc, x.start, x.end), 400));
                let _ = write!(
                    out,
                    "<li>{} <small>{}</small></li>",
                    src("", &cites([(x.doc.as_str(), x.start, x.end)]), &text),
                    escape(&wording::sources(x.independent_sources))
                );
            }
            out.push_str("</ul></div>");
        }
        Summary::Lead(c) => {
            let text = escape(&snippet(t.slice(&c.doc, c.start, c.end), 400));
            let _ = write!(
                out,
                "<p class=\"summary\"><strong>{}</strong> {} <em>{}</em></p>",
                wording::SUMMARY,
                src("", &cites([(c.doc.as_str(), c.start, c.end)]), &text),
                wording::LEAD_NOTE
            );
        }
        Summary::None => {}
    }
}

fn sources(
    out: &mut String,
    opts: &PageOptions,
    colours: &BTreeMap<String, &'static str>,
    s: &StoryModel<'_>,
) {
    let _ = write!(
        out,
        "<h3>{}</h3><table class=\"sources\"><thead><tr><th>{}</th></tr></thead><tbody>",
        wording::SOURCES,
        wording::SOURCE_COLUMNS.join("</th><th>")
    );
    for row in s.sources() {
        let x = row.doc;
        let colour = colours.get(&row.outlet).copied().unwrap_or("#666");
        let published = row
            .published
            .map(|p| wording::published(&escape(&p.value), &escape(&p.how)))
            .unwrap_or_else(|| wording::UNKNOWN.into());
        let head = x.headline.map(|h| (h.start, h.end)).unwrap_or((0, 0));
        let lineage_cells = match &row.lineage {
            Some((l, r)) => format!(
                "<td>{}</td><td>{}</td>",
                escape(l),
                r.as_deref()
                    .map_or_else(|| wording::NOT_A_REPRINT.into(), escape)
            ),
            None => format!(
                "<td class=\"na\">{0}</td><td class=\"na\">{0}</td>",
                wording::LINEAGE_NOT_COMPUTED
            ),
        };
        let link = opts
            .doc_href
            .as_ref()
            .map(|p| {
                format!(
                    " <a class=\"doclink\" href=\"{}{}\">annotated text</a>",
                    escape(p),
                    escape(&x.id)
                )
            })
            .unwrap_or_default();
        let _ = write!(
            out,
            "<tr><td><span class=\"swatch\" style=\"background:{colour}\"></span>{}</td><td>{published}</td>\
             <td>{}{link}</td>{lineage_cells}</tr>",
            escape(&row.outlet),
            src("", &cites([(x.id.as_str(), head.0, head.1)]), &escape(&snippet(&row.title, 110))),
        );
    }
    out.push_str("</tbody></table>");
}

fn people(out: &mut String, s: &StoryModel<'_>) {
    let _ = write!(out, "<h3>{}</h3>", wording::WHOS_WHO);
    let people = s.people();
    if people.is_empty() {
        na(out, wording::NO_PEOPLE);
        return;
    }
    out.push_str("<ul class=\"people\">");
    for p in people {
        let ev = p
            .entity
            .roles
            .iter()
            .map(|r| (r.evidence.doc.as_str(), r.evidence.start, r.evidence.end));
        let roles: Vec<String> = p.roles.iter().map(|(role, _)| escape(role)).collect();
        let name = format!("<strong>{}</strong>", escape(&p.entity.name));
        let _ = write!(
            out,
            "<li>{} <small>{}</small> {} <small>— {} {}</small></li>",
            src("entity", &cites(ev), &name),
            escape(&p.entity.kind),
            roles.join("; "),
            wording::NAMED_BY,
            outlet_list(&p.outlets)
        );
    }
    out.push_str("</ul>");
}

fn date_conflicts(out: &mut String, t: &Texts<'_>, s: &StoryModel<'_>) {
    let conflicts = s.date_conflicts();
    if conflicts.is_empty() {
        let _ = write!(out, "<p>{}</p>", wording::NO_DATE_CONFLICT);
        return;
    }
    out.push_str("<ul class=\"conflicts\">");
    for c in conflicts {
        let _ = write!(
            out,
            "<li>{}<ul>",
            wording::dated_differently(&event_link(c.event, t))
        );
        for date in c.dates {
            let list = cites(
                date.mentions
                    .iter()
                    .map(|m| (m.doc.as_str(), m.start, m.end)),
            );
            let value = src(
                "",
                &list,
                &format!("<strong>{}</strong>", escape(date.value)),
            );
            let _ = write!(
                out,
                "<li>{}</li>",
                wording::per(&value, &outlet_list(&date.outlets))
            );
        }
        out.push_str("</ul></li>");
    }
    out.push_str("</ul>");
}

fn timeline(
    out: &mut String,
    t: &Texts<'_>,
    colours: &BTreeMap<String, &'static str>,
    s: &StoryModel<'_>,
) {
    let _ = write!(out, "<h3>{}</h3>", wording::TIMELINE);
    timeline_svg(out, &s.events, t);
    if s.events.is_empty() {
        na(out, wording::NO_EVENTS);
    } else {
        out.push_str("<ol class=\"timeline\">");
        for e in &s.events {
            let dots: String = s
                .event_outlets(e)
                .iter()
                .map(|o| {
                    format!(
                        "<span class=\"swatch\" title=\"{}\" style=\"background:{}\"></span>",
                        escape(o),
                        colours.get(o).copied().unwrap_or("#666")
                    )
                })
                .collect();
            let flag = if e.conflicting {
                format!(" <span class=\"flag\">{}</span>", wording::DATES_DIFFER)
            } else {
                String::new()
            };
            let _ = write!(
                out,
                "<li><time>{}</time> {}{dots}{flag}</li>",
                escape(&e.date),
                event_link(e, t)
            );
        }
        out.push_str("</ol>");
    }
    let inferred = s.inferred();
    if !inferred.is_empty() {
        let _ = write!(out, "<p>{}</p><ul>", wording::INFERRED);
        for p in inferred {
            let list = cites(p.evidence.iter().map(|c| (c.doc.as_str(), c.start, c.end)));
            let date = src("", &list, &format!("<strong>{}</strong>", escape(&p.date)));
            let line = wording::inferred(&escape(&t.outlet(&p.doc)), &date, &escape(&p.reason));
            let _ = write!(out, "<li>{line}</li>");
        }
        out.push_str("</ul>");
    }
}

/// Without a claims analysis, what each outlet alone adds falls back to the dated events only
/// one outlet reports.
fn events_alone(out: &mut String, t: &Texts<'_>, s: &StoryModel<'_>) {
    na(out, wording::EVENTS_ALONE_NOTE);
    let alone = s.events_alone();
    if alone.is_empty() {
        return;
    }
    out.push_str("<ul>");
    for (o, evs) in &alone {
        let items: Vec<String> = evs.iter().map(|e| event_link(e, t)).collect();
        let _ = write!(
            out,
            "<li><strong>{}</strong><ul><li>{}</li></ul></li>",
            escape(o),
            items.join("</li><li>")
        );
    }
    out.push_str("</ul>");
}

fn quotes(out: &mut String, t: &Texts<'_>, s: &StoryModel<'_>) {
    let _ = write!(out, "<h3>{}</h3>", wording::QUOTES);
    let quotes = s.quotes();
    if quotes.is_empty() {
        na(out, wording::NO_QUOTES);
        return;
    }
    out.push_str("<ul class=\"quotes\">");
    for q in quotes {
        let (a, b) = q.words;
        let (doc, start, end) = (q.quote.doc.as_str(), q.quote.start, q.quote.end);
        let text = format!("“{}”", escape(&snippet(t.slice(doc, a, b), 200)));
        let _ = write!(
            out,
            "<li><strong>{}</strong>: {} <small>{}</small></li>",
            escape(q.speaker),
            src("quote", &cites([(doc, start, end)]), &text),
            escape(&t.outlet(doc))
        );
    }
    out.push_str("</ul>");
}

/// An event's description as a clickable snippet citing every mention.
fn event_link(e: &EventV, t: &Texts<'_>) -> String {
    let mut list: Vec<(&str, usize, usize)> = e
        .mentions
        .iter()
        .map(|m| (m.doc.as_str(), m.start, m.end))
        .collect();
    if list.is_empty() {
        list.push((
            e.description.doc.as_str(),
            e.description.start,
            e.description.end,
        ));
    }
    let c = &e.description;
    let text = format!(
        "“{}”",
        escape(&snippet(t.slice(&c.doc, c.start, c.end), 150))
    );
    src("event", &cites(list), &text)
}

/// The timeline as inline SVG: one dot per dated event on a time axis, coloured when outlets
/// disagree; each dot cites its mentions.
fn timeline_svg(out: &mut String, events: &[EventV], t: &Texts<'_>) {
    let dated: Vec<(i64, &EventV)> = events
        .iter()
        .filter_map(|e| day_number(&e.date).map(|n| (n, e)))
        .collect();
    let (Some(min), Some(max)) = (
        dated.iter().map(|x| x.0).min(),
        dated.iter().map(|x| x.0).max(),
    ) else {
        return;
    };
    let (w, left, right) = (900.0_f64, 40.0_f64, 40.0_f64);
    let span = (max - min).max(1) as f64;
    let x = |n: i64| left + (n - min) as f64 / span * (w - left - right);
    let lanes = 4;
    let h = 40 + lanes * 22 + 30;
    let axis = 30 + lanes * 22 + 6;
    let _ = write!(
        out,
        "<svg class=\"timeline-svg\" viewBox=\"0 0 {w} {h}\" role=\"img\" aria-label=\"Timeline of {} dated events\">\
         <line x1=\"{left}\" y1=\"{axis}\" x2=\"{}\" y2=\"{axis}\" stroke=\"#888\"/>",
        dated.len(),
        w - right
    );
    let mut labelled: BTreeSet<&str> = BTreeSet::new();
    let mut last_label_x = f64::MIN;
    for (i, (n, e)) in dated.iter().enumerate() {
        let cx = x(*n);
        let cy = 30 + (i % lanes) * 22;
        let fill = if e.conflicting { "#D55E00" } else { "#0072B2" };
        let c = cites(e.mentions.iter().map(|m| (m.doc.as_str(), m.start, m.end)));
        let desc = snippet(
            t.slice(&e.description.doc, e.description.start, e.description.end),
            120,
        );
        let _ = write!(
            out,
            "<g class=\"src\" tabindex=\"0\" role=\"button\" data-cites=\"{c}\"><title>{}: {}</title>\
             <line x1=\"{cx:.1}\" y1=\"{cy}\" x2=\"{cx:.1}\" y2=\"{axis}\" stroke=\"#ccc\"/>\
             <circle cx=\"{cx:.1}\" cy=\"{cy}\" r=\"7\" fill=\"{fill}\"/></g>",
            escape(&e.date),
            escape(&desc)
        );
        let label = e.date.get(..7).unwrap_or(&e.date);
        if cx - last_label_x > 70.0 && labelled.insert(label) {
            let _ = write!(
                out,
                "<text x=\"{cx:.1}\" y=\"{}\" text-anchor=\"middle\" font-size=\"12\">{}</text>",
                axis + 18,
                escape(label)
            );
            last_label_x = cx;
        }
    }
    out.push_str("</svg>");
}

/// The events × outlets matrix: a filled cell when an outlet mentions the event, coloured by
/// outlet. Honest placeholder for the claims × outlets matrix coloured by lineage, which needs
/// the claims and lineage stages.
fn matrix(
    out: &mut String,
    events: &[EventV],
    t: &Texts<'_>,
    colours: &BTreeMap<String, &'static str>,
) {
    out.push_str("<h3>Events × outlets</h3><p class=\"na\">Which outlet reports which dated event, coloured by outlet. \
        The claims × outlets matrix coloured by lineage is not computed: it needs the claims and lineage stages.</p>");
    if events.is_empty() {
        return;
    }
    let outlets: Vec<&String> = colours.keys().collect();
    out.push_str("<div class=\"matrix-wrap\"><table class=\"matrix\"><thead><tr><th>event</th>");
    for o in &outlets {
        let _ = write!(out, "<th><span>{}</span></th>", escape(o));
    }
    out.push_str("</tr></thead><tbody>");
    for e in events {
        let mut by: HashMap<String, Vec<(&str, usize, usize)>> = HashMap::new();
        for m in &e.mentions {
            by.entry(t.outlet(&m.doc)).or_default().push((
                m.doc.as_str(),
                m.sentence.start,
                m.sentence.end,
            ));
        }
        let _ = write!(
            out,
            "<tr><th><time>{}</time> {}</th>",
            escape(&e.date),
            escape(&snippet(
                t.slice(&e.description.doc, e.description.start, e.description.end),
                60
            ))
        );
        for o in &outlets {
            match by.remove(o.as_str()) {
                Some(list) => {
                    let _ = write!(
                        out,
                        "<td class=\"src hit\" tabindex=\"0\" role=\"button\" title=\"{}\" data-cites=\"{}\" style=\"background:{}\"></td>",
                        escape(o),
                        cites(list),
                        colours.get(*o).copied().unwrap_or("#666")
                    );
                }
                None => out.push_str("<td></td>"),
            }
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table></div>");
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
