//! Unit tests of the date tagger, one or more per recognition rule of `rules.rs` on our own
//! sentences. About 1,100 lines on purpose: a test per rule, in one file beside the rules.

use super::*;

fn d(y: i16, m: i8, dd: i8) -> Option<Date> {
    Date::new(y, m, dd).ok()
}

fn run(text: &str) -> Vec<(String, String)> {
    extract_text(text, &[], d(2026, 10, 23), |_| false)
        .into_iter()
        .map(|t| {
            (
                t.span.text(text).to_string(),
                t.value.unwrap_or_else(|| "-".into()),
            )
        })
        .collect()
}

fn value_of(text: &str, expr: &str) -> Option<String> {
    run(text)
        .into_iter()
        .find(|(t, _)| t == expr)
        .map(|(_, v)| v)
}

#[test]
fn compound_and_paired_numbers_and_years_ago() {
    assert_eq!(
        value_of("It took a couple of years.", "a couple of years").as_deref(),
        Some("P2Y")
    );
    assert_eq!(
        value_of("It rained for twenty four hours.", "twenty four hours").as_deref(),
        Some("PT24H")
    );
    assert_eq!(
        value_of("It lasted 2 1/2 years.", "2 1/2 years").as_deref(),
        Some("P2Y6M")
    );
    assert_eq!(
        value_of("It lasted a minute and a half.", "a minute and a half").as_deref(),
        Some("PT1M30S")
    );
    assert_eq!(
        value_of("It lasted half an hour or 1.5 hours.", "1.5 hours").as_deref(),
        Some("PT1H30M")
    );
    // A day mentioned before does not make "two years ago" a day.
    assert_eq!(
        value_of(
            "It opened on March 3. It closed almost two years ago.",
            "almost two years ago"
        )
        .as_deref(),
        Some("2024")
    );
}

#[test]
fn absolute_dates() {
    assert_eq!(
        value_of("It began on June 14.", "June 14").as_deref(),
        Some("2026-06-14")
    );
    assert_eq!(
        value_of("Filed Oct. 23, 2025.", "Oct. 23, 2025").as_deref(),
        Some("2025-10-23")
    );
    assert_eq!(
        value_of(
            "\"It was Wednesday October 21st,\" she said.",
            "Wednesday October 21st"
        )
        .as_deref(),
        Some("2026-10-21")
    );
    assert_eq!(
        value_of("Due 2026-06-14.", "2026-06-14").as_deref(),
        Some("2026-06-14")
    );
    assert_eq!(
        value_of("Due 6/14/2026.", "6/14/2026").as_deref(),
        Some("2026-06-14")
    );
    assert_eq!(
        value_of("Born 11 December 1990.", "11 December 1990").as_deref(),
        Some("1990-12-11")
    );
}

#[test]
fn weekdays_follow_tense() {
    // DCT is Friday 2026-10-23; the DCT's own weekday counts as the most recent.
    assert_eq!(
        value_of("The mayor confirmed on Friday.", "Friday").as_deref(),
        Some("2026-10-23")
    );
    assert_eq!(
        value_of("Officials said Monday.", "Monday").as_deref(),
        Some("2026-10-19")
    );
    assert_eq!(
        value_of("The board will meet Monday.", "Monday").as_deref(),
        Some("2026-10-26")
    );
    assert_eq!(
        value_of("She spoke Friday afternoon.", "Friday afternoon").as_deref(),
        Some("2026-10-23TAF")
    );
}

#[test]
fn relative_expressions() {
    assert_eq!(
        value_of("He resigned earlier this week.", "earlier this week").as_deref(),
        Some("2026-W43")
    );
    assert_eq!(
        value_of("It closed last month.", "last month").as_deref(),
        Some("2026-09")
    );
    assert_eq!(
        value_of("It will open next week.", "next week").as_deref(),
        Some("2026-W44")
    );
    assert_eq!(
        value_of("It closed two weeks ago.", "two weeks ago").as_deref(),
        Some("2026-W41")
    );
    assert_eq!(
        value_of("It rained yesterday.", "yesterday").as_deref(),
        Some("2026-10-22")
    );
    assert_eq!(
        value_of("It is closed now.", "now").as_deref(),
        Some("PRESENT_REF")
    );
    assert_eq!(
        value_of("He recently left.", "recently").as_deref(),
        Some("PAST_REF")
    );
    assert_eq!(
        value_of("Sales fell last year.", "last year").as_deref(),
        Some("2025")
    );
    assert_eq!(
        value_of("Sales fell over the past year.", "the past year").as_deref(),
        Some("2025")
    );
    assert_eq!(
        value_of("We met this morning.", "this morning").as_deref(),
        Some("2026-10-23TMO")
    );
    let early = extract_text(
        "A trial will start in early November.",
        &[],
        d(2026, 10, 23),
        |_| false,
    );
    assert_eq!(early[0].value.as_deref(), Some("2026-11"));
    assert_eq!(early[0].modifier, Some("START"));
}

