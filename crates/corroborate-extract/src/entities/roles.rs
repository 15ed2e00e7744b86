//! Roles with their evidence: lower-case role phrases before a name, appositions after it,
//! relative clauses, possessives ("Foster's attorney Martin Zummach", "Ben Crump, an attorney for
//! Kohen's family").

use super::*;

/// Lower-case role phrase ending right before piece `end`: (start, head title).
pub(super) fn role_phrase_before(cx: &Ctx, end: usize) -> Option<(usize, TitleHit)> {
    let mut k = end;
    let mut head: Option<TitleHit> = None;
    let lowerish =
        |i: usize| cx.is_lower_word(i) || cx.is_word(i) && cx.ps[i].start && !cx.nameish(i);
    // The head: the longest title ending at `end`.
    for len in (1..=(*lexicon::MAX_TITLE_WORDS).min(end)).rev() {
        let s = end - len;
        if !(s..end).all(lowerish) {
            continue;
        }
        if let Some(t) = cx.title_at(s, end) {
            if t.b == end && t.t.role.is_some() {
                head = Some(t);
                break;
            }
        }
    }
    let head = head?;
    k = k.min(head.a);
    while k > 0 && lowerish(k - 1) && {
        let l = cx.lw(k - 1);
        lexicon::modifier(l) || lexicon::title(l).is_some_and(|t| t.role.is_some())
    } {
        k -= 1;
    }
    Some((k, head))
}

/// Lower-case role phrase starting at piece `start`: (end, head title). Articles and
/// modifiers may precede the head.
pub(super) fn role_phrase_after(cx: &Ctx, start: usize) -> Option<(usize, usize, TitleHit)> {
    let mut k = start;
    while cx.is_lower_word(k)
        && lexicon::modifier(cx.lw(k))
        && cx.title_at(k, k + 4).is_none_or(|t| t.t.role.is_none())
    {
        k += 1;
    }
    // The head may itself be preceded by further modifiers that are titles ("police officer").
    let mut last: Option<TitleHit> = None;
    let mut j = k;
    while cx.is_lower_word(j) {
        match cx.title_at(j, j + 4) {
            Some(t) if t.t.role.is_some() && (t.a..t.b).all(|x| cx.is_lower_word(x)) => {
                last = Some(t);
                j = t.b;
            }
            _ if lexicon::modifier(cx.lw(j)) => j += 1,
            _ => break,
        }
    }
    let t = last?;
    Some((start, t.b, t))
}

/// Noun phrase after "of/for/at": a name (with a possessed noun: "Kohen's family"), else up
/// to six pieces, stopping at punctuation or NP_STOP.
/// Whether piece `k` starts an amount ("30 years", "three decades"): a number in digits or words.
pub(super) fn is_amount(cx: &Ctx, k: usize) -> bool {
    k < cx.ps.len()
        && (cx.ps[k].kind == PieceKind::Number
            || (!matches!(cx.lw(k), "a" | "an")
                && crate::quantities::word_number(cx.lw(k)).is_some()))
}

pub(super) fn np_after(cx: &Ctx, start: usize) -> Option<Span> {
    let mut k = start;
    if cx.lw(k) == "the" {
        k += 1;
    }
    if cx.nameish(k) {
        while cx.nameish(k + 1) && !cx.ps[k + 1].start {
            k += 1;
        }
        k += 1;
        if cx.is_poss(k) && cx.is_lower_word(k + 1) {
            k += 2;
        } else if GROUP_HEADS.contains(&cx.lw(k)) {
            k += 1;
        }
        return Some(cx.span(start, k));
    }
    k = start;
    let limit = start + 6;
    while k < limit && k < cx.ps.len() {
        let p = cx.ps[k];
        if p.kind == PieceKind::Punct {
            break;
        }
        if k > start && NP_STOP.contains(&cx.lw(k)) {
            break;
        }
        k += 1;
    }
    (k > start).then(|| cx.span(start, k))
}

pub(super) fn role_text(cx: &Ctx, a: usize, b: usize, head: TitleHit) -> (String, &'static str) {
    let normalized = head.t.role.unwrap_or("");
    let mut words: Vec<String> = (a..head.a).map(|k| cx.lw(k).to_string()).collect();
    let head_text = cx.slice(head.a, head.b).to_lowercase();
    // An abbreviation is spelled out: "gov.", "sgt", and "insp" or "prof" written without a
    // period (the role begins with it).
    let abbreviated = head_text.contains('.')
        || head_text.len() <= 3 && head_text != "cop"
        || normalized.len() > head_text.len() && normalized.starts_with(&head_text);
    if abbreviated {
        words.push(normalized.to_string());
    } else {
        words.push(head_text);
    }
    for k in head.b..b {
        words.push(cx.lw(k).to_string());
    }
    (words.join(" "), normalized)
}

