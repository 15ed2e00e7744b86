//! Regression floors on real news: TimeBank (development) and AQUAINT (held out), read at run
//! time from `../shared/data/timebank-aquaint`. Each gold file goes through the TimeML loader
//! (text and DCT), `dates::extract` tags it, and the tags are matched to the gold TIMEX3 by
//! overlap, one to one in text order, as the TempEval-3 scorer links them. The full figures
//! come from `eval-timebank` with the official-equivalent scorer (docs/accuracy.md); these
//! floors sit a little below them.

use std::path::{Path, PathBuf};

use corroborate_core::load::timeml::text_chars;
use corroborate_core::load::{load_bytes, InputKind};
use corroborate_core::PreparedDoc;
use corroborate_extract::dates;

fn data(corpus: &str) -> PathBuf {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/timebank-aquaint")
        .join(corpus);
    assert!(
        p.is_dir(),
        "{} not found: the test needs ../shared/data beside the checkout",
        p.display()
    );
    p
}

/// Gold TIMEX3 inside `<TEXT>`: (start, end, value) as byte offsets into the loaded text.
fn gold(xml: &str) -> Vec<(usize, usize, String)> {
    let open = xml.find("<TEXT>").map(|i| i + "<TEXT>".len()).unwrap_or(0);
    let close = xml.find("</TEXT>").unwrap_or(xml.len());
    let region = xml.get(open..close).unwrap_or("");
    let tag = regex::Regex::new(r"<(/?)([A-Za-z0-9]+)([^>]*)>").unwrap_or_else(|e| panic!("{e}"));
    let value = regex::Regex::new(r#"value="([^"]*)""#).unwrap_or_else(|e| panic!("{e}"));
    let (mut pos, mut last) = (0, 0);
    let mut stack: Vec<(usize, String)> = Vec::new();
    let mut out = Vec::new();
    for m in tag.captures_iter(region) {
        let whole = m.get(0).map_or(0..0, |g| g.range());
        pos += text_chars(region.get(last..whole.start).unwrap_or(""), |_| {}).len();
        last = whole.end;
        if &m[2] != "TIMEX3" || m[3].ends_with('/') {
            continue;
        }
        if &m[1] == "/" {
            if let Some((s, v)) = stack.pop() {
                out.push((s, pos, v));
            }
        } else {
            let v = value
                .captures(&m[3])
                .map_or(String::new(), |c| c[1].to_string());
            stack.push((pos, v));
        }
    }
    out.sort();
    out
}

/// (gold, system, linked, same value) over every `.tml` file of `dir`.
fn score(dir: &Path) -> (usize, usize, usize, usize) {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "tml"))
        .collect();
    files.sort();
    let mut totals = (0, 0, 0, 0);
    for f in files {
        let xml = std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let name = f.display().to_string();
        let loaded = load_bytes(&name, InputKind::Text, xml.clone().into_bytes(), None);
        let doc = loaded.documents.into_iter().next().expect("TimeML loads");
        assert!(doc.meta.published.is_some(), "{name}: DCT not read");
        let prepared = PreparedDoc::new(doc, jiff::civil::date(2100, 1, 1));
        let system = dates::extract(&prepared);
        let gold = gold(&xml);
        totals.0 += gold.len();
        totals.1 += system.len();
        let mut next = 0;
        for (s, e, v) in &gold {
            let hit = system
                .iter()
                .enumerate()
                .skip(next)
                .find(|(_, t)| t.span.start < *e && *s < t.span.end);
            if let Some((i, t)) = hit {
                next = i + 1;
                totals.2 += 1;
                totals.3 += usize::from(t.value.as_deref() == Some(v.as_str()));
            }
        }
    }
    totals
}

fn f1(tp: usize, gold: usize, system: usize) -> f64 {
    2.0 * tp as f64 / (gold + system).max(1) as f64
}

#[test]
fn timebank_and_aquaint_stay_above_their_floors() {
    for (corpus, relaxed_floor, value_floor) in [("TimeBank", 0.87, 0.74), ("AQUAINT", 0.87, 0.66)]
    {
        let (g, s, linked, value) = score(&data(corpus));
        let (relaxed, valued) = (f1(linked, g, s), f1(value, g, s));
        println!("{corpus}: gold {g}, system {s}, relaxed F1 {relaxed:.3}, value F1 {valued:.3}");
        assert!(g > 500, "{corpus}: only {g} gold expressions read");
        assert!(
            relaxed >= relaxed_floor,
            "{corpus}: relaxed F1 {relaxed:.3}"
        );
        assert!(valued >= value_floor, "{corpus}: value F1 {valued:.3}");
    }
}
