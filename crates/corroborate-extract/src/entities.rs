//! Entities (people, organisations, places, groups), their mentions and roles, and
//! in-article coreference. STUB: the public types are the contract other extractors use.

use corroborate_core::{PreparedDoc, Span, SpanMap};
use serde::Serialize;

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
    /// The role, normalised to a lower-case noun ("attorney", "mother", "mayor", "interim police chief").
    pub role: String,
    /// What the role is of, when stated: an entity index ("attorney of Foster").
    pub of_entity: Option<usize>,
    /// What the role is of, as written, when it is not an entity ("Senatobia", "the family").
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
    /// he/him, Mr., mother → female etc.
    Male,
    /// she/her, Mrs., Ms.
    Female,
}

/// One entity in one article.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Entity {
    /// The fullest name used in the article ("Hunter Foster").
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

impl EntityAnalysis {
    /// The mention that best covers `span` (exact, else the longest overlapping one).
    pub fn mention_at(&self, span: Span) -> Option<&Mention> {
        self.mentions
            .iter()
            .filter(|m| m.span.overlaps(span))
            .max_by_key(|m| (m.span == span, m.span.len()))
    }

    /// The entity a pronoun at `span` most likely refers to, looking back from it; `None` when
    /// no compatible antecedent exists.
    pub fn resolve_pronoun(&self, _doc: &PreparedDoc, _span: Span) -> Option<usize> {
        None
    }
}

/// Finds entities, mentions and roles in one article.
pub fn extract(_doc: &PreparedDoc) -> EntityAnalysis {
    EntityAnalysis::default()
}
