//! The claims sections of the HTML dossier: summary, agreed facts, contested points side by
//! side, claim-level inconsistencies, what each outlet alone adds, and the claims × outlets
//! matrix coloured by lineage. Every claim, party and value is a `.src` element citing its
//! spans, so a click shows the source passages.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use super::{cites, escape, PALETTE};
use crate::dossier::{
    dispute_topics, group_parties, quoted, snippet, unique_by_lineage, values_by_text, ClaimV,
    DisputeEvidenceV, PartyV, StoryClaims, Texts, ONE_ARTICLE,
};
use crate::markdown::claims::{sources, MAX_AGREED, MAX_UNIQUE};

/// Most claims in the matrix; the JSON report holds every claim.
const MAX_MATRIX_ROWS: usize = 40;

/// The `data-cites` of every mention of a claim.
fn claim_cites(c: &ClaimV) -> String {
    if c.mentions.is_empty() {
        return cites([(c.text.doc.as_str(), c.text.start, c.text.end)]);
    }
    cites(c.mentions.iter().map(|m| (m.doc.as_str(), m.start, m.end)))
}

/// A claim as a clickable quoted snippet, classed by status (`agreed`, `single_source`,
/// `contested`).
fn claim_link(c: &ClaimV, t: &Texts<'_>, max: usize, contested: bool) -> String {
    let status = if contested { "contested" } else { &c.status };
    format!(
        "<span class=\"src claim {}\" tabindex=\"0\" role=\"button\" data-claim=\"{}\" data-cites=\"{}\">{}</span>",
        escape(status),
        c.id,
        claim_cites(c),
        escape(&quoted(&snippet(t.slice(&c.text.doc, c.text.start, c.text.end), max)))
    )
}

/// The extractive summary; false when the story has none (the caller shows the lead).
pub(super) fn summary(out: &mut String, sc: &StoryClaims<'_>, t: &Texts<'_>) -> bool {
    if sc.summary.is_empty() {
        return false;
    }
    out.push_str("<div class=\"summary\"><strong>Summary.</strong><ul>");
    for s in &sc.summary {
        let _ = write!(
            out,
            "<li><span class=\"src\" tabindex=\"0\" role=\"button\" data-cites=\"{}\">{}</span> <small>{}</small></li>",
            cites([(s.doc.as_str(), s.start, s.end)]),
            escape(&snippet(t.slice(&s.doc, s.start, s.end), 400)),
            escape(&sources(s.independent_sources))
        );
    }
    out.push_str("</ul></div>");
    true
}

/// Agreed facts with their independent-source counts.
pub(super) fn agreed(out: &mut String, sc: &StoryClaims<'_>, t: &Texts<'_>) {
    if sc.articles < 2 {
        one_article(out);
        return;
    }
    let agreed: Vec<&ClaimV> = sc
        .claims
        .iter()
        .copied()
        .filter(|c| c.status == "agreed")
        .collect();
    if agreed.is_empty() {
        out.push_str("<p class=\"na\">No fact is carried by two or more independent sources without dispute.</p>");
        return;
    }
    out.push_str("<p class=\"note\">Facts two or more independent sources state and nobody disputes; reprints of one original count once.</p><ul class=\"claims agreed\">");
    for c in agreed.iter().take(MAX_AGREED) {
        let outlets: Vec<String> = c.outlets.iter().map(|o| escape(o)).collect();
        let _ = write!(
            out,
            "<li>{} <span class=\"count\">{}</span> <small>{}</small></li>",
            claim_link(c, t, 220, false),
            escape(&sources(c.independent_sources)),
            outlets.join(", ")
        );
    }
    if agreed.len() > MAX_AGREED {
        let _ = write!(
            out,
            "<li class=\"na\">… and {} more in the JSON report.</li>",
            agreed.len() - MAX_AGREED
        );
    }
    out.push_str("</ul>");
}