#[test]
fn durations_and_times() {
    assert_eq!(
        value_of("A monthslong probe ended.", "monthslong").as_deref(),
        Some("PXM")
    );
    assert_eq!(
        value_of("A months-long probe ended.", "months-long").as_deref(),
        Some("PXM")
    );
    assert_eq!(
        value_of("It took several days.", "several days").as_deref(),
        Some("PXD")
    );
    assert_eq!(
        value_of("It took one week.", "one week").as_deref(),
        Some("P1W")
    );
    assert_eq!(
        value_of("He served 30 years.", "30 years").as_deref(),
        Some("P30Y")
    );
    assert_eq!(
        value_of("They met at 10:30 a.m.", "10:30 a.m.").as_deref(),
        Some("2026-10-23T10:30")
    );
    assert_eq!(value_of("A 34-year-old man.", "34-year"), None);
    assert_eq!(value_of("At 12 : 00 p.m. it ended.", "00 p.m."), None);
    assert_eq!(value_of("Curfew from 1230 hours.", "1230 hours"), None);
}

#[test]
fn anchored_expressions_keep_their_anchor() {
    let text = "She called him days before the shooting, police said.";
    let t = extract_text(text, &[], d(2026, 10, 23), |_| false);
    let days = t
        .iter()
        .find(|t| t.span.text(text) == "days")
        .expect("days found");
    assert_eq!(days.value.as_deref(), Some("PXD"));
    assert_eq!(days.anchor.map(|a| a.text(text)), Some("the shooting"));
}

#[test]
fn months_follow_tense() {
    assert_eq!(
        value_of("He was shot in June.", "June").as_deref(),
        Some("2026-06")
    );
    assert_eq!(
        value_of("The vote was held in December.", "December").as_deref(),
        Some("2025-12")
    );
    assert_eq!(
        value_of("The vote will be held in December.", "December").as_deref(),
        Some("2026-12")
    );
}

#[test]
fn no_dct_means_no_invented_date() {
    let t = extract_text("He left on Friday, last month.", &[], None, |_| false);
    let v: Vec<_> = t
        .iter()
        .map(|t| t.value.clone().unwrap_or_default())
        .collect();
    assert_eq!(v, vec!["XXXX-WXX-5", "XXXX-XX"]);
}

#[test]
fn false_friends_are_dropped() {
    assert!(run("Officials may decide. May I ask?").is_empty());
    assert!(run("The firm cut 2000 jobs, paying $2010 each.").is_empty());
    assert_eq!(run("It happened in May.").len(), 1);
}

#[test]
fn bad_input_never_panics() {
    let soup: String = (0..20_000)
        .map(|i| char::from(b'0' + (i % 10) as u8))
        .collect();
    let _ = run(&soup);
    let _ = run("1/1/1 99/99/99 12:99 25:00 9999-99-99 99999-01-01 0000-00-00 Q9");
    let many = "Friday ".repeat(10_000);
    assert_eq!(run(&many).len(), 10_000);
    let t = extract_text("Due February 30.", &[], d(2026, 10, 23), |_| false);
    assert_eq!(t.len(), 1);
    assert_eq!(t[0].value, None);
    let _ = run("May may May may. Year 99999 and 2026-02-30.");
    let _ = extract_text("It was Friday", &[], d(-9999, 1, 1), |_| false);
    let _ = extract_text("next year, 9999 years ago", &[], d(9999, 12, 31), |_| false);
}

