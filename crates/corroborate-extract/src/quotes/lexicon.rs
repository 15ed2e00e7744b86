//! The quote extractor's word lists in one place: cue verbs, subject phrases, the words that
//! open, join or end clauses and subjects, and the regexes built from them. The reporting-cue
//! statistics learnt from PolNeAR live in `crate::lexicon::reporting`. Every regex is compiled
//! once per process ([`LazyLock`]) and only ever run on bounded windows.

use std::sync::LazyLock;

use regex::Regex;

use crate::lexicon::heads::{group_pattern, is_organisation_head};
use crate::lexicon::patterns::{capword, compile, UPPER, WORD_NO_APOS};
pub(crate) use crate::lexicon::patterns::{name_pattern, LOWER};
pub(crate) use crate::lexicon::reporting::{CUE_VERBS, PARTICIPLES};
pub(crate) use crate::lexicon::verbs::{
    is_auxiliary, is_be_or_have, is_modal_or_do, BE_FORMS, DO_FORMS, HAVE_FORMS, MODALS,
};

/// Adverbs that may stand between a subject and its cue verb ("also told", "have long
/// maintained", "earlier said"); auxiliaries may too ([`between_subject_and_cue`]).
pub(crate) const ADVERBS_BEFORE_CUE: &[&str] = &[
    "also",
    "long",
    "still",
    "now",
    "not",
    "never",
    "even",
    "just",
    "already",
    "often",
    "all",
    "both",
    "only",
    "later",
    "then",
    "previously",
    "again",
    "once",
    "repeatedly",
    "earlier",
    "recently",
    "further",
    "since",
];

/// A word that may stand between a subject and its cue verb: an auxiliary or one of
/// [`ADVERBS_BEFORE_CUE`] (lower-case input).
pub(crate) fn between_subject_and_cue(w: &str) -> bool {
    is_auxiliary(w) || ADVERBS_BEFORE_CUE.contains(&w)
}

/// When a statement was made, between its subject and cue: a day ("Clinton on Tuesday said"),
/// a recent period ("The board last week said") or a span of time back ("The State Department
/// less than two weeks ago said").
pub(crate) const STATEMENT_DAY: &str = r"(?:on[ \t]+)?(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day(?:[ \t]+(?:morning|afternoon|evening|night))?|yesterday|today|(?:last|this)[ \t]+(?:week|month|year|morning|night)|(?:(?:less|more)[ \t]+than[ \t]+|about[ \t]+|nearly[ \t]+|almost[ \t]+)?(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|several|a[ \t]+few|[0-9]+)[ \t]+(?:days?|weeks?|months?|years?)[ \t]+ago";

/// A time phrase ending a noun phrase ([`STATEMENT_DAY`]: "two weeks ago", "last week").
static TRAILING_TIME: LazyLock<Regex> =
    LazyLock::new(|| compile(&format!(r"[ \t]+(?:{STATEMENT_DAY})$")));

/// `phrase` without a time phrase at its end, which says when someone spoke, not who ("The
/// pilots last week" said); `phrase` itself when nothing would be left before it.
pub(crate) fn without_trailing_time(phrase: &str) -> &str {
    match TRAILING_TIME.find(phrase) {
        Some(m) if m.start() > 0 => phrase.get(..m.start()).unwrap_or(phrase),
        _ => phrase,
    }
}

/// A time phrase opening what follows a cue ([`STATEMENT_DAY`]: "said Wednesday, forcing …").
static LEADING_TIME: LazyLock<Regex> =
    LazyLock::new(|| compile(&format!(r"^[ \t]+(?:{STATEMENT_DAY})(?-u:\b)")));

/// `rest` (the text right after a cue) without the time phrase it opens with, which says when
/// someone spoke ("said Wednesday, forcing …" → ", forcing …").
pub(crate) fn without_leading_time(rest: &str) -> &str {
    match LEADING_TIME.find(rest) {
        Some(m) => rest.get(m.end()..).unwrap_or(rest),
        None => rest,
    }
}

/// Words that open a noun phrase able to speak ("one person", "another commenter").
pub(crate) const NP_OPENERS: &[&str] = &[
    "the", "a", "an", "one", "another", "some", "many", "several", "his", "her", "their", "its",
    "two", "three", "most", "both",
];

