//! The one stemmer: crude, deterministic suffix stripping, so that "released", "releases" and
//! "release" compare equal across articles. Written for this project; not a linguistic
//! stemmer, and not meant to produce words — only keys that inflected forms share.

/// The stem of a lower-case word: a final "ing", "ed", "es" or "s" stripped when at least four
/// characters remain, then any final "e" ("released" → "releas", "officers" → "officer").
pub fn stem(lower: &str) -> &str {
    for suffix in ["ing", "ed", "es", "s"] {
        if let Some(base) = lower.strip_suffix(suffix) {
            if base.chars().count() >= 4 {
                return base.trim_end_matches('e');
            }
        }
    }
    lower.trim_end_matches('e')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inflections_share_a_stem() {
        assert_eq!(stem("released"), stem("release"));
        assert_eq!(stem("releases"), stem("release"));
        assert_eq!(stem("officers"), "officer");
        assert_eq!(stem("approached"), stem("approach"));
        assert_eq!(stem("drawing"), "draw");
        assert_eq!(stem("bus"), "bus");
        assert_eq!(stem("état"), "état");
    }
}
