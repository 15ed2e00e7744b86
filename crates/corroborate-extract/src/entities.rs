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

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

use corroborate_core::{PreparedDoc, Span, SpanMap};
use serde::{Deserialize, Serialize};

use lexicon::{PlaceKind, Title};
use pieces::{Piece, PieceKind};

/// What kind of thing an entity is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Role {
    /// The role as written, in lower case with abbreviations spelled out ("interim police
    /// chief", "civil rights attorney", "lawyer", "governor").
    pub role: String,
    /// The role's head, normalised ("attorney" for "lawyer", "spokesperson" for
    /// "spokesman", "police chief" for "interim police chief").
    pub normalized: String,
    /// What the role is of, when stated: an entity index ("attorney of Foster").
    pub of_entity: Option<usize>,
    /// What the role is of, as written ("Senatobia", "the family", "Kohen's family"); for a
    /// possessive pronoun ("his attorney") the name of the entity it refers to, or `None`
    /// when it refers to no one found.
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Gender {
    /// he/him, Mr., father.
    Male,
    /// she/her, Mrs., Ms., mother.
    Female,
}

/// One entity in one article.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
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
    if w.len() > 10 {
        return None;
    }
    let mut buf = [0u8; 10];
    let b = w.as_bytes();
    for (d, c) in buf.iter_mut().zip(b) {
        *d = c.to_ascii_lowercase();
    }
    match buf.get(..b.len()).unwrap_or(&[]) {
        b"he" | b"him" | b"his" | b"himself" => Some(PronounClass::Male),
        b"she" | b"her" | b"hers" | b"herself" => Some(PronounClass::Female),
        b"they" | b"them" | b"their" | b"theirs" | b"themselves" => Some(PronounClass::Plural),
        b"it" | b"its" | b"itself" => Some(PronounClass::Neuter),
        _ => None,
    }
}

/// Role nouns with more holders than this stay unresolved (ambiguous anyway).
const MAX_HOLDERS: usize = 16;

/// How far back (bytes) a pronoun looks for its antecedent.
const PRONOUN_WINDOW: usize = 1500;

/// The paragraph holding byte `pos`.
fn paragraph_at(doc: &PreparedDoc, pos: usize) -> Option<Span> {
    let ps = &doc.seg.paragraphs;
    let i = ps.partition_point(|p| p.end <= pos);
    ps.get(i).filter(|p| p.start <= pos).copied()
}

/// A word that may come before the head name of a subject noun phrase: a capitalised word or
/// number, a role word ("chief", "executive"), a determiner or a possessor ("the union's").
fn np_word(w: &str) -> bool {
    let w = w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'' && c != '’');
    let Some(c) = w.chars().next() else {
        return true;
    };
    if c.is_uppercase() || c.is_ascii_digit() {
        return true;
    }
    let l = w.to_lowercase();
    matches!(
        l.as_str(),
        "the" | "a" | "an" | "his" | "her" | "their" | "its"
    ) || l.ends_with("'s")
        || l.ends_with("’s")
        || lexicon::title(&l).is_some()
        || lexicon::modifier(&l)
}

/// Quotation state walking back from a pronoun: whether earlier positions of its paragraph
/// lie inside a quotation the narrator's pronoun cannot look into. Positions are asked in
/// decreasing order; each byte is scanned once, and never more than [`PRONOUN_WINDOW`] bytes
/// before the pronoun decide whether the pronoun itself is quoted.
struct QuoteBack<'a> {
    text: &'a str,
    /// Start of the pronoun's paragraph; earlier positions count as unquoted.
    floor: usize,
    /// Scanned down to here.
    at: usize,
    /// Closing minus opening curly marks between `at` and the pronoun.
    balance: i32,
    /// Odd number of straight marks between `at` and the pronoun.
    straight: bool,
    /// False when the pronoun is itself quoted (then nothing is filtered).
    active: bool,
}

impl<'a> QuoteBack<'a> {
    fn new(doc: &'a PreparedDoc, pos: usize) -> Self {
        let text = doc.doc.text.as_str();
        let floor = paragraph_at(doc, pos).map_or(pos, |p| p.start);
        let mut from = floor.max(pos.saturating_sub(PRONOUN_WINDOW));
        while from < pos && !text.is_char_boundary(from) {
            from += 1;
        }
        QuoteBack {
            text,
            floor,
            at: pos,
            balance: 0,
            straight: false,
            active: !inside_quotes(text, from, pos),
        }
    }

    /// True when `pos` (at or before the previous one asked) is inside a quotation.
    fn quoted(&mut self, pos: usize) -> bool {
        if !self.active || pos < self.floor {
            return false;
        }
        if pos < self.at {
            if let Some(t) = self.text.get(pos..self.at) {
                for c in t.chars() {
                    match c {
                        '\u{201c}' => self.balance -= 1,
                        '\u{201d}' => self.balance += 1,
                        '"' => self.straight = !self.straight,
                        _ => {}
                    }
                }
                self.at = pos;
            }
        }
        self.balance > 0 || self.straight
    }
}

