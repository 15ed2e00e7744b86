//! Fetching against a local server on 127.0.0.1: redirects, 404, 429, a slow response past the
//! timeout, a huge body, a non-HTML response, gzip, a feed with relative links and a news
//! sitemap. No internet needed.

mod support;

use std::io::Write;
use std::time::Duration;

use corroborate_fetch::{page_documents, parse_feed, FetchConfig, FetchError, Fetcher};
use support::{article_page, Reply, TestServer};

fn server() -> TestServer {
    TestServer::start(|req| {
        let page = article_page("Flood closes mill road", "flood", "2026-11-30T09:00:00Z", 6);
        match req.path.as_str() {
            "/article.html" => Reply::html(page),
            "/hop1" => Reply::redirect(301, "/hop2"),
            "/hop2" => Reply::redirect(302, "/article.html"),
            "/loop" => Reply::redirect(302, "/loop"),
            "/missing" => Reply::new(404, "text/html", "<h1>Not found</h1>"),
            "/busy" => Reply::new(429, "text/plain", "slow down").with_header("Retry-After", "120"),
            "/slow" => {
                let mut r = Reply::html(page);
                r.delay = Duration::from_secs(3);
                r
            }
            "/huge" => {
                let mut r = Reply::html(vec![b'a'; 3 * 1024 * 1024]);
                r.no_length = true;
                r
            }
            "/huge-declared" => Reply::html(vec![b'a'; 3 * 1024 * 1024]),
            "/report.pdf" => Reply::new(200, "application/pdf", "%PDF-1.4 fictional"),
            "/gzip.html" => {
                assert!(req.header("accept-encoding").unwrap_or("").contains("gzip"));
                let mut enc =
                    flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
                enc.write_all(page.as_bytes()).unwrap();
                Reply::html(enc.finish().unwrap()).with_header("Content-Encoding", "gzip")
            }
            _ => Reply::new(404, "text/plain", "no"),
        }
    })
}

fn fetcher() -> Fetcher {
    Fetcher::new(FetchConfig {
        timeout: Duration::from_secs(1),
        max_bytes: 1024 * 1024,
        ..FetchConfig::default()
    })
}

#[test]
fn a_page_goes_through_the_html_loader_with_its_fetch_metadata() {
    let s = server();
    let page = fetcher().fetch_page(&s.url("/article.html")).unwrap();
    let loaded = page_documents(&page, "http");
    assert!(loaded.problems.is_empty(), "{:?}", loaded.problems);
    let doc = &loaded.documents[0];
    assert!(doc.text.contains("Dana Whitcombe"));
    let r = doc.meta.retrieved.as_ref().unwrap();
    assert_eq!(r.url, s.url("/article.html"));
    assert_eq!(r.source, "http");
    assert!(r.at.ends_with('Z') && r.at.len() == 20, "{}", r.at);
    assert_eq!(
        doc.meta.url.as_deref(),
        Some(s.url("/article.html").as_str())
    );
    assert_eq!(
        doc.meta.published.as_ref().unwrap().value.to_string(),
        "2026-11-30"
    );
}

#[test]
fn redirects_are_followed_and_the_final_url_kept() {
    let s = server();
    let page = fetcher().fetch_page(&s.url("/hop1")).unwrap();
    assert_eq!(page.requested_url, s.url("/hop1"));
    assert_eq!(page.final_url, s.url("/article.html"));
    assert_eq!(
        fetcher().fetch_page(&s.url("/loop")),
        Err(FetchError::TooManyRedirects(5))
    );
}

#[test]
fn http_errors_become_named_problems() {
    let s = server();
    let f = fetcher();
    let e = f.fetch_page(&s.url("/missing")).unwrap_err();
    assert_eq!(e, FetchError::Status(404));
    let p = corroborate_fetch::problem(&s.url("/missing"), &e);
    assert!(p.to_string().contains("HTTP 404 Not Found"), "{p}");
    match f.fetch_page(&s.url("/busy")).unwrap_err() {
        FetchError::RateLimited { retry_at: Some(t) } => assert!(t.starts_with("120 s ("), "{t}"),
        other => panic!("expected 429, got {other:?}"),
    }
}

#[test]
fn a_slow_response_times_out() {
    let s = server();
    let started = std::time::Instant::now();
    let e = fetcher().fetch_page(&s.url("/slow")).unwrap_err();
    assert!(matches!(e, FetchError::Timeout(_)), "{e:?}");
    assert!(started.elapsed() < Duration::from_millis(2900));
}

