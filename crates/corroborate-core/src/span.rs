//! Stand-off spans and the mapping from byte offsets to Unicode code-point offsets.

#![deny(clippy::string_slice)]

use serde::{Deserialize, Serialize};

/// A half-open range `[start, end)` of byte offsets into a document's text.
///
/// Internally every annotation is a `Span`; the JSON contract exposes code-point offsets,
/// obtained with [`OffsetMap`].
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
pub struct Span {
    /// First byte of the span.
    pub start: usize,
    /// One past the last byte of the span.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end`; `end` is clamped so that `end >= start`.
    pub fn new(start: usize, end: usize) -> Self {
        Span {
            start,
            end: end.max(start),
        }
    }

    /// Length in bytes.
    pub fn len(&self) -> usize {
        self.end - self.start
    }

    /// True when the span covers no bytes.
    pub fn is_empty(&self) -> bool {
        self.end <= self.start
    }

    /// True when `other` lies entirely within `self`.
    pub fn contains(&self, other: Span) -> bool {
        self.start <= other.start && other.end <= self.end
    }

    /// True when the two spans share at least one byte.
    pub fn overlaps(&self, other: Span) -> bool {
        self.start < other.end && other.start < self.end
    }

    /// The text the span covers, or `""` if the span does not fall on character boundaries.
    pub fn text<'a>(&self, text: &'a str) -> &'a str {
        text.get(self.start..self.end).unwrap_or("")
    }

    /// The smallest span covering both.
    pub fn cover(&self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

/// Rewrites every span held by a value, e.g. to turn byte offsets into code-point offsets
/// before serialising. Implemented by every annotation type that carries spans.
pub trait SpanMap {
    /// Applies `f` to each span in `self`.
    fn map_spans(&mut self, f: &dyn Fn(Span) -> Span);
}

impl SpanMap for Span {
    fn map_spans(&mut self, f: &dyn Fn(Span) -> Span) {
        *self = f(*self);
    }
}

impl<T: SpanMap> SpanMap for Option<T> {
    fn map_spans(&mut self, f: &dyn Fn(Span) -> Span) {
        if let Some(v) = self {
            v.map_spans(f);
        }
    }
}

impl<T: SpanMap> SpanMap for Vec<T> {
    fn map_spans(&mut self, f: &dyn Fn(Span) -> Span) {
        for v in self {
            v.map_spans(f);
        }
    }
}

/// Converts byte offsets of one text into Unicode code-point offsets (what Python's `str`
/// indexing uses). Costs nothing for ASCII text; otherwise one binary search per offset.
#[derive(Debug, Clone, Default)]
pub struct OffsetMap {
    /// Every non-ASCII character: (byte offset, code-point offset, byte length). Empty for ASCII.
    multibyte: Vec<(usize, usize, usize)>,
    len_bytes: usize,
    len_chars: usize,
}

impl OffsetMap {
    /// Builds the map for `text`.
    pub fn new(text: &str) -> Self {
        let mut multibyte = Vec::new();
        let mut len_chars = text.len();
        if !text.is_ascii() {
            len_chars = 0;
            for (ci, (bi, c)) in text.char_indices().enumerate() {
                let l = c.len_utf8();
                if l > 1 {
                    multibyte.push((bi, ci, l));
                }
                len_chars = ci + 1;
            }
        }
        OffsetMap {
            multibyte,
            len_bytes: text.len(),
            len_chars,
        }
    }

    /// Code-point offset of byte offset `byte`. An offset inside a character maps to the
    /// character's start; an offset past the end maps to the end.
    pub fn char_offset(&self, byte: usize) -> usize {
        let byte = byte.min(self.len_bytes);
        let n = self.multibyte.partition_point(|&(b, _, _)| b < byte);
        if n == 0 {
            return byte;
        }
        let (b, c, l) = self.multibyte[n - 1];
        if byte < b + l {
            c
        } else {
            c + 1 + (byte - (b + l))
        }
    }

    /// Maps a byte span to a code-point span.
    pub fn span(&self, s: Span) -> Span {
        Span::new(self.char_offset(s.start), self.char_offset(s.end))
    }

    /// Byte offset of code-point offset `ch` (the inverse of [`OffsetMap::char_offset`]).
    pub fn byte_offset(&self, ch: usize) -> usize {
        let ch = ch.min(self.len_chars);
        let n = self.multibyte.partition_point(|&(_, c, _)| c < ch);
        if n == 0 {
            return ch;
        }
        let (b, c, l) = self.multibyte[n - 1];
        b + l + (ch - c - 1)
    }

    /// Maps a code-point span back to a byte span.
    pub fn byte_span(&self, s: Span) -> Span {
        Span::new(self.byte_offset(s.start), self.byte_offset(s.end))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_is_identity() {
        let m = OffsetMap::new("hello world");
        assert_eq!(m.char_offset(5), 5);
        assert_eq!(m.byte_offset(5), 5);
    }

    #[test]
    fn multibyte_offsets_match_char_indices() {
        let text = "a’b “c” — é€x";
        let m = OffsetMap::new(text);
        for (ci, (bi, _)) in text.char_indices().enumerate() {
            assert_eq!(m.char_offset(bi), ci, "byte {bi}");
            assert_eq!(m.byte_offset(ci), bi, "char {ci}");
        }
        assert_eq!(m.char_offset(text.len()), text.chars().count());
        assert_eq!(m.byte_offset(text.chars().count()), text.len());
    }

    #[test]
    fn offset_inside_char_clamps_to_its_start() {
        let text = "a’b";
        let m = OffsetMap::new(text);
        assert_eq!(m.char_offset(2), 1);
    }

    #[test]
    fn span_helpers() {
        let a = Span::new(2, 5);
        assert!(a.contains(Span::new(3, 4)));
        assert!(a.overlaps(Span::new(4, 9)));
        assert!(!a.overlaps(Span::new(5, 9)));
        assert_eq!(a.cover(Span::new(7, 9)), Span::new(2, 9));
        assert_eq!(Span::new(5, 2).len(), 0);
        assert_eq!(a.text("héllo"), "");
    }
}