/// One side of a dispute: each party once, its outlets, and its statements (clickable).
fn side(out: &mut String, class: &str, heading: &str, parties: &[PartyV], t: &Texts<'_>) {
    let _ = write!(out, "<div class=\"side {class}\"><h4>{heading}</h4>");
    if parties.is_empty() {
        out.push_str("<p class=\"na\">No statement found.</p></div>");
        return;
    }
    out.push_str("<ul>");
    for (who, statements) in group_parties(parties) {
        let outlets: BTreeSet<&str> = statements.iter().map(|p| p.outlet.as_str()).collect();
        let outlets: Vec<String> = outlets.iter().map(|o| escape(o)).collect();
        let first = statements[0];
        let _ = write!(
            out,
            "<li><strong>{}</strong> <small>{}</small><br><span class=\"src party\" tabindex=\"0\" role=\"button\" data-cites=\"{}\">{}</span></li>",
            escape(&who.label()),
            outlets.join(", "),
            cites(statements.iter().map(|p| (p.doc.as_str(), p.start, p.end))),
            escape(&quoted(&snippet(t.slice(&first.doc, first.start, first.end), 200)))
        );
    }
    out.push_str("</ul></div>");
}

fn evidence(out: &mut String, label: &str, list: &[DisputeEvidenceV]) {
    if list.is_empty() {
        return;
    }
    let items: Vec<String> = list
        .iter()
        .map(|e| {
            format!(
                "<span class=\"src\" tabindex=\"0\" role=\"button\" data-cites=\"{}\">{}</span> <small>({})</small>",
                cites([(e.doc.as_str(), e.start, e.end)]),
                escape(&e.kind),
                escape(&e.outlet)
            )
        })
        .collect();
    let _ = write!(
        out,
        "<p class=\"evidence\">{label}: {}</p>",
        items.join(", ")
    );
}

/// Contested points: what is at issue, then who asserts and who disputes side by side, each
/// statement quoted and clickable, the evidence each side cites, and the claims in dispute.
pub(super) fn contested(out: &mut String, sc: &StoryClaims<'_>, t: &Texts<'_>) {
    if sc.articles < 2 {
        one_article(out);
        return;
    }
    if sc.disputes.is_empty() {
        out.push_str("<p class=\"na\">No dispute was found between the sources.</p>");
        return;
    }
    for d in &sc.disputes {
        let topics: Vec<String> = dispute_topics(d, sc, t)
            .iter()
            .take(3)
            .map(|p| {
                format!(
                    "<span class=\"src\" tabindex=\"0\" role=\"button\" data-cites=\"{}\">{}</span>",
                    cites([(p.doc.as_str(), p.start, p.end)]),
                    escape(&quoted(&snippet(t.slice(&p.doc, p.start, p.end), 160)))
                )
            })
            .collect();
        let kind = if d.kind == "evaluation" {
            "opposed evaluations"
        } else {
            "disputed statement"
        };
        let _ = write!(
            out,
            "<div class=\"dispute\" id=\"dispute-{}\"><p class=\"at-issue\"><strong>At issue</strong> <small>({kind})</small>: {}</p><div class=\"sides\">",
            d.id,
            topics.join("; ")
        );
        side(out, "asserts", "Asserts", &d.asserted_by, t);
        side(out, "disputes", "Disputes", &d.disputed_by, t);
        out.push_str("</div>");
        evidence(out, "Evidence cited for", &d.evidence_for);
        evidence(out, "Evidence cited against", &d.evidence_against);
        let claims: Vec<String> = d
            .claims
            .iter()
            .filter_map(|&c| sc.claim(c))
            .map(|c| format!("<li>{}</li>", claim_link(c, t, 200, true)))
            .collect();
        if !claims.is_empty() {
            let _ = write!(
                out,
                "<details open><summary>Claims in dispute ({})</summary><ul class=\"claims\">{}</ul></details>",
                claims.len(),
                claims.concat()
            );
        }
        out.push_str("</div>");
    }
}

