//! The dossier's items dealt to their stories in one pass, so that rendering every story of a
//! large report reads each item once (linear in the report) instead of each story scanning
//! every quote, entity, event, record and claim of the report (stories × items).

use std::collections::HashMap;

use corroborate_reconcile::claims::ClaimsReport;
use corroborate_reconcile::entities::CrossEntity;
use corroborate_reconcile::timeline::{Event, InferredPublished};
use corroborate_records::Record;

use super::{Dossier, StoryClaims, StoryView};
use crate::json::{Item, LineageItem, QuoteItem};

/// Which story each document belongs to (its index in the story list).
pub struct StoryOf<'a>(HashMap<&'a str, usize>);

impl<'a> StoryOf<'a> {
    /// The map of `stories`; a document listed by two stories goes to the first.
    pub fn new(stories: &'a [StoryView]) -> Self {
        let mut map = HashMap::new();
        for (i, s) in stories.iter().enumerate() {
            for d in &s.docs {
                map.entry(d.as_str()).or_insert(i);
            }
        }
        StoryOf(map)
    }

    /// The story of `doc`, if any.
    pub fn get(&self, doc: &str) -> Option<usize> {
        self.0.get(doc).copied()
    }
}

/// Deals `items` to `stories` lists: an item goes, once, to every story whose documents it
/// names (through `docs`); report order is kept within each list.
pub fn deal<'a, T, I>(
    items: &'a [T],
    stories: usize,
    story_of: &StoryOf<'_>,
    docs: impl Fn(&'a T) -> I,
) -> Vec<Vec<&'a T>>
where
    I: Iterator<Item = &'a str>,
{
    let mut out: Vec<Vec<&'a T>> = (0..stories).map(|_| Vec::new()).collect();
    let mut touched: Vec<usize> = Vec::new();
    for item in items {
        touched.clear();
        touched.extend(docs(item).filter_map(|d| story_of.get(d)));
        touched.sort_unstable();
        touched.dedup();
        for &s in &touched {
            if let Some(list) = out.get_mut(s) {
                list.push(item);
            }
        }
    }
    out
}

/// One story's items.
pub struct StoryItems<'a> {
    /// Quotes and reported speech in its documents.
    pub quotes: Vec<&'a Item<QuoteItem>>,
    /// Entities across articles with a member in its documents.
    pub people: Vec<&'a CrossEntity>,
    /// Timeline events its documents describe or mention.
    pub events: Vec<&'a Event>,
    /// Publication dates inferred for its documents.
    pub inferred: Vec<&'a InferredPublished>,
    /// Incident records filled from its documents.
    pub records: Vec<&'a Record>,
    /// Its part of the claims section; `None` without a claims analysis.
    pub claims: Option<StoryClaims<'a>>,
}

/// Every story's items, and the lineages by id.
pub struct ByStory<'a> {
    /// One entry per story, in the order of the story list.
    pub stories: Vec<StoryItems<'a>>,
    /// Lineages by id.
    pub lineages: HashMap<&'a str, &'a LineageItem>,
}

impl<'a> ByStory<'a> {
    /// Deals the items of `d` to `stories`.
    pub fn new(d: &'a Dossier, stories: &[StoryView]) -> Self {
        let n = stories.len();
        let story_of = StoryOf::new(stories);
        let quotes = deal(&d.quotes, n, &story_of, |q| std::iter::once(q.doc.as_str()));
        let people = deal(&d.cross_entities, n, &story_of, |e| {
            e.members.iter().map(|m| m.doc.as_str())
        });
        let events = deal(&d.timeline.events, n, &story_of, |e| {
            e.mentions
                .iter()
                .map(|m| m.doc.as_str())
                .chain(std::iter::once(e.description.doc.as_str()))
        });
        let inferred = deal(&d.timeline.inferred_published, n, &story_of, |p| {
            std::iter::once(p.doc.as_str())
        });
        let records = deal(&d.records, n, &story_of, |r| {
            r.documents.iter().map(|x| x.as_str())
        });
        let claims = claims_by_story(d.claims.as_ref(), stories, &story_of);
        let stories = quotes
            .into_iter()
            .zip(people)
            .zip(events)
            .zip(inferred)
            .zip(records)
            .zip(claims)
            .map(
                |(((((quotes, people), events), inferred), records), claims)| StoryItems {
                    quotes,
                    people,
                    events,
                    inferred,
                    records,
                    claims,
                },
            )
            .collect();
        let lineages = d
            .lineages
            .iter()
            .flatten()
            .map(|l| (l.id.as_str(), l))
            .collect();
        ByStory { stories, lineages }
    }
}

/// Each story's part of the claims section (all `None` without a claims analysis).
fn claims_by_story<'a>(
    c: Option<&'a ClaimsReport>,
    stories: &[StoryView],
    story_of: &StoryOf<'_>,
) -> Vec<Option<StoryClaims<'a>>> {
    match c {
        Some(c) => StoryClaims::per_story(c, stories, story_of)
            .into_iter()
            .map(Some)
            .collect(),
        None => stories.iter().map(|_| None).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn story(id: &str, docs: &[&str]) -> StoryView {
        StoryView {
            id: id.into(),
            docs: docs.iter().map(|d| d.to_string()).collect(),
        }
    }

    #[test]
    fn items_go_once_to_every_story_they_name_in_report_order() {
        let stories = vec![story("s1", &["a", "b"]), story("s2", &["c"])];
        let of = StoryOf::new(&stories);
        let items: Vec<Vec<&str>> = vec![
            vec!["c"],
            vec!["a", "b", "a"],
            vec!["b", "c"],
            vec!["elsewhere"],
            vec!["a"],
        ];
        let dealt = deal(&items, 2, &of, |i| i.iter().copied());
        let expected0 = [&items[1], &items[2], &items[4]];
        let expected1 = [&items[0], &items[2]];
        assert_eq!(dealt[0], expected0);
        assert_eq!(dealt[1], expected1);
    }
}
