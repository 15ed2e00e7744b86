//! Record schemas: TOML files that say which fields a record type has and how each one is
//! found in the engine's annotations. Adding a record type means adding a schema file; the
//! engine has no code path per field. The format is documented in `docs/schemas.md`.

use corroborate_core::text::{slice, slice_from, slice_to};
use std::collections::{BTreeMap, BTreeSet};

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};
use serde::{Deserialize, Serialize};

/// Schemas shipped with Corroborate, embedded so the command works from anywhere.
pub const BUILTIN: &[(&str, &str)] = &[
    (
        "police-use-of-force",
        include_str!("../../../schemas/police-use-of-force.toml"),
    ),
    (
        "product-recall",
        include_str!("../../../schemas/product-recall.toml"),
    ),
];

/// Returns the text of a shipped schema by name.
pub fn builtin(name: &str) -> Option<&'static str> {
    BUILTIN.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// The shipped schemas, parsed and compiled once, in [`BUILTIN`] order.
pub fn builtins() -> &'static [Schema] {
    static PARSED: std::sync::LazyLock<Vec<Schema>> = std::sync::LazyLock::new(|| {
        BUILTIN
            .iter()
            .filter_map(|(_, text)| Schema::from_toml(text).ok())
            .collect()
    });
    &PARSED
}

/// Why a schema could not be used.
#[derive(Debug, thiserror::Error)]
pub enum SchemaError {
    /// The TOML does not parse or does not match the format.
    #[error("schema does not parse: {0}")]
    Toml(#[from] toml::de::Error),
    /// The schema parses but is inconsistent (names the field and the problem).
    #[error("field `{field}`: {problem}")]
    Invalid {
        /// The field at fault.
        field: String,
        /// What is wrong.
        problem: String,
    },
}

/// The type of a field's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FieldType {
    /// A calendar day, `YYYY-MM-DD`.
    Date,
    /// Free text (a name, a phrase).
    Text,
    /// A whole number.
    Integer,
    /// One of the schema's `values`.
    Enum,
    /// `yes` or `no`.
    Boolean,
    /// Several values at once (officer names, agencies); never contested.
    List,
}

/// Which kind of entity a rule accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EntityClass {
    /// People.
    Person,
    /// Organisations.
    Organization,
    /// Places.
    Place,
    /// Groups ("the family").
    Group,
}

/// The level of a place field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlaceLevel {
    /// A city or town.
    City,
    /// A county or parish (the value drops the word "County").
    County,
    /// A US state, as its two-letter code.
    State,
}

/// An attribute read off another field's entity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Attribute {
    /// An age quantity next to a mention of the entity.
    Age,
    /// Kinship nouns and pronouns that refer to the entity (`cues` map value → words).
    Gender,
}

