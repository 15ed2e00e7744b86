//! Who's who across articles: per-article entities merged into cross-article entities.
//!
//! Rules, in order, each conservative (a wrong merge is worse than a missed one):
//!
//! 1. People with a full name (two or more name words) are one person across articles when
//!    their first and last name words agree ("Sgt. Hunter Foster", "Hunter Foster").
//! 2. A person known in some article only by one name word ("Foster", "Vellesiya") joins the
//!    one full-named person whose last (or first) name is that word. When several full-named
//!    people share it (Kohen Wiley and Vellesiya Wiley), it joins none and stays on its own.
//! 3. Organisations, places and groups are one when their names agree after case folding and
//!    dropping a leading "the".
//!
//! Roles from every article are kept, each with its evidence.

use std::collections::BTreeMap;

use corroborate_core::lexicon::titles::{is_name_suffix, is_name_title};
use corroborate_core::DocId;
use corroborate_extract::entities::EntityKind;
use serde::{Deserialize, Serialize};

use crate::{Analysed, Cite};

/// The name words of a person's name: lower-cased, titles and initials removed.
fn name_words(name: &str) -> Vec<String> {
    name.split(|c: char| c.is_whitespace() || c == ',')
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-' && c != '\''))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .filter(|w| !is_name_title(w) && !is_name_suffix(w))
        .filter(|w| w.chars().filter(|c| c.is_alphabetic()).count() > 1)
        .collect()
}

fn org_key(name: &str) -> String {
    let lower = name.trim().to_lowercase();
    let lower = lower.strip_prefix("the ").unwrap_or(&lower);
    lower
        .replace(['’', '\''], "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// One member of a cross-article entity: an entity of one article.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Member {
    /// The article.
    pub doc: DocId,
    /// The entity's index in that article's entities (its id there is `<doc>#e<index>`).
    pub entity: usize,
    /// The name the article uses.
    pub name: String,
}

/// A role held by a cross-article entity, as one article states it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CrossRole {
    /// The role as written ("lawyer", "interim police chief").
    pub role: String,
    /// The role's head, normalised ("attorney" for "lawyer", "police chief" for "interim
    /// police chief"): the per-article role's `normalized`. Empty in reports written before
    /// it was added.
    #[serde(default)]
    pub normalized: String,
    /// What it is of, as written, when stated.
    pub of_text: Option<String>,
    /// The span stating it.
    pub evidence: Cite,
}

/// One person, organisation, place or group across articles.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CrossEntity {
    /// Stable for a given set of inputs: `x` + kind initial + index ("xp0"), prefixed with the
    /// story id when built per story ("s1a2b…:xp0").
    pub id: String,
    /// The story, when built per story.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub story: Option<String>,
    /// The fullest name any article uses.
    pub name: String,
    /// Its kind.
    pub kind: EntityKind,
    /// The per-article entities merged here.
    pub members: Vec<Member>,
    /// Every role, with evidence.
    pub roles: Vec<CrossRole>,
    /// Number of mentions across articles.
    pub mentions: usize,
}

struct Local<'a> {
    doc_index: usize,
    entity: usize,
    name: &'a str,
    kind: EntityKind,
    words: Vec<String>,
}

