//! Auxiliary verbs, in one place: the forms of "be", "have" and "do", and the modals.
//!
//! Closed classes of English grammar (any reference grammar lists them); the extractors combine
//! them rather than keeping their own lists.

/// Forms of "be".
pub(crate) const BE_FORMS: &[&str] = &["is", "are", "was", "were", "be", "been", "being", "am"];

/// Forms of "have".
pub(crate) const HAVE_FORMS: &[&str] = &["has", "have", "had"];

/// Forms of "do".
pub(crate) const DO_FORMS: &[&str] = &["do", "does", "did"];

/// Modal verbs.
pub(crate) const MODALS: &[&str] = &[
    "will", "would", "could", "should", "may", "might", "can", "must",
];

/// A form of "be" or "have" (lower-case input).
pub(crate) fn is_be_or_have(w: &str) -> bool {
    BE_FORMS.contains(&w) || HAVE_FORMS.contains(&w)
}

/// A modal or a form of "do" (lower-case input).
pub(crate) fn is_modal_or_do(w: &str) -> bool {
    MODALS.contains(&w) || DO_FORMS.contains(&w)
}

/// Any auxiliary: "be", "have", "do" or a modal (lower-case input).
pub(crate) fn is_auxiliary(w: &str) -> bool {
    is_be_or_have(w) || is_modal_or_do(w)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auxiliaries_cover_each_class_and_nothing_else() {
        for w in ["am", "been", "had", "did", "might"] {
            assert!(is_auxiliary(w), "{w}");
        }
        assert!(is_be_or_have("has") && !is_be_or_have("will"));
        assert!(is_modal_or_do("does") && !is_modal_or_do("was"));
        for w in ["said", "also", "shall've", "Was"] {
            assert!(!is_auxiliary(w), "{w}");
        }
    }
}
