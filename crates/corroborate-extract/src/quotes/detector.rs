//! A learned detector of indirect attributions around cue words the lexicon alone does not
//! trust (seen as cues in training, but in fewer than 40% of their uses, or with their source
//! after them): "Varga hopes the ferry runs again", "Holt believes the port broke the rules";
//! and around trusted cues whose subject the patterns miss, where the rules fall back on the
//! noun phrase right before the cue ("Island ferry crews in general say …").
//!
//! The rules build the attribution (the subject before the cue, the clause after it or before
//! the subject); a logistic regression over [`CUE_FEATURES`] then says how likely it is that
//! the words are an attribution, and only those at or above the shipped threshold are kept.
//! The weights (`data/cue_detector.tsv`) are fitted on the PolNeAR train split by
//! `scripts/train_cue_detector.py` from `eval-polnear --dump-cues`.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use corroborate_core::text::{slice, slice_from};
use corroborate_core::Span;

use super::lexicon::{is_be_or_have, is_modal_or_do, CLAUSE_OPENERS};
use super::weights::{expect_feature, weight_lines};
use super::{Quote, SpeakerMentionKind};
use crate::lexicon::reporting::CueStats;

/// Number of features.
pub(crate) const M: usize = 37;

/// The detector's features, in weight-file order. All are in [0, 1].
pub const CUE_FEATURES: [&str; M] = [
    "bias",
    "rate",
    "sqrt_rate",
    "log_cue_count",
    "source_before_share",
    "content_after_share",
    "mention_name",
    "mention_role",
    "mention_pronoun",
    "mention_group",
    "content_after_cue",
    "that_after_cue",
    "log_content_words",
    "suffix_ed",
    "suffix_s",
    "suffix_ing",
    "prev_to",
    "prev_aux",
    "prev_modal",
    "mention_opens_sentence",
    "mention_cue_gap",
    "next_clause_opener",
    "next_preposition",
    "next_to",
    "content_has_verb_like",
    "log_sentence_words",
    "mention_capitalised",
    "rate_x_that",
    "fallback_subject",
    "trusted_cue",
    "log_subject_words",
    "subject_plural",
    "next_capitalised",
    "content_starts_to",
    "prev_negation",
    "cue_in_first_words",
    "inside_reported_clause",
];

/// The shipped weights.
const WEIGHTS_TSV: &str = include_str!("../../data/cue_detector.tsv");

/// Logistic-regression weights and the decision threshold on its probability.
#[derive(Debug, Clone)]
pub(crate) struct Weights {
    w: [f32; M],
    threshold: f32,
    /// A weight of its own for frequent cue words (`word:WORD` lines).
    words: BTreeMap<String, f32>,
}

impl Weights {
    /// The weight of cue word `word` (0 when it has none).
    fn word(&self, word: &str) -> f32 {
        self.words.get(word).copied().unwrap_or(0.0)
    }
}

/// Parses a weight file: `#` comments, `threshold<TAB>p`, then one `feature<TAB>weight` line
/// per feature of [`CUE_FEATURES`], in that order, then any number of `word:WORD<TAB>weight`
/// lines.
pub(crate) fn parse_weights(tsv: &str) -> Result<Weights, String> {
    let mut w = [0f32; M];
    let mut threshold = None;
    let mut words = BTreeMap::new();
    let mut n = 0;
    for line in weight_lines(tsv) {
        let (no, name, v) = line?;
        if name == "threshold" {
            threshold = Some(v);
            continue;
        }
        if let Some(word) = name.strip_prefix("word:") {
            words.insert(word.to_string(), v);
            continue;
        }
        expect_feature(&CUE_FEATURES, n, name, no)?;
        w[n] = v;
        n += 1;
    }
    if n != M {
        return Err(format!("{n} weights for {M} features"));
    }
    let threshold = threshold.ok_or("no threshold")?;
    Ok(Weights {
        w,
        threshold,
        words,
    })
}

/// The shipped weights, parsed once; `None` (no learned detection) if the file does not parse.
fn weights() -> Option<&'static Weights> {
    static W: OnceLock<Option<Weights>> = OnceLock::new();
    W.get_or_init(|| parse_weights(WEIGHTS_TSV).ok()).as_ref()
}

