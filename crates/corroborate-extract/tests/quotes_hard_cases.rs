//! Hard cases for quotes and speakers, on fictional articles written for these tests.

use corroborate_core::document::{Document, SourceFormat};
use corroborate_core::PreparedDoc;
use corroborate_extract::quotes::{self, Quote, QuoteKind};
use corroborate_extract::{attributions, entities};

fn prepare(text: &str) -> PreparedDoc {
    let doc = Document::new("fiction.txt", SourceFormat::Text, text.to_string());
    PreparedDoc::new(doc, jiff::civil::date(2026, 12, 1))
}

/// (content, kind, speaker name) of every direct or partial quote.
fn quoted(text: &str) -> Vec<(String, QuoteKind, Option<String>)> {
    let doc = prepare(text);
    let ents = entities::extract(&doc);
    quotes::extract(&doc, &ents)
        .into_iter()
        .filter(|q| q.kind != QuoteKind::Indirect)
        .map(|q| (doc.slice(q.content).to_string(), q.kind, q.speaker_name))
        .collect()
}

fn all(text: &str) -> (PreparedDoc, Vec<Quote>) {
    let doc = prepare(text);
    let ents = entities::extract(&doc);
    let qs = quotes::extract(&doc, &ents);
    (doc, qs)
}

fn speaker_of<'a>(qs: &'a [(String, QuoteKind, Option<String>)], start: &str) -> Option<&'a str> {
    let q = qs.iter().find(|q| q.0.starts_with(start));
    assert!(q.is_some(), "no quote starting {start:?} in {qs:?}");
    q.and_then(|q| q.2.as_deref())
}

/// The quote whose content starts with `start`.
#[track_caller]
fn quote_starting<'a>(doc: &PreparedDoc, qs: &'a [Quote], start: &str) -> &'a Quote {
    qs.iter()
        .find(|q| doc.slice(q.content).starts_with(start))
        .unwrap_or_else(|| panic!("no quote starting {start:?}"))
}

/// The speaker mention of the quote whose content starts with `start`.
#[track_caller]
fn mention_at(doc: &PreparedDoc, qs: &[Quote], start: &str) -> Option<String> {
    quote_starting(doc, qs, start)
        .speaker_mention
        .map(|s| doc.slice(s).to_string())
}

#[test]
fn pronoun_speakers_follow_the_last_named_speaker() {
    let text = "Flood waters reach Millbrook\n\n\
        Residents of Millbrook spent the night on rooftops.\n\n\
        Harriet Osei, who runs the bakery on Main Street, said the water rose within minutes.\n\n\
        \u{201c}I have never seen anything like it,\u{201d} she said. \u{201c}We lost everything.\u{201d}\n\n\
        Gov. Samuel Achterberg toured the town on Sunday.\n\n\
        \u{201c}We will rebuild every house,\u{201d} he said.";
    let qs = quoted(text);
    assert_eq!(speaker_of(&qs, "I have never"), Some("Harriet Osei"));
    assert_eq!(speaker_of(&qs, "We lost"), Some("Harriet Osei"));
    assert_eq!(
        speaker_of(&qs, "We will rebuild"),
        Some("Samuel Achterberg")
    );
}

#[test]
fn speaker_named_after_a_long_quote() {
    let long = "The fire moved faster than any of our models said it could. \
        We had crews on three ridges and they all had to pull back at once. \
        Nobody was hurt, and that is the only thing that matters tonight. \
        Tomorrow we start again at first light and we will keep going";
    let text = format!(
        "Wildfire doubles overnight\n\n\"{long},\" said Harold Finch, the county fire chief.\n\n\
         \"{long},\" Deputy Chief Rosa Lind said on Tuesday."
    );
    let qs = quoted(&text);
    assert_eq!(qs.len(), 2, "{qs:?}");
    assert_eq!(qs[0].2.as_deref(), Some("Harold Finch"));
    assert_eq!(qs[1].2.as_deref(), Some("Rosa Lind"));
    assert!(qs.iter().all(|q| q.1 == QuoteKind::Direct));
}

