//! Corroborate's HTTP server: a JSON API and a web UI over a store (see `docs/api.md`, and
//! `docs/security.md` for what it defends against).
//!
//! Readers use a read-only SQLite connection per worker thread (WAL lets them read while an
//! ingest writes); ingests are jobs that one writer thread runs in order. Every error, including
//! the framework's own (bad method, body too large, timeout, a panicking handler), is answered
//! with a JSON body `{"error": {"status": …, "message": …}}`; malformed input is a 4xx, never a
//! 500. Connections are served by hyper directly so that the header-read timeout and the
//! connection limit apply.

mod guard;
mod jobs;
mod pages;
mod people_pages;

use std::cell::RefCell;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use corroborate_core::load::{self, InputKind};
use corroborate_core::Document;
use corroborate_store::{Linker, Store};
use serde_json::{json, Value};

/// Server configuration.
#[derive(Clone)]
pub struct Config {
    /// The store file (created when missing).
    pub db: PathBuf,
    /// Listen address.
    pub addr: SocketAddr,
    /// Largest accepted request body, in bytes.
    pub max_body: usize,
    /// The cross-article stages, as `analyze` runs them.
    pub linker: Arc<Linker>,
    /// Host names besides the loopback ones (and the bound address) that requests may address.
    pub allow_hosts: Vec<String>,
    /// The token every request must carry (required when listening beyond loopback).
    pub auth_token: Option<String>,
    /// Most connections served at once; more are answered 503 and closed.
    pub max_connections: usize,
    /// Time a client has to send a request's headers before its connection is closed.
    pub header_timeout: Duration,
}

impl Config {
    /// A configuration with the defaults for everything but the store, address and linker.
    pub fn new(db: PathBuf, addr: SocketAddr, linker: Arc<Linker>) -> Config {
        Config {
            db,
            addr,
            max_body: 8 * 1024 * 1024,
            linker,
            allow_hosts: Vec::new(),
            auth_token: None,
            max_connections: 512,
            header_timeout: Duration::from_secs(10),
        }
    }
}

/// Shared state of the handlers.
#[derive(Clone)]
struct App {
    db: Arc<PathBuf>,
    max_body: usize,
    jobs: Arc<jobs::Jobs>,
    /// The paste form's CSRF token (one per server run).
    csrf: Arc<str>,
    /// Rendered story pages by story id, with the version they show: a page is rendered once
    /// per version and served from memory until the story changes.
    pages: Arc<std::sync::Mutex<HashMap<String, (i64, Bytes)>>>,
}

/// Request timeout (reads; an ingest answers at once with its job).
const TIMEOUT: Duration = Duration::from_secs(60);

/// An error answered as JSON.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError {
            status,
            message: message.into(),
        }
    }
    fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }
    fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        error_response(self.status, &self.message)
    }
}

impl From<corroborate_store::StoreError> for ApiError {
    fn from(e: corroborate_store::StoreError) -> Self {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, format!("store: {e}"))
    }
}

fn error_response(status: StatusCode, message: &str) -> Response {
    let body = json!({"error": {"status": status.as_u16(), "message": message}});
    (status, Json(body)).into_response()
}

