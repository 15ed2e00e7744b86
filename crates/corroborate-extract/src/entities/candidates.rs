//! Name candidates: a capitalised run split at titles into people, organisations, places and
//! what a role is of; lower-case nominals ("the officer"); piece lookups by offset.

use super::*;

/// Classifies one capitalised run [a, b) into candidates.
pub(super) fn analyze_run(
    cx: &Ctx,
    mut a: usize,
    b: usize,
    cands: &mut Vec<Cand>,
    nominals: &mut Vec<Nominal>,
    org_spans: &mut Vec<(Span, EntityKind, String)>,
) {
    let acronym_place =
        |k: usize| !cx.w(k).chars().any(char::is_lowercase) && lexicon::place(cx.w(k)).is_some();
    while a < b && lexicon::stopword(cx.lw(a)) && !acronym_place(a) {
        a += 1;
    }
    if a >= b {
        return;
    }
    // "Australian Timothy Weeks", "Republican Ted Cruz": a word shaped like a nationality or
    // party, no first name itself, before a first name and a surname describes the person; the
    // name starts at the first name.
    if b - a >= 3
        && descriptor_shaped(cx.w(a))
        && lexicon::first_name(cx.w(a)).is_none()
        && lexicon::first_name(cx.w(a + 1)).is_some()
        && cx.title_at(a, b).is_none()
    {
        a += 1;
    }
    // Titles inside the run: the last one followed by a name splits it.
    let mut title: Option<TitleHit> = None;
    let mut k = a;
    while k < b {
        if let Some(t) = cx.title_at(k, b) {
            title = Some(t);
            k = t.b;
        } else {
            k += 1;
        }
    }
    // An organisation's head word ("Department"), or a word of one of the article's web
    // addresses ("Ascom" beside "www.ascom.com").
    let has_org_head = |x: usize, y: usize| {
        (x..y).any(|k| lexicon::org_head(cx.w(k)) || cx.domain_words.contains(cx.lw(k)))
    };
    let speech_after = cx.speech_after(b);
    if let Some(t) = title {
        if t.b < b && !has_org_head(t.b, b) {
            // Title + name: "Senatobia Mayor Greg Graves", "Sgt. Hunter Foster".
            if t.a > a {
                push_prefix(cx, a, t.a, cands, org_spans);
            }
            let first = cx.w(t.b);
            let g = t.t.gender.or_else(|| lexicon::first_name(first).flatten());
            cands.push(Cand {
                a: t.b,
                b,
                kind: Some(EntityKind::Person),
                title: Some(t),
                gender: g,
                entity: None,
            });
            return;
        }
        if t.a == a && t.b < b && has_org_head(t.b, b) {
            // A title before an organisation's name ("President Ascom North America"): the
            // organisation, without the title.
            let s = cx.span(t.b, b);
            org_spans.push((s, EntityKind::Organization, s.text(cx.text).to_string()));
            cands.push(Cand {
                a: t.b,
                b,
                kind: Some(EntityKind::Organization),
                title: None,
                gender: None,
                entity: None,
            });
            return;
        }
        if t.b == b && t.t.role.is_some() && !has_org_head(a, b) {
            // Title with no name after it: an organisation ("Attorney General's Office")
            // or a role noun ("the Senatobia Mayor").
            if cx.is_poss(b) && cx.lw(b + 1) == "office" {
                let s = cx.span(a, b + 2);
                let name = strip_the(s.text(cx.text)).to_string();
                cands.push(Cand {
                    a,
                    b: b + 2,
                    kind: Some(EntityKind::Organization),
                    title: None,
                    gender: None,
                    entity: None,
                });
                org_spans.push((s, EntityKind::Organization, name));
                return;
            }
            let of_span = (t.a > a).then(|| cx.span(a, t.a));
            if t.a > a {
                push_prefix(cx, a, t.a, cands, org_spans);
            }
            let start = if cx.lw(a.wrapping_sub(1)) == "the" {
                a - 1
            } else {
                t.a
            };
            nominals.push(Nominal {
                span: cx.span(start, b),
                class: t.t.class,
                role: None,
                of_span,
            });
            return;
        }
    }
    let len = b - a;
    let whole = cx.slice(a, b);
    let acronym = (a..b).any(|k| {
        let w = cx.w(k);
        w.chars().filter(|c| c.is_alphabetic()).count() >= 2 && !w.chars().any(char::is_lowercase)
    });
    // A news outlet: the article's own, a known one, or a dateline's credit. (A lone word
    // waits: "Bloomberg" may be a surname; unresolved lone names become organisations.)
    let outlet = len >= 2 && (cx.is_outlet(whole) || cx.is_dateline_credit(a, b));
    let kind = if outlet {
        Some(EntityKind::Organization)
    } else if len == 1 {
        let w = cx.w(a);
        if lexicon::org_head(w)
            || lexicon::place_head(w)
            || lexicon::place_prefix(w)
            || lexicon::title(&w.to_lowercase()).is_some()
        {
            return;
        }
        None
    } else if has_org_head(a, b) {
        Some(EntityKind::Organization)
    } else if lexicon::place(whole).is_some()
        || matches!(cx.w(b - 1), "County" | "Parish") && !cx.nameish(b)
        || lexicon::place_head(cx.w(b - 1))
        || lexicon::place_prefix(cx.w(a))
    {
        Some(EntityKind::Place)
    } else if acronym || holds_region(cx, a, b, 2) {
        // Capitals, or a country or state of several words inside ("New York Islanders",
        // "Hong Kong Protests": no person's name holds one, whatever its first word).
        Some(EntityKind::Organization)
    } else if lexicon::first_name(cx.w(a)).is_some() {
        Some(EntityKind::Person)
    } else if lexicon::place(cx.w(a)).is_some() {
        Some(EntityKind::Organization)
    } else if (a..b).any(|k| cx.lower_seen.contains(cx.lw(k))) && !speech_after {
        // Some word is also used in lower case: not a person's name. Capitalised on purpose
        // mid-sentence ("Apple Computer") it names an organisation or product; at a sentence
        // start the capitals may be the sentence's own.
        if cx.ps[a].start {
            return;
        }
        Some(EntityKind::Organization)
    } else if cx.place_cue(a, b) && !speech_after {
        // No first name, and where places go ("off Pellam Ridge"): a place.
        Some(EntityKind::Place)
    } else {
        Some(EntityKind::Person)
    };
    if len == 1 && kind.is_none() {
        // A lone capitalised word: wait for the full names.
        cands.push(Cand {
            a,
            b,
            kind: None,
            title: None,
            gender: None,
            entity: None,
        });
        return;
    }
    cands.push(Cand {
        a,
        b,
        kind,
        title: None,
        gender: None,
        entity: None,
    });
}

