//! The "record" panel of a story: each incident record filled for it (`records[]` of the
//! report) as a table of field, value(s), independent sources and who asserts them. Every value
//! is a clickable `.src.record-value` element citing its evidence spans, so the side panel shows
//! the passages; a contested field lists each competing value with who asserts and who disputes
//! it; a value resting on one source is marked single source; a field no source supports is
//! shown as unknown, never hidden and never guessed.

use std::fmt::Write;

use super::{cites, escape};
use crate::dossier::{story_records, Dossier, EvidenceV, RecordFieldV, RecordV, StoryView};

/// Most names listed in an "asserted by" cell before "and N more".
const MAX_NAMES: usize = 6;

/// Writes the record panel of story `s` (nothing when no record was filled for it).
pub(super) fn panel(out: &mut String, d: &Dossier, s: &StoryView) {
    for r in story_records(&d.records, s) {
        record(out, r);
    }
}

fn record(out: &mut String, r: &RecordV) {
    let _ = write!(
        out,
        "<section class=\"record\" data-schema=\"{}\"><h3>Record: {}</h3>\
         <p class=\"meta\">{}, filled from {} article(s). Click a value to see its evidence. \
         A contested field keeps every value with who asserts and who disputes it; \
         “unknown” means no source supports the field.</p>\
         <table class=\"record\"><thead><tr><th>field</th><th>value</th>\
         <th>independent sources</th><th>asserted by</th></tr></thead><tbody>",
        escape(&r.schema),
        escape(&r.schema.replace('-', " ")),
        escape(&r.description),
        r.documents.len()
    );
    for f in &r.fields {
        field(out, f);
    }
    out.push_str("</tbody></table></section>");
}

/// A clickable element citing `evidence`; plain text when there is none to cite.
fn cited(class: &str, text: &str, evidence: &[&EvidenceV]) -> String {
    if evidence.is_empty() {
        return format!("<span class=\"{class}\">{}</span>", escape(text));
    }
    format!(
        "<span class=\"src {class}\" tabindex=\"0\" role=\"button\" data-cites=\"{}\">{}</span>",
        escape(&cites(evidence.iter().map(|e| (
            e.doc.as_str(),
            e.start,
            e.end
        )))),
        escape(text)
    )
}

fn names(list: &[String]) -> String {
    let shown: Vec<String> = list.iter().take(MAX_NAMES).map(|n| escape(n)).collect();
    let mut s = shown.join(", ");
    if list.len() > MAX_NAMES {
        let _ = write!(s, " and {} more", list.len() - MAX_NAMES);
    }
    s
}

fn sources(n: usize, single: bool) -> String {
    let mut s = format!("{n}");
    if single {
        s.push_str(" <span class=\"single-source\">single source</span>");
    }
    s
}

/// The value element, citing every span about the value (support first, then disputes).
fn value_el(v: &crate::dossier::RecordValueV) -> String {
    let ev: Vec<&EvidenceV> = v.support().chain(v.disputes()).collect();
    cited("record-value", &v.value, &ev)
}

/// "disputed by X", citing the disputing spans; empty when nobody disputes the value.
fn dispute_el(v: &crate::dossier::RecordValueV) -> String {
    if v.disputed_by.is_empty() {
        return String::new();
    }
    let ev: Vec<&EvidenceV> = v.disputes().collect();
    cited(
        "record-dispute",
        &format!("disputed by {}", v.disputed_by.join(", ")),
        &ev,
    )
}

fn field(out: &mut String, f: &RecordFieldV) {
    let head = format!(
        "<th scope=\"row\" title=\"{}\">{}</th>",
        escape(&f.description),
        escape(&f.label())
    );
    let name = escape(&f.name);
    if f.contested {
        let _ = write!(
            out,
            "<tr class=\"record-field is-contested\" data-field=\"{name}\">{head}<td colspan=\"3\">\
             <div class=\"contested\"><strong class=\"contested-flag\">contested</strong> \
             the sources disagree:<ul>"
        );
        for v in &f.values {
            let by = if v.asserted_by.is_empty() {
                "asserted by no one".to_string()
            } else {
                format!("asserted by {}", names(&v.asserted_by))
            };
            let dispute = dispute_el(v);
            let _ = write!(
                out,
                "<li>{} <small>{} source(s)</small> — {by}{}{dispute}</li>",
                value_el(v),
                sources(v.sources, v.single_source && v.sources > 0),
                if dispute.is_empty() { "" } else { "; " },
            );
        }
        out.push_str("</ul></div></td></tr>");
        return;
    }
    let filed = f.filed();
    if filed.is_empty() {
        let _ = write!(
            out,
            "<tr class=\"record-field\" data-field=\"{name}\">{head}<td colspan=\"3\" class=\"unknown\">\
             unknown <small>— no source supports this field</small>"
        );
        // Values only ever denied are shown, so the reader sees why the field stays empty.
        let denied: Vec<String> = f
            .values
            .iter()
            .filter(|v| !v.disputed_by.is_empty())
            .map(|v| format!("{} ({})", value_el(v), dispute_el(v)))
            .collect();
        if !denied.is_empty() {
            let _ = write!(out, "<br><small>mentioned: {}</small>", denied.join(", "));
        }
        out.push_str("</td></tr>");
        return;
    }
    let also: Vec<_> = if f.ty == "list" {
        Vec::new()
    } else {
        f.asserted().skip(1).collect()
    };
    let (mut vals, mut srcs, mut who) = (String::new(), String::new(), String::new());
    for v in filed.iter().copied() {
        let _ = write!(vals, "<div>{}</div>", value_el(v));
        let _ = write!(srcs, "<div>{}</div>", sources(v.sources, v.single_source));
        let dispute = dispute_el(v);
        let _ = write!(
            who,
            "<div>{}{}{dispute}</div>",
            names(&v.asserted_by),
            if dispute.is_empty() { "" } else { "; " }
        );
    }
    for v in also {
        let _ = write!(vals, "<div class=\"alt\">also: {}</div>", value_el(v));
        let _ = write!(
            srcs,
            "<div class=\"alt\">{}</div>",
            sources(v.sources, v.single_source)
        );
        let _ = write!(who, "<div class=\"alt\">{}</div>", names(&v.asserted_by));
    }
    let _ = write!(
        out,
        "<tr class=\"record-field\" data-field=\"{name}\">{head}<td>{vals}</td><td>{srcs}</td><td>{who}</td></tr>"
    );
}
