//! The body extractor: our thin pre-clean of boilerplate blocks, then `dom_smoothie`'s
//! Readability scoring, then one paragraph per text line.
//!
//! Every pre-clean rule has a stable id (`tag:nav`, `class:share`, `time`) so that `eval-html`
//! can switch rules off and check, by site-wise cross-validation, that each one helps on
//! sites it was not written for.
#![deny(clippy::string_slice)]

use std::collections::{BTreeSet, HashMap};

use dom_query::{Document as Dom, NodeId, NodeRef};

use super::{has_words, normalize_ws, Boilerplate};
use crate::clean::IgnoreReason;

/// Elements never read as article text (code, styles, templates); always removed.
const ALWAYS_DROP: &str = "script, style, noscript, template";

/// Elements whose whole content is boilerplate (navigation, page footers, sidebars, embeds,
/// form controls, icons, photo captions), with the reason their text is kept under. Each is a
/// rule `tag:<name>`.
pub const DROP_TAGS: &[(&str, IgnoreReason)] = &[
    ("nav", IgnoreReason::Navigation),
    ("footer", IgnoreReason::Footer),
    ("aside", IgnoreReason::Sidebar),
    ("iframe", IgnoreReason::Widget),
    ("button", IgnoreReason::Widget),
    ("select", IgnoreReason::Widget),
    ("svg", IgnoreReason::Widget),
    ("figcaption", IgnoreReason::Caption),
];

/// Class or id parts naming boilerplate blocks (ads, share widgets, related links, comments,
/// newsletter promos, bylines, galleries), with the reason their text is kept under. A class or
/// id token matches when one of its `-`/`_`-separated parts equals one of these (ASCII
/// case-insensitive), so "shadow" or "commentary" do not match. Each is a rule `class:<part>`.
pub const BOILERPLATE_PARTS: &[(&str, IgnoreReason)] = &[
    ("ad", IgnoreReason::Ad),
    ("ads", IgnoreReason::Ad),
    ("advert", IgnoreReason::Ad),
    ("advertisement", IgnoreReason::Ad),
    ("adslot", IgnoreReason::Ad),
    ("sponsored", IgnoreReason::Ad),
    ("sponsor", IgnoreReason::Ad),
    ("promo", IgnoreReason::Promo),
    ("share", IgnoreReason::ShareBar),
    ("sharing", IgnoreReason::ShareBar),
    ("sharebar", IgnoreReason::ShareBar),
    ("social", IgnoreReason::ShareBar),
    ("socials", IgnoreReason::ShareBar),
    ("related", IgnoreReason::RelatedLinks),
    ("comment", IgnoreReason::Comments),
    ("comments", IgnoreReason::Comments),
    ("newsletter", IgnoreReason::Promo),
    ("subscribe", IgnoreReason::Promo),
    ("signup", IgnoreReason::Promo),
    ("disqus", IgnoreReason::Comments),
    ("outbrain", IgnoreReason::RelatedLinks),
    ("taboola", IgnoreReason::RelatedLinks),
    ("recirc", IgnoreReason::RelatedLinks),
    ("recommended", IgnoreReason::RelatedLinks),
    ("popular", IgnoreReason::RelatedLinks),
    ("mostread", IgnoreReason::RelatedLinks),
    ("trending", IgnoreReason::RelatedLinks),
    ("breadcrumb", IgnoreReason::Navigation),
    ("breadcrumbs", IgnoreReason::Navigation),
    ("byline", IgnoreReason::Byline),
    ("author", IgnoreReason::Byline),
    ("authors", IgnoreReason::Byline),
    ("dateline", IgnoreReason::DateStamp),
    ("timestamp", IgnoreReason::DateStamp),
    ("paywall", IgnoreReason::Banner),
    ("gallery", IgnoreReason::Gallery),
    ("slideshow", IgnoreReason::Gallery),
    ("carousel", IgnoreReason::Gallery),
    ("caption", IgnoreReason::Caption),
    ("lightbox", IgnoreReason::Gallery),
    ("modal", IgnoreReason::Banner),
];