/// Claim-level inconsistencies: each slot with the values outlets give, each clickable.
pub(super) fn inconsistencies(out: &mut String, sc: &StoryClaims<'_>) {
    if sc.articles < 2 {
        one_article(out);
        return;
    }
    if sc.inconsistencies.is_empty() {
        out.push_str("<p>No outlets give different values for the same fact.</p>");
        return;
    }
    out.push_str("<ul class=\"conflicts\">");
    for inc in &sc.inconsistencies {
        let _ = write!(
            out,
            "<li>Different values for <strong>{}</strong>:<ul>",
            escape(&inc.slot)
        );
        for (value, given) in values_by_text(inc) {
            let outlets: BTreeSet<&str> = given.iter().map(|v| v.outlet.as_str()).collect();
            let outlets: Vec<String> = outlets.iter().map(|o| escape(o)).collect();
            let _ = write!(
                out,
                "<li><span class=\"src value\" tabindex=\"0\" role=\"button\" data-cites=\"{}\"><strong>{}</strong></span> per {}</li>",
                cites(given.iter().map(|v| (v.doc.as_str(), v.start, v.end))),
                escape(value),
                outlets.join(", ")
            );
        }
        out.push_str("</ul></li>");
    }
    out.push_str("</ul>");
}

/// What each outlet alone adds, reprints folded into one entry.
pub(super) fn unique(out: &mut String, sc: &StoryClaims<'_>, t: &Texts<'_>) {
    if sc.articles < 2 {
        one_article(out);
        return;
    }
    let groups = unique_by_lineage(sc);
    if groups.is_empty() {
        out.push_str("<p class=\"na\">No outlet reports anything the others do not.</p>");
        return;
    }
    let contested = sc.contested_ids();
    out.push_str("<p class=\"note\">Statements only one outlet (or one original and its reprints) carries.</p><ul class=\"unique\">");
    for (outlets, claims) in groups {
        let label: Vec<String> = outlets.iter().map(|o| escape(o)).collect();
        let reprints = if outlets.len() > 1 {
            " <small>(one lineage: an original and its reprints)</small>"
        } else {
            ""
        };
        let _ = write!(
            out,
            "<li><strong>{}</strong>{reprints} — {} statement(s)<ul>",
            label.join(", "),
            claims.len()
        );
        for c in claims.iter().filter_map(|&c| sc.claim(c)).take(MAX_UNIQUE) {
            let _ = write!(
                out,
                "<li>{}</li>",
                claim_link(c, t, 180, contested.contains(&c.id))
            );
        }
        if claims.len() > MAX_UNIQUE {
            let _ = write!(
                out,
                "<li class=\"na\">… and {} more in the JSON report.</li>",
                claims.len() - MAX_UNIQUE
            );
        }
        out.push_str("</ul></li>");
    }
    out.push_str("</ul>");
}

fn one_article(out: &mut String) {
    let _ = write!(out, "<p class=\"na\">{}</p>", escape(ONE_ARTICLE));
}

/// One column of the matrix: an article, with its outlet and lineage.
struct Column<'a> {
    doc: &'a str,
    outlet: String,
    lineage: String,
}

