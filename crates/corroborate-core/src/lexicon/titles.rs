//! Titles and role nouns, one table (`data/titles.tsv`, which names its source): each surface
//! with its normalised role, its class (what "the officer" resolves by), the gender it implies,
//! and whether it is written before a person's name. Entities read the roles; the stages that
//! take a name apart (quote speakers, story features, who's who across articles) read which
//! words are titles rather than name.

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use super::data_lines;

/// The gender a title implies ("Mrs." → female).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TitleGender {
    /// Male.
    Male,
    /// Female.
    Female,
}

/// One title or role noun.
#[derive(Debug, Clone)]
pub struct Title {
    /// Lower-case surface, as written ("gov.", "attorney general").
    pub surface: &'static str,
    /// The normalised role ("governor"); `None` for honorifics ("Mr.").
    pub role: Option<&'static str>,
    /// What a definite description resolves by ("officer" for "the sergeant").
    pub class: &'static str,
    /// The gender it implies.
    pub gender: Option<TitleGender>,
    /// True when it is written before a person's name ("Mayor Greg Graves").
    pub before_name: bool,
}

/// Class of the rows that are only words in front of a name ("former", "Sir"), not roles.
const NAME_PREFIX: &str = "name-prefix";

static TABLE: LazyLock<Vec<Title>> = LazyLock::new(|| {
    data_lines(include_str!("../../data/titles.tsv"))
        .filter_map(|l| {
            let mut f = l.split('\t');
            let surface = f.next()?;
            let role = f.next()?;
            let class = f.next()?;
            let gender = match f.next().unwrap_or("-") {
                "M" => Some(TitleGender::Male),
                "F" => Some(TitleGender::Female),
                _ => None,
            };
            Some(Title {
                surface,
                role: (role != "-").then_some(role),
                class,
                gender,
                before_name: f.next() == Some("name"),
            })
        })
        .collect()
});

static BY_SURFACE: LazyLock<HashMap<&'static str, &'static Title>> =
    LazyLock::new(|| roles().map(|t| (t.surface, t)).collect());

/// Every word of a title written before names, lower case, without a final period.
static NAME_TITLE_WORDS: LazyLock<HashSet<&'static str>> = LazyLock::new(|| {
    TABLE
        .iter()
        .filter(|t| t.before_name)
        .flat_map(|t| t.surface.split(' '))
        .map(|w| w.trim_end_matches('.'))
        .collect()
});

/// Suffixes that follow a name and are not part of it ("Jr.", "III").
pub const NAME_SUFFIXES: &[&str] = &["jr", "sr", "ii", "iii"];

/// Every title and role noun (without the words that only stand in front of a name).
pub fn roles() -> impl Iterator<Item = &'static Title> {
    TABLE.iter().filter(|t| t.class != NAME_PREFIX)
}

/// The title or role noun with this lower-case surface ("gov.", "attorney general").
pub fn title(surface: &str) -> Option<&'static Title> {
    BY_SURFACE.get(surface).copied()
}

/// True when `word`, in any case and with or without a final period, is a title word written
/// before a person's name rather than part of the name ("Sgt.", "Mayor", "former").
pub fn is_name_title(word: &str) -> bool {
    let w = word.trim_end_matches('.');
    NAME_TITLE_WORDS.contains(w) || NAME_TITLE_WORDS.contains(w.to_lowercase().as_str())
}

/// True when `word` is a name suffix ("Jr.", "III"), in any case, with or without a period.
pub fn is_name_suffix(word: &str) -> bool {
    let w = word.trim_end_matches('.').to_lowercase();
    NAME_SUFFIXES.contains(&w.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_table_serves_roles_and_names() {
        let gov = title("gov.").expect("gov. is a title");
        assert_eq!(gov.role, Some("governor"));
        assert!(gov.before_name);
        assert_eq!(
            title("mrs.").and_then(|t| t.gender),
            Some(TitleGender::Female)
        );
        assert!(title("mother").is_some_and(|t| !t.before_name));
        assert!(title("former").is_none(), "name prefixes are not roles");
        for w in ["Sgt.", "MAYOR", "former", "Attorney", "General", "U.S."] {
            assert!(is_name_title(w), "{w}");
        }
        for w in ["Graves", "mother", "Jr."] {
            assert!(!is_name_title(w), "{w}");
        }
        assert!(is_name_suffix("Jr.") && is_name_suffix("III") && !is_name_suffix("Ruiz"));
    }
}