#[test]
fn two_people_with_one_surname_stay_apart() {
    let text = "Family asks for answers\n\n\
        Marta Okafor and her son, Daniel Okafor, spoke outside the courthouse.\n\n\
        \"We want the truth,\" Marta Okafor said.\n\n\
        \"He was my brother and nobody called us,\" Daniel said.\n\n\
        \"We will keep asking,\" Okafor added.";
    let qs = quoted(text);
    assert_eq!(speaker_of(&qs, "We want"), Some("Marta Okafor"));
    assert_eq!(speaker_of(&qs, "He was my brother"), Some("Daniel Okafor"));
    assert!(speaker_of(&qs, "We will keep").is_some_and(|s| s.ends_with("Okafor")));
}

#[test]
fn nested_single_quotes_stay_inside_one_quote() {
    let text = "Driver recalls stop\n\n\
        \u{201c}The officer told me \u{2018}stay in the car,\u{2019} and I did,\u{201d} Luis Ortega said. \
        Ortega\u{2019}s lawyer did not comment.";
    let qs = quoted(text);
    assert_eq!(qs.len(), 1, "{qs:?}");
    assert!(qs[0].0.contains("\u{2018}stay in the car,\u{2019}"));
    assert_eq!(qs[0].2.as_deref(), Some("Luis Ortega"));
}

#[test]
fn quote_left_open_continues_in_the_next_paragraph() {
    let text = "Street lost in the night\n\n\
        \u{201c}The water came up fast. We had nowhere to go but the roof.\n\n\
        \u{201c}By morning the whole street was gone,\u{201d} said Tom Briggs, a resident.\n\n\
        The council meets on Friday.";
    let (doc, qs) = all(text);
    let q: Vec<&Quote> = qs.iter().filter(|q| q.kind == QuoteKind::Direct).collect();
    assert_eq!(q.len(), 2, "{qs:?}");
    assert!(doc.slice(q[0].content).starts_with("The water came up"));
    assert!(doc.slice(q[0].content).ends_with("roof."));
    assert!(q[1].continues);
    assert_eq!(q[0].speaker_name.as_deref(), Some("Tom Briggs"));
    assert_eq!(q[1].speaker_name.as_deref(), Some("Tom Briggs"));
    assert!(q[0].speaker_inherited);
}

#[test]
fn mismatched_mark_opens_a_partial_quote() {
    let text = "Council splits on plan\n\n\
        Council member Ana Ruiz said the plan was \u{201d}reckless\u{201d} and should be dropped.";
    let qs = quoted(text);
    assert_eq!(qs.len(), 1, "{qs:?}");
    assert_eq!(qs[0].0, "reckless");
    assert_eq!(qs[0].1, QuoteKind::Partial);
    assert_eq!(qs[0].2.as_deref(), Some("Ana Ruiz"));
}

#[test]
fn unbalanced_mark_does_not_swallow_the_article() {
    let text = "Budget vote\n\n\
        The mayor called the budget \u{201c}final and said nothing else.\n\n\
        Officials met on Monday to review it.\n\n\
        \u{201c}We are ready,\u{201d} Chief Ann Cole said.\n\n\
        \"We start in May,\" Cole added.";
    let (doc, qs) = all(text);
    let direct: Vec<&Quote> = qs.iter().filter(|q| q.kind == QuoteKind::Direct).collect();
    assert_eq!(direct.len(), 2, "{qs:?}");
    assert_eq!(doc.slice(direct[0].content), "We are ready,");
    assert_eq!(direct[0].speaker_name.as_deref(), Some("Ann Cole"));
    assert_eq!(direct[1].speaker_name.as_deref(), Some("Ann Cole"));
    for q in &qs {
        assert!(
            !doc.slice(q.content).contains("Officials met"),
            "a quote swallowed a paragraph: {:?}",
            doc.slice(q.content)
        );
    }
}

#[test]
fn quote_without_speaker_stays_unattributed() {
    let text = "Sign on the door\n\n\
        The shop closed on Monday.\n\n\
        \u{201c}Back soon, maybe.\u{201d}\n\n\
        A spokesperson for the landlord said the matter was \u{201c}private.\u{201d}";
    let (doc, qs) = all(text);
    let q = qs
        .iter()
        .find(|q| doc.slice(q.content).starts_with("Back soon"));
    assert!(
        q.is_some_and(|q| q.speaker.is_none() && q.speaker_name.is_none()),
        "{qs:?}"
    );
    let p = qs
        .iter()
        .find(|q| doc.slice(q.content).starts_with("private"));
    assert!(
        p.is_some_and(|q| q.speaker_name.is_none()
            && q.speaker_mention
                .is_some_and(|m| doc.slice(m).starts_with("A spokesperson"))),
        "indefinite role mention must stay unresolved: {qs:?}"
    );
}

