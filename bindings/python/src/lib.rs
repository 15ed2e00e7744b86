//! `import corroborate`: the pipeline's stages as functions on plain Python data, for batch
//! jobs and Apache Spark (see `scale-out/spark_pipeline.py` and `docs/scale-out.md`).
//!
//! Results cross the boundary as the versioned per-article artifact of
//! [`corroborate_pipeline::artifact`] (a dict, or its JSON text), stories as dicts shaped like
//! the JSON report's. Every heavy call releases the GIL.

#![deny(clippy::string_slice)]

use std::path::PathBuf;
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::Mutex;

use corroborate_core::load::{self, InputKind};
use corroborate_core::Document;
use corroborate_link::{LinkConfig, Signature};
use corroborate_pipeline::{artifact, dossier, Analysed, RecordChoice};
use corroborate_render::json::ReportOptions;
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString};

/// JSON text of a Python value: a `str` is taken as JSON already, anything else goes through
/// `json.dumps`.
fn json_text(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = obj.downcast::<PyString>() {
        return s.extract();
    }
    let json = obj.py().import("json")?;
    json.call_method1("dumps", (obj,))?.extract()
}

/// A Python value (dict, list, ...) from JSON text, or the text itself when `as_json`.
fn py_value(py: Python<'_>, text: String, as_json: bool) -> PyResult<PyObject> {
    if as_json {
        return Ok(PyString::new(py, &text).into_any().unbind());
    }
    let json = py.import("json")?;
    Ok(json.call_method1("loads", (text,))?.unbind())
}

fn invalid(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// Reads a list of artifacts (dicts or JSON texts).
fn results_of(objs: &Bound<'_, PyAny>) -> PyResult<Vec<Analysed>> {
    let texts: Vec<String> = objs
        .try_iter()?
        .map(|o| json_text(&o?))
        .collect::<PyResult<_>>()?;
    objs.py()
        .allow_threads(|| {
            texts
                .iter()
                .map(|t| artifact::from_json(t).map_err(|e| e.to_string()))
                .collect::<Result<Vec<_>, String>>()
        })
        .map_err(PyValueError::new_err)
}

fn result_of(obj: &Bound<'_, PyAny>) -> PyResult<Analysed> {
    let text = json_text(obj)?;
    obj.py()
        .allow_threads(|| artifact::from_json(&text))
        .map_err(invalid)
}

fn parse_today(today: Option<&str>) -> PyResult<jiff::civil::Date> {
    match today {
        Some(t) => t
            .parse()
            .map_err(|e| invalid(format!("today {t:?} is not a YYYY-MM-DD date: {e}"))),
        None => Ok(jiff::Zoned::now().date()),
    }
}

/// The document an `annotate` call describes: one JSON Lines record run through the CLI's own
/// JSON Lines loader, so metadata is read exactly as `corroborate analyze feed.jsonl` reads it.
#[allow(clippy::too_many_arguments)]
fn document_of(
    text: &str,
    html: bool,
    title: Option<&str>,
    url: Option<&str>,
    outlet: Option<&str>,
    published: Option<&str>,
    source: &str,
) -> Result<Document, String> {
    let mut line = serde_json::Map::new();
    let body = if html { "html" } else { "text" };
    line.insert(body.into(), text.into());
    for (k, v) in [
        ("title", title),
        ("url", url),
        ("outlet", outlet),
        ("published", published),
    ] {
        if let Some(v) = v {
            line.insert(k.into(), v.into());
        }
    }
    let line = serde_json::Value::Object(line).to_string();
    let loaded = load::load_bytes(source, InputKind::Jsonl, line.into_bytes(), None);
    let mut doc = loaded.documents.into_iter().next().ok_or_else(|| {
        let why: Vec<String> = loaded.problems.iter().map(|p| p.message.clone()).collect();
        format!("no article in the input: {}", why.join("; "))
    })?;
    doc.source = source.to_string();
    Ok(doc)
}

/// Annotates one article: cleaning, segmentation, then extraction (entities, quotes,
/// attributions, dates, quantities).
///
/// `text_or_html` is the article's plain text or HTML page (HTML is recognised unless `html`
/// says which), or a document dict yielded by `read_warc`. `url`, `outlet`, `published`
/// (YYYY-MM-DD) and `title` are metadata, read as `corroborate analyze` reads a JSON Lines
/// record; `source` names the article in problems (default `"python"`); `today` (YYYY-MM-DD,
/// default: the system date) bounds date inference. Returns the per-article artifact
/// (`{"artifact": "corroborate-article", "version": 1, "prepared": ..., "extraction": ...}`),
/// as a dict, or as its JSON text when `as_json`. Raises `ValueError` when the input holds no
/// article.
#[pyfunction]
#[pyo3(signature = (text_or_html, *, url=None, outlet=None, published=None, today=None, html=None, title=None, source=None, as_json=false))]
#[allow(clippy::too_many_arguments)]
fn annotate(
    py: Python<'_>,
    text_or_html: &Bound<'_, PyAny>,
    url: Option<String>,
    outlet: Option<String>,
    published: Option<String>,
    today: Option<String>,
    html: Option<bool>,
    title: Option<String>,
    source: Option<String>,
    as_json: bool,
) -> PyResult<PyObject> {
    let today = parse_today(today.as_deref())?;
    let source = source.unwrap_or_else(|| "python".to_string());
    let input = if let Ok(s) = text_or_html.downcast::<PyString>() {
        Err(s.extract::<String>()?)
    } else {
        Ok(json_text(text_or_html)?)
    };
    let out = py.allow_threads(|| -> Result<String, String> {
        let doc = match input {
            Ok(document) => {
                serde_json::from_str::<Document>(&document).map_err(|e| e.to_string())?
            }
            Err(text) => {
                let html = html.unwrap_or_else(|| load::html::looks_like_html(&text));
                document_of(
                    &text,
                    html,
                    title.as_deref(),
                    url.as_deref(),
                    outlet.as_deref(),
                    published.as_deref(),
                    &source,
                )?
            }
        };
        let (result, problems) = corroborate_pipeline::annotate(doc, today);
        match result {
            Some(r) => Ok(artifact::to_json(&r)),
            None => Err(problems
                .iter()
                .map(|p| p.message.clone())
                .collect::<Vec<_>>()
                .join("; ")),
        }
    });
    py_value(py, out.map_err(PyValueError::new_err)?, as_json)
}

/// The keys candidate generation for story linking uses for this article (its rarest story
/// features, ranked with background document frequencies): two articles sharing a key are a
/// candidate pair. Sorted, deterministic.
#[pyfunction]
fn candidate_keys(result: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    let r = result_of(result)?;
    let cfg = LinkConfig::default().stories;
    Ok(result
        .py()
        .allow_threads(|| Signature::of(&r.0, &r.1, &cfg).keys(&cfg)))
}

/// The article's story features as compact bytes, for `similarity` on another machine.
#[pyfunction]
fn signature<'py>(result: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyBytes>> {
    let r = result_of(result)?;
    let cfg = LinkConfig::default().stories;
    let bytes = result
        .py()
        .allow_threads(|| Signature::of(&r.0, &r.1, &cfg).to_bytes());
    Ok(PyBytes::new(result.py(), &bytes))
}

