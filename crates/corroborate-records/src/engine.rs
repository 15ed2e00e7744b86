//! The rule engine: applies a schema's rules to the annotations of a story's documents.
//!
//! Each rule kind reads one kind of annotation (roles, name mentions in templates, quantities,
//! dated expressions, places, cue phrases); the schema supplies the words. Every hit is a span;
//! hits are grouped by value, each value counted by distinct lineages, asserted by the voice
//! its span sits in (quote speaker, attributed source, outlet).

use corroborate_core::text::slice_from;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::LazyLock;

use corroborate_core::{DocId, OffsetMap, PreparedDoc, Span};
use corroborate_extract::entities::{EntityKind, MentionKind};
use corroborate_extract::quantities::QuantityKind;
use corroborate_extract::Extraction;
use corroborate_reconcile::Analysed;

use crate::schema::{Attribute, EntityClass, Field, FieldType, PlaceLevel, Rule, Schema};
use crate::{Evidence, Record, RecordField, RecordValue, Voice};

/// Most hits kept per field per document: bounds the work on pathological input.
const MAX_HITS_PER_DOC: usize = 64;
/// How far (bytes) before or after a name a pattern template is looked for.
const WINDOW: usize = 160;

/// State names and AP abbreviations → two-letter code.
static STATES: LazyLock<HashMap<String, &'static str>> = LazyLock::new(|| {
    let mut m = HashMap::new();
    for line in include_str!("../data/us_states.tsv").lines() {
        if line.starts_with('#') {
            continue;
        }
        let mut cols = line.split('\t');
        let (Some(name), Some(code)) = (cols.next(), cols.next()) else {
            continue;
        };
        m.insert(name.to_ascii_lowercase(), code);
        for abbr in cols
            .next()
            .unwrap_or("")
            .split(',')
            .filter(|a| !a.is_empty())
        {
            m.insert(abbr.to_ascii_lowercase(), code);
        }
    }
    m
});

/// Places by kind (city, county, state, country) from the extractor's gazetteer.
static PLACES: LazyLock<HashMap<String, Vec<&'static str>>> = LazyLock::new(|| {
    let mut m: HashMap<String, Vec<&'static str>> = HashMap::new();
    for line in include_str!("../../corroborate-extract/data/places.tsv").lines() {
        if let Some((name, kind)) = line.split_once('\t') {
            m.entry(name.to_ascii_lowercase()).or_default().push(kind);
        }
    }
    m
});

fn place_is(name: &str, kind: &str) -> bool {
    PLACES
        .get(&name.to_ascii_lowercase())
        .is_some_and(|k| k.contains(&kind))
}

/// One span supporting one value.
struct Hit {
    value: String,
    doc: usize,
    span: Span,
    entity: Option<usize>,
    /// Set when the statement denies the value rather than asserts it: who disputes it.
    disputed_by: Option<String>,
}

/// Per-document lookups built once.
struct DocView<'a> {
    p: &'a PreparedDoc,
    ex: &'a Extraction,
    /// Mention indices per sentence index.
    mentions_in: Vec<Vec<usize>>,
}

impl<'a> DocView<'a> {
    fn new(p: &'a PreparedDoc, ex: &'a Extraction) -> Self {
        let mut mentions_in = vec![Vec::new(); p.seg.sentences.len()];
        for (i, m) in ex.entities.mentions.iter().enumerate() {
            if let Some(s) = sentence_of(p, m.span.start) {
                mentions_in[s].push(i);
            }
        }
        Self { p, ex, mentions_in }
    }
    fn text(&self) -> &'a str {
        &self.p.doc.text
    }
    fn slice(&self, s: Span) -> &'a str {
        self.text().get(s.start..s.end).unwrap_or("")
    }
}

fn sentence_of(p: &PreparedDoc, at: usize) -> Option<usize> {
    let s = &p.seg.sentences;
    let i = s.partition_point(|x| x.end <= at);
    (i < s.len() && s[i].start <= at).then_some(i)
}

