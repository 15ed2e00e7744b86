//! Sentence boundaries inside one paragraph, decided on tokens.
//!
//! A candidate end is a sentence-final mark ("." "?" "!" an ellipsis) or an abbreviation's
//! period, followed by any attached closing quotes and brackets (which stay in the
//! sentence). Whether it splits depends on the kind of mark and on the next token: a
//! lower-case word never starts a sentence; after an abbreviation only strong evidence does
//! (see [`abbrev::Class`]); with no space after the mark ("wrongdoing.Sgt") the mark must
//! follow a lower-case word and precede a capitalised one.

use super::abbrev::{self, Class};
use super::token::char_at;
use super::{Token, TokenKind};
use crate::span::Span;

/// What kind of possible sentence end a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Terminal {
    /// A lone period.
    Period,
    /// "?" or "!".
    Strong,
    /// "..." or "…".
    Ellipsis,
    /// A word token that ends with its abbreviation period.
    Abbrev(Class),
}

fn is_opener(s: &str) -> bool {
    matches!(
        s,
        "“" | "‘" | "\"" | "'" | "(" | "[" | "«" | "‹" | "„" | "‚" | "{" | "‛" | "‟"
    )
}

fn is_closer(s: &str) -> bool {
    matches!(s, "”" | "’" | "\"" | "'" | ")" | "]" | "»" | "›" | "}")
}

fn final_mark(s: &str) -> Option<Terminal> {
    match s {
        "." => Some(Terminal::Period),
        "?" | "!" | "‽" | "？" | "！" | "。" => Some(Terminal::Strong),
        "…" => Some(Terminal::Ellipsis),
        _ if s.len() >= 2 && s.bytes().all(|b| b == b'.') => Some(Terminal::Ellipsis),
        _ => None,
    }
}

/// The abbreviation class of a word token that ends in a period ("Sgt.", "U.S.", "J.").
fn abbrev_class(s: &str) -> Option<Class> {
    let w = s.strip_suffix('.')?;
    if let Some(c) = abbrev::lookup(w) {
        return Some(c);
    }
    let mut cs = w.chars();
    match (cs.next(), cs.next()) {
        (Some(c), None) if c.is_uppercase() => Some(Class::Ambiguous),
        _ => None,
    }
}

fn terminal(text: &str, t: &Token) -> Option<Terminal> {
    let s = t.span.text(text);
    match t.kind {
        TokenKind::Punct => final_mark(s),
        TokenKind::Word if s.ends_with('.') => abbrev_class(s).map(Terminal::Abbrev),
        _ => None,
    }
}

fn first_char(text: &str, t: &Token) -> Option<char> {
    char_at(text, t.span.start)
}

fn is_capitalised(text: &str, t: &Token) -> bool {
    t.kind == TokenKind::Word && first_char(text, t).is_some_and(char::is_uppercase)
}

/// A lower-case word that cannot start a sentence: "said", but not "iPhone" or "eBay".
fn starts_lowercase(s: &str) -> bool {
    let mut cs = s.chars();
    cs.next().is_some_and(char::is_lowercase) && !cs.any(char::is_uppercase)
}

fn ends_lowercase(s: &str) -> bool {
    s.chars().next_back().is_some_and(char::is_lowercase)
}

/// "Civil", not "NET" or "iPhone": an upper-case letter followed by a lower-case one.
fn is_titlecase_word(s: &str) -> bool {
    let mut cs = s.chars();
    matches!((cs.next(), cs.next()), (Some(a), Some(b)) if a.is_uppercase() && b.is_lowercase())
}

/// Splits one paragraph's tokens into sentences, appending their spans to `out`.
pub(super) fn split(text: &str, tokens: &[Token], out: &mut Vec<Span>) {
    let mut first = 0;
    let mut k = 0;
    while k < tokens.len() {
        let Some(term) = terminal(text, &tokens[k]) else {
            k += 1;
            continue;
        };
        // Attached closing quotes/brackets and further marks ("?!", ".”") stay in the sentence.
        let mut last = k;
        while let Some(n) = tokens.get(last + 1) {
            if n.span.start != tokens[last].span.end {
                break;
            }
            let s = n.span.text(text);
            if n.kind == TokenKind::Punct && (is_closer(s) || final_mark(s).is_some()) {
                last += 1;
            } else {
                break;
            }
        }
        if last + 1 >= tokens.len() {
            break;
        }
        if split_after(text, tokens, k, term, last) {
            out.push(Span::new(tokens[first].span.start, tokens[last].span.end));
            first = last + 1;
        }
        k = last + 1;
    }
    if let (Some(a), Some(b)) = (tokens.get(first), tokens.last()) {
        out.push(Span::new(a.span.start, b.span.end));
    }
}