fn pairs(v: &[(&str, &str)]) -> Vec<(String, String)> {
    v.iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

#[test]
fn the_reported_quarter_anchors_year_earlier_expressions() {
    assert_eq!(
        run("Net income rose in the third quarter from a year earlier."),
        pairs(&[
            ("the third quarter", "2026-Q3"),
            ("a year earlier", "2025-Q3")
        ])
    );
    assert_eq!(
        run("Profit in the quarter fell; the year-ago quarter was weak."),
        pairs(&[
            ("the quarter", "2026-Q3"),
            ("the year-ago quarter", "2025-Q3")
        ])
    );
    assert_eq!(
        run("Sales beat the fiscal 2024 first quarter and year-earlier levels."),
        pairs(&[
            ("the fiscal 2024 first quarter", "2024-Q1"),
            ("year-earlier", "2023-Q1")
        ])
    );
    // "a year earlier" counts from the year last mentioned, "a year ago" from the DCT.
    assert_eq!(
        run("It fell in 2024 from a year earlier, and from a year ago."),
        pairs(&[
            ("2024", "2024"),
            ("a year earlier", "2023"),
            ("a year ago", "2025")
        ])
    );
}

#[test]
fn sets_carry_calendar_values() {
    assert_eq!(
        run("They meet every Monday and on Tuesday nights, and each July."),
        pairs(&[
            ("every Monday", "XXXX-WXX-1"),
            ("Tuesday nights", "XXXX-WXX-2TNI"),
            ("each July", "XXXX-07"),
        ])
    );
    assert!(run("It pays a quarterly dividend at its annual meeting.").is_empty());
    assert_eq!(
        run("Dividends are paid quarterly."),
        pairs(&[("quarterly", "P1Q")])
    );
}

#[test]
fn schedules_and_present_tense_look_ahead() {
    // A past verb nearby, but a date a few weeks ahead is a schedule.
    assert_eq!(
        value_of(
            "The company said it will redeem the preferred shares on Nov. 15.",
            "Nov. 15"
        )
        .as_deref(),
        Some("2026-11-15")
    );
    // A present-tense verb is nearer than "said": the nearest January.
    assert_eq!(
        value_of(
            "The firm said it is calling the bonds on Jan. 20.",
            "Jan. 20"
        )
        .as_deref(),
        Some("2027-01-20")
    );
    // Far enough back, a past clause still means the past.
    assert_eq!(
        value_of("The firm said it redeemed the bonds on Feb. 2.", "Feb. 2").as_deref(),
        Some("2026-02-02")
    );
    assert_eq!(
        value_of("In recent years prices rose.", "recent years").as_deref(),
        Some("PAST_REF")
    );
}

#[test]
fn centuries_are_their_first_two_digits() {
    assert_eq!(
        value_of(
            "The chapel dates from the 11th century.",
            "the 11th century"
        )
        .as_deref(),
        Some("10")
    );
    assert_eq!(
        value_of(
            "Steel changed the city in the 20th century.",
            "the 20th century"
        )
        .as_deref(),
        Some("19")
    );
}

#[test]
fn the_adjective_recent_is_not_a_date() {
    let found: Vec<String> = run("The recent storm closed the port. It recently reopened.")
        .into_iter()
        .map(|(t, _)| t)
        .collect();
    assert_eq!(found, vec!["recently".to_string()]);
}

#[test]
fn counts_before_duration_adjectives() {
    assert_eq!(
        value_of("The index fell for six straight days.", "six straight days").as_deref(),
        Some("P6D")
    );
    assert_eq!(
        value_of("It took five trading days to recover.", "five trading days").as_deref(),
        Some("P5D")
    );
}

#[test]
fn month_with_relative_year() {
    let found = run("The plant closed in June last year and reopens in March next year.");
    assert!(found.contains(&("June last year".into(), "2025-06".into())));
    assert!(found.contains(&("March next year".into(), "2027-03".into())));
    assert!(!found
        .iter()
        .any(|(t, _)| t == "last year" || t == "next year"));
}

#[test]
fn clock_time_then_its_day() {
    let found = run("Bids are due by 5 p.m. EST Nov. 2, the agency said.");
    assert_eq!(
        found,
        vec![(
            "5 p.m. EST Nov. 2".to_string(),
            "2026-11-02T17:00".to_string()
        )]
    );
    let found = run("The launch was at 16:15 UTC, October 20, officials said.");
    assert!(found.contains(&("16:15 UTC".into(), "2026-10-20T16:15Z".into())));
    assert!(found.contains(&("October 20".into(), "2026-10-20".into())));
}

#[test]
fn years_said_in_words() {
    let found = run(
        "He arrived in nineteen eighty-two, left in January nineteen ninety-one, \
         came back in the winter of nineteen ninety-four and stayed until the year two thousand; \
         it was the nineties. Two thousand people came.",
    );
    assert_eq!(
        found,
        vec![
            ("nineteen eighty-two".to_string(), "1982".to_string()),
            (
                "January nineteen ninety-one".to_string(),
                "1991-01".to_string()
            ),
            (
                "the winter of nineteen ninety-four".to_string(),
                "1994-WI".to_string()
            ),
            ("the year two thousand".to_string(), "2000".to_string()),
            ("the nineties".to_string(), "199".to_string()),
        ]
    );
}

#[test]
fn dates_set_to_take_effect_are_coming() {
    // DCT 2026-10-23: "effective" and "payable" point ahead even after a past verb.
    let found =
        run("The board approved a new rule, effective Jan. 1, and a dividend payable Dec. 20.");
    assert!(found.contains(&("Jan. 1".into(), "2027-01-01".into())));
    assert!(found.contains(&("Dec. 20".into(), "2026-12-20".into())));
    assert_eq!(
        value_of("The talks are supposed to end by May.", "May").as_deref(),
        Some("2027-05")
    );
}

#[test]
fn recent_weeks_are_a_stretch_recent_years_a_past() {
    let found = run("Prices rose in recent weeks, as they had in recent years.");
    assert!(found.contains(&("recent weeks".into(), "PXW".into())));
    assert!(found.contains(&("recent years".into(), "PAST_REF".into())));
}

#[test]
fn articles_and_possessives_stay_with_the_noun() {
    let found =
        run("The union ended the two-week strike before the firm reported its third quarter.");
    assert!(found.contains(&("two-week".into(), "P2W".into())));
    assert!(found.iter().any(|(t, _)| t == "third quarter"));
}

#[test]
fn bound_of_a_year() {
    let found = extract_text(
        "The loan runs until the end of 2031.",
        &[],
        d(2026, 10, 23),
        |_| false,
    );
    assert_eq!(found.len(), 1);
    assert_eq!(
        found[0].span.text("The loan runs until the end of 2031."),
        "the end of 2031"
    );
    assert_eq!(found[0].value.as_deref(), Some("2031"));
    assert!(found[0].modifier.is_some());
}

#[test]
fn last_night_and_late_yesterday() {
    let found = run("The fire started last night and was out by late yesterday.");
    assert!(found.contains(&("last night".into(), "2026-10-22TNI".into())));
    assert!(found.contains(&("late yesterday".into(), "2026-10-22".into())));
}

#[test]
fn or_so_belongs_to_the_length() {
    let found = run("She moved here a month or so ago and will stay two years or so.");
    assert!(found.contains(&("a month or so ago".into(), "2026-09".into())));
    assert!(found.contains(&("two years or so".into(), "P2Y".into())));
}

#[test]
fn the_day_is_the_day_last_mentioned() {
    let found = run("Shares fell on Oct. 20. They closed 3% lower on the day.");
    assert!(found.contains(&("the day".into(), "2026-10-20".into())));
    let found = run("Shares closed 3% lower on the day.");
    assert!(found.contains(&("the day".into(), "2026-10-23".into())));
}

#[test]
fn hyphenated_mid_month() {
    let found = run("The agency gave them until mid-November to reply.");
    assert_eq!(
        found,
        vec![("mid-November".to_string(), "2026-11".to_string())]
    );
}

#[test]
fn expects_to_points_ahead() {
    // DCT 2026-10-23: "said it expects to ... in March" is next March, not last.
    assert_eq!(
        value_of(
            "The company said it expects to open the plant in March.",
            "March"
        )
        .as_deref(),
        Some("2027-03")
    );
}

#[test]
fn fiscal_years() {
    let found = run("Sales in fiscal 2025 beat the forecast for the current fiscal year.");
    assert!(found.contains(&("fiscal 2025".into(), "2025".into())));
    assert!(found.contains(&("the current fiscal year".into(), "2026".into())));
}

#[test]
fn following_month_counts_from_the_month_mentioned() {
    let found = run("The firm was founded in March 2019. The following month it hired staff.");
    assert!(found.contains(&("The following month".into(), "2019-04".into())));
    let found = run("The deal closed on June 3, 2020. The following day shares rose.");
    assert!(found.contains(&("The following day".into(), "2020-06-04".into())));
}

#[test]
fn halves_of_a_year() {
    let found = run(
        "Growth slowed in the second half of 2019 and will pick up in the first half of next year.",
    );
    assert!(found.contains(&("the second half of 2019".into(), "2019-H2".into())));
    assert!(found.contains(&("the first half of next year".into(), "2027-H1".into())));
}

#[test]
fn is_to_marks_a_plan() {
    // DCT Friday 2026-10-23: "is to resume ... Tuesday" is the coming Tuesday.
    assert_eq!(
        value_of(
            "The exchange said the stock is to resume trading Tuesday.",
            "Tuesday"
        )
        .as_deref(),
        Some("2026-10-27")
    );
}

#[test]
fn quarters_as_fractions() {
    assert!(
        run("About three-quarters of the staff and more than a quarter of the board left.")
            .is_empty()
    );
    assert_eq!(
        value_of("Profit rose for a quarter.", "a quarter").as_deref(),
        None
    );
    assert_eq!(
        value_of("Profit rose for three quarters.", "three quarters").as_deref(),
        Some("P3Q")
    );
}

#[test]
fn no_more_than_is_an_upper_bound() {
    let text = "The agency has no more than sixty days to decide.";
    let found = extract_text(text, &[], d(2026, 10, 23), |_| false);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].span.text(text), "no more than sixty days");
    assert_eq!(found[0].value.as_deref(), Some("P60D"));
    assert_eq!(found[0].modifier, Some("EQUAL_OR_LESS"));
}

