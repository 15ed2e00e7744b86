//! Per-entity timelines on the SemEval-2015 Task 4 trial data
//! (`../shared/data/semeval2015-timeline-trial`: Apple Wikinews articles in CAT XML with gold
//! event mentions, and one gold timeline per target entity). Research data: read at run time,
//! never committed.
//!
//! The system (the Track B setting: the gold event mentions are given) keeps the events of the
//! sentences that name the target entity (its words in sequence, case-insensitive), dates each
//! by the first temporal expression of its sentence with a calendar value (our date extractor,
//! the article's creation time as DCT; `YYYY-XX-XX` / `YYYY-MM-XX` for a year or a month),
//! `XXXX-XX-XX` when the sentence states none, and orders them by date (undated first, as in the
//! gold files); events of one date share an order number.
//!
//! Measures, per timeline and summed (defined here, simpler than the task's temporal-closure
//! F1):
//! - selection P/R/F1: our event ids (`doc-sentence-word`) against the gold timeline's;
//! - date accuracy: among the gold events we keep, the share whose date equals the gold date;
//! - pair order accuracy: among pairs of kept gold events with different gold order numbers, the
//!   share we order the same way (a tie counts as wrong);
//! - the last two also with every gold event given ("all gold events"), which isolates dating.
//!
//! `--dct-fallback` dates an event whose sentence states no date by its article's creation day.
//! The targets are split by file name: the first half is the train half (where the variant was
//! chosen), the second the dev half.
//!
//! `--out DIR` writes our timelines in the task's format (`--format semeval-timeline`: the
//! entity on the first line, then `order<TAB>date<TAB>id`), one file per target.
//!
//! Run: `cargo run --release -p corroborate-eval --bin eval-semeval-timeline [-- --out DIR]`

#![deny(clippy::string_slice)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use anyhow::Context;
use corroborate_eval::{arg_value, data_dir, prf};

struct Token {
    sentence: usize,
    text: String,
    end: usize,
}

struct CatDoc {
    id: String,
    dct: Option<jiff::civil::Date>,
    tokens: Vec<Token>,
    /// Event mentions: index of their first token.
    events: Vec<usize>,
    /// Dates per sentence (calendar values, task format), in text order.
    sentence_dates: BTreeMap<usize, Vec<String>>,
}

fn attr(tag: &str, name: &str) -> Option<String> {
    let key = format!("{name}=\"");
    let at = tag.find(&key)? + key.len();
    let rest = tag.get(at..)?;
    Some(rest.get(..rest.find('"')?)?.to_string())
}

