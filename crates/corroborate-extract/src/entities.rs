//! Entities (people, organisations, places, groups), their mentions and roles, and
//! in-article coreference.
//!
//! The analysis is rule-based and linear in the text length:
//!
//! 1. The segmenter's tokens are refined into word pieces (`pieces`); each knows whether it
//!    starts a sentence and whether its line is written in capitals (headline, all caps).
//! 2. Capitalised runs ("Senatobia Mayor Greg Graves", "Department of Justice") are names.
//!    A capitalised word that only starts a sentence, or sits on a capitals line, counts only
//!    with evidence: it is capitalised mid-sentence elsewhere in the article, or it is in a
//!    gazetteer (first names, places), or it starts a longer run and never appears in lower
//!    case. Stop words ("The", "When", "Asked") never do.
//! 3. Titles inside a run split it: what follows is a person, what precedes is what the role
//!    is of ("Mississippi Gov. Tate Reeves" → governor of Mississippi). Lower-case role phrases
//!    before a name ("Foster's attorney Martin Zummach", "interim police chief Angelica Maze"),
//!    appositions after it ("Ben Crump, an attorney for Kohen's family", "Veronica Roberson,
//!    Kohen's maternal grandmother") and relative clauses ("who represents the family") give
//!    roles with evidence spans.
//! 4. Coreference inside the article (see [`extract`] for the rules): full names first,
//!    then first names, then surnames, then role nouns and pronouns.

mod lexicon;
mod pieces;

use std::collections::{HashMap, HashSet};

use corroborate_core::{PreparedDoc, Span, SpanMap};
use serde::Serialize;

use lexicon::{PlaceKind, Title};
use pieces::{Piece, PieceKind};

/// What kind of thing an entity is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EntityKind {
    /// A person.
    Person,
    /// An organisation (agency, company, department, outlet).
    Organization,
    /// A place (city, county, state, country, venue).
    Place,
    /// A group of people ("the family's legal team", "the Wiley family").
    Group,
}

/// How an entity is mentioned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MentionKind {
    /// A full or partial proper name ("Hunter Foster", "Foster").
    Name,
    /// A role noun phrase ("the officer", "the mayor").
    Nominal,
    /// A pronoun ("he", "she", "they").
    Pronoun,
}

/// One mention of an entity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Mention {
    /// Where it is.
    #[serde(flatten)]
    pub span: Span,
    /// Index into [`EntityAnalysis::entities`].
    pub entity: usize,
    /// Name, nominal or pronoun.
    pub kind: MentionKind,
}

/// A role an entity holds, with the evidence for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Role {
    /// The role as written, in lower case with abbreviations spelled out ("interim police
    /// chief", "civil rights attorney", "lawyer", "governor").
    pub role: String,
    /// The role's head, normalised ("attorney" for "lawyer", "spokesperson" for
    /// "spokesman", "police chief" for "interim police chief").
    pub normalized: String,
    /// What the role is of, when stated: an entity index ("attorney of Foster").
    pub of_entity: Option<usize>,
    /// What the role is of, as written ("Senatobia", "the family", "Kohen's family").
    pub of_text: Option<String>,
    /// The span that states the role.
    pub evidence: Span,
}

impl SpanMap for Role {
    fn map_spans(&mut self, f: &dyn Fn(Span) -> Span) {
        self.evidence.map_spans(f);
    }
}

/// Grammatical gender implied by the text (honorifics, pronouns, kinship terms), if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Gender {
    /// he/him, Mr., father.
    Male,
    /// she/her, Mrs., Ms., mother.
    Female,
}

/// One entity in one article.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Entity {
    /// The fullest name used in the article ("Hunter Foster"; "Wiley family" for a group).
    pub name: String,
    /// Its kind.
    pub kind: EntityKind,
    /// Gender, when the text implies it.
    pub gender: Option<Gender>,
    /// Roles, each with evidence.
    pub roles: Vec<Role>,
    /// Indices into [`EntityAnalysis::mentions`], in text order.
    pub mentions: Vec<usize>,
}

impl SpanMap for Entity {
    fn map_spans(&mut self, f: &dyn Fn(Span) -> Span) {
        self.roles.map_spans(f);
    }
}

/// Entities and mentions of one article.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct EntityAnalysis {
    /// Entities, in order of first mention.
    pub entities: Vec<Entity>,
    /// All mentions, sorted by start.
    pub mentions: Vec<Mention>,
}

impl SpanMap for EntityAnalysis {
    fn map_spans(&mut self, f: &dyn Fn(Span) -> Span) {
        self.entities.map_spans(f);
        for m in &mut self.mentions {
            m.span = f(m.span);
        }
    }
}

/// Pronouns and what they can refer to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PronounClass {
    Male,
    Female,
    Plural,
    Neuter,
}

fn pronoun_class(w: &str) -> Option<PronounClass> {
    match w.to_lowercase().as_str() {
        "he" | "him" | "his" | "himself" => Some(PronounClass::Male),
        "she" | "her" | "hers" | "herself" => Some(PronounClass::Female),
        "they" | "them" | "their" | "theirs" | "themselves" => Some(PronounClass::Plural),
        "it" | "its" | "itself" => Some(PronounClass::Neuter),
        _ => None,
    }
}

/// How far back (bytes) a pronoun looks for its antecedent.
const PRONOUN_WINDOW: usize = 1500;

impl EntityAnalysis {
    /// The mention that best covers `span` (exact, else the longest overlapping one).
    pub fn mention_at(&self, span: Span) -> Option<&Mention> {
        // Mentions are sorted by start; only those starting before `span.end` can overlap.
        let hi = self.mentions.partition_point(|m| m.span.start < span.end);
        let lo = hi.saturating_sub(64);
        self.mentions[lo..hi]
            .iter()
            .filter(|m| m.span.overlaps(span))
            .max_by_key(|m| (m.span == span, m.span.len()))
    }

    /// The entity a pronoun at `span` most likely refers to, looking back from it; `None` when
    /// no compatible antecedent exists. "he/him/his" need a person not known to be female,
    /// "she/her" one not known to be male, "they/them/their" a group or organisation, "it/its"
    /// an organisation. The nearest person of the pronoun's gender within 1,500 bytes wins,
    /// else the nearest person of unknown gender; a mention overlapping the pronoun is skipped.
    pub fn resolve_pronoun(&self, doc: &PreparedDoc, span: Span) -> Option<usize> {
        let class = pronoun_class(doc.slice(span))?;
        let hi = self.mentions.partition_point(|m| m.span.start < span.start);
        let want = match class {
            PronounClass::Male => Some(Gender::Male),
            PronounClass::Female => Some(Gender::Female),
            _ => None,
        };
        let mut fallback = None;
        for m in self.mentions[..hi].iter().rev() {
            if m.span.end + PRONOUN_WINDOW < span.start {
                break;
            }
            if m.span.overlaps(span) {
                continue;
            }
            let Some(e) = self.entities.get(m.entity) else {
                continue;
            };
            match class {
                PronounClass::Male | PronounClass::Female => {
                    if e.kind != EntityKind::Person {
                        continue;
                    }
                    if e.gender == want {
                        return Some(m.entity);
                    }
                    if e.gender.is_none() && fallback.is_none() {
                        fallback = Some(m.entity);
                    }
                }
                PronounClass::Plural => {
                    if matches!(e.kind, EntityKind::Group | EntityKind::Organization) {
                        return Some(m.entity);
                    }
                }
                PronounClass::Neuter => {
                    if e.kind == EntityKind::Organization {
                        return Some(m.entity);
                    }
                }
            }
        }
        fallback
    }

