//! The stories of a dossier and what each shows: its documents, its entities' roles, its
//! dated events and the lineage of each document.

use std::collections::{HashMap, HashSet};

use corroborate_reconcile::entities::CrossEntity;
use corroborate_reconcile::Cite;

use corroborate_reconcile::timeline::{Event, EventMention};

use super::Dossier;
use crate::json::{DocumentItem, LineageItem};

/// An entity's roles without repeats: one entry per role ("mayor of Senatobia") with the
/// evidence of every article giving it. A bare role ("mayor") folds into the one qualified
/// form of the same role when there is exactly one.
pub fn distinct_roles(e: &CrossEntity) -> Vec<(String, Vec<&Cite>)> {
    let mut groups: Vec<(String, Option<String>, Vec<&Cite>)> = Vec::new();
    for r in &e.roles {
        let role = r.role.to_lowercase();
        let of = r.of_text.as_ref().map(|o| o.to_lowercase());
        match groups.iter_mut().find(|(g, o, _)| *g == role && *o == of) {
            Some((_, _, ev)) => ev.push(&r.evidence),
            None => groups.push((role, of, vec![&r.evidence])),
        }
    }
    let mut out: Vec<(String, Option<String>, Vec<&Cite>)> = Vec::new();
    let mut bare: Vec<(String, Vec<&Cite>)> = Vec::new();
    for (role, of, ev) in groups {
        if of.is_none() {
            bare.push((role, ev));
        } else {
            out.push((role, of, ev));
        }
    }
    for (role, ev) in bare {
        let qualified: Vec<usize> = (0..out.len()).filter(|&i| out[i].0 == role).collect();
        match qualified.as_slice() {
            [only] => out[*only].2.extend(ev),
            _ => out.push((role, None, ev)),
        }
    }
    out.into_iter()
        .map(|(role, of, ev)| {
            let shown = e
                .roles
                .iter()
                .find(|r| {
                    r.role.to_lowercase() == role
                        && r.of_text.as_ref().map(|o| o.to_lowercase()) == of
                })
                .map(|r| match &r.of_text {
                    Some(o) => format!("{} of {o}", r.role),
                    None => r.role.clone(),
                })
                .unwrap_or(role);
            (shown, ev)
        })
        .collect()
}

/// A document's lineage label and, when it is a reprint, the outlet it reprints. `None` when
/// linking did not run.
pub fn lineage_of(
    lineages: &HashMap<&str, &LineageItem>,
    doc: &DocumentItem,
) -> Option<(String, Option<String>)> {
    let id = doc.lineage.as_deref()?;
    let l = lineages.get(id)?;
    let members = l.members.len();
    let origin_doc = l.origin_doc.as_ref().map(|x| x.as_str());
    let origin_outlet = l.origin_outlet.as_deref();
    let label = if members > 1 {
        format!("{} ({members} articles)", origin_outlet.unwrap_or(id))
    } else {
        "independent".to_string()
    };
    let reprint = match (members > 1, origin_doc, origin_outlet) {
        (true, Some(o), Some(out)) if o != doc.id.as_str() => Some(out.to_string()),
        (true, None, Some(out)) => Some(out.to_string()),
        _ => None,
    };
    Some((label, reprint))
}

/// One story of the dossier: which documents it covers. Until stories are computed, the whole
/// run is one story.
#[derive(Debug, Clone)]
pub struct StoryView {
    /// Story id.
    pub id: String,
    /// Documents in publication order (unknown dates last).
    pub docs: Vec<String>,
}

