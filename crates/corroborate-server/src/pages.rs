//! The web UI: story list (with search), story page (the HTML dossier), document view with
//! annotations highlighted, and the paste/upload form. Every piece of stored text is escaped.

use std::collections::HashMap;
use std::fmt::Write;

use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::Form;
use corroborate_render::dossier::Dossier;
use corroborate_render::html::{self, escape, PageOptions};
use serde::Deserialize;

use crate::guard::same_secret;
use crate::jobs::Status;
use crate::{documents_from_body, read, submit, valid_id, ApiError, App};

fn nav(extra: &str) -> String {
    format!(
        "<nav class=\"top\"><a href=\"/\">Stories</a><a href=\"/people\">People</a><a href=\"/agencies\">Agencies</a><a href=\"/ingest\">Add articles</a></nav>{extra}"
    )
}

fn opts(extra: &str) -> PageOptions {
    PageOptions {
        nav: Some(nav(extra)),
        doc_href: Some("/documents/".into()),
    }
}

fn dossier(v: &serde_json::Value) -> Result<Dossier, ApiError> {
    Dossier::from_value(v)
        .map_err(|e| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, e.to_string()))
}

/// `GET /`: the stories, newest first, with a search form (text and entity).
pub async fn story_list(
    State(app): State<App>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Html<String>, ApiError> {
    let text = q.get("q").cloned().unwrap_or_default();
    let entity = q.get("entity").cloned().unwrap_or_default();
    let (t, e) = (text.clone(), entity.clone());
    let rows = read(&app, move |s| Ok(s.stories(Some(&t), Some(&e))?)).await?;
    let mut body = String::new();
    let _ = write!(
        body,
        "<header><h1>Stories</h1><form method=\"get\" action=\"/\" class=\"search\">\
         <input type=\"search\" name=\"q\" placeholder=\"words in the articles\" value=\"{}\"> \
         <input type=\"search\" name=\"entity\" placeholder=\"person or organisation\" value=\"{}\"> \
         <button type=\"submit\">Search</button></form></header>",
        escape(&text),
        escape(&entity)
    );
    if rows.is_empty() {
        body.push_str(
            "<p class=\"na\">No stories match. <a href=\"/ingest\">Add articles</a>.</p>",
        );
    } else {
        body.push_str("<ul class=\"stories\">");
        for r in &rows {
            let dates = match (&r.first_published, &r.last_published) {
                (Some(a), Some(b)) if a != b => format!("{} – {}", escape(a), escape(b)),
                (Some(a), _) => escape(a),
                _ => "dates unknown".into(),
            };
            let _ = write!(
                body,
                "<li><a class=\"story-link\" href=\"/stories/{}\">{}</a><br><small>{} article(s) from {} outlet(s) · {dates} · version {}</small></li>",
                escape(&r.id),
                escape(&r.title),
                r.documents,
                r.outlets,
                r.version
            );
        }
        body.push_str("</ul>");
    }
    Ok(Html(html::shell(
        "Corroborate — stories",
        &format!("<section class=\"story\">{body}</section>"),
        &opts(""),
    )))
}

/// `GET /stories/{id}`: the story's HTML dossier, with its version history. Rendered once per
/// version, then served from memory.
pub async fn story_page(
    State(app): State<App>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    valid_id(&id)?;
    if let Some(r) = crate::moved(&app, &id, |new| format!("/stories/{new}")).await? {
        return Ok(r);
    }
    let key = id.clone();
    let version = read(&app, move |s| Ok(s.story_version(&key)?))
        .await?
        .ok_or_else(|| ApiError::not_found(format!("no story {id}")))?;
    let cached = app.pages.lock().ok().and_then(|m| {
        m.get(&id)
            .filter(|(v, _)| *v == version)
            .map(|(_, b)| b.clone())
    });
    let page = match cached {
        Some(b) => b,
        None => {
            let b = Bytes::from(render_story(&app, &id, version).await?);
            if let Ok(mut m) = app.pages.lock() {
                m.insert(id, (version, b.clone()));
            }
            b
        }
    };
    Ok(([(header::CONTENT_TYPE, "text/html; charset=utf-8")], page).into_response())
}

async fn render_story(app: &App, id: &str, version: i64) -> Result<String, ApiError> {
    let key = id.to_string();
    let (report, history, people) = read(app, move |s| {
        let r = s
            .story_report(&key, Some(version))?
            .ok_or_else(|| ApiError::not_found(format!("no story {key}")))?;
        Ok((r, s.story_history(&key)?, s.people_of_story(&key)?))
    })
    .await?;
    let d = dossier(&report)?;
    let mut extra =
        String::from("<details class=\"history\"><summary>History of this story</summary><ol>");
    for v in history.iter().filter(|v| v.version <= version) {
        let added: Vec<String> = v
            .changes
            .get("added_documents")
            .and_then(|a| a.as_array())
            .into_iter()
            .flatten()
            .map(|x| {
                x.get("outlet")
                    .and_then(|o| o.as_str())
                    .or_else(|| x.get("id").and_then(|o| o.as_str()))
                    .map(escape)
                    .unwrap_or_default()
            })
            .collect();
        let _ = write!(
            extra,
            "<li>version {} · {} · {} article(s); added: {}</li>",
            v.version,
            escape(&v.created_at),
            v.documents,
            if added.is_empty() {
                "none".into()
            } else {
                added.join(", ")
            }
        );
    }
    extra.push_str("</ol></details>");
    extra.push_str(&crate::people_pages::story_people_block(&people));
    Ok(html::render_with(&d, &opts(&extra)))
}

/// `GET /documents/{id}`: one article with its annotations highlighted.
pub async fn document_page(
    State(app): State<App>,
    Path(id): Path<String>,
) -> Result<Html<String>, ApiError> {
    valid_id(&id)?;
    let key = id.clone();
    let report = read(&app, move |s| {
        s.document_report(&key)?
            .ok_or_else(|| ApiError::not_found(format!("no document {key}")))
    })
    .await?;
    let d = dossier(&report)?;
    html::render_document(&d, &id, &opts(""))
        .map(Html)
        .ok_or_else(|| ApiError::not_found(format!("no document {id}")))
}

/// `GET /ingest`: give an article's URL, or paste an article (or load a file into the box), to
/// add it. The form carries the server's CSRF token.
pub async fn ingest_form(State(app): State<App>) -> Html<String> {
    let body = format!(
        "<section class=\"story\"><h2>Add an article</h2>\
        <form class=\"ingest\" method=\"post\" action=\"/ingest\">\
        <input type=\"hidden\" name=\"csrf\" value=\"{}\">\
        <label for=\"fetch\">Fetch the article from a URL</label>\
        <input type=\"url\" id=\"fetch\" name=\"fetch\" placeholder=\"https://\">\
        <p class=\"na\">…or paste it below (a URL, when given, is fetched instead).</p>\
        <label for=\"file\">Load a file (.txt or .html) into the box</label>\
        <input type=\"file\" id=\"file\" accept=\".txt,.html,.htm,text/plain,text/html\">\
        <label for=\"text\">Article text or HTML</label>\
        <textarea id=\"text\" name=\"text\"></textarea>\
        <label for=\"format\">Format</label>\
        <select id=\"format\" name=\"format\"><option value=\"text\">plain text (first line is the headline)</option>\
        <option value=\"html\">HTML page</option></select>\
        <label for=\"outlet\">Outlet (optional)</label><input type=\"text\" id=\"outlet\" name=\"outlet\">\
        <label for=\"published\">Published, YYYY-MM-DD (optional)</label><input type=\"text\" id=\"published\" name=\"published\">\
        <label for=\"url\">URL (optional)</label><input type=\"text\" id=\"url\" name=\"url\">\
        <button type=\"submit\">Add to the store</button></form>\
        <script>(function(){{var f=document.getElementById('file');f.addEventListener('change',function(){{\
        var x=f.files&&f.files[0];if(!x){{return;}}var r=new FileReader();r.onload=function(){{\
        document.getElementById('text').value=String(r.result);\
        if(/\\.html?$/i.test(x.name)){{document.getElementById('format').value='html';}}}};r.readAsText(x);}});}})();</script>\
        </section>",
        escape(&app.csrf)
    );
    Html(html::shell(
        "Corroborate — add an article",
        &body,
        &opts(""),
    ))
}

/// The paste form's fields.
#[derive(Deserialize)]
pub struct IngestForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    text: String,
    /// A URL to fetch the article from instead of pasted text.
    #[serde(default)]
    fetch: String,
    #[serde(default)]
    format: String,
    #[serde(default)]
    outlet: String,
    #[serde(default)]
    published: String,
    #[serde(default)]
    url: String,
}

