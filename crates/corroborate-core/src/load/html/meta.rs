//! Page metadata: title, byline, publication and modification dates, canonical URL, outlet
//! and language, each with the field it was read from. Read from meta tags, JSON-LD
//! (`@graph` and arrays, article objects first), `<time datetime>` and `<html lang>`.
#![deny(clippy::string_slice)]

use std::collections::HashMap;
use std::sync::LazyLock;

use dom_query::Document as Dom;
use regex::Regex;
use serde_json::Value;

use super::{has_words, normalize_ws, Article, MetaDate};

static ISO_DATE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^\s*(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*(Z|z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?)?(?:$|[^0-9])",
    )
    .expect("valid regex")
});

/// A date from an ISO-8601-like timestamp: the calendar date as written (the publisher's
/// local date) and, when the timestamp has a time and an offset (or `Z`), the instant in UTC.
fn parse_date(s: &str, field: &'static str) -> Option<MetaDate> {
    let Some(c) = ISO_DATE.captures(s) else {
        // "19 Nov 2019 07:09 GMT", "Wed, 20 Nov 2019 13:38:07 +0000": the date as written.
        let (year, month, day) = crate::pubdate::written_date(s)?;
        let date = plausible(jiff::civil::Date::new(year?, month, day).ok()?)?;
        return Some(MetaDate {
            date,
            utc: None,
            field,
        });
    };
    let num = |i: usize| c.get(i).and_then(|m| m.as_str().parse::<i32>().ok());
    let date = jiff::civil::Date::new(
        i16::try_from(num(1)?).ok()?,
        i8::try_from(num(2)?).ok()?,
        i8::try_from(num(3)?).ok()?,
    )
    .ok()
    .and_then(plausible)?;
    let utc = (|| {
        let time = jiff::civil::Time::new(
            i8::try_from(num(4)?).ok()?,
            i8::try_from(num(5)?).ok()?,
            i8::try_from(num(6).unwrap_or(0)).ok()?,
            0,
        )
        .ok()?;
        let offset = parse_offset(c.get(7)?.as_str())?;
        offset.to_timestamp(date.to_datetime(time)).ok()
    })();
    Some(MetaDate { date, utc, field })
}

/// A publication date, unless it is a content system's placeholder ("0001-01-01").
fn plausible(date: jiff::civil::Date) -> Option<jiff::civil::Date> {
    (date.year() >= 1900).then_some(date)
}

/// Elements that show readers when the article was published, strongest first: dated
/// elements, then elements whose class names a date (a site header's "today" comes later in
/// this order than the article's own `<time>`).
const DATED_ELEMENTS: [&str; 2] = [
    "time, [itemprop=datePublished]",
    "[class*=publish], [class*=Publish], [class*=date], [class*=Date], [class*=timestamp], \
     [class*=Timestamp], [class*=posted], [class*=Posted], [class*=dateline]",
];

/// The publication date as the page shows it to readers: the first date written out in words
/// in a dated element, skipping update notices. A month and day without a year take the year
/// that puts them nearest `near` (the metadata's date); without `near` they are skipped.
fn visible_date(dom: &Dom, near: Option<jiff::civil::Date>) -> Option<MetaDate> {
    DATED_ELEMENTS.iter().find_map(|selector| {
        dom.select(selector).nodes().iter().find_map(|n| {
            let text = normalize_ws(&n.text());
            let lower = text.to_ascii_lowercase();
            let update = ["updated", "last updated", "modified"]
                .iter()
                .any(|w| lower.starts_with(w));
            if text.len() > 120 || update {
                return None;
            }
            let (year, month, day) = crate::pubdate::written_date(&text)?;
            let date = match (year, near) {
                (Some(y), _) => jiff::civil::Date::new(y, month, day).ok(),
                (None, Some(near)) => [near.year() - 1, near.year(), near.year() + 1]
                    .into_iter()
                    .filter_map(|y| jiff::civil::Date::new(y, month, day).ok())
                    .min_by_key(|d| d.since(near).map_or(i32::MAX, |s| s.get_days().abs())),
                (None, None) => None,
            }
            .and_then(plausible)?;
            Some(MetaDate {
                date,
                utc: None,
                field: "date shown on the page",
            })
        })
    })
}

