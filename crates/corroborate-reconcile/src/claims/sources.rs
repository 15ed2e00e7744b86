//! Who a statement is attributed to, read from the article's annotations: the speaker the
//! quote extractor chose (with its coreference already resolved), the source of an outlet
//! attribution, or the entity the entity extractor found next to a cue. Nothing here parses
//! text: when the annotations name no one, the statement is in the outlet's own voice.

use corroborate_core::outlet::canonical_outlet_name;
use corroborate_core::segment::TokenKind;
use corroborate_core::{PreparedDoc, Span};
use corroborate_extract::attributions::{Attribution, AttributionKind};
use corroborate_extract::entities::{EntityAnalysis, EntityKind, MentionKind};
use corroborate_extract::quotes::{Quote, SpeakerMentionKind};
use corroborate_extract::Extraction;

use super::lexicon::is_agency_head;
use super::statements::{Source, Voice};
use crate::Cite;

fn cite(prep: &PreparedDoc, span: Span) -> Cite {
    Cite {
        doc: prep.doc.id.clone(),
        span,
    }
}

/// The source for entity `entity` of the article, named at `named_at`: a person or group is a
/// speaker, a known outlet an outlet, any other organisation or place an agency. The role is
/// the entity's first role, with whom it is of.
pub(crate) fn of_entity(
    prep: &PreparedDoc,
    ents: &EntityAnalysis,
    entity: usize,
    named_at: Option<Span>,
) -> Option<Source> {
    let e = ents.entities.get(entity)?;
    let voice = match e.kind {
        EntityKind::Person | EntityKind::Group => Voice::Speaker,
        EntityKind::Organization if canonical_outlet_name(&e.name).is_some() => Voice::Outlet,
        EntityKind::Organization | EntityKind::Place => Voice::Agency,
    };
    let role = e.roles.first().filter(|_| voice == Voice::Speaker);
    Some(Source {
        voice,
        name: e.name.clone(),
        role: role.map(|r| r.normalized.clone()),
        role_of: role.and_then(|r| {
            r.of_text.clone().or_else(|| {
                r.of_entity
                    .and_then(|o| ents.entities.get(o))
                    .map(|o| o.name.clone())
            })
        }),
        named_at: named_at.map(|s| cite(prep, s)),
    })
}

/// The source of a quote: its speaker's entity, else the mention that names the speaker
/// (a group noun such as "police" is an agency). `None` when the extractor found no speaker.
pub(crate) fn of_quote(prep: &PreparedDoc, ex: &Extraction, q: &Quote) -> Option<Source> {
    let ents = &ex.entities;
    if let Some(s) = q
        .speaker
        .and_then(|e| of_entity(prep, ents, e, q.speaker_named_at))
    {
        return Some(s);
    }
    let at = q.speaker_named_at?;
    if let Some(m) = ents.mention_at(at).filter(|m| m.span == at) {
        return of_entity(prep, ents, m.entity, Some(at));
    }
    if let Some(e) = first_word(prep, at)
        .filter(|w| matches!(prep.slice(*w).to_lowercase().as_str(), "its" | "their"))
        .and_then(|w| ents.resolve_pronoun(prep, w))
    {
        // "its review found": the organisation "its" refers to.
        return of_entity(prep, ents, e, Some(at));
    }
    let written = prep.slice(at).trim();
    if written.is_empty() {
        return None;
    }
    let voice = if canonical_outlet_name(written).is_some() {
        Voice::Outlet
    } else if q.speaker_mention_kind == Some(SpeakerMentionKind::Group)
        || head_word(prep, at).is_some_and(|h| is_agency_head(&h))
    {
        Voice::Agency
    } else {
        Voice::Speaker
    };
    Some(Source {
        voice,
        name: q
            .speaker_name
            .clone()
            .unwrap_or_else(|| written.to_string()),
        role: None,
        role_of: None,
        named_at: Some(cite(prep, at)),
    })
}

