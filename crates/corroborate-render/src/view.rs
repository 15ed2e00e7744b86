//! The dossier view model: what each story of the dossier shows, computed once from the
//! [`Dossier`] and rendered by two sets of templates (`templates/dossier.md` and
//! `templates/dossier.html` with the files they include), driven by [`crate::markdown`] and
//! [`crate::html`].
//!
//! Everything a reader sees that is not markup lives here: which sections a story has and in
//! what order, which items each holds (filtered, grouped, capped), and every sentence of the
//! dossier's own wording ([`wording`]). The templates only choose markup; escaping is their
//! format's auto-escaper (Markdown and HTML escape differently), and how citations look
//! (footnotes or clickable spans) is theirs too. Items keep references into the dossier, so a
//! template cites any span it wants without the model copying text.
//!
//! About 1,000 lines on purpose: it is the one place for all of a dossier's selection and
//! wording (the templates hold none), so that Markdown and HTML cannot drift apart.

#![deny(clippy::string_slice)]

use std::borrow::Borrow;
use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::dossier::{
    self, dispute_topics, group_parties, quoted, snippet, source_label, title_of,
    unique_by_lineage, values_by_text, ByStory, Dossier, StoryClaims, StoryItems, Texts,
};
use crate::json::{DocumentItem, Item, LineageItem, QuoteItem};
use corroborate_extract::quotes::{names_someone, QuoteKind, SpeakerMentionKind};
use corroborate_reconcile::claims::disputes::{self, Evidence};
use corroborate_reconcile::claims::inconsistencies;
use corroborate_reconcile::claims::statements::Source;
use corroborate_reconcile::claims::summary::SummarySentence;
use corroborate_reconcile::claims::{Claim, ClaimMention, Status};
use corroborate_reconcile::entities::CrossEntity;
use corroborate_reconcile::timeline::{Event, EventMention, InferredPublished};
use corroborate_reconcile::Cite;
use corroborate_records::{FieldType, Record, RecordField, RecordValue};

/// The dossier's own sentences, shared by both renderings. The templates write them unescaped
/// (`|safe`); functions that take pieces of input take them already escaped for the output
/// format, and sentences with marked-up pieces are split into parts around them.
pub mod wording {
    use corroborate_reconcile::claims::disputes::DisputeKind;
    use std::borrow::Borrow;

    /// The page title.
    pub const TITLE: &str = "Corroborate dossier";
    /// After the counts in the Markdown header.
    pub const MD_CITATIONS: &str = "Every item cites its source in a footnote quoting the text.";
    /// After the counts in the HTML header.
    pub const HTML_CITATIONS: &str = "Click any underlined item to see its source passage.";
    /// Heading of the input problems list.
    pub const PROBLEMS: &str = "Input problems";
    /// Section headings, in the order a story shows them.
    pub const SOURCES: &str = "Sources";
    /// Who's who heading.
    pub const WHOS_WHO: &str = "Who's who";
    /// Agreed facts heading.
    pub const AGREED: &str = "Agreed facts";
    /// Contested points heading.
    pub const CONTESTED: &str = "Contested points";
    /// Inconsistencies heading.
    pub const INCONSISTENCIES: &str = "Inconsistencies between outlets";
    /// Timeline heading.
    pub const TIMELINE: &str = "Timeline";
    /// Unique statements heading.
    pub const UNIQUE: &str = "What each outlet alone adds";
    /// Quotes heading.
    pub const QUOTES: &str = "Quotes";
    /// Label of a story's summary.
    pub const SUMMARY: &str = "Summary.";
    /// Said of a summary that is the lead sentence of the earliest article.
    pub const LEAD_NOTE: &str = "(the lead of the earliest article)";
    /// Columns of the sources table.
    pub const SOURCE_COLUMNS: [&str; 5] =
        ["outlet", "published", "headline", "lineage", "reprint of"];
    /// The link from a source to its annotated text (web UI).
    pub const ANNOTATED_TEXT: &str = "annotated text";
    /// A publication day nobody gives.
    pub const UNKNOWN: &str = "unknown";
    /// A lineage cell when linking did not run.
    pub const LINEAGE_NOT_COMPUTED: &str = "not computed";
    /// A reprint cell of an article that is not a reprint.
    pub const NOT_A_REPRINT: &str = "—";
    /// Who's who without entities.
    pub const NO_PEOPLE: &str = "No people or organisations were extracted from these articles.";
    /// Before the outlets naming an entity.
    pub const NAMED_BY: &str = "named by";
    /// Sections whose analysis is not in this report.
    pub const NOT_COMPUTED: &str =
        "Not computed: this report has no claims analysis yet (agreed facts, disputes, inconsistencies and unique statements come from the claims stage).";
    /// [`NOT_COMPUTED`] in the inconsistencies section, which still lists date conflicts.
    pub const CLAIM_INCONSISTENCIES_NOT_COMPUTED: &str =
        "Claim-level inconsistencies: Not computed: this report has no claims analysis yet (agreed facts, disputes, inconsistencies and unique statements come from the claims stage).";
    /// What the claims sections say for a story of one article.
    pub const ONE_ARTICLE: &str =
        "One article: nothing to compare across sources (add more coverage of this story).";
    /// Agreed facts: what they are.
    pub const AGREED_NOTE: &str = "Facts two or more independent sources state and nobody disputes; reprints of one original count once.";
    /// Agreed facts: none.
    pub const NO_AGREED: &str =
        "No fact is carried by two or more independent sources without dispute.";
    /// Contested points: none.
    pub const NO_DISPUTE: &str = "No dispute was found between the sources.";
    /// Heading of the asserting side of a dispute.
    pub const ASSERTS: &str = "asserts";
    /// Heading of the disputing side of a dispute.
    pub const DISPUTES: &str = "disputes";
    /// Before the claims a dispute is about.
    pub const CLAIMS_IN_DISPUTE: &str = "Claims in dispute";
    /// Label of a dispute's topic.
    pub const AT_ISSUE: &str = "At issue";
    /// A side of a dispute with no statement.
    pub const NO_STATEMENT: &str = "No statement found.";
    /// Claim-level inconsistencies: none.
    pub const NO_INCONSISTENCY: &str = "No outlets give different values for the same fact.";
    /// Date conflicts: none.
    pub const NO_DATE_CONFLICT: &str = "No outlets give different dates for the same event.";
    /// Marks an event whose dates differ between outlets.
    pub const DATES_DIFFER: &str = "dates differ between outlets";
    /// Timeline: no event.
    pub const NO_EVENTS: &str = "No dated events were found.";
    /// Before the publication dates inferred from other articles.
    pub const INFERRED: &str = "Publication dates inferred from other articles:";
    /// Unique statements: what they are.
    pub const UNIQUE_NOTE: &str =
        "Statements only one outlet (or one original and its reprints) carries.";
    /// Unique statements: none.
    pub const NO_UNIQUE: &str = "No outlet reports anything the others do not.";
    /// Said of an entry that folds an original and its reprints.
    pub const ONE_LINEAGE: &str = "(one lineage: an original and its reprints)";
    /// Without a claims analysis, what each outlet alone adds falls back to dated events.
    pub const EVENTS_ALONE_NOTE: &str = "Dated events only one outlet reports (statement-level uniqueness is not computed: it needs the claims stage).";
    /// Quotes: none.
    pub const NO_QUOTES: &str = "No quotes were extracted from these articles.";
    /// A document's publication day nobody gives.
    pub const DATE_UNKNOWN: &str = "date unknown";
    /// The legend of an annotated document: each mark's class and label.
    pub const LEGEND: [(&str, &str); 5] = [
        ("date", "date"),
        ("quantity", "quantity"),
        ("entity", "name"),
        ("quote", "quote"),
        ("ignored", "ignored"),
    ];
    /// A quote without a speaker.
    pub const UNATTRIBUTED: &str = "unattributed";
    /// Marks reported speech (the writer's words for what the speaker said).
    pub const REPORTED: &str = "(reported)";