/// Decides whether a sentence ends after `tokens[last]`, given the mark at `tokens[k]`.
fn split_after(text: &str, tokens: &[Token], k: usize, term: Terminal, last: usize) -> bool {
    let Some(next) = tokens.get(last + 1) else {
        return true;
    };
    let gap = next.span.start > tokens[last].span.end;
    let closed = last > k;
    if !gap {
        // "it.“Go": a curly opening quote glued to the mark, then the word.
        let curly = matches!(next.span.text(text), "“" | "‘" | "«");
        let word = match tokens.get(last + 2) {
            Some(w) if curly && w.span.start == next.span.end => w,
            _ => next,
        };
        return run_together(text, tokens, k, term, closed, word);
    }
    let next_s = next.span.text(text);
    let opener = next.kind == TokenKind::Punct && is_opener(next_s);
    // A quote opening after the mark is good evidence of a new sentence; a bracket is not.
    let quote = opener && !matches!(next_s, "(" | "[" | "{");
    let word = if opener {
        match tokens.get(last + 2) {
            Some(w) => w,
            None => return false,
        }
    } else {
        next
    };
    if starts_lowercase(word.span.text(text)) {
        return false;
    }
    if next.kind == TokenKind::Punct && !opener {
        return false;
    }
    match term {
        Terminal::Strong if closed && !opener => !speaker_follows(text, &tokens[last + 1..]),
        Terminal::Period | Terminal::Strong => true,
        Terminal::Ellipsis => {
            let attached = k > 0 && tokens[k - 1].span.end == tokens[k].span.start;
            attached && (opener || is_capitalised(text, word))
        }
        Terminal::Abbrev(class) => abbrev_split(text, class, quote, word),
    }
}

/// True when the tokens start with a capitalised name and a speech verb, as after a quoted
/// question or exclamation: `“Why?” Officer Dana Kell asked.` is one sentence.
fn speaker_follows(text: &str, rest: &[Token]) -> bool {
    // "They said" after a quote is a new sentence; only a name can be the speaker here.
    if rest
        .first()
        .is_some_and(|t| abbrev::starts_sentence(t.span.text(text)))
    {
        return false;
    }
    for t in rest.iter().take(5) {
        let w = t.span.text(text);
        if is_capitalised(text, t) {
            continue;
        }
        return t.kind == TokenKind::Word
            && matches!(
                w,
                "said"
                    | "says"
                    | "asked"
                    | "asks"
                    | "told"
                    | "tells"
                    | "added"
                    | "adds"
                    | "yelled"
                    | "shouted"
                    | "replied"
                    | "wrote"
                    | "continued"
                    | "explained"
                    | "recalled"
                    | "insisted"
                    | "screamed"
                    | "cried"
                    | "wondered"
                    | "exclaimed"
            );
    }
    false
}

/// After an abbreviation's period: does `word` (possibly after an opening quote) start a
/// new sentence?
fn abbrev_split(text: &str, class: Class, opener: bool, word: &Token) -> bool {
    let w = word.span.text(text);
    match class {
        Class::Title | Class::Never => false,
        Class::BeforeNumber if first_char(text, word).is_some_and(|c| c.is_numeric()) => false,
        Class::BeforeNumber | Class::Ambiguous => opener || abbrev::starts_sentence(w),
        Class::Time => opener || (is_capitalised(text, word) && !abbrev::follows_time(w)),
    }
}

/// A mark with no space after it: "wrongdoing.Sgt", "said.”The", "Why?Because".
fn run_together(
    text: &str,
    tokens: &[Token],
    k: usize,
    term: Terminal,
    closed: bool,
    next: &Token,
) -> bool {
    if !is_capitalised(text, next) {
        return false;
    }
    match term {
        Terminal::Strong => true,
        Terminal::Period => {
            let Some(prev) = k.checked_sub(1).map(|p| &tokens[p]) else {
                return false;
            };
            let word_like = matches!(prev.kind, TokenKind::Word | TokenKind::Number);
            if prev.span.end != tokens[k].span.start || !word_like {
                return closed;
            }
            let p = prev.span.text(text);
            let tail = p.rsplit('-').next().unwrap_or(p);
            if tail.chars().nth(1).is_none() {
                // "J.Smith", "R-W.Va.": an initial.
                return closed;
            }
            match abbrev::lookup(p) {
                Some(class) => abbrev_split(text, class, false, next),
                None => closed || ends_lowercase(p) || is_titlecase_word(next.span.text(text)),
            }
        }
        Terminal::Ellipsis | Terminal::Abbrev(_) => closed,
    }
}
