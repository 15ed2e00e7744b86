//! A small table of common news outlets and their abbreviations, and a test for names that
//! look like outlets ("… News", "… Times"). Names are public facts; no article text.

/// (written form, lower-cased and without a leading "the"; usual name).
const OUTLETS: &[(&str, &str)] = &[
    ("ap", "Associated Press"),
    ("associated press", "Associated Press"),
    ("the associated press", "Associated Press"),
    ("reuters", "Reuters"),
    ("afp", "Agence France-Presse"),
    ("agence france-presse", "Agence France-Presse"),
    ("cbs", "CBS News"),
    ("cbs news", "CBS News"),
    ("abc", "ABC News"),
    ("abc news", "ABC News"),
    ("nbc", "NBC News"),
    ("nbc news", "NBC News"),
    ("cnn", "CNN"),
    ("msnbc", "MSNBC"),
    ("fox news", "Fox News"),
    ("npr", "NPR"),
    ("pbs", "PBS"),
    ("bbc", "BBC News"),
    ("bbc news", "BBC News"),
    ("sky news", "Sky News"),
    ("al jazeera", "Al Jazeera"),
    ("new york times", "The New York Times"),
    ("nyt", "The New York Times"),
    ("washington post", "The Washington Post"),
    ("wall street journal", "The Wall Street Journal"),
    ("wsj", "The Wall Street Journal"),
    ("usa today", "USA Today"),
    ("los angeles times", "Los Angeles Times"),
    ("guardian", "The Guardian"),
    ("bloomberg", "Bloomberg"),
    ("politico", "Politico"),
    ("axios", "Axios"),
    ("upi", "UPI"),
];

/// Last words that mark a capitalised name as a news outlet.
const MEDIA_HEADS: &[&str] = &[
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

/// The usual name of a known outlet, if `written` is one.
pub(crate) fn normalize(written: &str) -> Option<String> {
    let lower = written.trim().to_lowercase();
    let key = lower.strip_prefix("the ").unwrap_or(&lower);
    OUTLETS
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, v)| (*v).to_string())
}

/// True when a capitalised name ends with a media word ("Mississippi Today", "Verite News").
pub(crate) fn looks_like_outlet(written: &str) -> bool {
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
    fn normalises_abbreviations_and_articles() {
        assert_eq!(normalize("AP").as_deref(), Some("Associated Press"));
        assert_eq!(
            normalize("the Associated Press").as_deref(),
            Some("Associated Press")
        );
        assert_eq!(normalize("Springfield Police"), None);
        assert!(looks_like_outlet("Harbor City Herald"));
        assert!(looks_like_outlet("the Harbor City Herald"));
        assert!(!looks_like_outlet("Harbor City Council"));
    }
}
