//! Temporal expressions on TimeBank, AQUAINT and MEANTIME, scored by the TempEval-3 scorer
//! `../shared/tools/score_timex.py` (strict and relaxed extent F1, value F1, type F1).
//!
//! For each corpus the scorer writes the un-annotated inputs (`--write-inputs`: `X.tml.TE3input`
//! with the DOCID and DCT kept), each input goes through the product path (the TimeML loader,
//! which takes the DCT from the input, `PreparedDoc`, `dates::extract`) and is written back with
//! inline TIMEX3 tags by `dates::timeml::annotate`, and the scorer compares the output folder
//! with the gold. MEANTIME is scored with `--skip-dateline` (its datelines are not news text) and
//! on lines 1–6 of each text only (title, dateline, four sentences: the part it annotates).
//!
//! TimeBank is the development set (the rules are tuned on it and on MEANTIME). AQUAINT is split
//! in two halves ([`aquaint_half`]): `aquaint-tune` (the earlier half of each wire service's
//! files) may be read while tuning; `aquaint-held` (the later half) is the held-out check, never
//! looked at. `aquaint` scores all 73 files.
//!
//! Run: `cargo run --release -p corroborate-eval --bin eval-timebank [-- [timebank|aquaint|aquaint-tune|aquaint-held|meantime]... [--errors] [--keep DIR]]`
//! (`--errors` prints the scorer's list of misses, spurious and wrong values; `--keep DIR`
//! keeps the inputs and outputs in DIR instead of a temporary folder).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

use corroborate_core::load::{load_bytes, InputKind};
use corroborate_core::PreparedDoc;
use corroborate_eval::{data_dir, workspace_root};
use corroborate_extract::dates::{self, timeml};
use rayon::prelude::*;

/// A corpus to score: its name, gold folder and extra scorer flags.
struct Corpus {
    name: &'static str,
    gold: PathBuf,
    /// Score only one half of the gold folder's files (see [`aquaint_half`]).
    half: Option<Half>,
    flags: &'static [&'static str],
    /// Only this many leading lines of each text carry gold annotation (MEANTIME: title,
    /// dateline, four sentences); expressions further down are not scored.
    annotated_lines: Option<usize>,
}

fn corpora() -> Vec<Corpus> {
    let data = data_dir();
    vec![
        Corpus {
            name: "timebank",
            gold: data.join("timebank-aquaint/TimeBank"),
            half: None,
            flags: &[],
            annotated_lines: None,
        },
        Corpus {
            name: "aquaint",
            gold: data.join("timebank-aquaint/AQUAINT"),
            half: None,
            flags: &[],
            annotated_lines: None,
        },
        Corpus {
            name: "aquaint-tune",
            gold: data.join("timebank-aquaint/AQUAINT"),
            half: Some(Half::Tune),
            flags: &[],
            annotated_lines: None,
        },
        Corpus {
            name: "aquaint-held",
            gold: data.join("timebank-aquaint/AQUAINT"),
            half: Some(Half::Held),
            flags: &[],
            annotated_lines: None,
        },
        Corpus {
            name: "meantime",
            gold: data.join("meantime"),
            half: None,
            flags: &["--skip-dateline"],
            annotated_lines: Some(6),
        },
    ]
}

/// One half of a corpus split for tuning and held-out scoring.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Half {
    /// May be read while tuning.
    Tune,
    /// Never read: the held-out figure.
    Held,
}

/// The half a TimeML file belongs to. Files are grouped by wire service (the letters before the
/// date in `APW19980807.0261.tml`), sorted by name (so by date) within a service, and the first
/// half of each service's files, rounded up, is [`Half::Tune`]: the held-out half is later
/// news of every service, with events of its own.
fn aquaint_half(names: &[String]) -> Vec<Half> {
    let service = |n: &str| -> String { n.chars().take_while(char::is_ascii_alphabetic).collect() };
    names
        .iter()
        .map(|n| {
            let mine: Vec<&String> = names.iter().filter(|m| service(m) == service(n)).collect();
            let rank = mine.iter().filter(|m| m.as_str() < n.as_str()).count();
            if rank < mine.len().div_ceil(2) {
                Half::Tune
            } else {
                Half::Held
            }
        })
        .collect()
}

/// A folder under `work` holding the gold files of `half`, copied from `gold`.
fn gold_half(gold: &Path, half: Half, work: &Path) -> anyhow::Result<PathBuf> {
    let mut names: Vec<String> = std::fs::read_dir(gold)?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".tml"))
        .collect();
    names.sort();
    let out = work.join("gold");
    std::fs::create_dir_all(&out)?;
    for (name, h) in names.iter().zip(aquaint_half(&names)) {
        if h == half {
            std::fs::copy(gold.join(name), out.join(name))?;
        }
    }
    Ok(out)
}

