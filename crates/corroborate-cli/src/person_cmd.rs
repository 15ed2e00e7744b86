//! `corroborate person` and `corroborate agency`: the dossier of a person or an agency across
//! the stories of a store (docs/people.md), as Markdown or JSON; every entry cited.

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use corroborate_store::people::{Cite, EntityDossier};
use corroborate_store::Store;

/// Arguments of `corroborate person` / `corroborate agency`.
#[derive(Args)]
pub struct PersonArgs {
    /// The store to read.
    #[arg(long, value_name = "FILE", default_value = "corroborate.db")]
    pub db: PathBuf,
    /// A name ("Hunter Foster"; a part of one finds it when only one matches) or an id (p-…, a-…).
    #[arg(value_name = "NAME|ID")]
    pub name: String,
    /// Print JSON (`{"query", "dossiers": [...]}`) instead of Markdown (`--format json`).
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// Output format: `md`, `json`, or `semeval-timeline` (the timeline in the format of
    /// SemEval-2015 Task 4: the name, then `order<TAB>date<TAB>doc-sentence-word` lines).
    #[arg(long, default_value = "md", value_parser = ["md", "json", "semeval-timeline"])]
    pub format: String,
}

/// Runs the command for `kind` (`person` or `organization`); returns the exit code.
pub fn run(args: PersonArgs, kind: &str) -> anyhow::Result<u8> {
    if !args.db.exists() {
        eprintln!(
            "error: {}: no such store (create it with corroborate ingest)",
            args.db.display()
        );
        return Ok(2);
    }
    let mut store =
        Store::open_readonly(&args.db).with_context(|| format!("opening {}", args.db.display()))?;
    if store.people_missing()? {
        drop(store);
        let mut rw =
            Store::open(&args.db).with_context(|| format!("opening {}", args.db.display()))?;
        rw.refresh_people()?;
        store = rw;
    }
    let ids = match store.person(&args.name)? {
        Some(p) if p.kind == kind => vec![p.id],
        _ => {
            let found = store.search_people(&args.name, kind)?;
            let key = corroborate_store::people::name_key(&args.name);
            let exact: Vec<String> = found
                .iter()
                .filter(|p| corroborate_store::people::name_key(&p.name) == key)
                .map(|p| p.id.clone())
                .collect();
            if !exact.is_empty() {
                exact
            } else if found.len() == 1 {
                vec![found[0].id.clone()]
            } else {
                let what = if kind == "person" { "person" } else { "agency" };
                if found.is_empty() {
                    eprintln!(
                        "error: no {what} named {:?} in {}",
                        args.name,
                        args.db.display()
                    );
                } else {
                    eprintln!("error: several match {:?}; name one by id:", args.name);
                    for p in &found {
                        eprintln!("  {}\t{}\t{} stories", p.id, p.name, p.stories);
                    }
                }
                return Ok(2);
            }
        }
    };
    let mut dossiers = Vec::new();
    for id in ids {
        if let Some(d) = store.person_dossier(&id)? {
            dossiers.push(d);
        }
    }
    let bytes = if args.format == "semeval-timeline" {
        dossiers
            .iter()
            .map(semeval_timeline)
            .collect::<Vec<_>>()
            .join("\n")
            .into_bytes()
    } else if args.json || args.format == "json" {
        let mut v = serde_json::to_vec_pretty(
            &serde_json::json!({"query": args.name, "dossiers": dossiers}),
        )?;
        v.push(b'\n');
        v
    } else {
        dossiers
            .iter()
            .map(markdown)
            .collect::<Vec<_>>()
            .join("\n---\n\n")
            .into_bytes()
    };
    let mut out = std::io::stdout().lock();
    match out.write_all(&bytes).and_then(|()| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        other => other?,
    }
    Ok(0)
}

fn cite(c: &Cite) -> String {
    format!(
        "[{} · {} · {}, {}–{}]",
        c.story,
        c.outlet.as_deref().unwrap_or("unknown outlet"),
        c.doc,
        c.start,
        c.end
    )
}

/// A date in the task's format: `YYYY-MM-DD`, `YYYY-MM-XX`, `YYYY-XX-XX` or `XXXX-XX-XX`.
fn task_date(d: Option<&str>) -> String {
    match d.map(|x| x.split('-').collect::<Vec<_>>()).as_deref() {
        Some([y, m, day]) => format!("{y}-{m}-{day}"),
        Some([y, m]) => format!("{y}-{m}-XX"),
        Some([y]) if !y.is_empty() => format!("{y}-XX-XX"),
        _ => "XXXX-XX-XX".into(),
    }
}