fn class_of(k: EntityKind) -> EntityClass {
    match k {
        EntityKind::Person => EntityClass::Person,
        EntityKind::Organization => EntityClass::Organization,
        EntityKind::Place => EntityClass::Place,
        EntityKind::Group => EntityClass::Group,
    }
}

fn floor_char(t: &str, mut i: usize) -> usize {
    i = i.min(t.len());
    while !t.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn ceil_char(t: &str, mut i: usize) -> usize {
    i = i.min(t.len());
    while !t.is_char_boundary(i) {
        i += 1;
    }
    i
}

/// Whether an entity name refers to one of `names` (equal, or a lone first/last name of one).
fn name_matches(entity: &str, names: &[String]) -> bool {
    let e = entity.to_lowercase();
    names.iter().any(|n| {
        let n = n.to_lowercase();
        n == e || (!e.contains(' ') && n.split(' ').any(|w| w == e))
    })
}

/// Builds a record from the documents `members` (indices into `docs`) of one story.
/// `lineage_of` maps a document to its lineage (documents that reuse one another's text
/// share one); a document missing from it is its own lineage.
pub fn build_record(
    schema: &Schema,
    docs: &[Analysed],
    members: &[usize],
    lineage_of: &BTreeMap<DocId, String>,
) -> Record {
    let views: Vec<DocView> = members
        .iter()
        .filter_map(|&i| docs.get(i))
        .map(|(p, ex)| DocView::new(p, ex))
        .collect();
    let offsets: Vec<OffsetMap> = views.iter().map(|v| OffsetMap::new(v.text())).collect();
    let mut chosen: HashMap<String, Vec<String>> = HashMap::new();
    let mut hit_docs: HashMap<String, BTreeSet<usize>> = HashMap::new();
    let mut fields = Vec::new();
    for field in &schema.fields {
        let mut hits = Vec::new();
        for (d, v) in views.iter().enumerate() {
            let required = &field.spec.requires;
            if !required.is_empty()
                && !required
                    .iter()
                    .any(|r| hit_docs.get(r).is_some_and(|s| s.contains(&d)))
            {
                continue;
            }
            let mut h = Vec::new();
            apply(field, v, d, &chosen, &mut h);
            h.retain(|x: &Hit| !v.p.is_ignored(x.span));
            h.truncate(MAX_HITS_PER_DOC);
            hits.extend(h);
        }
        hit_docs.insert(
            field.spec.name.clone(),
            hits.iter()
                .filter(|h| h.disputed_by.is_none())
                .map(|h| h.doc)
                .collect(),
        );
        let rf = aggregate(field, hits, &views, &offsets, lineage_of);
        chosen.insert(
            field.spec.name.clone(),
            rf.values.iter().map(|v| v.value.clone()).collect(),
        );
        fields.push(rf);
    }
    Record {
        schema: schema.name.clone(),
        story: None,
        description: schema.description.clone(),
        documents: views.iter().map(|v| v.p.doc.id.clone()).collect(),
        fields,
    }
}

fn accepts(kinds: &[EntityClass], default: EntityClass, k: EntityKind) -> bool {
    if kinds.is_empty() {
        class_of(k) == default
    } else {
        kinds.contains(&class_of(k))
    }
}

/// Entities of this document that a previous field's values name.
fn targets(v: &DocView, names: &[String]) -> BTreeSet<usize> {
    v.ex.entities
        .entities
        .iter()
        .enumerate()
        .filter(|(_, e)| name_matches(&e.name, names))
        .map(|(i, _)| i)
        .collect()
}

fn apply(
    field: &Field,
    v: &DocView,
    d: usize,
    chosen: &HashMap<String, Vec<String>>,
    out: &mut Vec<Hit>,
) {
    let ents = &v.ex.entities;
    let c = &field.compiled;
    match &field.spec.rule {
        Rule::Role {
            roles,
            of_contains,
            entities,
        } => {
            for (ei, e) in ents.entities.iter().enumerate() {
                if !accepts(entities, EntityClass::Person, e.kind) {
                    continue;
                }
                for r in &e.roles {
                    let role_ok = roles.iter().any(|x| {
                        x.eq_ignore_ascii_case(&r.role) || x.eq_ignore_ascii_case(&r.normalized)
                    });
                    let of = r.of_text.as_deref().unwrap_or("").to_lowercase();
                    let of_ok = of_contains.is_empty()
                        || of_contains.iter().any(|w| of.contains(w.as_str()));
                    if role_ok && of_ok {
                        let span = with_name(v, ei, r.evidence);
                        out.push(Hit {
                            value: e.name.clone(),
                            doc: d,
                            span,
                            entity: Some(ei),
                            disputed_by: None,
                        });
                    }
                }
            }
        }
        Rule::Pattern { gap, .. } => pattern_hits(c, *gap, v, d, out),
        Rule::Entity {
            name_contains,
            entities,
        } => {
            for m in &ents.mentions {
                let Some(e) = ents.entities.get(m.entity) else {
                    continue;
                };
                let lname = e.name.to_lowercase();
                if m.kind == MentionKind::Name
                    && accepts(entities, EntityClass::Organization, e.kind)
                    && name_contains
                        .iter()
                        .any(|n| lname.contains(&n.to_lowercase()))
                {
                    out.push(Hit {
                        value: e.name.clone(),
                        doc: d,
                        span: m.span,
                        entity: Some(m.entity),
                        disputed_by: None,
                    });
                }
            }
        }
        Rule::Attribute { of, attribute, .. } => {
            let names = chosen.get(of).cloned().unwrap_or_default();
            let tg = targets(v, &names);
            if tg.is_empty() {
                return;
            }
            match attribute {
                Attribute::Age => age_hits(&tg, v, d, out),
                Attribute::Gender => {
                    let Some(cues) = &c.cues else { return };
                    for m in &ents.mentions {
                        if !tg.contains(&m.entity) || m.kind == MentionKind::Name {
                            continue;
                        }
                        let t = v.slice(m.span);
                        if let Some((cls, _, _)) =
                            cues.find(t).find(|(_, s, e)| *s == 0 && *e == t.len())
                        {
                            out.push(Hit {
                                value: cues.classes[cls].clone(),
                                doc: d,
                                span: m.span,
                                entity: Some(m.entity),
                                disputed_by: None,
                            });
                        }
                    }
                }
            }
        }
        Rule::EventDate { .. } => {
            let Some(kw) = &c.cues else { return };
            for t in &v.ex.dates {
                let Some(val) = t.value.as_deref() else {
                    continue;
                };
                if !is_day(val) {
                    continue;
                }
                let Some(si) = sentence_of(v.p, t.span.start) else {
                    continue;
                };
                let sent = v.p.seg.sentences[si];
                if kw.find(v.slice(sent)).next().is_some() {
                    out.push(Hit {
                        value: val.to_string(),
                        doc: d,
                        span: t.span,
                        entity: None,
                        disputed_by: None,
                    });
                }
            }
        }
        Rule::Place { level, .. } => place_hits(*level, c, v, d, out),
        Rule::Quantity { units, .. } => {
            for q in &v.ex.quantities {
                if q.kind != QuantityKind::Count || q.vague {
                    continue;
                }
                if !units.iter().any(|u| u.eq_ignore_ascii_case(&q.unit)) {
                    continue;
                }
                if !context_ok(c, v, q.span.start) {
                    continue;
                }
                out.push(Hit {
                    value: number(q.value),
                    doc: d,
                    span: q.span,
                    entity: None,
                    disputed_by: None,
                });
            }
        }
        Rule::Keywords { about, .. } => {
            let Some(cues) = &c.cues else { return };
            let about_sents: Option<BTreeSet<usize>> = (!about.is_empty()).then(|| {
                let names: Vec<String> = about
                    .iter()
                    .flat_map(|a| chosen.get(a).cloned().unwrap_or_default())
                    .collect();
                let tg = targets(v, &names);
                ents.mentions
                    .iter()
                    .filter(|m| tg.contains(&m.entity))
                    .filter_map(|m| sentence_of(v.p, m.span.start))
                    .collect()
            });
            for (cls, s, e) in cues.find(v.text()) {
                let span = Span::new(s, e);
                let Some(si) = sentence_of(v.p, s) else {
                    continue;
                };
                if about_sents.as_ref().is_some_and(|a| !a.contains(&si)) {
                    continue;
                }
                if !context_ok(c, v, s) {
                    continue;
                }
                out.push(Hit {
                    value: cues.classes[cls].clone(),
                    doc: d,
                    span,
                    entity: None,
                    disputed_by: disputer(v, si, s),
                });
                if out.len() >= MAX_HITS_PER_DOC {
                    break;
                }
            }
        }
    }
}

fn is_day(v: &str) -> bool {
    let b = v.as_bytes();
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
}

fn number(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v}")
    }
}