    /// The entity a role noun phrase at `span` refers to ("the mayor", "the attorney", "the
    /// Senatobia mayor", "Kohen's mother"): the unique entity holding a role of that class (and
    /// of the stated entity, when the phrase names one). `None` when no entity or several
    /// entities hold it.
    pub fn entity_for_role_noun(&self, doc: &PreparedDoc, span: Span) -> Option<usize> {
        if let Some(m) = self.mention_at(span) {
            let nominal = m.kind == MentionKind::Nominal && span.contains(m.span);
            if nominal || m.span.contains(span) && m.kind != MentionKind::Pronoun {
                return Some(m.entity);
            }
        }
        let text = doc.slice(span).to_lowercase();
        let class = text
            .split(|c: char| !(c.is_alphanumeric() || c == '.'))
            .filter(|w| !w.is_empty())
            .filter_map(|w| lexicon::title(w).filter(|t| t.role.is_some()))
            .next_back()?
            .class;
        // A name inside the phrase says whose role it is ("Kohen's mother").
        let of = self
            .mentions
            .iter()
            .find(|m| span.contains(m.span) && m.kind == MentionKind::Name)
            .map(|m| m.entity);
        self.unique_role_holder(class, of)
    }

    /// The speaker name at `span` when it is a mention of a person: the entity's full name.
    pub fn speaker_name_at(&self, span: Span) -> Option<&str> {
        let m = self.mention_at(span)?;
        let e = self.entities.get(m.entity)?;
        (e.kind == EntityKind::Person).then_some(e.name.as_str())
    }

    fn unique_role_holder(&self, class: &str, of: Option<usize>) -> Option<usize> {
        let mut found = None;
        for (i, e) in self.entities.iter().enumerate() {
            let holds = e.roles.iter().any(|r| {
                role_class(&r.normalized) == class && of.is_none_or(|o| r.of_entity == Some(o))
            });
            if holds {
                if found.is_some() {
                    return None;
                }
                found = Some(i);
            }
        }
        found
    }
}

/// The resolution class of a normalised role ("sergeant" → "officer").
fn role_class(normalized: &str) -> &str {
    lexicon::title(normalized).map_or(normalized, |t| t.class)
}

// ---------------------------------------------------------------------------------------
// Analysis
// ---------------------------------------------------------------------------------------

/// A title found inside a capitalised run or before a name.
#[derive(Debug, Clone, Copy)]
struct TitleHit {
    a: usize,
    b: usize,
    t: &'static Title,
}

/// A name candidate from a capitalised run.
#[derive(Debug, Clone)]
struct Cand {
    a: usize,
    b: usize,
    kind: Option<EntityKind>,
    title: Option<TitleHit>,
    gender: Option<Gender>,
    entity: Option<usize>,
}

/// A role draft: holder candidate, role words, and the span stating what it is of.
#[derive(Debug, Clone)]
struct RoleDraft {
    holder: usize,
    role: String,
    normalized: &'static str,
    of_span: Option<Span>,
    evidence: Span,
}

/// A role noun phrase without a name ("the mayor", "Kohen's mother").
#[derive(Debug, Clone)]
struct Nominal {
    span: Span,
    class: &'static str,
    /// The role as written and its normalised head, for roles the phrase states.
    role: Option<(String, &'static str)>,
    of_span: Option<Span>,
}

#[derive(Debug, Clone)]
struct Draft {
    name: String,
    kind: EntityKind,
    gender: Option<Gender>,
    roles: Vec<RoleDraft>,
    first: String,
    last: String,
}

const SPEECH_VERBS: &[&str] = &[
    "said",
    "says",
    "told",
    "added",
    "stated",
    "argued",
    "explained",
    "wrote",
    "testified",
    "noted",
    "recalled",
    "continued",
    "insisted",
    "claimed",
    "tells",
    "adds",
    "confirmed",
    "announced",
    "declined",
    "denied",
    "disputed",
];

const CONNECTORS: &[&str] = &["of", "for", "&", "de", "on"];

const REPRESENT_VERBS: &[&str] = &["represents", "represented", "representing"];

/// Words that end a noun phrase after "of"/"for" in an apposition.
const NP_STOP: &[&str] = &[
    "said", "says", "told", "who", "which", "that", "and", "has", "have", "had", "is", "was",
    "were", "are", "will", "would", "on", "in", "at", "during", "after", "before", "to", "since",
    "when", "while", "but", "also", "as", "for", "with", "from", "by",
];

/// Lower-case nouns that follow a name inside a group's name ("the Wiley family").
const GROUP_HEADS: &[&str] = &["family", "team", "campaign", "office", "household"];

const PARENT_KIN: &[&str] = &[
    "mother",
    "father",
    "grandmother",
    "grandfather",
    "aunt",
    "uncle",
];

struct Ctx<'a> {
    text: &'a str,
    ps: Vec<Piece>,
    /// Lower-case forms of words written in lower case somewhere.
    lower_seen: HashSet<String>,
    /// Words capitalised mid-sentence on normal lines.
    mid_caps: HashSet<&'a str>,
    /// Lower-case forms of `mid_caps` (to recognise names on capitals lines).
    mid_caps_lower: HashSet<String>,
}

impl<'a> Ctx<'a> {
    fn new(doc: &'a PreparedDoc) -> Self {
        let text = doc.doc.text.as_str();
        let ps = pieces::pieces(doc);
        let mut lower_seen = HashSet::new();
        let mut mid_caps = HashSet::new();
        let mut mid_caps_lower = HashSet::new();
        for (i, p) in ps.iter().enumerate() {
            if p.kind != PieceKind::Word || p.caps_line {
                continue;
            }
            let w = p.span.text(text);
            let Some(c) = w.chars().next() else { continue };
            if c.is_lowercase() {
                lower_seen.insert(w.to_lowercase());
            } else if c.is_uppercase() && !p.start && !after_hash(text, &ps, i) {
                mid_caps.insert(w);
                mid_caps_lower.insert(w.to_lowercase());
            }
        }
        Ctx {
            text,
            ps,
            lower_seen,
            mid_caps,
            mid_caps_lower,
        }
    }

