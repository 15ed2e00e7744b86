//! Outlet identification. In order of trust: the manifest or the page's metadata (set by the
//! loaders), the URL's domain, and, failing those, an unambiguous self-reference in the text:
//! a contributor credit ("<Outlet>'s Jane Roe contributed to this report"), a newsletter promo
//! ("Sign up for <Outlet>'s free newsletter"), or "<Outlet> reached out to …".

#![deny(clippy::string_slice)]

use std::sync::LazyLock;

use regex::Regex;

use crate::clean::Ignored;
use crate::document::{Document, Known, Provenance};
use crate::lexicon::outlets;
use crate::span::Span;

/// The outlet for a URL: a known outlet's name for its domain (or a parent domain), else the
/// bare domain without `www.`. `None` when the URL has no host.
pub fn outlet_from_url(url: &str) -> Option<String> {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let host = rest.split(['/', '?', '#']).next()?;
    let host = host
        .rsplit('@')
        .next()?
        .split(':')
        .next()?
        .to_ascii_lowercase();
    let host = host.trim_start_matches("www.").trim_end_matches('.');
    if host.is_empty() || !host.contains('.') {
        return None;
    }
    let mut candidate = host;
    loop {
        if let Some(name) = outlets::name_for_domain(candidate) {
            return Some(name.to_string());
        }
        match candidate.split_once('.') {
            Some((_, parent)) if parent.contains('.') => candidate = parent,
            _ => break,
        }
    }
    Some(host.to_string())
}

/// The canonical spelling of a known outlet name, matched case-insensitively ("PEOPLE" → "People").
pub fn canonical_outlet_name(name: &str) -> Option<&'static str> {
    outlets::canonical_name(name)
}

static CREDIT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?m)^[ \t]*(?P<o>[A-Z][A-Za-z&.]*(?:[ \t]+[A-Z][A-Za-z&.]*){0,4})(?:'s|’s|'|’)[ \t]+[A-Z][^\n]{0,120}?\b(?:contributed|contributes)[ \t]+(?:to[ \t]+)?(?:this[ \t]+)?report")
        .expect("valid regex")
});

static PROMO: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(?:[Ss]ign up for|[Ss]ubscribe to)[ \t]+(?P<o>[A-Z][A-Za-z&.]*(?:[ \t]+[A-Z][A-Za-z&.]*){0,4})(?:'s|’s)[ \t][^\n]{0,80}?\bnewsletters?\b")
        .expect("valid regex")
});

static REACHED_OUT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(?P<o>[A-Z][A-Za-z&.]*(?:[ \t]+[A-Za-z&.]+){0,3})[ \t]+(?:has[ \t]+|had[ \t]+)?reached[ \t]+out[ \t]+to\b")
        .expect("valid regex")
});

/// Fills `doc.meta.outlet` when it is unknown: from the URL, else from an unambiguous
/// self-reference in the text. Leaves it unknown when self-references disagree.
pub fn infer_outlet(doc: &mut Document, _ignored: &[Ignored]) {
    if doc.meta.outlet.is_some() {
        return;
    }
    if let Some(name) = doc.meta.url.as_deref().and_then(outlet_from_url) {
        doc.meta.outlet = Some(Known {
            value: name,
            provenance: Provenance::Url,
        });
        return;
    }
    let mut found: Vec<(String, Span, &str)> = Vec::new();
    for caps in CREDIT.captures_iter(&doc.text) {
        if let (Some(o), Some(all)) = (caps.name("o"), caps.get(0)) {
            let name = canonical_outlet_name(o.as_str())
                .map(str::to_string)
                .unwrap_or_else(|| o.as_str().trim().to_string());
            found.push((
                name,
                Span::new(all.start(), all.end()),
                "a contributor credit",
            ));
        }
    }
    for caps in PROMO.captures_iter(&doc.text) {
        if let (Some(o), Some(all)) = (caps.name("o"), caps.get(0)) {
            let name = match canonical_outlet_name(o.as_str()) {
                Some(n) => n.to_string(),
                None => crate::text::title_case_if_shouting(o.as_str().trim()),
            };
            found.push((
                name,
                Span::new(all.start(), all.end()),
                "a newsletter promo",
            ));
        }
    }
    for caps in REACHED_OUT.captures_iter(&doc.text) {
        if let (Some(o), Some(all)) = (caps.name("o"), caps.get(0)) {
            // Only known outlets: "Police reached out to…" is not a self-reference.
            let words = o.as_str().trim();
            let known = (0..words.len())
                .filter(|&i| i == 0 || words.as_bytes()[i - 1] == b' ')
                .find_map(|i| words.get(i..).and_then(canonical_outlet_name));
            if let Some(name) = known {
                found.push((
                    name.to_string(),
                    Span::new(all.start(), all.end()),
                    "“reached out to”",
                ));
            }
        }
    }
    let Some((first, _, _)) = found.first() else {
        return;
    };
    if found.iter().any(|(n, _, _)| n != first) {
        return;
    }
    let name = first.clone();
    let kinds: Vec<&str> = {
        let mut k: Vec<&str> = found.iter().map(|(_, _, k)| *k).collect();
        k.dedup();
        k
    };
    doc.meta.outlet = Some(Known {
        value: name.clone(),
        provenance: Provenance::Inferred {
            evidence: found.iter().map(|(_, s, _)| *s).collect(),
            reason: format!(
                "the text refers to itself as {name} in {}",
                kinds.join(" and ")
            ),
        },
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::SourceFormat;

    fn doc(text: &str) -> Document {
        Document::new("t.txt", SourceFormat::Text, text.to_string())
    }

    #[test]
    fn url_domains() {
        assert_eq!(
            outlet_from_url("https://apnews.com/article/x").as_deref(),
            Some("Associated Press")
        );
        assert_eq!(
            outlet_from_url("https://www.theguardian.com/us-news/x").as_deref(),
            Some("The Guardian")
        );
        assert_eq!(
            outlet_from_url("http://edition.cnn.com/x").as_deref(),
            Some("CNN")
        );
        assert_eq!(
            outlet_from_url("https://www.example-gazette.org/a?b").as_deref(),
            Some("example-gazette.org")
        );
        assert_eq!(outlet_from_url("not a url"), None);
    }

    #[test]
    fn contributor_credit_names_the_outlet() {
        let mut d = doc("Headline\n\nBody text.\n\nHarbor Ledger's Ana Ruiz and Tom Bell contributed to this report.");
        infer_outlet(&mut d, &[]);
        let o = d.meta.outlet.unwrap();
        assert_eq!(o.value, "Harbor Ledger");
        assert!(matches!(o.provenance, Provenance::Inferred { .. }));
    }

    #[test]
    fn shouting_promo_is_normalised() {
        let mut d =
            doc("Body.\n\nLove gossip? Sign up for PEOPLE's free Daily newsletter for more.");
        infer_outlet(&mut d, &[]);
        assert_eq!(d.meta.outlet.unwrap().value, "People");
    }

    #[test]
    fn disagreeing_self_references_leave_it_unknown() {
        let mut d = doc("Sign up for PEOPLE's free newsletter today.\n\nABC News' Jo Lee contributed to this report.");
        infer_outlet(&mut d, &[]);
        assert!(d.meta.outlet.is_none());
    }

    #[test]
    fn mentions_of_other_outlets_are_not_self_references() {
        let mut d =
            doc("The mayor confirmed it to CBS News on Friday, the Associated Press reported.");
        infer_outlet(&mut d, &[]);
        assert!(d.meta.outlet.is_none());
    }
}