/// Builds the router (used by [`run`] and by tests that serve on their own listener).
pub fn router(config: &Config) -> Result<Router, corroborate_store::StoreError> {
    // Create the file, schema and WAL mode before any reader opens it read-only.
    drop(Store::open(&config.db)?);
    let app = App {
        db: Arc::new(config.db.clone()),
        max_body: config.max_body,
        jobs: Arc::new(jobs::Jobs::start(config.db.clone(), config.linker.clone())),
        csrf: guard::random_secret().into(),
        pages: Arc::new(std::sync::Mutex::new(HashMap::new())),
    };
    let routes = Router::new()
        .route("/", get(pages::story_list))
        .route("/stories/:id", get(pages::story_page))
        .route("/documents/:id", get(pages::document_page))
        .route(
            "/ingest",
            get(pages::ingest_form).post(pages::ingest_form_post),
        )
        .route("/jobs/:id", get(pages::job_page))
        .route("/people", get(people_pages::people_page))
        .route("/people/:id", get(people_pages::person_page))
        .route("/agencies", get(people_pages::agencies_page))
        .route("/agencies/:id", get(people_pages::agency_page))
        .route("/api/people", get(people_pages::api_people))
        .route("/api/people/:id", get(people_pages::api_person))
        .route("/api/agencies", get(people_pages::api_agencies))
        .route("/api/agencies/:id", get(people_pages::api_agency))
        .route("/api/stories", get(api_stories))
        .route("/api/stories/:id", get(api_story))
        .route("/api/stories/:id/report", get(api_story_report))
        .route("/api/documents/:id", get(api_document))
        .route("/api/ingest", post(api_ingest))
        .route("/api/jobs/:id", get(api_job))
        .route("/healthz", get(|| async { Json(json!({"ok": true})) }))
        .fallback(|| async { ApiError::not_found("no such page or endpoint") })
        .layer(DefaultBodyLimit::max(config.max_body))
        .with_state(app);
    let policy = guard::Policy {
        hosts: guard::allowed_hosts(&config.addr, &config.allow_hosts),
        token: config.auth_token.clone(),
    };
    Ok(harden(routes, policy))
}

/// The layers every route gets, innermost first: the request checks (which also add the
/// security headers), the request timeout, panic capture, and JSON bodies for every error.
fn harden(routes: Router, policy: guard::Policy) -> Router {
    routes
        .layer(axum::middleware::from_fn_with_state(
            Arc::new(policy),
            guard::check,
        ))
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            TIMEOUT,
        ))
        .layer(tower_http::catch_panic::CatchPanicLayer::custom(
            |_: Box<dyn std::any::Any + Send>| {
                error_response(StatusCode::INTERNAL_SERVER_ERROR, "internal error")
            },
        ))
        .layer(axum::middleware::map_response(json_errors))
}

/// Replaces the body of any error response that is not already JSON (the framework's own
/// rejections: 405, 408, 413, 415 …) with the JSON error shape, keeping the other headers, and
/// makes sure the security headers are there (a timeout or a panic answers past the guard).
async fn json_errors(res: Response) -> Response {
    let status = res.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return res;
    }
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    let mut out = if is_json {
        res
    } else {
        let message = match status {
            StatusCode::PAYLOAD_TOO_LARGE => "request body too large".to_string(),
            StatusCode::REQUEST_TIMEOUT => "request timed out".to_string(),
            StatusCode::METHOD_NOT_ALLOWED => "method not allowed for this path".to_string(),
            s => s
                .canonical_reason()
                .unwrap_or("request failed")
                .to_lowercase(),
        };
        let (parts, _) = res.into_parts();
        let mut fresh = error_response(status, &message);
        for (k, v) in parts.headers.iter() {
            if k != header::CONTENT_TYPE && k != header::CONTENT_LENGTH {
                fresh.headers_mut().insert(k.clone(), v.clone());
            }
        }
        fresh
    };
    guard::add_security_headers(out.headers_mut());
    out
}

/// True when `addr` is reachable only from this machine.
pub fn is_loopback(addr: &SocketAddr) -> bool {
    addr.ip().is_loopback()
}

/// Serves until interrupted (Ctrl-C). Refuses to listen beyond loopback without a token.
pub fn run(config: Config) -> std::io::Result<()> {
    if !is_loopback(&config.addr) && config.auth_token.is_none() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::PermissionDenied,
            format!(
                "refusing to listen on {} without authentication: anyone who can reach it could add articles. \
                 Give --auth-token TOKEN (or set CORROBORATE_AUTH_TOKEN), or listen on 127.0.0.1",
                config.addr
            ),
        ));
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    rt.block_on(async move {
        let app = router(&config).map_err(std::io::Error::other)?;
        let listener = tokio::net::TcpListener::bind(config.addr).await?;
        if config.auth_token.is_none() {
            eprintln!(
                "corroborate: warning: no --auth-token: every local user and program can read and add articles"
            );
        }
        eprintln!(
            "corroborate: serving {} on http://{}/",
            config.db.display(),
            listener.local_addr()?
        );
        serve(listener, app, &config).await
    })
}

