//! The claims sections of the Markdown dossier: summary, agreed facts, contested points side
//! by side, claim-level inconsistencies, and what each outlet alone adds.

use std::collections::BTreeSet;
use std::fmt::Write;

use super::{escape, Notes, SNIPPET};
use crate::dossier::{
    dispute_topics, group_parties, quoted, snippet, unique_by_lineage, values_by_text, ClaimV,
    PartyV, StoryClaims, ONE_ARTICLE,
};

/// Most agreed facts listed; the JSON report holds every claim.
pub(crate) const MAX_AGREED: usize = 25;
/// Most claims listed per outlet under "what each outlet alone adds".
pub(crate) const MAX_UNIQUE: usize = 10;

/// The extractive summary: verbatim sentences led by the best-supported claims. Returns false
/// when the story has none (the caller falls back to the lead).
pub(super) fn summary(out: &mut String, notes: &mut Notes<'_>, sc: &StoryClaims<'_>) -> bool {
    if sc.summary.is_empty() {
        return false;
    }
    let t = notes.texts;
    let _ = writeln!(out, "**Summary.**\n");
    for s in &sc.summary {
        let n = notes.cite(&s.doc, s.start, s.end);
        let _ = writeln!(
            out,
            "- {}{n} _({})_",
            escape(&snippet(t.slice(&s.doc, s.start, s.end), 400)),
            sources(s.independent_sources)
        );
    }
    out.push('\n');
    true
}

/// "1 independent source" / "3 independent sources".
pub(crate) fn sources(n: usize) -> String {
    if n == 1 {
        "1 independent source".into()
    } else {
        format!("{n} independent sources")
    }
}

/// A claim as a quoted snippet citing one mention per lineage (a reprint adds no citation).
fn claim_line(notes: &mut Notes<'_>, c: &ClaimV, max: usize) -> String {
    let t = notes.texts;
    let mut seen = BTreeSet::new();
    let cites: String = c
        .mentions
        .iter()
        .filter(|m| seen.insert(m.lineage.as_str()))
        .map(|m| notes.cite(&m.doc, m.start, m.end))
        .collect();
    let cites = if cites.is_empty() {
        notes.cite(&c.text.doc, c.text.start, c.text.end)
    } else {
        cites
    };
    format!(
        "{}{cites}",
        escape(&quoted(&snippet(
            t.slice(&c.text.doc, c.text.start, c.text.end),
            max
        )))
    )
}

/// Agreed facts: claims two or more independent sources carry and nobody disputes.
pub(super) fn agreed(out: &mut String, notes: &mut Notes<'_>, sc: &StoryClaims<'_>) {
    if sc.articles < 2 {
        let _ = writeln!(out, "_{ONE_ARTICLE}_\n");
        return;
    }
    let agreed: Vec<&ClaimV> = sc
        .claims
        .iter()
        .copied()
        .filter(|c| c.status == "agreed")
        .collect();
    if agreed.is_empty() {
        let _ = writeln!(
            out,
            "_No fact is carried by two or more independent sources without dispute._\n"
        );
        return;
    }
    let _ = writeln!(
        out,
        "Facts two or more independent sources state and nobody disputes; reprints of one \
         original count once.\n"
    );
    for c in agreed.iter().take(MAX_AGREED) {
        let line = claim_line(notes, c, SNIPPET);
        let outlets: Vec<String> = c.outlets.iter().map(|o| escape(o)).collect();
        let _ = writeln!(
            out,
            "- {line} — **{}** ({})",
            sources(c.independent_sources),
            outlets.join(", ")
        );
    }
    if agreed.len() > MAX_AGREED {
        let _ = writeln!(
            out,
            "- _… and {} more in the JSON report._",
            agreed.len() - MAX_AGREED
        );
    }
    out.push('\n');
}

/// One side of a dispute as table cells: each party once, with the outlets carrying its
/// statements and its first statement quoted.
fn side(notes: &mut Notes<'_>, parties: &[PartyV]) -> Vec<String> {
    let t = notes.texts;
    group_parties(parties)
        .into_iter()
        .map(|(who, statements)| {
            let outlets: BTreeSet<&str> = statements.iter().map(|p| p.outlet.as_str()).collect();
            let outlets: Vec<String> = outlets.iter().map(|o| escape(o)).collect();
            let first = statements[0];
            let n = notes.cite(&first.doc, first.start, first.end);
            format!(
                "**{}** — {}: {}{n}",
                escape(&who.label()),
                outlets.join(", "),
                escape(&quoted(&snippet(
                    t.slice(&first.doc, first.start, first.end),
                    140
                )))
            )
        })
        .collect()
}