#[test]
fn month_after_for() {
    assert_eq!(
        value_of("The job figures for September were strong.", "September").as_deref(),
        Some("2026-09")
    );
}

#[test]
fn that_year_is_the_year_last_mentioned() {
    let found = run("The mill opened in 2011. Sales that year were small.");
    assert!(found.contains(&("that year".into(), "2011".into())));
    let found = run("Profit fell in the second quarter of 2024. Costs rose that quarter.");
    assert!(found.contains(&("that quarter".into(), "2024-Q2".into())));
}

#[test]
fn this_past_and_this_coming() {
    // DCT Friday 2026-10-23.
    let found = run("Crowds came this past spring and will return this coming Sunday.");
    assert!(found.contains(&("this past spring".into(), "2026-SP".into())));
    assert!(found.contains(&("this coming Sunday".into(), "2026-10-25".into())));
}

#[test]
fn years_of_a_range_are_dates() {
    let found = run("Deliveries run from 2027 to 2029, then between 2031 and 2033.");
    let values: Vec<&str> = found.iter().map(|(_, v)| v.as_str()).collect();
    assert_eq!(values, ["2027", "2029", "2031", "2033"]);
}

#[test]
fn a_year_earlier_than_a_day_is_that_period() {
    let found = run("The quarter ended Sept. 30, 2026. Profit doubled from a year earlier.");
    assert!(found.contains(&("a year earlier".into(), "2025".into())));
    let found =
        run("Third-quarter profit rose in the quarter ended Sept. 30, 2026, from a year earlier.");
    assert!(found.contains(&("a year earlier".into(), "2025-Q3".into())));
}