/// Determiners: a quote right after one is a phrase inside a noun phrase ("the
/// “establishment”", "his “Perception” post"), and a word after one is no verb ("the accused").
pub(crate) const DETERMINERS: &[&str] = &[
    "the", "a", "an", "his", "her", "their", "its", "our", "my", "your", "this", "that", "these",
    "those",
];

/// Determiners after which a cue word ending in "s" is a plural noun, not a verb ("the
/// reports", "many Nordic states", "their claims"); "all", "both", "some" are left out, since
/// they also stand before a verb ("they all say", "some claims are …" aside).
pub(crate) const PLURAL_DETERMINERS: &[&str] = &[
    "the", "these", "those", "many", "several", "other", "various", "few", "numerous", "such",
    "his", "her", "their", "its", "our", "my", "your", "two", "three", "four", "five",
];

/// Words that join a noun phrase to a longer one ("chair of", "mayor and").
pub(crate) const NP_LINKS: &[&str] = &["of", "and", "for", "at", "with", "from", "to"];

/// Prepositions that open a common noun's complement inside a speaker's noun phrase ("an
/// adviser to …", "a spokesman for …", "the mayor of …"). Not "from": what comes from someone
/// ("a statement from …", "a message from …") names its source.
pub(crate) const COMPLEMENT_PREPOSITIONS: &[&str] = &["of", "for", "at", "with", "to", "in", "on"];

/// Words that open a relative clause after a subject ("the aide who …", "Holt, whose …").
pub(crate) const RELATIVE_PRONOUNS: &[&str] = &["who", "whose", "whom", "which"];

/// Words after which a noun phrase opens a clause, so is likely its subject ("while she …",
/// "…, and the group …", "… said that the mayor …"): the speaker ranker's `clause_initial`.
pub(crate) const SUBJECT_CLAUSE_OPENERS: &[&str] = &[
    "and", "but", "while", "whereas", "although", "though", "because", "since", "when", "as",
    "that", "so", "if", "yet", "or", "where", "once", "until", "unless",
];

/// Personal pronouns that can be a speaker mention.
pub(crate) const SPEAKER_PRONOUNS: &[&str] = &["he", "she", "they", "it", "we", "i"];

/// First-person pronouns: outside quote marks, the writer (or the writer's side).
pub(crate) const WRITER_PRONOUNS: &[&str] = &["i", "we"];

/// Words that, besides [`SPEAKER_PRONOUNS`], show a phrase does not name a speaker when written
/// alone as one: the reader's "you", object pronouns, and the clitics of contracted verbs
/// ("you’ll", "didn’t"), whose phrase is a clause, not a noun phrase.
const NOT_NAMING_WORDS: &[&str] = &[
    "you", "me", "him", "us", "them", "ll", "re", "ve", "d", "m", "t",
];

/// True when lower-case `word` shows that a phrase holding it names no speaker.
pub(crate) fn names_no_one(word: &str) -> bool {
    SPEAKER_PRONOUNS.contains(&word) || NOT_NAMING_WORDS.contains(&word)
}

/// The words of [`between_subject_and_cue`] and [`STATEMENT_DAY`] as a regex alternation.
pub(crate) fn aux() -> String {
    let words: Vec<&str> = [BE_FORMS, HAVE_FORMS, DO_FORMS, MODALS, ADVERBS_BEFORE_CUE].concat();
    format!("(?:{}|{STATEMENT_DAY})", words.join("|"))
}

/// The subject of a cue clause, with one named group per kind of mention.
pub(crate) fn subject_pattern() -> String {
    subject_pattern_with("")
}

/// [`subject_pattern`] right after an inverted cue, where a lower-case role may hold a
/// capitalised modifier and more role words before the name ("said former Norland governor Ana
/// Lind"; `mention_of` keeps the modifier only when the words around it are role words).
pub(crate) fn inverted_subject_pattern() -> String {
    subject_pattern_with(&format!(
        r"(?:{}[ \t]+(?:{LOWER}[ \t]+){{1,2}})?",
        capword()
    ))
}

