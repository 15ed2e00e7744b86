//! Sentence, paragraph and token segmentation for news English, with byte offsets.
//!
//! Three linear passes: `token` splits the whole text into tokens; paragraphs come from
//! line structure (blank lines, list items, headings, hard line breaks); `sentence` then
//! splits each paragraph's tokens, using the abbreviation classes of `abbrev`. A sentence
//! never crosses a paragraph boundary, and every span is trimmed of surrounding white space.

#![deny(clippy::string_slice)]

use serde::{Deserialize, Serialize};

use crate::span::{Span, SpanMap};

pub(crate) mod abbrev;
mod sentence;
mod token;

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TokenKind {
    /// Letters (possibly with inner apostrophes, hyphens or periods, as in "U.S.", "O'Brien",
    /// "1-year-old"); known abbreviations and initials keep their period ("Sgt.", "J."). The
    /// possessive clitic ("'s", "’s") is a word token of its own.
    Word,
    /// Digits, possibly with separators ("1,000", "3.5", "10:30", "10/23/2026"), and ordinals
    /// ("21st").
    Number,
    /// Punctuation, including quote marks.
    Punct,
    /// Any other symbol ("$", "%", "#", emoji).
    Symbol,
}

/// A token: a span and its kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Token {
    /// Where it is.
    #[serde(flatten)]
    pub span: Span,
    /// What it is.
    pub kind: TokenKind,
}

/// Sentences, paragraphs and tokens of one text.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Segmentation {
    /// Paragraph spans (text between blank lines, or lines for list items and headings).
    pub paragraphs: Vec<Span>,
    /// Sentence spans, in order, never overlapping, trimmed of surrounding white space, each
    /// inside one paragraph. Closing quotes after the final mark belong to the sentence; a
    /// list item's marker ("•", "1.") does not.
    pub sentences: Vec<Span>,
    /// Token spans, in order.
    pub tokens: Vec<Token>,
}

impl SpanMap for Segmentation {
    fn map_spans(&mut self, f: &dyn Fn(Span) -> Span) {
        self.paragraphs.map_spans(f);
        self.sentences.map_spans(f);
        for t in &mut self.tokens {
            t.span = f(t.span);
        }
    }
}

/// Segments `text` into paragraphs, sentences and tokens. Never panics; linear in the length
/// of the text.
pub fn segment(text: &str) -> Segmentation {
    let mut seg = Segmentation {
        tokens: Vec::with_capacity(text.len() / 5),
        ..Segmentation::default()
    };
    token::tokenize(text, &mut seg.tokens);
    let blocks = paragraphs(text);
    let mut ti = 0;
    for p in &blocks {
        while ti < seg.tokens.len() && seg.tokens[ti].span.start < p.content_start {
            ti += 1;
        }
        let first = ti;
        while ti < seg.tokens.len() && seg.tokens[ti].span.end <= p.span.end {
            ti += 1;
        }
        sentence::split(text, &seg.tokens[first..ti], &mut seg.sentences);
    }
    seg.paragraphs = blocks.into_iter().map(|p| p.span).collect();
    seg
}

/// A paragraph and where its sentences start (after a list marker, if any).
#[derive(Debug, Clone, Copy)]
struct Para {
    span: Span,
    content_start: usize,
}

/// A non-blank line, trimmed.
#[derive(Debug, Clone, Copy)]
struct Line {
    start: usize,
    end: usize,
    /// Where the text starts after a list marker ("• ", "- ", "1. "), or `start`.
    content: usize,
    /// Length in characters (approximate for non-ASCII: bytes are fine for thresholds).
    len: usize,
}

/// Line terminators: LF, CR (CRLF counts once), U+2028, U+2029. Returns the byte length
/// of the terminator at `i`, or 0.
#[inline]
fn line_break_len(bytes: &[u8], i: usize) -> usize {
    match bytes[i] {
        b'\n' => 1,
        b'\r' => {
            if bytes.get(i + 1) == Some(&b'\n') {
                2
            } else {
                1
            }
        }
        0xE2 if bytes.get(i + 1) == Some(&0x80)
            && matches!(bytes.get(i + 2), Some(0xA8 | 0xA9)) =>
        {
            3
        }
        _ => 0,
    }
}