#[test]
fn role_noun_speaker_resolves_to_the_role_holder() {
    let text = "Appeal filed\n\n\
        Lena Park, an attorney for the family, filed the appeal on Monday.\n\n\
        \u{201c}This is not over,\u{201d} the attorney said.";
    let qs = quoted(text);
    assert_eq!(speaker_of(&qs, "This is not over"), Some("Lena Park"));
}

#[test]
fn indirect_speech_has_the_reported_clause() {
    let text = "Report due\n\n\
        Lena Park said the report would be released next week. \
        The bridge will stay closed, the city engineer said on Friday.";
    let (doc, qs) = all(text);
    let ind: Vec<(&str, Option<&str>)> = qs
        .iter()
        .filter(|q| q.kind == QuoteKind::Indirect)
        .map(|q| {
            (
                doc.slice(q.content),
                q.speaker_mention.map(|m| doc.slice(m)),
            )
        })
        .collect();
    assert!(
        ind.contains(&("the report would be released next week", Some("Lena Park"))),
        "{ind:?}"
    );
    assert!(
        ind.contains(&("The bridge will stay closed", Some("the city engineer"))),
        "{ind:?}"
    );
}

#[test]
fn attributions_resolve_the_outlet() {
    let text = "Mayor resigns\n\n\
        The mayor resigned on Friday, Reuters reported. \
        Her deputy told the Harbor City Herald that the vote was rigged. \
        \u{201c}It was a sham,\u{201d} the deputy told the outlet. \
        The council met twice, according to court records.";
    let doc = prepare(text);
    let atts = attributions::extract(&doc);
    let by_phrase = |p: &str| atts.iter().find(|a| doc.slice(a.span) == p);
    let r = by_phrase("Reuters reported");
    assert!(
        r.is_some_and(|a| doc.slice(a.statement) == "The mayor resigned on Friday"),
        "{atts:?}"
    );
    let h = by_phrase("told the Harbor City Herald");
    assert!(
        h.is_some_and(|a| doc.slice(a.statement) == "the vote was rigged"),
        "{atts:?}"
    );
    let o = by_phrase("told the outlet");
    assert!(
        o.is_some_and(|a| a.normalized.as_deref() == Some("Harbor City Herald")),
        "{atts:?}"
    );
    let c = by_phrase("according to court records");
    assert!(c.is_some_and(|a| a.source == "court records"), "{atts:?}");
}

#[test]
fn appositions_and_lower_case_titles_around_the_speaker() {
    let text = "Bridge reopens\n\n\
        \"I drive over it every day,\" Maria Gomez, 45, said on Monday.\n\n\
        \"The inspection found no cracks,\" said city spokesman Ray Dunn.\n\n\
        \"We are relieved,\" interim public works director Li Chen said.";
    let qs = quoted(text);
    assert_eq!(speaker_of(&qs, "I drive"), Some("Maria Gomez"));
    assert_eq!(speaker_of(&qs, "The inspection"), Some("Ray Dunn"));
    assert_eq!(speaker_of(&qs, "We are relieved"), Some("Li Chen"));
}

#[test]
fn pronoun_speaker_is_the_previous_subject_not_an_earlier_woman() {
    // The woman named a paragraph earlier has a known gender; the executive introduced in the
    // sentence just before the quote has none. The executive is the salient antecedent.
    let text = "Bakery chain denies shortcuts\n\n\
        Tomas Rehnquist, who heads the bakers' guild, said ovens failed twice. \
        One of the bakers who reported it was Mrs. Odile Fenwick, he said.\n\n\
        Crumb & Co. chief executive Jordan Achebe rejected the guild's account. \
        \u{201c}Every oven was inspected,\u{201d} she said.";
    let qs = quoted(text);
    assert_eq!(speaker_of(&qs, "Every oven"), Some("Jordan Achebe"));
}

