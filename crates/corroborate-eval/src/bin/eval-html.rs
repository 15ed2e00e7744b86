//! HTML body extraction on `html-extraction-dev` (91 real pages with gold article bodies),
//! scored as the Zyte article-extraction benchmark's `evaluate.py`: word 4-gram shingle
//! precision, recall and F1 (means over pages), and exact-match accuracy on `\w+` tokens.
//!
//! ```text
//! cargo run --release -p corroborate-eval --bin eval-html
//! cargo run --release -p corroborate-eval --features compare-html --bin eval-html -- --all
//! ```
//!
//! Flags: `--all` also scores the candidate crates (needs the `compare-html` feature);
//! `--extractor NAME` scores one; `--fixtures` scores our own fictional pages instead;
//! `--robustness` runs each on generated bad inputs (deep nesting, 50 MB, junk) in a child
//! process; `--meta` prints the metadata read from each page; `--show ID` prints one page's
//! extracted body; `--worst N` lists the N pages with the lowest F1 for the first extractor.

use std::collections::HashMap;
use std::io::Read;
use std::sync::LazyLock;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use corroborate_eval::data_dir;
use regex::Regex;

static WORD: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\w+").expect("valid regex"));

/// One page of the benchmark.
struct Page {
    id: String,
    html: String,
    gold: String,
}

/// An extractor under test: a name and a function from HTML to body text.
type Extractor = (&'static str, fn(&str) -> String);

/// The loader's own path: body and metadata (title, byline, date, URL, outlet), so the
/// throughput is that of `html::load`.
fn ours(html: &str) -> String {
    corroborate_core::load::html::extract_article(html)
        .paragraphs
        .join("\n\n")
}

#[cfg(feature = "compare-html")]
mod candidates {
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
        pages.push(Page {
            id: id.clone(),
            html: String::from_utf8_lossy(&bytes).into_owned(),
            gold,
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

fn shingles<'a>(toks: &[&'a str]) -> HashMap<Vec<&'a str>, usize> {
    let mut out = HashMap::new();
    if toks.len() < 4 {
        *out.entry(toks.to_vec()).or_insert(0) += 1;
    } else {
        for w in toks.windows(4) {
            *out.entry(w.to_vec()).or_insert(0) += 1;
        }
    }
    out
}

/// Per-page (precision, recall), each `None` where undefined, as in `evaluate.py`.
fn page_pr(pred: &str, gold: &str) -> (Option<f64>, Option<f64>) {
    let p = shingles(&tokens(pred));
    let g = shingles(&tokens(gold));
    let mut tp = 0usize;
    let mut fp = 0usize;
    for (k, &n) in &p {
        let m = g.get(k).copied().unwrap_or(0);
        tp += n.min(m);
        fp += n.saturating_sub(m);
    }
    let fn_: usize = g
        .iter()
        .map(|(k, &m)| m.saturating_sub(p.get(k).copied().unwrap_or(0)))
        .sum();
    if fp == 0 && fn_ == 0 {
        return (Some(1.0), Some(1.0));
    }
    let prec = (tp + fp > 0).then(|| tp as f64 / (tp + fp) as f64);
    let rec = (tp + fn_ > 0).then(|| tp as f64 / (tp + fn_) as f64);
    (prec, rec)
}

fn mean(v: &[f64]) -> f64 {
    if v.is_empty() {
        0.0
    } else {
        v.iter().sum::<f64>() / v.len() as f64
    }
}

struct Score {
    p: f64,
    r: f64,
    f1: f64,
    acc: f64,
    per_page: Vec<(f64, String)>,
    time: Duration,
}

fn score(pages: &[Page], f: fn(&str) -> String) -> Score {
    let mut ps = Vec::new();
    let mut rs = Vec::new();
    let mut exact = 0usize;
    let mut per_page = Vec::new();
    let mut time = Duration::ZERO;
    for page in pages {
        let (t, cpu) = (Instant::now(), thread_cpu_time());
        let pred = f(&page.html);
        time += match (cpu, thread_cpu_time()) {
            (Some(a), Some(b)) => b.saturating_sub(a),
            _ => t.elapsed(),
        };
        let (p, r) = page_pr(&pred, &page.gold);
        if let Some(p) = p {
            ps.push(p);
        }
        if let Some(r) = r {
            rs.push(r);
        }
        let (p0, r0) = (p.unwrap_or(0.0), r.unwrap_or(0.0));
        let f1 = if p0 + r0 > 0.0 {
            2.0 * p0 * r0 / (p0 + r0)
        } else {
            0.0
        };
        per_page.push((f1, page.id.clone()));
        if tokens(&pred) == tokens(&page.gold) {
            exact += 1;
        }
    }
    let (p, r) = (mean(&ps), mean(&rs));
    let f1 = if p + r > 0.0 {
        2.0 * p * r / (p + r)
    } else {
        0.0
    };
    Score {
        p,
        r,
        f1,
        acc: exact as f64 / pages.len() as f64,
        per_page,
        time,
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

/// Prints the metadata our loader reads from each page (title, byline, date and its field,
/// URL, outlet), with the benchmark's URL for comparison; the data set has no gold metadata.
fn print_metadata(pages: &[Page]) {
    let mut counts = [0usize; 5];
    for page in pages {
        let a = corroborate_core::load::html::extract_article(&page.html);
        let fields = [
            a.title.is_some(),
            a.byline.is_some(),
            a.published.is_some(),
            a.url.is_some(),
            a.outlet.is_some(),
        ];
        for (c, f) in counts.iter_mut().zip(fields) {
            *c += usize::from(f);
        }
        println!(
            "{}\n  title:   {:?}\n  byline:  {:?}\n  date:    {:?}\n  url:     {:?}\n  outlet:  {:?}",
            page.id.get(..12).unwrap_or(&page.id),
            a.title,
            a.byline,
            a.published.map(|(d, f)| format!("{d} ({f})")),
            a.url,
            a.outlet.map(|(o, f)| format!("{o} ({f})")),
        );
    }
    println!(
        "found in {} pages: title {}, byline {}, date {}, url {}, outlet {}",
        pages.len(),
        counts[0],
        counts[1],
        counts[2],
        counts[3],
        counts[4]
    );
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
        print_metadata(&pages);
        return Ok(());
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
        "{:<16} {:>6} {:>6} {:>6} {:>9} {:>8} {:>7}",
        "extractor", "P", "R", "F1", "accuracy", "pages/s", "MB/s"
    );
    println!("(throughput per CPU-second of the extracting thread, one core)");
    let mut first = true;
    for (name, f) in chosen {
        let s = score(&pages, f);
        let secs = s.time.as_secs_f64().max(1e-9);
        println!(
            "{:<16} {:>6.3} {:>6.3} {:>6.3} {:>9.3} {:>8.1} {:>7.2}",
            name,
            s.p,
            s.r,
            s.f1,
            s.acc,
            pages.len() as f64 / secs,
            mb / secs
        );
        if first && worst > 0 {
            let mut pp = s.per_page;
            pp.sort_by(|a, b| a.0.total_cmp(&b.0));
            for (f1, id) in pp.iter().take(worst) {
                println!("    {f1:.3} {id}");
            }
        }
        first = false;
    }
    Ok(())
}