/// Whether `date` is the local date of `instant` in some time zone news publishers use
/// (UTC-10 to UTC+10).
fn local_date_near(instant: jiff::Timestamp, date: jiff::civil::Date) -> bool {
    let hours = jiff::SignedDuration::from_hours(10);
    let day = |t: Option<jiff::Timestamp>| t.map(|t| t.to_zoned(jiff::tz::TimeZone::UTC).date());
    let (earliest, latest) = (
        day(instant.checked_sub(hours).ok()),
        day(instant.checked_add(hours).ok()),
    );
    earliest.is_some_and(|e| e <= date) && latest.is_some_and(|l| date <= l)
}

static URL_DATE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"/((?:19|20)\d{2})[/-](\d{1,2})[/-](\d{1,2})(?:[/.-]|$)").expect("valid regex")
});

/// The date in an article URL's path ("/2019/11/18/", "/story/2019-11-19/").
fn url_date(url: &str) -> Option<MetaDate> {
    let c = URL_DATE.captures(url)?;
    let num = |i: usize| c.get(i).and_then(|m| m.as_str().parse::<i16>().ok());
    let date = jiff::civil::Date::new(
        num(1)?,
        i8::try_from(num(2)?).ok()?,
        i8::try_from(num(3)?).ok()?,
    )
    .ok()?;
    Some(MetaDate {
        date,
        utc: None,
        field: "URL",
    })
}

/// A UTC offset written `Z`, `UTC`, `GMT`, `+05`, `+0530` or `-05:00`.
fn parse_offset(s: &str) -> Option<jiff::tz::Offset> {
    if matches!(s, "Z" | "z" | "UTC" | "GMT") {
        return Some(jiff::tz::Offset::UTC);
    }
    let sign: i32 = if s.starts_with('-') { -1 } else { 1 };
    let digits: String = s.chars().filter(char::is_ascii_digit).collect();
    let hours: i32 = digits.get(..2)?.parse().ok()?;
    let minutes: i32 = digits
        .get(2..)
        .filter(|m| !m.is_empty())
        .map_or(Some(0), |m| m.parse().ok())?;
    if hours > 14 || minutes > 59 {
        return None;
    }
    jiff::tz::Offset::from_seconds(sign * (hours * 3600 + minutes * 60)).ok()
}

/// Meta tag names (lower case) giving the publication date, in order of trust.
const PUBLISHED_META: &[&str] = &[
    "article:published_time",
    "og:article:published_time",
    "datepublished",
    "publishdate",
    "publish-date",
    "pubdate",
    "parsely-pub-date",
    "sailthru.date",
    "dc.date.issued",
    "dcterms.created",
    "dc.date",
    "date",
];

/// Meta tag names (lower case) giving the modification date, in order of trust.
const MODIFIED_META: &[&str] = &[
    "article:modified_time",
    "og:updated_time",
    "datemodified",
    "dcterms.modified",
    "last-modified",
];