#[test]
fn candidates_normalised_against_a_later_anchor_equal_a_fresh_extraction() {
    use corroborate_core::document::{Known, Provenance, SourceFormat};
    use corroborate_core::Document;
    let text = "Quarry closes\n\nThe quarry closed on Tuesday. Two days later the owners \
                said it would reopen next spring, and a hearing is set for March 3.";
    let doc = Document::new("q.txt", SourceFormat::Text, text.to_string());
    let undated = PreparedDoc::new(doc, Date::constant(2026, 12, 2));
    assert!(undated.doc.meta.published.is_none());
    let ex = crate::extract(&undated);
    assert!(
        !ex.undated.is_empty(),
        "an undated article keeps its candidates"
    );
    // Without an anchor, "Tuesday" cannot be a calendar day.
    let before: Vec<Option<String>> = ex.dates.iter().map(|t| t.value.clone()).collect();
    assert!(!before.iter().flatten().any(|v| v.starts_with("2026-11")));
    let mut dated = undated.clone();
    dated.doc.meta.published = Some(Known {
        value: Date::constant(2026, 11, 20),
        provenance: Provenance::Manifest,
    });
    let renormalised = normalise_candidates(&dated, &ex.undated);
    assert_eq!(renormalised, extract(&dated));
    assert!(renormalised
        .iter()
        .any(|t| t.value.as_deref() == Some("2026-11-17")));
    // A dated article keeps no candidates.
    assert!(crate::extract(&dated).undated.is_empty());
}

#[test]
fn the_year_ended_is_a_length_and_the_full_year_is_the_dct_year() {
    // "the year ended Sept. 30": twelve months up to that day; the verb is not in the extent.
    let found = run("Net income for the year ended Sept. 30 rose 8%.");
    assert!(found.contains(&("the year".to_string(), "P1Y".to_string())));
    assert!(found.contains(&("Sept. 30".to_string(), "2026-09-30".to_string())));
    assert_eq!(
        value_of(
            "Sales in the fiscal year ending June 30 fell.",
            "the fiscal year"
        )
        .as_deref(),
        Some("P1Y")
    );
    assert_eq!(
        value_of(
            "The firm expects a loss for the full year.",
            "the full year"
        )
        .as_deref(),
        Some("2026")
    );
    assert_eq!(
        value_of(
            "Revenue fell in the latest fiscal year.",
            "the latest fiscal year"
        )
        .as_deref(),
        Some("2025")
    );
    // "the year" alone stays untagged.
    assert_eq!(value_of("It was the year of the flood.", "the year"), None);
}

#[test]
fn current_before_a_noun_is_the_present() {
    assert_eq!(
        value_of("Traders blamed current market conditions.", "current").as_deref(),
        Some("PRESENT_REF")
    );
    assert_eq!(
        value_of(
            "Given the current state of the economy, it waits.",
            "current"
        )
        .as_deref(),
        Some("PRESENT_REF")
    );
    assert_eq!(
        value_of("Shares sold at the then current price.", "then current").as_deref(),
        Some("PAST_REF")
    );
    // A possessive makes it the owner's; a term of accounts; the noun "current".
    assert_eq!(
        value_of("It will replace its current fleet.", "current"),
        None
    );
    assert_eq!(
        value_of("The current account deficit grew.", "current"),
        None
    );
    assert_eq!(
        value_of("The boat drifted with the current.", "current"),
        None
    );
}