/// The source of an outlet attribution ("the Associated Press reported", "according to
/// police"): the outlet it names, else the entity at its source span, else the source as
/// written, as an agency.
pub(crate) fn of_attribution(prep: &PreparedDoc, ents: &EntityAnalysis, a: &Attribution) -> Source {
    if let Some(outlet) = &a.normalized {
        return Source {
            voice: Voice::Outlet,
            name: outlet.clone(),
            role: None,
            role_of: None,
            named_at: Some(cite(prep, a.source_span)),
        };
    }
    if let Some(s) = ents
        .mention_at(a.source_span)
        .and_then(|m| of_entity(prep, ents, m.entity, Some(a.source_span)))
    {
        return s;
    }
    Source {
        voice: if canonical_outlet_name(&a.source).is_some() {
            Voice::Outlet
        } else {
            Voice::Agency
        },
        name: a.source.clone(),
        role: None,
        role_of: None,
        named_at: Some(cite(prep, a.source_span)),
    }
}

/// True for attributions that make their source the statement's source: "X reported",
/// "according to X" and "In a CNN poll, …". "told ABC News" names whom a speaker talked to, not
/// who says it.
pub(crate) fn is_sourcing(a: &Attribution) -> bool {
    matches!(
        a.kind,
        AttributionKind::Reported | AttributionKind::AccordingTo | AttributionKind::Survey
    )
}

/// The source the annotations give a clause: the speaker of a quote whose content covers its
/// first half, else the source of an attribution whose statement overlaps it.
pub(crate) fn of_clause(prep: &PreparedDoc, ex: &Extraction, clause: Span) -> Option<Source> {
    let middle = clause.start + clause.len() / 2;
    ex.quotes
        .iter()
        .filter(|q| q.content.overlaps(clause) && q.content.start <= middle)
        .find_map(|q| of_quote(prep, ex, q))
        .or_else(|| {
            ex.attributions
                .iter()
                .find(|a| is_sourcing(a) && a.statement.overlaps(clause))
                .map(|a| of_attribution(prep, &ex.entities, a))
        })
}

/// The source a sentence names for its clauses that name none of their own: the speaker of a
/// quote whose cue is in the sentence, else the source of an attribution phrase in it.
pub(crate) fn of_sentence(prep: &PreparedDoc, ex: &Extraction, sentence: Span) -> Option<Source> {
    ex.quotes
        .iter()
        .filter(|q| q.span.overlaps(sentence) && q.cue.is_some_and(|c| sentence.contains(c)))
        .find_map(|q| of_quote(prep, ex, q))
        .or_else(|| {
            ex.attributions
                .iter()
                .find(|a| is_sourcing(a) && sentence.contains(a.span))
                .map(|a| of_attribution(prep, &ex.entities, a))
        })
}

/// The source of a cue at `cue` inside `within`: the speaker of the quote the extractor built
/// on that cue, else the entity of the last mention at most [`SUBJECT_GAP`] tokens before it
/// ("the union has denied"; a pronoun resolves to its antecedent), preferring the longest
/// mention ending nearest the cue.
pub(crate) fn of_cue(
    prep: &PreparedDoc,
    ex: &Extraction,
    within: Span,
    cue: Span,
) -> Option<Source> {
    if let Some(s) = ex
        .quotes
        .iter()
        .filter(|q| q.cue.is_some_and(|c| c.overlaps(cue)))
        .find_map(|q| of_quote(prep, ex, q))
    {
        return Some(s);
    }
    let ents = &ex.entities;
    let subject_end = subject_end(prep, within, cue.start);
    let (entity, span) = mention_before(ex, within, subject_end)
        .filter(|(_, span)| tokens_between(prep, span.end, subject_end) <= SUBJECT_GAP)?;
    // "Kohen's mother has disputed": the role noun after a possessive name is the subject.
    let phrase = Span::new(span.start, last_word_end(prep, span.end, subject_end));
    if phrase.end > span.end {
        if let Some(holder) = ents
            .entity_for_role_noun(prep, phrase)
            .filter(|&h| h != entity)
        {
            return of_entity(prep, ents, holder, Some(phrase));
        }
    }
    of_entity(prep, ents, entity, Some(span))
}

