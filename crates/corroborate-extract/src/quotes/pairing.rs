//! Quote-mark pairing that survives curly, straight, mismatched and unbalanced marks.
//!
//! Double marks only (`"`, `“`, `”`, `«`, `»`, `„`): single marks (`‘ ’ '`) are left to the
//! content, since `’` is far more often an apostrophe ("Kohen’s") than a quote, and single
//! quotes in news mark quotes nested in a double-quoted one. Pairing is a left-to-right state
//! machine per paragraph, so it is linear, and an unmatched mark can never reach past its
//! paragraph. A quote left open at a paragraph's end continues only when the next paragraph
//! starts with an opening mark (the news convention for multi-paragraph quotes).

use corroborate_core::Span;

/// How a quote mark may be read, from its neighbours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mark {
    /// Only as an opener (“, or ” glued to the following word after a space).
    Open,
    /// Only as a closer.
    Close,
    /// Either (a straight mark between two words); decided by the pairing state.
    Either,
    /// Neither (a straight mark with space on both sides).
    Stray,
}

/// One paired quotation, before speaker attribution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RawQuote {
    /// From the opening mark to the closing mark (or the paragraph end for an open piece).
    pub span: Span,
    /// Between the marks, trimmed of white space.
    pub content: Span,
    /// Index of the paragraph it is in.
    pub para: usize,
    /// True when it continues a quote left open at the end of the previous paragraph.
    pub continues: bool,
    /// True when it is left open at its paragraph's end and continues in the next.
    pub open_end: bool,
}

fn is_double_mark(c: char) -> bool {
    matches!(c, '"' | '“' | '”' | '«' | '»' | '„')
}

fn opens_before(c: Option<char>) -> bool {
    match c {
        None => true,
        Some(c) => c.is_whitespace() || matches!(c, '(' | '[' | '{' | '—' | '–' | '-' | '/'),
    }
}

fn closes_after(c: Option<char>) -> bool {
    match c {
        None => true,
        Some(c) => {
            c.is_whitespace()
                || matches!(
                    c,
                    '.' | ','
                        | ';'
                        | ':'
                        | '!'
                        | '?'
                        | ')'
                        | ']'
                        | '}'
                        | '—'
                        | '–'
                        | '-'
                        | '\''
                        | '’'
                )
        }
    }
}

fn classify(c: char, prev: Option<char>, next: Option<char>) -> Mark {
    let left_open = opens_before(prev);
    let word_after = next.is_some_and(|n| !n.is_whitespace());
    match c {
        // An opening mark typed where a closing one belongs: attached to the word or
        // punctuation before it and followed by a space or punctuation ("here,“ said Ames").
        '“' if !left_open && closes_after(next) => Mark::Close,
        '“' | '«' | '„' => Mark::Open,
        '”' | '»' => {
            if left_open && next.is_some_and(|n| n.is_alphanumeric() || n == '[') {
                Mark::Open
            } else {
                Mark::Close
            }
        }
        _ => {
            if left_open && word_after {
                Mark::Open
            } else if !left_open && closes_after(next) {
                Mark::Close
            } else if !left_open && word_after {
                Mark::Either
            } else {
                Mark::Stray
            }
        }
    }
}

/// True when `s` has a letter or digit.
fn has_word(s: &str) -> bool {
    s.chars().any(char::is_alphanumeric)
}

/// Trims white space from both ends of `span` in `text`.
pub(crate) fn trim(text: &str, span: Span) -> Span {
    let t = span.text(text);
    let lead = t.len() - t.trim_start().len();
    Span::new(span.start + lead, span.start + lead + t.trim().len())
}

/// True when the paragraph starts with a mark that opens a quotation.
fn starts_with_opener(text: &str, para: Span) -> bool {
    let mut it = para.text(text).chars();
    match (it.next(), it.next()) {
        (Some(c), next) if is_double_mark(c) => {
            matches!(classify(c, None, next), Mark::Open | Mark::Either)
        }
        _ => false,
    }
}