#[test]
fn soon_and_the_coming_weeks_look_ahead() {
    assert_eq!(
        value_of("The council may soon vote on the plan.", "soon").as_deref(),
        Some("FUTURE_REF")
    );
    assert_eq!(
        value_of("It will close very soon, he says.", "very soon").as_deref(),
        Some("FUTURE_REF")
    );
    // A link between two events, or soon after a past one: no value of its own.
    assert_eq!(value_of("Leave as soon as you can.", "soon"), None);
    assert_eq!(
        value_of("It will reopen soon after the vote.", "soon"),
        None
    );
    assert_eq!(value_of("The ferry sank and soon vanished.", "soon"), None);
    assert_eq!(
        value_of("Rates may fall in coming weeks.", "coming weeks").as_deref(),
        Some("PXW")
    );
    assert_eq!(
        value_of("Sales could slow in the months ahead.", "the months ahead").as_deref(),
        Some("PXM")
    );
    assert_eq!(
        value_of(
            "A listing is planned in the near future.",
            "the near future"
        )
        .as_deref(),
        Some("FUTURE_REF")
    );
}

#[test]
fn a_plan_of_the_past_points_back() {
    // DCT Friday 2026-10-23. "is due to" looks ahead; "had been due to" is a past plan.
    assert_eq!(
        value_of("The offer is due to expire Wednesday.", "Wednesday").as_deref(),
        Some("2026-10-28")
    );
    assert_eq!(
        value_of("The offer had been due to expire Wednesday.", "Wednesday").as_deref(),
        Some("2026-10-21")
    );
    assert_eq!(
        value_of(
            "The vote had been scheduled to take place Wednesday.",
            "Wednesday"
        )
        .as_deref(),
        Some("2026-10-21")
    );
}

#[test]
fn a_month_just_ahead_after_a_main_verb_is_coming() {
    // DCT 2026-10-23: December is two months ahead.
    assert_eq!(
        value_of("The firm agreed to buy the line in December.", "December").as_deref(),
        Some("2026-12")
    );
    assert_eq!(
        value_of("It extended the loans through January.", "January").as_deref(),
        Some("2027-01")
    );
    // An auxiliary keeps the past; a month far ahead is last year's.
    assert_eq!(
        value_of("The vote was held in December.", "December").as_deref(),
        Some("2025-12")
    );
    assert_eq!(
        value_of("The firm agreed to buy the line in April.", "April").as_deref(),
        Some("2026-04")
    );
    assert_eq!(
        value_of("The firm agreed to buy the line in March.", "March").as_deref(),
        Some("2026-03")
    );
}

#[test]
fn a_quarter_still_to_come_is_not_the_reported_one() {
    // DCT 2026-10-23, in the fourth quarter: the third is the one being reported.
    let found = run(
        "Profit rose in the latest quarter. It expects a weak fourth quarter. \
         The latest quarter beat the year-ago quarter.",
    );
    assert_eq!(
        found
            .iter()
            .filter(|(t, _)| t == "the latest quarter" || t == "The latest quarter")
            .map(|(_, v)| v.as_str())
            .collect::<Vec<_>>(),
        ["2026-Q3", "2026-Q3"]
    );
    assert!(found.contains(&("the year-ago quarter".to_string(), "2025-Q3".to_string())));
}

#[test]
fn the_next_quarter_after_a_main_verb_is_a_plan() {
    let text = "The firm announced plant closures for the third quarter.";
    let found = extract_text(text, &[], d(2026, 5, 2), |_| false);
    assert_eq!(found[0].span.text(text), "the third quarter");
    assert_eq!(found[0].value.as_deref(), Some("2026-Q3"));
    // After an auxiliary, the quarter is last year's.
    let text = "The plants were closed during the third quarter.";
    let found = extract_text(text, &[], d(2026, 5, 2), |_| false);
    assert_eq!(found[0].value.as_deref(), Some("2025-Q3"));
}

#[test]
fn the_year_after_a_preposition_is_the_dct_year() {
    assert_eq!(
        value_of("Shares hit a high for the year on Monday.", "the year").as_deref(),
        Some("2026")
    );
    assert_eq!(
        value_of("For the week, the index fell 3%.", "the week").as_deref(),
        Some("2026-W43")
    );
    // At the end of a sentence or of the text, the punctuation stays out of the extent.
    assert_eq!(
        value_of("Sales rose 5% for the year.", "the year").as_deref(),
        Some("2026")
    );
    assert_eq!(
        value_of("Sales rose during the month", "the month").as_deref(),
        Some("2026-10")
    );
    // Not before "before"/"of", nor without a preposition; "the year-ago quarter" and "the
    // year two thousand" keep their own rules.
    assert_eq!(
        value_of("It rained in the week before the vote.", "the week"),
        None
    );
    assert_eq!(value_of("The year was hard.", "The year"), None);
    assert_eq!(
        value_of("Profit beat the year-ago quarter.", "the year-ago quarter").as_deref(),
        Some("2025-Q3")
    );
    assert_eq!(
        value_of(
            "Sales fell in the year-earlier period.",
            "the year-earlier period"
        )
        .as_deref(),
        Some("2025-Q3")
    );
    assert_eq!(
        value_of(
            "Fears grew about the year two thousand.",
            "the year two thousand"
        )
        .as_deref(),
        Some("2000")
    );
}