#[test]
fn a_contrasting_clause_does_not_make_its_subject_the_speaker_of_the_clause_before() {
    let text =
        "Harbor board under fire\n\nSeveral papers reported that the fictional harbor board \
        of Port Ellis had quietly sold two moorings, but Mara Quill denied the claims.\n";
    let (p, qs) = all(text);
    for q in &qs {
        let content = q.content.text(&p.doc.text);
        assert!(
            !(content.contains("sold two moorings")
                && q.speaker_name.as_deref() == Some("Mara Quill")),
            "the denier is taken as the speaker of what she denies: {content:?}"
        );
    }
}

#[test]
fn speakers_of_quotes_inside_longer_sentences() {
    let text = "Harbour budget splits council\n\n\
        The Tarnwick council debated the harbour budget on Tuesday.\n\n\
        Maren Holt criticised the plan on Tuesday and called it \u{201c}a fantasy\u{201d} in front of the council.\n\n\
        \u{201c}The pier is safe,\u{201d} said Ilsa Brandt, who added that the engineers were \u{201c}fully confident\u{201d} in the repairs.\n\n\
        Holt continued:\n\n\
        \u{201c}Nobody in this room has read the survey. I have, and it does not say what you think it says.\u{201d}\n\n\
        Brandt said the council had been \u{201c}misled by rumours\u{201d} about the cost.\n\n\
        She walked the length of the Tarnwick pier on Friday, saying the repairs were \u{201c}ahead of schedule\u{201d}.";
    let qs = quoted(text);
    // A cue in a later verb phrase: the sentence's subject.
    assert_eq!(speaker_of(&qs, "a fantasy"), Some("Maren Holt"));
    // A relative "who" speaks for the name before it.
    assert_eq!(speaker_of(&qs, "fully confident"), Some("Ilsa Brandt"));
    // A paragraph ending in a colon introduces the quote of the next one.
    assert_eq!(speaker_of(&qs, "Nobody in this room"), Some("Maren Holt"));
    // A quote inside reported speech takes the reported speech's source.
    assert_eq!(speaker_of(&qs, "misled by rumours"), Some("Ilsa Brandt"));
    // A participle's subject is the sentence's, a pronoun too, not a name in a later phrase.
    assert_eq!(speaker_of(&qs, "ahead of schedule"), Some("Ilsa Brandt"));
}

#[test]
fn speakers_named_by_longer_noun_phrases_around_the_cue() {
    let text = "Ferry strike enters second week\n\n\
        The ferry strike in Kelvport entered its second week on Monday.\n\n\
        \u{201c}The crossings will resume by Friday,\u{201d} harbour board spokesman Teodor Lind told reporters.\n\n\
        \u{201c}We were promised a fair hearing\u{201d} about the rota, insisted Agnes Morrow, a deckhand for eleven years.\n\n\
        \u{201c}Nobody asked the crews\u{201d} would be the verdict of many, union organiser Petra Vale said on Monday.\n\n\
        \u{201c}Bring back the night boats!\u{201d} one passenger shouted.\n\n\
        The delay did not surprise harbour pilot Jonas Ekholm: \u{201c}The fog decides, not the timetable.\u{201d}\n\n\
        Said Ekholm, \u{201c}Nobody sails in that.\u{201d}\n\n\
        On Tuesday, the mayor of Kelvport and chair of the harbour board said the talks were \u{201c}close to a deal\u{201d}.";
    let (doc, qs) = all(text);
    let mention = |start: &str| {
        quote_starting(&doc, &qs, start)
            .speaker_mention
            .map(|m| doc.slice(m).to_string())
    };
    // A name after a role and an organisation ("harbour board spokesman Teodor Lind told").
    assert_eq!(mention("The crossings").as_deref(), Some("Teodor Lind"));
    // An inverted cue after words that follow the quote.
    assert_eq!(mention("We were promised").as_deref(), Some("Agnes Morrow"));
    // The subject of a cue that ends the sentence, after a clause that continues the quote.
    assert_eq!(mention("Nobody asked").as_deref(), Some("Petra Vale"));
    // A quantified noun phrase.
    assert_eq!(mention("Bring back").as_deref(), Some("one passenger"));
    // A name right before the colon that opens the quote.
    assert_eq!(mention("The fog decides").as_deref(), Some("Jonas Ekholm"));
    // An inverted cue opening the sentence before the quote.
    assert_eq!(mention("Nobody sails").as_deref(), Some("Ekholm"));
    // A long role phrase after an opening adverbial.
    assert_eq!(
        mention("close to a deal").as_deref(),
        Some("the mayor of Kelvport and chair of the harbour board")
    );
}