/// True when a quotation opened in `text[from..to]` is still open at `to` (curly marks
/// counted as pairs, straight marks toggling).
fn inside_quotes(text: &str, from: usize, to: usize) -> bool {
    let Some(t) = text.get(from..to) else {
        return false;
    };
    let mut depth: i32 = 0;
    let mut straight = false;
    for c in t.chars() {
        match c {
            '\u{201c}' => depth += 1,
            '\u{201d}' => depth = (depth - 1).max(0),
            '"' => straight = !straight,
            _ => {}
        }
    }
    depth > 0 || straight
}

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
    /// an organisation. For "he"/"she" forms, salience first (a simple take on Hobbs and
    /// Lappin–Leass, see [`EntityAnalysis::salient_person`]): a person named earlier in the
    /// pronoun's sentence, else the subject of the sentence before it in the same paragraph.
    /// Otherwise the nearest person of the pronoun's gender within 1,500 bytes wins, else the
    /// nearest person of unknown gender; a mention overlapping the pronoun is skipped.
    pub fn resolve_pronoun(&self, doc: &PreparedDoc, span: Span) -> Option<usize> {
        let class = pronoun_class(doc.slice(span))?;
        let hi = self.mentions.partition_point(|m| m.span.start < span.start);
        let want = match class {
            PronounClass::Male => Some(Gender::Male),
            PronounClass::Female => Some(Gender::Female),
            _ => None,
        };
        if want.is_some() {
            if let Some(e) = self.salient_person(doc, span, want) {
                return Some(e);
            }
        }
        let mut quotes = QuoteBack::new(doc, span.start);
        let mut fallback = None;
        for m in self.mentions[..hi].iter().rev() {
            if m.span.end + PRONOUN_WINDOW < span.start {
                break;
            }
            if m.span.overlaps(span) {
                continue;
            }
            // The narrator's "she" does not refer to someone named inside a quotation.
            let personal = matches!(class, PronounClass::Male | PronounClass::Female);
            if personal && quotes.quoted(m.span.start) {
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

    /// The most salient person for a he/she pronoun at `span` whose gender does not contradict
    /// `want`, outside quotations: (1) a person mentioned earlier in the pronoun's own
    /// sentence, one of the pronoun's gender before one of unknown gender, nearest first;
    /// (2) the subject of the sentence just before, in the same paragraph: its first person
    /// mention when only a noun phrase's words precede it (names, role words, determiners,
    /// possessors; or an introductory phrase set off by a comma), within its first eight
    /// words. A subject of unknown gender thus beats a person of the pronoun's gender named
    /// further back. `None` when neither applies.
    fn salient_person(&self, doc: &PreparedDoc, span: Span, want: Option<Gender>) -> Option<usize> {
        let text = doc.doc.text.as_str();
        let sents = &doc.seg.sentences;
        let si = sents.partition_point(|s| s.end <= span.start);
        let sent = *sents.get(si).filter(|s| s.start <= span.start)?;
        let para = paragraph_at(doc, span.start)?;
        let person = |m: &Mention| {
            self.entities
                .get(m.entity)
                .filter(|e| e.kind == EntityKind::Person)
                .map(|e| e.gender)
        };
        let mut quotes = QuoteBack::new(doc, span.start);
        // (1) The pronoun's own sentence.
        let lo = self.mentions.partition_point(|m| m.span.start < sent.start);
        let hi = self.mentions.partition_point(|m| m.span.start < span.start);
        let mut unknown = None;
        for m in self.mentions.get(lo..hi).unwrap_or(&[]).iter().rev() {
            if m.span.overlaps(span) || quotes.quoted(m.span.start) {
                continue;
            }
            match person(m) {
                Some(g) if g == want => return Some(m.entity),
                Some(None) => {
                    unknown.get_or_insert(m.entity);
                }
                _ => {}
            }
        }
        if unknown.is_some() {
            return unknown;
        }
        // (2) The subject of the sentence before, in the same paragraph.
        let prev = *sents.get(si.checked_sub(1)?)?;
        if prev.start < para.start {
            return None;
        }
        let lo = self.mentions.partition_point(|m| m.span.start < prev.start);
        let in_prev = self.mentions.get(lo..).unwrap_or(&[]);
        let in_prev = &in_prev[..in_prev.partition_point(|m| m.span.start < prev.end)];
        let quoted: Vec<bool> = in_prev
            .iter()
            .rev()
            .map(|m| quotes.quoted(m.span.start))
            .collect();
        let at = (0..in_prev.len()).find(|&i| {
            person(&in_prev[i]).is_some()
                && !quoted.get(in_prev.len() - 1 - i).copied().unwrap_or(true)
        })?;
        let mut subject = &in_prev[at];
        let before = text.get(prev.start..subject.span.start)?;
        if before.split_whitespace().count() >= 8 {
            return None;
        }
        let np = before.rsplit(',').next().unwrap_or(before);
        if !np.split_whitespace().all(np_word) {
            return None;
        }
        // "Harbor Mills founder Sasha Montreuil": a name before role words modifies the head
        // name after them, which is the subject.
        if let Some(next) = in_prev.get(at + 1..).and_then(|r| {
            r.iter()
                .find(|m| m.span.start >= subject.span.end && person(m).is_some())
        }) {
            let gap = text.get(subject.span.end..next.span.start).unwrap_or("");
            let words: Vec<&str> = gap.split_whitespace().collect();
            let role_words = !words.is_empty()
                && words.len() <= 4
                && words.iter().all(|w| {
                    w.chars().all(|c| c.is_lowercase() || c == '-')
                        && (lexicon::title(w).is_some() || lexicon::modifier(w))
                });
            if role_words {
                subject = next;
            }
        }
        let g = person(subject)?;
        (g.is_none() || g == want).then_some(subject.entity)
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

/// Prepositions that put the name after them in a place ("off Pellam Point", "in Harlow").
const PLACE_PREPOSITIONS: &[&str] = &["in", "near", "off", "outside"];

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
    lower_seen: HashSet<&'a str>,
    /// Words capitalised mid-sentence on normal lines.
    mid_caps: HashSet<&'a str>,
    /// Lower-case forms of `mid_caps` (to recognise names on capitals lines).
    mid_caps_lower: HashSet<String>,
    /// Lower-case form of every piece (borrowed when already lower case).
    low: Vec<Cow<'a, str>>,
    /// Whether each piece can be part of a name (see [`Ctx::compute_nameish`]).
    names: Vec<bool>,
    /// The article's own outlet (manifest or metadata), in lower case.
    outlet: Option<String>,
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
                if !w.chars().any(char::is_uppercase) {
                    lower_seen.insert(w);
                }
            } else if c.is_uppercase() && !p.start && !after_hash(text, &ps, i) {
                mid_caps.insert(w);
                mid_caps_lower.insert(w.to_lowercase());
            }
        }
        let low = ps
            .iter()
            .map(|p| {
                let w = p.span.text(text);
                if w.chars().any(char::is_uppercase) {
                    Cow::Owned(w.to_lowercase())
                } else {
                    Cow::Borrowed(w)
                }
            })
            .collect();
        let mut cx = Ctx {
            text,
            ps,
            lower_seen,
            mid_caps,
            mid_caps_lower,
            low,
            names: Vec::new(),
            outlet: doc
                .doc
                .meta
                .outlet
                .as_ref()
                .map(|o| o.value.trim().to_lowercase()),
        };
        // From the end, so that "the" can look at the (already computed) next piece.
        let mut names = vec![false; cx.ps.len()];
        for i in (0..cx.ps.len()).rev() {
            names[i] = cx.compute_nameish(i, names.get(i + 1).copied().unwrap_or(false));
        }
        cx.names = names;
        cx
    }

    fn w(&self, i: usize) -> &'a str {
        self.ps.get(i).map_or("", |p| p.span.text(self.text))
    }

    fn lw(&self, i: usize) -> &str {
        self.low.get(i).map_or("", |c| c.as_ref())
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
        self.names.get(i).copied().unwrap_or(false)
    }

    /// Computes [`Ctx::nameish`] for piece `i`, given that of the next piece.
    fn compute_nameish(&self, i: usize, next_nameish: bool) -> bool {
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
        let lower = self.lw(i);
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
            if lexicon::stopword(lower) {
                return false;
            }
            return self.mid_caps.contains(w) || self.mid_caps_lower.contains(lower);
        }
        // An acronym in normal text is a name even when it spells a stop word ("US").
        let acronym = w.len() >= 2 && !w.chars().any(char::is_lowercase);
        if lexicon::stopword(lower) && !(acronym && lexicon::place(w).is_some()) {
            // Mid-sentence "The" may open an organisation ("The Associated Press").
            return !p.start && (lower == "the") && next_nameish;
        }
        if !p.start {
            return true;
        }
        if self.mid_caps.contains(w) {
            return true;
        }
        if lexicon::first_name(w).is_some() || lexicon::place(w).is_some() {
            return !self.lower_seen.contains(lower) || self.next_is_cap(i);
        }
        if lexicon::title(lower).is_some() {
            return self.next_is_cap(i);
        }
        // Sentence openers that are verbs or adverbs ("Following", "Asked", "Finally").
        let ending = lower.ends_with("ing") || lower.ends_with("ed") || lower.ends_with("ly");
        !ending && !self.lower_seen.contains(lower) && self.next_is_cap(i)
    }

    /// True when `name` is a news outlet: the article's own (from the manifest or metadata)
    /// or one in the outlet table.
    fn is_outlet(&self, name: &str) -> bool {
        let name = strip_the(name.trim());
        self.outlet
            .as_deref()
            .is_some_and(|o| strip_the(o) == name.to_lowercase())
            || corroborate_core::outlet::canonical_outlet_name(name).is_some()
    }

    /// True when the run [a, b) is the credit of a dateline: in parentheses and followed by a
    /// dash ("HARLOW, Maine (Coastal Wire) —"), where news copy names the agency.
    fn is_dateline_credit(&self, a: usize, b: usize) -> bool {
        a >= 1
            && self.is_punct(a - 1, "(")
            && self.is_punct(b, ")")
            && ["—", "–", "-"].iter().any(|d| self.is_punct(b + 1, d))
    }

    /// True when the name [a, b) sits where news English puts places: after "in", "near",
    /// "off" or "outside" as the head of its phrase, before ", <state or country>" ("Harlow, Maine"), or before a
    /// lower-case geographic noun ("Harlow harbor").
    fn place_cue(&self, a: usize, b: usize) -> bool {
        // The name must head its phrase: "in Harlow on Monday", not "in Acme parking lots".
        let heads = !self.is_lower_word(b) || lexicon::stopword(self.lw(b));
        let before = a >= 1
            && self.is_lower_word(a - 1)
            && PLACE_PREPOSITIONS.contains(&self.lw(a - 1))
            && heads;
        let state = self.is_punct(b, ",")
            && matches!(
                lexicon::place(self.w(b + 1)),
                Some(PlaceKind::State | PlaceKind::Country)
            );
        let noun = self.is_lower_word(b) && {
            let w = self.w(b);
            let mut cs = w.chars();
            cs.next().is_some_and(|c| {
                let cap: String = c.to_uppercase().chain(cs).collect();
                lexicon::place_head(&cap)
            })
        };
        before || state || noun
    }

    /// True when a speech verb follows the name ending at piece `b` ("Harlow said").
    fn speech_after(&self, b: usize) -> bool {
        SPEECH_VERBS.contains(&self.lw(b))
            || self.is_punct(b, ",") && SPEECH_VERBS.contains(&self.lw(b + 1))
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
            key.push_str(self.lw(i + k));
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
    let mut keys = Keys::default();
    for c in cands.iter_mut() {
        let len = c.b - c.a;
        let kind = c.kind;
        let e = match kind {
            Some(EntityKind::Person) if len >= 2 => {
                let first = cx.w(c.a).to_string();
                let last = cx.w(c.b - 1).to_string();
                let name = cx.slice(c.a, c.b).to_string();
                Some(person_entity(&mut drafts, &mut keys, &first, &last, &name))
            }
            Some(k @ (EntityKind::Organization | EntityKind::Place)) => {
                let name = strip_the(cx.slice(c.a, c.b)).to_string();
                Some(named_entity(&mut drafts, &mut keys, &name, k))
            }
            _ => None,
        };
        c.entity = e;
        if let (Some(e), Some(g)) = (e, c.gender) {
            // An honorific ("Mr.", "Mrs.") outweighs what the first name usually implies.
            if c.title.is_some_and(|t| t.t.gender.is_some()) {
                drafts[e].gender = Some(g);
            } else {
                drafts[e].gender.get_or_insert(g);
            }
        }
    }

    // 3. Roles (drafts, attached to candidates).
    let mut roles: Vec<RoleDraft> = Vec::new();
    for ci in 0..cands.len() {
        collect_roles(&cx, &cands, ci, &mut roles);
    }

    // 4. Lone names: first names, then surnames.
    resolve_lone_names(&cx, &mut cands, &mut drafts, &mut keys, &roles);

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
    let mut holders: HashMap<&'static str, Vec<usize>> = HashMap::new();
    for (i, e) in out.entities.iter().enumerate() {
        for r in &e.roles {
            if let Some(t) = lexicon::title(&r.normalized) {
                let v = holders.entry(t.class).or_default();
                if v.last() != Some(&i) {
                    v.push(i);
                }
            }
        }
    }
    let mut extra = Vec::new();
    for nm in &nominals {
        if out.mention_at(nm.span).is_some() {
            continue;
        }
        let of = nm
            .of_span
            .and_then(|s| mentions_within(&out.mentions, s).next().map(|m| m.entity));
        // Only the entities holding a role of this class are looked at.
        let pool = holders.get(nm.class).map_or(&[][..], |v| v.as_slice());
        let unique = |of: Option<usize>| -> Option<usize> {
            if pool.len() > MAX_HOLDERS {
                return None;
            }
            let mut found = None;
            for &i in pool {
                let holds = out.entities[i].roles.iter().any(|r| {
                    role_class(&r.normalized) == nm.class
                        && of.is_none_or(|o| r.of_entity == Some(o))
                });
                if holds {
                    if found.is_some() {
                        return None;
                    }
                    found = Some(i);
                }
            }
            found
        };
        let holder = unique(of).or_else(|| {
            // A holder whose role states no "of" may still be the one meant.
            let e = unique(None)?;
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
    // Inside a quotation "she" is the speaker's word, not the narrator's: skip pronouns
    // between quote marks (straight marks toggle; the state resets at each line break).
    let mut quoted = false;
    let mut prev_end = 0;
    for (i, p) in cx.ps.iter().enumerate() {
        if cx
            .text
            .get(prev_end..p.span.start)
            .is_some_and(|g| g.contains('\n'))
        {
            quoted = false;
        }
        prev_end = p.span.end;
        if p.kind == PieceKind::Punct {
            match cx.w(i) {
                "\"" => quoted = !quoted,
                "\u{201c}" => quoted = true,
                "\u{201d}" => quoted = false,
                _ => {}
            }
            continue;
        }
        if p.kind != PieceKind::Word || quoted {
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
            // The pronoun itself says nothing to a reader: the role is of the entity it refers
            // to, named, or of nothing stated.
            let of_text = of.and_then(|o| out.entities.get(o)).map(|o| o.name.clone());
            let role = &mut out.entities[ei].roles[ri];
            role.of_entity = of;
            role.of_text = of_text;
        }
    }
    out
}

/// Mentions lying inside `s`, from mentions sorted by start.
fn mentions_within(mentions: &[Mention], s: Span) -> impl Iterator<Item = &Mention> {
    let i = mentions.partition_point(|m| m.span.start < s.start);
    mentions[i..]
        .iter()
        .take_while(move |m| m.span.start < s.end)
        .filter(move |m| s.contains(m.span))
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

/// Lookup tables over the entity drafts, so that finding an existing entity never scans
/// them all.
#[derive(Default)]
struct Keys {
    /// Lower-case organisation/place name → draft.
    exact: HashMap<String, usize>,
    /// Lower-case word suffixes (two words or more) of organisation names → draft.
    suffix: HashMap<String, usize>,
    /// Lower-case last name → person drafts.
    last: HashMap<String, Vec<usize>>,
}

/// Organisation names longer than this many words take no part in suffix matching.
const MAX_SUFFIX_WORDS: usize = 8;

/// Proper word suffixes of `key` with at least two words ("attorney general's office" of
/// "mississippi attorney general's office").
fn word_suffixes(key: &str) -> impl Iterator<Item = &str> {
    let words = key.split(' ').count();
    let ok = (3..=MAX_SUFFIX_WORDS).contains(&words);
    key.match_indices(' ')
        .filter(move |_| ok)
        .map(move |(i, _)| &key[i + 1..])
        .filter(|s| s.contains(' '))
}

fn person_entity(
    drafts: &mut Vec<Draft>,
    keys: &mut Keys,
    first: &str,
    last: &str,
    name: &str,
) -> usize {
    let fl = first.trim_end_matches('.').to_lowercase();
    let ll = last.to_lowercase();
    for &i in keys.last.get(&ll).map_or(&[][..], |v| v.as_slice()) {
        let d = &mut drafts[i];
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
    keys.last.entry(ll).or_default().push(drafts.len() - 1);
    drafts.len() - 1
}

fn named_entity(drafts: &mut Vec<Draft>, keys: &mut Keys, name: &str, kind: EntityKind) -> usize {
    let key = name.to_lowercase().replace('’', "'");
    if let Some(&e) = keys.exact.get(&key) {
        return e;
    }
    // A shorter name that ends a known one ("Attorney General's Office" in "Mississippi
    // Attorney General's Office") is the same organisation; and the reverse.
    if kind == EntityKind::Organization {
        let known = keys.suffix.get(&key).copied().or_else(|| {
            word_suffixes(&key).find_map(|s| {
                keys.exact
                    .get(s)
                    .copied()
                    .filter(|&e| drafts[e].kind == kind)
            })
        });
        if let Some(e) = known.filter(|&e| drafts[e].kind == kind) {
            if name.len() > drafts[e].name.len() {
                drafts[e].name = name.to_string();
            }
            keys.exact.insert(key, e);
            return e;
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
    let e = drafts.len() - 1;
    if kind == EntityKind::Organization {
        for s in word_suffixes(&key) {
            keys.suffix.entry(s.to_string()).or_insert(e);
        }
    }
    keys.exact.insert(key, e);
    e
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
    let acronym_place =
        |k: usize| !cx.w(k).chars().any(char::is_lowercase) && lexicon::place(cx.w(k)).is_some();
    while a < b && lexicon::stopword(cx.lw(a)) && !acronym_place(a) {
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
    let speech_after = cx.speech_after(b);
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
    // A news outlet: the article's own, a known one, or a dateline's credit. (A lone word
    // waits: "Bloomberg" may be a surname; unresolved lone names become organisations.)
    let outlet = len >= 2 && (cx.is_outlet(whole) || cx.is_dateline_credit(a, b));
    let kind = if outlet {
        Some(EntityKind::Organization)
    } else if len == 1 {
        let w = cx.w(a);
        if lexicon::org_head(w)
            || lexicon::place_head(w)
            || lexicon::place_prefix(w)
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
        || lexicon::place_prefix(cx.w(a))
    {
        Some(EntityKind::Place)
    } else if acronym {
        Some(EntityKind::Organization)
    } else if lexicon::first_name(cx.w(a)).is_some() {
        Some(EntityKind::Person)
    } else if lexicon::place(cx.w(a)).is_some() {
        Some(EntityKind::Organization)
    } else if (a..b).any(|k| cx.lower_seen.contains(cx.lw(k))) && !speech_after {
        // Some word is also used in lower case: not a person's name. Capitalised on purpose
        // mid-sentence ("Apple Computer") it names an organisation or product; at a sentence
        // start the capitals may be the sentence's own.
        if cx.ps[a].start {
            return;
        }
        Some(EntityKind::Organization)
    } else if cx.place_cue(a, b) && !speech_after {
        // No first name, and where places go ("off Pellam Ridge"): a place.
        Some(EntityKind::Place)
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
    } else if (a..b).all(|k| !lexicon::stopword(cx.lw(k))) {
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
        if matches!(cx.lw(e), "of" | "for") && of_span.is_none() {
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
    // Candidates are in text order and never overlap, so their ends are sorted too.
    let i = cands.partition_point(|c| c.b < end);
    (i < cands.len() && cands[i].b == end).then_some(i)
}

/// Index of the candidate starting at piece `start`.
fn cand_starting_at(cands: &[Cand], start: usize) -> Option<usize> {
    let i = cands.partition_point(|c| c.a < start);
    (i < cands.len() && cands[i].a == start).then_some(i)
}

/// Index of the piece ending at byte `end` (pieces are sorted and never overlap).
fn piece_ending_at(cx: &Ctx, end: usize) -> Option<usize> {
    let i = cx.ps.partition_point(|p| p.span.end < end);
    (i < cx.ps.len() && cx.ps[i].span.end == end).then_some(i)
}

/// Index of the piece starting at byte `start`.
fn piece_starting_at(cx: &Ctx, start: usize) -> Option<usize> {
    let i = cx.ps.partition_point(|p| p.span.start < start);
    (i < cx.ps.len() && cx.ps[i].span.start == start).then_some(i)
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
        lexicon::modifier(l) || lexicon::title(l).is_some_and(|t| t.role.is_some())
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
        && lexicon::modifier(cx.lw(k))
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
            _ if lexicon::modifier(cx.lw(j)) => j += 1,
            _ => break,
        }
    }
    let t = last?;
    Some((start, t.b, t))
}

/// Noun phrase after "of/for/at": a name (with a possessed noun: "Kohen's family"), else up
/// to six pieces, stopping at punctuation or NP_STOP.
/// Whether piece `k` starts an amount ("30 years", "three decades"): a number in digits or words.
fn is_amount(cx: &Ctx, k: usize) -> bool {
    k < cx.ps.len()
        && (cx.ps[k].kind == PieceKind::Number
            || (!matches!(cx.lw(k), "a" | "an")
                && crate::quantities::word_number(cx.lw(k)).is_some()))
}

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
        } else if GROUP_HEADS.contains(&cx.lw(k)) {
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
        if k > start && NP_STOP.contains(&cx.lw(k)) {
            break;
        }
        k += 1;
    }
    (k > start).then(|| cx.span(start, k))
}

fn role_text(cx: &Ctx, a: usize, b: usize, head: TitleHit) -> (String, &'static str) {
    let normalized = head.t.role.unwrap_or("");
    let mut words: Vec<String> = (a..head.a).map(|k| cx.lw(k).to_string()).collect();
    let head_text = cx.slice(head.a, head.b).to_lowercase();
    if head_text.contains('.') || head_text.len() <= 3 && head_text != "cop" {
        words.push(normalized.to_string());
    } else {
        words.push(head_text);
    }
    for k in head.b..b {
        words.push(cx.lw(k).to_string());
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
    // "the mayor of Harbor City, Ines Moreau": a role with its "of" set off before the name.
    if comma {
        if let Some(p) = cand_ending_at(cands, end) {
            let of = &cands[p];
            if of.kind != Some(EntityKind::Person) && of.a >= 1 && cx.lw(of.a - 1) == "of" {
                if let Some((rs, head)) = role_phrase_before(cx, of.a - 1) {
                    let (role, normalized) = role_text(cx, rs, of.a - 1, head);
                    let start = if rs >= 1 && cx.lw(rs - 1) == "the" {
                        rs - 1
                    } else {
                        rs
                    };
                    out.push(RoleDraft {
                        holder: ci,
                        role,
                        normalized,
                        of_span: Some(cx.span(of.a, of.b)),
                        evidence: Span::new(cx.span(start, rs + 1).start, name_span.end),
                    });
                }
            }
        }
    }
    if let Some((rs, head)) = role_phrase_before(cx, end) {
        let poss = rs > 0 && cx.is_poss(rs - 1);
        let pron = rs > 0 && matches!(cx.lw(rs - 1), "his" | "her" | "their");
        // "Ellie Pike, the captain's daughter, Okafor said": the phrase set off by commas is an
        // apposition of the name before it, and what follows is the reporting clause.
        let opening = if poss {
            np_before_poss(cx, cands, rs - 1).and_then(|p| piece_starting_at(cx, p.start))
        } else if pron {
            Some(rs - 1)
        } else {
            Some(rs)
        };
        let apposition_of_earlier = comma
            && opening.is_some_and(|o| {
                o >= 1
                    && cx.is_punct(o - 1, ",")
                    && (cand_ending_at(cands, o - 1)
                        .is_some_and(|p| cands[p].kind == Some(EntityKind::Person))
                        || SPEECH_VERBS.contains(&cx.lw(c.b)))
            });
        if (!comma || poss || pron) && !apposition_of_earlier {
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
        if matches!(lk, "a" | "an" | "the") {
            let mut s = k + 1;
            while cx.is_lower_word(s) && matches!(cx.lw(s), "former" | "longtime") {
                s += 1;
            }
            // Optional place or organisation before the role ("a former Senatobia, Miss.,
            // police officer").
            let mut of_span = None;
            if let Some(p) = cand_starting_at(cands, s) {
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
                // "a captain with 30 years at sea": an amount is not what a role is of.
                if matches!(cx.lw(e), "of" | "for" | "at" | "with" | "to") && !is_amount(cx, e + 1)
                {
                    let np_start = e + 1;
                    if let Some(np) = np_after(cx, np_start) {
                        of_span = Some(np);
                        end = piece_ending_at(cx, np.end).map_or(e, |x| x + 1);
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
        } else if let Some(p) = cand_starting_at(cands, k) {
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
            if matches!(cx.lw(v), "is" | "was" | "has" | "had") {
                v += 1;
            }
            if REPRESENT_VERBS.contains(&cx.lw(v)) {
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
        let s = if poss >= 2 && matches!(cx.lw(poss - 2), "the" | "his" | "her" | "their") {
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
    keys: &mut Keys,
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
        if let Some(v) = by_first.get(w) {
            if v.len() == 1 && by_last.get(w).is_none_or(|l| l == v) {
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
    // Lone words that some occurrence puts where places go ("in Harlow", "Harlow, Maine") and
    // none makes a speaker ("Harlow said"), in lower case.
    let mut place_cued: HashSet<String> = HashSet::new();
    let mut spoken: HashSet<String> = HashSet::new();
    for c in cands.iter().filter(|c| lone(c)) {
        if cx.place_cue(c.a, c.b) {
            place_cued.insert(cx.lw(c.a).to_string());
        }
        if cx.speech_after(c.b) {
            spoken.insert(cx.lw(c.a).to_string());
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
                } else if place_cued.contains(&lw) && !spoken.contains(&lw) && !cx.is_outlet(w) {
                    EntityKind::Place
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
                    named_entity(drafts, keys, w, kind)
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
                    start = piece_starting_at(cx, p.start).unwrap_or(k);
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
            } else if k >= 1 && matches!(cx.lw(k - 1), "the" | "his" | "her" | "their") {
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
            if k >= 1 && matches!(cx.lw(k - 1), "the" | "their" | "its") {
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
        mentions_within(&mentions, s)
            .filter(|m| m.entity != me)
            .max_by_key(|m| m.span.len())
            .map(|m| m.entity)
    };
    let mut entities: Vec<Entity> = Vec::with_capacity(order.len());
    for &old in &order {
        let d = &drafts[old];
        let me = remap[old];
        let mut roles: Vec<Role> = Vec::new();
        let mut seen = HashSet::new();
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
            // The same role stated again (same words, same "of") keeps its first evidence:
            // a long article repeating "Mayor Ada Brook" gives one role, not thousands.
            let key = (
                role.role.clone(),
                role.of_entity,
                role.of_text.as_deref().map(str::to_lowercase),
            );
            if seen.insert(key) {
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

    fn entity<'a>(a: &'a EntityAnalysis, name: &str) -> &'a Entity {
        let e = a.entities.iter().find(|e| e.name == name);
        assert!(e.is_some(), "no entity {name:?} in {:?}", a.entities);
        e.unwrap_or_else(|| unreachable!())
    }

    #[test]
    fn apposition_before_a_reporting_clause_stays_with_its_name() {
        let d = prep(
            "Ferry talks stall\n\n\
             The welder who found the crack was Nadia Ferrante, the skipper's niece, Tobias Marr said. \
             Marr leads the dockworkers.",
        );
        let a = extract(&d);
        let nadia = entity(&a, "Nadia Ferrante");
        assert!(
            nadia.roles.iter().any(|r| r.normalized == "niece"),
            "{:?}",
            nadia.roles
        );
        let marr = entity(&a, "Tobias Marr");
        assert!(
            marr.roles.iter().all(|r| r.normalized != "niece"),
            "{:?}",
            marr.roles
        );
    }

    #[test]
    fn possessive_pronoun_owner_is_named_never_the_pronoun() {
        let d = prep(
            "Pilot grounded\n\n\
             Quentin Vasquez praised the rescue crew on Monday.\n\n\
             Ingrid Salo, 44, has not commented. Her lawyer, Oren Baptiste, said she acted properly.",
        );
        let a = extract(&d);
        let oren = entity(&a, "Oren Baptiste");
        let r = oren.roles.iter().find(|r| r.normalized == "attorney");
        assert!(r.is_some(), "{:?}", oren.roles);
        let r = r.unwrap_or_else(|| unreachable!());
        assert_eq!(r.of_text.as_deref(), Some("Ingrid Salo"));
        assert_eq!(
            r.of_entity.map(|e| a.entities[e].name.as_str()),
            Some("Ingrid Salo")
        );
    }

    #[test]
    fn an_amount_after_a_role_is_not_what_the_role_is_of() {
        let d = prep(
            "Captain retires\n\n\
             Tobias Wren, a captain with 25 years at sea, steered his last crossing. \
             Mira Castell, a captain with the Northgate Harbor Authority, said he was admired.",
        );
        let a = extract(&d);
        let wren = entity(&a, "Tobias Wren");
        let captain = wren.roles.iter().find(|r| r.normalized == "captain");
        assert!(captain.is_some(), "{:?}", wren.roles);
        assert!(
            captain.is_some_and(|r| r.of_text.is_none()),
            "{:?}",
            wren.roles
        );
        let castell = entity(&a, "Mira Castell");
        assert!(
            castell
                .roles
                .iter()
                .any(|r| r.of_text.as_deref() == Some("the Northgate Harbor Authority")),
            "{:?}",
            castell.roles
        );
    }

    #[test]
    fn unresolved_possessive_pronoun_leaves_no_owner_text() {
        let d = prep("Court date set\n\nHis spokesman, Anselm Ruiz, declined to comment.");
        let a = extract(&d);
        let ruiz = entity(&a, "Anselm Ruiz");
        assert!(
            ruiz.roles.iter().all(|r| r
                .of_text
                .as_deref()
                .is_none_or(|t| pronoun_class(t).is_none())),
            "{:?}",
            ruiz.roles
        );
    }

    #[test]
    fn pronoun_prefers_the_previous_subject_over_an_earlier_gendered_person() {
        let text = "Mill closes\n\n\
             Mrs. Greta Lindqvist said the mill had lost money for years.\n\n\
             Harbor Mills founder Sasha Montreuil disputed that. She said sales rose in the spring.";
        let d = prep(text);
        let a = extract(&d);
        let at = text.find("She said").unwrap_or(0);
        let e = a.resolve_pronoun(&d, Span::new(at, at + 3));
        assert_eq!(
            e.map(|e| a.entities[e].name.as_str()),
            Some("Sasha Montreuil")
        );
    }

    #[test]
    fn pronoun_skips_a_subject_of_the_other_gender() {
        let text = "Budget vote\n\n\
             Mrs. Greta Lindqvist opposed the plan.\n\n\
             Mr. Sasha Montreuil supported it. She called it reckless.";
        let d = prep(text);
        let a = extract(&d);
        let at = text.find("She called").unwrap_or(0);
        let e = a.resolve_pronoun(&d, Span::new(at, at + 3));
        assert_eq!(
            e.map(|e| a.entities[e].name.as_str()),
            Some("Greta Lindqvist")
        );
    }

    #[test]
    fn pronoun_ignores_names_inside_a_quotation() {
        let text = "Strike ends\n\n\
             Mrs. Greta Lindqvist spoke first.\n\n\
             \"I asked Sasha Montreuil to wait,\" she said.";
        let d = prep(text);
        let a = extract(&d);
        let at = text.find("she said").unwrap_or(0);
        let e = a.resolve_pronoun(&d, Span::new(at, at + 3));
        assert_eq!(
            e.map(|e| a.entities[e].name.as_str()),
            Some("Greta Lindqvist")
        );
    }

    #[test]
    fn outlets_and_geographic_names_get_their_kinds() {
        let text = "Storm hits coast\n\n\
             KELVALE, Vermont (Ridgeback Wire) — A storm flooded homes near Tamsin Cove and \
             off Cape Orrin on Monday, Westbrook Radio reported. Schools in Kelvale will stay shut. \
             Crews worked all night along the Brisley harbor and at Dunmore Harbor.";
        let d = prep(text);
        let a = extract(&d);
        let kind = |n: &str| entity(&a, n).kind;
        assert_eq!(kind("Ridgeback Wire"), EntityKind::Organization);
        assert_eq!(kind("Westbrook Radio"), EntityKind::Organization);
        assert_eq!(kind("Tamsin Cove"), EntityKind::Place);
        assert_eq!(kind("Cape Orrin"), EntityKind::Place);
        assert_eq!(kind("Dunmore Harbor"), EntityKind::Place);
        assert_eq!(kind("Kelvale"), EntityKind::Place);
        assert_eq!(kind("Brisley"), EntityKind::Place);
    }

    #[test]
    fn own_outlet_from_metadata_is_an_organisation() {
        let mut doc = Document::new(
            "t.txt",
            SourceFormat::Text,
            "Fair opens\n\nThe fair opened Friday, Lark Hollow told listeners. \
             Lark Hollow will broadcast live."
                .to_string(),
        );
        doc.meta.outlet = Some(corroborate_core::document::Known {
            value: "Lark Hollow".to_string(),
            provenance: corroborate_core::Provenance::Manifest,
        });
        let d = PreparedDoc::new(doc, jiff::civil::date(2026, 1, 1));
        let a = extract(&d);
        assert_eq!(entity(&a, "Lark Hollow").kind, EntityKind::Organization);
    }

    #[test]
    fn a_lone_name_that_speaks_is_not_made_a_place() {
        let d =
            prep("Shares fall\n\nInvestors in Quarrix lost money. Quarrix said it would recover.");
        let a = extract(&d);
        assert_eq!(entity(&a, "Quarrix").kind, EntityKind::Organization);
    }

    #[test]
    fn gazetteers_load_with_their_kinds() {
        assert_eq!(lexicon::place("Miss."), Some(PlaceKind::State));
        assert_eq!(lexicon::place("Tennessee"), Some(PlaceKind::State));
        assert_eq!(lexicon::place("France"), Some(PlaceKind::Country));
        assert!(lexicon::place("Memphis").is_some());
        assert_eq!(lexicon::first_name("Mary"), Some(Some(Gender::Female)));
        assert_eq!(lexicon::first_name("James"), Some(Some(Gender::Male)));
        assert!(lexicon::first_name("Xqzzy").is_none());
        assert!(lexicon::org_head("Department") && !lexicon::org_head("Street"));
        assert!(lexicon::place_head("Street"));
        let gov = lexicon::title("gov.").expect("gov.");
        assert_eq!((gov.role, gov.class), (Some("governor"), "governor"));
        assert_eq!(
            lexicon::title("lawyer").and_then(|t| t.role),
            Some("attorney")
        );
        assert!(lexicon::stopword("when") && !lexicon::stopword("senatobia"));
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