#[test]
fn the_previous_weekday_counts_from_the_day_last_mentioned() {
    let found = run("On Oct. 7 the index fell 2% from the previous Friday.");
    assert!(found.contains(&("the previous Friday".to_string(), "2026-10-02".to_string())));
    let found = run("The talks began Oct. 7 and ended the following Monday.");
    assert!(found.contains(&("the following Monday".to_string(), "2026-10-12".to_string())));
    // "last Friday" stays counted from the DCT (Friday 2026-10-23).
    let found = run("On Oct. 7 the index fell. It rose last Friday.");
    assert!(found.contains(&("last Friday".to_string(), "2026-10-16".to_string())));
}

#[test]
fn named_holidays() {
    // DCT 2026-10-23 (a Friday): past clauses take the last one, future ones the next.
    assert_eq!(
        value_of("Shops were busy on Christmas.", "Christmas").as_deref(),
        Some("2025-12-25")
    );
    assert_eq!(
        value_of("She will return on Christmas Day.", "Christmas Day").as_deref(),
        Some("2026-12-25")
    );
    assert_eq!(
        value_of("The parade was held on New Year's Day.", "New Year's Day").as_deref(),
        Some("2026-01-01")
    );
    assert_eq!(
        value_of("Guests will arrive on New Year's Eve.", "New Year's Eve").as_deref(),
        Some("2026-12-31")
    );
    // Movable days: the fourth Thursday of November, the last Monday of May, Easter.
    assert_eq!(
        value_of("Families will gather on Thanksgiving.", "Thanksgiving").as_deref(),
        Some("2026-11-26")
    );
    assert_eq!(
        value_of("Families gathered last Thanksgiving.", "last Thanksgiving").as_deref(),
        Some("2025-11-27")
    );
    assert_eq!(
        value_of("The service took place on Memorial Day.", "Memorial Day").as_deref(),
        Some("2026-05-25")
    );
    assert_eq!(
        value_of("The mill closed on Labor Day.", "Labor Day").as_deref(),
        Some("2026-09-07")
    );
    assert_eq!(
        value_of(
            "The church was full on Easter Sunday 2024.",
            "Easter Sunday 2024"
        )
        .as_deref(),
        Some("2024-03-31")
    );
    assert_eq!(
        value_of("The fair opened on Good Friday.", "Good Friday").as_deref(),
        Some("2026-04-03")
    );
    // Without a DCT a fixed holiday keeps only its month and day, a movable one no value.
    let no_dct = |text: &str| -> Vec<Option<String>> {
        extract_text(text, &[], None, |_| false)
            .into_iter()
            .map(|t| t.value)
            .collect()
    };
    assert_eq!(
        no_dct("They met on Christmas Eve."),
        vec![Some("XXXX-12-24".to_string())]
    );
    assert_eq!(no_dct("They met on Thanksgiving Day."), vec![None]);
    // A modifier of the noun after it is a season of trade, not the day.
    assert!(run("Strong Christmas sales lifted the shares.").is_empty());
    assert!(run("The Christmas shopping season was weak.").is_empty());
    assert!(run("Shops gained in the Christmas and New Year sales period.").is_empty());
    assert_eq!(
        value_of("Shops closed on Christmas and reopened.", "Christmas").as_deref(),
        Some("2025-12-25")
    );
    assert_eq!(
        value_of("Shops hired before Christmas rush began.", "Christmas").as_deref(),
        Some("2025-12-25")
    );
    assert_eq!(
        value_of("Christmas was quiet in the town.", "Christmas").as_deref(),
        Some("2025-12-25")
    );
    // Not a place, nor a lower-case word.
    assert!(run("The ship sailed to Christmas Island.").is_empty());
    assert!(run("They sold christmas lights.").is_empty());
}

#[test]
fn frequencies_are_sets() {
    let r = run("The board meets twice a year and the staff three times a week.");
    assert_eq!(
        r,
        vec![
            ("twice a year".to_string(), "P1Y".to_string()),
            ("three times a week".to_string(), "P1W".to_string())
        ]
    );
    let t = extract_text("They meet once a month.", &[], d(2026, 10, 23), |_| false);
    assert_eq!(t.first().map(|t| t.kind), Some(TimexType::Set));
}

#[test]
fn anaphoric_next_day_and_later_months() {
    // "the next day" is the day after the one last mentioned, not a length.
    assert_eq!(
        value_of(
            "The storm hit on June 14. The next day, crews cleared roads.",
            "The next day"
        )
        .as_deref(),
        Some("2026-06-15")
    );
    // "a month later" after a month counts from that month, not from the DCT.
    assert_eq!(
        value_of(
            "Talks ended in March 1998. A month later, fighting resumed.",
            "A month later"
        )
        .as_deref(),
        Some("1998-04")
    );
    assert_eq!(
        value_of(
            "The plant opened in 1995. Two years later, it closed.",
            "Two years later"
        )
        .as_deref(),
        Some("1997")
    );
    // After a day, "a month later" still counts from that day.
    assert_eq!(
        value_of(
            "The deal closed on June 14. A month later, it collapsed.",
            "A month later"
        )
        .as_deref(),
        Some("2026-07")
    );
}

