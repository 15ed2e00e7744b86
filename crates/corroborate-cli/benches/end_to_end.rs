//! End-to-end benchmark: N generated articles (default 10,000, in stories of ten) written to a
//! temporary folder, then discovered, loaded, prepared, extracted, linked and reconciled exactly
//! as `corroborate analyze` does, and the report built. Prints wall time, articles/s, MB/s and
//! peak memory (VmHWM).
//!
//! `cargo bench -p corroborate-cli --bench end_to_end` (set `CORROBORATE_BENCH_ARTICLES` to change N).

use std::io::Write;
use std::time::Instant;

use corroborate_cli::{link, process, AnalyzeRequest, NoProgress};
use corroborate_render::json::ReportOptions;

const FIRST: &[&str] = &[
    "Ada", "Bram", "Celia", "Dmitri", "Elena", "Farid", "Greta", "Hugo", "Ines", "Jonah", "Kira",
    "Luis", "Mara", "Nils", "Odette", "Pavel", "Quinn", "Rosa", "Soren", "Talia",
];
const LAST: &[&str] = &[
    "Abbott",
    "Brennan",
    "Castillo",
    "Dorsey",
    "Eklund",
    "Fairweather",
    "Galvez",
    "Hollis",
    "Ibarra",
    "Jensen",
    "Kowalski",
    "Lindqvist",
    "Moreau",
    "Nakamura",
    "Okafor",
    "Petrov",
    "Quintero",
    "Rasmussen",
    "Sandoval",
    "Thorne",
];
const TOWNS: &[&str] = &[
    "Harlow",
    "Millbrook",
    "Eastcote",
    "Pine Ridge",
    "Stonebridge",
    "Westfield",
    "Ashford",
    "Brookvale",
    "Cedar Falls",
    "Dunmore",
];
const EVENTS: &[&str] = &[
    "a warehouse fire",
    "a ferry grounding",
    "a bridge closure",
    "a water main break",
    "a chemical spill",
    "a bus crash",
    "a power outage",
    "a factory explosion",
];
const OUTLETS: &[&str] = &[
    "Coastal Wire",
    "Harlow Gazette",
    "Valley Courier",
    "Metro Ledger",
];

fn article(i: usize) -> String {
    let story = i / 10;
    let pick = |list: &[&'static str], k: usize| list[(story * 7 + k * 13) % list.len()];
    let official = format!("{} {}", pick(FIRST, 1), pick(LAST, 2));
    let witness = format!("{} {}", pick(FIRST, 3), pick(LAST, 4));
    let town = pick(TOWNS, 5);
    let event = pick(EVENTS, 6);
    let outlet = OUTLETS[i % OUTLETS.len()];
    let n = 2 + story % 9;
    format!(
        "{event} in {town} leaves {n} injured (story {story})\n\n\
         {town} Fire Chief {official} said on Tuesday that {n} people were hurt in {event} \
         near the harbor, the {outlet} reported. \"We were there within six minutes, and \
         everyone got out,\" {official} said.\n\n\
         Witness {witness}, 34, told reporters the blast shook windows two miles (3.2 km) away. \
         \"It sounded like thunder,\" {witness} said. The state Department of Safety has \
         disputed the chief's account, saying crews arrived after 20 minutes.\n\n\
         Officials said last month that the site had passed an inspection on March 2. \
         An investigation is expected to take several weeks, according to the county.\n\n\
         {outlet}'s Jo Reyes contributed to this report.\n"
    )
}

fn peak_rss_mb() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<f64>().ok())
        })
        .map_or(0.0, |kb| kb / 1024.0)
}

fn main() -> std::io::Result<()> {
    let n: usize = std::env::var("CORROBORATE_BENCH_ARTICLES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    let dir = tempfile::tempdir()?;
    let mut bytes = 0usize;
    for i in 0..n {
        let text = article(i);
        bytes += text.len();
        let mut f = std::fs::File::create(dir.path().join(format!("a{i:06}.txt")))?;
        f.write_all(text.as_bytes())?;
    }
    let req = AnalyzeRequest {
        paths: vec![dir.path().to_path_buf()],
        manifest: None,
        auto_manifest: true,
        today: jiff::civil::date(2026, 12, 2),
        report: ReportOptions::default(),
        records: Default::default(),
    };
    let start = Instant::now();
    let mut processed = process(&req, &NoProgress);
    let per_article = start.elapsed();
    let mut results = std::mem::take(&mut processed.results);
    let cross = link(&mut results);
    let linked = start.elapsed();
    let stories = cross.links.stories.len();
    let report = corroborate_render::json::build(results, processed.problems, cross, req.report);
    let json = serde_json::to_vec(&report).map_err(std::io::Error::other)?;
    let total = start.elapsed();
    let mb = bytes as f64 / 1e6;
    println!(
        "end_to_end: {n} articles ({mb:.1} MB) on {} threads",
        rayon::current_num_threads()
    );
    println!(
        "  load+prepare+extract {:.2} s | link+reconcile {:.2} s | render {:.2} s | total {:.2} s",
        per_article.as_secs_f64(),
        (linked - per_article).as_secs_f64(),
        (total - linked).as_secs_f64(),
        total.as_secs_f64()
    );
    println!(
        "  {:.0} articles/s, {:.2} MB/s, {stories} stories, report {:.1} MB, peak memory {:.0} MB",
        n as f64 / total.as_secs_f64(),
        mb / total.as_secs_f64(),
        json.len() as f64 / 1e6,
        peak_rss_mb()
    );
    Ok(())
}
