//! Paragraph and sentence windows used to scope quote pairing, cue search and attributions.
//!
//! Sentences come from the segmenter (`doc.seg.sentences`). While the segmenter gives one
//! sentence for a text with several (its stub does), a light fallback splits paragraphs at
//! sentence-final punctuation so that cue search stays local. Every window is also capped in
//! length, so that work per quote is bounded whatever the input.

use corroborate_core::{PreparedDoc, Span};

/// The longest stretch of text (bytes) looked at on either side of a quote.
pub(crate) const MAX_WINDOW: usize = 600;

/// Paragraphs and sentences of one document, each sorted and non-overlapping.
#[derive(Debug, Clone, Default)]
pub(crate) struct Windows {
    /// Paragraph spans.
    pub paragraphs: Vec<Span>,
    /// Sentence spans, each inside one paragraph.
    pub sentences: Vec<Span>,
}

impl Windows {
    /// Builds the windows of `doc`.
    pub fn new(doc: &PreparedDoc) -> Self {
        let text = doc.doc.text.as_str();
        let paragraphs = if doc.seg.paragraphs.len() > 1 {
            doc.seg.paragraphs.clone()
        } else {
            split_paragraphs(text)
        };
        let use_seg = doc.seg.sentences.len() > paragraphs.len();
        let mut sentences = Vec::new();
        let mut si = 0;
        for &p in &paragraphs {
            if use_seg {
                while si < doc.seg.sentences.len() && doc.seg.sentences[si].end <= p.start {
                    si += 1;
                }
                let mut sj = si;
                while sj < doc.seg.sentences.len() && doc.seg.sentences[sj].start < p.end {
                    let s = doc.seg.sentences[sj];
                    let clipped = Span::new(s.start.max(p.start), s.end.min(p.end));
                    if !clipped.is_empty() {
                        sentences.push(clipped);
                    }
                    sj += 1;
                }
            } else {
                split_sentences(text, p, &mut sentences);
            }
        }
        Windows {
            paragraphs,
            sentences,
        }
    }

    /// Index of the paragraph containing byte `pos`, if any.
    pub fn paragraph_of(&self, pos: usize) -> Option<usize> {
        let i = self.paragraphs.partition_point(|p| p.end <= pos);
        (i < self.paragraphs.len() && self.paragraphs[i].start <= pos).then_some(i)
    }

    /// The sentence(s) around `[lo, hi)`: from the start of the sentence holding `lo` to the end
    /// of the sentence holding `hi`, capped to [`MAX_WINDOW`] bytes on each side.
    pub fn around(&self, text: &str, lo: usize, hi: usize) -> Span {
        let i = self.sentences.partition_point(|s| s.end <= lo);
        let start = self
            .sentences
            .get(i)
            .filter(|s| s.start <= lo)
            .map_or(lo, |s| s.start);
        let j = self.sentences.partition_point(|s| s.end < hi);
        let end = self
            .sentences
            .get(j)
            .filter(|s| s.start <= hi)
            .map_or(hi, |s| s.end);
        let start = floor_boundary(text, start.max(lo.saturating_sub(MAX_WINDOW)));
        let end = ceil_boundary(text, end.min(hi + MAX_WINDOW));
        Span::new(start.min(lo), end.max(hi))
    }
}

/// Byte ranges of the runs of ASCII letters in `s` (the words a cue lexicon can hold).
pub(crate) fn ascii_words(s: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let b = s.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < b.len() && !b[i].is_ascii_alphabetic() {
            i += 1;
        }
        if i >= b.len() {
            return None;
        }
        let start = i;
        while i < b.len() && b[i].is_ascii_alphabetic() {
            i += 1;
        }
        Some((start, i))
    })
}

/// The largest char boundary `<= i`.
pub(crate) fn floor_boundary(text: &str, i: usize) -> usize {
    let mut i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The smallest char boundary `>= i`.
pub(crate) fn ceil_boundary(text: &str, i: usize) -> usize {
    let mut i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i += 1;
    }
    i
}

/// Splits text into paragraphs at blank lines and before bulleted lines; each trimmed.
fn split_paragraphs(text: &str) -> Vec<Span> {
    let mut out = Vec::new();
    let mut para_start: Option<usize> = None;
    let mut line_start = 0;
    let bytes = text.as_bytes();
    let push = |out: &mut Vec<Span>, s: usize, e: usize| {
        let t = &text[s..e];
        let lead = t.len() - t.trim_start().len();
        let span = Span::new(s + lead, s + lead + t.trim().len());
        if !span.is_empty() {
            out.push(span);
        }
    };
    loop {
        let line_end = memchr_newline(bytes, line_start);
        let line = &text[line_start..line_end];
        let trimmed = line.trim_start();
        if trimmed.is_empty() {
            if let Some(s) = para_start.take() {
                push(&mut out, s, line_start);
            }
        } else {
            let bullet = trimmed.starts_with(['•', '·', '*', '-', '–', '—']);
            if bullet {
                if let Some(s) = para_start.take() {
                    push(&mut out, s, line_start);
                }
            }
            if para_start.is_none() {
                para_start = Some(line_start);
            }
        }
        if line_end >= text.len() {
            break;
        }
        line_start = line_end + 1;
    }
    if let Some(s) = para_start {
        push(&mut out, s, text.len());
    }
    out
}