/// Title, byline, dates, URL, outlet and declared language from meta tags, JSON-LD and the DOM.
pub(super) fn read_metadata(dom: &Dom) -> Article {
    let mut meta: HashMap<String, String> = HashMap::new();
    for n in dom.select("meta[content]").nodes() {
        let key = n
            .attr("property")
            .or_else(|| n.attr("name"))
            .or_else(|| n.attr("itemprop"))
            .or_else(|| n.attr("http-equiv"));
        if let (Some(k), Some(v)) = (key, n.attr("content")) {
            let v = normalize_ws(&v);
            if !v.is_empty() {
                meta.entry(k.to_ascii_lowercase()).or_insert(v);
            }
        }
    }
    let ld = JsonLd::read(dom);
    let get = |k: &str| meta.get(k).cloned();
    let from_meta = |keys: &[&'static str]| {
        keys.iter()
            .find_map(|&k| meta.get(k).and_then(|v| parse_date(v, k)))
    };

    let outlet = get("og:site_name")
        .map(|v| (v, "og:site_name"))
        .or_else(|| ld.publisher.clone().map(|v| (v, "publisher.name")));

    let stamped = from_meta(&PUBLISHED_META[..2])
        .or_else(|| {
            ld.date_published
                .as_deref()
                .and_then(|v| parse_date(v, "datePublished"))
        })
        .or_else(|| from_meta(&PUBLISHED_META[2..]))
        .or_else(|| {
            let times = dom.select("time[datetime]");
            let nodes = times.nodes();
            nodes
                .iter()
                .filter(|n| {
                    n.has_attr("pubdate")
                        || n.attr("itemprop")
                            .is_some_and(|p| p.eq_ignore_ascii_case("datePublished"))
                })
                .chain(nodes.iter())
                .find_map(|n| {
                    n.attr("datetime")
                        .and_then(|v| parse_date(&v, "time[datetime]"))
                })
        });
    let modified = from_meta(&MODIFIED_META[..2])
        .or_else(|| {
            ld.date_modified
                .as_deref()
                .and_then(|v| parse_date(v, "dateModified"))
        })
        .or_else(|| from_meta(&MODIFIED_META[2..]));

    let url = dom
        .select("link[rel][href]")
        .nodes()
        .iter()
        .filter(|n| {
            n.attr("rel").is_some_and(|r| {
                r.split_ascii_whitespace()
                    .any(|t| t.eq_ignore_ascii_case("canonical"))
            })
        })
        .find_map(|n| n.attr("href").map(|h| h.trim().to_string()))
        .filter(|h| h.starts_with("http://") || h.starts_with("https://"))
        .or_else(|| get("og:url").filter(|u| u.starts_with("http")));

    // Metadata timestamps are often in UTC (or mislabelled), which moves an evening
    // publication to the next day. Where the date shown to readers is one day off the
    // timestamp's, the shown one is what the page states; so is the URL's date, when the
    // timestamp's instant can fall on it in a publisher's time zone.
    let one_day_apart = |a: jiff::civil::Date, b: jiff::civil::Date| {
        a.tomorrow().ok() == Some(b) || b.tomorrow().ok() == Some(a)
    };
    let published = match stamped {
        Some(m) => {
            let shown = visible_date(dom, Some(m.date))
                .filter(|v| one_day_apart(m.date, v.date))
                .or_else(|| {
                    url.as_deref().and_then(url_date).filter(|v| {
                        one_day_apart(m.date, v.date)
                            && m.utc.is_none_or(|t| local_date_near(t, v.date))
                    })
                });
            Some(shown.unwrap_or(m))
        }
        None => visible_date(dom, None).or_else(|| url.as_deref().and_then(url_date)),
    };

    let site = outlet.as_ref().map(|(s, _)| s.as_str());
    let title = get("og:title")
        .or_else(|| ld.headline.clone())
        .or_else(|| get("twitter:title"))
        .or_else(|| Some(normalize_ws(&dom.select("h1").first().text())).filter(|t| has_words(t)))
        .or_else(|| Some(normalize_ws(&dom.select("title").first().text())))
        .map(|t| strip_site_suffix(&normalize_ws(&t), site).to_string())
        .filter(|t| has_words(t));

    let outlet_name = outlet.as_ref().map(|(s, _)| s.as_str());
    let byline = ld
        .authors
        .clone()
        .or_else(|| get("author").filter(|a| !a.starts_with("http")))
        .or_else(|| {
            dom.select(
                "[rel=author], [itemprop=author], .byline, .author, .author-name, .article-author",
            )
            .nodes()
            .iter()
            .map(|n| dom_byline(&n.text()))
            .find(|t| has_words(t) && t.len() <= 120)
        })
        .map(|b| clean_byline(&b))
        .filter(|b| has_words(b) && Some(b.as_str()) != outlet_name);

    let language = dom
        .select("html[lang]")
        .nodes()
        .first()
        .and_then(|n| n.attr("lang"))
        .and_then(|l| primary_language(&l))
        .map(|l| (l, "html[lang]"))
        .or_else(|| {
            ld.in_language
                .as_deref()
                .and_then(primary_language)
                .map(|l| (l, "inLanguage"))
        })
        .or_else(|| {
            get("og:locale")
                .and_then(|l| primary_language(&l))
                .map(|l| (l, "og:locale"))
        })
        .or_else(|| {
            get("content-language")
                .and_then(|l| primary_language(&l))
                .map(|l| (l, "content-language"))
        });

    Article {
        title,
        byline,
        published,
        modified,
        url,
        outlet,
        language,
        paragraphs: Vec::new(),
        boilerplate: Vec::new(),
        marked: Vec::new(),
    }
}