/// Roles of candidate `ci` from its title, pre-modifiers, appositions and relative clauses.
pub(super) fn collect_roles(cx: &Ctx, cands: &[Cand], ci: usize, out: &mut Vec<RoleDraft>) {
    let c = &cands[ci];
    if c.kind.is_some() && c.kind != Some(EntityKind::Person) {
        return;
    }
    let name_span = cx.span(c.a, c.b);
    // Title inside the run.
    let mut before = c.a;
    if let Some(t) = c.title {
        before = t.a;
        if t.t.role.is_some() {
            let (role, normalized) = role_text(cx, t.a, t.b, t);
            let of_span = cand_ending_at(cands, t.a).map(|p| cx.span(cands[p].a, cands[p].b));
            let ev_start = of_span.map_or(cx.span(t.a, t.b).start, |s| s.start);
            out.push(RoleDraft {
                holder: ci,
                role,
                normalized,
                of_span,
                evidence: Span::new(ev_start, name_span.end),
            });
        }
    }
    // Lower-case pre-modifier role: "Foster's attorney Martin Zummach", "Kohen's mother,
    // Vellesiya Wiley", "interim police chief Angelica Maze".
    let comma = cx.is_punct(before.wrapping_sub(1), ",");
    let end = if comma { before - 1 } else { before };
    // "the mayor of Harbor City, Ines Moreau": a role with its "of" set off before the name.
    if comma {
        if let Some(p) = cand_ending_at(cands, end) {
            let of = &cands[p];
            if of.kind != Some(EntityKind::Person) && of.a >= 1 && cx.lw(of.a - 1) == "of" {
                if let Some((rs, head)) = role_phrase_before(cx, of.a - 1) {
                    let (role, normalized) = role_text(cx, rs, of.a - 1, head);
                    let start = if rs >= 1 && cx.lw(rs - 1) == "the" {
                        rs - 1
                    } else {
                        rs
                    };
                    out.push(RoleDraft {
                        holder: ci,
                        role,
                        normalized,
                        of_span: Some(cx.span(of.a, of.b)),
                        evidence: Span::new(cx.span(start, rs + 1).start, name_span.end),
                    });
                }
            }
        }
    }
    if let Some((rs, head)) = role_phrase_before(cx, end) {
        let poss = rs > 0 && cx.is_poss(rs - 1);
        let pron = rs > 0 && matches!(cx.lw(rs - 1), "his" | "her" | "their");
        // "Ellie Pike, the captain's daughter, Okafor said": the phrase set off by commas is an
        // apposition of the name before it, and what follows is the reporting clause.
        let opening = if poss {
            np_before_poss(cx, cands, rs - 1).and_then(|p| piece_starting_at(cx, p.start))
        } else if pron {
            Some(rs - 1)
        } else {
            Some(rs)
        };
        let apposition_of_earlier = comma
            && opening.is_some_and(|o| {
                o >= 1
                    && cx.is_punct(o - 1, ",")
                    && (cand_ending_at(cands, o - 1)
                        .is_some_and(|p| cands[p].kind == Some(EntityKind::Person))
                        || SPEECH_VERBS.contains(&cx.lw(c.b)))
            });
        if (!comma || poss || pron) && !apposition_of_earlier {
            let (role, normalized) = role_text(cx, rs, end, head);
            let mut of_span = None;
            let mut ev_start = cx.span(rs, end).start;
            if poss {
                if let Some(p) = np_before_poss(cx, cands, rs - 1) {
                    of_span = Some(p);
                    ev_start = p.start;
                }
            } else if pron {
                // "his aunt, Petra Brandt": resolved once pronouns are (see `extract`).
                let p = cx.span(rs - 1, rs);
                of_span = Some(p);
                ev_start = p.start;
            } else if let Some(p) = cand_ending_at(cands, rs) {
                if cands[p].kind != Some(EntityKind::Person) && !cx.ps[rs].start {
                    let s = cx.span(cands[p].a, cands[p].b);
                    of_span = Some(s);
                    ev_start = s.start;
                }
            }
            out.push(RoleDraft {
                holder: ci,
                role,
                normalized,
                of_span,
                evidence: Span::new(ev_start, name_span.end),
            });
        }
    }
    // Apposition after the name.
    if cx.is_punct(c.b, ",") {
        let k = c.b + 1;
        let lk = cx.lw(k);
        if matches!(lk, "a" | "an" | "the") {
            let mut s = k + 1;
            while cx.is_lower_word(s) && matches!(cx.lw(s), "former" | "longtime") {
                s += 1;
            }
            // Optional place or organisation before the role ("a former Senatobia, Miss.,
            // police officer").
            let mut of_span = None;
            if let Some(p) = cand_starting_at(cands, s) {
                let x = &cands[p];
                if x.kind != Some(EntityKind::Person) {
                    of_span = Some(cx.span(x.a, x.b));
                    s = x.b;
                    if cx.is_punct(s, ",")
                        && lexicon::place(cx.w(s + 1)) == Some(PlaceKind::State)
                        && cx.is_punct(s + 2, ",")
                    {
                        s += 3;
                    }
                }
            }
            // "the company's director": a possessed role.
            let mut q = s;
            while q < s + 3 && cx.is_lower_word(q) {
                q += 1;
            }
            if q > s && cx.is_poss(q) && of_span.is_none() {
                of_span = Some(cx.span(k, q));
                s = q + 1;
            }
            if let Some((_, e, head)) = role_phrase_after(cx, s) {
                let (role, normalized) = role_text(cx, s, e, head);
                let mut end = e;
                // "a captain with 30 years at sea": an amount is not what a role is of.
                if matches!(cx.lw(e), "of" | "for" | "at" | "with" | "to") && !is_amount(cx, e + 1)
                {
                    let np_start = e + 1;
                    if let Some(np) = np_after(cx, np_start) {
                        of_span = Some(np);
                        end = piece_ending_at(cx, np.end).map_or(e, |x| x + 1);
                    }
                }
                out.push(RoleDraft {
                    holder: ci,
                    role,
                    normalized,
                    of_span,
                    evidence: Span::new(name_span.start, cx.span(k, end).end),
                });
            }
        } else if let Some(p) = cand_starting_at(cands, k) {
            // "Veronica Roberson, Kohen's maternal grandmother".
            let x = &cands[p];
            if cx.is_poss(x.b) {
                if let Some((_, e, head)) = role_phrase_after(cx, x.b + 1) {
                    let (role, normalized) = role_text(cx, x.b + 1, e, head);
                    out.push(RoleDraft {
                        holder: ci,
                        role,
                        normalized,
                        of_span: Some(cx.span(x.a, x.b)),
                        evidence: Span::new(name_span.start, cx.span(x.a, e).end),
                    });
                }
            }
        } else if lk == "who" {
            // "Ben Crump, who represents the family": the representation is what the role
            // (attorney, if stated) is of.
            let mut v = k + 1;
            if matches!(cx.lw(v), "is" | "was" | "has" | "had") {
                v += 1;
            }
            if REPRESENT_VERBS.contains(&cx.lw(v)) {
                if let Some(np) = np_after(cx, v + 1) {
                    let evidence = Span::new(name_span.start, np.end);
                    let pending = out
                        .iter_mut()
                        .rev()
                        .take_while(|r| r.holder == ci)
                        .find(|r| r.of_span.is_none());
                    match pending {
                        Some(r) => {
                            r.of_span = Some(np);
                            r.evidence = r.evidence.cover(evidence);
                        }
                        None => out.push(RoleDraft {
                            holder: ci,
                            role: "representative".to_string(),
                            normalized: "representative",
                            of_span: Some(np),
                            evidence,
                        }),
                    }
                }
            }
        }
    }
}

/// The possessor before a possessive marker at piece `poss`: a name candidate, or "the child".
pub(super) fn np_before_poss(cx: &Ctx, cands: &[Cand], poss: usize) -> Option<Span> {
    if let Some(p) = cand_ending_at(cands, poss) {
        return Some(cx.span(cands[p].a, cands[p].b));
    }
    if poss >= 1 && cx.is_lower_word(poss - 1) {
        let s = if poss >= 2 && matches!(cx.lw(poss - 2), "the" | "his" | "her" | "their") {
            poss - 2
        } else {
            poss - 1
        };
        return Some(cx.span(s, poss));
    }
    None
}