/// Verbs that, earlier in a sentence, turn what follows into a denial ("X has disputed that
/// the car headed toward the officers").
static DISPUTE_CUES: LazyLock<Option<aho_corasick::AhoCorasick>> = LazyLock::new(|| {
    aho_corasick::AhoCorasick::builder()
        .ascii_case_insensitive(true)
        .build([
            "disputed",
            "disputes",
            "disputing",
            "denied",
            "denies",
            "denying",
            "rejected",
            "rejects",
            "contested",
            "contests",
            "challenged",
        ])
        .ok()
});

/// Who disputes the statement at `at` in sentence `si`, when a dispute verb precedes it: the
/// nearest person named before that verb, else the statement's own voice.
fn disputer(v: &DocView, si: usize, at: usize) -> Option<String> {
    let sent = v.p.seg.sentences[si];
    let before = v.text().get(sent.start..at)?;
    let cue = DISPUTE_CUES
        .as_ref()?
        .find_iter(before)
        .filter(|m| {
            let b = before.as_bytes();
            (m.start() == 0 || !b[m.start() - 1].is_ascii_alphanumeric())
                && b.get(m.end()).is_none_or(|c| !c.is_ascii_alphanumeric())
        })
        .last()?;
    let cue_at = sent.start + cue.start();
    let ents = &v.ex.entities;
    let named = v.mentions_in[si]
        .iter()
        .filter_map(|&mi| ents.mentions.get(mi))
        .filter(|m| m.span.end <= cue_at && m.kind != MentionKind::Pronoun)
        .filter_map(|m| ents.entities.get(m.entity))
        .rfind(|e| e.kind == EntityKind::Person)
        .map(|e| e.name.clone());
    Some(named.unwrap_or_else(|| asserter(v, Span::new(cue_at, at)).0))
}

