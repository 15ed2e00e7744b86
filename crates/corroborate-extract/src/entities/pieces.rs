//! Word pieces for entity analysis. The segmenter's tokens are refined into words, possessive
//! markers and punctuation (a stub segmenter may leave "Foster's," as one token); tokens that
//! are already fine pass through unchanged. Linear in the text length.

use corroborate_core::{PreparedDoc, Span};

/// What a piece is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PieceKind {
    /// Letters (with inner hyphens, apostrophes or abbreviation periods), possibly digits.
    Word,
    /// Starts with a digit.
    Number,
    /// The possessive marker "'s" / "’s" (or a lone apostrophe after a plural "s").
    Poss,
    /// One punctuation or symbol character.
    Punct,
}

/// One piece of text.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Piece {
    pub span: Span,
    pub kind: PieceKind,
    /// First sentence word (or first after ". ! ? : •", a line break or an opening quote there).
    pub start: bool,
    /// On a line written in capitals (all caps, or title case like a headline).
    pub caps_line: bool,
    /// Index of the sentence (from the segmenter, refined by sentence-final punctuation).
    pub sent: u32,
}

/// True when the letters before a period are an initial or an abbreviation that keeps it.
fn keeps_period(word: &str) -> bool {
    let w = word.trim_end_matches('.');
    if w.chars().count() == 1 && w.chars().all(char::is_alphabetic) {
        return true;
    }
    if w.contains('.') {
        return true;
    }
    corroborate_core::lexicon::is_abbreviation(w)
}

fn is_apostrophe(c: char) -> bool {
    c == '\'' || c == '’'
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric()
}

/// Splits one segmenter token into pieces, pushing them to `out`.
fn split_token(text: &str, base: usize, out: &mut Vec<(Span, PieceKind)>) {
    // Fast path: a plain ASCII word or number (most tokens).
    let b = text.as_bytes();
    if !b.is_empty() && b.iter().all(u8::is_ascii_alphanumeric) {
        let kind = if b[0].is_ascii_digit() {
            PieceKind::Number
        } else {
            PieceKind::Word
        };
        out.push((Span::new(base, base + b.len()), kind));
        return;
    }
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let n = chars.len();
    let mut i = 0;
    while i < n {
        let (bi, c) = chars[i];
        if !is_word_char(c) {
            // A lone apostrophe right after a word ending in "s" is a plural possessive.
            let poss = is_apostrophe(c)
                && i > 0
                && matches!(chars[i - 1].1, 's' | 'S')
                && chars.get(i + 1).is_none_or(|&(_, d)| !is_word_char(d));
            let kind = if poss {
                PieceKind::Poss
            } else {
                PieceKind::Punct
            };
            out.push((Span::new(base + bi, base + bi + c.len_utf8()), kind));
            i += 1;
            continue;
        }
        let start = i;
        let mut j = i;
        loop {
            while j < n && is_word_char(chars[j].1) {
                j += 1;
            }
            // Inner joiners: hyphen between word chars, apostrophe not starting "'s" + end,
            // period inside an abbreviation ("U.S.").
            if j + 1 < n && is_word_char(chars[j + 1].1) {
                let c = chars[j].1;
                if c == '-' {
                    j += 1;
                    continue;
                }
                if is_apostrophe(c) {
                    let s_end = j + 2;
                    let poss = matches!(chars[j + 1].1, 's' | 'S')
                        && chars.get(s_end).is_none_or(|&(_, d)| !is_word_char(d));
                    if !poss {
                        j += 1;
                        continue;
                    }
                }
                if c == '.' {
                    // "U.S." style: single letters joined by periods.
                    let seg_len = j - chars[..j]
                        .iter()
                        .rposition(|&(_, d)| d == '.')
                        .map_or(start, |p| p + 1);
                    if seg_len == 1 {
                        j += 1;
                        continue;
                    }
                }
            }
            break;
        }
        // Trailing abbreviation period.
        let mut end = j;
        if j < n && chars[j].1 == '.' {
            let w_end = chars[j].0;
            let word = &text[chars[start].0..w_end];
            if keeps_period(word) {
                end = j + 1;
            }
        }
        let b0 = chars[start].0;
        let b1 = chars.get(end).map_or(text.len(), |&(b, _)| b);
        let kind = if c.is_ascii_digit() || c.is_numeric() {
            PieceKind::Number
        } else {
            PieceKind::Word
        };
        out.push((Span::new(base + b0, base + b1), kind));
        i = end;
        // Possessive "'s" right after.
        if i + 1 < n && is_apostrophe(chars[i].1) && matches!(chars[i + 1].1, 's' | 'S') {
            let after = chars.get(i + 2).map(|&(_, d)| d);
            if after.is_none_or(|d| !is_word_char(d)) {
                let s0 = chars[i].0;
                let s1 = chars.get(i + 2).map_or(text.len(), |&(b, _)| b);
                out.push((Span::new(base + s0, base + s1), PieceKind::Poss));
                i += 2;
            }
        }
    }
}

fn is_sentence_end(s: &str) -> bool {
    matches!(s, "." | "!" | "?" | ":" | "•" | ";")
}

fn is_open_quote(s: &str) -> bool {
    matches!(s, "\"" | "“" | "‘" | "'" | "(" | "[" | "”" | "’")
}

