//! Unit tests of the segmenter on fictional text, one per hard case.

use super::*;

fn sentences(text: &str) -> Vec<&str> {
    segment(text)
        .sentences
        .iter()
        .map(|s| s.text(text))
        .collect()
}

fn tokens(text: &str) -> Vec<(&str, TokenKind)> {
    segment(text)
        .tokens
        .iter()
        .map(|t| (t.span.text(text), t.kind))
        .collect()
}

fn words(text: &str) -> Vec<&str> {
    tokens(text).into_iter().map(|(w, _)| w).collect()
}

#[test]
fn titles_do_not_split() {
    let t = "Sgt. Dana Kell spoke first. Gov. Ed Marsh and Dr. Lee Wu agreed. Lt. Col. Ray Ott, \
             Det. Amy Pike, Capt. Joe Roe, Rep. Ann Fry, Sen. Bo Dee, Mr. Al Tan, Mrs. Ida Lum \
             and Ms. Flo Mack left.";
    assert_eq!(
        sentences(t),
        [
            "Sgt. Dana Kell spoke first.",
            "Gov. Ed Marsh and Dr. Lee Wu agreed.",
            "Lt. Col. Ray Ott, Det. Amy Pike, Capt. Joe Roe, Rep. Ann Fry, Sen. Bo Dee, Mr. Al \
             Tan, Mrs. Ida Lum and Ms. Flo Mack left."
        ]
    );
}

#[test]
fn no_split_inside_a_titled_name_even_run_together() {
    for t in [
        "Officers said Sgt. Hunter Grove fired.",
        "Officers said Sgt.Hunter Grove fired.",
    ] {
        assert_eq!(sentences(t).len(), 1, "{t}");
    }
}

#[test]
fn states_and_companies_in_mid_sentence() {
    let t = "A Brookfield, Miss., police officer met Acme Inc. officials in Dover, Del. on Oct. \
             12 near St. Louis. He left.";
    assert_eq!(
        sentences(t),
        [
            "A Brookfield, Miss., police officer met Acme Inc. officials in Dover, Del. on Oct. \
             12 near St. Louis.",
            "He left."
        ]
    );
}

#[test]
fn ambiguous_abbreviation_ends_sentence_before_a_sentence_starter() {
    let t = "The plant is south of Nashville, Tenn. The mayor works for Bolt Co. She said no. 3 \
             is next. He moved to the U.S. In 2020 he left. Born John Doe Jr. He was the third.";
    assert_eq!(
        sentences(t),
        [
            "The plant is south of Nashville, Tenn.",
            "The mayor works for Bolt Co.",
            "She said no. 3 is next.",
            "He moved to the U.S.",
            "In 2020 he left.",
            "Born John Doe Jr.",
            "He was the third."
        ]
    );
}

#[test]
fn us_attorney_and_months_stay_together() {
    let t = "The U.S. Attorney spoke on Jan. 5 and again on Dec. 9, 2024, at No. 10 Main St.";
    assert_eq!(sentences(t).len(), 1);
}

#[test]
fn initials() {
    let t = "J. R. Smith and A. B. Cole wrote it. T. Fox agreed.";
    assert_eq!(
        sentences(t),
        ["J. R. Smith and A. B. Cole wrote it.", "T. Fox agreed."]
    );
}

#[test]
fn decimals_times_and_am_pm() {
    let t = "Rates rose 3.5 percent by 10:30 a.m. Friday. The call came at 9 p.m. Police then \
             arrived at 11 p.m. ET on site.";
    assert_eq!(
        sentences(t),
        [
            "Rates rose 3.5 percent by 10:30 a.m. Friday.",
            "The call came at 9 p.m.",
            "Police then arrived at 11 p.m. ET on site."
        ]
    );
}

#[test]
fn ellipses() {
    let t = "We waited... and waited. Then… Nothing. He said we will … continue.";
    assert_eq!(
        sentences(t),
        [
            "We waited... and waited.",
            "Then…",
            "Nothing.",
            "He said we will … continue."
        ]
    );
}

#[test]
fn closing_quotes_stay_with_their_sentence() {
    let t = "He said, “It is over.” Then he left. She asked, \"Why?\" \
             They said 'Go!' He wrote: (See below.) It ended.";
    assert_eq!(
        sentences(t),
        [
            "He said, “It is over.”",
            "Then he left.",
            "She asked, \"Why?\"",
            "They said 'Go!'",
            "He wrote: (See below.)",
            "It ended."
        ]
    );
}

#[test]
fn question_inside_quote_before_lowercase_does_not_split() {
    let t = "“Why now?” she asked. “Stop!” the officer yelled.";
    assert_eq!(
        sentences(t),
        ["“Why now?” she asked.", "“Stop!” the officer yelled."]
    );
}

