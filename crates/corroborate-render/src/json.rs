//! The JSON report (`"schema": "corroborate/1"`).
//!
//! Every list item that comes from text carries `doc`, `start` and `end`, where `start` and
//! `end` are Unicode code-point offsets into `documents[].text` (so `text[start:end]` works in
//! Python). Internally spans are byte offsets; they are converted here, once, per document.

use corroborate_core::clean::{IgnoreReason, Ignored};
use corroborate_core::load::InputProblem;
use corroborate_core::segment::Token;
use corroborate_core::{DocId, DocMeta, Layer, OffsetMap, PreparedDoc, Span, SpanMap};
use corroborate_extract::attributions::Attribution;
use corroborate_extract::dates::Timex;
use corroborate_extract::entities::{Entity, Mention};
use corroborate_extract::quantities::Quantity;
use corroborate_extract::quotes::Quote;
use corroborate_extract::Extraction;
use corroborate_link::Links;
use corroborate_reconcile::claims::ClaimsReport;
use corroborate_reconcile::entities::CrossEntity;
use corroborate_reconcile::timeline::{Event, InferredPublished};
use corroborate_reconcile::Cite;
use corroborate_records::Record;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::HashMap;

/// The component id of annotations the loader made (HTML boilerplate marked as ignored).
const LOADER: &str = "load";

/// The schema identifier written into every report.
pub const SCHEMA: &str = "corroborate/1";

/// A list item tied to one document: `doc`, the `component` that produced it, plus the item's
/// own fields (which include `start`, `end`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Item<T> {
    /// The document id.
    pub doc: DocId,
    /// The id of the component that produced the item (`corroborate_core::component`,
    /// `corroborate_extract::COMPONENTS`; `load` for spans the loader marked).
    pub component: Cow<'static, str>,
    /// The item.
    #[serde(flatten)]
    pub item: T,
}

/// An entity as reported: its per-document id and the span of its first mention.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct EntityItem {
    /// `<doc>#e<index>`, stable for a given text.
    pub id: String,
    /// Span of the first mention.
    #[serde(flatten)]
    pub span: Span,
    /// The entity.
    #[serde(flatten)]
    pub entity: Entity,
}

/// A document as reported.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DocumentItem {
    /// Content-derived id.
    pub id: DocId,
    /// Where it came from.
    #[serde(default)]
    pub source: String,
    /// Input format (read as `text` when absent, as in hand-written reports).
    #[serde(default = "text_format")]
    pub format: corroborate_core::document::SourceFormat,
    /// Headline span, if any.
    pub headline: Option<Span>,
    /// Metadata with provenance.
    #[serde(default)]
    pub meta: DocMeta,
    /// Number of code points in `text`.
    #[serde(default)]
    pub length: usize,
    /// The text, unchanged.
    pub text: String,
    /// The id of the story the document belongs to (see `stories`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub story: Option<String>,
    /// The id of the document's lineage (see `lineages`): count lineages, not outlets, as
    /// independent sources.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lineage: Option<String>,
}

/// The format a document without one is read as (deserialisation only).
fn text_format() -> corroborate_core::document::SourceFormat {
    corroborate_core::document::SourceFormat::Text
}

/// A span of one document, in code points.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DocSpan {
    /// The document id.
    pub doc: DocId,
    /// The span.
    #[serde(flatten)]
    pub span: Span,
}

/// A story title: the text and where it is.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TitleItem {
    /// The title's span.
    #[serde(flatten)]
    pub at: DocSpan,
    /// The title's text.
    pub text: String,
}

/// A story: articles about one incident and its follow-ups.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StoryItem {
    /// Stable id (`s` + the founding document's id digits).
    pub id: String,
    /// The headline of the earliest published member.
    pub title: TitleItem,
    /// Member documents, in the order they joined.
    pub documents: Vec<DocId>,
    /// The lineages of its members: its independent sources.
    pub lineages: Vec<String>,
}

/// Which stored story version a report is: the store adds it to each version's report as
/// `story`, and the dossier shows the id.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StoredVersion {
    /// The story's id.
    pub id: String,
    /// The version number, from 1.
    pub version: i64,
}