    fn w(&self, i: usize) -> &'a str {
        self.ps.get(i).map_or("", |p| p.span.text(self.text))
    }

    fn lw(&self, i: usize) -> String {
        self.w(i).to_lowercase()
    }

    fn is_word(&self, i: usize) -> bool {
        self.ps.get(i).is_some_and(|p| p.kind == PieceKind::Word)
    }

    fn is_punct(&self, i: usize, s: &str) -> bool {
        self.ps
            .get(i)
            .is_some_and(|p| p.kind == PieceKind::Punct && p.span.text(self.text) == s)
    }

    fn is_poss(&self, i: usize) -> bool {
        self.ps.get(i).is_some_and(|p| p.kind == PieceKind::Poss)
    }

    fn is_lower_word(&self, i: usize) -> bool {
        self.is_word(i) && self.w(i).chars().next().is_some_and(char::is_lowercase)
    }

    fn span(&self, a: usize, b: usize) -> Span {
        match (
            self.ps.get(a),
            b.checked_sub(1).and_then(|l| self.ps.get(l)),
        ) {
            (Some(x), Some(y)) if b > a => Span::new(x.span.start, y.span.end),
            _ => Span::default(),
        }
    }

    fn slice(&self, a: usize, b: usize) -> &'a str {
        self.span(a, b).text(self.text)
    }

    /// True when piece `i` is a capitalised word that can be part of a name.
    fn nameish(&self, i: usize) -> bool {
        let Some(p) = self.ps.get(i) else {
            return false;
        };
        if p.kind != PieceKind::Word || after_hash(self.text, &self.ps, i) {
            return false;
        }
        let w = p.span.text(self.text);
        let Some(c) = w.chars().next() else {
            return false;
        };
        if !c.is_uppercase() {
            return false;
        }
        let lower = w.to_lowercase();
        // Hyphenated words whose later parts are lower case ("One-year-old") are not names.
        if w.contains('-')
            && w.split('-')
                .skip(1)
                .any(|part| part.chars().next().is_some_and(char::is_lowercase))
        {
            return false;
        }
        if p.caps_line {
            // Headline or all-caps line: only words known as names elsewhere.
            if lexicon::stopword(&lower) {
                return false;
            }
            return self.mid_caps.contains(w) || self.mid_caps_lower.contains(&lower);
        }
        if lexicon::stopword(&lower) {
            // Mid-sentence "The" may open an organisation ("The Associated Press").
            return !p.start && (lower == "the") && self.nameish(i + 1);
        }
        if !p.start {
            return true;
        }
        if self.mid_caps.contains(w) {
            return true;
        }
        if lexicon::first_name(w).is_some() || lexicon::place(w).is_some() {
            return !self.lower_seen.contains(&lower) || self.next_is_cap(i);
        }
        if lexicon::title(&lower).is_some() {
            return self.next_is_cap(i);
        }
        // Sentence openers that are verbs or adverbs ("Following", "Asked", "Finally").
        let ending = lower.ends_with("ing") || lower.ends_with("ed") || lower.ends_with("ly");
        !ending && !self.lower_seen.contains(&lower) && self.next_is_cap(i)
    }

    fn next_is_cap(&self, i: usize) -> bool {
        self.ps.get(i + 1).is_some_and(|p| {
            p.kind == PieceKind::Word
                && !p.start
                && p.span
                    .text(self.text)
                    .chars()
                    .next()
                    .is_some_and(char::is_uppercase)
        })
    }

    /// Longest title starting at piece `i` (words compared in lower case).
    fn title_at(&self, i: usize, limit: usize) -> Option<TitleHit> {
        let max = (*lexicon::MAX_TITLE_WORDS).min(limit.saturating_sub(i));
        let mut key = String::new();
        let mut best = None;
        for k in 0..max {
            if !self.is_word(i + k) {
                break;
            }
            if k > 0 {
                key.push(' ');
            }
            key.push_str(&self.lw(i + k));
            if let Some(t) = lexicon::title(&key) {
                best = Some(TitleHit {
                    a: i,
                    b: i + k + 1,
                    t,
                });
            }
        }
        best
    }
}

fn after_hash(text: &str, ps: &[Piece], i: usize) -> bool {
    let Some(p) = ps.get(i) else { return false };
    p.span.start > 0 && text.as_bytes().get(p.span.start - 1) == Some(&b'#')
}

/// Finds entities, mentions and roles in one article.
///
/// Coreference rules, in order:
/// - Full names (two or more name words after any title) make person entities; two full names
///   are one person when their first and last words agree (a middle name or initial may
///   differ), never otherwise.
/// - A lone word equal to the first word of exactly one person's full name is that person
///   ("Kohen", "Vellesiya").
/// - A lone surname shared by one person is that person. Shared by several ("Wiley"), it
///   skips people who are the child of a parent role in the article ("Kohen's mother" makes
///   Kohen a child), then people also called by their first name alone, then takes the most
///   recently named holder; if none was named before, the first holder.
/// - A lone name with no full name becomes its own entity: a person when a title supports it
///   ("Officer Foster"), a place when in the gazetteer, else an organisation (news introduces
///   people by full name; a lone capitalised word that never gets one is most often a
///   company or agency: "Boeing said").
/// - Role nouns ("the mayor", "the Senatobia mayor", "Kohen's mother") resolve to the one
///   entity holding a role of that class (and of the stated entity); several holders leave
///   them unresolved.
/// - Pronouns (he/she forms) resolve by [`EntityAnalysis::resolve_pronoun`] and are added as
///   mentions.
pub fn extract(doc: &PreparedDoc) -> EntityAnalysis {
    let cx = Ctx::new(doc);
    let n = cx.ps.len();
    let mut cands: Vec<Cand> = Vec::new();
    let mut nominals: Vec<Nominal> = Vec::new();
    let mut org_spans: Vec<(Span, EntityKind, String)> = Vec::new();

    // 1. Capitalised runs.
    let mut i = 0;
    while i < n {
        if !cx.nameish(i) {
            i += 1;
            continue;
        }
        let a = i;
        let mut j = i + 1;
        loop {
            if j < n && !cx.ps[j].start && cx.nameish(j) {
                j += 1;
                continue;
            }
            if j + 1 < n
                && CONNECTORS.contains(&cx.w(j))
                && cx.nameish(j + 1)
                && !cx.ps[j + 1].start
                && (a..j).any(|k| lexicon::org_head(cx.w(k)))
            {
                j += 2;
                continue;
            }
            break;
        }
        analyze_run(&cx, a, j, &mut cands, &mut nominals, &mut org_spans);
        i = j.max(a + 1);
    }

    lower_nominals(&cx, &cands, &mut nominals);

    // 2. Entities from full names, organisations and places.
    let mut drafts: Vec<Draft> = Vec::new();
    let mut by_key: HashMap<String, usize> = HashMap::new();
    for c in cands.iter_mut() {
        let len = c.b - c.a;
        let kind = c.kind;
        let e = match kind {
            Some(EntityKind::Person) if len >= 2 => {
                let first = cx.w(c.a).to_string();
                let last = cx.w(c.b - 1).to_string();
                let name = cx.slice(c.a, c.b).to_string();
                Some(person_entity(&mut drafts, &first, &last, &name))
            }
            Some(k @ (EntityKind::Organization | EntityKind::Place)) => {
                let name = strip_the(cx.slice(c.a, c.b)).to_string();
                Some(named_entity(&mut drafts, &mut by_key, &name, k))
            }
            _ => None,
        };
        c.entity = e;
        if let (Some(e), Some(g)) = (e, c.gender) {
            drafts[e].gender.get_or_insert(g);
        }
    }

    // 3. Roles (drafts, attached to candidates).
    let mut roles: Vec<RoleDraft> = Vec::new();
    for ci in 0..cands.len() {
        collect_roles(&cx, &cands, ci, &mut roles);
    }

    // 4. Lone names: first names, then surnames.
    resolve_lone_names(&cx, &mut cands, &mut drafts, &mut by_key, &roles);

    // 5. Attach roles to entities.
    for r in &roles {
        if let Some(e) = cands.get(r.holder).and_then(|c| c.entity) {
            if let Some(t) = lexicon::title(r.normalized) {
                if let Some(g) = t.gender {
                    drafts[e].gender.get_or_insert(g);
                }
            }
            drafts[e].roles.push(r.clone());
        }
    }

    // 6. Mentions.
    let mut mentions: Vec<Mention> = Vec::new();
    for c in &cands {
        if let Some(e) = c.entity {
            mentions.push(Mention {
                span: cx.span(c.a, c.b),
                entity: e,
                kind: MentionKind::Name,
            });
        }
    }
    families(&cx, &cands, &mut drafts, &mut mentions);
    mentions.sort_by_key(|m| (m.span.start, std::cmp::Reverse(m.span.end)));
    mentions.dedup_by(|x, y| x.span == y.span);

    // 7. Finish: entities with roles whose "of" is resolved against mentions.
    let mut out = finish(&cx, drafts, mentions);

    // 8. Role nouns.
    let mut extra = Vec::new();
    for nm in &nominals {
        if out.mention_at(nm.span).is_some() {
            continue;
        }
        let of = nm.of_span.and_then(|s| {
            out.mentions
                .iter()
                .find(|m| s.contains(m.span))
                .map(|m| m.entity)
        });
        let holder = out.unique_role_holder(nm.class, of).or_else(|| {
            // A holder whose role states no "of" may still be the one meant.
            let e = out.unique_role_holder(nm.class, None)?;
            let open = out.entities[e].roles.iter().any(|r| {
                role_class(&r.normalized) == nm.class
                    && r.of_entity.is_none()
                    && r.of_text.is_none()
            });
            (of.is_none() || open).then_some(e)
        });
        if let Some(e) = holder {
            extra.push(Mention {
                span: nm.span,
                entity: e,
                kind: MentionKind::Nominal,
            });
            // "the mayor of Senatobia" states what the holder's role is of.
            if let (Some((role, normalized)), Some(of_span)) = (&nm.role, nm.of_span) {
                let known = out.entities[e].roles.iter().any(|r| {
                    role_class(&r.normalized) == nm.class
                        && (r.of_entity.is_some() || r.of_text.is_some())
                });
                if !known {
                    out.entities[e].roles.push(Role {
                        role: role.clone(),
                        normalized: normalized.to_string(),
                        of_entity: of.filter(|&o| o != e),
                        of_text: Some(of_span.text(cx.text).to_string()),
                        evidence: nm.span.cover(of_span),
                    });
                }
            }
        }
    }
    add_mentions(&mut out, extra);

    // 9. Gender from pronouns that follow a lone person in a sentence, then pronoun mentions.
    pronoun_gender(&cx, &mut out);
    let mut extra = Vec::new();
    for (i, p) in cx.ps.iter().enumerate() {
        if p.kind != PieceKind::Word {
            continue;
        }
        let cls = pronoun_class(cx.w(i));
        if !matches!(cls, Some(PronounClass::Male | PronounClass::Female)) {
            continue;
        }
        if let Some(e) = out.resolve_pronoun(doc, p.span) {
            extra.push(Mention {
                span: p.span,
                entity: e,
                kind: MentionKind::Pronoun,
            });
        }
    }
    add_mentions(&mut out, extra);
    // Roles stated with a possessive pronoun ("his aunt, Petra Brandt").
    for ei in 0..out.entities.len() {
        for ri in 0..out.entities[ei].roles.len() {
            let r = &out.entities[ei].roles[ri];
            let Some(t) = r.of_text.as_deref() else {
                continue;
            };
            if r.of_entity.is_some() || pronoun_class(t).is_none() {
                continue;
            }
            let span = Span::new(r.evidence.start, r.evidence.start + t.len());
            let of = out.resolve_pronoun(doc, span).filter(|&o| o != ei);
            out.entities[ei].roles[ri].of_entity = of;
        }
    }
    out
}