/// The part of a run before a title ("Mississippi" in "Mississippi Gov. Tate Reeves").
pub(super) fn push_prefix(
    cx: &Ctx,
    a: usize,
    b: usize,
    cands: &mut Vec<Cand>,
    org_spans: &mut Vec<(Span, EntityKind, String)>,
) {
    let whole = cx.slice(a, b);
    let kind = if lexicon::place(whole).is_some() {
        EntityKind::Place
    } else if (a..b).all(|k| !lexicon::stopword(cx.lw(k))) {
        // "Apple CEO Steve Jobs", "Oregon Department of Revenue spokesperson ...".
        EntityKind::Organization
    } else {
        return;
    };
    org_spans.push((cx.span(a, b), kind, whole.to_string()));
    cands.push(Cand {
        a,
        b,
        kind: Some(kind),
        title: None,
        gender: None,
        entity: None,
    });
}

/// Role nouns without a name: "the mayor", "the Senatobia mayor", "the mayor of Senatobia",
/// "Kohen's mother" (not followed by the name of the holder, which makes it a pre-modifier).
pub(super) fn lower_nominals(cx: &Ctx, cands: &[Cand], out: &mut Vec<Nominal>) {
    let starts: HashMap<usize, usize> = cands.iter().enumerate().map(|(i, c)| (c.a, i)).collect();
    let ends: HashMap<usize, usize> = cands.iter().enumerate().map(|(i, c)| (c.b, i)).collect();
    for k in 0..cx.ps.len() {
        let (begin, mut s, mut of_span) = if cx.lw(k) == "the" && cx.is_word(k) {
            let mut s = k + 1;
            let mut of_span = None;
            if let Some(&ci) = starts.get(&s) {
                let c = &cands[ci];
                if c.kind == Some(EntityKind::Person) {
                    continue;
                }
                of_span = Some(cx.span(c.a, c.b));
                s = c.b;
            }
            (k, s, of_span)
        } else if cx.is_poss(k) {
            match ends.get(&k) {
                Some(&ci) => {
                    let c = &cands[ci];
                    (c.a, k, Some(cx.span(c.a, c.b)))
                }
                None => continue,
            }
        } else {
            continue;
        };
        if cx.is_poss(s) {
            s += 1;
        }
        let Some((_, e, head)) = role_phrase_after(cx, s) else {
            continue;
        };
        // Followed by a name (pre-modifier) or by "'s office" (an organisation): not a nominal.
        if cx.nameish(e)
            || cx.is_punct(e, ",") && cx.nameish(e + 1) && of_span.is_some()
            || cx.is_poss(e) && cx.lw(e + 1) == "office"
        {
            continue;
        }
        if matches!(cx.lw(e), "of" | "for") && of_span.is_none() {
            of_span = np_after(cx, e + 1);
        }
        let (role, normalized) = role_text(cx, s, e, head);
        out.push(Nominal {
            span: cx.span(begin, e),
            class: head.t.class,
            role: Some((role, normalized)),
            of_span,
        });
    }
}

