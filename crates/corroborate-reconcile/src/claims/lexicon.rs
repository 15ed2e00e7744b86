//! Word lists the claim stages share: dispute cues, document nouns (organisation heads and group nouns come from
//! `corroborate_extract::lexicon`), evidence nouns, opposite directions and evaluations, injury severities. General news English;
//! nothing here names a particular story.

use corroborate_extract::lexicon::{is_group_noun, is_organisation_head};

/// Verbs by which a source passes a judgement on an act ("described them as excessive",
/// "called it justified", "criticised the officers"), beyond the reporting verbs of
/// `corroborate_extract::is_reporting_cue`.
pub const EVALUATIVE_VERBS: &[&str] = &[
    "described",
    "describes",
    "called",
    "calls",
    "criticised",
    "criticized",
    "defended",
    "found",
    "ruled",
    "determined",
];

/// Words allowed between a speaker and the reporting verb ("has also said").
pub const AUX: &[&str] = &[
    "has",
    "have",
    "had",
    "also",
    "previously",
    "later",
    "repeatedly",
    "then",
    "again",
    "publicly",
    "firmly",
    "strongly",
];

/// Dispute verbs. Present-tense forms that double as nouns ("questions", "disputes") are left
/// out on purpose.
pub const DISPUTE_CUES: &[&str] = &[
    "disputed",
    "disputing",
    "denied",
    "denies",
    "denying",
    "challenged",
    "challenging",
    "rejected",
    "rejects",
    "rejecting",
    "contested",
    "contesting",
    "questioned",
    "questioning",
    "refuted",
    "refuting",
    "rebutted",
];

/// Nouns naming a claim someone else made ("disputed the claim that").
pub const CLAIM_NOUNS: &[&str] = &[
    "claim",
    "claims",
    "allegation",
    "allegations",
    "accusation",
    "accusations",
    "assertion",
    "assertions",
    "suggestion",
    "suggestions",
    "account",
    "accounts",
    "report",
    "reports",
    "version",
    "narrative",
    "notion",
    "idea",
    "characterization",
    "characterisation",
];

/// Heads of documents that speak for an agency ("the report found", "records show"): a source
/// phrase headed by one is an agency, not a person. Only documents live here; organisation
/// heads come from `corroborate_extract::lexicon::is_organisation_head` and group nouns from
/// `corroborate_extract::lexicon::is_group_noun`.
pub const DOCUMENT_HEADS: &[&str] = &["report", "records"];

/// True when a source phrase headed by `head` (lower case) is an agency, not a person: an
/// organisation head, a group noun or a document.
pub fn is_agency_head(head: &str) -> bool {
    is_organisation_head(head) || is_group_noun(head) || has(DOCUMENT_HEADS, head)
}

/// Nouns naming evidence; the value is the kind reported.
pub const EVIDENCE: &[(&str, &str)] = &[
    ("body camera", "footage"),
    ("body-camera", "footage"),
    ("bodycam", "footage"),
    ("footage", "footage"),
    ("video", "footage"),
    ("videos", "footage"),
    ("recording", "footage"),
    ("surveillance", "footage"),
    ("autopsy", "autopsy"),
    ("image", "image"),
    ("photo", "image"),
    ("photos", "image"),
    ("report", "report"),
    ("records", "records"),
    ("logs", "records"),
    ("logged", "records"),
    ("documents", "records"),
    ("findings", "findings"),
    ("investigation", "investigation"),
    ("review", "investigation"),
    ("probe", "investigation"),
    ("inspected", "inspection"),
    ("inspection", "inspection"),
    ("test", "test"),
    ("analysis", "analysis"),
];

/// Verbs by which evidence speaks ("the footage shows").
pub const EVIDENCE_VERBS: &[&str] = &[
    "show",
    "shows",
    "showed",
    "found",
    "concluded",
    "reached",
    "revealed",
    "indicated",
];

