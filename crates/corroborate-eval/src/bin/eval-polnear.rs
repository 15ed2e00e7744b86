//! Quotes and attributions on PolNeAR (`../shared/data/polnear-dev`).
//!
//! Runs the per-article extractors (entities, quotes, outlet attributions) over every article
//! of a split and writes one JSON line per predicted attribution in the format of
//! `../shared/tools/score_quotes.py`: `{"doc", "content", "source", "cue", "kind"}`, with
//! offsets in Unicode code points. A quote with neither a speaker nor a cue (a scare quote, a
//! title) is quoted text, not an attribution, and is left out. Quotes give their content, the
//! mention naming their speaker (`speaker_named_at`, which for a carried-over speaker is the
//! earlier quote's mention) and cue; a quote an outlet reports (`reported_by`: "“…,” Holt
//! said, according to CNN") gives only the outer layer, as PolNeAR annotates it (the quote, the
//! outlet, the attribution's phrase: on the train split the inner speaker of such a quote is
//! almost never an attribution of its own);
//! outlet attributions ("…, AP reported") whose statement no quote already covers give their
//! statement, source and phrase.
//!
//! Run:
//! ```text
//! cargo run --release -p corroborate-eval --bin eval-polnear -- --split dev --out /tmp/q-dev.jsonl
//! python3 ../shared/tools/score_quotes.py /tmp/q-dev.jsonl --split dev
//! ```
//!
//! `--dump-candidates FILE` also writes, per direct or partial quote, the candidate speakers
//! of the speaker ranker with their features, the quote's cue and whether the quote is
//! layered (written as its outer attribution only; spans in code points, no text): the
//! training data of `scripts/train_speaker_ranker.py`.
//!
//! `--dump-cues FILE` writes, per candidate of the learned attribution detector (a cue word
//! the lexicon alone does not trust, with the attribution the rules build around it), its cue,
//! content and source spans in code points and its features (no text): the training data of
//! `scripts/train_cue_detector.py`.

use std::io::Write;
use std::path::Path;

use anyhow::{bail, Context, Result};
use corroborate_core::{OffsetMap, PreparedDoc, Span};
use corroborate_eval::data_dir;
use corroborate_extract::attributions::Attribution;
use corroborate_extract::quotes::{Quote, QuoteKind};
use rayon::prelude::*;
use serde_json::{json, Value};

fn main() -> Result<()> {
    let mut split = "dev".to_string();
    let mut out = None;
    let mut dump = None;
    let mut dump_cues = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--split" => split = args.next().context("--split needs a value")?,
            "--out" => out = Some(args.next().context("--out needs a path")?),
            "--dump-candidates" => {
                dump = Some(args.next().context("--dump-candidates needs a path")?)
            }
            "--dump-cues" => dump_cues = Some(args.next().context("--dump-cues needs a path")?),
            other => bail!(
                "unknown argument {other} (use --split dev|train --out FILE [--dump-candidates FILE] [--dump-cues FILE])"
            ),
        }
    }
    let out = out.unwrap_or_else(|| format!("/tmp/polnear-{split}.jsonl"));
    let dir = data_dir().join("polnear-dev").join(&split).join("text");
    let mut docs: Vec<_> = std::fs::read_dir(&dir)
        .with_context(|| {
            format!(
                "reading {} (PolNeAR must be in ../shared/data)",
                dir.display()
            )
        })?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    docs.sort();
    let t0 = std::time::Instant::now();
    let all: Vec<(Vec<String>, Vec<String>, Vec<String>)> = docs
        .par_iter()
        .map(|p| predict(p, dump.is_some(), dump_cues.is_some()))
        .collect::<Result<_>>()?;
    let mut lines = Vec::with_capacity(all.len());
    let mut dumped = Vec::with_capacity(all.len());
    let mut cue_lines = Vec::with_capacity(all.len());
    for (l, d, c) in all {
        lines.push(l);
        dumped.push(d);
        cue_lines.push(c);
    }
    if let Some(path) = &dump_cues {
        let mut f = std::io::BufWriter::new(
            std::fs::File::create(path).with_context(|| format!("creating {path}"))?,
        );
        writeln!(
            f,
            "{}",
            json!({ "features": corroborate_extract::quotes::CUE_FEATURES.to_vec() })
        )?;
        for l in cue_lines.iter().flatten() {
            writeln!(f, "{l}")?;
        }
        f.flush()?;
    }
    if let Some(path) = &dump {
        let mut f = std::io::BufWriter::new(
            std::fs::File::create(path).with_context(|| format!("creating {path}"))?,
        );
        writeln!(
            f,
            "{}",
            json!({ "features": corroborate_extract::quotes::SPEAKER_FEATURES.to_vec() })
        )?;
        for l in dumped.iter().flatten() {
            writeln!(f, "{l}")?;
        }
        f.flush()?;
    }
    let n: usize = lines.iter().map(Vec::len).sum();
    let mut f = std::io::BufWriter::new(
        std::fs::File::create(&out).with_context(|| format!("creating {out}"))?,
    );
    for l in lines.iter().flatten() {
        writeln!(f, "{l}")?;
    }
    f.flush()?;
    eprintln!(
        "{} docs, {n} predictions in {:.1}s -> {out}\nscore: python3 ../shared/tools/score_quotes.py {out} --split {split}",
        docs.len(),
        t0.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The cue of an outlet attribution: its phrase without the source ("according to", "reported").
fn phrase_cue(a: &Attribution) -> Span {
    if a.span.start < a.source_span.start {
        Span::new(a.span.start, a.source_span.start)
    } else {
        Span::new(a.source_span.end, a.span.end)
    }
}

/// The outlet attribution that reports quote `q` (its `reported_by`), if the article has it.
fn outer_layer<'a>(q: &Quote, attributions: &'a [Attribution]) -> Option<&'a Attribution> {
    let outer = q.reported_by?;
    attributions.iter().find(|a| a.source_span == outer)
}

