//! The entities API that later stages query: the mention at a span, and what a pronoun or a
//! role noun ("the officer") refers to, by gender, salience and paragraph.

use super::*;

/// Pronouns and what they can refer to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum PronounClass {
    Male,
    Female,
    Plural,
    Neuter,
}

pub(super) fn pronoun_class(w: &str) -> Option<PronounClass> {
    if w.len() > 10 {
        return None;
    }
    let mut buf = [0u8; 10];
    let b = w.as_bytes();
    for (d, c) in buf.iter_mut().zip(b) {
        *d = c.to_ascii_lowercase();
    }
    match buf.get(..b.len()).unwrap_or(&[]) {
        b"he" | b"him" | b"his" | b"himself" => Some(PronounClass::Male),
        b"she" | b"her" | b"hers" | b"herself" => Some(PronounClass::Female),
        b"they" | b"them" | b"their" | b"theirs" | b"themselves" => Some(PronounClass::Plural),
        b"it" | b"its" | b"itself" => Some(PronounClass::Neuter),
        _ => None,
    }
}

/// Role nouns with more holders than this stay unresolved (ambiguous anyway).
pub(super) const MAX_HOLDERS: usize = 16;

/// How far back (bytes) a pronoun looks for its antecedent.
const PRONOUN_WINDOW: usize = 1500;

/// The paragraph holding byte `pos`.
fn paragraph_at(doc: &PreparedDoc, pos: usize) -> Option<Span> {
    let ps = &doc.seg.paragraphs;
    let i = ps.partition_point(|p| p.end <= pos);
    ps.get(i).filter(|p| p.start <= pos).copied()
}

/// A word that may come before the head name of a subject noun phrase: a capitalised word or
/// number, a role word ("chief", "executive"), a determiner or a possessor ("the union's").
fn np_word(w: &str) -> bool {
    let w = w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'' && c != '’');
    let Some(c) = w.chars().next() else {
        return true;
    };
    if c.is_uppercase() || c.is_ascii_digit() {
        return true;
    }
    let l = w.to_lowercase();
    matches!(
        l.as_str(),
        "the" | "a" | "an" | "his" | "her" | "their" | "its"
    ) || l.ends_with("'s")
        || l.ends_with("’s")
        || lexicon::title(&l).is_some()
        || lexicon::modifier(&l)
}

/// Quotation state walking back from a pronoun: whether earlier positions of its paragraph
/// lie inside a quotation the narrator's pronoun cannot look into. Positions are asked in
/// decreasing order; each byte is scanned once, and never more than [`PRONOUN_WINDOW`] bytes
/// before the pronoun decide whether the pronoun itself is quoted.
struct QuoteBack<'a> {
    text: &'a str,
    /// Start of the pronoun's paragraph; earlier positions count as unquoted.
    floor: usize,
    /// Scanned down to here.
    at: usize,
    /// Closing minus opening curly marks between `at` and the pronoun.
    balance: i32,
    /// Odd number of straight marks between `at` and the pronoun.
    straight: bool,
    /// False when the pronoun is itself quoted (then nothing is filtered).
    active: bool,
}

impl<'a> QuoteBack<'a> {
    fn new(doc: &'a PreparedDoc, pos: usize) -> Self {
        let text = doc.doc.text.as_str();
        let floor = paragraph_at(doc, pos).map_or(pos, |p| p.start);
        let mut from = floor.max(pos.saturating_sub(PRONOUN_WINDOW));
        while from < pos && !text.is_char_boundary(from) {
            from += 1;
        }
        QuoteBack {
            text,
            floor,
            at: pos,
            balance: 0,
            straight: false,
            active: !inside_quotes(text, from, pos),
        }
    }

    /// True when `pos` (at or before the previous one asked) is inside a quotation.
    fn quoted(&mut self, pos: usize) -> bool {
        if !self.active || pos < self.floor {
            return false;
        }
        if pos < self.at {
            if let Some(t) = self.text.get(pos..self.at) {
                for c in t.chars() {
                    match c {
                        '\u{201c}' => self.balance -= 1,
                        '\u{201d}' => self.balance += 1,
                        '"' => self.straight = !self.straight,
                        _ => {}
                    }
                }
                self.at = pos;
            }
        }
        self.balance > 0 || self.straight
    }
}