/// Index of the candidate ending right before piece `end` (exclusive end == `end`).
pub(super) fn cand_ending_at(cands: &[Cand], end: usize) -> Option<usize> {
    // Candidates are in text order and never overlap, so their ends are sorted too.
    let i = cands.partition_point(|c| c.b < end);
    (i < cands.len() && cands[i].b == end).then_some(i)
}

/// Index of the candidate starting at piece `start`.
pub(super) fn cand_starting_at(cands: &[Cand], start: usize) -> Option<usize> {
    let i = cands.partition_point(|c| c.a < start);
    (i < cands.len() && cands[i].a == start).then_some(i)
}

/// Index of the piece ending at byte `end` (pieces are sorted and never overlap).
pub(super) fn piece_ending_at(cx: &Ctx, end: usize) -> Option<usize> {
    let i = cx.ps.partition_point(|p| p.span.end < end);
    (i < cx.ps.len() && cx.ps[i].span.end == end).then_some(i)
}

/// Index of the piece starting at byte `start`.
pub(super) fn piece_starting_at(cx: &Ctx, start: usize) -> Option<usize> {
    let i = cx.ps.partition_point(|p| p.span.start < start);
    (i < cx.ps.len() && cx.ps[i].span.start == start).then_some(i)
}

/// Whether a capitalised run of two or more words was typed a person only for want of another
/// reading: no title before it and no known first name or initial at its start ("Apple AirPods",
/// "Alden Capital", but also "Kohen Wiley").
fn person_by_default(cx: &Ctx, c: &Cand) -> bool {
    let first = cx.w(c.a);
    // An initial ("A. Sanger") is a person's.
    let initial = first.len() == 2 && first.ends_with('.');
    c.kind == Some(EntityKind::Person)
        && c.title.is_none()
        && c.b - c.a >= 2
        && !initial
        && lexicon::first_name(first).is_none()
}

/// Most words of a country's or state's name looked for inside a name ("Bosnia and
/// Herzegovina").
const MAX_PLACE_WORDS: usize = 3;

