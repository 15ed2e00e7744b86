//! Proof of origin and request hygiene, checked before any handler runs (see
//! `docs/security.md`):
//!
//! - the `Host` header must name this server (DNS rebinding);
//! - a write (any method but GET, HEAD, OPTIONS) must come from this server's own pages: an
//!   `Origin` header, when present, must be this server's origin, and `Sec-Fetch-Site` must not
//!   say another site; the paste form carries a CSRF token and the API takes JSON only (checked
//!   by the handlers);
//! - with an auth token configured, every request but `/healthz` must carry it (a bearer token,
//!   or the cookie that `?token=` sets);
//! - oversized request lines and headers, and control bytes in the query, are refused with a
//!   JSON 414, 431 or 400 before they reach a handler;
//! - every response carries the security headers.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error_response;

/// Longest accepted request target (path and query), in bytes.
pub const MAX_URI_BYTES: usize = 8 * 1024;
/// Most accepted request headers.
pub const MAX_HEADERS: usize = 64;
/// Largest accepted total size of the request headers, in bytes.
pub const MAX_HEADER_BYTES: usize = 16 * 1024;

/// The cookie that carries the auth token for browsers.
const TOKEN_COOKIE: &str = "corroborate_token";

/// The content security policy: our own scripts and styles only (the pages inline theirs), no
/// plugins, no framing, forms post only here.
const CSP: &str = "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/// What the guard checks against.
pub struct Policy {
    /// Host names (without port) a request may address, lower-cased.
    pub hosts: Vec<String>,
    /// The token every request must carry, if any.
    pub token: Option<String>,
}

impl Policy {
    fn host_allowed(&self, host: &str) -> bool {
        let name = host_name(host).to_ascii_lowercase();
        self.hosts.contains(&name)
    }
}

/// The host names a server bound to `addr` answers to: loopback names, the bound address when it
/// is a specific one, and the `extra` names given with `--allow-host`.
pub fn allowed_hosts(addr: &std::net::SocketAddr, extra: &[String]) -> Vec<String> {
    let mut hosts: Vec<String> = ["localhost", "127.0.0.1", "::1"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    if !addr.ip().is_unspecified() {
        hosts.push(addr.ip().to_string());
    }
    hosts.extend(
        extra
            .iter()
            .map(|h| host_name(h.trim()).to_ascii_lowercase()),
    );
    hosts.sort();
    hosts.dedup();
    hosts
}

/// The host part of a `Host` header value: without the port, IPv6 without brackets.
fn host_name(host: &str) -> &str {
    if let Some(rest) = host.strip_prefix('[') {
        return rest.split(']').next().unwrap_or("");
    }
    match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    }
}

/// Compares two secrets in time independent of where they differ.
pub fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// A fresh random secret, hex-encoded (128 bits from the OS).
pub fn random_secret() -> String {
    use std::hash::{BuildHasher, Hasher};
    use std::io::Read;
    let mut bytes = [0u8; 16];
    let from_os = std::fs::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(&mut bytes))
        .is_ok();
    if !from_os {
        // RandomState is seeded from the OS's randomness on every platform std supports.
        for (i, chunk) in bytes.chunks_mut(8).enumerate() {
            let mut h = std::collections::hash_map::RandomState::new().build_hasher();
            h.write_usize(i);
            chunk.copy_from_slice(&h.finish().to_le_bytes());
        }
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Percent-decodes a query string's bytes (`+` stays as it is: only its meaning differs).
fn percent_decoded(q: &str) -> Vec<u8> {
    let b = q.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |x: u8| (x as char).to_digit(16);
        match (
            b.get(i),
            b.get(i + 1).copied().and_then(hex),
            b.get(i + 2).copied().and_then(hex),
        ) {
            (Some(b'%'), Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (Some(&c), _, _) => {
                out.push(c);
                i += 1;
            }
            (None, _, _) => break,
        }
    }
    out
}

/// True when a query decodes to text without control characters.
pub fn query_is_clean(q: &str) -> bool {
    match String::from_utf8(percent_decoded(q)) {
        Ok(s) => !s.chars().any(|c| c.is_control() && c != '\t'),
        Err(_) => false,
    }
}

/// The token from the cookie or the Authorization header, if any.
fn presented_token(headers: &HeaderMap) -> Option<String> {
    if let Some(v) = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
    {
        if let Some(t) = v.strip_prefix("Bearer ") {
            return Some(t.trim().to_string());
        }
    }
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|c| c.trim().split_once('='))
        .find(|(k, _)| *k == TOKEN_COOKIE)
        .map(|(_, v)| v.to_string())
}

/// The `token` query parameter and the query without it.
fn token_in_query(query: &str) -> Option<(String, String)> {
    let mut token = None;
    let mut rest = Vec::new();
    for pair in query.split('&') {
        match pair.strip_prefix("token=") {
            Some(t) => token = Some(String::from_utf8_lossy(&percent_decoded(t)).into_owned()),
            None if !pair.is_empty() => rest.push(pair),
            None => {}
        }
    }
    token.map(|t| (t, rest.join("&")))
}

/// Refuses what the module documentation lists; adds the security headers to every answer.
pub async fn check(State(policy): State<Arc<Policy>>, req: Request, next: Next) -> Response {
    let mut res = match refuse(&policy, &req) {
        Some(r) => r,
        None => next.run(req).await,
    };
    add_security_headers(res.headers_mut());
    res
}