#[test]
fn same_unit_a_year_back() {
    // The DCT's month (or the month last mentioned) a year back, as one expression.
    assert_eq!(
        run("Sales rose 3 percent from the same month a year ago."),
        vec![(
            "the same month a year ago".to_string(),
            "2025-10".to_string()
        )]
    );
    assert_eq!(
        value_of(
            "Exports fell in March 2024, below the same month of last year.",
            "the same month of last year"
        )
        .as_deref(),
        Some("2023-03")
    );
    assert_eq!(
        value_of(
            "Traffic equalled the same week last year.",
            "the same week last year"
        )
        .as_deref(),
        Some("2025-W43")
    );
}

#[test]
fn nth_week_of_a_month() {
    // The ISO week of the month's last (first) Thursday; one expression, not "the last week".
    assert_eq!(
        run("Sales peaked in the last week of March 2009."),
        vec![(
            "the last week of March 2009".to_string(),
            "2009-W13".to_string()
        )]
    );
    assert_eq!(
        value_of(
            "The vote was held in the first week of October.",
            "the first week of October"
        )
        .as_deref(),
        Some("2026-W40")
    );
}

#[test]
fn clock_time_day_after_local_time_and_month_after_since() {
    // DCT Friday 2026-10-23: "Thursday" after "local time" is the day of the clock time.
    assert_eq!(
        value_of(
            "The blast occurred at 10:30 a.m. local time Thursday.",
            "10:30 a.m."
        )
        .as_deref(),
        Some("2026-10-22T10:30")
    );
    // A month after "since" or "from" starts a span that has begun: never the coming one,
    // even within the months a main verb in the past tense would read as a plan.
    assert_eq!(
        value_of("From January to September, output rose.", "January").as_deref(),
        Some("2026-01")
    );
    assert_eq!(
        value_of("Prices have doubled since December.", "December").as_deref(),
        Some("2025-12")
    );
    assert_eq!(
        value_of("The firm agreed to sell the unit in January.", "January").as_deref(),
        Some("2027-01")
    );
}

#[test]
fn next_to_a_place_is_no_future() {
    // DCT Friday 2026-10-23: "next to" is where, not when; the day is the past Thursday.
    assert_eq!(
        value_of(
            "Forty people were killed in a blast next to the harbour on Thursday.",
            "Thursday"
        )
        .as_deref(),
        Some("2026-10-22")
    );
}

#[test]
fn a_day_ahead_is_coming_only_after_a_verb_or_as_a_deadline() {
    // DCT 2026-10-23. A past auxiliary keeps a day the text gives without a year in the past.
    assert_eq!(
        value_of("He was last seen Nov. 3 near the pier.", "Nov. 3").as_deref(),
        Some("2025-11-03")
    );
    // A deadline or a date set for something stays ahead.
    assert_eq!(
        value_of("The vote was moved to Nov. 3.", "Nov. 3").as_deref(),
        Some("2026-11-03")
    );
    assert_eq!(
        value_of("The hearing was set for Nov. 3.", "Nov. 3").as_deref(),
        Some("2026-11-03")
    );
    // A month that opens its clause is when its past verb happened, not a plan.
    assert_eq!(
        value_of("In December, a storm flooded the port.", "December").as_deref(),
        Some("2025-12")
    );
}

#[test]
fn until_a_day_that_has_passed() {
    // DCT Friday 2026-10-23: "until" looks ahead unless a past auxiliary says the day passed.
    assert_eq!(
        value_of("He did not return until Thursday.", "Thursday").as_deref(),
        Some("2026-10-22")
    );
    assert_eq!(
        value_of("Until Thursday, they had not named a suspect.", "Thursday").as_deref(),
        Some("2026-10-22")
    );
    assert_eq!(
        value_of("The store will be closed until Thursday.", "Thursday").as_deref(),
        Some("2026-10-29")
    );
}

#[test]
fn a_date_with_no_verb_in_its_clause_takes_the_verb_before_it_first() {
    // DCT Friday 2026-10-23. "on Sept. 30" sits between appositive commas and "that": its
    // verb is "told" before it, not "would" in the clause after it.
    assert_eq!(
        value_of(
            "Holt, who will chair the board, told investors of Kell Ferries, the parent, on \
             Sept. 30 that the merger would allow new routes.",
            "Sept. 30"
        )
        .as_deref(),
        Some("2026-09-30")
    );
    // With no verb before it, the verb after it still decides.
    assert_eq!(
        value_of("On Nov. 3, the ferry will sail to Rask.", "Nov. 3").as_deref(),
        Some("2026-11-03")
    );
}
