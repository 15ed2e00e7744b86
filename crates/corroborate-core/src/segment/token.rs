//! Tokenizer: one linear pass over the text, no backtracking.
//!
//! Words keep inner hyphens and apostrophes ("1-year-old", "O'Brien", "hasn't") and inner
//! periods of acronyms and domains ("U.S.", "a.m.", "apnews.com"); known abbreviations and
//! initials keep their final period ("Sgt.", "J."). The possessive clitic `'s` is a token of
//! its own so that "Foster's" yields "Foster". Numbers keep inner separators ("1,000", "3.5",
//! "10:30"). Every quote mark is a separate punctuation token.

use super::abbrev;
use super::{Token, TokenKind};
use crate::span::Span;
use crate::text::slice;

/// The character starting at byte `i`, if any.
#[inline]
pub(super) fn char_at(text: &str, i: usize) -> Option<char> {
    let b = *text.as_bytes().get(i)?;
    if b < 0x80 {
        Some(b as char)
    } else {
        text.get(i..)?.chars().next()
    }
}

/// True for combining marks that continue a word (accents written as separate code points).
fn is_mark(c: char) -> bool {
    matches!(c as u32,
        0x0300..=0x036F | 0x0483..=0x0489 | 0x0591..=0x05BD | 0x0610..=0x061A | 0x064B..=0x065F
        | 0x0900..=0x0903 | 0x093A..=0x094F | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF
        | 0x200C..=0x200D | 0x20D0..=0x20FF | 0xFE00..=0xFE0F | 0xFE20..=0xFE2F)
}

/// True for characters that make up the body of a word.
#[inline]
pub(super) fn is_word_char(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_alphanumeric()
    } else {
        c.is_alphanumeric() || is_mark(c)
    }
}

/// True for apostrophes that may sit inside a word.
#[inline]
fn is_apostrophe(c: char) -> bool {
    matches!(c, '\'' | '’' | 'ʼ')
}

/// True for hyphens that may sit inside a word.
#[inline]
fn is_hyphen(c: char) -> bool {
    matches!(c, '-' | '‐' | '‑')
}

/// True for punctuation (as opposed to other symbols).
fn is_punct(c: char) -> bool {
    if c.is_ascii() {
        matches!(
            c,
            '!' | '"'
                | '\''
                | '('
                | ')'
                | ','
                | '-'
                | '.'
                | '/'
                | ':'
                | ';'
                | '?'
                | '['
                | ']'
                | '{'
                | '}'
                | '_'
                | '*'
                | '\\'
        )
    } else {
        matches!(c as u32,
            0x00A1 | 0x00A7 | 0x00AB | 0x00B6 | 0x00B7 | 0x00BB | 0x00BF
            | 0x2010..=0x2027 | 0x2030..=0x205E | 0x3001..=0x3003 | 0x3008..=0x3011
            | 0xFF01..=0xFF0F | 0xFF1A..=0xFF1F)
    }
}

/// Splits `text` into tokens, appending them to `out` in order.
pub(super) fn tokenize(text: &str, out: &mut Vec<Token>) {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b < 0x80 {
            if b.is_ascii_whitespace() {
                i += 1;
                continue;
            }
            if b.is_ascii_alphabetic() {
                i = word(text, i, out);
                continue;
            }
            if b.is_ascii_digit() {
                i = number(text, i, out);
                continue;
            }
        }
        let Some(c) = char_at(text, i) else {
            // Not on a character boundary: cannot happen for `&str`, but never loop forever.
            i += 1;
            continue;
        };
        let len = c.len_utf8();
        if c == '.' {
            let run = bytes[i..].iter().take_while(|&&b| b == b'.').count();
            let after = i + run;
            if run == 1 && char_at(text, after).is_some_and(|c| c.is_ascii_digit()) {
                i = number(text, i, out);
            } else {
                push(out, i, after, TokenKind::Punct);
                i = after;
            }
        } else if is_punct(c) {
            // Before the Unicode tables: curly quotes and dashes are the common non-ASCII.
            push(out, i, i + len, TokenKind::Punct);
            i += len;
        } else if c.is_whitespace() {
            i += len;
        } else if c.is_alphabetic() {
            i = word(text, i, out);
        } else if c.is_numeric() {
            i = number(text, i, out);
        } else {
            push(out, i, i + len, TokenKind::Symbol);
            i += len;
        }
    }
}

#[inline]
fn push(out: &mut Vec<Token>, start: usize, end: usize, kind: TokenKind) {
    out.push(Token {
        span: Span::new(start, end),
        kind,
    });
}

