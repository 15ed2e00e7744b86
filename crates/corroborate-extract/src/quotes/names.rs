//! A per-document table of capitalised names and the roles stated next to them, used to turn
//! a speaker mention into a canonical name while the entities API cannot (its stub returns
//! nothing): a surname expands to the most recent full name ending with it, a role noun
//! ("the attorney") to the most recent person stated to hold that role, an organisation role
//! ("the state agency") to the nearest organisation name. One linear pass per document.

use std::collections::HashMap;

use corroborate_core::lexicon::outlets::looks_like_outlet as is_outlet;
use corroborate_core::Span;

use super::lexicon::{
    names_organisation, normalise_role, APPOSITION_AFTER, NAME_SEQ, NON_NAME_STARTS,
    ROLE_COMMA_BEFORE, ROLE_OF_COMMA_BEFORE, SPEAKER_PRONOUNS, WORD_BEFORE,
};
use crate::lexicon::heads::{is_media_head, is_organisation_head};
use crate::windows::floor_boundary;

/// One capitalised name occurrence.
#[derive(Debug, Clone)]
struct NameOcc {
    span: Span,
    /// Title-stripped words ("Greg Graves" for "Senatobia Mayor Greg Graves").
    canonical: String,
    words: usize,
    is_org: bool,
}

/// Names and role links of one document.
#[derive(Debug, Default)]
pub(crate) struct NameTable {
    names: Vec<NameOcc>,
    /// Lower-case first or last word → indices of multi-word names with it, in text order.
    by_word: HashMap<String, Vec<usize>>,
    /// Role word → (position, canonical name), in text order.
    roles: HashMap<String, Vec<(usize, String)>>,
}

/// True when `w` ends in a possessive "’s" or "'s".
pub(crate) fn is_possessive(w: &str) -> bool {
    strip_possessive(w).len() < w.len()
}

/// Strips a possessive ending.
fn strip_possessive(w: &str) -> &str {
    w.strip_suffix("’s")
        .or_else(|| w.strip_suffix("'s"))
        .unwrap_or(w)
}

fn is_title(w: &str) -> bool {
    corroborate_core::lexicon::titles::is_name_title(strip_possessive(w))
}

/// A token that cannot start a person's name ("One-year-old", "The", "2026").
fn is_non_name_start(w: &str) -> bool {
    let l = w.to_lowercase();
    NON_NAME_STARTS.contains(&l.as_str())
        || w.chars().any(|c| c.is_ascii_digit())
        || w.split('-')
            .skip(1)
            .any(|p| p.starts_with(char::is_lowercase))
}

/// Splits a capitalised sequence into (title words, canonical name words).
pub(crate) fn canonical_words(seq: &str) -> (Vec<&str>, Vec<&str>) {
    let words: Vec<&str> = seq.split_whitespace().collect();
    let is_org = names_organisation(&words);
    if is_org {
        let start = words
            .iter()
            .position(|w| !is_non_name_start(w))
            .unwrap_or(words.len());
        let mut name: Vec<&str> = words[start..].to_vec();
        if let Some(last) = name.last_mut() {
            *last = strip_possessive(last);
        }
        return (Vec::new(), name);
    }
    let cut = words.iter().rposition(|w| is_title(w)).map_or(0, |i| i + 1);
    let titles = words[..cut].to_vec();
    let mut name: Vec<&str> = words[cut..]
        .iter()
        .copied()
        .skip_while(|w| is_non_name_start(w))
        .collect();
    while name
        .first()
        .is_some_and(|w| w.chars().next().is_some_and(char::is_lowercase))
    {
        name.remove(0);
    }
    if let Some(last) = name.last_mut() {
        *last = strip_possessive(last);
    }
    (titles, name)
}

