//! The body extractor: our thin pre-clean of boilerplate blocks, then `dom_smoothie`'s
//! Readability scoring, then one paragraph per text line.
//!
//! Every pre-clean rule has a stable id (`tag:nav`, `class:share`, `time`) so that `eval-html`
//! can switch rules off and check, by site-wise cross-validation, that each one helps on
//! sites it was not written for.
#![deny(clippy::string_slice)]

use std::collections::BTreeSet;

use dom_query::Document as Dom;

use super::{has_words, normalize_ws};

/// Elements never read as article text (code, styles, templates); always removed.
const ALWAYS_DROP: &str = "script, style, noscript, template";

/// Elements whose whole content is boilerplate (navigation, page footers, sidebars, embeds,
/// form controls, icons, photo captions). Each is a rule `tag:<name>`.
pub const DROP_TAGS: &[&str] = &[
    "nav",
    "footer",
    "aside",
    "iframe",
    "button",
    "select",
    "svg",
    "figcaption",
];

/// Class or id parts naming boilerplate blocks (ads, share widgets, related links, comments,
/// newsletter promos, bylines, galleries). A class or id token matches when one of its
/// `-`/`_`-separated parts equals one of these (ASCII case-insensitive), so "shadow" or
/// "commentary" do not match. Each is a rule `class:<part>`.
pub const BOILERPLATE_PARTS: &[&str] = &[
    "ad",
    "ads",
    "advert",
    "advertisement",
    "adslot",
    "sponsored",
    "sponsor",
    "promo",
    "share",
    "sharing",
    "sharebar",
    "social",
    "socials",
    "related",
    "comment",
    "comments",
    "newsletter",
    "subscribe",
    "signup",
    "disqus",
    "outbrain",
    "taboola",
    "recirc",
    "recommended",
    "popular",
    "mostread",
    "trending",
    "breadcrumb",
    "breadcrumbs",
    "byline",
    "author",
    "authors",
    "dateline",
    "timestamp",
    "paywall",
    "gallery",
    "slideshow",
    "carousel",
    "caption",
    "lightbox",
    "modal",
];

/// The rule that removes short `<time>` stamps.
pub const TIME_RULE: &str = "time";

/// The rule that removes link lists: blocks whose text is mostly link text.
pub const LINK_DENSITY_RULE: &str = "density:links";

/// Whether the link-density rule is among the shipped rules.
const LINK_DENSITY_SHIPPED: bool = false;

/// Which pre-clean rules run. The default runs the shipped rules; `eval-html` disables rules
/// and adds candidate ones to measure what each contributes on held-out sites.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BodyOptions {
    /// Ids of the rules switched off (`tag:<name>`, `class:<part>`, `time`, `density:links`).
    pub disabled: BTreeSet<String>,
    /// Ids of candidate rules switched on in addition to the shipped ones.
    pub extra: BTreeSet<String>,
    /// Skip the pre-clean entirely (the bare Readability extractor).
    pub no_preclean: bool,
}

/// The ids of the shipped pre-clean rules, in a fixed order.
pub fn rule_ids() -> Vec<String> {
    DROP_TAGS
        .iter()
        .map(|t| format!("tag:{t}"))
        .chain(std::iter::once(TIME_RULE.to_string()))
        .chain(LINK_DENSITY_SHIPPED.then(|| LINK_DENSITY_RULE.to_string()))
        .chain(BOILERPLATE_PARTS.iter().map(|p| format!("class:{p}")))
        .collect()
}

/// The enabled rules, resolved once per page.
struct ActiveRules {
    tags: Vec<String>,
    time: bool,
    link_density: bool,
    parts: Vec<String>,
}

impl ActiveRules {
    fn new(opts: &BodyOptions) -> ActiveRules {
        let mut rules = ActiveRules {
            tags: Vec::new(),
            time: false,
            link_density: false,
            parts: Vec::new(),
        };
        let ids = rule_ids();
        let enabled = ids
            .iter()
            .filter(|id| !opts.disabled.contains(*id))
            .chain(opts.extra.iter());
        for id in enabled {
            if let Some(t) = id.strip_prefix("tag:") {
                rules.tags.push(t.to_ascii_lowercase());
            } else if let Some(p) = id.strip_prefix("class:") {
                rules.parts.push(p.to_ascii_lowercase());
            } else if id == TIME_RULE {
                rules.time = true;
            } else if id == LINK_DENSITY_RULE {
                rules.link_density = true;
            }
        }
        rules
    }

    /// True when a class or id token has a part naming boilerplate.
    fn is_boilerplate_token(&self, token: &str) -> bool {
        token
            .split(['-', '_'])
            .any(|part| self.parts.iter().any(|p| p.eq_ignore_ascii_case(part)))
    }
}