/// Where the subject of a cue at `cue` ends: right before the cue, or, when a relative clause
/// stands between them (", who represents the family, has denied"), before that clause.
fn subject_end(prep: &PreparedDoc, within: Span, cue: usize) -> usize {
    let tokens = &prep.seg.tokens;
    let lo = tokens.partition_point(|t| t.span.start < within.start);
    let hi = tokens.partition_point(|t| t.span.start < cue);
    let before = &tokens[lo..hi];
    let is = |t: &corroborate_core::segment::Token, w: &str| prep.slice(t.span) == w;
    // The comma closing the clause, within a few words of the cue.
    let Some(close) = before
        .iter()
        .rev()
        .take(SUBJECT_GAP + 1)
        .position(|t| is(t, ","))
        .map(|k| before.len() - 1 - k)
    else {
        return cue;
    };
    // The comma opening it, followed by "who" or "which".
    let open = before[..close]
        .iter()
        .rposition(|t| is(t, ","))
        .filter(|&o| {
            before
                .get(o + 1)
                .is_some_and(|t| matches!(prep.slice(t.span), "who" | "which" | "whose"))
        });
    match open.and_then(|o| before.get(o)) {
        Some(t) => t.span.start,
        None => cue,
    }
}

/// The end of the last word token before byte `end` that starts at or after `start`, else
/// `start`.
fn last_word_end(prep: &PreparedDoc, start: usize, end: usize) -> usize {
    let tokens = &prep.seg.tokens;
    let hi = tokens.partition_point(|t| t.span.start < end);
    tokens[..hi]
        .iter()
        .rev()
        .take_while(|t| t.span.start >= start)
        .find(|t| t.kind == TokenKind::Word && t.span.end <= end)
        .map_or(start, |t| t.span.end)
}

fn first_word(prep: &PreparedDoc, span: Span) -> Option<Span> {
    let tokens = &prep.seg.tokens;
    let lo = tokens.partition_point(|t| t.span.start < span.start);
    tokens[lo..]
        .iter()
        .take_while(|t| t.span.end <= span.end)
        .find(|t| t.kind == TokenKind::Word)
        .map(|t| t.span)
}

/// The entity named first after byte `from` inside `within` (the agent of a passive: "was
/// rejected by the union").
pub(crate) fn of_agent(
    prep: &PreparedDoc,
    ex: &Extraction,
    within: Span,
    from: usize,
) -> Option<Source> {
    let ents = &ex.entities;
    let first = ents.mentions.partition_point(|m| m.span.start < from);
    ents.mentions[first..]
        .iter()
        .take_while(|m| m.span.end <= within.end)
        .find(|m| is_party(ents, m.entity))
        .and_then(|m| of_entity(prep, ents, m.entity, Some(m.span)))
}

/// The last word of a span, lower-cased: the head of a noun phrase ("board" in "the housing
/// board").
fn head_word(prep: &PreparedDoc, span: Span) -> Option<String> {
    let tokens = &prep.seg.tokens;
    let end = tokens.partition_point(|t| t.span.start < span.end);
    tokens[..end]
        .iter()
        .rev()
        .take_while(|t| t.span.start >= span.start)
        .find(|t| t.kind == TokenKind::Word)
        .map(|t| prep.slice(t.span).to_lowercase())
}

/// How many tokens may stand between a cue's subject and the cue ("'s", "has also").
pub(crate) const SUBJECT_GAP: usize = 3;

fn tokens_between(prep: &PreparedDoc, start: usize, end: usize) -> usize {
    let tokens = &prep.seg.tokens;
    let first = tokens.partition_point(|t| t.span.start < start);
    let last = tokens.partition_point(|t| t.span.start < end);
    last.saturating_sub(first)
}

fn is_party(ents: &EntityAnalysis, entity: usize) -> bool {
    ents.entities
        .get(entity)
        .is_some_and(|e| e.kind != EntityKind::Place)
}