fn unescape(t: &str) -> String {
    t.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// A calendar value in the task's format, else `None`.
fn task_date(value: &str) -> Option<String> {
    let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    let parts: Vec<&str> = value.split('-').collect();
    match parts.as_slice() {
        [y] if y.len() == 4 && digits(y) => Some(format!("{y}-XX-XX")),
        [y, m] if y.len() == 4 && m.len() == 2 && digits(y) && digits(m) => {
            Some(format!("{y}-{m}-XX"))
        }
        [y, m, d] if y.len() == 4 && digits(y) && digits(m) && digits(d) && d.len() == 2 => {
            Some(value.to_string())
        }
        _ => None,
    }
}

fn read_cat(path: &Path) -> anyhow::Result<CatDoc> {
    let xml = std::fs::read_to_string(path)?;
    let id = xml
        .find("<Document")
        .and_then(|i| xml.get(i..))
        .and_then(|t| attr(t.get(..t.find('>')?)?, "doc_id"))
        .context("doc_id")?;
    let token_re = regex::Regex::new(r#"<token ([^>]*)>([^<]*)</token>"#)?;
    let mut tokens = Vec::new();
    let mut by_tid = BTreeMap::new();
    let mut text = String::new();
    let mut last_sentence = None;
    for c in token_re.captures_iter(&xml) {
        let (Some(a), Some(t)) = (c.get(1), c.get(2)) else {
            continue;
        };
        let sentence: usize = attr(a.as_str(), "sentence")
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let tid = attr(a.as_str(), "t_id").unwrap_or_default();
        if let Some(prev) = last_sentence {
            text.push(if prev == sentence { ' ' } else { '\n' });
        }
        last_sentence = Some(sentence);
        let word = unescape(t.as_str());
        text.push_str(&word);
        by_tid.insert(tid, tokens.len());
        tokens.push(Token {
            sentence,
            text: word,
            end: text.len(),
        });
    }
    let block_re = regex::Regex::new(
        r#"(?s)<(EVENT_MENTION|TIMEX3)([^>]*)>(.*?)</(?:EVENT_MENTION|TIMEX3)>"#,
    )?;
    let anchor_re = regex::Regex::new(r#"t_id="([^"]+)""#)?;
    let mut events = Vec::new();
    let mut dct = None;
    for c in block_re.captures_iter(&xml) {
        let kind = c.get(1).map(|m| m.as_str()).unwrap_or("");
        let head = c.get(2).map(|m| m.as_str()).unwrap_or("");
        let body = c.get(3).map(|m| m.as_str()).unwrap_or("");
        if kind == "TIMEX3" {
            if attr(head, "functionInDocument").as_deref() == Some("CREATION_TIME") {
                dct = attr(head, "value").and_then(|v| v.get(..10)?.parse().ok());
            }
            continue;
        }
        if let Some(first) = anchor_re
            .captures(body)
            .and_then(|a| a.get(1))
            .and_then(|t| by_tid.get(t.as_str()))
        {
            events.push(*first);
        }
    }
    let mut sentence_dates: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for t in corroborate_extract::dates::extract_text(&text, &[], dct, |_| false) {
        let Some(value) = t.value.as_deref().and_then(task_date) else {
            continue;
        };
        if let Some(tok) = tokens.iter().find(|k| k.end > t.span.start) {
            sentence_dates.entry(tok.sentence).or_default().push(value);
        }
    }
    Ok(CatDoc {
        id,
        dct,
        tokens,
        events,
        sentence_dates,
    })
}

/// One event of a timeline: (order, date, id).
type Entry = (usize, String, String);

fn read_gold(path: &Path) -> anyhow::Result<(String, Vec<Entry>)> {
    let text = std::fs::read_to_string(path)?;
    let mut lines = text.lines();
    let target = lines.next().unwrap_or("").trim().to_string();
    let mut out = Vec::new();
    for l in lines {
        let f: Vec<&str> = l.split('\t').collect();
        if f.len() < 3 {
            continue;
        }
        let order: usize = f[0].trim().parse().unwrap_or(0);
        for id in f.iter().skip(2) {
            out.push((order, f[1].trim().to_string(), id.trim().to_string()));
        }
    }
    Ok((target, out))
}

fn event_id(doc: &CatDoc, tok: usize) -> String {
    let t = &doc.tokens[tok];
    format!("{}-{}-{}", doc.id, t.sentence, t.text)
}

/// The date of an event in sentence `sentence`: the sentence's first calendar date, else
/// (with `--dct-fallback`) the article's creation day, else undated.
fn date_in(doc: &CatDoc, sentence: usize) -> String {
    doc.sentence_dates
        .get(&sentence)
        .and_then(|v| v.first().cloned())
        .or_else(|| {
            DCT_FALLBACK
                .get()
                .copied()
                .unwrap_or(false)
                .then(|| doc.dct.map(|d| d.to_string()))
                .flatten()
        })
        .unwrap_or_else(|| "XXXX-XX-XX".into())
}

static DCT_FALLBACK: std::sync::OnceLock<bool> = std::sync::OnceLock::new();

fn date_of(doc: &CatDoc, tok: usize) -> String {
    date_in(doc, doc.tokens[tok].sentence)
}

/// Our timeline for `target`: its events ordered and numbered by date.
fn system_timeline(docs: &[CatDoc], target: &str) -> Vec<Entry> {
    let words: Vec<String> = target.split_whitespace().map(str::to_lowercase).collect();
    let mut kept: Vec<(
        String,
        Option<jiff::civil::Date>,
        String,
        usize,
        usize,
        String,
    )> = Vec::new();
    for d in docs {
        let mut named: BTreeSet<usize> = BTreeSet::new();
        for (i, t) in d.tokens.iter().enumerate() {
            let fits = !words.is_empty()
                && words.iter().enumerate().all(|(k, w)| {
                    d.tokens
                        .get(i + k)
                        .is_some_and(|x| x.sentence == t.sentence && x.text.to_lowercase() == *w)
                });
            if fits {
                named.insert(t.sentence);
            }
        }
        for &e in &d.events {
            let s = d.tokens[e].sentence;
            if named.contains(&s) {
                kept.push((date_of(d, e), d.dct, d.id.clone(), s, e, event_id(d, e)));
            }
        }
    }
    kept.sort();
    kept.dedup_by(|a, b| a.5 == b.5);
    number(kept.into_iter().map(|k| (k.0, k.5)).collect())
}

/// Numbers sorted (date, id) pairs: undated first, one order number per distinct date.
fn number(v: Vec<(String, String)>) -> Vec<Entry> {
    let mut dates: Vec<&String> = v.iter().map(|x| &x.0).collect();
    dates.sort_by_key(|d| (!d.starts_with("XXXX"), d.to_string()));
    dates.dedup();
    let rank: BTreeMap<String, usize> = dates
        .iter()
        .enumerate()
        .map(|(i, d)| (d.to_string(), i))
        .collect();
    let mut out: Vec<Entry> = v
        .iter()
        .map(|(d, id)| (rank[d], d.clone(), id.clone()))
        .collect();
    out.sort();
    out
}

#[derive(Default)]
struct Score {
    gold: usize,
    sys: usize,
    kept: usize,
    date_ok: usize,
    pairs: usize,
    pairs_ok: usize,
}

fn score(gold: &[Entry], sys: &[Entry]) -> Score {
    let ours: BTreeMap<&str, (usize, &str)> = sys
        .iter()
        .map(|(o, d, id)| (id.as_str(), (*o, d.as_str())))
        .collect();
    let gold_ids: BTreeSet<&str> = gold.iter().map(|g| g.2.as_str()).collect();
    let kept: Vec<(&Entry, (usize, &str))> = gold
        .iter()
        .filter_map(|g| ours.get(g.2.as_str()).map(|o| (g, *o)))
        .collect();
    let mut s = Score {
        gold: gold_ids.len(),
        sys: ours.len(),
        kept: kept.len(),
        date_ok: kept.iter().filter(|(g, o)| g.1 == o.1).count(),
        ..Score::default()
    };
    // Pairs of one timeline (a few hundred events at most): an evaluation, not a product path.
    for (i, (g1, o1)) in kept.iter().enumerate() {
        for (g2, o2) in kept.iter().skip(i + 1) {
            if g1.0 == g2.0 {
                continue;
            }
            s.pairs += 1;
            if (g1.0 < g2.0) == (o1.0 < o2.0) && o1.0 != o2.0 {
                s.pairs_ok += 1;
            }
        }
    }
    s
}

impl Score {
    fn add(&mut self, s: &Score) {
        self.gold += s.gold;
        self.sys += s.sys;
        self.kept += s.kept;
        self.date_ok += s.date_ok;
        self.pairs += s.pairs;
        self.pairs_ok += s.pairs_ok;
    }
}

/// A table row: selection P/R/F1, date and pair order accuracy of our timeline (`a`) and of
/// every gold event dated by us (`b`).
fn table_row(name: &str, a: &Score, b: &Score) -> String {
    let (p, r, f) = prf(a.kept, a.sys - a.kept, a.gold - a.kept);
    format!(
        "| {name} | {} | {} | {p:.3} | {r:.3} | {f:.3} | {:.3} | {:.3} | {:.3} | {:.3} |",
        a.gold,
        a.sys,
        ratio(a.date_ok, a.kept),
        ratio(a.pairs_ok, a.pairs),
        ratio(b.date_ok, b.kept),
        ratio(b.pairs_ok, b.pairs)
    )
}

fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

fn main() -> anyhow::Result<()> {
    let dir = data_dir().join("semeval2015-timeline-trial");
    assert!(
        dir.join("cat").is_dir(),
        "SemEval-2015 timeline trial data not found at {}",
        dir.display()
    );
    let mut paths: Vec<_> = std::fs::read_dir(dir.join("cat"))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "xml"))
        .collect();
    paths.sort();
    let docs: Vec<CatDoc> = paths
        .iter()
        .map(|p| read_cat(p).with_context(|| p.display().to_string()))
        .collect::<anyhow::Result<_>>()?;
    let mut golds: Vec<_> = std::fs::read_dir(dir.join("timelines"))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    golds.sort();
    let out = arg_value("--out");
    let _ = DCT_FALLBACK.set(std::env::args().any(|a| a == "--dct-fallback"));
    // The first half of the targets (by file name) is the train half, the rest dev.
    let train_n = golds.len() / 2;
    println!("| target | gold events | ours | selection P | R | F1 | date acc. | pair order acc. | all gold events: date acc. | pair order acc. |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let mut totals: [(Score, Score); 3] = Default::default();
    let by_id: BTreeMap<&str, &CatDoc> = docs.iter().map(|d| (d.id.as_str(), d)).collect();
    for (gi, g) in golds.iter().enumerate() {
        let (target, gold) = read_gold(g)?;
        let sys = system_timeline(&docs, &target);
        if let Some(o) = &out {
            std::fs::create_dir_all(o)?;
            let mut text = format!("{target}\n");
            for (order, date, id) in &sys {
                text.push_str(&format!("{order}\t{date}\t{id}\n"));
            }
            let name = g.file_name().map(|n| n.to_os_string()).unwrap_or_default();
            std::fs::write(Path::new(o).join(name), text)?;
        }
        // Every gold event dated by us: the dating and ordering alone.
        let all: Vec<(String, String)> = gold
            .iter()
            .map(|(_, _, id)| {
                let date = id
                    .split('-')
                    .next()
                    .and_then(|d| by_id.get(d))
                    .and_then(|d| {
                        let mut parts = id.splitn(3, '-');
                        let (_, s) = (parts.next()?, parts.next()?.parse::<usize>().ok()?);
                        Some(date_in(d, s))
                    })
                    .unwrap_or_else(|| "XXXX-XX-XX".into());
                (date, id.clone())
            })
            .collect();
        let mut all = all;
        all.sort();
        all.dedup();
        let a = score(&gold, &sys);
        let b = score(&gold, &number(all));
        println!("{}", table_row(&target, &a, &b));
        for k in [if gi < train_n { 0 } else { 1 }, 2] {
            let t = &mut totals[k];
            t.0.add(&a);
            t.1.add(&b);
        }
    }
    for (name, (a, b)) in ["**train half**", "**dev half**", "**all**"]
        .iter()
        .zip(totals.iter())
    {
        println!("{}", table_row(name, a, b));
    }
    Ok(())
}