/// `POST /ingest`: queues the pasted article and shows its job, which leads to its story.
pub async fn ingest_form_post(
    State(app): State<App>,
    Form(f): Form<IngestForm>,
) -> Result<Response, ApiError> {
    if !same_secret(&f.csrf, &app.csrf) {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "the form's CSRF token is missing or stale: reload the form and submit again",
        ));
    }
    let docs = if f.fetch.trim().is_empty() {
        pasted_documents(f)?
    } else {
        fetched_documents(f.fetch.trim().to_string()).await?
    };
    let job = submit(&app, docs)?;
    Ok(Redirect::to(&format!("/jobs/{}", job.id)).into_response())
}

/// The article fetched from `url` (final URL and fetch time kept as metadata); a failed fetch
/// is a 400 naming the problem.
async fn fetched_documents(url: String) -> Result<Vec<corroborate_core::Document>, ApiError> {
    let loaded = tokio::task::spawn_blocking(move || {
        let fetcher = corroborate_fetch::Fetcher::new(corroborate_fetch::FetchConfig::default());
        fetcher
            .fetch_page(&url)
            .map(|page| corroborate_fetch::page_documents(&page, "http"))
            .map_err(|e| format!("{url}: {e}"))
    })
    .await
    .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
    .map_err(ApiError::bad_request)?;
    if loaded.documents.is_empty() {
        let why: Vec<String> = loaded.problems.iter().map(|p| p.to_string()).collect();
        return Err(ApiError::bad_request(format!(
            "no article found: {}",
            why.join("; ")
        )));
    }
    Ok(loaded.documents)
}

