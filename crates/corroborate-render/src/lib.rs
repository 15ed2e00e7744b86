//! Rendering of results. [`json`] is the contract: schema `corroborate/1`, documented in
//! `docs/report-format.md`. [`markdown`] and [`html`] render the same report for people: both
//! read the [`dossier`] (the report as read back from JSON) through one view model, [`view`],
//! which decides what each story shows and says; two sets of askama templates in `templates/`
//! (`.md` and `.html`, each auto-escaped with its format's escaper) only choose markup.

#![deny(clippy::string_slice)]

pub mod dossier;
pub mod html;
pub mod json;
pub mod markdown;
pub mod view;
