//! Inconsistencies between outlets: related statements (alignment score ≥
//! [`RELATED`](super::align::RELATED)) in articles of different outlets that give different
//! values for one slot — a count or measure (compared after unit conversion, so "40 miles"
//! and "65 km" agree), a calendar day, "one hand" against "his hands", or an injury severity
//! ("wounded" against "critically injured"). Each value is shown with its span and outlet.
//!
//! Two figures fill one slot only when they are in one unit (never two currencies), belong to
//! the same holder (the party the clause names first: not "Miller … 15.5 points" against
//! "Iguodala … 14.9 points"), are each the only value of their kind and unit in their
//! statement (not a range, a list or a line of statistics), and the words around them match
//! or, for counts, the two statements state one fact. An age is compared only between two
//! mentions of one person, and figures only between statements of one moment (not two
//! different days, nor "currently" in articles of two days).
//!
//! Whether a party commented is a slot too: one article says the party declined to comment
//! (or could not be reached) while another outlet's article quotes the same party.

use corroborate_core::text::{slice, slice_to};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::LazyLock;

use corroborate_core::Span;
use serde::{Deserialize, Serialize};

use super::align::{norm_qty, same_value, NormQty, ALIGN};
use super::lexicon::{NO_COMMENT, SCOPED_COMMENT_AFTER, SCOPED_COMMENT_BEFORE, SEVERITY};
use super::sources;
use corroborate_extract::entities::{EntityKind, MentionKind};
use corroborate_extract::quantities::{word_number, Quantity, QuantityKind};

use super::statements::{
    concept_words, find_word, stem_word, Lowered, PhraseSet, Statement, Voice,
};
use crate::{Analysed, Cite};

/// One value given for a slot.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SlotValue {
    /// The value as written.
    pub value: String,
    /// Where the value is written.
    #[serde(flatten)]
    pub cite: Cite,
    /// The statement giving it.
    pub statement: Cite,
    /// The article's outlet.
    pub outlet: String,
}

/// Different values for one slot.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Inconsistency {
    /// What differs ("count of officer", "distance", "date", "number of hand", "severity").
    pub slot: String,
    /// Each value with its source, at least two distinct values.
    pub values: Vec<SlotValue>,
}

/// Dates differ only between statements worded this alike (a sentence often names two days).
const SAME_WORDING: f64 = 0.5;

struct Found {
    slot: String,
    a: (usize, Span),
    b: (usize, Span),
}

/// Finds inconsistencies among scored statement pairs.
pub fn find(
    results: &[Analysed],
    stmts: &[Statement],
    pairs: &[(usize, usize, f64)],
) -> Vec<Inconsistency> {
    let mut found: Vec<Found> = Vec::new();
    // Per statement, once: lower-cased text and injury severity.
    let lowers = Lowered::all(results, stmts);
    let sev: Vec<Option<(u8, usize, usize)>> =
        lowers.iter().map(|l| severity_in(&l.text)).collect();
    // Per statement, once and only for those in a pair: its figures and moments.
    let mut figures: Vec<Option<Figures>> = (0..stmts.len()).map(|_| None).collect();
    for &(a, b, score) in pairs {
        let (sa, sb) = (&stmts[a], &stmts[b]);
        let (Some(ra), Some(rb)) = (results.get(sa.doc), results.get(sb.doc)) else {
            continue;
        };
        if super::outlet_str(ra) == super::outlet_str(rb) {
            continue;
        }
        for (i, r, st) in [(a, ra, sa), (b, rb, sb)] {
            if let Some(slot @ None) = figures.get_mut(i) {
                *slot = Some(Figures::of(r, st));
            }
        }
        if let (Some(Some(fa)), Some(Some(fb))) = (figures.get(a), figures.get(b)) {
            // Figures of two moments ("currently 10,769 points" in Monday's article and
            // "currently 11,350" in Friday's) may both be right.
            let (ma, mb) = (&fa.moments, &fb.moments);
            if ma.is_empty() || mb.is_empty() || !ma.is_disjoint(mb) {
                let sides = [
                    (ra, sa, fa.values.as_slice()),
                    (rb, sb, fb.values.as_slice()),
                ];
                quantities(sides, (a, b, score), &mut found);
            }
        }
        if score >= SAME_WORDING {
            dates(ra, rb, sa, sb, a, b, &mut found);
        }
        one_vs_plural(&lowers[a], &lowers[b].text, sa, sb, a, b, &mut found);
        one_vs_plural(&lowers[b], &lowers[a].text, sb, sa, b, a, &mut found);
        if let (Some(va), Some(vb)) = (sev[a], sev[b]) {
            if va.0 != vb.0 {
                found.push(Found {
                    slot: "severity".into(),
                    a: (a, Span::new(sa.span.start + va.1, sa.span.start + va.2)),
                    b: (b, Span::new(sb.span.start + vb.1, sb.span.start + vb.2)),
                });
            }
        }
    }
    comments(results, stmts, &lowers, &mut found);
    // Group by slot and value set.
    let mut groups: BTreeMap<(String, Vec<String>), Inconsistency> = BTreeMap::new();
    for f in found {
        let mut vals = Vec::new();
        for (i, span) in [f.a, f.b] {
            let st = &stmts[i];
            let Some(r) = results.get(st.doc) else {
                continue;
            };
            vals.push(SlotValue {
                value: r.0.slice(span).to_string(),
                cite: Cite {
                    doc: r.0.doc.id.clone(),
                    span,
                },
                statement: Cite {
                    doc: r.0.doc.id.clone(),
                    span: st.span,
                },
                outlet: super::outlet(r),
            });
        }
        let mut key_vals: Vec<String> = vals.iter().map(|v| v.value.to_ascii_lowercase()).collect();
        key_vals.sort();
        key_vals.dedup();
        if key_vals.len() < 2 {
            continue;
        }
        let e = groups
            .entry((f.slot.clone(), key_vals))
            .or_insert_with(|| Inconsistency {
                slot: f.slot.clone(),
                values: Vec::new(),
            });
        for v in vals {
            if !e.values.iter().any(|o| o.cite == v.cite) {
                e.values.push(v);
            }
        }
    }
    groups.into_values().collect()
}

