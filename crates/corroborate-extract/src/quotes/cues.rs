//! Finding a quote's cue and the speaker mention around it: after the quote (`"…," Crump
//! said`, `said Crump`, `according to …`), before it in its sentence (`Zummach has said Foster
//! had "…"`, `…, saying "…"`), before a colon that opens it, or in the sentence that
//! introduces its paragraph. Each finder returns the cue's span and, when the text names one,
//! the speaker mention's span and kind; which entity that is, is decided in `super::resolve`.

use corroborate_core::text::is_function_word;
use corroborate_core::Span;

use super::detector::PREPOSITIONS;
use super::lexicon::{
    self, ACCORDING_BEFORE, AFTER_ACCORDING, AFTER_CUE_SUBJ, AFTER_SUBJ_CUE, CALENDAR,
    COMPLEMENT_PREPOSITIONS, DETERMINERS, NOT_IN_ROLE, NOT_SPEAKER_HEADS, NP_LINKS, NP_OPENERS,
    PARTICIPLES, PLURAL_DETERMINERS, POSS_SPEECH, RELATIVE_PRONOUNS, SPEAKER_PRONOUNS, SUBJ_ANY,
    SUBJ_AT_END, SUBJ_BEFORE_CUE,
};
use super::names::{self, NameTable};
use super::pairing::RawQuote;
use super::SpeakerMentionKind;
use crate::lexicon::patterns::NAME_CONNECTORS;
use crate::lexicon::reporting::{is_cue, is_speech_verb};
use crate::windows::{ascii_words, ceil_boundary, floor_boundary, Windows, MAX_WINDOW};

/// Where a speaker mention was found, and the cue.
pub(super) struct Found {
    pub(super) mention: Option<(Span, SpeakerMentionKind)>,
    pub(super) cue: Span,
}

/// The mention in a subject-pattern match over `hay` (which starts at byte `offset` of the
/// text), with absolute offsets.
pub(super) fn mention_of(
    c: &regex::Captures<'_>,
    hay: &str,
    offset: usize,
) -> Option<(Span, SpeakerMentionKind)> {
    let (span, kind) = mention_with(c, offset, |at| opens_sentence(hay, at))?;
    if kind != SpeakerMentionKind::Group {
        return Some((span, kind));
    }
    let start = span.start.checked_sub(offset)?;
    let from = modifiers_before(hay, start);
    let widened = hay.get(from..span.end - offset)?;
    let start = if plausible_speaker(widened, kind, opens_sentence(hay, from)) {
        from
    } else {
        start
    };
    Some((Span::new(offset + start, span.end), kind))
}

/// How many modifier words a bare group noun may take ("election officials", "Israeli
/// officials", "law enforcement officials").
const MAX_GROUP_MODIFIERS: usize = 3;

/// Where the modifiers of a bare group noun starting at byte `at` of `hay` begin: up to
/// [`MAX_GROUP_MODIFIERS`] words right before it, each of letters and hyphens, none a function
/// word, a word that never opens a subject, an adverb or a reporting verb. `at` when there are
/// none.
fn modifiers_before(hay: &str, at: usize) -> usize {
    let mut from = at;
    for _ in 0..MAX_GROUP_MODIFIERS {
        let Some(before) = hay.get(..from) else { break };
        let Some(rest) = before.strip_suffix(' ') else {
            break;
        };
        let start = rest.rfind(|c: char| c.is_whitespace()).map_or(0, |i| i + 1);
        let Some(word) = rest.get(start..) else { break };
        let lower = word.to_lowercase();
        let modifier = !word.is_empty()
            && word.chars().all(|c| c.is_alphabetic() || c == '-')
            && !is_function_word(&lower)
            && !lexicon::NOT_SUBJECT_START.contains(&lower.as_str())
            && !lexicon::CLAUSE_BREAKS.contains(&lower.as_str())
            && !lower.ends_with("ly")
            && !is_cue(&lower);
        if !modifier {
            break;
        }
        from = start;
    }
    from
}

/// [`mention_of`] for a match over the text right after a quote: no mention there opens a
/// sentence ("…,” Will said).
pub(super) fn mention_after_quote(
    c: &regex::Captures<'_>,
    offset: usize,
) -> Option<(Span, SpeakerMentionKind)> {
    mention_with(c, offset, |_| false)
}

