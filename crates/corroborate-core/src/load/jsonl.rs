//! JSON Lines loader: one article per line with any of `text`, `html`, `title`, `url`,
//! `outlet`, `published`.

use serde::Deserialize;

use crate::document::{first_line_span, Document, Known, Provenance, SourceFormat};
use crate::load::manifest::parse_date_prefix;
use crate::load::{html, InputProblem};

#[derive(Deserialize)]
struct Line {
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    html: Option<String>,
    #[serde(default)]
    title: Option<String>,
    #[serde(default)]
    url: Option<String>,
    #[serde(default)]
    outlet: Option<String>,
    #[serde(default)]
    published: Option<String>,
}

/// Reads every line; a bad line is skipped with a problem naming `file:line`. A file none of
/// whose lines has a `text` or `html` field (an annotation file, say) is one problem, not one a line.
pub fn load(name: &str, content: &str) -> (Vec<Document>, Vec<InputProblem>) {
    let mut docs = Vec::new();
    let mut problems = Vec::new();
    let mut without_article = 0usize;
    for (i, raw) in content.lines().enumerate() {
        let where_ = format!("{name}:{}", i + 1);
        if raw.trim().is_empty() {
            continue;
        }
        let line: Line = match serde_json::from_str(raw) {
            Ok(l) => l,
            Err(e) => {
                problems.push(InputProblem::skipped(where_, format!("invalid JSON: {e}")));
                continue;
            }
        };
        let mut doc = match (line.text, line.html) {
            (Some(t), _) if !t.trim().is_empty() => {
                let mut d = Document::new(where_.clone(), SourceFormat::Jsonl, t);
                if line.title.is_none() {
                    d.headline = first_line_span(&d.text);
                }
                d
            }
            (_, Some(h)) if !h.trim().is_empty() => match html::load_noting(&where_, &h) {
                Ok((mut d, notice)) => {
                    if let Some(n) = notice {
                        problems.push(InputProblem::warning(where_.clone(), n));
                    }
                    d.source = where_.clone();
                    d
                }
                Err(msg) => {
                    problems.push(InputProblem::skipped(where_, msg));
                    continue;
                }
            },
            _ => {
                without_article += 1;
                problems.push(InputProblem::skipped(
                    where_,
                    "no `text` or `html` field with content",
                ));
                continue;
            }
        };
        if let Some(t) = line.title.filter(|t| !t.trim().is_empty()) {
            doc.meta.title = Some(t);
        }
        if let Some(u) = line.url.filter(|u| !u.trim().is_empty()) {
            doc.meta.url = Some(u);
        }
        if let Some(o) = line.outlet.filter(|o| !o.trim().is_empty()) {
            doc.meta.outlet = Some(Known {
                value: o,
                provenance: Provenance::Metadata {
                    field: "outlet".into(),
                },
            });
        }
        if let Some(p) = line.published.as_deref() {
            match parse_date_prefix(p) {
                Some(d) => {
                    doc.meta.published = Some(Known {
                        value: d,
                        provenance: Provenance::Metadata {
                            field: "published".into(),
                        },
                    })
                }
                None => problems.push(InputProblem::warning(
                    where_.clone(),
                    format!("`published` is not a date: {p:?}"),
                )),
            }
        }
        docs.push(doc);
    }
    if docs.is_empty() && without_article > 1 && without_article == problems.len() {
        problems = vec![InputProblem::skipped(
            name.to_string(),
            format!(
                "none of its {without_article} lines has a `text` or `html` field: \
                 not a JSON Lines file of articles"
            ),
        )];
    }
    (docs, problems)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_of_other_records_is_one_problem() {
        let src = "{\"doc\":\"a\",\"timex\":[]}\n{\"doc\":\"b\"}\n\n{\"doc\":\"c\"}\n";
        let (docs, problems) = load("annotations.jsonl", src);
        assert!(docs.is_empty());
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(problems[0].path, "annotations.jsonl");
        assert!(
            problems[0].message.contains("none of its 3 lines"),
            "{problems:?}"
        );
    }

    #[test]
    fn reads_lines_and_reports_bad_ones() {
        let src = concat!(
            r#"{"text":"Headline\n\nBody.","outlet":"Gazette","published":"2026-01-02"}"#,
            "\n",
            "not json\n",
            "\n",
            r#"{"title":"T","url":"https://example.org/x"}"#,
            "\n",
            r#"{"html":"<html><body><article><p>Hello there, a paragraph of body text.</p></article></body></html>","title":"Hi"}"#,
            "\n"
        );
        let (docs, problems) = load("f.jsonl", src);
        assert_eq!(docs.len(), 2);
        assert_eq!(docs[0].headline_text(), Some("Headline"));
        assert_eq!(docs[0].meta.outlet.as_ref().unwrap().value, "Gazette");
        assert_eq!(docs[0].source, "f.jsonl:1");
        assert!(docs[1].text.contains("Hello there"));
        assert_eq!(problems.len(), 2);
        assert_eq!(problems[0].path, "f.jsonl:2");
        assert_eq!(problems[1].path, "f.jsonl:4");
    }
}