/// The content words right around a span of a statement (one before, one after), and those
/// inside it but its last (a count's modifiers: "three injured passengers"), stemmed: two
/// values fill the same slot only when something around them matches ("injured three
/// passengers" / "three injured passengers"), not "unreliable for three weeks" / "three days
/// after".
fn around(r: &Analysed, st: &Statement, span: Span) -> BTreeSet<String> {
    let l = Lowered::of(&r.0, st.span);
    let rel = span.start.saturating_sub(st.span.start)..span.end.saturating_sub(st.span.start);
    let content = |w: &&str| !concept_words(w).is_empty();
    let before = l
        .words
        .iter()
        .filter(|w| w.end <= rel.start)
        .map(|w| l.word(w))
        .rfind(content);
    let after = l
        .words
        .iter()
        .filter(|w| w.start >= rel.end)
        .map(|w| l.word(w))
        .find(content);
    let inside: Vec<&str> = l
        .words
        .iter()
        .filter(|w| w.start >= rel.start && w.end <= rel.end)
        .map(|w| l.word(w))
        .collect();
    let modifiers = inside
        .split_last()
        .map_or(&[][..], |(_, rest)| rest)
        .iter()
        .copied()
        .filter(|w| !w.bytes().any(|b| b.is_ascii_digit()) && word_number(w).is_none())
        .filter(content);
    before
        .into_iter()
        .chain(after)
        .chain(modifiers)
        .map(stem_word)
        .collect()
}

/// A statement's figures ([`single_valued`]) and the days it speaks of ([`moments`]).
struct Figures<'r> {
    values: Vec<(&'r Quantity, NormQty)>,
    moments: BTreeSet<String>,
}

impl<'r> Figures<'r> {
    fn of(r: &'r Analysed, st: &Statement) -> Self {
        Self {
            values: single_valued(r, st),
            moments: moments(r, st),
        }
    }
}

/// One side of a compared pair: the article, the statement and its figures.
type Side<'a, 'r> = (&'a Analysed, &'a Statement, &'a [(&'r Quantity, NormQty)]);