    /// After the quotes: what the list leaves out.
    pub fn unlisted_quotes(n: impl Borrow<usize>) -> String {
        let n = n.borrow();
        format!("Not listed: {n} passage(s) in quote marks that nothing attributes (titles, terms, scare quotes), statements reported without a source, or reported speech the learned detector doubts; the JSON report has them.")
    }

    /// "3 article(s) from 2 outlet(s), 1 story."
    pub fn counts(articles: usize, outlets: usize, stories: usize) -> String {
        let s = if stories == 1 { "story" } else { "stories" };
        format!("{articles} article(s) from {outlets} outlet(s), {stories} {s}.")
    }

    /// Before a story's id: "Story `id`, 3 article(s)."
    pub const STORY: &str = "Story";

    /// After a story's id: "3 article(s)."
    pub fn articles(n: impl Borrow<usize>) -> String {
        format!("{} article(s).", n.borrow())
    }

    /// Heading of the claims × outlets matrix.
    pub const CLAIMS_MATRIX: &str = "Claims × outlets";
    /// What the claims × outlets matrix shows.
    pub const CLAIMS_MATRIX_NOTE: &str = "Which article states which claim. Cells share a colour when the articles share a lineage (an original and its reprints), so a reprint is visibly one source; the last column counts independent sources.";
    /// The claims × outlets matrix without rows.
    pub const NO_MATRIX_CLAIM: &str = "No claim is carried by more than one source or disputed.";
    /// Head of the claims column of the matrix.
    pub const CLAIM: &str = "claim";
    /// Head of the independent sources column of the matrix.
    pub const SOURCES_COLUMN: &str = "sources";
    /// Marks a claim in dispute.
    pub const CONTESTED_FLAG: &str = "contested";
    /// Heading of the events × outlets matrix.
    pub const EVENTS_MATRIX: &str = "Events × outlets";
    /// What the events × outlets matrix shows, and what it stands in for.
    pub const EVENTS_MATRIX_NOTE: &str = "Which outlet reports which dated event, coloured by outlet. The claims × outlets matrix coloured by lineage is not computed: it needs the claims and lineage stages.";
    /// The SVG timeline's label: "Timeline of 3 dated events".
    pub fn timeline_of(n: impl Borrow<usize>) -> String {
        format!("Timeline of {} dated events", n.borrow())
    }

    /// Head of the events column of the matrix.
    pub const EVENT: &str = "event";

    /// "N further claim(s) are in the JSON report." (nothing when none is left out).
    pub fn further_claims(n: impl Borrow<usize>) -> String {
        match *n.borrow() {
            0 => String::new(),
            n => format!("{n} further claim(s) are in the JSON report."),
        }
    }

    /// The lineage of a matrix column: "one lineage of 3 articles" or "independent".
    pub fn lineage_members(n: impl Borrow<usize>) -> String {
        match *n.borrow() {
            n if n > 1 => format!("one lineage of {n} articles"),
            _ => "independent".into(),
        }
    }

    /// "1 independent source" / "3 independent sources".
    pub fn sources(n: impl Borrow<usize>) -> String {
        let n = *n.borrow();
        if n == 1 {
            "1 independent source".into()
        } else {
            format!("{n} independent sources")
        }
    }

    /// The line closing a capped list.
    pub fn more_in_json(n: impl Borrow<usize>) -> String {
        format!("… and {} more in the JSON report.", n.borrow())
    }

