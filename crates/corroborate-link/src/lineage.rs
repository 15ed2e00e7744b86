//! Lineage: which articles descend from one original, and which outlet that original is.
//!
//! Rule (documented in `docs/report-format.md`):
//! - **Credits.** A credit is a statement crediting a news outlet ("the Associated Press
//!   reported", "according to AP", "told AP", "cited by AP", "viewed by AP"). Credits come from
//!   the attribution extractor ([`Extraction::attributions`] whose source is a known outlet)
//!   and from a small generic credit finder of our own; credits to the article's own outlet are
//!   not counted. An article is a *reprint* of outlet S when it credits S in at least
//!   [`LineageConfig::min_credits`] distinct sentences, or credits S once and shares at least one
//!   aligned passage with an article published by S. A single passing credit ("told The
//!   Associated Press in comments published on Friday") is reporting, not reprinting.
//! - **Reuse.** Two articles whose aligned sentences are at least
//!   [`LineageConfig::min_shared_sentences`] and cover at least
//!   [`LineageConfig::min_coverage`] of either article's sentences share substantial text.
//! - A lineage is a connected group under these links. Its origin is the member published by
//!   the credited outlet; else, when the credited outlet is not in the corpus, that outlet (no
//!   document); else the earliest published member, then the first in input order.

use corroborate_core::text::{slice_from, slice_to};
use std::collections::HashMap;
use std::sync::LazyLock;

use corroborate_core::outlet::canonical_outlet_name;
use corroborate_core::{DocId, PreparedDoc, Span};
use corroborate_extract::Extraction;
use regex::Regex;
use serde::{Deserialize, Serialize};
use xxhash_rust::xxh3::xxh3_64;

use crate::reuse::Reuse;

/// Tuning of lineage decisions.
#[derive(Debug, Clone, Copy)]
pub struct LineageConfig {
    /// Distinct sentences crediting one outlet that make an article its reprint.
    pub min_credits: usize,
    /// Aligned sentences two articles must share to be linked by reuse.
    pub min_shared_sentences: usize,
    /// Share of either article's sentences the aligned sentences must cover.
    pub min_coverage: f64,
}

impl Default for LineageConfig {
    fn default() -> Self {
        LineageConfig {
            min_credits: 2,
            min_shared_sentences: 4,
            min_coverage: 0.15,
        }
    }
}

/// A statement crediting a news outlet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Credit {
    /// The crediting article.
    pub doc: DocId,
    /// The credit phrase.
    #[serde(flatten)]
    pub span: Span,
    /// The outlet credited, in its canonical spelling ("Associated Press").
    pub outlet: String,
}

/// One lineage: an original and the articles that re-use or credit it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Lineage {
    /// `l` + the origin document's id digits, or `l` + a hash of the credited outlet's name
    /// when the original is not in the corpus.
    pub id: String,
    /// The origin's outlet, when known.
    pub origin_outlet: Option<String>,
    /// The origin article, when it is in the corpus.
    pub origin_doc: Option<DocId>,
    /// Why this origin: `credited`, `credited_not_in_corpus`, `earliest_published` or `first_input`.
    pub origin_reason: &'static str,
    /// Member articles, in input order.
    pub members: Vec<DocId>,
    /// The credits that placed members in this lineage.
    pub credits: Vec<Credit>,
}

/// Lineages of a corpus, and the lineage of every article.
#[derive(Debug, Clone, Default)]
pub struct Lineages {
    /// Every lineage, in order of its first member.
    pub lineages: Vec<Lineage>,
    /// Article → index into `lineages`.
    pub of_doc: HashMap<DocId, usize>,
}

impl Lineages {
    /// The lineage of an article.
    pub fn lineage_of(&self, doc: &DocId) -> Option<&Lineage> {
        self.of_doc.get(doc).and_then(|&i| self.lineages.get(i))
    }

