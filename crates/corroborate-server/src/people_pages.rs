//! People and agencies across stories (docs/people.md): `GET /api/people`, `/api/people/{id}`,
//! `/api/agencies`, `/api/agencies/{id}` and the pages `/people`, `/people/{id}`, `/agencies`,
//! `/agencies/{id}`. Every entry links to its story and its source passage.

#![deny(clippy::string_slice)]

use std::collections::HashMap;
use std::fmt::Write;

use axum::extract::{Path, Query, State};
use axum::response::Html;
use axum::Json;
use corroborate_render::html::{self, escape, PageOptions};
use corroborate_store::people::{Cite, EntityDossier, PersonRow};
use serde_json::{json, Value};

use crate::{read, valid_id, ApiError, App};

/// `person` or `organization`, from the route.
fn kind_of(agencies: bool) -> &'static str {
    if agencies {
        "organization"
    } else {
        "person"
    }
}

fn base(agencies: bool) -> &'static str {
    if agencies {
        "agencies"
    } else {
        "people"
    }
}

fn opts() -> PageOptions {
    PageOptions {
        nav: Some(
            "<nav class=\"top\"><a href=\"/\">Stories</a><a href=\"/people\">People</a><a href=\"/agencies\">Agencies</a><a href=\"/ingest\">Add articles</a></nav>"
                .into(),
        ),
        doc_href: Some("/documents/".into()),
    }
}

async fn search(
    app: &App,
    q: &HashMap<String, String>,
    agencies: bool,
) -> Result<Vec<PersonRow>, ApiError> {
    let query = q.get("q").cloned().unwrap_or_default();
    let kind = kind_of(agencies);
    read(app, move |s| Ok(s.search_people(&query, kind)?)).await
}

async fn dossier(app: &App, id: String, agencies: bool) -> Result<EntityDossier, ApiError> {
    valid_id(&id)?;
    let kind = kind_of(agencies);
    read(app, move |s| {
        s.person_dossier(&id)?
            .filter(|d| d.entity.kind == kind)
            .ok_or_else(|| ApiError::not_found(format!("no {kind} {id}")))
    })
    .await
}

fn to_json(v: impl serde::Serialize) -> Result<Value, ApiError> {
    serde_json::to_value(v)
        .map_err(|e| ApiError::new(axum::http::StatusCode::SERVICE_UNAVAILABLE, e.to_string()))
}

/// `GET /api/people?q=NAME`: people whose name contains the words, with story counts.
pub async fn api_people(
    State(app): State<App>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Json<Value>, ApiError> {
    let rows = search(&app, &q, false).await?;
    Ok(Json(json!({"people": to_json(rows)?})))
}

/// `GET /api/agencies?q=NAME`: agencies (organisations) by name, with story counts.
pub async fn api_agencies(
    State(app): State<App>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Json<Value>, ApiError> {
    let rows = search(&app, &q, true).await?;
    Ok(Json(json!({"agencies": to_json(rows)?})))
}

/// `GET /api/people/{id}`: a person's dossier.
pub async fn api_person(
    State(app): State<App>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(to_json(dossier(&app, id, false).await?)?))
}

/// `GET /api/agencies/{id}`: an agency's dossier.
pub async fn api_agency(
    State(app): State<App>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(to_json(dossier(&app, id, true).await?)?))
}

async fn list_page(
    app: App,
    q: HashMap<String, String>,
    agencies: bool,
) -> Result<Html<String>, ApiError> {
    let rows = search(&app, &q, agencies).await?;
    let query = q.get("q").cloned().unwrap_or_default();
    let (title, b) = if agencies {
        ("Agencies", "agencies")
    } else {
        ("People", "people")
    };
    let mut body = String::new();
    let _ = write!(
        body,
        "<header><h1>{title}</h1><form method=\"get\" action=\"/{b}\" class=\"search\">\
         <input type=\"search\" name=\"q\" placeholder=\"name\" value=\"{}\"> \
         <button type=\"submit\">Search</button></form></header><ul class=\"people\">",
        escape(&query)
    );
    for r in &rows {
        let _ = write!(
            body,
            "<li><a class=\"person-link\" href=\"/{b}/{}\">{}</a> <small>{} stor{} · {} mentions</small></li>",
            escape(&r.id),
            escape(&r.name),
            r.stories,
            if r.stories == 1 { "y" } else { "ies" },
            r.mentions
        );
    }
    body.push_str("</ul>");
    if rows.is_empty() {
        body.push_str("<p class=\"na\">No one matches.</p>");
    }
    Ok(Html(html::shell(
        &format!("Corroborate — {title}"),
        &format!("<section class=\"story\">{body}</section>"),
        &opts(),
    )))
}