fn mention_with(
    c: &regex::Captures<'_>,
    offset: usize,
    opens: impl Fn(usize) -> bool,
) -> Option<(Span, SpeakerMentionKind)> {
    let kinds = [
        ("poss", SpeakerMentionKind::Role),
        ("role", SpeakerMentionKind::Role),
        ("pron", SpeakerMentionKind::Pronoun),
        ("pname", SpeakerMentionKind::Name),
        ("group", SpeakerMentionKind::Group),
        ("name", SpeakerMentionKind::Name),
    ];
    let (m, kind) = kinds.iter().find_map(|(g, k)| c.name(g).map(|m| (m, *k)))?;
    // "I" and "We" opening a sentence match the name pattern; they are pronouns.
    let kind = if kind == SpeakerMentionKind::Name
        && SPEAKER_PRONOUNS.contains(&m.as_str().to_lowercase().as_str())
    {
        SpeakerMentionKind::Pronoun
    } else {
        kind
    };
    // A phrase never runs into its own cue ("the statement added", "this source told the
    // Post" from the unanchored pattern).
    let written = m.as_str();
    let cue_at = ascii_words(written)
        .skip(1)
        .find(|&(a, b)| {
            written
                .get(a..b)
                .is_some_and(|w| w.starts_with(char::is_lowercase) && is_cue(w))
        })
        .map(|(a, _)| a);
    let written = match cue_at {
        Some(a) if kind != SpeakerMentionKind::Pronoun => written.get(..a)?.trim_end(),
        _ => written,
    };
    let pname = c.name("pname").is_some_and(|p| p.start() == m.start());
    let written = if pname {
        written.get(..role_before_name(written))?
    } else {
        written
    };
    // Lower-case words before a name that are no role words ("sided with the Democrats"): the
    // mention is the name alone.
    let lead = if pname {
        name_after_non_role_words(written)?
    } else {
        0
    };
    let written = written.get(lead..)?;
    let start = m.start() + lead;
    // A role phrase the pattern ended on a preposition ("said the mayor of Tolvik").
    let last_word = written.rsplit([' ', '\t']).next().unwrap_or("");
    let dangling = kind == SpeakerMentionKind::Role
        && (last_word == "from" || COMPLEMENT_PREPOSITIONS.contains(&last_word));
    if !dangling && plausible_speaker(written, kind, opens(start)) {
        return Some((
            Span::new(offset + start, offset + start + written.len()),
            kind,
        ));
    }
    // A role phrase that took the auxiliaries before the cue as its last words ("The Saudis
    // have said", "Both sides have also acknowledged"), or the preposition opening its
    // complement or a relative clause after an inverted cue ("said the former aide to Mayor
    // Varga", "said an official who …"): the subject is what comes before them.
    if kind != SpeakerMentionKind::Role {
        return None;
    }
    let mut end = written.len();
    let inverted = c.name("cue").is_some_and(|cue| cue.end() <= m.start());
    let head_end = inverted
        .then(|| {
            let relative = ascii_words(written)
                .find(|&(a, b)| {
                    a > 0
                        && written
                            .get(a..b)
                            .is_some_and(|w| RELATIVE_PRONOUNS.contains(&w))
                })
                .map_or(written.len(), |(a, _)| a);
            complement_start(written).min(relative)
        })
        .filter(|&e| e < written.len());
    if let Some(head_end) = head_end {
        end = head_end;
    } else {
        // Not "to", which ends a verb phrase before a cue ("the mayor declined to").
        if dangling && last_word != "to" {
            end -= last_word.len();
        }
        while let Some(space) = written.get(..end)?.trim_end().rfind([' ', '\t']) {
            let last = written.get(space + 1..end)?.trim();
            if !lexicon::between_subject_and_cue(&last.to_lowercase()) {
                break;
            }
            end = space;
        }
    }
    let subject = written.get(..end)?.trim_end();
    if end == written.len() || subject.is_empty() {
        return None;
    }
    let kind = if subject
        .split_whitespace()
        .next_back()
        .is_some_and(|w| w.starts_with(char::is_uppercase))
    {
        SpeakerMentionKind::Name
    } else {
        SpeakerMentionKind::Role
    };
    plausible_speaker(subject, kind, opens(start)).then(|| {
        (
            Span::new(offset + start, offset + start + subject.len()),
            kind,
        )
    })
}