/// Accepts connections until Ctrl-C: each is served by hyper with the header-read timeout, and
/// beyond `max_connections` open ones a new connection gets a JSON 503 and is closed.
async fn serve(
    listener: tokio::net::TcpListener,
    app: Router,
    config: &Config,
) -> std::io::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use tokio::io::AsyncWriteExt;
    let slots = Arc::new(tokio::sync::Semaphore::new(config.max_connections.max(1)));
    let header_timeout = config.header_timeout;
    let stop = tokio::signal::ctrl_c();
    tokio::pin!(stop);
    loop {
        let (mut stream, _) = tokio::select! {
            _ = &mut stop => return Ok(()),
            accepted = listener.accept() => match accepted {
                Ok(c) => c,
                // Out of file descriptors and the like: wait, then keep accepting.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let Ok(permit) = slots.clone().try_acquire_owned() else {
            tokio::spawn(async move {
                let body = r#"{"error":{"status":503,"message":"too many connections"}}"#;
                let head = format!(
                    "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\nRetry-After: 1\r\n\r\n",
                    body.len()
                );
                let _ = stream.write_all(head.as_bytes()).await;
                let _ = stream.write_all(body.as_bytes()).await;
                let _ = stream.shutdown().await;
            });
            continue;
        };
        let service = hyper_util::service::TowerToHyperService::new(app.clone());
        tokio::spawn(async move {
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .serve_connection(TokioIo::new(stream), service)
                .await;
            drop(permit);
        });
    }
}

thread_local! {
    /// One read-only connection per blocking worker thread, reused across requests.
    static READER: RefCell<Option<(PathBuf, Store)>> = const { RefCell::new(None) };
}

/// Runs `f` with a read-only store connection on the blocking pool.
async fn read<T: Send + 'static>(
    app: &App,
    f: impl FnOnce(&Store) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let db = app.db.clone();
    tokio::task::spawn_blocking(move || -> Result<T, ApiError> {
        READER.with(|cell| -> Result<T, ApiError> {
            let mut slot = cell.borrow_mut();
            let stale = match slot.as_ref() {
                Some((p, _)) => p != db.as_ref(),
                None => true,
            };
            if stale {
                *slot = Some((db.as_ref().clone(), Store::open_readonly(&db)?));
            }
            match slot.as_ref() {
                Some((_, store)) => f(store),
                None => Err(ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "store not open",
                )),
            }
        })
    })
    .await
    .map_err(|e| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("worker failed: {e}"),
        )
    })?
}

async fn api_stories(
    State(app): State<App>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Json<Value>, ApiError> {
    let text = q.get("q").cloned();
    let entity = q.get("entity").cloned();
    let rows = read(&app, move |s| {
        Ok(s.stories(text.as_deref(), entity.as_deref())?)
    })
    .await?;
    Ok(Json(json!({"stories": rows})))
}

/// A story as the API gives it: the sections people ask for, with sources stripped of text.
fn story_json(id: &str, report: &Value, history: Value) -> Value {
    let sources: Vec<Value> = report
        .get("documents")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|d| {
            let mut d = d.clone();
            if let Some(o) = d.as_object_mut() {
                o.remove("text");
                o.insert(
                    "url".into(),
                    json!(format!(
                        "/api/documents/{}",
                        o.get("id").and_then(Value::as_str).unwrap_or("")
                    )),
                );
            }
            d
        })
        .collect();
    let claims = report.get("claims").cloned().unwrap_or(Value::Null);
    let disputes = claims.get("disputes").cloned().unwrap_or(Value::Null);
    json!({
        "id": id,
        "history": history,
        "sources": sources,
        "cross_entities": report.get("cross_entities").cloned().unwrap_or(json!([])),
        "timeline": report.get("timeline").cloned().unwrap_or(Value::Null),
        "claims": claims,
        "disputes": disputes,
        "stories": report.get("stories").cloned().unwrap_or(Value::Null),
        "lineages": report.get("lineages").cloned().unwrap_or(Value::Null),
        "report": format!("/api/stories/{id}/report"),
    })
}

