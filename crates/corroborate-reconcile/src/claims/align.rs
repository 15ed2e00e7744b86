//! Alignment of statements across articles. Candidates come from two sources, both bounded:
//! an inverted index on shared names, quantities, dates and content words, skipping keys
//! carried by more than [`POSTING_CAP`] statements (they say little about which fact a
//! statement states); and MinHash banding over concept words ([`BANDS`] bands of [`ROWS`]),
//! which catches the facts so many articles carry that all their words are common — each
//! statement of a band bucket is compared with at most [`BUCKET_PREFIX`] earlier ones, and the
//! claim grows by union. Each candidate
//! pair is then scored; pairs above [`ALIGN`] join one claim (union-find). Work is linear in
//! the number of statements times the posting cap, never quadratic.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::hash::{Hash, Hasher};

use corroborate_extract::quantities::{Quantity, QuantityKind};

use super::statements::{stem_word, Statement};
use crate::text::dice;
use crate::Analysed;

/// Longest posting list (and band-bucket prefix) used for candidates.
pub const POSTING_CAP: usize = 48;
/// Score at or above which two statements state the same fact.
pub const ALIGN: f64 = 0.45;
/// Score at or above which two statements are about the same slot (for inconsistencies).
pub const RELATED: f64 = 0.3;
/// Shared concept words other than names a pair needs at the least.
const MIN_SHARED_WORDS: usize = 3;

/// A quantity normalised for comparison: kind, unit, value in that unit (distances in
/// kilometres, durations in days, weights in kilograms).
#[derive(Debug, Clone, PartialEq)]
pub struct NormQty {
    /// What is measured.
    pub kind: QuantityKind,
    /// What the value counts: the counted noun, stemmed, for a count; the base unit for a
    /// distance, duration or weight it converts to; else the unit as written (a currency
    /// code, "percent"). Two values compare only in the same unit: "€103 million" and
    /// "$136 million" do not.
    pub unit: String,
    /// Value in the base unit.
    pub value: f64,
    /// True for vague amounts ("several").
    pub vague: bool,
}

/// Normalises a quantity; distances to km, durations to days, weights to kg.
pub fn norm_qty(q: &Quantity) -> NormQty {
    let unit = q.unit.to_ascii_lowercase();
    let unit = unit.trim_end_matches('s');
    let (factor, base) = match (q.kind, unit) {
        (QuantityKind::Distance, "mile") => (1.609_344, "km"),
        (QuantityKind::Distance, "km" | "kilometer" | "kilometre") => (1.0, "km"),
        (QuantityKind::Distance, "m" | "meter" | "metre") => (0.001, "km"),
        (QuantityKind::Distance, "ft" | "foot" | "feet") => (0.000_304_8, "km"),
        (QuantityKind::Distance, "yard") => (0.000_914_4, "km"),
        (QuantityKind::Duration | QuantityKind::Age, "day") => (1.0, "day"),
        (QuantityKind::Duration | QuantityKind::Age, "week") => (7.0, "day"),
        (QuantityKind::Duration | QuantityKind::Age, "month") => (30.44, "day"),
        (QuantityKind::Duration | QuantityKind::Age, "year") => (365.25, "day"),
        (QuantityKind::Duration | QuantityKind::Age, "hour") => (1.0 / 24.0, "day"),
        (QuantityKind::Duration | QuantityKind::Age, "minute") => (1.0 / 1440.0, "day"),
        (QuantityKind::Weight, "kg" | "kilogram") => (1.0, "kg"),
        (QuantityKind::Weight, "lb" | "pound") => (0.453_592, "kg"),
        (QuantityKind::Count, noun) => {
            return NormQty {
                kind: q.kind,
                unit: stem_word(noun),
                value: q.value,
                vague: q.vague,
            }
        }
        (_, written) => (1.0, written),
    };
    NormQty {
        kind: q.kind,
        unit: base.to_string(),
        value: q.value * factor,
        vague: q.vague,
    }
}