/// Story similarity of two articles from their `signature`s: the larger of the scores the
/// story index gives either against the other alone (0 to 1). Story linking joins an article
/// to a story at 0.15.
#[pyfunction]
fn similarity(a: &[u8], b: &[u8]) -> PyResult<f64> {
    let cfg = LinkConfig::default().stories;
    let sig = |s: &[u8]| Signature::from_bytes(s).ok_or_else(|| invalid("not a signature"));
    let (a, b) = (sig(a)?, sig(b)?);
    Ok(corroborate_link::pair_score(&a, &b, &cfg).max(corroborate_link::pair_score(&b, &a, &cfg)))
}

/// Groups articles (artifacts) into stories as `corroborate analyze` does. Returns the
/// stories in order of founding: `{"id", "title", "documents", "lineages"}`, documents by id.
#[pyfunction]
fn link(py: Python<'_>, results: &Bound<'_, PyAny>) -> PyResult<PyObject> {
    let rs = results_of(results)?;
    let json = py.allow_threads(|| {
        let links = corroborate_link::link(&rs, &LinkConfig::default());
        let stories: Vec<serde_json::Value> = links
            .stories
            .iter()
            .map(|s| {
                serde_json::json!({
                    "id": s.story.id,
                    "title": s.story.title,
                    "documents": s.story.documents,
                    "lineages": s.lineages,
                })
            })
            .collect();
        serde_json::Value::Array(stories).to_string()
    });
    py_value(py, json, false)
}

fn dossiers_json(
    py: Python<'_>,
    results: &Bound<'_, PyAny>,
    records: bool,
) -> PyResult<Vec<String>> {
    let mut rs = results_of(results)?;
    let choice = if records {
        RecordChoice::default()
    } else {
        RecordChoice::none()
    };
    Ok(py.allow_threads(|| {
        dossier::dossiers(&mut rs, &choice, ReportOptions::default())
            .0
            .iter()
            .map(|d| d.to_string())
            .collect()
    }))
}

/// Links a group of articles (artifacts) into stories and reconciles each: one dossier per
/// story (story, lineages, passages, documents, who's who, timeline, claims, records,
/// problems), equal to that story's part of the JSON report. A group closed under story
/// linking (a connected candidate component) gives the stories `corroborate analyze` gives.
#[pyfunction]
#[pyo3(signature = (results, *, records=true, as_json=false))]
fn dossiers(
    py: Python<'_>,
    results: &Bound<'_, PyAny>,
    records: bool,
    as_json: bool,
) -> PyResult<PyObject> {
    let out = PyList::empty(py);
    for d in dossiers_json(py, results, records)? {
        out.append(py_value(py, d, as_json)?)?;
    }
    Ok(out.into_any().unbind())
}