/// The stories of a dossier: from `stories` when the linking stage computed them, else one
/// story holding every document (named after the stored story the report is a version of).
pub fn stories(d: &Dossier) -> Vec<StoryView> {
    let mut out: Vec<StoryView> = d
        .stories
        .iter()
        .flatten()
        .map(|s| StoryView {
            id: s.id.clone(),
            docs: s.documents.iter().map(|x| x.0.to_string()).collect(),
        })
        .collect();
    if out.is_empty() {
        let id = d.story.as_ref().map_or("all", |s| s.id.as_str());
        out.push(StoryView {
            id: id.to_string(),
            docs: d.documents.iter().map(|x| x.id.0.to_string()).collect(),
        });
    }
    let order: HashMap<&str, (Option<String>, usize)> = d
        .documents
        .iter()
        .enumerate()
        .map(|(i, x)| {
            (
                x.id.as_str(),
                (x.meta.published.as_ref().map(|p| p.value.to_string()), i),
            )
        })
        .collect();
    for s in &mut out {
        s.docs.sort_by_key(|id| match order.get(id.as_str()) {
            Some((Some(p), i)) => (0, p.to_string(), *i),
            Some((None, i)) => (1, String::new(), *i),
            None => (2, String::new(), 0),
        });
    }
    out
}

/// A parsed `YYYY[-MM[-DD]]` prefix of a TIMEX value, as an approximate day number for placing
/// events on a line; `None` for values without a year (`PRESENT_REF`, `XXXX-…`).
pub fn day_number(value: &str) -> Option<i64> {
    let mut parts = value.split(['-', 'T']);
    let y: i64 = parts.next()?.parse().ok()?;
    let m: i64 = parts
        .next()
        .and_then(|p| p.parse().ok())
        .filter(|m| (1..=12).contains(m))
        .unwrap_or(1);
    let d: i64 = parts
        .next()
        .and_then(|p| p.parse().ok())
        .filter(|d| (1..=31).contains(d))
        .unwrap_or(1);
    Some(y * 372 + (m - 1) * 31 + (d - 1))
}

/// Of `events`, those a story's documents mention, with only those mentions.
pub fn story_events(events: &[&Event], docs: &[String]) -> Vec<Event> {
    let set: HashSet<&str> = docs.iter().map(String::as_str).collect();
    events
        .iter()
        .filter_map(|&e| {
            let mentions: Vec<EventMention> = e
                .mentions
                .iter()
                .filter(|m| set.contains(m.doc.as_str()))
                .cloned()
                .collect();
            if mentions.is_empty() && !set.contains(e.description.doc.as_str()) {
                return None;
            }
            let mut e = e.clone();
            e.mentions = mentions;
            if !set.contains(e.description.doc.as_str()) {
                if let Some(m) = e.mentions.first() {
                    e.description = Cite {
                        doc: m.doc.clone(),
                        span: m.sentence,
                    };
                }
            }
            Some(e)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use corroborate_core::{DocId, Span};
    use corroborate_extract::entities::EntityKind;
    use corroborate_reconcile::entities::CrossRole;

    #[test]
    fn roles_are_listed_once_with_every_evidence() {
        let role = |role: &str, of: Option<&str>, doc: &str| CrossRole {
            role: role.into(),
            normalized: role.into(),
            of_text: of.map(str::to_string),
            evidence: Cite {
                doc: DocId(doc.into()),
                span: Span::new(0, 1),
            },
        };
        let e = CrossEntity {
            id: "xp0".into(),
            story: None,
            name: "Pat Doe".into(),
            kind: EntityKind::Person,
            members: Vec::new(),
            mentions: 0,
            roles: vec![
                role("mayor", None, "a"),
                role("mayor", Some("Alderton"), "b"),
                role("Mayor", Some("alderton"), "c"),
                role("chair", Some("the board"), "a"),
                role("chair", Some("the trust"), "b"),
                role("chair", None, "c"),
            ],
        };
        let roles = distinct_roles(&e);
        let shown: Vec<(&str, usize)> =
            roles.iter().map(|(r, ev)| (r.as_str(), ev.len())).collect();
        assert_eq!(
            shown,
            vec![
                ("mayor of Alderton", 3),
                ("chair of the board", 1),
                ("chair of the trust", 1),
                ("chair", 1)
            ]
        );
    }

    #[test]
    fn day_numbers_order_dates() {
        assert!(day_number("2026-06").unwrap() < day_number("2026-06-02").unwrap());
        assert!(day_number("2025-12-31").unwrap() < day_number("2026-01-01").unwrap());
        assert_eq!(day_number("PRESENT_REF"), None);
    }
}
