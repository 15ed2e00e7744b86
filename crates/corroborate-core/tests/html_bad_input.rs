//! Bad HTML never panics, never overflows the stack and stays fast: deep nesting, unclosed
//! tags, a 50 MB page, a page without article text, binary-ish junk, truncated pages.

use std::time::{Duration, Instant};

use corroborate_core::load::html;

const PARA: &str = "<p>The council met on Tuesday and voted to repave Elm Street next spring, \
                    the clerk said after the meeting.</p>\n";

/// Runs `f` on a thread with a 2 MiB stack (the default for spawned threads and tests), so
/// unbounded recursion would overflow here.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

#[test]
fn ten_thousand_nested_divs() {
    let page = format!(
        "<html><head><title>Deep page</title></head><body>{}<h1>Deep page</h1>{PARA}{}</body></html>",
        "<div>".repeat(10_000),
        "</div>".repeat(10_000)
    );
    let t = Instant::now();
    let doc = on_small_stack(move || html::load("deep.html", &page)).unwrap();
    assert!(doc.text.contains("voted to repave Elm Street"));
    assert_eq!(doc.headline_text(), Some("Deep page"));
    assert_eq!(
        doc.text.matches("Deep page").count(),
        1,
        "title not repeated"
    );
    assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
}

#[test]
fn ten_thousand_unclosed_tags() {
    let page = format!("<html><body>{}{PARA}", "<div><span><b><i>".repeat(2_500));
    let doc = on_small_stack(move || html::load("unclosed.html", &page)).unwrap();
    assert!(doc.text.contains("voted to repave Elm Street"));
}

#[test]
fn nesting_just_below_the_guard_goes_through_the_dom_safely() {
    let depth = html::MAX_DOM_DEPTH - 8;
    let page = format!(
        "<html><body>{}<article>{}</article>{}</body></html>",
        "<div>".repeat(depth),
        PARA.repeat(5),
        "</div>".repeat(depth)
    );
    assert!(html::nesting_depth(&page, html::MAX_DOM_DEPTH) <= html::MAX_DOM_DEPTH);
    let doc = on_small_stack(move || html::load("deepish.html", &page)).unwrap();
    assert!(doc.text.contains("voted to repave Elm Street"));
}

#[test]
fn fifty_megabyte_page() {
    let filler = "<div class=\"nav\"><a href=\"/x\">Section</a></div>\n";
    let mut page = String::from("<html><head><title>Big page</title></head><body><nav>Menu</nav>");
    while page.len() < 50 * 1024 * 1024 {
        page.push_str(PARA);
        page.push_str(filler);
    }
    page.push_str("</body></html>");
    let t = Instant::now();
    let doc = html::load("big.html", &page).unwrap();
    assert!(doc.text.len() > 10 * 1024 * 1024);
    assert!(!doc.text.contains("Menu"));
    assert!(doc.text.starts_with("Big page\n\nThe council met"));
    assert!(t.elapsed() < Duration::from_secs(60), "{:?}", t.elapsed());
}

#[test]
fn page_without_article_text_is_an_error() {
    for page in [
        "<html><head><title>Nothing here</title></head><body></body></html>",
        "<html><body><nav><a href=/>Home</a></nav><script>var a = 'text';</script></body></html>",
        "<html><body><div>   &nbsp; </div><img src=x.png></body></html>",
        "",
    ] {
        let err = html::load("empty.html", page).unwrap_err();
        assert!(err.starts_with("no article text found"), "{err}");
    }
}

#[test]
fn binary_ish_junk_does_not_panic() {
    // A deterministic pseudo-random byte soup, decoded lossily as the loader does.
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let bytes: Vec<u8> = (0..300_000)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let with_tags = format!("<html><body>{text}<div>{text}</div></body></html>");
    for input in [text, with_tags] {
        let _ = on_small_stack(move || html::load("junk.html", &input));
    }
}

#[test]
fn broken_markup_still_yields_text() {
    let page = "<html><body><div class=a id=\"b\" <p>Tag missing its bracket</div>\
        <p>The harbor reopened on Friday after <b>three <i>days</b> of</i> repairs &amp more &#xZZ; \
        &#99999999; text.</td></tr></table><p>Second paragraph about the harbor and its \
        workers, who returned on Friday morning to a cleared berth.</html";
    let doc = on_small_stack(move || html::load("broken.html", page)).unwrap();
    assert!(doc.text.contains("Second paragraph about the harbor"));
}

#[test]
fn truncated_pages_never_panic() {
    let page = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/html/harbor-crane.html"
    ))
    .unwrap();
    let mut cut = 0;
    while cut < page.len() {
        if page.is_char_boundary(cut) {
            let _ = html::extract_article(&page[..cut]);
            let _ = html::extract_article(&page[cut..]);
        }
        cut += 97;
    }
}

#[test]
fn hostile_json_ld_does_not_overflow() {
    let ld = format!(
        "<script type=\"application/ld+json\">{}{}</script>",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    let page = format!(
        "<html><head>{ld}</head><body><article>{}</article></body></html>",
        PARA.repeat(3)
    );
    let doc = on_small_stack(move || html::load("ld.html", &page)).unwrap();
    assert!(doc.text.contains("Elm Street"));
    assert_eq!(doc.meta.published, None);
}