fn subject_pattern_with(role_before_name: &str) -> String {
    let name = name_pattern();
    let cw = capword();
    let poss = format!(r"{UPPER}{WORD_NO_APOS}*['’]s[ \t]+(?:{LOWER}[ \t]+){{0,2}}{LOWER}");
    let role = format!(
        r"(?:[Tt]he|[Aa]n?|[Hh]is|[Hh]er|[Tt]heir|[Ii]ts|[Ss]everal|[Mm]any|[Ss]ome|[Mm]ost|[Bb]oth|[Oo]ne|[Aa]nother|[Oo]ther|[Tt]wo|[Tt]hree|[Ff]our|[Ff]ive|(?:(?:[Oo]nly|[Aa]bout|[Nn]early|[Aa]lmost|[Mm]ore[ \t]+than|[Aa]t[ \t]+least)[ \t]+)?\d[\d,.]*)[ \t]+(?:(?:{LOWER}|{cw})[ \t]+){{0,3}}{LOWER}(?:[ \t]+(?:for|of|at|with|from)[ \t]+(?:the[ \t]+)?(?:(?:{cw}|{LOWER})[ \t]+){{0,4}}(?:{cw}|{LOWER}))?"
    );
    let pron = r"(?:[Hh]e|[Ss]he|[Tt]hey|who)(?-u:\b)";
    let group = format!(r"(?:{})(?-u:\b)", group_pattern());
    format!(
        r"(?:(?P<poss>{poss})|(?P<role>{role})|(?P<pron>{pron})|(?P<pname>(?:{LOWER}[ \t]+){{1,4}}{role_before_name}{name})|(?P<group>{group})|(?P<name>(?:[Tt]he[ \t]+)?{name}))"
    )
}

/// "…," SUBJECT (parenthesis) (aux) CUE — a cue after the quote ("…," Holt (D-Ore.) said).
pub(crate) static AFTER_SUBJ_CUE: LazyLock<Regex> = LazyLock::new(|| {
    compile(&format!(
        r"^[ \t]*,?[ \t]*{}{PARENTHESIS}(?:,[^,\n\x22\x{{201C}}\x{{201D}}]{{1,60}},)?[ \t]+(?:{aux}[ \t]+){{0,2}}(?P<cue>{CUE_VERBS})(?-u:\b)",
        subject_pattern(),
        aux = aux()
    ))
});

/// "…," SUBJECT (parenthesis) (, apposition,) (aux) — what stands between a quote and a cue word found by
/// the cue lexicon ("…," Beck questioned).
pub(crate) static SUBJ_BEFORE_CUE: LazyLock<Regex> = LazyLock::new(|| {
    compile(&format!(
        r"^[ \t]*,?[ \t]*{}{PARENTHESIS}(?:,[^,\n\x22\x{{201C}}\x{{201D}}]{{1,60}},)?[ \t]+(?:{aux}[ \t]+){{0,2}}$",
        subject_pattern(),
        aux = aux()
    ))
});

/// "…," CUE SUBJECT — an inverted cue after the quote ("said Crump").
pub(crate) static AFTER_CUE_SUBJ: LazyLock<Regex> = LazyLock::new(|| {
    compile(&format!(
        r"^[ \t]*,?[ \t]*(?P<cue>said|says|added|asked|wrote|writes|continued|explained|recalled|insisted|declared|noted|argued)[ \t]+{}",
        inverted_subject_pattern()
    ))
});

/// "…," according to SUBJECT.
pub(crate) static AFTER_ACCORDING: LazyLock<Regex> = LazyLock::new(|| {
    compile(&format!(
        r"^[ \t]*,?[ \t]*(?P<cue>according[ \t]+to)[ \t]+{}",
        subject_pattern()
    ))
});

/// According to SUBJECT, … (anywhere before the quote).
pub(crate) static ACCORDING_BEFORE: LazyLock<Regex> = LazyLock::new(|| {
    compile(&format!(
        r"(?-u:\b)(?P<cue>[Aa]ccording[ \t]+to)[ \t]+{}",
        subject_pattern()
    ))
});