#[test]
fn quote_spanning_sentences_is_split_inside() {
    let t = "“We are sad. We will fight. Nobody listens,” the lawyer said. “It ends now.”";
    assert_eq!(
        sentences(t),
        [
            "“We are sad.",
            "We will fight.",
            "Nobody listens,” the lawyer said.",
            "“It ends now.”"
        ]
    );
}

#[test]
fn run_together_sentences_split() {
    let t = "The chief cleared him of wrongdoing.Sgt Lane Dorn shot twice.It was late in \
             November.You should read AP.Reporters saw it.“Go,” he said.";
    assert_eq!(
        sentences(t),
        [
            "The chief cleared him of wrongdoing.",
            "Sgt Lane Dorn shot twice.",
            "It was late in November.",
            "You should read AP.",
            "Reporters saw it.",
            "“Go,” he said."
        ]
    );
}

#[test]
fn run_together_exceptions() {
    for t in [
        "The U.S. said so at 9 a.m. today.",
        "Read more at newsdesk.com today.",
        "It rose 3.5 percent.",
        "Sgt. Hunter Grove spoke.",
        "The J.Smith file.",
        "Rep. Dana Holt, R-W.Va., toured the yard.",
        "Visit example.org/about.html now.",
    ] {
        assert_eq!(sentences(t), [t], "{t}");
    }
}

#[test]
fn bullets_and_headings() {
    let t = "KEY POINTS\n\n• First point here\n- Second point.\n* Third one\n1. Numbered \
             item\n2) Another\n\nBody text starts. It goes on.";
    let seg = segment(t);
    let s: Vec<_> = seg.sentences.iter().map(|s| s.text(t)).collect();
    assert_eq!(
        s,
        [
            "KEY POINTS",
            "First point here",
            "Second point.",
            "Third one",
            "Numbered item",
            "Another",
            "Body text starts.",
            "It goes on."
        ]
    );
    let p: Vec<_> = seg.paragraphs.iter().map(|s| s.text(t)).collect();
    assert_eq!(p[1], "• First point here");
    assert_eq!(p.len(), 7);
}

#[test]
fn heading_followed_by_single_line_break() {
    let t = "Town Council Votes on Budget\nThe council met on Monday. It voted.";
    assert_eq!(
        sentences(t),
        [
            "Town Council Votes on Budget",
            "The council met on Monday.",
            "It voted."
        ]
    );
}

#[test]
fn paragraph_break_always_ends_a_sentence() {
    let t = "The mayor said that\n\nthe plan works";
    assert_eq!(sentences(t), ["The mayor said that", "the plan works"]);
}

#[test]
fn hard_wrapped_prose_is_joined() {
    let t = "The mayor of the small town said on Friday that the\n\
             council would meet again next week to discuss the\n\
             budget. Sgt. Rob Hale of the police department\n\
             agreed.";
    assert_eq!(sentences(t).len(), 2);
    assert_eq!(segment(t).paragraphs.len(), 1);
}

#[test]
fn spans_are_trimmed_and_ordered() {
    let t = "  \n\n  First one.   Second one.  \r\n\r\n  Third  \n";
    let seg = segment(t);
    assert_eq!(sentences(t), ["First one.", "Second one.", "Third"]);
    for w in seg.sentences.windows(2) {
        assert!(w[0].end <= w[1].start);
    }
    for p in &seg.paragraphs {
        let s = p.text(t);
        assert_eq!(s, s.trim());
    }
}

#[test]
fn token_words_keep_inner_hyphens_and_apostrophes() {
    assert_eq!(
        words("A 1-year-old, O'Brien hasn't met co-workers."),
        [
            "A",
            "1-year-old",
            ",",
            "O'Brien",
            "hasn't",
            "met",
            "co-workers",
            "."
        ]
    );
}

#[test]
fn possessive_clitic_is_its_own_token() {
    assert_eq!(
        words("Grove's car and Grove’s dog, the officers’ cars"),
        [
            "Grove", "'s", "car", "and", "Grove", "’s", "dog", ",", "the", "officers", "’", "cars"
        ]
    );
}

#[test]
fn token_kinds() {
    assert_eq!(
        tokens("“U.S. paid $1,000.50 at 10:30 (3.5%) #tag"),
        [
            ("“", TokenKind::Punct),
            ("U.S.", TokenKind::Word),
            ("paid", TokenKind::Word),
            ("$", TokenKind::Symbol),
            ("1,000.50", TokenKind::Number),
            ("at", TokenKind::Word),
            ("10:30", TokenKind::Number),
            ("(", TokenKind::Punct),
            ("3.5", TokenKind::Number),
            ("%", TokenKind::Symbol),
            (")", TokenKind::Punct),
            ("#", TokenKind::Symbol),
            ("tag", TokenKind::Word),
        ]
    );
}

#[test]
fn abbreviations_keep_their_period() {
    assert_eq!(
        words("Sgt. Grove, J. Doe and Tenn. police at 5 p.m."),
        ["Sgt.", "Grove", ",", "J.", "Doe", "and", "Tenn.", "police", "at", "5", "p.m."]
    );
}