fn valid_id(id: &str) -> Result<(), ApiError> {
    if id.is_empty()
        || id.len() > 64
        || !id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(ApiError::bad_request("malformed id"));
    }
    Ok(())
}

/// When story `id` ended by being merged into another, a `301 Moved Permanently` to `to(new id)`
/// (with the new id in a JSON body); `None` for a current or unknown story.
pub(crate) async fn moved(
    app: &App,
    id: &str,
    to: impl FnOnce(&str) -> String,
) -> Result<Option<Response>, ApiError> {
    let key = id.to_string();
    let into = read(app, move |s| Ok(s.story_moved_to(&key)?)).await?;
    Ok(into.map(|new| {
        let location = to(&new);
        (
            StatusCode::MOVED_PERMANENTLY,
            [(header::LOCATION, location.clone())],
            Json(json!({"moved_to": new, "location": location})),
        )
            .into_response()
    }))
}

async fn api_story(State(app): State<App>, Path(id): Path<String>) -> Result<Response, ApiError> {
    valid_id(&id)?;
    if let Some(r) = moved(&app, &id, |new| format!("/api/stories/{new}")).await? {
        return Ok(r);
    }
    let v = read(&app, move |s| {
        let report = s
            .story_report(&id, None)?
            .ok_or_else(|| ApiError::not_found(format!("no story {id}")))?;
        let history = serde_json::to_value(s.story_history(&id)?)
            .map_err(|e| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, e.to_string()))?;
        Ok(story_json(&id, &report, history))
    })
    .await?;
    Ok(Json(v).into_response())
}

async fn api_story_report(
    State(app): State<App>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    valid_id(&id)?;
    let version = match q.get("version") {
        Some(v) => Some(
            v.parse::<i64>()
                .map_err(|_| ApiError::bad_request("version must be a number"))?,
        ),
        None => None,
    };
    let format = q.get("format").cloned().unwrap_or_else(|| "json".into());
    // The latest report of a merged story is the report of the story it went into; an old
    // version stays readable under its own id.
    if version.is_none() && ["json", "md", "html"].contains(&format.as_str()) {
        let query = if q.contains_key("format") {
            format!("?format={format}")
        } else {
            String::new()
        };
        let to = |new: &str| format!("/api/stories/{new}/report{query}");
        if let Some(r) = moved(&app, &id, to).await? {
            return Ok(r);
        }
    }
    let report = read(&app, move |s| {
        s.story_report(&id, version)?
            .ok_or_else(|| ApiError::not_found(format!("no story {id} (or no such version)")))
    })
    .await?;
    let d = || {
        corroborate_render::dossier::Dossier::from_value(&report)
            .map_err(|e| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, e.to_string()))
    };
    Ok(match format.as_str() {
        "json" => Json(report.clone()).into_response(),
        "md" => (
            [(header::CONTENT_TYPE, "text/markdown; charset=utf-8")],
            corroborate_render::markdown::render(&d()?),
        )
            .into_response(),
        "html" => Html(corroborate_render::html::render(&d()?)).into_response(),
        _ => return Err(ApiError::bad_request("format must be json, md or html")),
    })
}

async fn api_document(
    State(app): State<App>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    valid_id(&id)?;
    let v = read(&app, move |s| {
        let r = s
            .document_report(&id)?
            .ok_or_else(|| ApiError::not_found(format!("no document {id}")))?;
        let story = s.story_of(&id)?;
        let mut annotations = serde_json::Map::new();
        for k in [
            "sentences",
            "ignored",
            "entities",
            "mentions",
            "quotes",
            "attributions",
            "dates",
            "quantities",
        ] {
            annotations.insert(k.into(), r.get(k).cloned().unwrap_or(json!([])));
        }
        let document = r
            .get("documents")
            .and_then(|d| d.get(0))
            .cloned()
            .unwrap_or(Value::Null);
        Ok(json!({"document": document, "story": story, "annotations": annotations}))
    })
    .await?;
    Ok(Json(v))
}