/// True when a quotation opened in `text[from..to]` is still open at `to` (curly marks
/// counted as pairs, straight marks toggling).
fn inside_quotes(text: &str, from: usize, to: usize) -> bool {
    let Some(t) = text.get(from..to) else {
        return false;
    };
    let mut depth: i32 = 0;
    let mut straight = false;
    for c in t.chars() {
        match c {
            '\u{201c}' => depth += 1,
            '\u{201d}' => depth = (depth - 1).max(0),
            '"' => straight = !straight,
            _ => {}
        }
    }
    depth > 0 || straight
}

impl EntityAnalysis {
    /// The mention that best covers `span` (exact, else the longest overlapping one).
    pub fn mention_at(&self, span: Span) -> Option<&Mention> {
        // Mentions are sorted by start; only those starting before `span.end` can overlap.
        let hi = self.mentions.partition_point(|m| m.span.start < span.end);
        let lo = hi.saturating_sub(64);
        self.mentions[lo..hi]
            .iter()
            .filter(|m| m.span.overlaps(span))
            .max_by_key(|m| (m.span == span, m.span.len()))
    }

    /// The entity a pronoun at `span` most likely refers to, looking back from it; `None` when
    /// no compatible antecedent exists. "he/him/his" need a person not known to be female,
    /// "she/her" one not known to be male, "they/them/their" a group or organisation, "it/its"
    /// an organisation. For "he"/"she" forms, salience first (a simple take on Hobbs and
    /// Lappin–Leass, see [`EntityAnalysis::salient_person`]): a person named earlier in the
    /// pronoun's sentence, else the subject of the sentence before it in the same paragraph.
    /// Otherwise the nearest person of the pronoun's gender within 1,500 bytes wins, else the
    /// nearest person of unknown gender; a mention overlapping the pronoun is skipped.
    pub fn resolve_pronoun(&self, doc: &PreparedDoc, span: Span) -> Option<usize> {
        let class = pronoun_class(doc.slice(span))?;
        let hi = self.mentions.partition_point(|m| m.span.start < span.start);
        let want = match class {
            PronounClass::Male => Some(Gender::Male),
            PronounClass::Female => Some(Gender::Female),
            _ => None,
        };
        if want.is_some() {
            if let Some(e) = self.salient_person(doc, span, want) {
                return Some(e);
            }
        }
        let mut quotes = QuoteBack::new(doc, span.start);
        let mut fallback = None;
        for m in self.mentions[..hi].iter().rev() {
            if m.span.end + PRONOUN_WINDOW < span.start {
                break;
            }
            if m.span.overlaps(span) {
                continue;
            }
            // The narrator's "she" does not refer to someone named inside a quotation.
            let personal = matches!(class, PronounClass::Male | PronounClass::Female);
            if personal && quotes.quoted(m.span.start) {
                continue;
            }
            let Some(e) = self.entities.get(m.entity) else {
                continue;
            };
            match class {
                PronounClass::Male | PronounClass::Female => {
                    if e.kind != EntityKind::Person {
                        continue;
                    }
                    if e.gender == want {
                        return Some(m.entity);
                    }
                    if e.gender.is_none() && fallback.is_none() {
                        fallback = Some(m.entity);
                    }
                }
                PronounClass::Plural => {
                    if matches!(e.kind, EntityKind::Group | EntityKind::Organization) {
                        return Some(m.entity);
                    }
                }
                PronounClass::Neuter => {
                    if e.kind == EntityKind::Organization {
                        return Some(m.entity);
                    }
                }
            }
        }
        fallback
    }