    /// The number of independent sources among `docs`: distinct lineages, not outlets (three
    /// outlets reprinting one wire story are one source). Unknown documents count as their own.
    pub fn independent_sources(&self, docs: &[DocId]) -> usize {
        let mut seen = std::collections::HashSet::new();
        let mut unknown = 0;
        for d in docs {
            match self.of_doc.get(d) {
                Some(&i) => {
                    seen.insert(i);
                }
                None => unknown += 1,
            }
        }
        seen.len() + unknown
    }
}

/// Short names of agencies that outlets use in credits, mapped to the canonical name.
const ALIASES: &[(&str, &str)] = &[
    ("ap", "Associated Press"),
    ("the ap", "Associated Press"),
    ("afp", "Agence France-Presse"),
    ("upi", "United Press International"),
];

/// The canonical name of an outlet as written in a credit, when it names a known outlet or one
/// of `corpus` (the corpus's own outlets, as lower-cased keys → names).
pub fn outlet_key(written: &str, corpus: &HashMap<String, String>) -> Option<String> {
    let w = written
        .trim()
        .trim_end_matches(['.', ',', '\'', '’'])
        .trim_end_matches("'s")
        .trim_end_matches("’s");
    let lower = w.to_lowercase();
    if let Some((_, name)) = ALIASES.iter().find(|(a, _)| *a == lower) {
        return Some((*name).to_string());
    }
    let bare = lower.strip_prefix("the ").unwrap_or(&lower);
    for k in [lower.as_str(), bare] {
        if let Some(name) = corpus.get(k) {
            return Some(name.clone());
        }
        if let Some(name) = canonical_outlet_name(k) {
            return Some(name.to_string());
        }
    }
    None
}

/// The lower-cased key of a corpus outlet name ("The Guardian" → "guardian").
fn corpus_key(name: &str) -> String {
    let lower = name.trim().to_lowercase();
    lower.strip_prefix("the ").unwrap_or(&lower).to_string()
}

const NAME: &str = r"(?:[Tt]he\s+)?(?:[A-Z][\w&.'’-]*)(?:\s+[A-Z][\w&.'’-]*){0,4}";

static CUE_BEFORE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"\b(?:according\s+to|told|confirmed\s+to|cited\s+by|viewed\s+by|obtained\s+by|reviewed\s+by|reported\s+by|said\s+to|speaking\s+to|in\s+a\s+statement\s+to|in\s+an\s+interview\s+with)\s+(?:an?\s+[a-z]+(?:\s+[a-z]+)?\s+(?:cited|viewed|obtained|reviewed)\s+by\s+)?(?P<o>{NAME})"
    ))
    .expect("valid regex")
});

static CUE_AFTER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"(?P<o>{NAME})\s+(?:reported|reports|has\s+reported|had\s+reported|first\s+reported|was\s+first\s+to\s+report)\b"
    ))
    .expect("valid regex")
});

/// The longest prefix of a capitalised run that names an outlet ("Associated Press Friday" →
/// "Associated Press").
fn resolve_run(run: &str, corpus: &HashMap<String, String>) -> Option<(usize, String)> {
    let mut ends: Vec<usize> = run
        .char_indices()
        .filter(|&(i, c)| {
            (c.is_whitespace() || c == '.')
                && i > 0
                && !slice_to(run, i).ends_with(char::is_whitespace)
        })
        .map(|(i, _)| i)
        .collect();
    ends.push(run.len());
    ends.into_iter().rev().find_map(|end| {
        let name = outlet_key(slice_to(run, end), corpus)?;
        Some((
            slice_to(run, end)
                .trim_end_matches(['.', ',', '\'', '’'])
                .len(),
            name,
        ))
    })
}

/// The longest suffix of a capitalised run that names an outlet ("Tuesday AP" → "AP"), with
/// the byte offset where it starts.
fn resolve_suffix(run: &str, corpus: &HashMap<String, String>) -> Option<(usize, String)> {
    let mut start = 0;
    loop {
        if let Some(name) = outlet_key(slice_from(run, start), corpus) {
            return Some((start, name));
        }
        let next = slice_from(run, start).find(char::is_whitespace)?;
        start += next;
        start += slice_from(run, start).len() - slice_from(run, start).trim_start().len();
    }
}