/// A credit to an outlet that placed an article in a lineage.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CreditItem {
    /// The credit phrase.
    #[serde(flatten)]
    pub at: DocSpan,
    /// The outlet credited.
    pub outlet: String,
}

/// A lineage: an original and the articles re-using or crediting it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct LineageItem {
    /// Stable id (`l` + the origin document's id digits, or a hash of the credited outlet).
    pub id: String,
    /// The origin's outlet, when known.
    pub origin_outlet: Option<String>,
    /// The origin document, when it is in the corpus.
    pub origin_doc: Option<DocId>,
    /// `credited`, `credited_not_in_corpus`, `earliest_published` or `first_input`.
    pub origin_reason: Cow<'static, str>,
    /// Member documents, in input order.
    pub members: Vec<DocId>,
    /// The credits that placed members in the lineage.
    pub credits: Vec<CreditItem>,
}

/// A passage shared by two documents.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PassageItem {
    /// The passage in the first document.
    pub a: DocSpan,
    /// The passage in the second document.
    pub b: DocSpan,
    /// Mean sentence similarity, in (0, 1].
    pub score: f64,
    /// Aligned sentence pairs merged into the passage.
    pub sentences: usize,
    /// `verbatim`, `edited` or `paraphrase`: how closely the passage follows the other text.
    pub grade: corroborate_link::ReuseGrade,
}

/// Generator information.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Generator {
    /// Always "corroborate".
    pub name: Cow<'static, str>,
    /// Crate version.
    pub version: Cow<'static, str>,
}

impl Generator {
    /// This build of corroborate.
    pub fn current() -> Self {
        Generator {
            name: Cow::Borrowed("corroborate"),
            version: Cow::Borrowed(env!("CARGO_PKG_VERSION")),
        }
    }
}

/// The whole report.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Report {
    /// Always [`SCHEMA`].
    pub schema: Cow<'static, str>,
    /// Who wrote it.
    pub generator: Generator,
    /// Input problems (skipped files, warnings), each naming its file.
    pub problems: Vec<InputProblem>,
    /// The documents.
    pub documents: Vec<DocumentItem>,
    /// Ignored spans with reasons.
    pub ignored: Vec<Item<Ignored>>,
    /// Sentence spans.
    pub sentences: Vec<Item<Span>>,
    /// Token spans; present only when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tokens: Option<Vec<Item<Token>>>,
    /// Entities with roles.
    pub entities: Vec<Item<EntityItem>>,
    /// Entity mentions (entity is an index into that document's entities; see `entity_id`).
    pub mentions: Vec<Item<MentionItem>>,
    /// Quotes with speakers.
    pub quotes: Vec<Item<QuoteItem>>,
    /// Source attributions.
    pub attributions: Vec<Item<Attribution>>,
    /// Temporal expressions.
    pub dates: Vec<Item<Timex>>,
    /// Quantities.
    pub quantities: Vec<Item<Quantity>>,
    /// Stories: groups of documents about one incident and its follow-ups.
    pub stories: Vec<StoryItem>,
    /// Stories merged away while linking, because a later article bridged them: each old id
    /// and the id of the story that now holds its articles.
    pub story_redirects: std::collections::BTreeMap<String, String>,
    /// Lineages: documents descending from one original.
    pub lineages: Vec<LineageItem>,
    /// Passages shared by two documents (wire copy).
    pub passages: Vec<PassageItem>,
    /// People, organisations, places and groups merged across articles, with their roles.
    pub cross_entities: Vec<CrossEntity>,
    /// The merged timeline across articles.
    pub timeline: Timeline,
    /// Aligned claims, disputes, inconsistencies, unique claims and summary.
    pub claims: ClaimsReport,
    /// Structured incident records, one per story and record type that applies to it
    /// (`corroborate-records`); evidence offsets are already code points.
    pub records: Vec<Record>,
}

/// The merged timeline and the publication dates inferred across articles.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Timeline {
    /// Events in chronological order.
    pub events: Vec<Event>,
    /// Publication dates no single article fixed, inferred from other articles.
    pub inferred_published: Vec<InferredPublished>,
}