/// The part of a name mention that is the name itself: `span` without leading titles, places
/// and non-name words ("Lynn Fitch" in "Following Mississippi Attorney General Lynn Fitch").
pub(crate) fn name_core(text: &str, span: Span) -> Span {
    let t = span.text(text);
    let (_, words) = canonical_words(t);
    let Some(first) = words.first() else {
        return span;
    };
    let mut offset = 0;
    let mut found = None;
    for (i, w) in t.split_whitespace().enumerate() {
        let at = t[offset..].find(w).map_or(offset, |p| offset + p);
        offset = at + w.len();
        if strip_possessive(w) == *first && t.split_whitespace().count() - i >= words.len() {
            found = Some(at);
        }
    }
    let start = found.unwrap_or(0);
    let core = &t[start..];
    let end = if core.ends_with("’s") {
        t.len() - "’s".len()
    } else if core.ends_with("'s") {
        t.len() - 2
    } else {
        t.len()
    };
    Span::new(span.start + start, span.start + end)
}

/// Most words a full name a single word expands to may have ("Martin Luther King Jr").
const MAX_FULL_NAME_WORDS: usize = 4;

impl NameTable {
    /// Builds the table for `text`.
    pub fn new(text: &str) -> Self {
        let mut t = NameTable::default();
        for m in NAME_SEQ.find_iter(text) {
            let (titles, words) = canonical_words(m.as_str());
            if words.is_empty() {
                continue;
            }
            let canonical = words.join(" ");
            let is_org = names_organisation(&words);
            let idx = t.names.len();
            if words.len() >= 2 && !is_org {
                for w in [words[0], words[words.len() - 1]] {
                    t.by_word.entry(w.to_lowercase()).or_default().push(idx);
                }
                for title in titles {
                    t.add_role(title, m.start(), &canonical);
                }
                let before = &text[floor_boundary(text, m.start().saturating_sub(60))..m.start()];
                if let Some(c) = WORD_BEFORE
                    .captures(before)
                    .or_else(|| ROLE_COMMA_BEFORE.captures(before))
                {
                    if let Some(r) = c.name("role") {
                        t.add_role(r.as_str(), m.start(), &canonical);
                    }
                }
                if let Some(r) = ROLE_OF_COMMA_BEFORE
                    .captures(before)
                    .and_then(|c| c.name("role"))
                {
                    t.add_role(r.as_str(), m.start(), &canonical);
                }
                let after = &text[m.end()..floor_boundary(text, m.end() + 120)];
                if let Some(np) = APPOSITION_AFTER.captures(after).and_then(|c| c.name("np")) {
                    for w in np.as_str().split_whitespace() {
                        t.add_role(w, m.start(), &canonical);
                    }
                }
            }
            t.names.push(NameOcc {
                span: Span::new(m.start(), m.end()),
                canonical,
                words: words.len(),
                is_org,
            });
        }
        t
    }

    fn add_role(&mut self, role: &str, pos: usize, canonical: &str) {
        self.roles
            .entry(normalise_role(strip_possessive(role)))
            .or_default()
            .push((pos, canonical.to_string()));
    }

    /// The canonical name for a name mention at `span` (text `mention`): title-stripped, and
    /// a single word expanded to the most recent full name with that first or last word (the
    /// next one when none precedes). `None` when nothing name-like remains.
    pub fn canonical_name(&self, mention: &str, span: Span) -> Option<String> {
        let mention = mention
            .strip_prefix("the ")
            .or_else(|| mention.strip_prefix("The "))
            .unwrap_or(mention);
        let (_, words) = canonical_words(mention);
        match words.len() {
            0 => None,
            1 => {
                let w = words[0];
                // A pronoun ("I", "We" opening a sentence) names no one.
                if SPEAKER_PRONOUNS.contains(&w.to_lowercase().as_str()) {
                    return None;
                }
                // A word in capitals ("UK", "WHO") is an acronym, no surname.
                if !w.chars().any(char::is_lowercase) {
                    return Some(w.to_string());
                }
                let Some(cands) = self.by_word.get(&w.to_lowercase()) else {
                    return Some(w.to_string());
                };
                // A full name written with the word as it is here ("Toyota" is not "TOYOTA
                // RAV") and short enough to be a person's.
                let cands: Vec<usize> = cands
                    .iter()
                    .copied()
                    .filter(|&c| {
                        let name = &self.names[c];
                        name.words <= MAX_FULL_NAME_WORDS
                            && name.canonical.split(' ').any(|x| strip_possessive(x) == w)
                    })
                    .collect();
                let i = cands.partition_point(|&c| self.names[c].span.start < span.start);
                let pick = if i > 0 {
                    cands.get(i - 1)
                } else {
                    cands.first()
                };
                Some(pick.map_or_else(|| w.to_string(), |&c| self.names[c].canonical.clone()))
            }
            _ => Some(words.join(" ")),
        }
    }