/// Whether the sentence at `at` contains one of the rule's context words (true without any).
fn context_ok(c: &crate::schema::Compiled, v: &DocView, at: usize) -> bool {
    let Some(ctx) = &c.context else { return true };
    let Some(si) = sentence_of(v.p, at) else {
        return false;
    };
    ctx.find(v.slice(v.p.seg.sentences[si])).next().is_some()
}

/// The span `s`, widened to the nearest name mention of entity `ei` when it does not hold it.
fn with_name(v: &DocView, ei: usize, s: Span) -> Span {
    let Some(e) = v.ex.entities.entities.get(ei) else {
        return s;
    };
    if v.slice(s).contains(e.name.as_str()) {
        return s;
    }
    let Some(si) = sentence_of(v.p, s.start) else {
        return s;
    };
    v.mentions_in[si]
        .iter()
        .filter_map(|&mi| v.ex.entities.mentions.get(mi))
        .filter(|m| m.entity == ei && m.kind == MentionKind::Name)
        .min_by_key(|m| m.span.start.abs_diff(s.start))
        .map_or(s, |m| s.cover(m.span))
}

fn pattern_hits(
    c: &crate::schema::Compiled,
    gap: usize,
    v: &DocView,
    d: usize,
    out: &mut Vec<Hit>,
) {
    let text = v.text();
    let ents = &v.ex.entities;
    for m in &ents.mentions {
        if m.kind != MentionKind::Name {
            continue;
        }
        let Some(e) = ents.entities.get(m.entity) else {
            continue;
        };
        let Some(si) = sentence_of(v.p, m.span.start) else {
            continue;
        };
        let sent = v.p.seg.sentences[si];
        let lo = floor_char(text, m.span.start.saturating_sub(WINDOW).max(sent.start));
        let hi = ceil_char(text, (m.span.end + WINDOW).min(sent.end));
        let before = text
            .get(lo..m.span.start)
            .unwrap_or("")
            .to_ascii_lowercase();
        let after = text.get(m.span.end..hi).unwrap_or("").to_ascii_lowercase();
        for (prefix, suffix, slot) in &c.templates {
            if slot.is_some_and(|k| k != class_of(e.kind)) {
                continue;
            }
            let mut start = m.span.start;
            if !prefix.is_empty() {
                let Some(at) = prefix_before(&before, prefix, gap) else {
                    continue;
                };
                start = lo + at;
            }
            let mut end = m.span.end;
            if !suffix.is_empty() {
                if !after.starts_with(suffix.as_str()) {
                    continue;
                }
                let b = after.as_bytes();
                if b.get(suffix.len())
                    .is_some_and(|c| c.is_ascii_alphanumeric())
                {
                    continue;
                }
                end = m.span.end + suffix.len();
            }
            out.push(Hit {
                value: e.name.clone(),
                doc: d,
                span: Span::new(start, end),
                entity: Some(m.entity),
                disputed_by: None,
            });
            break;
        }
    }
}