/// A credit cue next to a capitalised run that may name an outlet, found by our own patterns;
/// whether the run names one depends on the corpus's outlets (see [`CreditInput::resolve`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct CueMatch {
    /// The whole match.
    all: Span,
    /// Where the capitalised run starts.
    run_start: usize,
    /// The capitalised run as written.
    run: String,
    /// True when the cue comes before the run ("according to AP"), false after ("AP reported").
    cue_first: bool,
    /// Ignored spans (boilerplate) overlapping the match.
    ignored: Vec<Span>,
}

/// What credit finding needs of one article, found once per article with no text kept:
/// attributions and pattern matches whose names may be outlets. Which of them credit an outlet
/// depends on the corpus's own outlets, so they are resolved at link time.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CreditInput {
    /// The article's outlet as written.
    outlet: Option<String>,
    /// Attribution spans with their sources' names (boxed: a linking run holds these for
    /// every article).
    attributed: Vec<(Span, Box<str>)>,
    cues: Vec<CueMatch>,
    /// Sentence ends, kept only when there is a candidate credit; 32 bits, as a document is
    /// at most [`MAX_FILE_BYTES`](corroborate_core::load::MAX_FILE_BYTES) long (a larger end
    /// saturates).
    sentence_ends: Vec<u32>,
}

impl CreditInput {
    /// The candidate credits of one article.
    pub fn of(doc: &PreparedDoc, ex: &Extraction) -> Self {
        let text = &doc.doc.text;
        let mut cues = Vec::new();
        for (re, cue_first) in [(&*CUE_BEFORE, true), (&*CUE_AFTER, false)] {
            for c in re.captures_iter(text) {
                let (Some(all), Some(o)) = (c.get(0), c.name("o")) else {
                    continue;
                };
                let all = Span::new(all.start(), all.end());
                let ignored = doc
                    .ignored
                    .iter()
                    .map(|ig| ig.span)
                    .filter(|ig| ig.overlaps(all))
                    .collect();
                cues.push(CueMatch {
                    all,
                    run_start: o.start(),
                    run: o.as_str().to_string(),
                    cue_first,
                    ignored,
                });
            }
        }
        let attributed: Vec<(Span, Box<str>)> = ex
            .attributions
            .iter()
            .map(|a| (a.span, a.normalized.as_deref().unwrap_or(&a.source).into()))
            .collect();
        let sentence_ends = if cues.is_empty() && attributed.is_empty() {
            Vec::new()
        } else {
            doc.seg
                .sentences
                .iter()
                .map(|s| u32::try_from(s.end).unwrap_or(u32::MAX))
                .collect()
        };
        Self {
            outlet: doc.doc.meta.outlet.as_ref().map(|o| o.value.clone()),
            attributed,
            cues,
            sentence_ends,
        }
    }

    /// Credits in the article `doc`: attributions whose source is an outlet, plus our own
    /// pattern matches, deduplicated by overlap; credits to the article's own outlet are
    /// dropped. `corpus` holds the corpus's own outlets (lower-cased keys → names).
    pub fn resolve(&self, doc: &DocId, corpus: &HashMap<String, String>) -> Vec<Credit> {
        let own = self
            .outlet
            .as_ref()
            .and_then(|o| outlet_key(o, corpus).or_else(|| Some(o.clone())));
        let mut found: Vec<(Span, String)> = self
            .attributed
            .iter()
            .filter_map(|(span, name)| outlet_key(name, corpus).map(|n| (*span, n)))
            .collect();
        for (s, n) in self.pattern_credits(corpus) {
            if !found.iter().any(|(f, fo)| f.overlaps(s) && *fo == n) {
                found.push((s, n));
            }
        }
        found.sort_by_key(|(s, _)| *s);
        found
            .into_iter()
            .filter(|(_, n)| Some(n) != own.as_ref())
            .map(|(span, outlet)| Credit {
                doc: doc.clone(),
                span,
                outlet,
            })
            .collect()
    }