/// Where the name of a lower-case role and name starts when a word before it is a function
/// word, a past form or a cue, so that the words are no role ("rose to thank Mayor Lind"); 0
/// when they are one ("former governor Ana Lind"); `None` when a preposition or a verb form
/// (and perhaps a determiner) stands right before the name ("sided with the Ferry Union",
/// "following the Harbour Board's report"): the name is its object, not a subject.
fn name_after_non_role_words(phrase: &str) -> Option<usize> {
    let mut role = true;
    let mut before = ["", ""];
    for (a, b) in ascii_words(phrase) {
        let word = phrase.get(a..b).unwrap_or_default();
        if word.starts_with(char::is_uppercase) {
            if role {
                return Some(0);
            }
            let head = if DETERMINERS.contains(&before[1]) {
                before[0]
            } else {
                before[1]
            };
            let object =
                PREPOSITIONS.contains(&head) || head.ends_with("ing") || head.ends_with("ed");
            return (!object).then_some(a);
        }
        let lower = word.to_lowercase();
        role &= !is_function_word(&lower) && !lower.ends_with("ed") && !is_cue(&lower);
        before = [before[1], word];
    }
    Some(0)
}

/// How much of a lower-case role and name stands as one phrase: a capitalised modifier and more
/// role words before the name ("former Norland governor Ana Lind") only when the words around
/// the modifier are neither function words, past forms nor cues; else the phrase ends with the
/// modifier, as the plain role-and-name pattern reads it ("in Kell").
fn role_before_name(phrase: &str) -> usize {
    let words: Vec<(usize, usize)> = ascii_words(phrase).collect();
    let word = |i: usize| phrase.get(words[i].0..words[i].1).unwrap_or("");
    let upper = |i: usize| word(i).starts_with(char::is_uppercase);
    let Some(first_cap) = (0..words.len()).find(|&i| upper(i)) else {
        return phrase.len();
    };
    let cap_end = (first_cap..words.len())
        .find(|&i| !upper(i))
        .unwrap_or(words.len());
    let Some(next_cap) = (cap_end..words.len()).find(|&i| upper(i)) else {
        return phrase.len();
    };
    // Lower-case words inside a name ("Department of Homeland Security", "Ana de Lind").
    if (cap_end..next_cap).all(|i| NAME_CONNECTORS.contains(&word(i))) {
        return phrase.len();
    }
    let role_words = (0..first_cap).chain(cap_end..next_cap).all(|i| {
        let lower = word(i).to_lowercase();
        !is_function_word(&lower) && !lower.ends_with("ed") && !is_cue(&lower)
    });
    if role_words {
        phrase.len()
    } else {
        words[cap_end - 1].1
    }
}

/// False for a subject match that cannot be a speaker: a role phrase running over a clause
/// boundary or headed by a time or an utterance noun, any phrase with a day or month name
/// ("late Monday", "Sunday night’s debate"), or a lone function word at `sentence_start`.
fn plausible_speaker(written: &str, kind: SpeakerMentionKind, sentence_start: bool) -> bool {
    let words: Vec<&str> = written.split_whitespace().collect();
    let last = words.last().map_or("", |w| w.trim_end_matches(['.', ',']));
    let calendar = words.iter().any(|w| {
        let w = w.trim_end_matches(['.', ',']);
        let w = w
            .strip_suffix("’s")
            .or_else(|| w.strip_suffix("'s"))
            .unwrap_or(w);
        CALENDAR.contains(&w)
    });
    if calendar {
        return false;
    }
    // A function word or a participle news writes in lower case, capitalised because it opens
    // the sentence ("When asked …", "After saying …", "Facing criticism …") is not a name;
    // elsewhere it is one ("…," Will said), and a pronoun ("It said", "We believe") may speak
    // anywhere.
    if let [only] = words.as_slice() {
        let lower = only.trim_end_matches(['.', ',']).to_lowercase();
        let participle = lower.ends_with("ing") && crate::entities::lexicon::common_word(&lower);
        if sentence_start
            && kind == SpeakerMentionKind::Name
            && (is_function_word(&lower) || participle)
            && !SPEAKER_PRONOUNS.contains(&lower.as_str())
        {
            return false;
        }
    }
    match kind {
        SpeakerMentionKind::Role => {
            !words.iter().skip(1).any(|w| NOT_IN_ROLE.contains(w))
                && !NOT_SPEAKER_HEADS.contains(&last.to_lowercase().as_str())
        }
        _ => true,
    }
}

