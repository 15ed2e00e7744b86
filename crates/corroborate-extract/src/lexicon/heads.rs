//! Head words of organisations and groups, one place per kind:
//! - organisation, media and place heads come from `data/org_heads.txt` only (capitalised
//!   as in names; [`is_organisation_head`] and [`is_media_head`] look them up in any case);
//! - group nouns ("officials", "witnesses") come from [`GROUP_NOUNS`] only;
//! - the heads of bare plural speakers ("voters say", "experts said") come from
//!   `data/speaker_groups.tsv`, learned from PolNeAR train by `scripts/build_speaker_groups.py`;
//!   with the bare group nouns they build the quote extractor's group-subject pattern
//!   ([`group_pattern`]).

use std::collections::HashMap;
use std::sync::LazyLock;

/// What a head word makes of a capitalised name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Head {
    /// An organisation ("Department", "Bureau").
    Org,
    /// A news outlet ("Times", "News").
    Media,
    /// An organisation only as a lower-case common noun ("the state"), never inside a name.
    Noun,
    /// A place, as the name's last word ("Street", "River", "Point").
    Place,
    /// A place, as the name's first word ("Cape", "Mount").
    PlacePrefix,
}

/// Organisation, media and place head words and place prefixes, as written in the data file.
pub(crate) static HEADS: LazyLock<HashMap<&'static str, Head>> = LazyLock::new(|| {
    include_str!("../../data/org_heads.txt")
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_once('\t') {
            Some((w, "place")) => (w, Head::Place),
            Some((w, "place-prefix")) => (w, Head::PlacePrefix),
            Some((w, "noun")) => (w, Head::Noun),
            Some((w, _)) => (w, Head::Media),
            None => (l, Head::Org),
        })
        .collect()
});

/// The organisation-like heads keyed by lower-case form without a final full stop ("corp").
static BY_LOWER: LazyLock<HashMap<String, Head>> = LazyLock::new(|| {
    HEADS
        .iter()
        .filter(|(_, h)| matches!(h, Head::Org | Head::Media | Head::Noun))
        .map(|(w, h)| (key(w), *h))
        .collect()
});

fn key(word: &str) -> String {
    word.trim_end_matches('.').to_lowercase()
}

/// The head kind of `word` in any case, trying the singular of a plural ("agencies",
/// "departments") when the word itself is not listed. A [`Head::Noun`] only counts when
/// written in lower case ("the state", not "Secretary of State").
fn lookup(word: &str) -> Option<Head> {
    let k = key(word);
    let found = BY_LOWER.get(&k).copied().or_else(|| {
        let singular = match k.strip_suffix("ies") {
            Some(base) => format!("{base}y"),
            None => k.strip_suffix('s')?.to_string(),
        };
        BY_LOWER.get(&singular).copied()
    });
    match found {
        Some(Head::Noun) if word.starts_with(char::is_uppercase) => None,
        other => other,
    }
}

/// True when `word` (any case, singular or plural, with or without a final full stop) heads an
/// organisation or a news outlet: "Department", "agencies", "Corp", "newspaper", "state".
pub fn is_organisation_head(word: &str) -> bool {
    lookup(word).is_some()
}

/// True when `word` (any case, singular or plural) heads a news outlet: "Times", "newspaper".
pub fn is_media_head(word: &str) -> bool {
    lookup(word) == Some(Head::Media)
}

/// Nouns naming a group of people that speaks as one (lower case, as written): `true` when the
/// noun stands as a subject on its own ("police said", "witnesses said"), `false` when it needs
/// a determiner ("the family said").
pub const GROUP_NOUNS: &[(&str, bool)] = &[
    ("police", true),
    ("officials", true),
    ("authorities", true),
    ("investigators", true),
    ("prosecutors", true),
    ("witnesses", true),
    ("residents", true),
    ("relatives", true),
    ("neighbours", true),
    ("neighbors", true),
    ("sources", true),
    ("family", false),
    ("team", false),
];

/// True when `word` (any case) is one of the [`GROUP_NOUNS`].
pub fn is_group_noun(word: &str) -> bool {
    let lower = word.to_lowercase();
    GROUP_NOUNS.iter().any(|(w, _)| *w == lower)
}

/// Lower-case plural heads of bare speaker phrases, as `data/speaker_groups.tsv` lists them
/// (learned from PolNeAR train by `scripts/build_speaker_groups.py`): "voters", "experts".
static SPEAKER_GROUPS: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    include_str!("../../data/speaker_groups.tsv")
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split('\t').next())
        .collect()
});

/// The nouns that stand alone as speaking subjects (the bare [`GROUP_NOUNS`], then the learned
/// speaker heads), as a regex alternation that accepts a capitalised first letter
/// ("[Pp]olice|[Oo]fficials|…").
pub(crate) fn group_pattern() -> String {
    let mut nouns: Vec<&str> = GROUP_NOUNS
        .iter()
        .filter(|(_, bare)| *bare)
        .map(|(w, _)| *w)
        .collect();
    for w in SPEAKER_GROUPS.iter() {
        if !nouns.contains(w) {
            nouns.push(w);
        }
    }
    nouns
        .iter()
        .map(|w| {
            let mut chars = w.chars();
            match chars.next() {
                Some(c) => format!("[{}{c}]{}", c.to_uppercase(), chars.as_str()),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join("|")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn organisation_heads_in_any_case_and_number() {
        assert!(is_organisation_head("Department"));
        assert!(is_organisation_head("department"));
        assert!(is_organisation_head("agencies"));
        assert!(is_organisation_head("Corp"));
        assert!(is_organisation_head("Corp."));
        assert!(is_organisation_head("firm"));
        assert!(is_organisation_head("state") && is_organisation_head("states"));
        assert!(!is_organisation_head("State"));
        assert!(!is_organisation_head("Street"));
        assert!(!is_organisation_head("mayor"));
        assert!(!is_organisation_head("s"));
    }

    #[test]
    fn media_heads() {
        assert!(is_media_head("newspaper"));
        assert!(is_media_head("Times"));
        assert!(!is_media_head("office"));
    }

    #[test]
    fn group_nouns_and_their_pattern() {
        assert!(is_group_noun("Officials") && is_group_noun("family"));
        assert!(!is_group_noun("official"));
        let p = group_pattern();
        assert!(p.starts_with("[Pp]olice|[Oo]fficials|"));
        assert!(p.contains("[Nn]eighbors") && !p.contains("amily"));
        // Learned heads join the pattern once, after the hand-listed bare ones.
        assert!(p.contains("|[Vv]oters|") && p.matches("[Oo]fficials").count() == 1);
        assert!(SPEAKER_GROUPS.contains(&"voters") && !is_group_noun("voters"));
        // Too rare as a speaker against its occurrences in the train texts.
        assert!(!SPEAKER_GROUPS.contains(&"states"));
    }
}