/// Proposition words and the phrases that say the opposite ("toward" / "away from").
pub const OPPOSITES: &[(&str, &[&str])] = &[
    ("toward", &["away from"]),
    (
        "steal",
        &["buying", "bought", "paid for", "paying for", "purchased"],
    ),
    ("arriv", &["left", "departed"]),
    ("ignor", &["acted on", "responded to"]),
];

/// Approving and condemning evaluations of an act. A story whose sources use words from both
/// sides carries an evaluation dispute.
pub const APPROVE: &[&str] = &[
    "justified",
    "justifiable",
    "lawful",
    "reasonable",
    "appropriate",
    "proportionate",
    "warranted",
];

/// See [`APPROVE`].
pub const CONDEMN: &[&str] = &[
    "excessive",
    "unjustified",
    "unlawful",
    "unreasonable",
    "inappropriate",
    "disproportionate",
    "unwarranted",
    "reckless",
];

/// Injury severities, mildest first; the value is the severity level.
pub const SEVERITY: &[(&str, u8)] = &[
    ("minor injuries", 1),
    ("slightly injured", 1),
    ("hurt", 2),
    ("injured", 2),
    ("wounded", 2),
    ("seriously injured", 3),
    ("serious condition", 3),
    ("seriously wounded", 3),
    ("critically injured", 4),
    ("critically wounded", 4),
    ("critical condition", 4),
    ("life-threatening", 4),
];

/// Negations that turn an assertion into its denial.
pub const NEGATIONS: &[&str] = &[
    "not", "never", "n't", "didn't", "wasn't", "weren't", "isn't",
];

/// Words by which a writer names a proposition as someone else's claim rather than stating
/// it ("an allegation of shoplifting", "the alleged theft", "accused of stealing"). Adverbs
/// ("allegedly", "reportedly") are not here: "outlets reported that diapers had allegedly
/// been stolen" still states the proposition, with a hedge, as the outlets' report.
pub const HEDGES: &[&str] = &[
    "alleged",
    "allegation",
    "allegations",
    "accused",
    "accusation",
    "accusations",
    "suspected",
    "purported",
];

/// Phrases saying that a party gave no comment ("declined to comment", "could not be reached
/// for comment"); the party is the entity named right before the phrase.
pub const NO_COMMENT: &[&str] = &[
    "declined to comment",
    "declined to be interviewed",
    "declined an interview",
    "declined a request for comment",
    "declined requests for comment",
    "refused to comment",
    "did not comment",
    "didn't comment",
    "would not comment",
    "wouldn't comment",
    "could not be reached",
    "couldn't be reached",
    "did not respond",
    "didn't respond",
    "did not return",
    "didn't return",
    "has not responded",
    "had not responded",
    "did not immediately respond",
    "did not immediately return",
    "no comment",
];

/// A word before a no-comment phrase that makes it the answer to one question ("Asked whether
/// he resigned, the mayor did not comment").
pub const SCOPED_COMMENT_BEFORE: &[&str] = &["asked"];

/// Words right after a no-comment phrase that narrow it to one topic ("declined to comment on
/// the lawsuit", "would not comment about", "did not comment whether").
pub const SCOPED_COMMENT_AFTER: &[&str] = &["on", "about", "whether", "if", "further"];

/// Words that may start a new clause after ", and" / ", but" (a subject).
pub const SUBJECT_STARTS: &[&str] = &[
    "he", "she", "they", "it", "we", "i", "the", "his", "her", "their", "its", "this", "that",
    "there", "officers", "police",
];

/// True when `w` (lower case) is in `list`.
pub fn has(list: &[&str], w: &str) -> bool {
    list.contains(&w)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agencies_are_organisations_groups_or_documents() {
        for h in [
            "department",
            "agencies",
            "firm",
            "state",
            "officials",
            "family",
            "report",
        ] {
            assert!(is_agency_head(h), "{h}");
        }
        for h in ["mayor", "officer", "witness", "lawyer"] {
            assert!(!is_agency_head(h), "{h}");
        }
    }
}
