//! The claims sections of the HTML dossier: summary, agreed facts, contested points side by
//! side, claim-level inconsistencies, what each outlet alone adds, and the claims × outlets
//! matrix coloured by lineage. Every claim, party and value is a `.src` element citing its
//! spans, so a click shows the source passages.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::{cites, escape, na, outlet_list, src, PALETTE};
use crate::dossier::{quoted, snippet, ClaimV, DisputeEvidenceV, StoryClaims, Texts};
use crate::view::{wording, Capped, Dispute, Inconsistency, Party, Section, UniqueGroup};

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

fn more(out: &mut String, n: usize) {
    if n > 0 {
        let _ = write!(out, "<li class=\"na\">{}</li>", wording::more_in_json(n));
    }
}

/// Agreed facts with their independent-source counts.
pub(super) fn agreed(out: &mut String, s: Section<Capped<&ClaimV>>, t: &Texts<'_>) {
    let list = match s.items_or(wording::NO_AGREED) {
        Ok(list) => list,
        Err(n) => return na(out, n),
    };
    let _ = write!(
        out,
        "<p class=\"note\">{}</p><ul class=\"claims agreed\">",
        wording::AGREED_NOTE
    );
    for c in list.shown {
        let _ = write!(
            out,
            "<li>{} <span class=\"count\">{}</span> <small>{}</small></li>",
            claim_link(c, t, 220, false),
            escape(&wording::sources(c.independent_sources)),
            outlet_list(&c.outlets)
        );
    }
    more(out, list.more);
    out.push_str("</ul>");
}

/// One side of a dispute: each party once, its outlets, and its statements (clickable).
fn side(out: &mut String, class: &str, heading: &str, parties: &[Party<'_>], t: &Texts<'_>) {
    let mut chars = heading.chars();
    let heading: String = chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    let _ = write!(out, "<div class=\"side {class}\"><h4>{heading}</h4>");
    if parties.is_empty() {
        na(out, wording::NO_STATEMENT);
        out.push_str("</div>");
        return;
    }
    out.push_str("<ul>");
    for p in parties {
        let first = p.statements[0];
        let list = cites(
            p.statements
                .iter()
                .map(|p| (p.doc.as_str(), p.start, p.end)),
        );
        let text = escape(&quoted(&snippet(
            t.slice(&first.doc, first.start, first.end),
            200,
        )));
        let _ = write!(
            out,
            "<li><strong>{}</strong> <small>{}</small><br>{}</li>",
            escape(&p.source.label()),
            outlet_list(&p.outlets),
            src("party", &list, &text)
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
                "{} <small>({})</small>",
                src(
                    "",
                    &cites([(e.doc.as_str(), e.start, e.end)]),
                    &escape(&e.kind)
                ),
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
pub(super) fn contested(out: &mut String, s: Section<Vec<Dispute<'_>>>, t: &Texts<'_>) {
    let list = match s.items_or(wording::NO_DISPUTE) {
        Ok(list) => list,
        Err(n) => return na(out, n),
    };
    for d in list {
        let topics: Vec<String> = d
            .topics
            .iter()
            .map(|p| {
                let text = escape(&quoted(&snippet(t.slice(&p.doc, p.start, p.end), 160)));
                src("", &cites([(p.doc.as_str(), p.start, p.end)]), &text)
            })
            .collect();
        let _ = write!(
            out,
            "<div class=\"dispute\" id=\"dispute-{}\"><p class=\"at-issue\"><strong>{}</strong> <small>({})</small>: {}</p><div class=\"sides\">",
            d.dispute.id,
            wording::AT_ISSUE,
            wording::dispute_kind(&d.dispute.kind),
            topics.join("; ")
        );
        side(out, "asserts", wording::ASSERTS, &d.asserts, t);
        side(out, "disputes", wording::DISPUTES, &d.disputes, t);
        out.push_str("</div>");
        for (label, list) in d.evidence {
            evidence(out, label, list);
        }
        let claims: Vec<String> = d
            .claims
            .iter()
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
pub(super) fn inconsistencies(out: &mut String, s: Section<Vec<Inconsistency<'_>>>) {
    let list = match s.items_or_else(
        wording::NO_INCONSISTENCY,
        wording::CLAIM_INCONSISTENCIES_NOT_COMPUTED,
    ) {
        Ok(list) => list,
        Err(n) => return na(out, n),
    };
    out.push_str("<ul class=\"conflicts\">");
    for inc in list {
        let slot = format!("<strong>{}</strong>", escape(&inc.inconsistency.slot));
        let _ = write!(out, "<li>{}<ul>", wording::different_values(&slot));
        for v in inc.values {
            let list = cites(v.given.iter().map(|g| (g.doc.as_str(), g.start, g.end)));
            let value = src(
                "value",
                &list,
                &format!("<strong>{}</strong>", escape(v.value)),
            );
            let _ = write!(
                out,
                "<li>{}</li>",
                wording::per(&value, &outlet_list(&v.outlets))
            );
        }
        out.push_str("</ul></li>");
    }
    out.push_str("</ul>");
}

/// What each outlet alone adds, reprints folded into one entry.
pub(super) fn unique(
    out: &mut String,
    s: Section<Vec<UniqueGroup<'_>>>,
    t: &Texts<'_>,
    sc: Option<&StoryClaims<'_>>,
) {
    let groups = match s.items_or(wording::NO_UNIQUE) {
        Ok(groups) => groups,
        Err(n) => return na(out, n),
    };
    let contested = sc.map(StoryClaims::contested_ids).unwrap_or_default();
    let _ = write!(
        out,
        "<p class=\"note\">{}</p><ul class=\"unique\">",
        wording::UNIQUE_NOTE
    );
    for g in groups {
        let reprints = if g.outlets.len() > 1 {
            format!(" <small>{}</small>", wording::ONE_LINEAGE)
        } else {
            String::new()
        };
        let _ = write!(
            out,
            "<li><strong>{}</strong>{reprints} — {}<ul>",
            outlet_list(&g.outlets),
            wording::statements(g.total)
        );
        for c in g.claims.shown {
            let _ = write!(
                out,
                "<li>{}</li>",
                claim_link(c, t, 180, contested.contains(&c.id))
            );
        }
        more(out, g.claims.more);
        out.push_str("</ul></li>");
    }
    out.push_str("</ul>");
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