/// One article as the API accepts it in JSON.
fn article_line(v: &Value) -> Result<String, ApiError> {
    let Some(o) = v.as_object() else {
        return Err(ApiError::bad_request(
            "each article must be a JSON object with \"text\" or \"html\"",
        ));
    };
    let has_body = ["text", "html"].iter().any(|k| {
        o.get(*k)
            .and_then(Value::as_str)
            .is_some_and(|s| !s.trim().is_empty())
    });
    if !has_body {
        return Err(ApiError::bad_request(
            "each article needs a non-empty \"text\" or \"html\" string",
        ));
    }
    Ok(v.to_string())
}

/// The media type of a request, lower-cased, without parameters.
fn media_type(headers: &HeaderMap) -> String {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase()
}

/// The media types `POST /api/ingest` takes: JSON only, which a page of another site cannot
/// send without a CORS preflight (that this server never grants).
const API_TYPES: [&str; 3] = [
    "application/json",
    "application/x-ndjson",
    "application/jsonl",
];

/// Turns a request body into documents, by media type (`text/plain` and `text/html` come only
/// from the paste form).
fn documents_from_body(
    ctype: &str,
    query: &HashMap<String, String>,
    body: Bytes,
) -> Result<Vec<Document>, ApiError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Err(ApiError::bad_request("empty body"));
    }
    let loaded = match ctype {
        "application/json" => {
            let v: Value = serde_json::from_slice(&body)
                .map_err(|e| ApiError::bad_request(format!("invalid JSON: {e}")))?;
            let items: Vec<&Value> = match &v {
                Value::Array(a) => a.iter().collect(),
                Value::Object(o) => match o.get("articles").and_then(Value::as_array) {
                    Some(a) => a.iter().collect(),
                    None => vec![&v],
                },
                _ => {
                    return Err(ApiError::bad_request(
                        "expected an article object or an array of them",
                    ))
                }
            };
            if items.is_empty() {
                return Err(ApiError::bad_request("no articles in the request"));
            }
            let lines: Vec<String> = items
                .into_iter()
                .map(article_line)
                .collect::<Result<_, _>>()?;
            load::load_bytes(
                "request.jsonl",
                InputKind::Jsonl,
                lines.join("\n").into_bytes(),
                None,
            )
        }
        "application/x-ndjson" | "application/jsonl" => {
            load::load_bytes("request.jsonl", InputKind::Jsonl, body.to_vec(), None)
        }
        "text/plain" | "text/html" => {
            let kind = if ctype == "text/html" {
                InputKind::Html
            } else {
                InputKind::Text
            };
            let entry = manifest_entry(query)?;
            load::load_bytes("request", kind, body.to_vec(), entry.as_ref())
        }
        other => {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                format!(
                "unsupported Content-Type {other:?}: use application/json or application/x-ndjson"
            ),
            ))
        }
    };
    if loaded.documents.is_empty() {
        let why: Vec<String> = loaded.problems.iter().map(|p| p.message.clone()).collect();
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("no article could be read: {}", why.join("; ")),
        ));
    }
    Ok(loaded.documents)
}

/// Metadata for a text or HTML body, from the query string (`outlet`, `published`, `url`).
fn manifest_entry(q: &HashMap<String, String>) -> Result<Option<load::ManifestEntry>, ApiError> {
    let get = |k: &str| {
        q.get(k)
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
    };
    let (outlet, published, url) = (get("outlet"), get("published"), get("url"));
    if let Some(p) = &published {
        if load::manifest::parse_date_prefix(p).is_none() {
            return Err(ApiError::bad_request(
                "published must be a date, YYYY-MM-DD",
            ));
        }
    }
    if outlet.is_none() && published.is_none() && url.is_none() {
        return Ok(None);
    }
    Ok(Some(load::ManifestEntry {
        file: "request".into(),
        outlet,
        published,
        url,
    }))
}