/// Where `prefix` starts in `before` when at most `gap` words (no clause punctuation) stand
/// between its end and the end of `before`.
fn prefix_before(before: &str, prefix: &str, gap: usize) -> Option<usize> {
    let at = before.rfind(prefix)?;
    if at > 0 && before.as_bytes()[at - 1].is_ascii_alphanumeric() {
        return None;
    }
    let between = slice_from(before, at + prefix.len());
    if between.starts_with(|c: char| c.is_ascii_alphanumeric()) {
        return None;
    }
    if between.contains([',', ';', ':', '.', '"', '(', ')'])
        || between.split_whitespace().count() > gap
    {
        return None;
    }
    Some(at)
}

/// The age in a news apposition right after a name: "Sam Ortiz, 34, ..." → (34, span end).
fn apposed_age(text: &str, name_end: usize) -> Option<(u32, usize)> {
    let rest = text.get(name_end..)?;
    let digits = rest.strip_prefix(", ")?;
    let n = digits.bytes().take_while(u8::is_ascii_digit).count();
    if !(1..=3).contains(&n) {
        return None;
    }
    let after = digits.as_bytes().get(n).copied();
    if !matches!(after, Some(b',') | Some(b'.') | Some(b';') | None) {
        return None;
    }
    let age: u32 = digits.get(..n)?.parse().ok()?;
    (age <= 120).then_some((age, name_end + 2 + n))
}

fn age_hits(tg: &BTreeSet<usize>, v: &DocView, d: usize, out: &mut Vec<Hit>) {
    let ents = &v.ex.entities;
    for m in &ents.mentions {
        if m.kind != MentionKind::Name || !tg.contains(&m.entity) {
            continue;
        }
        if let Some((age, end)) = apposed_age(v.text(), m.span.end) {
            out.push(Hit {
                value: age.to_string(),
                doc: d,
                span: Span::new(m.span.start, end),
                entity: Some(m.entity),
                disputed_by: None,
            });
        }
    }
    for q in &v.ex.quantities {
        if q.kind != QuantityKind::Age {
            continue;
        }
        let Some(si) = sentence_of(v.p, q.span.start) else {
            continue;
        };
        // The nearest person name in the sentence must be one of the targets.
        let nearest = v.mentions_in[si]
            .iter()
            .filter_map(|&mi| ents.mentions.get(mi))
            .filter(|m| {
                m.kind == MentionKind::Name
                    && ents
                        .entities
                        .get(m.entity)
                        .is_some_and(|e| e.kind == EntityKind::Person)
            })
            .min_by_key(|m| {
                if m.span.start >= q.span.end {
                    m.span.start - q.span.end
                } else {
                    q.span.start.saturating_sub(m.span.end)
                }
            });
        if let Some(m) = nearest.filter(|m| tg.contains(&m.entity)) {
            out.push(Hit {
                value: number(q.value),
                doc: d,
                span: q.span.cover(m.span),
                entity: Some(m.entity),
                disputed_by: None,
            });
        }
    }
}