/// Merges the entities of the articles in `members` (one story, or any group) into
/// cross-article entities, people first, each list in order of first appearance.
pub fn link(docs: &[Analysed], members: &[usize], story: Option<&str>) -> Vec<CrossEntity> {
    let mut locals: Vec<Local> = Vec::new();
    for &di in members {
        let Some((_, ex)) = docs.get(di) else {
            continue;
        };
        for (ei, e) in ex.entities.entities.iter().enumerate() {
            locals.push(Local {
                doc_index: di,
                entity: ei,
                name: &e.name,
                kind: e.kind,
                words: name_words(&e.name),
            });
        }
    }
    // Group keys → group index; groups hold indices into `locals`.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut by_full: BTreeMap<(String, String), usize> = BTreeMap::new();
    let mut by_org: BTreeMap<(u8, String), usize> = BTreeMap::new();
    let mut single: Vec<usize> = Vec::new();
    for (li, l) in locals.iter().enumerate() {
        match l.kind {
            EntityKind::Person if l.words.len() >= 2 => {
                let key = (l.words[0].clone(), l.words[l.words.len() - 1].clone());
                let g = *by_full.entry(key).or_insert_with(|| {
                    groups.push(Vec::new());
                    groups.len() - 1
                });
                groups[g].push(li);
            }
            EntityKind::Person => single.push(li),
            kind => {
                let key = (kind as u8, org_key(l.name));
                let g = *by_org.entry(key).or_insert_with(|| {
                    groups.push(Vec::new());
                    groups.len() - 1
                });
                groups[g].push(li);
            }
        }
    }
    for li in single {
        let l = &locals[li];
        let word = l
            .words
            .first()
            .cloned()
            .unwrap_or_else(|| l.name.to_lowercase());
        let matches: Vec<usize> = by_full
            .iter()
            .filter(|((first, last), _)| *last == word || *first == word)
            .map(|(_, g)| *g)
            .collect();
        if let [g] = matches[..] {
            groups[g].push(li);
        } else {
            groups.push(vec![li]);
        }
    }
    let mut out: Vec<CrossEntity> = groups
        .into_iter()
        .filter(|g| !g.is_empty())
        .map(|mut g| {
            g.sort_by_key(|&li| (locals[li].doc_index, locals[li].entity));
            build_entity(docs, &locals, &g)
        })
        .collect();
    out.sort_by_key(|e| {
        let first = e.members.first().map(|m| (m.doc.clone(), m.entity));
        (e.kind != EntityKind::Person, first)
    });
    let mut counters: BTreeMap<char, usize> = BTreeMap::new();
    for e in &mut out {
        let initial = match e.kind {
            EntityKind::Person => 'p',
            EntityKind::Organization => 'o',
            EntityKind::Place => 'l',
            EntityKind::Group => 'g',
        };
        let n = counters.entry(initial).or_default();
        e.id = match story {
            Some(s) => format!("{s}:x{initial}{n}"),
            None => format!("x{initial}{n}"),
        };
        e.story = story.map(str::to_string);
        *n += 1;
    }
    out
}

fn build_entity(docs: &[Analysed], locals: &[Local], group: &[usize]) -> CrossEntity {
    let mut name = String::new();
    let mut roles = Vec::new();
    let mut members = Vec::new();
    let mut mentions = 0;
    for &li in group {
        let l = &locals[li];
        let (p, ex) = &docs[l.doc_index];
        if l.name.len() > name.len() {
            name = l.name.to_string();
        }
        members.push(Member {
            doc: p.doc.id.clone(),
            entity: l.entity,
            name: l.name.to_string(),
        });
        if let Some(e) = ex.entities.entities.get(l.entity) {
            mentions += e.mentions.len();
            for r in &e.roles {
                roles.push(CrossRole {
                    role: r.role.clone(),
                    normalized: r.normalized.clone(),
                    of_text: r.of_text.clone().or_else(|| {
                        r.of_entity
                            .and_then(|i| ex.entities.entities.get(i))
                            .map(|o| o.name.clone())
                    }),
                    evidence: Cite {
                        doc: p.doc.id.clone(),
                        span: r.evidence,
                    },
                });
            }
        }
    }
    CrossEntity {
        id: String::new(),
        story: None,
        name,
        kind: locals[group[0]].kind,
        members,
        roles,
        mentions,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_words_drop_titles_and_initials() {
        assert_eq!(name_words("Sgt. Hunter Foster"), vec!["hunter", "foster"]);
        assert_eq!(
            name_words("Mississippi Gov. Tate Reeves")[1..],
            ["tate", "reeves"]
        );
        assert_eq!(name_words("J. R. Smith"), vec!["smith"]);
    }

    #[test]
    fn org_keys_fold_case_and_the() {
        assert_eq!(
            org_key("The Associated Press"),
            org_key("the associated  press")
        );
        assert_eq!(
            org_key("Attorney General’s Office"),
            org_key("attorney general's office")
        );
    }
}
