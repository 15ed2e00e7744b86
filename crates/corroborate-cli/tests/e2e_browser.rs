//! End-to-end in a real browser: Debian's headless Chromium driven through chromedriver
//! (WebDriver) against `corroborate serve` with the seeds ingested. Opens the story list, opens
//! the seed story, clicks a contested claim, checks the highlighted source passage is the cited
//! span of the source text, saves a screenshot under `target/e2e/`, then feeds a hostile article
//! and checks that none of its script ran. From the story it opens a person (Hunter Foster) and
//! from the person the story again.
//!
//! Skips with a loud message only when Chromium or chromedriver is not installed and `CI` is not
//! `true`; `.ci/run` installs both, so in CI a missing browser fails.

mod support_http;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// Whether chromedriver at `addr` answers `/status` with `ready: true`. A driver that is still
/// starting may accept the connection and close it without an answer: that is "not yet". The
/// driver may keep the connection open after answering, so reading stops at the first whole
/// JSON answer.
fn driver_ready(addr: &str) -> bool {
    use std::io::{Read, Write};
    let Ok(mut s) = std::net::TcpStream::connect(addr) else {
        return false;
    };
    s.set_read_timeout(Some(Duration::from_secs(5))).ok();
    let request = format!("GET /status HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    if s.write_all(request.as_bytes()).is_err() {
        return false;
    }
    let mut answer = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        match s.read(&mut chunk) {
            Ok(0) | Err(_) => return false,
            Ok(n) => answer.extend_from_slice(chunk.get(..n).unwrap_or(&[])),
        }
        let text = String::from_utf8_lossy(&answer);
        // The JSON body, whether sent with a length or as one chunk.
        let body = match (text.find('{'), text.rfind('}')) {
            (Some(a), Some(b)) if a < b => text.get(a..=b).unwrap_or(""),
            _ => continue,
        };
        if let Ok(v) = serde_json::from_str::<Value>(body) {
            return text.starts_with("HTTP/1.1 200") && v["value"]["ready"] == json!(true);
        }
    }
}
use support_http::{get, ingest, post_json, request, seeds, serve, stored_documents, wait_job};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

