//! HTML body extraction on `html-extraction-dev` (91 real pages from 77 sites with gold
//! article bodies), scored exactly as the Zyte article-extraction benchmark's `evaluate.py`:
//! `\w+` tokens (Python's `\w`: letters, numbers, `_`), word 4-gram shingles, per-page
//! TP/FP/FN, precision and recall as means over pages, F1 of the means, and exact-match
//! accuracy on the token sequence. The same computation on single tokens (n = 1, the
//! bag-of-words metric `evaluate.py` cites as its model) is printed as "token F1".
//!
//! About 1,000 lines: an evaluation harness (the benchmark's scorer re-implemented, site
//! folds, the comparison extractors' outputs), not product code; kept in one binary so the
//! whole protocol reads in one place.
//!
//! ```text
//! cargo run --release -p corroborate-eval --bin eval-html -- --cv
//! cargo run --release -p corroborate-eval --features compare-html --bin eval-html -- --all
//! ```
//!
//! Flags: `--all` also scores the candidate crates and combinations (needs the `compare-html`
//! feature); `--extractor NAME` scores one; `--cv` runs the site-wise cross-validation of our
//! pre-clean rules (pages split into 5 folds by site; rules are selected on four folds and
//! scored on the fifth); `--fixtures` scores our own fictional pages instead; `--robustness`
//! runs each extractor on generated bad inputs (deep nesting, 50 MB, junk) in a child
//! process; `--meta` prints the metadata read from each page and scores dates and titles
//! against `tests/annotations/html_meta.json`; `--show ID` prints one page's extracted body;
//! `--worst N` lists the N pages with the lowest F1 for the first extractor. Every scoring run
//! also reports the removed boilerplate our loader keeps as ignored spans, by reason.
//!
//! About 1,000 lines: one evaluation binary with its scorer, cross-validation and robustness
//! runs, kept together so each figure in `docs/accuracy.md` comes from one command.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::io::Read;
use std::sync::LazyLock;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use corroborate_core::load::html::BodyOptions;
use corroborate_eval::data_dir;
use regex::Regex;

/// Python's `\w+` on `str`: characters that are alphabetic (`L*`) or numeric (`N*`), and `_`.
/// (Rust's own `\w` also takes combining marks, which Python's does not.)
static WORD: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"[\p{L}\p{N}_]+").expect("valid regex"));

/// One page of the benchmark.
struct Page {
    id: String,
    html: String,
    gold: String,
    /// The page's site (registrable domain of its URL), the unit of the cross-validation folds.
    site: String,
}