/// The prediction lines of the article at `path` and, when `dump`, its ranker candidate lines,
/// and when `dump_cues`, its detector candidate lines.
fn predict(
    path: &Path,
    dump: bool,
    dump_cues: bool,
) -> Result<(Vec<String>, Vec<String>, Vec<String>)> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .context("file name")?
        .to_string();
    Ok(predict_text(stem, text, dump, dump_cues))
}

/// [`predict`] on the text of article `stem`.
fn predict_text(
    stem: String,
    text: String,
    dump: bool,
    dump_cues: bool,
) -> (Vec<String>, Vec<String>, Vec<String>) {
    // The product's text loader: the text unchanged, the first line as the headline.
    let doc = PreparedDoc::new(
        corroborate_core::load::text::load(&stem, text.clone()),
        jiff::civil::date(2017, 1, 1),
    );
    let x = corroborate_extract::extract(&doc);
    let map = OffsetMap::new(&text);
    let cp = |s: Span| {
        let s = map.span(s);
        json!([s.start, s.end])
    };
    let opt = |s: Option<Span>| s.map_or(Value::Null, cp);
    let mut lines = Vec::new();
    let mut contents: Vec<Span> = Vec::new();
    // Each quote's outer layer, looked up once.
    let outer: Vec<Option<&Attribution>> = x
        .quotes
        .iter()
        .map(|q| outer_layer(q, &x.attributions))
        .collect();
    for (q, outer) in x.quotes.iter().zip(&outer) {
        let kind = match q.kind {
            QuoteKind::Direct | QuoteKind::Partial => "direct",
            QuoteKind::Indirect => kind_of(&text, q.content),
        };
        if q.speaker_named_at.is_none() && q.cue.is_none() {
            continue;
        }
        contents.push(q.content);
        // A layered quote is one attribution in PolNeAR, the outer one below: its content holds
        // the inner "Holt said", and no attribution of its own names the inner speaker.
        if outer.is_some() {
            continue;
        }
        lines.push(
            json!({
                "doc": stem,
                "content": cp(q.content),
                "source": opt(q.speaker_named_at),
                "cue": opt(q.cue),
                "kind": kind,
            })
            .to_string(),
        );
    }
    // A layered attribution ("…,” the judge said, according to the Post") is the outer one in
    // PolNeAR: its source is the quote's `reported_by`, with the quote's whole span (holding the
    // inner "the judge said") as content and the attribution's phrase as cue.
    for (q, a) in x
        .quotes
        .iter()
        .zip(&outer)
        .filter(|(q, _)| q.speaker_named_at.is_some() || q.cue.is_some())
        .filter_map(|(q, a)| Some((q, (*a)?)))
    {
        lines.push(
            json!({
                "doc": stem,
                "content": cp(if q.kind == QuoteKind::Indirect { q.content } else { q.span }),
                "source": cp(a.source_span),
                "cue": cp(phrase_cue(a)),
                "kind": kind_of(&text, if q.kind == QuoteKind::Indirect { q.content } else { q.span }),
            })
            .to_string(),
        );
    }
    for a in &x.attributions {
        if contents
            .iter()
            .any(|c| c.start < a.statement.end && a.statement.start < c.end)
        {
            continue;
        }
        let cue = phrase_cue(a);
        lines.push(
            json!({
                "doc": stem,
                "content": cp(a.statement),
                "source": cp(a.source_span),
                "cue": cp(cue),
                "kind": kind_of(&text, a.statement),
            })
            .to_string(),
        );
    }
    let mut dumped = Vec::new();
    if dump {
        let layered_contents: Vec<Span> = x
            .quotes
            .iter()
            .zip(&outer)
            .filter(|(_, a)| a.is_some())
            .map(|(q, _)| q.content)
            .collect();
        for o in corroborate_extract::quotes::speaker_candidates(&doc, &x.entities) {
            let options: Vec<Value> = o
                .options
                .iter()
                .map(|(span, feats)| {
                    let sparse: Vec<Value> = feats
                        .iter()
                        .enumerate()
                        .filter(|(_, v)| **v != 0.0)
                        .map(|(i, v)| json!([i, v]))
                        .collect();
                    json!({ "span": opt(*span), "f": sparse })
                })
                .collect();
            // A layered quote is written as its outer attribution only, whatever its speaker.
            let layered = layered_contents.contains(&o.content);
            dumped.push(
                json!({ "doc": stem, "content": cp(o.content), "cue": opt(o.cue), "options": options, "chosen": o.chosen, "layered": layered })
                    .to_string(),
            );
        }
    }
    let mut cue_lines = Vec::new();
    if dump_cues {
        for c in corroborate_extract::quotes::cue_candidates(&doc) {
            let f: Vec<f64> = c
                .features
                .iter()
                .map(|v| (f64::from(*v) * 1e6).round() / 1e6)
                .collect();
            cue_lines.push(
                json!({ "doc": stem, "cue": cp(c.cue), "content": cp(c.content), "source": opt(c.source), "f": f, "kept": c.kept })
                    .to_string(),
            );
        }
    }
    (lines, dumped, cue_lines)
}