fn quantities(
    [(ra, sa, qsa), (rb, sb, qsb)]: [Side<'_, '_>; 2],
    (a, b, score): (usize, usize, f64),
    out: &mut Vec<Found>,
) {
    for (qa, na) in qsa {
        for (qb, nb) in qsb {
            // Written in one unit, values agree only when equal ("34-year-old" and
            // "35-year-old" differ); converted, within rounding ("40 miles", "65 km").
            let agree = if qa.unit == qb.unit {
                qa.value == qb.value
            } else {
                same_value(na.value, nb.value)
            };
            if na.kind != nb.kind || na.unit != nb.unit || agree {
                continue;
            }
            let (ha, hb) = (
                holder(ra, sa, qa.span, na.kind),
                holder(rb, sb, qb.span, nb.kind),
            );
            let same_holder = match (&ha, &hb) {
                (Some(x), Some(y)) => x == y,
                // An age belongs to a person: compared only when both name the same one.
                _ if na.kind == QuantityKind::Age => false,
                _ => true,
            };
            // Values fill one slot when the words around them match ("killed 10 people" /
            // "killed 612 people", not "killed 10" / "injured 5"), or, for counts, when the
            // two statements state one fact.
            let same_slot = (na.kind == QuantityKind::Count && score >= ALIGN)
                || !around(ra, sa, qa.span).is_disjoint(&around(rb, sb, qb.span));
            if same_holder && same_slot {
                let kind = format!("{:?}", na.kind).to_ascii_lowercase();
                let slot = if na.kind == QuantityKind::Count {
                    format!("{kind} of {}", na.unit)
                } else {
                    kind
                };
                out.push(Found {
                    slot,
                    a: (a, qa.span),
                    b: (b, qb.span),
                });
            }
        }
    }
}

/// The statement's exact quantities, normalised, leaving out ranges ("between six and eight
/// years") and every kind and unit it gives two different values of: two sums ("between
/// $140 million and $150 million"), a list ("eight, 10, 12 years") or a line of figures ("two
/// touchdowns …, four TDs") is not one slot.
fn single_valued<'r>(r: &'r Analysed, st: &Statement) -> Vec<(&'r Quantity, NormQty)> {
    let all: Vec<_> = st
        .quantities
        .iter()
        .filter_map(|&i| r.1.quantities.get(i))
        .filter(|q| q.value_max.is_none())
        .map(|q| (q, norm_qty(q)))
        .filter(|(_, n)| !n.vague)
        .collect();
    all.iter()
        .filter(|(_, n)| {
            !all.iter()
                .any(|(_, m)| m.kind == n.kind && m.unit == n.unit && !same_value(m.value, n.value))
        })
        .cloned()
        .collect()
}

/// Whose a value is: the first person, organisation or group named (or referred to by a
/// pronoun the entities stage resolved) before it in its statement, usually the clause's
/// subject, other than the statement's own source ("Miller is averaging 15.5 points" against
/// "Iguodala is averaging 14.9 points"; "the Orioles offered $140 million" against "the
/// Nationals offered $160 million"; in "police said 12 people were hurt" nobody). An age
/// belongs to the person named nearest it, on either side ("the 40-year-old Thompson").
/// Given as the entity's fullest name's last word, in lower case; `None` when no such name
/// is there.
fn holder(r: &Analysed, st: &Statement, at: Span, kind: QuantityKind) -> Option<String> {
    let source = st.source.named_at.as_ref().map(|c| c.span);
    let ents = &r.1.entities;
    let from = ents
        .mentions
        .partition_point(|m| m.span.start < st.span.start);
    let to = ents
        .mentions
        .partition_point(|m| m.span.start < st.span.end);
    let within = ents.mentions.get(from..to)?.iter();
    let mut names = within
        .filter(|m| m.span.end <= st.span.end)
        .filter_map(|m| {
            let e = ents.entities.get(m.entity)?;
            let party = match e.kind {
                EntityKind::Person => true,
                EntityKind::Organization | EntityKind::Group => kind != QuantityKind::Age,
                EntityKind::Place => false,
            };
            let named = matches!(m.kind, MentionKind::Name | MentionKind::Pronoun);
            (party && named && !source.is_some_and(|s| s.overlaps(m.span))).then_some((m.span, e))
        });
    let (_, e) = if kind == QuantityKind::Age {
        names
            .filter(|(s, _)| !s.overlaps(at))
            .min_by_key(|(s, _)| {
                s.start
                    .saturating_sub(at.end)
                    .max(at.start.saturating_sub(s.end))
            })?
    } else {
        names.find(|(s, _)| s.end <= at.start)?
    };
    let last = e.name.split_whitespace().last()?;
    let last = last.trim_end_matches("'s").trim_end_matches("\u{2019}s");
    Some(last.to_lowercase())
}