/// True when the words of `hay` before byte `at` end a sentence, or there are none: a word at
/// `at` is capitalised by position. (`hay` may start mid-sentence; a capitalised function word
/// at its start is then taken as opening the sentence, which it nearly always does.)
fn opens_sentence(hay: &str, at: usize) -> bool {
    let before = hay
        .get(..at)
        .unwrap_or_default()
        .trim_end()
        .trim_end_matches(['"', '”', '’', '\'', ')'])
        .trim_end();
    before.is_empty() || before.ends_with(['.', '!', '?', ':'])
}

/// A cue right after the quote.
pub(super) fn cue_after(after: &str, offset: usize) -> Option<Found> {
    for re in [&*AFTER_SUBJ_CUE, &*AFTER_CUE_SUBJ, &*AFTER_ACCORDING] {
        if let Some(c) = re.captures(after) {
            let cue = c.name("cue")?;
            // "said Dana Holt, the harbour master, reports USA Today": a subject that opens
            // with a cue verb is the cue and its subject, for the next pattern.
            let subject_is_cue = std::ptr::eq(re, &*AFTER_SUBJ_CUE)
                && after.get(..cue.start()).is_some_and(|s| {
                    s.split_whitespace()
                        .next()
                        .is_some_and(|w| is_speech_verb(w.trim_start_matches(',')))
                });
            if subject_is_cue {
                continue;
            }
            return Some(Found {
                mention: mention_after_quote(&c, offset),
                cue: Span::new(offset + cue.start(), offset + cue.end()),
            });
        }
    }
    let (a, b) = ascii_words(after)
        .take(10)
        .find(|&(a, b)| after.get(a..b).is_some_and(is_lower_cue))?;
    let c = SUBJ_BEFORE_CUE.captures(after.get(..a)?)?;
    Some(Found {
        mention: Some(mention_after_quote(&c, offset)?),
        cue: Span::new(offset + a, offset + b),
    })
}

/// Clause punctuation that ends a noun phrase after an inverted cue.
const PHRASE_END: &[char] = &[',', '.', ';', ':', '!', '?', '(', '"', '“', '”', '\n'];

/// True when `phrase` starts as a speaking noun phrase: a capitalised word, a determiner or
/// quantifier, or a pronoun.
fn opens_speaker_phrase(phrase: &str) -> bool {
    let first = phrase.split_whitespace().next().unwrap_or("");
    let lower = first.to_lowercase();
    first.chars().next().is_some_and(char::is_uppercase)
        || NP_OPENERS.contains(&lower.as_str())
        || SPEAKER_PRONOUNS.contains(&lower.as_str())
}

/// The speaker mention inside a noun phrase `t` (at byte `at`) that stands as a cue's
/// subject: before any apposition, the last non-possessive name ("Snyder spokesman
/// Dave Murray"), else the phrase as a role ("another commenter", "a longtime adviser to
/// Mayor Varga": a name after a common noun's preposition is not the speaker) or a pronoun.
pub(super) fn speaker_in_phrase(
    t: &str,
    at: usize,
    table: &NameTable,
) -> Option<(Span, SpeakerMentionKind)> {
    let head_len = t.find(',').unwrap_or(t.len());
    let head = t.get(..head_len)?.trim_end();
    if head.is_empty() || head.split_whitespace().count() > 12 {
        return None;
    }
    let lower = head.to_lowercase();
    if SPEAKER_PRONOUNS.contains(&lower.as_str()) {
        return Some((Span::new(at, at + head.len()), SpeakerMentionKind::Pronoun));
    }
    let complement = complement_start(head);
    let name = lexicon::NAME_SEQ
        .find_iter(head)
        .filter(|m| m.end() <= complement)
        .filter(|m| !names::is_possessive(m.as_str()))
        .filter(|m| {
            let w = m.as_str();
            w.contains(char::is_whitespace) || table.is_name_word(w)
        })
        .filter(|m| plausible_speaker(m.as_str(), SpeakerMentionKind::Name, false))
        .last();
    if let Some(m) = name {
        return Some((
            Span::new(at + m.start(), at + m.end()),
            SpeakerMentionKind::Name,
        ));
    }
    let first = lower.split_whitespace().next().unwrap_or("");
    // A coordinated role ("the mayor and chair of the board") may hold an "and".
    let role_words = head.replacen(" and ", " ", 1);
    (NP_OPENERS.contains(&first) && plausible_speaker(&role_words, SpeakerMentionKind::Role, false))
        .then(|| (Span::new(at, at + head.len()), SpeakerMentionKind::Role))
}