/// True when words `a..b` hold the name of a country or state of at least `min_words` words
/// ("New York" in "New York Islanders", "Michigan" in "Eastern Michigan") with at most one word
/// after it: two or more may be a person's name after a place ("the United States Barack
/// Obama").
fn holds_region(cx: &Ctx, a: usize, b: usize, min_words: usize) -> bool {
    (a..b).any(|i| {
        (i + min_words..=b.min(i + MAX_PLACE_WORDS)).any(|j| {
            j + 1 >= b
                && matches!(
                    lexicon::place(cx.slice(i, j)),
                    Some(PlaceKind::Country | PlaceKind::State)
                )
        })
    })
}

/// Retypes as organisations the people of [`person_by_default`] that the article never treats
/// as people. A name is a person's when a mention of it, or of its last word alone, has a
/// title, a known first name or a role noun before it ("Mr. Wiley", "Dana Wiley", "attorney
/// Kohen Wiley", "mother, Vellesiya Wiley"), speaks ("Wiley said", "said Kohen Wiley", "Dana
/// Holt contributed to this report"), is given an age ("Wiley, 41,", "1-year-old Kohen
/// Wiley"), holds a role through a possessive ("Kohen's mother", "Kohen's maternal
/// grandmother", "Kohen's family") or works for an outlet ("ABC News' Dana Holt"), or when its
/// last word stands alone as a surname does (mid-sentence, or opening a sentence when the
/// article never writes it in lower case). A first word counts too when it
/// alone has such evidence ("Kohen's mother" for "Kohen Wiley"), and a name joined by "and" to
/// a person's counts with it. Only a name with none of these that also looks like a thing is
/// retyped: it starts with a word the article uses alone ("Apple" for "Apple AirPods",
/// "Alden" for "Alden Capital"; people are seldom called by their first name alone), has a
/// product-shaped word ("AirPods", "A350-900"), or ends in a word news writes in lower case
/// ("Democracy Act", "Night Mode"; most surnames, such as "West" or "Brown", are not such words,
/// and a "Brisa Young" keeps the person type through any evidence above), or holds the name of
/// a country or state ("New York Islanders", "Eastern Michigan", "Hong Kong Protests").
pub(super) fn retype_unsupported_people(cx: &Ctx, cands: &mut [Cand]) {
    let aged = |b: usize| {
        cx.is_punct(b, ",")
            && cx
                .ps
                .get(b + 1)
                .is_some_and(|p| p.kind == PieceKind::Number)
            && cx.w(b + 1).parse::<u8>().is_ok_and(|age| age < 120)
    };
    let role = |i: usize| lexicon::title(cx.lw(i)).is_some();
    // Last words with any evidence, and words with evidence of their own.
    let mut last_words: HashSet<&str> = HashSet::new();
    let mut strong: HashSet<&str> = HashSet::new();
    for c in cands.iter() {
        let lone = c.kind.is_none() && c.b - c.a == 1;
        let person = c.kind == Some(EntityKind::Person);
        let role_before =
            c.a > 0 && role(c.a - 1) || c.a > 1 && cx.is_punct(c.a - 1, ",") && role(c.a - 2);
        let speaks = cx.speech_after(c.b)
            || c.a > 0 && SPEECH_VERBS.contains(&cx.lw(c.a - 1))
            || cx.lw(c.b) == "contributed";
        let aged_before = c.a > 0 && cx.lw(c.a - 1).ends_with("-old");
        let holds =
            cx.is_poss(c.b) && (role(c.b + 1) || role(c.b + 2) || cx.lw(c.b + 1) == "family");
        let staff = c.a > 1
            && cx.is_poss(c.a - 1)
            && cand_ending_at(cands, c.a - 1)
                .is_some_and(|o| cx.is_outlet(cx.slice(cands[o].a, cands[o].b)));
        let own = (person || lone)
            && (speaks || aged(c.b) || aged_before || role_before || holds || staff);
        if own {
            strong.insert(cx.lw(c.a));
        }
        // A lone word mid-sentence, or opening a sentence when the article never writes it in
        // lower case ("Varlamov made 30 saves").
        let at_start = cx.ps.get(c.a).is_some_and(|p| p.start);
        let surname = lone && (!at_start || !cx.lower_seen.contains(cx.lw(c.a)));
        if own || person && !person_by_default(cx, c) || surname {
            last_words.insert(cx.lw(c.b - 1));
        }
    }
    let supported = |c: &Cand| {
        !person_by_default(cx, c)
            || last_words.contains(cx.lw(c.b - 1))
            || strong.contains(cx.lw(c.a))
    };
    // "Dana Holt and Kohen Wiley": a name joined by "and" to a supported one.
    let joined: Vec<bool> = (0..cands.len())
        .map(|i| {
            let c = &cands[i];
            c.a > 1
                && cx.lw(c.a - 1) == "and"
                && cand_ending_at(cands, c.a - 1).is_some_and(|p| {
                    cands[p].kind == Some(EntityKind::Person) && supported(&cands[p])
                })
        })
        .collect();
    // Words used alone ("Apple", "Alden"): a name that starts with one and is never a
    // person's ("Apple AirPods", "Alden Capital") is the product or company it names.
    let lone_words: HashSet<&str> = cands
        .iter()
        .filter(|c| c.kind.is_none() && c.b - c.a == 1)
        .map(|c| cx.lw(c.a))
        .collect();
    // Names written after "the" ("the Hang Seng", "the App Store"): a person's name takes no
    // article.
    let after_article: HashSet<&str> = cands
        .iter()
        .filter(|c| c.a > 0 && cx.lw(c.a - 1) == "the")
        .map(|c| cx.lw(c.a))
        .collect();
    let named_thing = |c: &Cand| {
        lone_words.contains(cx.lw(c.a))
            || after_article.contains(cx.lw(c.a))
            || (c.a..c.b).any(|k| product_shaped(cx.w(k)))
            || lexicon::common_word(cx.lw(c.b - 1))
            || holds_region(cx, c.a, c.b, 1)
    };
    let unsupported: Vec<bool> = cands
        .iter()
        .map(|c| !supported(c) && named_thing(c))
        .collect();
    for ((c, unsupported), joined) in cands.iter_mut().zip(unsupported).zip(joined) {
        if unsupported && !joined {
            c.kind = Some(EntityKind::Organization);
        }
    }
}