    /// Credits found by our own patterns: a credit cue next to a known outlet's name.
    fn pattern_credits(&self, corpus: &HashMap<String, String>) -> Vec<(Span, String)> {
        let mut out = Vec::new();
        for m in self.cues.iter().filter(|m| m.cue_first) {
            if let Some((end, name)) = resolve_run(&m.run, corpus) {
                out.push((m, Span::new(m.all.start, m.run_start + end), name));
            }
        }
        for m in self.cues.iter().filter(|m| !m.cue_first) {
            if let Some((skip, name)) = resolve_suffix(&m.run, corpus) {
                out.push((m, Span::new(m.run_start + skip, m.all.end), name));
            }
        }
        out.into_iter()
            .filter(|(m, s, _)| {
                !m.ignored
                    .iter()
                    .any(|ig| ig.start <= s.start && s.end <= ig.end)
            })
            .map(|(_, s, n)| (s, n))
            .collect()
    }

    /// Number of distinct sentences holding credits to `outlet`.
    fn credit_sentences(&self, credits: &[Credit], outlet: &str) -> usize {
        let mut sentences: Vec<usize> = credits
            .iter()
            .filter(|c| c.outlet == outlet)
            .map(|c| {
                self.sentence_ends
                    .partition_point(|&end| end as usize <= c.span.start)
            })
            .collect();
        sentences.dedup();
        sentences.len()
    }
}

/// Credits in one article: attributions whose source is an outlet, plus our own pattern
/// matches, deduplicated by overlap; credits to the article's own outlet are dropped.
pub fn find_credits(
    doc: &PreparedDoc,
    ex: &Extraction,
    corpus: &HashMap<String, String>,
) -> Vec<Credit> {
    CreditInput::of(doc, ex).resolve(&doc.doc.id, corpus)
}

struct UnionFind(Vec<usize>);

impl UnionFind {
    fn find(&mut self, mut x: usize) -> usize {
        while self.0[x] != x {
            self.0[x] = self.0[self.0[x]];
            x = self.0[x];
        }
        x
    }
    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            let (lo, hi) = (ra.min(rb), ra.max(rb));
            self.0[hi] = lo;
        }
    }
}

/// What lineage decisions need of one article.
#[derive(Debug, Clone, Copy)]
pub struct LineageDoc<'a> {
    /// The article's id.
    pub id: &'a DocId,
    /// Its publication date, when known.
    pub published: Option<jiff::civil::Date>,
    /// Its candidate credits and outlet.
    pub credits: &'a CreditInput,
}

/// Groups articles into lineages from their credits and shared passages.
pub fn lineages(
    docs: &[(&PreparedDoc, &Extraction)],
    reuse: &Reuse,
    cfg: &LineageConfig,
) -> Lineages {
    let inputs: Vec<CreditInput> = docs.iter().map(|(d, ex)| CreditInput::of(d, ex)).collect();
    let heads: Vec<LineageDoc> = docs
        .iter()
        .zip(&inputs)
        .map(|((d, _), credits)| LineageDoc {
            id: &d.doc.id,
            published: d.doc.meta.published.as_ref().map(|p| p.value),
            credits,
        })
        .collect();
    lineages_in(&heads, reuse, cfg)
}