/// Where the complement of a common noun begins in a noun phrase: the byte offset of the
/// first preposition that follows a lower-case noun ("adviser to", "the mayor of"; "close to"
/// as one: "people close to"), or the phrase's length. A preposition after a capitalised word
/// belongs to a name or title ("Secretary of State John Kerry", "Mayor Varga of Tolvik"), and
/// one after a bare quantifier opens the head ("one of the witnesses").
fn complement_start(phrase: &str) -> usize {
    let mut previous: Option<(usize, &str)> = None;
    let mut only_openers = true;
    for (a, b) in ascii_words(phrase) {
        let word = phrase.get(a..b).unwrap_or("");
        if let Some((p, prev)) = previous {
            only_openers &= NP_OPENERS.contains(&prev);
            let lower = prev.starts_with(char::is_lowercase);
            if lower && !only_openers && COMPLEMENT_PREPOSITIONS.contains(&word) {
                return if prev == "close" && word == "to" {
                    p
                } else {
                    a
                };
            }
        }
        previous = Some((a, word));
    }
    phrase.len()
}

/// A cue further along the quote's sentence, past words the subject patterns do not cover:
/// the first cue word within a few words after the quote, with the noun phrase between them
/// ("…,” Snyder spokesman Dave Murray told …"; "“…” would be appropriate, candidate Ben Marsh
/// said") or, when nothing stands between them, right after the cue ("…,” beamed Hartley).
/// `after` is the rest of the sentence, starting at byte `offset` of `text`.
pub(super) fn cue_later_in_sentence(
    after: &str,
    offset: usize,
    raws: &[RawQuote],
    table: &NameTable,
) -> Option<Found> {
    let (a, b) = ascii_words(after).take(16).find(|&(a, b)| {
        after.get(a..b).is_some_and(is_lower_cue) && !inside_quote(raws, offset + a)
    })?;
    let cue = Span::new(offset + a, offset + b);
    let between = after.get(..a)?;
    let lead = between.len()
        - between
            .trim_start_matches([' ', '\t', ',', '—', '–', '-'])
            .len();
    let mut segment = between.get(lead..)?.trim_end();
    // A participle has no inverted subject ("…," saying the city embodied …).
    let finite = !after.get(a..b).is_some_and(lexicon::is_present_participle);
    if finite && (segment.is_empty() || segment.ends_with(',')) {
        if let Some(found) = inverted_subject(after, offset, b, cue, table) {
            return Some(found);
        }
    }
    if segment.is_empty()
        || outside_parentheses(segment).contains(['.', '!', '?', ';', ':', '"', '“', '”'])
    {
        return None;
    }
    let mut seg_start = offset + lead;
    if !opens_speaker_phrase(segment) {
        let comma = segment.rfind(", ")?;
        seg_start += comma + 2;
        segment = segment.get(comma + 2..)?;
    }
    let words: Vec<&str> = segment.split_whitespace().collect();
    let aux = words
        .iter()
        .rev()
        .take_while(|w| lexicon::between_subject_and_cue(w))
        .count();
    if words.len() <= aux || words.len() - aux > 12 || !opens_speaker_phrase(segment) {
        return None;
    }
    let mention = speaker_in_phrase(segment, seg_start, table)?;
    Some(Found {
        mention: Some(mention),
        cue,
    })
}

/// A speaker named right before a colon that opens the quote ("Republican pollster Daron
/// Shaw: “…”", "Pew Research: “…”"): the last name ending at the colon, else the whole clause
/// when it reads as a noun phrase. `prefix` runs from the sentence start to the quote, at byte
/// `offset`.
pub(super) fn colon_speaker(prefix: &str, offset: usize, table: &NameTable) -> Option<Found> {
    let trimmed = prefix.trim_end();
    let before = trimmed.strip_suffix(':')?;
    let colon = Span::new(offset + before.len(), offset + before.len() + 1);
    let name = lexicon::NAME_SEQ
        .find_iter(before)
        .last()
        .filter(|m| m.end() == before.len())
        .filter(|m| !names::is_possessive(m.as_str()))
        .filter(|m| m.as_str().contains(char::is_whitespace) || table.is_name_word(m.as_str()));
    let mention = match name {
        Some(m) => Some((
            Span::new(offset + m.start(), offset + m.end()),
            SpeakerMentionKind::Name,
        )),
        None => {
            let lead = before.len() - before.trim_start().len();
            let clause = before.trim();
            (opens_speaker_phrase(clause) && clause.split_whitespace().count() <= 6)
                .then(|| speaker_in_phrase(clause, offset + lead, table))
                .flatten()
        }
    }?;
    Some(Found {
        mention: Some(mention),
        cue: colon,
    })
}