#[test]
fn a_huge_body_is_refused_at_the_cap() {
    let s = server();
    assert_eq!(
        fetcher().fetch_page(&s.url("/huge")).unwrap_err(),
        FetchError::TooLarge(1024 * 1024)
    );
    assert_eq!(
        fetcher().fetch_page(&s.url("/huge-declared")).unwrap_err(),
        FetchError::TooLarge(1024 * 1024)
    );
}

#[test]
fn a_non_html_response_is_refused() {
    let s = server();
    let e = fetcher().fetch_page(&s.url("/report.pdf")).unwrap_err();
    assert_eq!(e, FetchError::NotHtml("application/pdf".into()));
    assert!(e.to_string().contains("not an HTML page"));
}

#[test]
fn a_gzip_response_is_decompressed() {
    let s = server();
    let page = fetcher().fetch_page(&s.url("/gzip.html")).unwrap();
    assert!(String::from_utf8_lossy(&page.body).contains("Flood closes mill road"));
}

#[test]
fn dns_and_connection_failures_are_problems() {
    let f = fetcher();
    assert!(matches!(
        f.fetch_page("http://no-such-host.invalid/a"),
        Err(FetchError::Dns(_)) | Err(FetchError::Connection(_))
    ));
    // A port nobody listens on.
    let closed = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    assert!(matches!(
        f.fetch_page(&format!("http://{closed}/")),
        Err(FetchError::Connection(_))
    ));
    assert!(matches!(
        f.fetch_page("ftp://example.org/a"),
        Err(FetchError::InvalidUrl(_))
    ));
}

#[test]
fn pages_come_back_in_input_order() {
    let s = server();
    let urls = vec![
        s.url("/missing"),
        s.url("/article.html"),
        s.url("/report.pdf"),
    ];
    let r = fetcher().fetch_pages(&urls);
    assert_eq!(r[0], Err(FetchError::Status(404)));
    assert!(r[1].is_ok());
    assert!(matches!(r[2], Err(FetchError::NotHtml(_))));
}

#[test]
fn the_per_host_delay_spaces_requests() {
    let s = server();
    let f = Fetcher::new(FetchConfig {
        per_host_interval: Some(Duration::from_millis(300)),
        ..FetchConfig::default()
    });
    let started = std::time::Instant::now();
    let urls = vec![s.url("/article.html"); 3];
    assert!(f.fetch_pages(&urls).iter().all(|r| r.is_ok()));
    assert!(started.elapsed() >= Duration::from_millis(600));
}

#[test]
fn a_served_feed_with_relative_links_resolves_them() {
    let s = TestServer::start(|req| match req.path.as_str() {
        "/news/feed.xml" => Reply::new(
            200,
            "application/rss+xml",
            r#"<?xml version="1.0"?><rss version="2.0"><channel><title>Larkfield Ledger</title><link>/</link>
<item><title>Flood closes mill road</title><link>/news/flood.html</link><pubDate>Mon, 30 Nov 2026 09:00:00 GMT</pubDate><dc:creator xmlns:dc="http://purl.org/dc/elements/1.1/">Robin Ashdown</dc:creator></item>
<item><title>Bridge inspection</title><link>bridge.html</link></item></channel></rss>"#,
        ),
        "/news-sitemap.xml" => Reply::new(
            200,
            "application/xml",
            r#"<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"><url><loc>/news/flood.html</loc><news:news><news:publication_date>2026-11-30</news:publication_date><news:title>Flood closes mill road</news:title></news:news></url></urlset>"#,
        ),
        _ => Reply::new(404, "text/plain", "no"),
    });
    let f = fetcher();
    let feed = f.fetch(&s.url("/news/feed.xml")).unwrap();
    let parsed = parse_feed(&feed.body, &feed.requested_url, Some(&feed.final_url)).unwrap();
    let links: Vec<&str> = parsed.entries.iter().map(|e| e.link.as_str()).collect();
    assert_eq!(
        links,
        [s.url("/news/flood.html"), s.url("/news/bridge.html")]
    );
    assert_eq!(parsed.entries[0].author.as_deref(), Some("Robin Ashdown"));
    assert_eq!(parsed.entries[0].feed, s.url("/news/feed.xml"));
    let sm = f.fetch(&s.url("/news-sitemap.xml")).unwrap();
    let parsed = parse_feed(&sm.body, &sm.requested_url, Some(&sm.final_url)).unwrap();
    assert_eq!(parsed.entries[0].link, s.url("/news/flood.html"));
    assert_eq!(parsed.entries[0].date.as_deref(), Some("2026-11-30"));
}