/// The days a statement speaks of: its calendar days, and, when it says "now" or
/// "currently", the day its article was published. Empty when it names no day (then it can
/// speak of any).
fn moments(r: &Analysed, st: &Statement) -> BTreeSet<String> {
    let mut days: BTreeSet<String> = day_dates(r, st).into_iter().map(|(v, _)| v).collect();
    let present =
        r.1.dates
            .iter()
            .any(|t| st.span.contains(t.span) && t.value.as_deref() == Some("PRESENT_REF"));
    if present {
        if let Some(p) = &r.0.doc.meta.published {
            days.insert(p.value.to_string());
        }
    }
    days
}

fn day_dates(r: &Analysed, st: &Statement) -> Vec<(String, Span)> {
    r.1.dates
        .iter()
        .filter(|t| st.span.contains(t.span))
        .filter_map(|t| {
            let v = t.value.as_deref()?;
            let b = v.as_bytes();
            (v.len() == 10 && b.first().is_some_and(u8::is_ascii_digit) && b.get(4) == Some(&b'-'))
                .then(|| (v.to_string(), t.span))
        })
        .collect()
}

fn dates(
    ra: &Analysed,
    rb: &Analysed,
    sa: &Statement,
    sb: &Statement,
    a: usize,
    b: usize,
    out: &mut Vec<Found>,
) {
    let (da, db) = (day_dates(ra, sa), day_dates(rb, sb));
    if da.len() != 1 || db.len() != 1 {
        return;
    }
    let same_slot = !around(ra, sa, da[0].1).is_disjoint(&around(rb, sb, db[0].1));
    if same_slot && da[0].0 != db[0].0 {
        out.push(Found {
            slot: "date".into(),
            a: (a, da[0].1),
            b: (b, db[0].1),
        });
    }
}

/// "one hand" in `ta` against "his hands" (the plural with no number) in `tb`.
fn one_vs_plural(
    la: &Lowered,
    lb: &str,
    sa: &Statement,
    sb: &Statement,
    a: usize,
    b: usize,
    out: &mut Vec<Found>,
) {
    let wa = &la.words;
    let la = la.text.as_str();
    if find_word(la, "one").is_none() {
        return;
    }
    for k in 0..wa.len().saturating_sub(1) {
        if slice(la, wa[k].start, wa[k].end) != "one" {
            continue;
        }
        let noun = slice(la, wa[k + 1].start, wa[k + 1].end);
        if noun.len() < 3 || noun.ends_with('s') {
            continue;
        }
        let plural = format!("{noun}s");
        let Some(p) = find_word(lb, &plural) else {
            continue;
        };
        let det = slice_to(lb, p)
            .split_whitespace()
            .last()
            .unwrap_or_default();
        if !matches!(det, "his" | "her" | "their" | "its" | "the" | "both") {
            continue;
        }
        if find_word(lb, &format!("one {noun}")).is_some() {
            continue;
        }
        let span_a = Span::new(sa.span.start + wa[k].start, sa.span.start + wa[k + 1].end);
        let span_b = Span::new(sb.span.start + p, sb.span.start + p + plural.len());
        out.push(Found {
            slot: format!("number of {noun}"),
            a: (a, span_a),
            b: (b, span_b),
        });
    }
}

/// "X declined to comment" in one article against a statement another outlet attributes to
/// X. Declining parties are few; the others are found through a map by party, so the pass is
/// linear in the statements.
fn comments(results: &[Analysed], stmts: &[Statement], lowers: &[Lowered], out: &mut Vec<Found>) {
    // (party key, voice) → statements attributed to that party, in order.
    let mut by_party: BTreeMap<(String, Voice), Vec<usize>> = BTreeMap::new();
    for (i, st) in stmts.iter().enumerate() {
        if st.source.voice != Voice::Outlet && st.source.named_at.is_some() {
            by_party
                .entry((st.source.key(), st.source.voice))
                .or_default()
                .push(i);
        }
    }
    for (i, st) in stmts.iter().enumerate() {
        let Some((s, e)) = NO_COMMENT_PHRASES
            .first_words(&lowers[i].text)
            .iter()
            .zip(NO_COMMENT)
            .filter_map(|(at, p)| at.map(|s| (s, s + p.len())))
            .min()
        else {
            continue;
        };
        let Some((prep, ex)) = results.get(st.doc) else {
            continue;
        };
        let phrase = Span::new(st.span.start + s, st.span.start + e);
        let Some(party) =
            sources::of_cue(prep, ex, st.span, phrase).filter(|p| p.voice != Voice::Outlet)
        else {
            continue;
        };
        let outlet = super::outlet_str(&results[st.doc]);
        let dates_at: Vec<usize> = ex
            .dates
            .iter()
            .filter(|d| st.span.contains(d.span))
            .map(|d| d.span.start - st.span.start)
            .collect();
        if scoped_no_comment(&lowers[i].text, s, e, &dates_at) {
            continue;
        }
        let quoted = by_party
            .get(&(party.key(), party.voice))
            .into_iter()
            .flatten()
            .copied()
            .find(|&j| {
                results
                    .get(stmts[j].doc)
                    .is_some_and(|r| super::outlet_str(r) != outlet)
            });
        let Some(j) = quoted else { continue };
        let Some(named) = stmts[j].source.named_at.as_ref() else {
            continue;
        };
        // The other side's value: the reporting cue of the quote naming the party, else the
        // mention that names it.
        let cue = results.get(stmts[j].doc).and_then(|r| {
            r.1.quotes
                .iter()
                .find(|q| {
                    q.speaker_named_at == Some(named.span) && q.content.overlaps(stmts[j].span)
                })
                .and_then(|q| q.cue)
        });
        out.push(Found {
            slot: format!("whether {} commented", party.name),
            a: (i, phrase),
            b: (j, cue.unwrap_or(named.span)),
        });
    }
}

