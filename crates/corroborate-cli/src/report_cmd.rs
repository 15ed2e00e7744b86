//! `corroborate report`: renders a story (or every story) from a store as Markdown, HTML or
//! JSON, without re-running any analysis; and the renderings `analyze --format` writes.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use corroborate_render::dossier::Dossier;
use corroborate_render::{html, markdown};
use corroborate_store::Store;

/// Arguments of `corroborate report`.
#[derive(Args)]
pub struct ReportArgs {
    /// The store to read.
    #[arg(long, value_name = "FILE", default_value = "corroborate.db")]
    pub db: PathBuf,
    /// One story (see `corroborate report --list`); every story when absent.
    #[arg(long, value_name = "ID")]
    pub story: Option<String>,
    /// A past version of the story (its history is in `story_versions`); the latest when absent.
    #[arg(long, value_name = "N", requires = "story")]
    pub version: Option<i64>,
    /// Output format.
    #[arg(long, default_value = "md", value_parser = ["md", "html", "json"])]
    pub format: String,
    /// Write to this file instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// List the stories (id, version, documents, title) instead of rendering.
    #[arg(long, conflicts_with_all = ["story", "version"])]
    pub list: bool,
}

/// Renders a report JSON value in one format (`md`, `html` or `json`).
pub fn render(report: &serde_json::Value, format: &str) -> anyhow::Result<Vec<u8>> {
    Ok(match format {
        "json" => serde_json::to_vec_pretty(report)?,
        "md" | "html" => {
            let d = Dossier::from_value(report).context("reading the report")?;
            render_dossier(&d, format)?
        }
        other => anyhow::bail!("unknown format {other}"),
    })
}

/// Renders a dossier as Markdown (`md`) or HTML (`html`).
pub fn render_dossier(d: &Dossier, format: &str) -> anyhow::Result<Vec<u8>> {
    Ok(match format {
        "md" => markdown::render(d).into_bytes(),
        "html" => html::render(d).into_bytes(),
        other => anyhow::bail!("cannot render a dossier as {other}"),
    })
}

/// The file name `analyze --out DIR` uses for a format.
pub fn file_name(format: &str) -> String {
    format!("report.{format}")
}

/// Runs `corroborate report`; returns the exit code.
pub fn run(args: ReportArgs) -> anyhow::Result<u8> {
    if !args.db.exists() {
        eprintln!(
            "error: {}: no such store (create it with corroborate ingest)",
            args.db.display()
        );
        return Ok(2);
    }
    let store =
        Store::open_readonly(&args.db).with_context(|| format!("opening {}", args.db.display()))?;
    if args.list {
        let mut out = std::io::stdout().lock();
        for s in store.stories(None, None)? {
            writeln!(
                out,
                "{}\tv{}\t{} docs\t{}",
                s.id, s.version, s.documents, s.title
            )?;
        }
        return Ok(0);
    }
    let report = match &args.story {
        Some(id) => match store.story_report(id, args.version)? {
            Some(r) => r,
            None => {
                eprintln!(
                    "error: no story {id}{} in {}",
                    args.version
                        .map(|v| format!(" version {v}"))
                        .unwrap_or_default(),
                    args.db.display()
                );
                return Ok(2);
            }
        },
        None => store.corpus_report()?,
    };
    let bytes = render(&report, &args.format)?;
    match &args.out {
        Some(p) => std::fs::write(p, &bytes).with_context(|| format!("writing {}", p.display()))?,
        None => {
            let mut out = std::io::stdout().lock();
            match out.write_all(&bytes).and_then(|()| out.flush()) {
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
                other => other?,
            }
        }
    }
    Ok(0)
}