struct Driver {
    child: Child,
    addr: String,
    session: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = request(
                &self.addr,
                "DELETE",
                &format!("/session/{}", self.session),
                None,
                b"",
            );
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Driver {
    fn start(profile: &Path) -> Driver {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("free port")
            .port();
        let child = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let addr = format!("127.0.0.1:{port}");
        let mut d = Driver {
            child,
            addr,
            session: String::new(),
        };
        let t = Instant::now();
        loop {
            if driver_ready(&d.addr) {
                break;
            }
            assert!(
                t.elapsed() < Duration::from_secs(30),
                "chromedriver did not start"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": CHROMIUM, "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1400,1000",
                format!("--user-data-dir={}", profile.display())
            ]}
        }}});
        let r = d.cmd("POST", "/session", Some(caps));
        d.session = r["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {r}"))
            .to_string();
        d
    }

    /// Sends a WebDriver command and returns its `value`.
    fn cmd(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let ctype = (method == "POST").then_some("application/json");
        let r = request(&self.addr, method, path, ctype, body.as_bytes());
        let v = r.json();
        assert!(
            r.status == 200,
            "WebDriver {method} {path}: {} {v}",
            r.status
        );
        v.get("value").cloned().unwrap_or(v)
    }

    fn s(&self, rest: &str) -> String {
        format!("/session/{}{rest}", self.session)
    }

    fn goto(&self, url: &str) {
        self.cmd("POST", &self.s("/url"), Some(json!({ "url": url })));
    }

    fn find(&self, css: &str) -> Option<String> {
        let body = json!({"using": "css selector", "value": css}).to_string();
        let r = request(
            &self.addr,
            "POST",
            &self.s("/element"),
            Some("application/json"),
            body.as_bytes(),
        );
        if r.status != 200 {
            return None;
        }
        r.json()["value"][ELEMENT].as_str().map(str::to_string)
    }

    fn wait_for(&self, css: &str) -> String {
        let t = Instant::now();
        loop {
            if let Some(e) = self.find(css) {
                return e;
            }
            if t.elapsed() > Duration::from_secs(20) {
                let url = self.cmd("GET", &self.s("/url"), None);
                let src = self.cmd("GET", &self.s("/source"), None);
                let src = src.as_str().unwrap_or("");
                let src: String = src
                    .chars()
                    .skip(src.chars().count().saturating_sub(2500))
                    .collect();
                panic!("no element {css} on {url}; page source ends: {src}");
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn click(&self, element: &str) {
        self.cmd(
            "POST",
            &self.s(&format!("/element/{element}/click")),
            Some(json!({})),
        );
    }

    fn script(&self, js: &str, args: Value) -> Value {
        self.cmd(
            "POST",
            &self.s("/execute/sync"),
            Some(json!({"script": js, "args": args})),
        )
    }

    fn screenshot(&self, path: &Path) {
        let b64 = self.cmd("GET", &self.s("/screenshot"), None);
        let png = base64_decode(b64.as_str().expect("screenshot data"));
        assert!(png.starts_with(b"\x89PNG"), "screenshot is a PNG");
        std::fs::write(path, png).expect("write screenshot");
    }
}

fn base64_decode(s: &str) -> Vec<u8> {
    let val = |c: u8| -> Option<u32> {
        match c {
            b'A'..=b'Z' => Some((c - b'A') as u32),
            b'a'..=b'z' => Some((c - b'a' + 26) as u32),
            b'0'..=b'9' => Some((c - b'0' + 52) as u32),
            b'+' => Some(62),
            b'/' => Some(63),
            _ => None,
        }
    };
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for v in s.bytes().filter_map(val) {
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    out
}

fn browser_available() -> bool {
    let have = Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists();
    if !have {
        if std::env::var("CI").as_deref() == Ok("true") {
            panic!("CI=true but {CHROMIUM} or {CHROMEDRIVER} is missing: .ci/run must install chromium and chromium-driver");
        }
        eprintln!("\n\n*** SKIPPING the browser test: {CHROMIUM} or {CHROMEDRIVER} is not installed.\n*** Install them with: apt-get install -y chromium chromium-driver\n");
    }
    have
}

fn screenshot_dir() -> PathBuf {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/e2e");
    std::fs::create_dir_all(&p).expect("create target/e2e");
    p
}

/// Clicks the first element matching `css` and checks the passage panel: one highlighted
/// passage per cited span, the first highlight exactly the first cited span of the source text
/// (code points).
fn click_and_check_passage(d: &Driver, addr: &str, css: &str) {
    let element = d.wait_for(css);
    let cites = d.script(
        "return arguments[0].getAttribute('data-cites');",
        json!([{ ELEMENT: element }]),
    );
    d.click(&element);
    d.wait_for("#passage:not([hidden]) #passage-body mark");
    let marked = d.script(
        "return document.querySelector('#passage-body mark').textContent;",
        json!([]),
    );
    // One highlighted passage per cited statement of the claim.
    let shown = d.script(
        "return document.querySelectorAll('#passage-body figure.passage mark').length;",
        json!([]),
    );
    let cited = cites.as_str().map_or(0, |c| c.split(';').count());
    assert_eq!(shown, json!(cited), "one passage per cited span");
    let marked = marked.as_str().expect("mark text");
    // The highlight is exactly the first cited span of the source text (code points).
    let first = cites
        .as_str()
        .expect("data-cites")
        .split(';')
        .next()
        .expect("a cite")
        .to_string();
    let parts: Vec<&str> = first.split(':').collect();
    let (doc, start, end): (&str, usize, usize) = (
        parts[0],
        parts[1].parse().expect("start"),
        parts[2].parse().expect("end"),
    );
    let text = get(addr, &format!("/api/documents/{doc}")).json()["document"]["text"]
        .as_str()
        .expect("document text")
        .to_string();
    let expected: String = text.chars().skip(start).take(end - start).collect();
    assert!(!expected.is_empty(), "{css}: empty cited span");
    assert_eq!(
        marked, expected,
        "{css}: highlighted passage is the cited span"
    );
}

#[test]
fn browser_story_list_story_click_passage_and_no_injected_script() {
    if !browser_available() {
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("e2e.db");
    ingest(&db, &[&seeds()], &[]);
    let srv = serve(&db, &[]);
    let base = format!("http://{}", srv.addr);
    let d = Driver::start(&dir.path().join("profile"));

    d.goto(&format!("{base}/"));
    let link = d.wait_for("a.story-link");
    d.click(&link);
    d.wait_for("section.story h3");
    // A contested claim: one of the claims a dispute between the sources is about.
    click_and_check_passage(&d, &srv.addr, ".dispute .src.claim.contested");
    d.screenshot(&screenshot_dir().join("story.png"));
    // A value of the incident record's contested field: its evidence shows the same way.
    click_and_check_passage(&d, &srv.addr, ".record .contested .src.record-value");

    // A person from the story, then the story from the person (docs/people.md).
    let story_url = d.cmd("GET", &d.s("/url"), None);
    let person = d.wait_for("details.people a.person-link[href=\"/people/p-hunter-foster\"]");
    d.click(&person);
    d.wait_for("ol.person-timeline li");
    let title = d.script(
        "return document.querySelector('header h1').textContent;",
        json!([]),
    );
    assert_eq!(title, json!("Hunter Foster"));
    let back = d.wait_for("ul.person-stories a.story-link");
    d.click(&back);
    d.wait_for("section.story h3");
    assert_eq!(
        d.cmd("GET", &d.s("/url"), None),
        story_url,
        "the person's story is this story"
    );

    // Hostile input: nothing it carries may run in the story page or the document view.
    let hostile = json!({
        "text": "Senatobia <script>window.__pwned=1</script> update\n\nOn Monday, Nov. 2, 2026, <img src=x onerror=\"window.__pwned=2\"> officials met. </script><script>window.__pwned=3</script> [map](javascript:window.__pwned=4)",
        "outlet": "Hostile <b>Wire</b>"
    });
    let job = wait_job(&srv.addr, &post_json(&srv.addr, "/api/ingest", &hostile));
    let story = get(&srv.addr, "/api/stories").json()["stories"][0]["id"]
        .as_str()
        .expect("story")
        .to_string();
    let doc = job["result"]["added"][0]
        .as_str()
        .expect("added id")
        .to_string();
    for page in [
        format!("{base}/stories/{story}"),
        format!("{base}/documents/{doc}"),
        format!("{base}/"),
    ] {
        d.goto(&page);
        d.wait_for("header h1");
        // Let any injected handler (img onerror) fire before checking.
        std::thread::sleep(Duration::from_millis(300));
        let pwned = d.script("return typeof window.__pwned;", json!([]));
        assert_eq!(pwned, json!("undefined"), "injected script ran on {page}");
        let imgs = d.script(
            "return document.querySelectorAll('img, a[href^=\"javascript\"]').length;",
            json!([]),
        );
        assert_eq!(imgs, json!(0), "injected markup became elements on {page}");
    }
    d.goto(&format!("{base}/stories/{story}"));
    d.wait_for("section.story h3");
    let shown = d.script(
        "return document.body.textContent.includes('Hostile <b>Wire</b>');",
        json!([]),
    );
    assert_eq!(shown, json!(true), "hostile outlet shown as literal text");
}

/// A page of another origin (another port of this machine) that tries every way a page can
/// post an article to the server: a text/plain `no-cors` fetch, a JSON fetch (needs a CORS
/// preflight), and a form submitted into a frame. Serves the page to every request.
fn start_other_origin(target: &str) -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind the other origin");
    let addr = listener.local_addr().expect("addr").to_string();
    let page = format!(
        r#"<!doctype html><html><body><h1>Another site</h1>
<iframe name="sink"></iframe>
<form id="f" method="post" action="http://{target}/ingest" target="sink">
<input name="text" value="Planted headline&#10;&#10;On Monday, Nov. 2, 2026, a planted article said so.">
<input name="format" value="text"></form>
<script>
window.__results = [];
const art = JSON.stringify({{text: "Planted headline\n\nOn Monday, Nov. 2, 2026, a planted article said so.", outlet: "Planted"}});
async function attempt(name, init) {{
  try {{ const r = await fetch("http://{target}/api/ingest", init); window.__results.push(name + " " + r.status); }}
  catch (e) {{ window.__results.push(name + " blocked"); }}
}}
(async function () {{
  await attempt("no-cors", {{method: "POST", mode: "no-cors", headers: {{"Content-Type": "text/plain"}}, body: art}});
  await attempt("json", {{method: "POST", headers: {{"Content-Type": "application/json"}}, body: art}});
  document.getElementById("f").submit();
  setTimeout(function () {{ const p = document.createElement("p"); p.id = "done"; document.body.appendChild(p); }}, 1500);
}})();
</script></body></html>"#
    );
    std::thread::spawn(move || {
        use std::io::{Read, Write};
        for stream in listener.incoming() {
            let Ok(mut s) = stream else { continue };
            let mut buf = [0u8; 4096];
            let _ = s.read(&mut buf);
            let head = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                page.len()
            );
            let _ = s
                .write_all(head.as_bytes())
                .and_then(|()| s.write_all(page.as_bytes()));
        }
    });
    format!("http://{addr}/")
}

#[test]
fn browser_page_of_another_origin_cannot_add_articles() {
    if !browser_available() {
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("csrf.db");
    ingest(&db, &[&seeds()], &[]);
    let srv = serve(&db, &[]);
    let before = stored_documents(&srv.addr);
    let other = start_other_origin(&srv.addr);
    let d = Driver::start(&dir.path().join("profile"));
    d.goto(&other);
    d.wait_for("#done");
    let results = d.script("return window.__results;", json!([]));
    // The JSON fetch needs a preflight the server never grants; the no-cors one is opaque.
    assert!(
        results
            .as_array()
            .is_some_and(|r| r.contains(&json!("json blocked"))),
        "{results}"
    );
    // Whatever reached the server was refused: give a queued ingest time to show, then count.
    std::thread::sleep(Duration::from_secs(2));
    assert_eq!(stored_documents(&srv.addr), before, "{results}");
    assert_eq!(
        get(&srv.addr, "/api/stories?q=planted").json()["stories"]
            .as_array()
            .map(Vec::len),
        Some(0)
    );
}