    /// "opposed evaluations" or "disputed statement", for a dispute's kind.
    pub fn dispute_kind(kind: &DisputeKind) -> &'static str {
        match kind {
            DisputeKind::Evaluation => "opposed evaluations",
            DisputeKind::Explicit => "disputed statement",
        }
    }

    /// Labels of the evidence each side of a dispute cites.
    pub const EVIDENCE_FOR: &str = "Evidence cited for";
    /// Evidence against.
    pub const EVIDENCE_AGAINST: &str = "Evidence cited against";

    /// Before a slot outlets give different values for: "Different values for `slot`:".
    pub const DIFFERENT_VALUES: &str = "Different values for";

    /// Between a value and the outlets giving it: "`value` per `outlets`".
    pub const PER: &str = "per";

    /// "`outlets` — N statement(s)", before a group's unique statements.
    pub fn statements(n: impl Borrow<usize>) -> String {
        format!("{} statement(s)", n.borrow())
    }

    /// Before an event outlets date differently: "Outlets date “`event`” differently:".
    pub const OUTLETS_DATE: &str = "Outlets date";
    /// After an event outlets date differently.
    pub const DIFFERENTLY: &str = "differently:";

    /// After a capped list of names: "and 3 more".
    pub fn and_more(n: impl Borrow<usize>) -> String {
        format!("and {} more", n.borrow())
    }

    /// Before a record's schema: "Record: police use of force".
    pub const RECORD: &str = "Record:";
    /// Columns of a record's table (the Markdown shows the first three).
    pub const RECORD_COLUMNS: [&str; 4] = ["field", "value", "independent sources", "asserted by"];
    /// How a record says what its contested and unknown fields mean, in Markdown; then the
    /// word [`RECORD_UNKNOWN`] and [`MEANS_UNSUPPORTED`].
    pub const RECORD_NOTE_MD: &str =
        "Contested fields keep every value with who asserts and who disputes it;";
    /// The same in HTML, where values are clickable.
    pub const RECORD_NOTE_HTML: &str = "Click a value to see its evidence. A contested field keeps every value with who asserts and who disputes it;";
    /// A record field no source supports.
    pub const RECORD_UNKNOWN: &str = "unknown";
    /// What [`RECORD_UNKNOWN`] means.
    pub const MEANS_UNSUPPORTED: &str = "means no source supports the field.";
    /// After [`RECORD_UNKNOWN`] in a field's cell.
    pub const NO_SUPPORT: &str = "no source supports this field";
    /// A contested field: what it is.
    pub const SOURCES_DISAGREE: &str = "the sources disagree:";
    /// Before the values of an unknown field that sources deny.
    pub const MENTIONED: &str = "mentioned:";
    /// Before a field's other asserted values.
    pub const ALSO: &str = "also:";
    /// A value resting on one source.
    pub const SINGLE_SOURCE: &str = "single source";
    /// After a value's number of sources.
    pub const SOURCE_COUNT: &str = "source(s)";
    /// A value nobody asserts.
    pub const ASSERTED_BY_NO_ONE: &str = "asserted by no one";
    /// Before who asserts a value.
    pub const ASSERTED_BY: &str = "asserted by";
    /// Before who disputes a value.
    pub const DISPUTED_BY: &str = "disputed by";

    /// "filled from 3 article(s)."
    pub fn filled_from(n: impl Borrow<usize>) -> String {
        format!("filled from {} article(s).", n.borrow())
    }

    /// "disputed by A, B" with every name.
    pub fn disputed_by(names: &[String]) -> String {
        format!("{DISPUTED_BY} {}", names.join(", "))
    }
}

/// Most agreed facts listed; the JSON report holds every claim.
pub const MAX_AGREED: usize = 25;
/// Most claims listed per outlet under "what each outlet alone adds".
pub const MAX_UNIQUE: usize = 10;
/// Most claims in the claims × outlets matrix; the JSON report holds every claim.
pub const MAX_MATRIX_ROWS: usize = 40;
/// Most names listed in a record's "asserted by" before "and N more".
pub const MAX_NAMES: usize = 6;
/// Most topics shown for one dispute.
const MAX_TOPICS: usize = 3;

/// A count or code-point offset as the templates pass it: by value or by reference.
pub trait Num: Borrow<usize> {}

impl<T: Borrow<usize>> Num for T {}

/// A record field's other asserted values, shown after its value (none for a list field,
/// whose values are all filed).
pub fn record_alternatives(f: &RecordField) -> Vec<&RecordValue> {
    if f.ty == FieldType::List {
        return Vec::new();
    }
    f.asserted().skip(1).collect()
}

/// A section's state: not computed (no claims analysis), a story of one article (nothing to
/// compare), nothing found, or its items.
pub enum Section<T> {
    /// The report has no claims analysis.
    NotComputed,
    /// The story has one article.
    OneArticle,
    /// The analysis ran and found nothing.
    Empty,
    /// What it found.
    Items(T),
}

impl<T> Section<T> {
    /// The items, or the sentence the section shows instead (`empty` when nothing was found).
    pub fn items_or(self, empty: &'static str) -> Result<T, &'static str> {
        self.items_or_else(empty, wording::NOT_COMPUTED)
    }

    /// As [`Section::items_or`], with the sentence for a report without claims analysis.
    pub fn items_or_else(
        self,
        empty: &'static str,
        not_computed: &'static str,
    ) -> Result<T, &'static str> {
        match self {
            Section::NotComputed => Err(not_computed),
            Section::OneArticle => Err(wording::ONE_ARTICLE),
            Section::Empty => Err(empty),
            Section::Items(items) => Ok(items),
        }
    }
}

/// A list cut at a maximum, with the number of items left out.
pub struct Capped<T> {
    /// The items shown.
    pub shown: Vec<T>,
    /// How many more the JSON report holds.
    pub more: usize,
}