/// A dossier's timeline in the format of SemEval-2015 Task 4 (per-entity timelines): the
/// entity's name, then one line per date (undated first) with its order number, the date and
/// the ids `doc-sentence-trigger` of its events (our document ids and sentence positions).
pub fn semeval_timeline(d: &EntityDossier) -> String {
    let mut by_date: std::collections::BTreeMap<(bool, String), Vec<String>> =
        std::collections::BTreeMap::new();
    for t in &d.timeline {
        let date = task_date(t.date.as_deref());
        let id = format!("{}-{}-{}", t.cite.doc, t.sentence, t.trigger);
        by_date
            .entry((!date.starts_with("XXXX"), date))
            .or_default()
            .push(id);
    }
    let mut o = format!("{}\n", d.entity.name);
    for (order, ((_, date), ids)) in by_date.iter().enumerate() {
        let _ = writeln!(o, "{order}\t{date}\t{}", ids.join("\t"));
    }
    o
}

fn one_line(t: &str) -> String {
    t.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A dossier as Markdown: every entry ends with its citation `[story · outlet · doc, start–end]`.
pub fn markdown(d: &EntityDossier) -> String {
    let mut o = String::new();
    let e = &d.entity;
    let _ = writeln!(o, "# {} ({})\n", e.name, e.id);
    let _ = writeln!(
        o,
        "{} in {} stories, {} mentions.\n",
        if e.kind == "person" {
            "Person"
        } else {
            "Organisation"
        },
        e.stories,
        e.mentions
    );
    let _ = writeln!(o, "## Stories\n");
    for s in &d.stories {
        let _ = writeln!(
            o,
            "- {} {} ({}–{}), as \u{201c}{}\u{201d}; joined by: {}",
            s.id,
            s.title,
            s.first_published.as_deref().unwrap_or("?"),
            s.last_published.as_deref().unwrap_or("?"),
            s.name,
            s.evidence
                .get("rule")
                .and_then(|r| r.as_str())
                .unwrap_or("")
        );
    }
    let _ = writeln!(o, "\n## Roles\n");
    for r in &d.roles {
        let who = if e.kind == "person" {
            String::new()
        } else {
            format!("{}: ", r.name)
        };
        let _ = writeln!(
            o,
            "- {} {}{}{} \u{2014} \u{201c}{}\u{201d} {}",
            r.cite.published.as_deref().unwrap_or("undated"),
            who,
            r.role,
            r.of_text
                .as_deref()
                .map(|x| format!(" of {x}"))
                .unwrap_or_default(),
            one_line(&r.cite.text),
            cite(&r.cite)
        );
    }
    if !d.incidents.is_empty() {
        let _ = writeln!(o, "\n## Incidents\n");
        for i in &d.incidents {
            let _ = writeln!(o, "- {} ({})", i.story, i.schema);
            for f in &i.fields {
                let _ = writeln!(
                    o,
                    "  - {}: {} {}",
                    f.name,
                    f.value,
                    f.cite.as_ref().map(cite).unwrap_or_default()
                );
            }
        }
    }
    let _ = writeln!(o, "\n## Timeline\n");
    for t in &d.timeline {
        let date = match (&t.date, t.date_how) {
            (Some(x), "stated") => x.clone(),
            (Some(x), _) => format!("as of {x}"),
            (None, _) => "undated".into(),
        };
        let also = if t.also_in.is_empty() {
            String::new()
        } else {
            format!(" (also in {} more)", t.also_in.len())
        };
        let _ = writeln!(
            o,
            "- {} [{}] \u{201c}{}\u{201d} {}{}",
            date,
            t.categories.join(", "),
            one_line(&t.cite.text),
            cite(&t.cite),
            also
        );
    }
    for (title, list) in [
        ("Quotes by them", &d.quotes_by),
        ("Quotes about them", &d.quotes_about),
    ] {
        let _ = writeln!(o, "\n## {title}\n");
        for q in list {
            let _ = writeln!(
                o,
                "- {}{} {}",
                q.speaker
                    .as_deref()
                    .map(|s| format!("{s}: "))
                    .unwrap_or_default(),
                one_line(&q.cite.text),
                cite(&q.cite)
            );
        }
    }
    let _ = writeln!(o, "\n## Possibly the same (not merged)\n");
    for p in &d.possibly_same {
        let _ = writeln!(
            o,
            "- {} ({}, {} stories): {}",
            p.name, p.id, p.stories, p.reason
        );
    }
    o
}