fn refuse(policy: &Policy, req: &Request) -> Option<Response> {
    let headers = req.headers();
    let uri = req.uri();
    let target_len = uri.path_and_query().map_or(0, |p| p.as_str().len());
    if target_len > MAX_URI_BYTES {
        return Some(error_response(
            StatusCode::URI_TOO_LONG,
            &format!("request target longer than {MAX_URI_BYTES} bytes"),
        ));
    }
    let header_bytes: usize = headers
        .iter()
        .map(|(k, v)| k.as_str().len() + v.len() + 4)
        .sum();
    if headers.len() > MAX_HEADERS || header_bytes > MAX_HEADER_BYTES {
        return Some(error_response(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            &format!(
                "request headers over the limit ({MAX_HEADERS} fields, {MAX_HEADER_BYTES} bytes)"
            ),
        ));
    }
    let host = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string)
        .or_else(|| uri.authority().map(|a| a.to_string()));
    let Some(host) = host.filter(|h| policy.host_allowed(h)) else {
        return Some(error_response(
            StatusCode::FORBIDDEN,
            "the Host header does not name this server (start it with --allow-host NAME to serve under another name)",
        ));
    };
    let query = uri.query().unwrap_or("");
    if !query_is_clean(query) {
        return Some(error_response(
            StatusCode::BAD_REQUEST,
            "the query string holds control characters or invalid UTF-8",
        ));
    }
    if let Some(token) = &policy.token {
        if uri.path() != "/healthz" {
            let ok = presented_token(headers).is_some_and(|t| same_secret(&t, token));
            if !ok {
                return Some(unauthorised(policy, req, token));
            }
        }
    }
    let safe = matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if !safe {
        let origin = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok());
        if let Some(origin) = origin {
            let own = [format!("http://{host}"), format!("https://{host}")];
            if !own.iter().any(|o| o.eq_ignore_ascii_case(origin)) {
                return Some(error_response(
                    StatusCode::FORBIDDEN,
                    &format!("cross-origin write refused (Origin {origin})"),
                ));
            }
        }
        let site = headers
            .get("sec-fetch-site")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        if matches!(site, "cross-site" | "same-site") {
            return Some(error_response(
                StatusCode::FORBIDDEN,
                "cross-site write refused",
            ));
        }
    }
    None
}

/// A request without the token: a browser that followed `?token=` gets the cookie and is sent
/// back without the token in its address bar; anything else gets a 401.
fn unauthorised(policy: &Policy, req: &Request, token: &str) -> Response {
    let query = req.uri().query().unwrap_or("");
    if req.method() == Method::GET {
        if let Some((given, rest)) = token_in_query(query) {
            if same_secret(&given, token) && policy.token.is_some() {
                let path = req.uri().path();
                let to = if rest.is_empty() {
                    path.to_string()
                } else {
                    format!("{path}?{rest}")
                };
                let cookie = format!("{TOKEN_COOKIE}={token}; HttpOnly; SameSite=Strict; Path=/");
                let mut res = (StatusCode::SEE_OTHER, "").into_response();
                if let (Ok(loc), Ok(c)) =
                    (HeaderValue::from_str(&to), HeaderValue::from_str(&cookie))
                {
                    res.headers_mut().insert(header::LOCATION, loc);
                    res.headers_mut().insert(header::SET_COOKIE, c);
                    return res;
                }
            }
        }
    }
    let mut res = error_response(
        StatusCode::UNAUTHORIZED,
        "this server needs its token: send Authorization: Bearer TOKEN (or open /?token=TOKEN once in a browser)",
    );
    res.headers_mut()
        .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
    res
}

/// Adds the security headers (CSP, nosniff, no framing, no referrer).
pub fn add_security_headers(h: &mut HeaderMap) {
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(
        "cross-origin-resource-policy",
        HeaderValue::from_static("same-origin"),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_names_drop_the_port() {
        assert_eq!(host_name("127.0.0.1:8080"), "127.0.0.1");
        assert_eq!(host_name("[::1]:80"), "::1");
        assert_eq!(host_name("example.org"), "example.org");
        let addr: std::net::SocketAddr = "0.0.0.0:80".parse().expect("addr");
        let hosts = allowed_hosts(&addr, &["News.Example:8080".into()]);
        assert!(hosts.contains(&"news.example".to_string()));
        assert!(!hosts.contains(&"0.0.0.0".to_string()));
    }

    #[test]
    fn control_bytes_in_queries_are_unclean() {
        assert!(query_is_clean("q=ferry%20inquiry&entity=Wiley"));
        assert!(!query_is_clean("q=%00"));
        assert!(!query_is_clean("q=%0a"));
        assert!(!query_is_clean("q=%ff%fe"));
        assert!(query_is_clean("q=%E2%80%94"));
    }

    #[test]
    fn secrets_compare_whole() {
        assert!(same_secret("abc", "abc"));
        assert!(!same_secret("abc", "abd"));
        assert!(!same_secret("abc", "abcd"));
        let a = random_secret();
        assert_eq!(a.len(), 32);
        assert_ne!(a, random_secret());
    }

    #[test]
    fn the_token_leaves_the_query() {
        assert_eq!(
            token_in_query("a=1&token=s%2Fx&b=2"),
            Some(("s/x".to_string(), "a=1&b=2".to_string()))
        );
        assert_eq!(token_in_query("a=1"), None);
    }
}