impl<T> Capped<T> {
    fn new(mut all: Vec<T>, max: usize) -> Self {
        let more = all.len().saturating_sub(max);
        all.truncate(max);
        Capped { shown: all, more }
    }
}

/// The whole dossier as shown: header counts, input problems and one model per story.
pub struct DossierView<'a> {
    /// The report.
    pub dossier: &'a Dossier,
    /// Code-point access to its texts.
    pub texts: Texts<'a>,
    /// Distinct outlets of all documents.
    pub outlets: BTreeSet<String>,
    /// Stories in report order.
    pub stories: Vec<dossier::StoryView>,
    /// Each story's items, dealt once.
    by_story: ByStory<'a>,
}

impl<'a> DossierView<'a> {
    /// Indexes the dossier's texts and finds its stories.
    pub fn new(d: &'a Dossier) -> Self {
        let stories = dossier::stories(d);
        DossierView {
            dossier: d,
            texts: Texts::new(d),
            outlets: d.documents.iter().map(dossier::outlet_of).collect(),
            by_story: ByStory::new(d, &stories),
            stories,
        }
    }

    /// The header's counts sentence.
    pub fn counts(&self) -> String {
        wording::counts(
            self.dossier.documents.len(),
            self.outlets.len(),
            self.stories.len(),
        )
    }

    /// The title of the first story, for the page title.
    pub fn title(&self) -> String {
        self.stories
            .first()
            .and_then(|s| s.docs.first())
            .and_then(|id| self.texts.doc(id))
            .map(|x| title_of(x, &self.texts))
            .unwrap_or_else(|| wording::TITLE.into())
    }

    /// The text of `[start, end)` of `doc`, cut to `max` code points (the templates escape it).
    pub fn snip(&self, doc: &str, start: impl Num, end: impl Num, max: impl Num) -> String {
        let (start, end) = (*start.borrow(), *end.borrow());
        snippet(self.texts.slice(doc, start, end), *max.borrow())
    }

    /// As [`DossierView::snip`], in curly quotes.
    pub fn quoted(&self, doc: &str, start: impl Num, end: impl Num, max: impl Num) -> String {
        quoted(&self.snip(doc, start, end, max))
    }

    /// `text` cut to `max` code points.
    pub fn cut(&self, text: &str, max: impl Num) -> String {
        snippet(text, *max.borrow())
    }

    /// The outlet of a document.
    pub fn outlet(&self, doc: &str) -> String {
        self.texts.outlet(doc)
    }

    /// Names as a record lists them: at most [`MAX_NAMES`], then how many more.
    pub fn names<'n>(&self, list: &'n [String]) -> Capped<&'n str> {
        Capped::new(list.iter().map(String::as_str).collect(), MAX_NAMES)
    }

    /// The model of each story that has documents, in report order.
    pub fn story_models(&self) -> impl Iterator<Item = StoryModel<'_>> {
        self.stories
            .iter()
            .zip(&self.by_story.stories)
            .filter_map(|(s, items)| {
                StoryModel::new(&self.texts, s, items, &self.by_story.lineages)
            })
    }
}

/// A story's summary: the extractive summary of the claims stage, else the lead sentence of
/// its earliest article.
pub enum Summary<'a> {
    /// Verbatim sentences led by the best-supported claims.
    Claims(Vec<&'a SummarySentence>),
    /// The lead of the earliest article, as a code-point span.
    Lead(Cite),
    /// Nothing to show.
    None,
}

/// One row of the sources table.
pub struct SourceRow<'a> {
    /// The document.
    pub doc: &'a DocumentItem,
    /// Its outlet.
    pub outlet: String,
    /// Its publication day with how it is known.
    pub published: Option<&'a corroborate_core::PublishedDate>,
    /// Its title.
    pub title: String,
    /// Its lineage label and the outlet it reprints; `None` when linking did not run.
    pub lineage: Option<(String, Option<String>)>,
}

/// A person, organisation or place of the story, with its roles and the outlets naming it.
pub struct Person<'a> {
    /// The entity across articles.
    pub entity: &'a CrossEntity,
    /// Its distinct roles, each with every evidence.
    pub roles: Vec<(String, Vec<&'a Cite>)>,
    /// The outlets naming it.
    pub outlets: BTreeSet<String>,
}

/// One side's party in a dispute: who, the outlets carrying them, their statements.
pub struct Party<'a> {
    /// Who, as a source.
    pub source: Source,
    /// The outlets carrying their statements.
    pub outlets: BTreeSet<&'a str>,
    /// Their statements, first one quoted.
    pub statements: Vec<&'a disputes::Party>,
}

/// A dispute as shown: what is at issue, both sides, the evidence and the claims.
pub struct Dispute<'a> {
    /// The dispute.
    pub dispute: &'a disputes::Dispute,
    /// What is at issue, as the text states it.
    pub topics: Vec<Cite>,
    /// Who asserts.
    pub asserts: Vec<Party<'a>>,
    /// Who disputes.
    pub disputes: Vec<Party<'a>>,
    /// The evidence cited for and against, with their labels.
    pub evidence: [(&'static str, &'a [Evidence]); 2],
    /// The claims in dispute.
    pub claims: Vec<&'a Claim>,
}

/// One value of an inconsistency, with the outlets giving it.
pub struct SlotValue<'a> {
    /// The value as written.
    pub value: &'a str,
    /// The outlets giving it.
    pub outlets: BTreeSet<&'a str>,
    /// Every statement giving it.
    pub given: Vec<&'a inconsistencies::SlotValue>,
}

/// A fact outlets give different values for.
pub struct Inconsistency<'a> {
    /// The inconsistency.
    pub inconsistency: &'a inconsistencies::Inconsistency,
    /// Its distinct values.
    pub values: Vec<SlotValue<'a>>,
}

