//! Regression tests for the crashes of issue 12: a multi-article story (so the cross-article
//! claims and disputes stages run) whose text has a trademark sign right after a word, closed
//! em dashes, « » or curly quotes, or a no-break space right after a word. Each used to abort
//! the whole run; now every stage must succeed and every span lie inside its document.

mod common;

use common::{example_articles, run_pipeline};

/// Runs the example story with `edit` applied to every article and checks the result; the
/// story must still yield claims, so the cross-article stages really ran on the edited text.
fn story_survives(what: &str, edit: impl Fn(&str) -> String) {
    let texts: Vec<String> = example_articles().iter().map(|t| edit(t)).collect();
    assert!(
        texts.iter().zip(example_articles()).any(|(a, b)| *a != b),
        "{what}: the edit changed nothing"
    );
    let (errors, report) = run_pipeline(&texts);
    assert!(errors.is_empty(), "{what}: {errors:#?}");
    let claims = report["claims"]["claims"].as_array().map_or(0, Vec::len);
    assert!(
        claims > 0,
        "{what}: no claims, so the claims stage did not run"
    );
}

/// Replaces each ASCII double quote with `open`/`close` alternately, per paragraph.
fn requote(text: &str, open: &str, close: &str) -> String {
    let mut out = String::new();
    let mut opened = false;
    for c in text.chars() {
        match c {
            '"' => {
                out.push_str(if opened { close } else { open });
                opened = !opened;
            }
            '\n' => {
                opened = false;
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

#[test]
fn trademark_sign_right_after_words() {
    story_survives("\u{2122}", |t| {
        t.replace("Marisol", "Marisol\u{2122}")
            .replace("Ferries", "Ferries\u{2122}")
            .replace(" said", "\u{2122} said")
    });
}

#[test]
fn closed_em_dashes() {
    story_survives("closed em dash", |t| {
        t.replace(" \u{2014} ", "\u{2014}")
            .replace(", who ", "\u{2014}who ")
            .replace(", a ", "\u{2014}a ")
    });
}

#[test]
fn guillemets() {
    story_survives("\u{ab}\u{bb}", |t| requote(t, "\u{ab}", "\u{bb}"));
}

#[test]
fn curly_quotes_and_apostrophes() {
    story_survives("curly quotes", |t| {
        requote(t, "\u{201c}", "\u{201d}").replace('\'', "\u{2019}")
    });
}

#[test]
fn no_break_space_after_a_word() {
    story_survives("NBSP", |t| {
        t.replace(" said", "\u{a0}said")
            .replace(" that ", "\u{a0}that\u{a0}")
            .replace(", ", ",\u{a0}")
    });
}

#[test]
fn all_together_with_crlf() {
    story_survives("all", |t| {
        requote(t, "\u{201e}", "\u{201c}")
            .replace(" said", "\u{a0}said\u{2122}")
            .replace(" \u{2014} ", "\u{2014}")
            .replace('\n', "\r\n")
    });
}