/// A word shaped like a nationality or a party ("Australian", "Chinese", "British", "Israeli",
/// "Democrat"): capitalised, lower case after, with a demonym's ending.
fn descriptor_shaped(w: &str) -> bool {
    let mut chars = w.chars();
    chars.next().is_some_and(char::is_uppercase)
        && chars.all(|c| c.is_ascii_lowercase())
        && w.len() > 4
        && (["an", "ese", "ish", "i"].iter().any(|end| w.ends_with(end)) || w == "Democrat")
}

/// A word shaped like a product's or model's name rather than a person's: a digit ("A350",
/// "X4") or a capital inside it ("AirPods", "PlayStation"), except after the prefixes of
/// surnames ("McCabe", "DeAndre", "O'Rourke", "MacKenzie").
pub(super) fn product_shaped(w: &str) -> bool {
    if w.chars().any(|c| c.is_ascii_digit()) {
        return true;
    }
    let Some(inner) = w.char_indices().skip(1).find(|(_, c)| c.is_uppercase()) else {
        return false;
    };
    let prefix = w.get(..inner.0).unwrap_or_default();
    w.chars().any(char::is_lowercase)
        && !matches!(
            prefix,
            "Mc" | "Mac"
                | "O'"
                | "O’"
                | "D'"
                | "D’"
                | "De"
                | "Di"
                | "Da"
                | "Du"
                | "La"
                | "Le"
                | "Van"
                | "Von"
                | "St"
        )
        && !prefix.ends_with('-')
}