/// One date given for an event, with the outlets and mentions giving it.
pub struct GivenDate<'a> {
    /// The TIMEX value.
    pub value: &'a str,
    /// The outlets giving it.
    pub outlets: BTreeSet<String>,
    /// The mentions giving it.
    pub mentions: Vec<&'a EventMention>,
}

/// An event outlets date differently.
pub struct DateConflict<'a> {
    /// The event.
    pub event: &'a Event,
    /// Every date given.
    pub dates: Vec<GivenDate<'a>>,
}

/// The statements one outlet (or one lineage of outlets) alone carries.
pub struct UniqueGroup<'a> {
    /// The outlets: more than one when an original and its reprints.
    pub outlets: Vec<&'a str>,
    /// How many statements in all.
    pub total: usize,
    /// The statements shown.
    pub claims: Capped<&'a Claim>,
}

/// A quote as shown.
pub struct QuoteRow<'a> {
    /// The quote.
    pub quote: &'a Item<QuoteItem>,
    /// Its speaker ([`quote_speaker`]), or [`wording::UNATTRIBUTED`].
    pub speaker: &'a str,
    /// True for reported speech, whose words are the writer's and are shown without quote
    /// marks.
    pub reported: bool,
    /// The quoted words, in code points.
    pub words: (usize, usize),
}

/// One column of the claims × outlets matrix: an article, with its outlet and lineage.
pub struct MatrixColumn<'a> {
    /// The document.
    pub doc: &'a str,
    /// Its outlet.
    pub outlet: String,
    /// Its lineage's number, in order of first appearance (the articles of one lineage share
    /// a colour).
    pub lineage: usize,
    /// How many of the story's articles share the lineage.
    pub members: usize,
}

/// One row of the claims × outlets matrix: a claim and, per column, its mentions there.
pub struct MatrixRow<'a> {
    /// The claim.
    pub claim: &'a Claim,
    /// Whether it is in dispute.
    pub contested: bool,
    /// Per column, the claim's mentions in that article (empty when it does not state it).
    pub cells: Vec<Vec<&'a ClaimMention>>,
}

/// The claims × outlets matrix: one row per claim (contested and multi-source claims first,
/// capped), one column per article grouped by lineage.
pub struct ClaimsMatrix<'a> {
    /// The articles, lineage by lineage in order of first appearance.
    pub columns: Vec<MatrixColumn<'a>>,
    /// The claims shown.
    pub rows: Vec<MatrixRow<'a>>,
    /// How many more the JSON report holds.
    pub hidden: usize,
}

/// What one story shows, section by section.
pub struct StoryModel<'a> {
    /// Story id.
    pub id: &'a str,
    /// Its documents, in publication order; never empty.
    pub docs: Vec<&'a DocumentItem>,
    /// The story's title (its earliest article's).
    pub title: String,
    /// The story's part of the claims analysis, when the report has one.
    pub claims: Option<StoryClaims<'a>>,
    /// Its dated events (with only the story's mentions).
    pub events: Vec<Event>,
    texts: &'a Texts<'a>,
    view: &'a dossier::StoryView,
    items: &'a StoryItems<'a>,
    lineages: &'a HashMap<&'a str, &'a LineageItem>,
}

impl<'a> StoryModel<'a> {
    /// The model of story `s` from its items (dealt by [`ByStory`]) and the dossier's lineages;
    /// `None` when none of its documents is in the dossier.
    pub fn new(
        t: &'a Texts<'a>,
        s: &'a dossier::StoryView,
        items: &'a StoryItems<'a>,
        lineages: &'a HashMap<&'a str, &'a LineageItem>,
    ) -> Option<Self> {
        let docs: Vec<&DocumentItem> = s.docs.iter().filter_map(|id| t.doc(id)).collect();
        let title = title_of(docs.first()?, t);
        Some(StoryModel {
            id: &s.id,
            docs,
            title,
            claims: items.claims.clone(),
            events: dossier::story_events(&items.events, &s.docs),
            texts: t,
            view: s,
            items,
            lineages,
        })
    }