/// True when two normalised values are the same quantity (within 5 %, so "40 miles" and
/// "65 km" agree).
pub fn same_value(a: f64, b: f64) -> bool {
    let m = a.abs().max(b.abs());
    m == 0.0 || (a - b).abs() / m <= 0.05
}

fn qty_key(q: &NormQty) -> String {
    // Coarse buckets so near-equal values share a key: 10 % steps on a log scale.
    let bucket = if q.value > 0.0 {
        (q.value.ln() / 0.1).round() as i64
    } else {
        0
    };
    format!("q:{:?}:{}:{bucket}", q.kind, q.unit)
}

/// The index keys of a statement.
fn keys(st: &Statement, results: &[Analysed]) -> Vec<String> {
    let mut k: Vec<String> = st.words.iter().map(|w| format!("w:{w}")).collect();
    k.extend(st.names.iter().map(|n| format!("n:{n}")));
    k.extend(st.dates.iter().map(|d| format!("d:{d}")));
    if let Some((_, ex)) = results.get(st.doc) {
        for &qi in &st.quantities {
            if let Some(q) = ex.quantities.get(qi) {
                k.push(qty_key(&norm_qty(q)));
            }
        }
    }
    k.sort();
    k.dedup();
    k
}

/// The inverted index over a story's statements.
pub struct Index {
    postings: HashMap<String, Vec<usize>>,
    keys: Vec<Vec<String>>,
}

impl Index {
    /// Builds the index.
    pub fn new(stmts: &[Statement], results: &[Analysed]) -> Self {
        let keys: Vec<Vec<String>> = stmts.iter().map(|s| keys(s, results)).collect();
        let mut postings: HashMap<String, Vec<usize>> = HashMap::new();
        for (i, ks) in keys.iter().enumerate() {
            for k in ks {
                postings.entry(k.clone()).or_default().push(i);
            }
        }
        Index { postings, keys }
    }

    /// Statements sharing at least `min_keys` usable keys with `keys`, with the count shared.
    pub fn candidates<'a>(
        &self,
        keys: impl Iterator<Item = &'a String>,
        min_keys: u32,
    ) -> Vec<(usize, u32)> {
        let mut counts: HashMap<usize, u32> = HashMap::new();
        for k in keys {
            if let Some(p) = self.postings.get(k).filter(|p| p.len() <= POSTING_CAP) {
                for &j in p {
                    *counts.entry(j).or_default() += 1;
                }
            }
        }
        let mut out: Vec<(usize, u32)> = counts.into_iter().filter(|c| c.1 >= min_keys).collect();
        out.sort_unstable();
        out
    }

    /// Candidates for a proposition's concept words.
    pub fn for_words(&self, words: &BTreeSet<String>, min_keys: u32) -> Vec<usize> {
        let keys: Vec<String> = words.iter().map(|w| format!("w:{w}")).collect();
        self.candidates(keys.iter(), min_keys)
            .into_iter()
            .map(|c| c.0)
            .collect()
    }
}

/// Similarity of two statements: Dice over concept words, plus small bonuses for shared
/// names and shared dates or quantities. Zero below two shared words that are not names, and
/// below [`ALIGN`] below [`MIN_SHARED_WORDS`].
pub fn score(a: &Statement, b: &Statement, ka: &[String], kb: &[String]) -> f64 {
    // Names alone (the people every article of a story mentions) do not make two statements
    // one fact: count the shared words that are not names.
    let shared = a
        .words
        .intersection(&b.words)
        .filter(|w| !a.names.contains(*w) && !b.names.contains(*w))
        .count();
    if shared < 2 {
        return 0.0;
    }
    let names = a.names.intersection(&b.names).count().min(3) as f64;
    let facts = ka
        .iter()
        .filter(|k| k.starts_with("q:") || k.starts_with("d:"))
        .any(|k| kb.binary_search(k).is_ok());
    let s = dice(&a.words, &b.words) + 0.05 * names + if facts { 0.1 } else { 0.0 };
    if shared < MIN_SHARED_WORDS {
        // Related (same slot, for inconsistencies) at most, never the same claim.
        s.min(ALIGN - 0.01)
    } else {
        s
    }
}