/// A subject (and auxiliaries) at the very end of a text: what stands before a cue verb.
pub(crate) static SUBJ_AT_END: LazyLock<Regex> = LazyLock::new(|| {
    compile(&format!(
        r"(?:^|[ \t\n(\[—–-]){}{PARENTHESIS}[ \t]+(?:{aux}[ \t]+){{0,2}}$",
        subject_pattern(),
        aux = aux()
    ))
});

/// A parenthesis after a subject ("Holt (D-Mich.)", "Holt (who has 25 delegates)").
pub(crate) const PARENTHESIS: &str = r"(?:[ \t]*\([^()\n]{1,80}\))?";

/// Any subject phrase (used to find a main clause's subject).
pub(crate) static SUBJ_ANY: LazyLock<Regex> =
    LazyLock::new(|| compile(&format!(r"(?:^|[ \t\n(\[—–-]){}", subject_pattern())));

/// A cue verb anywhere (any case: "Asked about …").
pub(crate) static CUE: LazyLock<Regex> =
    LazyLock::new(|| compile(&format!(r"(?i)(?-u:\b)(?:{CUE_VERBS})(?-u:\b)")));

/// A possessive speech noun: "Fitch’s announcement (…) that".
pub(crate) static POSS_SPEECH: LazyLock<Regex> = LazyLock::new(|| {
    compile(&format!(
        r"(?-u:\b)(?P<name>{})['’]s[ \t]+(?:{LOWER}[ \t]+){{0,2}}?(?P<cue>announcement|statement|remarks|comments|claim|assertion|testimony|post|letter|ruling|words|message)(?-u:\b)",
        name_pattern()
    ))
});

/// A capitalised name sequence (for the per-document name table).
pub(crate) static NAME_SEQ: LazyLock<Regex> =
    LazyLock::new(|| compile(&format!(r"(?-u:\b){}", name_pattern())));

/// Apposition after a name: ", an attorney for …", ", Kohen's maternal grandmother".
pub(crate) static APPOSITION_AFTER: LazyLock<Regex> = LazyLock::new(|| {
    compile(&format!(
        r"^,[ \t]+(?:an?|the|his|her|their|{UPPER}{WORD_NO_APOS}*['’]s)[ \t]+(?P<np>(?:{LOWER}[ \t]+){{0,3}}{LOWER})"
    ))
});

/// A role noun right before ", NAME": "Kohen's mother, Vellesiya Wiley".
pub(crate) static ROLE_COMMA_BEFORE: LazyLock<Regex> =
    LazyLock::new(|| compile(&format!(r"(?P<role>{LOWER}),[ \t]+$")));

/// A role noun with its complement before a comma and a name: "a spokesman for the ferry
/// company, Brian Ochs" (the role is "spokesman").
pub(crate) static ROLE_OF_COMMA_BEFORE: LazyLock<Regex> = LazyLock::new(|| {
    compile(&format!(
        r"(?:^|\s)(?:[Aa]n?|[Tt]he|[Ii]ts|[Hh]is|[Hh]er|[Tt]heir)[ \t]+(?P<role>{LOWER})[ \t]+(?:for|of|at|with)[ \t]+[^,\n]{{1,40}},[ \t]+$"
    ))
});

/// A lower-case word right before a name: "attorney Ben Crump".
pub(crate) static WORD_BEFORE: LazyLock<Regex> =
    LazyLock::new(|| compile(&format!(r"(?P<role>{LOWER})[ \t]+$")));

/// Words that start a capitalised sequence without being part of a name.
pub(crate) const NON_NAME_STARTS: &[&str] = &[
    "the",
    "a",
    "an",
    "in",
    "on",
    "at",
    "when",
    "after",
    "before",
    "following",
    "but",
    "and",
    "as",
    "if",
    "while",
    "asked",
    "then",
    "this",
    "that",
    "these",
    "those",
    "his",
    "her",
    "their",
    "its",
    "our",
    "my",
    "by",
    "for",
    "from",
    "with",
    "since",
    "during",
    "until",
    "however",
    "so",
    "yet",
    "also",
    "meanwhile",
    "still",
    "even",
    "officers",
    "police",
    "according",
    "one",
];

/// True for a capitalised word that marks a name as an organisation ("Department", "Corp",
/// "Times"): an organisation or media head of `data/org_heads.txt`.
pub(crate) fn org_word(w: &str) -> bool {
    w.starts_with(char::is_uppercase) && is_organisation_head(w)
}

