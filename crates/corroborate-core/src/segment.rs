//! Sentence and token segmentation for news English, with byte offsets.
//!
//! STUB: replaced by the segmentation work (issue 2).

use serde::Serialize;

use crate::span::{Span, SpanMap};

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TokenKind {
    /// Letters (possibly with inner apostrophes, hyphens or periods, as in "U.S.").
    Word,
    /// Digits, possibly with separators ("1,000", "3.5", "10:30").
    Number,
    /// Punctuation, including quote marks.
    Punct,
    /// Any other symbol ("$", "%", "#").
    Symbol,
}

/// A token: a span and its kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Token {
    /// Where it is.
    #[serde(flatten)]
    pub span: Span,
    /// What it is.
    pub kind: TokenKind,
}

/// Sentences, paragraphs and tokens of one text.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Segmentation {
    /// Paragraph spans (text between blank lines, or lines for list items and headings).
    pub paragraphs: Vec<Span>,
    /// Sentence spans, in order, never overlapping, trimmed of surrounding white space.
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

/// Segments `text` into paragraphs, sentences and tokens.
pub fn segment(text: &str) -> Segmentation {
    let mut seg = Segmentation::default();
    let mut start = None;
    for (i, c) in text.char_indices() {
        if c.is_whitespace() {
            if let Some(s) = start.take() {
                seg.tokens.push(Token {
                    span: Span::new(s, i),
                    kind: TokenKind::Word,
                });
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        seg.tokens.push(Token {
            span: Span::new(s, text.len()),
            kind: TokenKind::Word,
        });
    }
    if !text.trim().is_empty() {
        let t = text.trim_start();
        let s = text.len() - t.len();
        seg.sentences.push(Span::new(s, s + t.trim_end().len()));
        seg.paragraphs = seg.sentences.clone();
    }
    seg
}
