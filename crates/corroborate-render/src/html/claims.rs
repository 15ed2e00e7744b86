//! The claims sections of the HTML dossier: summary, agreed facts, contested points side by
//! side, claim-level inconsistencies, what each outlet alone adds, and the claims × outlets
//! matrix coloured by lineage. Every claim, party and value is a `.src` element citing its
//! spans, so a click shows the source passages.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::{cites, escape, PALETTE};
use crate::dossier::{quoted, snippet, ClaimV, StoryClaims, Texts};

/// Most claims in the matrix; the JSON report holds every claim.
const MAX_MATRIX_ROWS: usize = 40;

/// The `data-cites` of every mention of a claim.
pub(super) fn claim_cites(c: &ClaimV) -> String {
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
