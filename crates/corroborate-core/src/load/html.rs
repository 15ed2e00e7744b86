//! HTML loader: article body, title, byline, publication date, URL and outlet from a page.
//!
//! STUB: replaced by the body-extraction work (see issue 2). Keeps the public surface:
//! [`looks_like_html`] and [`load`].

use crate::document::{Document, SourceFormat};

/// True when text looks like an HTML page rather than plain text.
pub fn looks_like_html(text: &str) -> bool {
    let head = text
        .trim_start()
        .get(..512.min(text.trim_start().len()))
        .unwrap_or("");
    let lower = head.to_ascii_lowercase();
    lower.starts_with("<!doctype html") || lower.starts_with("<html")
}

/// Extracts the article from an HTML page into a document whose text is the body.
pub fn load(name: &str, html: &str) -> Result<Document, String> {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    if out.trim().is_empty() {
        return Err("no article text found in the HTML".into());
    }
    Ok(Document::new(name, SourceFormat::Html, out))
}