/// An attribution's kind as the scorer's subsets read it: direct when its content holds a
/// double quotation mark (a mixed quotation), else indirect.
fn kind_of(text: &str, content: Span) -> &'static str {
    let inside = text.get(content.start..content.end).unwrap_or("");
    if inside.contains(['"', '“', '”', '«', '»', '„'])
        || inside.contains("''")
        || inside.contains("``")
    {
        "direct"
    } else {
        "indirect"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quote_an_outlet_reports_is_one_attribution_whose_source_is_the_outlet() {
        let text = "Pier to reopen\n\n\u{201c}We will rebuild the pier by May,\u{201d} Mayor Dana Holt said, according to the Harbour Gazette.\n";
        let (lines, dumped, _) = predict_text("pier".into(), text.into(), true, false);
        let chars: Vec<char> = text.chars().collect();
        let said = |v: &Value, role: &str| -> String {
            let a = v[role][0].as_u64().unwrap_or(0) as usize;
            let b = v[role][1].as_u64().unwrap_or(0) as usize;
            chars.get(a..b).unwrap_or_default().iter().collect()
        };
        let lines: Vec<Value> = lines
            .iter()
            .map(|l| serde_json::from_str(l).unwrap_or(Value::Null))
            .collect();
        let quoted: Vec<&Value> = lines.iter().filter(|l| l["kind"] == "direct").collect();
        assert_eq!(quoted.len(), 1, "{lines:?}");
        assert_eq!(
            said(quoted[0], "content"),
            "\u{201c}We will rebuild the pier by May,\u{201d}"
        );
        assert_eq!(said(quoted[0], "source"), "the Harbour Gazette");
        assert!(lines.iter().all(|l| !said(l, "source").contains("Holt")));
        let dumped: Vec<Value> = dumped
            .iter()
            .map(|l| serde_json::from_str(l).unwrap_or(Value::Null))
            .collect();
        assert_eq!(dumped.len(), 1);
        assert_eq!(dumped[0]["layered"], Value::Bool(true));
    }
}
