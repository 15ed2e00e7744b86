//! In-article coreference of lone names (surnames, first names) and family groups.

use super::*;

pub(super) fn resolve_lone_names(
    cx: &Ctx,
    cands: &mut [Cand],
    drafts: &mut Vec<Draft>,
    keys: &mut Keys,
    roles: &[RoleDraft],
) {
    let persons: Vec<usize> = (0..drafts.len())
        .filter(|&e| drafts[e].kind == EntityKind::Person)
        .collect();
    let mut by_first: HashMap<String, Vec<usize>> = HashMap::new();
    let mut by_last: HashMap<String, Vec<usize>> = HashMap::new();
    for &e in &persons {
        let d = &drafts[e];
        by_first.entry(d.first.to_lowercase()).or_default().push(e);
        by_last.entry(d.last.to_lowercase()).or_default().push(e);
    }
    let lone = |c: &Cand| c.entity.is_none() && c.b - c.a == 1;
    // Pass A: unique first names.
    let mut called_by_first: HashSet<usize> = HashSet::new();
    for c in cands.iter_mut() {
        if !lone(c) {
            continue;
        }
        let w = cx.lw(c.a);
        if let Some(v) = by_first.get(w) {
            if v.len() == 1 && by_last.get(w).is_none_or(|l| l == v) {
                c.entity = Some(v[0]);
                called_by_first.insert(v[0]);
            }
        }
    }
    // Children: the "of" of a parent-kin role, as resolved so far.
    let mut children: HashSet<usize> = HashSet::new();
    for r in roles {
        if !PARENT_KIN.contains(&r.normalized) {
            continue;
        }
        if let Some(of) = r.of_span {
            for c in cands.iter() {
                if of.contains(cx.span(c.a, c.b)) {
                    if let Some(e) = c.entity {
                        children.insert(e);
                    }
                }
            }
        }
    }
    // Lone words that some occurrence puts where places go ("in Harlow", "Harlow, Maine") and
    // none makes a speaker ("Harlow said"), in lower case.
    let mut place_cued: HashSet<String> = HashSet::new();
    let mut spoken: HashSet<String> = HashSet::new();
    for c in cands.iter().filter(|c| lone(c)) {
        if cx.place_cue(c.a, c.b) {
            place_cued.insert(cx.lw(c.a).to_string());
        }
        if cx.speech_after(c.b) {
            spoken.insert(cx.lw(c.a).to_string());
        }
    }
    // Pass B: surnames and unknown lone names, in text order.
    let mut last_named: HashMap<usize, usize> = HashMap::new();
    let mut lone_entities: HashMap<String, usize> = HashMap::new();
    for c in cands.iter_mut() {
        if !lone(c) {
            if let Some(e) = c.entity {
                last_named.insert(e, c.a);
            }
            continue;
        }
        let w = cx.w(c.a);
        let lw = w.to_lowercase();
        if cx.lw(c.b) == "family" {
            // "the Wiley family" names a group, not a member.
            continue;
        }
        let mut e = None;
        if let Some(holders) = by_last.get(&lw) {
            if holders.len() == 1 {
                e = Some(holders[0]);
            } else {
                let mut pool: Vec<usize> = holders
                    .iter()
                    .copied()
                    .filter(|h| !children.contains(h))
                    .collect();
                if pool.len() > 1 {
                    let adults: Vec<usize> = pool
                        .iter()
                        .copied()
                        .filter(|h| !called_by_first.contains(h))
                        .collect();
                    if !adults.is_empty() {
                        pool = adults;
                    }
                }
                if pool.is_empty() {
                    pool = holders.clone();
                }
                e = pool
                    .iter()
                    .copied()
                    .filter_map(|h| last_named.get(&h).map(|&at| (at, h)))
                    .filter(|&(at, _)| at < c.a)
                    .max()
                    .map(|(_, h)| h)
                    .or_else(|| pool.first().copied());
            }
        } else if let Some(v) = by_first.get(&lw) {
            if v.len() == 1 {
                e = Some(v[0]);
            }
        }
        if e.is_none() {
            if let Some(&x) = lone_entities.get(w) {
                e = Some(x);
                if c.title.is_some() && drafts[x].kind == EntityKind::Organization {
                    drafts[x].kind = EntityKind::Person;
                }
            } else {
                let kind = if c.title.is_some() {
                    EntityKind::Person
                } else if lexicon::place(w).is_some_and(|k| k != lexicon::PlaceKind::County) {
                    // A county's bare name ("Ferry", "Lake") is a place only with "County".
                    EntityKind::Place
                } else if lexicon::first_name(w).is_some() && !w.chars().all(|c| c.is_uppercase()) {
                    // A lone first name with no full name: not enough to call it anything.
                    continue;
                } else if (cx.lower_seen.contains(lw.as_str())
                    || lexicon::common_word(&lw) && w.chars().any(char::is_lowercase))
                    && !spoken.contains(&lw)
                {
                    // The article, or news at large, writes the word in lower case ("Patient
                    // Safety Goal" beside "the patient"; "Send", "Head"): a capitalised common
                    // word, not a name. An acronym ("BBC", "UN") is written so on purpose.
                    continue;
                } else if place_cued.contains(&lw) && !spoken.contains(&lw) && !cx.is_outlet(w) {
                    EntityKind::Place
                } else {
                    EntityKind::Organization
                };
                let x = if kind == EntityKind::Person {
                    drafts.push(Draft {
                        name: w.to_string(),
                        kind,
                        gender: c.gender,
                        roles: Vec::new(),
                        first: String::new(),
                        last: w.to_string(),
                    });
                    drafts.len() - 1
                } else {
                    named_entity(drafts, keys, w, kind)
                };
                lone_entities.insert(w.to_string(), x);
                e = Some(x);
            }
        }
        if let Some(x) = e {
            if let Some(g) = c.gender {
                drafts[x].gender.get_or_insert(g);
            }
        }
        c.entity = e;
    }
}

