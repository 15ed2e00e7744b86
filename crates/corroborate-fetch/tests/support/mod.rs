//! Test support: a tiny HTTP/1.1 server on 127.0.0.1 (one thread per connection, `Connection:
//! close`), and fictional article pages written by the tests themselves. Shared with the CLI's
//! tests through `#[path]`.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A request as the handler sees it.
pub struct Request {
    /// Path with query.
    pub path: String,
    /// Headers, names lower-cased.
    pub headers: Vec<(String, String)>,
}

impl Request {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// What to answer.
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    /// Wait this long before answering.
    pub delay: Duration,
    /// Send no Content-Length (the body ends when the connection closes).
    pub no_length: bool,
}

impl Reply {
    pub fn new(status: u16, content_type: &str, body: impl Into<Vec<u8>>) -> Reply {
        Reply {
            status,
            headers: vec![("Content-Type".into(), content_type.into())],
            body: body.into(),
            delay: Duration::ZERO,
            no_length: false,
        }
    }
    pub fn html(body: impl Into<Vec<u8>>) -> Reply {
        Reply::new(200, "text/html; charset=utf-8", body)
    }
    pub fn redirect(status: u16, to: &str) -> Reply {
        let mut r = Reply::new(status, "text/plain", "moved");
        r.headers.push(("Location".into(), to.into()));
        r
    }
    pub fn with_header(mut self, name: &str, value: &str) -> Reply {
        self.headers.push((name.into(), value.into()));
        self
    }
}

pub type Handler = Arc<dyn Fn(&Request) -> Reply + Send + Sync>;

/// A server running until the test process ends; `hits` lists the paths asked for.
pub struct TestServer {
    pub addr: SocketAddr,
    pub hits: Arc<Mutex<Vec<String>>>,
}

impl TestServer {
    pub fn start(handler: impl Fn(&Request) -> Reply + Send + Sync + 'static) -> TestServer {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind a loopback port");
        let addr = listener.local_addr().expect("local address");
        let hits = Arc::new(Mutex::new(Vec::new()));
        let handler: Handler = Arc::new(handler);
        let h = hits.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let handler = handler.clone();
                let hits = h.clone();
                std::thread::spawn(move || serve(stream, &*handler, &hits));
            }
        });
        TestServer { addr, hits }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }

    pub fn hits(&self, path: &str) -> usize {
        self.hits
            .lock()
            .unwrap()
            .iter()
            .filter(|p| *p == path)
            .count()
    }
}

fn serve(
    stream: TcpStream,
    handler: &(dyn Fn(&Request) -> Reply + Send + Sync),
    hits: &Mutex<Vec<String>>,
) {
    let mut reader = BufReader::new(match stream.try_clone() {
        Ok(s) => s,
        Err(_) => return,
    });
    let mut line = String::new();
    if reader.read_line(&mut line).is_err() {
        return;
    }
    let path = line.split_whitespace().nth(1).unwrap_or("/").to_string();
    let mut headers = Vec::new();
    loop {
        let mut h = String::new();
        if reader.read_line(&mut h).is_err() || h.trim().is_empty() {
            break;
        }
        if let Some((k, v)) = h.split_once(':') {
            headers.push((k.trim().to_ascii_lowercase(), v.trim().to_string()));
        }
    }
    hits.lock().unwrap().push(path.clone());
    let reply = handler(&Request { path, headers });
    std::thread::sleep(reply.delay);
    let mut out = stream;
    let mut head = format!("HTTP/1.1 {} X\r\nConnection: close\r\n", reply.status);
    for (k, v) in &reply.headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    if !reply.no_length {
        head.push_str(&format!("Content-Length: {}\r\n", reply.body.len()));
    }
    head.push_str("\r\n");
    let _ = out.write_all(head.as_bytes());
    for chunk in reply.body.chunks(64 * 1024) {
        if out.write_all(chunk).is_err() {
            return;
        }
    }
    let _ = out.flush();
}

/// A fictional news page: headline, byline, date and `paragraphs` paragraphs about `topic`.
pub fn article_page(headline: &str, topic: &str, published: &str, paragraphs: usize) -> String {
    let mut body = String::new();
    for i in 0..paragraphs {
        body.push_str(&format!(
            "<p>Officials in Larkfield said on Tuesday that the {topic} had closed the old mill road for \
the {n} time this month, and that crews from the county works department would inspect the bridge \
before traffic returns. \"We will not reopen it until it is safe,\" said county engineer Dana Whitcombe.</p>",
            n = i + 1
        ));
    }
    format!(
        "<!doctype html><html><head><title>{headline}</title>\
<meta property=\"article:published_time\" content=\"{published}\">\
<meta name=\"author\" content=\"Robin Ashdown\"></head><body><article><h1>{headline}</h1>{body}</article></body></html>"
    )
}
