//! Gazetteers and word lists, shipped as compact data files in `data/` (each names its source
//! in its header line), compiled into the binary with `include_str!` and parsed once. Titles
//! and role nouns come from the shared table, `corroborate_core::lexicon::titles`.

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use corroborate_core::lexicon::titles::{self, TitleGender};

use super::Gender;
use crate::lexicon::heads::{Head, HEADS};

/// Kind of a place in the place gazetteer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PlaceKind {
    Country,
    State,
    County,
    City,
}

impl PlaceKind {
    /// How readily a bare name means this kind of place: a country before a state, a city
    /// before a county.
    fn prominence(self) -> u8 {
        match self {
            PlaceKind::Country => 3,
            PlaceKind::State => 2,
            PlaceKind::City => 1,
            PlaceKind::County => 0,
        }
    }
}

/// One title or role noun: its normalised role, its class (what "the officer" resolves by)
/// and the gender it implies.
#[derive(Debug, Clone)]
pub(crate) struct Title {
    pub role: Option<&'static str>,
    pub class: &'static str,
    pub gender: Option<Gender>,
}

fn data_lines(s: &'static str) -> impl Iterator<Item = &'static str> {
    s.lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

fn gender_of(s: &str) -> Option<Gender> {
    match s {
        "M" => Some(Gender::Male),
        "F" => Some(Gender::Female),
        _ => None,
    }
}

/// First names (US Census 1990) with the gender they usually imply.
pub(crate) static FIRST_NAMES: LazyLock<HashMap<&'static str, Option<Gender>>> =
    LazyLock::new(|| {
        data_lines(include_str!("../../data/first_names.tsv"))
            .filter_map(|l| {
                let (n, g) = l.split_once('\t')?;
                Some((n, gender_of(g)))
            })
            .collect()
    });

/// Places (GeoNames): countries, US states and abbreviations, US counties, cities.
pub(crate) static PLACES: LazyLock<HashMap<&'static str, PlaceKind>> = LazyLock::new(|| {
    let mut out: HashMap<&'static str, PlaceKind> = HashMap::new();
    for (n, k) in
        data_lines(include_str!("../../data/places.tsv")).filter_map(|l| l.split_once('\t'))
    {
        let kind = match k {
            "country" => PlaceKind::Country,
            "state" => PlaceKind::State,
            "county" => PlaceKind::County,
            _ => PlaceKind::City,
        };
        // A name of several places is the most prominent ("Geneva" the city, not the county).
        let entry = out.entry(n).or_insert(kind);
        if kind.prominence() > entry.prominence() {
            *entry = kind;
        }
    }
    out
});

/// Titles and role nouns, keyed by lower-case surface ("gov.", "attorney general"), from the
/// shared table (`corroborate_core::lexicon::titles`).
pub(crate) static TITLES: LazyLock<HashMap<&'static str, Title>> = LazyLock::new(|| {
    titles::roles()
        .map(|t| {
            let gender = t.gender.map(|g| match g {
                TitleGender::Male => Gender::Male,
                TitleGender::Female => Gender::Female,
            });
            (
                t.surface,
                Title {
                    role: t.role,
                    class: t.class,
                    gender,
                },
            )
        })
        .collect()
});

/// The longest title in words (for longest-match lookups).
pub(crate) static MAX_TITLE_WORDS: LazyLock<usize> = LazyLock::new(|| {
    TITLES
        .keys()
        .map(|k| k.split(' ').count())
        .max()
        .unwrap_or(1)
});

/// Lower-case words that may precede a role noun.
pub(crate) static MODIFIERS: LazyLock<HashSet<&'static str>> =
    LazyLock::new(|| data_lines(include_str!("../../data/modifiers.txt")).collect());

/// Function words and frequent sentence openers (lower case).
pub(crate) static STOPWORDS: LazyLock<HashSet<&'static str>> =
    LazyLock::new(|| data_lines(include_str!("../../data/stopwords.txt")).collect());

/// Words news writes in lower case (built from training texts by
/// `scripts/build_common_words.py`).
static COMMON_WORDS: LazyLock<HashSet<&'static str>> =
    LazyLock::new(|| data_lines(include_str!("../../data/common_words.txt")).collect());

/// True when lower-case `w` is a word news writes in lower case ("born", "head", "send").
pub(crate) fn common_word(w: &str) -> bool {
    COMMON_WORDS.contains(w)
}

/// The kind of place `w` names in the gazetteer: as written, or, for a name written in capitals
/// as datelines are ("BAAR, SWITZERLAND", "NEW YORK"), in title case.
pub(crate) fn place(w: &str) -> Option<PlaceKind> {
    if let Some(k) = PLACES.get(w) {
        return Some(*k);
    }
    let capitals = w.chars().filter(|c| c.is_alphabetic()).count() > 2;
    if !capitals || w.chars().any(char::is_lowercase) {
        return None;
    }
    PLACES
        .get(corroborate_core::text::title_case_if_shouting(w).as_str())
        .copied()
}

/// The title for lower-case surface `w`.
pub(crate) fn title(w: &str) -> Option<&'static Title> {
    TITLES.get(w)
}

/// Gender implied by first name `w` (capitalised as in the list: "Mary").
pub(crate) fn first_name(w: &str) -> Option<Option<Gender>> {
    FIRST_NAMES.get(w).copied()
}

/// True for organisation and media head words ("Department", "Bureau", "Times").
pub(crate) fn org_head(w: &str) -> bool {
    HEADS
        .get(w)
        .is_some_and(|h| matches!(h, Head::Org | Head::Media))
}

/// True for geographic words that begin a place name ("Cape", "Mount").
pub(crate) fn place_prefix(w: &str) -> bool {
    HEADS.get(w) == Some(&Head::PlacePrefix)
}

/// True for place head words ("Street", "River").
pub(crate) fn place_head(w: &str) -> bool {
    HEADS.get(w) == Some(&Head::Place)
}

/// True for stop words (given in lower case).
pub(crate) fn stopword(lower: &str) -> bool {
    STOPWORDS.contains(lower)
}

/// True for role-noun modifiers (given in lower case).
pub(crate) fn modifier(lower: &str) -> bool {
    MODIFIERS.contains(lower)
}