/// The primary subtag of a language tag, lower case: "en-US" and "en_GB" give "en".
pub(super) fn primary_language(tag: &str) -> Option<String> {
    let primary = tag
        .trim()
        .split(['-', '_', ',', ';'])
        .next()?
        .to_ascii_lowercase();
    (2..=3)
        .contains(&primary.len())
        .then_some(primary)
        .filter(|p| p.chars().all(|c| c.is_ascii_alphabetic()))
}

/// Drops " | Site", " - Site" and similar from a `<title>` when the suffix is the site name.
fn strip_site_suffix<'a>(title: &'a str, site: Option<&str>) -> &'a str {
    let Some(site) = site else { return title };
    for sep in [" | ", " - ", " – ", " — ", " :: ", " · "] {
        if let Some(head) = title.strip_suffix(site).and_then(|h| h.strip_suffix(sep)) {
            return head;
        }
    }
    title
}

static BY_PREFIX: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)^\s*(?:written\s+)?by[:\s]+").expect("valid regex"));

/// A byline element's text up to the first handle, separator or digit (bylines often run on
/// into "@handle", "• 2 min read" or a date).
fn dom_byline(text: &str) -> String {
    let t = normalize_ws(text);
    let cut = t
        .find(|c: char| matches!(c, '@' | '•' | '|' | '·') || c.is_ascii_digit())
        .unwrap_or(t.len());
    t.get(..cut)
        .unwrap_or_default()
        .trim_end_matches(|c: char| c.is_whitespace() || matches!(c, ',' | '-' | '–' | '—'))
        .to_string()
}

fn clean_byline(b: &str) -> String {
    BY_PREFIX.replace(&normalize_ws(b), "").trim().to_string()
}

/// What JSON-LD says about the article.
#[derive(Default)]
struct JsonLd {
    headline: Option<String>,
    date_published: Option<String>,
    date_modified: Option<String>,
    in_language: Option<String>,
    authors: Option<String>,
    publisher: Option<String>,
}

impl JsonLd {
    /// Reads every `application/ld+json` script, flattening arrays and `@graph`; article
    /// objects (`*Article`, `*Posting`, `Report`) win over others.
    fn read(dom: &Dom) -> JsonLd {
        let mut objects: Vec<serde_json::Map<String, Value>> = Vec::new();
        for n in dom.select("script[type]").nodes() {
            let is_ld = n
                .attr("type")
                .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/ld+json"));
            if !is_ld {
                continue;
            }
            // serde_json limits nesting (128), so hostile JSON cannot overflow the stack.
            let Ok(v) = serde_json::from_str::<Value>(n.text().trim()) else {
                continue;
            };
            let mut stack = vec![v];
            while let Some(v) = stack.pop() {
                match v {
                    Value::Array(items) => stack.extend(items.into_iter().rev()),
                    Value::Object(mut o) => {
                        if let Some(g) = o.remove("@graph") {
                            stack.push(g);
                        }
                        objects.push(o);
                    }
                    _ => {}
                }
            }
        }
        let is_article = |o: &serde_json::Map<String, Value>| {
            let ty = |s: &str| s.contains("Article") || s.contains("Posting") || s == "Report";
            match o.get("@type") {
                Some(Value::String(s)) => ty(s),
                Some(Value::Array(a)) => a.iter().filter_map(Value::as_str).any(ty),
                _ => false,
            }
        };
        let ordered: Vec<&serde_json::Map<String, Value>> = objects
            .iter()
            .filter(|o| is_article(o))
            .chain(objects.iter().filter(|o| !is_article(o)))
            .collect();
        let first_str = |key: &str| {
            ordered
                .iter()
                .find_map(|o| o.get(key).and_then(Value::as_str).map(normalize_ws))
                .filter(|s| !s.is_empty())
        };
        JsonLd {
            headline: first_str("headline"),
            date_published: first_str("datePublished"),
            date_modified: first_str("dateModified"),
            in_language: first_str("inLanguage"),
            authors: ordered.iter().find_map(|o| o.get("author").and_then(names)),
            publisher: ordered
                .iter()
                .find_map(|o| o.get("publisher").and_then(names)),
        }
    }
}