/// True when the capitalised name `words` names an organisation: an [`org_word`] (possessive
/// "'s" ignored) ends it or stands before "of", "for" or "and" ("Tax Policy Center",
/// "Department of Justice"). A head word inside a title before a personal name ("Army Capt.
/// Ann Lee", "District Judge Bo Park") does not count.
pub(crate) fn names_organisation(words: &[&str]) -> bool {
    words.iter().enumerate().any(|(i, w)| {
        let w = w
            .strip_suffix("’s")
            .or_else(|| w.strip_suffix("'s"))
            .unwrap_or(w);
        org_word(w)
            && match words.get(i + 1) {
                None => true,
                Some(next) => matches!(*next, "of" | "for" | "and" | "&"),
            }
    })
}

/// Role synonyms, normalised to one word.
pub(crate) fn normalise_role(word: &str) -> String {
    let w = word.to_lowercase();
    let w = w.trim_end_matches('.');
    match w {
        "lawyer" => "attorney".to_string(),
        "spokesman" | "spokeswoman" | "spokesperson" => "spokesperson".to_string(),
        "cop" | "policeman" | "policewoman" => "officer".to_string(),
        "gov" | "governor" => "governor".to_string(),
        "sgt" | "sergeant" => "sergeant".to_string(),
        other => other.to_string(),
    }
}

/// Words that end the agent's noun phrase after "by" (besides prepositions other than "of").
pub(crate) const AGENT_ENDS: &[&str] = &[
    "that", "who", "which", "whom", "whose", "when", "while", "because", "if", "since", "to",
];

/// Past participles that do not end in "-ed".
pub(crate) const IRREGULAR_PARTICIPLES: &[&str] = &[
    "told", "known", "seen", "shown", "thought", "said", "written", "heard", "given", "taken",
];

/// True when `word` reads as a present participle written in lower case ("saying", "facing"),
/// not a short word ending in "ing" ("king", "thing").
pub(crate) fn is_present_participle(word: &str) -> bool {
    word.len() > 4 && word.ends_with("ing") && word.bytes().all(|b| b.is_ascii_lowercase())
}

/// Words that open a trailing phrase, not a reported clause, after a cue ("said on Friday").
pub(crate) const NOT_CLAUSE_START: &[&str] = &[
    "in", "on", "at", "during", "to", "for", "with", "after", "before", "of", "about", "by",
];

/// Nouns for works and programmes: a title-case quote right after one is the work's title ("the
/// podcast “Here’s the Thing”"), not speech.
pub(crate) const WORK_NOUNS: &[&str] = &[
    "show",
    "program",
    "programme",
    "podcast",
    "series",
    "movie",
    "film",
];

/// Verbs whose first object is the hearer, not the content ("told reporters that …").
pub(crate) const HEARER_VERBS: &[&str] = &[
    "told",
    "tells",
    "telling",
    "tell",
    "assured",
    "reminded",
    "informed",
    "warned",
    "urged",
    "asked",
    "asking",
    "urging",
    "assuring",
    "reminding",
];

/// Words that end the clause holding a cue's subject, walking back from the cue.
pub(crate) const CLAUSE_BREAKS: &[&str] = &[
    "that", "which", "who", "whom", "and", "but", "because", "while", "when", "if", "as", "so",
    "although", "though", "since", "after", "before", "where", "than", "or",
];

/// Words that never open a subject.
pub(crate) const NOT_SUBJECT_START: &[&str] = &[
    "in",
    "on",
    "at",
    "during",
    "to",
    "for",
    "with",
    "after",
    "before",
    "of",
    "about",
    "by",
    "from",
    "it's",
    "there",
    "here",
    "this",
    "what",
    "how",
    "why",
    "once",
    "then",
    "instead",
    "despite",
    "however",
    "meanwhile",
    "still",
    "yet",
    "indeed",
    "also",
    "even",
    "thus",
    "therefore",
    "perhaps",
    "maybe",
    "not",
    "only",
    "just",
    "now",
    "today",
    "yesterday",
    "later",
    "earlier",
    "again",
    "since",
    "until",
    "under",
    "over",
    "into",
    "through",
];

