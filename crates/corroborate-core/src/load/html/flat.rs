//! Linear fallback for pathological pages: a forward-only tag scanner that estimates nesting
//! depth and reads paragraphs without building a DOM.
#![deny(clippy::string_slice)]

use super::{has_words, normalize_ws};

/// Tags that never hold children.
fn is_void(name: &str) -> bool {
    matches!(
        name,
        "area"
            | "base"
            | "br"
            | "col"
            | "embed"
            | "hr"
            | "img"
            | "input"
            | "link"
            | "meta"
            | "param"
            | "source"
            | "track"
            | "wbr"
            | "keygen"
            | "frame"
            | "basefont"
            | "bgsound"
    )
}

/// Tags whose end tag is optional (closed by a sibling), so they do not add nesting.
fn is_auto_closed(name: &str) -> bool {
    matches!(
        name,
        "p" | "li"
            | "dt"
            | "dd"
            | "option"
            | "optgroup"
            | "tr"
            | "td"
            | "th"
            | "thead"
            | "tbody"
            | "tfoot"
            | "colgroup"
            | "caption"
            | "rb"
            | "rt"
            | "rp"
            | "rtc"
            | "html"
            | "head"
            | "body"
    )
}

/// Elements whose content is raw text up to their end tag.
fn is_raw_text(name: &str) -> bool {
    matches!(
        name,
        "script" | "style" | "textarea" | "title" | "xmp" | "iframe" | "noembed" | "noframes"
    )
}

/// One tag found by [`TagScanner`].
struct Tag {
    /// Lower-case ASCII name (empty for comments and declarations).
    name: String,
    closing: bool,
    self_closing: bool,
    /// Byte range of the whole tag in the input.
    start: usize,
    end: usize,
}

/// A forward-only tag scanner: each call to [`TagScanner::next_tag`] moves past one tag, so a
/// full scan is linear in the input.
struct TagScanner<'a> {
    s: &'a str,
    pos: usize,
}

impl<'a> TagScanner<'a> {
    fn new(s: &'a str) -> Self {
        TagScanner { s, pos: 0 }
    }

    fn find_from(&self, from: usize, needle: &str) -> Option<usize> {
        self.s.get(from..)?.find(needle).map(|i| i + from)
    }

    /// The next tag at or after the current position; comments and declarations come back
    /// with an empty name. Text between tags is left to the caller (`start` of the tag).
    fn next_tag(&mut self) -> Option<Tag> {
        let b = self.s.as_bytes();
        loop {
            let lt = self.find_from(self.pos, "<")?;
            let next = b.get(lt + 1).copied();
            match next {
                // A comment, doctype or processing instruction: one nameless, self-closing tag.
                Some(b'!' | b'?') => {
                    let end = if self.s.get(lt..).is_some_and(|r| r.starts_with("<!--")) {
                        self.find_from(lt + 4, "-->").map_or(b.len(), |e| e + 3)
                    } else {
                        self.find_from(lt, ">").map_or(b.len(), |e| e + 1)
                    };
                    self.pos = end;
                    return Some(Tag {
                        name: String::new(),
                        closing: false,
                        self_closing: true,
                        start: lt,
                        end,
                    });
                }
                Some(c) if c == b'/' || c.is_ascii_alphabetic() => {
                    let closing = c == b'/';
                    let name_start = if closing { lt + 2 } else { lt + 1 };
                    let mut i = name_start;
                    while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'-') {
                        i += 1;
                    }
                    if i == name_start {
                        self.pos = lt + 1;
                        continue;
                    }
                    let name = self.s.get(name_start..i).unwrap_or("").to_ascii_lowercase();
                    let gt = self.find_from(i, ">");
                    let end = gt.map_or(b.len(), |e| e + 1);
                    let self_closing = gt.is_some_and(|g| g > 0 && b[g - 1] == b'/');
                    self.pos = end;
                    return Some(Tag {
                        name,
                        closing,
                        self_closing,
                        start: lt,
                        end,
                    });
                }
                _ => self.pos = lt + 1,
            }
        }
    }

    /// Moves past the end tag `</name` (case-insensitive) of a raw-text element; returns the
    /// start of that end tag (or the end of input).
    fn skip_raw(&mut self, name: &str) -> usize {
        let mut from = self.pos;
        while let Some(i) = self.find_from(from, "</") {
            let after = self.s.get(i + 2..i + 2 + name.len());
            if after.is_some_and(|a| a.eq_ignore_ascii_case(name)) {
                self.pos = self.find_from(i, ">").map_or(self.s.len(), |e| e + 1);
                return i;
            }
            from = i + 2;
        }
        self.pos = self.s.len();
        self.s.len()
    }
}

/// An estimate of the page's element nesting depth, stopping early once it exceeds `limit`.
/// Linear; ignores void elements, elements with optional end tags, comments and raw text.
pub fn nesting_depth(html: &str, limit: usize) -> usize {
    let mut sc = TagScanner::new(html);
    let mut depth = 0usize;
    let mut max = 0usize;
    while let Some(tag) = sc.next_tag() {
        if tag.name.is_empty() || is_void(&tag.name) || is_auto_closed(&tag.name) {
            continue;
        }
        if tag.closing {
            depth = depth.saturating_sub(1);
        } else if is_raw_text(&tag.name) {
            if !tag.self_closing {
                sc.skip_raw(&tag.name);
            }
        } else if !tag.self_closing {
            depth += 1;
            max = max.max(depth);
            if max > limit {
                break;
            }
        }
    }
    max
}