/// An extractor under test: a name and a function from HTML to body text.
type Extractor = (&'static str, fn(&str) -> String);

/// The loader's own path: body and metadata (title, byline, date, URL, outlet), so the
/// throughput is that of `html::load`.
fn ours(html: &str) -> String {
    body_text(&corroborate_core::load::html::extract_article(html))
}

/// The body paragraphs that are not marked as ignored in place (cookie banners), as the
/// extractors downstream read them.
fn body_text(a: &corroborate_core::load::html::Article) -> String {
    let mut marked = a.marked.iter().map(|(i, _)| *i).peekable();
    a.paragraphs
        .iter()
        .enumerate()
        .filter(|(i, _)| marked.next_if_eq(i).is_none())
        .map(|(_, p)| p.as_str())
        .collect::<Vec<_>>()
        .join("\n\n")
}

#[cfg(feature = "compare-html")]
mod candidates {
    use corroborate_core::load::html::{precleaned_html, BodyOptions};

    pub fn rs_trafilatura(html: &str) -> String {
        rs_trafilatura::extract(html)
            .map(|r| r.content_text)
            .unwrap_or_default()
    }

    pub fn trafilatura(html: &str) -> String {
        trafilatura::extract(html, &trafilatura::Options::default())
            .map(|r| r.content_text)
            .unwrap_or_default()
    }

    /// Our pre-clean, then rs-trafilatura on the cleaned page.
    pub fn preclean_rs_trafilatura(html: &str) -> String {
        let cleaned = precleaned_html(html, &BodyOptions::default());
        rs_trafilatura(cleaned.as_deref().unwrap_or(html))
    }

    /// Our pre-clean, then trafilatura on the cleaned page.
    pub fn preclean_trafilatura(html: &str) -> String {
        let cleaned = precleaned_html(html, &BodyOptions::default());
        trafilatura(cleaned.as_deref().unwrap_or(html))
    }

    /// Agreement as a signal: our paragraphs that rs-trafilatura also extracted, unless that
    /// leaves under half of our text (then the extractors disagree on the page and ours stands).
    pub fn agreement(html: &str) -> String {
        let ours = super::ours(html);
        let other: String = rs_trafilatura(html)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let kept: Vec<&str> = ours.split("\n\n").filter(|p| other.contains(*p)).collect();
        if kept.iter().map(|p| p.len()).sum::<usize>() * 2 < ours.len() {
            ours
        } else {
            kept.join("\n\n")
        }
    }

    pub fn dom_smoothie(html: &str) -> String {
        let cfg = dom_smoothie::Config {
            text_mode: dom_smoothie::TextMode::Formatted,
            ..Default::default()
        };
        match dom_smoothie::Readability::new(html, None, Some(cfg)) {
            Ok(mut r) => r
                .parse()
                .map(|a| a.text_content.to_string())
                .unwrap_or_default(),
            Err(_) => String::new(),
        }
    }
}

fn extractors() -> Vec<Extractor> {
    #[allow(unused_mut)]
    let mut v: Vec<Extractor> = vec![("corroborate", ours)];
    #[cfg(feature = "compare-html")]
    {
        v.push(("rs-trafilatura", candidates::rs_trafilatura));
        v.push(("trafilatura", candidates::trafilatura));
        v.push(("dom_smoothie", candidates::dom_smoothie));
        v.push((
            "pre-clean+rs-trafilatura",
            candidates::preclean_rs_trafilatura,
        ));
        v.push(("pre-clean+trafilatura", candidates::preclean_trafilatura));
        v.push(("agreement(ours,rs-traf)", candidates::agreement));
    }
    v
}

/// CPU time of the current thread (`CLOCK_THREAD_CPUTIME_ID`), so that throughput is not
/// skewed by other processes on a shared machine; `None` if the clock is unavailable.
fn thread_cpu_time() -> Option<Duration> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec for the duration of the call.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (rc == 0).then(|| Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32))
}

