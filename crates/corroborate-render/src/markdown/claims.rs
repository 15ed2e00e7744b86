//! The claims sections of the Markdown dossier: agreed facts, contested points side by side,
//! claim-level inconsistencies, and what each outlet alone adds. What they hold and say comes
//! from [`crate::view`]; this module chooses the Markdown for it.

use std::collections::BTreeSet;
use std::fmt::Write;

use super::{escape, note, outlet_list, Notes, SNIPPET};
use crate::dossier::{quoted, snippet, ClaimV};
use crate::view::{wording, Capped, Dispute, Inconsistency, Party, Section, UniqueGroup};

/// A claim as a quoted snippet citing one mention per lineage (a reprint adds no citation).
fn claim_line(notes: &Notes<'_>, c: &ClaimV, max: usize) -> String {
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
    let text = snippet(t.slice(&c.text.doc, c.text.start, c.text.end), max);
    format!("{}{cites}", escape(&quoted(&text)))
}

fn more(out: &mut String, indent: &str, n: usize) {
    if n > 0 {
        let _ = writeln!(out, "{indent}- _{}_", wording::more_in_json(n));
    }
}

/// Agreed facts with their independent-source counts.
pub(super) fn agreed(out: &mut String, notes: &Notes<'_>, s: Section<Capped<&ClaimV>>) {
    let list = match s.items_or(wording::NO_AGREED) {
        Ok(list) => list,
        Err(n) => return note(out, n),
    };
    let _ = writeln!(out, "{}\n", wording::AGREED_NOTE);
    for c in list.shown {
        let line = claim_line(notes, c, SNIPPET);
        let _ = writeln!(
            out,
            "- {line} — **{}** ({})",
            wording::sources(c.independent_sources),
            outlet_list(&c.outlets)
        );
    }
    more(out, "", list.more);
    out.push('\n');
}

/// One side of a dispute as table cells: each party once, with the outlets carrying its
/// statements and its first statement quoted.
fn side(notes: &Notes<'_>, parties: &[Party<'_>]) -> Vec<String> {
    parties
        .iter()
        .map(|p| {
            let first = p.statements[0];
            let text = quoted(&snippet(
                notes.texts.slice(&first.doc, first.start, first.end),
                140,
            ));
            let n = notes.cite(&first.doc, first.start, first.end);
            format!(
                "**{}** — {}: {}{n}",
                escape(&p.source.label()),
                outlet_list(&p.outlets),
                escape(&text)
            )
        })
        .collect()
}

/// Contested points: for each dispute, what is at issue, then who asserts and who disputes,
/// side by side, each quoted; then the evidence each side cites.
pub(super) fn contested(out: &mut String, notes: &Notes<'_>, s: Section<Vec<Dispute<'_>>>) {
    let list = match s.items_or(wording::NO_DISPUTE) {
        Ok(list) => list,
        Err(n) => return note(out, n),
    };
    for (i, d) in list.iter().enumerate() {
        let topics: Vec<String> = d
            .topics
            .iter()
            .map(|p| {
                let text = quoted(&snippet(notes.texts.slice(&p.doc, p.start, p.end), 120));
                format!("{}{}", escape(&text), notes.cite(&p.doc, p.start, p.end))
            })
            .collect();
        let _ = writeln!(
            out,
            "**{}. {}** ({}): {}\n",
            i + 1,
            wording::AT_ISSUE,
            wording::dispute_kind(&d.dispute.kind),
            topics.join("; ")
        );
        let asserts = side(notes, &d.asserts);
        let disputes = side(notes, &d.disputes);
        let _ = writeln!(
            out,
            "| {} | {} |\n|---|---|",
            wording::ASSERTS,
            wording::DISPUTES
        );
        for row in 0..asserts.len().max(disputes.len()) {
            let _ = writeln!(
                out,
                "| {} | {} |",
                asserts.get(row).map_or("", String::as_str),
                disputes.get(row).map_or("", String::as_str)
            );
        }
        out.push('\n');
        for (label, list) in d.evidence {
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
pub(super) fn inconsistencies(
    out: &mut String,
    notes: &Notes<'_>,
    s: Section<Vec<Inconsistency<'_>>>,
) {
    let list = match s.items_or_else(
        wording::NO_INCONSISTENCY,
        wording::CLAIM_INCONSISTENCIES_NOT_COMPUTED,
    ) {
        Ok(list) => list,
        Err(n) => return note(out, n),
    };
    for inc in list {
        let slot = format!("**{}**", escape(&inc.inconsistency.slot));
        let _ = writeln!(out, "- {}", wording::different_values(&slot));
        for v in inc.values {
            let cites: String = v
                .given
                .iter()
                .map(|g| notes.cite(&g.statement.doc, g.statement.start, g.statement.end))
                .collect();
            let value = format!("**{}**", escape(v.value));
            let _ = writeln!(
                out,
                "  - {}{cites}",
                wording::per(&value, &outlet_list(&v.outlets))
            );
        }
    }
    out.push('\n');
}

/// What each outlet alone adds: claims no other lineage carries, reprints folded together.
pub(super) fn unique(out: &mut String, notes: &Notes<'_>, s: Section<Vec<UniqueGroup<'_>>>) {
    let groups = match s.items_or(wording::NO_UNIQUE) {
        Ok(groups) => groups,
        Err(n) => return note(out, n),
    };
    let _ = writeln!(out, "{}\n", wording::UNIQUE_NOTE);
    for g in groups {
        let reprints = if g.outlets.len() > 1 {
            format!(" _{}_", wording::ONE_LINEAGE)
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "- **{}**{reprints} — {}:",
            outlet_list(&g.outlets),
            wording::statements(g.total)
        );
        for c in g.claims.shown {
            let line = claim_line(notes, c, 140);
            let _ = writeln!(out, "  - {line}");
        }
        more(out, "  ", g.claims.more);
    }
    out.push('\n');
}