fn scorer() -> PathBuf {
    workspace_root().join("../shared/tools/score_timex.py")
}

fn python(args: &[OsString]) -> anyhow::Result<String> {
    let out = Command::new("python3").arg(scorer()).args(args).output()?;
    if !out.status.success() {
        anyhow::bail!(
            "score_timex.py failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Tags every `*.TE3input` in `inputs` and writes `X.tml` into `outputs`; returns the count.
fn tag_folder(inputs: &Path, outputs: &Path, lines: Option<usize>) -> anyhow::Result<usize> {
    std::fs::create_dir_all(outputs)?;
    let mut files: Vec<PathBuf> = std::fs::read_dir(inputs)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".TE3input"))
        .collect();
    files.sort();
    let today = jiff::civil::date(2100, 1, 1);
    files
        .par_iter()
        .try_for_each(|path| -> anyhow::Result<()> {
            let name = path.display().to_string();
            let xml = std::fs::read_to_string(path)?;
            let loaded = load_bytes(&name, InputKind::Text, xml.clone().into_bytes(), None);
            let doc = loaded
                .documents
                .into_iter()
                .next()
                .ok_or_else(|| anyhow::anyhow!("{name}: not loaded: {:?}", loaded.problems))?;
            let prepared = PreparedDoc::new(doc, today);
            let mut found = dates::extract(&prepared);
            if let Some(n) = lines {
                let text = &prepared.doc.text;
                let end = text
                    .match_indices('\n')
                    .nth(n.saturating_sub(1))
                    .map_or(text.len(), |(i, _)| i);
                found.retain(|t| t.span.start < end);
            }
            let out = timeml::annotate(&xml, &found)
                .ok_or_else(|| anyhow::anyhow!("{name}: no <TEXT> element"))?;
            let stem = path
                .file_name()
                .and_then(|n| n.to_str())
                .and_then(|n| n.strip_suffix(".TE3input"))
                .unwrap_or("out.tml");
            std::fs::write(outputs.join(stem), out)?;
            Ok(())
        })?;
    Ok(files.len())
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let errors = args.iter().any(|a| a == "--errors");
    let keep = args
        .iter()
        .position(|a| a == "--keep")
        .and_then(|i| args.get(i + 1))
        .map(PathBuf::from);
    let wanted: Vec<&str> = args
        .iter()
        .map(String::as_str)
        .filter(|a| {
            matches!(
                *a,
                "timebank" | "aquaint" | "aquaint-tune" | "aquaint-held" | "meantime"
            )
        })
        .collect();
    let work = keep.unwrap_or_else(|| {
        std::env::temp_dir().join(format!("corroborate-eval-timebank-{}", std::process::id()))
    });
    let mut summaries = Vec::new();
    for c in corpora() {
        if !wanted.is_empty() && !wanted.contains(&c.name) {
            continue;
        }
        assert!(
            c.gold.is_dir(),
            "{}: gold folder {} not found (../shared/data is needed)",
            c.name,
            c.gold.display()
        );
        let inputs = work.join(c.name).join("in");
        let outputs = work.join(c.name).join("out");
        let gold = match c.half {
            Some(half) => gold_half(&c.gold, half, &work.join(c.name))?,
            None => c.gold.clone(),
        };
        python(&[
            "--write-inputs".into(),
            inputs.clone().into(),
            "--gold".into(),
            gold.clone().into(),
        ])?;
        let n = tag_folder(&inputs, &outputs, c.annotated_lines)?;
        let mut score: Vec<OsString> = vec![outputs.clone().into(), "--gold".into(), gold.into()];
        score.extend(c.flags.iter().map(OsString::from));
        score.extend(["--name".into(), c.name.into()]);
        if errors {
            score.push("--errors".into());
        }
        let report = python(&score)?;
        let details: String = report
            .lines()
            .filter(|l| !l.starts_with("SUMMARY"))
            .map(|l| format!("{l}\n"))
            .collect();
        println!("## {} ({n} documents)\n{details}", c.name);
        summaries.extend(
            report
                .lines()
                .filter(|l| l.starts_with("SUMMARY"))
                .map(str::to_string),
        );
    }
    for s in &summaries {
        println!("{s}");
    }
    if !args.iter().any(|a| a == "--keep") {
        let _ = std::fs::remove_dir_all(&work);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_service_gives_its_earlier_half_to_tuning() {
        let names: Vec<String> = [
            "APW1.tml", "APW2.tml", "APW3.tml", "NYT1.tml", "NYT2.tml", "XIE1.tml",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let halves = aquaint_half(&names);
        let tune: Vec<&str> = names
            .iter()
            .zip(&halves)
            .filter(|(_, h)| **h == Half::Tune)
            .map(|(n, _)| n.as_str())
            .collect();
        assert_eq!(tune, ["APW1.tml", "APW2.tml", "NYT1.tml", "XIE1.tml"]);
    }
}