/// Containers whose whole content is boilerplate in the flat fallback.
fn is_skipped_container(name: &str) -> bool {
    matches!(
        name,
        "head"
            | "nav"
            | "header"
            | "footer"
            | "aside"
            | "form"
            | "select"
            | "button"
            | "svg"
            | "noscript"
            | "template"
            | "object"
            | "video"
            | "audio"
            | "canvas"
            | "math"
    )
}

/// Tags that end a paragraph in the flat fallback.
fn is_block(name: &str) -> bool {
    matches!(
        name,
        "p" | "div"
            | "br"
            | "li"
            | "ul"
            | "ol"
            | "dl"
            | "dt"
            | "dd"
            | "h1"
            | "h2"
            | "h3"
            | "h4"
            | "h5"
            | "h6"
            | "section"
            | "article"
            | "main"
            | "blockquote"
            | "pre"
            | "table"
            | "tr"
            | "td"
            | "th"
            | "figure"
            | "figcaption"
            | "hr"
            | "body"
            | "html"
            | "center"
            | "address"
    )
}

/// Paragraphs of a page by a linear tag scan, without a DOM: drops raw-text elements
/// (script, style) and boilerplate containers (nav, header, footer, aside, forms), breaks
/// paragraphs at block tags, decodes entities and normalises white space. The fallback for
/// pages too deep or too large for the DOM extractor.
pub fn flat_paragraphs(html: &str) -> Vec<String> {
    let mut sc = TagScanner::new(html);
    let mut out = Vec::new();
    let mut buf = String::new();
    let mut text_from = 0usize;
    // (name, depth of same-name nesting) of the boilerplate container being skipped.
    let mut skipping: Option<(String, usize)> = None;
    let flush = |buf: &mut String, out: &mut Vec<String>| {
        let p = normalize_ws(&html_escape::decode_html_entities(buf.as_str()));
        if has_words(&p) {
            out.push(p);
        }
        buf.clear();
    };
    loop {
        let tag = sc.next_tag();
        let text_to = tag.as_ref().map_or(html.len(), |t| t.start);
        if skipping.is_none() {
            if let Some(t) = html.get(text_from..text_to) {
                buf.push_str(t);
            }
        }
        let Some(tag) = tag else { break };
        text_from = tag.end;
        if tag.name.is_empty() {
            continue;
        }
        if let Some((name, depth)) = skipping.as_mut() {
            if *name == tag.name && !tag.self_closing {
                if tag.closing {
                    *depth -= 1;
                    if *depth == 0 {
                        skipping = None;
                    }
                } else {
                    *depth += 1;
                }
            } else if !tag.closing && !tag.self_closing && is_raw_text(&tag.name) {
                sc.skip_raw(&tag.name);
                text_from = sc.pos;
            }
            continue;
        }
        if !tag.closing && !tag.self_closing && is_raw_text(&tag.name) {
            sc.skip_raw(&tag.name);
            text_from = sc.pos;
            continue;
        }
        if !tag.closing && !tag.self_closing && is_skipped_container(&tag.name) {
            flush(&mut buf, &mut out);
            skipping = Some((tag.name, 1));
            continue;
        }
        // Inline tags separate words only where the page has white space.
        if is_block(&tag.name) {
            flush(&mut buf, &mut out);
        }
    }
    flush(&mut buf, &mut out);
    out
}

/// The `<title>` text found by a linear scan (for pages that skip the DOM).
pub(super) fn flat_title(html: &str) -> Option<String> {
    let mut sc = TagScanner::new(html);
    while let Some(tag) = sc.next_tag() {
        if tag.name == "title" && !tag.closing {
            let start = sc.pos;
            let end = sc.skip_raw("title");
            let t = normalize_ws(&html_escape::decode_html_entities(html.get(start..end)?));
            return Some(t).filter(|t| has_words(t));
        }
        if tag.name == "body" {
            break;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_estimate_ignores_void_and_auto_closed() {
        assert_eq!(nesting_depth("<div><p>a<p>b<br><img src=x></div>", 100), 1);
        assert_eq!(
            nesting_depth("<div><div><span>x</span></div></div>", 100),
            3
        );
        assert_eq!(
            nesting_depth("<script>if (a<b) { '<div><div>' }</script><div></div>", 100),
            1
        );
        assert!(nesting_depth(&"<div>".repeat(1000), 10) > 10);
    }

    #[test]
    fn flat_fallback_drops_scripts_and_boilerplate() {
        let html = "<html><head><title>T</title><style>p{}</style></head><body>\
            <nav><ul><li>Home</li></ul><nav>inner</nav>still nav</nav>\
            <p>First &amp; only <b>real</b> paragraph.</p><script>var x = '<p>no</p>';</script>\
            <div>Second&nbsp;block</div><footer>Copyright</footer></body></html>";
        assert_eq!(
            flat_paragraphs(html),
            vec!["First & only real paragraph.", "Second block"]
        );
        assert_eq!(flat_title(html).as_deref(), Some("T"));
    }
}