/// Results computed across articles, handed to [`build`] with the per-article results.
#[derive(Debug, Clone, Default)]
pub struct CrossDoc {
    /// Entities merged across articles.
    pub cross_entities: Vec<CrossEntity>,
    /// The merged timeline.
    pub timeline: Timeline,
    /// Stories, lineages and shared passages (`corroborate-link`).
    pub links: Links,
    /// Claims across articles.
    pub claims: ClaimsReport,
    /// Incident records per story (evidence offsets in code points, as the JSON has them).
    pub records: Vec<Record>,
}

/// A mention with its entity's report id.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct MentionItem {
    /// The entity's id (`<doc>#e<index>`).
    pub entity_id: String,
    /// The mention.
    #[serde(flatten)]
    pub mention: Mention,
}

/// A quote with its speaker's report id.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct QuoteItem {
    /// The speaker's entity id, when attributed.
    pub speaker_id: Option<String>,
    /// The speaker's name, when attributed.
    pub speaker_name: Option<String>,
    /// The quote.
    #[serde(flatten)]
    pub quote: Quote,
}

/// Options for building a report.
#[derive(Debug, Clone, Copy, Default)]
pub struct ReportOptions {
    /// Include every token.
    pub tokens: bool,
}

fn entity_id(doc: &DocId, index: usize) -> String {
    format!("{doc}#e{index}")
}

fn remap_cite(maps: &HashMap<DocId, OffsetMap>, cite: &mut Cite) {
    if let Some(m) = maps.get(&cite.doc) {
        cite.span = m.span(cite.span);
    }
}

fn remap_timeline(maps: &HashMap<DocId, OffsetMap>, t: &mut Timeline) {
    for e in &mut t.events {
        remap_cite(maps, &mut e.description);
        for m in &mut e.mentions {
            if let Some(map) = maps.get(&m.doc) {
                m.span = map.span(m.span);
                m.sentence = map.span(m.sentence);
            }
        }
    }
    for p in &mut t.inferred_published {
        for c in &mut p.evidence {
            remap_cite(maps, c);
        }
    }
}