fn add_mentions(out: &mut EntityAnalysis, extra: Vec<Mention>) {
    if extra.is_empty() {
        return;
    }
    out.mentions.extend(extra);
    out.mentions
        .sort_by_key(|m| (m.span.start, std::cmp::Reverse(m.span.end)));
    for e in &mut out.entities {
        e.mentions.clear();
    }
    for (mi, m) in out.mentions.iter().enumerate() {
        if let Some(e) = out.entities.get_mut(m.entity) {
            e.mentions.push(mi);
        }
    }
}

fn strip_the(s: &str) -> &str {
    s.strip_prefix("The ")
        .or_else(|| s.strip_prefix("the "))
        .unwrap_or(s)
}

fn person_entity(drafts: &mut Vec<Draft>, first: &str, last: &str, name: &str) -> usize {
    let fl = first.trim_end_matches('.').to_lowercase();
    let ll = last.to_lowercase();
    for (i, d) in drafts.iter_mut().enumerate() {
        if d.kind != EntityKind::Person || d.last.to_lowercase() != ll {
            continue;
        }
        let df = d.first.trim_end_matches('.').to_lowercase();
        let same = df == fl
            || (fl.chars().count() == 1 && df.starts_with(&fl))
            || (df.chars().count() == 1 && fl.starts_with(&df));
        if same {
            if name.len() > d.name.len() {
                d.name = name.to_string();
                d.first = first.to_string();
            }
            return i;
        }
    }
    drafts.push(Draft {
        name: name.to_string(),
        kind: EntityKind::Person,
        gender: lexicon::first_name(first).flatten(),
        roles: Vec::new(),
        first: first.to_string(),
        last: last.to_string(),
    });
    drafts.len() - 1
}

fn named_entity(
    drafts: &mut Vec<Draft>,
    by_key: &mut HashMap<String, usize>,
    name: &str,
    kind: EntityKind,
) -> usize {
    let key = name.to_lowercase().replace('’', "'");
    if let Some(&e) = by_key.get(&key) {
        return e;
    }
    // A shorter name that ends a known one ("Attorney General's Office" in "Mississippi
    // Attorney General's Office") is the same organisation; and the reverse.
    if kind == EntityKind::Organization {
        for (k, &e) in by_key.iter() {
            if drafts[e].kind != kind || !key.contains(' ') && !k.contains(' ') {
                continue;
            }
            if k.ends_with(&format!(" {key}")) || key.ends_with(&format!(" {k}")) {
                if name.len() > drafts[e].name.len() {
                    drafts[e].name = name.to_string();
                }
                by_key.insert(key, e);
                return e;
            }
        }
    }
    drafts.push(Draft {
        name: name.to_string(),
        kind,
        gender: None,
        roles: Vec::new(),
        first: String::new(),
        last: String::new(),
    });
    by_key.insert(key, drafts.len() - 1);
    drafts.len() - 1
}