    /// The most salient person for a he/she pronoun at `span` whose gender does not contradict
    /// `want`, outside quotations: (1) a person mentioned earlier in the pronoun's own
    /// sentence, one of the pronoun's gender before one of unknown gender, nearest first;
    /// (2) the subject of the sentence just before, in the same paragraph: its first person
    /// mention when only a noun phrase's words precede it (names, role words, determiners,
    /// possessors; or an introductory phrase set off by a comma), within its first eight
    /// words. A subject of unknown gender thus beats a person of the pronoun's gender named
    /// further back. `None` when neither applies.
    fn salient_person(&self, doc: &PreparedDoc, span: Span, want: Option<Gender>) -> Option<usize> {
        let text = doc.doc.text.as_str();
        let sents = &doc.seg.sentences;
        let si = sents.partition_point(|s| s.end <= span.start);
        let sent = *sents.get(si).filter(|s| s.start <= span.start)?;
        let para = paragraph_at(doc, span.start)?;
        let person = |m: &Mention| {
            self.entities
                .get(m.entity)
                .filter(|e| e.kind == EntityKind::Person)
                .map(|e| e.gender)
        };
        let mut quotes = QuoteBack::new(doc, span.start);
        // (1) The pronoun's own sentence.
        let lo = self.mentions.partition_point(|m| m.span.start < sent.start);
        let hi = self.mentions.partition_point(|m| m.span.start < span.start);
        let mut unknown = None;
        for m in self.mentions.get(lo..hi).unwrap_or(&[]).iter().rev() {
            if m.span.overlaps(span) || quotes.quoted(m.span.start) {
                continue;
            }
            match person(m) {
                Some(g) if g == want => return Some(m.entity),
                Some(None) => {
                    unknown.get_or_insert(m.entity);
                }
                _ => {}
            }
        }
        if unknown.is_some() {
            return unknown;
        }
        // (2) The subject of the sentence before, in the same paragraph.
        let prev = *sents.get(si.checked_sub(1)?)?;
        if prev.start < para.start {
            return None;
        }
        let lo = self.mentions.partition_point(|m| m.span.start < prev.start);
        let in_prev = self.mentions.get(lo..).unwrap_or(&[]);
        let in_prev = &in_prev[..in_prev.partition_point(|m| m.span.start < prev.end)];
        let quoted: Vec<bool> = in_prev
            .iter()
            .rev()
            .map(|m| quotes.quoted(m.span.start))
            .collect();
        let at = (0..in_prev.len()).find(|&i| {
            person(&in_prev[i]).is_some()
                && !quoted.get(in_prev.len() - 1 - i).copied().unwrap_or(true)
        })?;
        let mut subject = &in_prev[at];
        let before = text.get(prev.start..subject.span.start)?;
        if before.split_whitespace().count() >= 8 {
            return None;
        }
        let np = before.rsplit(',').next().unwrap_or(before);
        if !np.split_whitespace().all(np_word) {
            return None;
        }
        // "Harbor Mills founder Sasha Montreuil": a name before role words modifies the head
        // name after them, which is the subject.
        if let Some(next) = in_prev.get(at + 1..).and_then(|r| {
            r.iter()
                .find(|m| m.span.start >= subject.span.end && person(m).is_some())
        }) {
            let gap = text.get(subject.span.end..next.span.start).unwrap_or("");
            let words: Vec<&str> = gap.split_whitespace().collect();
            let role_words = !words.is_empty()
                && words.len() <= 4
                && words.iter().all(|w| {
                    w.chars().all(|c| c.is_lowercase() || c == '-')
                        && (lexicon::title(w).is_some() || lexicon::modifier(w))
                });
            if role_words {
                subject = next;
            }
        }
        let g = person(subject)?;
        (g.is_none() || g == want).then_some(subject.entity)
    }

    /// The entity a role noun phrase at `span` refers to ("the mayor", "the attorney", "the
    /// Senatobia mayor", "Kohen's mother"): the unique entity holding a role of that class (and
    /// of the stated entity, when the phrase names one). `None` when no entity or several
    /// entities hold it.
    pub fn entity_for_role_noun(&self, doc: &PreparedDoc, span: Span) -> Option<usize> {
        if let Some(m) = self.mention_at(span) {
            let nominal = m.kind == MentionKind::Nominal && span.contains(m.span);
            if nominal || m.span.contains(span) && m.kind != MentionKind::Pronoun {
                return Some(m.entity);
            }
        }
        let text = doc.slice(span).to_lowercase();
        let class = text
            .split(|c: char| !(c.is_alphanumeric() || c == '.'))
            .filter(|w| !w.is_empty())
            .filter_map(|w| lexicon::title(w).filter(|t| t.role.is_some()))
            .next_back()?
            .class;
        // A name inside the phrase says whose role it is ("Kohen's mother").
        let of = self
            .mentions
            .iter()
            .find(|m| span.contains(m.span) && m.kind == MentionKind::Name)
            .map(|m| m.entity);
        self.unique_role_holder(class, of)
    }

    /// The speaker name at `span` when it is a mention of a person: the entity's full name.
    pub fn speaker_name_at(&self, span: Span) -> Option<&str> {
        let m = self.mention_at(span)?;
        let e = self.entities.get(m.entity)?;
        (e.kind == EntityKind::Person).then_some(e.name.as_str())
    }

    fn unique_role_holder(&self, class: &str, of: Option<usize>) -> Option<usize> {
        let mut found = None;
        for (i, e) in self.entities.iter().enumerate() {
            let holds = e.roles.iter().any(|r| {
                role_class(&r.normalized) == class && of.is_none_or(|o| r.of_entity == Some(o))
            });
            if holds {
                if found.is_some() {
                    return None;
                }
                found = Some(i);
            }
        }
        found
    }
}