#[test]
fn a_name_in_the_complement_of_a_role_noun_is_not_the_speaker() {
    let text = "Harbour fees rise in Tolvik\n\n\
        The harbour board raised its fees on Monday.\n\n\
        \u{201c}The board went the other way,\u{201d} said the former top aide to Mayor Ivo Varga.\n\n\
        \u{201c}We have a lot of work to do,\u{201d} said a longtime adviser to both Vargas, who declined to be named.\n\n\
        \u{201c}The ferry will be late all winter,\u{201d} said a harbour official who was not authorised to speak.\n\n\
        \u{201c}It was awful,\u{201d} said one of two witnesses who saw the crash.\n\n\
        \u{201c}The pier is closed,\u{201d} said a source close to Mayor Varga.\n\n\
        \u{201c}We will appeal,\u{201d} said the mayor of Tolvik.\n\n\
        \u{201c}We will not appeal,\u{201d} said Secretary of State Ana Lind.\n\n\
        \u{201c}Keep the lights on,\u{201d} Oskar Brandt sings to Mayor Varga before the vote.";
    let (doc, qs) = all(text);
    let said_by = |start: &str| {
        let q = quote_starting(&doc, &qs, start);
        (
            q.speaker_mention.map(|m| doc.slice(m).to_string()),
            q.speaker_name.clone(),
        )
    };
    // The role noun before "to", "who", "of" or "close to" speaks, not the name after it.
    for (start, role) in [
        ("The board went", "the former top aide"),
        ("We have a lot", "a longtime adviser"),
        ("The ferry will", "a harbour official"),
        ("It was awful", "one of two witnesses"),
        ("The pier is closed", "a source"),
    ] {
        let (mention, name) = said_by(start);
        assert_eq!(mention.as_deref(), Some(role), "speaker of {start:?}");
        assert_ne!(name.as_deref(), Some("Ivo Varga"), "speaker of {start:?}");
    }
    // The role without its dangling preposition (the mayor may well be Mayor Varga).
    assert_eq!(said_by("We will appeal").0.as_deref(), Some("the mayor"));
    // A preposition after a capitalised title belongs to the title.
    assert_eq!(said_by("We will not").0.as_deref(), Some("Ana Lind"));
    // The one who sings to someone, not the one sung to.
    assert_eq!(
        said_by("Keep the lights").0.as_deref(),
        Some("Oskar Brandt")
    );
}

#[test]
fn a_paragraph_opening_with_a_quote_goes_on_with_the_last_speaker() {
    let text = "Harbour toll to rise\n\n\
        The port authority voted on Monday to raise the harbour toll, its director Ilse Varga said.\n\n\
        \u{201c}We held the price for six years and the cranes are older than our pilots.\u{201d}\n\n\
        Fishermen in Kelvport were not consulted.\n\n\
        \u{201c}Nobody asked us,\u{201d} one skipper shouted from the quay.\n\n\
        \u{201c}It is a tax on the smallest boats.\u{201d}";
    let qs = quoted(text);
    // The quote paragraph right after Varga's attribution is hers.
    assert_eq!(speaker_of(&qs, "We held the price"), Some("Ilse Varga"));
    // A paragraph in between that names no speaker breaks the chain: the last quote is the
    // skipper's (unnamed), not Varga's.
    assert_ne!(speaker_of(&qs, "It is a tax"), Some("Ilse Varga"));
}

#[test]
fn a_sentence_opening_with_a_quote_goes_on_with_the_speaker_named_before_it() {
    let text = "Ferry fares frozen\n\n\
        The fare board kept prices flat for another year, chair Odile Brandt told reporters on Friday. \
        \u{201c}Families on the islands cannot pay more for the only road they have.\u{201d}\n\n\
        The board meets again in March.";
    let qs = quoted(text);
    assert_eq!(
        speaker_of(&qs, "Families on the islands"),
        Some("Odile Brandt")
    );
}

