//! Corroborate's HTTP server: a JSON API and a web UI over a store (see `docs/api.md`).
//!
//! Readers use a read-only SQLite connection per worker thread (WAL lets them read while an
//! ingest writes); ingests are serialised behind one lock and run on the blocking pool. Every
//! error, including the framework's own (bad method, body too large, timeout), is answered with
//! a JSON body `{"error": {"status": …, "message": …}}`; malformed input is a 4xx, never a 500.

mod pages;

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
use corroborate_store::{IngestOptions, IngestSummary, Linker, Store};
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
}

/// Shared state of the handlers.
#[derive(Clone)]
struct App {
    db: Arc<PathBuf>,
    linker: Arc<Linker>,
    max_body: usize,
    write: Arc<tokio::sync::Mutex<()>>,
    /// Rendered story pages by story id, with the version they show: a page is rendered once
    /// per version and served from memory until the story changes.
    pages: Arc<std::sync::Mutex<HashMap<String, (i64, Bytes)>>>,
}

/// Request timeout for reads and ingests alike.
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
        linker: config.linker.clone(),
        max_body: config.max_body,
        write: Arc::new(tokio::sync::Mutex::new(())),
        pages: Arc::new(std::sync::Mutex::new(HashMap::new())),
    };
    Ok(Router::new()
        .route("/", get(pages::story_list))
        .route("/stories/:id", get(pages::story_page))
        .route("/documents/:id", get(pages::document_page))
        .route(
            "/ingest",
            get(pages::ingest_form).post(pages::ingest_form_post),
        )
        .route("/api/stories", get(api_stories))
        .route("/api/stories/:id", get(api_story))
        .route("/api/stories/:id/report", get(api_story_report))
        .route("/api/documents/:id", get(api_document))
        .route("/api/ingest", post(api_ingest))
        .route("/healthz", get(|| async { Json(json!({"ok": true})) }))
        .fallback(|| async { ApiError::not_found("no such page or endpoint") })
        .layer(axum::middleware::map_response(json_errors))
        .layer(DefaultBodyLimit::max(config.max_body))
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            TIMEOUT,
        ))
        .with_state(app))
}

/// Replaces the body of any error response that is not already JSON (the framework's own
/// rejections: 405, 408, 413, 415 …) with the JSON error shape.
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
    if is_json {
        return res;
    }
    let message = match status {
        StatusCode::PAYLOAD_TOO_LARGE => "request body too large".to_string(),
        StatusCode::REQUEST_TIMEOUT => "request timed out".to_string(),
        StatusCode::METHOD_NOT_ALLOWED => "method not allowed for this path".to_string(),
        s => s
            .canonical_reason()
            .unwrap_or("request failed")
            .to_lowercase(),
    };
    error_response(status, &message)
}

/// Serves until interrupted (Ctrl-C).
pub fn run(config: Config) -> std::io::Result<()> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    rt.block_on(async move {
        let app = router(&config).map_err(std::io::Error::other)?;
        let listener = tokio::net::TcpListener::bind(config.addr).await?;
        eprintln!(
            "corroborate: serving {} on http://{}/",
            config.db.display(),
            listener.local_addr()?
        );
        axum::serve(listener, app)
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
    })
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

/// Ingests documents: one writer at a time, on the blocking pool.
async fn ingest(app: &App, docs: Vec<Document>) -> Result<IngestSummary, ApiError> {
    let _guard = app.write.lock().await;
    let db = app.db.clone();
    let linker = app.linker.clone();
    tokio::task::spawn_blocking(move || -> Result<IngestSummary, ApiError> {
        let mut store = Store::open(&db)?;
        let opts = IngestOptions {
            batch_size: 64,
            today: jiff::Zoned::now().date(),
        };
        Ok(store.ingest(docs, &opts, linker.as_ref(), &mut |_, _| {})?)
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

async fn api_story(
    State(app): State<App>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    valid_id(&id)?;
    let v = read(&app, move |s| {
        let report = s
            .story_report(&id, None)?
            .ok_or_else(|| ApiError::not_found(format!("no story {id}")))?;
        let history = serde_json::to_value(s.story_history(&id)?)
            .map_err(|e| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, e.to_string()))?;
        Ok(story_json(&id, &report, history))
    })
    .await?;
    Ok(Json(v))
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

/// Turns a request body into documents, by content type.
fn documents_from_body(
    headers: &HeaderMap,
    query: &HashMap<String, String>,
    body: Bytes,
) -> Result<Vec<Document>, ApiError> {
    let ctype = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    if body.iter().all(u8::is_ascii_whitespace) {
        return Err(ApiError::bad_request("empty body"));
    }
    let loaded = match ctype.as_str() {
        "application/json" => {
            let v: Value = serde_json::from_slice(&body)
                .map_err(|e| ApiError::bad_request(format!("invalid JSON: {e}")))?;
            let items: Vec<&Value> = match &v {
                Value::Array(a) => a.iter().collect(),
                Value::Object(o) => match o.get("articles").and_then(Value::as_array) {
                    Some(a) => a.iter().collect(),
                    None => vec![&v],
                },
                _ => return Err(ApiError::bad_request("expected an article object or an array of them")),
            };
            if items.is_empty() {
                return Err(ApiError::bad_request("no articles in the request"));
            }
            let lines: Vec<String> = items.into_iter().map(article_line).collect::<Result<_, _>>()?;
            load::load_bytes("request.jsonl", InputKind::Jsonl, lines.join("\n").into_bytes(), None)
        }
        "application/x-ndjson" | "application/jsonl" => {
            load::load_bytes("request.jsonl", InputKind::Jsonl, body.to_vec(), None)
        }
        "text/plain" | "text/html" => {
            let kind = if ctype == "text/html" { InputKind::Html } else { InputKind::Text };
            let entry = manifest_entry(query)?;
            load::load_bytes("request", kind, body.to_vec(), entry.as_ref())
        }
        "" => return Err(ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, "missing Content-Type: use application/json, application/x-ndjson, text/plain or text/html")),
        other => return Err(ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, format!("unsupported Content-Type {other}: use application/json, application/x-ndjson, text/plain or text/html"))),
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

async fn api_ingest(
    State(app): State<App>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let body = body_or_error(&app, body)?;
    let docs = documents_from_body(&headers, &q, body)?;
    let summary = ingest(&app, docs).await?;
    let status = if summary.added.is_empty() {
        StatusCode::OK
    } else {
        StatusCode::CREATED
    };
    Ok((status, Json(summary)).into_response())
}