/// How a field's values are found, as written in the schema (`kind = "..."`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Rule {
    /// An entity holding one of `roles` (matched against the role as written and its
    /// normalised head), optionally only when the role is of something containing one of
    /// `of_contains` ("family").
    Role {
        /// Role heads, lower case.
        roles: Vec<String>,
        /// Words the role's "of" must contain, lower case; empty = any.
        #[serde(default)]
        of_contains: Vec<String>,
        /// Entity kinds accepted; empty = people.
        #[serde(default)]
        entities: Vec<EntityClass>,
    },
    /// An entity whose slot in a lexical template covers a name mention: `"killed {person}"`,
    /// `"{person}, who represents the family"`. `gap` words may stand between the template
    /// text and the name ("killed 1-year-old {person}").
    Pattern {
        /// Templates with exactly one `{person}`, `{organization}`, `{place}` or `{entity}` slot.
        templates: Vec<String>,
        /// Words allowed between the template text and the slot.
        #[serde(default)]
        gap: usize,
    },
    /// An entity whose name contains one of `name_contains` ("Police Department").
    Entity {
        /// Name parts, case-insensitive.
        name_contains: Vec<String>,
        /// Entity kinds accepted; empty = organisations.
        #[serde(default)]
        entities: Vec<EntityClass>,
    },
    /// An attribute of the entity found by another field (`of`).
    Attribute {
        /// The field whose entity this describes.
        of: String,
        /// Which attribute.
        attribute: Attribute,
        /// For gender: value → words (pronouns, kinship nouns) that imply it.
        #[serde(default)]
        cues: BTreeMap<String, Vec<String>>,
    },
    /// The day of an event: a dated expression in a sentence containing one of `keywords`.
    EventDate {
        /// Event words ("shooting", "killed").
        keywords: Vec<String>,
    },
    /// A place of the event.
    Place {
        /// City, county or state.
        level: PlaceLevel,
        /// Phrases that, just before a place, mark it as a reference point rather than the
        /// scene ("south of", "miles from").
        #[serde(default)]
        exclude_after: Vec<String>,
    },
    /// A count of something (`units`: the counted nouns).
    Quantity {
        /// Counted nouns, lower case ("officers", "deputies").
        units: Vec<String>,
        /// Words the sentence must contain; empty = any.
        #[serde(default)]
        context: Vec<String>,
    },
    /// A keyword class over statements: each value has cue phrases; every match is evidence.
    Keywords {
        /// Value → cue phrases (case-insensitive, whole words).
        classes: BTreeMap<String, Vec<String>>,
        /// Words the sentence must also contain; empty = any.
        #[serde(default)]
        context: Vec<String>,
        /// Fields whose entities the sentence must mention (by name, nominal or pronoun);
        /// empty = any sentence.
        #[serde(default)]
        about: Vec<String>,
    },
}

/// One field as written in a schema file.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FieldSpec {
    /// Field name (snake_case).
    pub name: String,
    /// Value type.
    #[serde(rename = "type")]
    pub ty: FieldType,
    /// What the field means.
    pub description: String,
    /// Allowed values (enum fields).
    #[serde(default)]
    pub values: Vec<String>,
    /// Output column per public data set (`wapo`, `mpv`, ...).
    #[serde(default)]
    pub columns: BTreeMap<String, String>,
    /// Whether competing values make the field contested (default: yes for enum and boolean
    /// fields, no otherwise, where the best-supported value is kept and the others listed).
    #[serde(default)]
    pub contest: Option<bool>,
    /// Earlier fields of which at least one must have a hit in a document for this field to
    /// be read from it: ties a place to a document that reports the event at all.
    #[serde(default)]
    pub requires: Vec<String>,
    /// How values are found.
    pub rule: Rule,
}

/// When `analyze` attaches a record of this type to a story on its own (the schema's
/// `[applies]` table). Every condition given must hold; a schema without the table is filled
/// only when asked for by name.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Applies {
    /// Cue phrases of which at least one must occur in the story's text (case-insensitive,
    /// whole words, outside ignored spans); empty = no text condition.
    #[serde(default)]
    pub keywords: Vec<String>,
    /// Fields that must all be filled.
    #[serde(default)]
    pub all_of: Vec<String>,
    /// Fields of which at least one must be filled; empty = no such condition.
    #[serde(default)]
    pub any_of: Vec<String>,
    /// Least number of filled fields.
    #[serde(default)]
    pub min_filled: usize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SchemaFile {
    name: String,
    description: String,
    #[serde(default)]
    column_sets: Vec<String>,
    #[serde(default)]
    applies: Option<Applies>,
    #[serde(rename = "field")]
    fields: Vec<FieldSpec>,
}

/// A phrase matcher compiled once per schema: case-insensitive, whole words, leftmost longest.
#[derive(Debug, Clone)]
pub(crate) struct Phrases {
    pub(crate) ac: AhoCorasick,
    /// Pattern index → class index.
    pub(crate) class_of: Vec<usize>,
    /// Class names, in order.
    pub(crate) classes: Vec<String>,
}