/// Conjunctions that may open a sentence before its subject ("But supporters hope").
pub(crate) const LEADING_CONJUNCTIONS: &[&str] = &["but", "and", "so", "yet", "or"];

/// Words that never end a subject: determiners and possessives belong to the noun after them.
pub(crate) const NOT_SUBJECT_END: &[&str] = &[
    "the", "a", "an", "his", "her", "their", "its", "our", "my", "your", "this", "these", "those",
    "any", "no", "every", "each", "to", "of", "in", "on", "for", "with", "at", "by",
];

/// Words that open a clause right after a cue word: a feature of the learned attribution
/// detector.
pub(crate) const CLAUSE_OPENERS: &[&str] = &[
    "the", "a", "an", "he", "she", "they", "it", "we", "i", "you", "this", "that", "there", "his",
    "her", "their", "its", "our", "no", "if", "some", "many", "all",
];

/// Words that never stand inside a role noun phrase that speaks ("the organization that has",
/// "the nomination and").
pub(crate) const NOT_IN_ROLE: &[&str] = &[
    "that", "and", "or", "but", "has", "have", "had", "is", "was", "were", "are", "be", "to",
    "who", "which", "will", "would", "not", "it", "this", "so", "keep", "than", "as", "if",
];

/// Heads that are times or occasions of speech, not speakers ("the next day", "an interview"). A
/// written text speaks for its author, as PolNeAR marks it ("…,” the statement added").
pub(crate) const NOT_SPEAKER_HEADS: &[&str] = &[
    "day",
    "days",
    "week",
    "weeks",
    "month",
    "months",
    "year",
    "years",
    "night",
    "morning",
    "afternoon",
    "evening",
    "time",
    "times",
    "interview",
    "remarks",
    "speech",
    "comments",
    "moment",
    "way",
    "point",
];

/// Day and month names, which begin sentences as often as names do.
pub(crate) const CALENDAR: &[&str] = &[
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
    "January",
    "February",
    "March",
    "April",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
    "Today",
    "Yesterday",
    "Tonight",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regexes_compile() {
        for r in [
            &AFTER_SUBJ_CUE,
            &AFTER_CUE_SUBJ,
            &AFTER_ACCORDING,
            &ACCORDING_BEFORE,
            &SUBJ_AT_END,
            &SUBJ_ANY,
            &CUE,
            &SUBJ_BEFORE_CUE,
            &POSS_SPEECH,
            &NAME_SEQ,
            &APPOSITION_AFTER,
            &ROLE_COMMA_BEFORE,
            &WORD_BEFORE,
        ] {
            assert!(!r.as_str().is_empty());
        }
    }

    #[test]
    fn after_cue_finds_role_subject() {
        let c = AFTER_SUBJ_CUE.captures(" the attorney told the outlet.");
        let c = c.and_then(|c| c.name("role").map(|m| m.as_str()));
        assert_eq!(c, Some("the attorney"));
    }

    #[test]
    fn subject_at_end_skips_premodifier() {
        let c = SUBJ_AT_END.captures("Foster’s attorney Martin Zummach ");
        let c = c.and_then(|c| c.name("pname").map(|m| m.as_str()));
        assert_eq!(c, Some("attorney Martin Zummach"));
    }

    #[test]
    fn organisation_names_by_their_head() {
        assert!(names_organisation(&["Tax", "Policy", "Center"]));
        assert!(names_organisation(&["Department", "of", "Justice"]));
        assert!(names_organisation(&["Acme", "Corp"]));
        assert!(names_organisation(&["Ridgefield", "District's"]));
        assert!(!names_organisation(&["District", "Judge", "Bo", "Park"]));
        assert!(!names_organisation(&[
            "Secretary",
            "of",
            "State",
            "Ann",
            "Lee"
        ]));
        assert!(!names_organisation(&["Ann", "Lee"]));
    }

    #[test]
    fn group_subjects_come_from_the_group_nouns() {
        let caps = SUBJ_ANY.captures("Neighbors said").expect("a subject");
        assert!(caps.name("group").is_some());
        let caps = SUBJ_ANY.captures("witnesses said").expect("a subject");
        assert!(caps.name("group").is_some());
    }
}