    /// True when `word` is the first or last word of a multi-word name in the document.
    pub fn is_name_word(&self, word: &str) -> bool {
        self.by_word
            .contains_key(&strip_possessive(word).to_lowercase())
    }

    /// The person most recently stated (before `pos`) to hold role `head`, else for an
    /// organisation head the nearest preceding organisation name within `max_back` bytes.
    pub fn resolve_role(&self, head: &str, pos: usize, max_back: usize) -> Option<String> {
        let role = normalise_role(head);
        if let Some(list) = self.roles.get(&role) {
            let i = list.partition_point(|(p, _)| *p < pos);
            if i > 0 {
                return Some(list[i - 1].1.clone());
            }
        }
        if is_organisation_head(&role) {
            // "the office" is not the news outlet named last; "the newspaper" may be.
            let media = is_media_head(&role);
            let i = self.names.partition_point(|n| n.span.start < pos);
            let floor = pos.saturating_sub(max_back);
            return self.names[..i]
                .iter()
                .rev()
                .take_while(|n| n.span.start >= floor)
                .find(|n| n.is_org && n.words >= 2 && (media || !is_outlet(&n.canonical)))
                .map(|n| n.canonical.clone());
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_titles_and_places() {
        assert_eq!(
            canonical_words("Senatobia Mayor Greg Graves").1,
            vec!["Greg", "Graves"]
        );
        assert_eq!(
            canonical_words("Mississippi Gov. Tate Reeves").1,
            vec!["Tate", "Reeves"]
        );
        assert_eq!(canonical_words("One-year-old Kim Lo").1, vec!["Kim", "Lo"]);
        assert_eq!(canonical_words("Dana Fitch’s").1, vec!["Dana", "Fitch"]);
    }

    #[test]
    fn surname_expands_to_most_recent_full_name() {
        let t = "Ann Ray spoke. Bo Ray left. Ray said no.";
        let table = NameTable::new(t);
        let pos = t.rfind("Ray said").unwrap_or(0);
        assert_eq!(
            table.canonical_name("Ray", Span::new(pos, pos + 3)),
            Some("Bo Ray".to_string())
        );
    }

    #[test]
    fn a_word_expands_only_to_a_short_name_written_the_same_way() {
        let t = "TOYOTA RAV Prime review. Visit PM UK today. Summary Rules And Other Items \
                 Of The Day Here. Toyota says so. UK officials say so. Other officials agree. \
                 I say so.";
        let table = NameTable::new(t);
        let name = |w: &str| {
            let pos = t.rfind(&format!("{w} ")).unwrap_or(0);
            table.canonical_name(w, Span::new(pos, pos + w.len()))
        };
        assert_eq!(name("Toyota"), Some("Toyota".to_string()));
        assert_eq!(name("UK"), Some("UK".to_string()));
        assert_eq!(name("Other"), Some("Other".to_string()));
        assert_eq!(name("I"), None);
    }

    #[test]
    fn role_noun_resolves_through_apposition_and_title() {
        let t = "Lee Park, an attorney for the city, spoke. Mayor Joan Diaz agreed.";
        let table = NameTable::new(t);
        assert_eq!(
            table.resolve_role("attorney", t.len(), 2000),
            Some("Lee Park".to_string())
        );
        assert_eq!(
            table.resolve_role("mayor", t.len(), 2000),
            Some("Joan Diaz".to_string())
        );
        assert_eq!(table.resolve_role("sheriff", t.len(), 2000), None);
    }
}
