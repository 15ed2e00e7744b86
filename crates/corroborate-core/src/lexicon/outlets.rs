//! Known news outlets, one table (`data/outlets.tsv`): each web domain and each written alias
//! with the outlet's own name; and the head words that mark a capitalised name as an outlet.

use std::collections::HashMap;
use std::sync::LazyLock;

use super::data_lines;

/// The outlet table, parsed once.
struct Outlets {
    by_domain: HashMap<&'static str, &'static str>,
    by_alias: HashMap<&'static str, &'static str>,
    by_lower_name: HashMap<String, &'static str>,
}

static OUTLETS: LazyLock<Outlets> = LazyLock::new(|| {
    let mut t = Outlets {
        by_domain: HashMap::new(),
        by_alias: HashMap::new(),
        by_lower_name: HashMap::new(),
    };
    for line in data_lines(include_str!("../../data/outlets.tsv")) {
        let mut f = line.split('\t').map(str::trim);
        let (Some(key), Some(name)) = (f.next(), f.next()) else {
            continue;
        };
        match f.next() {
            Some("alias") => t.by_alias.insert(key, name),
            _ => t.by_domain.insert(key, name),
        };
        t.by_lower_name.insert(name.to_lowercase(), name);
    }
    t
});

/// The outlet publishing at this exact domain (lower case, without `www.`).
pub fn name_for_domain(domain: &str) -> Option<&'static str> {
    OUTLETS.by_domain.get(domain).copied()
}

/// The canonical spelling of a known outlet name, matched case-insensitively ("PEOPLE" → "People").
pub fn canonical_name(name: &str) -> Option<&'static str> {
    OUTLETS
        .by_lower_name
        .get(&name.trim().to_lowercase())
        .copied()
}

/// The usual name of a known outlet as sources are credited in text ("Associated Press" for
/// "AP" or "the Associated Press"), if `written` is one.
pub fn normalize(written: &str) -> Option<String> {
    let lower = written.trim().to_lowercase();
    let key = lower.strip_prefix("the ").unwrap_or(&lower);
    OUTLETS.by_alias.get(key).map(|v| (*v).to_string())
}

/// Last words that mark a capitalised name as a news outlet (written for this project from
/// common English mastheads).
pub const MEDIA_HEADS: &[&str] = &[
    "News",
    "Times",
    "Post",
    "Press",
    "Journal",
    "Today",
    "Tribune",
    "Herald",
    "Gazette",
    "Chronicle",
    "Radio",
    "Television",
    "TV",
    "Daily",
    "Magazine",
    "Reporter",
    "Observer",
    "Telegraph",
    "Independent",
    "Examiner",
    "Inquirer",
    "Register",
    "Wire",
    "Network",
    "Broadcasting",
];

/// True when a capitalised name ends with a media word ("Mississippi Today", "Verite News") or
/// is a known alias.
pub fn looks_like_outlet(written: &str) -> bool {
    let name = written
        .strip_prefix("the ")
        .or_else(|| written.strip_prefix("The "))
        .unwrap_or(written);
    let last = name.split_whitespace().last().unwrap_or("");
    name.starts_with(char::is_uppercase) && MEDIA_HEADS.contains(&last)
        || normalize(written).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aliases_domains_and_names_are_one_table() {
        assert_eq!(normalize("AP").as_deref(), Some("Associated Press"));
        assert_eq!(
            normalize("the Associated Press").as_deref(),
            Some("Associated Press")
        );
        assert_eq!(normalize("Springfield Police"), None);
        assert_eq!(name_for_domain("apnews.com"), Some("Associated Press"));
        assert_eq!(canonical_name("associated press"), Some("Associated Press"));
        assert_eq!(canonical_name("PEOPLE"), Some("People"));
        assert!(looks_like_outlet("Harbor City Herald"));
        assert!(looks_like_outlet("the Harbor City Herald"));
        assert!(!looks_like_outlet("Harbor City Council"));
    }
}