/// Classifies one capitalised run [a, b) into candidates.
fn analyze_run(
    cx: &Ctx,
    mut a: usize,
    b: usize,
    cands: &mut Vec<Cand>,
    nominals: &mut Vec<Nominal>,
    org_spans: &mut Vec<(Span, EntityKind, String)>,
) {
    while a < b && lexicon::stopword(&cx.lw(a)) {
        a += 1;
    }
    if a >= b {
        return;
    }
    // Titles inside the run: the last one followed by a name splits it.
    let mut title: Option<TitleHit> = None;
    let mut k = a;
    while k < b {
        if let Some(t) = cx.title_at(k, b) {
            title = Some(t);
            k = t.b;
        } else {
            k += 1;
        }
    }
    let has_org_head = |x: usize, y: usize| (x..y).any(|k| lexicon::org_head(cx.w(k)));
    let speech_after = SPEECH_VERBS.contains(&cx.lw(b).as_str())
        || cx.is_punct(b, ",") && SPEECH_VERBS.contains(&cx.lw(b + 1).as_str());
    if let Some(t) = title {
        if t.b < b && !has_org_head(t.b, b) {
            // Title + name: "Senatobia Mayor Greg Graves", "Sgt. Hunter Foster".
            if t.a > a {
                push_prefix(cx, a, t.a, cands, org_spans);
            }
            let first = cx.w(t.b);
            let g = t.t.gender.or_else(|| lexicon::first_name(first).flatten());
            cands.push(Cand {
                a: t.b,
                b,
                kind: Some(EntityKind::Person),
                title: Some(t),
                gender: g,
                entity: None,
            });
            return;
        }
        if t.b == b && t.t.role.is_some() && !has_org_head(a, b) {
            // Title with no name after it: an organisation ("Attorney General's Office")
            // or a role noun ("the Senatobia Mayor").
            if cx.is_poss(b) && cx.lw(b + 1) == "office" {
                let s = cx.span(a, b + 2);
                let name = strip_the(s.text(cx.text)).to_string();
                cands.push(Cand {
                    a,
                    b: b + 2,
                    kind: Some(EntityKind::Organization),
                    title: None,
                    gender: None,
                    entity: None,
                });
                org_spans.push((s, EntityKind::Organization, name));
                return;
            }
            let of_span = (t.a > a).then(|| cx.span(a, t.a));
            if t.a > a {
                push_prefix(cx, a, t.a, cands, org_spans);
            }
            let start = if cx.lw(a.wrapping_sub(1)) == "the" {
                a - 1
            } else {
                t.a
            };
            nominals.push(Nominal {
                span: cx.span(start, b),
                class: t.t.class,
                role: None,
                of_span,
            });
            return;
        }
    }
    let len = b - a;
    let whole = cx.slice(a, b);
    let acronym = (a..b).any(|k| {
        let w = cx.w(k);
        w.chars().filter(|c| c.is_alphabetic()).count() >= 2 && !w.chars().any(char::is_lowercase)
    });
    let kind = if len == 1 {
        let w = cx.w(a);
        if lexicon::org_head(w)
            || lexicon::place_head(w)
            || lexicon::title(&w.to_lowercase()).is_some()
        {
            return;
        }
        None
    } else if has_org_head(a, b) {
        Some(EntityKind::Organization)
    } else if lexicon::place(whole).is_some()
        || matches!(cx.w(b - 1), "County" | "Parish") && !cx.nameish(b)
        || lexicon::place_head(cx.w(b - 1))
    {
        Some(EntityKind::Place)
    } else if acronym {
        Some(EntityKind::Organization)
    } else if lexicon::first_name(cx.w(a)).is_some() {
        Some(EntityKind::Person)
    } else if lexicon::place(cx.w(a)).is_some() {
        Some(EntityKind::Organization)
    } else if (a..b).any(|k| cx.lower_seen.contains(&cx.lw(k))) && !speech_after {
        return;
    } else {
        Some(EntityKind::Person)
    };
    if len == 1 && kind.is_none() {
        // A lone capitalised word: wait for the full names.
        cands.push(Cand {
            a,
            b,
            kind: None,
            title: None,
            gender: None,
            entity: None,
        });
        return;
    }
    cands.push(Cand {
        a,
        b,
        kind,
        title: None,
        gender: None,
        entity: None,
    });
}

/// The part of a run before a title ("Mississippi" in "Mississippi Gov. Tate Reeves").
fn push_prefix(
    cx: &Ctx,
    a: usize,
    b: usize,
    cands: &mut Vec<Cand>,
    org_spans: &mut Vec<(Span, EntityKind, String)>,
) {
    let whole = cx.slice(a, b);
    let kind = if lexicon::place(whole).is_some() {
        EntityKind::Place
    } else if (a..b).all(|k| !lexicon::stopword(&cx.lw(k))) {
        // "Apple CEO Steve Jobs", "Oregon Department of Revenue spokesperson ...".
        EntityKind::Organization
    } else {
        return;
    };
    org_spans.push((cx.span(a, b), kind, whole.to_string()));
    cands.push(Cand {
        a,
        b,
        kind: Some(kind),
        title: None,
        gender: None,
        entity: None,
    });
}

/// Role nouns without a name: "the mayor", "the Senatobia mayor", "the mayor of Senatobia",
/// "Kohen's mother" (not followed by the name of the holder, which makes it a pre-modifier).
fn lower_nominals(cx: &Ctx, cands: &[Cand], out: &mut Vec<Nominal>) {
    let starts: HashMap<usize, usize> = cands.iter().enumerate().map(|(i, c)| (c.a, i)).collect();
    let ends: HashMap<usize, usize> = cands.iter().enumerate().map(|(i, c)| (c.b, i)).collect();
    for k in 0..cx.ps.len() {
        let (begin, mut s, mut of_span) = if cx.lw(k) == "the" && cx.is_word(k) {
            let mut s = k + 1;
            let mut of_span = None;
            if let Some(&ci) = starts.get(&s) {
                let c = &cands[ci];
                if c.kind == Some(EntityKind::Person) {
                    continue;
                }
                of_span = Some(cx.span(c.a, c.b));
                s = c.b;
            }
            (k, s, of_span)
        } else if cx.is_poss(k) {
            match ends.get(&k) {
                Some(&ci) => {
                    let c = &cands[ci];
                    (c.a, k, Some(cx.span(c.a, c.b)))
                }
                None => continue,
            }
        } else {
            continue;
        };
        if cx.is_poss(s) {
            s += 1;
        }
        let Some((_, e, head)) = role_phrase_after(cx, s) else {
            continue;
        };
        // Followed by a name (pre-modifier) or by "'s office" (an organisation): not a nominal.
        if cx.nameish(e)
            || cx.is_punct(e, ",") && cx.nameish(e + 1) && of_span.is_some()
            || cx.is_poss(e) && cx.lw(e + 1) == "office"
        {
            continue;
        }
        if matches!(cx.lw(e).as_str(), "of" | "for") && of_span.is_none() {
            of_span = np_after(cx, e + 1);
        }
        let (role, normalized) = role_text(cx, s, e, head);
        out.push(Nominal {
            span: cx.span(begin, e),
            class: head.t.class,
            role: Some((role, normalized)),
            of_span,
        });
    }
}

/// Index of the candidate ending right before piece `end` (exclusive end == `end`).
fn cand_ending_at(cands: &[Cand], end: usize) -> Option<usize> {
    cands.iter().rposition(|c| c.b == end)
}

/// Lower-case role phrase ending right before piece `end`: (start, head title).
fn role_phrase_before(cx: &Ctx, end: usize) -> Option<(usize, TitleHit)> {
    let mut k = end;
    let mut head: Option<TitleHit> = None;
    let lowerish =
        |i: usize| cx.is_lower_word(i) || cx.is_word(i) && cx.ps[i].start && !cx.nameish(i);
    // The head: the longest title ending at `end`.
    for len in (1..=(*lexicon::MAX_TITLE_WORDS).min(end)).rev() {
        let s = end - len;
        if !(s..end).all(lowerish) {
            continue;
        }
        if let Some(t) = cx.title_at(s, end) {
            if t.b == end && t.t.role.is_some() {
                head = Some(t);
                break;
            }
        }
    }
    let head = head?;
    k = k.min(head.a);
    while k > 0 && lowerish(k - 1) && {
        let l = cx.lw(k - 1);
        lexicon::modifier(&l) || lexicon::title(&l).is_some_and(|t| t.role.is_some())
    } {
        k -= 1;
    }
    Some((k, head))
}

/// Lower-case role phrase starting at piece `start`: (end, head title). Articles and
/// modifiers may precede the head.
fn role_phrase_after(cx: &Ctx, start: usize) -> Option<(usize, usize, TitleHit)> {
    let mut k = start;
    while cx.is_lower_word(k)
        && lexicon::modifier(&cx.lw(k))
        && cx.title_at(k, k + 4).is_none_or(|t| t.t.role.is_none())
    {
        k += 1;
    }
    // The head may itself be preceded by further modifiers that are titles ("police officer").
    let mut last: Option<TitleHit> = None;
    let mut j = k;
    while cx.is_lower_word(j) {
        match cx.title_at(j, j + 4) {
            Some(t) if t.t.role.is_some() && (t.a..t.b).all(|x| cx.is_lower_word(x)) => {
                last = Some(t);
                j = t.b;
            }
            _ if lexicon::modifier(&cx.lw(j)) => j += 1,
            _ => break,
        }
    }
    let t = last?;
    Some((start, t.b, t))
}