/// The claims × outlets matrix: one row per claim (contested and multi-source claims first),
/// one column per article grouped by lineage, a cell filled in the lineage's colour when the
/// article states the claim — so a wire story and its reprints show as one colour, one source.
pub(super) fn matrix(out: &mut String, sc: &StoryClaims<'_>, t: &Texts<'_>, docs: &[String]) {
    if sc.articles < 2 {
        return;
    }
    out.push_str("<h3>Claims × outlets</h3>");
    let contested = sc.contested_ids();
    let mut rows: Vec<&ClaimV> = sc
        .claims
        .iter()
        .copied()
        .filter(|c| contested.contains(&c.id) || c.independent_sources >= 2)
        .collect();
    if rows.is_empty() {
        out.push_str(
            "<p class=\"na\">No claim is carried by more than one source or disputed.</p>",
        );
        return;
    }
    rows.sort_by_key(|c| {
        (
            !contested.contains(&c.id),
            std::cmp::Reverse(c.independent_sources),
            c.id,
        )
    });
    let hidden = rows.len().saturating_sub(MAX_MATRIX_ROWS);
    rows.truncate(MAX_MATRIX_ROWS);
    let lineage_of: BTreeMap<&str, &str> = sc
        .claims
        .iter()
        .flat_map(|c| c.mentions.iter())
        .map(|m| (m.doc.as_str(), m.lineage.as_str()))
        .collect();
    let mut columns: Vec<Column<'_>> = docs
        .iter()
        .map(|d| Column {
            doc: d,
            outlet: t.outlet(d),
            lineage: lineage_of
                .get(d.as_str())
                .map_or(d.clone(), |l| l.to_string()),
        })
        .collect();
    // Articles of one lineage side by side, lineages in order of first appearance.
    let first_seen: BTreeMap<String, usize> = columns
        .iter()
        .enumerate()
        .rev()
        .map(|(i, c)| (c.lineage.clone(), i))
        .collect();
    columns.sort_by_key(|c| first_seen.get(&c.lineage).copied().unwrap_or(usize::MAX));
    let mut colour_of: BTreeMap<&str, &str> = BTreeMap::new();
    for c in &columns {
        let n = colour_of.len();
        colour_of
            .entry(c.lineage.as_str())
            .or_insert(PALETTE[n % PALETTE.len()]);
    }
    let members: BTreeMap<&str, usize> = columns.iter().fold(BTreeMap::new(), |mut m, c| {
        *m.entry(c.lineage.as_str()).or_insert(0) += 1;
        m
    });
    let _ = write!(
        out,
        "<p class=\"note\">Which article states which claim. Cells share a colour when the articles share a lineage (an original and its reprints), so a reprint is visibly one source; the last column counts independent sources. {}</p>",
        if hidden > 0 {
            format!("{hidden} further claim(s) are in the JSON report.")
        } else {
            String::new()
        }
    );
    out.push_str("<div class=\"matrix-wrap\"><table class=\"matrix claims-matrix\"><thead><tr><th>claim</th>");
    for c in &columns {
        let colour = colour_of.get(c.lineage.as_str()).copied().unwrap_or("#666");
        let n = members.get(c.lineage.as_str()).copied().unwrap_or(1);
        let lineage = if n > 1 {
            format!("one lineage of {n} articles")
        } else {
            "independent".to_string()
        };
        let _ = write!(
            out,
            "<th title=\"{}\"><span>{}</span><i class=\"lineage-bar\" style=\"background:{colour}\"></i></th>",
            escape(&lineage),
            escape(&c.outlet)
        );
    }
    out.push_str("<th>sources</th></tr></thead><tbody>");
    for claim in rows {
        let is_contested = contested.contains(&claim.id);
        let _ = write!(
            out,
            "<tr><th>{}{}</th>",
            if is_contested {
                "<span class=\"flag\">contested</span> "
            } else {
                ""
            },
            claim_link(claim, t, 90, is_contested)
        );
        for c in &columns {
            let hits: Vec<(&str, usize, usize)> = claim
                .mentions
                .iter()
                .filter(|m| m.doc == c.doc)
                .map(|m| (m.doc.as_str(), m.start, m.end))
                .collect();
            if hits.is_empty() {
                out.push_str("<td></td>");
                continue;
            }
            let _ = write!(
                out,
                "<td class=\"src hit\" tabindex=\"0\" role=\"button\" title=\"{}\" data-cites=\"{}\" style=\"background:{}\"></td>",
                escape(&c.outlet),
                cites(hits),
                colour_of.get(c.lineage.as_str()).copied().unwrap_or("#666")
            );
        }
        let _ = write!(
            out,
            "<td class=\"count\">{}</td></tr>",
            claim.independent_sources
        );
    }
    out.push_str("</tbody></table></div>");
}