/// `text` with every doubled apostrophe used as a quote mark (`''`, as some NYT texts write
/// “ and ”) replaced by a space and `"` (opening: after a space or a paragraph start) or by `"`
/// and a space (closing), so that byte offsets stay the same. Borrowed when there is none.
pub(crate) fn doubled_apostrophes_as_marks(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains("''") {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("''") {
        let (head, tail) = rest.split_at(i);
        out.push_str(head);
        let prev = out.chars().last();
        let opening = prev.is_none_or(|c| c.is_whitespace() || matches!(c, '(' | '[' | '—'));
        out.push_str(if opening { " \"" } else { "\" " });
        rest = tail.get(2..).unwrap_or("");
    }
    out.push_str(rest);
    std::borrow::Cow::Owned(out)
}

/// A quote paired on [`doubled_apostrophes_as_marks`]'s text, widened to cover both
/// apostrophes of a doubled mark in the original text.
pub(crate) fn widen_to_doubled(text: &str, mut r: RawQuote) -> RawQuote {
    if r.span.start > 0 && text.get(r.span.start - 1..r.span.start + 1) == Some("''") {
        r.span.start -= 1;
    }
    if r.span.end > 0 && text.get(r.span.end - 1..r.span.end + 1) == Some("''") {
        r.span.end += 1;
    }
    r
}

/// Pairs quote marks paragraph by paragraph.
pub(crate) fn pair(text: &str, paragraphs: &[Span]) -> Vec<RawQuote> {
    let mut out = Vec::new();
    let mut carry = false;
    for (pi, &para) in paragraphs.iter().enumerate() {
        let p = para.text(text);
        let mut open: Option<(usize, usize)> = None;
        let mut open_continues = false;
        let mut chars = p.char_indices().peekable();
        let mut prev: Option<char> = None;
        let mut last_solid: Option<char> = None;
        let mut first = true;
        while let Some((i, c)) = chars.next() {
            if is_double_mark(c) {
                let next = chars.peek().map(|&(_, n)| n);
                let mut mark = classify(c, prev, next);
                // A mark standing alone after a closing single quote or the punctuation that
                // ends a quoted clause ends the quote that holds it (“… ‘keep it alive,’ ” said
                // Ames; "… doing this, " Ames said).
                if mark == Mark::Stray
                    && open.is_some()
                    && matches!(last_solid, Some('\'' | '’' | ',' | '.' | '?' | '!'))
                {
                    mark = Mark::Close;
                }
                let at = para.start + i;
                let end = at + c.len_utf8();
                let closes =
                    matches!(mark, Mark::Close) || (mark == Mark::Either && open.is_some());
                let opens = matches!(mark, Mark::Open) || (mark == Mark::Either && open.is_none());
                if closes {
                    if let Some((o_start, o_end)) = open.take() {
                        let content = trim(text, Span::new(o_end, at));
                        if has_word(content.text(text)) {
                            out.push(RawQuote {
                                span: Span::new(o_start, end),
                                content,
                                para: pi,
                                continues: open_continues,
                                open_end: false,
                            });
                        }
                    }
                    open_continues = false;
                } else if opens {
                    open = Some((at, end));
                    open_continues = first && carry;
                }
            }
            if !c.is_whitespace() {
                first = false;
                last_solid = Some(c);
            }
            prev = Some(c);
        }
        carry = false;
        if let Some((o_start, o_end)) = open {
            let content = trim(text, Span::new(o_end, para.end));
            let next_opens = paragraphs
                .get(pi + 1)
                .is_some_and(|&n| starts_with_opener(text, n));
            if next_opens && has_word(content.text(text)) {
                out.push(RawQuote {
                    span: Span::new(o_start, para.end),
                    content,
                    para: pi,
                    continues: open_continues,
                    open_end: true,
                });
                carry = true;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn contents(text: &str) -> Vec<&str> {
        let paras = vec![Span::new(0, text.len())];
        pair(text, &paras)
            .iter()
            .map(|q| q.content.text(text))
            .collect()
    }

    #[test]
    fn pairs_straight_and_curly() {
        assert_eq!(
            contents(r#""One," he said. “Two.” It was “big” and "small"."#),
            vec!["One,", "Two.", "big", "small"]
        );
    }

    #[test]
    fn mismatched_closing_mark_as_opener() {
        assert_eq!(
            contents("She had ”no choice” but to go."),
            vec!["no choice"]
        );
    }

    #[test]
    fn mismatched_opening_mark_as_closer() {
        assert_eq!(
            contents("“It is real,“ said Ames. He called them “rogues“ twice. Then “Go"),
            vec!["It is real,", "rogues"]
        );
    }

    #[test]
    fn a_lone_mark_after_a_closing_single_quote_or_clause_punctuation_closes() {
        assert_eq!(
            contents(
                r#""He said, 'Keep it,' " Ames said. "It is a shame, " Lind said. A " stray."#
            ),
            vec!["He said, 'Keep it,'", "It is a shame,"]
        );
    }

    #[test]
    fn apostrophes_and_single_quotes_stay_in_content() {
        assert_eq!(
            contents("“Kohen’s mother said ‘stop’ twice,” he said. Don't."),
            vec!["Kohen’s mother said ‘stop’ twice,"]
        );
    }

    #[test]
    fn unmatched_opener_is_dropped_and_later_quotes_survive() {
        assert_eq!(
            contents("He said “this never ends. Later “real quote” here."),
            vec!["real quote"]
        );
    }

    #[test]
    fn runs_of_marks_produce_nothing() {
        let t = "\"".repeat(1000);
        assert!(contents(&t).is_empty());
    }
}