    /// The story as the dossier lists it (id and document ids).
    pub fn view(&self) -> &'a dossier::StoryView {
        self.view
    }

    /// The summary: the claims stage's when it has one, else the earliest article's lead.
    pub fn summary(&self) -> Summary<'a> {
        if let Some(sc) = &self.claims {
            if !sc.summary.is_empty() {
                return Summary::Claims(sc.summary.clone());
            }
        }
        let first = self.docs[0];
        match lead_sentence(first, self.texts) {
            Some((start, end)) => Summary::Lead(Cite {
                doc: first.id.clone(),
                span: corroborate_core::Span { start, end },
            }),
            None => Summary::None,
        }
    }

    /// The sources table.
    pub fn sources(&self) -> Vec<SourceRow<'a>> {
        self.docs
            .iter()
            .map(|x| SourceRow {
                doc: x,
                outlet: dossier::outlet_of(x),
                published: x.meta.published.as_ref(),
                title: title_of(x, self.texts),
                lineage: dossier::lineage_of(self.lineages, x),
            })
            .collect()
    }

    /// Who's who: every entity some article of the story names.
    pub fn people(&self) -> Vec<Person<'a>> {
        self.items
            .people
            .iter()
            .map(|&e| Person {
                entity: e,
                roles: dossier::distinct_roles(e),
                outlets: e
                    .members
                    .iter()
                    .map(|m| self.texts.outlet(m.doc.as_str()))
                    .collect(),
            })
            .collect()
    }

    fn claims_section<T>(&self, items: impl FnOnce(&StoryClaims<'a>) -> Option<T>) -> Section<T> {
        match &self.claims {
            None => Section::NotComputed,
            Some(sc) if sc.articles < 2 => Section::OneArticle,
            Some(sc) => items(sc).map_or(Section::Empty, Section::Items),
        }
    }

    /// Agreed facts: claims two or more independent sources carry and nobody disputes.
    pub fn agreed(&self) -> Section<Capped<&'a Claim>> {
        self.claims_section(|sc| {
            let agreed: Vec<&Claim> = sc
                .claims
                .iter()
                .copied()
                .filter(|c| c.status == Status::Agreed)
                .collect();
            (!agreed.is_empty()).then(|| Capped::new(agreed, MAX_AGREED))
        })
    }

    /// Contested points: each dispute with its topics, sides, evidence and claims.
    pub fn contested(&self) -> Section<Vec<Dispute<'a>>> {
        let t = self.texts;
        self.claims_section(|sc| {
            let list: Vec<Dispute<'a>> = sc
                .disputes
                .iter()
                .map(|&d| Dispute {
                    dispute: d,
                    topics: dispute_topics(d, sc, t)
                        .into_iter()
                        .take(MAX_TOPICS)
                        .collect(),
                    asserts: parties(&d.asserted_by),
                    disputes: parties(&d.disputed_by),
                    evidence: [
                        (wording::EVIDENCE_FOR, d.evidence_for.as_slice()),
                        (wording::EVIDENCE_AGAINST, d.evidence_against.as_slice()),
                    ],
                    claims: d.claims.iter().filter_map(|&c| sc.claim(c)).collect(),
                })
                .collect();
            (!list.is_empty()).then_some(list)
        })
    }

    /// Claim-level inconsistencies: each slot with the distinct values outlets give.
    pub fn inconsistencies(&self) -> Section<Vec<Inconsistency<'a>>> {
        self.claims_section(|sc| {
            let list: Vec<Inconsistency<'a>> = sc
                .inconsistencies
                .iter()
                .map(|&inc| Inconsistency {
                    inconsistency: inc,
                    values: values_by_text(inc)
                        .into_iter()
                        .map(|(value, given)| SlotValue {
                            value,
                            outlets: given.iter().map(|v| v.outlet.as_str()).collect(),
                            given,
                        })
                        .collect(),
                })
                .collect();
            (!list.is_empty()).then_some(list)
        })
    }

    /// Events outlets date differently, each date with who gives it.
    pub fn date_conflicts(&self) -> Vec<DateConflict<'_>> {
        self.events
            .iter()
            .filter(|e| e.conflicting)
            .map(|e| DateConflict {
                event: e,
                dates: e
                    .dates
                    .iter()
                    .map(|date| GivenDate {
                        value: &date.value,
                        outlets: date
                            .docs
                            .iter()
                            .map(|x| self.texts.outlet(x.as_str()))
                            .collect(),
                        mentions: e
                            .mentions
                            .iter()
                            .filter(|m| m.value == date.value)
                            .collect(),
                    })
                    .collect(),
            })
            .collect()
    }

    /// The outlets mentioning an event.
    pub fn event_outlets(&self, e: &Event) -> BTreeSet<String> {
        e.mentions
            .iter()
            .map(|m| self.texts.outlet(m.doc.as_str()))
            .collect()
    }

    /// Publication dates inferred for the story's articles from other articles.
    pub fn inferred(&self) -> Vec<&'a InferredPublished> {
        self.items.inferred.clone()
    }

    /// What each outlet alone adds: claims no other lineage carries, reprints folded together.
    pub fn unique(&self) -> Section<Vec<UniqueGroup<'a>>> {
        self.claims_section(|sc| {
            let groups: Vec<UniqueGroup<'a>> = unique_by_lineage(sc)
                .into_iter()
                .map(|(outlets, ids)| {
                    let claims: Vec<&Claim> = ids.iter().filter_map(|&c| sc.claim(c)).collect();
                    UniqueGroup {
                        outlets,
                        total: ids.len(),
                        claims: Capped {
                            shown: claims.into_iter().take(MAX_UNIQUE).collect(),
                            more: ids.len().saturating_sub(MAX_UNIQUE),
                        },
                    }
                })
                .collect();
            (!groups.is_empty()).then_some(groups)
        })
    }

    /// Without a claims analysis: the dated events only one outlet reports, by outlet.
    pub fn events_alone(&self) -> BTreeMap<String, Vec<&Event>> {
        let mut alone: BTreeMap<String, Vec<&Event>> = BTreeMap::new();
        for e in &self.events {
            let by = self.event_outlets(e);
            if by.len() == 1 {
                if let Some(o) = by.into_iter().next() {
                    alone.entry(o).or_default().push(e);
                }
            }
        }
        alone
    }

    /// The claims × outlets matrix; `None` without a claims analysis or with one article.
    pub fn claims_matrix(&self) -> Option<ClaimsMatrix<'a>> {
        let sc = self.claims.as_ref().filter(|sc| sc.articles >= 2)?;
        let contested = sc.contested_ids();
        let mut rows: Vec<&Claim> = sc
            .claims
            .iter()
            .copied()
            .filter(|c| contested.contains(&c.id) || c.independent_sources >= 2)
            .collect();
        rows.sort_by_key(|c| {
            (
                !contested.contains(&c.id),
                std::cmp::Reverse(c.independent_sources),
                c.id,
            )
        });
        let hidden = rows.len().saturating_sub(MAX_MATRIX_ROWS);
        rows.truncate(MAX_MATRIX_ROWS);
        let lineage_of: BTreeMap<&str, &str> = sc
            .claims
            .iter()
            .flat_map(|c| c.mentions.iter())
            .map(|m| (m.cite.doc.as_str(), m.lineage.as_str()))
            .collect();
        let mut columns: Vec<(&str, String, &str)> = self
            .view
            .docs
            .iter()
            .map(|d| {
                let lineage = lineage_of.get(d.as_str()).copied().unwrap_or(d.as_str());
                (d.as_str(), self.texts.outlet(d), lineage)
            })
            .collect();
        // Articles of one lineage side by side, lineages in order of first appearance.
        let first_seen: BTreeMap<&str, usize> = columns
            .iter()
            .enumerate()
            .rev()
            .map(|(i, c)| (c.2, i))
            .collect();
        columns.sort_by_key(|c| first_seen.get(c.2).copied().unwrap_or(usize::MAX));
        let mut number: BTreeMap<&str, usize> = BTreeMap::new();
        let mut members: BTreeMap<&str, usize> = BTreeMap::new();
        for c in &columns {
            let n = number.len();
            number.entry(c.2).or_insert(n);
            *members.entry(c.2).or_insert(0) += 1;
        }
        let columns: Vec<MatrixColumn<'a>> = columns
            .into_iter()
            .map(|(doc, outlet, lineage)| MatrixColumn {
                doc,
                outlet,
                lineage: number.get(lineage).copied().unwrap_or(0),
                members: members.get(lineage).copied().unwrap_or(1),
            })
            .collect();
        let rows = rows
            .into_iter()
            .map(|claim| MatrixRow {
                claim,
                contested: contested.contains(&claim.id),
                cells: columns
                    .iter()
                    .map(|col| {
                        claim
                            .mentions
                            .iter()
                            .filter(|m| m.cite.doc.as_str() == col.doc)
                            .collect()
                    })
                    .collect(),
            })
            .collect();
        Some(ClaimsMatrix {
            columns,
            rows,
            hidden,
        })
    }

    /// The incident records filled for the story.
    pub fn records(&self) -> Vec<&'a Record> {
        self.items.records.clone()
    }

    /// The story's attributions: quotes and reported speech whose speaker the text names, and
    /// quotes whose cue says someone said them though the text does not say who. Quoted words
    /// nothing attributes (titles, terms, scare quotes), reported statements without a source and
    /// reported speech the learned detector kept at a probability below [`LISTED_CONFIDENCE`]
    /// are not listed ([`unlisted_quotes`](Self::unlisted_quotes) counts them).
    pub fn quotes(&self) -> Vec<QuoteRow<'a>> {
        self.items
            .quotes
            .iter()
            .filter_map(|&q| {
                let quote = &q.item.quote;
                let reported = quote.kind == QuoteKind::Indirect;
                if reported
                    && quote
                        .confidence
                        .is_some_and(|c| c.get() < LISTED_CONFIDENCE)
                {
                    return None;
                }
                let speaker = match quote_speaker(&q.item, self.texts, q.doc.as_str()) {
                    Some(who) => who,
                    None if quote.cue.is_some() && !reported => wording::UNATTRIBUTED,
                    None => return None,
                };
                Some(QuoteRow {
                    quote: q,
                    speaker,
                    reported,
                    words: (quote.content.start, quote.content.end),
                })
            })
            .collect()
    }

    /// How many of the story's quotes [`quotes`](Self::quotes) leaves out.
    pub fn unlisted_quotes(&self) -> usize {
        self.items.quotes.len() - self.quotes().len()
    }
}