/// Why a block removed by the tag rule `tag:<name>` is boilerplate.
fn tag_reason(tag: &str) -> IgnoreReason {
    DROP_TAGS
        .iter()
        .find(|(t, _)| *t == tag)
        .map_or(IgnoreReason::Boilerplate, |(_, r)| *r)
}

/// Why a block removed by the class/id rule `class:<part>` is boilerplate (candidate parts
/// outside the shipped list: `banner` for the cookie parts, else `boilerplate`).
fn part_reason(part: &str) -> IgnoreReason {
    BOILERPLATE_PARTS
        .iter()
        .find(|(p, _)| *p == part)
        .map(|(_, r)| *r)
        .or_else(|| MARK_PARTS.contains(&part).then_some(IgnoreReason::Banner))
        .unwrap_or(IgnoreReason::Boilerplate)
}

/// The rule that removes short `<time>` stamps.
pub const TIME_RULE: &str = "time";

/// The rule that removes link lists: blocks whose text is mostly link text.
pub const LINK_DENSITY_RULE: &str = "density:links";

/// The marking-only rule for cookie and consent banners: their text, when it reaches the body,
/// is marked as ignored (reason `banner`) instead of removed. Measured with `eval-html --cv`,
/// removing these blocks changes no page of the development set (Readability already drops
/// them there), so they may not change the body; on other pages they are marked.
pub const MARK_BANNERS_RULE: &str = "mark:banners";

/// Class or id parts naming cookie and consent banners, for [`MARK_BANNERS_RULE`].
pub const MARK_PARTS: &[&str] = &["cookie", "cookies", "consent", "gdpr"];

/// Whether the link-density rule is among the shipped rules.
const LINK_DENSITY_SHIPPED: bool = false;

/// Which pre-clean rules run. The default runs the shipped rules; `eval-html` disables rules
/// and adds candidate ones to measure what each contributes on held-out sites.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BodyOptions {
    /// Ids of the rules switched off (`tag:<name>`, `class:<part>`, `time`, `density:links`,
    /// `mark:banners`).
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
        .map(|(t, _)| format!("tag:{t}"))
        .chain(std::iter::once(TIME_RULE.to_string()))
        .chain(LINK_DENSITY_SHIPPED.then(|| LINK_DENSITY_RULE.to_string()))
        .chain(BOILERPLATE_PARTS.iter().map(|(p, _)| format!("class:{p}")))
        .collect()
}

/// The enabled rules, resolved once per page.
struct ActiveRules {
    tags: Vec<String>,
    time: bool,
    link_density: bool,
    mark_banners: bool,
    parts: Vec<String>,
}