#[test]
fn a_party_label_in_parentheses_is_not_the_speaker() {
    // No comma after the opening phrase, so the subject is found right before the cue, past
    // the senator's party and state.
    let text = "Ferry fares\n\n\
        Saturday at the Norland Liberal party convention Sen. Ana Lind (D-NL) said presumptive \
        Liberal nominee Otto Berg was a \u{201c}proven failure\u{201d} in business.";
    let qs = quoted(text);
    assert_eq!(speaker_of(&qs, "proven failure"), Some("Ana Lind"));
}

#[test]
fn a_statement_after_its_quote_speaks_and_no_mention_runs_into_its_cue() {
    let text = "Ferry fares\n\n\
        The company confirmed he was a passenger on the ferry on Friday. He had worked for the \
        board for eight years and was \u{201c}a greatly respected colleague,\u{201d} the \
        statement added.\n\n\
        \u{201c}The skippers do not trust him,\u{201d} this source told the Tolvik Post.";
    let (doc, qs) = all(text);
    let mention = |start: &str| {
        quote_starting(&doc, &qs, start)
            .speaker_mention
            .map(|s| doc.slice(s).to_string())
    };
    // The statement is the source PolNeAR marks, not the man it describes.
    assert_eq!(
        mention("a greatly respected").as_deref(),
        Some("the statement")
    );
    // Not "this source told the Tolvik Post": a speaker mention ends before its cue.
    assert_eq!(mention("The skippers").as_deref(), Some("this source"));
}

#[test]
fn a_place_or_party_before_a_role_after_an_inverted_cue_is_not_the_speaker() {
    let text = "Ferry fares\n\n\
        \u{201c}We will not pay,\u{201d} said longtime Tolvik councillor Ana Lind.\n\n\
        The pier must stay open, said former Kell mayor Otto Berg.";
    let (doc, qs) = all(text);
    let speaker = |start: &str| quote_starting(&doc, &qs, start).speaker_name.as_deref();
    assert_eq!(speaker("We will not pay"), Some("Ana Lind"));
    assert_eq!(speaker("The pier must stay open"), Some("Otto Berg"));
}

#[test]
fn a_participle_after_a_quote_has_no_inverted_subject() {
    // "saying" is not a finite cue: the noun phrase after it is the subject of its own
    // clause, not the speaker; the speaker is the sentence's subject.
    let text = "Ferry fares\n\n\
        Otto Lind has delivered a defense of \u{201c}Kell values,\u{201d} saying the city \
        embodied the \u{201c}heart and soul of the north.\u{201d}";
    let (doc, qs) = all(text);
    assert_eq!(
        mention_at(&doc, &qs, "Kell values").as_deref(),
        Some("Otto Lind")
    );
}

#[test]
fn a_cue_word_read_as_a_plural_noun_is_not_a_cue() {
    // "states" after "many Nordic" is the noun; the cue is "said" at the sentence's end.
    let text = "Ferry fares\n\n\
        Kell has provoked mixed feelings in many Nordic states, and it has used \u{201c}soft \
        words\u{201d} in its dealings, said Ola Berg, an expert at Tolvik University.";
    let qs = quoted(text);
    assert_eq!(speaker_of(&qs, "soft words"), Some("Ola Berg"));
}

#[test]
fn a_quoted_programme_title_is_no_quotation() {
    // A title-case quote after a possessive, "on" or a programme noun names a work: it keeps
    // no speaker and no cue. The speech around it keeps its own.
    let text = "Pier dispute\n\n\
        \u{201c}The ferries are late again,\u{201d} Otto Lind told Kell Radio\u{2019}s \
        \u{201c}Morning Tide.\u{201d}\n\n\
        Dana Holt said on \u{201c}Harbour Watch\u{201d} that the pier would reopen.\n\n\
        Lind later appeared on the podcast \u{201c}Tides and Tolls.\u{201d}";
    let (doc, qs) = all(text);
    for title in ["Morning Tide", "Harbour Watch", "Tides and Tolls"] {
        let q = quote_starting(&doc, &qs, title);
        assert_eq!(
            (q.speaker_mention, q.cue, q.speaker_named_at),
            (None, None, None),
            "{title}"
        );
    }
    assert_eq!(
        mention_at(&doc, &qs, "The ferries").as_deref(),
        Some("Otto Lind")
    );
    // A sentence in title case is still speech when no possessive, "on" or programme noun
    // stands before it.
    let (doc, qs) = all("Pier dispute\n\nDana Holt said: \u{201c}Kell Wins Again.\u{201d}");
    let q = quote_starting(&doc, &qs, "Kell Wins");
    assert!(
        q.speaker_mention.is_some() || q.speaker_named_at.is_some(),
        "{q:?}"
    );
}