/// The dossier of one story from its articles (artifacts): claims, timeline, records and the
/// rest, as in the JSON report. Raises `ValueError` when story linking does not keep the
/// articles together as one story (use `dossiers` for a group of stories).
#[pyfunction]
#[pyo3(signature = (story_results, *, records=true))]
fn reconcile(
    py: Python<'_>,
    story_results: &Bound<'_, PyAny>,
    records: bool,
) -> PyResult<PyObject> {
    let mut ds = dossiers_json(py, story_results, records)?;
    if ds.len() != 1 {
        return Err(invalid(format!(
            "the articles form {} stories, not one; use dossiers()",
            ds.len()
        )));
    }
    py_value(py, ds.swap_remove(0), false)
}

/// The whole run on one machine, as `corroborate analyze PATHS --today TODAY` makes it: the JSON
/// report (a dict, or its text when `as_json`). Files, folders and WARC archives; manifests
/// beside the inputs are read.
#[pyfunction]
#[pyo3(signature = (paths, *, today=None, as_json=false))]
fn analyze(
    py: Python<'_>,
    paths: Vec<PathBuf>,
    today: Option<String>,
    as_json: bool,
) -> PyResult<PyObject> {
    let req = corroborate_pipeline::AnalyzeRequest {
        paths,
        manifest: None,
        auto_manifest: true,
        today: parse_today(today.as_deref())?,
        report: ReportOptions::default(),
        records: RecordChoice::default(),
    };
    let json = py.allow_threads(|| {
        let (report, _) = corroborate_pipeline::analyze(&req, &corroborate_pipeline::NoProgress);
        serde_json::to_string(&report)
    });
    py_value(py, json.map_err(invalid)?, as_json)
}

enum WarcItem {
    Document(String),
    Problem(String),
}

/// The HTML response records of a WARC archive, each decoded into a document dict as
/// `corroborate analyze` decodes it (pass it to `annotate`). Records are read on a
/// background thread, a bounded number ahead. Problems met (truncated or broken records) are
/// collected in `problems`.
#[pyclass]
struct WarcRecords {
    rx: Mutex<Receiver<WarcItem>>,
    #[pyo3(get)]
    problems: Vec<String>,
}

#[pymethods]
impl WarcRecords {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(mut slf: PyRefMut<'_, Self>, py: Python<'_>) -> PyResult<Option<PyObject>> {
        loop {
            let item = {
                let rx = &slf.rx;
                py.allow_threads(|| rx.lock().ok().and_then(|r| r.recv().ok()))
            };
            match item {
                Some(WarcItem::Document(d)) => return py_value(py, d, false).map(Some),
                Some(WarcItem::Problem(p)) => slf.problems.push(p),
                None => return Ok(None),
            }
        }
    }
}

/// Iterates over the HTML records of a WARC file (`.warc` or `.warc.gz`), as document dicts.
#[pyfunction]
fn read_warc(path: PathBuf) -> PyResult<WarcRecords> {
    if !path.is_file() {
        return Err(PyOSError::new_err(format!(
            "{} is not a readable file",
            path.display()
        )));
    }
    let (tx, rx) = sync_channel(load::warc::CHUNK_RECORDS);
    std::thread::spawn(move || {
        load::warc::stream(&path, &mut |loaded| {
            for p in loaded.problems {
                let _ = tx.send(WarcItem::Problem(format!("{}: {}", p.path, p.message)));
            }
            for d in loaded.documents {
                let json = serde_json::to_string(&d).unwrap_or_default();
                let _ = tx.send(WarcItem::Document(json));
            }
        });
    });
    Ok(WarcRecords {
        rx: Mutex::new(rx),
        problems: Vec::new(),
    })
}

/// Corroborate's pipeline stages: annotate articles, find story candidates, link, reconcile.
#[pymodule]
#[pyo3(name = "corroborate")]
fn corroborate_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("ARTIFACT_KIND", artifact::ARTIFACT_KIND)?;
    m.add("ARTIFACT_VERSION", artifact::ARTIFACT_VERSION)?;
    m.add("JOIN_THRESHOLD", LinkConfig::default().stories.threshold)?;
    m.add("POSTING_CAP", LinkConfig::default().stories.posting_cap)?;
    m.add_function(wrap_pyfunction!(annotate, m)?)?;
    m.add_function(wrap_pyfunction!(candidate_keys, m)?)?;
    m.add_function(wrap_pyfunction!(signature, m)?)?;
    m.add_function(wrap_pyfunction!(similarity, m)?)?;
    m.add_function(wrap_pyfunction!(link, m)?)?;
    m.add_function(wrap_pyfunction!(dossiers, m)?)?;
    m.add_function(wrap_pyfunction!(reconcile, m)?)?;
    m.add_function(wrap_pyfunction!(read_warc, m)?)?;
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_class::<WarcRecords>()?;
    Ok(())
}