impl Phrases {
    fn new(classes: &BTreeMap<String, Vec<String>>) -> Result<Self, String> {
        let mut pats = Vec::new();
        let mut class_of = Vec::new();
        let mut names = Vec::new();
        for (i, (name, cues)) in classes.iter().enumerate() {
            names.push(name.clone());
            for c in cues {
                let c = c.trim();
                if !c.is_empty() {
                    pats.push(c.to_string());
                    class_of.push(i);
                }
            }
        }
        let ac = AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::LeftmostLongest)
            .build(&pats)
            .map_err(|e| e.to_string())?;
        Ok(Self {
            ac,
            class_of,
            classes: names,
        })
    }

    fn words(words: &[String]) -> Result<Self, String> {
        let mut m = BTreeMap::new();
        m.insert(String::new(), words.to_vec());
        Self::new(&m)
    }

    /// Whole-word matches in `text`: (class index, start, end).
    pub(crate) fn find<'a>(
        &'a self,
        text: &'a str,
    ) -> impl Iterator<Item = (usize, usize, usize)> + 'a {
        self.ac.find_iter(text).filter_map(move |m| {
            let b = text.as_bytes();
            let before_ok = m.start() == 0 || !b[m.start() - 1].is_ascii_alphanumeric();
            let after_ok = m.end() >= b.len() || !b[m.end()].is_ascii_alphanumeric();
            (before_ok && after_ok)
                .then(|| (self.class_of[m.pattern().as_usize()], m.start(), m.end()))
        })
    }
}

/// A rule's compiled matchers.
#[derive(Debug, Clone, Default)]
pub(crate) struct Compiled {
    /// Cue classes (keywords, gender cues) or event keywords.
    pub(crate) cues: Option<Phrases>,
    /// Context words.
    pub(crate) context: Option<Phrases>,
    /// Pattern templates split around their slot: (prefix words, suffix, slot kind).
    pub(crate) templates: Vec<(String, String, Option<EntityClass>)>,
}

/// One field, ready to use.
#[derive(Debug, Clone)]
pub struct Field {
    /// The field as written.
    pub spec: FieldSpec,
    pub(crate) compiled: Compiled,
}

impl Field {
    /// Whether competing values make this field contested.
    pub fn contestable(&self) -> bool {
        self.spec
            .contest
            .unwrap_or(matches!(self.spec.ty, FieldType::Enum | FieldType::Boolean))
    }
}

/// A loaded, checked and compiled record schema.
#[derive(Debug, Clone)]
pub struct Schema {
    /// Record type name ("police-use-of-force").
    pub name: String,
    /// What the record describes.
    pub description: String,
    /// Column sets the fields map to (`wapo`, `mpv`), in the schema's order.
    pub column_sets: Vec<String>,
    /// Fields in output order.
    pub fields: Vec<Field>,
    /// When the record is attached to a story without being asked for; `None`: only on request.
    pub applies: Option<Applies>,
    /// The `[applies]` keywords, compiled.
    pub(crate) applies_cues: Option<Phrases>,
}

fn slot_class(s: &str) -> Option<Option<EntityClass>> {
    Some(match s {
        "person" => Some(EntityClass::Person),
        "organization" | "org" => Some(EntityClass::Organization),
        "place" => Some(EntityClass::Place),
        "group" => Some(EntityClass::Group),
        "entity" => None,
        _ => return None,
    })
}

fn split_template(t: &str) -> Option<(String, String, Option<EntityClass>)> {
    let open = t.find('{')?;
    let close = open + slice_from(t, open).find('}')?;
    let slot = slot_class(slice(t, open + 1, close))?;
    let prefix = slice_to(t, open).trim().to_ascii_lowercase();
    let suffix = slice_from(t, close + 1).to_ascii_lowercase();
    if slice_from(t, close + 1).contains('{') || (prefix.is_empty() && suffix.trim().is_empty()) {
        return None;
    }
    Some((prefix, suffix, slot))
}