fn body_or_error(app: &App, body: Result<Bytes, BytesRejection>) -> Result<Bytes, ApiError> {
    body.map_err(|e| {
        let status = e.status();
        if status == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::new(
                status,
                format!(
                    "request body too large: the limit is {} bytes",
                    app.max_body
                ),
            )
        } else {
            ApiError::new(status, format!("cannot read the request body: {e}"))
        }
    })
}

/// `POST /api/ingest`: queues the articles as a job; 202 with the job, which
/// `GET /api/jobs/{id}` follows.
async fn api_ingest(
    State(app): State<App>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let ctype = media_type(&headers);
    if !API_TYPES.contains(&ctype.as_str()) {
        return Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            format!(
                "the API takes JSON only (Content-Type {ctype:?}): send {{\"text\": …}} as application/json, or JSON lines as application/x-ndjson"
            ),
        ));
    }
    let body = body_or_error(&app, body)?;
    let docs = documents_from_body(&ctype, &q, body)?;
    let job = submit(&app, docs)?;
    let url = format!("/api/jobs/{}", job.id);
    let mut res = (
        StatusCode::ACCEPTED,
        Json(json!({"job": job.id, "status": job.status, "documents": job.documents, "url": url})),
    )
        .into_response();
    if let Ok(v) = header::HeaderValue::from_str(&url) {
        res.headers_mut().insert(header::LOCATION, v);
    }
    Ok(res)
}

/// Queues documents for the writer.
fn submit(app: &App, docs: Vec<Document>) -> Result<jobs::Job, ApiError> {
    app.jobs.submit(docs).map_err(|e| match e {
        jobs::QueueError::Full => ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the ingest queue is full ({} jobs): try again later",
                jobs::MAX_QUEUED
            ),
        ),
        jobs::QueueError::Stopped => {
            ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "the ingest writer stopped")
        }
    })
}

/// `GET /api/jobs/{id}`: an ingest job's progress and, once done, its result.
async fn api_job(
    State(app): State<App>,
    Path(id): Path<String>,
) -> Result<Json<jobs::Job>, ApiError> {
    valid_id(&id)?;
    app.jobs.get(&id).map(Json).ok_or_else(|| {
        ApiError::not_found(format!(
            "no job {id} (jobs are forgotten when the server restarts)"
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::http::Request;
    use tower::ServiceExt;

    fn policy() -> guard::Policy {
        let addr: SocketAddr = "127.0.0.1:8080".parse().expect("addr");
        guard::Policy {
            hosts: guard::allowed_hosts(&addr, &[]),
            token: None,
        }
    }

    async fn call(router: Router, uri: &str) -> (StatusCode, HeaderMap, Value) {
        let req = Request::builder()
            .uri(uri)
            .header(header::HOST, "127.0.0.1:8080")
            .body(Body::empty())
            .expect("request");
        let res = router.oneshot(req).await.expect("response");
        let (parts, body) = res.into_parts();
        let bytes = axum::body::to_bytes(body, 1 << 20).await.expect("body");
        let v = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        (parts.status, parts.headers, v)
    }

    #[tokio::test]
    async fn a_panicking_handler_is_a_json_500_and_the_router_keeps_serving() {
        async fn boom() -> &'static str {
            panic!("a handler bug")
        }
        let routes = Router::new()
            .route("/boom", get(boom))
            .route("/ok", get(|| async { "ok" }));
        let app = harden(routes, policy());
        let (status, headers, body) = call(app.clone(), "/boom").await;
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(body["error"]["status"], 500);
        assert!(headers.contains_key(header::CONTENT_SECURITY_POLICY));
        let (status, _, _) = call(app, "/ok").await;
        assert_eq!(status, StatusCode::OK);
    }
}
