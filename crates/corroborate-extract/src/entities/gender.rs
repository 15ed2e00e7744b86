//! Gender from the pronouns that follow a person's first mention.

use super::*;

/// Gender from pronouns: a person with no gender yet, who is the only person named in a
/// sentence, takes the gender of the first he/she pronoun that follows in that sentence or
/// the next one.
pub(super) fn pronoun_gender(cx: &Ctx, out: &mut EntityAnalysis) {
    let mut votes: HashMap<usize, (u32, u32)> = HashMap::new();
    let mut mi = 0;
    let ms = &out.mentions;
    let mut i = 0;
    while i < cx.ps.len() {
        let sent = cx.ps[i].sent;
        let mut j = i;
        while j < cx.ps.len() && cx.ps[j].sent == sent {
            j += 1;
        }
        let (s0, s1) = (cx.ps[i].span.start, cx.ps[j - 1].span.end);
        while mi < ms.len() && ms[mi].span.start < s0 {
            mi += 1;
        }
        let mut people: Vec<usize> = Vec::new();
        let mut k = mi;
        while k < ms.len() && ms[k].span.start < s1 {
            let e = ms[k].entity;
            if out
                .entities
                .get(e)
                .is_some_and(|x| x.kind == EntityKind::Person)
                && !people.contains(&e)
            {
                people.push(e);
            }
            k += 1;
        }
        if people.len() == 1 {
            let e = people[0];
            let first_mention = ms[mi..k]
                .iter()
                .find(|m| m.entity == e)
                .map_or(s0, |m| m.span.end);
            for p in cx.ps[i..j].iter() {
                if p.span.start < first_mention || p.kind != PieceKind::Word {
                    continue;
                }
                match pronoun_class(p.span.text(cx.text)) {
                    Some(PronounClass::Male) => {
                        votes.entry(e).or_default().0 += 1;
                        break;
                    }
                    Some(PronounClass::Female) => {
                        votes.entry(e).or_default().1 += 1;
                        break;
                    }
                    _ => {}
                }
            }
        }
        i = j;
    }
    for (e, (m, f)) in votes {
        if let Some(x) = out.entities.get_mut(e) {
            if x.gender.is_none() && m != f {
                x.gender = Some(if m > f { Gender::Male } else { Gender::Female });
            }
        }
    }
}