impl Party<'_> {
    /// Who, for display: "Name (role of X)", or "Outlet itself" for an outlet's own voice.
    pub fn label(&self) -> String {
        source_label(&self.source)
    }
}

/// Statements grouped by party, each with the outlets carrying them.
fn parties(list: &[disputes::Party]) -> Vec<Party<'_>> {
    group_parties(list)
        .into_iter()
        .map(|(source, statements)| Party {
            source,
            outlets: statements.iter().map(|p| p.outlet.as_str()).collect(),
            statements,
        })
        .collect()
}

/// Least probability of the learned attribution detector for the reported speech it kept to be
/// listed among a story's quotes: more likely right than wrong. (The extractor keeps it from a
/// lower threshold, chosen for recall on PolNeAR.)
pub const LISTED_CONFIDENCE: f32 = 0.5;

/// Who says a quote, for display: its speaker entity's name, else the role or group noun phrase
/// that names the speaker at the quote, as written ("a company spokesperson", "officials"), when
/// it [names someone](names_someone). `None` when the text names no one. An unresolved name
/// (no entity) is not shown: the quote's `speaker_canonical` widens it to the fullest name in
/// the article, which can take in neighbouring words.
pub fn quote_speaker<'a>(q: &'a QuoteItem, t: &Texts<'a>, doc: &str) -> Option<&'a str> {
    if let Some(name) = q.speaker_name.as_deref() {
        return Some(name);
    }
    let at = q.quote.speaker_named_at?;
    matches!(
        q.quote.speaker_mention_kind,
        Some(SpeakerMentionKind::Role | SpeakerMentionKind::Group)
    )
    .then(|| t.slice(doc, at.start, at.end).trim())
    .filter(|s| names_someone(s))
}

/// The lead of a document, as code points `(start, end)`: the first of its first
/// [`LEAD_SEARCH`] sentences after the headline that reads as prose, past datelines, bylines,
/// dates, credits and section labels ("BAAR, SWITZERLAND", "By Dana Holt - 11/18/19",
/// "Getty Images", "News > Nation"); when none does (or the text has no letter case), the
/// first sentence after the headline. Reads the report's sentence layer; a report without
/// one gives no lead.
pub fn lead_sentence(doc: &DocumentItem, t: &Texts<'_>) -> Option<(usize, usize)> {
    let after = doc.headline.map_or(0, |h| h.end);
    let id = doc.id.as_str();
    let body: Vec<corroborate_core::Span> = t
        .sentences(id)
        .iter()
        .filter(|s| s.start >= after && !t.slice(id, s.start, s.end).trim().is_empty())
        .take(LEAD_SEARCH)
        .copied()
        .collect();
    let lead = body
        .iter()
        .find(|s| reads_as_prose(t.slice(id, s.start, s.end)))
        .or(body.first())?;
    Some((lead.start, lead.end))
}