/// Position of the next `\n` at or after `from`, or the end of the text.
fn memchr_newline(bytes: &[u8], from: usize) -> usize {
    bytes[from.min(bytes.len())..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |i| from + i)
}

/// True for characters that close a quotation or bracket after a sentence-final mark.
fn is_closer(c: char) -> bool {
    matches!(c, '"' | '”' | '’' | '\'' | ')' | ']' | '»')
}

/// True for characters that may start a sentence.
fn starts_sentence(c: char) -> bool {
    c.is_uppercase() || c.is_ascii_digit() || matches!(c, '"' | '“' | '‘' | '”' | '(' | '[' | '«')
}

/// Splits one paragraph into sentences at `.`, `!`, `?` (followed by space and a capital, or
/// glued to a capital after a lower-case word: "wrongdoing.Sgt"), skipping abbreviations.
fn split_sentences(text: &str, para: Span, out: &mut Vec<Span>) {
    let p = para.text(text);
    let mut start = 0;
    let mut word_start = 0;
    let mut prev: Option<char> = None;
    for (i, c) in p.char_indices() {
        if !c.is_alphanumeric() && c != '.' {
            word_start = i + c.len_utf8();
        }
        if matches!(c, '.' | '!' | '?') {
            // Only the last few bytes of a "word" matter; capping keeps runs like "a.a.a…" linear.
            let ws = floor_boundary(p, word_start.max(i.saturating_sub(12)));
            let mut j = i + 1;
            let rest = &p[j..];
            let mut it = rest.chars();
            let mut next = it.next();
            while let Some(n) = next.filter(|&n| is_closer(n)) {
                j += n.len_utf8();
                next = it.next();
            }
            let boundary = match next {
                Some(n) if n.is_whitespace() => {
                    let after = p[j..].trim_start();
                    let k = p.len() - after.len();
                    match after.chars().next() {
                        Some(a) if starts_sentence(a) => {
                            (c != '.' || !is_abbreviation(&p[ws..i])).then_some(k)
                        }
                        _ => None,
                    }
                }
                Some(n) if c == '.' && n.is_uppercase() && j == i + 1 => {
                    let glued = prev.is_some_and(|pc| pc.is_lowercase())
                        && p[ws..i].chars().count() > 2
                        && !p[ws..i].contains('.');
                    glued.then_some(j)
                }
                _ => None,
            };
            if let Some(k) = boundary {
                let s = Span::new(para.start + start, para.start + j);
                if !s.is_empty() {
                    out.push(s);
                }
                start = k;
                word_start = k;
            }
        }
        prev = Some(c);
    }
    let s = Span::new(para.start + start, para.end);
    if !s.is_empty() {
        out.push(s);
    }
}

/// True when `word` (the letters before a period) is a known abbreviation or an initial.
fn is_abbreviation(word: &str) -> bool {
    let w = word.trim_start_matches(|c: char| !c.is_alphanumeric());
    if w.chars().count() == 1 {
        return w.chars().all(|c| c.is_uppercase());
    }
    w.contains('.') || corroborate_core::lexicon::is_abbreviation(w)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sentences(text: &str) -> Vec<&str> {
        let mut out = Vec::new();
        for p in split_paragraphs(text) {
            split_sentences(text, p, &mut out);
        }
        out.iter().map(|s| s.text(text)).collect()
    }

    #[test]
    fn splits_at_terminators_not_abbreviations() {
        let t =
            "Gov. Ann Lee spoke on Oct. 3 in Dover. She left.\n\nNew para, \"quoted.\" Then more.";
        assert_eq!(
            sentences(t),
            vec![
                "Gov. Ann Lee spoke on Oct. 3 in Dover.",
                "She left.",
                "New para, \"quoted.\"",
                "Then more."
            ]
        );
    }

    #[test]
    fn splits_glued_sentences() {
        assert_eq!(
            sentences("It ended in wrongdoing.Sgt Bo left. U.S. troops"),
            vec!["It ended in wrongdoing.", "Sgt Bo left.", "U.S. troops"]
        );
    }

    #[test]
    fn bullets_are_paragraphs() {
        let t = "Head\n• one\n• two\n\nBody";
        let p: Vec<_> = split_paragraphs(t).iter().map(|s| s.text(t)).collect();
        assert_eq!(p, vec!["Head", "• one", "• two", "Body"]);
    }
}
