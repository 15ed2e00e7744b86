//! Unit tests of cleaning on fictional text, one or more per reason.

use super::*;
use crate::document::SourceFormat;
use crate::segment::segment;

/// The ignored texts of `text` with their reasons. The first line is the headline.
fn ignored(text: &str) -> Vec<(IgnoreReason, &str)> {
    let mut doc = Document::new("t.txt", SourceFormat::Text, text.to_owned());
    doc.headline = crate::document::first_line_span(text);
    let seg = segment(text);
    clean(&doc, &seg)
        .into_iter()
        .map(|ig| (ig.reason, ig.span.text(text)))
        .collect()
}

const HEAD: &str = "Harbor Town Opens New Ferry Terminal\n\n";
const BODY: &str = "The new terminal opened on Monday, the port authority said. Mayor Lin Oduya \
                    called it a milestone.\n\n";

#[test]
fn article_text_is_never_ignored() {
    let t = format!(
        "{HEAD}{BODY}“You should see the view,” said Oduya. Residents can take the \
                     ferry for free until June.\n\nThe authority said 2,000 people subscribed to \
                     its text alerts. She contributed $5 to the report fund, he said."
    );
    assert_eq!(ignored(&t), []);
}

#[test]
fn newsletter_promo_with_teaser() {
    let t = format!(
        "{HEAD}{BODY}Want the best local stories? Sign up for our free Harbor Daily \
                     newsletter.\n\nThe ferry runs hourly."
    );
    assert_eq!(
        ignored(&t),
        [(
            IgnoreReason::Promo,
            "Want the best local stories? Sign up for our free Harbor Daily newsletter."
        )]
    );
}

#[test]
fn subscription_promo() {
    let t = format!(
        "{HEAD}{BODY}Subscribe to the Harbor Gazette for unlimited access.\n\nThe \
                     ferry runs hourly."
    );
    assert_eq!(
        ignored(&t),
        [(
            IgnoreReason::Promo,
            "Subscribe to the Harbor Gazette for unlimited access."
        )]
    );
}

#[test]
fn trailing_call_to_action_run_is_an_ad() {
    let t = format!(
        "{HEAD}{BODY}The ferry runs hourly.You check the weather every day. Now get \
                     our Tide app. Download it free."
    );
    assert_eq!(
        ignored(&t),
        [(
            IgnoreReason::Ad,
            "You check the weather every day. Now get our Tide app. Download it free."
        )]
    );
}

#[test]
fn standalone_ad_paragraph() {
    let t = format!(
        "{HEAD}{BODY}Take our five-minute quiz and test your port trivia.\n\nThe \
                     ferry runs hourly."
    );
    assert_eq!(
        ignored(&t),
        [(
            IgnoreReason::Ad,
            "Take our five-minute quiz and test your port trivia."
        )]
    );
}

#[test]
fn service_text_about_subscriptions_is_not_a_promo() {
    let t = format!(
        "{HEAD}{BODY}If you only want the ferry pass, you can sign up for a free \
                     trial. Riders should grow their subscriber base, you know.\n\nThe ferry \
                     runs hourly."
    );
    assert_eq!(ignored(&t), []);
}

#[test]
fn reader_address_without_product_is_not_an_ad() {
    let t = format!("{HEAD}{BODY}If you live nearby, you will hear the horn at dawn.");
    assert_eq!(ignored(&t), []);
}

#[test]
fn hashtag_line() {
    let t = format!("{HEAD}{BODY}#Ferry #Harbor #Opening #Transit\n\nThe #1 route is busy.");
    assert_eq!(
        ignored(&t),
        [(IgnoreReason::Hashtags, "#Ferry #Harbor #Opening #Transit")]
    );
}

#[test]
fn contributor_credits() {
    for credit in [
        "Sam Ito and Rae Kwan contributed to this report.",
        "Reporting by Sam Ito; Editing by Rae Kwan",
        "Additional reporting by Sam Ito in Port Vale.",
        "The Associated Press contributed reporting.",
    ] {
        let t = format!("{HEAD}{BODY}The ferry runs hourly.\n\n{credit}");
        assert_eq!(
            ignored(&t),
            [(IgnoreReason::ContributorCredit, credit)],
            "{credit}"
        );
    }
}

#[test]
fn read_more_and_related_lines() {
    for line in [
        "READ MORE: Harbor fees to rise in spring",
        "Related: Ferry workers vote to strike",
        "Also read: New pier for cruise ships",
        "SEE ALSO Port Vale budget",
    ] {
        let t = format!("{HEAD}{BODY}{line}\n\nThe ferry runs hourly.");
        assert_eq!(ignored(&t), [(IgnoreReason::ReadMore, line)], "{line}");
    }
    // "Related" starting an ordinary sentence is article text.
    let t = format!("{HEAD}{BODY}Related charges were dropped on Friday.");
    assert_eq!(ignored(&t), []);
}

#[test]
fn related_heading_takes_its_link_list() {
    let t = format!(
        "{HEAD}{BODY}Related\n• Ferry workers vote\n• New pier opens\n\nThe ferry \
                     runs hourly."
    );
    assert_eq!(
        ignored(&t),
        [
            (IgnoreReason::ReadMore, "Related"),
            (IgnoreReason::ReadMore, "• Ferry workers vote"),
            (IgnoreReason::ReadMore, "• New pier opens"),
        ]
    );
}