/// The last mention of a person, group or organisation that ends before byte `before` inside
/// `within`, as (entity, span). Among mentions ending at the same place the longest wins, so
/// "Kohen's mother" is preferred to "Kohen".
fn mention_before(ex: &Extraction, within: Span, before: usize) -> Option<(usize, Span)> {
    let ents = &ex.entities;
    let hi = ents.mentions.partition_point(|m| m.span.start < before);
    ents.mentions[..hi]
        .iter()
        .rev()
        .take_while(|m| m.span.start >= within.start)
        .filter(|m| m.span.end <= before && is_party(ents, m.entity))
        .max_by_key(|m| {
            let pronoun = m.kind == MentionKind::Pronoun;
            (m.span.end, !pronoun, m.span.len())
        })
        .map(|m| (m.entity, m.span))
}

#[cfg(test)]
mod tests {
    use super::*;
    use corroborate_core::document::SourceFormat;
    use corroborate_core::Document;

    fn analyse(text: &str) -> (PreparedDoc, Extraction) {
        let doc = Document::new("a.txt", SourceFormat::Text, text.to_string());
        let prep = PreparedDoc::new(doc, jiff::civil::date(2026, 12, 2));
        let ex = corroborate_extract::extract(&prep);
        (prep, ex)
    }

    fn span_of(text: &str, needle: &str) -> Span {
        let start = text
            .find(needle)
            .unwrap_or_else(|| panic!("{needle} not in text"));
        Span::new(start, start + needle.len())
    }

    #[test]
    fn a_clause_takes_the_speaker_the_quote_extractor_resolved() {
        let text = "Ferry ends service\n\nHarbour master Lena Okafor spoke to reporters on \
                    Monday. She said the ferry would not sail again this winter.";
        let (prep, ex) = analyse(text);
        let clause = span_of(text, "the ferry would not sail again this winter");
        let s = of_clause(&prep, &ex, clause).expect("a source");
        assert_eq!(s.voice, Voice::Speaker);
        assert_eq!(s.name, "Lena Okafor");
        let at = s.named_at.expect("where she is named").span;
        assert_eq!(prep.slice(at), "She");
    }

    #[test]
    fn a_clause_without_a_cue_has_no_source_of_its_own() {
        let text = "Ferry ends service\n\nThe ferry ran aground near the pier on Monday.";
        let (prep, ex) = analyse(text);
        let clause = span_of(text, "The ferry ran aground near the pier on Monday");
        assert!(of_clause(&prep, &ex, clause).is_none());
    }

    #[test]
    fn a_relative_clause_between_subject_and_cue_is_skipped() {
        let text = "Union fights closure\n\nTomas Reyes, who represents the Varga family, has \
                    denied the company's account.";
        let (prep, ex) = analyse(text);
        let sentence = span_of(
            text,
            "Tomas Reyes, who represents the Varga family, has denied",
        );
        let cue = span_of(text, "denied");
        let s = of_cue(&prep, &ex, sentence, cue).expect("the one who denies");
        assert_eq!(s.name, "Tomas Reyes");
    }

    #[test]
    fn a_possessive_role_phrase_names_the_role_holder() {
        let text = "Family disputes account\n\nMira Kovac, the mother of Ivo Kovac, spoke on \
                    Monday. Ivo's mother has disputed the claim that he fled.";
        let (prep, ex) = analyse(text);
        let sentence = span_of(text, "Ivo's mother has disputed the claim that he fled");
        let cue = span_of(text, "disputed");
        let s = of_cue(&prep, &ex, sentence, cue).expect("the mother");
        assert_eq!(s.name, "Mira Kovac");
        assert_eq!(s.role.as_deref(), Some("mother"));
    }

    #[test]
    fn a_role_noun_naming_an_office_is_an_agency_not_the_last_outlet() {
        let text = "Probe ends\n\nCBS News first reported the findings. The state attorney \
                    general's office said on Monday that the officers acted lawfully.";
        let (prep, ex) = analyse(text);
        let clause = span_of(text, "the officers acted lawfully");
        let s = of_clause(&prep, &ex, clause).expect("the office");
        assert_eq!(s.voice, Voice::Agency);
        assert!(s.name.contains("office"), "{}", s.name);
    }
}
