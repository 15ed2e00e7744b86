//! The "Quotes" list of the Markdown and HTML dossiers, on a fictional report: who says each
//! quote (an entity's name, else a role noun phrase as written), reported speech shown as the
//! writer's words, and what the list leaves out (quoted words nothing attributes, statements
//! without a source, reported speech the learned detector doubts), counted in a note.

use corroborate_render::dossier::Dossier;
use corroborate_render::{html, markdown};
use serde_json::{json, Value};

const TEXT: &str = "Pier closed\n\nThe harbour master said the pier would reopen in May. \
    “We are patching the deck,” a port spokesperson said. Dana Holt said the work was “urgent”. \
    The pier was inspected on Monday. “Keep off,” someone said. You’ll want to see the new \
    rail.";

/// Code-point span of the first `needle` in `TEXT`.
fn at(needle: &str) -> Value {
    let b = TEXT
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} not in text"));
    let s = TEXT[..b].chars().count();
    json!({"start": s, "end": s + needle.chars().count()})
}

/// A quote item: `whole` the quote with its cue clause, `content` its words, the rest optional.
fn quote(
    kind: &str,
    whole: &str,
    content: &str,
    cue: Option<&str>,
    named: Option<(&str, &str)>,
    entity: Option<&str>,
    confidence: Option<f32>,
) -> Value {
    let w = at(whole);
    let mut q = json!({
        "doc": "d1", "component": "quotes",
        "speaker_id": entity.map(|_| "d1#e0"), "speaker_name": entity,
        "start": w["start"], "end": w["end"], "kind": kind, "content": at(content),
        "cue": cue.map(at), "speaker": entity.map(|_| 0),
        "speaker_mention": named.map(|(t, _)| at(t)),
        "speaker_mention_kind": named.map(|(_, k)| k),
        "speaker_canonical": entity,
        "speaker_named_at": named.map(|(t, _)| at(t)),
        "speaker_inherited": false, "continues": false
    });
    if let Some(c) = confidence {
        q["confidence"] = json!(c);
    }
    q
}

fn report() -> Value {
    json!({
        "schema": "corroborate/1",
        "documents": [{"id": "d1", "source": "pier.txt", "text": TEXT,
                       "headline": {"start": 0, "end": 11}}],
        "stories": [{"id": "s1", "documents": ["d1"], "lineages": ["l1"],
                     "title": {"doc": "d1", "start": 0, "end": 11, "text": "Pier closed"}}],
        "quotes": [
            quote("indirect", "The harbour master said the pier would reopen in May",
                  "the pier would reopen in May", Some("said"),
                  Some(("The harbour master", "role")), None, None),
            quote("direct", "“We are patching the deck,” a port spokesperson said",
                  "We are patching the deck,", Some("said"),
                  Some(("a port spokesperson", "role")), None, Some(0.97)),
            quote("partial", "“urgent”", "urgent", None, Some(("Dana Holt", "name")),
                  Some("Dana Holt"), Some(0.91)),
            quote("indirect", "The pier was inspected on Monday", "The pier was inspected",
                  Some("inspected"), None, None, None),
            quote("direct", "“Keep off,” someone said", "Keep off,", Some("said"), None,
                  None, Some(0.6)),
            quote("indirect", "You’ll want to see the new rail", "to see the new rail",
                  Some("want"), Some(("You’ll", "role")), None, Some(0.62)),
            quote("indirect", "see the new rail", "the new rail", Some("see"),
                  Some(("the pier", "role")), None, Some(0.45)),
        ]
    })
}

/// The lines of the Markdown "Quotes" section.
fn md_quotes(md: &str) -> Vec<&str> {
    let start = md.find("### Quotes").expect("a Quotes section");
    md[start..]
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with('#'))
        .filter(|l| !l.trim().is_empty())
        .collect()
}

#[test]
fn quotes_name_role_speakers_and_mark_reported_speech() {
    let d = Dossier::from_value(&report()).expect("dossier reads the report");
    let md = markdown::render(&d);
    let lines = md_quotes(&md);
    let items: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.starts_with("- "))
        .collect();
    assert_eq!(items.len(), 4, "{lines:#?}");
    let expected = [
        "- **The harbour master** (reported): the pier would reopen in May[",
        "- **a port spokesperson**: “We are patching the deck,”[",
        "- **Dana Holt**: “urgent”[",
        "- **unattributed**: “Keep off,”[",
    ];
    for (item, start) in items.iter().zip(expected) {
        assert!(item.starts_with(start), "{item}");
    }
    let note = lines.iter().find(|l| l.starts_with("_Not listed"));
    assert!(
        note.is_some_and(|n| n.contains("Not listed: 3 passage(s)")),
        "{lines:#?}"
    );
}

#[test]
fn html_quotes_follow_the_same_rules() {
    let d = Dossier::from_value(&report()).expect("dossier reads the report");
    let page = html::render(&d);
    let start = page.find("<ul class=\"quotes\">").expect("a quotes list");
    let list = &page[start..start + page[start..].find("</ul>").expect("list closed")];
    assert_eq!(list.matches("<li>").count(), 4, "{list}");
    assert!(list.contains("<strong>The harbour master</strong> (reported): "));
    assert!(
        list.contains(">the pier would reopen in May</span>"),
        "{list}"
    );
    assert!(list.contains("<strong>a port spokesperson</strong>: "));
    assert!(
        !list.contains("You’ll") && !list.contains("You&#x2019;ll"),
        "{list}"
    );
    assert!(page[start..].contains("Not listed: 3 passage(s)"));
}

#[test]
fn each_story_lists_only_the_quotes_of_its_own_documents() {
    let mut r = report();
    let text2 = "Ferry late\n\n“The engine failed,” Lee Marr said.";
    r["documents"]
        .as_array_mut()
        .expect("documents")
        .push(json!({"id": "d2", "source": "ferry.txt", "text": text2,
                     "headline": {"start": 0, "end": 10}}));
    r["stories"]
        .as_array_mut()
        .expect("stories")
        .push(json!({"id": "s2", "documents": ["d2"], "lineages": ["l2"],
               "title": {"doc": "d2", "start": 0, "end": 10, "text": "Ferry late"}}));
    let span = |s: usize, e: usize| json!({"start": s, "end": e});
    r["quotes"].as_array_mut().expect("quotes").push(json!({
        "doc": "d2", "component": "quotes", "speaker_id": "d2#e0", "speaker_name": "Lee Marr",
        "start": 12, "end": 46, "kind": "direct", "content": span(13, 31),
        "cue": span(42, 46), "speaker": 0, "speaker_mention": span(33, 41),
        "speaker_mention_kind": "name", "speaker_canonical": "Lee Marr",
        "speaker_named_at": span(33, 41), "speaker_inherited": false, "continues": false
    }));
    let d = Dossier::from_value(&r).expect("dossier reads the report");
    let md = markdown::render(&d);
    let second = md.find("Ferry late").expect("the second story");
    let (first, second) = md.split_at(second);
    let listed = |part: &str| -> Vec<String> {
        md_quotes(part)
            .iter()
            .filter(|l| l.starts_with("- "))
            .map(|l| l.to_string())
            .collect()
    };
    let first = listed(first);
    assert_eq!(first.len(), 4, "{first:#?}");
    assert!(first.iter().all(|l| !l.contains("Lee Marr")), "{first:#?}");
    let second = listed(second);
    assert_eq!(second.len(), 1, "{second:#?}");
    assert!(
        second[0].starts_with("- **Lee Marr**: “The engine failed,”["),
        "{second:#?}"
    );
}