/// Builds the report from per-document and cross-document results, converting every span to
/// code points.
pub fn build(
    results: Vec<(PreparedDoc, Extraction)>,
    problems: Vec<InputProblem>,
    mut cross: CrossDoc,
    opts: ReportOptions,
) -> Report {
    let maps: HashMap<DocId, OffsetMap> = results
        .iter()
        .map(|(p, _)| (p.doc.id.clone(), OffsetMap::new(&p.doc.text)))
        .collect();
    remap_timeline(&maps, &mut cross.timeline);
    for e in &mut cross.cross_entities {
        for r in &mut e.roles {
            remap_cite(&maps, &mut r.evidence);
        }
    }
    let links = &cross.links;
    let at = |doc: &DocId, span: Span| DocSpan {
        doc: doc.clone(),
        span: maps.get(doc).map_or(span, |m| m.span(span)),
    };
    let mut story_of: HashMap<&DocId, &str> = HashMap::new();
    for s in &links.stories {
        for d in &s.story.documents {
            story_of.insert(d, &s.story.id);
        }
    }
    cross
        .claims
        .for_each_cite_mut(&mut |c| remap_cite(&maps, c));
    let mut r = Report {
        schema: Cow::Borrowed(SCHEMA),
        generator: Generator::current(),
        problems,
        documents: Vec::new(),
        ignored: Vec::new(),
        sentences: Vec::new(),
        tokens: opts.tokens.then(Vec::new),
        entities: Vec::new(),
        mentions: Vec::new(),
        quotes: Vec::new(),
        attributions: Vec::new(),
        dates: Vec::new(),
        quantities: Vec::new(),
        stories: links
            .stories
            .iter()
            .map(|s| StoryItem {
                id: s.story.id.clone(),
                title: TitleItem {
                    at: at(&s.story.title_doc, s.story.title_span),
                    text: s.story.title.clone(),
                },
                documents: s.story.documents.clone(),
                lineages: s.lineages.clone(),
            })
            .collect(),
        story_redirects: links.redirects.clone(),
        lineages: links
            .lineages
            .lineages
            .iter()
            .map(|l| LineageItem {
                id: l.id.clone(),
                origin_outlet: l.origin_outlet.clone(),
                origin_doc: l.origin_doc.clone(),
                origin_reason: Cow::Borrowed(l.origin_reason),
                members: l.members.clone(),
                credits: l
                    .credits
                    .iter()
                    .map(|c| CreditItem {
                        at: at(&c.doc, c.span),
                        outlet: c.outlet.clone(),
                    })
                    .collect(),
            })
            .collect(),
        passages: links
            .passages
            .iter()
            .map(|p| PassageItem {
                a: at(&p.doc_a, p.span_a),
                b: at(&p.doc_b, p.span_b),
                score: p.score,
                sentences: p.sentences,
                grade: p.grade,
            })
            .collect(),
        cross_entities: cross.cross_entities,
        timeline: cross.timeline,
        claims: cross.claims,
        records: cross.records,
    };
    for (mut prepared, mut ex) in results {
        let Some(map) = maps.get(&prepared.doc.id) else {
            continue;
        };
        let f = |s: Span| map.span(s);
        prepared.ignored.map_spans(&f);
        prepared.seg.map_spans(&f);
        prepared.doc.meta.map_spans(&f);
        ex.map_spans(&f);
        let doc = prepared.doc;
        let id = doc.id.clone();
        fn wrap<T>(doc: &DocId, layer: Layer) -> impl Fn(T) -> Item<T> + '_ {
            let component = corroborate_extract::component_of(layer).unwrap_or(LOADER);
            move |item| Item {
                doc: doc.clone(),
                component: Cow::Borrowed(component),
                item,
            }
        }
        // Ignored spans are the loader's (HTML boilerplate) merged with cleaning's.
        let cleaned = corroborate_extract::component_of(Layer::Ignored).unwrap_or(LOADER);
        let loaders: std::collections::HashSet<(Span, IgnoreReason)> = doc
            .ignored
            .iter()
            .map(|l| (map.span(l.span), l.reason))
            .collect();
        for ig in prepared.ignored {
            let from_loader = loaders.contains(&(ig.span, ig.reason));
            let component = if from_loader { LOADER } else { cleaned };
            r.ignored.push(Item {
                doc: id.clone(),
                component: Cow::Borrowed(component),
                item: ig,
            });
        }
        r.sentences.extend(
            prepared
                .seg
                .sentences
                .iter()
                .copied()
                .map(wrap(&id, Layer::Segments)),
        );
        if let Some(tokens) = r.tokens.as_mut() {
            tokens.extend(
                prepared
                    .seg
                    .tokens
                    .iter()
                    .copied()
                    .map(wrap(&id, Layer::Segments)),
            );
        }
        let ents = &ex.entities;
        for (i, e) in ents.entities.iter().enumerate() {
            let first = e
                .mentions
                .first()
                .and_then(|&m| ents.mentions.get(m))
                .map(|m| m.span)
                .unwrap_or_default();
            r.entities.push(wrap(&id, Layer::Entities)(EntityItem {
                id: entity_id(&id, i),
                span: first,
                entity: e.clone(),
            }));
        }
        for m in &ents.mentions {
            r.mentions.push(wrap(&id, Layer::Entities)(MentionItem {
                entity_id: entity_id(&id, m.entity),
                mention: m.clone(),
            }));
        }
        for q in ex.quotes {
            r.quotes.push(wrap(&id, Layer::Quotes)(QuoteItem {
                speaker_id: q.speaker.map(|s| entity_id(&id, s)),
                speaker_name: q
                    .speaker
                    .and_then(|s| ents.entities.get(s))
                    .map(|e| e.name.clone()),
                quote: q,
            }));
        }
        r.attributions.extend(
            ex.attributions
                .into_iter()
                .map(wrap(&id, Layer::Attributions)),
        );
        r.dates
            .extend(ex.dates.into_iter().map(wrap(&id, Layer::Dates)));
        r.quantities
            .extend(ex.quantities.into_iter().map(wrap(&id, Layer::Quantities)));
        let length = map.char_offset(doc.text.len());
        let headline = doc.headline.map(|s| map.span(s));
        let story = story_of.get(&doc.id).map(|s| s.to_string());
        let lineage = links.lineages.lineage_of(&doc.id).map(|l| l.id.clone());
        r.documents.push(DocumentItem {
            story,
            lineage,
            id: doc.id,
            source: doc.source,
            format: doc.format,
            headline,
            meta: doc.meta,
            length,
            text: doc.text,
        });
    }
    r
}