/// Noun phrase after "of/for/at": a name (with a possessed noun: "Kohen's family"), else up
/// to six pieces, stopping at punctuation or NP_STOP.
fn np_after(cx: &Ctx, start: usize) -> Option<Span> {
    let mut k = start;
    if cx.lw(k) == "the" {
        k += 1;
    }
    if cx.nameish(k) {
        while cx.nameish(k + 1) && !cx.ps[k + 1].start {
            k += 1;
        }
        k += 1;
        if cx.is_poss(k) && cx.is_lower_word(k + 1) {
            k += 2;
        } else if GROUP_HEADS.contains(&cx.lw(k).as_str()) {
            k += 1;
        }
        return Some(cx.span(start, k));
    }
    k = start;
    let limit = start + 6;
    while k < limit && k < cx.ps.len() {
        let p = cx.ps[k];
        if p.kind == PieceKind::Punct {
            break;
        }
        if k > start && NP_STOP.contains(&cx.lw(k).as_str()) {
            break;
        }
        k += 1;
    }
    (k > start).then(|| cx.span(start, k))
}

fn role_text(cx: &Ctx, a: usize, b: usize, head: TitleHit) -> (String, &'static str) {
    let normalized = head.t.role.unwrap_or("");
    let mut words: Vec<String> = (a..head.a).map(|k| cx.lw(k)).collect();
    let head_text = cx.slice(head.a, head.b).to_lowercase();
    if head_text.contains('.') || head_text.len() <= 3 && head_text != "cop" {
        words.push(normalized.to_string());
    } else {
        words.push(head_text);
    }
    for k in head.b..b {
        words.push(cx.lw(k));
    }
    (words.join(" "), normalized)
}

/// Roles of candidate `ci` from its title, pre-modifiers, appositions and relative clauses.
fn collect_roles(cx: &Ctx, cands: &[Cand], ci: usize, out: &mut Vec<RoleDraft>) {
    let c = &cands[ci];
    if c.kind.is_some() && c.kind != Some(EntityKind::Person) {
        return;
    }
    let name_span = cx.span(c.a, c.b);
    // Title inside the run.
    let mut before = c.a;
    if let Some(t) = c.title {
        before = t.a;
        if t.t.role.is_some() {
            let (role, normalized) = role_text(cx, t.a, t.b, t);
            let of_span = cand_ending_at(cands, t.a).map(|p| cx.span(cands[p].a, cands[p].b));
            let ev_start = of_span.map_or(cx.span(t.a, t.b).start, |s| s.start);
            out.push(RoleDraft {
                holder: ci,
                role,
                normalized,
                of_span,
                evidence: Span::new(ev_start, name_span.end),
            });
        }
    }
    // Lower-case pre-modifier role: "Foster's attorney Martin Zummach", "Kohen's mother,
    // Vellesiya Wiley", "interim police chief Angelica Maze".
    let comma = cx.is_punct(before.wrapping_sub(1), ",");
    let end = if comma { before - 1 } else { before };
    if let Some((rs, head)) = role_phrase_before(cx, end) {
        let poss = rs > 0 && cx.is_poss(rs - 1);
        let pron = rs > 0 && matches!(cx.lw(rs - 1).as_str(), "his" | "her" | "their");
        if !comma || poss || pron {
            let (role, normalized) = role_text(cx, rs, end, head);
            let mut of_span = None;
            let mut ev_start = cx.span(rs, end).start;
            if poss {
                if let Some(p) = np_before_poss(cx, cands, rs - 1) {
                    of_span = Some(p);
                    ev_start = p.start;
                }
            } else if pron {
                // "his aunt, Petra Brandt": resolved once pronouns are (see `extract`).
                let p = cx.span(rs - 1, rs);
                of_span = Some(p);
                ev_start = p.start;
            } else if let Some(p) = cand_ending_at(cands, rs) {
                if cands[p].kind != Some(EntityKind::Person) && !cx.ps[rs].start {
                    let s = cx.span(cands[p].a, cands[p].b);
                    of_span = Some(s);
                    ev_start = s.start;
                }
            }
            out.push(RoleDraft {
                holder: ci,
                role,
                normalized,
                of_span,
                evidence: Span::new(ev_start, name_span.end),
            });
        }
    }
    // Apposition after the name.
    if cx.is_punct(c.b, ",") {
        let k = c.b + 1;
        let lk = cx.lw(k);
        if matches!(lk.as_str(), "a" | "an" | "the") {
            let mut s = k + 1;
            while cx.is_lower_word(s) && matches!(cx.lw(s).as_str(), "former" | "longtime") {
                s += 1;
            }
            // Optional place or organisation before the role ("a former Senatobia, Miss.,
            // police officer").
            let mut of_span = None;
            if let Some(p) = cands.iter().position(|x| x.a == s) {
                let x = &cands[p];
                if x.kind != Some(EntityKind::Person) {
                    of_span = Some(cx.span(x.a, x.b));
                    s = x.b;
                    if cx.is_punct(s, ",")
                        && lexicon::place(cx.w(s + 1)) == Some(PlaceKind::State)
                        && cx.is_punct(s + 2, ",")
                    {
                        s += 3;
                    }
                }
            }
            // "the company's director": a possessed role.
            let mut q = s;
            while q < s + 3 && cx.is_lower_word(q) {
                q += 1;
            }
            if q > s && cx.is_poss(q) && of_span.is_none() {
                of_span = Some(cx.span(k, q));
                s = q + 1;
            }
            if let Some((_, e, head)) = role_phrase_after(cx, s) {
                let (role, normalized) = role_text(cx, s, e, head);
                let mut end = e;
                if matches!(cx.lw(e).as_str(), "of" | "for" | "at" | "with" | "to") {
                    let np_start = e + 1;
                    if let Some(np) = np_after(cx, np_start) {
                        of_span = Some(np);
                        end = cx
                            .ps
                            .iter()
                            .position(|p| p.span.end == np.end)
                            .map_or(e, |x| x + 1);
                    }
                }
                out.push(RoleDraft {
                    holder: ci,
                    role,
                    normalized,
                    of_span,
                    evidence: Span::new(name_span.start, cx.span(k, end).end),
                });
            }
        } else if let Some(p) = cands.iter().position(|x| x.a == k) {
            // "Veronica Roberson, Kohen's maternal grandmother".
            let x = &cands[p];
            if cx.is_poss(x.b) {
                if let Some((_, e, head)) = role_phrase_after(cx, x.b + 1) {
                    let (role, normalized) = role_text(cx, x.b + 1, e, head);
                    out.push(RoleDraft {
                        holder: ci,
                        role,
                        normalized,
                        of_span: Some(cx.span(x.a, x.b)),
                        evidence: Span::new(name_span.start, cx.span(x.a, e).end),
                    });
                }
            }
        } else if lk == "who" {
            // "Ben Crump, who represents the family": the representation is what the role
            // (attorney, if stated) is of.
            let mut v = k + 1;
            if matches!(cx.lw(v).as_str(), "is" | "was" | "has" | "had") {
                v += 1;
            }
            if REPRESENT_VERBS.contains(&cx.lw(v).as_str()) {
                if let Some(np) = np_after(cx, v + 1) {
                    let evidence = Span::new(name_span.start, np.end);
                    let pending = out
                        .iter_mut()
                        .rev()
                        .take_while(|r| r.holder == ci)
                        .find(|r| r.of_span.is_none());
                    match pending {
                        Some(r) => {
                            r.of_span = Some(np);
                            r.evidence = r.evidence.cover(evidence);
                        }
                        None => out.push(RoleDraft {
                            holder: ci,
                            role: "representative".to_string(),
                            normalized: "representative",
                            of_span: Some(np),
                            evidence,
                        }),
                    }
                }
            }
        }
    }
}