/// The probability that `x`, around cue word `word`, is an attribution, with the shipped
/// weights.
pub(crate) fn probability(x: &[f32; M], word: &str) -> Option<f32> {
    weights().map(|w| probability_with(w, x, word))
}

/// The shipped decision threshold: a candidate is kept when its probability is at least this.
pub fn threshold() -> Option<f32> {
    weights().map(|w| w.threshold)
}

fn probability_with(w: &Weights, x: &[f32; M], word: &str) -> f32 {
    let z: f32 = w.w.iter().zip(x).map(|(a, b)| a * b).sum::<f32>() + w.word(word);
    1.0 / (1.0 + (-z).exp())
}

/// One candidate of the detector, for training (`eval-polnear --dump-cues`).
#[derive(Debug, Clone)]
pub struct CueCandidate {
    /// The cue word.
    pub cue: Span,
    /// The content the rules give it.
    pub content: Span,
    /// The subject the rules give it.
    pub source: Option<Span>,
    /// Its features ([`CUE_FEATURES`]).
    pub features: Vec<f32>,
    /// The probability the shipped weights give it (0 without weights).
    pub probability: f32,
    /// True when it is kept (at or above the shipped threshold).
    pub kept: bool,
}

/// Prepositions (a noun phrase after one is not a subject).
pub(super) const PREPOSITIONS: &[&str] = &[
    "in", "on", "at", "for", "with", "about", "of", "from", "by", "over", "after", "before",
    "during", "as", "into", "against",
];

fn lower_word(w: &str) -> String {
    w.trim_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase()
}

fn log_scaled(n: usize, cap: f32) -> f32 {
    ((n as f32 + 1.0).ln() / cap.ln()).min(1.0)
}

/// Features known before the attribution is built: the cue word's statistics and spelling,
/// and the words right around it (see [`complete`] for the rest).
pub(crate) fn prior(text: &str, s: Span, cue: Span, stats: CueStats, trusted: bool) -> [f32; M] {
    let mut x = [0f32; M];
    let word = slice(text, cue.start, cue.end);
    let before = slice(text, s.start, cue.start);
    let after = slice(text, cue.end, s.end);
    let prev = before.split_whitespace().next_back().map(lower_word);
    let next = after.split_whitespace().next().map(lower_word);
    let rate = stats.rate() as f32;
    let cc = stats.cue_count.max(1) as f32;
    x[0] = 1.0;
    x[1] = rate;
    x[2] = rate.sqrt();
    x[3] = ((cc + 1.0).ln() / 10f32.ln() / 4.0).min(1.0);
    x[4] = stats.source_before as f32 / cc;
    x[5] = (stats.content_after as f32 / cc).min(1.0);
    x[13] = f32::from(u8::from(word.ends_with("ed")));
    x[14] = f32::from(u8::from(word.ends_with('s') && !word.ends_with("ss")));
    x[15] = f32::from(u8::from(word.ends_with("ing")));
    let prev = prev.as_deref().unwrap_or("");
    x[16] = f32::from(u8::from(prev == "to"));
    x[17] = f32::from(u8::from(is_be_or_have(prev)));
    x[18] = f32::from(u8::from(is_modal_or_do(prev)));
    let next = next.as_deref().unwrap_or("");
    x[21] = f32::from(u8::from(CLAUSE_OPENERS.contains(&next)));
    x[22] = f32::from(u8::from(PREPOSITIONS.contains(&next)));
    x[23] = f32::from(u8::from(next == "to"));
    x[25] = log_scaled(s.len().min(2000) / 6, 60.0);
    x[29] = f32::from(u8::from(trusted));
    x[32] = f32::from(u8::from(
        after
            .split_whitespace()
            .next()
            .is_some_and(|w| w.starts_with(char::is_uppercase)),
    ));
    x[34] = f32::from(u8::from(matches!(
        prev,
        "not" | "never" | "n't" | "didn't" | "don't" | "doesn't"
    )));
    x[35] = f32::from(u8::from(before.split_whitespace().count() <= 3));
    x
}