fn load_pages() -> Result<Vec<Page>> {
    let dir = data_dir().join("html-extraction-dev");
    let gt_path = dir.join("ground-truth.json");
    let gt: HashMap<String, serde_json::Value> = serde_json::from_str(
        &std::fs::read_to_string(&gt_path)
            .with_context(|| format!("reading {}", gt_path.display()))?,
    )?;
    let mut ids: Vec<&String> = gt.keys().collect();
    ids.sort();
    let mut pages = Vec::new();
    for id in ids {
        let path = dir.join("html").join(format!("{id}.html.gz"));
        let mut bytes = Vec::new();
        flate2::read::GzDecoder::new(
            std::fs::File::open(&path).with_context(|| format!("opening {}", path.display()))?,
        )
        .read_to_end(&mut bytes)?;
        let gold = gt[id]["articleBody"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        let url = gt[id]["url"].as_str().unwrap_or_default();
        pages.push(Page {
            id: id.clone(),
            html: String::from_utf8_lossy(&bytes).into_owned(),
            gold,
            site: site_of(url),
        });
    }
    if pages.is_empty() {
        bail!("no pages found in {}", dir.display());
    }
    Ok(pages)
}

/// Our own fictional news pages (`corroborate-core/tests/fixtures/html/*.html`), each with its
/// gold body in `*.body.txt`.
fn load_fixtures() -> Result<Vec<Page>> {
    let dir =
        corroborate_eval::workspace_root().join("crates/corroborate-core/tests/fixtures/html");
    let mut pages = Vec::new();
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .with_context(|| format!("reading {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .collect();
    paths.sort();
    for path in paths {
        let gold_path = path.with_extension("body.txt");
        let Ok(gold) = std::fs::read_to_string(&gold_path) else {
            continue;
        };
        pages.push(Page {
            site: String::new(),
            id: path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default(),
            html: std::fs::read_to_string(&path)?,
            gold,
        });
    }
    if pages.is_empty() {
        bail!("no fixture pages with gold bodies in {}", dir.display());
    }
    Ok(pages)
}

fn tokens(text: &str) -> Vec<&str> {
    WORD.find_iter(text).map(|m| m.as_str()).collect()
}

/// The multiset of word n-grams; a text of fewer than `n` tokens gives one shorter n-gram,
/// and a text without tokens gives none (as `evaluate.py`'s `_ngrams`).
fn shingles<'a>(toks: &'a [&'a str], n: usize) -> HashMap<&'a [&'a str], usize> {
    let mut out = HashMap::new();
    if toks.is_empty() {
        return out;
    }
    if toks.len() < n {
        out.insert(toks, 1);
    } else {
        for w in toks.windows(n) {
            *out.entry(w).or_insert(0) += 1;
        }
    }
    out
}

/// One page's shingle counts (TP, FP, FN), for 4-grams and for single tokens, and whether the
/// token sequences match exactly.
#[derive(Clone, Copy, Debug, Default)]
struct PageCounts {
    shingle: [usize; 3],
    token: [usize; 3],
    exact: bool,
}

fn tp_fp_fn(pred: &[&str], gold: &[&str], n: usize) -> [usize; 3] {
    let p = shingles(pred, n);
    let g = shingles(gold, n);
    let (mut tp, mut fp) = (0, 0);
    for (k, &c) in &p {
        let m = g.get(k).copied().unwrap_or(0);
        tp += c.min(m);
        fp += c.saturating_sub(m);
    }
    let fn_ = g
        .iter()
        .map(|(k, &m)| m.saturating_sub(p.get(k).copied().unwrap_or(0)))
        .sum();
    [tp, fp, fn_]
}

fn page_counts(pred: &str, gold: &str) -> PageCounts {
    let (p, g) = (tokens(pred), tokens(gold));
    PageCounts {
        shingle: tp_fp_fn(&p, &g, 4),
        token: tp_fp_fn(&p, &g, 1),
        exact: p == g,
    }
}

/// `evaluate.py`'s per-page precision and recall, `None` where the page is left out of the mean.
fn page_pr([tp, fp, fn_]: [usize; 3]) -> (Option<f64>, Option<f64>) {
    let one = |num: usize, other: usize| {
        if fp == 0 && fn_ == 0 {
            1.0
        } else if num == 0 && other == 0 {
            0.0
        } else {
            num as f64 / (num + other) as f64
        }
    };
    (
        (tp + fp > 0).then(|| one(tp, fp)),
        (tp + fn_ > 0).then(|| one(tp, fn_)),
    )
}

fn mean(v: &[f64]) -> f64 {
    if v.is_empty() {
        0.0
    } else {
        v.iter().sum::<f64>() / v.len() as f64
    }
}

/// Precision, recall and F1 (of the means) over a set of pages, as `evaluate.py`.
fn metrics<'a>(counts: impl Iterator<Item = &'a [usize; 3]>) -> (f64, f64, f64) {
    let (mut ps, mut rs) = (Vec::new(), Vec::new());
    for c in counts {
        let (p, r) = page_pr(*c);
        ps.extend(p);
        rs.extend(r);
    }
    let (p, r) = (mean(&ps), mean(&rs));
    let f1 = if p + r > 0.0 {
        2.0 * p * r / (p + r)
    } else {
        0.0
    };
    (p, r, f1)
}

/// Page F1 (4-gram shingles), for ranking pages and rules.
fn page_f1(c: &PageCounts) -> f64 {
    let (p, r) = page_pr(c.shingle);
    let (p, r) = (p.unwrap_or(0.0), r.unwrap_or(0.0));
    if p + r > 0.0 {
        2.0 * p * r / (p + r)
    } else {
        0.0
    }
}

struct Score {
    counts: Vec<PageCounts>,
    time: Duration,
}

impl Score {
    fn summary(&self, pages: &[usize]) -> Summary {
        let (p, r, f1) = metrics(pages.iter().map(|&i| &self.counts[i].shingle));
        let (_, _, token_f1) = metrics(pages.iter().map(|&i| &self.counts[i].token));
        let exact = pages.iter().filter(|&&i| self.counts[i].exact).count();
        Summary {
            p,
            r,
            f1,
            token_f1,
            acc: exact as f64 / pages.len().max(1) as f64,
        }
    }
}

struct Summary {
    p: f64,
    r: f64,
    f1: f64,
    token_f1: f64,
    acc: f64,
}

/// Runs an extractor on every page (in order, on this thread, timing its CPU).
fn score(pages: &[Page], f: &(dyn Fn(&str) -> String + Sync)) -> Score {
    let mut counts = Vec::with_capacity(pages.len());
    let mut time = Duration::ZERO;
    for page in pages {
        let (t, cpu) = (Instant::now(), thread_cpu_time());
        let pred = f(&page.html);
        time += match (cpu, thread_cpu_time()) {
            (Some(a), Some(b)) => b.saturating_sub(a),
            _ => t.elapsed(),
        };
        counts.push(page_counts(&pred, &page.gold));
    }
    Score { counts, time }
}

/// Runs an extractor on the given pages in parallel (no timing), for the rule ablations.
fn counts_par(
    pages: &[Page],
    idx: &[usize],
    f: &(dyn Fn(&str) -> String + Sync),
) -> Vec<PageCounts> {
    use rayon::prelude::*;
    idx.par_iter()
        .map(|&i| page_counts(&f(&pages[i].html), &pages[i].gold))
        .collect()
}

/// The site of a URL: its host without `www.`, cut to the registrable domain (the last two
/// labels, or three under a two-letter country code with a generic second level such as
/// `co.uk` or `com.br`).
fn site_of(url: &str) -> String {
    let host = url
        .split("://")
        .nth(1)
        .unwrap_or(url)
        .split(['/', '?', '#', ':'])
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    let labels: Vec<&str> = host.split('.').filter(|l| !l.is_empty()).collect();
    let keep = match labels.as_slice() {
        [.., second, tld]
            if tld.len() == 2 && matches!(*second, "co" | "com" | "org" | "net" | "ac" | "gov") =>
        {
            3
        }
        _ => 2,
    };
    labels[labels.len().saturating_sub(keep)..].join(".")
}

const FOLDS: usize = 5;

/// FNV-1a, a fixed hash so that the fold split never changes between runs or builds.
fn fnv1a(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Page indices per fold: sites ordered by a fixed hash and dealt round-robin, so every page
/// of a site is in the same fold and no fold sees a held-out site's template.
fn site_folds(pages: &[Page]) -> Vec<Vec<usize>> {
    let mut sites: Vec<&str> = pages.iter().map(|p| p.site.as_str()).collect();
    sites.sort_by_key(|s| (fnv1a(s), *s));
    sites.dedup();
    let fold_of: HashMap<&str, usize> = sites
        .iter()
        .enumerate()
        .map(|(i, s)| (*s, i % FOLDS))
        .collect();
    let mut folds = vec![Vec::new(); FOLDS];
    for (i, p) in pages.iter().enumerate() {
        folds[fold_of[p.site.as_str()]].push(i);
    }
    folds
}

/// Pre-clean rules tried and rejected by the site-wise selection (they helped fewer than two
/// sites, or hurt overall). Kept here, not in the loader, so that every `--cv` run selects
/// from the full candidate set and the held-out figure stays honest.
const REJECTED_RULES: &[&str] = &[
    "density:links",
    "class:cookie",
    "class:cookies",
    "class:consent",
    "class:gdpr",
];

/// Our extractor with the given pre-clean rules.
fn ours_with(html: &str, opts: &BodyOptions) -> String {
    body_text(&corroborate_core::load::html::extract_article_with(
        html, opts,
    ))
}

/// Every candidate rule: the shipped ones and the rejected ones.
fn candidate_rules() -> Vec<String> {
    let mut ids = corroborate_core::load::html::rule_ids();
    ids.extend(REJECTED_RULES.iter().map(|s| s.to_string()));
    ids
}

/// Options that enable exactly `on` among the candidate rules.
fn options_for(on: &BTreeSet<String>) -> BodyOptions {
    let shipped: BTreeSet<String> = corroborate_core::load::html::rule_ids()
        .into_iter()
        .collect();
    BodyOptions {
        disabled: shipped.difference(on).cloned().collect(),
        extra: on.difference(&shipped).cloned().collect(),
        no_preclean: false,
    }
}

/// Per rule, on the given pages: the sites where the page F1 is higher with the rule than
/// without it, the sites where it is lower, and the change in F1 over those pages.
struct RuleEffect {
    helped: BTreeSet<String>,
    hurt: BTreeSet<String>,
    delta_f1: f64,
}

fn rule_effect(
    pages: &[Page],
    idx: &[usize],
    with: &[PageCounts],
    without: &[PageCounts],
) -> RuleEffect {
    let mut helped = BTreeSet::new();
    let mut hurt = BTreeSet::new();
    for &i in idx {
        let d = page_f1(&with[i]) - page_f1(&without[i]);
        if d > 1e-9 {
            helped.insert(pages[i].site.clone());
        } else if d < -1e-9 {
            hurt.insert(pages[i].site.clone());
        }
    }
    let f = |c: &[PageCounts]| metrics(idx.iter().map(|&i| &c[i].shingle)).2;
    RuleEffect {
        helped,
        hurt,
        delta_f1: f(with) - f(without),
    }
}

/// The selection rule: keep a rule when, on the training pages, it raises F1 and helps at
/// least two sites (a rule that helps one site was written for that site's template).
fn keeps(e: &RuleEffect) -> bool {
    e.delta_f1 > 0.0 && e.helped.len() >= 2
}

/// Site-wise cross-validation of the pre-clean rule selection, with the per-rule table.
fn cross_validate(pages: &[Page]) {
    let all: Vec<usize> = (0..pages.len()).collect();
    let candidates = candidate_rules();
    let every: BTreeSet<String> = candidates.iter().cloned().collect();
    let run = |on: &BTreeSet<String>| {
        let opts = options_for(on);
        counts_par(pages, &all, &move |h: &str| ours_with(h, &opts))
    };
    let base = run(&every);
    let ablated: Vec<Vec<PageCounts>> = candidates
        .iter()
        .map(|r| {
            let mut on = every.clone();
            on.remove(r);
            run(&on)
        })
        .collect();
    let select = |idx: &[usize]| -> BTreeSet<String> {
        candidates
            .iter()
            .zip(&ablated)
            .filter(|(_, without)| keeps(&rule_effect(pages, idx, &base, without)))
            .map(|(r, _)| r.clone())
            .collect()
    };

    println!(
        "\nPre-clean rules on all pages (each switched off alone from the full candidate set):"
    );
    println!(
        "{:<22} {:>6} {:>5} {:>9}  selected",
        "rule", "helps", "hurts", "dF1"
    );
    for (r, without) in candidates.iter().zip(&ablated) {
        let e = rule_effect(pages, &all, &base, without);
        println!(
            "{:<22} {:>6} {:>5} {:>+9.4}  {}{}",
            r,
            e.helped.len(),
            e.hurt.len(),
            e.delta_f1,
            if keeps(&e) { "yes" } else { "no" },
            if e.helped.len() == 1 {
                format!(
                    " (only {})",
                    e.helped.iter().next().map_or("", String::as_str)
                )
            } else {
                String::new()
            }
        );
    }

    let folds = site_folds(pages);
    let mut cv = vec![PageCounts::default(); pages.len()];
    println!("\nSite-wise {FOLDS}-fold cross-validation (rules selected on the other folds):");
    println!(
        "{:<5} {:>5} {:>5} {:>6} {:>8} {:>8} {:>8}",
        "fold", "sites", "pages", "rules", "F1 held", "shipped", "bare"
    );
    let selected_all = select(&all);
    let shipped: BTreeSet<String> = corroborate_core::load::html::rule_ids()
        .into_iter()
        .collect();
    let shipped_counts = run(&shipped);
    let bare_opts = BodyOptions {
        no_preclean: true,
        ..BodyOptions::default()
    };
    let bare = counts_par(pages, &all, &move |h: &str| ours_with(h, &bare_opts));
    for (k, fold) in folds.iter().enumerate() {
        let train: Vec<usize> = all.iter().copied().filter(|i| !fold.contains(i)).collect();
        let chosen = select(&train);
        let opts = options_for(&chosen);
        let held = counts_par(pages, fold, &move |h: &str| ours_with(h, &opts));
        for (&i, c) in fold.iter().zip(held) {
            cv[i] = c;
        }
        let sites: BTreeSet<&str> = fold.iter().map(|&i| pages[i].site.as_str()).collect();
        let f = |c: &[PageCounts]| metrics(fold.iter().map(|&i| &c[i].shingle)).2;
        println!(
            "{:<5} {:>5} {:>5} {:>6} {:>8.3} {:>8.3} {:>8.3}",
            k + 1,
            sites.len(),
            fold.len(),
            chosen.len(),
            f(&cv),
            f(&shipped_counts),
            f(&bare)
        );
    }
    let cv_score = Score {
        counts: cv,
        time: Duration::ZERO,
    };
    let shipped_score = Score {
        counts: shipped_counts,
        time: Duration::ZERO,
    };
    let (c, s) = (cv_score.summary(&all), shipped_score.summary(&all));
    println!(
        "\nshipped rules, all pages: P {:.3} R {:.3} F1 {:.3} token F1 {:.3} exact {:.3}",
        s.p, s.r, s.f1, s.token_f1, s.acc
    );
    println!(
        "cross-validated (held-out folds pooled): P {:.3} R {:.3} F1 {:.3} token F1 {:.3} exact {:.3}",
        c.p, c.r, c.f1, c.token_f1, c.acc
    );
    println!("gap (all pages - cross-validated): {:+.3}", s.f1 - c.f1);
    if selected_all != shipped {
        let add: Vec<_> = selected_all.difference(&shipped).collect();
        let drop: Vec<_> = shipped.difference(&selected_all).collect();
        println!("NOTE: selection on all pages differs from the shipped rules: add {add:?}, drop {drop:?}");
    } else {
        println!("The shipped rules are exactly the selection on all pages.");
    }
}

/// Prints each extractor's F1 on every site-wise fold (fixed extractors: nothing is tuned).
fn per_fold(pages: &[Page], scores: &[(&str, Score)]) {
    let folds = site_folds(pages);
    print!("\nF1 per site-wise fold:\n{:<26}", "extractor");
    for k in 0..folds.len() {
        print!(" {:>6}", format!("fold{}", k + 1));
    }
    println!();
    for (name, s) in scores {
        print!("{name:<26}");
        for fold in &folds {
            print!(" {:>6.3}", s.summary(fold).f1);
        }
        println!();
    }
}

/// Generated bad inputs: nesting, size, junk, broken markup.
fn bad_input(case: &str) -> String {
    let para = "<p>The council met on Tuesday and voted to repave Elm Street next spring.</p>\n";
    match case {
        "nested-10k" => format!(
            "<html><body>{}<p>Deep text at the bottom of the page.</p>{}</body></html>",
            "<div>".repeat(10_000),
            "</div>".repeat(10_000)
        ),
        "unclosed-10k" => format!(
            "<html><body>{}<p>Text inside ten thousand unclosed tags.</p>",
            "<div><span><b>".repeat(3_400)
        ),
        "page-50mb" => format!(
            "<html><body><article>{}</article></body></html>",
            para.repeat(50_000_000 / para.len())
        ),
        "junk" => (0..200_000u32)
            .map(|i| {
                char::from_u32((i.wrapping_mul(2_654_435_761) >> 8) % 0x2FF + 1).unwrap_or('?')
            })
            .collect(),
        "broken" => "<html><body><div class=\"a><p>Unterminated attribute <b>bold <i>both</b> \
                     crossed</i> &amp &#xZZ; &#99999999; <p>second</td></tr></table></html"
            .repeat(1_000),
        _ => String::new(),
    }
}

const BAD_CASES: [&str; 5] = ["nested-10k", "unclosed-10k", "page-50mb", "junk", "broken"];

/// Runs each extractor on each bad input in a child process (a stack overflow aborts the
/// process, so it cannot be caught in-process) and prints the outcome and time.
fn robustness(chosen: &[Extractor]) -> Result<()> {
    let exe = std::env::current_exe()?;
    println!(
        "{:<16} {:<14} {:>8}  outcome",
        "extractor", "input", "seconds"
    );
    for (name, _) in chosen {
        for case in BAD_CASES {
            let t = Instant::now();
            let out = std::process::Command::new(&exe)
                .args(["--robust-case", name, case])
                .output()?;
            let outcome = if out.status.success() {
                String::from_utf8_lossy(&out.stdout).trim().to_string()
            } else {
                let err = String::from_utf8_lossy(&out.stderr);
                let last = err
                    .lines()
                    .find(|l| l.contains("overflow") || l.contains("panicked"));
                format!("FAILED ({})", last.unwrap_or("killed").trim())
            };
            println!(
                "{:<16} {:<14} {:>8.2}  {}",
                name,
                case,
                t.elapsed().as_secs_f64(),
                outcome
            );
        }
    }
    Ok(())
}

/// Prints how many characters of removed boilerplate our loader keeps in the documents as
/// ignored spans, by reason, and how many were beyond the cap. The scores above use only the
/// body, which comes before these spans in the document.
fn print_kept_boilerplate(pages: &[Page]) -> Result<()> {
    let mut by_reason: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let (mut docs, mut capped, mut in_body) = (0usize, 0usize, 0usize);
    for page in pages {
        let Ok((doc, notice)) = corroborate_core::load::html::load_noting(&page.id, &page.html)
        else {
            continue;
        };
        docs += 1;
        capped += usize::from(notice.is_some());
        in_body += corroborate_core::load::html::extract_article(&page.html)
            .marked
            .len();
        for ig in &doc.ignored {
            let reason = serde_json::to_value(ig.reason)?
                .as_str()
                .unwrap_or_default()
                .to_string();
            let e = by_reason.entry(reason).or_default();
            e.0 += 1;
            e.1 += doc.slice(ig.span).chars().count();
        }
    }
    let total: usize = by_reason.values().map(|v| v.1).sum();
    let blocks: usize = by_reason.values().map(|v| v.0).sum();
    println!(
        "
removed boilerplate kept as ignored spans over {docs} documents: {total} characters in \
         {blocks} blocks ({capped} documents hit the cap; {in_body} of the blocks are body \
         paragraphs marked in place)"
    );
    for (reason, (n, chars)) in &by_reason {
        println!("    {reason:<14} {n:>5} blocks {chars:>8} chars");
    }
    Ok(())
}

/// A title for comparison: curly quotes straightened, white space collapsed, lower case.
fn title_key(t: &str) -> String {
    t.replace(['\u{2018}', '\u{2019}'], "'")
        .replace(['\u{201c}', '\u{201d}'], "\"")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Prints the metadata our loader reads from each page (`--verbose`), and scores the
/// publication date and the title against our hand annotation
/// (`tests/annotations/html_meta.json`).
fn print_metadata(pages: &[Page], verbose: bool) -> Result<()> {
    let path = corroborate_eval::workspace_root().join("tests/annotations/html_meta.json");
    let ann: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?,
    )?;
    let mut found = [0usize; 7];
    let (mut dated, mut date_right, mut date_utc_right, mut titles_right) = (0, 0, 0, 0);
    let mut wrong = Vec::new();
    for page in pages {
        let a = corroborate_core::load::html::extract_article(&page.html);
        let truth = &ann["pages"][&page.id];
        if truth.is_null() {
            bail!("page {} is not in {}", page.id, path.display());
        }
        let fields = [
            a.title.is_some(),
            a.byline.is_some(),
            a.published.is_some(),
            a.modified.is_some(),
            a.url.is_some(),
            a.outlet.is_some(),
            a.language.is_some(),
        ];
        for (c, f) in found.iter_mut().zip(fields) {
            *c += usize::from(f);
        }
        let short = page.id.get(..8).unwrap_or(&page.id);
        if let Some(want) = truth["published"].as_str() {
            dated += 1;
            let got = a.published.map(|d| d.date.to_string());
            if got.as_deref() == Some(want) {
                date_right += 1;
            } else {
                wrong.push(format!("{short} date: want {want}, got {got:?}"));
            }
            let utc = a
                .published
                .and_then(|d| d.utc)
                .map(|t| t.to_zoned(jiff::tz::TimeZone::UTC).date().to_string())
                .or_else(|| a.published.map(|d| d.date.to_string()));
            date_utc_right += usize::from(utc.as_deref() == Some(want));
        }
        let title_ok = a.title.as_deref().is_some_and(|t| {
            ["title", "title_alt"]
                .iter()
                .filter_map(|k| truth[k].as_str())
                .any(|w| title_key(w) == title_key(t))
        });
        titles_right += usize::from(title_ok);
        if !title_ok {
            wrong.push(format!(
                "{short} title: want {:?}, got {:?}",
                truth["title"].as_str().unwrap_or_default(),
                a.title
            ));
        }
        if verbose {
            println!(
                "{short}\n  title:    {:?}\n  byline:   {:?}\n  date:     {:?}\n  modified: {:?}\n  url:      {:?}\n  outlet:   {:?}\n  language: {:?}",
                a.title,
                a.byline,
                a.published.map(|d| format!("{} ({}; UTC {:?})", d.date, d.field, d.utc.map(|t| t.to_string()))),
                a.modified.map(|d| format!("{} ({})", d.date, d.field)),
                a.url,
                a.outlet.map(|(o, f)| format!("{o} ({f})")),
                a.language.map(|(l, f)| format!("{l} ({f})")),
            );
        }
    }
    for w in &wrong {
        println!("  {w}");
    }
    println!(
        "found in {} pages: title {}, byline {}, published {}, modified {}, url {}, outlet {}, language {}",
        pages.len(),
        found[0],
        found[1],
        found[2],
        found[3],
        found[4],
        found[5],
        found[6]
    );
    println!(
        "publication date right (as the page states it) on {date_right} of {dated} pages that state one ({:.1}%); as the UTC date: {date_utc_right} ({:.1}%)",
        100.0 * date_right as f64 / dated.max(1) as f64,
        100.0 * date_utc_right as f64 / dated.max(1) as f64
    );
    println!(
        "title right on {titles_right} of {} pages ({:.1}%)",
        pages.len(),
        100.0 * titles_right as f64 / pages.len().max(1) as f64
    );
    Ok(())
}

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--robust-case") {
        let name = args.get(1).context("extractor name")?;
        let case = args.get(2).context("case name")?;
        let (_, f) = extractors()
            .into_iter()
            .find(|(n, _)| n == name)
            .context("unknown extractor")?;
        let input = bad_input(case);
        // Run on a thread with the default 2 MiB stack, as library callers (and tests) do.
        let text = std::thread::spawn(move || f(&input))
            .join()
            .map_err(|_| anyhow::anyhow!("panicked"))?;
        println!("ok, {} chars extracted", text.len());
        return Ok(());
    }
    let mut chosen: Vec<Extractor> = Vec::new();
    let mut show = None;
    let mut worst = 0usize;
    let mut fixtures = false;
    let mut robust = false;
    let mut meta = false;
    let mut cv = false;
    let mut verbose = false;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--all" => chosen = extractors(),
            "--extractor" => {
                i += 1;
                let name = args.get(i).context("--extractor needs a name")?;
                let e = extractors()
                    .into_iter()
                    .find(|(n, _)| n == name)
                    .with_context(|| {
                        format!(
                            "unknown extractor {name} (candidates need --features compare-html)"
                        )
                    })?;
                chosen.push(e);
            }
            "--fixtures" => fixtures = true,
            "--robustness" => robust = true,
            "--meta" => meta = true,
            "--cv" => cv = true,
            "--verbose" => verbose = true,
            "--show" => {
                i += 1;
                show = args.get(i).cloned();
            }
            "--worst" => {
                i += 1;
                worst = args.get(i).and_then(|s| s.parse().ok()).unwrap_or(10);
            }
            other => bail!("unknown argument {other}"),
        }
        i += 1;
    }
    if chosen.is_empty() {
        chosen = extractors().into_iter().take(1).collect();
    }
    if robust {
        return robustness(&chosen);
    }
    let pages = if fixtures {
        load_fixtures()?
    } else {
        load_pages()?
    };
    if meta {
        return print_metadata(&pages, verbose);
    }
    if let Some(id) = show {
        let page = pages
            .iter()
            .find(|p| p.id.starts_with(&id))
            .context("no such page")?;
        for (name, f) in &chosen {
            println!("== {name}\n{}\n", f(&page.html));
        }
        return Ok(());
    }
    let mb: f64 = pages.iter().map(|p| p.html.len()).sum::<usize>() as f64 / 1e6;
    println!(
        "{}: {} pages, {:.1} MB of HTML",
        if fixtures {
            "own fixtures"
        } else {
            "html-extraction-dev"
        },
        pages.len(),
        mb
    );
    println!(
        "{:<26} {:>6} {:>6} {:>6} {:>8} {:>8} {:>8} {:>7}",
        "extractor", "P", "R", "F1", "token F1", "accuracy", "pages/s", "MB/s"
    );
    println!("(throughput per CPU-second of the extracting thread, one core)");
    let all: Vec<usize> = (0..pages.len()).collect();
    let mut scores = Vec::new();
    for (name, f) in chosen {
        let s = score(&pages, &f);
        let m = s.summary(&all);
        let secs = s.time.as_secs_f64().max(1e-9);
        println!(
            "{:<26} {:>6.3} {:>6.3} {:>6.3} {:>8.3} {:>8.3} {:>8.1} {:>7.2}",
            name,
            m.p,
            m.r,
            m.f1,
            m.token_f1,
            m.acc,
            pages.len() as f64 / secs,
            mb / secs
        );
        if scores.is_empty() && worst > 0 {
            let mut pp: Vec<(f64, &str)> = s
                .counts
                .iter()
                .zip(&pages)
                .map(|(c, p)| (page_f1(c), p.id.as_str()))
                .collect();
            pp.sort_by(|a, b| a.0.total_cmp(&b.0));
            for (f1, id) in pp.iter().take(worst) {
                println!("    {f1:.3} {id}");
            }
        }
        scores.push((name, s));
    }
    print_kept_boilerplate(&pages)?;
    if !fixtures {
        per_fold(&pages, &scores);
        if cv {
            cross_validate(&pages);
        }
    }
    Ok(())
}
