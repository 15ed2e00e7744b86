//! The server as an attacker and a careless client meet it (see docs/security.md): writes need
//! proof of origin (Origin, Host, CSRF token, JSON only), the auth token, security headers on
//! every answer, JSON errors for bad query bytes and oversized requests, and slow clients that
//! neither hold connections for ever nor starve others.

mod support_http;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::time::{Duration, Instant};

use support_http::{get, request, request_with, serve, stored_documents, wait_job, Resp};

fn error_of(r: &Resp) -> String {
    let v = r.json();
    assert_eq!(v["error"]["status"].as_u64(), Some(r.status as u64), "{v}");
    v["error"]["message"].as_str().expect("message").to_string()
}

fn article(title: &str) -> Vec<u8> {
    serde_json::json!({
        "text": format!("{title}\n\nOn Monday, Nov. 2, 2026, the council of Tarnwick voted on the harbour."),
        "outlet": "Fictional Ledger"
    })
    .to_string()
    .into_bytes()
}

#[test]
fn writes_need_proof_of_origin() {
    let dir = tempfile::tempdir().expect("tempdir");
    let srv = serve(&dir.path().join("o.db"), &[]);
    let a = srv.addr.as_str();
    let own = format!("http://{a}");
    let json = ("Content-Type", "application/json");
    let body = article("Harbour vote in Tarnwick");

    // Another origin (another site, or another port of this machine) cannot write.
    for origin in ["http://evil.example", "http://127.0.0.1:1", "null"] {
        let r = request_with(
            a,
            "POST",
            "/api/ingest",
            &[("Host", a), json, ("Origin", origin)],
            &body,
        );
        assert_eq!(r.status, 403, "Origin {origin}: {}", r.text());
        assert!(error_of(&r).contains("cross-origin"));
    }
    let r = request_with(
        a,
        "POST",
        "/api/ingest",
        &[("Host", a), json, ("Sec-Fetch-Site", "cross-site")],
        &body,
    );
    assert_eq!(r.status, 403, "{}", r.text());
    // A "simple" request a form or fetch() of another page can send without a preflight.
    let r = request(a, "POST", "/api/ingest", Some("text/plain"), &body);
    assert_eq!(r.status, 415, "{}", r.text());
    assert!(error_of(&r).contains("JSON only"));
    // DNS rebinding: a name that is not this server's, for reads and writes alike.
    for method in ["GET", "POST"] {
        let r = request_with(
            a,
            method,
            "/api/stories",
            &[("Host", "rebind.example:80"), json],
            b"",
        );
        assert_eq!(r.status, 403, "{method}: {}", r.text());
        assert!(error_of(&r).contains("Host"));
    }
    assert_eq!(stored_documents(a), 0, "no refused write got through");

    // The paste form needs its token.
    let form = "text=Harbour+vote+in+Tarnwick%0A%0AOn+Monday%2C+Nov.+2%2C+2026%2C+the+council+voted.&format=text";
    let ctype = ("Content-Type", "application/x-www-form-urlencoded");
    let r = request_with(a, "POST", "/ingest", &[("Host", a), ctype], form.as_bytes());
    assert_eq!(r.status, 403, "{}", r.text());
    assert!(error_of(&r).contains("CSRF"));
    let r = request_with(
        a,
        "POST",
        "/ingest",
        &[("Host", a), ctype],
        format!("csrf=0123&{form}").as_bytes(),
    );
    assert_eq!(r.status, 403, "a wrong token: {}", r.text());
    let page = get(a, "/ingest").text();
    let token = page
        .split("name=\"csrf\" value=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("the form carries a token")
        .to_string();
    let r = request_with(
        a,
        "POST",
        "/ingest",
        &[("Host", a), ctype, ("Origin", own.as_str())],
        format!("csrf={token}&{form}").as_bytes(),
    );
    assert_eq!(r.status, 303, "{}", r.text());
    let job_page = r
        .header("location")
        .expect("redirect to the job")
        .to_string();
    assert!(job_page.starts_with("/jobs/"), "{job_page}");

    // The server's own origin may write through the API.
    let r = request_with(
        a,
        "POST",
        "/api/ingest",
        &[("Host", a), json, ("Origin", own.as_str())],
        &body,
    );
    wait_job(a, &r);
    let start = Instant::now();
    while stored_documents(a) < 2 {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "form ingest never finished"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let done = get(a, &job_page).text();
    assert!(done.contains("data-status=\"done\""), "{done}");
}

#[test]
fn every_answer_has_the_security_headers_and_errors_are_json() {
    let dir = tempfile::tempdir().expect("tempdir");
    let srv = serve(&dir.path().join("h.db"), &[]);
    let a = srv.addr.as_str();
    let long = format!("/api/stories?q={}", "a".repeat(9000));
    let many: Vec<(String, String)> = (0..80)
        .map(|i| (format!("X-Filler-{i}"), "x".into()))
        .collect();
    let mut headers: Vec<(&str, &str)> = vec![("Host", a)];
    headers.extend(many.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    let answers = [
        (get(a, "/"), 200),
        (get(a, "/api/stories"), 200),
        (get(a, "/ingest"), 200),
        (get(a, "/no/such/page"), 404),
        (get(a, "/api/stories?q=%00"), 400),
        (get(a, "/?q=%00"), 400),
        (get(a, "/api/stories?entity=%ff"), 400),
        (get(a, &long), 414),
        (request_with(a, "GET", "/api/stories", &headers, b""), 431),
        (request(a, "DELETE", "/api/stories", None, b""), 405),
    ];
    for (i, (r, want)) in answers.iter().enumerate() {
        assert_eq!(r.status, *want, "case {i}: {}", r.text());
        if *want >= 400 {
            assert!(!error_of(r).is_empty(), "case {i}");
        }
        let csp = r.header("content-security-policy").unwrap_or("");
        assert!(
            csp.contains("default-src 'none'") && csp.contains("frame-ancestors 'none'"),
            "case {i}: CSP {csp:?}"
        );
        assert_eq!(
            r.header("x-content-type-options"),
            Some("nosniff"),
            "case {i}"
        );
        assert_eq!(r.header("x-frame-options"), Some("DENY"), "case {i}");
        assert_eq!(r.header("referrer-policy"), Some("no-referrer"), "case {i}");
    }
}

/// Opens a connection that sends half a request and then nothing.
fn half_request(addr: &str) -> TcpStream {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        .expect("write");
    s
}

/// True when the server closed the connection (end of stream or reset) within `wait`.
fn closed_within(s: &mut TcpStream, wait: Duration) -> bool {
    s.set_read_timeout(Some(wait)).ok();
    let mut buf = [0u8; 512];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => continue,
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return false
            }
            Err(_) => return true,
        }
    }
}