fn place_hits(
    level: PlaceLevel,
    c: &crate::schema::Compiled,
    v: &DocView,
    d: usize,
    out: &mut Vec<Hit>,
) {
    let text = v.text();
    let ents = &v.ex.entities;
    // The end of the last place mention ruled out as a reference point, so that a place that
    // qualifies it ("Memphis, Tennessee") is ruled out too.
    let mut excluded_end: Option<usize> = None;
    for m in &ents.mentions {
        let Some(e) = ents.entities.get(m.entity) else {
            continue;
        };
        if m.kind != MentionKind::Name || e.kind != EntityKind::Place {
            continue;
        }
        let lo = floor_char(text, m.span.start.saturating_sub(40));
        let before = text.get(lo..m.span.start).unwrap_or("");
        let chained = excluded_end.is_some_and(|x| {
            let gap = text.get(x..m.span.start).unwrap_or("x");
            gap.trim_matches(|ch: char| ch == ',' || ch.is_whitespace())
                .is_empty()
        });
        let reference = c.context.as_ref().is_some_and(|ctx| {
            let t = before.trim_end();
            ctx.find(t).any(|(_, _, e)| e == t.len())
        });
        if chained || reference {
            excluded_end = Some(m.span.end);
            continue;
        }
        let surface = v.slice(m.span);
        let name = e.name.as_str();
        let value = match level {
            PlaceLevel::State => STATES
                .get(&surface.to_ascii_lowercase())
                .or_else(|| STATES.get(&name.to_ascii_lowercase()))
                .map(|c| c.to_string()),
            PlaceLevel::County => ["County", "Parish", "Borough"].iter().find_map(|w| {
                let base = name.strip_suffix(w)?.trim_end();
                let followed = text
                    .get(m.span.end..)
                    .is_some_and(|t| t.trim_start().starts_with(w));
                (!base.is_empty() && (surface.ends_with(w) || followed)).then(|| base.to_string())
            }),
            PlaceLevel::City => (place_is(name, "city")
                && !place_is(name, "state")
                && !place_is(name, "country")
                && !STATES.contains_key(&name.to_ascii_lowercase()))
            .then(|| name.to_string()),
        };
        if let Some(value) = value {
            out.push(Hit {
                value,
                doc: d,
                span: m.span,
                entity: Some(m.entity),
                disputed_by: None,
            });
        }
    }
}

/// Who asserts the text at `span`: a quote's speaker, an attributed source, or the outlet.
fn asserter(v: &DocView, span: Span) -> (String, Voice) {
    let ex = v.ex;
    for q in &ex.quotes {
        if q.span.contains(span) || q.content.contains(span) {
            let name = q
                .speaker
                .and_then(|i| ex.entities.entities.get(i))
                .map(|e| e.name.clone())
                .or_else(|| q.speaker_name.clone());
            if let Some(n) = name {
                return (n, Voice::Quote);
            }
        }
    }
    for a in &ex.attributions {
        if a.statement.contains(span) {
            let n = a.normalized.clone().unwrap_or_else(|| a.source.clone());
            return (n, Voice::Attribution);
        }
    }
    (outlet(v.p), Voice::Outlet)
}

fn outlet(p: &PreparedDoc) -> String {
    p.doc
        .meta
        .outlet
        .as_ref()
        .map(|o| o.value.clone())
        .unwrap_or_else(|| format!("document {}", p.doc.id.0))
}

/// Groups person-like names: a lone name joins the one fuller name that contains it.
fn merge_key(keys: &BTreeSet<String>, k: &str) -> String {
    if k.contains(' ') {
        return k.to_string();
    }
    let mut fuller = keys
        .iter()
        .filter(|o| o.contains(' ') && o.split(' ').any(|w| w == k));
    match (fuller.next(), fuller.next()) {
        (Some(f), None) => f.clone(),
        _ => k.to_string(),
    }
}

