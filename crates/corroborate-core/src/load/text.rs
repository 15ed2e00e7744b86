//! Plain-text loader: the text is the file's content unchanged; the first non-empty line
//! is the headline.

use crate::document::{first_line_span, Document, SourceFormat};

/// Builds a document from plain text, keeping every character.
pub fn load(name: &str, text: String) -> Document {
    let mut doc = Document::new(name, SourceFormat::Text, text);
    doc.headline = first_line_span(&doc.text);
    doc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_text_and_finds_headline() {
        let raw = "\nStorm hits coast\n\nBody text.\n";
        let d = load("a.txt", raw.to_string());
        assert_eq!(d.text, raw);
        assert_eq!(d.headline_text(), Some("Storm hits coast"));
    }
}