/// The pasted article of the form.
fn pasted_documents(f: IngestForm) -> Result<Vec<corroborate_core::Document>, ApiError> {
    let ctype = if f.format == "html" {
        "text/html"
    } else {
        "text/plain"
    };
    let q: HashMap<String, String> = [
        ("outlet".to_string(), f.outlet),
        ("published".to_string(), f.published),
        ("url".to_string(), f.url),
    ]
    .into();
    documents_from_body(ctype, &q, f.text.into_bytes().into())
}

/// `GET /jobs/{id}`: an ingest's progress, refreshed each second; once done, on to the story of
/// its first article.
pub async fn job_page(
    State(app): State<App>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    valid_id(&id)?;
    let job = app
        .jobs
        .get(&id)
        .ok_or_else(|| ApiError::not_found(format!("no job {id}")))?;
    let first = job
        .result
        .as_ref()
        .and_then(|r| r.added.first().or_else(|| r.skipped.first()).cloned());
    let story = match (job.status, first) {
        (Status::Done, Some(doc)) => read(&app, move |s| Ok(s.story_of(&doc)?)).await?,
        _ => None,
    };
    let (refresh, text) = match (job.status, &story) {
        (Status::Done, Some(sid)) => (
            Some(format!("0;url=/stories/{sid}")),
            format!("Done: <a href=\"/stories/{0}\">story {0}</a>.", escape(sid)),
        ),
        (Status::Done, None) => (None, "Done. <a href=\"/\">Stories</a>.".to_string()),
        (Status::Failed, _) => (
            None,
            format!(
                "Failed: {}",
                escape(job.error.as_deref().unwrap_or("unknown error"))
            ),
        ),
        (Status::Queued, _) => (
            Some("1".to_string()),
            "Waiting for earlier ingests…".to_string(),
        ),
        (Status::Running, _) => (
            Some("1".to_string()),
            if job.linking {
                "Linking the stories…".to_string()
            } else {
                format!(
                    "Committed {} of {} article(s)…",
                    job.committed,
                    job.to_commit.unwrap_or(job.documents)
                )
            },
        ),
    };
    let meta = refresh
        .map(|r| format!("<meta http-equiv=\"refresh\" content=\"{}\">", escape(&r)))
        .unwrap_or_default();
    let body = format!(
        "{meta}<section class=\"story\"><h2>Adding articles</h2><p class=\"job\" data-status=\"{}\">{text}</p></section>",
        serde_json::to_value(job.status).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
    );
    let page = html::shell("Corroborate — adding articles", &body, &opts(""));
    Ok(Html(page).into_response())
}