/// True when the no-comment phrase at `s..e` of lower-cased statement `lower` answers one
/// question, not the story: "Asked whether …, the mayor did not comment", "declined to
/// comment on the lawsuit" (but not "declined to comment on Friday": `dates_at` are the
/// statement-relative starts of its dates).
fn scoped_no_comment(lower: &str, s: usize, e: usize, dates_at: &[usize]) -> bool {
    let asked_before = SCOPED_COMMENT_BEFORE
        .iter()
        .any(|w| find_word(slice_to(lower, s), w).is_some());
    let mut words = word_starts(lower, e);
    let narrowed = words.next().is_some_and(|(_, w)| {
        SCOPED_COMMENT_AFTER.contains(&w)
            && words.next().is_none_or(|(at, _)| !dates_at.contains(&at))
    });
    asked_before || narrowed
}

/// The first two words of `text` from byte `from` on, with their byte offsets.
fn word_starts(text: &str, from: usize) -> impl Iterator<Item = (usize, &str)> {
    let mut words = Vec::with_capacity(2);
    let mut start = None;
    for (i, c) in text.char_indices().skip_while(|&(i, _)| i < from) {
        match (c.is_alphanumeric(), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                words.push((s, slice(text, s, i)));
                start = None;
                if words.len() == 2 {
                    break;
                }
            }
            _ => {}
        }
    }
    if let (Some(s), true) = (start, words.len() < 2) {
        words.push((s, slice(text, s, text.len())));
    }
    words.into_iter()
}

/// [`NO_COMMENT`] phrases, looked up together.
static NO_COMMENT_PHRASES: LazyLock<PhraseSet> =
    LazyLock::new(|| PhraseSet::new(NO_COMMENT.iter().copied()));
/// [`SEVERITY`] phrases, looked up together.
static SEVERITY_PHRASES: LazyLock<PhraseSet> =
    LazyLock::new(|| PhraseSet::new(SEVERITY.iter().map(|(p, _)| *p)));

fn severity_in(lower: &str) -> Option<(u8, usize, usize)> {
    SEVERITY_PHRASES
        .first_words(lower)
        .iter()
        .zip(SEVERITY)
        .filter_map(|(at, (p, lvl))| at.map(|s| (*lvl, s, s + p.len())))
        .max_by_key(|x| (x.0, x.2 - x.1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scoped(lower: &str, phrase: &str, dates_at: &[usize]) -> bool {
        let s = lower.find(phrase).expect("phrase");
        scoped_no_comment(lower, s, s + phrase.len(), dates_at)
    }

    #[test]
    fn a_no_comment_on_one_topic_is_scoped_and_one_on_a_day_is_not() {
        let topic = "the company declined to comment on the lawsuit.";
        assert!(scoped(topic, "declined to comment", &[]));
        let day = "the company declined to comment on friday.";
        let friday = day.find("friday").unwrap();
        assert!(!scoped(day, "declined to comment", &[friday]));
        let asked = "asked about the fine, the company declined to comment.";
        assert!(scoped(asked, "declined to comment", &[]));
        let plain = "the company declined to comment when reached.";
        assert!(!scoped(plain, "declined to comment", &[]));
        let last = "the company declined to comment further";
        assert!(scoped(last, "declined to comment", &[]));
    }
}
