//! Test support: a minimal blocking HTTP/1.1 client (for our server and for chromedriver) and
//! a helper that runs `corroborate serve` on a free loopback port.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A response: status, lower-cased headers, body.
pub struct Resp {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Resp {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text()))
    }
}

/// Sends one request (`Connection: close`) and reads the whole response.
pub fn request(addr: &str, method: &str, path: &str, ctype: Option<&str>, body: &[u8]) -> Resp {
    let mut headers = vec![("Host", addr)];
    if let Some(c) = ctype {
        headers.push(("Content-Type", c));
    }
    request_with(addr, method, path, &headers, body)
}

/// Sends one request with exactly these headers (plus `Connection` and `Content-Length`).
pub fn request_with(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Resp {
    let mut s = TcpStream::connect(addr).unwrap_or_else(|e| panic!("connect {addr}: {e}"));
    s.set_read_timeout(Some(Duration::from_secs(120))).ok();
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    // The server may answer (413) and close before reading a large body: ignore write errors.
    let _ = s
        .write_all(head.as_bytes())
        .and_then(|()| s.write_all(body));
    read_response(s)
}

/// Reads one response: headers, then a body by Content-Length, chunks, or until close (some
/// servers keep the connection open despite `Connection: close`).
fn read_response(s: TcpStream) -> Resp {
    let mut r = BufReader::new(s);
    let mut raw = Vec::new();
    loop {
        let mut line = Vec::new();
        let n = r.read_until(b'\n', &mut line).unwrap_or(0);
        raw.extend_from_slice(&line);
        if n == 0 || line == b"\r\n" {
            break;
        }
    }
    let mut resp = parse(&raw);
    let length = resp
        .header("content-length")
        .and_then(|v| v.parse::<usize>().ok());
    let chunked = resp
        .header("transfer-encoding")
        .is_some_and(|v| v.contains("chunked"));
    let mut body = Vec::new();
    if let Some(n) = length {
        body.resize(n, 0);
        let _ = r.read_exact(&mut body);
    } else if chunked {
        loop {
            let mut size = String::new();
            if r.read_line(&mut size).unwrap_or(0) == 0 {
                break;
            }
            let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
            if n == 0 {
                break;
            }
            let mut chunk = vec![0; n];
            if r.read_exact(&mut chunk).is_err() {
                break;
            }
            body.extend(chunk);
            let mut crlf = String::new();
            let _ = r.read_line(&mut crlf);
        }
    } else {
        let _ = r.read_to_end(&mut body);
    }
    resp.body = body;
    resp
}

fn parse(raw: &[u8]) -> Resp {
    let head = String::from_utf8_lossy(raw).into_owned();
    let mut lines = head.lines();
    let status: u16 = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("no HTTP status line in {head:?}"));
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    Resp {
        status,
        headers,
        body: Vec::new(),
    }
}

pub fn get(addr: &str, path: &str) -> Resp {
    request(addr, "GET", path, None, b"")
}

pub fn post_json(addr: &str, path: &str, v: &serde_json::Value) -> Resp {
    request(
        addr,
        "POST",
        path,
        Some("application/json"),
        v.to_string().as_bytes(),
    )
}

/// Follows an ingest job (the 202 answer of `POST /api/ingest`) until it finishes; returns the
/// finished job, whose `result` says what the ingest did.
pub fn wait_job(addr: &str, accepted: &Resp) -> serde_json::Value {
    assert_eq!(
        accepted.status,
        202,
        "ingest not accepted: {}",
        accepted.text()
    );
    let url = accepted.json()["url"]
        .as_str()
        .expect("job url")
        .to_string();
    let start = std::time::Instant::now();
    loop {
        let job = get(addr, &url).json();
        match job["status"].as_str() {
            Some("done") => return job,
            Some("failed") => panic!("ingest job failed: {job}"),
            _ => {}
        }
        assert!(
            start.elapsed() < Duration::from_secs(300),
            "ingest job still not done: {job}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The number of documents in the server's stories.
pub fn stored_documents(addr: &str) -> u64 {
    get(addr, "/api/stories").json()["stories"]
        .as_array()
        .expect("stories")
        .iter()
        .filter_map(|s| s["documents"].as_u64())
        .sum()
}

/// A running `corroborate serve`, killed on drop.
pub struct Server {
    pub child: Child,
    pub addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `corroborate serve --db DB --addr 127.0.0.1:0` and waits for its address.
pub fn serve(db: &Path, extra: &[&str]) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_corroborate"))
        .arg("serve")
        .arg("--db")
        .arg(db)
        .args(["--addr", "127.0.0.1:0"])
        .args(extra)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start corroborate serve");
    let stderr = child.stderr.take().expect("stderr piped");
    let mut lines = BufReader::new(stderr).lines();
    let mut addr = None;
    for line in lines.by_ref() {
        let line = line.expect("read server stderr");
        if let Some(rest) = line.split("http://").nth(1) {
            addr = Some(rest.trim_end_matches('/').to_string());
            break;
        }
    }
    // Keep draining stderr so the server never blocks on a full pipe.
    std::thread::spawn(move || for _ in lines {});
    let addr = addr.expect("server printed its address");
    Server { child, addr }
}

/// The seed folder beside the checkout; a missing folder fails the test.
pub fn seeds() -> std::path::PathBuf {
    let p = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/seeds"
    ))
    .to_path_buf();
    assert!(
        p.is_dir(),
        "seed folder {} is missing: the tests need ../shared/seeds beside the checkout",
        p.display()
    );
    p
}

/// Runs `corroborate ingest` and asserts success.
pub fn ingest(db: &Path, paths: &[&Path], extra: &[&str]) {
    let out = Command::new(env!("CARGO_BIN_EXE_corroborate"))
        .arg("ingest")
        .args(paths)
        .arg("--db")
        .arg(db)
        .args(["--today", "2026-12-01", "--quiet"])
        .args(extra)
        .output()
        .expect("run corroborate ingest");
    assert!(
        out.status.success(),
        "ingest failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}
