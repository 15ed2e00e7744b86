//! Fuzzing the whole pipeline on stories: 3–6 near-duplicate articles (the fictional example
//! corpus, one story told by six outlets, sharing names and sentences) with random Unicode
//! punctuation and spaces, emoji, combining and direction marks, CRLF and words in other
//! scripts put in. No stage may fail, and every span must lie inside its document on char
//! boundaries.
//!
//! Bounded for CI; `CORROBORATE_FUZZ_CASES=N` runs N cases (see docs/reliability.md).

mod common;

use common::{example_articles, run_pipeline};
use proptest::prelude::*;
use proptest::sample::Index;

/// Characters and snippets put into the articles.
const INSERTS: &[&str] = &[
    "\u{2014}",
    "\u{2013}",
    "\u{2026}",
    "\u{ab}",
    "\u{bb}",
    "\u{201e}",
    "\u{201c}",
    "\u{201d}",
    "\u{2018}",
    "\u{2019}",
    "\u{2122}",
    "\u{a9}",
    "\u{b0}",
    "\u{bd}",
    "\u{a0}",
    "\u{200b}",
    "\u{1f600}",
    "\u{1f469}\u{200d}\u{1f469}\u{200d}\u{1f467}",
    "\u{301}",
    "e\u{301}",
    "\u{200f}",
    "\u{200e}",
    "\u{202e}",
    "\u{feff}",
    "\r\n",
    "\r",
    "\t",
    "\u{2028}",
    "\u{41c}\u{43e}\u{441}\u{43a}\u{432}\u{430}",
    "\u{5e9}\u{5dc}\u{5d5}\u{5dd}",
    "\u{645}\u{631}\u{62d}\u{628}\u{627}",
    "\u{4e2d}\u{6587}",
    "\u{939}\u{93f}\u{928}\u{94d}",
    "\u{ff02}",
    "\u{3002}",
    "'",
    "\"",
    "-",
    ".",
    ",",
    "\u{d55c}",
];

/// One article of a fuzzed story: a base article and edits at char positions (`true`: replace
/// the character there when it is a space or punctuation; `false`: insert before it).
#[derive(Debug, Clone)]
struct ArticleSpec {
    base: usize,
    edits: Vec<(Index, usize, bool)>,
    crlf: bool,
}

fn article_spec() -> impl Strategy<Value = ArticleSpec> {
    (
        0..6usize,
        prop::collection::vec((any::<Index>(), 0..INSERTS.len(), any::<bool>()), 0..60),
        prop::bool::weighted(0.2),
    )
        .prop_map(|(base, edits, crlf)| ArticleSpec { base, edits, crlf })
}

fn apply(base: &str, spec: &ArticleSpec) -> String {
    let starts: Vec<(usize, char)> = base.char_indices().collect();
    let mut edits: Vec<(usize, char, &str, bool)> = spec
        .edits
        .iter()
        .map(|(at, what, replace)| {
            let (pos, c) = starts[at.index(starts.len())];
            (pos, c, INSERTS[*what], *replace)
        })
        .collect();
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut text = base.to_string();
    let mut last = usize::MAX;
    for (pos, c, what, replace) in edits {
        if pos == last {
            continue;
        }
        last = pos;
        if replace && (c == ' ' || c.is_ascii_punctuation()) {
            text.replace_range(pos..pos + c.len_utf8(), what);
        } else {
            text.insert_str(pos, what);
        }
    }
    if spec.crlf {
        text = text.replace('\n', "\r\n");
    }
    text
}

fn cases() -> u32 {
    std::env::var("CORROBORATE_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(48)
}

#[test]
fn the_unfuzzed_story_passes_the_same_checks() {
    let articles = example_articles();
    let (errors, _) = run_pipeline(&articles);
    assert!(errors.is_empty(), "{errors:#?}");
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: cases(),
        max_shrink_iters: 200,
        ..ProptestConfig::default()
    })]

    #[test]
    fn fuzzed_stories_never_fail_a_stage_or_emit_a_bad_span(
        specs in prop::collection::vec(article_spec(), 3..=6)
    ) {
        let articles = example_articles();
        let texts: Vec<String> = specs.iter().map(|s| apply(&articles[s.base], s)).collect();
        let (errors, _) = run_pipeline(&texts);
        prop_assert!(errors.is_empty(), "{:#?}", errors);
    }
}