/// The noun phrase right after an inverted cue ending at byte `b` of `after` ("…,” beamed
/// Donald Hartley of Madison").
fn inverted_subject(
    after: &str,
    offset: usize,
    b: usize,
    cue: Span,
    table: &NameTable,
) -> Option<Found> {
    let rest = after.get(b..)?;
    let np_start = rest.len() - rest.trim_start().len();
    let np = rest.get(np_start..)?;
    let np = np
        .get(..np.find(PHRASE_END).unwrap_or(np.len()))?
        .trim_end();
    if np.is_empty() || np.split_whitespace().count() > 8 || !opens_speaker_phrase(np) {
        return None;
    }
    let mention = speaker_in_phrase(np, offset + b + np_start, table)?;
    Some(Found {
        mention: Some(mention),
        cue,
    })
}

/// `s` without its parenthesised parts ("Sen. Marco Rubio (R-Fla.)" reads "Sen. Marco Rubio ").
fn outside_parentheses(s: &str) -> String {
    let mut depth = 0usize;
    s.chars()
        .filter(|&c| {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth = depth.saturating_sub(1);
                    return false;
                }
                _ => {}
            }
            depth == 0
        })
        .collect()
}

/// True for a lower-case word of the cue lexicon.
fn is_lower_cue(w: &str) -> bool {
    w.bytes().all(|c| c.is_ascii_lowercase()) && is_cue(w)
}

/// The last cue word of `prefix` outside quotes, as a byte range of `prefix`: the last
/// hand-listed speech verb when there is one ("Reeves added that investigators found that
/// “…”" is Reeves's), else the last cue of the data lexicon. A capitalised cue counts only
/// where a sentence starts ("Asked about …").
fn last_cue_word(prefix: &str, offset: usize, raws: &[RawQuote]) -> Option<(usize, usize)> {
    let mut last = None;
    let mut last_speech = None;
    let mut previous: [&str; 2] = ["", ""];
    for (a, b) in ascii_words(prefix) {
        let Some(w) = prefix.get(a..b) else { continue };
        let before = previous;
        previous = [before[1], w];
        let cue = if w.bytes().all(|c| c.is_ascii_lowercase()) {
            is_cue(w) && !plural_noun(w, before)
        } else {
            let before = prefix.get(..a).unwrap_or("").trim_end();
            let starts = before.is_empty() || before.ends_with(['.', '!', '?', ':', '"', '“', '”']);
            starts
                && w.bytes().skip(1).all(|c| c.is_ascii_lowercase())
                && is_cue(&w.to_ascii_lowercase())
        };
        if cue && !inside_quote(raws, offset + a) {
            last = Some((a, b));
            if is_speech_verb(&w.to_ascii_lowercase()) {
                last_speech = Some((a, b));
            }
        }
    }
    last_speech.or(last)
}

/// True when a cue word ending in "s" reads as a plural noun after the two words `before` it:
/// a determiner or a possessive right before it ("the reports", "Trump's claims"), or a plural
/// determiner and a capitalised modifier ("many Nordic states").
fn plural_noun(word: &str, before: [&str; 2]) -> bool {
    if !word.ends_with('s') || word == "says" {
        return false;
    }
    let determiner = |w: &str| PLURAL_DETERMINERS.contains(&w.to_lowercase().as_str());
    let possessive = before[1].ends_with("'s") || before[1].ends_with("’s");
    determiner(before[1])
        || possessive
        || (determiner(before[0])
            && before[0] != "the"
            && before[1].starts_with(char::is_uppercase))
}