/// Family groups: "the Wiley family", "Kohen's family", "the family", "the child's family";
/// and legal teams ("the family's legal team"). All family mentions of one article form one
/// group unless they name different surnames.
pub(super) fn families(
    cx: &Ctx,
    cands: &[Cand],
    drafts: &mut Vec<Draft>,
    mentions: &mut Vec<Mention>,
) {
    let mut group: Option<usize> = None;
    let mut team: Option<usize> = None;
    for k in 0..cx.ps.len() {
        let lw = cx.lw(k);
        if lw == "family" && cx.is_word(k) {
            let mut start = k;
            let mut surname: Option<String> = None;
            if k >= 1 && cx.is_poss(k - 1) {
                if let Some(p) = np_before_poss(cx, cands, k - 1) {
                    start = piece_starting_at(cx, p.start).unwrap_or(k);
                    if let Some(ci) = cand_ending_at(cands, k - 1) {
                        if let Some(e) = cands[ci].entity {
                            if drafts[e].kind == EntityKind::Person {
                                surname = Some(drafts[e].last.clone());
                            }
                        }
                    }
                }
            } else if let Some(ci) = cand_ending_at(cands, k) {
                let c = &cands[ci];
                if c.b - c.a == 1 {
                    start = c.a;
                    surname = Some(cx.w(c.a).to_string());
                    if cx.lw(c.a.wrapping_sub(1)) == "the" {
                        start = c.a - 1;
                    }
                }
            } else if k >= 1 && matches!(cx.lw(k - 1), "the" | "his" | "her" | "their") {
                start = k - 1;
            } else {
                continue;
            }
            let g = *group.get_or_insert_with(|| {
                drafts.push(Draft::group("family"));
                drafts.len() - 1
            });
            if let Some(s) = surname {
                if drafts[g].last.is_empty() {
                    drafts[g].name = format!("{s} family");
                    drafts[g].last = s;
                }
            }
            mentions.push(Mention {
                span: cx.span(start, k + 1),
                entity: g,
                kind: MentionKind::Nominal,
            });
        } else if lw == "legal" && cx.lw(k + 1) == "team" {
            let t = *team.get_or_insert_with(|| {
                drafts.push(Draft::group("legal team"));
                drafts.len() - 1
            });
            let mut start = k;
            if k >= 1 && matches!(cx.lw(k - 1), "the" | "their" | "its") {
                start = k - 1;
            }
            mentions.push(Mention {
                span: cx.span(start, k + 2),
                entity: t,
                kind: MentionKind::Nominal,
            });
            if group.is_some() && drafts[t].roles.is_empty() {
                let of_span = (k >= 1 && cx.is_poss(k - 1))
                    .then(|| np_before_poss(cx, cands, k - 1))
                    .flatten();
                drafts[t].roles.push(RoleDraft {
                    holder: usize::MAX,
                    role: "legal team".to_string(),
                    normalized: "legal team",
                    of_span,
                    evidence: cx.span(start, k + 2),
                });
            }
        }
    }
}