/// The name(s) in a JSON-LD person/organisation value: a string, an object with `name`, or
/// an array of either, joined as "A", "A and B" or "A, B and C".
fn names(v: &Value) -> Option<String> {
    let one = |v: &Value| match v {
        Value::String(s) => Some(normalize_ws(s)),
        Value::Object(o) => o.get("name").and_then(Value::as_str).map(normalize_ws),
        _ => None,
    };
    let list: Vec<String> = match v {
        Value::Array(a) => a.iter().filter_map(one).collect(),
        v => one(v).into_iter().collect(),
    };
    let list: Vec<String> = list
        .into_iter()
        .filter(|s| has_words(s) && !s.starts_with("http"))
        .collect();
    match list.as_slice() {
        [] => None,
        [a] => Some(a.clone()),
        [init @ .., last] => Some(format!("{} and {}", init.join(", "), last)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_parse_from_timestamps_with_utc_instant() {
        let d = |s| parse_date(s, "f").map(|m| m.date);
        let utc = |s| {
            parse_date(s, "f")
                .and_then(|m| m.utc)
                .map(|t| t.to_string())
        };
        assert_eq!(
            d("2031-04-17T22:45:00-05:00"),
            jiff::civil::Date::new(2031, 4, 17).ok()
        );
        assert_eq!(
            utc("2031-04-17T22:45:00-05:00").as_deref(),
            Some("2031-04-18T03:45:00Z")
        );
        assert_eq!(
            utc("2031-04-17 08:45:10+0530").as_deref(),
            Some("2031-04-17T03:15:10Z")
        );
        assert_eq!(
            utc("2031-04-17T08:45Z").as_deref(),
            Some("2031-04-17T08:45:00Z")
        );
        assert_eq!(utc("2031-04-17T08:45:00"), None, "no offset, no instant");
        assert_eq!(d("2030-11-06"), jiff::civil::Date::new(2030, 11, 6).ok());
        assert_eq!(d("2030-13-06"), None);
        assert_eq!(d("April 17"), None);
        assert_eq!(d("20301-01-01"), None);
        assert_eq!(utc("2031-04-17T08:45:00+99:00"), None);
    }

    #[test]
    fn language_tags_reduce_to_primary_subtag() {
        assert_eq!(primary_language("en-US").as_deref(), Some("en"));
        assert_eq!(primary_language(" ru_RU ").as_deref(), Some("ru"));
        assert_eq!(primary_language("zh-Hans-CN").as_deref(), Some("zh"));
        assert_eq!(primary_language(""), None);
        assert_eq!(primary_language("x"), None);
        assert_eq!(primary_language("12"), None);
    }

    #[test]
    fn dom_bylines_stop_before_handles_and_dates() {
        assert_eq!(
            dom_byline(" Ann Lee @annlee Nov 18, 2031 at 9:24 pm • 2 min read"),
            "Ann Lee"
        );
        assert_eq!(dom_byline("By Bo Chen | Staff"), "By Bo Chen");
        assert_eq!(dom_byline("Zoë Ahn — 12:00"), "Zoë Ahn");
    }

    #[test]
    fn site_suffix_is_stripped_only_when_it_is_the_site() {
        assert_eq!(
            strip_site_suffix("Rain due | The Post", Some("The Post")),
            "Rain due"
        );
        assert_eq!(
            strip_site_suffix("Rain due – The Post", Some("The Post")),
            "Rain due"
        );
        assert_eq!(
            strip_site_suffix("Cats | Dogs", Some("The Post")),
            "Cats | Dogs"
        );
        assert_eq!(strip_site_suffix("Cats | Dogs", None), "Cats | Dogs");
    }

    #[test]
    fn names_join_lists() {
        let v: Value = serde_json::json!([{"name": "A B"}, "C D", {"name": "E F"}]);
        assert_eq!(names(&v).as_deref(), Some("A B, C D and E F"));
        assert_eq!(
            names(&serde_json::json!({"name": "X"})).as_deref(),
            Some("X")
        );
        assert_eq!(names(&serde_json::json!("https://x.example/a")), None);
    }
}