#[test]
fn a_relative_clause_closed_before_the_cue_leaves_the_speaker_its_name() {
    // "who" is the subject of the relative clause; the cue after the clause's comma is the
    // main clause's, whose subject is the name.
    let text = "Pier dispute\n\n\
        Dana Holt, who has told reporters the pier is unsafe, said in a statement: \
        \u{201c}We will close it before winter.\u{201d}";
    let (doc, qs) = all(text);
    assert_eq!(
        mention_at(&doc, &qs, "We will close").as_deref(),
        Some("Dana Holt")
    );
}

#[test]
fn a_speaker_mention_ends_before_a_trailing_participle() {
    // A past participle after the head noun modifies it; the mention is the noun phrase.
    let text = "Harbour vote\n\n\
        A court document filed Thursday says the harbour board will not be prosecuted.\n\n\
        The Kell harbour pilots polled said they would strike in the spring.";
    let (doc, qs) = all(text);
    let mentions: Vec<&str> = qs
        .iter()
        .filter_map(|q| q.speaker_mention.map(|m| doc.slice(m)))
        .collect();
    assert_eq!(mentions, ["A court document", "The Kell harbour pilots"]);
}

#[test]
fn no_speaker_mention_lies_inside_another_quote() {
    // The reported-speech fallback of the scare quote finds "asked" with the first quote's
    // words before it; those words are quoted, so they name no speaker.
    let text = "Pier dispute\n\n\
        ''Is Dana Holt running against the Harbour Board?'' asked Mr. Lind, referring to \
        what he calls the ''crooked'' vote. ''The answer is she is not.''";
    let (doc, qs) = all(text);
    assert_eq!(mention_at(&doc, &qs, "Is Dana").as_deref(), Some("Lind"));
    for q in &qs {
        if let Some(m) = q.speaker_mention {
            assert!(
                qs.iter().all(|o| !o.content.overlaps(m)),
                "{:?} speaks for {:?}",
                doc.slice(m),
                doc.slice(q.content)
            );
        }
    }
}

#[test]
fn a_time_phrase_between_subject_and_cue_is_no_speaker() {
    // "less than two weeks ago" says when, not who: the subject is before it.
    let text = "Pier dispute\n\n\
        The Harbour Board less than two weeks ago said for the first time that \
        \u{201c}unsafe\u{201d} cargo had passed through the pier.\n\n\
        The pilots two weeks ago said the pier would close.";
    let (doc, qs) = all(text);
    assert_eq!(
        mention_at(&doc, &qs, "unsafe").as_deref(),
        Some("Harbour Board")
    );
    assert_eq!(
        mention_at(&doc, &qs, "the pier would").as_deref(),
        Some("The pilots")
    );
}

#[test]
fn abbreviations_of_initials_stay_inside_a_name() {
    // "U.S." and "J.J." are one word of the name, not a name ending at "U.".
    let text = "Ferry vote\n\n\
        \u{201c}We have to stand as one,\u{201d} said Democratic U.S. Rep. Jane Dorrance of Kell.\n\n\
        \u{201c}The vote was close,\u{201d} said J.J. Varga, a pilot.";
    let qs = quoted(text);
    assert_eq!(speaker_of(&qs, "We have to"), Some("Jane Dorrance"));
    assert_eq!(speaker_of(&qs, "The vote was"), Some("J.J. Varga"));
}

#[test]
fn a_parenthesis_after_the_subject_does_not_hide_it() {
    // "Sen. Mark Hollis (D-Ore.) said": the speaker is Hollis, not the party and state.
    let text = "Ferry vote\n\n\
        \u{201c}We will pass it,\u{201d} said Ana Lind, the mayor.\n\n\
        \u{201c}This is not over,\u{201d} Sen. Mark Hollis (D-Ore.) said.";
    let qs = quoted(text);
    assert_eq!(speaker_of(&qs, "This is not"), Some("Mark Hollis"));
}