/// The features [`prior`] leaves at zero, from the attribution `q` the rules built.
pub(crate) fn complete(
    x: &mut [f32; M],
    text: &str,
    s: Span,
    cue: Span,
    q: &Quote,
    fallback: bool,
) {
    let rate = x[1];
    match q.speaker_mention_kind {
        Some(SpeakerMentionKind::Name) => x[6] = 1.0,
        Some(SpeakerMentionKind::Role) => x[7] = 1.0,
        Some(SpeakerMentionKind::Pronoun) => x[8] = 1.0,
        Some(_) => x[9] = 1.0,
        None => {}
    }
    let content_after = q.content.start >= cue.end;
    x[10] = f32::from(u8::from(content_after));
    let between = slice(text, cue.end, q.content.start);
    x[11] = f32::from(u8::from(content_after && between.contains("that")));
    let content = slice(text, q.content.start, q.content.end);
    let cw = content.split_whitespace().count();
    x[12] = log_scaled(cw, 60.0);
    if let Some(m) = q.speaker_mention {
        let lead = slice(text, s.start, m.start);
        x[19] = f32::from(u8::from(lead.trim().is_empty()));
        let gap = slice(text, m.end, cue.start).split_whitespace().count();
        x[20] = (gap as f32 / 4.0).min(1.0);
        x[26] = f32::from(u8::from(
            slice_from(text, m.start)
                .chars()
                .next()
                .is_some_and(char::is_uppercase),
        ));
        x[30] = log_scaled(slice(text, m.start, m.end).split_whitespace().count(), 10.0);
        let head = slice(text, m.start, m.end)
            .split_whitespace()
            .next_back()
            .unwrap_or("");
        x[31] = f32::from(u8::from(
            head.len() > 3
                && head.ends_with('s')
                && !head.ends_with("ss")
                && !head.ends_with("’s")
                && !head.ends_with("'s"),
        ));
    }
    x[33] = f32::from(u8::from(content.starts_with("to ")));
    x[24] = f32::from(u8::from(content.split_whitespace().any(|w| {
        let w = lower_word(w);
        is_be_or_have(w.as_str()) || is_modal_or_do(w.as_str()) || w.ends_with("ed")
    })));
    x[27] = rate * x[11];
    x[28] = f32::from(u8::from(fallback));
}

/// Index of the feature "the cue word stands inside the content of an attribution already
/// found in its sentence" ("Holt said she believes …": "believes" is inside what Holt said).
/// Set by the caller, which knows the sentence's other attributions; a reported clause's own
/// opinion and perception verbs are mostly not attributions of their own.
pub(crate) const INSIDE_REPORTED_CLAUSE: usize = 36;

/// Features filled by [`complete`].
const LATER: [usize; 15] = [6, 7, 8, 9, 10, 11, 12, 19, 20, 24, 26, 28, 30, 31, 33];

/// False when no attribution built on the prior features `x` can reach the shipped threshold
/// (every later feature at its most favourable value), so the rules need not build it. Exact:
/// it never drops a candidate the detector would keep.
pub(crate) fn may_pass(x: &[f32; M], word: &str) -> bool {
    let Some(w) = weights() else { return false };
    let mut z: f32 = w.w.iter().zip(x).map(|(a, b)| a * b).sum::<f32>() + w.word(word);
    for i in LATER {
        z += w.w[i].max(0.0);
    }
    z += (w.w[27] * x[1]).max(0.0);
    let t = w.threshold.clamp(1e-6, 1.0 - 1e-6);
    z >= (t / (1.0 - t)).ln() - 1e-4
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_weights_parse() {
        let w = parse_weights(WEIGHTS_TSV).expect("weights parse");
        assert!(w.threshold > 0.0 && w.threshold < 1.0);
    }

    #[test]
    fn weight_file_errors_are_reported() {
        assert!(parse_weights("threshold\t0.5\nbias\t1\n").is_err());
        assert!(parse_weights("bias\tx\n").is_err());
        let mut tsv = String::from("threshold\t0.5\n");
        for f in CUE_FEATURES {
            tsv.push_str(&format!("{f}\t0\n"));
        }
        tsv.push_str("word:hopes\t2\n");
        let w = parse_weights(&tsv).expect("parses");
        let x = [0f32; M];
        assert!(probability_with(&w, &x, "hopes") > 0.8);
        assert!((probability_with(&w, &x, "fired") - 0.5).abs() < 1e-6);
    }
}