/// The first true subject in `s` (the main clause's subject), preferring names: skips
/// possessives and lone capitalised words that are not known names.
pub(super) fn main_subject(
    s: &str,
    offset: usize,
    table: &NameTable,
    raws: &[RawQuote],
) -> Option<(Span, SpeakerMentionKind)> {
    let mut fallback = None;
    for c in SUBJ_ANY.captures_iter(s) {
        let Some((span, kind)) = mention_of(&c, s, offset) else {
            continue;
        };
        if inside_quote(raws, span.start) {
            continue;
        }
        let t = &s[span.start - offset..span.end - offset];
        match kind {
            SpeakerMentionKind::Name => {
                let single = !t.contains(char::is_whitespace);
                if single && !table.is_name_word(t) {
                    continue;
                }
                if names::is_possessive(t) {
                    continue;
                }
                return Some((span, kind));
            }
            SpeakerMentionKind::Pronoun => return Some((span, kind)),
            _ => {
                if fallback.is_none() {
                    fallback = Some((span, kind));
                }
            }
        }
    }
    fallback
}

/// True when `pos` lies inside one of the paired quotes.
fn inside_quote(raws: &[RawQuote], pos: usize) -> bool {
    let i = raws.partition_point(|r| r.span.end <= pos);
    raws.get(i).is_some_and(|r| r.span.start <= pos)
}

/// True when `span` shares a byte with one of the paired quotes (marks included).
pub(super) fn overlaps_quote(raws: &[RawQuote], span: Span) -> bool {
    let i = raws.partition_point(|r| r.span.end <= span.start);
    raws.get(i).is_some_and(|r| r.span.start < span.end)
}

/// The cue in the sentence before the quote: a cue verb with its subject, a possessive speech
/// noun, or "according to".
pub(super) fn cue_before(
    prefix: &str,
    offset: usize,
    raws: &[RawQuote],
    table: &NameTable,
) -> Option<Found> {
    let verb = last_cue_word(prefix, offset, raws);
    let poss = Some(prefix)
        .filter(|p| POSS_SPEECH.is_match(p))
        .into_iter()
        .flat_map(|p| POSS_SPEECH.captures_iter(p))
        .filter(|c| {
            c.get(0)
                .is_some_and(|m| !inside_quote(raws, offset + m.start()))
        })
        .last();
    let according = Some(prefix)
        .filter(|p| p.contains("ccording"))
        .into_iter()
        .flat_map(|p| ACCORDING_BEFORE.captures_iter(p))
        .filter(|c| {
            c.get(0)
                .is_some_and(|m| !inside_quote(raws, offset + m.start()))
        })
        .last();
    let verb_at = verb.map_or(0, |(a, _)| a + 1);
    let poss_at = poss
        .as_ref()
        .and_then(|c| c.get(0))
        .map_or(0, |m| m.start() + 1);
    let acc_at = according
        .as_ref()
        .and_then(|c| c.get(0))
        .map_or(0, |m| m.start() + 1);
    if acc_at > verb_at && acc_at >= poss_at {
        let c = according?;
        let cue = c.name("cue")?;
        return Some(Found {
            mention: mention_of(&c, prefix, offset),
            cue: Span::new(offset + cue.start(), offset + cue.end()),
        });
    }
    if poss_at > verb_at {
        let c = poss?;
        let name = c.name("name")?;
        let cue = c.name("cue")?;
        return Some(Found {
            mention: Some((
                Span::new(offset + name.start(), offset + name.end()),
                SpeakerMentionKind::Name,
            )),
            cue: Span::new(offset + cue.start(), offset + cue.end()),
        });
    }
    let (va, vb) = verb?;
    let cue = Span::new(offset + va, offset + vb);
    let sub = prefix.get(..va)?;
    let tail_start = floor_boundary(sub, sub.len().saturating_sub(160));
    let at_end = SUBJ_AT_END.captures(&sub[tail_start..]);
    if let Some(mention) = at_end.as_ref().and_then(|c| {
        mention_of(
            c,
            sub.get(tail_start..).unwrap_or_default(),
            offset + tail_start,
        )
    }) {
        // The end of a longer noun phrase ("the mayor of Kelvport and chair of the harbour
        // board"): the whole phrase, when it reads as one.
        let inside_phrase = sub
            .get(..mention.0.start.saturating_sub(offset))
            .and_then(|b| b.split_whitespace().last())
            .is_some_and(|w| NP_LINKS.contains(&w));
        let mention = inside_phrase
            .then(|| clause_subject(sub, offset, table))
            .flatten()
            .unwrap_or(mention);
        return Some(Found {
            mention: Some(mention),
            cue,
        });
    }
    // A cue that opens its clause, inverted before the quote ("Said Comey, “…”").
    if sub.trim().is_empty() {
        if let Some(found) = inverted_subject(prefix, offset, vb, cue, table) {
            return Some(found);
        }
    }
    let participle = prefix
        .get(va..vb)
        .is_some_and(|w| w.ends_with("ing") || PARTICIPLES.contains(&w.to_lowercase().as_str()));
    if participle || sub.trim_end().ends_with(',') {
        if let Some((pa, _)) = last_cue_word(sub, offset, raws) {
            let before = sub.get(..pa)?;
            let lo = floor_boundary(before, pa.saturating_sub(160));
            if let Some(m) = SUBJ_AT_END
                .captures(before.get(lo..)?)
                .and_then(|c| mention_of(&c, before.get(lo..).unwrap_or_default(), offset + lo))
            {
                return Some(Found {
                    mention: Some(m),
                    cue,
                });
            }
        }
        let mention = main_subject(sub, offset, table, raws)?;
        return Some(Found {
            mention: Some(mention),
            cue,
        });
    }
    // A cue in a later verb phrase of the sentence ("Cruz knocked Rubio on trade and called
    // him a “moderate”"): the sentence's subject, when it is a name.
    let subject = main_subject(sub, offset, table, raws)
        .filter(|(_, kind)| matches!(kind, SpeakerMentionKind::Name | SpeakerMentionKind::Pronoun));
    match subject.or_else(|| clause_subject(sub, offset, table)) {
        Some(mention) => Some(Found {
            mention: Some(mention),
            cue,
        }),
        // A subject-like phrase before the cue that names no speaker: the cue, unattributed.
        None => at_end.map(|_| Found { mention: None, cue }),
    }
}