impl Schema {
    /// Parses, checks and compiles a schema from TOML text.
    pub fn from_toml(text: &str) -> Result<Schema, SchemaError> {
        let file: SchemaFile = toml::from_str(text)?;
        let names: BTreeSet<&str> = file.fields.iter().map(|f| f.name.as_str()).collect();
        let mut fields = Vec::new();
        for (i, spec) in file.fields.iter().enumerate() {
            let bad = |problem: String| SchemaError::Invalid {
                field: spec.name.clone(),
                problem,
            };
            let earlier = |n: &str| file.fields[..i].iter().any(|f| f.name == n);
            let mut compiled = Compiled::default();
            if let Some(r) = spec.requires.iter().find(|r| !earlier(r)) {
                return Err(bad(format!("`requires` names `{r}`, not an earlier field")));
            }
            match &spec.rule {
                Rule::Keywords {
                    classes,
                    context,
                    about,
                } => {
                    for k in classes.keys() {
                        let ok = match spec.ty {
                            FieldType::Enum => spec.values.iter().any(|v| v == k),
                            FieldType::Boolean => k == "yes" || k == "no",
                            _ => true,
                        };
                        if !ok {
                            return Err(bad(format!("class `{k}` is not an allowed value")));
                        }
                    }
                    for a in about {
                        if !earlier(a) {
                            return Err(bad(format!("`about` names `{a}`, not an earlier field")));
                        }
                    }
                    compiled.cues = Some(Phrases::new(classes).map_err(bad)?);
                    if !context.is_empty() {
                        compiled.context = Some(Phrases::words(context).map_err(bad)?);
                    }
                }
                Rule::Attribute { of, cues, .. } => {
                    if !earlier(of) {
                        let what = if names.contains(of.as_str()) {
                            "a later field"
                        } else {
                            "no field"
                        };
                        return Err(bad(format!("`of` names `{of}`, {what}")));
                    }
                    if !cues.is_empty() {
                        compiled.cues = Some(Phrases::new(cues).map_err(bad)?);
                    }
                }
                Rule::EventDate { keywords } => {
                    compiled.cues = Some(Phrases::words(keywords).map_err(bad)?);
                }
                Rule::Quantity { context, .. } => {
                    if !context.is_empty() {
                        compiled.context = Some(Phrases::words(context).map_err(bad)?);
                    }
                }
                Rule::Place { exclude_after, .. } => {
                    if !exclude_after.is_empty() {
                        compiled.context = Some(Phrases::words(exclude_after).map_err(bad)?);
                    }
                }
                Rule::Pattern { templates, .. } => {
                    for t in templates {
                        compiled.templates.push(split_template(t).ok_or_else(|| {
                            bad(format!(
                                "template `{t}` needs one slot such as {{person}} and some text"
                            ))
                        })?);
                    }
                }
                Rule::Role { .. } | Rule::Entity { .. } => {}
            }
            if spec.ty == FieldType::Enum && spec.values.is_empty() {
                return Err(bad("an enum field needs `values`".into()));
            }
            fields.push(Field {
                spec: spec.clone(),
                compiled,
            });
        }
        let mut applies_cues = None;
        if let Some(a) = &file.applies {
            let bad = |problem: String| SchemaError::Invalid {
                field: "[applies]".into(),
                problem,
            };
            if let Some(f) = a
                .all_of
                .iter()
                .chain(&a.any_of)
                .find(|f| !names.contains(f.as_str()))
            {
                return Err(bad(format!("names `{f}`, which is not a field")));
            }
            if a.min_filled > fields.len() {
                return Err(bad(format!(
                    "`min_filled` is {} but the schema has {} fields",
                    a.min_filled,
                    fields.len()
                )));
            }
            if !a.keywords.is_empty() {
                applies_cues = Some(Phrases::words(&a.keywords).map_err(bad)?);
            }
        }
        Ok(Schema {
            name: file.name,
            description: file.description,
            column_sets: file.column_sets,
            fields,
            applies: file.applies,
            applies_cues,
        })
    }
}