#[test]
fn slow_clients_are_cut_off_and_do_not_starve_others() {
    let dir = tempfile::tempdir().expect("tempdir");
    let srv = serve(
        &dir.path().join("s.db"),
        &["--header-timeout", "1", "--max-connections", "16"],
    );
    let a = srv.addr.as_str();
    // Twelve idle half-sent requests: the server still answers others at once.
    let mut slow: Vec<TcpStream> = (0..12).map(|_| half_request(a)).collect();
    let t = Instant::now();
    assert_eq!(get(a, "/api/stories").status, 200);
    assert!(
        t.elapsed() < Duration::from_millis(900),
        "starved: {:?}",
        t.elapsed()
    );
    // Past the header-read timeout their connections are closed.
    for s in &mut slow {
        assert!(
            closed_within(s, Duration::from_secs(5)),
            "a slow client was kept"
        );
    }
    // Beyond the connection limit, a new connection gets a JSON 503 and is closed.
    let srv = serve(
        &dir.path().join("s.db"),
        &["--header-timeout", "30", "--max-connections", "4"],
    );
    let a = srv.addr.as_str();
    let hold: Vec<TcpStream> = (0..4).map(|_| half_request(a)).collect();
    std::thread::sleep(Duration::from_millis(300));
    let r = get(a, "/api/stories");
    assert_eq!(r.status, 503, "{}", r.text());
    assert!(error_of(&r).contains("too many connections"));
    drop(hold);
    let start = Instant::now();
    loop {
        let r = get(a, "/api/stories");
        if r.status == 200 {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "never recovered: {}",
            r.text()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn the_auth_token_is_enforced_and_required_beyond_loopback() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("t.db");
    let out = Command::new(env!("CARGO_BIN_EXE_corroborate"))
        .args(["serve", "--addr", "0.0.0.0:0", "--db"])
        .arg(&db)
        .env_remove("CORROBORATE_AUTH_TOKEN")
        .output()
        .expect("run serve");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--auth-token"), "{err}");

    let srv = serve(&db, &["--auth-token", "s3cret-token"]);
    let a = srv.addr.as_str();
    let r = get(a, "/api/stories");
    assert_eq!(r.status, 401, "{}", r.text());
    assert!(error_of(&r).contains("token"));
    assert_eq!(r.header("www-authenticate"), Some("Bearer"));
    let wrong = request_with(
        a,
        "GET",
        "/api/stories",
        &[("Host", a), ("Authorization", "Bearer s3cret-tokeN")],
        b"",
    );
    assert_eq!(wrong.status, 401);
    let ok = request_with(
        a,
        "GET",
        "/api/stories",
        &[("Host", a), ("Authorization", "Bearer s3cret-token")],
        b"",
    );
    assert_eq!(ok.status, 200, "{}", ok.text());
    assert_eq!(
        get(a, "/healthz").status,
        200,
        "health checks need no token"
    );
    // A browser opens /?token=… once: it gets a cookie and an address without the token.
    let r = get(a, "/?q=harbour&token=s3cret-token");
    assert_eq!(r.status, 303, "{}", r.text());
    assert_eq!(r.header("location"), Some("/?q=harbour"));
    let cookie = r.header("set-cookie").expect("cookie").to_string();
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"),
        "{cookie}"
    );
    let pair = cookie.split(';').next().expect("pair");
    let r = request_with(a, "GET", "/", &[("Host", a), ("Cookie", pair)], b"");
    assert_eq!(r.status, 200, "{}", r.text());
}