impl ActiveRules {
    fn new(opts: &BodyOptions) -> ActiveRules {
        let mut rules = ActiveRules {
            tags: Vec::new(),
            time: false,
            link_density: false,
            mark_banners: !opts.disabled.contains(MARK_BANNERS_RULE),
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

    /// The rule part a class or id token matches, if any.
    fn boilerplate_part(&self, token: &str) -> Option<&str> {
        token.split(['-', '_']).find_map(|part| {
            self.parts
                .iter()
                .find(|p| p.eq_ignore_ascii_case(part))
                .map(String::as_str)
        })
    }
}

/// The article body from a parsed page with the given pre-clean rules: its paragraphs, the
/// blocks the pre-clean removed (in page order), and the paragraphs marked as ignored in place
/// (index into the paragraphs, reason).
pub(super) fn body_from_dom(dom: Dom, opts: &BodyOptions) -> Body {
    let pre = if opts.no_preclean {
        Precleaned::default()
    } else {
        preclean(&dom, opts)
    };
    let cfg = dom_smoothie::Config {
        text_mode: dom_smoothie::TextMode::Formatted,
        ..Default::default()
    };
    let text = dom_smoothie::Readability::with_document(dom, None, Some(cfg))
        .ok()
        .and_then(|mut r| r.parse().ok())
        .map(|a| a.text_content.to_string())
        .unwrap_or_default();
    let paragraphs: Vec<String> = text
        .lines()
        .map(normalize_ws)
        .filter(|p| has_words(p))
        .collect();
    let marked_lines: std::collections::BTreeMap<&str, IgnoreReason> = pre
        .marked
        .iter()
        .map(|(line, reason)| (line.as_str(), *reason))
        .collect();
    let marked = paragraphs
        .iter()
        .enumerate()
        .filter_map(|(i, p)| marked_lines.get(p.as_str()).map(|r| (i, *r)))
        .collect();
    Body {
        paragraphs,
        removed: pre.removed,
        marked,
    }
}

/// What [`body_from_dom`] extracts.
pub(super) struct Body {
    pub(super) paragraphs: Vec<String>,
    pub(super) removed: Vec<Boilerplate>,
    pub(super) marked: Vec<(usize, IgnoreReason)>,
}

/// The page's HTML after the pre-clean, for feeding another extractor (`eval-html` compares
/// combinations). `None` when the page is too deep or large for the DOM path.
pub fn precleaned_html(html: &str, opts: &BodyOptions) -> Option<String> {
    let dom = super::parse_guarded(html)?;
    preclean(&dom, opts);
    Some(dom.html().to_string())
}

/// Blocks removed by the pre-clean, keyed by their place in the page.
struct Removals {
    /// Each element's position in a pre-order walk of the page before anything is removed.
    order: HashMap<NodeId, usize>,
    removed: Vec<(usize, Boilerplate)>,
}

impl Removals {
    fn new(dom: &Dom) -> Removals {
        let order = dom
            .root()
            .descendants_it()
            .filter(|n| n.is_element())
            .enumerate()
            .map(|(i, n)| (n.id, i))
            .collect();
        Removals {
            order,
            removed: Vec::new(),
        }
    }

    /// Removes `n` from the page and keeps its text (white space normalised, one paragraph)
    /// with `reason`. Nodes already removed with an ancestor are skipped.
    fn remove(&mut self, n: &NodeRef, reason: IgnoreReason) {
        if !in_document(n) {
            return;
        }
        let text = normalize_ws(&n.formatted_text());
        n.remove_from_parent();
        if has_words(&text) {
            let at = self.order.get(&n.id).copied().unwrap_or(usize::MAX);
            self.removed.push((at, Boilerplate { reason, text }));
        }
    }

    /// The removed blocks in page order.
    fn into_blocks(mut self) -> Vec<Boilerplate> {
        self.removed.sort_by_key(|(at, _)| *at);
        self.removed.into_iter().map(|(_, b)| b).collect()
    }
}

/// True when `n` is still attached to the page (not removed, nor inside a removed block).
fn in_document(n: &NodeRef) -> bool {
    let mut cur = n.parent();
    while let Some(p) = cur {
        if p.is_document() {
            return true;
        }
        cur = p.parent();
    }
    false
}

/// What the pre-clean took out of the page or marked in it.
#[derive(Default)]
struct Precleaned {
    /// The removed blocks, in page order.
    removed: Vec<Boilerplate>,
    /// Text lines of blocks that marking-only rules matched, with the reason; body
    /// paragraphs equal to one of them are marked as ignored in place.
    marked: Vec<(String, IgnoreReason)>,
}

/// Removes boilerplate the Readability scoring keeps (inline ads, share bars, related-link
/// lists, comment threads, bylines and date stamps), by tag and by class/id parts, and returns
/// the removed blocks' text with the reason of the rule that removed them, in page order. The
/// page's main containers are never removed, nor any block holding half the page's text.
/// Cookie and consent banners ([`MARK_PARTS`]) are only marked, not removed.
fn preclean(dom: &Dom, opts: &BodyOptions) -> Precleaned {
    let rules = ActiveRules::new(opts);
    dom.select(ALWAYS_DROP).remove();
    let mut removals = Removals::new(dom);
    if !rules.tags.is_empty() {
        for n in dom.select(&rules.tags.join(", ")).nodes() {
            let name = n
                .node_name()
                .map(|s| s.to_ascii_lowercase())
                .unwrap_or_default();
            removals.remove(n, tag_reason(&name));
        }
    }
    // Date stamps (`<time>`) are metadata, read before this runs.
    if rules.time {
        for n in dom.select("time").nodes() {
            if n.text().len() <= 80 {
                removals.remove(n, IgnoreReason::DateStamp);
            }
        }
    }
    let body_text_len = dom.select("body").text().len().max(1);
    if rules.link_density {
        remove_link_lists(dom, body_text_len, &mut removals);
    }
    if !rules.parts.is_empty() {
        for (n, part) in class_matches(dom, body_text_len, |t| rules.boilerplate_part(t)) {
            removals.remove(&n, part_reason(&part));
        }
    }
    let mut marked = Vec::new();
    if rules.mark_banners {
        let mark_part = |t: &str| {
            t.split(['-', '_']).find_map(|part| {
                MARK_PARTS
                    .iter()
                    .find(|p| p.eq_ignore_ascii_case(part))
                    .copied()
            })
        };
        for (n, _) in class_matches(dom, body_text_len, mark_part) {
            if n.ancestors_it(None).any(|a| marked_ids(&marked, &a)) {
                continue;
            }
            let text = n.formatted_text();
            for line in text.lines().map(normalize_ws).filter(|l| has_words(l)) {
                marked.push((line, IgnoreReason::Banner, n.id));
            }
        }
    }
    Precleaned {
        removed: removals.into_blocks(),
        marked: marked
            .into_iter()
            .map(|(line, reason, _)| (line, reason))
            .collect(),
    }
}

/// True when `n` is one of the blocks already marked.
fn marked_ids(marked: &[(String, IgnoreReason, NodeId)], n: &NodeRef) -> bool {
    marked.iter().any(|(_, _, id)| *id == n.id)
}

/// The elements still in the page (never `html`, `body`, `main` or `article`, nor one holding
/// half the page's text) with a class or id token for which `part_of` names a rule part, in
/// page order, each with that part.
fn class_matches<'a, 'd>(
    dom: &'d Dom,
    body_text_len: usize,
    part_of: impl Fn(&str) -> Option<&'a str>,
) -> Vec<(NodeRef<'d>, String)> {
    let candidates: Vec<(NodeRef<'d>, String)> = dom
        .select("[class], [id]")
        .nodes()
        .iter()
        .filter_map(|n| {
            let name = n
                .node_name()
                .map(|s| s.to_ascii_lowercase())
                .unwrap_or_default();
            if matches!(name.as_str(), "html" | "body" | "main" | "article") {
                return None;
            }
            let class = n.class().unwrap_or_default();
            let id = n.id_attr().unwrap_or_default();
            let part = class
                .split_ascii_whitespace()
                .chain(id.split_ascii_whitespace())
                .find_map(&part_of)?
                .to_string();
            Some((*n, part))
        })
        .collect();
    candidates
        .into_iter()
        .filter(|(n, _)| in_document(n) && n.text().len() * 2 <= body_text_len)
        .collect()
}

/// Removes lists and blocks whose text is mostly link text (menus, related-story lists, tag
/// clouds): at least three links, three quarters of the text inside links, and under half the
/// page's text.
fn remove_link_lists(dom: &Dom, body_text_len: usize, removals: &mut Removals) {
    let blocks: Vec<_> = dom
        .select("ul, ol, dl, table, div, section")
        .nodes()
        .to_vec();
    for n in blocks {
        if !in_document(&n) {
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
            removals.remove(&n, IgnoreReason::LinkList);
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
            assert!(rules.boilerplate_part(t).is_some(), "{t}");
        }
        for t in [
            "shadow",
            "commentary",
            "header",
            "article-body",
            "loaded",
            "headline",
        ] {
            assert!(rules.boilerplate_part(t).is_none(), "{t}");
        }
    }

    #[test]
    fn disabled_rules_do_not_fire() {
        let opts = BodyOptions {
            disabled: ["class:share".to_string()].into_iter().collect(),
            ..BodyOptions::default()
        };
        let rules = ActiveRules::new(&opts);
        assert!(rules.boilerplate_part("share-bar").is_none());
        let opts = BodyOptions {
            extra: ["class:foo".to_string()].into_iter().collect(),
            ..BodyOptions::default()
        };
        assert!(ActiveRules::new(&opts)
            .boilerplate_part("foo-box")
            .is_some());
        assert!(rules.boilerplate_part("social-bar").is_some());
        assert!(rule_ids().contains(&"class:share".to_string()));
        assert!(rule_ids().contains(&"tag:nav".to_string()));
    }
}