/// `GET /people?q=`: search people by name.
pub async fn people_page(
    State(app): State<App>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Html<String>, ApiError> {
    list_page(app, q, false).await
}

/// `GET /agencies?q=`: search agencies by name.
pub async fn agencies_page(
    State(app): State<App>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Html<String>, ApiError> {
    list_page(app, q, true).await
}

/// `GET /people/{id}`: a person's dossier page.
pub async fn person_page(
    State(app): State<App>,
    Path(id): Path<String>,
) -> Result<Html<String>, ApiError> {
    let d = dossier(&app, id, false).await?;
    Ok(Html(render(&d, false)))
}

/// `GET /agencies/{id}`: an agency's dossier page.
pub async fn agency_page(
    State(app): State<App>,
    Path(id): Path<String>,
) -> Result<Html<String>, ApiError> {
    let d = dossier(&app, id, true).await?;
    Ok(Html(render(&d, true)))
}

/// A citation: the story link and the passage in its article.
fn cite(c: &Cite) -> String {
    format!(
        " <small class=\"cite\"><a class=\"story-link\" href=\"/stories/{s}\">{s}</a> · <a href=\"/documents/{d}#c{a}-{b}\">{o}, {a}–{b}</a></small>",
        s = escape(&c.story),
        d = escape(&c.doc),
        o = escape(c.outlet.as_deref().unwrap_or("source")),
        a = c.start,
        b = c.end
    )
}

fn quoted(t: &str) -> String {
    format!(
        "\u{201c}{}\u{201d}",
        escape(&t.split_whitespace().collect::<Vec<_>>().join(" "))
    )
}

/// A dossier as an HTML page.
pub fn render(d: &EntityDossier, agencies: bool) -> String {
    let e = &d.entity;
    let mut o = String::new();
    let _ = write!(
        o,
        "<header><h1>{}</h1><p>{} stor{} · {} mentions</p></header><h2>Stories</h2><ul class=\"person-stories\">",
        escape(&e.name),
        e.stories,
        if e.stories == 1 { "y" } else { "ies" },
        e.mentions
    );
    for s in &d.stories {
        let rule = s.evidence.get("rule").and_then(Value::as_str).unwrap_or("");
        let _ = write!(
            o,
            "<li><a class=\"story-link\" href=\"/stories/{}\">{}</a> <small>{} · as {} · {}</small></li>",
            escape(&s.id),
            escape(&s.title),
            escape(s.first_published.as_deref().unwrap_or("undated")),
            quoted(&s.name),
            escape(rule)
        );
    }
    o.push_str("</ul><h2>Roles over time</h2><ul>");
    for r in &d.roles {
        let who = if agencies {
            format!(
                "<a href=\"/people/{}\">{}</a>: ",
                escape(&r.person),
                escape(&r.name)
            )
        } else {
            String::new()
        };
        let _ = write!(
            o,
            "<li>{} {who}{}{} — {}{}</li>",
            escape(r.cite.published.as_deref().unwrap_or("undated")),
            escape(&r.role),
            r.of_text
                .as_deref()
                .map(|x| format!(" of {}", escape(x)))
                .unwrap_or_default(),
            quoted(&r.cite.text),
            cite(&r.cite)
        );
    }
    o.push_str("</ul>");
    if agencies {
        o.push_str("<h2>Incidents</h2><ul>");
        for i in &d.incidents {
            let _ = write!(
                o,
                "<li><a class=\"story-link\" href=\"/stories/{s}\">{s}</a> ({}): <ul>",
                escape(&i.schema),
                s = escape(&i.story)
            );
            for f in &i.fields {
                let _ = write!(
                    o,
                    "<li>{}: {}{}</li>",
                    escape(&f.name),
                    escape(&f.value),
                    f.cite.as_ref().map(cite).unwrap_or_default()
                );
            }
            o.push_str("</ul></li>");
        }
        o.push_str("</ul>");
    }
    o.push_str("<h2>Timeline</h2><ol class=\"person-timeline\">");
    for t in &d.timeline {
        let date = match (&t.date, t.date_how) {
            (Some(x), "stated") => escape(x),
            (Some(x), _) => format!("as of {}", escape(x)),
            (None, _) => "undated".into(),
        };
        let _ = write!(
            o,
            "<li><b>{date}</b> <i>{}</i> {}{}</li>",
            escape(&t.categories.join(", ")),
            quoted(&t.cite.text),
            cite(&t.cite)
        );
    }
    o.push_str("</ol>");
    for (title, list) in [
        ("Quotes by them", &d.quotes_by),
        ("Quotes about them", &d.quotes_about),
    ] {
        let _ = write!(o, "<h2>{title}</h2><ul>");
        for q in list {
            let _ = write!(
                o,
                "<li>{}{}{}</li>",
                q.speaker
                    .as_deref()
                    .map(|s| format!("{}: ", escape(s)))
                    .unwrap_or_default(),
                quoted(&q.cite.text),
                cite(&q.cite)
            );
        }
        o.push_str("</ul>");
    }
    o.push_str("<h2>Possibly the same (not merged)</h2><ul class=\"possibly-same\">");
    for p in &d.possibly_same {
        let _ = write!(
            o,
            "<li><a href=\"/{}/{}\">{}</a> ({} stor{}): {}</li>",
            base(agencies),
            escape(&p.id),
            escape(&p.name),
            p.stories,
            if p.stories == 1 { "y" } else { "ies" },
            escape(&p.reason)
        );
    }
    o.push_str("</ul>");
    html::shell(
        &format!("Corroborate — {}", e.name),
        &format!("<section class=\"story person\">{o}</section>"),
        &opts(),
    )
}

/// The people and agencies of a story, as links for its page.
pub fn story_people_block(rows: &[PersonRow]) -> String {
    if rows.is_empty() {
        return String::new();
    }
    let mut o = String::from(
        "<details class=\"people\" open><summary>People and agencies across stories</summary><ul>",
    );
    for r in rows {
        let _ = write!(
            o,
            "<li><a class=\"person-link\" href=\"/{}/{}\">{}</a> <small>{} stor{}</small></li>",
            base(r.kind != "person"),
            escape(&r.id),
            escape(&r.name),
            r.stories,
            if r.stories == 1 { "y" } else { "ies" }
        );
    }
    o.push_str("</ul></details>");
    o
}