/// The possessor before a possessive marker at piece `poss`: a name candidate, or "the child".
fn np_before_poss(cx: &Ctx, cands: &[Cand], poss: usize) -> Option<Span> {
    if let Some(p) = cand_ending_at(cands, poss) {
        return Some(cx.span(cands[p].a, cands[p].b));
    }
    if poss >= 1 && cx.is_lower_word(poss - 1) {
        let s = if poss >= 2 && matches!(cx.lw(poss - 2).as_str(), "the" | "his" | "her" | "their")
        {
            poss - 2
        } else {
            poss - 1
        };
        return Some(cx.span(s, poss));
    }
    None
}

fn resolve_lone_names(
    cx: &Ctx,
    cands: &mut [Cand],
    drafts: &mut Vec<Draft>,
    by_key: &mut HashMap<String, usize>,
    roles: &[RoleDraft],
) {
    let persons: Vec<usize> = (0..drafts.len())
        .filter(|&e| drafts[e].kind == EntityKind::Person)
        .collect();
    let mut by_first: HashMap<String, Vec<usize>> = HashMap::new();
    let mut by_last: HashMap<String, Vec<usize>> = HashMap::new();
    for &e in &persons {
        let d = &drafts[e];
        by_first.entry(d.first.to_lowercase()).or_default().push(e);
        by_last.entry(d.last.to_lowercase()).or_default().push(e);
    }
    let lone = |c: &Cand| c.entity.is_none() && c.b - c.a == 1;
    // Pass A: unique first names.
    let mut called_by_first: HashSet<usize> = HashSet::new();
    for c in cands.iter_mut() {
        if !lone(c) {
            continue;
        }
        let w = cx.lw(c.a);
        if let Some(v) = by_first.get(&w) {
            if v.len() == 1 && by_last.get(&w).is_none_or(|l| l == v) {
                c.entity = Some(v[0]);
                called_by_first.insert(v[0]);
            }
        }
    }
    // Children: the "of" of a parent-kin role, as resolved so far.
    let mut children: HashSet<usize> = HashSet::new();
    for r in roles {
        if !PARENT_KIN.contains(&r.normalized) {
            continue;
        }
        if let Some(of) = r.of_span {
            for c in cands.iter() {
                if of.contains(cx.span(c.a, c.b)) {
                    if let Some(e) = c.entity {
                        children.insert(e);
                    }
                }
            }
        }
    }
    // Pass B: surnames and unknown lone names, in text order.
    let mut last_named: HashMap<usize, usize> = HashMap::new();
    let mut lone_entities: HashMap<String, usize> = HashMap::new();
    for c in cands.iter_mut() {
        if !lone(c) {
            if let Some(e) = c.entity {
                last_named.insert(e, c.a);
            }
            continue;
        }
        let w = cx.w(c.a);
        let lw = w.to_lowercase();
        if cx.lw(c.b) == "family" {
            // "the Wiley family" names a group, not a member.
            continue;
        }
        let mut e = None;
        if let Some(holders) = by_last.get(&lw) {
            if holders.len() == 1 {
                e = Some(holders[0]);
            } else {
                let mut pool: Vec<usize> = holders
                    .iter()
                    .copied()
                    .filter(|h| !children.contains(h))
                    .collect();
                if pool.len() > 1 {
                    let adults: Vec<usize> = pool
                        .iter()
                        .copied()
                        .filter(|h| !called_by_first.contains(h))
                        .collect();
                    if !adults.is_empty() {
                        pool = adults;
                    }
                }
                if pool.is_empty() {
                    pool = holders.clone();
                }
                e = pool
                    .iter()
                    .copied()
                    .filter_map(|h| last_named.get(&h).map(|&at| (at, h)))
                    .filter(|&(at, _)| at < c.a)
                    .max()
                    .map(|(_, h)| h)
                    .or_else(|| pool.first().copied());
            }
        } else if let Some(v) = by_first.get(&lw) {
            if v.len() == 1 {
                e = Some(v[0]);
            }
        }
        if e.is_none() {
            if let Some(&x) = lone_entities.get(w) {
                e = Some(x);
                if c.title.is_some() && drafts[x].kind == EntityKind::Organization {
                    drafts[x].kind = EntityKind::Person;
                }
            } else {
                let kind = if c.title.is_some() {
                    EntityKind::Person
                } else if lexicon::place(w).is_some() {
                    EntityKind::Place
                } else if lexicon::first_name(w).is_some() && !w.chars().all(|c| c.is_uppercase()) {
                    // A lone first name with no full name: not enough to call it anything.
                    continue;
                } else {
                    EntityKind::Organization
                };
                let x = if kind == EntityKind::Person {
                    drafts.push(Draft {
                        name: w.to_string(),
                        kind,
                        gender: c.gender,
                        roles: Vec::new(),
                        first: String::new(),
                        last: w.to_string(),
                    });
                    drafts.len() - 1
                } else {
                    named_entity(drafts, by_key, w, kind)
                };
                lone_entities.insert(w.to_string(), x);
                e = Some(x);
            }
        }
        if let Some(x) = e {
            if let Some(g) = c.gender {
                drafts[x].gender.get_or_insert(g);
            }
        }
        c.entity = e;
    }
}

/// Family groups: "the Wiley family", "Kohen's family", "the family", "the child's family";
/// and legal teams ("the family's legal team"). All family mentions of one article form one
/// group unless they name different surnames.
fn families(cx: &Ctx, cands: &[Cand], drafts: &mut Vec<Draft>, mentions: &mut Vec<Mention>) {
    let mut group: Option<usize> = None;
    let mut team: Option<usize> = None;
    for k in 0..cx.ps.len() {
        let lw = cx.lw(k);
        if lw == "family" && cx.is_word(k) {
            let mut start = k;
            let mut surname: Option<String> = None;
            if k >= 1 && cx.is_poss(k - 1) {
                if let Some(p) = np_before_poss(cx, cands, k - 1) {
                    start = cx
                        .ps
                        .iter()
                        .position(|x| x.span.start == p.start)
                        .unwrap_or(k);
                    if let Some(ci) = cand_ending_at(cands, k - 1) {
                        if let Some(e) = cands[ci].entity {
                            if drafts[e].kind == EntityKind::Person {
                                surname = Some(drafts[e].last.clone());
                            }
                        }
                    }
                }
            } else if let Some(ci) = cand_ending_at(cands, k) {
                let c = &cands[ci];
                if c.b - c.a == 1 {
                    start = c.a;
                    surname = Some(cx.w(c.a).to_string());
                    if cx.lw(c.a.wrapping_sub(1)) == "the" {
                        start = c.a - 1;
                    }
                }
            } else if k >= 1 && matches!(cx.lw(k - 1).as_str(), "the" | "his" | "her" | "their") {
                start = k - 1;
            } else {
                continue;
            }
            let g = *group.get_or_insert_with(|| {
                drafts.push(Draft {
                    name: "family".to_string(),
                    kind: EntityKind::Group,
                    gender: None,
                    roles: Vec::new(),
                    first: String::new(),
                    last: String::new(),
                });
                drafts.len() - 1
            });
            if let Some(s) = surname {
                if drafts[g].last.is_empty() {
                    drafts[g].name = format!("{s} family");
                    drafts[g].last = s;
                }
            }
            mentions.push(Mention {
                span: cx.span(start, k + 1),
                entity: g,
                kind: MentionKind::Nominal,
            });
        } else if lw == "legal" && cx.lw(k + 1) == "team" {
            let t = *team.get_or_insert_with(|| {
                drafts.push(Draft {
                    name: "legal team".to_string(),
                    kind: EntityKind::Group,
                    gender: None,
                    roles: Vec::new(),
                    first: String::new(),
                    last: String::new(),
                });
                drafts.len() - 1
            });
            let mut start = k;
            if k >= 1 && matches!(cx.lw(k - 1).as_str(), "the" | "their" | "its") {
                start = k - 1;
            }
            mentions.push(Mention {
                span: cx.span(start, k + 2),
                entity: t,
                kind: MentionKind::Nominal,
            });
            if group.is_some() && drafts[t].roles.is_empty() {
                let of_span = (k >= 1 && cx.is_poss(k - 1))
                    .then(|| np_before_poss(cx, cands, k - 1))
                    .flatten();
                drafts[t].roles.push(RoleDraft {
                    holder: usize::MAX,
                    role: "legal team".to_string(),
                    normalized: "legal team",
                    of_span,
                    evidence: cx.span(start, k + 2),
                });
            }
        }
    }
}