/// The article body's paragraphs from a parsed page, with the given pre-clean rules.
pub(super) fn body_from_dom(dom: Dom, opts: &BodyOptions) -> Vec<String> {
    if !opts.no_preclean {
        preclean(&dom, opts);
    }
    let cfg = dom_smoothie::Config {
        text_mode: dom_smoothie::TextMode::Formatted,
        ..Default::default()
    };
    let text = match dom_smoothie::Readability::with_document(dom, None, Some(cfg)) {
        Ok(mut r) => match r.parse() {
            Ok(a) => a.text_content.to_string(),
            Err(_) => return Vec::new(),
        },
        Err(_) => return Vec::new(),
    };
    text.lines()
        .map(normalize_ws)
        .filter(|p| has_words(p))
        .collect()
}

/// The page's HTML after the pre-clean, for feeding another extractor (`eval-html` compares
/// combinations). `None` when the page is too deep or large for the DOM path.
pub fn precleaned_html(html: &str, opts: &BodyOptions) -> Option<String> {
    let dom = super::parse_guarded(html)?;
    preclean(&dom, opts);
    Some(dom.html().to_string())
}

/// Removes boilerplate the Readability scoring keeps (inline ads, share bars, related-link
/// lists, comment threads, bylines and date stamps), by tag and by class/id parts. The page's
/// main containers are never removed, nor any block holding half the page's text.
fn preclean(dom: &Dom, opts: &BodyOptions) {
    let rules = ActiveRules::new(opts);
    dom.select(ALWAYS_DROP).remove();
    if !rules.tags.is_empty() {
        dom.select(&rules.tags.join(", ")).remove();
    }
    // Date stamps (`<time>`) are metadata, read before this runs.
    if rules.time {
        for n in dom.select("time").nodes() {
            if n.text().len() <= 80 {
                n.remove_from_parent();
            }
        }
    }
    let body_text_len = dom.select("body").text().len().max(1);
    if rules.link_density {
        remove_link_lists(dom, body_text_len);
    }
    if rules.parts.is_empty() {
        return;
    }
    let candidates: Vec<_> = dom
        .select("[class], [id]")
        .nodes()
        .iter()
        .filter(|n| {
            let name = n
                .node_name()
                .map(|s| s.to_ascii_lowercase())
                .unwrap_or_default();
            if matches!(name.as_str(), "html" | "body" | "main" | "article") {
                return false;
            }
            let class = n.class().unwrap_or_default();
            let id = n.id_attr().unwrap_or_default();
            class
                .split_ascii_whitespace()
                .chain(id.split_ascii_whitespace())
                .any(|t| rules.is_boilerplate_token(t))
        })
        .cloned()
        .collect();
    for n in candidates {
        // A node removed with an ancestor has no parent left.
        if n.parent().is_none() {
            continue;
        }
        if n.text().len() * 2 > body_text_len {
            continue;
        }
        n.remove_from_parent();
    }
}

/// Removes lists and blocks whose text is mostly link text (menus, related-story lists, tag
/// clouds): at least three links, three quarters of the text inside links, and under half the
/// page's text.
fn remove_link_lists(dom: &Dom, body_text_len: usize) {
    let blocks: Vec<_> = dom
        .select("ul, ol, dl, table, div, section")
        .nodes()
        .to_vec();
    for n in blocks {
        if n.parent().is_none() {
            continue;
        }
        let text_len = n.text().trim().len();
        if text_len == 0 || text_len * 2 > body_text_len {
            continue;
        }
        let sel = dom_query::Selection::from(n);
        let links = sel.select("a");
        if links.length() < 3 {
            continue;
        }
        let link_len: usize = links.nodes().iter().map(|a| a.text().trim().len()).sum();
        if link_len * 4 >= text_len * 3 {
            n.remove_from_parent();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boilerplate_tokens_match_whole_parts() {
        let rules = ActiveRules::new(&BodyOptions::default());
        for t in [
            "ad",
            "ad-inline",
            "top_ads",
            "social-share",
            "related-links",
            "Comments",
        ] {
            assert!(rules.is_boilerplate_token(t), "{t}");
        }
        for t in [
            "shadow",
            "commentary",
            "header",
            "article-body",
            "loaded",
            "headline",
        ] {
            assert!(!rules.is_boilerplate_token(t), "{t}");
        }
    }

    #[test]
    fn disabled_rules_do_not_fire() {
        let opts = BodyOptions {
            disabled: ["class:share".to_string()].into_iter().collect(),
            ..BodyOptions::default()
        };
        let rules = ActiveRules::new(&opts);
        assert!(!rules.is_boilerplate_token("share-bar"));
        let opts = BodyOptions {
            extra: ["class:foo".to_string()].into_iter().collect(),
            ..BodyOptions::default()
        };
        assert!(ActiveRules::new(&opts).is_boilerplate_token("foo-box"));
        assert!(rules.is_boilerplate_token("social-bar"));
        assert!(rule_ids().contains(&"class:share".to_string()));
        assert!(rule_ids().contains(&"tag:nav".to_string()));
    }
}
