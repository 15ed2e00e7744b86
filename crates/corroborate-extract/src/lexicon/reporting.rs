//! Reporting cues: the verbs, nouns and phrases that introduce what someone said, wrote,
//! believes or wants.
//!
//! Two sources, one module:
//! - [`CUE_VERBS`] and [`PARTICIPLES`], the hand-written verbs behind the direct-quote
//!   patterns (kept small: every word is in a regex alternation);
//! - [`cue_word`], the data-derived lexicon `data/reporting_cues.tsv`, built from the PolNeAR
//!   TRAIN split's annotations by `scripts/build_cue_lexicon.py` (cue heads with how often they
//!   head a cue and how often they occur at all). It decides which words open indirect speech.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::LazyLock;

/// Verbs (all forms) that introduce speech or writing.
pub(crate) const CUE_VERBS: &str =
    "said|says|say|saying|told|tells|tell|telling|added|adds|adding|\
wrote|writes|writing|stated|states|stating|argued|argues|arguing|claimed|claims|claiming|\
explained|explains|explaining|noted|notes|noting|asked|asks|asking|insisted|insists|insisting|\
recalled|recalls|recalling|continued|continues|declared|declares|declaring|testified|testifies|\
acknowledged|acknowledges|announced|announces|warned|warns|warning|posted|tweeted|replied|\
replies|responded|remarked|commented|confirmed|confirms|confirming|emphasized|emphasised|\
stressed|maintained|maintains|contended|contends|alleged|alleges|alleging|admitted|admits|\
shouted|yelled|agreed|agrees|conceded|concedes|suggested|suggests|described|describes|\
describing|called|calling|reported|reports|reiterated|vowed|urged|urging";

/// Reporting verbs of the indirect-speech patterns (`X said …`, `…, X said.`).
pub(crate) const REPORT_VERBS: &str = "said|says|told|tells|added|adds|wrote|writes|stated|argued|argues|claimed|claims|explained|noted|confirmed|alleged|alleges|insisted|acknowledged|testified|warned|announced|reported";

/// Cue verbs that are participles: their subject is the main clause's subject
/// ("Reeves defended the inquiry, saying …").
pub(crate) const PARTICIPLES: &[&str] = &[
    "saying",
    "adding",
    "telling",
    "writing",
    "noting",
    "arguing",
    "claiming",
    "explaining",
    "insisting",
    "declaring",
    "warning",
    "stating",
    "alleging",
    "confirming",
    "asking",
    "recalling",
    "describing",
    "calling",
    "urging",
];

/// The data-derived lexicon (`data/reporting_cues.tsv`), parsed once.
const CUES_TSV: &str = include_str!("../../data/reporting_cues.tsv");

/// Statistics of one cue head from the training annotations.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct CueStats {
    /// Times the word heads an annotated cue.
    pub cue_count: u32,
    /// Times the word occurs in the training texts.
    pub occurrences: u32,
    /// Times the attribution's source stands before the cue.
    pub source_before: u32,
    /// Times the content starts after the cue.
    pub content_after: u32,
}

impl CueStats {
    /// Share of the word's occurrences that head a cue.
    pub fn rate(&self) -> f64 {
        f64::from(self.cue_count) / f64::from(self.occurrences.max(self.cue_count).max(1))
    }
}

/// Cue heads by lower-cased word.
static CUE_HEADS: LazyLock<BTreeMap<String, CueStats>> = LazyLock::new(|| {
    let mut out = BTreeMap::new();
    for line in CUES_TSV.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let num = |i: usize| f.get(i).and_then(|x| x.parse::<u32>().ok()).unwrap_or(0);
        if f.first() == Some(&"head") {
            if let Some(w) = f.get(1) {
                let stats = CueStats {
                    cue_count: num(2),
                    occurrences: num(3),
                    source_before: num(4),
                    content_after: num(5),
                };
                out.insert((*w).to_string(), stats);
            }
        }
    }
    out
});

/// Least times a head must have been a cue in training to count.
const MIN_CUE_COUNT: u32 = 4;
/// Least share of a word's occurrences that are cues for it to open indirect speech.
const MIN_CUE_RATE: f64 = 0.4;

/// The training statistics of `word` (lower-cased) when it is a reliable reporting cue: seen
/// as a cue at least [`MIN_CUE_COUNT`] times, in at least [`MIN_CUE_RATE`] of its uses, with
/// its source before it in most of them (a verb after its subject: "Trump said", "Clinton
/// accused").
pub(crate) fn cue_word(word: &str) -> Option<CueStats> {
    CUE_HEADS
        .get(word)
        .copied()
        .filter(|s| s.cue_count >= MIN_CUE_COUNT && s.rate() >= MIN_CUE_RATE)
        .filter(|s| 2 * s.source_before > s.cue_count)
}

/// Least times a head must have been a cue in training for the learned detector to consider it.
const MIN_CANDIDATE_COUNT: u32 = 2;
/// Least share of a word's occurrences that are cues for the learned detector to consider it.
const MIN_CANDIDATE_RATE: f64 = 0.05;

/// The training statistics of `word` (lower-cased) when it is a cue: trusted (`true`) when
/// [`cue_word`] accepts it, else a cue the lexicon alone does not trust but the learned detector
/// may (seen as a cue at least [`MIN_CANDIDATE_COUNT`] times, in at least [`MIN_CANDIDATE_RATE`] of
/// its uses). One lookup.
pub(crate) fn cue_class(word: &str) -> Option<(CueStats, bool)> {
    let s = CUE_HEADS.get(word).copied()?;
    if s.cue_count < MIN_CANDIDATE_COUNT {
        return None;
    }
    let trusted = s.cue_count >= MIN_CUE_COUNT
        && s.rate() >= MIN_CUE_RATE
        && 2 * s.source_before > s.cue_count;
    (trusted || s.rate() >= MIN_CANDIDATE_RATE).then_some((s, trusted))
}

/// The share of `word`'s (lower-case) uses in training that head a cue, when it headed one at
/// least [`MIN_CUE_COUNT`] times; 0 otherwise (a feature of the speaker ranker).
pub(crate) fn cue_rate(word: &str) -> f64 {
    CUE_HEADS
        .get(word)
        .filter(|s| s.cue_count >= MIN_CUE_COUNT)
        .map_or(0.0, CueStats::rate)
}

/// The hand-written cue verbs as a set.
static HAND_VERBS: LazyLock<BTreeSet<&'static str>> =
    LazyLock::new(|| CUE_VERBS.split('|').collect());

/// True when `word` (lower-case) is one of the hand-listed speech verbs ([`CUE_VERBS`]).
pub(crate) fn is_speech_verb(word: &str) -> bool {
    HAND_VERBS.contains(word)
}

/// True when `word` (lower-case) is a reporting verb: a hand-listed cue verb or a reliable
/// cue of the data-derived lexicon.
pub fn is_cue(word: &str) -> bool {
    HAND_VERBS.contains(word) || cue_word(word).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lexicon_has_common_and_rare_cues() {
        for w in ["said", "told", "denied", "accused", "announced", "tweeted"] {
            assert!(cue_word(w).is_some(), "{w} should be a cue");
        }
        for w in ["the", "house", "campaign", "to", "according"] {
            assert!(cue_word(w).is_none(), "{w} should not be a cue");
        }
    }
}