/// Scored pairs of statements from different articles with score ≥ [`RELATED`], plus the
/// exact-duplicate groups; and the index for later look-ups.
pub fn pairs(stmts: &[Statement], results: &[Analysed]) -> (Vec<(usize, usize, f64)>, Index) {
    let index = Index::new(stmts, results);
    let mut out = Vec::new();
    for (i, st) in stmts.iter().enumerate() {
        for (j, _) in index.candidates(index.keys[i].iter(), 2) {
            if j <= i || stmts[j].doc == st.doc {
                continue;
            }
            let s = score(st, &stmts[j], &index.keys[i], &index.keys[j]);
            if s >= RELATED {
                out.push((i, j, s));
            }
        }
    }
    // Popular facts: MinHash band buckets.
    let mut seen: HashSet<(usize, usize)> = out.iter().map(|p| (p.0, p.1)).collect();
    let mut buckets: HashMap<(usize, u64), Vec<usize>> = HashMap::new();
    for (i, st) in stmts.iter().enumerate() {
        if st.words.len() < 4 {
            continue;
        }
        for (b, sig) in bands(&st.words).into_iter().enumerate() {
            let bucket = buckets.entry((b, sig)).or_default();
            for &j in bucket.iter().take(BUCKET_PREFIX) {
                let (a, c) = (j.min(i), j.max(i));
                if stmts[j].doc == st.doc || !seen.insert((a, c)) {
                    continue;
                }
                let s = score(&stmts[a], &stmts[c], &index.keys[a], &index.keys[c]);
                if s >= RELATED {
                    out.push((a, c, s));
                }
            }
            bucket.push(i);
        }
    }
    // Reprints: identical word sets, however common their words.
    let mut dup: HashMap<&BTreeSet<String>, usize> = HashMap::new();
    for (i, st) in stmts.iter().enumerate() {
        if st.words.len() < 4 {
            continue;
        }
        match dup.get(&st.words) {
            Some(&first) if stmts[first].doc != st.doc => out.push((first, i, 1.0)),
            Some(_) => {}
            None => {
                dup.insert(&st.words, i);
            }
        }
    }
    (out, index)
}

/// Joins aligned statements into claims: pairs at or above [`ALIGN`], best first. Two
/// clusters from different articles join on one aligned pair. Clusters that already share an
/// article (a headline and a lede restating one fact) join only when at least
/// [`SAME_ARTICLE_LINKS`] of their statement pairs across articles are aligned and no article
/// would have more than [`MAX_PER_ARTICLE`] statements in the claim: average linkage there, so
/// that a long sentence cannot chain unrelated facts of one article together.
pub fn cluster(stmts: &[Statement], pairs: &[(usize, usize, f64)]) -> Clusters {
    let mut strong: Vec<&(usize, usize, f64)> = pairs.iter().filter(|p| p.2 >= ALIGN).collect();
    strong.sort_by(|a, b| b.2.total_cmp(&a.2).then((a.0, a.1).cmp(&(b.0, b.1))));
    let aligned: HashSet<(usize, usize)> = strong.iter().map(|p| (p.0, p.1)).collect();
    let mut uf = Clusters::new(stmts.len());
    let mut members: Vec<Vec<usize>> = (0..stmts.len()).map(|i| vec![i]).collect();
    let mut docs: Vec<BTreeSet<usize>> = stmts.iter().map(|s| BTreeSet::from([s.doc])).collect();
    for &&(a, b, _) in &strong {
        let (ra, rb) = (uf.find(a), uf.find(b));
        if ra == rb {
            continue;
        }
        if !docs[ra].is_disjoint(&docs[rb])
            && !linked_enough(stmts, &aligned, &members[ra], &members[rb])
        {
            continue;
        }
        uf.union(ra, rb);
        let root = uf.find(ra);
        let other = if root == ra { rb } else { ra };
        // Keep the larger sets in place (small-to-large), so merging stays near-linear.
        if docs[other].len() > docs[root].len() {
            docs.swap(root, other);
        }
        if members[other].len() > members[root].len() {
            members.swap(root, other);
        }
        let moved = std::mem::take(&mut docs[other]);
        docs[root].extend(moved);
        let moved = std::mem::take(&mut members[other]);
        members[root].extend(moved);
    }
    uf
}