/// Builds the output: entities in order of first mention, roles with resolved "of".
fn finish(cx: &Ctx, drafts: Vec<Draft>, mentions: Vec<Mention>) -> EntityAnalysis {
    // Order entities by first mention; drop entities without mentions.
    let mut first: Vec<Option<usize>> = vec![None; drafts.len()];
    for m in &mentions {
        if let Some(f) = first.get_mut(m.entity) {
            f.get_or_insert(m.span.start);
        }
    }
    let mut order: Vec<usize> = (0..drafts.len()).filter(|&e| first[e].is_some()).collect();
    order.sort_by_key(|&e| first[e]);
    let mut remap = vec![usize::MAX; drafts.len()];
    for (new, &old) in order.iter().enumerate() {
        remap[old] = new;
    }
    let mentions: Vec<Mention> = mentions
        .into_iter()
        .filter(|m| remap.get(m.entity).is_some_and(|&r| r != usize::MAX))
        .map(|m| Mention {
            entity: remap[m.entity],
            ..m
        })
        .collect();
    let of_entity = |s: Span, me: usize| -> Option<usize> {
        // The longest mention inside the span that is not the holder itself.
        mentions
            .iter()
            .filter(|m| s.contains(m.span) && m.entity != me)
            .max_by_key(|m| m.span.len())
            .map(|m| m.entity)
    };
    let mut entities: Vec<Entity> = Vec::with_capacity(order.len());
    for &old in &order {
        let d = &drafts[old];
        let me = remap[old];
        let mut roles: Vec<Role> = Vec::new();
        for r in &d.roles {
            let of_text = r.of_span.map(|s| s.text(cx.text).to_string());
            let role = Role {
                role: r.role.clone(),
                normalized: r.normalized.to_string(),
                of_entity: r.of_span.and_then(|s| of_entity(s, me)),
                of_text,
                evidence: r.evidence,
            };
            // Group roles ("legal team") are of the family group.
            let role = if d.kind == EntityKind::Group && role.of_entity.is_none() {
                Role {
                    of_entity: drafts
                        .iter()
                        .position(|x| x.kind == EntityKind::Group && x.name.ends_with("family"))
                        .map(|g| remap[g])
                        .filter(|&g| g != usize::MAX),
                    ..role
                }
            } else {
                role
            };
            if !roles.iter().any(|x| {
                x.normalized == role.normalized
                    && x.of_entity == role.of_entity
                    && x.evidence == role.evidence
            }) {
                roles.push(role);
            }
        }
        entities.push(Entity {
            name: d.name.clone(),
            kind: d.kind,
            gender: d.gender,
            roles,
            mentions: Vec::new(),
        });
    }
    for (mi, m) in mentions.iter().enumerate() {
        if let Some(e) = entities.get_mut(m.entity) {
            e.mentions.push(mi);
        }
    }
    EntityAnalysis { entities, mentions }
}

/// Gender from pronouns: a person with no gender yet, who is the only person named in a
/// sentence, takes the gender of the first he/she pronoun that follows in that sentence or
/// the next one.
fn pronoun_gender(cx: &Ctx, out: &mut EntityAnalysis) {
    let mut votes: HashMap<usize, (u32, u32)> = HashMap::new();
    let mut mi = 0;
    let ms = &out.mentions;
    let mut i = 0;
    while i < cx.ps.len() {
        let sent = cx.ps[i].sent;
        let mut j = i;
        while j < cx.ps.len() && cx.ps[j].sent == sent {
            j += 1;
        }
        let (s0, s1) = (cx.ps[i].span.start, cx.ps[j - 1].span.end);
        while mi < ms.len() && ms[mi].span.start < s0 {
            mi += 1;
        }
        let mut people: Vec<usize> = Vec::new();
        let mut k = mi;
        while k < ms.len() && ms[k].span.start < s1 {
            let e = ms[k].entity;
            if out
                .entities
                .get(e)
                .is_some_and(|x| x.kind == EntityKind::Person)
                && !people.contains(&e)
            {
                people.push(e);
            }
            k += 1;
        }
        if people.len() == 1 {
            let e = people[0];
            let first_mention = ms[mi..k]
                .iter()
                .find(|m| m.entity == e)
                .map_or(s0, |m| m.span.end);
            for p in cx.ps[i..j].iter() {
                if p.span.start < first_mention || p.kind != PieceKind::Word {
                    continue;
                }
                match pronoun_class(p.span.text(cx.text)) {
                    Some(PronounClass::Male) => {
                        votes.entry(e).or_default().0 += 1;
                        break;
                    }
                    Some(PronounClass::Female) => {
                        votes.entry(e).or_default().1 += 1;
                        break;
                    }
                    _ => {}
                }
            }
        }
        i = j;
    }
    for (e, (m, f)) in votes {
        if let Some(x) = out.entities.get_mut(e) {
            if x.gender.is_none() && m != f {
                x.gender = Some(if m > f { Gender::Male } else { Gender::Female });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use corroborate_core::document::SourceFormat;
    use corroborate_core::Document;

    fn prep(text: &str) -> PreparedDoc {
        let doc = Document::new("t.txt", SourceFormat::Text, text.to_string());
        PreparedDoc::new(doc, jiff::civil::date(2026, 1, 1))
    }

    #[test]
    fn pieces_split_possessives_and_keep_abbreviations() {
        let d = prep("Intro here.\n\nGov. Ann Lee's aide and the officers’ cars, U.S. Sen. Bo.");
        let cx = Ctx::new(&d);
        let got: Vec<(&str, pieces::PieceKind)> =
            (0..cx.ps.len()).map(|i| (cx.w(i), cx.ps[i].kind)).collect();
        use pieces::PieceKind::{Poss, Punct, Word};
        assert_eq!(
            got,
            vec![
                ("Intro", Word),
                ("here", Word),
                (".", Punct),
                ("Gov.", Word),
                ("Ann", Word),
                ("Lee", Word),
                ("'s", Poss),
                ("aide", Word),
                ("and", Word),
                ("the", Word),
                ("officers", Word),
                ("’", Poss),
                ("cars", Word),
                (",", Punct),
                ("U.S.", Word),
                ("Sen.", Word),
                ("Bo", Word),
                (".", Punct),
            ]
        );
        assert!(cx.ps[3].start && !cx.ps[4].start);
        // "Gov." starts a sentence but is a title followed by a name: part of the run.
        assert!(cx.nameish(3) && cx.nameish(4));
    }
}