/// Splits the document's article text into pieces.
pub(crate) fn pieces(doc: &PreparedDoc) -> Vec<Piece> {
    let text = doc.doc.text.as_str();
    let mut raw: Vec<(Span, PieceKind)> = Vec::with_capacity(doc.seg.tokens.len() * 2);
    for t in &doc.seg.tokens {
        if doc.is_ignored(t.span) {
            continue;
        }
        let s = t.span.text(text);
        let mut cs = s.chars();
        let (c0, c1, c2) = (cs.next(), cs.next(), cs.next());
        if c0.is_some_and(is_apostrophe) && c2.is_none() {
            // The segmenter's own possessive tokens: "'s", or a lone apostrophe right after a
            // plural ("officers’").
            let glued = raw.last().is_some_and(|&(sp, k): &(Span, PieceKind)| {
                sp.end == t.span.start
                    && k == PieceKind::Word
                    && text[..sp.end].ends_with(['s', 'S'])
            });
            if matches!(c1, Some('s' | 'S')) || c1.is_none() && glued {
                raw.push((t.span, PieceKind::Poss));
                continue;
            }
        }
        split_token(s, t.span.start, &mut raw);
    }
    let sentences = &doc.seg.sentences;
    let mut out = Vec::with_capacity(raw.len());
    let mut si = 0usize;
    let mut sent_id: u32 = 0;
    let mut prev_end = 0usize;
    let mut after_end = true;
    for (span, kind) in raw {
        let mut start = false;
        while si < sentences.len() && sentences[si].end <= span.start {
            si += 1;
        }
        if si < sentences.len() && sentences[si].start == span.start {
            start = true;
        }
        let gap = text.get(prev_end..span.start).unwrap_or("");
        if gap.contains('\n') || out.is_empty() {
            start = true;
        }
        if after_end {
            start = true;
        }
        if start {
            sent_id += 1;
        }
        let s = span.text(text);
        let this_end = kind == PieceKind::Punct && is_sentence_end(s);
        let keeps = kind == PieceKind::Punct && is_open_quote(s);
        out.push(Piece {
            span,
            kind,
            start: start && kind != PieceKind::Punct,
            caps_line: false,
            sent: sent_id,
        });
        // An opening quote at a sentence start passes the start on to the next word.
        after_end = this_end || (start && keeps);
        prev_end = span.end;
    }
    mark_caps_lines(text, &mut out);
    out
}

/// Fewest words of a title-case line that [`mark_caps_lines`] may read as a sentence.
const MIN_SENTENCE_WORDS: usize = 8;

/// True when `line` ends as a sentence does: a full stop, question or exclamation mark, maybe
/// inside closing quote marks or brackets.
fn ends_as_sentence(line: &str) -> bool {
    line.trim_end()
        .trim_end_matches(['"', '\'', '”', '’', ')', ']'])
        .ends_with(['.', '!', '?'])
}

/// Marks pieces on lines written in capitals: all caps, or title case (headlines); a title-case
/// line that ends as a sentence does is prose.
fn mark_caps_lines(text: &str, ps: &mut [Piece]) {
    let mut i = 0;
    while i < ps.len() {
        let mut j = i + 1;
        while j < ps.len()
            && !text
                .get(ps[j - 1].span.end..ps[j].span.start)
                .unwrap_or("")
                .contains('\n')
        {
            j += 1;
        }
        let (mut words, mut upper, mut title, mut long) = (0, 0, 0, 0);
        for p in &ps[i..j] {
            if p.kind != PieceKind::Word {
                continue;
            }
            let w = p.span.text(text);
            words += 1;
            if w.chars().filter(|c| c.is_alphabetic()).count() >= 2
                && !w.chars().any(char::is_lowercase)
            {
                upper += 1;
            }
            if w.chars().count() >= 4 {
                long += 1;
                if w.chars().next().is_some_and(char::is_uppercase) {
                    title += 1;
                }
            }
        }
        let all_caps = words >= 2 && upper * 10 >= words * 8;
        // A line of many names ("Mary Quist and Tom Brook met Dana Holt in Kell on Monday.")
        // is prose when it ends as a sentence does and has a lower-case word: headings and
        // menus seldom end in a full stop.
        let sentence = words >= MIN_SENTENCE_WORDS
            && ends_as_sentence(text.get(ps[i].span.start..ps[j - 1].span.end).unwrap_or(""))
            && title < long;
        let title_case = long >= 3 && title * 10 >= long * 8 && !sentence;
        if all_caps || title_case {
            for p in &mut ps[i..j] {
                p.caps_line = true;
            }
        }
        i = j;
    }
    // Runs of three or more all-caps words inside a normal line ("THE COUNCIL WILL MEET").
    let is_upper = |p: &Piece| {
        let w = p.span.text(text);
        p.kind == PieceKind::Word
            && w.chars().filter(|c| c.is_alphabetic()).count() >= 2
            && !w.chars().any(char::is_lowercase)
    };
    let mut i = 0;
    while i < ps.len() {
        if !is_upper(&ps[i]) {
            i += 1;
            continue;
        }
        let mut j = i;
        let mut words = 0;
        let mut last = i;
        while j < ps.len() && (is_upper(&ps[j]) || ps[j].kind != PieceKind::Word) {
            if is_upper(&ps[j]) {
                words += 1;
                last = j;
            }
            j += 1;
        }
        if words >= 3 {
            for p in &mut ps[i..=last] {
                p.caps_line = true;
            }
        }
        i = j.max(i + 1);
    }
}