/// Share of the statement pairs across articles of two clusters that must be aligned for
/// clusters sharing an article to join.
pub const SAME_ARTICLE_LINKS: f64 = 0.15;

/// Largest cluster, in statements, that average linkage is computed for: bigger clusters
/// sharing an article never join, which bounds the pair checks.
const MAX_LINKED_CLUSTER: usize = 24;

/// Statements of one article a claim holds at the most (a headline and the lede restating it).
pub const MAX_PER_ARTICLE: usize = 2;

/// True when clusters `a` and `b`, which share an article, may join (see [`cluster`]).
fn linked_enough(
    stmts: &[Statement],
    aligned: &HashSet<(usize, usize)>,
    a: &[usize],
    b: &[usize],
) -> bool {
    if a.len() + b.len() > MAX_LINKED_CLUSTER {
        return false;
    }
    let mut per_article: HashMap<usize, usize> = HashMap::new();
    for &i in a.iter().chain(b) {
        let n = per_article.entry(stmts[i].doc).or_default();
        *n += 1;
        if *n > MAX_PER_ARTICLE {
            return false;
        }
    }
    let (mut across, mut linked) = (0usize, 0usize);
    for &i in a {
        for &j in b {
            if stmts[i].doc == stmts[j].doc {
                continue;
            }
            across += 1;
            if aligned.contains(&(i.min(j), i.max(j))) {
                linked += 1;
            }
        }
    }
    across > 0 && linked as f64 >= SAME_ARTICLE_LINKS * across as f64
}

/// Earlier statements of a band bucket a statement is compared with: enough to join a popular
/// fact's claim (union does the rest), few enough to keep the work linear.
pub const BUCKET_PREFIX: usize = 8;

/// MinHash bands of a statement's concept words.
pub const BANDS: usize = 8;
/// Rows per band.
pub const ROWS: usize = 2;

fn bands(words: &BTreeSet<String>) -> Vec<u64> {
    let mut mins = [u64::MAX; BANDS * ROWS];
    for w in words {
        for (k, m) in mins.iter_mut().enumerate() {
            let mut h = std::hash::DefaultHasher::new();
            (k as u64).hash(&mut h);
            w.hash(&mut h);
            *m = (*m).min(h.finish());
        }
    }
    mins.chunks(ROWS)
        .map(|c| {
            let mut h = std::hash::DefaultHasher::new();
            c.hash(&mut h);
            h.finish()
        })
        .collect()
}

/// Union-find over statement indices.
pub struct Clusters {
    parent: Vec<usize>,
}

impl Clusters {
    /// Every statement alone.
    pub fn new(n: usize) -> Self {
        Clusters {
            parent: (0..n).collect(),
        }
    }

    /// The representative of `i`.
    pub fn find(&mut self, mut i: usize) -> usize {
        while self.parent[i] != i {
            self.parent[i] = self.parent[self.parent[i]];
            i = self.parent[i];
        }
        i
    }

    /// Joins the clusters of `a` and `b`.
    pub fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            let (lo, hi) = if ra < rb { (ra, rb) } else { (rb, ra) };
            self.parent[hi] = lo;
        }
    }
}