#[test]
fn words_that_are_no_role_do_not_join_a_name_as_its_speaker() {
    // "sided with the Ferry Union" is a verb phrase, not a role before a name: the participle's
    // speaker is the judge, the subject of the sentence.
    let text = "Ferry ruling\n\n\
        In June, a U.S. appeals court judge sided with the Ferry Union, saying the ferry law \
        broke the charter.";
    let (doc, qs) = all(text);
    assert_eq!(
        mention_at(&doc, &qs, "the ferry law").as_deref(),
        Some("a U.S. appeals court judge")
    );
}

#[test]
fn a_wire_dateline_is_no_part_of_what_a_source_said() {
    // The place and the agency's credit open the paragraph; officials said what follows them.
    let text = "Floods in Marlow\n\n\
        MARLOW, Nov. 30 (Coastal Wire) \u{2014} Floodwaters forced 4,000 people from their homes \
        on Monday, officials said.";
    let (doc, qs) = all(text);
    let q = quote_starting(&doc, &qs, "Floodwaters forced");
    assert_eq!(q.speaker_mention.map(|s| doc.slice(s)), Some("officials"));
    assert!(doc.slice(q.span).starts_with("Floodwaters"));
}

#[test]
fn an_indefinite_role_is_named_by_the_apposition_right_after_it() {
    // "a spokesman …, Brian Ochs," names the speaker; a later "a spokesman" with no name is
    // someone new, not Ochs.
    let text = "Ferry strike\n\n\
        A spokesman for the ferry company, Brian Ochs, said talks would resume on Friday.\n\n\
        \u{201c}We are not going back,\u{201d} said a union steward, Paul Dorn.\n\n\
        A spokesman for the port said the berths were empty.";
    let (doc, qs) = all(text);
    let name_of = |start: &str| quote_starting(&doc, &qs, start).speaker_name.clone();
    assert_eq!(name_of("talks would").as_deref(), Some("Brian Ochs"));
    assert_eq!(name_of("We are not").as_deref(), Some("Paul Dorn"));
    assert_eq!(name_of("the berths"), None);
}

#[test]
fn the_hearer_of_told_is_no_part_of_what_was_said() {
    // "told parliament that …": parliament heard it; the content opens after "that".
    let text = "Ferry strike\n\n\
        The transport minister, Ilse Varga, told parliament that the government would not \
        intervene.\n\n\
        Mayor Ana Lind told cheering supporters that the ferry would sail again.";
    let (doc, qs) = all(text);
    let q = quote_starting(&doc, &qs, "the government would");
    assert_eq!(q.cue.map(|c| doc.slice(c)), Some("told parliament"));
    let q = quote_starting(&doc, &qs, "the ferry would");
    assert_eq!(
        q.cue.map(|c| doc.slice(c)),
        Some("told cheering supporters")
    );
}

#[test]
fn a_day_after_the_cue_does_not_turn_a_trailing_phrase_into_the_content() {
    // "…, fire officials said Wednesday, forcing …": what they said is the clause before.
    let text = "Wildfire near Dunmore\n\n\
        A wildfire east of Dunmore doubled in size overnight, fire officials said Wednesday, \
        forcing the evacuation of about 2,000 homes.";
    let (doc, qs) = all(text);
    let q = quote_starting(&doc, &qs, "A wildfire east");
    assert_eq!(
        doc.slice(q.content),
        "A wildfire east of Dunmore doubled in size overnight"
    );
    assert_eq!(
        q.speaker_mention.map(|s| doc.slice(s)),
        Some("fire officials")
    );
}

#[test]
fn what_a_relative_clause_reports_ends_where_the_main_clause_goes_on() {
    // "who endorsed the plan in May, said …": the relative clause's content ends at its comma;
    // the main clause's cue and content are another attribution.
    let text = "Ferry plan\n\n\
        Mayor Ana Lind, who praised the ferry plan in May as a lifeline, said on Friday that \
        the budget had doubled.";
    let (doc, qs) = all(text);
    let q = quote_starting(&doc, &qs, "the ferry plan");
    assert_eq!(doc.slice(q.content), "the ferry plan in May as a lifeline");
    let q = quote_starting(&doc, &qs, "the budget");
    assert_eq!(doc.slice(q.content), "the budget had doubled");
}