/// Contested points: for each dispute, what is at issue, then who asserts and who disputes,
/// side by side, each quoted; then the evidence each side cites.
pub(super) fn contested(out: &mut String, notes: &mut Notes<'_>, sc: &StoryClaims<'_>) {
    if sc.articles < 2 {
        let _ = writeln!(out, "_{ONE_ARTICLE}_\n");
        return;
    }
    if sc.disputes.is_empty() {
        let _ = writeln!(out, "_No dispute was found between the sources._\n");
        return;
    }
    let t = notes.texts;
    for (i, d) in sc.disputes.iter().enumerate() {
        let topics: Vec<String> = dispute_topics(d, sc, t)
            .iter()
            .take(3)
            .map(|p| {
                let n = notes.cite(&p.doc, p.start, p.end);
                format!(
                    "{}{n}",
                    escape(&quoted(&snippet(t.slice(&p.doc, p.start, p.end), 120)))
                )
            })
            .collect();
        let kind = if d.kind == "evaluation" {
            "opposed evaluations"
        } else {
            "disputed statement"
        };
        let _ = writeln!(
            out,
            "**{}. At issue** ({kind}): {}\n",
            i + 1,
            topics.join("; ")
        );
        let asserts = side(notes, &d.asserted_by);
        let disputes = side(notes, &d.disputed_by);
        let _ = writeln!(out, "| asserts | disputes |\n|---|---|");
        for row in 0..asserts.len().max(disputes.len()) {
            let _ = writeln!(
                out,
                "| {} | {} |",
                asserts.get(row).map_or("", String::as_str),
                disputes.get(row).map_or("", String::as_str)
            );
        }
        out.push('\n');
        for (label, list) in [
            ("Evidence cited for", &d.evidence_for),
            ("Evidence cited against", &d.evidence_against),
        ] {
            if list.is_empty() {
                continue;
            }
            let items: Vec<String> = list
                .iter()
                .map(|e| {
                    let n = notes.cite(&e.doc, e.start, e.end);
                    format!("{} ({}){n}", escape(&e.kind), escape(&e.outlet))
                })
                .collect();
            let _ = writeln!(out, "{label}: {}.\n", items.join(", "));
        }
    }
}

/// Claim-level inconsistencies: outlets giving different values for one slot.
pub(super) fn inconsistencies(out: &mut String, notes: &mut Notes<'_>, sc: &StoryClaims<'_>) {
    if sc.articles < 2 {
        let _ = writeln!(out, "_{ONE_ARTICLE}_\n");
        return;
    }
    if sc.inconsistencies.is_empty() {
        let _ = writeln!(out, "No outlets give different values for the same fact.\n");
        return;
    }
    for inc in &sc.inconsistencies {
        let _ = writeln!(out, "- Different values for **{}**:", escape(&inc.slot));
        for (value, given) in values_by_text(inc) {
            let outlets: BTreeSet<&str> = given.iter().map(|v| v.outlet.as_str()).collect();
            let outlets: Vec<String> = outlets.iter().map(|o| escape(o)).collect();
            let cites: String = given
                .iter()
                .map(|v| notes.cite(&v.statement.doc, v.statement.start, v.statement.end))
                .collect();
            let _ = writeln!(
                out,
                "  - **{}** per {}{cites}",
                escape(value),
                outlets.join(", ")
            );
        }
    }
    out.push('\n');
}

/// What each outlet alone adds: claims no other lineage carries, reprints folded together.
pub(super) fn unique(out: &mut String, notes: &mut Notes<'_>, sc: &StoryClaims<'_>) {
    if sc.articles < 2 {
        let _ = writeln!(out, "_{ONE_ARTICLE}_\n");
        return;
    }
    let groups = unique_by_lineage(sc);
    if groups.is_empty() {
        let _ = writeln!(out, "_No outlet reports anything the others do not._\n");
        return;
    }
    let _ = writeln!(
        out,
        "Statements only one outlet (or one original and its reprints) carries.\n"
    );
    for (outlets, claims) in groups {
        let label: Vec<String> = outlets.iter().map(|o| escape(o)).collect();
        let reprints = if outlets.len() > 1 {
            " _(one lineage: an original and its reprints)_"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "- **{}**{reprints} — {} statement(s):",
            label.join(", "),
            claims.len()
        );
        for c in claims.iter().filter_map(|&c| sc.claim(c)).take(MAX_UNIQUE) {
            let line = claim_line(notes, c, 140);
            let _ = writeln!(out, "  - {line}");
        }
        if claims.len() > MAX_UNIQUE {
            let _ = writeln!(
                out,
                "  - _… and {} more in the JSON report._",
                claims.len() - MAX_UNIQUE
            );
        }
    }
    out.push('\n');
}
