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
//!
//! Layout: this file holds the types, the pass ([`extract`]) and the output; `pieces` the word
//! pieces, `candidates` step 2 (a learned name finder would replace only this step), `roles`
//! step 3, `names` and `coref` step 4, `gender` the pronoun evidence for gender, `resolve` the
//! queries later stages make (the mention at a span, what a pronoun or role noun refers to).

mod candidates;
mod coref;
mod gender;
pub(crate) mod lexicon;
mod names;
mod pieces;
mod resolve;
mod roles;

use candidates::*;
use coref::*;
use gender::*;
use names::*;
use resolve::*;
use roles::*;

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

impl EntityKind {
    /// The kind as the report writes it (`person`, `organization`, `place`, `group`).
    pub fn as_str(self) -> &'static str {
        match self {
            EntityKind::Person => "person",
            EntityKind::Organization => "organization",
            EntityKind::Place => "place",
            EntityKind::Group => "group",
        }
    }
}

impl std::fmt::Display for EntityKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
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

impl Draft {
    /// A group entity found by its noun ("the family", "legal team"), with no name parts yet.
    fn group(name: &str) -> Draft {
        Draft {
            name: name.to_string(),
            kind: EntityKind::Group,
            gender: None,
            roles: Vec::new(),
            first: String::new(),
            last: String::new(),
        }
    }
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
    /// Labels of the host names in the article's web and e-mail addresses ("ascom" of
    /// "info@ascom.com"): a capitalised word among them names an organisation.
    domain_words: HashSet<String>,
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
                if !w.chars().any(char::is_uppercase) && !in_address(text, p.span) {
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
            domain_words: domain_words(text),
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

/// Whether `span` lies in a web or e-mail address ("www.ascom.com", "info@ascom.com",
/// "https://klook.com/…"), where names are written in lower case: the text around it up to
/// white space (at most [`ADDRESS_REACH`] bytes each way) holds "@", "/" or "www.".
fn in_address(text: &str, span: Span) -> bool {
    let bytes = text.as_bytes();
    let from = span.start.min(bytes.len());
    let lo = from.saturating_sub(ADDRESS_REACH);
    let start = bytes
        .get(lo..from)
        .unwrap_or_default()
        .iter()
        .rposition(u8::is_ascii_whitespace)
        .map_or(lo, |i| lo + i + 1);
    let to = span.end.min(bytes.len());
    let hi = (to + ADDRESS_REACH).min(bytes.len());
    let end = bytes
        .get(to..hi)
        .unwrap_or_default()
        .iter()
        .position(u8::is_ascii_whitespace)
        .map_or(hi, |i| to + i);
    let chunk = bytes.get(start..end).unwrap_or_default();
    chunk.iter().any(|&b| b == b'@' || b == b'/')
        || chunk.windows(4).any(|w| w.eq_ignore_ascii_case(b"www."))
}

/// The labels of every host name in `text`'s addresses, in lower case, without "www" and the
/// top-level domain: "ascom" of "www.ascom.com" and of "info@ascom.com", "klook" of
/// "https://www.klook.com/activity". The user part of an e-mail address is left out (it is
/// often a person's name).
fn domain_words(text: &str) -> HashSet<String> {
    let mut out = HashSet::new();
    for chunk in text.split_whitespace() {
        let host = if let Some(i) = chunk.find("://") {
            chunk.get(i + 3..).unwrap_or_default()
        } else if let Some(i) = chunk.find('@') {
            chunk.get(i + 1..).unwrap_or_default()
        } else if chunk
            .get(..4)
            .is_some_and(|p| p.eq_ignore_ascii_case("www."))
        {
            chunk
        } else {
            continue;
        };
        let host = host.split(['/', '?', '#', ':']).next().unwrap_or("");
        let host = host.trim_end_matches(|c: char| !c.is_alphanumeric());
        let labels: Vec<&str> = host.split('.').collect();
        // Every label but the top-level domain.
        for label in labels.iter().take(labels.len().saturating_sub(1)) {
            let label = label.to_lowercase();
            if label != "www" && label.chars().any(char::is_alphabetic) {
                out.insert(label);
            }
        }
    }
    out
}

/// How far [`in_address`] looks for the ends of an address, so that a long run of text
/// without white space costs a bounded amount per word.
const ADDRESS_REACH: usize = 100;

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
    retype_unsupported_people(&cx, &mut cands);

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

#[cfg(test)]
mod tests;
