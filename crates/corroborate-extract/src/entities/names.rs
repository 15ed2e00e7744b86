//! Name keys: the entity a full name, a surname or a first name stands for, so that every
//! mention of one person reaches one entity (step 4 of the module's rules).

use super::*;

pub(super) fn strip_the(s: &str) -> &str {
    s.strip_prefix("The ")
        .or_else(|| s.strip_prefix("the "))
        .unwrap_or(s)
}

/// Lookup tables over the entity drafts, so that finding an existing entity never scans
/// them all.
#[derive(Default)]
pub(super) struct Keys {
    /// Lower-case organisation/place name → draft.
    exact: HashMap<String, usize>,
    /// Lower-case word suffixes (two words or more) of organisation names → draft.
    suffix: HashMap<String, usize>,
    /// Lower-case last name → person drafts.
    last: HashMap<String, Vec<usize>>,
}

/// Organisation names longer than this many words take no part in suffix matching.
pub(super) const MAX_SUFFIX_WORDS: usize = 8;

/// Proper word suffixes of `key` with at least two words ("attorney general's office" of
/// "mississippi attorney general's office").
pub(super) fn word_suffixes(key: &str) -> impl Iterator<Item = &str> {
    let words = key.split(' ').count();
    let ok = (3..=MAX_SUFFIX_WORDS).contains(&words);
    key.match_indices(' ')
        .filter(move |_| ok)
        .map(move |(i, _)| &key[i + 1..])
        .filter(|s| s.contains(' '))
}

pub(super) fn person_entity(
    drafts: &mut Vec<Draft>,
    keys: &mut Keys,
    first: &str,
    last: &str,
    name: &str,
) -> usize {
    let fl = first.trim_end_matches('.').to_lowercase();
    let ll = last.to_lowercase();
    for &i in keys.last.get(&ll).map_or(&[][..], |v| v.as_slice()) {
        let d = &mut drafts[i];
        let df = d.first.trim_end_matches('.').to_lowercase();
        let same = df == fl
            || (fl.chars().count() == 1 && df.starts_with(&fl))
            || (df.chars().count() == 1 && fl.starts_with(&df));
        if same {
            if name.len() > d.name.len() {
                d.name = name.to_string();
                d.first = first.to_string();
            }
            return i;
        }
    }
    drafts.push(Draft {
        name: name.to_string(),
        kind: EntityKind::Person,
        gender: lexicon::first_name(first).flatten(),
        roles: Vec::new(),
        first: first.to_string(),
        last: last.to_string(),
    });
    keys.last.entry(ll).or_default().push(drafts.len() - 1);
    drafts.len() - 1
}

pub(super) fn named_entity(
    drafts: &mut Vec<Draft>,
    keys: &mut Keys,
    name: &str,
    kind: EntityKind,
) -> usize {
    let key = name.to_lowercase().replace('’', "'");
    if let Some(&e) = keys.exact.get(&key) {
        // Named as the text writes it in running prose, not as a dateline or headline in
        // capitals ("Cleveland", not "CLEVELAND").
        if !drafts[e].name.chars().any(char::is_lowercase)
            && name.chars().any(char::is_lowercase)
            && drafts[e].name.to_lowercase() == name.to_lowercase()
        {
            drafts[e].name = name.to_string();
        }
        return e;
    }
    // A shorter name that ends a known one ("Attorney General's Office" in "Mississippi
    // Attorney General's Office") is the same organisation; and the reverse.
    if kind == EntityKind::Organization {
        let known = keys.suffix.get(&key).copied().or_else(|| {
            word_suffixes(&key).find_map(|s| {
                keys.exact
                    .get(s)
                    .copied()
                    .filter(|&e| drafts[e].kind == kind)
            })
        });
        if let Some(e) = known.filter(|&e| drafts[e].kind == kind) {
            if name.len() > drafts[e].name.len() {
                drafts[e].name = name.to_string();
            }
            keys.exact.insert(key, e);
            return e;
        }
    }
    drafts.push(Draft {
        name: name.to_string(),
        kind,
        gender: None,
        roles: Vec::new(),
        first: String::new(),
        last: String::new(),
    });
    let e = drafts.len() - 1;
    if kind == EntityKind::Organization {
        for s in word_suffixes(&key) {
            keys.suffix.entry(s.to_string()).or_insert(e);
        }
    }
    keys.exact.insert(key, e);
    e
}