#[test]
fn photo_credits() {
    let t = format!("{HEAD}{BODY}Commuters and tourists waited for hours in the rain to board the first boat. (Photo by Ana Ruiz/Getty Images)\n\n\
                     Photo: AP\n\nCredit: Ana Ruiz\n\nAna Ruiz/Reuters\n\nCrowds gathered \
                     (AP Photo/Ana Ruiz) at the pier.");
    assert_eq!(
        ignored(&t),
        [
            (
                IgnoreReason::PhotoCredit,
                "(Photo by Ana Ruiz/Getty Images)"
            ),
            (IgnoreReason::PhotoCredit, "Photo: AP"),
            (IgnoreReason::PhotoCredit, "Credit: Ana Ruiz"),
            (IgnoreReason::PhotoCredit, "Ana Ruiz/Reuters"),
            (IgnoreReason::PhotoCredit, "(AP Photo/Ana Ruiz)"),
        ]
    );
}

#[test]
fn headline_is_never_ignored() {
    let t = "Related: Harbor news\n\nThe ferry runs hourly.";
    assert_eq!(ignored(t), []);
}

#[test]
fn spans_are_sorted_and_disjoint_on_noisy_input() {
    let t = format!(
        "{HEAD}{}",
        "Sign up for our newsletter. #a #b #c\n\nRead more: x\n\n(Photo: Y/AP) You get the \
         app. Take the quiz!\n"
            .repeat(200)
    );
    let mut doc = Document::new("t.txt", SourceFormat::Text, t.clone());
    doc.headline = crate::document::first_line_span(&t);
    let v = clean(&doc, &segment(&t));
    assert!(!v.is_empty());
    for w in v.windows(2) {
        assert!(w[0].span.end <= w[1].span.start, "{:?}", (&w[0], &w[1]));
    }
}

#[test]
fn long_promo_paragraph_stays_linear() {
    // One paragraph of many promo sentences: each is examined a bounded number of times.
    let t = format!(
        "{HEAD}{}",
        "Want more? Sign up for our newsletter. ".repeat(5000)
    );
    let v = ignored(&t);
    assert_eq!(v.len(), 1);
    assert_eq!(v[0].0, IgnoreReason::Promo);
    assert!(v[0].1.starts_with("Want more?") && v[0].1.ends_with("newsletter."));
}

/// Random documents built from boilerplate and article pieces: ignored spans are always on
/// character boundaries, sorted, disjoint, trimmed and outside the headline.
#[test]
fn invariants_hold_on_random_documents() {
    const PIECES: &[&str] = &[
        "Sign up for our newsletter.",
        "Want more? ",
        "#a #b #c",
        "Read more: x",
        "Related",
        "• link",
        "(Photo by A/Getty Images)",
        "Photo: AP",
        "You use maps. Take the quiz.",
        "B contributed to this report.",
        "The mayor said “you can subscribe.”",
        "Rates rose 3.5%.",
        " ",
        "\n",
        "\n\n",
        "’",
        "é",
    ];
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..1000 {
        let mut t = String::from("Headline here\n\n");
        for _ in 0..(state % 30) {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            t.push_str(PIECES[(state % PIECES.len() as u64) as usize]);
        }
        let mut doc = Document::new("t.txt", SourceFormat::Text, t.clone());
        doc.headline = crate::document::first_line_span(&t);
        let v = clean(&doc, &segment(&t));
        for w in v.windows(2) {
            assert!(w[0].span.end <= w[1].span.start, "{t:?}");
        }
        for ig in &v {
            let x = t.get(ig.span.start..ig.span.end).expect("char boundary");
            assert!(!x.is_empty() && x.trim() == x, "{t:?}: {x:?}");
            assert!(ig.span.start >= "Headline here".len(), "{t:?}");
        }
    }
}

#[test]
fn a_page_date_stamp_line_is_a_date_stamp() {
    for stamp in [
        "Updated: 3 March 2026, 10:02 GMT",
        "4 March 2026 Last updated at 09:15 GMT",
        "PUBLISHED: TUESDAY, MARCH 3, 2026, 8:41 PM",
        "Posted on Tue Mar 3, 2026 07:30 AM PST | Updated 9:12 a.m.",
        "First published 03/03/2026 6:05 pm EST",
        "POSTED: 1130 GMT (1930 HKT), March 3, 2026",
    ] {
        let t = format!("{HEAD}{stamp}\n\n{BODY}");
        assert_eq!(ignored(&t), [(IgnoreReason::DateStamp, stamp)], "{stamp}");
    }
}

#[test]
fn lines_that_merely_mention_posting_or_dates_are_article_text() {
    for line in [
        "A video posted online on March 3, 2026 showed the ferry leaving at 6 p.m.",
        "HARLOW, Maine, March 3, 2026 (Coastal Wire) — The ferry resumed service.",
        "Updated figures came on Tuesday.",
        "Published in 2024, the report found 3 errors.",
        "Posted speed limits were lowered on March 3.",
    ] {
        let t = format!("{HEAD}{line}\n\n{BODY}");
        assert_eq!(ignored(&t), [], "{line}");
    }
}