#[test]
fn ordinals_are_numbers() {
    assert_eq!(
        tokens("21st")[0],
        ("21st", TokenKind::Number),
        "ordinal number"
    );
    assert_eq!(tokens("65km")[0].1, TokenKind::Word);
}

#[test]
fn tokens_never_overlap_and_lie_inside_sentences() {
    let t = "He said.“Go!”\n\n• Item one\nSgt. Kay's car... left at 3 p.m. Then?!";
    let seg = segment(t);
    for w in seg.tokens.windows(2) {
        assert!(w[0].span.end <= w[1].span.start);
    }
    for s in &seg.sentences {
        assert!(
            seg.paragraphs.iter().any(|p| p.contains(*s)),
            "sentence outside paragraphs"
        );
    }
}

#[test]
fn bad_input_never_panics() {
    let long_sentence = "word ".repeat(20_000);
    let caps = "THE OFFICER SAID NO. HE LEFT. ".repeat(1000);
    let quotes = "\"“”‘’'".repeat(5000);
    let garbage: String = (1u32..5000)
        .filter_map(char::from_u32)
        .filter(|c| *c != '\0')
        .collect();
    let dots = ".".repeat(10_000) + &"a.".repeat(10_000);
    for t in [
        "",
        " ",
        "\n\n\n",
        ".",
        "'s",
        "’",
        "1.",
        "•",
        "- ",
        "\r",
        "\u{2029}",
        "a\u{301}.",
        long_sentence.as_str(),
        caps.as_str(),
        quotes.as_str(),
        garbage.as_str(),
        dots.as_str(),
    ] {
        let seg = segment(t);
        for s in seg.sentences.iter().chain(&seg.paragraphs) {
            assert!(t.get(s.start..s.end).is_some());
        }
        for tok in &seg.tokens {
            assert!(!tok.span.is_empty());
            assert!(t.get(tok.span.start..tok.span.end).is_some());
        }
    }
    assert_eq!(segment(&long_sentence).sentences.len(), 1);
}

#[test]
fn quoted_question_before_its_speaker_is_one_sentence() {
    let t = "“Why now?” Officer Dana Kell asked. “Stop!” Kell yelled. “Why?” Nobody knew.";
    assert_eq!(
        sentences(t),
        [
            "“Why now?” Officer Dana Kell asked.",
            "“Stop!” Kell yelled.",
            "“Why?”",
            "Nobody knew."
        ]
    );
}

#[test]
fn line_break_after_a_title_does_not_split_the_name() {
    let t = "The officer was named as Sgt.\nHunter Grove of the city police.";
    assert_eq!(sentences(t), [t]);
    let t = "The memo was signed by J.\nR. Doe on Monday.";
    assert_eq!(sentences(t), [t]);
}

#[test]
fn short_steps_on_single_lines_are_not_wrapped_prose() {
    let t = "Buy a ferry pass at the pier for ten dollars a month\n\
             If you already hold a pass, visit the office to renew it today\n\
             Show the same card at the gate when you board the boat";
    assert_eq!(segment(t).paragraphs.len(), 3);
    assert_eq!(sentences(t).len(), 3);
}

/// Random strings over an alphabet of tricky characters: every invariant of the
/// segmentation holds (spans on character boundaries, sorted, disjoint, trimmed, nested).
#[test]
fn invariants_hold_on_random_tricky_text() {
    const ALPHABET: &[&str] = &[
        "a", "B", "St", "Sgt", "U.S.", "a.m.", " ", " ", "\n", "\n\n", "\r\n", ".", "...", "…",
        "?", "!", "“", "”", "\"", "'", "’s", "’", "(", ")", "-", "—", "•", "1", "3.5", "10:30",
        ",", "#", "$", "é", "\u{301}", "\u{2028}", "\u{2029}", "\t", "1.", "J.", "x.com",
    ];
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    for _ in 0..2000 {
        let mut t = String::new();
        for _ in 0..(state % 60) {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            t.push_str(ALPHABET[(state % ALPHABET.len() as u64) as usize]);
        }
        let seg = segment(&t);
        for w in seg.tokens.windows(2) {
            assert!(w[0].span.end <= w[1].span.start, "{t:?}");
        }
        for tok in &seg.tokens {
            assert!(!tok.span.is_empty() && t.get(tok.span.start..tok.span.end).is_some());
        }
        for list in [&seg.sentences, &seg.paragraphs] {
            for w in list.windows(2) {
                assert!(w[0].end <= w[1].start, "{t:?}");
            }
            for s in list.iter() {
                let x = t.get(s.start..s.end).expect("char boundary");
                assert!(!x.is_empty() && x.trim() == x, "{t:?}: {x:?}");
            }
        }
        for s in &seg.sentences {
            assert!(seg.paragraphs.iter().any(|p| p.contains(*s)), "{t:?}");
        }
    }
}