/// The byte after a list marker at the start of `line` ("• ", "- ", "* ", "— ", "1. ",
/// "2) "), or `None` when the line is not a list item.
fn list_content(text: &str, start: usize, end: usize) -> Option<usize> {
    let s = text.get(start..end)?;
    let mut cs = s.char_indices();
    let (_, c) = cs.next()?;
    let marker_end = if matches!(
        c,
        '•' | '·'
            | '▪'
            | '◦'
            | '‣'
            | '●'
            | '■'
            | '□'
            | '➢'
            | '►'
            | '-'
            | '*'
            | '–'
            | '—'
            | '+'
    ) {
        c.len_utf8()
    } else if c.is_ascii_digit() {
        let digits = s.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 3 || !matches!(s.as_bytes().get(digits), Some(b'.' | b')')) {
            return None;
        }
        digits + 1
    } else {
        return None;
    };
    let rest = crate::text::slice_from(s, marker_end);
    let trimmed = rest.trim_start();
    if trimmed.len() == rest.len() || trimmed.is_empty() {
        return None;
    }
    Some(start + s.len() - trimmed.len())
}

/// True for hard-wrapped prose: at least three lines, none a list item, the longest between
/// 40 and 120 bytes, and for at least four in five lines the next line's first word would
/// not have fitted on it (the line was broken because it was full, not because a heading or
/// a step ended there).
fn is_hard_wrapped(text: &str, block: &[Line]) -> bool {
    if block.len() < 3 || block.iter().any(|l| l.content != l.start) {
        return false;
    }
    let width = block.iter().map(|l| l.len).max().unwrap_or(0);
    if !(40..=120).contains(&width) {
        return false;
    }
    let full = block
        .windows(2)
        .filter(|w| {
            let next = text.get(w[1].start..w[1].end).unwrap_or("");
            let first_word = next.split(char::is_whitespace).next().unwrap_or("").len();
            w[0].len + 1 + first_word > width
        })
        .count();
    full * 5 >= (block.len() - 1) * 4
}

/// True when a line ends with a title or an initial ("Sgt.", "J."): the name continues on
/// the next line, so the line break cannot end the paragraph.
fn ends_with_title(text: &str, l: &Line) -> bool {
    let line = text.get(l.start..l.end).unwrap_or("");
    let Some(w) = line
        .rsplit(char::is_whitespace)
        .next()
        .and_then(|w| w.strip_suffix('.'))
    else {
        return false;
    };
    let mut cs = w.chars();
    let initial = matches!((cs.next(), cs.next()), (Some(c), None) if c.is_uppercase());
    initial || abbrev::lookup(w) == Some(abbrev::Class::Title)
}

/// Splits `text` into paragraphs: blocks between blank lines, where a line break inside a
/// block also separates paragraphs unless the block is hard-wrapped prose or the next line
/// continues the sentence (starts in lower case, or the line ends with a comma). List items
/// are always paragraphs of their own.
fn paragraphs(text: &str) -> Vec<Para> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut block: Vec<Line> = Vec::new();
    let mut line_start = 0;
    let mut i = 0;
    while i <= bytes.len() {
        let brk = if i == bytes.len() {
            1
        } else {
            line_break_len(bytes, i)
        };
        if brk == 0 {
            // Jump to the next byte that may start a line terminator.
            i = memchr::memchr3(b'\n', b'\r', 0xE2, &bytes[i + 1..])
                .map_or(bytes.len(), |k| i + 1 + k);
            continue;
        }
        let raw = text.get(line_start..i).unwrap_or("");
        let lead = raw.len() - raw.trim_start().len();
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            flush(text, &mut block, &mut out);
        } else {
            let start = line_start + lead;
            let end = start + trimmed.len();
            let content = list_content(text, start, end).unwrap_or(start);
            block.push(Line {
                start,
                end,
                content,
                len: trimmed.len(),
            });
        }
        i += brk;
        line_start = i;
    }
    flush(text, &mut block, &mut out);
    out
}

/// Turns one block of consecutive non-blank lines into paragraphs.
fn flush(text: &str, block: &mut Vec<Line>, out: &mut Vec<Para>) {
    if block.is_empty() {
        return;
    }
    let wrapped = is_hard_wrapped(text, block);
    let mut cur = Para {
        span: Span::new(block[0].start, block[0].end),
        content_start: block[0].content,
    };
    for w in block.windows(2) {
        let (prev, line) = (&w[0], &w[1]);
        let list = prev.content != prev.start || line.content != line.start;
        let next_lower = char_at_str(text, line.start).is_some_and(char::is_lowercase);
        let prev_comma = text.get(..prev.end).is_some_and(|s| s.ends_with(','));
        let soft = !list && (wrapped || next_lower || prev_comma || ends_with_title(text, prev));
        if soft {
            cur.span.end = line.end;
        } else {
            out.push(cur);
            cur = Para {
                span: Span::new(line.start, line.end),
                content_start: line.content,
            };
        }
    }
    out.push(cur);
    block.clear();
}

fn char_at_str(text: &str, i: usize) -> Option<char> {
    token::char_at(text, i)
}

#[cfg(test)]
mod tests;