/// The subject of a short clause that ends where a cue begins (`sub` ends at the cue, starts
/// at byte `offset`): the words since the clause began, after an opening adverbial ("On
/// Monday, the Democratic front-runner and former secretary said"), when they read as a
/// noun phrase of at most twelve words.
fn clause_subject(
    sub: &str,
    offset: usize,
    table: &NameTable,
) -> Option<(Span, SpeakerMentionKind)> {
    let clause_start = sub
        .rfind(['.', '!', '?', ';', ':', '"', '“', '”', '\n'])
        .map_or(0, |i| ceil_boundary(sub, i + 1));
    let mut start =
        clause_start + (sub.len() - clause_start - sub.get(clause_start..)?.trim_start().len());
    let mut clause = sub.get(start..)?.trim_end();
    if !opens_speaker_phrase(clause) || clause.split_whitespace().count() > 12 {
        return None;
    }
    if let Some(comma) = clause.find(", ") {
        let rest = clause.get(comma + 2..)?;
        let head = clause.get(..comma)?;
        let adverbial = head.split_whitespace().next().is_some_and(|w| {
            let w = w.to_lowercase();
            is_function_word(&w) && !NP_OPENERS.contains(&w.as_str())
        });
        if adverbial && opens_speaker_phrase(rest) {
            start += comma + 2;
            clause = rest;
        }
    }
    speaker_in_phrase(clause, offset + start, table)
}

/// The cue of a paragraph ending in a colon that introduces the quote opening the next
/// paragraph ("Cruz continued:" then the quote).
pub(super) fn cue_introducing_paragraph(
    text: &str,
    win: &Windows,
    raws: &[RawQuote],
    table: &NameTable,
    r: &RawQuote,
    para: Span,
) -> Option<Found> {
    let opens_paragraph = text.get(para.start..r.span.start)?.trim().is_empty();
    let prev = win.paragraphs.get(r.para.checked_sub(1)?)?;
    let intro = prev.text(text).trim_end();
    if !opens_paragraph || !intro.ends_with(':') {
        return None;
    }
    let colon = prev.start + intro.len() - 1;
    let start = floor_boundary(text, prev.start.max(colon.saturating_sub(MAX_WINDOW)));
    cue_before(text.get(start..colon)?, start, raws, table)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn speaker_after(after: &str) -> Option<&str> {
        cue_after(after, 0)?.mention.map(|(m, _)| m.text(after))
    }

    #[test]
    fn a_surname_that_is_a_function_word_speaks_after_a_quote() {
        assert_eq!(speaker_after(" Will said on Sunday."), Some("Will"));
        assert_eq!(speaker_after(", From said."), Some("From"));
        assert!(opens_sentence("When asked", 0));
        assert!(opens_sentence("It rained. When asked", 11));
        assert!(!opens_sentence("the column Will wrote", 11));
    }
}