/// How many sentences after the headline [`lead_sentence`] looks through.
const LEAD_SEARCH: usize = 12;

/// Whether a sentence reads as prose: at least five words that start in lower case (a
/// clause, not a name, date or label) and a closing mark at its end (`.`, `!`, `?`, or one
/// of them before closing quotes or brackets).
fn reads_as_prose(sentence: &str) -> bool {
    let lower_words = sentence
        .split_whitespace()
        .filter(|w| w.chars().next().is_some_and(char::is_lowercase))
        .count();
    let closed = sentence
        .trim_end()
        .trim_end_matches(['"', '\'', '”', '’', ')', ']', '»'])
        .ends_with(['.', '!', '?']);
    lower_words >= 5 && closed
}

#[cfg(test)]
mod tests {
    use super::*;
    use corroborate_reconcile::claims::ClaimsReport;

    fn doc(id: &str, text: &str) -> DocumentItem {
        DocumentItem {
            id: corroborate_core::DocId(id.into()),
            source: String::new(),
            format: corroborate_core::document::SourceFormat::Text,
            headline: None,
            meta: Default::default(),
            length: text.chars().count(),
            text: text.into(),
            story: None,
            lineage: None,
        }
    }

    #[test]
    fn claims_sections_say_why_they_are_empty() {
        let mut d = Dossier {
            documents: vec![doc("a", "One. Two."), doc("b", "Three.")],
            ..Default::default()
        };
        let v = DossierView::new(&d);
        let s = v.story_models().next().expect("one story");
        assert!(matches!(s.agreed(), Section::NotComputed));
        d.claims = Some(ClaimsReport {
            claims: vec![Claim {
                id: 1,
                status: Status::Agreed,
                text: Cite {
                    doc: corroborate_core::DocId("a".into()),
                    span: corroborate_core::Span::new(0, 4),
                },
                mentions: Vec::new(),
                outlets: Vec::new(),
                lineages: Vec::new(),
                independent_sources: 2,
                attributed_to: Vec::new(),
            }],
            ..Default::default()
        });
        let v = DossierView::new(&d);
        let s = v.story_models().next().expect("one story");
        assert!(matches!(s.agreed(), Section::Items(ref c) if c.shown.len() == 1 && c.more == 0));
        assert!(matches!(s.contested(), Section::Empty));
        d.documents.truncate(1);
        let v = DossierView::new(&d);
        let s = v.story_models().next().expect("one story");
        assert!(matches!(s.agreed(), Section::OneArticle));
    }

    /// A dossier of one ASCII document (code points are bytes) with the segmenter's
    /// sentences, its first line the headline.
    fn segmented(text: &str) -> Dossier {
        let p = corroborate_core::PreparedDoc::new(
            corroborate_core::Document::new(
                "a",
                corroborate_core::document::SourceFormat::Text,
                text.to_string(),
            ),
            jiff::civil::date(2026, 1, 1),
        );
        let mut d = Dossier {
            documents: vec![doc("a", text)],
            sentences: p
                .seg
                .sentences
                .iter()
                .map(|&span| crate::json::Item {
                    doc: corroborate_core::DocId("a".into()),
                    component: "segment".into(),
                    item: span,
                })
                .collect(),
            ..Default::default()
        };
        d.documents[0].headline = text
            .find('\n')
            .map(|end| corroborate_core::Span::new(0, end));
        d
    }

    fn lead(d: &Dossier) -> Option<String> {
        let t = Texts::new(d);
        lead_sentence(&d.documents[0], &t).map(|(a, b)| t.slice("a", a, b).to_string())
    }

    #[test]
    fn lead_is_the_first_prose_sentence_after_the_headline() {
        let text = "Ferry aground\n\nKELL, Norway\n\nBy Dana Holt - 11/18/19 4:05 PM\n\n\
                    The ferry ran aground on Tuesday night near the harbour. Nobody on board was hurt, the coast guard said.";
        let d = segmented(text);
        assert_eq!(
            lead(&d).as_deref(),
            Some("The ferry ran aground on Tuesday night near the harbour.")
        );
        let mut ignored = d.clone();
        ignored.ignored.push(crate::json::Item {
            doc: corroborate_core::DocId("a".into()),
            component: "load".into(),
            item: corroborate_core::clean::Ignored {
                span: text
                    .find("The ferry")
                    .map_or(corroborate_core::Span::new(0, 0), |i| {
                        corroborate_core::Span::new(i, i + 20)
                    }),
                reason: corroborate_core::clean::IgnoreReason::Ad,
            },
        });
        assert_eq!(
            lead(&ignored).as_deref(),
            Some("Nobody on board was hurt, the coast guard said.")
        );
    }

    #[test]
    fn lead_falls_back_to_the_first_sentence_when_none_reads_as_prose() {
        let d = segmented("Scores\n\nGIRLS BASKETBALL\n\nKell 54, Rask 40");
        assert_eq!(lead(&d).as_deref(), Some("GIRLS BASKETBALL"));
        let none = Dossier {
            sentences: Vec::new(),
            ..d
        };
        assert_eq!(lead(&none), None);
    }

    #[test]
    fn counts_agree_in_number() {
        assert_eq!(
            wording::counts(3, 2, 1),
            "3 article(s) from 2 outlet(s), 1 story."
        );
        assert!(wording::counts(3, 2, 2).ends_with("2 stories."));
    }
}