/// Consumes word characters from `i`; returns the byte after them.
#[inline]
fn run_of_word_chars(text: &str, mut i: usize) -> usize {
    let bytes = text.as_bytes();
    while let Some(&b) = bytes.get(i) {
        if b.is_ascii_alphanumeric() {
            i += 1;
        } else if b < 0x80 {
            break;
        } else {
            match char_at(text, i) {
                Some(c) if is_word_char(c) => i += c.len_utf8(),
                _ => break,
            }
        }
    }
    i
}

/// Scans a word starting at `start` (a letter); pushes it (and a possessive clitic) and
/// returns the byte after it.
fn word(text: &str, start: usize, out: &mut Vec<Token>) -> usize {
    let mut j = run_of_word_chars(text, start);
    let mut seg_start = start;
    let mut acronym = false;
    let mut clitic = None;
    while let Some(c) = char_at(text, j) {
        let after = j + c.len_utf8();
        let next = char_at(text, after);
        if is_hyphen(c) && next.is_some_and(is_word_char) {
            j = run_of_word_chars(text, after);
            seg_start = after;
        } else if is_apostrophe(c) && next.is_some_and(char::is_alphabetic) {
            let n_end = after + 1;
            let possessive =
                matches!(next, Some('s' | 'S')) && !char_at(text, n_end).is_some_and(is_word_char);
            if possessive {
                clitic = Some((j, n_end));
                break;
            }
            j = run_of_word_chars(text, after);
            seg_start = after;
        } else if c == '.' && next.is_some_and(char::is_alphabetic) {
            let seg_chars = slice(text, seg_start, j).chars().count();
            let n = next.unwrap_or(' ');
            let next_is_single =
                char_at(text, after + n.len_utf8()) == Some('.') && n.is_alphabetic();
            if next_is_single && seg_chars <= 2 {
                // Acronym: "U.S.", "a.m.", "Ph.D.".
                acronym = true;
                j = after + n.len_utf8();
                seg_start = after;
            } else if n.is_lowercase() && !acronym {
                // Domain or file name: "apnews.com".
                j = run_of_word_chars(text, after);
                seg_start = after;
            } else {
                break;
            }
        } else {
            break;
        }
    }
    // A final period belongs to acronyms, initials and known abbreviations.
    if clitic.is_none() && char_at(text, j) == Some('.') {
        let after_dot = char_at(text, j + 1);
        let ends = !after_dot.is_some_and(|c| c == '.' || is_word_char(c));
        if ends {
            let w = slice(text, start, j);
            let single_upper = {
                let mut cs = w.chars();
                matches!((cs.next(), cs.next()), (Some(c), None) if c.is_uppercase())
            };
            if acronym || single_upper || abbrev::lookup(w).is_some() {
                j += 1;
            }
        }
    }
    push(out, start, j, TokenKind::Word);
    if let Some((s, e)) = clitic {
        push(out, s, e, TokenKind::Word);
        return e;
    }
    j
}

/// Scans a number starting at `start` (a digit, or a period before a digit); numbers glued
/// to letters or hyphenated words ("21st", "1-year-old") continue as one token.
fn number(text: &str, start: usize, out: &mut Vec<Token>) -> usize {
    let bytes = text.as_bytes();
    let mut j = start;
    loop {
        while j < bytes.len() && bytes[j].is_ascii_digit() {
            j += 1;
        }
        if j < bytes.len() && bytes[j] >= 0x80 {
            // Other Unicode digits.
            match char_at(text, j) {
                Some(c) if c.is_numeric() => {
                    j += c.len_utf8();
                    continue;
                }
                _ => {}
            }
        }
        let sep = bytes.get(j).copied();
        let digit_after = bytes.get(j + 1).is_some_and(|b| b.is_ascii_digit());
        if matches!(sep, Some(b',' | b'.' | b':' | b'/')) && digit_after {
            j += 1;
            continue;
        }
        break;
    }
    let digits_end = j;
    // Letters or hyphen-joined parts glued to the number make it a word.
    let mut kind = TokenKind::Number;
    while let Some(c) = char_at(text, j) {
        if is_word_char(c) {
            j = run_of_word_chars(text, j);
            kind = TokenKind::Word;
        } else if is_hyphen(c) && char_at(text, j + c.len_utf8()).is_some_and(is_word_char) {
            j = run_of_word_chars(text, j + c.len_utf8());
            kind = TokenKind::Word;
        } else {
            break;
        }
    }
    if kind == TokenKind::Word {
        let suffix = text.get(digits_end..j).unwrap_or("");
        if ["st", "nd", "rd", "th"]
            .iter()
            .any(|o| suffix.eq_ignore_ascii_case(o))
        {
            kind = TokenKind::Number;
        }
    }
    push(out, start, j, kind);
    j
}