/// [`lineages`] over articles whose candidate credits were found beforehand.
pub fn lineages_in(docs: &[LineageDoc], reuse: &Reuse, cfg: &LineageConfig) -> Lineages {
    let n = docs.len();
    let mut corpus: HashMap<String, String> = HashMap::new();
    let mut outlet_docs: HashMap<String, Vec<usize>> = HashMap::new();
    let outlets: Vec<Option<String>> = docs.iter().map(|d| d.credits.outlet.clone()).collect();
    for o in outlets.iter().flatten() {
        corpus
            .entry(corpus_key(o))
            .or_insert_with(|| outlet_key(o, &HashMap::new()).unwrap_or_else(|| o.clone()));
    }
    let canon: Vec<Option<String>> = outlets
        .iter()
        .map(|o| o.as_ref().and_then(|o| outlet_key(o, &corpus)))
        .collect();
    for (i, c) in canon.iter().enumerate() {
        if let Some(c) = c {
            outlet_docs.entry(c.clone()).or_default().push(i);
        }
    }
    let credits: Vec<Vec<Credit>> = docs
        .iter()
        .map(|d| d.credits.resolve(d.id, &corpus))
        .collect();
    // Articles sharing at least one passage, (lower, higher index), sorted for binary search:
    // a tenth of the memory of a hash set of both orders, which was linking's peak.
    let mut shares: Vec<(usize, usize)> = reuse
        .pairs
        .iter()
        .map(|p| (p.a.min(p.b), p.a.max(p.b)))
        .collect();
    shares.sort_unstable();
    shares.dedup();
    let share = |x: usize, y: usize| shares.binary_search(&(x.min(y), x.max(y))).is_ok();
    // Virtual nodes stand for credited outlets that publish nothing in the corpus.
    let mut virtual_nodes: Vec<String> = Vec::new();
    let mut uf_edges: Vec<(usize, usize)> = Vec::new();
    for p in &reuse.pairs {
        let substantial = p.sentences_a.min(p.sentences_b) >= cfg.min_shared_sentences
            && p.coverage_a.max(p.coverage_b) >= cfg.min_coverage;
        if substantial {
            uf_edges.push((p.a, p.b));
        }
    }
    let mut credited_outlet: Vec<Option<String>> = vec![None; n];
    for (i, d) in docs.iter().enumerate() {
        let mut outlets_here: Vec<&str> = credits[i].iter().map(|c| c.outlet.as_str()).collect();
        outlets_here.dedup();
        let mut best: Option<(usize, &str)> = None;
        for o in outlets_here {
            let k = d.credits.credit_sentences(&credits[i], o);
            let sources = outlet_docs.get(o).map(Vec::as_slice).unwrap_or(&[]);
            let reuses = sources.iter().any(|&s| share(i, s));
            let reprint = k >= cfg.min_credits || (k >= 1 && reuses);
            if reprint && best.is_none_or(|(bk, _)| k > bk) {
                best = Some((k, o));
            }
        }
        let Some((_, o)) = best else { continue };
        credited_outlet[i] = Some(o.to_string());
        match outlet_docs.get(o) {
            Some(sources) => {
                for &s in sources {
                    if s != i {
                        uf_edges.push((i, s));
                    }
                }
            }
            None => {
                let v = match virtual_nodes.iter().position(|x| x == o) {
                    Some(v) => v,
                    None => {
                        virtual_nodes.push(o.to_string());
                        virtual_nodes.len() - 1
                    }
                };
                uf_edges.push((i, n + v));
            }
        }
    }
    let mut uf = UnionFind((0..n + virtual_nodes.len()).collect());
    for (a, b) in uf_edges {
        uf.union(a, b);
    }
    let mut groups: Vec<(usize, Vec<usize>)> = Vec::new();
    let mut group_of_root: HashMap<usize, usize> = HashMap::new();
    for i in 0..n {
        let r = uf.find(i);
        let g = *group_of_root.entry(r).or_insert_with(|| {
            groups.push((r, Vec::new()));
            groups.len() - 1
        });
        groups[g].1.push(i);
    }
    let mut out = Lineages::default();
    for (root, members) in groups {
        let credited: Vec<&str> = members
            .iter()
            .filter_map(|&m| credited_outlet[m].as_deref())
            .collect();
        let credited_member = members
            .iter()
            .copied()
            .filter(|&m| canon[m].as_deref().is_some_and(|c| credited.contains(&c)));
        let earliest = |ms: &mut dyn Iterator<Item = usize>| {
            ms.min_by_key(|&m| {
                let p = docs[m].published;
                (p.is_none(), p, m)
            })
        };
        let virtual_outlet = virtual_nodes
            .iter()
            .enumerate()
            .find(|(v, _)| uf.find(n + v) == root)
            .map(|(_, o)| o.clone());
        let (origin_doc, origin_outlet, reason) =
            if let Some(m) = earliest(&mut credited_member.clone()) {
                (Some(m), canon[m].clone(), "credited")
            } else if let Some(o) = virtual_outlet {
                (None, Some(o), "credited_not_in_corpus")
            } else {
                let any_date = members.iter().any(|&m| docs[m].published.is_some());
                let m = earliest(&mut members.iter().copied());
                let reason = if any_date {
                    "earliest_published"
                } else {
                    "first_input"
                };
                (m, m.and_then(|m| outlets[m].clone()), reason)
            };
        let id = match (origin_doc, &origin_outlet) {
            (Some(m), _) => format!("l{}", docs[m].id.as_str().trim_start_matches('d')),
            (None, Some(o)) => format!("l{:016x}", xxh3_64(o.as_bytes())),
            (None, None) => format!("l{root}"),
        };
        let lineage_credits = members
            .iter()
            .flat_map(|&m| {
                let c = credited_outlet[m].clone();
                credits[m]
                    .iter()
                    .filter(move |x| Some(&x.outlet) == c.as_ref())
                    .cloned()
            })
            .collect();
        let index = out.lineages.len();
        for &m in &members {
            out.of_doc.insert(docs[m].id.clone(), index);
        }
        out.lineages.push(Lineage {
            id,
            origin_outlet,
            origin_doc: origin_doc.map(|m| docs[m].id.clone()),
            origin_reason: reason,
            members: members.iter().map(|&m| docs[m].id.clone()).collect(),
            credits: lineage_credits,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use corroborate_core::document::{Known, Provenance, SourceFormat};
    use corroborate_core::Document;
    use corroborate_extract::attributions::{Attribution, AttributionKind};

    fn doc(outlet: &str, text: &str) -> PreparedDoc {
        let mut d = Document::new(format!("{outlet}.txt"), SourceFormat::Text, text.into());
        d.meta.outlet = Some(Known {
            value: outlet.into(),
            provenance: Provenance::Manifest,
        });
        PreparedDoc::new(d, jiff::civil::date(2030, 1, 1))
    }

    /// An attribution of the sentence holding `phrase` to `source`, as the extractor gives it.
    fn attribution(p: &PreparedDoc, phrase: &str, source: &str) -> Attribution {
        let start = p.doc.text.find(phrase).expect("phrase in fixture");
        let span = Span::new(start, start + phrase.len());
        Attribution {
            span,
            source: source.into(),
            source_span: span,
            normalized: None,
            statement: span,
            kind: AttributionKind::Reported,
        }
    }

    fn run(docs: &[(PreparedDoc, Extraction)]) -> Lineages {
        let pairs: Vec<(&PreparedDoc, &Extraction)> = docs.iter().map(|(p, e)| (p, e)).collect();
        lineages(&pairs, &Reuse::default(), &LineageConfig::default())
    }

    #[test]
    fn two_credits_from_the_extractor_make_a_reprint_one_does_not() {
        let wire = doc(
            "Reuters",
            "Dam gates opened at Kessing. Water levels fell overnight.",
        );
        let text =
            "Engineers opened the dam, Reuters said. Levels fell, the agency reported later.";
        let reprint = doc("Daily Ledger", text);
        let ex = Extraction {
            attributions: vec![
                attribution(&reprint, "Reuters said", "Reuters"),
                attribution(&reprint, "the agency reported", "Reuters"),
                attribution(&reprint, "the agency reported", "the engineers"),
            ],
            ..Extraction::default()
        };
        let passing = doc(
            "Valley Post",
            "The mayor told Reuters on Friday that nobody was hurt.",
        );
        let docs = vec![
            (wire, Extraction::default()),
            (reprint, ex),
            (passing, Extraction::default()),
        ];
        let l = run(&docs);
        let wire_l = l.lineage_of(&docs[0].0.doc.id).expect("lineage");
        assert_eq!(wire_l.members.len(), 2);
        assert_eq!(wire_l.origin_doc.as_ref(), Some(&docs[0].0.doc.id));
        assert_eq!(wire_l.origin_reason, "credited");
        assert_eq!(wire_l.credits.len(), 2);
        let own = l.lineage_of(&docs[2].0.doc.id).expect("lineage");
        assert_eq!(own.members, vec![docs[2].0.doc.id.clone()]);
        let ids: Vec<DocId> = docs.iter().map(|d| d.0.doc.id.clone()).collect();
        assert_eq!(l.independent_sources(&ids), 2);
    }

    #[test]
    fn one_credit_plus_a_shared_passage_makes_a_reprint() {
        let wire = doc(
            "Reuters",
            "Dam gates opened at Kessing. Water levels fell overnight.",
        );
        let copy = doc(
            "Valley Post",
            "Levels fell overnight, Reuters reported. Crews stayed.",
        );
        let docs = [(wire, Extraction::default()), (copy, Extraction::default())];
        let pairs: Vec<(&PreparedDoc, &Extraction)> = docs.iter().map(|(p, e)| (p, e)).collect();
        let shared = Reuse {
            passages: Vec::new(),
            pairs: vec![crate::reuse::PairReuse {
                a: 0,
                b: 1,
                sentences_a: 1,
                sentences_b: 1,
                coverage_a: 0.5,
                coverage_b: 0.5,
            }],
            passages_elsewhere: Vec::new(),
        };
        let cfg = LineageConfig::default();
        assert_eq!(lineages(&pairs, &shared, &cfg).lineages.len(), 1);
        // The same single credit without shared text is only a passing credit.
        assert_eq!(lineages(&pairs, &Reuse::default(), &cfg).lineages.len(), 2);
    }

    #[test]
    fn credited_outlet_outside_the_corpus_is_the_origin() {
        let a = doc(
            "Daily Ledger",
            "Dam gates opened, according to AP. Levels fell, AP reported.",
        );
        let b = doc(
            "Valley Post",
            "Crews worked all night, the Associated Press reported. Roads reopened, cited by AP.",
        );
        let docs = vec![(a, Extraction::default()), (b, Extraction::default())];
        let l = run(&docs);
        assert_eq!(l.lineages.len(), 1);
        let lin = &l.lineages[0];
        assert_eq!(lin.origin_doc, None);
        assert_eq!(lin.origin_outlet.as_deref(), Some("Associated Press"));
        assert_eq!(lin.origin_reason, "credited_not_in_corpus");
        let phrases: Vec<&str> = lin
            .credits
            .iter()
            .map(|c| {
                let d = &docs.iter().find(|d| d.0.doc.id == c.doc).expect("member").0;
                d.slice(c.span)
            })
            .collect();
        assert_eq!(
            phrases,
            vec![
                "according to AP",
                "AP reported",
                "the Associated Press reported",
                "cited by AP"
            ]
        );
    }

    #[test]
    fn self_credits_and_unknown_sources_are_not_credits() {
        let d = doc(
            "Associated Press",
            "The mayor told The Associated Press on Friday. Police told Mr. Varga, according to Sheriff Dunn.",
        );
        assert!(find_credits(&d, &Extraction::default(), &HashMap::new()).is_empty());
    }

    #[test]
    fn outlet_names_normalise() {
        let none = HashMap::new();
        assert_eq!(outlet_key("AP", &none).as_deref(), Some("Associated Press"));
        assert_eq!(
            outlet_key("the Associated Press", &none).as_deref(),
            Some("Associated Press")
        );
        assert_eq!(outlet_key("police", &none), None);
    }
}