fn aggregate(
    field: &Field,
    hits: Vec<Hit>,
    views: &[DocView],
    offsets: &[OffsetMap],
    lineage_of: &BTreeMap<DocId, String>,
) -> RecordField {
    let entity_valued = hits.iter().any(|h| h.entity.is_some())
        && matches!(
            field.spec.rule,
            Rule::Role { .. } | Rule::Pattern { .. } | Rule::Entity { .. }
        );
    let keys: BTreeSet<String> = hits.iter().map(|h| h.value.to_lowercase()).collect();
    let mut groups: BTreeMap<String, Vec<Hit>> = BTreeMap::new();
    for h in hits {
        let k = h.value.to_lowercase();
        let k = if entity_valued {
            merge_key(&keys, &k)
        } else {
            k
        };
        groups.entry(k).or_default().push(h);
    }
    let mut values = Vec::new();
    for (_, mut hs) in groups {
        hs.sort_by_key(|h| (h.doc, h.span.start, h.span.end));
        hs.dedup_by_key(|h| (h.doc, h.span));
        // The display form: the longest surface offered.
        let value = hs
            .iter()
            .map(|h| h.value.as_str())
            .max_by_key(|s| (s.len(), std::cmp::Reverse(*s)))
            .unwrap_or("")
            .to_string();
        let mut lineages = BTreeSet::new();
        let mut asserted = BTreeSet::new();
        let mut disputed = BTreeSet::new();
        let mut evidence = Vec::new();
        for h in &hs {
            let Some(v) = views.get(h.doc) else { continue };
            let id = &v.p.doc.id;
            let (who, voice) = match &h.disputed_by {
                Some(d) => {
                    disputed.insert(d.clone());
                    (d.clone(), asserter(v, h.span).1)
                }
                None => {
                    lineages.insert(
                        lineage_of
                            .get(id)
                            .cloned()
                            .unwrap_or_else(|| id.0.to_string()),
                    );
                    let (who, voice) = asserter(v, h.span);
                    asserted.insert(who.clone());
                    (who, voice)
                }
            };
            let om = &offsets[h.doc];
            evidence.push(Evidence {
                doc: id.clone(),
                start: om.char_offset(h.span.start),
                end: om.char_offset(h.span.end),
                text: v.slice(h.span).to_string(),
                asserted_by: who,
                voice,
                disputes: h.disputed_by.is_some(),
            });
        }
        let outlet_only = evidence
            .iter()
            .filter(|e| !e.disputes)
            .all(|e| e.voice == Voice::Outlet);
        values.push(RecordValue {
            value,
            sources: lineages.len(),
            single_source: lineages.len() <= 1 || (outlet_only && asserted.len() <= 1),
            asserted_by: asserted.into_iter().collect(),
            disputed_by: disputed.into_iter().collect(),
            evidence,
        });
    }
    values.sort_by(|a, b| {
        b.sources
            .cmp(&a.sources)
            .then(b.evidence.len().cmp(&a.evidence.len()))
            .then(a.value.cmp(&b.value))
    });
    let contested = field.contestable()
        && field.spec.ty != FieldType::List
        && (values
            .iter()
            .any(|v| !v.asserted_by.is_empty() && !v.disputed_by.is_empty())
            || values.iter().enumerate().any(|(i, a)| {
                values[i + 1..].iter().any(|b| {
                    a.asserted_by.iter().any(|x| !b.asserted_by.contains(x))
                        && b.asserted_by.iter().any(|x| !a.asserted_by.contains(x))
                })
            }));
    let value = if field.spec.ty == FieldType::List {
        let filed: Vec<&RecordValue> = values.iter().filter(|v| v.sources > 0).collect();
        (!filed.is_empty()).then(|| {
            filed
                .iter()
                .map(|v| v.value.as_str())
                .collect::<Vec<_>>()
                .join("; ")
        })
    } else {
        values
            .first()
            .filter(|v| v.sources > 0)
            .map(|v| v.value.clone())
    };
    RecordField {
        name: field.spec.name.clone(),
        ty: field.spec.ty,
        description: field.spec.description.clone(),
        columns: field.spec.columns.clone(),
        value,
        contested,
        values,
    }
}
